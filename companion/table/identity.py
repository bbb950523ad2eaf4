"""Who is who at a glance: each profile's colour and initials avatar, the same on seats,
grids, charts and podiums.

The colour is the profile's own: the n-th profile ever created takes the n-th colour of a
fixed palette, so it never depends on who sits tonight or on a chart's line order, and a
club of up to 16 players gets 16 different colours. A profile id missing from the list
(e.g. an evening imported with unknown profiles) falls back to a hash of the id, which is
stable too. A merged profile shows as the profile it was merged into.
"""

from __future__ import annotations

import hashlib
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from companion.table.emoji_text import symbols


@dataclass(frozen=True)
class Colour:
    fill: str  # "#RRGGBB", readable on light and dark backgrounds
    ink: str  # text on ``fill`` (the initials)


# Sixteen hues told apart on a phone in daylight, light and dark themes alike; neighbours
# differ in hue first, so the first five or six profiles are far apart.
PALETTE: tuple[Colour, ...] = tuple(
    Colour(fill, ink)
    for fill, ink in (
        ("#1E88E5", "#FFFFFF"),  # blue
        ("#E53935", "#FFFFFF"),  # red
        ("#43A047", "#FFFFFF"),  # green
        ("#FB8C00", "#000000"),  # orange
        ("#8E24AA", "#FFFFFF"),  # purple
        ("#00ACC1", "#000000"),  # cyan
        ("#D81B60", "#FFFFFF"),  # pink
        ("#6D4C41", "#FFFFFF"),  # brown
        ("#FDD835", "#000000"),  # yellow
        ("#3949AB", "#FFFFFF"),  # indigo
        ("#7CB342", "#000000"),  # light green
        ("#F4511E", "#FFFFFF"),  # deep orange
        ("#00897B", "#FFFFFF"),  # teal
        ("#5E35B1", "#FFFFFF"),  # deep purple
        ("#C0CA33", "#000000"),  # lime
        ("#757575", "#FFFFFF"),  # grey
    )
)


def hashed_colour(player_id: str) -> Colour:
    digest = hashlib.sha1(player_id.encode("utf-8")).digest()
    return PALETTE[int.from_bytes(digest[:4], "big") % len(PALETTE)]


def colours(
    profile_ids: Sequence[str], aliases: Mapping[str, str] | None = None
) -> dict[str, Colour]:
    """Every profile's colour, from the profiles in creation order; ``aliases`` maps a
    merged profile to the one it was merged into (which gives it its colour)."""
    out = {p: PALETTE[i % len(PALETTE)] for i, p in enumerate(profile_ids)}
    for source, target in (aliases or {}).items():
        out[source] = out.get(target) or hashed_colour(target)
    return out


def colour_of(player_id: str, known: Mapping[str, Colour]) -> Colour:
    return known.get(player_id) or hashed_colour(player_id)


def initials(name: str) -> str:
    """ "Jean-Luc Picard" -> "JP", "Anne-Sophie" -> "AS", "Chloé" -> "Ch", "42" -> "42",
    "Zoé 🐻‍❄️" -> "Z🐻‍❄️"."""
    # By symbols, not code points: "Sam 🇫🇷" -> "S🇫🇷", never half a flag.
    words = [symbols(w) for w in name.replace("-", " ").replace("_", " ").split() if w]
    if not words:
        return "?"
    if len(words) >= 2:
        return (words[0][0] + words[1][0]).upper()
    word = words[0]
    return word[0].upper() + "".join(word[1:2]).lower()
