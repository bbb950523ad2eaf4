"""Which events a hand may carry under given rules: the one home of that rule, for the replay
(which refuses an event whose option is off) and for the screens (which offer only the events
a phone can mark)."""

from __future__ import annotations

from dataclasses import dataclass

from companion.rules.ruleset import RuleSet
from companion.table.evening_errors import OptionOffError
from companion.table.table_rules import TableRules
from companion.words import Message

#: Events a phone can mark, in the order shown; each names one player except the revolution,
#: and the guillotine a second one (its victim). ``president_falls`` is not here: the replay
#: applies it by itself when S9 is on (stating it only checks it).
MARKABLE = ("revolution", "putsch", "coup_detat", "guillotine", "forbidden_finish", "fault")


@dataclass(frozen=True)
class _Switch:
    option: str  # the option that turns the event on
    off_value: str  # how that option reads when it is off
    words: str  # "there is no such event here" (``table.event.off.<words>``), when refused


_SWITCHES = {
    "revolution": _Switch("revolution", "off", "revolution"),
    "putsch": _Switch("putsch", "false", "putsch"),
    # WIKI's guillotine is a coup d'État: the same option.
    "coup_detat": _Switch("coup_detat", "false", "coup_detat"),
    "guillotine": _Switch("coup_detat", "false", "coup_detat"),
    "forbidden_finish": _Switch("forbidden_finish", "none", "forbidden_finish"),
    "president_falls": _Switch("rich_man_falls", "false", "president_falls"),
    "fault": _Switch("faults", "false", "fault"),
}


def option_on(kind: str, rules: RuleSet, table: TableRules) -> bool:
    """Whether the option behind the event ``kind`` is on in these rules."""
    if kind == "revolution":
        return rules.revolution != "off"
    if kind == "putsch":
        return table.putsch
    if kind in ("coup_detat", "guillotine"):
        return rules.coup_detat
    if kind == "forbidden_finish":
        return bool(rules.forbidden_finish)
    if kind == "president_falls":
        return table.rich_man_falls
    if kind == "fault":
        return table.faults
    raise KeyError(kind)


def check_option(kind: str, rules: RuleSet, table: TableRules) -> None:
    """Refuse an event whose option is off, naming the option (``OptionOffError``)."""
    if not option_on(kind, rules, table):
        switch = _SWITCHES[kind]
        raise OptionOffError(
            Message.of(
                "table.event.off",
                what=Message.of(f"table.event.off.{switch.words}"),
                option=switch.option,
                value=switch.off_value,
            ),
            option=switch.option,
        )


def markable_events(rules: RuleSet, table: TableRules, ranked: bool) -> tuple[str, ...]:
    """The events a phone may mark for a hand, in the order shown. A putsch needs a Trou du
    cul, so a hand played without roles (``ranked`` false) offers none."""
    return tuple(
        kind for kind in MARKABLE if option_on(kind, rules, table) and (kind != "putsch" or ranked)
    )
