"""Why an evening change was refused: each error names the bad input, in French and English."""

from __future__ import annotations

from companion.errors import CompanionError


class EveningError(CompanionError):
    """Bad input for an evening; ``code`` says why. Nothing was changed."""

    code = "bad-evening"

    def at_hand(self, number: int) -> EveningError:
        """The same error, saying which hand of the replay it concerns."""
        err = type(self).__new__(type(self))
        EveningError.__init__(
            err,
            f"Main {number} : {self.fr}",
            f"Hand {number}: {self.en}",
            self.code,
            **{**self.details, "hand": number},
        )
        return err


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
