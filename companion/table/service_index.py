"""What ``TableService`` reads from the store, cached: an evening replayed (kept while its
file's stamp and the folder's change count hold), and the index's summaries (read once per
change of the folder; those written before the score fields are computed once and kept in
the index)."""

from __future__ import annotations

import gc
import os
from collections.abc import Iterator
from contextlib import contextmanager
from datetime import date

from companion.store import IndexEntry, InvalidIdError, NotFoundError
from companion.table import profiles as profile_rules
from companion.table import stats
from companion.table.evening import Evening, EveningError, derive
from companion.table.evening_summary import EveningSummary, parse, summarize
from companion.table.service_errors import UnknownEveningError
from companion.table.service_state import Indexed, ServiceState, day_of
from companion.words import Message

_CACHE_SIZE = 16


@contextmanager
def _collector_held() -> Iterator[None]:
    """Python's cycle collector held off while the index's summaries are made: they are
    thousands of objects that all live on, and the collections their making set off walked
    every object of the process (at 2,080 evenings, a full one: 45-50 ms of a first
    leaderboard's 125 ms of CPU). Nothing made here is a cycle; the collector runs again
    after, as before (left off if someone else had turned it off)."""
    enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if enabled:
            gc.enable()


class ServiceIndex(ServiceState):
    """Evenings and index summaries as read, cached (see the module docstring)."""

    def _load(self, evening_id: str) -> Evening:
        unknown = UnknownEveningError(Message.of("table.error.unknown_evening", evening=evening_id))
        try:
            # The file's own stat, not the index entry: another service on the same data
            # directory (a second window) may have written it since.
            st = os.stat(self.repo.evening_path(evening_id))
        except (OSError, InvalidIdError):
            raise unknown from None
        # The change count also moves for a write that keeps the size and the mtime tick.
        stamp = (st.st_size, st.st_mtime_ns, self.repo.change_count())
        cached = self._cache.get(evening_id)
        if cached is not None and cached[0] == stamp:
            self._cache.move_to_end(evening_id)
            return cached[1]
        try:
            stored = self.repo.get(evening_id)
        except NotFoundError:
            raise unknown from None
        try:
            # Derived fields are a function of the inputs: recompute them with this version
            # of the rules rather than trust what an older app wrote.
            evening = derive(stored)
        except EveningError:
            evening = stored  # show it as stored; the next change will say what is wrong
        self._remember(evening, stamp)
        return evening

    def _remember(self, evening: Evening, stamp: tuple[int | None, ...]) -> None:
        self._cache[evening.id] = (stamp, evening)
        self._cache.move_to_end(evening.id)
        while len(self._cache) > _CACHE_SIZE:
            self._cache.popitem(last=False)

    def _indexed(self, start: date | None, end: date | None) -> list[Indexed]:
        """Readable evenings in the period, with their summaries (newest first): read from
        the index once per change of the folder, as the leaderboard, the ratings and the
        average places each ask for them."""
        known = self._all_indexed
        if known is None or known[0] != self.repo.change_count():
            every = self._read_indexed()
            known = self._all_indexed = (self.repo.change_count(), every)
        if start is None and end is None:
            return known[1]
        return [item for item in known[1] if stats.in_period(item[1], start, end)]

    def _parse(self, entry: IndexEntry) -> EveningSummary | None:
        """The entry's stored summary as a model (None: none this version reads)."""
        raw = entry.summary
        known = self._parsed.get(entry.id)
        if known is None or not (known[0] is raw or known[0] == raw):
            known = self._parsed[entry.id] = (raw, parse(raw))
        return known[1]

    def _read_indexed(self) -> list[Indexed]:
        out: list[Indexed] = []
        fresh: dict[str, tuple[tuple[int | None, int | None], EveningSummary]] = {}
        listed = self.repo.list_index()
        self._parsed = {e.id: self._parsed[e.id] for e in listed if e.id in self._parsed}
        with _collector_held():
            parsed = [(entry, self._parse(entry)) for entry in listed if entry.error is None]
        for entry, summary in parsed:
            day = day_of(entry.date)
            if summary is None or not summary.complete:
                # Written before summaries (or these keys) or by an old app: computed once
                # per version of the file, then kept in the index for the next processes.
                stamp = (entry.file_size, entry.file_mtime_ns)
                known = self._computed.get(entry.id)
                if known is None or known[0] != stamp or stamp == (None, None):
                    known = (stamp, summarize(self._load(entry.id)))
                    self._computed[entry.id] = known
                    fresh[entry.id] = known
                summary = known[1]
            out.append((entry, day, summary))
        if fresh:
            self.repo.store_summaries({k: (t, v.stored()) for k, (t, v) in fresh.items()})
        return out

    def _summaries(self, start: date | None, end: date | None) -> list[stats.Dated]:
        """The period's summaries with merged profiles under one id (all time: once per
        change of the folder, as ``_indexed``; a change of the profiles is one too)."""
        indexed = self._indexed(start, end)
        every = start is None and end is None
        if every and self._all_summaries[0] is indexed:
            return self._all_summaries[1]
        alias = profile_rules.aliases(self.repo.get_players())
        out = [(day, summary.aliased(alias)) for _, day, summary in indexed]
        if every:
            self._all_summaries = (indexed, out)
        return out
