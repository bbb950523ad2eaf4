"""The average place (companion/table/places.py): which evenings count, the means, and how
they read."""

from __future__ import annotations

from datetime import date

import pytest

from companion.table.evening_summary import EveningSummary
from companion.table.places import (
    AveragePlace,
    average_places,
    format_place,
    ordinal,
    place_words,
)
from tests.support.evenings import play


def summary(
    ids: list[str], played: list[int], places: list[int], sizes: list[int], pos: list[float]
) -> EveningSummary:
    """An evening's summary with these sums over the hands (the rest zero)."""
    zeros = [0] * len(ids)
    return EveningSummary(
        scheme="top_two",
        hands=max(played, default=0),
        ended=False,
        ids=tuple(ids),
        points=tuple(zeros),
        played=tuple(played),
        pos=tuple(pos),
        first=tuple(zeros),
        last=tuple(zeros),
        streak=tuple(zeros),
        ahead=tuple(tuple(zeros) for _ in ids),
        place_sum=tuple(places),
        size_sum=tuple(sizes),
    )


ONE = summary(["ana", "bob"], [3, 3], [4, 5], [12, 12], [0.5, 1.0])
TWO = summary(["ana"], [2], [5], [10], [1.5])


def test_means_are_per_hand_played() -> None:
    """A player's mean place, table size and position divide his sums by the hands he
    played (not by his places), rounded to four decimals."""
    places = average_places([(date(2026, 1, 1), ONE)])
    ana = places["ana"]
    assert ana.hands == 3
    assert ana.place == round(4 / 3, 4) == 1.3333
    assert ana.table == 4
    assert ana.position == round(0.5 / 3, 4) == 0.1667
    bob = places["bob"]
    assert (bob.place, bob.table, bob.position) == (round(5 / 3, 4), 4, round(1 / 3, 4))


def test_a_table_size_mean_keeps_its_decimals() -> None:
    """Tables of 4 and 5 average to 4.5, not a rounded whole number."""
    mixed = summary(["ana"], [2], [3], [9], [0.5])
    ana = average_places([(None, mixed)])["ana"]
    assert ana.table == 4.5
    assert ana.place == 1.5
    thirds = summary(["ana"], [3], [4], [13], [0.5])  # tables of 4, 4 and 5
    assert average_places([(None, thirds)])["ana"].table == round(13 / 3, 4) == 4.3333


def test_evenings_add_up_and_a_period_keeps_only_its_days() -> None:
    """Evenings add up per player; ``start`` and ``end`` (inclusive) drop the evenings
    outside them, wherever those come in the list."""
    dated = [(date(2026, 1, 1), ONE), (date(2026, 2, 1), TWO)]
    both = average_places(dated)["ana"]
    assert both.hands == 5
    assert both.place == round((4 + 5) / 5, 4)
    only_feb = average_places(dated, start=date(2026, 1, 15))
    assert set(only_feb) == {"ana"}
    assert only_feb["ana"].hands == 2
    only_jan = average_places(dated, end=date(2026, 1, 15))
    assert only_jan["ana"].hands == 3 and "bob" in only_jan
    february_first = average_places(list(reversed(dated)), start=date(2026, 1, 15))
    assert february_first["ana"].hands == 2
    january_last = average_places(list(reversed(dated)), end=date(2026, 1, 15))
    assert january_last["ana"].hands == 3


def test_summaries_without_places_are_skipped() -> None:
    """A summary written before places were kept has no ``place_sum``: it adds nothing,
    and the others still count."""
    old = summary(["ana"], [4], [0], [0], [0.0]).model_copy(
        update={"place_sum": None, "size_sum": None}
    )
    places = average_places([(date(2026, 1, 1), old), (date(2026, 1, 2), ONE)])
    assert places["ana"].hands == 3


def test_a_player_who_played_no_hand_has_no_average() -> None:
    """Sitting at an evening without playing a hand gives no average place."""
    idle = summary(["ana", "cléo"], [3, 0], [4, 0], [12, 0], [0.5, 0.0])
    assert set(average_places([(None, idle)])) == {"ana"}


def test_normalised_place_defaults_to_a_table_of_five() -> None:
    """Normalised: the mean position put back on a table of five unless told otherwise
    (position 0.5 is the middle place, the 3rd of 5)."""
    middle = AveragePlace(player_id="ana", hands=2, place=2, table=3, position=0.5)
    assert middle.normalised() == 3
    assert middle.normalised(7) == 4


def test_english_ordinals_of_the_teens_and_twenties() -> None:
    """11th to 20th are "th"; 21st, 22nd, 23rd take their last digit's suffix again."""
    assert [ordinal(n, "en") for n in (10, 11, 12, 13, 20, 21, 22, 23, 101, 111)] == [
        "10th",
        "11th",
        "12th",
        "13th",
        "20th",
        "21st",
        "22nd",
        "23rd",
        "101st",
        "111th",
    ]


def test_a_decimal_place_takes_no_ordinal_suffix() -> None:
    """A mean between two places is a number, not a place: "1.1 of 4", never "1.1st" (no
    hand-made suffix on a decimal), with each language's decimal mark."""
    assert format_place(1.1, 4, "en") == "1.1 of 4"
    assert format_place(1.2, 4.5, "en") == "1.2 of 4.5"
    assert format_place(1.1, 4.5, "fr") == "1,1 sur 4,5"
    assert format_place(1.1, 4.5, "de") == "1,1 von 4,5"


def test_german_places() -> None:
    """German writes a place with a full stop: « 1. von 4 », « 3. »."""
    assert format_place(1.0, 4, "de") == "1. von 4"
    assert ordinal(3, "de") == "3."


def test_place_words_raw_and_normalised() -> None:
    """The raw words give the mean place over the mean table; normalised, the place on the
    table size asked for."""
    entry = AveragePlace(player_id="ana", hands=4, place=2.25, table=4.5, position=0.25)
    assert place_words(entry, "en") == "2.2 of 4.5"  # 2.25 shows one decimal
    assert place_words(entry, "fr") == "2,2 sur 4,5"
    assert place_words(entry, "en", 5) == "2nd of 5"
    assert place_words(entry, "fr", 5) == "2e sur 5"
    first = AveragePlace(player_id="bob", hands=4, place=1, table=4, position=0.0)
    assert place_words(first, "fr") == "1re sur 4"
    assert place_words(first, "en", 7) == "1st of 7"


@pytest.mark.parametrize(
    ("value", "of", "lang", "text"),
    [
        (2.1, 5, "fr", "2,1 sur 5"),
        (2.1, 5, "en", "2.1 of 5"),
        (1.0, 4, "fr", "1re sur 4"),
        (2.04, 4.5, "fr", "2e sur 4,5"),
        (3.0, 4.5, "en", "3rd of 4.5"),
        (2.23, 5, "en", "2.2 of 5"),
        (11.0, 12, "en", "11th of 12"),
        (3.5, 6, "en", "3.5 of 6"),
    ],
)
def test_average_place_reads_as_a_place(value, of, lang, text):
    """An average place reads as a place out of the table size, in each language."""
    assert format_place(value, of, lang) == text


def test_average_place_and_its_normalised_form(service):
    """Ann: 2nd of 5 and 2nd of 3: mean place 2 at tables of 4 on average; normalised to a
    table of 5 her positions 0.25 and 0.5 give 1 + 0.375 × 4 = 2.5."""
    play(service, ["Ann", "Bob", "Cat", "Dan", "Eve"], ["Bob Ann Cat Dan Eve"], date(2026, 11, 1))
    play(service, ["Ann", "Bob", "Cat"], ["Bob Ann Cat"], date(2026, 11, 8))
    names = {p.id: p.name for p in service.players()}
    places = {names[p]: v for p, v in service.average_places().items()}
    ann = places["Ann"]
    assert (ann.place, ann.table) == (2, 4)
    assert ann.normalised(5) == pytest.approx(2.5)
