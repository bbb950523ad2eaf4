"""Average place on the leaderboard, read as a place: "2,1e sur 5" / "2.1st of 5".

Raw: the mean of a player's places (1 = first out) and of the sizes of the tables he played
at. Normalised: his mean normalised position (0 first … 1 last, ``stats``) put back on one
table size for everyone (default 5), so that a player who mostly plays at four and one who
mostly plays at seven compare.
"""

from __future__ import annotations

from collections.abc import Iterable
from datetime import date

from pydantic import BaseModel, ConfigDict

from companion.table.stats import Dated, in_period

_FROZEN = ConfigDict(frozen=True)


class AveragePlace(BaseModel):
    model_config = _FROZEN
    player_id: str
    hands: int
    place: float  # mean 1-based place
    table: float  # mean table size
    position: float  # mean normalised position, 0 first … 1 last

    def normalised(self, size: int = 5) -> float:
        """The mean place on a table of ``size``."""
        return 1 + self.position * (size - 1)


def average_places(
    summaries: Iterable[Dated], start: date | None = None, end: date | None = None
) -> dict[str, AveragePlace]:
    """Per player, from the summaries' place and table-size sums (summaries written
    before them are left out)."""
    acc: dict[str, list[float]] = {}  # hands, places, sizes, positions
    for day, s in summaries:
        if not in_period(day, start, end) or s.place_sum is None or s.size_sum is None:
            continue
        for i, p in enumerate(s.ids):
            row = acc.setdefault(p, [0, 0, 0, 0.0])
            row[0] += s.played[i]
            row[1] += s.place_sum[i]
            row[2] += s.size_sum[i]
            row[3] += s.pos[i]
    return {
        p: AveragePlace(
            player_id=p,
            hands=int(r[0]),
            place=round(r[1] / r[0], 4),
            table=round(r[2] / r[0], 4),
            position=round(r[3] / r[0], 4),
        )
        for p, r in acc.items()
        if r[0]
    }


def _number(value: float) -> str:
    """One decimal, none when whole: "2.1", "2"."""
    text = f"{value:.1f}"
    return text[:-2] if text.endswith(".0") else text


def _suffix_en(text: str) -> str:
    """The suffix of the number as read aloud: its last digit ("2.1st", "2.2nd", "11th")."""
    whole = int(text.replace(".", "")[-2:])
    if 10 <= whole % 100 <= 20 and "." not in text:
        return "th"
    return {1: "st", 2: "nd", 3: "rd"}.get(whole % 10, "th")


def format_place(value: float, of: float, lang: str) -> str:
    """ "2,1e sur 5" / "2.1st of 5"; whole: "1re sur 4" / "2nd of 5" (``of``: the table
    size, a mean: one decimal unless whole)."""
    text, size = _number(value), _number(of)
    if lang == "fr":
        suffix = "re" if text == "1" else "e"
        return f"{text.replace('.', ',')}{suffix} sur {size.replace('.', ',')}"
    return f"{text}{_suffix_en(text)} of {size}"


def ordinal(place: int, lang: str) -> str:
    """ "1re", "5e" / "1st", "5th"."""
    if lang == "fr":
        return f"{place}re" if place == 1 else f"{place}e"
    return f"{place}{_suffix_en(str(place))}"


def place_words(entry: AveragePlace, lang: str, normalise_to: int | None = None) -> str:
    if normalise_to is not None:
        return format_place(entry.normalised(normalise_to), normalise_to, lang)
    return format_place(entry.place, entry.table, lang)
