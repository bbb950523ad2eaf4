"""WIKI (002_b9b90edddf16e6aa.txt), « Trou du cul (jeu) » and its variants, sentence by
sentence: one rule per test, asked of the engine and of ``companion judge``
(``seed_check.check``).
"""

from __future__ import annotations

from seed_check import check

# --- the base game -------------------------------------------------------------------------------


def test_d4_order_with_the_joker_on_top():
    """D4 (« 3, 4, 5, 6, 7, 8, 9, 10, Valet, Dame, Roi, As, 2 et, le cas échéant, Joker »)."""
    check("trou-du-cul", {}, ["A: A"], "B: 2", "ok")
    check("trou-du-cul", {}, ["A: 2"], "B: JK", "ok")


def test_d1_d4_short_pack_order():
    """D1/D4 `deck=32 rank_order=seven_high` (« 32 cartes pour 4 joueurs … l'ordre : 8, 9, 10,
    Valet, Dame, Roi, As, 7 »): the 7 tops the ace and there is no 6."""
    options = {"deck": "32", "rank_order": "seven_high", "forbidden_finish": frozenset()}
    check("trou-du-cul", options, ["A: A"], "B: 7", "ok")
    check("trou-du-cul", options, [], "A: 6", "not-in-deck")


def test_b11a_one_to_four_cards_of_one_value():
    """B11a `max_set=4` (« Le joueur pose de une à quatre cartes de même valeur »)."""
    check("trou-du-cul", {"decks": 2}, [], "A: 9 9 9 9", "ok")
    check("trou-du-cul", {"decks": 2}, [], "A: 9 9 9 9 9", "too-many-cards")


def test_b1_go_up_with_the_same_number():
    """B1 (« poser un nombre de cartes identique au pli posé sur la table mais affichant une
    valeur supérieure (ainsi une paire de 10 doit être suivie au minimum par une paire de
    valets) »)."""
    check("trou-du-cul", {}, ["A: 10 10"], "B: J J", "ok")
    check("trou-du-cul", {}, ["A: 10 10"], "B: 10 10", "equal-forbidden")
    check("trou-du-cul", {}, ["A: 10 10"], "B: J J J", "count-mismatch")


def test_p1_the_last_player_leads_when_all_have_passed():
    """P1 (« Lorsque tous les joueurs ont successivement passé leur tour, le joueur ayant joué
    en dernier commence un nouveau tour avec la combinaison de son choix »)."""
    history = ["A: 5", "B: 9", "C: pass", "D: pass"]
    check("trou-du-cul", {}, history, "A: pass", "ok", next="B", to_beat=None)


def test_p6_the_player_on_his_right_takes_the_lead():
    """P6 `next_right` (« Si les dernières cartes posées appartiennent à un joueur qui est sorti
    de la partie, la main est récupérée par le joueur situé à sa droite »): with play going
    clockwise, the player on B's right is A."""
    history = ["A: 5", "B: 9", "C: pass", "D: pass"]
    check("trou-du-cul", {}, history, "A: pass", "ok", hands={"B": ""}, next="A", to_beat=None)


def test_b12_finishing_on_a_two_is_forbidden():
    """B12 `forbidden_finish=2` (« Il est interdit pour un joueur de finir par la carte
    « deux » »)."""
    check("trou-du-cul", {}, ["A: 5"], "B: 2", "forbidden-finish", hands={"B": "2"})
    check("trou-du-cul", {}, ["A: 5"], "B: 2", "ok", hands={"B": "2 4"})


# --- variants ------------------------------------------------------------------------------------


def test_b10_rule_of_four():
    """B10 `follow` (« le joueur suivant est obligé de poser un autre 6 … ou doit passer son
    tour »)."""
    options = {"equal_play": "allowed", "rule_of_four": "follow"}
    check("trou-du-cul", options, ["A: 6", "B: 6"], "C: 9", "rule-of-four")
    check("trou-du-cul", options, ["A: 6", "B: 6"], "C: 6", "ok")


def test_b10_rule_of_four_with_pairs():
    """B10 `follow` (« si le premier joueur pose une paire de 7, alors le joueur suivant devra
    poser une autre paire de 7 ou passer son tour »)."""
    options = {"equal_play": "allowed", "rule_of_four": "follow", "decks": 2}
    check("trou-du-cul", options, ["A: 7 7", "B: 7 7"], "C: 8 8", "rule-of-four")


def test_b10_magic_square():
    """B10 `magic_square` (« dès que les quatre cartes de même valeur ont été jouées … le joueur
    ayant mis la dernière carte récupère immédiatement la main »)."""
    options = {"equal_play": "allowed", "rule_of_four": "magic_square"}
    check("trou-du-cul", options, ["A: 6", "B: 6", "C: 6"], "D: 6", "ok", next="D", to_beat=None)


def test_b2_passage_de_tour():
    """B2 `skips_next` (« lorsqu'un joueur pose une carte de même valeur, le joueur suivant est
    obligé de passer son tour. Il n'est cependant pas exclu du tour de jeu »)."""
    options = {"equal_play": "skips_next"}
    check("trou-du-cul", options, ["A: 6"], "B: 6", "ok", next="D")
    check("trou-du-cul", options, ["A: 6", "B: 6", "D: 9", "A: pass"], "B: pass", "ok", next="C")


def test_d6_twos_as_jokers_only_as_a_complement():
    """D6 `wild_cards=2 wild_alone=forbidden` (« la carte 2 … ne peut être utilisée que comme
    complément (ainsi « 3♠ + 3♣ + 2 » constitue un brelan de 3) et il est alors impossible de
    n'utiliser que des 2 »)."""
    options = {"wild_cards": frozenset({"2"}), "wild_alone": "forbidden", "forbidden_finish": ()}
    check("trou-du-cul", options, ["A: 3 3 3"], "B: 3♠ 3♣ 2", "equal-forbidden")
    check("trou-du-cul", options, [], "A: 2 2", "wild-alone")


def test_b4_atout_a_lone_two_beats_any_combination():
    """B4 `atout` (« un joker ou un 2 seul peut être amené à battre tout type de combinaison (il
    bat alors une paire, un brelan comme un carré) »)."""
    check("trou-du-cul", {"twos": "atout"}, ["A: 9 9 9 9"], "B: 2", "ok")
    options = {"twos": "atout", "joker_power": "beat_all"}
    check("trou-du-cul", options, ["A: 9 9 9"], "B: JK", "ok")


def test_b4_atout_fewer_twos_beat_more_cards():
    """B4 `atout` (« « 2♥ + 2♣ » bat « valet♠ + valet♣ + valet♥ » ; « 2♥ + 2♠ + 2♦ » bat
    « 10♠ + 10♣ + 10♥ + 10♦ » »)."""
    check("trou-du-cul", {"twos": "atout"}, ["A: J♠ J♣ J♥"], "B: 2♥ 2♣", "ok")
    check("trou-du-cul", {"twos": "atout"}, ["A: 10♠ 10♣ 10♥ 10♦"], "B: 2♥ 2♠ 2♦", "ok")


def test_b4_atout_the_player_takes_the_trick_even_with_jokers():
    """B4 `atout` (« Le joueur l'ayant placé récupère la main et relance un nouveau tour de
    cartes »): with jokers in the pack, no joker tops a lone 2 (open point)."""
    answer = check("trou-du-cul", {"twos": "atout"}, ["A: K"], "B: 2", "ok", next="B")
    assert answer.to_beat is None


def test_b12_two_or_joker_last_place():
    """B12 `forbidden_finish=2,joker last_place` (« il est interdit de terminer avec un
    « joker » ou un ou plusieurs « 2 » sous peine d'être Trou du cul par défaut »)."""
    options = {
        "forbidden_finish": frozenset({"2", "joker"}),
        "forbidden_finish_penalty": "last_place",
    }
    answer = check("trou-du-cul", options, ["A: 5"], "B: JK", "ok", hands={"B": "JK"})
    assert "dernier" in answer.message_fr


def test_b12_the_three_during_a_revolution():
    """B12 `forbidden_finish=3` (« En cas de révolution … cette règle peut être étendue au 3, la
    nouvelle meilleure carte »)."""
    options = {"forbidden_finish": frozenset({"2", "3"}), "revolution": "quad"}
    check("trou-du-cul", options, ["A: 5"], "B: 3", "forbidden-finish", hands={"B": "3"},
          revolution=True)  # fmt: skip
    check("trou-du-cul", options, ["A: 5"], "B: 9", "ok", hands={"B": "9"})


def test_b9_a_quad_reverses_the_order():
    """B9 `quad` (« Si un joueur pose un carré, il y a révolution et la valeur des cartes est
    inversée. Le 3 devient la meilleure carte et le 2 la moins bonne »)."""
    history = ["A: 8 8 8 8", "B: pass", "C: pass", "D: pass", "A: 2"]
    check("trou-du-cul", {"revolution": "quad"}, history, "B: 3", "ok")


def test_b9_counter_revolution_under_the_new_order():
    """B9 `quad` (« un carré de 10 pourra être battu par un carré de 9 et non de valets »)."""
    options = {"revolution": "quad", "decks": 2}
    check("trou-du-cul", options, ["A: 10 10 10 10"], "B: 9 9 9 9", "ok")
    check("trou-du-cul", options, ["A: 10 10 10 10"], "B: J J J J", "too-low")


def test_s8_coup_detat_four_and_a_joker():
    """S8 `coup_detat` (« Lorsqu'un joueur pose une combinaison de 5 cartes (un carré accompagné
    d'un joker ou un brelan accompagné de deux jokers), il devient automatiquement
    Président »): the play is judged, on any play, and takes the trick."""
    options = {"coup_detat": True}
    check("trou-du-cul", options, [], "A: 7 7 7 7 JK", "ok", next="A", to_beat=None)
    check("trou-du-cul", options, ["A: 2 2"], "B: 7 7 7 JK JK", "ok", next="B", to_beat=None)
    check("trou-du-cul", {}, [], "A: 7 7 7 7 JK", "not-a-set")


def test_s8_guillotine():
    """S8 `coup_detat` (« La Guillotine: Si un joueur pose un carré accompagné de deux jokers,
    alors ce joueur devient automatiquement Président mais décide également qui sera le Trou du
    cul »)."""
    answer = check("trou-du-cul", {"coup_detat": True}, ["A: 5"], "B: 9 9 9 9 JK JK", "ok")
    assert "guillotine" in answer.message_en.lower()


def test_b11_poker_combinations_weakest_to_strongest():
    """B11 `poker` (« Suite (5 cartes qui se suivent) ; Couleur … ; Full … ; Quinte Flush »)."""
    options = {"combinations": "poker", "jokers": 0, "suits": "ranked_poker"}
    check("trou-du-cul", options, ["A: 3♠ 4♥ 5♦ 6♣ 7♠"], "B: 3♥ 5♥ 8♥ 9♥ J♥", "ok")
    check("trou-du-cul", options, ["A: 3♥ 5♥ 8♥ 9♥ J♥"], "B: 4♠ 4♥ 4♦ 6♣ 6♠", "ok")
    check("trou-du-cul", options, ["A: 4♠ 4♥ 4♦ 6♣ 6♠"], "B: 3♣ 4♣ 5♣ 6♣ 7♣", "ok")
    check("trou-du-cul", options, ["A: 3♣ 4♣ 5♣ 6♣ 7♣"], "B: 8♠ 8♥ 8♦ 9♣ 9♠", "too-low")


def test_b11_poker_flush_by_its_top_card():
    """B11 `poker` (« la Couleur « 3 4 5 6 Roi » est plus forte que « 8 10 Valet Dame Roi » »):
    equal top cards, the suit decides."""
    options = {"combinations": "poker", "jokers": 0, "suits": "ranked_poker"}
    check("trou-du-cul", options, ["A: 8♦ 10♦ J♦ Q♦ K♦"], "B: 3♠ 4♠ 5♠ 6♠ K♠", "ok")


def test_b11_poker_full_house_by_its_three():
    """B11 `poker` (« Dans le cas particulier du Full, il faut regarder le brelan le plus
    fort »)."""
    options = {"combinations": "poker", "jokers": 0, "suits": "ranked_poker"}
    check("trou-du-cul", options, ["A: 5 5 5 A A"], "B: 6 6 6 3 3", "ok")


def test_b11_poker_is_played_without_jokers():
    """B11 `poker` (« Cette variante se joue sans joker »): jokers make no poker hand."""
    options = {"combinations": "poker", "suits": "ranked_poker"}
    check("trou-du-cul", options, [], "A: 3♠ 4♥ 5♦ 6♣ JK", "not-a-set")


def test_b8_poker_suit_order():
    """B8 `ranked_poker` (« de la plus faible à la plus forte : carreau, trèfle, cœur et
    pique »)."""
    options = {"suits": "ranked_poker", "equal_play": "allowed"}
    check("trou-du-cul", options, ["A: 4♦"], "B: 4♣", "ok")
    check("trou-du-cul", options, ["A: 4♥"], "B: 4♣", "too-low")


def test_b13_give_and_discard():
    """B13 `give_discard` (« Quand un joueur place un (ou plusieurs) 8, il doit se défausser
    d'une carte de son choix qu'il place dans le tas des cartes déjà jouées »)."""
    options = {"card_effects": "give_discard"}
    check("trou-du-cul", options, ["A: 8"], "B: 9", "effect-pending", next="A")
    check("trou-du-cul", options, ["A: 8"], "A: discard", "ok", next="B")


def test_b13_a_six_gives_to_the_previous_player():
    """B13 `give_discard` (« Quand un joueur place un (ou plusieurs) 6, il doit donner une carte
    de son choix au joueur précédent »)."""
    options = {"card_effects": "give_discard"}
    check("trou-du-cul", options, ["A: 5", "B: 6"], "B: give to A", "ok")
    check("trou-du-cul", options, ["A: 5", "B: 6"], "B: give to C", "wrong-target")


def test_b13_strutz_ten_wins():
    """B13 `strutz` (« Le joueur qui pose un (ou plusieurs) 10 remporte le tour
    directement »)."""
    check("strutz", {}, ["A: 5"], "B: 10", "ok", next="B", to_beat=None)


def test_b13_strutz_seven_skips():
    """B13 `strutz` (« Si un joueur pose un 7, le joueur suivant saute son tour. Une paire de 7
    saute deux joueurs »)."""
    check("strutz", {}, ["A: 5"], "B: 7", "ok", next="D", players="A B C D E")
    check("strutz", {}, ["A: 5 5"], "B: 7 7", "ok", next="E", players="A B C D E")


def test_b13_strutz_eight_reverses_a_pair_does_not():
    """B13 `strutz` (« Si un joueur pose un 8, le jeu change de sens. Une paire de 8 n'a aucun
    effet »)."""
    check("strutz", {}, ["A: 5"], "B: 8", "ok", next="A")
    check("strutz", {}, ["A: 5 5"], "B: 8 8", "ok", next="C")


def test_b13_strutz_nine_inverts_until_the_trick_ends():
    """B13 `strutz` (« Si un joueur pose un 9, l'ordre des cartes s'inverse, le 2 devient la
    carte la plus forte jusqu'à la fin du tour »)."""
    check("strutz", {}, ["A: 5", "B: 9"], "C: 2", "ok")
    check("strutz", {}, ["A: 5", "B: 9"], "C: J", "too-low")


def test_p3_strutz_a_pass_lasts_until_a_nine():
    """P3 `pass_is_final` (Strutz: « Lorsqu'un joueur passe, il passe jusqu'à la fin du tour,
    sauf si un ou plusieurs 9 sont joués, auquel cas il rentre de nouveau dans le tour »)."""
    check("strutz", {}, ["A: 5", "B: pass", "C: 6"], "B: 8", "already-passed")
    check("strutz", {}, ["A: 5", "B: pass", "C: 9", "D: pass", "A: pass"], "B: 8", "ok")


def test_d6_strutz_joker_no_stronger_than_the_ace():
    """D6 `wild_alone=top_natural` (Strutz: « le joker peut remplacer n'importe quelle carte
    mais n'est pas plus fort que l'As »)."""
    check("strutz", {}, ["A: A"], "B: JK", "equal-forbidden")
    check("strutz", {}, ["A: K K"], "B: A JK", "ok")


def test_d3_strutz_two_decks_from_six():
    """D3 `decks=auto` (Strutz: « De 3 à 5 joueurs, on joue avec un jeu de 54 cartes. de 6 à 10
    joueurs, on prend deux jeux de 52 cartes »)."""
    check("strutz", {}, [], "A: 5♥ 5♥", "not-in-deck", players="A B C D E")
    check("strutz", {}, [], "A: 5♥ 5♥", "ok", players="A B C D E F")


def test_b13_angevin_aces_end_the_trick():
    """B13 `angevin` (« L'utilisation d'un (ou plusieurs) As termine la main en cours »)."""
    check("angevin", {}, ["A: 5"], "B: A", "ok", next="B", to_beat=None)


def test_b13_angevin_after_a_seven_lower_cards():
    """B13 `angevin` (« Lorsqu'un joueur joue un ou plusieurs 7, il est possible de jouer des
    cartes inférieures »)."""
    check("angevin", {}, ["A: 7"], "B: 4", "ok")


def test_b12_angevin_finishing_on_an_ace():
    """B12 `forbidden_finish=A last_place` (angevin: « Il est interdit de terminer par un (ou
    plusieurs) As, sous peine de finir Trou du cul par forfait »)."""
    answer = check("angevin", {}, ["A: 5"], "B: A", "ok", hands={"B": "A"})
    assert "dernier" in answer.message_fr


def test_p4_angevin_overplay_once():
    """P4 `once` (angevin: « Lorsque la main est terminée, le joueur l'ayant remportée peut
    surenchérir sur lui-même une fois »)."""
    history = ["A: 5", "B: 6", "C: pass", "D: pass", "A: pass"]
    check("angevin", {}, history, "B: 9", "ok")
    again = [*history, "B: 9", "C: pass", "D: pass", "A: pass"]
    check("angevin", {}, again, "B: J", "self-overplay-used")


def test_b3_wizz_a_double_on_a_single():
    """B3 `higher_rank` (Wizz: « si le premier joueur lance un 6, le joueur suivant peut jouer
    un double 7, et le tour se poursuit en jouant des paires »)."""
    check("wizz", {}, ["A: 6"], "B: 7 7", "ok", to_beat="7 7")
    check("wizz", {}, ["A: 6", "B: 7 7"], "C: 8", "count-mismatch")


def test_b2_wizz_a_larger_equal_play_wizzes_more():
    """B2 `skips_next` (Wizz: « si le premier joueur lance un 6 et que le suivant joue un double
    6, il « wizze » les 3e et 4e joueurs »)."""
    check("wizz", {}, ["A: 6"], "B: 6 6", "ok", players="A B C D E", next="E")


def test_b2_wizz_skips_whatever_larger_sets_says():
    """B2 `skips_next` with B3 `any_rank` (Wizz: « il « wizze » les 3e et 4e joueurs »): a play
    of the same rank with more cards still wizzes, when larger sets of any rank may beat."""
    options = {"larger_sets": "any_rank"}
    five = "A B C D E"
    check("wizz", options, ["A: A"], "B: A A", "ok", players=five, next="E", option="equal_play")
    check("wizz", options, ["A: 6"], "B: 6 6 6", "ok", players=five, next="A")
    check("wizz", options, ["A: 9"], "B: 5 5", "ok", players=five, next="C")


def test_b14_speed_play():
    """B14 `speed_play` (« le joueur qui possède la même carte (ou paire) peut la jouer
    directement, indépendamment de son tour de jeu »)."""
    options = {"equal_play": "allowed", "speed_play": True}
    check("trou-du-cul", options, ["A: 6"], "C: 6", "ok")
    check("trou-du-cul", options, ["A: 6"], "C: 7", "not-your-turn")


def test_b14_speed_play_in_double():
    """B14 `speed_play` (« si un joueur commence avec une carte simple et que le joueur suivant
    joue une carte identique, un autre joueur ayant la paire équivalente peut la poser
    directement et le jeu part alors en double »)."""
    options = {"equal_play": "allowed", "speed_play": True}
    check("trou-du-cul", options, ["A: 6", "B: 6"], "D: 6 6", "ok", to_beat="6 6")


def test_b13_a_seven_gives_to_the_next_player():
    """B13 `give_discard` (« Quand un joueur place un (ou plusieurs) 7, il doit donner une carte
    de son choix au joueur suivant »)."""
    options = {"card_effects": "give_discard"}
    check("trou-du-cul", options, ["A: 7"], "A: give to B", "ok", next="B")
    check("trou-du-cul", options, ["A: 7"], "A: give to D", "wrong-target")


def test_b13_a_nine_gives_to_anyone():
    """B13 `give_discard` (« Quand un joueur place un (ou plusieurs) 9, il doit donner une carte
    de son choix au joueur de son choix »)."""
    options = {"card_effects": "give_discard"}
    check("trou-du-cul", options, ["A: 9"], "A: give to C", "ok")
    check("trou-du-cul", options, ["A: 9"], "A: give", "target-needed")


def test_b13_strutz_the_ruling_says_the_direction_turns():
    """B13 `strutz` (« Si un joueur pose un 8, le jeu change de sens »): the ruling says so, not
    only who plays next."""
    answer = check("strutz", {}, ["A: 5"], "B: 8", "ok", next="A")
    assert "change de sens" in answer.message_fr and "direction of play turns" in answer.message_en


def test_b13_strutz_the_ruling_says_the_order_is_inverted():
    """B13 `strutz` (« Si un joueur pose un 9, l'ordre des cartes s'inverse … jusqu'à la fin du
    tour »): the ruling says so."""
    answer = check("strutz", {}, ["A: 5"], "B: 9", "ok")
    assert "s'inverse" in answer.message_fr and "inverted" in answer.message_en
