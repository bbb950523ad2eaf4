"""Presets: every system of the catalogue (``shared/VARIANTS.md``) as a named rule set.

Each preset cites its seed and lists the points its seed left open, with what we decided
(their words are the catalogue's, ``preset.open.<id>.<n>``).
The table options (section S: titles, deal, exchanges, scoring) live beside these in
``companion.table``; this module only fixes how the cards are played.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from companion.rules.errors import RuleSetError, UnknownPresetError
from companion.rules.options import split_setting
from companion.rules.ruleset import RuleSet, parse_option, with_brought
from companion.words import DEFAULT_LANG, Message, t

__all__ = ["PRESETS", "Preset", "get_preset", "ruleset_from", "split_setting"]

SEEDS = {
    "PAGAT": "000_a529291ef27ec701.txt",
    "PRES53": "001_eac5c91049f12c8a.txt",
    "WIKI": "002_b9b90edddf16e6aa.txt",
    "CONC": "003_1c8d797c51d4cdc8.txt",
    "TDC": "004_f2920cc71cff2dcf.txt",
}
# Public rule texts an option cites where the seeds say nothing: the house rules of the
# Daifugō tables and their peers (H1–H11), the same game as Président in Japan: pagat's page,
# and tables' written rules quoted by the tests.
PUBLIC_SOURCES = {
    "DAIFUGO": "https://www.pagat.com/climbing/daifugo.html",
    "DFG": "https://github.com/ZionC27/Daifugo_Game#special-rules",
    "SKNY": "https://pastebin.com/gVLUfCa2",
    "GROUPGAMES": "https://groupgames.xyz/card-games/president",
    "BOKU": "https://boku-boardgame.net/cards/daifugou-binding",
    "EKPRO": "https://ek-pro.com/soradore/card/daifugo/sub_rule/shibari.html",
    "BOARDOOR": "https://boardoor.com/games/daifugo",
    "BALA": "https://www.balagamenight.com/games/president",
    "CONVO": "https://www.convocards.com/asshole",
    "EXCITE": "https://woman.excite.co.jp/article/lifestyle/rid_Cobs_ly_200909_post_397",
}


@dataclass(frozen=True)
class Preset:
    """A system of the catalogue; its name is the message ``preset.<id>.name`` (domain
    ``options``)."""

    id: str
    seed: str  # short seed name, a key of SEEDS
    section: str  # where in the seed the system is described
    rules: RuleSet
    players: tuple[int, int]  # fewest and most players the seed allows
    # The points its seed leaves open, with what we decided: catalogue keys
    # (preset.open.<id>.<n>, domain options), in French, English and German.
    open_points: tuple[str, ...] = field(default=())

    def name(self, lang: str = DEFAULT_LANG) -> str:
        return t(lang, f"preset.{self.id}.name")


def _preset(
    pid: str,
    seed: str,
    section: str,
    players: tuple[int, int],
    open_points: int = 0,
    base: RuleSet | None = None,
    **options: Any,
) -> Preset:
    values = {**(base.option_values() if base else {}), **options}
    rules = RuleSet.trusted(values)  # tests/rules/test_presets_valid.py validates each one
    points = tuple(f"preset.open.{pid}.{n}" for n in range(1, open_points + 1))
    return Preset(pid, seed, section, rules, players, points)


_PAGAT = _preset(
    "pagat",
    "PAGAT",
    "Le jeu de base",
    (4, 7),
    open_points=2,
    deck="52",
    jokers=0,
    rank_order="two_high",
    trick_rounds="until_all_pass",
    first_lead="president",
    first_hand_lead="left_of_dealer",
    lead_after_out="next_left",
)

_WIKI = _preset(
    "trou-du-cul",
    "WIKI",
    "Déroulement d'une partie",
    (3, 8),
    open_points=8,
    deck="52",
    jokers=2,
    rank_order="two_high",
    trick_rounds="until_all_pass",
    first_lead="left_of_dealer",
    first_hand_lead="left_of_dealer",
    lead_after_out="next_right",
    forbidden_finish=frozenset({"2"}),
    forbidden_finish_penalty="illegal",
    max_set=4,
)

_TDC = _preset(
    "classique",
    "TDC",
    "Trou-du-cul classique, articles 1–4",
    (3, 6),
    open_points=5,
    deck="52",
    jokers=2,
    rank_order="ace_high",
    joker_power="beat_all_but_quad",
    trick_rounds="until_all_pass",
    pass_is_final=True,
    self_overplay="once",
    first_lead="president",
    first_hand_lead="left_of_dealer",
    lead_after_out="highest_ranked",
    max_set=4,
)

PRESETS: dict[str, Preset] = {
    p.id: p
    for p in (
        _PAGAT,
        _preset(
            "president",
            "PRES53",
            "Règles du président",
            (4, 4),
            open_points=3,
            deck="52",
            jokers=1,
            rank_order="two_high",
            joker_power="beat_all",
            trick_rounds="one_round",
            max_set=4,
            first_lead="scum",
            first_hand_lead="left_of_dealer",
            lead_after_out="next_left",
        ),
        _WIKI,
        _preset(
            "concierge",
            "CONC",
            "Le Concierge",
            (3, 6),
            open_points=6,
            deck="52",
            jokers=2,
            jokers_per="pack",
            decks="auto",
            two_decks_from=5,
            joker_order="white_high",
            joker_power="beat_all",
            twos="one_fewer",
            rank_order="two_high",
            trick_rounds="one_round",
            must_beat=True,
            max_set=4,
            first_lead="president",
            first_hand_lead="left_of_dealer",
            lead_after_out="next_left",
        ),
        _TDC,
        _preset(
            "armix",
            "TDC",
            "Article 5 : le Trou-du-cul d'Armix",
            (3, 6),
            open_points=2,
            base=_TDC.rules,
            single_cards_only=True,
            trick_rounds="one_round",
            must_beat=True,
            self_overplay="never",
        ),
        _preset(
            "klootzakken",
            "PAGAT",
            "Paquet de 40 cartes (Klootzakken)",
            (4, 7),
            open_points=2,
            base=_PAGAT.rules,
            deck="40",
            rank_order="three_high",
            first_lead="scum",
        ),
        _preset(
            "hubere",
            "PAGAT",
            "Jokers, Twos et Threes Wild; Hűbéres",
            (4, 7),
            open_points=2,
            base=_PAGAT.rules,
            jokers=2,
            wild_cards=frozenset({"joker", "2", "3"}),
            wild_alone="highest",
            wild_vs_natural="equal",
        ),
        _preset(
            "butthead",
            "PAGAT",
            "Échange de cartes (Butthead)",
            (4, 7),
            open_points=1,
            base=_PAGAT.rules,
        ),
        _preset(
            "strutz",
            "WIKI",
            "Le Strutz",
            (3, 10),
            open_points=4,
            deck="52",
            jokers=2,
            jokers_per="pack",
            decks="auto",
            two_decks_from=6,
            rank_order="ace_high",
            wild_cards=frozenset({"joker"}),
            wild_alone="top_natural",
            trick_rounds="until_all_pass",
            pass_is_final=True,
            card_effects="strutz",
            first_lead="scum",
            first_hand_lead="left_of_dealer",
            lead_after_out="next_left",
        ),
        _preset(
            "angevin",
            "WIKI",
            "Le trou du cul angevin",
            (3, 8),
            open_points=4,
            base=_WIKI.rules,
            jokers=0,
            rank_order="ace_high",
            card_effects="angevin",
            equal_play="skips_next",
            self_overplay="once",
            revolution="quad",
            forbidden_finish=frozenset({"A"}),
            forbidden_finish_penalty="last_place",
        ),
        _preset(
            "wizz",
            "WIKI",
            "Le Wizz",
            (3, 8),
            open_points=2,
            base=_WIKI.rules,
            jokers=0,
            larger_sets="higher_rank",
            equal_play="skips_next",
            revolution="quad",
        ),
        # DAIFUGO (pagat): "A standard 52 card pack is used, to which one joker is normally
        # added"; "The rank of the cards from high to low is: Joker-2-A-K-…-4-3". The common
        # Japanese tables add two jokers, wild, the revolution and 8-giri; the holder of the
        # 3♦ leads the first hand (SKNY).
        _preset(
            "daifugo",
            "DAIFUGO",
            "Dai Fugō / Dai Hinmin",
            (3, 6),
            open_points=4,
            deck="52",
            jokers=2,
            rank_order="two_high",
            wild_cards=frozenset({"joker"}),
            wild_alone="highest",
            trick_rounds="until_all_pass",
            first_lead="scum",
            first_hand_lead="three_of_diamonds",
            lead_after_out="next_left",
            revolution="quad",
            eight_stop=True,
        ),
    )
}


# Other names of a preset. PAGAT's seed is pagat's page on the English-language base game
# (« Président a de nombreux noms alternatifs : Racaille … », « Warlords and Scumbags »):
# `scum` names that preset, which holds every value of it already (a second preset would
# only repeat them).
ALIASES = {"scum": "pagat"}


def get_preset(pid: str) -> Preset:
    """The preset named ``pid`` (or one of its ``ALIASES``).

    >>> get_preset("scum").id
    'pagat'
    """
    key = pid.strip().lower()
    try:
        return PRESETS[ALIASES.get(key, key)]
    except KeyError:
        known = ", ".join(PRESETS)
        raise UnknownPresetError(
            Message.of("preset.unknown", preset=pid, known=known), preset=pid
        ) from None


def ruleset_from(pid: str, settings: list[str] | None = None) -> RuleSet:
    """The preset's rule set with ``NAME=VALUE`` changes applied (the command line's
    ``--set``). Raises RuleSetError naming the bad option."""
    rules = get_preset(pid).rules
    changes: dict[str, Any] = {}
    for item in settings or []:
        key, val = parse_option(*split_setting(item))
        changes[key] = val
    if not changes:
        return rules
    result = rules.with_options(**changes)
    for part, value in with_brought(changes).items():
        if part in changes:
            continue
        try:
            result = result.with_options(**{part: value})
        except RuleSetError:
            # A part these rules cannot hold (transparent 3s without 3s, a high-and-low 2
            # that is wild…) is not brought: every ruling names it as turned off.
            continue
    return result
