"""The set-size limit and the cached orders of `companion/rules/combos.py`.

B11a (`max_set`): CONC plays « de une à quatre cartes »: with two decks, five or more equal
cards are no set. The limit is on sets only (a Zheng Shangyou run is longer by nature).
"""

from __future__ import annotations

import pytest

from companion.rules.cards import Rank, parse_cards
from companion.rules.combos import COUP_KEY, Combo, ComboError, classify, order_for
from companion.rules.errors import SuitNeededError
from companion.rules.notation import Action
from companion.rules.presets import get_preset
from companion.rules.referee import judge
from companion.rules.ruleset import RuleSet
from companion.rules.state import HandState


def _classify(rules: RuleSet, text: str) -> Combo:
    return classify(tuple(parse_cards(text)), order_for(rules, False))


def test_a_set_of_the_limit_is_a_set() -> None:
    """Four sevens under « de une à quatre cartes » are a set of four."""
    combo = _classify(get_preset("concierge").rules, "7 7 7 7")
    assert (combo.kind, combo.count, combo.rank) == ("set", 4, Rank.SEVEN)


@pytest.mark.parametrize("text", ["7 7 7 7 7", "9 9 9 9 9 9 9 9"])
def test_a_set_above_the_limit_is_refused(text: str) -> None:
    """Five sevens (or eight nines, two decks) are more than four: too-many-cards."""
    with pytest.raises(ComboError) as info:
        _classify(get_preset("concierge").rules, text)
    assert info.value.code == "too-many-cards"


def test_the_limit_is_on_sets_not_runs() -> None:
    """A five-card run, or a run of three pairs, is no set: the limit does not apply."""
    rules = get_preset("concierge").rules.with_options(combinations="sets_and_runs")
    assert _classify(rules, "4 5 6 7 8").kind == "run"
    assert _classify(rules, "4 4 5 5 6 6").kind == "run"


def test_without_a_limit_five_equal_cards_are_a_set() -> None:
    """PAGAT sets no limit: five sevens (two decks) are a set of five."""
    combo = _classify(get_preset("pagat").rules, "7 7 7 7 7")
    assert (combo.kind, combo.count) == ("set", 5)


def test_the_limit_is_judged_with_its_own_code() -> None:
    """With two decks, the referee refuses a lead above the limit with too-many-cards."""
    rules = get_preset("concierge").rules.with_options(decks=2)
    state = HandState.start(rules, ["A", "B", "C", "D"], preset="concierge")
    assert judge(state, Action.parse("A: 7 7 7 7 7")).code == "too-many-cards"
    assert judge(state, Action.parse("A: 7 7 7 7")).code == "ok"


def test_orders_are_built_for_their_rules_and_direction() -> None:
    """order_for gives the order of these rules, reversed only when asked (and the same
    object for the same question: it is cached)."""
    rules = get_preset("pagat").rules
    plain, reversed_ = order_for(rules, False), order_for(rules, True)
    assert plain.rules is rules and reversed_.rules is rules
    assert (plain.reversed, reversed_.reversed) == (False, True)
    assert plain.natural_ranks[-1] is Rank.TWO and reversed_.natural_ranks[-1] is Rank.THREE
    assert order_for(rules, False) is plain


def test_an_unsuited_card_under_ranked_suits_asks_for_its_suit() -> None:
    """Ranked suits decide between equal ranks: a 7 without its suit on 7♣ is neither higher
    nor lower until its suit is given."""
    rules = get_preset("pagat").rules.with_options(suits="ranked")
    state = HandState.start(rules, ["A", "B", "C", "D"], preset="pagat")
    ruling = judge(state, Action.parse("A: 7♣"))
    assert ruling.state is not None
    with pytest.raises(SuitNeededError):
        judge(ruling.state, Action.parse("B: 7"))
    assert judge(ruling.state, Action.parse("B: 7♠")).legal


@pytest.mark.parametrize(
    ("text", "kind", "count"),
    [
        ("7 7 7 7 JK", "coup_detat", 5),
        ("7 7 7 JK JK", "coup_detat", 5),
        ("7 7 7 7 JK JK", "guillotine", 6),
    ],
)
def test_a_coup_reads_as_its_own_combination(text: str, kind: str, count: int) -> None:
    """S8 (WIKI « Le coup d'État »): a four (or three) of a kind with one (or two) jokers is a
    coup d'État, four with two jokers a guillotine: all its cards count, it keeps the rank of
    its set, it is no natural set and its key is above every other."""
    rules = get_preset("trou-du-cul").rules.with_options(coup_detat=True)
    combo = _classify(rules, text)
    assert (combo.kind, combo.count, combo.rank) == (kind, count, Rank.SEVEN)
    assert combo.key == (COUP_KEY, 0, 0) and combo.natural is False and combo.joker is False
    highest = _classify(rules, "2 2 2 2")
    assert combo.key > highest.key


@pytest.mark.parametrize(
    ("text", "top", "length", "width"),
    [("4 5 6 7 8", Rank.EIGHT, 5, 1), ("4 4 5 5 6 6", Rank.SIX, 3, 2), ("9 10 J", Rank.JACK, 3, 1)],
)
def test_a_run_counts_every_card_and_is_keyed_by_its_top_rank(
    text: str, top: Rank, length: int, width: int
) -> None:
    """Zheng Shangyou runs: all the cards count; a run is ranked by its highest rank (then its
    length), whatever its lowest ones."""
    rules = get_preset("pagat").rules.with_options(combinations="sets_and_runs")
    combo = _classify(rules, text)
    order = order_for(rules, False)
    assert (combo.kind, combo.count, combo.width) == ("run", len(text.split()), width)
    assert combo.key == (order.rank_key(top), length)


def test_two_jokers_without_their_colours_are_asked_for() -> None:
    """D5 with ordered jokers: « JK JK » cannot be judged one joker at a time, so the
    question is asked as such, in French and in English."""
    rules = get_preset("pagat").rules.with_options(jokers=2, joker_order="coloured_high")
    state = HandState.start(rules, ["A", "B", "C", "D"])
    with pytest.raises(SuitNeededError) as info:
        judge(state, Action.parse("A: JK JK"))
    assert info.value.message("fr") == (
        "Précisez quel joker (JKR coloré ou JKB noir et blanc) : leur ordre compte."
    )
    assert info.value.message("en") == (
        "Say which joker (JKR coloured or JKB black-and-white): the joker order matters."
    )
