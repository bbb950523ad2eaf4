"""Errors of the rules layer: notation, rule sets, and replayed histories.

The base class and ``one_line`` live in :mod:`companion.errors`, below every layer.
"""

from __future__ import annotations

from companion.errors import CompanionError
from companion.words import Message

__all__ = [
    "IllegalHistoryError",
    "NotationError",
    "RuleSetError",
    "SuitNeededError",
    "UnknownPresetError",
]


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

    def __init__(self, words: Message, index: int, ruling: object) -> None:
        super().__init__(words, index=index)
        self.index = index
        self.ruling = ruling
