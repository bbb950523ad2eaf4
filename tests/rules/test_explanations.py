"""Ruling sentences (companion/rules/explanations.py): what the referee says of each ruling.
One rule per test, the rule in its docstring."""

from __future__ import annotations

from companion.rules.cards import parse_cards
from companion.rules.notation import Action
from companion.rules.presets import get_preset, ruleset_from
from companion.rules.referee import Ruling, apply, judge
from companion.rules.state import HandState


def _ruling(*actions: str, players: str = "A B C D", hands: str = "", **options: object) -> Ruling:
    """The ruling on the last of ``actions`` under PAGAT with ``options``, after the others;
    ``hands``: « NAME=CARDS » items separated by « | », the hands known at the start."""
    rules = get_preset("pagat").rules.with_options(**options)
    held = dict(item.split("=") for item in hands.split("|")) if hands else {}
    state = HandState.start(
        rules,
        players.split(),
        hands={name: parse_cards(cards) for name, cards in held.items()},
        preset="pagat",
    )
    for text in actions[:-1]:
        state = apply(state, Action.parse(text))
    ruling = judge(state, Action.parse(actions[-1]))
    assert ruling.legal
    return ruling


def _owing(card: str) -> HandState:
    """A hand under PAGAT with B13 give_discard where A has just led ``card``."""
    rules = get_preset("pagat").rules.with_options(card_effects="give_discard")
    state = HandState.start(rules, ["A", "B", "C", "D"], preset="pagat")
    return apply(state, Action.parse(f"A: {card}"))


def test_a_card_given_face_down_is_told_without_a_card() -> None:
    """B13: a card given unseen is told as given, to whom, and nothing about the card."""
    ruling = judge(_owing("7"), Action.parse("A: give to B"))
    assert ruling.legal
    assert ": A gives to B; B to beat 7." in ruling.en
    assert " : A donne à B ; à B de battre 7." in ruling.fr


def test_a_card_discarded_face_down_is_told_without_a_card() -> None:
    """B13: a card discarded unseen is told as discarded, and nothing about the card."""
    ruling = judge(_owing("8"), Action.parse("A: discard"))
    assert ruling.legal
    assert ": A discards; B to beat 8." in ruling.en
    assert " : A défausse ; à B de battre 8." in ruling.fr


def test_a_card_given_openly_is_named_in_the_viewers_words() -> None:
    """B13: a card given face up is named as the viewer's cards read it (D♥ in French)."""
    ruling = judge(_owing("7"), Action.parse("A: give Q♥ to B"))
    assert ": A gives Q♥ to B;" in ruling.en
    assert " : A donne D♥ à B ;" in ruling.fr


def test_a_revolution_is_told_in_each_language() -> None:
    """B9 quad: a four of a kind reverses the card order, said in the viewer's language."""
    ruling = _ruling("A: 5 5 5 5", revolution="quad")
    assert " ; révolution : l'ordre des cartes s'inverse ; à B de battre 5 5 5 5." in ruling.fr
    assert "; revolution: the card order is reversed; B to beat 5 5 5 5." in ruling.en


def test_one_skipped_player_is_singular() -> None:
    """B2 skips_next: an equal play skips one player, told in the singular."""
    ruling = _ruling("A: 5", "B: 5", equal_play="skips_next")
    assert " : 5 bat 5 ; 1 joueur sauté ; à D de battre 5." in ruling.fr
    assert ": 5 beats 5; 1 player skipped; D to beat 5." in ruling.en


def test_two_skipped_players_are_plural() -> None:
    """B2 skips_next with B3 higher_rank (Wizz): one more card skips one more player, told in
    the plural."""
    ruling = _ruling("A: 5", "B: 5 5", equal_play="skips_next", larger_sets="higher_rank")
    assert " : 5 5 bat 5 ; 2 joueurs sautés ; à A de battre 5 5." in ruling.fr
    assert ": 5 5 beats 5; 2 players skipped; A to beat 5 5." in ruling.en


def test_the_end_of_a_hand_gives_the_finishing_order() -> None:
    """The play that ends the hand says so, with the finishing order, names separated by
    commas."""
    ruling = _ruling("A: 5♠", "B: 7♠", players="A B C", hands="A=5♠|B=7♠")
    assert ruling.fr.endswith(" ; B n'a plus de cartes ; donne terminée (A, B, C).")
    assert ruling.en.endswith("; B has gone out; hand over (A, B, C).")


def test_a_power_play_says_how_many_cards_it_is_worth() -> None:
    """B4 one_fewer: a lone 2 on a pair stands for two cards, and the next player is told so
    in his language."""
    ruling = _ruling("A: 9 9", "B: 2", twos="one_fewer")
    assert ruling.fr.endswith(" : 2 bat 9 9 ; à C de battre 2 (qui vaut 2 cartes).")
    assert ruling.en.endswith(": 2 beats 9 9; C to beat 2 (worth 2 cards).")
    assert ruling.message("de").endswith(": 2 schlägt 9 9; C muss 2 schlagen (zählt als 2 Karten).")


def test_a_transparent_card_says_which_rank_it_is_worth() -> None:
    """B7 transparent=3: a 3 takes the rank it beats, and the next player is told which."""
    ruling = _ruling("A: 9", "B: 3", transparent=3)
    assert ruling.fr.endswith(" : 3 bat 9 ; à C de battre 3 (qui vaut 9).")
    assert ruling.en.endswith(": 3 beats 9; C to beat 3 (worth 9).")
    assert ruling.message("de").endswith(": 3 schlägt 9; C muss 3 schlagen (zählt als 9).")


def test_a_plain_beat_says_nothing_about_its_worth() -> None:
    """A card that beats by its own rank is worth itself: nothing is added."""
    ruling = _ruling("A: 9", "B: J", transparent=3)
    assert ruling.en.endswith(": J beats 9; C to beat J.")


def test_a_leader_stuck_with_forbidden_finishes_hands_on_the_lead() -> None:
    """B12: a leader holding only cards he may not finish on passes the lead on; the ruling
    says why."""
    ruling = _ruling("A: pass", hands="A=2♠", forbidden_finish=frozenset({"2"}))
    assert " : A n'a que des cartes interdites pour finir : il passe la main ; à B d'entamer." in (
        ruling.fr
    )
    assert ": A holds only cards they may not finish on and hands on the lead; B leads." in (
        ruling.en
    )


def test_a_guillotine_is_told_apart_from_a_coup_detat() -> None:
    """S8 (WIKI): four of a kind with two jokers is the guillotine, which also names the Trou
    du cul; three of a kind with two jokers is a coup d'État. English says the titles in
    English (President, Scum), German in German (Präsident, Arschloch)."""
    guillotine = _ruling("A: 5 5 5 5 JK JK", coup_detat=True, jokers=2)
    assert " ; guillotine : A devient Président et désigne le Trou du cul ; " in guillotine.fr
    assert "; guillotine: A becomes President and names the Scum; " in guillotine.en
    assert "; Guillotine: A wird Präsident und bestimmt das Arschloch; " in guillotine.message("de")
    coup = _ruling("A: 5 5 5 JK JK", coup_detat=True, jokers=2)
    assert " ; coup d'État : A devient Président ; " in coup.fr
    assert "; coup d'État: A becomes President; " in coup.en
    assert "; Staatsstreich: A wird Präsident; " in coup.message("de")


def test_a_variant_part_turned_off_is_named_in_every_ruling() -> None:
    """B9 quad_and_direction brings transparent 3s (PAGAT, Hamish Allan); a table that turns
    them off is reminded of it in each ruling, in its language."""
    rules = ruleset_from("pagat", ["revolution=quad_and_direction", "transparent=none"])
    state = HandState.start(rules, ["A", "B", "C", "D"], preset="pagat")
    ruling = judge(state, Action.parse("A: 5"))
    assert ruling.fr == (
        "Président (PAGAT, jeu de base) (variante modifiée par la table : transparent=none "
        "au lieu de transparent=3) : A entame avec 5 ; à B de battre 5."
    )
    assert ruling.en == (
        "President (PAGAT basic game) (variant changed by the table: transparent=none "
        "instead of transparent=3): A leads 5; B to beat 5."
    )
    assert ruling.parts("de").source.endswith(
        " (vom Tisch geänderte Variante: transparent=none statt transparent=3)"
    )


def test_a_play_of_the_wrong_size_is_told_the_size_to_play() -> None:
    """B1/B3: a play must have as many cards as the one to beat; the ruling says how many."""
    state = HandState.start(get_preset("pagat").rules, ["A", "B", "C", "D"], preset="pagat")
    ruling = judge(apply(state, Action.parse("A: 5 5")), Action.parse("B: 9"))
    assert ruling.fr == (
        "Président (PAGAT, jeu de base) (B3) : il faut poser autant de cartes que 5 5 (2)."
    )
    assert ruling.en == (
        "President (PAGAT basic game) (B3): the play must have as many cards as 5 5 (2)."
    )


def test_rules_of_no_preset_are_cited_as_the_tables() -> None:
    """Rules that are no preset are cited as the table's own, in each language."""
    state = HandState.start(get_preset("pagat").rules, ["A", "B", "C", "D"])
    ruling = judge(state, Action.parse("B: 9"))
    assert (
        ruling.fr
        == "Règles de la table (P1) : la tournée est finie : c'est à A d'entamer la suivante."
    )
    assert ruling.en == "Table rules (P1): the trick is over: A leads the next one."
    assert ruling.message("de") == (
        "Tischregeln (P1): Der Stich ist vorbei: A spielt den nächsten aus."
    )
