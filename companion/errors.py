"""The base of every error a user can cause: a stable code and a message in French and English.

Every error raised at the user is a ``ValueError`` subclass: callers that only care that the
input was bad can catch ``ValueError``; the UI and the command line read ``code`` and call
``message(lang)``.
"""

from __future__ import annotations

import unicodedata

from companion.words import DEFAULT_LANG, Lang, Renders


def one_line(text: str) -> str:
    """``text`` with every control or line-separator character written as an escape (``\\n``,
    ``\\x1e``, ``\\u2028``): a message that echoes what the user typed stays one line."""
    return "".join(
        ch.encode("unicode_escape").decode("ascii")
        if unicodedata.category(ch) in ("Cc", "Zl", "Zp")
        else ch
        for ch in text
    )


class CompanionError(ValueError):
    """Base of every error a user can cause. ``str()`` is the English message.

    Its words are a ``Message`` (a catalogue key and fields), or anything else that renders,
    rendered in the viewer's language by ``message(lang)``: data until it is shown.
    """

    code = "invalid-input"

    def __init__(self, words: Renders, code: str | None = None, **details: object) -> None:
        self.words = words
        super().__init__(self.message("en"))
        if code is not None:
            self.code = code  # one instance may carry a finer code than its class
        self.details = details

    @property
    def fr(self) -> str:
        return self.message("fr")

    @property
    def en(self) -> str:
        return self.message("en")

    def message(self, lang: Lang = DEFAULT_LANG) -> str:
        return self.words.render(lang)
