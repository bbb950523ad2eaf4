"""The ratings of ``TableService``: the rating book brought up to date with the index
(replaying only what changed), kept in the data folder for the next process
(``RATINGS_FILE``), checked against a computation from nothing; everyone's rating and a
player's history."""

from __future__ import annotations

from companion.table import profiles as profile_rules
from companion.table.evening_summary import EveningSummary
from companion.table.ratings import NightInput, PlayerRating, RatingBook, RatingPoint, night_input
from companion.table.service_index import ServiceIndex
from companion.table.service_players import PlayerRef, ServicePlayers

RATINGS_FILE = "ratings.json"  # the rating book, kept between processes (a cache of the index)
# The book is written again once a new process would otherwise rate more hands than this
# (about 10 ms of it): not after every hand of tonight's evening, which would rewrite the
# whole file (0.9 kB an evening: 1.9 MB at 2,080) for a few hands' worth of replay.
KEEP_AFTER_HANDS = 100


class ServiceRatings(ServiceIndex, ServicePlayers):
    """The rating book (see the module docstring)."""

    def _ratings(self) -> RatingBook:
        """The rating book brought up to date with the index (replays what changed), and
        kept in the data folder for the next process (``RATINGS_FILE``)."""
        if self._book is not None and self._book_count == self.repo.change_count():
            self._keep_book()
            return self._book  # nothing written since it matched the index
        alias = profile_rules.aliases(self.repo.get_players())
        if self._book is None or alias != self._book_aliases:
            kept = self._kept_book(alias) if self._book is None else None
            self._book, self._book_aliases = kept or RatingBook(), alias
            self._book_written = self._book.version if kept is not None else None
            self._nights.clear()
        nights: dict[str, tuple[EveningSummary, NightInput]] = {}
        for entry, day, summary in self._indexed(None, None):
            known = self._nights.get(entry.id)
            if known is None or known[0] is not summary:
                known = (summary, night_input(entry.id, day, summary, alias))
            nights[entry.id] = known
        self._nights = nights  # exactly the evenings of the index (deleted ones gone)
        self._book.update(night for _, night in nights.values())
        self._book_count = self.repo.change_count()
        self._keep_book()
        return self._book

    def _kept_book(self, aliases: dict[str, str]) -> RatingBook | None:
        """The ratings an earlier process kept, if they are of these merged profiles."""
        try:
            data = (self.repo.data_dir / RATINGS_FILE).read_bytes()
        except OSError:
            return None
        return RatingBook.load(data, aliases)

    def _keep_book(self, *, now: bool = False) -> None:
        """Write the book if it changed since it was last written or read, and a process
        starting from the file would rate more than ``KEEP_AFTER_HANDS`` hands again (or
        there is no file yet, or ``now``). A file that is behind the index (a crash after
        a hand, another process, a few hands not kept yet) only costs the next process a
        replay of what differs: the index, not this file, says what was played."""
        book = self._book
        if book is None or book.version == self._book_written:
            return
        first = self._book_written is None
        if not (now or first or book.unkept_hands() > KEEP_AFTER_HANDS):
            return
        try:
            self.write_data_file(RATINGS_FILE, book.dump(self._book_aliases))
        except OSError:
            return  # a full disk must not fail a read: the next write tries again
        self._book_written = book.version
        book.kept()

    def _scratch_book(self) -> RatingBook:
        self._ratings()  # the nights of the index as they are now
        scratch = RatingBook()
        scratch.update(night for _, night in self._nights.values())
        return scratch

    def ratings_from_scratch(self) -> list[PlayerRating]:
        """Everyone's rating computed from nothing (no kept book, nothing written): what
        ``check_ratings`` compares the kept ratings with."""
        with self._lock:
            return self._scratch_book().ratings()

    def check_ratings(self) -> tuple[bool, int]:
        """Whether the kept ratings equal a computation from nothing, and how many players
        are rated; when they differ, the kept ones are replaced by the recomputed ones."""
        with self._lock:
            kept = self._ratings().ratings()
            scratch = self._scratch_book()
            same = kept == scratch.ratings()
            if not same:
                self._book, self._book_written = scratch, None
                self._keep_book(now=True)
            return same, len(kept)

    def ratings(self) -> list[PlayerRating]:
        """Everyone's skill rating (openskill Plackett–Luce over every hand), best first."""
        with self._lock:
            return self._ratings().ratings()

    def rating_history(self, player: PlayerRef) -> list[RatingPoint]:
        """A player's rating after each evening he played, oldest first."""
        with self._lock:
            return self._ratings().history(self._profile_id(player))
