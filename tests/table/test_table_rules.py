"""The table options (companion/table/table_rules.py), one rule per test."""

import pytest

from companion.table.table_presets import table_rules_from
from companion.table.table_rules import TableRulesError, parse_exchange, parse_table_option


@pytest.mark.parametrize("text", ["", "  ", "none", "NONE", "aucun", "Aucun", "0"])
def test_no_exchange_can_be_said_several_ways(text):
    """An empty exchange, "none", "aucun" or "0" all mean no exchange."""
    assert parse_exchange(text) == ()


def test_an_unreadable_exchange_is_refused_with_an_example():
    """An exchange that is not counts is refused, showing what was typed and an example, in
    both languages, naming the option."""
    with pytest.raises(TableRulesError) as info:
        parse_exchange("2/x")
    err = info.value
    assert err.message("fr") == "exchange=2/x : attendu par ex. 2/1 ou 2:3/1:2"
    assert err.message("en") == "exchange=2/x: expected e.g. 2/1 or 2:3/1:2"
    assert err.details == {"option": "exchange"}


def test_an_exchange_count_out_of_range_is_shown_as_typed():
    """A count above 6 is refused, the exchange shown as it would be typed: pairs separated
    by "/", "gives:gets" only where they differ."""
    with pytest.raises(TableRulesError) as info:
        table_rules_from("pagat", ["exchange=7/2:3"])
    assert "exchange=7/2:3: each count from 1 to 6" in info.value.message("en")
    assert "exchange=7/2:3 : chaque nombre de 1 à 6" in info.value.message("fr")


def test_a_table_option_is_read_from_its_text():
    """``--set target=21`` sets the target and makes the evening end on it."""
    assert parse_table_option("target", " 21 ") == {"end": "target", "target": 21, "hands": None}
    assert parse_table_option("exchange", "2/1") == {"exchange": ((2, 2), (1, 1))}


@pytest.mark.parametrize("text", ["none", "aucun", "AUCUN", ""])
def test_no_target_makes_an_open_evening(text):
    """``target=aucun`` (or none, or nothing) leaves the evening open."""
    assert parse_table_option("target", text) == {"end": "open", "target": None, "hands": None}


def test_a_target_that_is_no_number_is_refused():
    """A target that is not a number is refused in both languages."""
    with pytest.raises(TableRulesError) as info:
        parse_table_option("target", "abc")
    assert info.value.message("fr") == "target=abc : attendu un nombre"
    assert info.value.message("en") == "target=abc: expected a number"


@pytest.mark.parametrize(
    ("settings", "fr", "en"),
    [
        (["end=hands"], "end=hands demande hands", "end=hands needs hands"),
        (
            ["rich_man_falls=true", "scoring=card_penalty"],
            "rich_man_falls incompatible avec scoring=card_penalty (pas d'ordre d'arrivée)",
            "rich_man_falls clashes with scoring=card_penalty (no finishing order)",
        ),
    ],
)
def test_clashing_table_options_are_named(settings, fr, en):
    """Options that clash are refused, saying which in both languages."""
    with pytest.raises(TableRulesError) as info:
        table_rules_from("pagat", settings)
    assert info.value.message("fr") == f"Règles de table invalides : {fr}"
    assert info.value.message("en") == f"Invalid table rules: {en}"


def test_a_table_clash_is_said_in_german_with_the_options_named() -> None:
    """Rule: table options that clash are refused in the viewer's language, the options
    named as typed: German says « verlangt », French « demande »."""
    with pytest.raises(TableRulesError) as caught:
        table_rules_from("pagat", ["exchange=by_score"])
    assert caught.value.message("de") == (
        "Ungültige Tischregeln: exchange=by_score verlangt scoring=symmetric"
    )
    assert caught.value.message("fr") == (
        "Règles de table invalides : exchange=by_score demande scoring=symmetric"
    )


def test_a_bad_table_value_and_an_unknown_option_are_said_in_german() -> None:
    """Rule: a value that cannot be read and a name that is no option are refused in German
    with the same options named."""
    with pytest.raises(TableRulesError) as caught:
        table_rules_from("pagat", ["target=abc"])
    assert caught.value.message("de") == "target=abc: erwartet eine Zahl"
    with pytest.raises(TableRulesError) as caught:
        table_rules_from("pagat", ["bogus=1"])
    assert caught.value.message("de").startswith("Unbekannte Option: „bogus“. Spieloptionen: ")
    assert "Tischoptionen: deal, dealer" in caught.value.message("de")
