"""Section S values for each of the 12 presets, read from its seed, with the open points we
decided (catalogue keys, ``preset.open.table.<group>.<n>``: their words are in the domain
``options``); and ``table_rules_from``, which splits ``--set`` options between the two models."""

from __future__ import annotations

from typing import Any

from companion.rules.options import option_name, split_setting
from companion.rules.presets import get_preset, ruleset_from
from companion.rules.ruleset import RuleSet
from companion.table.table_rules import TableRules, TableRulesError
from companion.words import Message


def _open(group: str, count: int) -> tuple[str, ...]:
    """The catalogue keys of a group of open points (``preset.open.table.<group>.<n>``)."""
    return tuple(f"preset.open.table.{group}.{n}" for n in range(1, count + 1))


def _table(base: TableRules | None = None, **options: Any) -> TableRules:
    return TableRules.trusted({**(base.option_values() if base else {}), **options})


# PAGAT "Le jeu de base".
_PAGAT = _table(
    titles="pagat",
    first_roles="first_hand",
    seating="by_rank",
    dealer="scum",
    deal="one_by_one_from_president",
    first_deal="one_by_one_from_left",
    exchange=((1, 1),),
    exchange_low="best",
    exchange_high=("chosen",),
    exchange_order="low_first",
    scoring="top_two",
    evening_rank="points",
    end="target",
    target=11,
    join_leave=True,
)
_PAGAT_OPEN = _open("pagat", 5)

# WIKI "Déroulement d'une partie", "La hiérarchie", "Les parties suivantes", "Jeu aux points".
_WIKI = _table(
    titles="wiki",
    first_roles="first_hand",
    seating="by_rank",
    dealer="scum",
    deal="one_by_one_from_president",
    first_deal="equal_set_aside",
    exchange=((2, 2), (1, 1)),
    exchange_low="best",
    exchange_high=("chosen",),
    exchange_order="low_first",
    scoring="n_minus_rank",
    evening_rank="points",
    end="open",
    join_leave=True,
)
_WIKI_OPEN = _open("wiki", 5)
# « Points as in PAGAT's basic game (2, 1, 0…, target 11) », said by the presets built on it.
_PAGAT_POINTS = "preset.open.table.pagat_points"

_TDC = _table(
    titles="tdc",
    first_roles="draw_card",
    seating="by_rank",
    dealer="scum",
    deal="tdc_pattern",
    first_deal="one_by_one_from_left",
    exchange=((2, 2), (1, 1)),
    exchange_low="best",
    exchange_high=("chosen",),
    exchange_order="low_first",
    discards="tdc",
    discard_shown=True,
    scoring="none",
    end="open",
    join_leave=False,
)
_TDC_OPEN = _open("tdc", 5)

TABLE_PRESETS: dict[str, TableRules] = {
    "pagat": _PAGAT,
    "president": _table(
        titles="pres53",
        first_roles="draw_card",
        seating="by_rank_anticlockwise",
        dealer="president",
        deal="from_dealer_self_first",
        first_deal="from_dealer_self_first",
        exchange=((2, 2), (1, 1)),
        exchange_low="best",
        exchange_high=("lowest",),
        exchange_order="low_first",
        scoring="three_two_one",
        evening_rank="points",
        end="open",
        join_leave=False,
    ),
    "trou-du-cul": _WIKI,
    "concierge": _table(
        titles="concierge",
        first_roles="draw_card",
        seating="by_rank",
        dealer="scum",
        deal="one_by_one_from_president",
        first_deal="one_by_one_from_left",
        exchange=((2, 2), (1, 1)),
        exchange_low="best",
        exchange_high=("chosen", "lowest"),
        exchange_order="high_first",
        exchange_pairing="chain",
        scoring="none",
        end="open",
        join_leave=False,
    ),
    "classique": _TDC,
    "armix": _TDC,
    "klootzakken": _table(
        _PAGAT,
        titles="klootzakken",
        seating="fixed",
        deal="one_by_one_from_left",
        exchange=((2, 2),),
    ),
    "hubere": _table(_PAGAT, titles="hubere", exchange=((3, 3), (2, 2), (1, 1))),
    "butthead": _table(_PAGAT, titles="butthead", exchange=((2, 3), (1, 2))),
    "strutz": _table(
        _WIKI,
        titles="strutz",
        direction_rule="president_last",
        deal="extras_to_scum_first",
        exchange=((2, 2), (1, 1)),
        exchange_low="best_no_joker",
        veto=True,
    ),
    "angevin": _WIKI,
    "wizz": _WIKI,
    # DAIFUGO (pagat): "the loser of each hand deals the next"; "All the cards are dealt out
    # one at a time as equally as possible"; "the Dai Hinmin must give his highest ranking
    # two cards to the Dai Fugō and the Hinmin must give his highest card to the Fugō" and
    # "The Dai Fugō gives any two unwanted cards to the Dai Hinmin and the Fugō gives any one
    # unwanted card to the Hinmin".
    "daifugo": _table(
        titles="daifugo",
        first_roles="first_hand",
        seating="fixed",
        dealer="scum",
        deal="one_by_one_from_left",
        first_deal="one_by_one_from_left",
        exchange=((2, 2), (1, 1)),
        exchange_low="best",
        exchange_high=("chosen",),
        exchange_order="low_first",
        scoring="none",
        evening_rank="average_place",
        end="open",
        join_leave=True,
    ),
}

TABLE_OPEN_POINTS: dict[str, tuple[str, ...]] = {
    "pagat": _PAGAT_OPEN,
    "president": _open("president", 3),
    "trou-du-cul": _WIKI_OPEN,
    "concierge": _open("concierge", 5),
    "classique": _TDC_OPEN,
    "armix": _TDC_OPEN,
    "klootzakken": (*_PAGAT_OPEN[:1], *_open("klootzakken", 2), _PAGAT_POINTS),
    "hubere": (*_PAGAT_OPEN[:1], *_open("hubere", 2), _PAGAT_POINTS),
    "butthead": (*_PAGAT_OPEN[:1], *_open("butthead", 2), _PAGAT_POINTS),
    "strutz": _open("strutz", 5),
    "angevin": (*_WIKI_OPEN, *_open("angevin", 1)),
    "wizz": _WIKI_OPEN,
    "daifugo": _open("daifugo", 3),
}


def get_table_rules(pid: str) -> TableRules:
    """The preset's table rules (raises UnknownPresetError for an unknown id)."""
    return TABLE_PRESETS[get_preset(pid).id]


# B5 shares the name `jokers` with D2 in VARIANTS.md: both are game options.
GAME_OPTIONS = frozenset(RuleSet.model_fields)
TABLE_OPTIONS = frozenset(TableRules.model_fields)


def unknown_option(name: str) -> TableRulesError:
    """The error for a name that is no option at all: it lists every game and table option."""
    game = ", ".join(sorted(GAME_OPTIONS))
    table = ", ".join(sorted(TABLE_OPTIONS))
    words = Message.of("option.unknown_any", name=name, game=game, table=table)
    return TableRulesError(words, option=name)


def split_settings(settings: list[str] | None) -> tuple[list[str], list[str]]:
    """``NAME=VALUE`` items split into game options (D, P, B and S8) and table options (S),
    in the order given; raises for an item without ``=`` or an unknown name."""
    game: list[str] = []
    table: list[str] = []
    for item in settings or []:
        key = option_name(split_setting(item)[0])
        if key in TABLE_OPTIONS:
            table.append(item)
        elif key in GAME_OPTIONS:
            game.append(item)
        else:
            raise unknown_option(key)
    return game, table


def table_rules_from(pid: str, settings: list[str] | None = None) -> tuple[RuleSet, TableRules]:
    """The preset's RuleSet and TableRules with ``NAME=VALUE`` changes applied: S options go
    to TableRules, D/P/B options to the rules engine's ``ruleset_from``. Raises a
    RuleSetError (TableRulesError for table options) naming the bad option."""
    table = get_table_rules(pid)
    game, table_items = split_settings(settings)
    changes: dict[str, Any] = {}
    for item in table_items:
        changes.update(TableRules.parse_setting(*split_setting(item)))
    rules = ruleset_from(pid, game)
    if changes.get("scoring") == "none" and "end" not in changes and table.end == "target":
        # Without points there is no target to reach: the evening becomes open.
        changes.update(end="open", target=None)
    if changes:
        table = table.with_options(**changes)
    return rules, table


def game_settings(pid: str, settings: list[str] | None) -> list[str]:
    """The game options among ``settings``, after checking every option, table ones included
    (the referee accepts whatever an evening accepts, and judges the game options)."""
    table_rules_from(pid, settings)
    return split_settings(settings)[0]
