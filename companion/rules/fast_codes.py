"""The codes of a player's candidate plays worked out from rank counts and combination keys.

A plain set (natural cards of one rank, no power) is judged here from its size and its
rank's key; every other candidate goes to ``judge``, the full transition, which the caller
passes in (``companion.rules.hand``, whose pass ruling uses these codes too, so this module
cannot import it). ``hand.reference_codes`` is what the codes must equal: a differential test
holds the two equal on every preset and on random option combinations.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import lru_cache

from companion.rules.beating import forbidden_finish, rekey
from companion.rules.candidates import candidate_plays, suit_sensitive, suits_judge_no_set
from companion.rules.cards import Card, Play, Rank
from companion.rules.codes import RuleCode
from companion.rules.combos import Combo, Order
from companion.rules.notation import Action
from companion.rules.ruleset import RuleSet
from companion.rules.state import Codes, HandState
from companion.rules.suit_lock import open_lock

Judge = Callable[[HandState, Action], RuleCode]  # the code the transition gives an action


@lru_cache(maxsize=256)
def quick_rules(rules: RuleSet) -> bool:
    """Rule sets whose plain sets ``codes_by_rank`` judges by rank and size: suits never
    decide between them (jokers may differ by colour: their candidates then come one per
    pick of colours, as the reference lists them)."""
    return suits_judge_no_set(rules)


@lru_cache(maxsize=256)
def _one_per_rank_and_size(rules: RuleSet) -> bool:
    """Rule sets whose candidates are one group per rank and size (suits never matter)."""
    return not suit_sensitive(rules)


def codes_by_rank(state: HandState, who: int, hand: tuple[Card, ...], judge: Judge) -> Codes | None:
    """``hand.reference_codes`` worked out from rank counts and combination keys, for
    ``who`` to act in turn holding ``hand``. A plain set is judged here; any other candidate
    (wild cards, jokers, runs, cards with a power) goes to ``judge``, the full transition. None
    when the state itself is outside what this covers (an effect owed, someone else to act,
    suits that decide, a run or poker hand on the table): the caller then uses
    ``reference_codes``."""
    own = hand is state.hands[who]
    cached = state._quick
    if own and cached is not None and cached[0] == who:
        return cached[1]
    codes = _quick_codes(state, who, hand, judge)
    if own:
        object.__setattr__(state, "_quick", (who, codes))
    return codes


def _quick_codes(state: HandState, who: int, hand: tuple[Card, ...], judge: Judge) -> Codes | None:
    rules = state.rules
    trick = state.trick
    top = trick.top
    if state.pending is not None or who != state.turn or not quick_rules(rules) or not hand:
        return None
    order = state.order
    target: Combo | None = None
    if top is not None:
        target = rekey(top, state)
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
                    out.append((cards, judge(state, Action(name, Play(cards)))))
        return tuple(out)
    for cards in candidate_plays(rules, order, hand, open_lock(state.trick)):
        rank = cards[0].rank
        key = keys.get(rank)
        if (
            key is None
            or rank in wild
            or rank is Rank.JOKER
            or rank in slow
            or (len(cards) > 1 and cards[-1].rank is not rank)
        ):
            out.append((cards, judge(state, Action(name, Play(cards)))))
        else:
            out.append((cards, code_of(cards, rank, key)))
    return tuple(out)


class _SetJudge:
    """The code of a plain set (natural cards of one rank, no power) in one state: what
    ``hand._play`` and ``beating.beats`` decide for it, from its size and its rank's key."""

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
        if self.banned and n == self.finish and forbidden_finish(self.state, cards):
            return RuleCode.FORBIDDEN_FINISH
        return RuleCode.OK

    def _beats(self, n: int, key: int, target: Combo) -> RuleCode:
        """``beating.beats`` for a plain set of ``n`` cards whose rank has ``key``."""
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
