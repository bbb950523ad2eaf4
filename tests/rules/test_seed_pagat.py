"""PAGAT (000_a529291ef27ec701.txt), sentence by sentence: one rule per test, asked of the
engine and of ``companion judge --set`` (``seed_check.check``). Each docstring names the
option (catalogue ID) and quotes the sentence that defines it.
"""

from __future__ import annotations

from seed_check import check

# --- D: deck and card order ----------------------------------------------------------------------


def test_d1_a_standard_pack_has_no_joker():
    """D1 `deck=52` (« un paquet standard de 52 cartes »): nobody can play a joker."""
    check("pagat", {}, [], "A: JK", "not-in-deck")


def test_d1_klootzakken_has_no_four_five_or_six():
    """D1 `deck=40` (Klootzakken: « un paquet de 40 cartes dépourvues de 4, 5 et 6 »)."""
    check("klootzakken", {}, [], "A: 5", "not-in-deck")
    check("klootzakken", {}, [], "A: 7", "ok")


def test_d2_jokers_join_the_pack():
    """D2 `jokers` (« Certaines personnes incluent un ou plusieurs jokers dans le paquet »)."""
    check("pagat", {"jokers": 1}, [], "A: JK", "ok")
    check("pagat", {"jokers": 1}, [], "A: JK JK", "not-in-deck")


def test_d3_a_double_pack_holds_twin_cards():
    """D3 `decks=2` (« on utilise parfois un double jeu de cartes »): two 7♥ in one play."""
    check("pagat", {"decks": 2}, [], "A: 7♥ 7♥", "ok")
    check("pagat", {}, [], "A: 7♥ 7♥", "not-in-deck")


def test_d4_two_high_order():
    """D4 `two_high` (« les cartes se classent, de haut en bas, 2 A K Q J 10 9 8 7 6 5 4 3 »):
    the 2 beats the ace, the ace beats the king, the 3 beats nothing."""
    check("pagat", {}, ["A: A"], "B: 2", "ok")
    check("pagat", {}, ["A: K"], "B: A", "ok")
    check("pagat", {}, ["A: 2"], "B: 3", "too-low")


def test_d4_aces_high():
    """D4 `ace_high` (« Aces haut … A-K-Q-J-10-9-8-7-6-5-4-3-2 »): the 2 is the lowest."""
    check("pagat", {"rank_order": "ace_high"}, ["A: 3"], "B: 2", "too-low")
    check("pagat", {"rank_order": "ace_high"}, ["A: K"], "B: A", "ok")


def test_d4_klootzakken_order():
    """D4 `three_high` (Klootzakken: « les cartes étant classées de haut en bas : 3 2 A K Q J
    10 9 8 7 »)."""
    check("klootzakken", {}, ["A: 2"], "B: 3", "ok")
    check("klootzakken", {}, ["A: 8"], "B: 7", "too-low")


def test_d5_jokers_rank_above_the_twos():
    """D5/B5 `rank` (« Ceux-ci se classent généralement au-dessus des deux »)."""
    check("pagat", {"jokers": 1}, ["A: 2"], "B: JK", "ok")
    check("pagat", {"jokers": 1}, ["A: JK"], "B: 2", "too-low")


def test_d5_the_coloured_joker_beats_the_other():
    """D5 `coloured_high` (« il peut être convenu que le joker coloré … bat l'autre »)."""
    options = {"jokers": 1, "decks": 2, "joker_order": "coloured_high"}
    check("pagat", options, ["A: JKB"], "B: JKR", "ok")
    check("pagat", options, ["A: JKR"], "B: JKB", "too-low")


def test_d6_wild_jokers_take_the_rank_of_the_set():
    """D6 `wild_cards=joker` (« utilisent également les jokers comme des jokers, qui peuvent
    représenter n'importe quel rang »): 6 JK is a pair of 6s."""
    options = {"jokers": 2, "wild_cards": frozenset({"joker"})}
    check("pagat", options, ["A: 5 5"], "B: 6 JK", "ok", to_beat="6 JK")


def test_d6_hubere_wild_cards_alone_rank_highest():
    """D6 (Hűbéres: « joués seuls ou dans des ensembles entièrement sauvages, ils occupent le
    rang le plus élevé et sont tous égaux entre eux »)."""
    check("hubere", {}, ["A: A A"], "B: 2 JK", "ok")
    check("hubere", {}, ["A: 2 JK"], "B: 3 3", "equal-forbidden")


def test_d6_hubere_wild_cards_with_a_natural_take_its_rank():
    """D6 (Hűbéres: « Joués avec une (ou des) carte(s) normale(s), ils prennent le rang de
    cette carte »): 9 2 is a pair of 9s, so it does not beat a pair of 10s."""
    check("hubere", {}, ["A: 10 10"], "B: 9 2", "too-low")


def test_d7_natural_wins():
    """D7 `natural_wins` (« une combinaison naturelle bat une combinaison autrement égale
    contenant un joker (par exemple, 6-6-6 bat 6-joker-joker) »)."""
    options = {"jokers": 2, "wild_cards": frozenset({"joker"}), "wild_vs_natural": "natural_wins"}
    check("pagat", options, ["A: 6 JK JK"], "B: 6 6 6", "ok")
    check("pagat", options, ["A: 6 6 6"], "B: 6 JK JK", "too-low")


def test_d7_wild_wins():
    """D7 `wild_wins` (« d'autres jouent que la combinaison avec des jokers bat la combinaison
    naturelle »)."""
    options = {"jokers": 2, "wild_cards": frozenset({"joker"}), "wild_vs_natural": "wild_wins"}
    check("pagat", options, ["A: 6 6 6"], "B: 6 JK JK", "ok")


def test_d7_equal():
    """D7 `equal` (« d'autres encore jouent qu'elles sont égales – de sorte qu'aucune ne bat
    l'autre (ou chacune bat l'autre si des jeux égaux sont autorisés) »)."""
    options = {"jokers": 2, "wild_cards": frozenset({"joker"}), "wild_vs_natural": "equal"}
    check("pagat", options, ["A: 6 6 6"], "B: 6 JK JK", "equal-forbidden")
    check("pagat", {**options, "equal_play": "allowed"}, ["A: 6 6 6"], "B: 6 JK JK", "ok")


# --- P: how a trick is played --------------------------------------------------------------------


def test_p1_the_trick_goes_round_until_all_pass():
    """P1 `until_all_pass` (« Le jeu se poursuit autant de fois que nécessaire autour de la
    table jusqu'à ce que quelqu'un fasse un jeu que tous les autres passent »)."""
    history = ["A: 4 4", "B: pass", "C: pass", "D: 6 6"]
    check("pagat", {}, history, "A: 9 9", "ok", next="B")


def test_p1_one_round_only():
    """P1 `one_round` (« A n'a pas la chance de battre la paire de 9 de E. C'est maintenant au
    tour de E de mener »)."""
    history = ["A: 4 4", "B: pass", "C: pass", "D: 6 6", "E: 9 9"]
    options = {"trick_rounds": "one_round"}
    check("pagat", options, history, "A: J J", "trick-over", players="A B C D E", next="E")
    check("pagat", options, history, "E: 3", "ok", players="A B C D E")


def test_p2_passing_is_always_allowed():
    """P2 `must_beat=false` (« passer est toujours autorisé »): a pass with a card that beats."""
    check("pagat", {}, ["A: 5"], "B: pass", "ok", hands={"B": "K 7"})


def test_p2_must_beat():
    """P2 `must_beat` (« Passer n'est autorisé que si vous n'êtes pas en mesure de jouer »)."""
    options = {"must_beat": True}
    check("pagat", options, ["A: 5"], "B: pass", "must-play", hands={"B": "K 4"})
    check("pagat", options, ["A: 5"], "B: pass", "ok", hands={"B": "4 3"})


def test_p3_a_pass_does_not_bar():
    """P3 `pass_is_final=false` (« passer ne vous empêche pas de jouer la prochaine fois que
    votre tour viendra »)."""
    history = ["A: 4", "B: pass", "C: 6", "D: pass"]
    check("pagat", {}, history, "A: 9", "ok")
    check("pagat", {}, [*history, "A: 9"], "B: J", "ok")


def test_p3_no_play_after_passing():
    """P3 `pass_is_final` (Australie: « Si vous passez, vous devez attendre que quelqu'un
    remporte le pli et mène à nouveau »): the seed's example, where E's kings are unbeatable."""
    history = ["A: 4 4", "B: pass", "C: pass", "D: 6 6", "E: 9 9", "A: J J"]
    options = {"pass_is_final": True}
    check("pagat", options, history, "B: Q Q", "already-passed", players="A B C D E")
    state = [*history, "D: pass", "E: K K"]
    check("pagat", options, state, "A: pass", "ok", players="A B C D E", next="E", to_beat=None)


def test_p6_the_turn_passes_to_the_next_player_in_rotation():
    """P6 `next_left` (« si les deux as étaient les deux dernières cartes de C, ce serait
    alors au tour de D de jouer quoi que ce soit »)."""
    history = ["A: K K", "B: pass", "C: A A", "D: pass", "A: pass"]
    check("pagat", {}, history, "B: pass", "ok", hands={"C": ""}, next="D", to_beat=None)


# --- B: what beats what --------------------------------------------------------------------------


def test_b1_same_number_of_cards_higher_rank():
    """B1 (« si le joueur précédent a joué deux six, vous pouvez battre cela avec deux rois, ou
    deux sept, mais pas avec un seul roi, et pas avec trois sept »)."""
    check("pagat", {}, ["A: 6 6"], "B: K K", "ok")
    check("pagat", {}, ["A: 6 6"], "B: 7 7", "ok")
    check("pagat", {}, ["A: 6 6"], "B: K", "count-mismatch")
    check("pagat", {}, ["A: 6 6"], "B: 7 7 7", "count-mismatch")


def test_b2_equal_plays_allowed():
    """B2 `allowed` (« une paire de sept peut être battue par une autre paire de sept »)."""
    check("pagat", {"equal_play": "allowed"}, ["A: 7 7"], "B: 7 7", "ok", next="C")
    check("pagat", {}, ["A: 7 7"], "B: 7 7", "equal-forbidden")


def test_b2_an_equal_play_skips_the_next_player():
    """B2 `skips_next` (« le tour saute le prochain joueur qui a des cartes, et passe au joueur
    suivant »)."""
    check("pagat", {"equal_play": "skips_next"}, ["A: 7"], "B: 7", "ok", next="D")


def test_b2_two_players_left_the_equal_player_plays_again():
    """B2 `skips_next` (« s'il ne reste que deux joueurs et que vous égalisez le jeu précédent,
    vous obtenez immédiatement un autre tour pour jouer »)."""
    check("pagat", {"equal_play": "skips_next"}, ["A: 7"], "B: 7", "ok", players="A B", next="B")


def test_b2_more_equal_cards_skip_more_players():
    """B2 `skips_next` with B3 (« si un six est joué, et que la personne suivante joue deux
    six, les deux joueurs suivants sont sautés »)."""
    options = {"equal_play": "skips_next", "larger_sets": "higher_rank"}
    check("pagat", options, ["A: 6"], "B: 6 6", "ok", players="A B C D E", next="E")


def test_b3_larger_sets_of_higher_rank():
    """B3 `higher_rank` (« un seul 8 pourrait être battu par un seul 10 ou une paire de 10,
    mais pas par une paire de 5 »)."""
    options = {"larger_sets": "higher_rank"}
    check("pagat", options, ["A: 8"], "B: 10 10", "ok")
    check("pagat", options, ["A: 8"], "B: 5 5", "too-low")


def test_b3_never_fewer_cards():
    """B3 `higher_rank` (« une paire de 9 peut être battue par deux ou plusieurs 10, mais pas
    par un seul 10 »)."""
    options = {"larger_sets": "higher_rank"}
    check("pagat", options, ["A: 9 9"], "B: 10 10 10", "ok")
    check("pagat", options, ["A: 9 9"], "B: 10", "count-mismatch")


def test_b3_larger_sets_whatever_the_rank():
    """B3 `any_rank` (« un seul 9 peut être battu par une paire de 5, qui à son tour pourrait
    être battue par trois 4 »)."""
    options = {"larger_sets": "any_rank"}
    check("pagat", options, ["A: 9"], "B: 5 5", "ok")
    check("pagat", options, ["A: 9", "B: 5 5"], "C: 4 4 4", "ok")


def test_b4_a_single_two_wins():
    """B4 `beat_all` (« un seul deux bat n'importe quelle combinaison (dans le jeu de base, il
    faudrait trois deux pour battre trois as) »)."""
    check("pagat", {"twos": "beat_all"}, ["A: A A A"], "B: 2", "ok")
    check("pagat", {}, ["A: A A A"], "B: 2", "count-mismatch")


def test_b4_the_two_clears_and_leads_again():
    """B4 `beat_all` (« La personne qui joue le deux débarrasse les cartes … et mène à
    nouveau »)."""
    check("pagat", {"twos": "beat_all"}, ["A: 9 9"], "B: 2", "ok", next="B", to_beat=None)


def test_b4_nothing_follows_the_two_not_even_an_equal_two():
    """B4 `beat_all` (« La personne qui joue le deux débarrasse les cartes … et mène à
    nouveau »): the trick ends on the 2, so even where equal plays are allowed or skip, another
    2 comes too late, and the refusal cites the twos, not the passes."""
    for equal in ("allowed", "skips_next"):
        options = {"twos": "beat_all", "equal_play": equal}
        check("pagat", options, ["A: 2"], "B: 2", "trick-over", next="A", option="twos")
        check("pagat", options, ["A: 9", "B: 2"], "C: 2", "trick-over", next="B", option="twos")
        check("pagat", options, ["A: 9", "B: 2"], "B: 4", "ok", next="C")


def test_b4_with_jokers_a_two_does_not_end_the_trick():
    """B4 `beat_all` with jokers (PAGAT: the jokers « se classent généralement au-dessus des
    deux »): a joker may still beat the lone 2, so the trick goes on (open point)."""
    options = {"twos": "beat_all", "jokers": 2}
    check("pagat", options, ["A: 9 9"], "B: 2", "ok", next="C", to_beat="2")
    check("pagat", options, ["A: 9 9", "B: 2"], "C: JK", "ok")


def test_b4_the_two_high_and_low():
    """B4 `high_and_low` (« un seul deux peut être joué à tout moment, mais le jeu continue et
    le joueur suivant peut jouer n'importe quoi »)."""
    options = {"twos": "high_and_low"}
    check("pagat", options, ["A: K K"], "B: 2", "ok", next="C", to_beat=None)
    check("pagat", options, ["A: K K", "B: 2"], "C: 3", "ok")


def test_b5_a_single_joker_beats_any_set():
    """B5 `beat_all` (« certains jouent qu'un seul joker bat n'importe quel ensemble de cartes
    inférieures »)."""
    check("pagat", {"jokers": 1, "joker_power": "beat_all"}, ["A: 2 2 2"], "B: JK", "ok")
    check("pagat", {"jokers": 1}, ["A: 2 2 2"], "B: JK", "count-mismatch")


def test_b6_black_threes_beat_the_twos():
    """B6 `black_threes` (« comme cartes hautes battant les deux – comme … les trois noirs »)."""
    options = {"special_high_cards": "black_threes"}
    check("pagat", options, ["A: 2♥"], "B: 3♠", "ok")
    check("pagat", options, ["A: 2♥"], "B: 3♥", "too-low")


def test_b6_jack_of_diamonds_beats_the_twos():
    """B6 `jack_of_diamonds` (« comme cartes hautes battant les deux – comme le valet de
    carreau »)."""
    options = {"special_high_cards": "jack_of_diamonds"}
    check("pagat", options, ["A: 2♥"], "B: J♦", "ok")
    check("pagat", options, ["A: 2♥"], "B: J♠", "too-low")


def test_b6_sofia_one_two_beats_a_pair():
    """B6 `jokers_jacks_twos` (Sofia: « Toute paire d'as ou moins peut être battue par un seul
    deux, valet ou joker »)."""
    options = {"special_high_cards": "jokers_jacks_twos", "jokers": 2}
    check("pagat", options, ["A: A A"], "B: 2", "ok")
    check("pagat", options, ["A: A A"], "B: J", "ok")
    check("pagat", options, ["A: A A"], "B: JK", "ok")


def test_b6_sofia_three_of_a_kind():
    """B6 `jokers_jacks_twos` (« Tout trois d'une sorte d'as ou moins peut être battu par une
    paire de deux, ou par un seul valet ou joker »)."""
    options = {"special_high_cards": "jokers_jacks_twos", "jokers": 2}
    check("pagat", options, ["A: A A A"], "B: 2 2", "ok")
    check("pagat", options, ["A: A A A"], "B: J", "ok")
    check("pagat", options, ["A: A A A"], "B: 2", "count-mismatch")


def test_b6_sofia_four_of_a_kind():
    """B6 `jokers_jacks_twos` (« Tout quatre d'une sorte d'as ou moins peut être battu par
    trois deux, deux valets ou un seul joker »)."""
    options = {"special_high_cards": "jokers_jacks_twos", "jokers": 2}
    check("pagat", options, ["A: A A A A"], "B: 2 2 2", "ok")
    check("pagat", options, ["A: A A A A"], "B: J J", "ok")
    check("pagat", options, ["A: A A A A"], "B: JK", "ok")


def test_b7_transparent_threes_take_the_rank_they_beat():
    """B7 `transparent=3` (« si A joue une paire de rois et que B la bat avec une paire de
    trois, les trois comptent comme des rois et les joueurs suivants doivent battre une paire de
    rois ou passer »)."""
    options = {"transparent": 3}
    answer = check("pagat", options, ["A: K K"], "B: 3 3", "ok", next="C", to_beat="3 3")
    assert "K K" in answer.message_en
    check("pagat", options, ["A: K K", "B: 3 3"], "C: Q Q", "too-low")
    check("pagat", options, ["A: K K", "B: 3 3"], "C: A A", "ok")


def test_b7_transparent_threes_win_when_all_pass():
    """B7 (« Si tous passent, les trois de B ont gagné, les cartes sont éliminées et B
    mène »)."""
    history = ["A: K K", "B: 3 3", "C: pass", "D: pass"]
    check("pagat", {"transparent": 3}, history, "A: pass", "ok", next="B", to_beat=None)


def test_b8_follow_suit():
    """B8 `follow_suit` (« une seule carte ne peut être battue que par une carte supérieure de
    la même couleur »)."""
    options = {"suits": "follow_suit"}
    check("pagat", options, ["A: 5♥"], "B: 9♥", "ok")
    check("pagat", options, ["A: 5♥"], "B: 9♠", "wrong-suit")


def test_b8_opposite_colour_single():
    """B8 `opposite_colour` (« un cinq rouge peut être battu par un cinq noir, mais pas par un
    autre cinq rouge »)."""
    options = {"suits": "opposite_colour", "equal_play": "allowed"}
    check("pagat", options, ["A: 5♥"], "B: 5♠", "ok")
    check("pagat", options, ["A: 5♥"], "B: 5♦", "wrong-suit")


def test_b8_opposite_colour_sets():
    """B8 `opposite_colour` (« deux sept rouges battent deux sept noirs, et un sept rouge et un
    sept noir battent un sept noir et un sept rouge »)."""
    options = {"suits": "opposite_colour", "equal_play": "allowed"}
    check("pagat", options, ["A: 7♠ 7♣"], "B: 7♥ 7♦", "ok")
    check("pagat", options, ["A: 7♠ 7♥"], "B: 7♦ 7♣", "ok")


def test_b8_ranked_suits_single():
    """B8 `ranked` (« si quelqu'un jouait le 7♦, vous pourriez le battre en jouant le 7♥ ou
    le 7♠ ou toute carte de 8 ou plus, mais vous ne pouviez pas jouer le 7♣ »)."""
    options = {"suits": "ranked"}
    check("pagat", options, ["A: 7♦"], "B: 7♥", "ok")
    check("pagat", options, ["A: 7♦"], "B: 8♣", "ok")
    check("pagat", options, ["A: 7♦"], "B: 7♣", "too-low")


def test_b8_ranked_suits_pairs():
    """B8 `ranked` (« Entre paires de même rang, la paire contenant le pique est supérieure,
    quelle que soit la couleur de l'autre carte »)."""
    check("pagat", {"suits": "ranked"}, ["A: Q♥ Q♦"], "B: Q♠ Q♣", "ok")


def test_b9_a_quad_reverses_the_order():
    """B9 `quad` (« Lorsqu'un joueur joue un carré, alors pour le reste de cette donne … chaque
    joueur doit jouer une carte (ou une combinaison) plus basse que le jeu précédent »)."""
    history = ["A: 8 8 8 8", "B: pass", "C: pass", "D: pass"]
    check("pagat", {"revolution": "quad"}, [*history, "A: 9"], "B: 7", "ok")
    check("pagat", {"revolution": "quad"}, [*history, "A: 9"], "B: 10", "too-low")


def test_b9_a_second_quad_turns_it_back():
    """B9 `quad` (« Si un autre 4 d'une sorte est joué, alors l'ordre est inversé pour revenir
    à l'original »)."""
    history = ["A: 8 8 8 8", "B: 7 7 7 7", "C: pass", "D: pass", "A: pass"]
    check("pagat", {"revolution": "quad"}, [*history, "B: 9"], "C: 10", "ok")


def test_b9_reversed_the_club_pair_is_higher():
    """B9 with B8 `ranked` (« entre deux paires de même rang, celle contenant le trèfle est
    plus basse et bat donc l'autre »)."""
    options = {"revolution": "quad", "suits": "ranked"}
    check("pagat", options, ["A: Q♠ Q♥"], "B: Q♦ Q♣", "ok", revolution=True)
    check("pagat", options, ["A: Q♦ Q♣"], "B: Q♠ Q♥", "too-low", revolution=True)


def test_b9_hamish_allan_four_singles_in_a_row():
    """B9 `quad_and_direction` (« si quatre cartes simples de même rang sont jouées
    successivement (avec ou sans passe entre les deux) … alors le sens du jeu et le classement
    des cartes s'inversent »)."""
    history = ["A: 5", "B: 5", "C: pass", "D: 5"]
    options = {"revolution": "quad_and_direction", "equal_play": "allowed"}
    answer = check("pagat", options, history, "A: 5", "ok", next="D")
    assert "sens" in answer.message_fr and "direction" in answer.message_en


def test_b9_hamish_allan_no_revolution_from_a_pair_on_a_pair():
    """B9 `quad_and_direction` (« Jouer une paire sur une paire égale ne provoque cependant pas
    de révolution »)."""
    options = {"revolution": "quad_and_direction", "equal_play": "allowed"}
    check("pagat", options, ["A: 5 5", "B: 5 5"], "C: 6 6", "ok", next="D")


def test_b9_hamish_allan_the_ace_beats_all_and_all_beat_it():
    """B9 `quad_and_direction` (« Dans le classement inversé … un seul as bat tout et tout bat
    un as »): after a revolution, a single ace from B on A's 2 is good, and anything follows."""
    options = {"revolution": "quad_and_direction"}
    check("pagat", options, ["A: 2"], "B: A", "ok", revolution=True, to_beat=None)


def test_b9_hamish_allan_the_two_high_and_low_in_the_normal_order():
    """B9 `quad_and_direction` (« Dans le classement normal, les trois sont transparents et le
    deux est haut et bas »): the variant brings them without being told."""
    options = {"revolution": "quad_and_direction"}
    check("pagat", options, ["A: K K"], "B: 2", "ok", to_beat=None)
    check("pagat", options, ["A: K K"], "B: 3 3", "ok")


def test_b11_zheng_shangyou_runs():
    """B11 `sets_and_runs` (« si vous ajoutez des séquences simples et multiples, le jeu
    devient plutôt comme le Zheng Shangyou »)."""
    options = {"combinations": "sets_and_runs"}
    check("pagat", options, ["A: 3 4 5"], "B: 6 7 8", "ok")
    check("pagat", options, [], "A: 3 4", "not-a-set")
    check("pagat", options, [], "A: 5 5 6 6", "ok")


def test_b11_big_two_full_house():
    """B11 `poker` (« si vous ajoutez des combinaisons de type poker comme les full houses, le
    jeu devient comme le Big Two »)."""
    check("pagat", {"combinations": "poker"}, ["A: 3 3 3 4 4"], "B: 5 5 5 6 6", "ok")


def test_b9_hamish_allan_a_part_the_table_turns_off_is_named():
    """B9 `quad_and_direction` brings « les trois sont transparents »; a table that turns the
    transparent 3s off plays without them, and every ruling says so."""
    options = {"revolution": "quad_and_direction", "transparent": None}
    answer = check("pagat", options, ["A: K K"], "B: 3 3", "too-low")
    assert "transparent=none" in answer.message_fr and "transparent=3" in answer.message_fr
    assert "transparent=none instead of transparent=3" in answer.message_en


def test_p8_play_goes_clockwise():
    """P8 `clockwise` (« Le jeu se joue dans le sens des aiguilles d'une montre »): after A, B
    (on A's left); `anticlockwise` turns it the other way."""
    check("pagat", {}, [], "A: 5", "ok", next="B")
    check("pagat", {"direction": "anticlockwise"}, [], "A: 5", "ok", next="D")


def test_b9_persistent_revolution_carried_into_the_next_hand():
    """B9 `quad_persistent` (WIKI: « les cartes ne reprennent pas leur valeur normale à la
    prochaine partie mais gardent leur valeur inversée jusqu'à ce qu'un joueur pose une
    révolution »): a hand that starts reversed (``--revolution``) plays low on high, and a
    four of a kind turns it back."""
    options = {"revolution": "quad_persistent"}
    check("pagat", options, ["A: 9"], "B: 7", "ok", revolution=True)
    check("pagat", options, ["A: 9 9 9 9", "B: pass"], "C: 10 10 10 10", "ok", revolution=True,
          players="A B C D")  # fmt: skip


def test_b8_follow_suit_asks_for_suits_only_when_they_matter():
    """B8 `follow_suit` (« une seule carte ne peut être battue que par une carte supérieure de
    la même couleur »): a lower card is refused whatever its suit, so nothing is asked; a higher
    card needs the suits."""
    from seed_check import cli

    check("pagat", {"suits": "follow_suit"}, ["A: 9"], "B: 5", "too-low")
    argv = ["judge", "--rules", "pagat", "--players", "A,B,C,D", "--set", "suits=follow_suit"]
    rc, out, err = cli(*argv, "--history", "A: 9", "--lang", "en", "--play", "B: K")
    assert rc == 2 and not out and "Give the suits" in err
