"""Which events a hand may carry: one home (``table.event_rules``) for the replay, which
refuses an event whose option is off, and for the screens, which offer only those events."""

from __future__ import annotations

import pytest

from companion.rules.presets import PRESETS
from companion.table.evening import OptionOffError
from companion.table.event_rules import MARKABLE, check_option, markable_events, option_on
from companion.table.table_presets import table_rules_from

ALL = (*MARKABLE, "president_falls")


@pytest.mark.parametrize("preset", sorted(PRESETS))
def test_the_screens_offer_exactly_what_the_replay_accepts(preset: str) -> None:
    """Rule: an event kind is offered on a ranked hand exactly when the replay would not
    refuse it for its option."""
    rules, table = table_rules_from(preset)
    offered = markable_events(rules, table, ranked=True)
    for kind in MARKABLE:
        if kind in offered:
            check_option(kind, rules, table)
        else:
            with pytest.raises(OptionOffError):
                check_option(kind, rules, table)


def test_no_putsch_is_offered_before_there_is_a_trou_du_cul() -> None:
    """Rule (WIKI "Le putsch"): only the Trou du cul may declare one, so a hand played
    without roles offers none."""
    rules, table = table_rules_from("trou-du-cul", ["putsch=true"])
    assert "putsch" in markable_events(rules, table, ranked=True)
    assert "putsch" not in markable_events(rules, table, ranked=False)


def test_the_guillotine_follows_the_coup_d_etat_option() -> None:
    """Rule (WIKI "La Guillotine"): the guillotine is a coup d'État, under the same option."""
    for value in ("true", "false"):
        rules, table = table_rules_from("trou-du-cul", [f"coup_detat={value}"])
        assert option_on("guillotine", rules, table) is (value == "true")
        assert option_on("coup_detat", rules, table) is (value == "true")


def test_president_falls_is_applied_never_marked() -> None:
    """Rule (S9): the replay applies the Président's fall itself, so no phone marks it."""
    rules, table = table_rules_from("pagat", ["rich_man_falls=true"])
    assert "president_falls" not in markable_events(rules, table, ranked=True)
    check_option("president_falls", rules, table)


def test_a_refused_event_names_its_option_in_both_languages() -> None:
    rules, table = table_rules_from("classique")
    with pytest.raises(OptionOffError) as caught:
        check_option("fault", rules, table)
    assert caught.value.details["option"] == "faults"
    assert "faults=false" in caught.value.message("fr")
    assert "faults=false" in caught.value.message("en")
    assert caught.value.message("fr") != caught.value.message("en")


def test_every_kind_has_a_switch() -> None:
    rules, table = table_rules_from("classique")
    for kind in ALL:
        option_on(kind, rules, table)
    with pytest.raises(KeyError):
        option_on("teleport", rules, table)
