"""The plan as sentences for the dealer, in French, English and German."""

from __future__ import annotations

import pytest

from companion.rules.presets import PRESETS
from companion.table.plan import plan_for_preset

NAMES = ["Ana", "Bob", "Cléo", "Dan", "Eve", "Fred", "Gus", "Hugo", "Ida", "Jo"]


def lines(
    pid: str, players: list[str], lang: str = "fr", *settings: str, first: bool = False
) -> list[str]:
    return plan_for_preset(pid, players, settings, first=first).instructions(lang)


def test_tdc_dealer_sentence() -> None:
    """TDC: "2 cartes au Trou-du-cul, puis 1 par 1 dans le sens des aiguilles d'une montre"."""
    fr = lines("classique", ["Tom", "Léa", "Max", "Sarah"])
    assert fr[2] == (
        "Sarah (Trou-du-cul) distribue 54 cartes, en s'en donnant d'abord 2, puis "
        "une par une dans le sens des aiguilles d'une montre en commençant par "
        "Tom : Sarah 15, les autres 13."
    )
    en = lines("classique", ["Tom", "Léa", "Max", "Sarah"], "en")
    assert en[2] == (
        "Sarah (Scum) deals 54 cards, first 2 to Sarah, then one at a time "
        "clockwise starting with Tom: Sarah 15, the others 13."
    )


def test_a_whole_plan_in_german() -> None:
    """In German every sentence of the plan is German, titles included (« Arschloch »,
    « Präsident »), and no French word shows; the JSON's titles stay the seeds' words."""
    de = lines("classique", ["Tom", "Léa", "Max", "Sarah"], "de")
    assert de[2] == (
        "Sarah (Arschloch) gibt 54 Karten, zuerst 2 an Sarah, dann einzeln im "
        "Uhrzeigersinn, beginnend bei Tom: Sarah 15, die anderen 13."
    )
    assert de[1] == "Blatt: 54 Karten (1 Kartenspiel mit 52 Karten + 2 Joker)."
    text = " ".join(de)
    for french in ("Président", "Trou-du-cul", "Secrétaire", "Larbin", "cartes", "donne "):
        assert french not in text
    plan = plan_for_preset("classique", ["Tom", "Léa", "Max", "Sarah"])
    assert plan.as_json("de")["titles"]["Tom"] == "Président"
    assert plan.titles_in("de")["Tom"] == "Präsident"


def test_exchange_sentences() -> None:
    """TDC: "Le Trou-du-cul donne au Président ses 2 meilleures cartes. Celui-ci lui en rend 2
    au choix."""
    fr = lines("classique", ["Léa", "Ana", "Max", "Tom"])
    assert (
        "Tom (Trou-du-cul) donne ses 2 meilleures cartes à Léa (Président) — Léa lui rend "
        "2 cartes de son choix."
    ) in fr
    assert (
        "Max (Larbin) donne sa meilleure carte à Ana (Secrétaire) — Ana lui rend une carte "
        "de son choix."
    ) in fr
    en = lines("classique", ["Léa", "Ana", "Max", "Tom"], "en")
    assert (
        "Tom (Scum) gives their 2 best cards to Léa (President) — Léa gives back 2 "
        "cards of their choice."
    ) in en


def test_pres53_sentences() -> None:
    """PRES53: "Le Président distribue les 53 cartes une par une … en commençant par lui."
    "Puis le balayeur donne ses deux plus fortes cartes au président. Celui-ci donne alors ses
    deux plus faibles cartes au balayeur." "Le balayeur commence à jouer"."""
    fr = lines("president", NAMES[:4])
    assert fr[0] == (
        "Places dans le sens des aiguilles d'une montre : Ana (Président), "
        "Dan (Balayeur), Cléo (Secrétaire), Bob (Vice-Président)."
    )
    assert fr[1] == "Jeu : 53 cartes (1 jeu de 52 cartes + 1 joker)."
    assert fr[2] == (
        "Ana (Président) distribue les 53 cartes une par une dans le sens des "
        "aiguilles d'une montre, en commençant par soi-même : Ana 14, les autres "
        "13."
    )
    assert (
        "Dan (Balayeur) donne ses 2 meilleures cartes à Ana (Président) — Ana lui rend ses "
        "2 plus faibles cartes."
    ) in fr
    assert fr[-1] == "Dan (Balayeur) joue en premier."


def test_neutral_and_discard_sentences() -> None:
    """WIKI: "Le joueur neutre, s'il y en a un, ne donne aucune carte et n'en reçoit pas."
    TDC: "Le Secrétaire se débarrasse d'une carte au choix, qu'il montre à ses adversaires, et
    qui est ramassée par le Trou-du-cul (celui-ci ne la place pas dans son jeu, attention)."""
    assert "Cléo (Neutre) ne donne ni ne reçoit de carte." in lines("trou-du-cul", NAMES[:5])
    assert "Cléo (Neutre 1) et Dan (Neutre 2) ne donnent ni ne reçoivent de carte." in lines(
        "trou-du-cul", NAMES[:6]
    )
    assert (
        "Bob (Secrétaire) se défausse d'une carte de son choix, la montre à tous ; Cléo "
        "(Trou-du-cul) la ramasse sans la mettre dans son jeu."
    ) in lines("classique", NAMES[:3])
    assert (
        "Bob (Secretary) discards 1 card of their choice, shows it to all; Cléo "
        "(Scum) collects it without adding it to their hand."
    ) in lines("classique", NAMES[:3], "en")


def test_first_game_sentence() -> None:
    """WIKI: "les éventuelles cartes en trop … sont identifiées publiquement et mises de
    côté"."""
    fr = lines("trou-du-cul", NAMES[:5], first=True)
    assert fr[2] == (
        "Ana distribue 10 cartes à chacun, une par une dans le sens des aiguilles "
        "d'une montre en commençant par Bob ; les 4 cartes restantes sont montrées "
        "à tous et mises de côté."
    )
    en = lines("trou-du-cul", NAMES[:5], "en", first=True)
    assert en[2] == (
        "Ana deals 10 cards to each player, one at a time clockwise starting with "
        "Bob; the 4 cards left over are shown to all and set aside."
    )


def test_concierge_pack_sentence() -> None:
    """CONC: "Deux paquets conventionnels, plus deux Fous, à cinq ou six joueurs."""
    assert lines("concierge", NAMES[:6])[1] == "Jeu : 106 cartes (2 jeux de 52 cartes + 2 jokers)."
    assert lines("concierge", NAMES[:6], "en")[1] == (
        "Pack: 106 cards (2 decks of 52 cards + 2 jokers)."
    )


@pytest.mark.parametrize("pid", sorted(PRESETS))
def test_english_sentences_are_english(pid: str) -> None:
    """For every preset, at its smallest and largest table, first hand or not, the English
    instructions hold none of the usual French words and the French ones none of the English."""
    low, high = PRESETS[pid].players
    for n in (low, high):
        for first in (False, True):
            text = " ".join(lines(pid, NAMES[:n], "en", first=first))
            for french in (" distribue ", " donne ", " cartes ", " joue en premier", " chacun"):
                assert french not in text, (pid, n, first, french)
            fr = " ".join(lines(pid, NAMES[:n], "fr", first=first))
            assert " deals " not in fr and " gives " not in fr
