"""Average place on the leaderboard, read as a place: "2nd of 5", « 2,1 sur 4,5 ».

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
from companion.words import ordinal as words_ordinal
from companion.words import t
from companion.words.formats import decimal, number

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


def _amount(lang: str, value: float) -> str:
    """A mean as ``lang`` writes it: whole without decimals ("5"), else one ("4,5")."""
    tenths = round(value, 1)
    return number(lang, int(tenths)) if tenths == int(tenths) else decimal(lang, tenths)


def format_place(value: float, of: float, lang: str) -> str:
    """A mean place on tables of ``of`` (a mean too): whole, a place ("2nd of 5", « 1re
    sur 4 », "2. von 5"); else the number alone, one decimal ("2.1 of 4.5"): a place has
    no ordinal between two places."""
    tenths = round(value, 1)
    place = ordinal(int(tenths), lang) if tenths == int(tenths) else decimal(lang, tenths)
    return t(lang, "table.place.of", place=place, size=_amount(lang, of))


def ordinal(place: int, lang: str) -> str:
    """A finishing place: "1st", "5th"; « 1re », « 5e » (a place is feminine); "1."."""
    return words_ordinal(lang, place, "table.place")


def place_words(entry: AveragePlace, lang: str, normalise_to: int | None = None) -> str:
    if normalise_to is not None:
        return format_place(entry.normalised(normalise_to), normalise_to, lang)
    return format_place(entry.place, entry.table, lang)
