"""A player's name: what every screen accepts (``name_problem``, one rule for the new
evening, the joins, the dispute and the command line), and names that look alike: "Chloe" and
"Chloé", "jean paul" and "Jean-Paul" would become two players without a word. The screens warn
before that happens; they never refuse, since two friends may well share a name written two
ways on purpose."""

from __future__ import annotations

import unicodedata
from collections.abc import Iterable, Sequence
from typing import Literal

NAME_MAX = 40  # characters: the stored profile's limit (evening_models.PlayerProfile)
NAME_BANNED = ",:"  # the command line splits names on these, the play notation on ":"

NameProblem = Literal["empty", "invalid", "twice"]

# Ignored when comparing: spacing and the joining marks people type either way.
_IGNORED = frozenset(" \t-_.'’")


def name_problem(name: str, taken: Iterable[str]) -> NameProblem | None:
    """Why ``name`` (typed, spaces around it ignored) cannot be a player's beside ``taken``:
    empty, too long or with a separator (``invalid``), or already taken whatever the case
    (``twice``); None when it can.

    >>> name_problem("  ", []), name_problem("A, B", []), name_problem("x" * 41, [])
    ('empty', 'invalid', 'invalid')
    >>> name_problem(" léa ", ["Léa"]), name_problem("Léo", ["Léa"])
    ('twice', None)
    """
    name = name.strip()
    if not name:
        return "empty"
    if len(name) > NAME_MAX or any(ch in name for ch in NAME_BANNED):
        return "invalid"
    if any(other.casefold() == name.casefold() for other in taken):
        return "twice"
    return None


def name_key(name: str) -> str:
    """``name`` without accents, case, spacing, hyphens, dots or apostrophes: two names with
    the same key are easily the same person typed twice ("Chloé" / "chloe")."""
    decomposed = unicodedata.normalize("NFKD", name)
    plain = "".join(ch for ch in decomposed if not unicodedata.combining(ch))
    return "".join(ch for ch in plain.casefold() if ch not in _IGNORED and not ch.isspace())


def looks_like(name: str, others: Iterable[str]) -> list[str]:
    """The names of ``others`` that look like ``name`` without being it (equal but for case
    counts as being it: the app already takes "léa" for "Léa"), in their order, once each."""
    key, folded = name_key(name), name.strip().casefold()
    found: list[str] = []
    for other in others:
        if other.strip().casefold() == folded or not key or name_key(other) != key:
            continue
        if other not in found:
            found.append(other)
    return found


def similar_names(names: Sequence[str], known: Sequence[str] = ()) -> list[tuple[str, str]]:
    """Pairs ``(name, looks like)``: each name of ``names`` (the table being set) that looks
    like an earlier one of ``names`` or like a ``known`` name (players from before, those
    at the table), in the order of ``names``."""
    pairs: list[tuple[str, str]] = []
    for i, name in enumerate(names):
        for other in looks_like(name, [*names[:i], *known]):
            pairs.append((name, other))
    return pairs
