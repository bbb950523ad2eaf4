"""Every rule and table option in words: its group, a label, a one-line explanation, and
words for each of its values. Screens show these; option names and catalogue IDs appear only
in a details line.

The words are the catalogue domain ``options`` (``companion/words/locale/<lang>/LC_MESSAGES/
options.po``): ``option.<name>.label``, ``option.<name>.explain``, ``option.<name>.value.<v>``
for each value as ``--set`` spells it (``"true"``, ``"ace_high"``, ``"none"``),
``option.<name>.number`` for a number (a plural message), ``option.group.<group>``, and the
presets' ``preset.<id>.name``. ``tests/ui/test_option_words.py`` fails when an option, or one
of its values, has no words, so a new option cannot reach a screen in code names.

Values that name a place by its title (who deals, who leads, where the second sits) name it
as the evening's title scheme does (``value``'s ``places``): « le dernier (Trouduc) » under
PAGAT's titles, « le Secrétaire à gauche du Président » under TDC's; the place itself
(« le deuxième ») where the scheme's title for it changes with the number of players. The
title is a field of the message (``option.place.last.titled``: « le dernier ({title}) »).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from functools import cache, reduce
from typing import Final, Literal

from companion.rules.presets import PRESETS, PUBLIC_SOURCES, SEEDS
from companion.table.exchange_counts import BySize, Counts, parse_by_size, parse_counts
from companion.table.table_presets import table_rules_from
from companion.table.titles import SCHEMES, PlaceTitles
from companion.words import DEFAULT_LANG, keys, plural_keys, t, tn
from companion.words.formats import number

Group = Literal["deck", "beats", "special", "house", "exchanges", "end", "points", "between"]

# Each group's options, in the order the screens show them.
GROUPS: Final[dict[Group, tuple[str, ...]]] = {
    "deck": (
        "deck",
        "jokers",
        "jokers_per",
        "decks",
        "two_decks_from",
        "rank_order",
        "joker_order",
    ),
    "beats": (
        "trick_rounds",
        "must_beat",
        "pass_is_final",
        "self_overplay",
        "single_cards_only",
        "equal_play",
        "larger_sets",
        "suits",
        "rule_of_four",
        "max_set",
        "combinations",
        "speed_play",
    ),
    "special": (
        "wild_cards",
        "wild_alone",
        "wild_vs_natural",
        "twos",
        "joker_power",
        "special_high_cards",
        "transparent",
        "revolution",
        "card_effects",
        "coup_detat",
    ),
    "house": (
        "eight_stop",
        "jack_back",
        "spade_three",
        "five_skip",
        "seven_pass",
        "ten_discard",
        "opening_card_played",
        "shibari",
        "quad_stop",
        "top_stop",
        "reverse_rank",
    ),
    "exchanges": (
        "exchange",
        "exchange_by_players",
        "exchange_by_score",
        "exchange_low",
        "exchange_high",
        "exchange_order",
        "exchange_pairing",
        "merchants",
        "veto",
        "discards",
        "discard_shown",
        "putsch",
    ),
    "end": ("lead_after_out", "forbidden_finish", "forbidden_finish_penalty", "rich_man_falls"),
    "points": ("scoring", "evening_rank", "end", "target", "hands"),
    "between": (
        "first_lead",
        "first_hand_lead",
        "direction",
        "titles",
        "first_roles",
        "draw_order",
        "seating",
        "direction_rule",
        "dealer",
        "deal",
        "first_deal",
        "join_leave",
        "faults",
    ),
}
OPTIONS: Final[dict[str, Group]] = {name: g for g, names in GROUPS.items() for name in names}

NONE: Final[str] = "none"  # how ``--set`` spells an empty set or no value
SETS: Final = frozenset({"wild_cards", "forbidden_finish"})  # values are sets: "joker,2"
SEQUENCES: Final = frozenset({"exchange_high"})  # a value per pair: "chosen,lowest"

# Values that are a place, named by its title where the scheme has one for it.
_PLACE_VALUES: Final[dict[tuple[str, str], str]] = {
    ("first_lead", "president"): "first",
    ("first_lead", "scum"): "last",
    ("dealer", "president"): "first",
    ("dealer", "scum"): "last",
}
# Values whose words name places: their messages take {first}, {of_first}, {second}, {last}.
_PLACED: Final = frozenset(
    {
        ("seating", "by_rank"),
        ("seating", "by_rank_anticlockwise"),
        ("deal", "one_by_one_from_president"),
        ("direction_rule", "president_last"),
    }
)
# The places' titles when no evening says them: the first is Président under every scheme
# but two (hubere, merchants); the second and the last vary, so they are named as places.
ANY_SCHEME: Final = PlaceTitles("Président", None, None)

# The catalogue's notes beside a seed that are not names (``PAGAT (Australia)``).
_SEED_NOTES: Final[dict[str, str]] = {
    "Australia": "option.seed.note.australia",
    "scoring at 5/7 players": "option.seed.note.scoring_5_7",
}
# Every source an option may cite, named in words by ``option.seed.<short>``.
_SEEDS: Final = (*SEEDS, *PUBLIC_SOURCES, "all")


def group_of(name: str) -> Group:
    return OPTIONS[name]


def label(name: str, lang: str) -> str:
    return t(lang, f"option.{name}.label")


def explain(name: str, lang: str) -> str:
    return t(lang, f"option.{name}.explain")


def group_label(group: Group, lang: str) -> str:
    return t(lang, f"option.group.{group}")


@cache
def values_of(name: str) -> frozenset[str]:
    """The values of an option that have words, as ``--set`` spells them."""
    if name == "titles":
        return frozenset(SCHEMES)
    prefix = f"option.{name}.value."
    own = {
        key.removeprefix(prefix) for key in keys(DEFAULT_LANG, "options") if key.startswith(prefix)
    }
    own |= {value for option, value in (*_PLACE_VALUES, *_PLACED) if option == name}
    return frozenset(own) or frozenset({"true", "false"})  # an option of yes or no


def _has_number(name: str) -> bool:
    return f"option.{name}.number" in plural_keys(DEFAULT_LANG, "options")


def _items(text: str) -> list[str]:
    return [v.strip() for v in text.split(",") if v.strip()]


def known(name: str, text: str) -> bool:
    """Whether ``value`` has words for this value (else it shows the text as typed)."""
    if name not in OPTIONS:
        return False
    text = text.strip()
    values = values_of(name)
    return (
        text in values
        or (name == "exchange" and _parses(parse_counts, text))
        or (name == "exchange_by_players" and _parses(parse_by_size, text))
        or (name in SETS | SEQUENCES and all(v in values for v in _items(text)))
        # ASCII digits only: "²".isdigit() is True but int("²") fails.
        or (_has_number(name) and text.isascii() and text.isdigit())
    )


def _place(lang: str, place: str, title: str | None) -> str:
    """« le Président » / « le premier »: a place, by its title when it has one."""
    if title is None:
        return t(lang, f"option.place.{place}")
    return t(lang, f"option.place.{place}.titled", title=title)


def _places(lang: str, titles: PlaceTitles) -> dict[str, str]:
    """The fields of a message that names places, the titles in ``lang``."""
    p = titles.in_lang(lang)
    return {
        "first": _place(lang, "first", p.first),
        "of_first": _place(lang, "of_first", p.first),
        "second": _place(lang, "second", p.second),
        "last": _place(lang, "last", p.last),
    }


def _then(lang: str, parts: list[str]) -> str:
    """« A, puis B, puis C »."""
    return reduce(lambda before, after: t(lang, "option.then", before=before, after=after), parts)


def _exchange(counts: Counts, lang: str) -> str:
    """``2/1`` → "2 cartes contre 2, puis 1 contre 1"; ``2:3/1:2`` → "2 contre 3, puis …"."""
    if not counts:
        return t(lang, "option.exchange.value.none")
    (gives, gets), *rest = counts
    first = tn(lang, "option.exchange.first", gives, gets=number(lang, gets))
    others = [
        t(lang, "option.exchange.next", gives=number(lang, a), gets=number(lang, b))
        for a, b in rest
    ]
    return _then(lang, [first, *others])


def _by_players(by_size: BySize, lang: str) -> str:
    """``3=1; 4=2/1`` → "dès 3 joueurs : 1 carte contre 1 ; dès 4 joueurs : …"."""
    parts = [
        t(
            lang,
            "option.exchange_by_players.from",
            players=number(lang, players),
            exchange=_exchange(counts, lang),
        )
        for players, counts in by_size
    ]
    return t(lang, "option.exchange_by_players.separator").join(parts)


def _parses(parse: Callable[[str], object], text: str) -> bool:
    try:
        parse(text)
    except ValueError:
        return False
    return True


def _titles(scheme: str, lang: str) -> str:
    """A title scheme by its first, second and last titles at five players."""
    titles = SCHEMES[scheme].titles(5, lang)
    return t(lang, "option.titles.value", first=titles[0], second=titles[1], last=titles[-1])


def value(name: str, text: str, lang: str, places: PlaceTitles | None = None) -> str:
    """The words for one value of an option, as ``--set`` spells it; the text as typed
    only for a value the rules would refuse anyway (see ``known``). ``places``: the titles
    of the evening's scheme (``titles.place_titles``), for values that name a place by its
    title; without them, the words that hold under any scheme."""
    text = text.strip()
    if not known(name, text):
        return text
    place = _PLACE_VALUES.get((name, text))
    if place is not None:
        return _places(lang, places or ANY_SCHEME)[place]
    if (name, text) in _PLACED:
        return t(lang, f"option.{name}.value.{text}", **_places(lang, places or ANY_SCHEME))
    if name == "titles":
        return _titles(text, lang)
    if text in values_of(name):
        key = f"option.{name}.value.{text}"
        return t(lang, key if key in keys(DEFAULT_LANG, "options") else f"option.value.{text}")
    if name == "exchange":
        return _exchange(parse_counts(text), lang)
    if name == "exchange_by_players":
        return _by_players(parse_by_size(text), lang)
    if name in SETS | SEQUENCES:
        words = [value(name, v, lang) for v in _items(text)]
        return _then(lang, words) if name in SEQUENCES else ", ".join(words)
    return tn(lang, f"option.{name}.number", int(text))


def row(name: str, text: str, lang: str, places: PlaceTitles | None = None) -> str:
    """ "Cartes égales : autorisé": the option's label and its value in words."""
    return t(lang, "option.row", label=label(name, lang), value=value(name, text, lang, places))


def seeds(description: str, lang: str) -> str:
    """The seeds an option's catalogue description cites, in words: ``"D4 (PAGAT, WIKI,
    TDC): …"`` → "Pagat « Président », l'encyclopédie …, « Trou-du-cul classique »"."""
    head = description.split(":", 1)[0]
    inside = head[head.find("(") + 1 : head.rfind(")")] if "(" in head else ""
    if not inside.strip():
        return ""
    text = inside
    for note, key in _SEED_NOTES.items():
        text = text.replace(note, t(lang, key))
    for short in sorted(_SEEDS, key=len, reverse=True):
        # Split on the short name rather than re.sub: the words go in as they are.
        words = t(lang, f"option.seed.{short}")
        text = words.join(re.split(rf"\b{short}\b", text))
    return text


def seed_name(seed: str, lang: str) -> str:
    """A seed (``"PAGAT"``) as a person would name the document."""
    return t(lang, f"option.seed.{seed}")


def preset_sentence(preset: str, lang: str) -> str:
    """One sentence: the system and its seed, how many players, whether and how it keeps
    points ("Trou-du-cul classique : d'après « … », de 3 à 6 joueurs, sans points.")."""
    info = PRESETS[preset]
    table = table_rules_from(preset, [])[1]
    if table.scoring == "none":
        points = t(lang, "preset.no_points")
    else:
        goal = table.target if table.end == "target" else table.hands
        end = (
            tn(lang, f"preset.end.{table.end}", goal)
            if goal is not None
            else t(lang, "preset.end.open")
        )
        points = t(lang, "preset.points", scoring=value("scoring", table.scoring, lang), end=end)
    low, high = info.players
    return t(
        lang,
        "preset.sentence.fixed" if low == high else "preset.sentence",
        name=info.name(lang),
        seed=seed_name(info.seed, lang),
        low=number(lang, low),
        high=number(lang, high),
        points=points,
    )
