"""Section S values for each of the 12 presets, read from its seed, with the open points we
decided; and ``table_rules_from``, which splits ``--set`` options between the two models."""

from __future__ import annotations

from typing import Any

from companion.rules.options import option_name, split_setting
from companion.rules.presets import get_preset, ruleset_from
from companion.rules.ruleset import RuleSet
from companion.table.table_rules import TableRules, TableRulesError
from companion.words import Message


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
_PAGAT_OPEN = (
    "First hand: no roles and no exchange ('Le joueur à la gauche du croupier commence'); the "
    "first player named deals all the cards one by one from his left.",
    "Middle places are 'Citoyen' (numbered when there are several); the last is 'Trouduc'.",
    "The Trouduc gives his highest card first, then the Président gives back any card.",
    "Points are the seed's example (2 Président, 1 Vice-Président) to a target of 11.",
    "Joining and leaving between hands is allowed (PAGAT 'Rejoindre et quitter une partie').",
)

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
_WIKI_OPEN = (
    "Seats by rank as in PAGAT: Vice-Président on the Président's left … Trou du cul on his "
    "right; the Trou du cul deals one by one from his left, so the Président gets the first "
    "card (the seed gives no layout and no first card).",
    "First game: the first player named deals; each gets the same number of cards, the extras "
    "are shown and set aside; no titles yet and no exchange.",
    "Middle places are all 'Neutre' (numbered when several): they neither give nor receive. "
    "The last place is 'Trou du cul' at every count (the seed writes 'Trouduc' at 3).",
    "Points n−1 … 0 per hand; the seed's target is 'prédéterminé' without a number: the "
    "evening is open unless the table sets target=N.",
    "Putsch, coup d'État and the negotiated or collective exchanges are options "
    "(putsch=true, coup_detat=true, exchange_low=…, exchange_high=…).",
)

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
_TDC_OPEN = (
    "Seats clockwise by rank from the Président, who does not move: the seed's diagram is "
    "lost, but its example plays S, L, TC, P in turn.",
    "Roles by drawing a card, ties redrawn; the first session has the usual exchanges.",
    "After the seed's first cards (e.g. '2 cartes au Trou-du-cul'), the deal goes on one by "
    "one clockwise from the Président until the pack is out.",
    "At 5 and 6 players the Contremaître's discarded card is shown and collected by the "
    "Trou-du-cul, as the Secrétaire's at 3 players ('Comme à 4, et…').",
    "No points ('limité que par le manque de sommeil'): scoring=none, open evening.",
)

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
}

TABLE_OPEN_POINTS: dict[str, tuple[str, ...]] = {
    "pagat": _PAGAT_OPEN,
    "president": (
        "Roles by drawing a card in the game's order (draw_order=ace_high for 'l'ordre des "
        "cartes de la bataille'); the first hand after the draw has the exchanges.",
        "Seats: Vice-Président on the Président's right, Secrétaire opposite, Balayeur on his "
        "left; the Président deals the 53 cards from himself, so he has 14.",
        "Points 3/2/1/0 are kept (the seed: 'En principe, il n'y a pas de marque'), with no "
        "target: the table stops when it likes. The one-card variant is exchange=1/1.",
    ),
    "trou-du-cul": _WIKI_OPEN,
    "concierge": (
        "Roles by drawing; the lowest card deals, the highest sits on his left as Président.",
        "The Président gives 'ses deux cartes les moins intéressantes': cards of his choice; "
        "the others give their lowest, as the seed says ('sa plus mauvaise').",
        "The higher player gives first in each pair, in the seed's order: Président–Concierge, "
        "then from the bottom up commis 1–commis 2, secrétaire–commis 1, vice-président–"
        "secrétaire (at 5 players: no commis 2).",
        "At 3 players: Président, Vice-Président, Concierge; only the Président and the "
        "Concierge exchange.",
        "No points in the seed: scoring=none.",
    ),
    "classique": _TDC_OPEN,
    "armix": _TDC_OPEN,
    "klootzakken": (
        *_PAGAT_OPEN[:1],
        "No seat change: give the seats with --seats (by default the ranking order). The "
        "Klootzak deals one by one from his left and leads.",
        "Only the winner and the loser exchange: the loser's 2 best for 2 the winner chooses.",
        "Points as in PAGAT's basic game (2, 1, 0…, target 11).",
    ),
    "hubere": (
        *_PAGAT_OPEN[:1],
        "Titles from the six Hűbéres ranks, top and bottom first: at 4 Király, Nagybirtokos, "
        "Kisparaszt, Mocsár; an odd middle place is Polgár (burgher), with no exchange.",
        "Exchanges 3, 2, 1 from the outside in; the lower gives his best, the higher any cards.",
        "Points as in PAGAT's basic game (2, 1, 0…, target 11).",
    ),
    "butthead": (
        *_PAGAT_OPEN[:1],
        "Titles Président, Vice-Président, Citoyen…, Vice-Butthead, Butthead (the seed's "
        "'vice-bouton' is the Vice-Butthead).",
        "Butthead gives 2 best, gets 3 chosen; Vice-Butthead gives 1 best, gets 2 chosen.",
        "Points as in PAGAT's basic game (2, 1, 0…, target 11).",
    ),
    "strutz": (
        "Seats by rank clockwise from the Président; the play turns so that the Président "
        "plays last in the first round (anticlockwise with these seats).",
        "The Strutz deals one by one from himself up the ranks, so the extra cards go to the "
        "Strutz, then the Sous-Strutz…; first game as in the article (equal hands, extras set "
        "aside).",
        "At 3 players: Président, Neutre, Strutz; from 5, the middle places are Neutre.",
        "The Sous-Strutz gives his best card except a joker, and may veto as the Strutz does.",
        "Points n−1 … 0 as in the article's 'Jeu aux points'; open evening.",
    ),
    "angevin": (*_WIKI_OPEN, "The Trou du cul gives his 2 best, the Président any 2 cards."),
    "wizz": _WIKI_OPEN,
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
