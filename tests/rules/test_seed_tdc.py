"""TDC (004_f2920cc71cff2dcf.txt), « Trou-du-cul classique » and « d'Armix », sentence by
sentence: one rule per test, asked of the engine and of ``companion judge``
(``seed_check.check``). Players are named by role: P (Président), S (Secrétaire), L (Larbin),
TC (Trou-du-cul), sitting in that order.
"""

from __future__ import annotations

from seed_check import check

SEATS = "P S L TC"


def test_d2_fifty_four_cards():
    """D2 `jokers=2` (« 1 jeu de 54 cartes (52 + les 2 jokers) »)."""
    check("classique", {}, [], "P: JK JK", "ok", players=SEATS)
    check("classique", {}, [], "P: 7♥ 7♥", "not-in-deck", players=SEATS)


def test_d4_classic_order():
    """D4 `ace_high` (« Classique : 2, 3, 4, ...9, 10, Valet, Dame, Roi, As, Joker »)."""
    check("classique", {}, ["P: 3"], "S: 2", "too-low", players=SEATS)
    check("classique", {}, ["P: A"], "S: JK", "ok", players=SEATS)


def test_d4_or_else_the_two_below_the_joker():
    """D4 `two_high` (« Ou bien : 3, 4, ...9, 10, Valet, Dame, Roi, As, 2, Joker »)."""
    check("classique", {"rank_order": "two_high"}, ["P: A"], "S: 2", "ok", players=SEATS)


def test_b11a_one_card_a_pair_three_or_four():
    """B11a `max_set=4` (« Le joueur qui a la main pose une carte seule, ou bien une paire, un
    brelan ou un carré »): with a second deck, five of a kind is still no play."""
    check("classique", {}, [], "P: 9 9 9 9", "ok", players=SEATS)
    check("classique", {"decks": 2}, [], "P: 9 9 9 9 9", "too-many-cards", players=SEATS)


def test_b1_go_up_or_abandon():
    """B1 (« Les joueurs suivants doivent monter (poser une carte supérieure - sur une carte,
    poser une paire supérieure - sur une paire...) ou abandonner »)."""
    check("classique", {}, ["P: 9 9"], "S: 10 10", "ok", players=SEATS)
    check("classique", {}, ["P: 9 9"], "S: 10", "count-mismatch", players=SEATS)
    check("classique", {}, ["P: 9 9"], "S: pass", "ok", players=SEATS)


def test_b5_the_joker_beats_a_four_of_a_kind():
    """B5 `beat_all_but_quad` (« Le joker est supérieur à n'importe quelle combinaison, y compris
    un carré »)."""
    check("classique", {}, ["P: 9 9 9 9"], "S: JK", "ok", players=SEATS)


def test_b5_a_four_of_a_kind_on_a_joker_wins():
    """B5 `beat_all_but_quad` (« Cependant, un carré posé sur un joker l'emporte »)."""
    check("classique", {}, ["P: 9", "S: JK"], "L: 3 3 3 3", "ok", players=SEATS)
    check("classique", {}, ["P: 9", "S: JK"], "L: A A A", "joker-unbeatable", players=SEATS)


def test_p3_a_pass_abandons_the_trick():
    """P3 `pass_is_final` (« Ce faisant, il n'a pas le droit de rejouer au tour suivant. Il
    abandonne donc la tournée »): the seed's trick T."""
    history = ["S: 4", "L: 6", "TC: 10", "P: J", "S: pass", "L: Q", "TC: pass", "P: K"]
    check("classique", {}, history, "S: A", "already-passed", players=SEATS, next="L")
    check("classique", {}, history, "L: pass", "ok", players=SEATS, next="P")


def test_p4_a_player_plays_on_his_own_card_only_once():
    """P4 `once` (Remarque 1: « Un joueur ne peut jouer sur sa propre carte qu'une seule fois …
    le Président joue un Roi puis un As par-dessus. Il ne peut pas rejouer une fois de plus,
    même s'il a un Joker »)."""
    history = ["S: 4", "L: 6", "TC: 10", "P: J", "S: pass", "L: Q", "TC: pass", "P: K", "L: pass"]
    check("classique", {}, history, "P: A", "ok", players=SEATS, next="P")
    check("classique", {}, [*history, "P: A"], "P: JK", "self-overplay-used", players=SEATS)


def test_p6_the_trick_goes_on_without_the_player_who_went_out():
    """P6 (« La tournée continue sans lui si les autres joueurs peuvent continuer de monter »):
    Exemple 1, P throws his last card, a 10; S plays a king."""
    check("classique", {}, ["P: 10"], "S: K", "ok", players=SEATS, hands={"P": ""}, next="L")


def test_p6_else_the_highest_ranked_remaining_player_leads():
    """P6 `highest_ranked` (« Dans le cas contraire, c'est le joueur restant de plus haut
    "grade" qui prend la main »): Exemple 2, L goes out, all abandon, P takes the lead."""
    history = ["L: 9", "TC: pass", "P: pass"]
    check("classique", {}, history, "S: pass", "ok", players=SEATS, hands={"L": ""}, next="P",
          to_beat=None)  # fmt: skip


def test_p7_armix_one_card_at_a_time():
    """P7 `single_cards_only` (Armix: « Le joueur qui a la main ne peut jouer qu'1 carte à la
    fois. On ne peut donc pas associer les cartes par paires, brelans, ou carrés »)."""
    check("armix", {}, [], "P: 9 9", "single-cards-only", players=SEATS)


def test_p1_armix_a_trick_is_one_round():
    """P1 `one_round` (Armix: « Une tournée est équivalente à 1 tour … chaque joueur ne joue donc
    qu'une seule carte »)."""
    history = ["P: 4", "S: 6", "L: 9", "TC: J"]
    check("armix", {}, history, "P: K", "trick-over", players=SEATS, next="TC")


def test_p2_armix_must_play_if_he_can():
    """P2 `must_beat` (Armix: « Un joueur doit jouer s'il le peut. Il n'a pas le droit de
    "passer" »): even an ace that brings out a joker."""
    check("armix", {}, ["P: K"], "S: pass", "must-play", players=SEATS, hands={"S": "A 3"})
    check("armix", {}, ["P: K"], "S: pass", "ok", players=SEATS, hands={"S": "Q 3"})
