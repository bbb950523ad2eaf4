"""H11 `reverse_rank`: a card that turns the direction of play, asked of the engine and of
``companion judge --set``, one rule per test, the source's words in the docstring.

Source (``companion.rules.presets.PUBLIC_SOURCES``): EXCITE (Excite's article on the
Daifugō house rules) lists « 7回し », « 9リバース », « Qリバース »: "そのカードを出すと、
順番が逆回りになる" (play that card and the turns go the other way round); each table picks
its card. Under the PAGAT basic game with the option turned on: four players A B C D,
clockwise.
"""

from __future__ import annotations

from seed_check import check

NINE = {"reverse_rank": "9"}


def test_h11_a_nine_turns_the_direction_of_play():
    """H11 (EXCITE « 9リバース »: "the turns go the other way round"): after B's 9, A plays
    next, not C; the ruling cites `reverse_rank`."""
    check("pagat", NINE, ["A: 4"], "B: 9", "ok", next="A", option="reverse_rank")


def test_h11_the_new_direction_lasts_past_the_trick():
    """H11: the order stays turned after the trick ends: B's 9 wins the trick, B leads the
    next one, and A, on B's right, plays after B."""
    won = ["A: 4", "B: 9", "A: pass", "D: pass", "C: pass"]
    check("pagat", NINE, won, "B: 5", "ok", next="A")


def test_h11_a_second_nine_turns_it_back():
    """H11: each 9 turns the direction again: B's 9 sends the turn to A, A's 9 (an equal
    play, B2 `equal_play=allowed`) back to B."""
    check("pagat", {**NINE, "equal_play": "allowed"}, ["A: 4", "B: 9"], "A: 9", "ok", next="B")


def test_h11_a_pair_of_nines_turns_it_twice():
    """H11, open point (EXCITE does not count the cards): each card of the rank turns the
    direction once, so a pair turns it twice and play goes on clockwise."""
    check("pagat", {**NINE, "equal_play": "allowed"}, ["A: 4 4"], "B: 9 9", "ok", next="C")


def test_h11_other_ranks_do_not():
    """H11: only the rank the table chose turns the direction: a 7 under « 9リバース » does
    not, and under « 7回し » it does."""
    check("pagat", NINE, ["A: 4"], "B: 7", "ok", next="C")
    check("pagat", {"reverse_rank": "7"}, ["A: 4"], "B: 7", "ok", next="A")


def test_h11_the_three_as_the_table_picks_it():
    """H11 with the 3 (open point: the tables that turn on a 3 publish no text; it is the
    same rule on another card): a lead of 3 sends the turn to the player on the right."""
    check("pagat", {"reverse_rank": "3"}, [], "A: 3", "ok", next="D", option="reverse_rank")


def test_h11_with_the_queen():
    """H11 with the queen (EXCITE « Qリバース »)."""
    check("pagat", {"reverse_rank": "Q"}, ["A: 4"], "B: Q", "ok", next="A")


def test_h11_an_unknown_rank_is_refused():
    """H11: only the ranks offered (3, 7, 9, Q) name the card; another value is a clear
    error, not a silent default."""
    import pytest

    from companion.rules.errors import RuleSetError
    from companion.rules.presets import ruleset_from

    with pytest.raises(RuleSetError):
        ruleset_from("pagat", ["reverse_rank=5"])
