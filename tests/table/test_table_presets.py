"""The table presets (companion/table/table_presets.py), one rule per test."""

import pytest

from companion.table import table_presets
from companion.table.table_presets import (
    GAME_OPTIONS,
    TABLE_OPTIONS,
    TABLE_PRESETS,
    game_settings,
    table_rules_from,
)
from companion.table.table_rules import TableRulesError


def test_a_table_built_on_another_keeps_its_options():
    """A preset written as changes to another keeps every option it does not change."""
    base = TABLE_PRESETS["pagat"]
    built = table_presets._table(base, target=21)
    assert built.target == 21
    assert {k: v for k, v in built.option_values().items() if k != "target"} == {
        k: v for k, v in base.option_values().items() if k != "target"
    }


def test_a_table_built_from_nothing_takes_the_defaults_and_the_options_given():
    """Without a base, a table is the defaults with the options given."""
    built = table_presets._table(None, target=21, scoring="top_two")
    assert built.target == 21 and built.scoring == "top_two"
    assert built.titles == table_presets.TableRules().titles


def test_the_referee_keeps_the_game_options_in_their_order():
    """The referee gets the game options of the settings, in the order given, without the
    table ones."""
    settings = ["rank_order=ace_high", "target=21", "jokers=2"]
    assert game_settings("pagat", settings) == ["rank_order=ace_high", "jokers=2"]


def test_the_referee_refuses_a_bad_table_option_too():
    """The referee accepts what an evening accepts: a bad table option is refused even though
    it plays no part in a ruling."""
    with pytest.raises(TableRulesError) as info:
        game_settings("pagat", ["target=banana"])
    with pytest.raises(TableRulesError) as evening_info:
        table_rules_from("pagat", ["target=banana"])
    assert info.value.en == evening_info.value.en


def test_an_unknown_option_lists_each_kind_comma_separated():
    """The refusal of an unknown name lists the game options and the table options, sorted and
    separated by commas, in both languages, and names the option it refused."""
    with pytest.raises(TableRulesError) as info:
        table_rules_from("pagat", ["colour=red"])
    err = info.value
    game = ", ".join(sorted(GAME_OPTIONS))
    table = ", ".join(sorted(TABLE_OPTIONS))
    assert f"Game options: {game}. Table options: {table}" in err.en
    assert f"Options de jeu : {game}. Options de table : {table}" in err.fr
    assert err.details["option"] == "colour"
