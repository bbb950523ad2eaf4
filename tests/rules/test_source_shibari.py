"""H8 `shibari`, the suit lock of the Daifugō tables, asked of the engine and of
``companion judge --set``, one rule per test, the source's words in the docstring.

Source (``companion.rules.presets.PUBLIC_SOURCES``): BOKU, « 大富豪のしばりルール »
(boku-boardgame.net/cards/daifugou-binding), « マークしばり », translated here: "when cards of
the same suit are played in a row, only that suit may be played until the trick is cleared.
For example, after ♥4 then ♥6, only ♥ may be played. For sets there are two ways: the lock
starts when all the suits match, or …" (we take the first). EKPRO (ek-pro.com) says the same.
Under the PAGAT basic game with the option turned on: four players A B C D, clockwise.
"""

from __future__ import annotations

import doctest

import pytest
from seed_check import check

from companion.errors import CompanionError
from companion.rules import suit_lock
from companion.rules.cards import parse_cards
from companion.rules.moves import legal_plays, reference_legal_plays
from companion.rules.notation import Action
from companion.rules.presets import get_preset
from companion.rules.referee import apply, judge
from companion.rules.state import HandState

ON = {"shibari": True}


def test_h8_the_same_suit_twice_locks_the_trick():
    """H8 (BOKU: "after ♥4 then ♥6, only ♥ may be played"): a higher diamond is refused,
    citing `shibari`; a higher heart is allowed."""
    check("pagat", ON, ["A: 4♥", "B: 6♥"], "C: 9♦", "suit-locked", option="shibari")
    check("pagat", ON, ["A: 4♥", "B: 6♥"], "C: 9♥", "ok", next="D")


def test_h8_the_lock_holds_until_the_trick_ends():
    """H8 (BOKU: "until the trick is cleared"): a pass does not lift it, the next trick is
    free."""
    check("pagat", ON, ["A: 4♥", "B: 6♥", "C: pass"], "D: K♣", "suit-locked")
    over = ["A: 4♥", "B: 6♥", "C: pass", "D: pass", "A: pass", "B: 7♦"]
    check("pagat", ON, over, "C: 8♣", "ok")


def test_h8_one_suit_then_another_locks_nothing():
    """H8: it takes two plays in a row of the same suit; ♥ then ♦ leaves every suit open."""
    check("pagat", ON, ["A: 4♥", "B: 6♦"], "C: 9♠", "ok")


def test_h8_a_set_locks_when_all_its_suits_match():
    """H8 (BOKU, for sets: "the lock starts when all the suits match"): ♥♠ on ♥♠ locks to
    ♥♠; ♥♦ on ♥♠ locks nothing."""
    check("pagat", ON, ["A: 4♥ 4♠", "B: 6♠ 6♥"], "C: 9♥ 9♦", "suit-locked")
    check("pagat", ON, ["A: 4♥ 4♠", "B: 6♠ 6♥"], "C: 9♥ 9♠", "ok")
    check("pagat", ON, ["A: 4♥ 4♠", "B: 6♦ 6♥"], "C: 9♣ 9♦", "ok")


def test_h8_a_joker_stands_in_for_a_locked_suit():
    """H8, open point (the source does not say): a joker names no suit; on a trick locked to
    ♥♠ a ♥ with a joker may follow, and a joker never starts a lock."""
    options = {**ON, "jokers": 2, "wild_cards": frozenset({"joker"})}
    check("pagat", options, ["A: 4♥ 4♠", "B: 6♠ 6♥"], "C: 9♥ JK", "ok")
    check("pagat", options, ["A: 4♥ 4♠", "B: 6♥ JK"], "C: 9♣ 9♦", "ok")


def test_h8_without_the_rule_suits_do_not_count():
    """H8 off (PAGAT: « les couleurs n'ont pas d'importance »): ♥ twice locks nothing."""
    check("pagat", {}, ["A: 4♥", "B: 6♥"], "C: 9♦", "ok")


def test_h8_the_locking_play_says_so():
    """H8: the ruling on the play that locks the trick names the locked suits, in each
    language, and cites `shibari`."""
    answer = check("pagat", ON, ["A: 4♥"], "B: 6♥", "ok", option="shibari")
    assert "only ♥" in answer.message_en
    assert "seul ♥" in answer.message_fr
    refused = check("pagat", ON, ["A: 4♥", "B: 6♥"], "C: 9♦", "suit-locked")
    assert "locked to ♥" in refused.message_en


def test_h8_a_card_without_its_suit_on_a_locked_trick_asks_for_it():
    """H8: on a locked trick a 9 typed without its suit cannot be judged; the referee asks
    for the suits, in the viewer's language."""
    rules = get_preset("pagat").rules.with_options(shibari=True)
    state = HandState.start(rules, ["A", "B", "C", "D"], leader="A", preset="pagat")
    for play in ("A: 4♥", "B: 6♥"):
        state = apply(state, Action.parse(play))
    with pytest.raises(CompanionError) as caught:
        judge(state, Action.parse("C: 9"))
    assert "suit" in caught.value.en and "couleur" in caught.value.fr


def test_h8_legal_plays_keep_to_the_lock():
    """H8: the legal plays of a player on a locked trick are the ones of the locked suits,
    and the fast generator gives the same as the reference."""
    rules = get_preset("pagat").rules.with_options(shibari=True)
    held = ("4♥ 5♣", "6♥ 7♣", "9♥ 9♦ K♠ 2♥", "8♣ 8♦")
    hands = {name: parse_cards(cards) for name, cards in zip("ABCD", held, strict=True)}
    state = HandState.start(rules, ["A", "B", "C", "D"], hands=hands, leader="A")
    for play in ("A: 4♥", "B: 6♥"):
        state = apply(state, Action.parse(play))
    plays = [str(a) for a in legal_plays(state)]
    assert plays == [str(a) for a in reference_legal_plays(state)]
    assert sorted(plays) == sorted(["C: 9♥", "C: 2♥", "C: pass"])


def test_h8_doctest_examples_run_as_written():
    """The doctest examples of `companion.rules.suit_lock` run as written."""
    assert doctest.testmod(suit_lock).failed == 0
    assert doctest.testmod(suit_lock).attempted > 0
