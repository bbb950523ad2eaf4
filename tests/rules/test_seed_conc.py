"""CONC (003_1c8d797c51d4cdc8.txt), « Le Concierge », sentence by sentence: one rule per test,
asked of the engine and of ``companion judge`` (``seed_check.check``).
"""

from __future__ import annotations

from seed_check import check

FIVE = "A B C D E"


def test_d2_two_fous_for_the_pack():
    """D2 `jokers=2 jokers_per=pack` (« Deux paquets conventionnels, plus deux Fous, à cinq ou
    six joueurs »): two Fous whatever the number of decks, never three."""
    check("concierge", {}, [], "A: JKR JKB", "ok", players=FIVE)
    check("concierge", {}, [], "A: JKR JKR", "not-in-deck", players=FIVE)


def test_d3_one_pack_at_four_two_at_five():
    """D3 `decks=auto` (« un paquet conventionnel, plus les Fous, à trois ou quatre joueurs.
    Deux paquets conventionnels … à cinq ou six joueurs »)."""
    check("concierge", {}, [], "A: 7♥ 7♥", "not-in-deck")
    check("concierge", {}, [], "A: 7♥ 7♥", "ok", players=FIVE)


def test_d5_the_white_fou_is_highest():
    """D5 `white_high` (« Le Fou blanc ou la Blanche est la carte la plus forte, suivie du Fou
    en couleurs »): the white Fou beats the coloured one, and nothing beats the white Fou, so
    it takes the trick at once."""
    check("concierge", {}, ["A: JKR"], "B: JKB", "ok", next="B", to_beat=None)
    check("concierge", {}, [], "A: JKB", "ok", next="A", to_beat=None)


def test_d2_any_fou_beats_a_four_of_a_kind():
    """B5 `beat_all` (« Un Fou bat n'importe quelle combinaison »): `JK` (either Fou) on a four
    of a kind needs no colour, since both Fous beat it."""
    check("concierge", {}, ["A: 9 9 9 9"], "B: JK", "ok")


def test_d4_then_the_two_the_ace_down_to_the_three():
    """D4 (« puis du 2, de l'As, du Roi, ainsi de suite jusqu'au 3 »)."""
    check("concierge", {}, ["A: A"], "B: 2", "ok")
    check("concierge", {}, ["A: 4"], "B: 3", "too-low")


def test_b4_a_two_beats_any_pair_but_not_three():
    """B4 `one_fewer` (« Un 2 bat n'importe quelle Paire, mais pas un Brelan »)."""
    check("concierge", {}, ["A: A A"], "B: 2", "ok")
    check("concierge", {}, ["A: A A A"], "B: 2", "count-mismatch")


def test_b4_a_pair_of_twos_beats_three_of_a_kind():
    """B4 `one_fewer` (« Une Paire de 2 bat n'importe quel Brelan, mais pas un Carré »)."""
    check("concierge", {}, ["A: K K K"], "B: 2 2", "ok")
    check("concierge", {}, ["A: K K K K"], "B: 2 2", "count-mismatch")


def test_b4_three_twos_beat_a_four_of_a_kind():
    """B4 `one_fewer` (« et un Brelan de 2 bat n'importe quel Carré »)."""
    check("concierge", {}, ["A: K K K K"], "B: 2 2 2", "ok")


def test_b11a_sets_of_five_to_eight_are_not_played_at_five_or_six():
    """B11a `max_set=4` (« Le jeu se joue essentiellement comme le Concierge à trois ou quatre
    joueurs », where one leads « une seule carte », « une Paire », « un Brelan » or « un Carré »):
    two decks do not make a five of a kind, and one fewer 2 beats only those sets."""
    check("concierge", {}, [], "A: 7 7 7 7 7", "too-many-cards", players=FIVE)
    check("concierge", {}, ["A: 7 7 7 7"], "B: 2 2 2", "ok", players=FIVE)


def test_p2_the_next_player_must_beat():
    """P2 `must_beat` (« Le vice-président doit battre la carte ou la combinaison jouée par le
    président … Quand un joueur ne peut battre une carte ou une combinaison, il passe »)."""
    check("concierge", {}, ["A: 5"], "B: pass", "must-play", hands={"B": "9 3"})
    check("concierge", {}, ["A: 5"], "B: pass", "ok", hands={"B": "4 3"})


def test_b8_in_the_basic_game_suits_do_not_count():
    """B8 `ignored` (« Un 7 de n'importe quelle Couleur bat toute carte de moindre valeur, peu
    importe sa Couleur »; « il n'est pas nécessaire de jouer un 7 de cœur sur un 6 de cœur »)."""
    check("concierge", {}, ["A: 6♥"], "B: 7♣", "ok")


def test_p1_one_round_then_the_concierge_gathers():
    """P1 `one_round` (« Quand le concierge a joué ou passé, il ramasse les cartes. Et le joueur
    qui a étalé la carte ou la combinaison la plus forte entame le tour de table suivant »)."""
    history = ["A: 5", "B: 8", "C: pass", "D: pass"]
    check("concierge", {}, history, "A: 9", "trick-over", next="B")
    check("concierge", {}, history, "B: 3", "ok")


def test_p1_continuous_play():
    """P1 `until_all_pass` (« on joue tant et aussi longtemps qu'un joueur peut battre la
    dernière carte ou combinaison étalée, pourvu que ce ne soit pas la sienne »): Olivier,
    Mélanie, Francis and Marie-Pierre."""
    options = {"trick_rounds": "until_all_pass", "must_beat": False}
    history = ["O: 5", "M: 7", "F: pass", "P: 9", "O: pass"]
    check("concierge", options, history, "M: J", "ok", players="O M F P", next="F")


def test_b8_ranked_suits_single():
    """B8 `ranked` (« sur l'entame d'un 6 de cœur, on peut mettre le 6 de pique, et non pas
    obligatoirement un 7 »)."""
    check("concierge", {"suits": "ranked"}, ["A: 6♥"], "B: 6♠", "ok")
    check("concierge", {"suits": "ranked"}, ["A: 6♥"], "B: 6♦", "too-low")


def test_b8_ranked_suits_pairs():
    """B8 `ranked` (« la Paire de 6 de trèfle et de pique l'emporte sur la Paire de 6 de
    carreau et de cœur, à cause du 6 de pique »)."""
    check("concierge", {"suits": "ranked"}, ["A: 6♦ 6♥"], "B: 6♣ 6♠", "ok")


def test_d5_which_fou_is_asked_only_when_it_matters():
    """D5 `white_high`: on the coloured Fou, « JK » beats it as the white Fou but not as a second
    coloured one, so the referee asks which, naming both outcomes (exit 2, nothing judged)."""
    from seed_check import cli

    argv = ["judge", "--rules", "concierge", "--players", "A,B,C,D", "--history", "A: 9"]
    rc, out, err = cli(*argv, "--history", "B: JKR", "--lang", "en", "--play", "C: JK")
    assert rc == 2 and not out
    assert "Say which joker" in err
    assert "(JKR)" in err and "(JKB)" in err  # what to type
    assert "With red joker" in err and "With black joker" in err
    assert "beats the red joker" in err and "same rank" in err


def test_d2a_the_fous_count_for_the_whole_pack():
    """D2a `jokers_per=pack` (« Deux paquets conventionnels, plus deux Fous »): with
    `jokers_per=deck` two decks would bring four Fous."""
    check("concierge", {"jokers_per": "deck"}, [], "A: JKR JKR", "ok", players=FIVE)


def test_d5_jk_from_a_known_hand_is_the_fou_he_holds():
    """D5: when the player's hand is known, `JK` is the Fou he holds: nothing to ask."""
    check("concierge", {}, ["A: JKR"], "B: JK", "ok", hands={"B": "JKB 3"}, to_beat=None)


def test_d5_jk_either_way_is_shown_as_written():
    """B5: on a 5 either Fou is good; the play stays `JK` as the table wrote it."""
    check("concierge", {}, ["A: 5"], "B: JK", "ok", next="C", to_beat="JK")
