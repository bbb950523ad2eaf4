"""B11 `sets_and_runs`: the runs that must be refused, and an oracle that shares no code.

PAGAT (« D'autres types de combinaisons de cartes peuvent être jouées »): « si vous ajoutez
des séquences simples et multiples, le jeu devient plutôt comme le Zheng Shangyou ». As in
Zheng Shangyou, a single run holds at least three consecutive ranks, a multiple run at least
two consecutive groups of the same width, and the top rank (the 2 when 2s are high) and the
jokers never join a run (open point of the option, written next to ``combos._run``).

The move generator and the referee share the classifier, so a property test comparing them
agrees even when both are wrong. ``oracle_kind`` below is a second, deliberately simple
classifier written from the rule above; the last tests compare the engine's legal leads with
it on seeded random hands.
"""

from __future__ import annotations

import random
from collections import Counter
from itertools import combinations

import pytest

from companion.rules.cards import Card, Rank, make_deck, parse_cards
from companion.rules.notation import Action
from companion.rules.presets import get_preset
from companion.rules.referee import judge, legal_plays
from companion.rules.state import HandState


def start(hand: str = "", order: str = "two_high", **options: object) -> HandState:
    rules = get_preset("pagat").rules.with_options(
        combinations="sets_and_runs", rank_order=order, **options
    )
    hands = {"A": parse_cards(hand)} if hand else None
    return HandState.start(rules, ["A", "B", "C", "D"], hands=hands, preset="pagat")


def lead(text: str, **options: object) -> str:
    return judge(start(**options), Action.parse(f"A: {text}")).code


def after(first: str, text: str) -> str:
    state = start()
    ruling = judge(state, Action.parse(f"A: {first}"))
    assert ruling.legal, ruling.en
    assert ruling.state is not None
    return judge(ruling.state, Action.parse(f"B: {text}")).code


# --- runs that must be refused -------------------------------------------------------------------


def test_two_consecutive_singles_are_no_run():
    """Zheng Shangyou's single run holds at least three cards: « 3 4 » is refused."""
    assert lead("3 4") == "not-a-set"


def test_three_consecutive_singles_are_a_run():
    """The shortest single run, « 3 4 5 », is accepted (the boundary of the rule above)."""
    assert lead("3 4 5") == "ok"


def test_a_single_pair_is_no_multiple_run():
    """A multiple run is at least two consecutive groups: « 5 5 » alone is a pair, and
    « 5 5 6 » (a pair and a single) is nothing."""
    assert lead("5 5") == "ok"
    assert lead("5 5 6") == "not-a-set"


def test_two_consecutive_pairs_are_a_multiple_run():
    """« séquences … multiples »: 5 5 6 6 is a run of pairs."""
    assert lead("5 5 6 6") == "ok"


def test_groups_of_unequal_width_are_refused():
    """Every group of a multiple run has the same width: 5 5 6 6 7 and 5 5 5 6 6 are refused."""
    assert lead("5 5 6 6 7") == "not-a-set"
    assert lead("5 5 5 6 6") == "not-a-set"


def test_a_gap_breaks_the_run():
    """The ranks of a run follow each other: 3 4 6 is refused."""
    assert lead("3 4 6") == "not-a-set"


def test_a_run_may_not_go_through_the_top_rank():
    """2s high (PAGAT « 2 A K … 3 »): the 2 never joins a run, so K A 2 and Q K A 2 are
    refused while Q K A is a run."""
    assert lead("Q K A") == "ok"
    assert lead("K A 2") == "not-a-set"
    assert lead("Q K A 2") == "not-a-set"


def test_a_run_does_not_wrap_round():
    """A 2 3 are not consecutive in the order 3 … A 2, whatever a run would like."""
    assert lead("A 2 3") == "not-a-set"


def test_with_aces_high_the_ace_is_the_top_rank():
    """« Aces haut … A-K-Q-J-10-9-8-7-6-5-4-3-2 »: the top rank is then the ace, so Q K A is
    refused and 2 3 4 is a run."""
    assert lead("Q K A", order="ace_high") == "not-a-set"
    assert lead("2 3 4", order="ace_high") == "ok"


def test_jokers_never_join_a_run():
    """Jokers rank on their own above the 2s: 3 4 JK is no run."""
    assert lead("3 4 JK", jokers=1) == "not-a-set"


def test_a_run_is_beaten_only_by_a_higher_run_of_the_same_shape():
    """As with sets (« le même nombre de cartes »): 4 5 6 beats 3 4 5; 4 5 6 7 (longer) and
    4 4 5 5 (pairs) do not, and 3 4 5 does not beat itself."""
    assert after("3 4 5", "4 5 6") == "ok"
    assert after("3 4 5", "4 5 6 7") == "count-mismatch"
    assert after("3 4 5", "4 4 5 5") == "wrong-combination"
    assert after("3 4 5", "3 4 5") == "too-low"
    assert after("3 4 5", "9") == "wrong-combination"


# --- an oracle that shares no code with the engine ----------------------------------------------

ORDER = {"two_high": [3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 2]}


def oracle_kind(cards: tuple[Card, ...], order: str = "two_high") -> str | None:
    """'set', 'run' or None, from the rule in this module's docstring alone."""
    ranks = [c.rank.value for c in cards]
    if len(set(ranks)) == 1:
        return "set"
    if Rank.JOKER.value in ranks:
        return None
    counts = Counter(ranks)
    if len(set(counts.values())) != 1:
        return None
    width = next(iter(counts.values()))
    positions = sorted(ORDER[order].index(r) for r in counts)
    if ORDER[order].index(ORDER[order][-1]) in positions:
        return None
    if positions != list(range(positions[0], positions[0] + len(positions))):
        return None
    return "run" if len(positions) >= (3 if width == 1 else 2) else None


def _shape(cards: tuple[Card, ...]) -> tuple[tuple[int, int], ...]:
    return tuple(sorted(Counter(c.rank.value for c in cards).items()))


@pytest.mark.parametrize("seed", range(6))
def test_legal_leads_match_the_oracle(seed: int):
    """Every group of held cards the oracle calls a set or a run is a legal lead, and every
    legal lead the generator offers is one the oracle accepts (compared by ranks: suits do not
    matter here)."""
    rng = random.Random(seed)
    pack = make_deck("52", 1, 0)
    hand = tuple(rng.sample(pack, 9))
    state = start(" ".join(str(c) for c in hand))
    offered = {_shape(a.play.cards) for a in legal_plays(state) if a.play.cards}
    expected = {
        _shape(group)
        for k in range(1, len(hand) + 1)
        for group in combinations(hand, k)
        if oracle_kind(group) is not None
    }
    assert offered == expected


@pytest.mark.parametrize("seed", range(4))
def test_referee_agrees_with_the_oracle_on_random_groups(seed: int):
    """Random groups of two to six cards: the referee accepts a lead exactly when the oracle
    reads a set or a run."""
    rng = random.Random(100 + seed)
    pack = make_deck("52", 1, 2)
    for _ in range(150):
        group = tuple(rng.sample(pack, rng.randint(2, 6)))
        text = " ".join(str(c) for c in group)
        code = lead(text, jokers=2)
        assert (code == "ok") == (oracle_kind(group) is not None), (text, code)
