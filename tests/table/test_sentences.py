"""The dealer's sentences, word for word in both languages, one branch of each at a time.

The plan tests check that the right sentence is chosen for a seed's rules; these read the
sentences themselves, as the dealer sees them (titles beside the names, counts, directions).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TypeVar

import pytest

from companion.table.deal import Deal, Deck
from companion.table.exchanges import DiscardPlan, Give, Pair
from companion.table.sentences import Say

T = TypeVar("T")

TITLES = {"Ana": "Président", "Bob": "Vice-président", "Dan": "Trou du cul"}
CLOCKWISE = "dans le sens des aiguilles d'une montre"
ANTICLOCKWISE = "dans le sens inverse des aiguilles d'une montre"


def both(speak: Callable[[Say], T], titles: dict[str, str] | None = None) -> tuple[T, ...]:
    """What ``speak`` says in French, then in English."""
    return tuple(speak(Say(lang, TITLES if titles is None else titles)) for lang in ("fr", "en"))


# --- directions, seats, pack -------------------------------------------------------------------


def test_the_two_ways_round_the_table() -> None:
    """Clockwise and anticlockwise, as a French and an English player say them."""
    assert both(lambda s: s.way(True)) == (CLOCKWISE, "clockwise")
    assert both(lambda s: s.way(False)) == (ANTICLOCKWISE, "anticlockwise")


def test_seating_sentences() -> None:
    """The seats are read clockwise with titles; the first hand says there are no roles,
    fixed seats say everyone stays."""
    seats = ["Ana", "Bob", "Cléo"]
    names = "Ana (Président), Bob (Vice-président), Cléo"
    en = "Ana (President), Bob (Vice-président), Cléo"  # a word no scheme uses stays as is
    assert both(lambda s: s.seating(seats, False, True)) == (
        f"Première donne, pas encore de rôles. Places dans le sens des aiguilles d'une montre "
        f": {names}.",
        f"First hand, no roles yet. Seats, clockwise: {en}.",
    )
    assert both(lambda s: s.seating(seats, True, False)) == (
        f"Chacun garde sa place ; dans le sens des aiguilles d'une montre : {names}.",
        f"Everyone keeps their seat; clockwise: {en}.",
    )
    assert both(lambda s: s.seating(seats, False, False)) == (
        f"Places dans le sens des aiguilles d'une montre : {names}.",
        f"Seats, clockwise: {en}.",
    )


def test_pack_sentences() -> None:
    """One or several decks, with one joker or several (plural only then)."""
    assert both(lambda s: s.deck(Deck(53, 1, 1, "52"))) == (
        "Jeu : 53 cartes (1 jeu de 52 cartes + 1 joker).",
        "Pack: 53 cards (1 deck of 52 cards + 1 joker).",
    )
    assert both(lambda s: s.deck(Deck(108, 2, 4, "52"))) == (
        "Jeu : 108 cartes (2 jeux de 52 cartes + 4 jokers).",
        "Pack: 108 cards (2 decks of 52 cards + 4 jokers).",
    )
    assert both(lambda s: s.deck(Deck(30, 1, 0, "30"))) == (
        "Jeu : 30 cartes (1 jeu de 30 cartes (du 7 à l'as, sans les 7 rouges)).",
        "Pack: 30 cards (1 deck of 30 cards (7 to ace, without the red 7s)).",
    )


# --- how many cards each -----------------------------------------------------------------------


def test_equal_hands_are_said_once() -> None:
    """Everyone gets the same number: "13 each"."""
    counts = {"Ana": 13, "Bob": 13, "Cléo": 13, "Dan": 13}
    assert both(lambda s: s.counts(counts, list(counts))) == ("13 chacun", "13 each")


@pytest.mark.parametrize(
    ("counts", "fr", "en"),
    [
        ({"Ana": 18, "Bob": 17, "Cléo": 17}, "Ana 18, les autres 17", "Ana 18, the others 17"),
        (
            {"Ana": 11, "Bob": 10, "Cléo": 11, "Dan": 10, "Eve": 10},
            "Ana 11, Cléo 11, les autres 10",
            "Ana 11, Cléo 11, the others 10",
        ),
    ],
)
def test_the_most_common_count_is_said_for_the_others(
    counts: dict[str, int], fr: str, en: str
) -> None:
    """When one count is the most common (twice or more), the others are named in seat
    order and the rest are "the others"."""
    assert both(lambda s: s.counts(counts, list(counts))) == (fr, en)


@pytest.mark.parametrize(
    "counts", [{"Ana": 14, "Bob": 14, "Cléo": 13, "Dan": 13}, {"Ana": 3, "Bob": 2}]
)
def test_without_one_most_common_count_everyone_is_named(counts: dict[str, int]) -> None:
    """Two counts as common as each other (or nobody sharing a count): every player is
    named with his count, in seat order."""
    listed = ", ".join(f"{n} {c}" for n, c in counts.items())
    assert both(lambda s: s.counts(counts, list(counts))) == (listed, listed)


# --- the deal ----------------------------------------------------------------------------------

THREE = ("Bob", "Cléo", "Ana")


def test_a_deal_with_cards_set_aside() -> None:
    """WIKI's first game: equal hands one at a time, the extra cards shown and set aside."""
    deal = Deal(order=THREE * 5, prelude=(), cycle=THREE, set_aside=2)
    counts = dict.fromkeys(THREE, 5)
    assert both(lambda s: s.deal("Ana", deal, Deck(17, 1, 0, "52"), counts, THREE, True)) == (
        f"Ana (Président) distribue 5 cartes à chacun, une par une {CLOCKWISE} en commençant "
        "par Bob ; les 2 cartes restantes sont montrées à tous et mises de côté.",
        "Ana (President) deals 5 cards to each player, one at a time clockwise starting with "
        "Bob; the 2 cards left over are shown to all and set aside.",
    )


UP = ("Dan", "Cléo", "Bob", "Ana")  # lowest rank first
UP_COUNTS = {"Ana": 13, "Bob": 13, "Cléo": 14, "Dan": 14}
UP_TALLY = "Ana 13, Bob 13, Cléo 14, Dan 14"


def test_a_deal_up_the_ranks_by_another_player() -> None:
    """Dealing up the ranks starts with the lowest player and ends with the highest, both
    with their titles, so that the extra cards go to the lowest."""
    deal = Deal(order=UP * 13 + UP[:2], prelude=(), cycle=UP, set_aside=0)
    deck = Deck(54, 1, 2, "52")
    assert both(lambda s: s.deal("Bob", deal, deck, UP_COUNTS, list(UP_COUNTS), True, True)) == (
        "Bob (Vice-président) distribue les 54 cartes une par une en remontant les rangs, en "
        "commençant par Dan (Trou du cul) et en finissant par Ana (Président), pour que les "
        f"cartes en trop aillent d'abord aux derniers : {UP_TALLY}.",
        "Bob (Vice-président) deals the 54 cards one at a time up the ranks, starting with "
        "Dan (Scum) and ending with Ana (President), so that extra cards go to the "
        f"lowest first: {UP_TALLY}.",
    )


def test_a_deal_up_the_ranks_by_the_lowest_player_starts_with_themself() -> None:
    """When the lowest player deals up the ranks, the French says « soi-même » (names have
    no gender) and the English repeats the name."""
    deal = Deal(order=UP * 13 + UP[:2], prelude=(), cycle=UP, set_aside=0)
    deck = Deck(54, 1, 2, "52")
    fr, en = both(lambda s: s.deal("Dan", deal, deck, UP_COUNTS, list(UP_COUNTS), True, True))
    assert fr.startswith(
        "Dan (Trou du cul) distribue les 54 cartes une par une en remontant les rangs, en "
        "commençant par soi-même et en finissant par Ana (Président),"
    )
    assert en.startswith(
        "Dan (Scum) deals the 54 cards one at a time up the ranks, starting with Dan "
        "and ending with Ana (President),"
    )


PRELUDE_COUNTS = {"Ana": 12, "Bob": 10, "Cléo": 10}


def test_a_deal_where_the_dealer_first_serves_themself() -> None:
    """TDC: the dealer gives himself a few cards first, then deals one at a time."""
    deal = Deal(order=("Ana",) * 2 + THREE * 10, prelude=(("Ana", 2),), cycle=THREE, set_aside=0)
    deck = Deck(32, 1, 0, "32")
    assert both(
        lambda s: s.deal("Ana", deal, deck, PRELUDE_COUNTS, list(PRELUDE_COUNTS), True)
    ) == (
        f"Ana (Président) distribue 32 cartes, en s'en donnant d'abord 2, puis une par une "
        f"{CLOCKWISE} en commençant par Bob : Ana 12, les autres 10.",
        "Ana (President) deals 32 cards, first 2 to Ana, then one at a time clockwise starting "
        "with Bob: Ana 12, the others 10.",
    )


@pytest.mark.parametrize(
    ("prelude", "fr", "en"),
    [
        ((("Bob", 2),), "2 à Bob", "2 to Bob"),
        ((("Ana", 1), ("Bob", 1)), "1 à Ana, 1 à Bob", "1 to Ana, 1 to Bob"),
    ],
)
def test_a_deal_with_cards_first_to_others(
    prelude: tuple[tuple[str, int], ...], fr: str, en: str
) -> None:
    """Cards dealt first to another player, or to several, are listed before the round."""
    deal = Deal(order=THREE * 10, prelude=prelude, cycle=THREE, set_aside=0)
    deck = Deck(32, 1, 0, "32")
    counts = {"Ana": 10, "Bob": 12, "Cléo": 10}
    assert both(lambda s: s.deal("Ana", deal, deck, counts, list(counts), False)) == (
        f"Ana (Président) distribue 32 cartes : d'abord {fr}, puis une par une {ANTICLOCKWISE} "
        "en commençant par Bob : Bob 12, les autres 10.",
        f"Ana (President) deals 32 cards: first {en}, then one at a time anticlockwise "
        "starting with Bob: Bob 12, the others 10.",
    )


def test_a_plain_deal_starting_with_the_dealer() -> None:
    """Dealing from oneself: « en commençant par soi-même », "starting with Ana"."""
    cycle = ("Ana", "Bob", "Cléo")
    deal = Deal(order=cycle * 4, prelude=(), cycle=cycle, set_aside=0)
    counts = dict.fromkeys(cycle, 4)
    assert both(lambda s: s.deal("Ana", deal, Deck(12, 1, 0, "52"), counts, cycle, False)) == (
        f"Ana (Président) distribue les 12 cartes une par une {ANTICLOCKWISE}, en commençant "
        "par soi-même : 4 chacun.",
        "Ana (President) deals the 12 cards one at a time anticlockwise, starting with Ana: "
        "4 each.",
    )


def test_a_plain_deal_starting_with_the_next_player() -> None:
    """Dealing from the next player names him with his title."""
    deal = Deal(order=THREE * 4, prelude=(), cycle=THREE, set_aside=0)
    counts = dict.fromkeys(THREE, 4)
    assert both(lambda s: s.deal("Ana", deal, Deck(12, 1, 0, "52"), counts, THREE, True)) == (
        f"Ana (Président) distribue les 12 cartes une par une {CLOCKWISE}, en commençant par "
        "Bob (Vice-président) : 4 chacun.",
        "Ana (President) deals the 12 cards one at a time clockwise, starting with "
        "Bob (Vice-président): 4 each.",
    )


# --- what is given -----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("how", "count", "fr", "en"),
    [
        ("best", 1, "sa meilleure carte", "their best card"),
        ("best", 2, "ses 2 meilleures cartes", "their 2 best cards"),
        ("best_collective", 1, "sa meilleure carte", "their best card"),
        (
            "best_collective",
            2,
            "ses 2 meilleures cartes prises ensemble (une paire de rois vaut mieux qu'un as et "
            "un roi)",
            "their 2 best cards taken together (a pair of kings beats an ace and a king)",
        ),
        ("best_no_joker", 1, "sa meilleure carte (sauf joker)", "their best card (except jokers)"),
        (
            "best_no_joker",
            2,
            "ses 2 meilleures cartes (sauf joker)",
            "their 2 best cards (except jokers)",
        ),
        ("lowest", 1, "sa plus faible carte", "their lowest card"),
        ("lowest", 3, "ses 3 plus faibles cartes", "their 3 lowest cards"),
        (
            "lowest_even_if_set",
            1,
            "sa plus faible carte, même si elle fait partie d'une paire ou d'un brelan",
            "their lowest card, even from a pair or a set",
        ),
        (
            "lowest_even_if_set",
            2,
            "ses 2 plus faibles cartes, même si elles font partie d'une paire ou d'un brelan",
            "their 2 lowest cards, even from a pair or a set",
        ),
        ("negotiated", 1, "une carte négociée avec Bob", "1 card agreed with Bob"),
        ("negotiated", 2, "2 cartes négociées avec Bob", "2 cards agreed with Bob"),
        ("chosen", 1, "une carte de son choix", "1 card of their choice"),
        ("chosen", 2, "2 cartes de son choix", "2 cards of their choice"),
    ],
)
def test_what_each_exchange_rule_gives(how: str, count: int, fr: str, en: str) -> None:
    """S6: each way of choosing the cards given, for one card and for several."""
    assert both(lambda s: s.what(Give("Dan", "Ana", count, how), "Bob")) == (fr, en)


HIGH_FIRST = (Give("Ana", "Dan", 2, "chosen"), Give("Dan", "Ana", 2, "best"))


def test_an_exchange_pair_in_order() -> None:
    """One line: who gives what to whom, then what comes back."""
    assert both(lambda s: s.pair(Pair("Ana", "Dan", HIGH_FIRST), True)) == (
        [
            "Ana (Président) donne 2 cartes de son choix à Dan (Trou du cul) — Dan lui rend "
            "ses 2 meilleures cartes."
        ],
        [
            "Ana (President) gives 2 cards of their choice to Dan (Scum) — Dan gives "
            "back their 2 best cards."
        ],
    )


def test_a_negotiated_exchange_names_the_partner_each_way() -> None:
    """Cards agreed between the two: each side's cards are agreed with the other."""
    gives = (Give("Ana", "Dan", 1, "negotiated"), Give("Dan", "Ana", 1, "negotiated"))
    assert both(lambda s: s.pair(Pair("Ana", "Dan", gives), True)) == (
        [
            "Ana (Président) donne une carte négociée avec Dan à Dan (Trou du cul) — Dan lui "
            "rend une carte négociée avec Ana."
        ],
        [
            "Ana (President) gives 1 card agreed with Dan to Dan (Scum) — Dan gives back "
            "1 card agreed with Ana."
        ],
    )


def test_merchants_bargain() -> None:
    """PAGAT: the two merchants bargain over one card each."""
    assert both(lambda s: s.pair(Pair("Ana", "Dan", HIGH_FIRST, merchants=True), True)) == (
        [
            "Ana (Président) et Dan (Trou du cul) marchandent puis s'échangent une carte "
            "chacun ; sans accord, chacun donne une carte dont il ne veut pas."
        ],
        [
            "Ana (President) and Dan (Scum) bargain, then swap one card each; if they "
            "cannot agree, each gives a card they do not want."
        ],
    )


def test_the_lower_player_may_veto_a_card() -> None:
    """Strutz: the lower player may refuse one card; the higher one gives another."""
    fr, en = both(lambda s: s.pair(Pair("Ana", "Dan", HIGH_FIRST, veto=True), True))
    assert fr[1:] == [
        "Dan peut refuser l'une des cartes reçues : Ana la reprend et en donne une autre de "
        "son choix."
    ]
    assert en[1:] == [
        "Dan may veto one of the cards received: Ana takes it back and gives another of their "
        "choice."
    ]


@pytest.mark.parametrize("low_first", [True, False])
def test_two_jokers_go_down_on_the_first_pair_only(low_first: bool) -> None:
    """When the cards going up are the best but no joker, a higher player holding two jokers
    must give one down: said on the first pair, whichever side gives first."""
    up, down = Give("Dan", "Ana", 1, "best_no_joker"), Give("Ana", "Dan", 1, "chosen")
    pair = Pair("Ana", "Dan", (up, down) if low_first else (down, up))
    fr, en = both(lambda s: s.pair(pair, True))
    assert fr[-1] == "Si Ana a deux jokers, Ana doit en donner un à Dan."
    assert en[-1] == "If Ana holds two jokers, Ana must give one to Dan."
    assert [len(lines) for lines in both(lambda s: s.pair(pair, False))] == [1, 1]


def test_no_joker_line_when_the_best_cards_go_down() -> None:
    """The joker line is about the cards going up: "best but no joker" going down from the
    higher player says nothing of jokers."""
    pair = Pair(
        "Ana", "Dan", (Give("Ana", "Dan", 1, "best_no_joker"), Give("Dan", "Ana", 1, "best"))
    )
    assert [len(lines) for lines in both(lambda s: s.pair(pair, True))] == [1, 1]


def test_players_without_exchange() -> None:
    """One player, or several joined by "et" / "and", with their titles."""
    assert both(lambda s: s.no_exchange(["Cléo"])) == (
        "Cléo ne donne ni ne reçoit de carte.",
        "Cléo neither gives nor receives cards.",
    )
    assert both(lambda s: s.no_exchange(["Bob", "Cléo", "Eve"])) == (
        "Bob (Vice-président), Cléo et Eve ne donnent ni ne reçoivent de carte.",
        "Bob (Vice-président), Cléo and Eve neither give nor receive cards.",
    )


@pytest.mark.parametrize(
    ("plan", "fr", "en"),
    [
        (
            DiscardPlan("Ana", 1, True, "Dan"),
            "Ana (Président) se défausse d'une carte de son choix, la montre à tous ; "
            "Dan (Trou du cul) la ramasse sans la mettre dans son jeu.",
            "Ana (President) discards 1 card of their choice, shows it to all; "
            "Dan (Scum) collects it without adding it to their hand.",
        ),
        (
            DiscardPlan("Ana", 2, True, "Dan"),
            "Ana (Président) se défausse de 2 cartes de son choix, les montre à tous ; "
            "Dan (Trou du cul) les ramasse sans les mettre dans son jeu.",
            "Ana (President) discards 2 cards of their choice, shows them to all; "
            "Dan (Scum) collects them without adding them to their hand.",
        ),
        (
            DiscardPlan("Ana", 1, False, None),
            "Ana (Président) se défausse d'une carte de son choix, face cachée.",
            "Ana (President) discards 1 card of their choice, face down.",
        ),
        (
            DiscardPlan("Ana", 2, False, None),
            "Ana (Président) se défausse de 2 cartes de son choix, face cachée.",
            "Ana (President) discards 2 cards of their choice, face down.",
        ),
    ],
)
def test_discards(plan: DiscardPlan, fr: str, en: str) -> None:
    """A discard: how many, shown or face down, and who collects them."""
    assert both(lambda s: s.discard(plan)) == (fr, en)


# --- putsch, direction, lead, first roles ------------------------------------------------------


def test_putsch_sentences() -> None:
    """The putsch offered, declared, and the penalty after a failed one."""
    assert both(lambda s: s.putsch_open("Dan")) == (
        "Avant tout échange, Dan (Trou du cul) peut lancer un putsch : chacun garde alors ses "
        "cartes.",
        "Before any exchange, Dan (Scum) may launch a putsch: then everyone keeps their cards.",
    )
    assert both(lambda s: s.putsch_declared("Dan")) == (
        "Dan (Trou du cul) lance un putsch : pas d'échange cette donne ; s'il ne finit pas "
        "Président, il reprend sa place.",
        "Dan (Scum) launches a putsch: no exchange this hand; unless they finish first, "
        "they go back to last place.",
    )
    assert both(lambda s: s.putsch_penalty("Dan")) == (
        "Putsch raté à la donne précédente : Dan (Trou du cul) échange 4 cartes et ne peut pas "
        "lancer de putsch cette donne.",
        "Failed putsch last hand: Dan (Scum) exchanges 4 cards and may not launch a "
        "putsch this hand.",
    )


def test_direction_of_play() -> None:
    """The way play goes, and why when the Président must play last in the first round."""
    assert both(lambda s: s.direction(True, True)) == (
        f"On joue {CLOCKWISE}, pour que le Président joue le dernier au premier tour.",
        "Play goes clockwise, so that the President plays last in the first round.",
    )
    assert both(lambda s: s.direction(False, False)) == (
        f"On joue {ANTICLOCKWISE}.",
        "Play goes anticlockwise.",
    )


def test_a_lasting_revolution_is_announced() -> None:
    """WIKI: the reversed order lasts until the next revolution."""
    assert both(lambda s: s.reversed_order()) == (
        "La révolution continue : cette donne commence avec l'ordre des cartes inversé (les "
        "plus basses sont les plus fortes) jusqu'au prochain carré.",
        "The revolution goes on: this hand starts with the card order reversed (the lowest "
        "cards are the strongest) until the next four of a kind.",
    )


def test_who_leads() -> None:
    """A named player, the queen of hearts (WIKI's saying), or the holder of the lowest
    card."""
    assert both(lambda s: s.lead("Ana", "queen_of_hearts", "3♣")) == (
        "Ana (Président) joue en premier.",
        "Ana (President) leads.",
    )
    assert both(lambda s: s.lead(None, "queen_of_hearts", "3♣")) == (
        "Le joueur qui a la dame de cœur joue en premier : « Dame de cœur, à toi l'honneur ! »",
        "The player holding the queen of hearts leads (« Dame de cœur, à toi l'honneur ! »).",
    )
    assert both(lambda s: s.lead(None, "lowest_card", "3♣")) == (
        "Le joueur qui a le 3♣ joue en premier.",
        "The player holding the 3♣ leads.",
    )


@pytest.mark.parametrize(
    ("method", "fr", "en"),
    [
        (
            "draw_card",
            "en tirant une carte chacun (la plus forte est Président, les égalités retirent)",
            "by drawing a card each (the highest is President, ties draw again)",
        ),
        ("random", "au hasard", "at random"),
        (
            "exposed_card",
            "par la carte du dessus de chaque main retournée",
            "by turning up the top card of each hand",
        ),
    ],
)
def test_first_roles_by_another_method(method: str, fr: str, en: str) -> None:
    """S2: rules that assign the first roles otherwise say so, and that this hand, played
    without exchanges, assigns them by the order of going out."""
    assert both(lambda s: s.first_roles(method)) == (
        f"Ces règles attribuent d'habitude les rôles {fr} ; jouée sans échange, cette donne "
        "les attribue par l'ordre de sortie.",
        f"These rules usually assign roles {en}; played without exchanges, this hand assigns "
        "them by the order of going out.",
    )


def test_first_roles_from_the_first_hand() -> None:
    """S2 ``first_hand``: the order of going out gives the titles."""
    assert both(lambda s: s.first_roles("first_hand")) == (
        "Pas d'échange : l'ordre de sortie de cette donne donne les titres.",
        "No exchange: the order in which players go out gives the titles.",
    )


def test_a_language_the_app_does_not_speak_is_french() -> None:
    """A language the app does not speak (Spanish) gets the French sentences."""
    assert Say("es", {}).way(True) == CLOCKWISE


def test_german_sentences_name_titles_in_german() -> None:
    """In German the sentences and the titles are German: « Präsident », « Arschloch », no
    French word."""
    say = Say("de", TITLES)
    assert say.way(True) == "im Uhrzeigersinn"
    line = say.pair(
        Pair(
            high="Ana",
            low="Dan",
            gives=(Give("Dan", "Ana", 2, "best"), Give("Ana", "Dan", 2, "chosen")),
        ),
        True,
    )[0]
    assert line == (
        "Dan (Arschloch) gibt Ana (Präsident) die 2 besten Karten — Ana gibt 2 beliebige "
        "Karten zurück."
    )
    assert say.lead("Ana", "president", "3♣") == "Ana (Präsident) spielt aus."
    for french in ("Président", "Trou du cul", "donne", "carte"):
        assert french not in line
