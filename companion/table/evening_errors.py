"""Why an evening change was refused: each error names the bad input, in the words of the
``table`` catalogue (``table.error.*``)."""

from __future__ import annotations

from dataclasses import dataclass

from companion.errors import CompanionError
from companion.words import Message


class EveningError(CompanionError):
    """Bad input for an evening; ``code`` says why. Nothing was changed."""

    code = "bad-evening"

    def at_hand(self, number: int) -> EveningError:
        """The same error, saying which hand of the replay it concerns."""
        err = type(self).__new__(type(self))
        EveningError.__init__(
            err,
            Message.of("table.error.at_hand", number=number, reason=_Said(self)),
            code=self.code,
        )
        err.details = {**self.details, "hand": number}
        return err


@dataclass(frozen=True, eq=False)
class _Said:
    """An error's own words, shown in the language the whole message is shown in."""

    error: CompanionError

    def render(self, lang: str) -> str:
        return self.error.message(lang)


class UnknownPlayerError(EveningError):
    code = "unknown-player"


class IncompleteOrderError(EveningError):
    code = "incomplete-order"


class DuplicateInOrderError(EveningError):
    code = "duplicate-in-order"


class ConflictingEventsError(EveningError):
    code = "conflicting-events"


class OptionOffError(EveningError):
    """An event or action whose table option is off (e.g. a putsch without ``putsch=true``)."""

    code = "option-off"


class EveningEndedError(EveningError):
    code = "evening-ended"


class NothingToUndoError(EveningError):
    code = "nothing-to-undo"


class NothingToRedoError(EveningError):
    """Nothing was undone, or something new was entered since the last undo."""

    code = "nothing-to-redo"
