"""A message to show, as data: its catalogue key and its fields, rendered in the viewer's
language only where it is shown (``render(lang)``). Errors, rulings and notices carry one
instead of a sentence already written in one language.

A field may itself be anything with ``render(lang)`` (another ``Message``, a card phrase),
rendered in the same language:

>>> note = Message.of("history.leader", name="Léa")
>>> note.render("fr"), note.render("en")
('En tête : Léa', 'Leading: Léa')
>>> Message.of("history.failed", reason=Message.of("history.unreadable")).render("en")
'Could not read: Unreadable file'
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Protocol, runtime_checkable

from companion.words.catalogue import t


@runtime_checkable
class Renders(Protocol):
    """Words that depend on the language they are shown in."""

    def render(self, lang: str) -> str: ...


@dataclass(frozen=True)
class Message:
    key: str
    fields: tuple[tuple[str, object], ...] = ()

    @classmethod
    def of(cls, key: str, /, **fields: object) -> Message:
        return cls(key, tuple(fields.items()))

    @property
    def values(self) -> Mapping[str, object]:
        return dict(self.fields)

    def render(self, lang: str) -> str:
        return t(lang, self.key, **{k: _shown(v, lang) for k, v in self.fields})


@dataclass(frozen=True)
class Fixed:
    """Words that are the same in every language (a name, a file name, a card code)."""

    text: str

    def render(self, lang: str) -> str:
        return self.text


def _shown(value: object, lang: str) -> object:
    return value.render(lang) if isinstance(value, Renders) else value
