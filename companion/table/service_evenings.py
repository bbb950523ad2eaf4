"""The evenings of ``TableService``: one started, found (by id, prefix or ``last``), read
whole or listed from the index, and saved (the ratings in use then follow the change)."""

from __future__ import annotations

import random
from collections.abc import Sequence
from datetime import date

from companion.rules.presets import get_preset
from companion.table import stats
from companion.table.evening import (
    Evening,
    PlayerProfile,
    RankStep,
    Step,
    UnknownPlayerError,
    derive,
    player_range,
    rules_for,
)
from companion.table.first_roles import random_ranking
from companion.table.history_list import EveningEntry, evening_entry
from companion.table.ratings import night_input
from companion.table.roster import check_players
from companion.table.service_errors import UnknownEveningError
from companion.table.service_players import PlayerRef
from companion.table.service_ratings import ServiceRatings
from companion.table.service_state import day_of
from companion.table.text_limits import TextKind, text_problem
from companion.words import Message


class ServiceEvenings(ServiceRatings):
    """Evenings started, found, read and saved (see the module docstring)."""

    def create_evening(
        self,
        players: Sequence[PlayerRef],
        preset: str,
        *,
        settings: Sequence[str] = (),
        day: date | None = None,
        title: str | None = None,
        place: str | None = None,
        notes: str | None = None,
        ranking: Sequence[PlayerRef] | None = None,
        target: int | None = None,
        hands: int | None = None,
        rng: random.Random | int | None = None,
    ) -> Evening:
        """Start an evening. ``players`` in seating order, clockwise (the first named deals a
        first hand); ``settings``: ``NAME=VALUE`` changes to the preset; ``target`` /
        ``hands``: the end rule (the same as ``target=N`` / ``hands=N``; ``target=none`` makes
        it open); ``ranking``: roles already drawn (S2), best first. With
        ``first_roles=random`` and no ranking, the roles are drawn here (``rng``)."""
        texts: tuple[tuple[TextKind, str | None], ...] = (
            ("title", title),
            ("place", place),
            ("note", notes),
        )
        for kind, text in texts:  # before anything is read or written
            problem = text_problem(kind, text)
            if problem is not None:
                raise problem
        pid = get_preset(preset).id
        settings = tuple(s.strip() for s in settings)
        if target is not None:
            settings += (f"target={target}",)
        if hands is not None:
            settings += (f"hands={hands}",)
        _, table = rules_for(pid, settings)
        with self._lock, self.repo.locked():
            profiles, new = self._resolve_profiles(players)
            ids = [p.id for p in profiles]
            check_players([p.name for p in profiles], player_range(pid))
            steps: list[Step] = []
            if ranking is not None:
                lookup = {p.id: p.id for p in profiles} | {
                    p.name.casefold(): p.id for p in profiles
                }
                ranked = []
                for ref in ranking:
                    key = ref.id if isinstance(ref, PlayerProfile) else ref.strip()
                    found = lookup.get(key) or lookup.get(key.casefold())
                    if found is None:
                        raise UnknownPlayerError(
                            Message.of("table.error.not_at_table_list", who=key)
                        )
                    ranked.append(found)
                steps.append(RankStep(ranking=tuple(ranked)))
            elif table.first_roles == "random":
                steps.append(RankStep(ranking=random_ranking(ids, rng)))
            evening = derive(
                Evening(
                    date=day or date.today(),
                    title=title,
                    place=place,
                    notes=notes,
                    preset=pid,
                    settings=settings,
                    players=tuple(profiles),
                    seating=tuple(ids),
                    steps=tuple(steps),
                )
            )
            if new:
                self.repo.save_players([*self.repo.get_players(), *new])
            self._save(evening)
            return evening

    def change_count(self) -> int:
        """A number that moves whenever any process changes the data folder: cheap to poll
        (it reads a few bytes of the lock file)."""
        return self.repo.change_count()

    def evening(self, evening_id: str) -> Evening:
        """The evening with every derived field (plans, titles, points, next plan)."""
        with self._lock:
            return self._load(evening_id)

    def evenings(self, start: date | None = None, end: date | None = None) -> list[EveningEntry]:
        """What the index knows of each evening (newest first), within the period when given
        (inclusive)."""
        with self._lock:
            return [
                evening_entry(e, self._parse(e))
                for e in self.repo.list_index()
                if stats.in_period(day_of(e.date), start, end)
            ]

    def find_evening(self, ref: str) -> str:
        """The id of the evening ``ref`` names: an id, a unique prefix of one, or ``last``
        (the newest)."""
        entries = self.evenings()
        if ref == "last":
            if entries:
                return entries[0].id
        else:
            hits = [e.id for e in entries if e.id == ref] or [
                e.id for e in entries if e.id.startswith(ref)
            ]
            if len(hits) == 1:
                return hits[0]
        raise UnknownEveningError(Message.of("table.error.unknown_evening_ref", ref=ref))

    def _save(self, evening: Evening) -> None:
        current = self._book is not None and self._book_count == self.repo.change_count()
        entry = self.repo.save(evening)
        self._remember(evening, (entry.file_size, entry.file_mtime_ns, self.repo.change_count()))
        if self._book is None:
            return
        # Ratings in use: replay what this change touched. When nothing else changed since
        # the book matched the index, only this evening's summary is new (no index scan).
        summary = self._parse(entry)
        if current and summary is not None and summary.complete:
            known = (
                summary,
                night_input(entry.id, day_of(entry.date), summary, self._book_aliases),
            )
            self._nights[entry.id] = known
            self._book.update(night for _, night in self._nights.values())
            self._book_count = self.repo.change_count()
        else:
            self._ratings()
