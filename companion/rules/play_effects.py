"""What a legal play does to the hand: the trick's run of one rank, revolutions (B9), the
magic square (B10), card effects (B13: Strutz, angevin, a card owed given or discarded), who
goes out, and where the turn goes next.

The transition (``companion.rules.hand``) calls ``apply_play`` once it has judged the play legal.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace

from companion.rules.beating import Effect, rekey
from companion.rules.cards import Card, Rank, Suit
from companion.rules.combos import Combo
from companion.rules.house_rules import CLEARING
from companion.rules.ruleset import RuleSet
from companion.rules.state import EffectKind, HandState, Pending, StepInfo, Top, Trick
from companion.rules.suit_lock import stand_ins, starts
from companion.rules.turns import finish_if_over, move_on, start_trick


def apply_play(
    state: HandState,
    who: int,
    cards: tuple[Card, ...],
    combo: Combo,
    new_top: Top,
    effect: Effect,
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
        lock=_lock(rules, trick, cards),
    )
    if new_trick.lock and not trick.lock:
        info.locked = new_trick.lock
        info.blocker = "shibari"
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
        clears = "rule_of_four"
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
            clears = "card_effects"
    elif effects == "angevin" and rank is Rank.ACE:
        clears = "card_effects"
    elif effects == "give_discard" and rank in _GIVE_EFFECTS and (remaining is None or remaining):
        pending = Pending(who, _GIVE_EFFECTS[rank])
    # H: the Daifugō tables' house rules, read from the cards of each rank the play holds.
    # The option a rule acts on is cited in the ruling (the last one named, when several act).
    if rules.five_skip and (fives := held(cards, combo, Rank.FIVE)):
        skip += fives
        info.blocker = "five_skip"
    if rules.reverse_rank is not None and held(cards, combo, _RANK[rules.reverse_rank]) % 2:
        direction = -direction
        info.turned = True
        info.blocker = "reverse_rank"
    if rules.jack_back and held(cards, combo, Rank.JACK) % 2:
        new_trick = replace(new_trick, inverted=not new_trick.inverted)
        info.jack_back = True
        info.blocker = "jack_back"
    if rules.eight_stop and held(cards, combo, Rank.EIGHT) and not clears:
        clears = "eight_stop"
    if rules.quad_stop and combo.kind == "set" and combo.count >= 4 and not clears:
        clears = "quad_stop"
    if rules.top_stop and combo.kind == "set" and combo.rank is top_rank(state) and not clears:
        clears = "top_stop"
    # A hand not known may still hold cards (the benefit of the doubt, as for B13).
    left = len(remaining) if remaining is not None else None
    owed = [
        Pending(who, kind, n if left is None else min(n, left), optional=True)
        for on, rank, kind in _HOUSE_GIVES
        if on(rules) and (n := held(cards, combo, rank)) and left != 0
    ]
    for extra in reversed(owed):  # H5 then H6: each owed in turn, the give first
        pending = replace(extra, then=pending)
        info.blocker = extra.option
    if clears and not info.blocker:
        info.blocker = clears if clears in CLEARING else ""
    if new_top.reversed != (revolution != new_trick.inverted):
        new_top = replace(
            new_top,
            reversed=revolution != new_trick.inverted,
            combo=rekey(new_top, replace(state, revolution=revolution, trick=new_trick)),
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
    info.cleared = bool(clears)
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
    finished = finish_if_over(state)
    if finished is not None:
        return finished
    if clears:
        return start_trick(state, who, clears)
    return move_on(state, who, skip)


def _lock(rules: RuleSet, trick: Trick, cards: tuple[Card, ...]) -> tuple[Suit, ...]:
    """H8 shibari: the trick's lock once ``cards`` are played on it (kept until it ends)."""
    if not rules.shibari or trick.lock or trick.top is None:
        return trick.lock
    return starts(trick.top.cards, cards, stand_ins(rules))


# H11: the rank whose cards turn the direction of play, by the option's value.
_RANK = {r.symbol: r for r in Rank}


def top_rank(state: HandState) -> Rank:
    """H10: the strongest rank of the order a play was judged in (the 2; the 3 once reversed)."""
    return state.order.natural_ranks[-1]


def held(cards: tuple[Card, ...], combo: Combo, rank: Rank) -> int:
    """How many cards of ``rank`` a play holds: all of a set of that rank (wild cards standing
    in for it count), the natural cards of that rank in a run."""
    if combo.kind == "set":
        return len(cards) if combo.rank is rank else 0
    return sum(1 for c in cards if c.rank is rank)


# H5 7-watashi: up to one card per 7 to the next player; H6 10-sute: one discarded per 10.
_HOUSE_GIVES: tuple[tuple[Callable[[RuleSet], bool], Rank, EffectKind], ...] = (
    (lambda r: r.seven_pass, Rank.SEVEN, "give_next"),
    (lambda r: r.ten_discard, Rank.TEN, "discard"),
)

_GIVE_EFFECTS: dict[Rank, EffectKind] = {
    Rank.SIX: "give_previous",
    Rank.SEVEN: "give_next",
    Rank.EIGHT: "discard",
    Rank.NINE: "give_any",
}
