"""Who may sit at a table: names and player counts, for a plan and for an evening alike.

Names are compared case-insensitively ("Léa" and "léa" would confuse the table)."""

from __future__ import annotations

from collections.abc import Sequence

from companion.errors import CompanionError
from companion.words import Message

#: The widest table a plan is made for when no preset says otherwise.
ANY_COUNT = (2, 20)


class PlayerListError(CompanionError):
    """Players who cannot sit together; ``code`` says why: ``empty-name``,
    ``duplicate-name``, ``too-few-players`` or ``too-many-players``."""

    code = "bad-players"


def check_count(count: int, player_range: tuple[int, int]) -> None:
    """The number of players at the table is within ``player_range`` (inclusive)."""
    low, high = player_range
    if count < low:
        raise PlayerListError(
            Message.of("table.error.too_few_players", count=count, low=low), code="too-few-players"
        )
    if count > high:
        raise PlayerListError(
            Message.of("table.error.too_many_players", count=count, high=high),
            code="too-many-players",
        )


def check_players(names: Sequence[str], player_range: tuple[int, int] | None = None) -> list[str]:
    """The stripped names; refuses an empty name and two names equal but for case, then (when
    ``player_range`` is given) a count outside it."""
    stripped = [n.strip() for n in names]
    if any(not n for n in stripped):
        raise PlayerListError(Message.of("table.error.empty_name"), code="empty-name")
    seen: set[str] = set()
    for name in stripped:
        if name.casefold() in seen:
            raise PlayerListError(
                Message.of("table.error.duplicate_name", name=name),
                code="duplicate-name",
                name=name,
            )
        seen.add(name.casefold())
    if player_range is not None:
        check_count(len(stripped), player_range)
    return stripped
