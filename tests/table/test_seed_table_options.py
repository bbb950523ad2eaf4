"""Section S (and P5) of VARIANTS.md, sentence by sentence, on the command line: ``companion
deal --set`` gives the plan the seed describes; and every option ``evening new`` accepts is
accepted by ``companion judge --set`` and ``companion deal --set`` too.
"""

from __future__ import annotations

import io
import json
from contextlib import redirect_stderr, redirect_stdout
from typing import Any, get_args

import pytest

from companion.rules.errors import RuleSetError
from companion.rules.ruleset import RuleSet
from companion.table.table_presets import table_rules_from
from companion.table.table_rules import TableRules


def cli(*argv: str) -> tuple[int, str, str]:
    from companion.cli import main

    out, err = io.StringIO(), io.StringIO()
    with redirect_stdout(out), redirect_stderr(err):
        try:
            rc = main(list(argv))
        except SystemExit as exc:
            rc = int(exc.code or 0)
    return rc, out.getvalue(), err.getvalue()


def deal(preset: str, players: str, *settings: str, first: bool = False) -> dict[str, Any]:
    argv = ["deal", "--rules", preset, "--players", players, "--lang", "en"]
    for s in settings:
        argv += ["--set", s]
    if first:
        argv.append("--first")
    rc, out, err = cli(*argv)
    assert rc == 0, err
    plan: dict[str, Any] = json.loads(out)
    return plan


def gives(plan: dict[str, Any]) -> list[tuple[str, str, int, str]]:
    return [(e["from"], e["to"], e["count"], e["kind"]) for e in plan["exchanges"]]


# --- S1 titles -----------------------------------------------------------------------------------


def test_s1_pres53_titles():
    """S1 `pres53` (« La plus forte désigne le président, la seconde, le vice-président, la
    troisième, le secrétaire, la plus faible, le balayeur »)."""
    plan = deal("president", "P,V,S,B")
    assert plan["titles"] == {
        "P": "Président",
        "V": "Vice-Président",
        "S": "Secrétaire",
        "B": "Balayeur",
    }


def test_s1_wiki_the_neutral_at_five():
    """S1 `wiki` (« À cinq joueurs, le troisième à terminer est le Neutre »)."""
    assert deal("trou-du-cul", "A,B,C,D,E")["titles"]["C"] == "Neutre"


def test_s1_concierge_clerks():
    """S1 `concierge` (« les deux autres occupent des postes intermédiaires de commis 1 et de
    commis 2 entre le secrétaire et le concierge »)."""
    titles = deal("concierge", "A,B,C,D,E,F")["titles"]
    assert [titles[p] for p in "ABCDEF"] == [
        "Président",
        "Vice-Président",
        "Secrétaire",
        "Commis 1",
        "Commis 2",
        "Concierge",
    ]


# --- S3 seating, S4 dealer, S5 deal --------------------------------------------------------------


def test_s3_pagat_clockwise_by_rank():
    """S3 `by_rank` (« le vice-président s'assied à la gauche du président, et ainsi de suite
    jusqu'au trouduc qui s'assied à la droite du président »)."""
    assert deal("pagat", "A,B,C,D")["seating"] == ["A", "B", "C", "D"]


def test_s3_pres53_seats():
    """S3 `by_rank_anticlockwise` (« Le président se met où il veut, le vice-président à sa
    droite, le secrétaire en face, et le balayeur à sa gauche »): clockwise P, B, S, V."""
    assert deal("president", "P,V,S,B")["seating"] == ["P", "B", "S", "V"]


def test_s4_the_scum_deals():
    """S4 `scum` (PAGAT: « Le trouduc est chargé de mélanger, de distribuer »)."""
    assert deal("pagat", "A,B,C,D")["dealer"] == "D"


def test_s4_the_president_deals():
    """S4 `president` (PRES53: « Le Président distribue les 53 cartes une par une »)."""
    assert deal("president", "P,V,S,B")["dealer"] == "P"


def test_s5_pres53_from_himself():
    """S5 `from_dealer_self_first` (« en commençant par lui. En fin de distribution, il a donc
    une carte de plus que les autres joueurs »)."""
    assert deal("president", "P,V,S,B")["cards"] == {"P": 14, "V": 13, "S": 13, "B": 13}


def test_s5_pagat_first_card_to_the_president():
    """S5 `one_by_one_from_president` (« la première carte est distribuée au Président, la
    deuxième au Vice-président, et ainsi de suite jusqu'en bas »): with 52 cards and 5 players
    the two extra cards go to the two first."""
    cards = deal("pagat", "A,B,C,D,E")["cards"]
    assert cards == {"A": 11, "B": 11, "C": 10, "D": 10, "E": 10}


def test_s5_tdc_two_to_the_trou_du_cul_first():
    """S5 `tdc_pattern` (« 2 cartes au Trou-du-cul, puis 1 par 1 dans le sens des aiguilles
    d'une montre »): 54 cards, the Trou-du-cul gets two more than the others."""
    assert deal("classique", "P,S,L,TC")["cards"] == {"P": 13, "S": 13, "L": 13, "TC": 15}


def test_s5_tdc_three_players():
    """S5 `tdc_pattern` (3 joueurs: « 1 carte au Secrétaire, 2 cartes au Trou-du-cul, puis 1
    par 1 »)."""
    assert deal("classique", "P,S,TC")["cards"] == {"P": 17, "S": 18, "TC": 19}


def test_s5_strutz_extras_to_the_strutz_first():
    """S5 `extras_to_scum_first` (« les cartes supplémentaires sont données en priorité au
    Strutz, puis au Sous-Strutz, et ainsi de suite »): 54 cards at 4 players."""
    cards = deal("strutz", "A,B,C,D")["cards"]
    assert cards == {"A": 13, "B": 13, "C": 14, "D": 14}


def test_s5_wiki_first_game_equal_hands_extras_set_aside():
    """S5a `equal_set_aside` (« Un nombre égal de cartes est distribué à chaque joueur, les
    éventuelles cartes en trop … sont identifiées publiquement et mises de côté »)."""
    plan = deal("trou-du-cul", "A,B,C,D,E", first=True)
    assert set(plan["cards"].values()) == {10} and plan["set_aside"] == 4


# --- S6 exchanges --------------------------------------------------------------------------------


def test_s6_pagat_one_card():
    """S6 (« le Trouduc doit donner sa carte la plus élevée au Président, et le Président rend
    en échange toute carte qu'il ne veut pas »)."""
    assert gives(deal("pagat", "A,B,C,D")) == [("D", "A", 1, "best"), ("A", "D", 1, "chosen")]


def test_s6_pres53_two_best_for_two_lowest():
    """S6 (« le balayeur donne ses deux plus fortes cartes au président. Celui-ci donne alors
    ses deux plus faibles cartes au balayeur »)."""
    assert gives(deal("president", "P,V,S,B"))[:2] == [
        ("B", "P", 2, "best"),
        ("P", "B", 2, "lowest"),
    ]


def test_s6_pres53_variant_one_card_each():
    """S6 `exchange=1/1` (« le balayeur et le président n'échangent qu'une seule carte, tout
    comme le secrétaire et le vice-président »)."""
    counts = {(g, t): n for g, t, n, _ in gives(deal("president", "P,V,S,B", "exchange=1/1"))}
    assert counts == {("B", "P"): 1, ("P", "B"): 1, ("S", "V"): 1, ("V", "S"): 1}


def test_s6_butthead_two_for_three():
    """S6 `exchange=2:3/1:2` (Butthead: « le Butthead passe au Président ses deux meilleures
    cartes et le Président passe au Butthead trois de son choix »)."""
    assert gives(deal("butthead", "A,B,C,D"))[:2] == [
        ("D", "A", 2, "best"),
        ("A", "D", 3, "chosen"),
    ]


def test_s6_hubere_three_two_one():
    """S6 (Hűbéres: « Le roi et le marais échangent trois cartes, le grand propriétaire terrien
    et le petit paysan deux cartes, et le petit propriétaire terrien et le grand paysan une »)."""
    counts = [n for g, _, n, _ in gives(deal("hubere", "A,B,C,D,E,F")) if g > "C"]
    assert counts == [3, 2, 1]


def test_s6_wiki_the_neutral_gives_nothing():
    """S6 (« Le joueur neutre, s'il y en a un, ne donne aucune carte et n'en reçoit pas »)."""
    exchanges = gives(deal("trou-du-cul", "A,B,C,D,E"))
    assert all("C" not in (g, t) for g, t, _, _ in exchanges)


def test_s6_tdc_three_players_the_secretary_discards():
    """S6 `discards=tdc` (« Le Secrétaire se débarrasse d'une carte au choix, qu'il montre à ses
    adversaires, et qui est ramassée par le Trou-du-cul »)."""
    plan = deal("classique", "P,S,TC")
    assert plan["discards"] == [{"player": "S", "count": 1, "shown": True, "to": "TC"}]


# --- P5 who leads --------------------------------------------------------------------------------


def test_p5_the_president_leads():
    """P5 `president` (PAGAT: « Le Président mène alors n'importe quelle carte »)."""
    assert deal("pagat", "A,B,C,D")["first_lead"] == "A"


def test_p5_the_scum_leads():
    """P5 `scum` (PAGAT: « certains jouent que le Scum de la main précédente mène, plutôt que le
    Président »; PRES53: « Le balayeur commence à jouer »)."""
    assert deal("pagat", "A,B,C,D", "first_lead=scum")["first_lead"] == "D"
    assert deal("president", "P,V,S,B")["first_lead"] == "B"


def test_p5a_left_of_the_dealer_on_a_first_hand():
    """P5a `left_of_dealer` (PAGAT: « Le joueur à la gauche du croupier commence »): the first
    named deals, the second leads."""
    assert deal("pagat", "A,B,C,D", first=True)["first_lead"] == "B"


# --- every option, on both commands ---------------------------------------------------------------


# Options whose value needs a companion, or a spelling of its own, to be valid.
_TOGETHER = {
    "exchange_by_players": ["exchange_by_players=3=1; 4=2/1"],
    "end": ["end=hands", "hands=5"],
    "exchange_by_score": ["scoring=symmetric", "exchange_by_score=true"],
    "exchange_high": ["exchange_high=lowest"],
    "two_decks_from": ["decks=auto", "two_decks_from=5"],
    "rule_of_four": ["equal_play=allowed", "rule_of_four=follow"],
    "speed_play": ["equal_play=allowed", "speed_play=true"],
}


def _valid_change(name: str) -> list[str]:
    """``NAME=VALUE`` items that change ``name`` from the trou-du-cul preset and that ``evening
    new`` accepts (the first value of its type that does)."""
    if name in _TOGETHER:
        table_rules_from("trou-du-cul", _TOGETHER[name])
        return _TOGETHER[name]
    model = TableRules if name in TableRules.model_fields else RuleSet
    field = model.model_fields[name]
    current = getattr(table_rules_from("trou-du-cul")[0 if model is RuleSet else 1], name)
    if field.annotation is bool:
        candidates: list[str] = ["false" if current else "true"]
    else:
        values = [v for v in get_args(field.annotation) if v is not None and v != current]
        candidates = [str(v) for v in values] + ["2", "4", "1/1", "joker", "10"]
    for value in candidates:
        try:
            table_rules_from("trou-du-cul", [f"{name}={value}"])
        except RuleSetError:
            continue
        return [f"{name}={value}"]
    raise AssertionError(f"no value found for {name}")


ALL_OPTIONS = sorted({*RuleSet.model_fields, *TableRules.model_fields})


@pytest.mark.parametrize("name", ALL_OPTIONS)
def test_every_evening_option_is_accepted_by_judge_and_deal(name: str):
    """Issue « The referee refuses options that the evening accepts »: whatever ``evening new
    --set`` accepts, ``judge --set`` and ``deal --set`` accept too."""
    items = [arg for item in _valid_change(name) for arg in ("--set", item)]
    common = ["--rules", "trou-du-cul", "--players", "A,B,C,D", *items]
    rc, out, err = cli("judge", *common, "--play", "A: 5")
    assert rc in (0, 1) and json.loads(out)["code"], f"judge {items}: {err}"
    rc, out, err = cli("deal", *common)
    assert rc == 0 and json.loads(out)["instructions"], f"deal {items}: {err}"


@pytest.mark.parametrize("command", ["judge", "deal"])
def test_an_unknown_option_lists_every_option(command: str):
    """« The error message lists every valid option, not only the game options »."""
    argv = [command, "--rules", "pagat", "--players", "A,B,C,D", "--set", "colour=blue"]
    if command == "judge":
        argv += ["--play", "A: 5"]
    rc, out, err = cli(*argv, "--lang", "en")
    assert rc == 2 and not out
    for name in ALL_OPTIONS:
        assert name in err, name


# --- the evening on the command line ------------------------------------------------------------


def evening(data: str, *argv: str, lang: str = "en") -> tuple[int, dict[str, Any] | None, str]:
    rc, out, err = cli("evening", *argv, "--data-dir", data, "--lang", lang)
    return rc, (json.loads(out) if rc == 0 else None), err


def test_s10_card_penalty_recorded_with_cards_left(tmp_path):
    """S10 `card_penalty` (WIKI: « Les autres joueurs comptent alors leurs cartes et ajoutent
    autant de points à leur score. Une pénalité s'applique aux joueurs ayant 10 cartes ou plus
    (le nombre de points à ajouter est multiplié par 2) ou n'ayant pas posé de cartes (… triplé)
    »): `evening record --cards-left NAME=N,… --none-played NAME`."""
    data = str(tmp_path)
    rc, _, err = evening(data, "new", "--rules", "trou-du-cul", "--players", "Léa,Tom,Ana,Max",
                         "--set", "scoring=card_penalty")  # fmt: skip
    assert rc == 0, err
    rc, ev, err = evening(
        data, "record", "last", "--cards-left", "Léa=0,Tom=5,Ana=3,Max=11", "--none-played", "Ana"
    )
    assert rc == 0, err
    assert ev is not None and ev["totals"] == {"Léa": 0, "Tom": 5, "Ana": 9, "Max": 22}


def test_s10_card_penalty_lowest_wins_and_edit_takes_cards_left(tmp_path):
    """S10 `card_penalty` (« Le gagnant est celui qui a le pointage le plus faible »): the
    ranking follows the counts, and `evening edit … --cards-left` corrects them."""
    data = str(tmp_path)
    evening(data, "new", "--rules", "trou-du-cul", "--players", "Léa,Tom,Ana",
            "--set", "scoring=card_penalty")  # fmt: skip
    rc, ev, err = evening(data, "record", "last", "--cards-left", "Léa=2,Tom=0,Ana=7")
    assert rc == 0 and ev is not None and ev["ranking"] == ["Tom", "Léa", "Ana"], err
    rc, ev, err = evening(data, "edit", "last", "1", "--cards-left", "Léa=0,Tom=4,Ana=7")
    assert rc == 0 and ev is not None and ev["ranking"] == ["Léa", "Tom", "Ana"], err


def test_s10_card_penalty_without_cards_left_names_the_option(tmp_path):
    """Recording a card-penalty hand without the counts is refused with a message that names
    `--cards-left`, in French and English; nothing is recorded."""
    data = str(tmp_path)
    evening(data, "new", "--rules", "trou-du-cul", "--players", "Léa,Tom,Ana",
            "--set", "scoring=card_penalty")  # fmt: skip
    for lang, words in (("fr", "Comptez les cartes"), ("en", "Count the cards")):
        rc, _, err = evening(data, "record", "last", "--order", "Léa,Tom,Ana", lang=lang)
        assert rc == 2 and words in err and "--cards-left" in err
    rc, ev, _ = evening(data, "plan", "last")
    assert rc == 0 and ev is not None and ev["hands"] == 0


def test_cards_left_is_refused_without_card_penalty(tmp_path):
    """`--cards-left` only means something under `scoring=card_penalty`: elsewhere it is
    refused rather than ignored."""
    data = str(tmp_path)
    evening(data, "new", "--rules", "trou-du-cul", "--players", "Léa,Tom,Ana")
    rc, _, err = evening(data, "record", "last", "--order", "Léa,Tom,Ana", "--cards-left", "Léa=0")
    assert rc == 2 and "card_penalty" in err


@pytest.mark.parametrize("bad", ["Léa", "Léa=x", "Léa=-1", "=3"])
def test_a_bad_cards_left_item_is_named(tmp_path, bad: str):
    """A mistyped count gets a clear message quoting the bad item."""
    data = str(tmp_path)
    evening(data, "new", "--rules", "trou-du-cul", "--players", "Léa,Tom,Ana",
            "--set", "scoring=card_penalty")  # fmt: skip
    rc, _, err = evening(data, "record", "last", "--cards-left", bad)
    assert rc == 2 and bad in err


def test_b9_a_lasting_revolution_is_carried_by_the_evening(tmp_path):
    """B9 `quad_persistent` (WIKI: « après une révolution, les cartes ne reprennent pas leur
    valeur normale à la prochaine partie mais gardent leur valeur inversée jusqu'à ce qu'un
    joueur pose une révolution »): `evening …` and `history --json` say the next hand starts
    reversed, and the plan tells the table; a second revolution turns it back."""
    data = str(tmp_path)
    evening(data, "new", "--rules", "pagat", "--players", "Léa,Tom,Ana,Max",
            "--set", "revolution=quad_persistent")  # fmt: skip
    rc, ev, err = evening(data, "record", "last", "--order", "Léa,Tom,Ana,Max",
                          "--event", "revolution:Tom")  # fmt: skip
    assert rc == 0 and ev is not None, err
    assert ev["reversed_order"] is True
    assert any("revolution goes on" in line for line in ev["next_plan"]["instructions"])
    rc, out, _ = cli("history", "last", "--json", "--data-dir", data)
    assert rc == 0 and json.loads(out)["reversed_order"] is True
    rc, ev, _ = evening(data, "record", "last", "--order", "Tom,Léa,Ana,Max")
    assert ev is not None and ev["reversed_order"] is True  # it lasts
    rc, ev, _ = evening(data, "record", "last", "--order", "Tom,Léa,Ana,Max",
                        "--event", "revolution:Ana")  # fmt: skip
    assert ev is not None and ev["reversed_order"] is False
    assert not any("revolution" in line for line in ev["next_plan"]["instructions"])


def test_b9_a_revolution_for_the_hand_only_is_not_carried(tmp_path):
    """B9 `quad` (WIKI: « à la prochaine partie, les cartes reprendront leur valeur
    normale »): the next hand starts in the normal order."""
    data = str(tmp_path)
    evening(data, "new", "--rules", "pagat", "--players", "Léa,Tom,Ana,Max",
            "--set", "revolution=quad")  # fmt: skip
    _rc, ev, _ = evening(data, "record", "last", "--order", "Léa,Tom,Ana,Max",
                        "--event", "revolution:Tom")  # fmt: skip
    assert ev is not None and ev["reversed_order"] is False
    assert not any("revolution" in line for line in ev["next_plan"]["instructions"])


def _new(data: str, preset: str, *settings: str, players: str = "A,B,C,D") -> None:
    argv = ["new", "--rules", preset, "--players", players]
    for s in settings:
        argv += ["--set", s]
    rc, _, err = evening(data, *argv)
    assert rc == 0, err


def _record(data: str, order: str, *events: str) -> dict[str, Any]:
    argv = ["record", "last", "--order", order]
    for e in events:
        argv += ["--event", e]
    rc, ev, err = evening(data, *argv)
    assert rc == 0 and ev is not None, err
    return ev


def test_s2_roles_by_drawing_a_card():
    """S2 `draw_card` (PRES53: « Chaque joueur, au début du jeu, tire une carte. La plus forte
    désigne le président »): the first plan says so."""
    plan = deal("president", "P,V,S,B", first=True)
    assert any("drawing a card" in line for line in plan["instructions"])


def test_s7_a_failed_putsch_restores_the_positions(tmp_path):
    """S7 `putsch` (WIKI: « Si le putschiste manque son objectif … il reprend d'office sa
    condition de Trou du cul ; de même, tous les autres joueurs retrouvent la position qu'ils
    avaient avant que le putsch ne soit lancé »)."""
    data = str(tmp_path)
    _new(data, "trou-du-cul", "putsch=true")
    _record(data, "A,B,C,D")
    ev = _record(data, "B,D,A,C", "putsch:D")
    assert ev["ranking"] == ["A", "B", "C", "D"]


def test_s7_the_failed_putschist_gives_four_cards_and_may_not_putsch(tmp_path):
    """S7 `putsch` (« il est condamné à donner ses 4 meilleures cartes au Président, et ce
    dernier lui donne les 4 cartes de son choix. De même, le Trou du cul est interdit de putsch
    au cours de la partie suivante »)."""
    data = str(tmp_path)
    _new(data, "trou-du-cul", "putsch=true")
    _record(data, "A,B,C,D")
    ev = _record(data, "B,D,A,C", "putsch:D")
    assert gives(ev["next_plan"])[:2] == [("D", "A", 4, "best"), ("A", "D", 4, "chosen")]
    rc, _, err = evening(data, "record", "last", "--order", "D,A,B,C", "--event", "putsch:D")
    assert rc == 2 and "putsch" in err


def test_s7_a_successful_putsch_scores_one_more(tmp_path):
    """S7 `putsch` (« Lors d'un putsch réussi, le putschiste récolte alors 1 point de plus qu'un
    Président dit normal (donc 4 points lorsqu'il y a quatre joueurs »)."""
    data = str(tmp_path)
    _new(data, "trou-du-cul", "putsch=true")
    first = _record(data, "A,B,C,D")
    ev = _record(data, "D,A,B,C", "putsch:D")
    assert ev["totals"]["D"] - first["totals"]["D"] == 4


def test_s9_the_rich_man_who_fails_drops_to_last(tmp_path):
    """S9 `rich_man_falls` (PAGAT: « si vous êtes le joueur le mieux classé … et que vous ne
    parvenez pas à gagner, vous devez immédiatement jeter vos cartes et vous devenez le joueur le
    moins bien classé »)."""
    data = str(tmp_path)
    _new(data, "pagat", "rich_man_falls=true")
    _record(data, "A,B,C,D")
    assert _record(data, "B,A,C,D")["ranking"] == ["B", "C", "D", "A"]


def test_s11_a_joiner_starts_at_the_bottom(tmp_path):
    """S11 `join_leave` (PAGAT: « Les nouveaux joueurs peuvent rejoindre la partie après
    n'importe quelle main, et ils commencent à la position la plus basse »)."""
    data = str(tmp_path)
    _new(data, "pagat")
    _record(data, "A,B,C,D")
    rc, ev, err = evening(data, "join", "last", "E")
    assert rc == 0 and ev is not None and ev["ranking"] == ["A", "B", "C", "D", "E"], err


def test_s11_those_below_a_leaver_move_up(tmp_path):
    """S11 `join_leave` (PAGAT: « Les joueurs peuvent quitter la partie après n'importe quelle
    main. Les joueurs en dessous d'eux montent alors d'une place dans le rang »)."""
    data = str(tmp_path)
    _new(data, "pagat", players="A,B,C,D,E")
    _record(data, "A,B,C,D,E")
    rc, ev, err = evening(data, "leave", "last", "B")
    assert rc == 0 and ev is not None and ev["ranking"] == ["A", "C", "D", "E"], err


def test_s12_two_faults_make_the_owner_scum(tmp_path):
    """S12 `faults` (PAGAT: « Après deux fautes, le propriétaire devient la racaille et tous les
    autres gagnent une place »)."""
    data = str(tmp_path)
    _new(data, "pagat", "faults=true")
    _record(data, "A,B,C,D", "fault:A")
    assert _record(data, "A,B,C,D", "fault:A")["ranking"] == ["B", "C", "D", "A"]


def test_s12_faults_off_refuses_the_event(tmp_path):
    """S12 `faults=false` (the preset's default): a fault cannot be recorded, and the message
    names the option."""
    data = str(tmp_path)
    _new(data, "pagat")
    rc, _, err = evening(data, "record", "last", "--order", "A,B,C,D", "--event", "fault:A")
    assert rc == 2 and "faults" in err


def test_s3a_strutz_the_president_plays_as_late_as_possible():
    """S3a `direction_rule=president_last` (Strutz: « À chaque nouvelle manche, le Strutz
    commence et le sens du jeu est défini de façon que le Président joue le plus tard possible
    au premier tour »): the Strutz leads and play goes so the Président comes last."""
    plan = deal("strutz", "A,B,C,D")
    assert plan["first_lead"] == "D"
    assert "Play goes anticlockwise, so that the President plays last" in " ".join(
        plan["instructions"]
    )
