"""The errors a ``TableService`` call raises of its own: a change made from a version that
is no longer current, a hand recorded twice, an unknown hand or evening."""

from __future__ import annotations

from companion.table.evening import Evening, EveningError
from companion.words import Message


class VersionConflictError(EveningError):
    """The evening changed since the caller saw it; ``current`` is the evening as it is."""

    code = "version-conflict"

    def __init__(self, current: Evening, expected: object) -> None:
        super().__init__(
            Message.of("table.error.version_conflict", found=current.version, expected=expected),
            expected=expected,
            found=current.version,
        )
        self.current = current


class DuplicateHandError(EveningError):
    """A hand with this idempotency key is already recorded (a double tap or a retry)."""

    code = "duplicate-hand"

    def __init__(self, current: Evening, number: int) -> None:
        super().__init__(
            Message.of("table.error.duplicate_hand", number=number),
            hand=number,
        )
        self.current = current
        self.number = number  # the hand that key recorded


class UnknownHandError(EveningError):
    code = "unknown-hand"


class UnknownEveningError(EveningError):
    code = "unknown-evening"
