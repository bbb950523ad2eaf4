"""The compact state plays exactly as the step engine (``companion/rules/compact.py``).

``legal_plays`` and ``apply`` play the rule sets ``compact.covers`` on a compact state, and
``simulate`` is a loop over them. Here each random hand is played again with the reference
generator (``reference_legal_plays``, the full transition tried on every candidate) and
``step``, from the same seed: at every state the list drawn from must be the reference's
legal actions in the same order, the action drawn the same, the next state the same (its
compact form read back from the reference state), and the finishing order and the final
state the same. Every covered preset at every table size, and random option combinations
drawn by Hypothesis.

The slow run plays ``COMPANION_PLAYOUT_HANDS`` hands (default 20,000):

    COMPANION_PLAYOUT_HANDS=20000 python -m pytest -m slow tests/rules/test_compact.py -s
"""

from __future__ import annotations

import os
import random
from collections.abc import Sequence
from dataclasses import replace
from typing import Any, TypeVar

import pytest
from hypothesis import given
from hypothesis import strategies as st
from random_tables import draw_table, long_run, sample_run

from companion.rules.cards import Card, Rank, parse_cards
from companion.rules.compact import Core, core_of, covers, read_core
from companion.rules.fast_path import FastState
from companion.rules.hand import step
from companion.rules.moves import legal_plays, reference_legal_plays
from companion.rules.notation import Action
from companion.rules.presets import PRESETS, get_preset
from companion.rules.referee import IllegalActionError, apply, judge
from companion.rules.ruleset import RuleSet
from companion.rules.simulate import deal, default_players, simulate
from companion.rules.state import HandState

OVER, CAPPED = "over", "capped"


class Playout:
    """What a scripted loop over the public API did (the actions, who went out and who
    forfeited, in order, and how it ended)."""

    def __init__(self, actions: list[Action], state: HandState, end: str) -> None:
        self.actions = actions
        self.out = list(state.out)
        self.forfeits = list(state.forfeits)
        self.end = end


def move_of(action: Action) -> tuple[Rank, int]:
    """An action as the move ``(rank, count)`` it makes (a pass: ``(Rank.JOKER, 0)``)."""
    cards = action.play.cards
    return (cards[0].rank, len(cards)) if cards else (Rank.JOKER, 0)


def playout(
    rules: RuleSet,
    names: Sequence[str],
    hands: Sequence[tuple[Card, ...]],
    leader: int,
    gen: random.Random,
    cap: int,
) -> Playout:
    """The public API's random loop from given hands: at each state ``gen`` picks a move
    ``(rank, count)`` among those of ``legal_plays`` (in its order), and ``apply`` plays it."""
    state = HandState.start(
        rules, tuple(names), leader=names[leader], hands=dict(zip(names, hands, strict=True))
    )
    actions: list[Action] = []
    while not state.over:
        if len(actions) >= cap:
            return Playout(actions, state, CAPPED)
        options = list(legal_plays(state))
        moves = [move_of(a) for a in options]
        action = options[moves.index(gen.choice(moves))]
        state = apply(state, action)
        actions.append(action)
    return Playout(actions, state, OVER)


T = TypeVar("T")
PLAYOUT_HANDS = int(os.environ.get("COMPANION_PLAYOUT_HANDS", "20000"))
SLOW_EXAMPLES = 500
COVERED = sorted(pid for pid, p in PRESETS.items() if covers(p.rules))


class Recording(random.Random):
    """A seeded generator that keeps every sequence ``choice`` draws from."""

    def __init__(self, seed: int) -> None:
        super().__init__(seed)
        self.drawn_from: list[list[Any]] = []

    def choice(self, seq: Sequence[T]) -> T:
        self.drawn_from.append(list(seq))
        return super().choice(seq)


def compare(rules: RuleSet, players: int, preset: str | None, seed: int) -> int:
    """Play one hand with ``simulate`` and again with the reference; returns its actions."""
    names = default_players(players)
    gen = Recording(seed)
    hand = simulate(rules, names, gen, preset)
    lists = gen.drawn_from[1:]  # the first draw picks the leader
    ref = random.Random(seed)
    hands = deal(rules, names, ref)
    leader = ref.choice(names)
    state = HandState.start(rules, names, leader=leader, hands=hands, preset=preset)
    assert hand.start == state
    assert len(lists) == len(hand.actions)
    fast = hand.start
    for i, action in enumerate(hand.actions):
        options = list(reference_legal_plays(state))
        drawn = lists[i]  # simulate draws among legal_plays' actions
        assert drawn == options, f"seed={seed} step={i}: {drawn} != {options}"
        expected = ref.choice(options)
        assert action == expected, f"seed={seed} step={i}"
        code, after, _ = step(state, action)
        assert after is not None, code
        state = after
        fast = apply(fast, action)
        # The compact state carried on equals the one read from the reference state (its
        # own bookkeeping, before the trick is built from the reference), then the states.
        assert same_core(fast, state), f"seed={seed} step={i}"
        assert fast == state, f"seed={seed} step={i}"
    assert state.over
    assert hand.finishing_order == state.finishing_order
    assert hand.final == state
    return len(hand.actions)


CORE_FIELDS = tuple(f for f in Core.__slots__ if f not in ("r", "offers", "cands"))  # not caches


def same_core(fast: HandState, reference: HandState) -> bool:
    """Whether the compact state ``fast`` carries is the one read from ``reference``'s
    fields (both None once the hand is over or where it is not covered). A state the step
    engine built (a card owed, B13 give_discard) carries none: its own is read."""
    own = fast._core if isinstance(fast, FastState) else core_of(fast)
    carried = own if isinstance(own, Core) else None
    read = read_core(reference)
    if carried is None or read is None:
        return carried is None and read is None
    return all(getattr(carried, f) == getattr(read, f) for f in CORE_FIELDS)


@pytest.mark.parametrize("pid", COVERED)
def test_every_covered_preset_plays_as_the_reference(pid: str) -> None:
    """Under each covered preset, at every table size it allows, random hands played on the
    fast path draw from the reference's legal actions and end in the reference's state."""
    preset = PRESETS[pid]
    for players in range(preset.players[0], preset.players[1] + 1):
        for seed in range(3):
            compare(preset.rules, players, pid, seed * 1000 + players)


def test_the_basic_presets_take_the_fast_path() -> None:
    """The presets the benchmark compares with the naive simulator are covered, and so are
    those with wild cards (hubere, strutz, daifugo), jokers ranked by colour and twos that
    beat with one card fewer (concierge), and the 8 that ends a trick (daifugo)."""
    assert {"pagat", "classique", "president", "trou-du-cul"} <= set(COVERED)
    assert {"hubere", "strutz", "concierge", "daifugo"} <= set(COVERED)


@st.composite
def covered_tables(draw: st.DrawFn) -> tuple[str | None, RuleSet, int]:
    """A preset, or one with up to five options changed, that the compact state covers."""
    return draw_table(draw, covers)


@sample_run(25)
@given(table=covered_tables(), seed=st.integers(0, 2**32 - 1))
def test_random_options_play_as_the_reference(
    table: tuple[str | None, RuleSet, int], seed: int
) -> None:
    """Under random covered option combinations, the compact state equals the reference."""
    pid, rules, players = table
    compare(rules, players, pid, seed)


# Option combinations that reach the compact state's rarer branches: a finish on a forbidden card
# ranked last, equal plays that skip players (jokers among them), larger sets of any rank on
# jokers, everyone stuck with forbidden finishes, one round per trick with skips; the
# high-and-low 2 and transparent cards beside jokers, runs of one rank and revolutions; cards
# given and discarded.
CORNERS: dict[str, dict[str, Any]] = {
    "forfeit": {
        "forbidden_finish": frozenset({"2", "A", "joker"}),
        "forbidden_finish_penalty": "last_place",
        "jokers": 1,
    },
    "equal jokers skip": {
        "equal_play": "skips_next",
        "jokers": 2,
        "joker_power": "beat_all",
        "larger_sets": "any_rank",
    },
    "jokers of rank": {"jokers": 2, "larger_sets": "higher_rank", "equal_play": "allowed"},
    "quads on a joker": {"jokers": 2, "joker_power": "beat_all_but_quad", "decks": 2},
    "all stuck": {"forbidden_finish": frozenset({"2", "A", "joker"}), "jokers": 2},
    "one round skips": {
        "trick_rounds": "one_round",
        "equal_play": "skips_next",
        "must_beat": True,
        "lead_after_out": "next_right",
    },
    "overplay once": {
        "self_overplay": "once",
        "pass_is_final": False,
        "equal_play": "skips_next",
        "jokers": 1,
        "joker_power": "beat_all",
    },
    "anticlockwise singles": {"direction": "anticlockwise", "single_cards_only": True},
    "high and low": {
        "twos": "high_and_low",
        "jokers": 2,
        "joker_power": "beat_all",
        "must_beat": True,
    },
    "high and low, jokers by colour": {
        "twos": "high_and_low",
        "jokers": 2,
        "joker_order": "coloured_high",
        "joker_power": "beat_all",
        "larger_sets": "higher_rank",
    },
    "transparent threes": {
        "transparent": 3,
        "equal_play": "skips_next",
        "rule_of_four": "follow",
        "jokers": 1,
    },
    "transparent fours turn": {
        "transparent": 4,
        "rule_of_four": "magic_square",
        "equal_play": "allowed",
        "revolution": "quad",
        "self_overplay": "once",
        "pass_is_final": False,
    },
    "sofia": {
        "special_high_cards": "jokers_jacks_twos",
        "jokers": 2,
        "decks": 2,
        "transparent": 3,
        "equal_play": "skips_next",
    },
    "cards owed": {
        "card_effects": "give_discard",
        "ten_discard": True,
        "equal_play": "skips_next",
        "jokers": 1,
    },
    "quad and direction": {
        "revolution": "quad_and_direction",
        "transparent": 3,
        "twos": "high_and_low",
        "equal_play": "allowed",
    },
    "coups d'État": {
        "coup_detat": True,
        "jokers": 2,
        "decks": 2,
        "reverse_rank": "Q",
        "jack_back": True,
        "self_overplay": "once",
        "pass_is_final": False,
    },
    "natural wins, jokers by colour": {
        "wild_cards": frozenset({"2"}),
        "twos": "normal",
        "wild_vs_natural": "natural_wins",
        "equal_play": "skips_next",
        "jokers": 2,
        "joker_order": "coloured_high",
    },
    "wild wins, transparent, sofia": {
        "wild_cards": frozenset({"2"}),
        "twos": "normal",
        "wild_vs_natural": "wild_wins",
        "wild_alone": "highest",
        "transparent": 3,
        "special_high_cards": "jokers_jacks_twos",
        "jokers": 2,
    },
}


@pytest.mark.parametrize("corner", sorted(CORNERS))
def test_rarer_branches_play_as_the_reference(corner: str) -> None:
    """Option combinations chosen to reach the compact state's rarer branches (a forfeit, equal
    jokers skipping players, every leader stuck…) still play as the reference."""
    rules = PRESETS["pagat"].rules.with_options(**CORNERS[corner])
    assert covers(rules)
    for players in (2, 3, 4, 6):
        for seed in range(6):
            compare(rules, players, None, seed)


def compare_from(rules: RuleSet, hands: dict[str, str], seed: int) -> tuple[str, ...]:
    """``playout`` from given hands (the first player leads) against the reference loop,
    both drawing from ``random.Random(seed)``; returns the finishing order."""
    names = tuple(hands)
    held = tuple(parse_cards(hands[name]) for name in names)
    fast = playout(rules, names, held, 0, random.Random(seed), 10_000)
    assert fast.end == OVER
    ref = random.Random(seed)
    state = HandState.start(
        rules, names, leader=names[0], hands=dict(zip(names, held, strict=True))
    )
    for action in fast.actions:
        assert action == ref.choice(list(reference_legal_plays(state)))
        state = step(state, action)[1]  # type: ignore[assignment]
    assert state.over
    order = tuple(names[i] for i in (*fast.out, *reversed(fast.forfeits)))
    assert order == state.finishing_order
    return order


def test_everyone_stuck_ends_the_hand_as_the_reference() -> None:
    """B12: when every player left holds only cards he may not finish on, the hand ends with
    them in the order they sit, from the one who passed last (as the reference ends it)."""
    rules = PRESETS["pagat"].rules.with_options(forbidden_finish=frozenset({"2", "A"}))
    orders = {compare_from(rules, {"A": "2♠", "B": "A♠", "C": "2♥ 5♣"}, s) for s in range(8)}
    # C leads 5♣ first (then he too is stuck on his 2, and B passes last), or 2♥ then 5♣
    # (he goes out, and A then B pass with nothing they may finish on).
    assert orders == {("B", "C", "A"), ("C", "B", "A")}


def test_equal_skips_that_come_round_give_the_turn_back() -> None:
    """B2 skips_next: when the skips of an equal play come round to its player, he plays
    again (two players; a pair of fives on a five skips two)."""
    rules = PRESETS["pagat"].rules.with_options(equal_play="skips_next", larger_sets="higher_rank")
    for seed in range(30):
        compare_from(rules, {"A": "5♠ 9♠ K♠", "B": "5♥ 5♦ 9♥ K♥"}, seed)
        compare_from(rules, {"A": "5♠ 9♠", "B": "5♥ 5♦ 7♣", "C": "5♣ 8♦ 8♥"}, seed)


def test_rule_sets_outside_the_compact_state_still_play() -> None:
    """A rule set the compact state does not cover (H8 shibari: the suits lock a trick)
    plays on the step-based path, and the recorded draws are then the reference's own
    actions."""
    rules = PRESETS["daifugo"].rules.with_options(shibari=True)
    assert not covers(rules)
    compare(rules, 4, "daifugo", 5)


def test_a_stuck_leader_hands_the_lead_on() -> None:
    """B12 (illegal forbidden finish): a leader holding only a card he may not finish on
    passes, and the compact state follows the reference through those passes."""
    rules = PRESETS["trou-du-cul"].rules.with_options(forbidden_finish=frozenset({"2", "A"}))
    assert covers(rules)
    played = sum(compare(rules, 3, None, seed) for seed in range(40))
    assert played > 0
    start = HandState.start(
        rules, ("A", "B"), hands={"A": parse_cards("2♠"), "B": parse_cards("A♠")}
    )
    assert list(reference_legal_plays(start)) == [Action("A")]


def test_cards_are_played_in_the_order_held() -> None:
    """The cards of a play are the first ones of their rank in the hand, as legal_plays
    gives them."""
    hand = simulate(PRESETS["pagat"].rules, 4, 3, "pagat")
    held = {
        name: list(cards or ())
        for name, cards in zip(hand.start.players, hand.start.hands, strict=True)
    }
    for action in hand.actions:
        if not action.play.cards:
            continue
        mine = held[action.player]
        rank = action.play.cards[0].rank
        assert (
            list(action.play.cards) == [c for c in mine if c.rank is rank][: len(action.play.cards)]
        )
        for card in action.play.cards:
            mine.remove(card)
    assert Rank.TWO in {c.rank for h in hand.start.hands for c in h or ()}
    assert all(isinstance(c, Card) for c in held["P1"])


TOTAL = [0, 0]


@pytest.mark.slow
@long_run(SLOW_EXAMPLES)
@given(table=covered_tables(), seed=st.integers(0, 2**32 - 1))
def test_many_hands_play_as_the_reference(
    table: tuple[str | None, RuleSet, int], seed: int
) -> None:
    """The long run: ``COMPANION_PLAYOUT_HANDS`` hands over ``SLOW_EXAMPLES`` tables."""
    pid, rules, players = table
    for k in range(-(-PLAYOUT_HANDS // SLOW_EXAMPLES)):
        TOTAL[1] += compare(rules, players, pid, seed + k)
        TOTAL[0] += 1
    print(f"playout hands compared so far: {TOTAL[0]:,} ({TOTAL[1]:,} actions)", flush=True)


@pytest.mark.slow
def test_many_hands_total() -> None:
    """Runs after the long run: reports how many hands it compared."""
    print(f"\nplayout hands compared: {TOTAL[0]:,} ({TOTAL[1]:,} actions)")
    assert TOTAL[0] >= PLAYOUT_HANDS


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


def test_another_players_overplay_does_not_give_back_ones_own() -> None:
    """P4 self_overplay=once with P3 pass_is_final off: a player plays once on his own cards
    in a trick, and another player's overplay in between does not give him a second time.
    A and then B each play once on their own cards; when B passes on A's 7, A may only lead
    anew with what does not beat it (the 5, not the 8) or gather, as the step engine rules."""
    rules = get_preset("pagat").rules.with_options(self_overplay="once", pass_is_final=False)
    names = ("A", "B")
    hands = (parse_cards("3♠ 4♠ 5♥ 7♠ 8♠"), parse_cards("5♠ 6♠ 9♠ Q♠"))
    passing = (Rank.JOKER, 0)
    script = [(Rank.THREE, 1), passing, (Rank.FOUR, 1), (Rank.FIVE, 1), passing]
    script += [(Rank.SIX, 1), (Rank.SEVEN, 1), passing]
    gen = Scripted(script)
    result = playout(rules, names, hands, 0, gen, cap=len(script) + 1)
    texts = [str(a) for a in result.actions[:8]]
    assert texts == ["A: 3♠", "B: pass", "A: 4♠", "B: 5♠", "A: pass", "B: 6♠", "A: 7♠", "B: pass"]
    assert gen.drawn_from[8] == [(Rank.FIVE, 1), (Rank.JOKER, 0)]
    state = HandState.start(rules, names, hands=dict(zip(names, hands, strict=True)))
    for action in result.actions[:8]:
        state = apply(state, action)
    assert [str(a) for a in reference_legal_plays(state)] == ["A: 5♥", "A: pass"]


# -- the public API on the compact state ------------------------------------------------------


def _start(rules: RuleSet, hands: dict[str, str], **options: Any) -> HandState:
    """A hand of known cards (``{"A": "5♠ 9♣", …}``), the first player leading."""
    held = {name: parse_cards(text) for name, text in hands.items()}
    return HandState.start(rules, tuple(hands), hands=held, **options)


def _pagat_start() -> HandState:
    hands = {"A": "5♠ 5♥ 9♣ K♦", "B": "3♠ 7♥ 7♦ Q♣", "C": "4♥ 8♠ J♦ A♣", "D": "6♣ 6♦ 10♠ 2♥"}
    return _start(get_preset("pagat").rules, hands)


def _play_both(state: HandState, *texts: str) -> tuple[HandState, HandState]:
    """``texts`` played with ``apply`` (the compact state) and with ``step`` (the reference),
    checking after each action that the states and their compact forms are the same."""
    reference = state
    for text in texts:
        action = Action.parse(text)
        state = apply(state, action)
        after = step(reference, action)[1]
        assert after is not None, text
        reference = after
        assert same_core(state, reference) and state == reference, text
    return state, reference


def test_a_typed_action_is_played_as_the_same_action_drawn() -> None:
    """An action typed (not one of ``legal_plays``' own objects) is played on the compact
    state when its cards are held as written, and gives the step engine's next state."""
    state = _pagat_start()
    assert core_of(state) is not None
    for text in ("A: 5♥ 5♠", "B: 7♦ 7♥", "C: pass", "D: pass", "A: pass", "B: Q♣"):
        action = Action.parse(text)
        after = apply(state, action)
        assert isinstance(after, FastState)
        assert after == step(state, action)[1]
        state = after


def test_a_rank_keeps_its_place_in_the_legal_plays_while_its_first_card_is_held() -> None:
    """``legal_plays`` lists ranks in the order of their first card held. After a play of
    some of a rank's cards, that rank moves only when its first card went: here A leads one
    9♣ of two decks whose two 9♣ are one object (as ``make_deck`` deals them), so the 9s now
    come after the 5, then the K keeps its place after a K♦ that was not its first card."""
    nine, five = Card.parse("9♣"), Card.parse("5♠")
    rules = get_preset("pagat").rules.with_options(decks=2)
    hands = {
        "A": (nine, five, nine, Card.parse("K♠"), Card.parse("K♦")),
        "B": parse_cards("3♠ 3♥ 3♦ 3♣ 4♠"),
    }
    state = HandState.start(rules, ("A", "B"), hands=hands)
    state, reference = _play_both(state, "A: 9♣", "B: pass")
    assert [str(a) for a in legal_plays(state)] == [
        str(a) for a in reference_legal_plays(reference)
    ]
    assert [str(a) for a in legal_plays(state)] == ["A: 5♠", "A: 9♣", "A: K♠", "A: K♠ K♦"]
    state, reference = _play_both(state, "A: K♦", "B: pass")
    assert [str(a) for a in legal_plays(state)] == [
        str(a) for a in reference_legal_plays(reference)
    ]
    assert [str(a) for a in legal_plays(state)] == ["A: 5♠", "A: 9♣", "A: K♠"]


def test_a_refused_action_names_the_step_engines_reason() -> None:
    """An action the compact state does not find among the legal ones goes to the step engine,
    which refuses it with its reason: a lower card, a card not held, out of turn."""
    state = apply(_pagat_start(), Action.parse("A: 9♣"))
    for text, code in (("B: 7♥", "too-low"), ("B: K♦", "not-in-hand"), ("C: J♦", "not-your-turn")):
        action = Action.parse(text)
        with pytest.raises(IllegalActionError) as err:
            apply(state, action)
        assert err.value.ruling.code.value == code
        assert judge(state, action).code.value == code


def test_a_card_typed_without_its_suit_is_played_by_the_step_engine() -> None:
    """« A: 5 » (no suit) takes a held 5 as the step engine rules, and the hand goes on on the
    compact state from there."""
    state = _pagat_start()
    action = Action.parse("A: 5")
    after = apply(state, action)
    assert not isinstance(after, FastState)
    assert after == step(state, action)[1]
    assert after.hands[0] == parse_cards("5♥ 9♣ K♦")
    assert isinstance(apply(after, Action.parse("B: 7♥")), FastState)


def test_a_fast_states_trick_is_the_step_engines_deep_in_a_hand() -> None:
    """The trick of a state reached on the compact state, read last thing in a long hand, is
    the step engine's; so is every state's before it, read afterwards."""
    hand = simulate(get_preset("classique").rules, 6, 11, "classique")
    fast: list[HandState] = [hand.start]
    for action in hand.actions:
        fast.append(apply(fast[-1], action))
    reference = [hand.start]
    for action in hand.actions:
        after = step(reference[-1], action)[1]
        assert after is not None
        reference.append(after)
    assert len(hand.actions) > 100
    assert fast[-1].trick == reference[-1].trick  # built along the whole chain at once
    assert all(f.trick == r.trick for f, r in zip(fast, reference, strict=True))
    assert repr(fast[-1]) == repr(reference[-1])


def test_states_it_does_not_cover_are_left_to_the_step_engine() -> None:
    """No compact state for a hand not known, the opening card still to be played (H7), a
    rule set it does not cover (runs, B11), or a hand that is over."""
    rules = get_preset("pagat").rules
    unknown = HandState.start(rules, ("A", "B"), hands={"A": parse_cards("5♠"), "B": None})
    opening = HandState.start(
        rules,
        ("A", "B"),
        hands={"A": parse_cards("5♠"), "B": parse_cards("9♠")},
        opening=parse_cards("5♠")[0],
    )
    runs = HandState.start(
        rules.with_options(combinations="sets_and_runs"),
        ("A", "B"),
        hands={"A": parse_cards("5♠"), "B": parse_cards("9♠")},
    )
    over = apply(
        HandState.start(rules, ("A", "B"), hands={"A": parse_cards("5♠"), "B": parse_cards("9♠")}),
        Action.parse("A: 5♠"),
    )
    assert over.over
    assert [core_of(s) for s in (unknown, opening, runs, over)] == [None] * 4
    assert list(legal_plays(opening)) == list(reference_legal_plays(opening))


@pytest.mark.parametrize("revolution", ["quad", "quad_persistent"])
def test_a_four_of_a_kind_turns_the_order_over_on_the_compact_state(revolution: str) -> None:
    """B9 (revolution on a four of a kind, for the hand or lasting: within the hand both
    play alike, the table carries a lasting one into the next hands): the four 5s turn the
    card order over, so a 4 then beats a 9; the compact state plays it, and its states are
    the step engine's."""
    rules = get_preset("pagat").rules.with_options(revolution=revolution)
    assert covers(rules)
    start = _start(rules, {"A": "5♠ 5♥ 5♦ 5♣ 9♠", "B": "4♠ 8♥", "C": "3♠ K♦", "D": "6♣ Q♣"})
    texts = ("A: 5♠ 5♥ 5♦ 5♣", "B: pass", "C: pass", "D: pass", "A: 9♠", "B: 4♠")
    state, _ = _play_both(start, *texts)
    assert isinstance(state, FastState) and state.revolution


def test_the_best_ranked_player_leads_as_the_hand_was_started() -> None:
    """P6 highest_ranked: when the trick's winner is out, the lead goes to the best-ranked
    player still in, by the ranks the hand was started with (not the order players sit)."""
    rules = get_preset("pagat").rules.with_options(lead_after_out="highest_ranked")
    hands = {"A": "K♠", "B": "4♠ 8♥", "C": "3♠ 7♦", "D": "6♣ Q♣"}
    start = _start(rules, hands, ranks=("A", "D", "C", "B"))
    state, _ = _play_both(start, "A: K♠", "B: pass", "C: pass", "D: pass")
    assert isinstance(state, FastState)
    assert state.next_player == "D"
    assert [str(a) for a in legal_plays(state)] == ["D: 6♣", "D: Q♣"]


def test_angevin_sevens_and_aces_play_on_the_compact_state() -> None:
    """B13 angevin: after a 7 led, any rank of as many cards may follow (a 4 on a 7); an ace
    ends the trick and its player leads again. The compact state offers and plays them as
    the step engine does."""
    rules = get_preset("angevin").rules
    assert covers(rules)
    start = _start(rules, {"A": "7♠ A♦ 9♥", "B": "4♠ 8♥ K♣", "C": "3♠ 5♦ Q♦"})
    state = apply(start, Action.parse("A: 7♠"))
    assert "B: 4♠" in [str(a) for a in legal_plays(state)]
    state, reference = _play_both(state, "B: 4♠", "C: 5♦", "A: A♦")
    assert isinstance(state, FastState)
    assert state.next_player == "A" and state.to_beat is None  # the ace ended the trick
    assert list(legal_plays(state)) == list(reference_legal_plays(reference))


def test_a_copy_of_a_fast_state_plays_on() -> None:
    """``dataclasses.replace`` on a state the compact state built gives a state with every
    field, from which the hand goes on and whose successors' tricks are built."""
    state = apply(_pagat_start(), Action.parse("A: 9♣"))
    copy = replace(state, preset="pagat")
    assert copy.trick == state.trick and copy.preset == "pagat"
    after, reference = _play_both(copy, "B: Q♣", "C: A♣", "D: 2♥")
    assert after.trick == reference.trick


def test_after_a_revolution_a_player_may_not_finish_on_a_three() -> None:
    """B12 with B9: once a four of a kind turned the order over, the 3s are the highest and a
    player may not finish on one ("3" among the forbidden finishes, refused): holding only a
    3, the leader may not play it. The compact state rules as the step engine."""
    rules = get_preset("pagat").rules.with_options(
        revolution="quad", forbidden_finish=frozenset({"3"}), forbidden_finish_penalty="illegal"
    )
    assert covers(rules)
    start = _start(rules, {"A": "5♠ 5♥ 5♦ 5♣ 3♠", "B": "4♠ 8♥", "C": "6♠ K♦", "D": "9♣ Q♣"})
    state, reference = _play_both(start, "A: 5♠ 5♥ 5♦ 5♣", "B: pass", "C: pass", "D: pass")
    assert state.revolution and state.next_player == "A"
    assert list(legal_plays(state)) == list(reference_legal_plays(reference)) == [Action("A")]


def _offers(state: HandState) -> list[str]:
    """What ``legal_plays`` offers, as text; the reference must offer the same."""
    offered = [str(a) for a in legal_plays(state)]
    assert offered == [str(a) for a in reference_legal_plays(state)]
    return offered


def test_the_higher_joker_beats_the_lower_and_takes_the_trick() -> None:
    """D5 white_high with B5 beat_all (concierge): the black-and-white joker ranks above the
    coloured one, so it may follow it (P2: and must, holding nothing else that beats it);
    nothing can beat it, so its player takes the trick at once and leads again."""
    rules = get_preset("concierge").rules
    start = _start(rules, {"A": "JKR 5♠", "B": "JKB 6♠", "C": "3♠ 4♦"})
    state, _ = _play_both(start, "A: JKR")
    assert _offers(state) == ["B: JKB"]
    state, _ = _play_both(state, "B: JKB")
    assert isinstance(state, FastState)
    assert state.next_player == "B" and state.to_beat is None


def test_each_pick_of_jokers_by_colour_is_its_own_play() -> None:
    """D5: where jokers rank by colour, a lone coloured joker and a lone black one are two
    plays, and so are the pairs they make; natural cards of one rank stay one play per count,
    whatever their suits (suits never decide)."""
    rules = get_preset("concierge").rules
    start = _start(rules, {"A": "JKR JKB 5♠ 5♥ 5♦", "B": "6♠", "C": "3♠"})
    fives = ["A: 5♠", "A: 5♠ 5♥", "A: 5♠ 5♥ 5♦"]
    assert _offers(start) == ["A: JKR", "A: JKB", "A: JKR JKB", *fives]


def test_one_two_fewer_beats_a_set_and_stands_for_as_many_cards() -> None:
    """B4 one_fewer (concierge): two 2s beat three kings, and stand for three cards: the next
    player, holding no three cards that beat them, may only pass."""
    rules = get_preset("concierge").rules
    start = _start(rules, {"A": "K♠ K♥ K♦ 5♠", "B": "2♠ 2♥ 6♣", "C": "3♠ 3♦ A♣"})
    state, _ = _play_both(start, "A: K♠ K♥ K♦")
    assert "B: 2♠ 2♥" in _offers(state)
    state, _ = _play_both(state, "B: 2♥ 2♠")  # typed in another order: held as written
    assert isinstance(state, FastState)
    assert state.trick.top is not None and state.trick.top.combo.count == 3
    assert _offers(state) == ["C: pass"]


def test_a_lone_two_under_atout_beats_three_kings_and_takes_the_trick() -> None:
    """B4 atout (WIKI): a lone 2 beats any set, three kings included, and its player takes
    the trick at once and leads again."""
    rules = get_preset("pagat").rules.with_options(twos="atout")
    assert covers(rules)
    start = _start(rules, {"A": "K♠ K♥ K♦ 5♠", "B": "2♠ 6♣", "C": "3♠ 3♦ A♣"})
    state, _ = _play_both(start, "A: K♠ K♥ K♦")
    assert _offers(state) == ["B: 2♠", "B: pass"]
    state, _ = _play_both(state, "B: 2♠")
    assert isinstance(state, FastState)
    assert state.next_player == "B" and state.to_beat is None


def test_a_lone_two_under_beat_all_with_jokers_leaves_the_trick_open() -> None:
    """B4 beat_all (PAGAT « Un seul deux gagne »): a lone 2 beats a pair, but with jokers in
    the pack one may still beat it, so the trick goes on and a joker may follow."""
    rules = get_preset("pagat").rules.with_options(twos="beat_all", jokers=2)
    assert covers(rules)
    start = _start(rules, {"A": "Q♠ Q♥ 5♠", "B": "2♠ 6♣", "C": "JKR 4♦"})
    state, _ = _play_both(start, "A: Q♠ Q♥")
    state, _ = _play_both(state, "B: 2♠")
    assert isinstance(state, FastState)
    assert state.next_player == "C" and "C: JKR" in _offers(state)


def test_a_lone_two_on_a_lone_two_is_an_equal_play() -> None:
    """B4 beat_all with B2 skips_next: a lone 2 on a lone 2 is an equal play and skips the
    next player (a card as high stops the 2's power, which never skips); under atout the 2 on
    the 9 takes the trick at once."""
    rules = get_preset("pagat").rules.with_options(
        twos="beat_all", jokers=1, equal_play="skips_next"
    )
    assert covers(rules)
    hands = {"A": "9♥ 5♠", "B": "2♠ 6♣", "C": "2♦ 4♦", "D": "7♠ 8♦"}
    state, _ = _play_both(_start(rules, hands), "A: 9♥", "B: 2♠", "C: 2♦")
    assert isinstance(state, FastState)
    assert state.next_player == "A"  # D skipped by the equal 2
    won, _ = _play_both(_start(rules.with_options(twos="atout"), hands), "A: 9♥", "B: 2♠")
    assert won.next_player == "B" and won.to_beat is None


def test_after_an_equal_play_only_its_rank_may_follow() -> None:
    """B10 follow: after an equal play (a 5 on a 5) the next player may only play a 5 or
    pass, though his king would beat it; before it, the king may be played."""
    rules = get_preset("pagat").rules.with_options(equal_play="allowed", rule_of_four="follow")
    assert covers(rules)
    hands = {"A": "5♠ 9♠", "B": "5♥ 6♣", "C": "5♦ K♠", "D": "7♠ 8♦"}
    state, _ = _play_both(_start(rules, hands), "A: 5♠")
    assert "B: 6♣" in _offers(state)
    state, _ = _play_both(state, "B: 5♥")
    assert isinstance(state, FastState)
    assert _offers(state) == ["C: 5♦", "C: pass"]


def test_the_fourth_card_of_a_rank_in_a_row_ends_the_trick() -> None:
    """B10 magic_square: four 5s played one after another, an equal play among them, end
    the trick: the player of the fourth leads again."""
    rules = get_preset("pagat").rules.with_options(
        equal_play="allowed", rule_of_four="magic_square"
    )
    assert covers(rules)
    hands = {"A": "5♠ 9♠", "B": "5♥ 6♣", "C": "5♦ K♠", "D": "5♣ 8♦"}
    texts = ("A: 5♠", "B: 5♥", "C: 5♦", "D: 5♣")
    state, _ = _play_both(_start(rules, hands), *texts)
    assert isinstance(state, FastState)
    assert state.next_player == "D" and state.to_beat is None


def test_after_a_play_out_of_turn_the_hand_goes_on_on_the_compact_state() -> None:
    """B14 speed play: a 5 played out of turn on a 5 is the step engine's; the turn goes on
    after its player, and the next play is on the compact state again, as the reference."""
    rules = get_preset("pagat").rules.with_options(speed_play=True, equal_play="allowed")
    assert covers(rules)
    hands = {"A": "5♠ 9♠", "B": "6♥ 6♣", "C": "5♦ K♠", "D": "7♠ 8♦"}
    led, _ = _play_both(_start(rules, hands), "A: 5♠")
    speed = apply(led, Action.parse("C: 5♦"))
    assert speed == step(led, Action.parse("C: 5♦"))[1]
    assert speed.next_player == "D"
    state, _ = _play_both(speed, "D: 7♠")
    assert isinstance(state, FastState)


def test_wild_cards_stand_in_beside_a_rank_or_alone() -> None:
    """D6 (Hűbéres: jokers, 2s and 3s wild; alone they rank highest): a leader may play each
    rank alone or with wild cards beside it, then the wild cards alone; a 6 with a wild 3 is
    a pair of 6s, which beats a pair of 5s made the same way."""
    rules = get_preset("hubere").rules
    start = _start(rules, {"A": "5♠ 2♥ 9♣", "B": "6♠ 3♣ K♥", "C": "4♠ 7♦", "D": "8♠ 10♦"})
    assert _offers(start) == ["A: 5♠", "A: 5♠ 2♥", "A: 9♣", "A: 9♣ 2♥", "A: 2♥"]
    state, _ = _play_both(start, "A: 5♠ 2♥")
    assert "B: 6♠ 3♣" in _offers(state)
    state, _ = _play_both(state, "B: 6♠ 3♣")
    assert isinstance(state, FastState)
    assert state.trick.top is not None and state.trick.top.combo.rank is Rank.SIX


def test_strutz_nines_invert_the_order_for_the_trick() -> None:
    """B13 Strutz: after a 9 the card order is inverted until the trick ends, so a 4 beats it
    and a king does not."""
    rules = get_preset("strutz").rules
    start = _start(rules, {"A": "9♠ 5♣", "B": "4♠ K♥", "C": "6♦ Q♣"})
    state, _ = _play_both(start, "A: 9♠")
    assert isinstance(state, FastState)
    assert _offers(state) == ["B: 4♠", "B: pass"]


def test_strutz_eights_turn_sevens_skip_and_tens_take_the_trick() -> None:
    """B13 Strutz: one 8 turns the direction of play (C plays after A), a 7 skips the next
    player, a 10 ends the trick and its player leads again."""
    rules = get_preset("strutz").rules
    hands = {"A": "8♠ 7♣ 10♦ 3♠", "B": "4♠ 5♥", "C": "6♦ 2♣"}
    eight, _ = _play_both(_start(rules, hands), "A: 8♠")
    seven, _ = _play_both(_start(rules, hands), "A: 7♣")
    ten, _ = _play_both(_start(rules, hands), "A: 10♦")
    assert eight.next_player == "C" and seven.next_player == "C"
    assert ten.next_player == "A" and ten.to_beat is None
    assert all(isinstance(s, FastState) for s in (eight, seven, ten))


@pytest.mark.parametrize(
    ("option", "play"),
    [("eight_stop", "A: 8♠"), ("quad_stop", "A: 5♠ 5♥ 5♦ 5♣"), ("top_stop", "A: 2♠")],
)
def test_house_rules_that_end_the_trick_play_on_the_compact_state(option: str, play: str) -> None:
    """H1 8-giri (an 8), H9 (four cards or more), H10 (the top rank, the 2 here): the play
    ends the trick at once, and its player leads again."""
    rules = get_preset("pagat").rules.with_options(**{option: True})
    assert covers(rules)
    hands = {"A": "8♠ 5♠ 5♥ 5♦ 5♣ 2♠ 3♠", "B": "9♠ K♥", "C": "6♦ Q♣"}
    state, _ = _play_both(_start(rules, hands), play)
    assert isinstance(state, FastState)
    assert state.next_player == "A" and state.to_beat is None


def test_fives_skip_and_the_chosen_rank_turns_the_direction() -> None:
    """H4 5-skip: a 5 skips the next player (C plays after A); H11 with the 9: one 9 turns
    the direction of play (C plays after A, then B)."""
    hands = {"A": "5♠ 9♠ 3♠", "B": "10♠ K♥", "C": "6♦ Q♣"}
    five = get_preset("pagat").rules.with_options(five_skip=True)
    nine = get_preset("pagat").rules.with_options(reverse_rank="9")
    skipped, _ = _play_both(_start(five, hands), "A: 5♠")
    turned, _ = _play_both(_start(nine, hands), "A: 9♠", "C: Q♣")
    assert isinstance(skipped, FastState) and skipped.next_player == "C"
    assert isinstance(turned, FastState) and turned.next_player == "B"


def test_a_jack_inverts_the_order_until_the_trick_ends() -> None:
    """H2 11-back: after a jack the card order is inverted until the trick ends, so a 4
    beats it and a king does not; the next trick is in the usual order again."""
    rules = get_preset("pagat").rules.with_options(jack_back=True)
    start = _start(rules, {"A": "J♠ 5♣", "B": "4♠ K♥", "C": "6♦ Q♣"})
    state, _ = _play_both(start, "A: J♠")
    assert isinstance(state, FastState)
    assert _offers(state) == ["B: 4♠", "B: pass"]
    state, _ = _play_both(state, "B: 4♠", "C: pass", "A: pass")
    assert state.next_player == "B" and "B: K♥" in _offers(state)


def test_a_new_trick_after_a_gathered_inverted_one_starts_in_the_hands_order() -> None:
    """P4 with H2: when everyone passed on a jack (the order inverted for that trick), its
    player's second jack does not beat his own, so it leads a new trick, read in the hand's
    order and then inverted by the jack: a 9 (lower than a jack) may follow, a king may not.
    (The step engine kept the new jack keyed in the usual order but marked inverted, so it
    refused the 9; the long differential run found it.)"""
    rules = get_preset("pagat").rules.with_options(
        jack_back=True, self_overplay="once", equal_play="forbidden"
    )
    start = _start(rules, {"A": "J♠ J♥ 5♣", "B": "9♠ K♥", "C": "3♦ Q♣"})
    state, reference = _play_both(start, "A: J♠", "B: pass", "C: pass", "A: J♥")
    assert reference.trick.top is not None and reference.trick.top.cards == parse_cards("J♥")
    assert _offers(state) == ["B: 9♠", "B: pass"]
