"""Each event's option, on and off, and the exact words of its refusal in both languages."""

from __future__ import annotations

import pytest

from companion.table.evening import OptionOffError
from companion.table.event_rules import check_option, markable_events, option_on
from companion.table.table_presets import table_rules_from

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
        "The Président does not fall (rich_man_falls=false in these rules).",
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
