"""The state of one hand: who holds what, the trick on the table, whose turn it is.

``HandState`` is immutable: the transition (``companion.rules.hand.step``) builds the next
one. Players are indices into ``HandState.players`` (the order play goes around at the
start). Starting a hand needs two rules kept here: whether the cards fit the pack (D1–D3)
and who leads when a player has gone out (P6). ``StepInfo`` is what one step did, beside the
state it built (for explanations).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from functools import lru_cache
from typing import Any, Literal

from companion.rules.cards import Card, Play, Rank, Suit, make_deck
from companion.rules.codes import RuleCode
from companion.rules.combos import Combo, Order, order_for
from companion.rules.errors import NotationError
from companion.rules.ruleset import RuleSet
from companion.words import Message

EffectKind = Literal["give_previous", "give_next", "discard", "give_any"]
Codes = tuple[tuple[tuple[Card, ...], RuleCode], ...]  # candidate plays with their codes


@dataclass(frozen=True, slots=True)
class Top:
    """The play to beat. ``count``/``rank`` may differ from the cards for a power play (a 2
    standing for a pair) or transparent cards (3s taking the rank they beat)."""

    player: int
    cards: tuple[Card, ...]
    combo: Combo  # what must be beaten, keyed in the orientation of ``reversed``
    reversed: bool
    free: bool = False  # B4 high_and_low: anything may follow
    lower_ok: bool = False  # B13 angevin: after a 7, lower cards may follow
    power_joker: bool = False  # B5: a lone joker played on its power


@dataclass(frozen=True, slots=True)
class Trick:
    leader: int | None = None
    top: Top | None = None
    passed: frozenset[int] = frozenset()  # since the top play (P3: since the trick began)
    acted: frozenset[int] = frozenset()  # P1 one_round: players who had their turn
    overplayed: frozenset[int] = frozenset()  # P4: players who played on their own cards
    inverted: bool = False  # B13 Strutz: a 9 inverts the order until the trick ends
    pending_close: bool = False  # P4: everyone else passed; the top player may overplay
    run_rank: Rank | None = None  # rank of the last plays, while they keep to one rank
    run_cards: int = 0  # B10: cards of that rank played in a row
    run_singles: int = 0  # B9 quad_and_direction: single cards of that rank in a row
    rule_of_four: bool = False  # B10: an equal play happened: the rank must be followed
    lead_passes: frozenset[int] = frozenset()  # B12: leaders left only with forbidden finishes
    plays: int = 0  # actions in this trick
    cleared_by: str = ""  # the option that ended the last trick at once (a 2, a joker…)
    opening: Card | None = None  # H7: the card the hand's opening play must hold
    lock: tuple[Suit, ...] = ()  # H8 shibari: the suits every play must keep to, once locked


@dataclass(frozen=True, slots=True)
class Pending:
    """A card effect owed by ``player`` before play goes on (B13 give_discard: one card; H5
    7-watashi and H6 10-sute: up to ``count`` cards, or none, ``optional``)."""

    player: int
    kind: EffectKind
    count: int = 1
    optional: bool = False
    then: Pending | None = None  # owed next (a run holding both a 7 and a 10)

    @property
    def option(self) -> str:
        """The option behind it: B13's card effects, or the house rule (H5, H6)."""
        if not self.optional:
            return "card_effects"
        return "seven_pass" if self.kind == "give_next" else "ten_discard"


@dataclass(frozen=True, slots=True, eq=False)
class HandState:
    """One moment of a hand (immutable). Two states are equal when their fields are, however
    each was built (the step engine, or the compact state of ``companion.rules.compact``)."""

    rules: RuleSet
    players: tuple[str, ...]
    ranks: tuple[int, ...]  # best first, for P6 highest_ranked
    hands: tuple[tuple[Card, ...] | None, ...]  # None: not known (benefit of the doubt)
    turn: int | None  # None once the hand is over
    direction: int = 1
    revolution: bool = False
    trick: Trick = field(default_factory=Trick)
    out: tuple[int, ...] = ()  # went out, in order
    forfeits: tuple[int, ...] = ()  # B12 last_place: finished on a forbidden card
    pending: Pending | None = None
    preset: str | None = None  # for citing the system in rulings
    # Derived once per state, on first use (the state is immutable, so they never go stale).
    _order: Order | None = field(default=None, init=False, repr=False, compare=False)
    _quick: tuple[int, Codes | None] | None = field(
        default=None, init=False, repr=False, compare=False
    )
    # The compact form (``compact.Core``; False where it does not cover the state) and the
    # legal actions worked out on it.
    _core: object = field(default=None, init=False, repr=False, compare=False)
    _legal: list[Any] | None = field(default=None, init=False, repr=False, compare=False)

    def _fields(self) -> tuple[object, ...]:
        return (
            self.rules,
            self.players,
            self.ranks,
            self.hands,
            self.turn,
            self.direction,
            self.revolution,
            self.trick,
            self.out,
            self.forfeits,
            self.pending,
            self.preset,
        )

    def __eq__(self, other: object) -> bool:
        if self is other:
            return True
        if not isinstance(other, HandState):
            return NotImplemented
        return self._fields() == other._fields()

    def __hash__(self) -> int:
        return hash(self._fields())

    @classmethod
    def start(
        cls,
        rules: RuleSet,
        players: list[str] | tuple[str, ...],
        *,
        leader: str | None = None,
        ranks: list[str] | tuple[str, ...] | None = None,
        hands: Mapping[str, tuple[Card, ...] | None] | None = None,
        revolution: bool = False,
        preset: str | None = None,
        opening: Card | None = None,
    ) -> HandState:
        names = tuple(players)
        index = {n: i for i, n in enumerate(names)}
        rank_idx = tuple(index[n] for n in ranks) if ranks else tuple(range(len(names)))
        held = tuple((hands or {}).get(n) for n in names)
        direction = 1 if rules.direction == "clockwise" else -1
        lead = index[leader] if leader is not None else 0
        state = cls(
            rules,
            names,
            rank_idx,
            held,
            lead,
            direction,
            revolution,
            Trick(leader=lead, opening=opening),
            preset=preset,
        )
        known = tuple(c for h in held if h for c in h)
        if not_in_pack(state, known):
            # Checked once here, so plays from known hands need no pack check later.
            raise NotationError(
                Message.of(
                    "rules.notation.hands_not_in_pack", cards=" ".join(str(c) for c in known)
                )
            )
        gone = [i for i, h in enumerate(held) if h is not None and not h]
        if gone:  # players already out when the history starts
            state = replace(state, out=tuple(gone))
            if lead in gone:
                lead = lead_after_out(state, lead)
                state = replace(state, turn=lead, trick=Trick(leader=lead, opening=opening))
        return state

    # -- reading the state -------------------------------------------------------------------
    def index(self, name: str) -> int:
        return self.players.index(name)

    @property
    def over(self) -> bool:
        return self.turn is None

    @property
    def active(self) -> tuple[int, ...]:
        out, forfeits = self.out, self.forfeits
        if not out and not forfeits:
            return _everyone(len(self.players))
        return tuple(i for i in range(len(self.players)) if i not in out and i not in forfeits)

    def is_active(self, i: int) -> bool:
        return i not in self.out and i not in self.forfeits

    @property
    def reversed(self) -> bool:
        return self.revolution != self.trick.inverted

    @property
    def order(self) -> Order:
        order = self._order
        if order is None:
            order = order_for(self.rules, self.revolution != self.trick.inverted)
            object.__setattr__(self, "_order", order)
        return order

    @property
    def finishing_order(self) -> tuple[str, ...]:
        """Players in finishing order; those who finished on a forbidden card come last, the
        first of them at the very bottom."""
        return tuple(self.players[i] for i in (*self.out, *reversed(self.forfeits)))

    @property
    def to_beat(self) -> Play | None:
        """What the player to act must beat; None when he leads (or anything may follow)."""
        top = self.trick.top
        if top is None or top.free or self.over or self.pending is not None:
            return None
        if self.trick.pending_close and top.player in self.trick.overplayed:
            return None
        return Play(top.cards)

    @property
    def next_player(self) -> str | None:
        if self.pending is not None:
            return self.players[self.pending.player]
        return None if self.turn is None else self.players[self.turn]


@lru_cache(maxsize=128)
def _pack(rules: RuleSet, players: int) -> tuple[Counter[Rank], Counter[Card], Counter[Card]]:
    """How many cards of each rank, each exact card, and each joker colour the pack holds."""
    cards = make_deck(rules.deck, rules.deck_count(players), rules.joker_count(players))
    return Counter(c.rank for c in cards), Counter(cards), Counter(c for c in cards if c.is_joker)


def not_in_pack(state: HandState, cards: tuple[Card, ...]) -> str:
    """The option a play contradicts when the pack cannot hold its cards (D1–D3), or ""."""
    ranks, exact, jokers = _pack(state.rules, len(state.players))
    played_ranks = Counter(c.rank for c in cards)
    for rank, n in played_ranks.items():
        if n > ranks.get(rank, 0):
            return "jokers" if rank is Rank.JOKER else "decks" if ranks.get(rank) else "deck"
    played = Counter(c.plain for c in cards if c.suit is not None or c.colour is not None)
    for card, n in played.items():
        if n > (jokers if card.is_joker else exact).get(card, 0):
            return "jokers" if card.is_joker else "decks"
    return ""


@lru_cache(maxsize=32)
def _everyone(n: int) -> tuple[int, ...]:
    return tuple(range(n))


def neighbour(state: HandState, who: int, step_: int) -> int | None:
    n = len(state.players)
    for k in range(1, n):
        i = (who + step_ * k) % n
        if state.is_active(i):
            return i
    return None


def lead_after_out(state: HandState, winner: int) -> int:
    """P6: who leads when the trick's winner has gone out."""
    rule = state.rules.lead_after_out
    if rule == "highest_ranked":
        for i in state.ranks:
            if state.is_active(i):
                return i
    step_ = state.direction if rule == "next_left" else -state.direction
    nxt = neighbour(state, winner, step_)
    return nxt if nxt is not None else winner


@dataclass(init=False)
class StepInfo:
    """What happened, for explanations. Every judgement makes one and most fields keep their
    defaults: without an ``__init__`` they are read from the class until set (a tenth of the
    cost of setting twelve slots, on every ``judge``)."""

    kind: str = ""  # lead, beat, overplay, pass, gather, effect
    cleared: bool = False
    went_out: bool = False
    forfeit: bool = False
    revolution: bool = False
    skipped: int = 0
    blocker: str = ""  # the option behind a refusal, for citing it
    coup: str = ""  # S8: "coup_detat" or "guillotine" when the play is one
    turned: bool = False  # B13 Strutz 8: the direction of play turned
    inverted: bool = False  # B13 Strutz 9: the card order is inverted until the trick ends
    jack_back: bool = False  # H2 11-back: the card order is reversed until the trick ends
    locked: tuple[Suit, ...] = ()  # H8 shibari: the suits this play locked the trick to
