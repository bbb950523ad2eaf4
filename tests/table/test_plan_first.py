"""The first hand (no ranking yet) and how the first roles are assigned (S2)."""

from __future__ import annotations

import random

import pytest

from companion.rules.cards import Card
from companion.rules.presets import PRESETS, get_preset
from companion.table.first_roles import DrawError, draw_strength, random_ranking, rank_draws
from companion.table.plan import plan_for_preset, plan_hand
from companion.table.table_presets import table_rules_from

NAMES = ["Ana", "Bob", "Cléo", "Dan", "Eve", "Fred", "Gus", "Hugo", "Ida", "Jo"]


def first(pid: str, n: int, *settings: str):
    return plan_for_preset(pid, NAMES[:n], settings, first=True)


@pytest.mark.parametrize("pid", sorted(PRESETS))
def test_first_hand_has_no_roles_and_no_exchange(pid: str) -> None:
    """WIKI "La première partie": "Au début de la première partie, les rôles ne sont pas encore
    distribués." PAGAT: "Le joueur à la gauche du croupier commence". The first player named
    deals; the player on his left leads (where a card's holder leads, nobody is named)."""
    low, high = PRESETS[pid].players
    by_seat = PRESETS[pid].rules.first_hand_lead == "left_of_dealer"
    for n in range(low, high + 1):
        p = first(pid, n)
        assert p.titles == {}
        assert p.seating == NAMES[:n]
        assert p.dealer == "Ana"
        assert p.exchanges == [] and p.discards == []
        assert p.first_lead == ("Bob" if by_seat else None)
        assert sum(p.cards.values()) + p.set_aside == p.deck.cards


def test_daifugo_first_hand_is_led_by_the_three_of_diamonds():
    """SKNY (the Daifugō tables): "3 of diamonds start": the first hand's plan names no leader
    and says, in each language, that the holder of the 3♦ leads."""
    p = first("daifugo", 4)
    assert p.first_lead is None
    assert "Le joueur qui a le 3♦ joue en premier." in p.instructions("fr")
    assert "The player holding the 3♦ leads." in p.instructions("en")


@pytest.mark.parametrize(
    ("n", "each", "aside"), [(3, 18, 0), (4, 13, 2), (5, 10, 4), (6, 9, 0), (7, 7, 5), (8, 6, 6)]
)
def test_wiki_first_game_equal_hands_extras_set_aside(n: int, each: int, aside: int) -> None:
    """WIKI: "Un nombre égal de cartes est distribué à chaque joueur, les éventuelles cartes en
    trop pour assurer ce nombre égal de cartes sont identifiées publiquement et mises de
    côté." (54 cards: "un jeu de 32 ou de 54 cartes")."""
    p = first("trou-du-cul", n)
    assert set(p.cards.values()) == {each}
    assert p.set_aside == aside
    if aside:
        assert (
            f"les {aside} cartes restantes sont montrées à tous et mises de côté"
            in (p.instructions("fr")[2])
        )


@pytest.mark.parametrize(
    ("pid", "n", "each", "aside"),
    [("angevin", 4, 13, 0), ("wizz", 5, 10, 2), ("strutz", 4, 13, 2), ("strutz", 5, 10, 4)],
)
def test_wiki_variants_first_game(pid: str, n: int, each: int, aside: int) -> None:
    """The WIKI variants keep the article's first game: equal hands, extras set aside."""
    p = first(pid, n)
    assert set(p.cards.values()) == {each}
    assert p.set_aside == aside


def test_pagat_first_deal_all_cards_from_dealers_left() -> None:
    """PAGAT "Deal": "Toutes les cartes sont distribuées. Certains joueurs peuvent en avoir une
    de plus que d'autres." Dealt from the dealer's left: Bob and Cléo get the extras."""
    p = first("pagat", 5)
    assert p.cards == {"Ana": 10, "Bob": 11, "Cléo": 11, "Dan": 10, "Eve": 10}
    assert p.set_aside == 0


def test_president_first_hand_dealer_deals_from_himself() -> None:
    """PRES53: "distribue les 53 cartes une par une … en commençant par lui."""
    p = first("president", 4)
    assert p.cards == {"Ana": 14, "Bob": 13, "Cléo": 13, "Dan": 13}
    assert "tirant une carte" in p.instructions("fr")[3]


def test_first_hand_dealer_may_be_named() -> None:
    """Any player may deal the first hand; the next one in turn leads."""
    rules, table = table_rules_from("pagat")
    p = plan_hand(rules, table, NAMES[:4], first=True, dealer="Cléo")
    assert p.dealer == "Cléo"
    assert p.first_lead == "Dan"


@pytest.mark.parametrize(
    ("pid", "rule", "card"),
    [
        ("pagat", "lowest_card", "3♣"),
        ("hubere", "lowest_card", "4♣"),
        ("classique", "lowest_card", "2♣"),
        ("klootzakken", "lowest_card", "7♣"),
        ("trou-du-cul", "queen_of_hearts", "dame de cœur"),
    ],
)
def test_first_lead_by_card_is_null(pid: str, rule: str, card: str) -> None:
    """PAGAT "Mène d'ouverture": "le joueur détenant une carte spécifique du rang le plus bas
    mène. Généralement, ce sera un trois, par exemple le 3, mais dans les variantes où les
    trois sont sauvages, ce sera un quatre." WIKI: "le joueur ayant la dame de cœur commence,
    après que la phrase "Dame de cœur, à toi l'honneur" soit prononcée"."""
    p = first(pid, 4, f"first_hand_lead={rule}")
    assert p.first_lead is None
    assert card in p.instructions("fr")[-1]


# --- drawing cards ------------------------------------------------------------------------------


def test_draw_ranks_by_the_game_order() -> None:
    """PRES53: "L'ordre décroissant des cartes est le suivant : joker, 2, A, R, D, V, 10, … 3.
    Chaque joueur, au début du jeu, tire une carte. La plus forte désigne le président, la
    seconde, le vice-président, la troisième, le secrétaire, la plus faible, le balayeur."""
    rules = get_preset("president").rules
    result = rank_draws([{"Ana": "3♠", "Bob": "2♥", "Cléo": "JK", "Dan": "A♣"}], rules)
    assert result.ranking == ("Cléo", "Bob", "Dan", "Ana")
    assert result.ties == ()


def test_draw_ties_are_redrawn() -> None:
    """TDC: "Les rôles sont attribués en fonction de la hauteur des cartes (carte la + forte →
    président, etc...). Evidemment, 2 cartes identiques sont départagées par tirage."""
    rules = get_preset("classique").rules
    first_round = {"Ana": "K♠", "Bob": "K♥", "Cléo": "5♦", "Dan": "9♣"}
    result = rank_draws([first_round], rules)
    assert result.ranking is None
    assert result.groups == (("Ana", "Bob"), ("Dan",), ("Cléo",))
    assert result.ties == (("Ana", "Bob"),)
    result = rank_draws([first_round, {"Ana": "4", "Bob": "4"}], rules)
    assert result.ties == (("Ana", "Bob"),)
    result = rank_draws([first_round, {"Ana": "4", "Bob": "4"}, {"Ana": "2", "Bob": "JK"}], rules)
    assert result.ranking == ("Bob", "Ana", "Dan", "Cléo")


def test_draw_then_plan_seats_the_concierge_as_the_seed_says() -> None:
    """CONC: "c'est le joueur qui tire la carte la plus basse qui donne le premier. Celui qui
    tire la carte la plus forte s'assied à sa gauche et devient le président"."""
    rules, table = table_rules_from("concierge")
    ranking = rank_draws([{"Ana": "7", "Bob": "2", "Cléo": "JKB", "Dan": "Q"}], rules).ranking
    assert ranking == ("Cléo", "Bob", "Dan", "Ana")
    p = plan_hand(rules, table, ranking)
    assert p.dealer == "Ana"
    assert p.seating[(p.seating.index("Ana") + 1) % 4] == "Cléo"  # on the dealer's left


def test_draw_distinguishes_the_fous() -> None:
    """CONC: "Le Fou blanc ou la Blanche est la carte la plus forte, suivie du Fou en
    couleurs, puis du 2"."""
    rules = get_preset("concierge").rules
    assert rank_draws([{"Ana": "JKR", "Bob": "JKB", "Cléo": "2"}], rules).ranking == (
        "Bob",
        "Ana",
        "Cléo",
    )


def test_draw_in_the_order_of_la_bataille() -> None:
    """PRES53: "Si vous craignez de vous embrouiller, vous pouvez toujours adopter l'ordre des
    cartes de la bataille" (ace high, 2 low)."""
    rules = get_preset("president").rules
    draws = {"Ana": "2", "Bob": "A", "Cléo": "K", "Dan": "3"}
    assert rank_draws([draws], rules, "ace_high").ranking == ("Bob", "Cléo", "Dan", "Ana")
    assert rank_draws([draws], rules).ranking == ("Ana", "Bob", "Cléo", "Dan")


def test_draw_wild_cards_are_equal_and_highest() -> None:
    """PAGAT Hűbéres: wild cards "joués seuls … occupent le rang le plus élevé et sont tous
    égaux entre eux"."""
    rules = get_preset("hubere").rules
    assert draw_strength(Card.parse("2"), rules) == draw_strength(Card.parse("3"), rules)
    result = rank_draws([{"Ana": "2", "Bob": "3", "Cléo": "A", "Dan": "K"}], rules)
    assert result.ties == (("Ana", "Bob"),)


@pytest.mark.parametrize(
    ("rounds", "pid"),
    [
        ([{"Ana": "JK", "Bob": "2", "Cléo": "3", "Dan": "4"}], "pagat"),  # no joker in PAGAT
        ([{"Ana": "4", "Bob": "2", "Cléo": "3", "Dan": "7"}], "klootzakken"),  # no 4 in 40 cards
        ([{"Ana": "K", "Bob": "K", "Cléo": "3"}, {"Ana": "2"}], "pagat"),  # half a redraw
        ([{"Ana": "K", "Bob": "Q", "Cléo": "3"}, {"Ana": "2", "Cléo": "4"}], "pagat"),  # no tie
        ([], "pagat"),
    ],
)
def test_bad_draws_are_refused(rounds: list[dict[str, str]], pid: str) -> None:
    """A draw is refused (``bad-draw``, with a message in French and English) for a card not in the
    preset's pack, a redraw missing part of a tied group or made without a tie, or no draw."""
    with pytest.raises(DrawError) as info:
        rank_draws(rounds, get_preset(pid).rules)
    assert info.value.code == "bad-draw"
    assert info.value.message("fr") and info.value.message("en")


def test_random_roles_are_seedable() -> None:
    """S2 ``random``: the same seed gives the same roles."""
    assert random_ranking(NAMES[:5], 7) == random_ranking(NAMES[:5], random.Random(7))
    assert sorted(random_ranking(NAMES[:5])) == sorted(NAMES[:5])
