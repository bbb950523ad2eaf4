"""Every rule and table option in words, French and English: its group, a label, a one-line
explanation, and words for each of its values. Screens show these; option names and
catalogue IDs appear only in a details line.

Keyed by the option's field name in ``RuleSet`` and ``TableRules``;
``tests/ui/test_option_words.py`` fails when an option, or one of its values, has no words
here, so a new option cannot reach a screen in code names. Values are looked up as
``--set`` spells them (``"true"``, ``"ace_high"``, ``"2/1"``, ``"joker,2"``).

Values that name a place by its title (who deals, who leads, where the second sits) name it
as the evening's title scheme does (``value``'s ``places``): « le dernier (Trouduc) » under
PAGAT's titles, « le Secrétaire à gauche du Président » under TDC's; the place itself
(« le deuxième ») where the scheme's title for it changes with the number of players.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Final, Literal

from companion.rules.presets import PRESETS
from companion.table.table_presets import table_rules_from
from companion.table.titles import SCHEMES, PlaceTitles

Words = tuple[str, str]  # (French, English)
Group = Literal["deck", "beats", "special", "exchanges", "end", "points", "between"]

GROUPS: Final[dict[Group, Words]] = {
    "deck": ("Cartes et paquet", "Cards and deck"),
    "beats": ("Qui bat quoi", "What beats what"),
    "special": ("Cartes spéciales", "Special cards"),
    "exchanges": ("Échanges", "Exchanges"),
    "end": ("Fin de la donne", "End of the hand"),
    "points": ("Points", "Points"),
    "between": ("Entre les donnes", "Between hands"),
}

YES_NO: Final[dict[str, Words]] = {"true": ("oui", "yes"), "false": ("non", "no")}
NONE: Final[str] = "none"  # how ``--set`` spells an empty set or no value

# The seeds, as a person would name the document (VARIANTS.md's table of seeds).
SEEDS: Final[dict[str, Words]] = {
    "PAGAT": ("Pagat « Président »", "Pagat 'President'"),
    "PRES53": ("« Règles du président »", "'Règles du président'"),
    "WIKI": ("l'encyclopédie « Trou du cul (jeu) »", "the encyclopedia 'Trou du cul (jeu)'"),
    "CONC": ("« Le Concierge »", "'Le Concierge'"),
    "TDC": ("« Trou-du-cul classique »", "'Trou-du-cul classique'"),
    "all": ("toutes les sources", "every source"),
}
# The catalogue's notes beside a seed that are not names.
_SEED_NOTES: Final[dict[str, Words]] = {
    "Australia": ("Australie", "Australia"),
    "scoring at 5/7 players": ("points à 5 ou 7 joueurs", "scoring at 5 or 7 players"),
}


@dataclass(frozen=True)
class OptionWords:
    group: Group
    label: Words
    explain: Words
    values: dict[str, Words] = field(default_factory=dict)  # each value, as --set spells it
    number: Words | None = None  # a value that is a number: "{n} points"


def _o(
    group: Group,
    label: Words,
    explain: Words,
    values: dict[str, Words] | None = None,
    number: Words | None = None,
) -> OptionWords:
    return OptionWords(group, label, explain, values if values is not None else YES_NO, number)


# The places' titles when no evening says them: the first is Président under every scheme
# but two (hubere, merchants); the second and the last vary, so they are named as places.
ANY_SCHEME: Final = PlaceTitles("Président", None, None)
Titled = Callable[[PlaceTitles], Words]


def _the_first(p: PlaceTitles) -> Words:
    return (f"le {p.first}", f"the {p.first}") if p.first else ("le premier", "the first player")


def _the_last(p: PlaceTitles) -> Words:
    if p.last is None:
        return ("le dernier", "the last player")
    return (f"le dernier ({p.last})", f"the last one ({p.last})")


def _seats(fr_side: str, en_side: str) -> Titled:
    """Seats by rank: where the second place sits beside the first."""

    def words(p: PlaceTitles) -> Words:
        second_fr, second_en = (
            (f"le {p.second}", f"the {p.second}")
            if p.second
            else ("le deuxième", "the second player")
        )
        of_first = f"du {p.first}" if p.first else "du premier"
        return (
            f"par rang, {second_fr} à {fr_side} {of_first}",
            f"by rank, {second_en} {en_side} of {_the_first(p)[1]}",
        )

    return words


def _deal_from_first(p: PlaceTitles) -> Words:
    fr, en = _the_first(p)
    return (f"une par une, en commençant par {fr}", f"one by one, starting with {en}")


def _first_plays_last(p: PlaceTitles) -> Words:
    fr, en = _the_first(p)
    return (f"{fr} joue le plus tard possible", f"{en} plays as late as possible")


# Option -> value -> its words under the evening's titles.
_TITLED: Final[dict[str, dict[str, Titled]]] = {
    "first_lead": {"president": _the_first, "scum": _the_last},
    "dealer": {"scum": _the_last, "president": _the_first},
    "seating": {
        "by_rank": _seats("gauche", "left"),
        "by_rank_anticlockwise": _seats("droite", "right"),
    },
    "deal": {"one_by_one_from_president": _deal_from_first},
    "direction_rule": {"president_last": _first_plays_last},
}


def _any(name: str, text: str) -> Words:
    """A titled value's words when no evening says the titles."""
    return _TITLED[name][text](ANY_SCHEME)


_WHO_LEADS: dict[str, Words] = {
    "left_of_dealer": ("le joueur à gauche du donneur", "the player left of the dealer"),
    "lowest_card": ("qui a la plus petite carte (3♣)", "whoever holds the lowest card (3♣)"),
    "queen_of_hearts": ("qui a la dame de cœur", "whoever holds the queen of hearts"),
    "president": _any("first_lead", "president"),
    "scum": _any("first_lead", "scum"),
}
_LOW_GIVES: dict[str, Words] = {
    "best": ("ses meilleures cartes", "his best cards"),
    "best_collective": (
        "ses meilleures cartes prises ensemble (une paire de rois bat as-roi)",
        "his best cards taken together (a pair of kings beats ace-king)",
    ),
    "best_no_joker": ("ses meilleures cartes, jamais un joker", "his best cards, never a joker"),
    "negotiated": ("des cartes négociées", "cards agreed between them"),
}
_HIGH_GIVES: dict[str, Words] = {
    "chosen": ("des cartes de son choix", "cards of his choice"),
    "lowest": ("ses plus petites cartes", "his lowest cards"),
    "lowest_even_if_set": (
        "ses plus petites, même prises dans une paire",
        "his lowest, even out of a set",
    ),
    "negotiated": ("des cartes négociées", "cards agreed between them"),
}
_WILDS: dict[str, Words] = {
    "joker": ("les jokers", "the jokers"),
    "2": ("les 2", "the 2s"),
    "3": ("les 3", "the 3s"),
    "A": ("les as", "the aces"),
    NONE: ("aucune", "none"),
}


def _titles_words() -> dict[str, Words]:
    """Each title scheme by its first, middle and last titles at five players (the titles
    are names: the same in both languages)."""
    words = {}
    for name, scheme in SCHEMES.items():
        titles = scheme.titles(5)
        text = f"{titles[0]}, {titles[1]} … {titles[-1]}"
        words[name] = (text, text)
    return words


WORDS: Final[dict[str, OptionWords]] = {
    # --- cards and deck ------------------------------------------------------------------
    "deck": _o(
        "deck",
        ("Paquet", "Deck"),
        ("Combien de cartes compte un jeu.", "How many cards one deck holds."),
        {
            "52": ("52 cartes", "52 cards"),
            "32": ("32 cartes (du 7 à l'as)", "32 cards (7 to ace)"),
            "30": ("30 cartes (32 sans les 7 rouges)", "30 cards (32 without the red 7s)"),
            "40": ("40 cartes (sans 4, 5, 6)", "40 cards (no 4, 5, 6)"),
        },
    ),
    "jokers": _o(
        "deck",
        ("Jokers", "Jokers"),
        ("Combien de jokers s'ajoutent aux cartes.", "How many jokers join the cards."),
        {"0": ("aucun", "none"), "1": ("1 joker", "1 joker"), "2": ("2 jokers", "2 jokers")},
    ),
    "jokers_per": _o(
        "deck",
        ("Jokers comptés", "Jokers counted"),
        (
            "Le nombre de jokers vaut pour chaque jeu, ou pour tout le paquet.",
            "The number of jokers is per deck, or for the whole pack.",
        ),
        {"deck": ("par jeu", "per deck"), "pack": ("pour tout le paquet", "for the whole pack")},
    ),
    "decks": _o(
        "deck",
        ("Nombre de jeux", "Number of decks"),
        (
            "Un ou deux jeux mélangés, ou deux à partir d'un certain nombre de joueurs.",
            "One or two decks shuffled together, or two from some number of players.",
        ),
        {
            "1": ("un jeu", "one deck"),
            "2": ("deux jeux", "two decks"),
            "auto": ("selon le nombre de joueurs", "by the number of players"),
        },
    ),
    "two_decks_from": _o(
        "deck",
        ("Deux jeux dès", "Two decks from"),
        (
            "Avec « selon le nombre de joueurs » : à partir de combien on prend deux jeux.",
            "With 'by the number of players': from how many players two decks are used.",
        ),
        {NONE: ("—", "—")},
        number=("{n} joueurs", "{n} players"),
    ),
    "rank_order": _o(
        "deck",
        ("Ordre des cartes", "Card order"),
        ("Quelle carte est la plus forte.", "Which card ranks highest."),
        {
            "two_high": ("3 … as, 2 (le 2 est la plus forte)", "3 … ace, 2 (the 2 ranks highest)"),
            "ace_high": (
                "2, 3 … as (l'as est la plus forte)",
                "2, 3 … ace (the ace ranks highest)",
            ),
            "seven_high": (
                "8 … as, 7 (le 7 est la plus forte)",
                "8 … ace, 7 (the 7 ranks highest)",
            ),
            "three_high": (
                "7 … as, 2, 3 (le 3 est la plus forte)",
                "7 … ace, 2, 3 (the 3 ranks highest)",
            ),
        },
    ),
    "joker_order": _o(
        "deck",
        ("Entre les deux jokers", "Between the two jokers"),
        ("Si l'un des deux jokers bat l'autre.", "Whether one joker beats the other."),
        {
            "equal": ("égaux", "equal"),
            "coloured_high": ("le joker couleur est plus fort", "the coloured joker ranks higher"),
            "white_high": (
                "le joker noir et blanc est plus fort",
                "the black-and-white joker ranks higher",
            ),
        },
    ),
    # --- special cards ---------------------------------------------------------------------
    "wild_cards": _o(
        "special",
        ("Cartes qui remplacent", "Wild cards"),
        (
            "Des cartes qui valent n'importe quelle valeur dans une combinaison.",
            "Cards that stand for any rank in a set.",
        ),
        _WILDS,
    ),
    "wild_alone": _o(
        "special",
        ("Remplaçantes seules", "Wild cards alone"),
        (
            "Ce que vaut une combinaison faite seulement de cartes qui remplacent.",
            "What a set made only of wild cards is worth.",
        ),
        {
            "highest": ("plus forte que tout", "above every rank"),
            "top_natural": (
                "comme la plus forte valeur (pas au-dessus de l'as)",
                "as the top rank (not above the ace)",
            ),
            "forbidden": ("interdite", "not allowed"),
        },
    ),
    "wild_vs_natural": _o(
        "special",
        ("Vraie contre remplaçante", "Natural against wild"),
        (
            "Entre deux combinaisons de même valeur, l'une avec des cartes qui remplacent.",
            "Between two sets of the same rank, one of them with wild cards.",
        ),
        {
            "natural_wins": ("la vraie gagne", "the natural set wins"),
            "wild_wins": ("celle avec remplaçantes gagne", "the wild set wins"),
            "equal": ("égales", "equal"),
        },
    ),
    "twos": _o(
        "special",
        ("Les 2", "The 2s"),
        ("Ce que peut un 2.", "What a 2 can do."),
        {
            "normal": ("une carte comme les autres", "a card like any other"),
            "beat_all": ("un 2 seul bat tout", "a lone 2 beats anything"),
            "one_fewer": (
                "il faut un 2 de moins que de cartes à battre",
                "one 2 fewer than the cards to beat",
            ),
            "high_and_low": (
                "se joue à tout moment, et tout peut le suivre",
                "played any time, anything may follow it",
            ),
            "atout": (
                "atout : un 2 seul bat tout, un 2 de moins suffit, et il reprend la main",
                "trump: a lone 2 beats anything, one 2 fewer is enough, and he leads again",
            ),
        },
    ),
    "joker_power": _o(
        "special",
        ("Force du joker", "Joker power"),
        ("Ce que peut un joker.", "What a joker can do."),
        {
            "rank": ("juste au-dessus de la plus forte carte", "just above the top rank"),
            "beat_all": ("un joker seul bat tout", "a lone joker beats anything"),
            "beat_all_but_quad": (
                "un joker seul bat tout, sauf un carré posé dessus",
                "a lone joker beats anything, but a four of a kind beats it",
            ),
        },
    ),
    "special_high_cards": _o(
        "special",
        ("Cartes au-dessus des 2", "Cards above the 2s"),
        ("Des cartes plus fortes que les 2.", "Cards that rank above the 2s."),
        {
            "none": ("aucune", "none"),
            "black_threes": ("les 3 noirs", "the black 3s"),
            "jack_of_diamonds": ("le valet de carreau", "the jack of diamonds"),
            "jokers_jacks_twos": ("jokers, valets noirs et 2", "jokers, black jacks and 2s"),
        },
    ),
    "transparent": _o(
        "special",
        ("Cartes transparentes", "See-through cards"),
        (
            "Une valeur qui bat autant de cartes de n'importe quelle valeur.",
            "A rank whose cards beat as many cards of any rank.",
        ),
        {NONE: ("aucune", "none"), "3": ("les 3", "the 3s"), "4": ("les 4", "the 4s")},
    ),
    "revolution": _o(
        "special",
        ("Révolution", "Revolution"),
        ("Un carré renverse l'ordre des cartes.", "A four of a kind reverses the card order."),
        {
            "off": ("non", "no"),
            "quad": (
                "un carré renverse l'ordre pour la donne",
                "a four of a kind reverses it for the hand",
            ),
            "quad_persistent": (
                "un carré renverse l'ordre, même aux donnes suivantes",
                "a four of a kind reverses it, into later hands too",
            ),
            "quad_and_direction": (
                "un carré renverse l'ordre et le sens du jeu",
                "a four of a kind reverses the order and the direction",
            ),
        },
    ),
    "card_effects": _o(
        "special",
        ("Cartes à effet", "Card effects"),
        (
            "Des cartes qui font donner ou jeter une carte.",
            "Cards that make a player give or discard one.",
        ),
        {
            "none": ("aucune", "none"),
            "give_discard": ("6, 7, 8, 9 : donner ou jeter", "6, 7, 8, 9: give or discard"),
            "strutz": ("celles du Strutz (7, 8, 9, 10)", "the Strutz ones (7, 8, 9, 10)"),
            "angevin": ("celles de l'angevin (as et 7)", "the angevin ones (ace and 7)"),
        },
    ),
    "coup_detat": _o(
        "special",
        ("Coup d'État", "Coup d'État"),
        (
            "Cinq cartes égales avec des jokers font de leur joueur le Président.",
            "A five-card set with jokers makes its player Président.",
        ),
    ),
    # --- what beats what -------------------------------------------------------------------
    "trick_rounds": _o(
        "beats",
        ("Durée d'une tournée", "Length of a trick"),
        ("Quand une tournée s'arrête.", "When a trick ends."),
        {
            "until_all_pass": ("jusqu'à ce que tous les autres passent", "until all others pass"),
            "one_round": ("un seul tour après l'entame", "one round after the lead"),
        },
    ),
    "must_beat": _o(
        "beats",
        ("Obligé de jouer", "Must play"),
        ("On ne passe que si on ne peut pas battre.", "A player passes only when unable to beat."),
    ),
    "pass_is_final": _o(
        "beats",
        ("Qui passe abandonne", "A pass is final"),
        (
            "Qui passe ne rejoue pas avant la tournée suivante.",
            "A player who passes cannot play again until the next trick.",
        ),
    ),
    "self_overplay": _o(
        "beats",
        ("Rejouer sur soi", "Play on one's own cards"),
        (
            "Quand tous les autres ont passé, le dernier peut-il rejouer sur ses propres cartes.",
            "When all others passed, may the last player play once more on his own cards.",
        ),
        {"never": ("jamais", "never"), "once": ("une fois", "once")},
    ),
    "single_cards_only": _o(
        "beats",
        ("Une carte à la fois", "One card at a time"),
        (
            "On ne pose jamais qu'une carte, pas de paires.",
            "Only single cards are played, no sets.",
        ),
    ),
    "equal_play": _o(
        "beats",
        ("Cartes égales", "Equal cards"),
        ("Si l'on peut couvrir avec la même valeur.", "Whether a play of the same rank may cover."),
        {
            "forbidden": ("interdit", "not allowed"),
            "allowed": ("autorisé", "allowed"),
            "skips_next": (
                "autorisé, et le suivant saute son tour",
                "allowed, and the next player is skipped",
            ),
        },
    ),
    "larger_sets": _o(
        "beats",
        ("Plus de cartes", "More cards"),
        ("Si plus de cartes peuvent battre moins.", "Whether more cards may beat fewer."),
        {
            "forbidden": ("non, autant de cartes", "no, the same number of cards"),
            "higher_rank": ("oui, d'une valeur plus forte", "yes, of a higher rank"),
            "any_rank": ("oui, de n'importe quelle valeur", "yes, of any rank"),
        },
    ),
    "suits": _o(
        "beats",
        ("Couleurs", "Suits"),
        ("Ce que font les couleurs ♠ ♥ ♦ ♣.", "What the suits ♠ ♥ ♦ ♣ do."),
        {
            "ignored": ("elles ne comptent pas", "they do not count"),
            "follow_suit": ("il faut fournir la couleur", "follow suit"),
            "opposite_colour": (
                "il faut l'autre couleur (rouge sur noir)",
                "the other colour (red on black)",
            ),
            "ranked": ("♠ > ♥ > ♦ > ♣ départagent", "♠ > ♥ > ♦ > ♣ break ties"),
            "ranked_poker": ("rangées, comme au poker", "ranked, as in poker"),
        },
    ),
    "rule_of_four": _o(
        "beats",
        ("Règle des quatre", "Rule of four"),
        (
            "Après des cartes égales, le suivant doit jouer la même valeur ou passer.",
            "After an equal play, the next must play the same rank or pass.",
        ),
        {
            "off": ("non", "no"),
            "follow": ("même valeur ou passer", "same rank or pass"),
            "magic_square": ("carré magique", "magic square"),
        },
    ),
    "max_set": _o(
        "beats",
        ("Taille des combinaisons", "Largest set"),
        (
            "Combien de cartes au plus dans une combinaison de même valeur.",
            "The most cards a set of one rank may hold.",
        ),
        {NONE: ("autant que le paquet le permet", "as many as the pack allows")},
        number=("{n} cartes au plus", "at most {n} cards"),
    ),
    "combinations": _o(
        "beats",
        ("Combinaisons", "Combinations"),
        ("Ce qu'on peut poser.", "What may be played."),
        {
            "sets": ("cartes de même valeur", "cards of one rank"),
            "sets_and_runs": ("même valeur, ou suites", "one rank, or runs"),
            "poker": ("mains de poker", "poker hands"),
        },
    ),
    "speed_play": _o(
        "beats",
        ("Jeu rapide", "Speed play"),
        (
            "Qui a la même valeur peut la poser hors de son tour.",
            "A matching play may be made out of turn.",
        ),
    ),
    # --- end of the hand -------------------------------------------------------------------
    "lead_after_out": _o(
        "end",
        ("Entame après une sortie", "Lead after going out"),
        (
            "Qui entame quand le gagnant de la tournée n'a plus de cartes.",
            "Who leads when the trick's winner has gone out.",
        ),
        {
            "next_left": ("le joueur suivant à gauche", "the next player on the left"),
            "next_right": ("le joueur suivant à droite", "the next player on the right"),
            "highest_ranked": ("le mieux classé qui reste", "the highest-ranked one left"),
        },
    ),
    "forbidden_finish": _o(
        "end",
        ("Sortie interdite avec", "No going out with"),
        ("Des cartes avec lesquelles on ne peut pas finir.", "Cards a player may not go out with."),
        {**_WILDS, "3": ("les 3 (pendant une révolution)", "the 3s (during a revolution)")},
    ),
    "forbidden_finish_penalty": _o(
        "end",
        ("Sortie interdite", "Forbidden finish"),
        (
            "Ce qui arrive à qui finit quand même avec ces cartes.",
            "What happens to a player who still goes out with them.",
        ),
        {
            "illegal": ("le coup est refusé", "the play is refused"),
            "last_place": ("permis, mais il finit dernier", "allowed, but he finishes last"),
        },
    ),
    "rich_man_falls": _o(
        "end",
        ("Chute du Président", "The rich man falls"),
        (
            "Un Président qui ne finit pas premier tombe dernier aussitôt.",
            "A Président who does not finish first drops to last at once.",
        ),
    ),
    # --- between hands ----------------------------------------------------------------------
    "first_lead": _o(
        "between",
        ("Qui entame", "Who leads"),
        (
            "Qui pose la première carte d'une donne, une fois les rôles connus.",
            "Who leads the first trick of a hand once roles exist.",
        ),
        _WHO_LEADS,
    ),
    "first_hand_lead": _o(
        "between",
        ("Qui entame la toute première donne", "Who leads the very first hand"),
        ("Avant qu'il y ait des rôles.", "Before any roles exist."),
        {k: v for k, v in _WHO_LEADS.items() if k not in ("president", "scum")},
    ),
    "direction": _o(
        "between",
        ("Sens du jeu", "Direction of play"),
        (
            "Dans quel sens on joue au début d'une donne.",
            "Which way play goes at the start of a hand.",
        ),
        {
            "clockwise": ("sens des aiguilles d'une montre", "clockwise"),
            "anticlockwise": ("sens inverse des aiguilles d'une montre", "anticlockwise"),
        },
    ),
    "titles": _o(
        "between",
        ("Titres", "Titles"),
        ("Comment s'appelle chaque place.", "What each place is called."),
        _titles_words(),
    ),
    "first_roles": _o(
        "between",
        ("Premiers rôles", "First roles"),
        ("Comment on attribue les rôles la première fois.", "How roles are first assigned."),
        {
            "draw_card": ("chacun tire une carte", "everyone draws a card"),
            "first_hand": ("une première donne sans échange", "a first hand without exchanges"),
            "random": ("au hasard", "at random"),
            "exposed_card": (
                "la carte du dessus de chaque main",
                "the top card of each dealt hand",
            ),
        },
    ),
    "draw_order": _o(
        "between",
        ("Ordre du tirage", "Order of the draw"),
        ("Quelle carte tirée gagne.", "Which drawn card wins."),
        {
            "game": ("l'ordre du jeu", "the game's order"),
            "ace_high": (
                "celui de la bataille (as fort, 2 faible)",
                "that of 'la bataille' (ace high, 2 low)",
            ),
        },
    ),
    "seating": _o(
        "between",
        ("Places", "Seats"),
        ("Où chacun s'assoit après une donne.", "Where everyone sits after a hand."),
        {
            "by_rank": _any("seating", "by_rank"),
            "by_rank_anticlockwise": _any("seating", "by_rank_anticlockwise"),
            "fixed": ("personne ne bouge", "nobody moves"),
        },
    ),
    "direction_rule": _o(
        "between",
        ("Sens de chaque donne", "Direction for each hand"),
        (
            "Le sens des règles, ou celui qui fait jouer le Président le plus tard.",
            "The rules' direction, or the one that makes the Président play last.",
        ),
        {
            "rules": ("celui des règles", "the rules' one"),
            "president_last": _any("direction_rule", "president_last"),
        },
    ),
    "dealer": _o(
        "between",
        ("Donneur", "Dealer"),
        ("Qui distribue une donne classée.", "Who deals a ranked hand."),
        {
            "scum": _any("dealer", "scum"),
            "president": _any("dealer", "president"),
            "owner": ("le propriétaire du jeu", "the owner of the cards"),
        },
    ),
    "deal": _o(
        "between",
        ("Distribution", "The deal"),
        ("Comment on distribue une donne classée.", "How a ranked hand is dealt."),
        {
            "one_by_one_from_president": _any("deal", "one_by_one_from_president"),
            "one_by_one_from_left": (
                "une par une, en commençant à gauche du donneur",
                "one by one, starting left of the dealer",
            ),
            "from_dealer_self_first": (
                "une par une, le donneur d'abord",
                "one by one, the dealer first",
            ),
            "tdc_pattern": (
                "selon le schéma du Trou-du-cul classique",
                "by the Trou-du-cul classique pattern",
            ),
            "extras_to_scum_first": (
                "une par une, les cartes en trop aux derniers",
                "one by one, extra cards to the last ones",
            ),
        },
    ),
    "first_deal": _o(
        "between",
        ("Première distribution", "First deal"),
        (
            "Comment on distribue une première donne, sans rôles.",
            "How a first hand, with no roles yet, is dealt.",
        ),
        {
            "one_by_one_from_left": (
                "une par une, à gauche du donneur d'abord",
                "one by one, left of the dealer first",
            ),
            "from_dealer_self_first": (
                "une par une, le donneur d'abord",
                "one by one, the dealer first",
            ),
            "equal_set_aside": (
                "autant à chacun, le reste montré et mis de côté",
                "the same to each, the rest shown and set aside",
            ),
        },
    ),
    "join_leave": _o(
        "between",
        ("Arrivées et départs", "Joining and leaving"),
        (
            "On peut partir ou arriver entre deux donnes.",
            "Players may leave or join between hands.",
        ),
    ),
    "faults": _o(
        "between",
        ("Fautes", "Faults"),
        (
            "Deux fautes de jeu font du donneur le dernier.",
            "Two procedural faults make the dealer last.",
        ),
    ),
    # --- exchanges -------------------------------------------------------------------------
    "exchange": _o(
        "exchanges",
        ("Cartes échangées", "Cards exchanged"),
        (
            "Combien de cartes chaque paire échange, en commençant par les extrêmes.",
            "How many cards each pair exchanges, outermost pair first.",
        ),
        {NONE: ("aucun échange", "no exchange")},
    ),
    "exchange_by_score": _o(
        "exchanges",
        ("Échange selon les points", "Exchange by score"),
        (
            "Chaque perdant échange autant de cartes que ses points.",
            "Each loser exchanges as many cards as his score.",
        ),
    ),
    "exchange_low": _o(
        "exchanges",
        ("Ce que donne le moins bien classé", "What the lower player gives"),
        (
            "Les cartes que le moins bien classé de chaque paire donne.",
            "The cards the lower player of each pair gives.",
        ),
        _LOW_GIVES,
    ),
    "exchange_high": _o(
        "exchanges",
        ("Ce que rend le mieux classé", "What the higher player gives back"),
        (
            "Les cartes que le mieux classé rend, paire par paire.",
            "The cards the higher player gives back, pair by pair.",
        ),
        _HIGH_GIVES,
    ),
    "exchange_order": _o(
        "exchanges",
        ("Qui donne d'abord", "Who gives first"),
        ("Dans chaque paire, qui donne le premier.", "Who gives first in each pair."),
        {
            "low_first": ("le moins bien classé", "the lower player"),
            "high_first": ("le mieux classé", "the higher player"),
        },
    ),
    "exchange_pairing": _o(
        "exchanges",
        ("Paires d'échange", "Exchange pairs"),
        ("Qui échange avec qui.", "Who exchanges with whom."),
        {
            "outer": (
                "le 1er avec le dernier, le 2e avec l'avant-dernier…",
                "1st with last, 2nd with second-last…",
            ),
            "chain": (
                "en chaîne, voisin par voisin depuis le bas",
                "in a chain, neighbour by neighbour from the bottom",
            ),
        },
    ),
    "merchants": _o(
        "exchanges",
        ("Marchands", "Merchants"),
        (
            "À nombre pair, les deux du milieu échangent une carte en marchandant.",
            "At an even count, the two middle players swap one card, bargaining.",
        ),
    ),
    "veto": _o(
        "exchanges",
        ("Veto", "Veto"),
        (
            "Le moins bien classé peut refuser une carte reçue ; elle est remplacée.",
            "The lower player may refuse one card he is given; it is replaced.",
        ),
    ),
    "discards": _o(
        "exchanges",
        ("Défausse", "Discard"),
        (
            "Un joueur jette une carte de son choix, ramassée par le dernier.",
            "A player discards a card of his choice, collected by the last one.",
        ),
        {
            "none": ("aucune", "none"),
            "tdc": ("comme au Trou-du-cul classique", "as in Trou-du-cul classique"),
        },
    ),
    "discard_shown": _o(
        "exchanges",
        ("Défausse montrée", "Discard shown"),
        ("La carte jetée est montrée à tous.", "The discarded card is shown to all."),
    ),
    "putsch": _o(
        "exchanges",
        ("Putsch", "Putsch"),
        (
            "Le dernier peut refuser l'échange, à ses risques.",
            "The last player may refuse the exchange, at his own risk.",
        ),
    ),
    # --- points ----------------------------------------------------------------------------
    "scoring": _o(
        "points",
        ("Points", "Points"),
        ("Combien de points rapporte chaque place.", "How many points each place earns."),
        {
            "none": ("aucun : seules les places comptent", "none: only the places count"),
            "top_two": ("2 au premier, 1 au deuxième", "2 to the first, 1 to the second"),
            "n_minus_rank": (
                "du premier (n−1) au dernier (0)",
                "from the first (n−1) to the last (0)",
            ),
            "three_two_one": ("3, 2, 1, 0", "3, 2, 1, 0"),
            "symmetric": ("symétriques (à 5 : +2 … −2)", "symmetric (at 5: +2 … −2)"),
            "card_penalty": (
                "pénalité des cartes restantes, le plus bas gagne",
                "penalty for the cards left, lowest wins",
            ),
        },
    ),
    "evening_rank": _o(
        "points",
        ("Classement de la soirée", "Evening ranking"),
        (
            "Qui mène la soirée et monte sur la plus haute marche du podium.",
            "Who leads the evening and tops its podium.",
        ),
        {
            "points": ("le plus de points", "most points"),
            "last_hand": ("l'ordre de la dernière donne", "the last hand's order"),
            "average_place": ("la meilleure place moyenne", "best average place"),
            "times_president": ("le plus de fois Président", "most times Président"),
        },
    ),
    "end": _o(
        "points",
        ("Fin de la soirée", "End of the evening"),
        ("Quand la soirée se termine.", "When the evening ends."),
        {
            "open": ("quand la table s'arrête", "when the table stops"),
            "target": ("quand un joueur atteint le score visé", "when a player reaches the target"),
            "hands": ("après un nombre de donnes", "after a number of hands"),
        },
    ),
    "target": _o(
        "points",
        ("Score visé", "Target score"),
        ("Le score qui termine la soirée.", "The score that ends the evening."),
        {NONE: ("aucun", "none")},
        number=("{n} points", "{n} points"),
    ),
    "hands": _o(
        "points",
        ("Nombre de donnes", "Number of hands"),
        ("Combien de donnes dure la soirée.", "How many hands the evening lasts."),
        {NONE: ("aucun", "none")},
        number=("{n} donnes", "{n} hands"),
    ),
}

SETS: Final = frozenset({"wild_cards", "forbidden_finish"})  # values are sets: "joker,2"
SEQUENCES: Final = frozenset({"exchange_high"})  # a value per pair: "chosen,lowest"


def _pick(words: Words, lang: str) -> str:
    return words[1] if lang == "en" else words[0]


def label(name: str, lang: str) -> str:
    return _pick(WORDS[name].label, lang)


def explain(name: str, lang: str) -> str:
    return _pick(WORDS[name].explain, lang)


def group_label(group: Group, lang: str) -> str:
    return _pick(GROUPS[group], lang)


def _exchange(text: str, lang: str) -> str:
    """``2/1`` → "2 cartes contre 2, puis 1 contre 1"; ``2:3/1:2`` → "2 contre 3, puis …"."""
    pairs = []
    for part in text.split("/"):
        gives, _, gets = part.partition(":")
        pairs.append((gives.strip(), (gets or gives).strip()))
    first = "{} cartes contre {}" if lang != "en" else "{} cards for {}"
    if pairs[0][0] == "1":
        first = "{} carte contre {}" if lang != "en" else "{} card for {}"
    rest = "{} contre {}" if lang != "en" else "{} for {}"
    then = ", puis " if lang != "en" else ", then "
    return then.join((first if i == 0 else rest).format(a, b) for i, (a, b) in enumerate(pairs))


def _items(text: str) -> list[str]:
    return [v.strip() for v in text.split(",") if v.strip()]


def known(name: str, text: str) -> bool:
    """Whether ``value`` has words for this value (else it shows the text as typed)."""
    words = WORDS.get(name)
    if words is None:
        return False
    text = text.strip()
    exchange = re.fullmatch(r"[0-9]+(:[0-9]+)?(/[0-9]+(:[0-9]+)?)*", text) is not None
    return (
        text in words.values
        or (name == "exchange" and exchange)
        or (name in SETS | SEQUENCES and all(v in words.values for v in _items(text)))
        or (words.number is not None and text.isdigit())
    )


def value(name: str, text: str, lang: str, places: PlaceTitles | None = None) -> str:
    """The words for one value of an option, as ``--set`` spells it; the text as typed
    only for a value the rules would refuse anyway (see ``known``). ``places``: the titles
    of the evening's scheme (``titles.place_titles``), for values that name a place by its
    title; without them, the words that hold under any scheme."""
    words = WORDS[name]
    text = text.strip()
    if not known(name, text):
        return text
    titled = _TITLED.get(name, {}).get(text)
    if titled is not None:
        return _pick(titled(places or ANY_SCHEME), lang)
    if text in words.values:
        return _pick(words.values[text], lang)
    if name == "exchange":
        return _exchange(text, lang)
    if name in SETS | SEQUENCES:
        glue = (", puis " if lang != "en" else ", then ") if name in SEQUENCES else ", "
        return glue.join(_pick(words.values[v], lang) for v in _items(text))
    assert words.number is not None
    return _pick(words.number, lang).format(n=text)


def seeds(description: str, lang: str) -> str:
    """The seeds an option's catalogue description cites, in words: ``"D4 (PAGAT, WIKI,
    TDC): …"`` → "Pagat « Président », l'encyclopédie …, « Trou-du-cul classique »"."""
    head = description.split(":", 1)[0]
    inside = head[head.find("(") + 1 : head.rfind(")")] if "(" in head else ""
    if not inside.strip():
        return ""
    text = inside
    for note, words in _SEED_NOTES.items():
        text = text.replace(note, _pick(words, lang))
    for short in sorted(SEEDS, key=len, reverse=True):
        text = re.sub(rf"\b{short}\b", _pick(SEEDS[short], lang), text)
    return text


# --- presets in one sentence ----------------------------------------------------------------
_PRESET_SENTENCE: Final[Words] = (
    "{name} : d'après {seed}, de {low} à {high} joueurs, {points}.",
    "{name}: from {seed}, {low} to {high} players, {points}.",
)
_PRESET_SENTENCE_FIXED: Final[Words] = (
    "{name} : d'après {seed}, à {low} joueurs, {points}.",
    "{name}: from {seed}, for {low} players, {points}.",
)
_NO_POINTS: Final[Words] = (
    "sans points (seules les places comptent)",
    "no points (only the places count)",
)
_POINTS: Final[Words] = ("points : {scoring}, {end}", "points: {scoring}, {end}")
_END_WORDS: Final[dict[str, Words]] = {
    "open": ("jusqu'à ce que la table s'arrête", "until the table stops"),
    "target": ("le premier à {target} points gagne", "first to {target} points wins"),
    "hands": ("en {hands} donnes", "over {hands} hands"),
}


def preset_sentence(preset: str, lang: str) -> str:
    """One sentence: the system and its seed, how many players, whether and how it keeps
    points ("Trou-du-cul classique : d'après « … », de 3 à 6 joueurs, sans points.")."""
    info = PRESETS[preset]
    table = table_rules_from(preset, [])[1]
    if table.scoring == "none":
        points = _pick(_NO_POINTS, lang)
    else:
        end = _pick(_END_WORDS[table.end], lang).format(target=table.target, hands=table.hands)
        points = _pick(_POINTS, lang).format(scoring=value("scoring", table.scoring, lang), end=end)
    low, high = info.players
    template = _PRESET_SENTENCE_FIXED if low == high else _PRESET_SENTENCE
    return _pick(template, lang).format(
        name=info.name(lang), seed=_pick(SEEDS[info.seed], lang), low=low, high=high, points=points
    )
