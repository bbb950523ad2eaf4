"""Errors a user can cause, each with a stable code and a message in French and English.

Every error raised at the user is a ``ValueError`` subclass: callers that only care that the
input was bad can catch ``ValueError``; the UI and the command line read ``code`` and call
``message(lang)``.
"""

from __future__ import annotations

import unicodedata

Lang = str  # "fr" or "en"


def one_line(text: str) -> str:
    """``text`` with every control or line-separator character written as an escape (``\\n``,
    ``\\x1e``, ``\\u2028``): a message that echoes what the user typed stays one line."""
    return "".join(
        ch.encode("unicode_escape").decode("ascii")
        if unicodedata.category(ch) in ("Cc", "Zl", "Zp") else ch for ch in text)


class CompanionError(ValueError):
    """Base of every error a user can cause. ``str()`` is the English message."""

    code = "invalid-input"

    def __init__(self, fr: str, en: str, **details: object) -> None:
        super().__init__(en)
        self.fr = fr
        self.en = en
        self.details = details

    def message(self, lang: Lang = "fr") -> str:
        return self.fr if lang == "fr" else self.en


class NotationError(CompanionError):
    """A card, a play or a ``NAME: PLAY`` item that cannot be read."""

    code = "bad-notation"


class RuleSetError(CompanionError):
    """An unknown option, a bad value, or options that clash."""

    code = "bad-rules"


class UnknownPresetError(RuleSetError):
    code = "unknown-preset"


class SuitNeededError(CompanionError):
    """A ruling depends on a suit the input did not give (e.g. ranked suits, equal ranks)."""

    code = "suit-needed"


class IllegalHistoryError(CompanionError):
    """An item of a replayed history is itself illegal; ``index`` says which one (0-based)."""

    code = "illegal-history"

    def __init__(self, fr: str, en: str, index: int, ruling: object) -> None:
        super().__init__(fr, en, index=index)
        self.index = index
        self.ruling = ruling
