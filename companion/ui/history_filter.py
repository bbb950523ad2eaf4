"""Which past evenings the History list shows: those matching the search box and the chosen
year, a page at a time (issue 20: ten years of evenings are 520 rows, and a phone was sent
and laid out every one of them).

>>> f = EveningFilter(query="lea")
>>> f.words
('lea',)
>>> fold("Léa Chez ZOÉ")
'lea chez zoe'
"""

from __future__ import annotations

import unicodedata
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from datetime import date
from functools import cached_property

from companion.ui.history_model import EveningRow

__all__ = ["PAGE", "EveningFilter", "fold", "years"]

PAGE = 30  # rows shown at first, and added by each "show more"


def fold(text: str) -> str:
    """Text as the search compares it: no case, no accents ("Zoé" is found by "zoe")."""
    decomposed = unicodedata.normalize("NFKD", text.casefold())
    return "".join(c for c in decomposed if not unicodedata.combining(c))


@dataclass(frozen=True)
class EveningFilter:
    """The search box's words (each must be found: in the title, place, players, rules or
    date) and a year ("2024"), or None for every year."""

    query: str = ""
    year: str | None = None

    @cached_property  # read for every row: folded once
    def words(self) -> tuple[str, ...]:
        return tuple(fold(self.query).split())

    def matches(self, row: EveningRow, rules: str | None = None, day: str | None = None) -> bool:
        """``rules``: the preset's name as shown; ``day``: the date as shown (the ISO date
        is searched too)."""
        if self.year is not None and (row.day is None or str(row.day.year) != self.year):
            return False
        if not self.words:
            return True
        iso = row.day.isoformat() if row.day is not None else None
        text = fold(" ".join(filter(None, (row.title, row.place, iso, day, rules, *row.players))))
        return all(word in text for word in self.words)

    def rows(
        self,
        rows: Sequence[EveningRow],
        rules: Mapping[str, str] | None = None,
        said: Callable[[date], str] | None = None,
    ) -> list[EveningRow]:
        """The rows that match, in their order; ``rules``: each preset's name as shown;
        ``said``: a date as shown ("26 nov. 2026")."""
        names = rules or {}
        return [
            row
            for row in rows
            if self.matches(
                row,
                names.get(row.preset or ""),
                said(row.day) if said is not None and row.day is not None and self.words else None,
            )
        ]


def years(rows: Sequence[EveningRow]) -> list[str]:
    """The years the evenings were played, newest first."""
    return sorted({str(row.day.year) for row in rows if row.day is not None}, reverse=True)
