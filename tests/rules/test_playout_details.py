"""Fast playout details that the rules layer's mutation run showed untested. One rule per
test, the rule in its docstring."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from companion.rules.cards import Card, Rank, parse_cards
from companion.rules.moves import reference_legal_plays
from companion.rules.notation import Action
from companion.rules.playout import CAPPED, playout
from companion.rules.presets import get_preset
from companion.rules.referee import apply
from companion.rules.ruleset import RuleSet
from companion.rules.state import HandState

NAMES = ("A", "B", "C", "D")
# A leads; the others hold one 3 each and can only pass.
HANDS = tuple(parse_cards(h) for h in ("5♠ 5♥ 5♦ 9♣ 9♠", "3♠", "3♥", "3♦"))


class Scripted(random.Random):
    """Picks, at each draw, the scripted move when it is offered (else the first one), and
    keeps every list it drew from."""

    def __init__(self, script: Sequence[Any]) -> None:
        super().__init__(0)
        self.script = list(script)
        self.drawn_from: list[list[Any]] = []

    def choice(self, seq: Any) -> Any:
        self.drawn_from.append(list(seq))
        wanted = self.script.pop(0) if self.script else None
        return wanted if wanted in seq else seq[0]


def test_a_larger_set_of_the_same_rank_on_ones_own_cards_starts_a_new_trick() -> None:
    """P4 self_overplay=once with B3 higher_rank and equal plays forbidden: when everyone else
    passed, « 5 5 » on one's own « 5 » does not beat it (same rank), so it starts a new trick
    and its player may still play once on his own cards in that trick, as the step engine
    rules."""
    rules = get_preset("pagat").rules.with_options(
        self_overplay="once", larger_sets="higher_rank", equal_play="forbidden"
    )
    passes = [(Rank.JOKER, 0)] * 3
    gen = Scripted([(Rank.FIVE, 1), *passes, (Rank.FIVE, 2), *passes, (Rank.NINE, 2)])
    playout(rules, NAMES, HANDS, 0, gen, cap=9)
    offered = gen.drawn_from[8]  # A's turn once the others passed on his « 5 5 »
    assert (Rank.NINE, 2) in offered

    state = HandState.start(rules, NAMES, hands=dict(zip(NAMES, HANDS, strict=True)))
    for text in ("A: 5♠", "B: pass", "C: pass", "D: pass", "A: 5♥ 5♦"):
        state = apply(state, Action.parse(text))
    for name in "BCD":
        state = apply(state, Action.parse(f"{name}: pass"))
    assert Action.parse("A: 9♣ 9♠") in list(reference_legal_plays(state))


def test_a_capped_playout_still_lists_who_went_out_and_who_forfeited() -> None:
    """A playout stopped at its step cap reports the actions so far and empty lists of players
    out and of forfeits (nobody has finished yet), not missing ones."""
    rules = get_preset("pagat").rules
    result = playout(rules, NAMES, HANDS, 0, Scripted([(Rank.FIVE, 1)]), cap=2)
    assert result.end == CAPPED
    assert len(result.actions) == 2
    assert result.out == [] and result.forfeits == []


def _reference_after(rules: RuleSet, hands: tuple[tuple[Card, ...], ...], *texts: str) -> list[str]:
    """The step engine's legal actions after ``texts``, from the same deal."""
    state = HandState.start(rules, NAMES, hands=dict(zip(NAMES, hands, strict=True)))
    for text in texts:
        state = apply(state, Action.parse(text))
    return [str(a) for a in reference_legal_plays(state)]


def test_after_playing_once_on_his_own_cards_he_may_only_lead_anew() -> None:
    """P4 self_overplay=once with P7 one card at a time: once he has played on his own cards
    and everyone passed again, the top player may only gather the trick or lead a card that
    does not beat his own (here the 4, not a 9), as the step engine rules."""
    rules = get_preset("pagat").rules.with_options(self_overplay="once", single_cards_only=True)
    hands = (parse_cards("5♠ 6♠ 9♣ 9♠ 4♠"), *HANDS[1:])
    passes = [(Rank.JOKER, 0)] * 3
    gen = Scripted([(Rank.FIVE, 1), *passes, (Rank.SIX, 1), *passes])
    playout(rules, NAMES, hands, 0, gen, cap=9)
    assert gen.drawn_from[8] == [(Rank.FOUR, 1), (Rank.JOKER, 0)]
    texts = ("A: 5♠", "B: pass", "C: pass", "D: pass", "A: 6♠", "B: pass", "C: pass", "D: pass")
    assert _reference_after(rules, hands, *texts) == ["A: 4♠", "A: pass"]


def test_a_player_who_gathers_and_cannot_finish_hands_the_lead_on() -> None:
    """P4 self_overplay=once with B12 (a 2 may not be the last card): a player who gathers
    the trick holding only a 2 cannot lead; he passes and the next player leads, as the step
    engine rules."""
    rules = get_preset("pagat").rules.with_options(
        self_overplay="once", forbidden_finish=frozenset({"2"})
    )
    hands = (parse_cards("5♠ 2♠"), *HANDS[1:])
    passes = [(Rank.JOKER, 0)] * 3
    gen = Scripted([(Rank.FIVE, 1), *passes, (Rank.JOKER, 0), (Rank.JOKER, 0)])
    result = playout(rules, NAMES, hands, 0, gen, cap=7)
    assert gen.drawn_from[5] == [(Rank.JOKER, 0)]  # after gathering, only a pass
    assert gen.drawn_from[6] == [(Rank.THREE, 1)]  # B leads
    assert [str(a) for a in result.actions[4:7]] == ["A: pass", "A: pass", "B: 3♠"]
    texts = ("A: 5♠", "B: pass", "C: pass", "D: pass", "A: pass", "A: pass")
    assert _reference_after(rules, hands, *texts) == ["B: 3♠"]


def _offered(rules: RuleSet, hands: tuple[tuple[Card, ...], ...], script: list[Any]) -> list[Any]:
    """The lists a scripted playout drew from, one per action."""
    gen = Scripted(script)
    playout(rules, NAMES, hands, 0, gen, cap=len(script) + 1)
    return gen.drawn_from


def test_a_joker_in_hand_does_not_hide_the_other_ranks() -> None:
    """Holding a joker before other cards, a player may beat with the joker or with any
    higher rank he holds, or pass."""
    rules = get_preset("pagat").rules.with_options(jokers=2)
    hands = (parse_cards("5♠ 3♣"), parse_cards("JKR 9♠"), *HANDS[2:])
    drawn = _offered(rules, hands, [(Rank.FIVE, 1)])
    assert drawn[1] == [(Rank.JOKER, 1), (Rank.NINE, 1), (Rank.JOKER, 0)]


def test_an_equal_play_skips_the_next_player_and_a_higher_one_does_not() -> None:
    """B2 skips_next: an equal play skips one player; a higher play skips nobody."""
    rules = get_preset("pagat").rules.with_options(equal_play="skips_next")
    hands = (parse_cards("5♠ 3♣"), parse_cards("5♥ 9♠ 4♣"), *HANDS[2:])
    equal = Scripted([(Rank.FIVE, 1), (Rank.FIVE, 1)])
    result = playout(rules, NAMES, hands, 0, equal, cap=3)
    assert str(result.actions[2]) == "D: pass"  # C skipped
    higher = Scripted([(Rank.FIVE, 1), (Rank.NINE, 1)])
    result = playout(rules, NAMES, hands, 0, higher, cap=3)
    assert str(result.actions[2]) == "C: pass"


def test_an_equal_joker_on_a_joker_skips_one_player() -> None:
    """B5 beat_all with B2 skips_next and equal jokers: a lone joker on a lone joker is an
    equal play and skips one player, as the step engine rules."""
    rules = get_preset("pagat").rules.with_options(
        jokers=2, joker_power="beat_all", equal_play="skips_next"
    )
    hands = (parse_cards("JKR 3♣"), parse_cards("JKB 4♣"), *HANDS[2:])
    result = playout(rules, NAMES, hands, 0, Scripted([(Rank.JOKER, 1), (Rank.JOKER, 1)]), cap=3)
    assert str(result.actions[2]) == "D: pass"
    state = HandState.start(rules, NAMES, hands=dict(zip(NAMES, hands, strict=True)))
    state = apply(apply(state, Action.parse("A: JKR")), Action.parse("B: JKB"))
    assert state.next_player == "D"


def test_one_round_gives_each_player_one_turn() -> None:
    """P1 one_round: after the lead each player speaks once; a play does not end the trick
    before everyone has had his turn."""
    rules = get_preset("pagat").rules.with_options(trick_rounds="one_round")
    hands = (parse_cards("5♠ 3♣"), parse_cards("9♠ 4♣"), *HANDS[2:])
    result = playout(rules, NAMES, hands, 0, Scripted([(Rank.FIVE, 1), (Rank.NINE, 1)]), cap=3)
    assert str(result.actions[2]) == "C: pass"


def test_when_nobody_can_lead_the_hand_ends_in_seat_order_from_the_last_to_pass() -> None:
    """B12 (a 2 may not be the last card): when every player holds only a 2, nobody can
    lead: the hand ends, the players ranked in seat order from the last one who passed, as
    the step engine rules."""
    rules = get_preset("pagat").rules.with_options(forbidden_finish=frozenset({"2"}))
    hands = tuple(parse_cards(c) for c in ("2♠", "2♥", "2♦", "2♣"))
    result = playout(rules, NAMES, hands, 0, Scripted([]), cap=10)
    assert [str(a) for a in result.actions] == ["A: pass", "B: pass", "C: pass", "D: pass"]
    assert result.out == [3, 0, 1, 2]
    state = HandState.start(rules, NAMES, hands=dict(zip(NAMES, hands, strict=True)))
    for action in result.actions:
        state = apply(state, action)
    assert state.over and state.finishing_order == ("D", "A", "B", "C")


def test_a_rank_held_too_few_times_does_not_hide_the_ranks_after_it() -> None:
    """On a pair, a rank held once cannot beat, but a pair held after it in the hand still
    can: both are looked at, as the step engine lists them."""
    rules = get_preset("pagat").rules
    hands = (parse_cards("5♠ 5♥ 3♣"), parse_cards("9♠ K♠ K♥"), *HANDS[2:])
    drawn = _offered(rules, hands, [(Rank.FIVE, 2)])
    assert drawn[1] == [(Rank.KING, 2), (Rank.JOKER, 0)]
    assert _reference_after(rules, hands, "A: 5♠ 5♥") == ["B: K♠ K♥", "B: pass"]
