"""The base of every error a user can cause: a stable code and a message in French and English.

Every error raised at the user is a ``ValueError`` subclass: callers that only care that the
input was bad can catch ``ValueError``; the UI and the command line read ``code`` and call
``message(lang)``.
"""

from __future__ import annotations

import unicodedata

from companion.words import Lang, Message, lang_of


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

    Its words are a ``Message`` (a catalogue key and fields), rendered in the viewer's
    language by ``message(lang)``. The older form, a French and an English sentence, is
    still accepted while the raise sites move to the catalogue; German then shows the
    English sentence.
    """

    code = "invalid-input"

    def __init__(
        self,
        words: Message | str,
        en: str | None = None,
        code: str | None = None,
        **details: object,
    ) -> None:
        if isinstance(words, Message):
            self.words: Message | None = words
            self._pair: tuple[str, str] | None = None
        else:
            self.words = None
            self._pair = (words, en if en is not None else words)
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

    def message(self, lang: Lang = "fr") -> str:
        if self.words is not None:
            return self.words.render(lang)
        assert self._pair is not None
        return self._pair[0] if lang_of(lang) == "fr" else self._pair[1]
