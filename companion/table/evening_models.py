"""An evening at the table as pydantic models: its players, rules, steps (hands, joins,
leaves, a drawn ranking) and log, which are what is stored, and the state ``replay.derive``
fills in from them, which is not (every derived field is excluded from the dump)."""

from __future__ import annotations

import uuid
from collections.abc import Sequence
from datetime import UTC, date, datetime
from functools import lru_cache
from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, field_validator

from companion.rules.presets import get_preset
from companion.rules.ruleset import RuleSet
from companion.store.names import ID_PATTERN as _STORE_ID
from companion.table.names import NAME_MAX
from companion.table.plan import HandPlan
from companion.table.table_presets import table_rules_from
from companion.table.table_rules import TableRules
from companion.table.text_limits import Note, Place, Title
from companion.table.titles import title_words

_FROZEN = ConfigDict(frozen=True)
ID_PATTERN = _STORE_ID.pattern  # an id becomes a file name: the store's rule


def new_id() -> str:
    """A stable id (never a TinyDB doc_id): 32 hex digits."""
    return uuid.uuid4().hex


def now() -> datetime:
    return datetime.now(UTC)


class PlayerProfile(BaseModel):
    """A person, reused across evenings. The evening keeps a copy of the name it used."""

    model_config = _FROZEN
    id: str = Field(default_factory=new_id, pattern=ID_PATTERN)
    name: str = Field(min_length=1, max_length=NAME_MAX)
    # Merged into another profile (kept, so the merge can be undone); written only when set.
    merged_into: str | None = Field(None, exclude_if=lambda v: v is None)

    @field_validator("name", mode="before")
    @classmethod
    def _strip(cls, value: Any) -> Any:
        return value.strip() if isinstance(value, str) else value


class Revolution(BaseModel):
    """B9: a four of a kind reversed the order (``count`` times in the hand)."""

    model_config = _FROZEN
    kind: Literal["revolution"] = "revolution"
    player: str | None = None
    count: int = Field(1, ge=1)


class Putsch(BaseModel):
    """S7 (WIKI "Le putsch"): the Trou du cul refused the exchange. The outcome follows from
    the finishing order; a stated outcome must agree with it."""

    model_config = _FROZEN
    kind: Literal["putsch"] = "putsch"
    player: str
    outcome: Literal["declared", "succeeded", "failed"] = "declared"


class CoupDetat(BaseModel):
    """S8 (WIKI "Le coup d'État"): a five-card set with jokers made ``player`` Président."""

    model_config = _FROZEN
    kind: Literal["coup_detat"] = "coup_detat"
    player: str


class Guillotine(BaseModel):
    """S8 (WIKI "La Guillotine"): a quad with two jokers; ``player`` becomes Président and
    names ``victim`` Trou du cul."""

    model_config = _FROZEN
    kind: Literal["guillotine"] = "guillotine"
    player: str
    victim: str


class ForbiddenFinish(BaseModel):
    """B12: ``player`` went out on a forbidden card and is Trou du cul "par défaut"."""

    model_config = _FROZEN
    kind: Literal["forbidden_finish"] = "forbidden_finish"
    player: str


class PresidentFalls(BaseModel):
    """S9: the Président did not finish first and dropped to last. Applied automatically
    when S9 is on; stating it only checks that it happened."""

    model_config = _FROZEN
    kind: Literal["president_falls"] = "president_falls"
    player: str


class Fault(BaseModel):
    """S12 (PAGAT "Fautes de procédure"): a procedural fault by ``player``."""

    model_config = _FROZEN
    kind: Literal["fault"] = "fault"
    player: str
    note: Note = None


Event = Annotated[
    Revolution | Putsch | CoupDetat | Guillotine | ForbiddenFinish | PresidentFalls | Fault,
    Field(discriminator="kind"),
]
PLAYER_FIELDS = ("player", "victim")  # event fields that name players


class Effect(BaseModel):
    """Something that changed a hand's outcome, for the screens and the history."""

    model_config = _FROZEN
    kind: Literal[
        "revolution",
        "putsch_succeeded",
        "putsch_failed",
        "coup_detat",
        "guillotine",
        "forbidden_finish",
        "president_falls",
        "fault",
        "fault_penalty",
        "no_change_penalty",
    ]
    player: str | None = None


class HandResult(BaseModel):
    """What a hand produced: derived by ``derive``, never edited."""

    model_config = _FROZEN
    number: int  # 1-based
    first: bool  # played with no roles yet
    ranking_before: tuple[str, ...] | None
    ranking: tuple[str, ...]  # best first, after the hand's events
    titles: dict[str, str]  # player id -> title for the next hand (the seeds' French word)
    points: dict[str, int]
    totals: dict[str, int]  # running totals of everyone who has played this evening
    effects: tuple[Effect, ...] = ()
    reversed_order: bool = False  # a persistent revolution was in force when it started
    plan: HandPlan  # the table plan used (display names)
    title_scheme: str | None = Field(default=None, exclude=True)  # whose words ``titles`` are

    def titles_in(self, lang: str) -> dict[str, str]:
        """``titles`` in ``lang`` ("President", « Präsident »)."""
        return {p: title_words(lang, x, self.title_scheme) for p, x in self.titles.items()}


class HandStep(BaseModel):
    """A recorded hand: inputs (order, events, cards left) and the derived ``result``."""

    model_config = _FROZEN
    kind: Literal["hand"] = "hand"
    id: str = Field(default_factory=new_id)
    key: str | None = None  # idempotency key from the screen that recorded it
    at: datetime = Field(default_factory=now)
    order: tuple[str, ...] = ()  # player ids, first out first
    events: tuple[Event, ...] = ()
    cards_left: dict[str, int] | None = None  # card_penalty only
    none_played: tuple[str, ...] = ()  # card_penalty: players who played no card
    # derived by the replay, never stored
    result: HandResult | None = Field(default=None, exclude=True)

    def inputs(self) -> HandStep:
        """The step without its derived result (what the action log keeps)."""
        return self.model_copy(update={"result": None})


class JoinStep(BaseModel):
    """S11: a player joins between hands and starts at the bottom."""

    model_config = _FROZEN
    kind: Literal["join"] = "join"
    id: str = Field(default_factory=new_id)
    at: datetime = Field(default_factory=now)
    player: str


class LeaveStep(BaseModel):
    """S11: a player leaves between hands; those below him move up."""

    model_config = _FROZEN
    kind: Literal["leave"] = "leave"
    id: str = Field(default_factory=new_id)
    at: datetime = Field(default_factory=now)
    player: str


class RankStep(BaseModel):
    """S2: the first roles, from drawn cards or at random (before the first hand)."""

    model_config = _FROZEN
    kind: Literal["rank"] = "rank"
    id: str = Field(default_factory=new_id)
    at: datetime = Field(default_factory=now)
    ranking: tuple[str, ...]

    def inputs(self) -> RankStep:
        return self


Step = Annotated[HandStep | JoinStep | LeaveStep | RankStep, Field(discriminator="kind")]
Action = Literal["record", "edit", "delete", "join", "leave", "rank", "close", "undo", "redo"]


class LogEntry(BaseModel):
    """One change, with what undo needs to reverse it exactly. Entries are never removed:
    an undone one keeps ``undone_at`` until it is redone, so a deleted or undone hand is
    still here. ``undo`` and ``redo`` entries name the entry they reversed or made again."""

    model_config = _FROZEN
    id: str = Field(default_factory=new_id)
    at: datetime = Field(default_factory=now)
    action: Action
    step_id: str | None = None  # the step changed (undo/redo: the log entry concerned)
    position: int | None = None  # index in ``steps`` (delete: where to restore it)
    # record/join/leave/rank: the new step; edit/delete: the old one; undo of an edit: the
    # correction it took back (what redo puts back)
    step: Step | None = None
    version: int  # the evening's version after the change
    undone_at: datetime | None = None


class Evening(BaseModel):
    """An evening. Inputs first; the fields after ``closed`` are derived by ``derive`` and
    left out of the dump: on disk an evening is only what people entered."""

    model_config = _FROZEN
    id: str = Field(default_factory=new_id, pattern=ID_PATTERN)
    version: int = 1  # +1 on every change; a writer must name the version it saw
    created_at: datetime = Field(default_factory=now)
    date: date
    title: Title = None  # at most 80 characters (text_limits: cut when read from a file)
    place: Place = None
    notes: Note = None
    preset: str
    settings: tuple[str, ...] = ()  # ``--set NAME=VALUE`` overrides of the preset
    players: tuple[PlayerProfile, ...]  # everyone who sat this evening, names as used here
    seating: tuple[str, ...]  # ids at the start, clockwise (the first named deals first)
    steps: tuple[Step, ...] = ()
    log: tuple[LogEntry, ...] = ()
    closed: bool = False  # an open-ended evening stopped by the table

    # --- derived by the replay, never stored ---
    present: tuple[str, ...] = Field(default=(), exclude=True)  # ranking, or seating order
    ranked: bool = Field(default=False, exclude=True)  # whether ``present`` is a ranking
    totals: dict[str, int] = Field(default_factory=dict, exclude=True)
    standings: tuple[str, ...] = Field(default=(), exclude=True)  # by score, best first
    ended_after: int | None = Field(default=None, exclude=True)  # when the end rule was met
    next_plan: HandPlan | None = Field(default=None, exclude=True)
    # B9 quad_persistent: the next hand starts with the card order reversed
    reversed_order: bool = Field(default=False, exclude=True)

    @property
    def hands(self) -> list[HandStep]:
        return [s for s in self.steps if isinstance(s, HandStep)]

    @property
    def ended(self) -> bool:
        return self.closed or self.ended_after is not None

    @property
    def end_rule(self) -> tuple[str, int | None]:
        """("target", points) | ("hands", count) | ("open", None), from the rules (S10)."""
        _, table = self.rules()
        return table.end, table.target if table.end == "target" else table.hands

    def name(self, player_id: str) -> str:
        return self.names()[player_id]

    def names(self) -> dict[str, str]:
        return {p.id: p.name for p in self.players}

    def rules(self) -> tuple[RuleSet, TableRules]:
        return rules_for(self.preset, self.settings)


@lru_cache(maxsize=64)
def _rules(preset: str, settings: tuple[str, ...]) -> tuple[RuleSet, TableRules]:
    return table_rules_from(preset, list(settings))


def rules_for(preset: str, settings: Sequence[str] = ()) -> tuple[RuleSet, TableRules]:
    """The RuleSet and TableRules of a preset with its ``--set`` overrides (cached: they are
    re-derived from the stored preset id and overrides every time)."""
    return _rules(get_preset(preset).id, tuple(settings))


def player_range(preset: str) -> tuple[int, int]:
    return get_preset(preset).players
