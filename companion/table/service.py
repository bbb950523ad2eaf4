"""The Python API the screens call: evenings, hands, corrections and rankings, persisted
through ``companion.store``.

Every change names the evening version it was made from (``expected_version``): when two
phones act from the same version, the second gets a ``VersionConflictError`` carrying the
current evening and changes nothing. A change is validated by replaying the whole evening
(``evening.derive``) before anything is written, so bad input never reaches the disk, and
it is on disk when the call returns (the store writes atomically and durably).

Every change is logged (``Evening.log``) with what ``undo`` needs to reverse it exactly
(and ``redo`` to make it again, ``table/undo_log``);
entries are never removed, so a deleted or undone hand can always be found there.

The service serialises its own calls with a lock; like the store, it assumes one process
owns the data directory.
"""

from __future__ import annotations

import os
import random
import threading
from collections import OrderedDict
from collections.abc import Callable, Mapping, Sequence
from datetime import date
from pathlib import Path
from typing import Any

from pydantic import TypeAdapter, ValidationError

from companion.rules.presets import get_preset
from companion.store import (
    CorruptFileError,
    EveningInfo,
    IndexEntry,
    InvalidIdError,
    NotFoundError,
    Repository,
    atomic_write_bytes,
    resolve_data_dir,
)
from companion.store.backups import list_backups
from companion.store.errors import backup_moment
from companion.store.paths import check_data_folder
from companion.table import profiles as profile_rules
from companion.table import stats, undo_log
from companion.table.data_folder import FileKind, GoodBackup, Imported, StoredFile
from companion.table.evening import (
    PLAYER_FIELDS,
    Evening,
    EveningEndedError,
    EveningError,
    Event,
    HandStep,
    JoinStep,
    LeaveStep,
    LogEntry,
    PlayerProfile,
    RankStep,
    Step,
    UnknownPlayerError,
    derive,
    player_range,
    rules_for,
)
from companion.table.evening_errors import NothingToRedoError, NothingToUndoError
from companion.table.evening_summary import EveningNights, EveningSummary, parse, summarize
from companion.table.first_roles import random_ranking
from companion.table.history_list import (
    EveningEntry,
    EveningItem,
    LeftOut,
    evening_entry,
    evening_item,
    left_out,
)
from companion.table.identity import Colour, colours
from companion.table.night_summary import NightSummary, night_summary
from companion.table.places import AveragePlace, average_places
from companion.table.plan import HandPlan
from companion.table.player_record import PlayerRecord, player_evenings, rivals
from companion.table.profiles import PlayerChange
from companion.table.ratings import NightInput, PlayerRating, RatingBook, RatingPoint, night_input
from companion.table.roster import PlayerListError, check_players
from companion.table.score_sheet import ScoreSheet, score_sheet
from companion.table.stats import EveningHistory, HeadToHead, LeaderRow, Standing
from companion.table.text_limits import TextKind, text_problem

__all__ = [
    "DuplicateHandError",
    "NothingToRedoError",
    "NothingToUndoError",
    "TableService",
    "UnknownEveningError",
    "UnknownHandError",
    "VersionConflictError",
    "open_repository",
]

PlayerRef = str | PlayerProfile  # an id, a name, or a profile
EventInput = Event | Mapping[str, Any]  # a model, or e.g. {"kind": "putsch", "player": "Bob"}
_EVENT: TypeAdapter[Any] = TypeAdapter(Event)
_CACHE_SIZE = 16
RATINGS_FILE = "ratings.json"  # the rating book, kept between processes (a cache of the index)
# The book is written again once a new process would otherwise rate more hands than this
# (about 10 ms of it): not after every hand of tonight's evening, which would rewrite the
# whole file (0.9 kB an evening: 1.9 MB at 2,080) for a few hands' worth of replay.
KEEP_AFTER_HANDS = 100


class VersionConflictError(EveningError):
    """The evening changed since the caller saw it; ``current`` is the evening as it is."""

    code = "version-conflict"

    def __init__(self, current: Evening, expected: object) -> None:
        super().__init__(
            f"La soirée a changé entre-temps (version {current.version}, vous aviez la "
            f"{expected}) : rien n'a été enregistré. Vérifiez et recommencez.",
            f"The evening changed meanwhile (version {current.version}, you had {expected}): "
            "nothing was saved. Check and try again.",
            expected=expected,
            found=current.version,
        )
        self.current = current


class DuplicateHandError(EveningError):
    """A hand with this idempotency key is already recorded (a double tap or a retry)."""

    code = "duplicate-hand"

    def __init__(self, current: Evening, number: int) -> None:
        super().__init__(
            f"Cette main est déjà enregistrée (main {number}).",
            f"This hand is already recorded (hand {number}).",
            hand=number,
        )
        self.current = current
        self.number = number  # the hand that key recorded


class UnknownHandError(EveningError):
    code = "unknown-hand"


class UnknownEveningError(EveningError):
    code = "unknown-evening"


def describe(evening: Evening) -> EveningInfo:
    """The evening's index entry, spelled out rather than duck-typed (``Evening.name`` is a
    method, not a title)."""
    return EveningInfo(
        date=evening.date.isoformat(),
        title=evening.title,
        place=evening.place,
        player_ids=[p.id for p in evening.players],
        hand_count=len(evening.hands),
    )


def open_repository(
    data_dir: str | os.PathLike[str] | None = None, **options: Any
) -> Repository[Evening, PlayerProfile]:
    """The store of evenings and profiles, keeping each evening's leaderboard summary."""
    return Repository(
        Evening,
        PlayerProfile,
        data_dir,
        describe=describe,
        summarize=lambda evening: summarize(evening).stored(),
        # An imported evening must replay: the summary alone would count a broken one as empty.
        check=derive,
        **options,
    )


# a readable evening of the index: its entry, its date, its summary
Indexed = tuple[IndexEntry, date | None, EveningSummary]


def _day(text: str | None) -> date | None:
    if not text:
        return None
    try:
        return date.fromisoformat(text[:10])
    except ValueError:
        return None


class TableService:
    """Evenings, hands and rankings for the screens (see the module docstring)."""

    def __init__(
        self,
        data_dir: str | os.PathLike[str] | None = None,
        *,
        repository: Repository[Evening, PlayerProfile] | None = None,
    ) -> None:
        self.repo = repository if repository is not None else open_repository(data_dir)
        self._lock = threading.RLock()
        self._cache: OrderedDict[str, tuple[tuple[int | None, ...], Evening]] = OrderedDict()
        # Summaries computed for index entries written before their score fields existed,
        # by evening id: (file stamp, summary).
        self._computed: dict[str, tuple[tuple[int | None, int | None], EveningSummary]] = {}
        # Stored summaries as parsed, by evening id: (the stored JSON, its model), so an
        # unchanged entry is not validated again at each change of the folder.
        self._parsed: dict[str, tuple[Any, EveningSummary | None]] = {}
        # what the index says, read once per change of the folder (see _indexed)
        self._all_indexed: tuple[int, list[Indexed]] | None = None
        # the all-time summaries with merged profiles, and the ``_all_indexed`` list they
        # were made from (valid while that list is the current one)
        self._all_summaries: tuple[object, list[stats.Dated]] = (None, [])
        self._book: RatingBook | None = None  # built on first use, then kept up to date
        self._book_aliases: dict[str, str] = {}
        # evening id -> (summary, input)
        self._nights: dict[str, tuple[EveningSummary, NightInput]] = {}
        # The folder's change count when the book last matched the whole index: while it
        # has not moved, the book is current, and a change this service saves is rated alone.
        self._book_count: int | None = None
        self._book_written: int | None = None  # the book's version in RATINGS_FILE

    # ------------------------------------------------------------------ players

    def players(self) -> list[PlayerProfile]:
        """Every profile, in the order they were created."""
        with self._lock:
            return self.repo.get_players()

    def active_players(self) -> list[PlayerProfile]:
        """The profiles to choose from: every profile not merged into another."""
        with self._lock:
            return profile_rules.active(self.repo.get_players())

    def player_colours(self) -> dict[str, Colour]:
        """Every profile's own colour (merged ones: their target's), for seats, grids,
        charts and podiums alike."""
        with self._lock:
            found = self.repo.get_players()
            return colours([p.id for p in found], profile_rules.aliases(found))

    def rename(self, player_id: str, name: str) -> PlayerChange:
        """Rename a profile; the change says how to undo it (``undo_player_change``)."""
        with self._lock:
            before = next((p.name for p in self.repo.get_players() if p.id == player_id), None)
            after = self.rename_player(player_id, name)
            return PlayerChange(kind="rename", player_id=player_id, before=before, after=after.name)

    def merge_players(self, source: PlayerRef, into: PlayerRef) -> PlayerChange:
        """Count every evening of ``source`` as ``into``'s from now on (nothing is rewritten;
        ``undo_player_change`` or ``unmerge_player`` takes it back)."""
        with self._lock, self.repo.locked():
            found = self.repo.get_players()
            seated = [e.player_ids for e in self.repo.list_index()]
            changed, change = profile_rules.merge(
                found, self._profile_id(source), self._profile_id(into), seated
            )
            self.repo.save_players(changed)
            return change

    def unmerge_player(self, source: PlayerRef) -> PlayerProfile:
        with self._lock, self.repo.locked():
            pid = self._profile_id(source)
            changed = profile_rules.unmerge(self.repo.get_players(), pid)
            self.repo.save_players(changed)
            return next(p for p in changed if p.id == pid)

    def undo_player_change(self, change: PlayerChange) -> None:
        if change.kind == "merge":
            self.unmerge_player(change.player_id)
        elif change.before is not None:
            self.rename_player(change.player_id, change.before)

    def add_player(self, name: str) -> PlayerProfile:
        """A new profile; names are unique among profiles, ignoring case."""
        with self._lock, self.repo.locked():
            profiles = self.repo.get_players()
            profile = _profile(name)
            _unique_among(profile, profiles)
            self.repo.save_players([*profiles, profile])
            return profile

    def rename_player(self, player_id: str, name: str) -> PlayerProfile:
        """Rename a profile (past evenings keep the name they used)."""
        with self._lock, self.repo.locked():
            profiles = self.repo.get_players()
            if not any(p.id == player_id for p in profiles):
                raise UnknownPlayerError(
                    f"Joueur inconnu : {player_id}.", f"Unknown player: {player_id}."
                )
            renamed = _profile(name, player_id)
            _unique_among(renamed, [p for p in profiles if p.id != player_id])
            self.repo.save_players([renamed if p.id == player_id else p for p in profiles])
            return renamed

    def _resolve_profiles(
        self, refs: Sequence[PlayerRef]
    ) -> tuple[list[PlayerProfile], list[PlayerProfile]]:
        """Profiles for ids, names or profiles; unknown names become new profiles (returned
        second, saved by the caller once the change is known to be valid)."""
        profiles = self.repo.get_players()
        by_id = {p.id: p for p in profiles}
        out: list[PlayerProfile] = []
        new: list[PlayerProfile] = []
        for ref in refs:
            if isinstance(ref, PlayerProfile):
                found = by_id.get(ref.id)
                if found is None:
                    _unique_among(ref, [*profiles, *new])
                    new.append(ref)
                out.append(found or ref)
                continue
            text = str(ref).strip()
            if text in by_id:
                out.append(by_id[text])
                continue
            named = [p for p in [*profiles, *new] if p.name.casefold() == text.casefold()]
            if named:  # a merged profile's name stands for the profile it was merged into
                out.append(by_id.get(named[0].merged_into or "", named[0]))
            else:
                profile = _profile(text)
                new.append(profile)
                out.append(profile)
        return out, new

    def _names(self) -> dict[str, str]:
        return {p.id: p.name for p in self.repo.get_players()}

    def _profile_id(self, ref: PlayerRef) -> str:
        if isinstance(ref, PlayerProfile):
            return ref.id
        profiles = self.repo.get_players()
        text = ref.strip()
        for p in profiles:
            if p.id == text:
                return p.id
        for p in profiles:
            if p.name.casefold() == text.casefold():
                return p.id
        raise UnknownPlayerError(f"Joueur inconnu : « {text} ».", f"Unknown player: '{text}'.")

    # ------------------------------------------------------------------ evenings

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
                            f"Pas à la table : {key}.", f"Not at the table: {key}."
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
                if stats.in_period(_day(e.date), start, end)
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
        raise UnknownEveningError(
            f"Soirée inconnue ou ambiguë : « {ref} ».", f"Unknown or ambiguous evening: '{ref}'."
        )

    def _load(self, evening_id: str) -> Evening:
        unknown = UnknownEveningError(
            f"Soirée inconnue : {evening_id}.", f"Unknown evening: {evening_id}."
        )
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
            known = (summary, night_input(entry.id, _day(entry.date), summary, self._book_aliases))
            self._nights[entry.id] = known
            self._book.update(night for _, night in self._nights.values())
            self._book_count = self.repo.change_count()
        else:
            self._ratings()

    # ------------------------------------------------------------------ changes

    def _change(
        self,
        evening_id: str,
        expected_version: int,
        build: Callable[[Evening], tuple[Evening, dict[str, Any]]],
        *,
        key: str | None = None,
        open_only: bool = False,
    ) -> Evening:
        """Check the version, apply ``build`` (new inputs + log fields), replay, save."""
        with self._lock, self.repo.locked():  # no other process writes in between
            current = self._load(evening_id)
            if key is not None:
                for hand in current.hands:
                    if hand.key == key:
                        assert hand.result is not None
                        raise DuplicateHandError(current, hand.result.number)
            if expected_version != current.version:
                raise VersionConflictError(current, expected_version)
            if open_only and current.ended:
                raise EveningEndedError(
                    "La soirée est terminée : annulez la dernière action pour la rouvrir.",
                    "The evening has ended: undo the last action to reopen it.",
                )
            changed, log = build(current)
            version = current.version + 1
            entry = LogEntry(version=version, **log)
            # ``changed.log`` is the current log, except after undo or redo (which mark an entry).
            evening = derive(
                changed.model_copy(update={"version": version, "log": (*changed.log, entry)})
            )
            self._save(evening)
            return evening

    def record_hand(
        self,
        evening_id: str,
        order: Sequence[PlayerRef] | str,
        *,
        expected_version: int,
        events: Sequence[EventInput] = (),
        cards_left: Mapping[PlayerRef, int] | None = None,
        none_played: Sequence[PlayerRef] = (),
        key: str | None = None,
    ) -> Evening:
        """Record a hand: its finishing order (first out first; ids or names) and events.
        ``key``: an idempotency key, so a retried request is refused as a duplicate.
        Returns the evening; ``next_plan`` is the plan of the next hand."""

        def build(ev: Evening) -> tuple[Evening, dict[str, Any]]:
            step = HandStep(key=key, **_hand_inputs(ev, order, events, cards_left, none_played))
            return (
                ev.model_copy(update={"steps": (*ev.steps, step)}),
                {"action": "record", "step_id": step.id, "step": step},
            )

        return self._change(evening_id, expected_version, build, key=key, open_only=True)

    def edit_hand(
        self,
        evening_id: str,
        hand: str | int,
        *,
        expected_version: int,
        order: Sequence[PlayerRef] | str | None = None,
        events: Sequence[EventInput] | None = None,
        cards_left: Mapping[PlayerRef, int] | None = None,
        none_played: Sequence[PlayerRef] | None = None,
    ) -> Evening:
        """Correct a past hand (by id or 1-based number); every later hand is replayed.
        Omitted fields keep their recorded value."""

        def build(ev: Evening) -> tuple[Evening, dict[str, Any]]:
            i, old = _find_hand(ev, hand)
            given = _hand_inputs(
                ev,
                old.order if order is None else order,
                old.events if events is None else events,
                old.cards_left if cards_left is None else cards_left,
                old.none_played if none_played is None else none_played,
            )
            new = old.model_copy(update={**given, "result": None})
            steps = list(ev.steps)
            steps[i] = new
            return (
                ev.model_copy(update={"steps": tuple(steps)}),
                {"action": "edit", "step_id": old.id, "position": i, "step": old.inputs()},
            )

        return self._change(evening_id, expected_version, build)

    def delete_hand(self, evening_id: str, hand: str | int, *, expected_version: int) -> Evening:
        """Delete a past hand; it stays in the log and ``undo`` restores it."""

        def build(ev: Evening) -> tuple[Evening, dict[str, Any]]:
            i, old = _find_hand(ev, hand)
            steps = ev.steps[:i] + ev.steps[i + 1 :]
            return (
                ev.model_copy(update={"steps": steps}),
                {"action": "delete", "step_id": old.id, "position": i, "step": old.inputs()},
            )

        return self._change(evening_id, expected_version, build)

    def join(self, evening_id: str, player: PlayerRef, *, expected_version: int) -> Evening:
        """S11: a player (profile id, name, or a new name) joins at the bottom."""
        new: list[PlayerProfile] = []

        def build(ev: Evening) -> tuple[Evening, dict[str, Any]]:
            profile = _in_evening(ev, player)
            players = ev.players
            if profile is None:
                found, created = self._resolve_profiles([player])
                profile = found[0]
                new.extend(created)
                players = (*players, profile)
                check_players([p.name for p in players])
            step = JoinStep(player=profile.id)
            return (
                ev.model_copy(update={"players": players, "steps": (*ev.steps, step)}),
                {"action": "join", "step_id": step.id, "step": step},
            )

        with self._lock, self.repo.locked():
            evening = self._change(evening_id, expected_version, build, open_only=True)
            if new:
                self.repo.save_players([*self.repo.get_players(), *new])
            return evening

    def leave(self, evening_id: str, player: PlayerRef, *, expected_version: int) -> Evening:
        """S11: a player leaves; those below him move up."""

        def build(ev: Evening) -> tuple[Evening, dict[str, Any]]:
            step = LeaveStep(player=_player_id(ev, player))
            return (
                ev.model_copy(update={"steps": (*ev.steps, step)}),
                {"action": "leave", "step_id": step.id, "step": step},
            )

        return self._change(evening_id, expected_version, build, open_only=True)

    def set_ranking(
        self, evening_id: str, ranking: Sequence[PlayerRef], *, expected_version: int
    ) -> Evening:
        """S2: the roles drawn before the first hand (best first)."""

        def build(ev: Evening) -> tuple[Evening, dict[str, Any]]:
            step = RankStep(ranking=tuple(_player_id(ev, p) for p in ranking))
            return (
                ev.model_copy(update={"steps": (*ev.steps, step)}),
                {"action": "rank", "step_id": step.id, "step": step},
            )

        return self._change(evening_id, expected_version, build, open_only=True)

    def close(self, evening_id: str, *, expected_version: int) -> Evening:
        """The table stops (an open evening, or before its target): the evening ends."""

        def build(ev: Evening) -> tuple[Evening, dict[str, Any]]:
            return ev.model_copy(update={"closed": True}), {"action": "close"}

        return self._change(evening_id, expected_version, build, open_only=True)

    def undo(self, evening_id: str, *, expected_version: int) -> Evening:
        """Undo the last change not yet undone (record, edit, delete, join, leave, drawn
        ranking, close). The undone entry stays in the log, marked ``undone_at``."""
        return self._change(evening_id, expected_version, undo_log.undo)

    def redo(self, evening_id: str, *, expected_version: int) -> Evening:
        """Make again the change undone last, if nothing new was entered since; raises
        ``NothingToRedoError`` otherwise. The log keeps both the undo and the redo."""
        return self._change(evening_id, expected_version, undo_log.redo)

    # ------------------------------------------------------------------ reading

    def next_plan(self, evening_id: str) -> HandPlan | None:
        """The next hand's plan (``companion deal`` JSON), or None once the evening ended."""
        return self.evening(evening_id).next_plan

    def standings(self, evening_id: str) -> list[Standing]:
        return stats.standings(self.evening(evening_id))

    def history(self, evening_id: str) -> EveningHistory:
        """Per hand: titles, points and running totals; and the standings."""
        return stats.evening_history(self.evening(evening_id))

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
        for entry in listed:
            if entry.error is not None:
                continue
            day = _day(entry.date)
            summary = self._parse(entry)
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
                if e.error is not None and stats.in_period(_day(e.date), start, end)
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

    # ------------------------------------------------------------------ data folder

    @staticmethod
    def data_folder(data_dir: str | os.PathLike[str] | None = None) -> Path:
        """The data folder ``data_dir`` names, else the one from the environment or the
        platform's default (the same rule the store opens with)."""
        return resolve_data_dir(data_dir)

    @staticmethod
    def check_data_folder(data_dir: str | os.PathLike[str] | None = None) -> Path:
        """``data_folder``, refused (``DataFolderLinkError``) when it is, or lies in, a
        link to a place that does not exist, as opening the store refuses it: a server
        says so before it starts."""
        folder = resolve_data_dir(data_dir)
        check_data_folder(folder)
        return folder

    @property
    def data_dir(self) -> Path:
        return self.repo.data_dir

    def write_data_file(self, name: str, data: bytes, *, private: bool = False) -> Path:
        """Write a file of the data folder that is not an evening (the screens' display
        settings, the table's key) atomically and durably; returns its path. ``private``:
        readable and writable by this user alone (a secret)."""
        path = self.repo.data_dir / name
        atomic_write_bytes(path, data, create_dirs=True, mode=0o600 if private else 0o666)
        return path

    def export_backup(self, path: str | os.PathLike[str]) -> Path:
        """Everything (players, evenings, index) in one JSON file ``import_backup`` reads."""
        with self._lock:
            return self.repo.export_all(path)

    def import_backup(
        self,
        path: str | os.PathLike[str],
        *,
        data: bytes | None = None,
        before_write: Callable[[], Path] | None = None,
    ) -> Imported:
        """Add the evenings and players of an exported file (replacing those with the same
        id, keeping the others). The whole file is checked first, holding no lock (other
        writers, here and in other processes, carry on meanwhile): a wrong file raises
        ``ImportFileError`` or ``NewerSchemaError`` and changes nothing. Then the data folder
        is locked for the writes alone. ``data``: the file's bytes when they are in memory
        already (``path`` then only names it). ``before_write`` (a copy of the data as it
        was) runs under the same lock, just before the writes; the file it returns is
        removed again if the import then fails having written nothing."""
        checked = self.repo.check_import(path, data=data)
        with self._lock, self.repo.locked():
            count = self.repo.change_count()
            copy = before_write() if before_write is not None else None
            try:
                result = self.repo.write_import(checked, replace=False)
            except BaseException:
                if copy is not None and self.repo.change_count() == count:
                    copy.unlink(missing_ok=True)
                raise
            finally:
                self._cache.clear()
        with self._lock:
            # Rated now, and kept when that is worth it (a big import is): the first
            # leaderboard after it, or the next process, does not rate the club again.
            if result.evenings:
                self._ratings()
            return Imported(result.evenings, result.players, tuple(result.trashed))

    def problems(self) -> list[Path]:
        """The store files found damaged since the data folder was opened."""
        return list(dict.fromkeys(p.path for p in self.repo.problems if p.path is not None))

    def evening_entry(self, evening_id: str) -> EveningEntry:
        """What the index knows of an evening (date, title, players) without reading its
        file."""
        with self._lock:
            entry = self.repo.get_entry(evening_id)
            return evening_entry(entry, self._parse(entry))

    def stored_files(self) -> list[StoredFile]:
        """Every store file with backups, and every damaged file with or without."""
        repo = self.repo
        damaged = set(self.problems())
        # A damaged evening another process found (its index entry says so) is one too,
        # though this process never read its file.
        damaged.update(
            repo.evening_path(e.id) for e in repo.list_index() if e.error == CorruptFileError.code
        )
        paths: dict[Path, tuple[FileKind, str | None]] = {}
        for path in [*repo.layout.index_shards().values(), *damaged]:
            if path.parent == repo.index_dir:
                paths[path] = ("index", None)
        paths[repo.players_path] = ("players", None)
        ids: set[str] = set()
        for folder in (repo.evenings_dir, repo.backups_dir / repo.evenings_dir.name):
            if folder.is_dir():
                # an id has no dot: a file's or a backup's name starts with its evening's id
                ids.update(f.name.split(".", 1)[0] for f in folder.glob("*.json"))
        for path in damaged:
            if path.parent == repo.evenings_dir:
                ids.add(path.stem)
        for each in sorted(ids):
            paths[repo.evenings_dir / f"{each}.json"] = ("evening", each)
        found = []
        for path, (kind, evening_id) in paths.items():
            folder = repo.backups_dir / path.parent.relative_to(repo.data_dir)
            backups = tuple(list_backups(folder, path.stem))
            if not backups and path not in damaged:
                continue
            moments = [m for m in map(backup_moment, backups) if m is not None]
            found.append(
                StoredFile(
                    path, kind, evening_id, backups, max(moments, default=None), path in damaged
                )
            )
        return found

    def latest_backup(self, evening_id: str) -> GoodBackup | None:
        """The newest backup of an evening's file that reads back, and when it was taken;
        None when there is none."""
        with self._lock:
            path = self.repo.latest_good_backup(self.repo.evening_path(evening_id))
            return None if path is None else GoodBackup(path, backup_moment(path))

    def restore_evening(self, evening_id: str) -> Path:
        """Put the newest backup of an evening's file that reads back in its place (the
        damaged file is moved to ``corrupt/``); returns the backup used, or raises
        ``NoBackupError``."""
        return self.restore_backup(self.repo.evening_path(evening_id))

    def restore_backup(self, path: str | os.PathLike[str]) -> Path:
        """Put the newest backup of the store file ``path`` that reads back in its place
        (the damaged file is moved to ``corrupt/``); returns the backup used, or raises
        ``NoBackupError``."""
        with self._lock:
            used = self.repo.restore_backup(path)
            self._cache.clear()
            return used


# ---------------------------------------------------------------------- helpers


def _profile(name: str, player_id: str | None = None) -> PlayerProfile:
    try:
        if player_id is None:
            return PlayerProfile(name=name)
        return PlayerProfile(id=player_id, name=name)
    except ValidationError:
        raise EveningError(
            f"Nom de joueur invalide : « {name} » (1 à 40 caractères).",
            f"Invalid player name: '{name}' (1 to 40 characters).",
            "bad-name",
        ) from None


def _unique_among(profile: PlayerProfile, others: Sequence[PlayerProfile]) -> None:
    for p in others:
        if p.name.casefold() == profile.name.casefold():
            raise PlayerListError(
                f"Il y a déjà un joueur « {p.name} ».",
                f"There is already a player called '{p.name}'.",
                "duplicate-name",
                name=p.name,
            )


def _in_evening(ev: Evening, ref: PlayerRef) -> PlayerProfile | None:
    key = ref.id if isinstance(ref, PlayerProfile) else ref.strip()
    for p in ev.players:
        if p.id == key or p.name.casefold() == key.casefold():
            return p
    return None


def _player_id(ev: Evening, ref: PlayerRef) -> str:
    profile = _in_evening(ev, ref)
    if profile is None:
        text = ref.name if isinstance(ref, PlayerProfile) else ref
        raise UnknownPlayerError(
            f"Joueur inconnu ce soir : « {text} ».",
            f"Unknown player tonight: '{text}'.",
            player=text,
        )
    return profile.id


def _events(ev: Evening, events: Sequence[EventInput]) -> tuple[Any, ...]:
    out = []
    for item in events:
        data = item.model_dump() if hasattr(item, "model_dump") else dict(item)
        for attr in PLAYER_FIELDS:
            if data.get(attr) is not None:
                data[attr] = _player_id(ev, data[attr])
        note = data.get("note")
        problem = text_problem("note", note) if isinstance(note, str) else None
        if problem is not None:
            raise problem
        try:
            out.append(_EVENT.validate_python(data))
        except ValidationError as exc:
            detail = "; ".join(
                f"{'.'.join(map(str, e['loc']))}: {e['msg']}" for e in exc.errors()[:3]
            )
            raise EveningError(
                f"Événement invalide : {detail}.", f"Invalid event: {detail}.", "bad-event"
            ) from None
    return tuple(out)


def _hand_inputs(
    ev: Evening,
    order: Sequence[PlayerRef] | str,
    events: Sequence[EventInput],
    cards_left: Mapping[Any, int] | None,
    none_played: Sequence[PlayerRef],
) -> dict[str, Any]:
    if isinstance(order, str):  # "Ann, Bob, Cat": a name may hold spaces, never a comma
        order = [name for name in order.split(",") if name.strip()]
    return {
        "order": tuple(_player_id(ev, p) for p in order),
        "events": _events(ev, events),
        "cards_left": None
        if cards_left is None
        else {_player_id(ev, p): int(v) for p, v in cards_left.items()},
        "none_played": tuple(_player_id(ev, p) for p in none_played),
    }


def _find_hand(ev: Evening, hand: str | int) -> tuple[int, HandStep]:
    number = 0
    for i, step in enumerate(ev.steps):
        if isinstance(step, HandStep):
            number += 1
            if step.id == hand or (isinstance(hand, int) and number == hand):
                return i, step
    raise UnknownHandError(f"Main inconnue : {hand}.", f"Unknown hand: {hand}.")
