"""The table of house rules (``companion.rules.house_rules``): one home for what each option of
section H does to a ruling and which engine plays it."""

from __future__ import annotations

import doctest

from companion.rules import house_rules
from companion.rules.compact import covers
from companion.rules.house_rules import HOUSE_RULES, step_engine_only
from companion.rules.ruleset import RuleSet


def test_doctests() -> None:
    """Rule: the module has examples in its docstrings, and they all hold."""
    assert doctest.testmod(house_rules).attempted > 0
    assert doctest.testmod(house_rules).failed == 0


def test_every_option_of_section_h_is_in_the_table_once() -> None:
    """Rule: an option whose ID starts with H has one row, and a row names an H option."""
    house = [n for n in RuleSet.model_fields if (RuleSet.option_id(n) or "").startswith("H")]
    names = [r.name for r in HOUSE_RULES]
    assert sorted(names) == sorted(house)
    assert len(set(names)) == len(names)


def test_a_house_rule_the_compact_state_does_not_play_sends_the_hand_to_the_step_engine() -> None:
    """Rule: each house rule switched on alone leaves pagat's basic game to the step engine,
    except those the compact state plays."""
    for rule in HOUSE_RULES:
        value = "9" if rule.name == "reverse_rank" else True
        rules = RuleSet(**{rule.name: value})
        assert rule.on(rules)
        assert step_engine_only(rules) is not rule.compact
        assert covers(rules) is rule.compact
