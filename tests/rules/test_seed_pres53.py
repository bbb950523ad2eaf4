"""PRES53 (001_eac5c91049f12c8a.txt), « Règles du président », sentence by sentence: one rule
per test, asked of the engine and of ``companion judge`` (``seed_check.check``).
"""

from __future__ import annotations

from seed_check import check


def test_d2_one_joker_is_added():
    """D2 `jokers=1` (« Quatre joueurs utilisent un jeu de 52 cartes auquel on ajoute un
    joker »): one joker, never two."""
    check("president", {}, [], "A: JK", "ok")
    check("president", {}, [], "A: JK JK", "not-in-deck")


def test_d4_the_order():
    """D4 (« L'ordre décroissant des cartes est le suivant : joker, 2, A, R, D, V, 10, 9, 8,
    7, 6, 5, 4, 3 »)."""
    check("president", {}, ["A: A"], "B: 2", "ok")
    check("president", {}, ["A: D"], "B: V", "too-low")
    check("president", {}, ["A: 4"], "B: 3", "too-low")


def test_b11a_one_to_four_cards():
    """B11a `max_set=4` (« Le balayeur commence à jouer en posant de une à quatre cartes sur
    la table, formant l'une des quatre combinaisons suivantes »)."""
    check("president", {}, [], "A: 7 7 7 7", "ok")
    check("president", {"decks": 2}, [], "A: 7 7 7 7 7", "too-many-cards")


def test_b1_a_like_combination_of_higher_cards():
    """B1 (« il peut mettre sur la table une combinaison semblable de cartes plus fortes (un
    doublet de 5 après un doublet de 3 par exemple) »)."""
    check("president", {}, ["A: 3 3"], "B: 5 5", "ok")
    check("president", {}, ["A: 3 3"], "B: 5", "count-mismatch")


def test_p2_or_he_passes():
    """P2 `must_beat=false` (« ou il passe »): a pass is allowed even with a card that beats."""
    check("president", {}, ["A: 3 3"], "B: pass", "ok", hands={"B": "5 5 9"})


def test_p1_one_round_and_the_strongest_wins():
    """P1 `one_round` (« Le vice-président, puis le président font de même. Le joueur ayant
    posé la plus forte combinaison remporte le pli et jouera la première combinaison du tour
    suivant »)."""
    history = ["A: 4", "B: 6", "C: 9", "D: pass"]
    check("president", {}, history, "A: K", "trick-over", next="C")
    check("president", {}, history, "C: 3", "ok")


def test_p6_the_player_on_his_left_leads():
    """P6 `next_left` (« Lorsque le joueur qui pose sa dernière carte emporte le pli, c'est le
    joueur placé à sa gauche qui joue la première carte du pli suivant »)."""
    history = ["A: 4", "B: 6", "C: 9"]
    check("president", {}, history, "D: pass", "ok", hands={"C": ""}, next="D", to_beat=None)


def test_b5_the_lone_joker_after_any_combination():
    """B5 `beat_all` (« le joueur qui possède le joker peut le placer, seul, après n'importe
    quelle combinaison, même de plusieurs cartes, et remporte le pli »)."""
    check("president", {}, ["A: 2 2 2 2"], "B: JK", "ok", next="B", to_beat=None)
