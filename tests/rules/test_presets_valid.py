"""The presets are built without validation (``OptionSet.trusted``: a ruling that only reads
a preset never pays for pydantic's validator). These tests are the validation they skip."""

from __future__ import annotations

import pytest

from companion.rules.presets import PRESETS
from companion.rules.ruleset import RuleSet
from companion.table.table_presets import TABLE_PRESETS
from companion.table.table_rules import TableRules


@pytest.mark.parametrize("pid", sorted(PRESETS))
def test_each_presets_rules_pass_validation_unchanged(pid: str) -> None:
    """Validating a preset's rule set gives it back equal, field for field, with the same
    hash and the same dump: no clash, no value pydantic would have converted."""
    rules = PRESETS[pid].rules
    checked = RuleSet.model_validate(rules.option_values())
    assert checked == rules
    assert hash(checked) == hash(rules)
    assert checked.model_dump() == rules.model_dump()
    assert list(rules.clashes()) == []


@pytest.mark.parametrize("pid", sorted(TABLE_PRESETS))
def test_each_presets_table_rules_pass_validation_unchanged(pid: str) -> None:
    """The same for each preset's table rules (titles, exchanges, points)."""
    table = TABLE_PRESETS[pid]
    checked = TableRules.model_validate(table.option_values())
    assert checked == table
    assert checked.model_dump() == table.model_dump()


def test_a_trusted_option_set_still_refuses_an_unknown_name() -> None:
    """A misspelt option in a preset fails at import, not silently dropped."""
    with pytest.raises(TypeError, match="no option jokerz"):
        RuleSet.trusted({"jokerz": 2})
    assert RuleSet.trusted({"jokers": 2}).jokers == 2


def test_a_trusted_option_set_is_not_validated() -> None:
    """``trusted`` skips the checks (what the tests above stand for): a clash goes through
    ``trusted`` and is refused by ``build``."""
    from companion.rules.errors import RuleSetError

    clash = {"jokers": 5}
    assert RuleSet.trusted(clash).jokers == 5
    with pytest.raises(RuleSetError):
        RuleSet.build(clash)
