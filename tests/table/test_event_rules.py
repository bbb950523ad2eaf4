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
    """Rule: an event refused because its option is off names that option and its off value
    (``faults=false``) in French and in English."""
    rules, table = table_rules_from("classique")
    with pytest.raises(OptionOffError) as caught:
        check_option("fault", rules, table)
    assert caught.value.details["option"] == "faults"
    assert "faults=false" in caught.value.message("fr")
    assert "faults=false" in caught.value.message("en")
    assert caught.value.message("fr") != caught.value.message("en")


def test_every_kind_has_a_switch() -> None:
    """Rule: every event kind, the Président's fall included, has an option that turns it on or off;
    a kind that does not exist has none (KeyError)."""
    rules, table = table_rules_from("classique")
    for kind in ALL:
        option_on(kind, rules, table)
    with pytest.raises(KeyError):
        option_on("teleport", rules, table)


# kind -> (setting that turns it on, setting that turns it off, French, English refusal)
SWITCHES = {
    "revolution": (
        "revolution=quad",
        "revolution=off",
        "Pas de révolution (revolution=off dans ces règles).",
        "No revolution (revolution=off in these rules).",
    ),
    "putsch": (
        "putsch=true",
        "putsch=false",
        "Pas de putsch (putsch=false dans ces règles).",
        "No putsch (putsch=false in these rules).",
    ),
    "coup_detat": (
        "coup_detat=true",
        "coup_detat=false",
        "Pas de coup d'État (coup_detat=false dans ces règles).",
        "No coup d'État (coup_detat=false in these rules).",
    ),
    "guillotine": (
        "coup_detat=true",
        "coup_detat=false",
        "Pas de coup d'État (coup_detat=false dans ces règles).",
        "No coup d'État (coup_detat=false in these rules).",
    ),
    "forbidden_finish": (
        "forbidden_finish=2",
        "forbidden_finish=none",
        "Aucune carte n'est interdite pour finir (forbidden_finish=none dans ces règles).",
        "No card is forbidden to finish on (forbidden_finish=none in these rules).",
    ),
    "president_falls": (
        "rich_man_falls=true",
        "rich_man_falls=false",
        "Le Président ne tombe pas (rich_man_falls=false dans ces règles).",
        "The President does not fall (rich_man_falls=false in these rules).",
    ),
    "fault": (
        "faults=true",
        "faults=false",
        "Pas de fautes de procédure (faults=false dans ces règles).",
        "No procedural faults (faults=false in these rules).",
    ),
}


@pytest.mark.parametrize("kind", sorted(SWITCHES))
def test_each_event_follows_its_own_option(kind: str) -> None:
    """The event is allowed with its option on and refused with it off, in these words."""
    on, off, fr, en = SWITCHES[kind]
    rules, table = table_rules_from("trou-du-cul", [on])
    assert option_on(kind, rules, table) is True
    check_option(kind, rules, table)
    rules, table = table_rules_from("trou-du-cul", [off])
    assert option_on(kind, rules, table) is False
    with pytest.raises(OptionOffError) as info:
        check_option(kind, rules, table)
    assert (info.value.message("fr"), info.value.message("en")) == (fr, en)
    assert info.value.details["option"] == off.split("=")[0]


def test_markable_events_in_the_order_shown() -> None:
    """Every option on: revolution, putsch, coup d'État, guillotine, forbidden finish, fault;
    without roles the same less the putsch."""
    settings = [s[0] for s in SWITCHES.values()]
    rules, table = table_rules_from("trou-du-cul", settings)
    assert markable_events(rules, table, ranked=True) == (
        "revolution",
        "putsch",
        "coup_detat",
        "guillotine",
        "forbidden_finish",
        "fault",
    )
    assert "putsch" not in markable_events(rules, table, ranked=False)
    assert len(markable_events(rules, table, ranked=False)) == 5
    off = [s[1] for s in SWITCHES.values()]
    rules, table = table_rules_from("trou-du-cul", off)
    assert markable_events(rules, table, ranked=True) == ()


def test_an_unknown_event_kind_is_named() -> None:
    """Asking about an event kind that does not exist fails, naming that kind."""
    rules, table = table_rules_from("trou-du-cul")
    with pytest.raises(KeyError) as info:
        option_on("bogus", rules, table)
    assert info.value.args == ("bogus",)
