"""The first-roles draw (S2, companion/table/first_roles.py): joker orders, refusals and their
words."""

from __future__ import annotations

import pytest

from companion.rules.cards import Card
from companion.rules.presets import ruleset_from
from companion.table.first_roles import DrawError, rank_draws


def test_equal_jokers_tie_even_when_their_colours_are_named() -> None:
    """D5 ``equal``: two jokers rank alike, so drawing the red and the black one is a tie to
    redraw, whatever colours the players read out."""
    rules = ruleset_from("trou-du-cul", ["joker_order=equal"])
    result = rank_draws([{"Ana": "JKR", "Bob": "JKB", "Cléo": "A"}], rules)
    assert result.ties == (("Ana", "Bob"),)
    assert result.groups[-1] == ("Cléo",)


def test_coloured_high_puts_the_red_joker_above_the_black() -> None:
    """D5 ``coloured_high``: the coloured joker is the strongest card of the draw."""
    rules = ruleset_from("trou-du-cul", ["joker_order=coloured_high"])
    result = rank_draws([{"Ana": "JKB", "Bob": "2", "Cléo": "JKR"}], rules)
    assert result.ranking == ("Cléo", "Ana", "Bob")


def test_a_joker_without_its_colour_ranks_as_the_lower_joker() -> None:
    """Where jokers are told apart (CONC: the white Fou above the coloured one), a joker drawn
    without saying which one cannot claim the higher place: it ties with the lower joker and
    the two redraw."""
    rules = ruleset_from("concierge")
    result = rank_draws([{"Ana": "JK", "Bob": "JKR", "Cléo": "JKB", "Dan": "2"}], rules)
    assert result.groups == (("Cléo",), ("Ana", "Bob"), ("Dan",))


def test_draws_may_be_given_as_cards() -> None:
    """A caller may pass parsed cards instead of their text; the ranking is the same."""
    rules = ruleset_from("president")
    as_text = {"Ana": "3♠", "Bob": "2♥", "Cléo": "A♣"}
    as_cards = {name: Card.parse(text) for name, text in as_text.items()}
    assert rank_draws([as_cards], rules).ranking == rank_draws([as_text], rules).ranking
    assert rank_draws([as_cards], rules).ranking == ("Bob", "Cléo", "Ana")


def test_a_joker_in_a_pack_without_jokers_is_refused_in_both_languages() -> None:
    """PAGAT plays without jokers: a drawn joker is refused with a clear sentence."""
    with pytest.raises(DrawError) as info:
        rank_draws([{"Ana": "JK", "Bob": "2"}], ruleset_from("pagat"))
    assert info.value.message("fr") == "Il n'y a pas de joker dans ce jeu."
    assert info.value.message("en") == "There is no joker in this pack."


def test_a_card_missing_from_the_deck_is_named_in_the_refusal() -> None:
    """A 40-card deck has no 4: the refusal names the card, in its words and its details."""
    with pytest.raises(DrawError) as info:
        rank_draws([{"Ana": "4♠", "Bob": "2"}], ruleset_from("klootzakken"))
    card = str(Card.parse("4♠"))
    assert info.value.details == {"card": card}
    assert info.value.message("fr") == f"Pas de {card} dans un jeu de 40 cartes."
    assert info.value.message("en") == f"There is no {card} in a 40-card deck."


def test_no_draw_at_all_is_refused_in_both_languages() -> None:
    """Ranking nobody is a mistake of the caller, said plainly."""
    with pytest.raises(DrawError) as info:
        rank_draws([], ruleset_from("pagat"))
    assert info.value.message("fr") == "Aucun tirage."
    assert info.value.message("en") == "No draw."


def test_a_partial_redraw_names_the_draw_and_the_tied_group() -> None:
    """TDC: ties are redrawn among the tied players, all of them: a redraw by only one of
    them is refused, counting draws from 1 and naming the whole tied group."""
    rounds = [{"Ana": "K", "Bob": "K", "Cléo": "3"}, {"Ana": "2"}]
    with pytest.raises(DrawError) as info:
        rank_draws(rounds, ruleset_from("pagat"))
    assert info.value.message("fr") == (
        "Tirage 2 : seuls les joueurs à égalité retirent, et tous ensemble (Ana, Bob)."
    )
    assert info.value.message("en") == (
        "Draw 2: only tied players draw again, all of them together (Ana, Bob)."
    )


def test_a_stranger_in_a_redraw_is_refused_by_name() -> None:
    """Only players of the first draw may redraw: an unknown name is refused, and every
    unknown name is listed, in alphabetical order."""
    rounds = [
        {"Ana": "K", "Bob": "K", "Cléo": "3"},
        {"Ana": "2", "Bob": "5", "Zoé": "7", "Yann": "8"},
    ]
    with pytest.raises(DrawError) as info:
        rank_draws(rounds, ruleset_from("pagat"))
    assert info.value.message("fr") == "Joueur inconnu : Yann, Zoé."
    assert info.value.message("en") == "Unknown player: Yann, Zoé."
