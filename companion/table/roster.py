"""Who may sit at a table: names and player counts, for a plan and for an evening alike.

Names are compared case-insensitively ("Léa" and "léa" would confuse the table)."""

from __future__ import annotations

from collections.abc import Sequence

from companion.errors import CompanionError

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
            f"Trop peu de joueurs : {count} (au moins {low}).",
            f"Too few players: {count} (at least {low}).",
            "too-few-players",
        )
    if count > high:
        raise PlayerListError(
            f"Trop de joueurs : {count} (au plus {high}).",
            f"Too many players: {count} (at most {high}).",
            "too-many-players",
        )


def check_players(names: Sequence[str], player_range: tuple[int, int] | None = None) -> list[str]:
    """The stripped names; refuses an empty name and two names equal but for case, then (when
    ``player_range`` is given) a count outside it."""
    stripped = [n.strip() for n in names]
    if any(not n for n in stripped):
        raise PlayerListError("Nom de joueur vide.", "Empty player name.", "empty-name")
    seen: set[str] = set()
    for name in stripped:
        if name.casefold() in seen:
            raise PlayerListError(
                f"Nom en double : « {name} » (choisissez des noms différents).",
                f"Duplicate name: '{name}' (use different names).",
                "duplicate-name",
                name=name,
            )
        seen.add(name.casefold())
    if player_range is not None:
        check_count(len(stripped), player_range)
    return stripped
