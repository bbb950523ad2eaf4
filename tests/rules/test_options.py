"""One rule per test for every option of VARIANTS.md §2 D, P and B.

Each docstring quotes the rule from its seed and names the catalogue ID. Each test judges
moves through the referee and asserts the ruling code (always one of the documented list in
``companion.rules.codes``) and who acts next. Options are set through the Python API
(``RuleSet.with_options``) so that each test is about the rule itself; the command line's
``--set`` is tested in test_presets.py and test_judge_cli.py.
"""

from __future__ import annotations

import re
from typing import Literal

import pytest

import companion.rules.codes as codes
from companion.errors import CompanionError
from companion.rules.cards import Play, parse_cards
from companion.rules.errors import RuleSetError
from companion.rules.notation import Action
from companion.rules.options import OptionSet, option, split_setting
from companion.rules.presets import get_preset, ruleset_from
from companion.rules.referee import apply, judge
from companion.rules.ruleset import RuleSet
from companion.rules.state import HandState

DOCUMENTED = {*re.findall(r"^``([a-z-]+)``", codes.__doc__ or "", re.M), "ok"}
_ANY = object()


def start(
    preset="pagat",
    players="A B C D",
    *,
    leader=None,
    ranks=None,
    hands=None,
    reversed_=False,
    **options,
):
    """A hand under ``preset`` with some options changed; ``hands``: {name: "cards"} held at
    the start (others unknown; "" means gone out); ``reversed_``: the card order is already
    reversed by a revolution when the hand starts."""
    rules = get_preset(preset).rules
    if options:
        rules = rules.with_options(**options)
    held = {n: parse_cards(c) for n, c in (hands or {}).items()}
    return HandState.start(
        rules,
        players.split(),
        leader=leader,
        ranks=ranks.split() if ranks else None,
        hands=held,
        revolution=reversed_,
        preset=preset,
    )


def play(state, text, code="ok", next=_ANY, to_beat=_ANY):
    """Judge ``"NAME: PLAY"``; check the code (documented), who acts next and what he must
    beat (None: he leads); return the state after it (unchanged when illegal)."""
    ruling = judge(state, Action.parse(text))
    assert ruling.code in DOCUMENTED, ruling.code
    assert ruling.code == code, f"{text!r}: {ruling.code} — {ruling.en}"
    assert ruling.legal == (code == "ok")
    if next is not _ANY:
        assert ruling.next_player == next, f"{text!r}: next {ruling.next_player} — {ruling.en}"
    if to_beat is not _ANY:
        shown = None if ruling.to_beat is None else str(ruling.to_beat)
        assert shown == (None if to_beat is None else str(Play.parse(to_beat))), (
            f"{text!r}: to_beat {shown} — {ruling.en}"
        )
    if ruling.legal:
        assert apply(state, Action.parse(text)) == ruling.state
        return ruling.state
    return state


def refused(state, text, next=_ANY):
    """The play is refused, with a documented code other than ``ok``; returns the code."""
    ruling = judge(state, Action.parse(text))
    assert not ruling.legal, f"{text!r} was accepted — {ruling.en}"
    assert ruling.code in DOCUMENTED and ruling.code != "ok", ruling.code
    if next is not _ANY:
        assert ruling.next_player == next
    return ruling.code


def plays(state, *texts):
    for text in texts:
        state = play(state, text)
    return state


def test_every_documented_code_is_kebab_case():
    """Every ruling code the codes module documents is written in kebab case."""
    assert len(DOCUMENTED) > 20
    assert all(re.fullmatch(r"[a-z]+(-[a-z]+)*", c) for c in DOCUMENTED)


# === D1 deck =====================================================================================


def test_d1_deck_32_has_no_card_below_seven():
    """D1 `deck=32` (WIKI): « Si une partie se joue avec un nombre réduit de cartes (32 cartes
    pour 4 joueurs […]) » — a 32-card pack runs 7 … A: a 6 cannot be played."""
    state = start(deck="32", rank_order="seven_high")
    refused(state, "A: 6", next="A")
    refused(state, "A: 2", next="A")


def test_d1_deck_32_ace_high_has_no_card_below_seven():
    """D1 `deck=32` (WIKI): the 32-card pack has no 2 … 6, whatever the order played."""
    state = start(deck="32", rank_order="ace_high")
    refused(state, "A: 6", next="A")


def test_d1_deck_40_has_no_four_five_six():
    """D1 `deck=40` (PAGAT, Klootzakken): « un paquet de 40 cartes dépourvues de 4, 5 et 6 »."""
    state = start(deck="40", rank_order="three_high")
    for card in ("4", "5", "6"):
        refused(state, f"A: {card}", next="A")
    play(state, "A: 7", next="B", to_beat="7")


def test_d1_deck_30_plays_with_seven_high():
    """D1 `deck=30` (WIKI): « 30 cartes pour 3 joueurs […] l'ordre : 8, 9, 10, Valet, Dame,
    Roi, As, 7 »."""
    state = start(players="A B C", deck="30", rank_order="seven_high")
    state = play(state, "A: A")
    play(state, "B: 7", next="C", to_beat="7")


# === D2 jokers ===================================================================================


def test_d2_no_jokers_in_a_pack_without_jokers():
    """D2 `jokers=0` (PAGAT basic game): « un paquet standard de 52 cartes »: there is no
    joker to play."""
    state = start(jokers=0)
    refused(state, "A: JK", next="A")


def test_d2_one_joker_cannot_make_a_pair_of_jokers():
    """D2 `jokers=1` (PRES53): « un jeu de 52 cartes auquel on ajoute un joker »: a pair of
    jokers does not exist."""
    state = start(jokers=1)
    state = play(state, "A: 2 2")
    refused(state, "B: JK JK", next="B")


def test_d2_joker_ranks_above_the_two():
    """D2 `jokers=1` (PAGAT, Jokers): « Certaines personnes incluent un ou plusieurs jokers
    dans le paquet. Ceux-ci se classent généralement au-dessus des deux. »"""
    state = start(jokers=1)
    state = play(state, "A: 2")
    play(state, "B: JK", next="C", to_beat="JK")


def test_d2_two_jokers_make_a_pair():
    """D2 `jokers=2` (WIKI, TDC: 54 cards): two jokers may be played as a pair above the 2s."""
    state = start(jokers=2)
    state = play(state, "A: 2 2")
    play(state, "B: JK JK", next="C", to_beat="JK JK")


# === D3 decks ====================================================================================


def test_d3_one_deck_has_at_most_four_of_a_rank():
    """D3 `decks=1` (PRES53: « de une à quatre cartes »; WIKI: « Le joueur pose de une à
    quatre cartes de même valeur »): five of a kind does not exist in one deck."""
    state = start(decks=1)
    refused(state, "A: 7 7 7 7 7", next="A")


def test_d3_one_deck_has_each_card_once():
    """D3 `decks=1`: one deck holds each card once, so 7♠ 7♠ cannot be played; with two
    decks it can."""
    state = start(decks=1)
    refused(state, "A: 7♠ 7♠", next="A")
    state = start(decks=2)
    play(state, "A: 7♠ 7♠", next="B")


def test_d3_two_decks_allow_larger_sets():
    """D3 `decks=2` (WIKI, « Utilisation de plusieurs jeux de cartes »: « si un joueur a six
    cartes de même valeur, il peut décider de les jouer toutes en même temps »)."""
    state = start(decks=2)
    play(state, "A: 7 7 7 7 7 7", next="B", to_beat="7 7 7 7 7 7")


def test_d3_auto_two_decks_from_the_named_player_count():
    """D3 `decks=auto` (CONC): « Deux paquets conventionnels, plus deux Fous, à cinq ou six
    joueurs »: two 8♥ exist at five players, not at four (sets stay at four cards: B11a)."""
    five = start("concierge", "A B C D E")
    play(five, "A: 8♥ 8♥", next="B")
    four = start("concierge", "A B C D")
    refused(four, "A: 8♥ 8♥", next="A")


# === D4 rank_order ===============================================================================


def test_d4_two_high():
    """D4 `two_high` (PAGAT): « les cartes se classent, de haut en bas, 2 A K Q J 10 9 8 7 6
    5 4 3 »."""
    state = start(rank_order="two_high")
    state = play(state, "A: A")
    state = play(state, "B: 2", next="C", to_beat="2")
    play(state, "C: 3", "too-low", next="C")


def test_d4_ace_high():
    """D4 `ace_high` (TDC « Classique : 2, 3, 4, …9, 10, Valet, Dame, Roi, As, Joker »;
    PAGAT « Aces haut »)."""
    state = start(rank_order="ace_high")
    state = play(state, "A: A")
    play(state, "B: 2", "too-low", next="B")
    state = start(rank_order="ace_high")
    state = play(state, "A: 2")
    play(state, "B: 3", next="C")


def test_d4_seven_high():
    """D4 `seven_high` (WIKI): « il est préférable d'appliquer l'ordre : 8, 9, 10, Valet,
    Dame, Roi, As, 7 »."""
    state = start(deck="32", rank_order="seven_high")
    state = play(state, "A: A")
    state = play(state, "B: 7", next="C", to_beat="7")
    play(state, "C: 8", "too-low", next="C")


def test_d4_three_high():
    """D4 `three_high` (PAGAT, Klootzakken): « classées de haut en bas : 3 2 A K Q J 10 9 8
    7 »."""
    state = start(deck="40", rank_order="three_high")
    state = play(state, "A: 2")
    state = play(state, "B: 3", next="C")
    play(state, "C: A", "too-low")


# === D5 joker_order ==============================================================================


def test_d5_equal_jokers_do_not_beat_each_other():
    """D5 `equal` (PAGAT): jokers rank together above the twos; with equal plays forbidden one
    joker does not beat the other."""
    state = start(jokers=2, joker_order="equal")
    state = play(state, "A: JKR")
    play(state, "B: JKB", "equal-forbidden", next="B")


def test_d5_coloured_joker_high():
    """D5 `coloured_high` (PAGAT): « Si les jokers sont distinguables, il peut être convenu
    que le joker coloré (ou autrement plus impressionnant) bat l'autre. »"""
    state = start(jokers=2, joker_order="coloured_high")
    state = play(state, "A: JKB")
    play(state, "B: JKR", next="C", to_beat="JKR")
    state = start(jokers=2, joker_order="coloured_high")
    state = play(state, "A: JKR")
    play(state, "B: JKB", "too-low", next="B")


def test_d5_white_joker_high():
    """D5 `white_high` (CONC): « Le Fou blanc ou la Blanche est la carte la plus forte, suivie
    du Fou en couleurs »."""
    state = start(jokers=2, joker_order="white_high")
    state = play(state, "A: JKR")
    play(state, "B: JKB", next="C", to_beat="JKB")
    state = start(jokers=2, joker_order="white_high")
    state = play(state, "A: JKB")
    play(state, "B: JKR", "too-low", next="B")


def test_d5_ruling_cites_the_joker_order():
    """D5 and issue §5: the explanation names the rule that decided: here the joker order
    (D5), not the rank order (D4)."""
    state = start(jokers=2, joker_order="coloured_high")
    state = play(state, "A: JKR")
    ruling = judge(state, Action.parse("B: JKB"))
    assert ruling.code == "too-low"
    for message in (ruling.fr, ruling.en):
        assert "D5" in message or "joker_order" in message, message


def test_d5_an_unnamed_joker_is_asked_for():
    """D5: when the joker order matters, `JK` (any joker) is not enough: the referee asks
    which one (a CompanionError, never a wrong ruling)."""
    state = start(jokers=2, joker_order="white_high")
    state = play(state, "A: JKR")
    with pytest.raises(CompanionError):
        judge(state, Action.parse("B: JK"))


# === D6 wild_cards ===============================================================================


def test_d6_wild_joker_takes_the_rank_of_its_set():
    """D6 `joker` (PAGAT): « Certaines personnes utilisent également les jokers comme des
    jokers, qui peuvent représenter n'importe quel rang. »"""
    state = start(jokers=2, wild_cards=frozenset({"joker"}))
    state = play(state, "A: 5 5")
    state = play(state, "B: 6 JK", next="C", to_beat="6 JK")
    play(state, "C: 7 7", next="D")


def test_d6_wild_two_completes_a_set():
    """D6 `2` (WIKI, « En tant que joker »): « la carte 2 (ou le joker) ne peut être utilisée
    que comme complément (ainsi « 3♠ + 3♣ + 2 » constitue un brelan de 3) »."""
    state = start(wild_cards=frozenset({"2"}))
    state = play(state, "A: 3♠ 3♣ 2", next="B", to_beat="3♠ 3♣ 2")
    play(state, "B: 4 4 4", next="C")


def test_d6_wild_twos_cannot_be_played_alone():
    """D6 (WIKI): « et il est alors impossible de n'utiliser que des 2 » (wild_alone)."""
    state = start(wild_cards=frozenset({"2"}), wild_alone="forbidden")
    play(state, "A: 2", "wild-alone", next="A")
    play(state, "A: 2 2", "wild-alone", next="A")


def test_d6_wild_threes():
    """D6 `3` (PAGAT, « Twos high, threes and jokers wild »): « tous les trois et les deux
    jokers sont des jokers qui peuvent représenter n'importe quelle autre carte »."""
    state = start(jokers=2, wild_cards=frozenset({"3", "joker"}))
    state = play(state, "A: 9 9 9")
    play(state, "B: 10 3 JK", next="C")


# === D7 wild_vs_natural ==========================================================================


def _wild_joker(**kw):
    return start(jokers=2, wild_cards=frozenset({"joker"}), **kw)


def test_d7_natural_wins():
    """D7 `natural_wins` (PAGAT): « Certains jouent qu'une combinaison naturelle bat une
    combinaison autrement égale contenant un joker (par exemple, 6-6-6 bat 6-joker-joker) »."""
    state = _wild_joker(wild_vs_natural="natural_wins")
    state = play(state, "A: 6 JK JK")
    play(state, "B: 6 6 6", next="C")
    state = _wild_joker(wild_vs_natural="natural_wins")
    state = play(state, "A: 6 6 6")
    play(state, "B: 6 JK JK", "too-low", next="B")


def test_d7_wild_wins():
    """D7 `wild_wins` (PAGAT): « d'autres jouent que la combinaison avec des jokers bat la
    combinaison naturelle »."""
    state = _wild_joker(wild_vs_natural="wild_wins")
    state = play(state, "A: 6 6 6")
    play(state, "B: 6 JK JK", next="C")


def test_d7_equal():
    """D7 `equal` (PAGAT): « et d'autres encore jouent qu'elles sont égales – de sorte
    qu'aucune ne bat l'autre (ou chacune bat l'autre si des jeux égaux sont autorisés) »."""
    state = _wild_joker(wild_vs_natural="equal")
    state = play(state, "A: 6 6 6")
    play(state, "B: 6 JK JK", "equal-forbidden", next="B")
    state = _wild_joker(wild_vs_natural="equal", equal_play="allowed")
    state = play(state, "A: 6 6 6")
    play(state, "B: 6 JK JK", next="C")


# === P1 trick_rounds =============================================================================


def test_p1_until_all_pass():
    """P1 `until_all_pass` (PAGAT): « Le jeu se poursuit autant de fois que nécessaire autour
    de la table jusqu'à ce que quelqu'un fasse un jeu que tous les autres passent. »"""
    state = start(trick_rounds="until_all_pass")
    state = plays(state, "A: 5", "B: 7", "C: pass", "D: pass")
    state = play(state, "A: 9", next="B", to_beat="9")  # A plays again in the same trick
    state = plays(state, "B: pass", "C: pass")
    play(state, "D: pass", next="A", to_beat=None)


def test_p1_one_round():
    """P1 `one_round` (PAGAT « Jeu à un seul tour »): « chaque joueur n'a qu'une seule
    occasion de passer ou de battre le jeu précédent. Celui qui a joué le plus haut mène alors
    à nouveau. »"""
    state = start(trick_rounds="one_round")
    state = plays(state, "A: 5", "B: 7", "C: pass")
    state = play(state, "D: pass", next="B", to_beat=None)
    play(state, "A: 9", "trick-over", next="B")


# === P2 must_beat ================================================================================


def test_p2_must_beat_when_able():
    """P2 `must_beat` (PAGAT, « Battage obligatoire »): « si vous pouvez battre le jeu
    précédent, vous devez le faire. Passer n'est autorisé que si vous n'êtes pas en mesure de
    jouer. »"""
    state = start(must_beat=True, hands={"B": "3♠ 9♥"})
    state = play(state, "A: 5")
    play(state, "B: pass", "must-play", next="B", to_beat="5")


def test_p2_pass_allowed_when_unable():
    """P2 `must_beat` (PAGAT): « Passer n'est autorisé que si vous n'êtes pas en mesure de
    jouer » — a pair cannot be beaten with one 9."""
    state = start(must_beat=True, hands={"B": "3♠ 9♥ 4♦"})
    state = play(state, "A: 5 5")
    play(state, "B: pass", next="C", to_beat="5 5")


def test_p2_unknown_hand_gets_the_benefit_of_the_doubt():
    """P2 and issue §6: without the player's hand, « a pass is allowed »."""
    state = start(must_beat=True)
    state = play(state, "A: 5")
    play(state, "B: pass", next="C")


def test_p2_off_pass_is_always_allowed():
    """P2 off (PAGAT): « Il n'est pas nécessaire de battre le jeu précédent simplement parce
    que vous le pouvez – passer est toujours autorisé. »"""
    state = start(must_beat=False, hands={"B": "3♠ 9♥"})
    state = play(state, "A: 5")
    play(state, "B: pass", next="C")


# === P3 pass_is_final ============================================================================


def test_p3_pass_is_final():
    """P3 `pass_is_final` (TDC « Abandon »): « Un joueur a le droit de "passer" son tour […]
    Ce faisant, il n'a pas le droit de rejouer au tour suivant. Il abandonne donc la
    tournée. »"""
    state = start(pass_is_final=True)
    state = plays(state, "A: 5", "B: pass", "C: 7")
    state = play(state, "D: pass", next="A", to_beat="7")
    state = play(state, "A: 9", next="C", to_beat="9")  # B is skipped
    play(state, "B: 10", "already-passed", next="C")


def test_p3_pass_is_not_final():
    """P3 off (PAGAT): « passer ne vous empêche pas de jouer la prochaine fois que votre tour
    viendra »."""
    state = start(pass_is_final=False)
    state = plays(state, "A: 5", "B: pass", "C: 7", "D: pass")
    state = play(state, "A: 9", next="B", to_beat="9")
    play(state, "B: 10", next="C")


def test_p3_everyone_may_play_again_in_the_next_trick():
    """P3 (PAGAT, Australia): « E mène une nouvelle carte ou une nouvelle série, et tout le
    monde est autorisé à jouer à nouveau »."""
    state = start(pass_is_final=True)
    state = plays(state, "A: 5", "B: pass", "C: 7", "D: pass", "A: pass")
    state = play(state, "C: 3", next="D")
    state = play(state, "D: 4", next="A")
    play(state, "A: 6", next="B")


# === P4 self_overplay ============================================================================


def test_p4_self_overplay_once():
    """P4 `once` (TDC Remarque 1): « Un joueur ne peut jouer sur sa propre carte qu'une seule
    fois. […] le Président joue un Roi puis un As par-dessus. Il ne peut pas rejouer une fois
    de plus, même s'il a un Joker. »"""
    state = start("classique")
    state = plays(state, "A: 10", "B: pass", "C: pass")
    state = play(state, "D: pass", next="A")
    state = play(state, "A: R", next="A", to_beat=None)  # on his own 10, once
    play(state, "A: JK", "self-overplay-used", next="A")


def test_p4_self_overplay_keeps_the_others_out():
    """P4 `once` with P3 (TDC): playing on his own card does not reopen the tournée to those
    who abandoned it."""
    state = start("classique")
    state = plays(state, "A: 10", "B: pass", "C: pass", "D: pass", "A: R")
    play(state, "B: A", "already-passed", next="A")


def test_p4_self_overplay_never():
    """P4 `never` (PAGAT): when all the others pass, « le joueur qui a joué en dernier […]
    recommence en menant »: a new trick, in which everyone may play again."""
    state = start(self_overplay="never", pass_is_final=True)
    state = plays(state, "A: 10", "B: pass", "C: pass")
    state = play(state, "D: pass", next="A", to_beat=None)
    state = play(state, "A: K", next="B", to_beat="K")
    play(state, "B: A", next="C")


def test_p4_angevin_overplay_lets_the_others_back():
    """P4 `once` (WIKI angevin): « Lorsque la main est terminée, le joueur l'ayant remportée
    peut surenchérir sur lui-même une fois » — passing does not bar there."""
    state = start("angevin")
    state = plays(state, "A: 9", "B: pass", "C: pass", "D: pass")
    state = play(state, "A: 10", next="B", to_beat="10")
    play(state, "B: J", next="C")


# === P5 first_lead ===============================================================================


@pytest.mark.parametrize(
    ("pid", "value", "quote"),
    [
        ("pagat", "president", "PAGAT: « Le Président mène alors n'importe quelle carte »"),
        ("president", "scum", "PRES53: « Le balayeur commence à jouer »"),
        ("concierge", "president", "CONC: « Le président lance le premier tour de table »"),
        (
            "classique",
            "president",
            "TDC: « Evidemment, le Président a la main en début de session »",
        ),
        (
            "trou-du-cul",
            "left_of_dealer",
            "WIKI: « Le joueur venant après le joueur qui a distribué commence »",
        ),
        ("klootzakken", "scum", "PAGAT: « Le perdant joue en premier lors de la main suivante »"),
        ("strutz", "scum", "WIKI Strutz: « À chaque nouvelle manche, le Strutz commence »"),
    ],
)
def test_p5_first_lead_per_seed(pid, value, quote):
    """P5 `first_lead`: who leads the first trick of a hand, as each seed says."""
    assert get_preset(pid).rules.first_lead == value, quote


def test_p5_first_hand_lead_lowest_card_or_queen_of_hearts():
    """P5 (PAGAT « Mène d'ouverture »: « le joueur détenant une carte spécifique du rang le
    plus bas mène »; WIKI: « le joueur ayant la dame de cœur commence »)."""
    assert start(first_hand_lead="lowest_card").rules.first_hand_lead == "lowest_card"
    assert start(first_lead="queen_of_hearts").rules.first_lead == "queen_of_hearts"


def test_p5_only_the_leader_may_open():
    """P5: the player who has the lead opens the trick; anyone else is refused."""
    state = start("president", "Balayeur Secrétaire VP Président", leader="Balayeur")
    play(state, "Président: 5", "trick-over", next="Balayeur", to_beat=None)
    play(state, "Balayeur: 5", next="Secrétaire", to_beat="5")


def test_p5_the_leader_cannot_pass():
    """P5/PAGAT: the leader « commence par mener […] une carte quelconque ou un ensemble »."""
    state = start(leader="C")
    play(state, "C: pass", "lead-cannot-pass", next="C", to_beat=None)


# === P6 lead_after_out ===========================================================================


def _winner_goes_out(**options):
    """A leads 5; B beats it with his last card; everyone else passes."""
    state = start(hands={"B": "K♠"}, **options)
    return plays(state, "A: 5", "B: K", "C: pass", "D: pass")


def test_p6_next_left():
    """P6 `next_left` (PAGAT): « Lorsque le joueur dont c'est le tour de jouer n'a plus de
    cartes, le tour passe au joueur suivant dans la rotation »; PRES53: « c'est le joueur
    placé à sa gauche qui joue la première carte du pli suivant »."""
    state = _winner_goes_out(lead_after_out="next_left")
    play(state, "A: pass", next="C", to_beat=None)


def test_p6_next_right():
    """P6 `next_right` (WIKI): « Si les dernières cartes posées appartiennent à un joueur qui
    est sorti de la partie, la main est récupérée par le joueur situé à sa droite. »"""
    state = _winner_goes_out(lead_after_out="next_right")
    play(state, "A: pass", next="A", to_beat=None)


def test_p6_highest_ranked():
    """P6 `highest_ranked` (TDC): « Dans le cas contraire, c'est le joueur restant de plus haut
    "grade" qui prend la main. »"""
    state = start(hands={"B": "K♠"}, ranks="D B A C", lead_after_out="highest_ranked")
    state = plays(state, "A: 5", "B: K", "C: pass", "D: pass")
    play(state, "A: pass", next="D", to_beat=None)


def test_p6_the_trick_goes_on_without_the_player_who_went_out():
    """P6 (TDC): « La tournée continue sans lui si les autres joueurs peuvent continuer de
    monter. »"""
    state = start(hands={"B": "K♠"}, lead_after_out="highest_ranked")
    state = plays(state, "A: 5", "B: K")
    state = play(state, "C: A", next="D", to_beat="A")
    state = plays(state, "D: pass")
    play(state, "A: pass", next="C", to_beat=None)  # B is out: C wins among the others


def test_p6_a_leader_already_out_hands_the_first_lead_on():
    """P6 `next_left` (PAGAT: « le tour passe au joueur suivant dans la rotation »): a hand
    told from a moment when its leader has already gone out starts with the player P6
    names, not as a hand already over."""
    state = start(hands={"A": ""}, leader="A", lead_after_out="next_left")
    assert not state.over
    play(state, "B: 5", next="C")


# === P7 single_cards_only ========================================================================


def test_p7_single_cards_only():
    """P7 (TDC Armix): « Le joueur qui a la main ne peut jouer qu'1 carte à la fois. On ne peut
    donc pas associer les cartes par paires, brelans, ou carrés. »"""
    state = start(single_cards_only=True)
    play(state, "A: 5 5", "single-cards-only", next="A")
    state = play(state, "A: 5")
    play(state, "B: 9 9", "single-cards-only", next="B")


# === P8 direction ================================================================================


def test_p8_clockwise():
    """P8 `clockwise` (PAGAT): « Le jeu se joue dans le sens des aiguilles d'une montre. »"""
    state = start(direction="clockwise")
    play(state, "A: 5", next="B")


def test_p8_anticlockwise():
    """P8 `anticlockwise` (PAGAT/WIKI: the direction is a table's choice; WIKI Strutz: « le
    sens du jeu est défini de façon que le Président joue le plus tard possible »)."""
    state = start(direction="anticlockwise")
    state = play(state, "A: 5", next="D")
    play(state, "B: 6", "not-your-turn", next="D")
    state = plays(state, "D: 6", "C: pass", "B: pass")
    play(state, "A: pass", next="D", to_beat=None)


# === B1 base =====================================================================================


def test_b1_same_count_higher_rank():
    """B1 (PAGAT): « si le joueur précédent a joué deux six, vous pouvez battre cela avec deux
    rois, ou deux sept, mais pas avec un seul roi, et pas avec trois sept »."""
    state = start()
    state = play(state, "A: 6 6")
    play(state, "B: K K", next="C")
    play(state, "B: 7 7", next="C")
    play(state, "B: K", "count-mismatch", next="B")
    play(state, "B: 7 7 7", "count-mismatch", next="B")
    play(state, "B: 5 5", "too-low", next="B")


def test_b1_a_set_is_of_one_rank():
    """B1 (PAGAT): « un ensemble de cartes de même rang (par exemple trois cinq) »."""
    state = start()
    play(state, "A: 5 6", "not-a-set", next="A")


# === B2 equal_play ===============================================================================


def test_b2_equal_forbidden():
    """B2 `forbidden` (WIKI): « Il doit pour ce faire « monter », c'est-à-dire poser un nombre
    de cartes identique au pli posé sur la table mais affichant une valeur supérieure »."""
    state = start(equal_play="forbidden")
    state = play(state, "A: 7 7")
    play(state, "B: 7 7", "equal-forbidden", next="B")


def test_b2_equal_allowed():
    """B2 `allowed` (PAGAT « Jeux égaux autorisés »): « une paire de sept peut être battue par
    une autre paire de sept, ou par n'importe quelle paire supérieure »."""
    state = start(equal_play="allowed")
    state = play(state, "A: 7 7")
    play(state, "B: 7 7", next="C", to_beat="7 7")


def test_b2_equal_skips_next():
    """B2 `skips_next` (PAGAT « Un jeu égal fait sauter le joueur suivant »): « si vous battez
    un jeu avec un jeu égal, le tour saute le prochain joueur qui a des cartes »."""
    state = start(equal_play="skips_next")
    state = play(state, "A: 7")
    play(state, "B: 7", next="D", to_beat="7")


def test_b2_equal_skips_next_with_two_players():
    """B2 `skips_next` (PAGAT): « s'il ne reste que deux joueurs et que vous égalisez le jeu
    précédent, vous obtenez immédiatement un autre tour pour jouer »."""
    state = start(players="A B", equal_play="skips_next")
    state = play(state, "A: 7")
    state = play(state, "B: 7", next="B", to_beat="7")
    play(state, "B: 9", next="A")


def test_b2_skips_next_skips_players_with_cards_only():
    """B2 `skips_next` (PAGAT): « le tour saute le prochain joueur qui a des cartes »: a
    player who has gone out is not the one skipped."""
    state = start(equal_play="skips_next", hands={"C": ""})  # C has gone out
    state = play(state, "A: 3", next="B")
    play(state, "B: 3", next="A", to_beat="3")  # D is skipped, not C


def test_b2_larger_equal_play_skips_more():
    """B2 `skips_next` with B3 (PAGAT): « si un six est joué, et que la personne suivante joue
    deux six, les deux joueurs suivants sont sautés ; si trois six étaient joués sur un six,
    les trois joueurs suivants seraient sautés »."""
    state = start(players="A B C D E", equal_play="skips_next", larger_sets="higher_rank")
    state = play(state, "A: 6")
    play(state, "B: 6 6", next="E", to_beat="6 6")
    play(state, "B: 6 6 6", next="A", to_beat="6 6 6")


# === B3 larger_sets ==============================================================================


def test_b3_larger_sets_forbidden():
    """B3 `forbidden` (PAGAT): « Un ensemble de cartes ne peut être battu que par un ensemble
    supérieur contenant le même nombre de cartes. »"""
    state = start(larger_sets="forbidden")
    state = play(state, "A: 8")
    play(state, "B: 10 10", "count-mismatch", next="B")


def test_b3_larger_sets_of_higher_rank():
    """B3 `higher_rank` (PAGAT): « un seul 8 pourrait être battu par un seul 10 ou une paire de
    10, mais pas par une paire de 5 ; une paire de 9 peut être battue par deux ou plusieurs
    10, mais pas par un seul 10. »"""
    state = start(larger_sets="higher_rank")
    state = play(state, "A: 8")
    play(state, "B: 10", next="C")
    play(state, "B: 5 5", "too-low", next="B")
    state = play(state, "B: 10 10", next="C", to_beat="10 10")
    state = start(larger_sets="higher_rank")
    state = play(state, "A: 9 9")
    play(state, "B: 10 10 10", next="C")
    play(state, "B: 10", "count-mismatch", next="B")


def test_b3_larger_sets_of_any_rank():
    """B3 `any_rank` (PAGAT): « un ensemble de plus de cartes bat un ensemble de moins de
    cartes indépendamment du rang, de sorte qu'un seul 9 peut être battu par une paire de 5,
    qui à son tour pourrait être battue par trois 4. »"""
    state = start(larger_sets="any_rank")
    state = play(state, "A: 9")
    state = play(state, "B: 5 5", next="C", to_beat="5 5")
    state = play(state, "C: 4 4 4", next="D", to_beat="4 4 4")
    play(state, "D: 3", "count-mismatch", next="D")


# === B4 twos =====================================================================================


def test_b4_twos_normal():
    """B4 `normal` (PAGAT): « dans le jeu de base, il faudrait trois deux pour battre trois
    as »."""
    state = start(twos="normal")
    state = play(state, "A: A A A")
    play(state, "B: 2", "count-mismatch", next="B")
    play(state, "B: 2 2 2", next="C")


def test_b4_a_single_two_wins():
    """B4 `beat_all` (PAGAT « Un seul deux gagne »): « un seul deux bat n'importe quelle
    combinaison […] La personne qui joue le deux débarrasse les cartes […] et mène à
    nouveau. »"""
    state = start(twos="beat_all")
    state = play(state, "A: A A A")
    state = play(state, "B: 2", next="B", to_beat=None)
    play(state, "C: pass", "trick-over", next="B")


def test_b4_one_fewer_two():
    """B4 `one_fewer` (WIKI « En tant qu'atout »): « « 2 » bat « 6 + 6 » ; « 2♥ + 2♣ » bat
    « valet♠ + valet♣ + valet♥ » ; « 2♥ + 2♠ + 2♦ » bat « 10♠ + 10♣ + 10♥ + 10♦ » »."""
    for under, twos in (("6 6", "2"), ("J♠ J♣ J♥", "2♥ 2♣"), ("10♠ 10♣ 10♥ 10♦", "2♥ 2♠ 2♦")):
        state = start(twos="one_fewer")
        state = play(state, f"A: {under}")
        play(state, f"B: {twos}", next="C")


def test_b4_one_fewer_is_only_one_fewer():
    """B4 `one_fewer` (CONC): « Un 2 bat n'importe quelle Paire, mais pas un Brelan »."""
    state = start(twos="one_fewer")
    state = play(state, "A: 6 6 6")
    play(state, "B: 2", "count-mismatch", next="B")


def test_b4_two_high_and_low():
    """B4 `high_and_low` (PAGAT « Le deux est le plus haut et le plus bas »): « un seul deux
    peut être joué à tout moment, mais le jeu continue et le joueur suivant peut jouer
    n'importe quoi »."""
    state = start(twos="high_and_low")
    state = play(state, "A: K K")
    state = play(state, "B: 2", next="C", to_beat=None)
    play(state, "C: 3", next="D", to_beat="3")


# === B5 joker_power ==============================================================================


def test_b5_joker_rank():
    """B5 `rank` (PAGAT): jokers « se classent généralement au-dessus des deux »: a lone joker
    beats a lone 2, not a pair."""
    state = start(jokers=1, joker_power="rank")
    state = play(state, "A: 2 2")
    play(state, "B: JK", "count-mismatch", next="B")


def test_b5_joker_beats_all():
    """B5 `beat_all` (PRES53): « le joueur qui possède le joker peut le placer, seul, après
    n'importe quelle combinaison, même de plusieurs cartes, et remporte le pli »; PAGAT:
    « certains jouent qu'un seul joker bat n'importe quel ensemble de cartes inférieures »."""
    state = start(jokers=1, joker_power="beat_all")
    state = play(state, "A: 2 2 2 2")
    state = play(state, "B: JK", next="B", to_beat=None)
    play(state, "C: pass", "trick-over", next="B")


def test_b5_joker_beats_all_but_a_quad():
    """B5 `beat_all_but_quad` (TDC): « Le joker est supérieur à n'importe quelle combinaison,
    y compris un carré. Cependant, un carré posé sur un joker l'emporte. »"""
    state = start(jokers=2, joker_power="beat_all_but_quad")
    state = play(state, "A: A A A A")
    state = play(state, "B: JK", next="C", to_beat="JK")
    play(state, "C: 2 2 2", "joker-unbeatable", next="C")
    play(state, "C: 3 3 3 3", next="D", to_beat="3 3 3 3")


# === B6 special_high_cards =======================================================================


def test_b6_black_threes():
    """B6 `black_threes` (PAGAT): « Certains joueurs utilisent parfois une ou plusieurs autres
    cartes spécifiques comme cartes hautes battant les deux – comme le valet de carreau ou les
    trois noirs. »"""
    state = start(special_high_cards="black_threes")
    state = play(state, "A: 2")
    play(state, "B: 3♠", next="C")
    play(state, "B: 3♥", "too-low", next="B")


def test_b6_jack_of_diamonds():
    """B6 `jack_of_diamonds` (PAGAT): « comme cartes hautes battant les deux – comme le valet
    de carreau »."""
    state = start(special_high_cards="jack_of_diamonds")
    state = play(state, "A: 2")
    play(state, "B: J♦", next="C")
    play(state, "B: J♣", "too-low", next="B")


def _sofia(**kw):
    return start(jokers=2, special_high_cards="jokers_jacks_twos", **kw)


def test_b6_sofia_order():
    """B6 `jokers_jacks_twos` (PAGAT, Sofia): « le rang des cartes à partir du haut est :
    joker, valet, deux, as, roi, reine, 10 »."""
    state = _sofia()
    state = play(state, "A: A")
    state = play(state, "B: 2", next="C")
    state = play(state, "C: J", next="D")
    play(state, "D: JK", next="A")


@pytest.mark.parametrize(
    ("under", "over"),
    [
        ("A A", "2"),
        ("A A", "J"),
        ("A A", "JK"),
        ("A A A", "2 2"),
        ("A A A", "J"),
        ("A A A", "JK"),
        ("A A A A", "2 2 2"),
        ("A A A A", "J J"),
        ("A A A A", "JK"),
    ],
)
def test_b6_sofia_powers(under, over):
    """B6 `jokers_jacks_twos` (PAGAT, Sofia): « Toute paire d'as ou moins peut être battue par
    un seul deux, valet ou joker. Tout trois d'une sorte d'as ou moins peut être battu par une
    paire de deux, ou par un seul valet ou joker. Tout quatre d'une sorte d'as ou moins peut
    être battu par trois deux, deux valets ou un seul joker. »"""
    state = _sofia()
    state = play(state, f"A: {under}")
    play(state, f"B: {over}", next="C")


def test_b6_sofia_limits():
    """B6 (PAGAT, Sofia): a single deux beats a pair, not three; a single valet beats three,
    not four."""
    state = _sofia()
    state = play(state, "A: A A A")
    play(state, "B: 2", "count-mismatch", next="B")
    state = _sofia()
    state = play(state, "A: A A A A")
    play(state, "B: J", "count-mismatch", next="B")


# === B7 transparent ==============================================================================


def test_b7_transparent_threes_take_the_rank_they_beat():
    """B7 `3` (PAGAT « Cartes transparentes »): « si A joue une paire de rois et que B la bat
    avec une paire de trois, les trois comptent comme des rois et les joueurs suivants doivent
    battre une paire de rois ou passer »."""
    state = start(transparent=3)
    state = play(state, "A: K K")
    state = play(state, "B: 3 3", next="C")
    play(state, "C: Q Q", "too-low", next="C")
    play(state, "C: A A", next="D")


def test_b7_transparent_threes_win_if_all_pass():
    """B7 (PAGAT): « Si tous passent, les trois de B ont gagné, les cartes sont éliminées et B
    mène. »"""
    state = start(transparent=3)
    state = plays(state, "A: K K", "B: 3 3", "C: pass", "D: pass")
    play(state, "A: pass", next="B", to_beat=None)


def test_b7_transparent_need_the_same_count():
    """B7 (PAGAT): « un ensemble de trois pour battre un nombre égal de cartes de n'importe
    quel rang »."""
    state = start(transparent=3)
    state = play(state, "A: K K")
    play(state, "B: 3", "count-mismatch", next="B")


def test_b7_transparent_fours():
    """B7 `4` (PAGAT « Trois haut, sous le deux »): « les quatre sont transparents dans cette
    version »: a 4 on a 9 counts as a 9."""
    state = start(transparent=4)
    state = play(state, "A: 9")
    state = play(state, "B: 4", next="C")
    play(state, "C: 8", "too-low", next="C")
    play(state, "C: 10", next="D")


# === B8 suits ====================================================================================


def test_b8_follow_suit():
    """B8 `follow_suit` (PAGAT « Suivant la couleur »): « une seule carte ne peut être battue
    que par une carte supérieure de la même couleur »."""
    state = start(suits="follow_suit")
    state = play(state, "A: 5♥")
    play(state, "B: 9♠", "wrong-suit", next="B")
    play(state, "B: 9♥", next="C")


def test_b8_opposite_colour_single():
    """B8 `opposite_colour` (PAGAT « Inverser la couleur »): « Vous pouvez battre une carte
    simple avec une carte de même rang, à condition qu'elle soit de la couleur opposée – ainsi
    un cinq rouge peut être battu par un cinq noir, mais pas par un autre cinq rouge. »"""
    state = start(suits="opposite_colour")
    state = play(state, "A: 5♥")
    play(state, "B: 5♠", next="C")
    refused(state, "B: 5♦", next="B")


def test_b8_opposite_colour_sets():
    """B8 `opposite_colour` (PAGAT): « deux sept rouges battent deux sept noirs, et un sept
    rouge et un sept noir battent un sept noir et un sept rouge »."""
    state = start(suits="opposite_colour")
    state = play(state, "A: 7♠ 7♣")
    play(state, "B: 7♥ 7♦", next="C")
    state = start(suits="opposite_colour")
    state = play(state, "A: 7♥ 7♣")
    play(state, "B: 7♦ 7♠", next="C")


def test_b8_opposite_colour_still_bars_the_same_colour_when_equal_plays_are_on():
    """B8 `opposite_colour` (PAGAT): « C'est une variante permettant des jeux égaux […] mais
    pas par un autre cinq rouge »: with equal plays allowed too, red on red stays refused (or
    the two options are refused together)."""
    try:
        state = start(suits="opposite_colour", equal_play="allowed")
    except RuleSetError:
        return
    state = play(state, "A: 5♥")
    refused(state, "B: 5♦", next="B")


def test_b8_ranked_suits_single():
    """B8 `ranked` (PAGAT « Rangement des couleurs »: pique, cœur, carreau, trèfle): « si
    quelqu'un jouait le 7♦, vous pourriez le battre en jouant le 7♥ ou le 7♠ ou toute carte de
    8 ou plus, mais vous ne pouviez pas jouer le 7♣ »."""
    state = start(suits="ranked")
    state = play(state, "A: 7♦")
    play(state, "B: 7♥", next="C")
    play(state, "B: 7♠", next="C")
    play(state, "B: 8♣", next="C")
    play(state, "B: 7♣", "too-low", next="B")


def test_b8_ranked_suits_pairs():
    """B8 `ranked` (PAGAT): « Entre paires de même rang, la paire contenant le pique est
    supérieure, quelle que soit la couleur de l'autre carte. »"""
    state = start(suits="ranked")
    state = play(state, "A: Q♥ Q♦")
    play(state, "B: Q♠ Q♣", next="C")


def test_b8_ranked_poker_suits():
    """B8 `ranked_poker` (WIKI, poker variant): « les couleurs ont un ordre […] de la plus
    faible à la plus forte : carreau, trèfle, cœur et pique »."""
    state = start(suits="ranked_poker")
    state = play(state, "A: 4♦")
    state = play(state, "B: 4♣", next="C")
    state = play(state, "C: 4♥", next="D")
    play(state, "D: 4♠", next="A")
    state = start(suits="ranked_poker")
    state = play(state, "A: 4♥")
    play(state, "B: 4♣", "too-low", next="B")


def test_b8_suits_ignored():
    """B8 `ignored` (PAGAT): « Les couleurs sont sans importance »."""
    state = start(suits="ignored")
    state = play(state, "A: 7♦")
    play(state, "B: 7♠", "equal-forbidden", next="B")
    play(state, "B: 8♣", next="C")


# === B9 revolution ===============================================================================


def test_b9_revolution_off():
    """B9 `off` (PAGAT basic game): a four of a kind is just the highest set of its size."""
    state = start(revolution="off")
    state = plays(state, "A: 7 7 7 7", "B: pass", "C: pass", "D: pass")
    state = play(state, "A: 9", next="B")
    play(state, "B: 5", "too-low", next="B")


def test_b9_revolution_quad():
    """B9 `quad` (WIKI « La révolution »): « Si un joueur pose un carré, il y a révolution et la
    valeur des cartes est inversée. Le 3 devient la meilleure carte et le 2 la moins bonne,
    jusqu'à la fin de la partie en cours. »"""
    state = start(revolution="quad")
    state = plays(state, "A: 7 7 7 7", "B: pass", "C: pass", "D: pass")
    state = play(state, "A: 9", next="B")
    play(state, "B: 10", "too-low", next="B")
    state = play(state, "B: 3", next="C")
    play(state, "C: 2", "too-low", next="C")


def test_b9_counter_revolution():
    """B9 `quad` (WIKI): « Cette contre-révolution peut se faire dès que la révolution est
    posée, mais gare au nouvel ordre des cartes (ainsi, un carré de 10 pourra être battu par
    un carré de 9 et non de valets). »"""
    state = start(revolution="quad")
    state = play(state, "A: 10 10 10 10")
    play(state, "B: J J J J", "too-low", next="B")
    state = play(state, "B: 9 9 9 9", next="C")
    state = plays(state, "C: pass", "D: pass", "A: pass")
    state = play(state, "B: 5", next="C")  # back to the normal order
    play(state, "C: 4", "too-low", next="C")


def test_b9_revolution_quad_persistent_starts_reversed():
    """B9 `quad_persistent` (WIKI): « après une révolution, les cartes ne reprennent pas leur
    valeur normale à la prochaine partie mais gardent leur valeur inversée jusqu'à ce qu'un
    joueur pose une révolution » — a hand may start reversed."""
    state = start(revolution="quad_persistent", reversed_=True)
    state = play(state, "A: 9")
    play(state, "B: 10", "too-low", next="B")
    play(state, "B: 8", next="C")


def test_b9_quad_and_direction_four_singles_in_a_row():
    """B9 `quad_and_direction` (PAGAT, Hamish Allan): « Les jeux égaux sont autorisés, et si
    quatre cartes simples de même rang sont jouées successivement (avec ou sans passe entre les
    deux) […] alors le sens du jeu et le classement des cartes s'inversent. »"""
    state = start(revolution="quad_and_direction", equal_play="allowed")
    state = plays(state, "A: 5", "B: 5", "C: pass", "D: 5")
    state = play(state, "A: 5", next="D")  # direction reversed: D plays after A
    play(state, "D: 6", "too-low", next="D")  # order reversed
    play(state, "D: 4", next="C")


def test_b9_quad_and_direction_a_quad():
    """B9 `quad_and_direction` (PAGAT): « ou si un joueur joue un ensemble de quatre cartes
    égales, alors le sens du jeu et le classement des cartes s'inversent »."""
    state = start(revolution="quad_and_direction", equal_play="allowed")
    play(state, "A: 5 5 5 5", next="D")


def test_b9_quad_and_direction_not_a_pair_on_a_pair():
    """B9 `quad_and_direction` (PAGAT): « Jouer une paire sur une paire égale ne provoque
    cependant pas de révolution. »"""
    state = start(revolution="quad_and_direction", equal_play="allowed")
    state = play(state, "A: 5 5")
    state = play(state, "B: 5 5", next="C")
    play(state, "C: 6 6", next="D")


def test_b9_quad_and_direction_ace_high_and_low_when_reversed():
    """B9 `quad_and_direction` (PAGAT): « Dans le classement inversé, les trois sont toujours
    transparents mais maintenant les as sont le plus haut et le plus bas […] un seul as bat
    tout et tout bat un as. »"""
    state = start(
        revolution="quad_and_direction", equal_play="allowed", twos="high_and_low", transparent=3
    )
    state = play(state, "A: 5 5 5 5", next="D")
    state = play(state, "D: A", next="C", to_beat=None)
    play(state, "C: K", next="B")


# === B10 rule_of_four ============================================================================


def test_b10_rule_of_four_follow():
    """B10 `follow` (WIKI « La règle des 4 »): « Si un joueur pose une carte et que le joueur
    qui lui succède en pose une identique (exemple : « 6 » suivi de « 6 »), le joueur suivant
    est obligé de poser un autre 6 […] ou doit passer son tour. »"""
    state = start(equal_play="allowed", rule_of_four="follow")
    state = plays(state, "A: 6", "B: 6")
    play(state, "C: 9", "rule-of-four", next="C")
    state = play(state, "C: 6", next="D")
    play(state, "D: 6", next="A")


def test_b10_rule_of_four_pass_allowed():
    """B10 `follow` (WIKI): « … ou doit passer son tour »."""
    state = start(equal_play="allowed", rule_of_four="follow")
    state = plays(state, "A: 6", "B: 6")
    play(state, "C: pass", next="D", to_beat="6")


def test_b10_magic_square():
    """B10 `magic_square` (WIKI « Carré Magique »): « dès que les quatre cartes de même valeur
    ont été jouées, il y a tabula rasa : le joueur ayant mis la dernière carte récupère
    immédiatement la main »."""
    state = start(equal_play="allowed", rule_of_four="magic_square")
    state = plays(state, "A: 6", "B: 6", "C: pass", "D: 6")
    state = play(state, "A: 6", next="A", to_beat=None)
    play(state, "B: 3", "trick-over", next="A")


# === B11 combinations ============================================================================


def test_b11_sets_only():
    """B11 `sets` (PAGAT basic game): only sets of equal rank are played."""
    state = start(combinations="sets")
    play(state, "A: 3 4 5", "not-a-set", next="A")


def test_b11_runs():
    """B11 `sets_and_runs` (PAGAT): « si vous ajoutez des séquences simples et multiples, le
    jeu devient plutôt comme le Zheng Shangyou »: a run is beaten by a higher run of the same
    length."""
    state = start(combinations="sets_and_runs")
    state = play(state, "A: 3 4 5", next="B", to_beat="3 4 5")
    play(state, "B: 4 5 6 7", "count-mismatch", next="B")
    play(state, "B: 9 9", "wrong-combination", next="B")
    state = play(state, "B: 6 7 8", next="C")
    play(state, "C: 5 6 7", "too-low", next="C")


def test_b11_multiple_runs():
    """B11 `sets_and_runs` (PAGAT: « séquences simples et multiples »): consecutive pairs."""
    state = start(combinations="sets_and_runs")
    state = play(state, "A: 3 3 4 4")
    play(state, "B: 5 5 6 6", next="C")


def _poker(**kw):
    return start(combinations="poker", suits="ranked_poker", **kw)


def test_b11_poker_same_kind_higher():
    """B11 `poker` (WIKI): « le joueur peut poser une combinaison du même type pourvu qu'elle
    batte la précédente. Pour ce faire, il faut regarder la carte la plus forte et en cas
    d'égalité de cette carte de tête, c'est alors la hiérarchie des couleurs qui prévaudra
    (exemple, la Couleur « 3 4 5 6 Roi » est plus forte que « 8 10 Valet Dame Roi ») »."""
    state = _poker()
    state = play(state, "A: 8♥ 10♥ J♥ Q♥ K♥")
    state = play(state, "B: 3♠ 4♠ 5♠ 6♠ K♠", next="C")
    play(state, "C: 3♦ 4♦ 5♦ 6♦ K♦", "too-low", next="C")


def test_b11_poker_full_by_its_three():
    """B11 `poker` (WIKI): « Dans le cas particulier du Full, il faut regarder le brelan le plus
    fort. »"""
    state = _poker()
    state = play(state, "A: 3♣ 3♦ 3♥ A♠ A♣")
    play(state, "B: 4♠ 4♦ 4♥ 5♠ 5♣", next="C")


@pytest.mark.parametrize(
    ("lower", "higher"),
    [
        ("3♠ 4♥ 5♦ 6♣ 7♠", "2♥ 4♥ 9♥ J♥ Q♥"),  # straight < flush
        ("2♥ 4♥ 9♥ J♥ Q♥", "3♣ 3♦ 3♥ 5♠ 5♣"),  # flush < full house
        ("3♣ 3♦ 3♥ 5♠ 5♣", "4♠ 5♠ 6♠ 7♠ 8♠"),  # full house < straight flush
    ],
)
def test_b11_poker_categories(lower, higher):
    """B11 `poker` (WIKI): « Ces combinaisons viennent du poker et sont, de la plus faible à la
    plus forte : Suite ; Couleur ; Full ; Quinte Flush. »"""
    state = _poker()
    state = play(state, f"A: {lower}")
    play(state, f"B: {higher}", next="C")
    state = _poker()
    state = play(state, f"A: {higher}")
    play(state, f"B: {lower}", "too-low", next="B")


def test_b11_poker_five_cards_do_not_beat_a_pair():
    """B11 `poker` (WIKI): the classic combinations stay: a pair is beaten by a pair."""
    state = _poker()
    state = play(state, "A: 5 5")
    play(state, "B: 3♠ 4♥ 5♦ 6♣ 7♠", "wrong-combination", next="B")


# === B12 forbidden_finish ========================================================================


def test_b12_forbidden_finish_two_illegal():
    """B12 `2`, penalty `illegal` (WIKI): « Il est interdit pour un joueur de finir par la carte
    « deux ». »"""
    state = start(forbidden_finish=frozenset({"2"}), hands={"B": "2♣"})
    state = play(state, "A: 9")
    play(state, "B: 2", "forbidden-finish", next="B")


def test_b12_forbidden_finish_last_place():
    """B12 penalty `last_place` (WIKI): « il est interdit de terminer avec un « joker » ou un ou
    plusieurs « 2 » sous peine d'être Trou du cul par défaut »."""
    state = start(
        forbidden_finish=frozenset({"2"}),
        forbidden_finish_penalty="last_place",
        hands={"B": "2♣", "C": "K♥"},
    )
    state = play(state, "A: 9")
    state = play(state, "B: 2", next="C")
    state = play(state, "C: pass", next="D")
    assert state.finishing_order == ("B",)
    state = plays(state, "D: pass", "A: pass")
    state = play(state, "C: K", next="D")
    assert state.finishing_order == ("C", "B")


def test_b12_forbidden_finish_joker():
    """B12 `joker` (WIKI): « il est interdit de terminer avec un « joker » »."""
    state = start(jokers=1, forbidden_finish=frozenset({"joker"}), hands={"B": "JK"})
    state = play(state, "A: 9")
    play(state, "B: JK", "forbidden-finish", next="B")


def test_b12_forbidden_finish_ace():
    """B12 `A` (WIKI angevin): « Il est interdit de terminer par un (ou plusieurs) As »."""
    state = start(forbidden_finish=frozenset({"A"}), hands={"B": "A♠ A♥"})
    state = play(state, "A: 9 9")
    play(state, "B: A A", "forbidden-finish", next="B")


def test_b12_forbidden_finish_three_in_a_revolution():
    """B12 `3` (WIKI): « En cas de révolution (voir ci-après), cette règle peut être étendue au
    3, la nouvelle meilleure carte. »"""
    state = start(
        revolution="quad", forbidden_finish=frozenset({"3"}), hands={"B": "3♣"}, reversed_=True
    )
    state = play(state, "A: 9")
    play(state, "B: 3", "forbidden-finish", next="B")


def test_b12_three_is_fine_outside_a_revolution():
    """B12 `3` (WIKI): only « en cas de révolution »: a 3 as last card is not forbidden in the
    normal order (on a lead of its own)."""
    state = start(revolution="quad", forbidden_finish=frozenset({"3"}), hands={"A": "3♣"})
    play(state, "A: 3", next="B")


# === B13 card_effects ============================================================================


def test_b13_six_gives_to_the_previous_player():
    """B13 `give_discard` (WIKI): « Quand un joueur place un (ou plusieurs) 6, il doit donner
    une carte de son choix au joueur précédent. »"""
    state = start(card_effects="give_discard")
    state = play(state, "A: 6", next="A")
    play(state, "B: 9", "effect-pending", next="A")
    play(state, "A: give 5♥ to B", "wrong-target", next="A")
    play(state, "A: give 5♥ to D", next="B", to_beat="6")


def test_b13_seven_gives_to_the_next_player():
    """B13 `give_discard` (WIKI): « Quand un joueur place un (ou plusieurs) 7, il doit donner
    une carte de son choix au joueur suivant. »"""
    state = start(card_effects="give_discard")
    state = play(state, "A: 7", next="A")
    play(state, "A: give 5♥ to D", "wrong-target", next="A")
    play(state, "A: give 5♥ to B", next="B", to_beat="7")


def test_b13_eight_discards():
    """B13 `give_discard` (WIKI): « Quand un joueur place un (ou plusieurs) 8, il doit se
    défausser d'une carte de son choix qu'il place dans le tas des cartes déjà jouées. »"""
    state = start(card_effects="give_discard")
    state = play(state, "A: 8", next="A")
    play(state, "A: give 5♥ to B", "wrong-effect", next="A")
    play(state, "A: discard 5♥", next="B", to_beat="8")


def test_b13_nine_gives_to_anyone():
    """B13 `give_discard` (WIKI): « Quand un joueur place un (ou plusieurs) 9, il doit donner
    une carte de son choix au joueur de son choix. »"""
    state = start(card_effects="give_discard")
    state = play(state, "A: 9 9", next="A")
    play(state, "A: give 5♥", "target-needed", next="A")
    play(state, "A: give 5♥ 6♥ to C", "one-card-only", next="A")
    play(state, "A: give 5♥ to C", next="B", to_beat="9 9")


def test_b13_no_card_owed_otherwise():
    """B13 `give_discard` (WIKI): only 6, 7, 8 and 9 give or discard."""
    state = start(card_effects="give_discard")
    state = play(state, "A: 5", next="B")
    play(state, "B: give 5♥ to A", "no-effect-due", next="B")


def test_b13_known_hands_follow_the_given_card():
    """B13 `give_discard`: the card given leaves the giver's hand and joins the receiver's."""
    state = start(card_effects="give_discard", hands={"A": "7♣ 5♥ K♠", "B": "3♦"})
    state = play(state, "A: 7")
    state = play(state, "A: give 5♥ to B", next="B")
    assert sorted(map(str, state.hands[0])) == ["K♠"]
    assert sorted(map(str, state.hands[1])) == ["3♦", "5♥"]


def test_b13_strutz_seven_skips():
    """B13 `strutz` (WIKI Strutz): « Si un joueur pose un 7, le joueur suivant saute son tour.
    Une paire de 7 saute deux joueurs. »"""
    state = start("strutz", "A B C D E")
    play(state, "A: 7", next="C", to_beat="7")
    play(state, "A: 7 7", next="D", to_beat="7 7")


def test_b13_strutz_eight_reverses():
    """B13 `strutz` (WIKI Strutz): « Si un joueur pose un 8, le jeu change de sens. Une paire de
    8 n'a aucun effet. »"""
    state = start("strutz", "A B C D E")
    state = play(state, "A: 5")
    play(state, "B: 8", next="A", to_beat="8")
    state = start("strutz", "A B C D E")
    play(state, "A: 8 8", next="B", to_beat="8 8")


def test_b13_strutz_nine_inverts_the_order():
    """B13 `strutz` (WIKI Strutz): « Si un joueur pose un 9, l'ordre des cartes s'inverse, le 2
    devient la carte la plus forte jusqu'à la fin du tour. »"""
    state = start("strutz", "A B C D E")
    state = play(state, "A: 9", next="B")
    play(state, "B: 10", "too-low", next="B")
    state = play(state, "B: 4", next="C")
    state = play(state, "C: 2", next="D")
    play(state, "D: A", "too-low", next="D")


def test_b13_strutz_nine_revives_passers():
    """B13 `strutz` (WIKI Strutz): « Lorsqu'un joueur passe, il passe jusqu'à la fin du tour,
    sauf si un ou plusieurs 9 sont joués, auquel cas il rentre de nouveau dans le tour. »"""
    state = start("strutz", "A B C D E")
    state = plays(state, "A: 4", "B: pass", "C: 5")
    state = play(state, "D: pass", next="E")
    state = play(state, "E: 6", next="A")
    state = play(state, "A: K", next="C")  # B has passed: skipped
    state = play(state, "C: A", next="E")  # D has passed: skipped
    state = play(state, "E: pass", next="A")
    state = play(state, "A: pass", next="C")  # only C is left in: he has the trick
    state = start("strutz", "A B C D E")
    state = plays(state, "A: 4", "B: pass", "C: 5", "D: pass")
    state = play(state, "E: 9", next="A")  # B and D come back in
    state = play(state, "A: pass", next="B")
    state = play(state, "B: 6", next="C")  # lower than the 9: the order is inverted
    state = play(state, "C: pass", next="D")
    play(state, "D: 5", next="E")


def test_b13_strutz_ten_wins_the_trick():
    """B13 `strutz` (WIKI Strutz): « Le joueur qui pose un (ou plusieurs) 10 remporte le tour
    directement. »"""
    state = start("strutz", "A B C D E")
    state = play(state, "A: 5")
    state = play(state, "B: 10", next="B", to_beat=None)
    play(state, "C: J", "trick-over", next="B")


def test_b13_strutz_joker_not_above_the_ace():
    """B13/D6 (WIKI Strutz): « le joker peut remplacer n'importe quelle carte mais n'est pas
    plus fort que l'As »."""
    state = start("strutz", "A B C D E")
    state = play(state, "A: A")
    play(state, "B: JK", "equal-forbidden", next="B")
    state = start("strutz", "A B C D E")
    state = play(state, "A: 5 5")
    play(state, "B: 6 JK", next="C")


def test_b13_angevin_ace_ends_the_trick():
    """B13 `angevin` (WIKI angevin): « L'utilisation d'un (ou plusieurs) As termine la main en
    cours »."""
    state = start("angevin")
    state = play(state, "A: 9 9")
    state = play(state, "B: A A", next="B", to_beat=None)
    play(state, "C: 2", "trick-over", next="B")


def test_b13_angevin_seven_allows_lower():
    """B13 `angevin` (WIKI angevin): « Lorsqu'un joueur joue un ou plusieurs 7, il est possible
    de jouer des cartes inférieures. »"""
    state = start("angevin")
    state = play(state, "A: 7 7")
    play(state, "B: 3 3", next="C", to_beat="3 3")
    play(state, "B: 3", "count-mismatch", next="B")


# === B14 speed_play ==============================================================================


def test_b14_speed_play_out_of_turn():
    """B14 (WIKI « Jeu à la rapidité »): « le joueur qui possède la même carte (ou paire) peut
    la jouer directement, indépendamment de son tour de jeu, avant que le pli ne soit recouvert
    par le joueur suivant. »"""
    state = start(equal_play="allowed", speed_play=True)
    state = play(state, "A: 6", next="B")
    state = play(state, "C: 6", next="D", to_beat="6")
    play(state, "C: 7", "not-your-turn", next="D")


def test_b14_only_a_matching_play_may_jump_in():
    """B14 (WIKI): only « la même carte (ou paire) » may be played out of turn."""
    state = start(equal_play="allowed", speed_play=True)
    state = play(state, "A: 6")
    play(state, "C: 7", "not-your-turn", next="B")


def test_b14_speed_play_goes_double():
    """B14 (WIKI): « si un joueur commence avec une carte simple et que le joueur suivant joue
    une carte identique, un autre joueur ayant la paire équivalente peut la poser directement
    et le jeu part alors en double. »"""
    state = start(equal_play="allowed", speed_play=True)
    state = plays(state, "A: 6", "B: 6")
    play(state, "D: 6 6", next="A", to_beat="6 6")


def test_b14_off_no_play_out_of_turn():
    """B14 off: everyone waits for his turn."""
    state = start(equal_play="allowed", speed_play=False)
    state = play(state, "A: 6")
    play(state, "C: 6", "not-your-turn", next="B")


def test_a_setting_splits_at_its_first_equals_sign() -> None:
    """``--set NAME=VALUE``: the name ends at the first ``=``; the rest, ``=`` included, is
    the value."""
    assert split_setting("deck=32") == ("deck", "32")
    assert split_setting("deck=3=2") == ("deck", "3=2")


def test_a_value_holding_an_equals_sign_is_refused_under_its_option() -> None:
    """A value with an ``=`` in it is a bad value of the option named before it, not an
    unknown option."""
    with pytest.raises(RuleSetError) as info:
        ruleset_from("pagat", ["deck=3=2"])
    assert "deck: " in info.value.en and "Unknown option" not in info.value.en


@pytest.mark.parametrize(
    ("name", "oid"),
    [("rank_order", "D4"), ("jokers", "D2"), ("max_set", "B11a"), ("coup_detat", "S8")],
)
def test_an_option_has_its_catalogue_id(name: str, oid: str) -> None:
    """Each option carries the ID that ``shared/VARIANTS.md`` gives it."""
    assert RuleSet.option_id(name) == oid


def test_a_name_that_is_no_option_has_no_catalogue_id() -> None:
    """A name that is no option has the empty ID."""
    assert RuleSet.option_id("no_such_option") == ""


def test_a_refused_value_is_titled_in_each_language() -> None:
    """A bad value is refused under the title « Règles invalides » in French and « Invalid
    rules » in English, naming the option."""
    with pytest.raises(RuleSetError) as info:
        RuleSet.build({"deck": "33"})
    assert info.value.message("fr").startswith("Règles invalides : deck : ")
    assert info.value.message("en").startswith("Invalid rules: deck: ")


class _Seats(OptionSet):
    """An option set of one option, naming no clash."""

    seats: Literal[4, 5] = option(4, "X1", "test")


def test_an_option_set_naming_no_clash_accepts_its_values() -> None:
    """An option set that names no combination as clashing (the base's ``clashes``) accepts
    any valid value of its options."""
    assert _Seats.build({"seats": 5}).seats == 5
