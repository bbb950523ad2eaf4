"""What ``TableService`` computes for the screens to read: an evening's plan, standings,
history, score sheet and summary; over a period, the leaderboard, head-to-head, average
places, each player's evenings, the history list and the evenings left out; a player's
page."""

from __future__ import annotations

from datetime import date

from companion.table import profiles as profile_rules
from companion.table import stats
from companion.table.evening_summary import EveningNights
from companion.table.history_list import EveningItem, LeftOut, evening_item, left_out
from companion.table.night_summary import NightSummary, night_summary
from companion.table.places import AveragePlace, average_places
from companion.table.plan import HandPlan
from companion.table.player_record import PlayerRecord, player_evenings, rivals
from companion.table.score_sheet import ScoreSheet, score_sheet
from companion.table.service_evenings import ServiceEvenings
from companion.table.service_players import PlayerRef
from companion.table.service_state import day_of
from companion.table.stats import EveningHistory, HeadToHead, LeaderRow, Standing


class ServiceReads(ServiceEvenings):
    """Reads for the screens (see the module docstring)."""

    def next_plan(self, evening_id: str) -> HandPlan | None:
        """The next hand's plan (``companion deal`` JSON), or None once the evening ended."""
        return self.evening(evening_id).next_plan

    def standings(self, evening_id: str) -> list[Standing]:
        return stats.standings(self.evening(evening_id))

    def history(self, evening_id: str) -> EveningHistory:
        """Per hand: titles, points and running totals; and the standings."""
        return stats.evening_history(self.evening(evening_id))

    def average_places(
        self, start: date | None = None, end: date | None = None
    ) -> dict[str, AveragePlace]:
        with self._lock:
            return average_places(self._summaries(start, end), start, end)

    def evening_nights(
        self, start: date | None = None, end: date | None = None
    ) -> list[EveningNights]:
        """Each dated evening of the period and every player's evening in it (merged
        profiles as their target), oldest first (by date, then start time): what the
        position and places charts draw."""
        with self._lock:
            alias = profile_rules.aliases(self.repo.get_players())
            found = [
                summary.aliased(alias).of_evening(entry.id, day)
                for entry, day, summary in self._indexed(start, end)
                if day is not None
            ]
            return sorted(found, key=lambda n: (n.date, n.start, n.evening_id))

    def player_record(self, player: PlayerRef) -> PlayerRecord:
        """One player's page: all-time leaderboard line, rating, average place, each
        evening he played and those he played against."""
        with self._lock:
            pid = self._profile_id(player)
            names = self._names()
            summaries = self._summaries(None, None)
            board = stats.leaderboard(summaries, names)
            return PlayerRecord(
                player_id=pid,
                name=names.get(pid, pid),
                row=next((r for r in board if r.player_id == pid), None),
                rating=next((r for r in self.ratings() if r.player_id == pid), None),
                place=average_places(summaries).get(pid),
                evenings=player_evenings(pid, self.evening_nights()),
                rivals=rivals(pid, board, summaries, names),
            )

    def score_sheet(self, evening_id: str) -> ScoreSheet:
        """The evening's grid: hands by players, totals, leader and title tally."""
        return score_sheet(self.evening(evening_id))

    def night_summary(self, evening_id: str) -> NightSummary:
        """The end-of-evening summary (podium, records), also before the end."""
        return night_summary(self.evening(evening_id))

    def evening_items(
        self, start: date | None = None, end: date | None = None
    ) -> list[EveningItem]:
        """The history list: each evening's name or place, date and start, rules, hands
        and winner (or leader), newest first."""
        with self._lock:
            names = self._names()
            alias = profile_rules.aliases(self.repo.get_players())
            items = [
                evening_item(entry, summary, names, alias)
                for entry, _, summary in self._indexed(start, end)
            ]
            unreadable = [  # with what the index last knew of them
                evening_item(e, self._parse(e), names, alias)
                for e in self.repo.list_index()
                if e.error is not None and stats.in_period(day_of(e.date), start, end)
            ]
            return sorted([*items, *unreadable], key=lambda i: i.sort_key, reverse=True)

    def left_out(self, start: date | None = None, end: date | None = None) -> list[LeftOut]:
        """The evenings the leaderboard, the ratings and the average places leave out because
        their file does not read (damaged, or written by a newer version): those of the
        period, and those of a date nobody could read (they may be in it)."""
        with self._lock:
            return left_out(self.repo.list_index(), start, end)

    def leaderboard(self, start: date | None = None, end: date | None = None) -> list[LeaderRow]:
        """All time, or the evenings from ``start`` to ``end`` (inclusive)."""
        with self._lock:
            return stats.leaderboard(self._summaries(start, end), self._names(), start, end)

    def head_to_head(
        self, a: PlayerRef, b: PlayerRef, start: date | None = None, end: date | None = None
    ) -> HeadToHead:
        with self._lock:
            ida, idb = self._profile_id(a), self._profile_id(b)
            return stats.head_to_head(
                self._summaries(start, end), ida, idb, self._names(), start, end
            )
