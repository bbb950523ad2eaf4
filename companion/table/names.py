"""Names that look alike: "Chloe" and "Chloé", "jean paul" and "Jean-Paul" would become two
players without a word. The screens warn before that happens; they never refuse, since two
friends may well share a name written two ways on purpose."""

from __future__ import annotations

import unicodedata
from collections.abc import Iterable, Sequence

# Ignored when comparing: spacing and the joining marks people type either way.
_IGNORED = frozenset(" \t-_.'’")


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
