"""This phone's taps kept in its storage (``ui.taps_memory``): what is written, and what is
refused when read back."""

import doctest
import json

import pytest

from companion.ui import taps_memory
from companion.ui.table_model import HandEntry, Marked
from companion.ui.taps_memory import at_this_table, taps_data, taps_entry


def test_doctests() -> None:
    """Rule: the examples in ``ui.taps_memory`` hold: taps come back as written, and a value that is
    not taps gives None."""
    results = doctest.testmod(taps_memory)
    assert results.attempted > 0 and results.failed == 0


def test_every_kind_of_tap_comes_back_as_it_was() -> None:
    """Rule: order, ticks, events, a waiting event, card counts and 'played none' all
    survive the trip through the phone's storage."""
    entry = HandEntry(
        hand=4,
        ticks=frozenset({0, 2}),
        order=("Léa",),
        events=(Marked("guillotine", "Tom", "Sam"), Marked("bluff", "Léa")),
        pending="guillotine",
        pending_player="Zoé",
        cards=(("Tom", 3), ("Sam", 0)),
        none_played=frozenset({"Sam"}),
        picking="Tom",
    )
    assert taps_entry(json.loads(json.dumps(taps_data(entry)))) == entry


@pytest.mark.parametrize(
    "stored",
    [
        None,
        [],
        "taps",
        {},
        {**taps_data(HandEntry(hand=1)), "hand": True},
        {**taps_data(HandEntry(hand=1)), "hand": -1},
        {**taps_data(HandEntry(hand=1)), "order": "Léa"},
        {**taps_data(HandEntry(hand=1)), "order": [""]},
        {**taps_data(HandEntry(hand=1)), "order": ["x" * 201]},
        {**taps_data(HandEntry(hand=1)), "order": ["Léa"] * 65},
        {**taps_data(HandEntry(hand=1)), "events": [["bluff"]]},
        {**taps_data(HandEntry(hand=1)), "cards": [["Tom", "3"]]},
        {**taps_data(HandEntry(hand=1)), "ticks": [1.5]},
    ],
)
def test_what_is_not_taps_is_ignored(stored: object) -> None:
    """Rule: a damaged, edited or foreign value in the phone's storage gives no taps (the
    screen starts clean) rather than an error."""
    assert taps_entry(stored) is None


def test_players_who_left_are_dropped_and_the_ticks_kept() -> None:
    """Rule: taps given back name only the players at the table now; the plan's ticks
    stay."""
    entry = HandEntry(
        hand=3,
        ticks=frozenset({1}),
        order=("Léa", "Max"),
        events=(Marked("bluff", "Max"),),
    )
    back = at_this_table(entry, ("Léa", "Tom", "Sam"))
    assert (back.hand, back.order, back.events, back.ticks) == (3, ("Léa",), (), frozenset({1}))
    assert at_this_table(entry, ("Léa", "Max", "Tom")) is entry
