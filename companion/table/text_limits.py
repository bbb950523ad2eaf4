"""What people type about an evening besides names (``names.py``): its title, its place, its
notes and a fault's note. One limit per kind of text, one rule for every way in (the command
line, the screens, the evening API: ``text_problem``), one message in the catalogue
(``TextTooLongError``, ``table.error.text_too_long``), and the stored models' own limit
(``Title``, ``Place``, ``Note``), so that nothing longer is ever written: a 50 MB title
would otherwise be printed in full and copied into every backup.

A file written before these limits may hold a longer text. It still reads: what is read from
a file is cut at the limit (ending in "…") rather than refused, so the evening and its hands
open as before; every screen, the index and the next write see the cut text, and the file as
it was stays in ``backups/`` (a file is backed up before its first write of a session).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Annotated, Any, Literal

from pydantic import BeforeValidator, Field, ValidationInfo

from companion.errors import CompanionError
from companion.store.documents import FROM_FILE
from companion.words import Message
from companion.words.formats import number

TITLE_MAX = 80  # characters: a line on a phone
PLACE_MAX = 80
NOTE_MAX = 500  # a few sentences

TextKind = Literal["title", "place", "note"]
LIMITS: dict[TextKind, int] = {"title": TITLE_MAX, "place": PLACE_MAX, "note": NOTE_MAX}


class TextTooLongError(CompanionError):
    """A typed text over its limit: nothing was saved. The message gives the length and the
    limit, never the text (it may be huge)."""

    code = "text-too-long"

    def __init__(self, kind: TextKind, length: int) -> None:
        limit = LIMITS[kind]
        super().__init__(
            Message.of(
                "table.error.text_too_long",
                what=Message.of(f"table.error.text_too_long.{kind}"),
                length=_Number(length),
                limit=_Number(limit),
            ),
            kind=kind,
            length=length,
            limit=limit,
        )
        self.kind = kind
        self.length = length
        self.limit = limit


@dataclass(frozen=True)
class _Number:
    """A count written as the viewer's language groups its digits (« 1 234 », "1,234")."""

    value: int

    def render(self, lang: str) -> str:
        return number(lang, self.value)


def text_problem(kind: TextKind, text: str | None) -> TextTooLongError | None:
    """Why ``text`` cannot be stored as an evening's ``kind`` of text: the error to raise or
    show (too long), or None when it can (no text at all can).

    >>> text_problem("title", "Chez Léa") is None, text_problem("place", None) is None
    (True, True)
    >>> text_problem("title", "x" * 81).message("en")
    'Title too long: 81 characters, at most 80. Nothing was saved.'
    """
    if text is not None and len(text) > LIMITS[kind]:
        return TextTooLongError(kind, len(text))
    return None


def cut(text: str | None, kind: TextKind) -> str | None:
    """``text`` as it may be shown or kept: at most the limit, ending in "…" when cut (for
    a text written before the limits, e.g. in an old index)."""
    limit = LIMITS[kind]
    if text is None or len(text) <= limit:
        return text
    return text[: limit - 1] + "…"


def _from_file(kind: TextKind) -> BeforeValidator:
    def read(value: Any, info: ValidationInfo) -> Any:
        context = info.context
        if isinstance(value, str) and isinstance(context, Mapping) and context.get(FROM_FILE):
            return cut(value, kind)
        return value

    return BeforeValidator(read)


# A stored text of each kind: None, or a string of at most its limit (refused when longer,
# but cut when read from a file written before the limit).
Title = Annotated[Annotated[str, Field(max_length=TITLE_MAX)] | None, _from_file("title")]
Place = Annotated[Annotated[str, Field(max_length=PLACE_MAX)] | None, _from_file("place")]
Note = Annotated[Annotated[str, Field(max_length=NOTE_MAX)] | None, _from_file("note")]
