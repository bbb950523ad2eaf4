"""Option machinery details (``--set`` items, catalogue IDs) that the rules layer's mutation
run showed untested. One rule per test, the rule in its docstring."""

from __future__ import annotations

import pytest

from companion.rules.errors import RuleSetError
from companion.rules.options import split_setting
from companion.rules.presets import ruleset_from
from companion.rules.ruleset import RuleSet


def test_a_setting_splits_at_its_first_equals_sign() -> None:
    """``--set NAME=VALUE``: the name ends at the first ``=``; the rest, ``=`` included, is
    the value."""
    assert split_setting("deck=32") == ("deck", "32")
    assert split_setting("deck=3=2") == ("deck", "3=2")


def test_a_value_holding_an_equals_sign_is_refused_under_its_option() -> None:
    """A value with an ``=`` in it is a bad value of the option named before it, not an
    unknown option."""
    with pytest.raises(RuleSetError) as info:
        ruleset_from("pagat", ["deck=3=2"])
    assert "deck: " in info.value.en and "Unknown option" not in info.value.en


@pytest.mark.parametrize(
    ("name", "oid"),
    [("rank_order", "D4"), ("jokers", "D2"), ("max_set", "B11a"), ("coup_detat", "S8")],
)
def test_an_option_has_its_catalogue_id(name: str, oid: str) -> None:
    """Each option carries the ID that ``shared/VARIANTS.md`` gives it."""
    assert RuleSet.option_id(name) == oid


def test_a_name_that_is_no_option_has_no_catalogue_id() -> None:
    """A name that is no option has the empty ID."""
    assert RuleSet.option_id("no_such_option") == ""


def test_a_refused_value_is_titled_in_each_language() -> None:
    """A bad value is refused under the title « Règles invalides » in French and « Invalid
    rules » in English, naming the option."""
    with pytest.raises(RuleSetError) as info:
        RuleSet.build({"deck": "33"})
    assert info.value.message("fr").startswith("Règles invalides : deck: ")
    assert info.value.message("en").startswith("Invalid rules: deck: ")
