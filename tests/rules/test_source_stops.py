"""H9 `quad_stop` and H10 `top_stop`: plays that end the trick at once, asked of the engine
and of ``companion judge --set``, one rule per test, the source's words in the docstring.

Sources (``companion.rules.presets.PUBLIC_SOURCES``): CONVO (convocards.com/asshole): "You
can win a round by … Whenever you play the fourth of a card of a value (for instance … four
8's at once)"; GROUPGAMES (groupgames.xyz/card-games/president): "A 2 (or set of 2s) is the
highest card … and 'clears' the pile, winning the trick instantly."
Under the PAGAT basic game with the option turned on: four players A B C D, clockwise.
"""

from __future__ import annotations

from seed_check import check

QUAD = {"quad_stop": True}
TOP = {"top_stop": True}


def test_h9_four_of_a_kind_wins_the_trick_at_once():
    """H9 (CONVO: "four 8's at once" wins the round): its player leads the next trick, and a
    play after it is refused, citing `quad_stop`."""
    check("pagat", QUAD, ["A: 5 5 5 5"], "B: pass", "trick-over", option="quad_stop")
    check("pagat", QUAD, ["A: 4 4 4 4"], "A: 6", "ok", next="B", to_beat="6")


def test_h9_a_triple_does_not():
    """H9: fewer than four cards is an ordinary play; the next player must beat it."""
    check("pagat", QUAD, ["A: 5 5 5"], "B: 6 6 6", "ok", next="C")


def test_h9_with_a_revolution_both_happen():
    """H9 with B9 `revolution=quad`: the four of a kind turns the order over and wins the
    trick; the next trick is played in the reversed order."""
    options = {**QUAD, "revolution": "quad"}
    over = ["A: 5 5 5 5", "A: 9"]
    check("pagat", options, over, "B: 7", "ok")
    check("pagat", options, over, "B: J", "too-low")


def test_h10_a_two_wins_the_trick_at_once():
    """H10 (GROUPGAMES: "A 2 … 'clears' the pile, winning the trick instantly"): its player
    leads the next trick, citing `top_stop`."""
    check("pagat", TOP, ["A: 5"], "B: 2", "ok", next="B", to_beat=None, option="top_stop")
    check("pagat", TOP, ["A: 5", "B: 2"], "C: pass", "trick-over", option="top_stop")


def test_h10_a_set_of_twos_too():
    """H10 (GROUPGAMES: "A 2 (or set of 2s)"): a pair of 2s on a pair wins the trick."""
    check("pagat", TOP, ["A: 9 9"], "B: 2 2", "ok", next="B", to_beat=None)


def test_h10_during_a_revolution_the_three_is_strongest():
    """H10, open point (GROUPGAMES names the 2 of the usual order): the strongest rank of the
    order in force, the 3 once a revolution reversed it; the 2 is then the weakest."""
    options = {**TOP, "revolution": "quad"}
    reversed_ = ["A: 8 8 8 8", "B: pass", "C: pass", "D: pass", "A: 9"]
    check("pagat", options, reversed_, "B: 3", "ok", next="B", to_beat=None)
    check("pagat", options, reversed_, "B: 2", "too-low")


def test_h10_without_the_rule_a_two_is_beaten_by_nothing_but_the_trick_goes_on():
    """H10 off (PAGAT: « jusqu'à ce que tous les joueurs passent »): after a 2 the others
    may still pass in turn."""
    check("pagat", {}, ["A: 5", "B: 2"], "C: pass", "ok", next="D")
