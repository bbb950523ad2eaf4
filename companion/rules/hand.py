"""The state of one hand, and the single transition function every ruling comes from.

``step(state, action)`` returns ``(code, new_state, info)``: ``code`` is ``RuleCode.OK`` or the
reason the action is refused (``companion.rules.codes``), ``new_state`` is None when refused.
``is_legal(state, action)`` judges without building the next state (move generation). The
referee (``companion.rules.referee``) wraps both in rulings; ``legal_plays`` filters candidates
through them, so the two can never disagree.

Players are indices into ``HandState.players`` (the order play goes around at the start).
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from functools import lru_cache
from typing import Literal

from companion.rules.candidates import candidate_plays, suit_sensitive, suits_judge_no_set
from companion.rules.cards import (
    PASS,
    Card,
    JokerColour,
    Play,
    Rank,
    make_deck,
    parse_cards,
    parse_named,
)
from companion.rules.codes import RuleCode
from companion.rules.combos import (
    COUP_KINDS,
    POKER_KINDS,
    Combo,
    ComboError,
    JokerChoiceError,
    Order,
    classify,
    order_for,
)
from companion.rules.errors import NotationError, SuitNeededError
from companion.rules.ruleset import RuleSet

EffectKind = Literal["give_previous", "give_next", "discard", "give_any"]
Codes = tuple[tuple[tuple[Card, ...], RuleCode], ...]  # candidate plays with their codes


@dataclass(frozen=True, slots=True)
class Action:
    """A player's action: a play or a pass, or (card effects, B13) a card given or discarded.

    ``cards`` of a give/discard may be empty: the card went face down and nobody saw it.
    """

    player: str
    play: Play = PASS
    effect: Literal["give", "discard"] | None = None
    target: str | None = None

    @classmethod
    def parse(cls, text: str) -> Action:
        """``"Léa: 10♥ 10♠"``, ``"Léa: pass"``, ``"Léa: give 5♥ to Tom"``, ``"Léa: discard"``
        (also ``donne … à …``, ``défausse``)."""
        name, rest = parse_named(text)
        low = rest.lower()
        give = re.match(r"^(give|donne)\b(.*?)\s+(?:to|à|a)\s+(.+)$", rest, re.IGNORECASE)
        if give:
            return cls(name, Play(parse_cards(give.group(2))), "give", give.group(3).strip())
        if re.match(r"^(give|donne)\b", low):
            return cls(
                name, Play(parse_cards(rest.split(None, 1)[1] if " " in rest else "")), "give"
            )
        if re.match(r"^(discard|défausse|defausse)\b", low):
            body = rest.split(None, 1)[1] if " " in rest.strip() else ""
            return cls(name, Play(parse_cards(body)), "discard")
        if not rest:
            raise NotationError(
                f"« {text} » : quel coup ? (des cartes ou « passe »)",
                f"'{text}': what play? (cards or 'pass')",
                token=text,
            )
        return cls(name, Play.parse(rest))

    def __str__(self) -> str:
        if self.effect == "give":
            cards = f" {self.play}" if self.play.cards else ""
            return f"{self.player}: give{cards}" + (f" to {self.target}" if self.target else "")
        if self.effect == "discard":
            return f"{self.player}: discard" + (f" {self.play}" if self.play.cards else "")
        return f"{self.player}: {self.play}"

    def __repr__(self) -> str:
        return f"Action.parse({str(self)!r})"


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


@dataclass(frozen=True, slots=True)
class Pending:
    """A card effect owed by ``player`` before play goes on (B13 give_discard)."""

    player: int
    kind: EffectKind


@dataclass(frozen=True, slots=True)
class HandState:
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
            Trick(leader=lead),
            preset=preset,
        )
        known = tuple(c for h in held if h for c in h)
        if _not_in_pack(state, known):
            # Checked once here, so plays from known hands need no pack check later.
            raise NotationError(
                "Ces mains ne tiennent pas dans le jeu (carte absente ou en trop) : "
                + " ".join(str(c) for c in known),
                "These hands do not fit the pack (a card it lacks, or too many): "
                + " ".join(str(c) for c in known),
            )
        gone = [i for i, h in enumerate(held) if h is not None and not h]
        if gone:  # players already out when the history starts
            state = replace(state, out=tuple(gone))
            if lead in gone:
                lead = _lead_after_out(state, lead)
                state = replace(state, turn=lead, trick=Trick(leader=lead))
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


# --- the transition -------------------------------------------------------------------------


@dataclass(slots=True)
class StepInfo:
    """What happened, for explanations."""

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


Outcome = tuple[RuleCode, HandState | None, StepInfo]


def step(state: HandState, action: Action) -> Outcome:
    """Judge and perform ``action``: ``(RuleCode.OK, next_state, info)`` when it is legal,
    ``(code, None, info)`` with the reason when it is not."""
    return _judge(state, action, True)


def is_legal(state: HandState, action: Action) -> tuple[RuleCode, StepInfo]:
    """Judge ``action`` without building the next state (move generation): the code ``step``
    would return, and what it found."""
    code, _, info = _judge(state, action, False)
    return code, info


def _judge(state: HandState, action: Action, build: bool) -> Outcome:
    """The one transition: with ``build`` False a legal play or pass stops once judged.

    A play that writes ``JK`` where the joker order matters (D5) is judged with each joker:
    when both give the same code, that is the ruling (with the lower joker on the table, the
    higher one may still come); when they differ, JokerChoiceError names both outcomes."""
    try:
        return _judge_as_written(state, action, build)
    except JokerChoiceError as err:
        outcomes = _with_each_joker(state, action, build)
        if outcomes is None:
            raise
        if len(outcomes) == 1:  # his known hand holds one colour: that is the joker
            return outcomes[0][1]
        (low, low_outcome), (high, high_outcome) = outcomes
        if low_outcome[0] == high_outcome[0]:
            return _as_written(low_outcome, low, action)
        codes = low_outcome[0].value, high_outcome[0].value
        raise JokerChoiceError(
            f"{err.fr} {low.play} : {codes[0]} ; {high.play} : {codes[1]}.",
            f"{err.en} {low.play}: {codes[0]}; {high.play}: {codes[1]}.",
            outcomes=outcomes,
        ) from None


JokerOutcomes = tuple[tuple["Action", Outcome], ...]


def _with_each_joker(state: HandState, action: Action, build: bool) -> JokerOutcomes | None:
    """The action judged as (the lower joker, the higher joker) — or as the one colour his
    known hand holds — when it holds exactly one joker written without its colour; None
    otherwise (the error stands)."""
    vague = [i for i, c in enumerate(action.play.cards) if c.is_joker and c.colour is None]
    if len(vague) != 1 or action.effect is not None:
        return None
    high = JokerColour.COLOURED if state.rules.joker_order == "coloured_high" else JokerColour.BLACK
    low = JokerColour.BLACK if high is JokerColour.COLOURED else JokerColour.COLOURED
    colours = [low, high]
    held = (
        state.hands[state.players.index(action.player)] if action.player in state.players else None
    )
    if held is not None:
        colours = [c for c in colours if any(h.is_joker and h.colour is c for h in held)] or colours
    judged = []
    for colour in colours:
        cards = list(action.play.cards)
        cards[vague[0]] = Card(Rank.JOKER, None, colour)
        exact = replace(action, play=Play(tuple(cards)))
        judged.append((exact, _judge_as_written(state, exact, build)))
    return tuple(judged)


def _as_written(outcome: Outcome, exact: Action, written: Action) -> Outcome:
    """The outcome with the play shown as written (``JK``, not the joker it was judged as)."""
    code, after, info = outcome
    top = after.trick.top if after is not None else None
    if after is None or top is None or top.cards != exact.play.cards:
        return outcome
    shown = replace(top, cards=written.play.cards)
    return code, replace(after, trick=replace(after.trick, top=shown)), info


def _judge_as_written(state: HandState, action: Action, build: bool) -> Outcome:
    info = StepInfo()
    if action.player not in state.players:
        raise NotationError(
            f"Joueur inconnu : « {action.player} » (joueurs : {', '.join(state.players)}).",
            f"Unknown player: '{action.player}' (players: {', '.join(state.players)}).",
            token=action.player,
        )
    who = state.players.index(action.player)
    if state.over:
        return RuleCode.HAND_OVER, None, info
    if not state.is_active(who):
        return RuleCode.ALREADY_OUT, None, info
    if state.pending is not None:
        if action.effect is None or who != state.pending.player:
            info.blocker = "card_effects"
            return RuleCode.EFFECT_PENDING, None, info
        return _effect(state, who, action, info)
    if action.effect is not None:
        info.blocker = "card_effects"
        return RuleCode.NO_EFFECT_DUE, None, info
    if action.play.is_pass:
        return _pass(state, who, info, build)
    return _play(state, who, action.play.cards, info, build)


def _pass(state: HandState, who: int, info: StepInfo, build: bool) -> Outcome:
    trick = state.trick
    if who != state.turn:
        return _wrong_turn(state, who, info)
    if trick.top is None:
        if state.hands[who] is None or _can_beat(state, who):
            return RuleCode.LEAD_CANNOT_PASS, None, info
        # B12: holding only cards he may not finish on, the leader cannot play at all: he
        # hands the lead on and stays in (he will finish last). If nobody can lead, the hand
        # ends with those players in the order they sit.
        info.kind = "stuck"
        info.blocker = "forbidden_finish"
        stuck = trick.lead_passes | {who}
        if all(p in stuck for p in state.active):
            return RuleCode.OK, _finish_stuck(state, who), info
        nxt = _next_eligible(state, who)
        assert nxt is not None
        return (
            RuleCode.OK,
            _moved(state, nxt, Trick(leader=nxt, lead_passes=stuck)),
            info,
        )
    if trick.pending_close and who == trick.top.player:
        info.kind = "gather"
        return RuleCode.OK, _new_trick(state, who), info
    if (
        state.rules.must_beat
        and state.hands[who] is not None
        and not trick.top.free
        and _can_beat(state, who)
    ):
        info.blocker = "must_beat"
        return RuleCode.MUST_PLAY, None, info
    info.kind = "pass"
    if not build:
        return RuleCode.OK, None, info
    trick = Trick(
        trick.leader,
        trick.top,
        trick.passed | {who},
        trick.acted | {who},
        trick.overplayed,
        trick.inverted,
        trick.pending_close,
        trick.run_rank,
        trick.run_cards,
        trick.run_singles,
        trick.rule_of_four,
        trick.lead_passes,
        trick.plays + 1,
    )
    return RuleCode.OK, _after(state, who, 0, trick), info


def _wrong_turn(state: HandState, who: int, info: StepInfo) -> tuple[RuleCode, None, StepInfo]:
    trick = state.trick
    if state.rules.pass_is_final and who in trick.passed and trick.top is not None:
        info.blocker = "pass_is_final"
        return RuleCode.ALREADY_PASSED, None, info
    if trick.top is None and trick.plays == 0 and who != trick.leader:
        info.blocker = "trick_rounds"
        return RuleCode.TRICK_OVER, None, info
    return RuleCode.NOT_YOUR_TURN, None, info


def _play(
    state: HandState, who: int, cards: tuple[Card, ...], info: StepInfo, build: bool
) -> Outcome:
    rules = state.rules
    trick = state.trick
    top = trick.top
    speed = False
    if who != state.turn:
        speed = (
            rules.speed_play
            and top is not None
            and not trick.pending_close
            and _is_equal_play(state, cards)
        )
        if not speed:
            return _wrong_turn(state, who, info)
        info.blocker = "speed_play"
    hand = state.hands[who]
    remaining = None
    if hand is not None:
        remaining = _remove(hand, cards)
        if remaining is None:
            return RuleCode.NOT_IN_HAND, None, info
    # D1–D3: a play from a known hand was just matched card by card; others must fit the pack
    missing = _not_in_pack(state, cards) if remaining is None else ""
    if missing:
        info.blocker = missing
        return RuleCode.NOT_IN_DECK, None, info
    order = state.order
    try:
        combo = classify(cards, order)
    except ComboError as err:
        code = RuleCode(err.code)
        info.blocker = _COMBO_OPTION.get(code, "combinations")
        return code, None, info
    if combo.kind in COUP_KINDS:
        info.coup = combo.kind
        info.blocker = "coup_detat"

    lead = top is None
    overplay = False
    if trick.pending_close and top is not None:
        # P4: the last player may play once on his own cards; anything that does not beat
        # them starts the next trick.
        code, _, _ = _beats(state, top, combo, cards, order, who)
        if code == RuleCode.OK:
            if who in trick.overplayed:
                info.blocker = "self_overplay"
                return RuleCode.SELF_OVERPLAY_USED, None, info
            overplay = True
        else:
            lead = True
            if trick.inverted:  # a new trick starts in the hand's order, not this trick's
                order = order_for(rules, state.revolution)
                combo = classify(cards, order)
    if lead:
        new_top = Top(who, cards, combo, state.reversed, free=False)
        effect = _Effect()
        if rules.card_effects == "angevin" and combo.rank is Rank.SEVEN:
            new_top = replace(new_top, lower_ok=True)
        if _is_high_low(order, combo, cards):
            new_top = replace(new_top, free=True)
        if combo.joker and len(cards) == 1 and rules.joker_power != "rank":
            new_top = replace(new_top, power_joker=True)
            effect.clears = _joker_unbeatable(state, combo)
        if rules.twos in ("beat_all", "atout") and _is_lone_two(cards, order):
            effect.clears = rules.twos == "atout" or _nothing_above_two(state)
        if combo.kind in COUP_KINDS:
            effect.clears = True  # S8: nothing follows a coup d'État (open point)
        base_trick = Trick(leader=who) if (trick.pending_close or trick.top is None) else trick
        info.kind = "lead"
    elif speed:
        # B14: a matching play out of turn; with more cards "le jeu part alors en double"
        new_top = Top(who, cards, combo, state.reversed)
        effect = _Effect(equal=True)
        base_trick = trick
        info.kind = "speed"
    else:
        assert top is not None
        if rules.rule_of_four != "off" and trick.rule_of_four and combo.rank is not trick.run_rank:
            info.blocker = "rule_of_four"
            return RuleCode.RULE_OF_FOUR, None, info
        code, beaten, effect = _beats(state, top, combo, cards, order, who)
        if beaten is None:
            info.blocker = effect.blocker
            return code, None, info
        new_top = beaten
        base_trick = trick
        info.kind = "overplay" if overplay else "beat"

    # B12: a forbidden last card
    forfeit = False
    if remaining is not None and not remaining and _forbidden_finish(state, cards):
        if rules.forbidden_finish_penalty == "illegal":
            info.blocker = "forbidden_finish"
            return RuleCode.FORBIDDEN_FINISH, None, info
        forfeit = True
    if not build:
        return RuleCode.OK, None, info
    return (
        RuleCode.OK,
        _apply_play(
            state,
            who,
            cards,
            combo,
            new_top,
            effect,
            base_trick,
            remaining,
            overplay,
            forfeit,
            info,
        ),
        info,
    )


_COMBO_OPTION = {
    RuleCode.SINGLE_CARDS_ONLY: "single_cards_only",
    RuleCode.WILD_ALONE: "wild_alone",
    RuleCode.TOO_MANY_CARDS: "max_set",
}


@dataclass(slots=True)
class _Effect:
    clears: bool = False
    skip: int = 0
    equal: bool = False
    blocker: str = ""


def _beats(
    state: HandState, top: Top, combo: Combo, cards: tuple[Card, ...], order: Order, who: int
) -> tuple[RuleCode, Top | None, _Effect]:
    """Does ``combo`` (played by ``who``) beat ``top``? Returns (code, the new top, effects)."""
    rules = state.rules
    eff = _Effect()
    target = _rekey(top, state)
    new = Top(who, cards, combo, state.reversed)
    lone = len(cards) == 1

    if combo.kind in COUP_KINDS:
        # S8 (WIKI): the seed does not say when a coup d'État may be played; at one's turn,
        # on any play, it takes the trick (open point of the trou-du-cul preset).
        eff.clears = True
        return RuleCode.OK, new, eff
    if top.free:  # B4 high_and_low: anything may follow a 2
        return RuleCode.OK, new, eff
    if _is_high_low(order, combo, cards):
        return RuleCode.OK, replace(new, free=True), eff
    # B5: a lone joker beats anything but a higher joker; a four of a kind beats it back
    if combo.joker and lone and rules.joker_power != "rank":
        if top.power_joker or (target.joker and target.count == 1):
            return _joker_on_joker(state, combo, target, new, eff)
        eff.clears = _joker_unbeatable(state, combo)
        return RuleCode.OK, replace(new, power_joker=True), eff
    if top.power_joker:
        if (
            rules.joker_power == "beat_all_but_quad"
            and combo.kind == "set"
            and combo.count == 4
            and not combo.joker
        ):
            return RuleCode.OK, new, eff
        eff.blocker = "joker_power"
        return RuleCode.JOKER_UNBEATABLE, None, eff
    # B4 beat_all: a lone 2 beats any combination of lower cards and clears the trick. WIKI
    # « atout »: « Le joueur l'ayant placé récupère la main » — even with jokers in the pack.
    if (
        rules.twos in ("beat_all", "atout")
        and _is_lone_two(cards, order)
        and not (target.kind == "set" and target.count == 1 and target.key[0] >= combo.key[0])
    ):
        eff.clears = rules.twos == "atout" or _nothing_above_two(state)
        return RuleCode.OK, new, eff
    if combo.kind in POKER_KINDS and target.kind in POKER_KINDS:
        # WIKI: « Suite, Couleur, Full, Quinte Flush », weakest to strongest
        return _higher(combo.key, target.key, new, eff)
    if combo.kind != target.kind or combo.width != target.width:
        eff.blocker = "combinations"
        return RuleCode.WRONG_COMBINATION, None, eff
    if combo.kind == "run":
        if combo.key[1] != target.key[1]:
            eff.blocker = "combinations"
            return RuleCode.COUNT_MISMATCH, None, eff
        return _higher(combo.key, target.key, new, eff)
    # --- sets ---
    power = _power(rules, combo)
    if power and combo.count < target.count <= combo.count + power and combo.key[0] > target.key[0]:
        # B4 one_fewer / B6 Sofia: n−1 twos beat n cards; the play now stands for that many
        stands = Combo("set", target.count, combo.rank, combo.key, natural=combo.natural)
        eff.clears = rules.twos == "atout" and combo.rank is Rank.TWO
        return RuleCode.OK, replace(new, combo=stands), eff
    if (
        rules.transparent is not None
        and combo.rank is not None
        and combo.rank.value == rules.transparent
        and combo.natural
        and combo.count == target.count
        and not target.joker
    ):
        # B7: transparent cards take the rank of what they beat
        return RuleCode.OK, replace(new, combo=target), eff
    if top.lower_ok and combo.count == target.count:
        # B13 angevin: after a 7 any rank may follow
        if combo.key[0] == target.key[0]:
            return _equal(state, combo, target, new, eff)
        return RuleCode.OK, new, eff
    if combo.count < target.count:
        eff.blocker = "larger_sets"
        return RuleCode.COUNT_MISMATCH, None, eff
    if combo.count > target.count:
        larger = rules.larger_sets
        if larger == "forbidden":
            eff.blocker = "larger_sets"
            return RuleCode.COUNT_MISMATCH, None, eff
        if larger == "any_rank" or combo.key[0] > target.key[0]:
            return RuleCode.OK, new, eff
        if combo.key[0] == target.key[0] and rules.equal_play != "forbidden":
            return _equal(state, combo, target, new, eff)
        eff.blocker = "larger_sets"
        return RuleCode.TOO_LOW, None, eff
    # same number of cards
    if rules.suits == "follow_suit" and combo.count == 1:
        played, under = cards[0], top.cards[0]
        if played.suit is None or under.suit is None:
            # Ask for the suits only when the answer depends on them: a card no higher than
            # the one to beat is refused whatever its suit.
            if not (played.is_joker or under.is_joker) and combo.key[0] > target.key[0]:
                raise SuitNeededError(
                    "Précisez les couleurs : une carte ne se bat que dans sa couleur.",
                    "Give the suits: a single card is beaten only in its own suit.",
                )
        elif played.suit is not under.suit:
            eff.blocker = "suits"
            return RuleCode.WRONG_SUIT, None, eff
    if combo.key[0] > target.key[0]:
        return RuleCode.OK, new, eff
    if combo.key[0] < target.key[0]:
        eff.blocker = "joker_order" if combo.joker and target.joker else "rank_order"
        return RuleCode.TOO_LOW, None, eff
    # same rank
    if rules.suits == "opposite_colour":
        # PAGAT: « un cinq rouge peut être battu par un cinq noir, mais pas par un autre
        # cinq rouge » — the colour rule decides equal ranks, whatever equal_play says.
        if _opposite_colours(cards, top.cards):
            return RuleCode.OK, new, eff
        eff.blocker = "suits"
        return RuleCode.WRONG_SUIT, None, eff
    if combo.key[1] != target.key[1]:  # D7 natural vs wild
        eff.blocker = "wild_vs_natural"
        return (
            (RuleCode.OK, new, eff)
            if combo.key[1] > target.key[1]
            else (RuleCode.TOO_LOW, None, eff)
        )
    if rules.suits in ("ranked", "ranked_poker"):
        if combo.key[2] < 0 or target.key[2] < 0:
            raise SuitNeededError(
                "Précisez les couleurs : à rang égal, la couleur départage.",
                "Give the suits: between equal ranks the suit decides.",
            )
        if combo.key[2] != target.key[2]:
            eff.blocker = "suits"
            return (
                (RuleCode.OK, new, eff)
                if combo.key[2] > target.key[2]
                else (RuleCode.TOO_LOW, None, eff)
            )
    return _equal(state, combo, target, new, eff)


def _joker_on_joker(
    state: HandState, combo: Combo, target: Combo, new: Top, eff: _Effect
) -> tuple[RuleCode, Top | None, _Effect]:
    if combo.key[0] > target.key[0]:
        eff.clears = _joker_unbeatable(state, combo)
        return RuleCode.OK, replace(new, power_joker=True), eff
    if combo.key[0] == target.key[0] and state.rules.equal_play != "forbidden":
        code, top, eff = _equal(state, combo, target, new, eff)
        return code, (replace(top, power_joker=True) if top else None), eff
    eff.blocker = "joker_order"
    return (
        (RuleCode.EQUAL_FORBIDDEN if combo.key[0] == target.key[0] else RuleCode.TOO_LOW),
        None,
        eff,
    )


def _higher(
    key: tuple[int, ...], target: tuple[int, ...], new: Top, eff: _Effect
) -> tuple[RuleCode, Top | None, _Effect]:
    if key > target:
        return RuleCode.OK, new, eff
    eff.blocker = "rank_order"
    return RuleCode.TOO_LOW, None, eff


def _equal(
    state: HandState, combo: Combo, target: Combo, new: Top, eff: _Effect
) -> tuple[RuleCode, Top | None, _Effect]:
    rule = state.rules.equal_play
    if rule == "forbidden":
        eff.blocker = "equal_play"
        return RuleCode.EQUAL_FORBIDDEN, None, eff
    eff.equal = True
    if rule == "skips_next":  # PAGAT/Wizz: one player, plus one per extra card
        eff.skip = 1 + combo.count - target.count
    return RuleCode.OK, new, eff


def _rekey(top: Top, state: HandState) -> Combo:
    """The top combo keyed in the current orientation (a revolution may have flipped it)."""
    if (
        top.reversed == state.reversed
        or top.combo.kind != "set"
        or top.combo.rank is None
        or top.combo.joker
    ):
        return top.combo
    order = state.order
    if top.combo.rank not in order.keys:
        return top.combo
    # suit tiebreaks run 0..3 and flip with the order; -1 stays "suit unknown"
    key = (
        order.keys[top.combo.rank],
        top.combo.key[1],
        3 - top.combo.key[2] if top.combo.key[2] >= 0 else top.combo.key[2],
    )
    return replace(top.combo, key=key)


def _power(rules: RuleSet, combo: Combo) -> int:
    """How many more cards than it holds a set of this rank can beat (B4, B6)."""
    if combo.joker and rules.special_high_cards == "jokers_jacks_twos":
        return 3  # Sofia: « tout quatre d'une sorte … par un seul joker »
    if (
        combo.rank is Rank.TWO
        and combo.natural
        and (
            rules.twos in ("one_fewer", "atout") or rules.special_high_cards == "jokers_jacks_twos"
        )
    ):
        return 1
    if (
        combo.rank is Rank.JACK
        and combo.natural
        and rules.special_high_cards == "jokers_jacks_twos"
    ):
        return 2
    return 0


def _is_high_low(order: Order, combo: Combo, cards: tuple[Card, ...]) -> bool:
    return (
        order.high_low_rank is not None and len(cards) == 1 and cards[0].rank is order.high_low_rank
    )


def _is_lone_two(cards: tuple[Card, ...], order: Order) -> bool:
    return len(cards) == 1 and cards[0].rank is Rank.TWO and Rank.TWO not in order.wild_ranks


def _nothing_above_two(state: HandState) -> bool:
    return state.rules.jokers == 0


def _joker_unbeatable(state: HandState, combo: Combo) -> bool:
    """A lone joker on its power ends the trick when nothing can beat it (PRES53: 'remporte
    le pli')."""
    rules = state.rules
    if rules.joker_power != "beat_all":
        return False  # B5 beat_all_but_quad: a four of a kind may still come
    if rules.equal_play != "forbidden" and rules.joker_count(len(state.players)) > 1:
        return False
    only_one = rules.joker_count(len(state.players)) <= 1
    return only_one or combo.key[0] >= state.order.top_joker_key()


def _opposite_colours(cards: tuple[Card, ...], under: tuple[Card, ...]) -> bool:
    if any(c.suit is None for c in (*cards, *under) if not c.is_joker):
        raise SuitNeededError(
            "Précisez les couleurs : une carte de même rang ne bat que la couleur opposée.",
            "Give the suits: a card of the same rank beats only the opposite colour.",
        )
    reds = sum(1 for c in cards if c.suit is not None and c.suit.is_red)
    under_blacks = sum(1 for c in under if c.suit is not None and not c.suit.is_red)
    return reds == under_blacks and len(cards) == len(under)


def _is_equal_play(state: HandState, cards: tuple[Card, ...]) -> bool:
    """B14: an out-of-turn play must match the current play's rank and count."""
    top = state.trick.top
    if top is None:
        return False
    try:
        combo = classify(cards, state.order)
    except ComboError:
        return False
    target = _rekey(top, state)
    return (
        combo.kind == "set"
        and combo.count >= target.count
        and combo.rank is not None
        and combo.rank is target.rank
    )


@lru_cache(maxsize=128)
def _pack(rules: RuleSet, players: int) -> tuple[Counter[Rank], Counter[Card], Counter[Card]]:
    """How many cards of each rank, each exact card, and each joker colour the pack holds."""
    cards = make_deck(rules.deck, rules.deck_count(players), rules.joker_count(players))
    return Counter(c.rank for c in cards), Counter(cards), Counter(c for c in cards if c.is_joker)


def _not_in_pack(state: HandState, cards: tuple[Card, ...]) -> str:
    """The option a play contradicts when the pack cannot hold its cards (D1–D3), or ""."""
    ranks, exact, jokers = _pack(state.rules, len(state.players))
    played_ranks = Counter(c.rank for c in cards)
    for rank, n in played_ranks.items():
        if n > ranks.get(rank, 0):
            return "jokers" if rank is Rank.JOKER else "decks" if ranks.get(rank) else "deck"
    played = Counter(c for c in cards if c.suit is not None or c.colour is not None)
    for card, n in played.items():
        if n > (jokers if card.is_joker else exact).get(card, 0):
            return "jokers" if card.is_joker else "decks"
    return ""


def _forbidden_finish(state: HandState, cards: tuple[Card, ...]) -> bool:
    banned = state.rules.forbidden_finish
    for c in cards:
        if c.is_joker and "joker" in banned:
            return True
        if c.rank is Rank.TWO and "2" in banned:
            return True
        if c.rank is Rank.ACE and "A" in banned:
            return True
        if c.rank is Rank.THREE and "3" in banned and state.revolution:
            return True
    return False


def _remove(hand: tuple[Card, ...], cards: tuple[Card, ...]) -> tuple[Card, ...] | None:
    """The hand without the played cards, or None if it does not hold them. A card written
    without a suit takes any held card of its rank; exact matches are taken first."""
    rest = list(hand)
    for c in sorted(cards, key=lambda c: c.suit is None and c.colour is None):
        for i, h in enumerate(rest):
            if c.matches(h):
                del rest[i]
                break
        else:
            return None
    return tuple(rest)


def _can_beat(state: HandState, who: int) -> bool:
    hand = state.hands[who]
    assert hand is not None
    quick = quick_codes(state, who, hand)
    if quick is not None:
        return any(code is RuleCode.OK for _, code in quick)
    name = state.players[who]
    return any(  # stops at the first play that beats
        _judge(state, Action(name, Play(cards)), False)[0] is RuleCode.OK
        for cards in candidate_plays(state.rules, state.order, hand)
    )


def reference_codes(state: HandState, who: int, hand: tuple[Card, ...]) -> Codes:
    """Each candidate play of ``hand`` with the code the full transition gives it."""
    name = state.players[who]
    return tuple(
        (cards, _judge(state, Action(name, Play(cards)), False)[0])
        for cards in candidate_plays(state.rules, state.order, hand)
    )


@lru_cache(maxsize=256)
def quick_rules(rules: RuleSet) -> bool:
    """Rule sets whose plain sets ``quick_codes`` judges by rank and size: suits never
    decide between them (jokers may differ by colour: the candidates then come one per
    suit combination, as the reference lists them)."""
    return suits_judge_no_set(rules)


@lru_cache(maxsize=256)
def _one_per_rank_and_size(rules: RuleSet) -> bool:
    """Rule sets whose candidates are one group per rank and size (suits never matter)."""
    return not suit_sensitive(rules)


def quick_codes(state: HandState, who: int, hand: tuple[Card, ...]) -> Codes | None:
    """``reference_codes`` worked out from rank counts and combination keys, for ``who`` to
    act in turn holding ``hand``. A plain set is judged here; any other candidate (wild
    cards, jokers, runs, cards with a power) goes through the full transition. None when the
    state itself is outside what this covers (an effect owed, someone else to act, suits that
    decide, a run or poker hand on the table): the caller then uses ``reference_codes``."""
    own = hand is state.hands[who]
    cached = state._quick
    if own and cached is not None and cached[0] == who:
        return cached[1]
    codes = _quick_codes(state, who, hand)
    if own:
        object.__setattr__(state, "_quick", (who, codes))
    return codes


def _quick_codes(state: HandState, who: int, hand: tuple[Card, ...]) -> Codes | None:
    rules = state.rules
    trick = state.trick
    top = trick.top
    if state.pending is not None or who != state.turn or not quick_rules(rules) or not hand:
        return None
    order = state.order
    target: Combo | None = None
    if top is not None:
        target = _rekey(top, state)
        if target.kind != "set":
            return None
    name = state.players[who]
    slow = _ranks_with_power(rules, order) if target is not None else frozenset()
    code_of = _SetJudge(state, target, len(hand))
    keys = order.keys
    wild = order.wild_ranks
    out: list[tuple[tuple[Card, ...], RuleCode]] = []
    # No runs, no S8 five-card sets, one candidate per rank and size.
    plain = rules.combinations == "sets" and not rules.coup_detat and _one_per_rank_and_size(rules)
    if plain and not (wild and any(c.rank in wild for c in hand)):
        # The candidates are each rank's first k cards, ranks in the order the hand holds them.
        groups: dict[Rank, list[Card]] = {}
        for c in hand:
            groups.setdefault(c.rank, []).append(c)
        most = 1 if rules.single_cards_only else len(hand)
        for rank, held in groups.items():
            key = keys.get(rank)
            simple = rank is not Rank.JOKER and rank not in slow
            for k in range(1, min(len(held), most) + 1):
                cards = tuple(held[:k])
                if simple and key is not None:
                    out.append((cards, code_of(cards, rank, key)))
                else:
                    out.append((cards, _judge(state, Action(name, Play(cards)), False)[0]))
        return tuple(out)
    for cards in candidate_plays(rules, order, hand):
        rank = cards[0].rank
        key = keys.get(rank)
        if (
            key is None
            or rank in wild
            or rank is Rank.JOKER
            or rank in slow
            or (len(cards) > 1 and cards[-1].rank is not rank)
        ):
            out.append((cards, _judge(state, Action(name, Play(cards)), False)[0]))
        else:
            out.append((cards, code_of(cards, rank, key)))
    return tuple(out)


class _SetJudge:
    """The code of a plain set (natural cards of one rank, no power) in one state: what
    ``_play`` and ``_beats`` decide for it, from its size and its rank's key."""

    __slots__ = (
        "banned",
        "closing",
        "equal_ok",
        "finish",
        "follow",
        "free",
        "larger",
        "lower_ok",
        "max_set",
        "natural_tb",
        "overplayed",
        "power_joker",
        "quad_beats_joker",
        "run_rank",
        "state",
        "target",
    )

    def __init__(self, state: HandState, target: Combo | None, finish: int) -> None:
        rules = state.rules
        self.state = state
        self.target = target
        self.finish = finish  # a set of this size empties the hand
        self.banned = bool(rules.forbidden_finish) and rules.forbidden_finish_penalty == "illegal"
        self.follow = rules.rule_of_four != "off" and state.trick.rule_of_four
        self.run_rank = state.trick.run_rank
        self.natural_tb = 1 if rules.wild_vs_natural == "natural_wins" else 0
        self.larger = rules.larger_sets
        self.equal_ok = rules.equal_play != "forbidden"
        self.max_set = rules.max_set  # B11a: larger sets are not combinations
        top = state.trick.top
        self.free = top is not None and top.free  # B4 high_and_low: anything may follow
        self.power_joker = top is not None and top.power_joker  # B5
        self.quad_beats_joker = rules.joker_power == "beat_all_but_quad"
        self.lower_ok = top is not None and top.lower_ok  # B13 angevin, after a 7
        # P4: everyone else passed; the top player (to act) may play once on his own cards,
        # and anything that does not beat them starts the next trick.
        self.closing = state.trick.pending_close and top is not None
        self.overplayed = state.turn in state.trick.overplayed

    def __call__(self, cards: tuple[Card, ...], rank: Rank, key: int) -> RuleCode:
        n = len(cards)
        if self.max_set is not None and n > self.max_set:
            return RuleCode.TOO_MANY_CARDS
        if self.closing:
            assert self.target is not None
            if self._beats(n, key, self.target) is RuleCode.OK:
                if self.overplayed:
                    return RuleCode.SELF_OVERPLAY_USED
                if self.follow and rank is not self.run_rank:
                    return RuleCode.RULE_OF_FOUR
        elif self.target is not None:
            if self.follow and rank is not self.run_rank:
                return RuleCode.RULE_OF_FOUR
            code = self._beats(n, key, self.target)
            if code is not RuleCode.OK:
                return code
        if self.banned and n == self.finish and _forbidden_finish(self.state, cards):
            return RuleCode.FORBIDDEN_FINISH
        return RuleCode.OK

    def _beats(self, n: int, key: int, target: Combo) -> RuleCode:
        """``_beats`` for a plain set of ``n`` cards whose rank has ``key``."""
        count = target.count
        beat = target.key[0]
        if self.free:
            return RuleCode.OK
        if self.power_joker:
            ok = self.quad_beats_joker and n == 4
            return RuleCode.OK if ok else RuleCode.JOKER_UNBEATABLE
        if self.lower_ok and n == count:
            ok = key != beat or self.equal_ok
            return RuleCode.OK if ok else RuleCode.EQUAL_FORBIDDEN
        if n < count:
            return RuleCode.COUNT_MISMATCH
        if n > count:
            if self.larger == "forbidden":
                return RuleCode.COUNT_MISMATCH
            ok = self.larger == "any_rank" or key > beat or (key == beat and self.equal_ok)
            return RuleCode.OK if ok else RuleCode.TOO_LOW
        if key != beat:
            return RuleCode.OK if key > beat else RuleCode.TOO_LOW
        if self.natural_tb != target.key[1]:  # D7 natural vs wild
            return RuleCode.OK if self.natural_tb > target.key[1] else RuleCode.TOO_LOW
        return RuleCode.OK if self.equal_ok else RuleCode.EQUAL_FORBIDDEN


@lru_cache(maxsize=512)
def _ranks_with_power(rules: RuleSet, order: Order) -> frozenset[Rank]:
    """Ranks whose play on a set may follow another rule than rank and count: B4 twos, B6
    Sofia's jacks and twos, B7 transparent cards, the high-and-low card."""
    ranks: set[Rank] = set()
    if rules.twos != "normal" or rules.special_high_cards == "jokers_jacks_twos":
        ranks |= {Rank.TWO, Rank.JACK}
    if rules.transparent is not None:
        ranks.add(Rank(rules.transparent))
    if order.high_low_rank is not None:
        ranks.add(order.high_low_rank)
    return frozenset(ranks)


def _apply_play(
    state: HandState,
    who: int,
    cards: tuple[Card, ...],
    combo: Combo,
    new_top: Top,
    effect: _Effect,
    trick: Trick,
    remaining: tuple[Card, ...] | None,
    overplay: bool,
    forfeit: bool,
    info: StepInfo,
) -> HandState:
    rules = state.rules
    hands = state.hands
    if remaining is not None:
        hands = (*hands[:who], remaining, *hands[who + 1 :])
    passed = trick.passed if rules.pass_is_final else frozenset()
    rank = combo.rank
    single = len(cards) == 1
    if trick.top is not None and rank is not None and rank is trick.run_rank:
        run_cards = trick.run_cards + len(cards)
        run_singles = trick.run_singles + 1 if single else 0
        rof = trick.rule_of_four or effect.equal
    else:
        run_cards, run_singles, rof = len(cards), (1 if single else 0), False
    new_trick = Trick(
        trick.leader,
        new_top,
        passed,
        trick.acted | {who},
        trick.overplayed | {who} if overplay else trick.overplayed,
        trick.inverted,
        False,
        rank,
        run_cards,
        run_singles,
        rof,
        trick.lead_passes,
        trick.plays + 1,
    )
    direction = state.direction
    revolution = state.revolution
    clears = effect.clears
    skip = effect.skip
    # B9: a four of a kind (or four equal singles in a row) turns the order over
    quad = combo.kind == "set" and combo.count == 4 and not combo.joker
    four_singles = (
        rules.revolution == "quad_and_direction"
        and single
        and rank is not None
        and run_singles >= 4
    )
    if rules.revolution != "off" and (quad or four_singles):
        revolution = not revolution
        info.revolution = True
        if rules.revolution == "quad_and_direction":
            direction = -direction
    # B10 magic square: the fourth card of the rank clears the trick
    if rules.rule_of_four == "magic_square" and rof and run_cards >= 4:
        clears = True
    pending = None
    effects = rules.card_effects
    if effects == "strutz" and rank is not None:
        if rank is Rank.SEVEN:
            skip += len(cards)
        elif rank is Rank.EIGHT and len(cards) % 2:
            direction = -direction
            info.turned = True
        elif rank is Rank.NINE:
            new_trick = replace(new_trick, inverted=not new_trick.inverted, passed=frozenset())
            info.inverted = True
        elif rank is Rank.TEN:
            clears = True
    elif effects == "angevin" and rank is Rank.ACE:
        clears = True
    elif effects == "give_discard" and rank in _GIVE_EFFECTS and (remaining is None or remaining):
        pending = Pending(who, _GIVE_EFFECTS[rank])
    if new_top.reversed != (revolution != new_trick.inverted):
        new_top = replace(
            new_top,
            reversed=revolution != new_trick.inverted,
            combo=_rekey(new_top, replace(state, revolution=revolution, trick=new_trick)),
        )
        new_trick = replace(new_trick, top=new_top)
    out, forfeits = state.out, state.forfeits
    if remaining is not None and not remaining:
        info.went_out = True
        if forfeit:
            forfeits = (*forfeits, who)
            info.forfeit = True
        else:
            out = (*out, who)
    info.cleared = clears
    info.skipped = skip
    state = HandState(
        state.rules,
        state.players,
        state.ranks,
        hands,
        state.turn,
        direction,
        revolution,
        new_trick,
        out,
        forfeits,
        pending,
        state.preset,
    )
    finished = _finish_if_over(state)
    if finished is not None:
        return finished
    if clears:
        return _new_trick(state, who)
    return _after(state, who, skip)


_GIVE_EFFECTS: dict[Rank, EffectKind] = {
    Rank.SIX: "give_previous",
    Rank.SEVEN: "give_next",
    Rank.EIGHT: "discard",
    Rank.NINE: "give_any",
}


def _effect(state: HandState, who: int, action: Action, info: StepInfo) -> Outcome:
    """B13 give_discard: 6 → a card to the previous player, 7 → to the next, 8 → discarded,
    9 → to anyone."""
    assert state.pending is not None
    kind = state.pending.kind
    info.kind = "effect"
    info.blocker = "card_effects"
    if (action.effect == "discard") != (kind == "discard"):
        return RuleCode.WRONG_EFFECT, None, info
    if len(action.play.cards) > 1:
        return RuleCode.ONE_CARD_ONLY, None, info
    receiver = None
    if kind != "discard":
        expected = None
        if kind == "give_previous":
            expected = _neighbour(state, who, -state.direction)
        elif kind == "give_next":
            expected = _neighbour(state, who, state.direction)
        if action.target is None:
            if expected is None:
                return RuleCode.TARGET_NEEDED, None, info
            receiver = expected
        else:
            if action.target not in state.players:
                raise NotationError(
                    f"Joueur inconnu : « {action.target} ».",
                    f"Unknown player: '{action.target}'.",
                    token=action.target,
                )
            receiver = state.players.index(action.target)
            if (
                receiver == who
                or not state.is_active(receiver)
                or (expected is not None and receiver != expected)
            ):
                return RuleCode.WRONG_TARGET, None, info
    hands = list(state.hands)
    held = hands[who]
    if held is not None and action.play.cards:
        rest = _remove(held, action.play.cards)
        if rest is None:
            return RuleCode.NOT_IN_HAND, None, info
        hands[who] = rest
        if receiver is not None:
            theirs = hands[receiver]
            if theirs is not None:
                hands[receiver] = (*theirs, *action.play.cards)
    elif held is not None:
        hands[who] = held[:-1]  # an unseen card: the count still drops
        if receiver is not None:
            hands[receiver] = None  # we no longer know what he holds
    new = replace(state, hands=tuple(hands), pending=None)
    if hands[who] is not None and not hands[who]:
        info.went_out = True
        new = replace(new, out=(*new.out, who))
        over = _finish_if_over(new)
        if over is not None:
            return RuleCode.OK, over, info
        if new.turn == who:
            new = replace(new, turn=_lead_after_out(new, who))
    return RuleCode.OK, new, info


def _neighbour(state: HandState, who: int, step_: int) -> int | None:
    n = len(state.players)
    for k in range(1, n):
        i = (who + step_ * k) % n
        if state.is_active(i):
            return i
    return None


def _finish_stuck(state: HandState, who: int) -> HandState:
    n = len(state.players)
    rest = [(who + state.direction * k) % n for k in range(n)]
    out = (*state.out, *(p for p in rest if state.is_active(p)))
    return replace(state, out=out, turn=None, pending=None, trick=Trick())


@lru_cache(maxsize=32)
def _everyone(n: int) -> tuple[int, ...]:
    return tuple(range(n))


def _finish_if_over(state: HandState) -> HandState | None:
    if len(state.players) - len(state.out) - len(state.forfeits) > 1:
        return None  # out and forfeits never share a player
    active = state.active
    if len(active) > 1:
        return None
    out = (*state.out, *active)
    return replace(
        state, out=out, turn=None, pending=None, trick=replace(state.trick, pending_close=False)
    )


def _after(state: HandState, who: int, skip: int, trick: Trick | None = None) -> HandState:
    """Move the turn on after an action by ``who``, ending the trick when it is over.
    ``trick``, when given, replaces ``state.trick`` (one new state instead of two)."""
    if trick is None:
        trick = state.trick
    top = trick.top
    assert top is not None
    one_round = state.rules.trick_rounds == "one_round"
    # B2/B13 skips: the next players with cards lose their turn (not their place in the
    # trick); when the skips come round to the player who played, he plays again.
    i = who
    skipped: set[int] = set()
    again = False
    while skip > 0:
        nxt = _next_eligible(state, i, trick)
        if nxt is None:
            break
        if nxt == top.player:
            again = True
            break
        skipped.add(nxt)
        i = nxt
        skip -= 1
    if skipped and one_round:
        trick = replace(trick, acted=trick.acted | skipped)
    active = state.active
    if one_round:
        acted = trick.acted
        done = len(acted) >= len(active) and all(p in acted for p in active)
    else:
        passed = trick.passed
        done = len(passed) >= len(active) - 1 and all(
            p in passed for p in active if p != top.player
        )
    if done:
        return _trick_won(state, trick)
    if again:
        return _moved(state, top.player, trick)
    nxt = _next_eligible(state, i, trick)
    return _trick_won(state, trick) if nxt is None else _moved(state, nxt, trick)


def _next_eligible(state: HandState, i: int, trick: Trick | None = None) -> int | None:
    """The next player after ``i`` in turn who may still act in this trick: he holds cards,
    has not forfeited, has not passed for good (``pass_is_final``) and, in a one-round trick,
    has not acted yet. ``trick`` defaults to the state's."""
    n = len(state.players)
    if trick is None:
        trick = state.trick
    rules = state.rules
    barred = trick.passed if rules.pass_is_final else frozenset()
    if rules.trick_rounds == "one_round":
        barred = barred | trick.acted
    out, forfeits, direction = state.out, state.forfeits, state.direction
    for _ in range(n):
        i = (i + direction) % n
        if i not in out and i not in forfeits and i not in barred:
            return i
    return None


def _trick_won(state: HandState, trick: Trick | None = None) -> HandState:
    if trick is None:
        trick = state.trick
    top = trick.top
    assert top is not None
    winner = top.player
    if (
        state.rules.self_overplay == "once"
        and state.rules.trick_rounds == "until_all_pass"
        and state.is_active(winner)
    ):
        return _moved(state, winner, replace(trick, pending_close=True))
    return _new_trick(state, winner)


def _new_trick(state: HandState, winner: int) -> HandState:
    leader = winner if state.is_active(winner) else _lead_after_out(state, winner)
    return _moved(state, leader, Trick(leader=leader))


def _moved(state: HandState, turn: int | None, trick: Trick) -> HandState:
    """``state`` with another turn and trick: one constructor call, not a chain of
    ``replace``; the card order carries over when the trick keeps its orientation."""
    new = HandState(
        state.rules,
        state.players,
        state.ranks,
        state.hands,
        turn,
        state.direction,
        state.revolution,
        trick,
        state.out,
        state.forfeits,
        state.pending,
        state.preset,
    )
    if state._order is not None and trick.inverted == state.trick.inverted:
        object.__setattr__(new, "_order", state._order)
    return new


def _lead_after_out(state: HandState, winner: int) -> int:
    """P6: who leads when the trick's winner has gone out."""
    rule = state.rules.lead_after_out
    if rule == "highest_ranked":
        for i in state.ranks:
            if state.is_active(i):
                return i
    step_ = state.direction if rule == "next_left" else -state.direction
    nxt = _neighbour(state, winner, step_)
    return nxt if nxt is not None else winner
