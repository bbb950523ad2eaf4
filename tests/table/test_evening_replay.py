"""Whole evenings replayed through the service: roles move as the seeds say, the plans follow
the roles, and the points add up (each hand's sum is the scheme's sum, ± the putsch bonus)."""

from datetime import date

import pytest

from companion.table.evening import (
    ConflictingEventsError,
    Evening,
    EveningEndedError,
    OptionOffError,
    derive,
    hand_sum_expected,
)
from companion.table.plan import HandPlan
from companion.table.service import TableService

DAY = date(2024, 3, 1)


def play(service: TableService, ev: Evening, *orders: str, **kw) -> Evening:
    for order in orders:
        ev = service.record_hand(ev.id, order.split(), expected_version=ev.version, **kw)
        check(ev)
    return ev


def check(ev: Evening) -> None:
    """Every hand's points add up; the evening is a fixed point of the replay."""
    _, table = ev.rules()
    for hand in ev.hands:
        r = hand.result
        expected = hand_sum_expected(r, table.scoring)
        if expected is not None:
            assert sum(r.points.values()) == expected, (r.number, r.points)
        assert set(r.totals) >= set(r.points)
    assert derive(ev) == ev


def names(ev: Evening, ids) -> list[str]:
    return [ev.name(i) for i in ids]


def ranking(ev: Evening) -> list[str]:
    return names(ev, ev.present)


def titles(ev: Evening, hand: int = -1) -> dict[str, str]:
    return {ev.name(p): t for p, t in ev.hands[hand].result.titles.items()}


def points(ev: Evening, hand: int = -1) -> dict[str, int]:
    return {ev.name(p): v for p, v in ev.hands[hand].result.points.items()}


def totals(ev: Evening) -> dict[str, int]:
    return {ev.name(p): v for p, v in ev.totals.items()}


def gifts(plan: HandPlan | None) -> list[tuple[str, str, int, str]]:
    assert plan is not None
    return [(e.giver, e.to, e.count, e.kind) for e in plan.exchanges]


# --------------------------------------------------------------------------- classique


def test_classique_roles_follow_the_finishing_order(service):
    """TDC: "A la fin de chaque session, le joueur qui finit en 1er devient Président pour
    la session suivante, le 2e est Secrétaire, etc..."; "Le Trou-du-cul donne au Président
    ses 2 meilleures cartes. Celui-ci lui en rend 2 au choix. Le Larbin donne au Secrétaire
    sa meilleure carte."; "Evidemment, le Président a la main en début de session."""
    ev = service.create_evening(
        ["Ann", "Bob", "Cat", "Dan"], "classique", day=DAY, ranking=["Cat", "Ann", "Dan", "Bob"]
    )
    plan = ev.next_plan
    assert plan.titles == {
        "Cat": "Président",
        "Ann": "Secrétaire",
        "Dan": "Larbin",
        "Bob": "Trou-du-cul",
    }
    assert plan.dealer == "Bob" and plan.first_lead == "Cat"
    # "2 cartes au Trou-du-cul, puis 1 par 1"
    assert plan.cards["Bob"] == plan.cards["Cat"] + 2
    assert gifts(plan) == [
        ("Bob", "Cat", 2, "best"),
        ("Cat", "Bob", 2, "chosen"),
        ("Dan", "Ann", 1, "best"),
        ("Ann", "Dan", 1, "chosen"),
    ]

    ev = play(service, ev, "Ann Bob Cat Dan")
    assert ev.hands[0].result.plan == plan  # the plan used is kept with the hand
    assert titles(ev) == {
        "Ann": "Président",
        "Bob": "Secrétaire",
        "Cat": "Larbin",
        "Dan": "Trou-du-cul",
    }
    assert ev.next_plan.dealer == "Dan" and ev.next_plan.first_lead == "Ann"
    ev = play(service, ev, "Dan Cat Bob Ann")
    assert titles(ev)["Dan"] == "Président" and titles(ev)["Ann"] == "Trou-du-cul"
    assert totals(ev) == {"Ann": 0, "Bob": 0, "Cat": 0, "Dan": 0}  # no points in TDC
    assert ev.ended_after is None and not ev.ended  # "limité que par le manque de sommeil"


def test_classique_has_no_join_or_leave(service):
    """TDC plays 4 at a table the whole night: the preset keeps join_leave off."""
    ev = service.create_evening(
        ["Ann", "Bob", "Cat", "Dan"], "classique", day=DAY, ranking=["Ann", "Bob", "Cat", "Dan"]
    )
    with pytest.raises(OptionOffError):
        service.join(ev.id, "Eve", expected_version=ev.version)
    assert service.evening(ev.id).version == ev.version


# --------------------------------------------------------------------------- president


def test_president_three_two_one(service):
    """PRES53: "le nouveau président marque 3 points, le nouveau vice-président, 2 points,
    et le nouveau secrétaire, 1 point. En fin de partie, c'est évidemment le joueur qui a le
    plus de points qui gagne." and "Le Président distribue les 53 cartes une par une …
    En fin de distribution, il a donc une carte de plus que les autres joueurs." """
    ev = service.create_evening(
        ["Ann", "Bob", "Cat", "Dan"], "president", day=DAY, ranking=["Dan", "Cat", "Bob", "Ann"]
    )
    plan = ev.next_plan
    assert plan.dealer == "Dan" and plan.cards["Dan"] == 14
    assert plan.first_lead == "Ann"  # "Le balayeur commence à jouer"
    # "le balayeur donne ses deux plus fortes cartes au président. Celui-ci donne alors ses
    # deux plus faibles cartes au balayeur."
    assert gifts(plan)[:2] == [("Ann", "Dan", 2, "best"), ("Dan", "Ann", 2, "lowest")]

    ev = play(service, ev, "Bob Dan Ann Cat")
    assert points(ev) == {"Bob": 3, "Dan": 2, "Ann": 1, "Cat": 0}
    assert titles(ev) == {
        "Bob": "Président",
        "Dan": "Vice-Président",
        "Ann": "Secrétaire",
        "Cat": "Balayeur",
    }
    assert ev.next_plan.dealer == "Bob"
    ev = play(service, ev, "Bob Ann Cat Dan")
    assert totals(ev) == {"Bob": 6, "Dan": 2, "Ann": 3, "Cat": 1}
    assert names(ev, ev.standings) == ["Bob", "Ann", "Dan", "Cat"]


# --------------------------------------------------------------------------- pagat


def test_pagat_first_hand_then_target_11(service):
    """PAGAT: "Le trouduc est chargé de mélanger, de distribuer …"; "Lorsque la distribution
    est terminée, le Trouduc doit donner sa carte la plus élevée au Président, et le Président
    rend en échange toute carte qu'il ne veut pas."; "Fin de partie: Si vous marquez des
    points, fixez un objectif et le jeu se termine lorsque quelqu'un atteint (disons) 11
    points." """
    ev = service.create_evening(["Ann", "Bob", "Cat", "Dan"], "pagat", day=DAY)
    assert ev.end_rule == ("target", 11)
    first = ev.next_plan
    assert first.titles == {} and first.exchanges == [] and first.dealer == "Ann"

    ev = play(service, ev, "Cat Ann Dan Bob")
    assert ev.hands[0].result.first
    assert points(ev) == {"Cat": 2, "Ann": 1, "Dan": 0, "Bob": 0}
    plan = ev.next_plan
    assert plan.dealer == "Bob" and plan.first_lead == "Cat"
    assert gifts(plan) == [("Bob", "Cat", 1, "best"), ("Cat", "Bob", 1, "chosen")]

    ev = play(service, ev, *["Ann Cat Bob Dan"] * 4)
    assert totals(ev)["Ann"] == 9 and not ev.ended
    ev = play(service, ev, "Ann Cat Bob Dan")
    assert totals(ev) == {"Ann": 11, "Bob": 0, "Cat": 7, "Dan": 0}
    assert ev.ended and ev.ended_after == 6 and ev.next_plan is None
    assert names(ev, ev.standings)[0] == "Ann"
    with pytest.raises(EveningEndedError):
        service.record_hand(ev.id, ["Ann", "Bob", "Cat", "Dan"], expected_version=ev.version)
    ev = service.undo(ev.id, expected_version=ev.version)
    assert not ev.ended and len(ev.hands) == 5 and ev.next_plan is not None


def test_pagat_join_and_leave(service):
    """PAGAT "Rejoindre et quitter une partie": "Les joueurs peuvent quitter la partie après
    n'importe quelle main. Les joueurs en dessous d'eux montent alors d'une place dans le
    rang." and "Les nouveaux joueurs peuvent rejoindre la partie après n'importe quelle main,
    et ils commencent à la position la plus basse (trou du cul ou racaille)." """
    ev = service.create_evening(["Ann", "Bob", "Cat", "Dan", "Eve"], "pagat", day=DAY)
    ev = play(service, ev, "Ann Bob Cat Dan Eve")
    ev = service.leave(ev.id, "Cat", expected_version=ev.version)
    assert ranking(ev) == ["Ann", "Bob", "Dan", "Eve"]
    assert ev.next_plan.titles == {
        "Ann": "Président",
        "Bob": "Vice-Président",
        "Dan": "Citoyen",
        "Eve": "Trouduc",
    }
    ev = service.join(ev.id, "Fay", expected_version=ev.version)
    assert ranking(ev) == ["Ann", "Bob", "Dan", "Eve", "Fay"]
    assert ev.next_plan.dealer == "Fay"
    assert ev.next_plan.titles["Fay"] == "Trouduc"
    ev = play(service, ev, "Fay Ann Bob Dan Eve")
    assert points(ev)["Fay"] == 2
    assert "Cat" not in points(ev) and totals(ev)["Cat"] == 0  # he keeps what he had
    ev = service.join(ev.id, "cat", expected_version=ev.version)  # back, at the bottom
    assert ranking(ev)[-1] == "Cat" and len(ev.players) == 6


def test_pagat_symmetric_scores_at_five_and_seven(service):
    """PAGAT "Scoring": "A 5 joueurs, les scores donnés aux joueurs, du premier au dernier,
    sont 2, 1, 0, -1, -2. A 7 joueurs, les scores sont 3, 2, 1, 0, -1, -2, -3." """
    ev = service.create_evening(
        list("ABCDE"), "pagat", day=DAY, settings=["scoring=symmetric", "target=none"]
    )
    ev = play(service, ev, "A B C D E", "E D C B A")
    assert points(ev, 0) == {"A": 2, "B": 1, "C": 0, "D": -1, "E": -2}
    assert totals(ev) == dict.fromkeys("ABCDE", 0)
    ev = service.join(ev.id, "F", expected_version=ev.version)
    ev = service.join(ev.id, "G", expected_version=ev.version)
    ev = play(service, ev, "G F E D C B A")
    assert list(points(ev).values()) == [3, 2, 1, 0, -1, -2, -3]


def test_rich_man_falls(service):
    """PAGAT "Chapeaux": "si vous êtes le joueur le mieux classé (appelé dans ce cas l'homme
    riche) et que vous ne parvenez pas à gagner, vous devez immédiatement jeter vos cartes et
    vous devenez le joueur le moins bien classé (l'homme pauvre)." """
    ev = service.create_evening(
        ["Ann", "Bob", "Cat", "Dan"], "pagat", day=DAY, settings=["rich_man_falls=true"]
    )
    ev = play(service, ev, "Ann Bob Cat Dan", "Bob Cat Ann Dan")
    assert ranking(ev) == ["Bob", "Cat", "Dan", "Ann"]
    assert points(ev) == {"Bob": 2, "Cat": 1, "Dan": 0, "Ann": 0}
    assert [e.kind for e in ev.hands[-1].result.effects] == ["president_falls"]
    ev = play(service, ev, "Bob Ann Cat Dan")  # the rich man won: nobody falls
    assert ranking(ev) == ["Bob", "Ann", "Cat", "Dan"]
    with pytest.raises(ConflictingEventsError):
        service.record_hand(
            ev.id,
            ["Ann", "Bob", "Cat", "Dan"],
            expected_version=ev.version,
            events=[{"kind": "president_falls", "player": "Cat"}],
        )


def test_procedural_faults(service):
    """PAGAT "Fautes de procédure": "Après deux fautes, le propriétaire devient la racaille et
    tous les autres gagnent une place. Le propriétaire devient également le Scum s'il y a deux
    parties consécutives dont le résultat n'entraîne pas de changement dans les positions des
    joueurs." """
    ev = service.create_evening(
        ["Ann", "Bob", "Cat", "Dan"], "pagat", day=DAY, settings=["faults=true", "target=none"]
    )
    ev = play(service, ev, "Ann Bob Cat Dan")
    fault = [{"kind": "fault", "player": "Bob", "note": "oublié de faire couper"}]
    ev = play(service, ev, "Bob Ann Cat Dan", events=fault)
    assert ranking(ev) == ["Bob", "Ann", "Cat", "Dan"]  # one fault: nothing yet
    ev = play(service, ev, "Bob Ann Dan Cat", events=fault)
    assert ranking(ev) == ["Ann", "Dan", "Cat", "Bob"]
    assert [e.kind for e in ev.hands[-1].result.effects] == ["fault", "fault_penalty"]
    ev = play(service, ev, "Ann Dan Cat Bob")  # no change: once
    assert ranking(ev) == ["Ann", "Dan", "Cat", "Bob"]
    ev = play(service, ev, "Ann Dan Cat Bob")  # no change twice: the owner is Scum
    assert ranking(ev) == ["Dan", "Cat", "Bob", "Ann"]
    assert ev.hands[-1].result.effects[-1].kind == "no_change_penalty"


# --------------------------------------------------------------------------- trou-du-cul


def test_putsch_failed_then_succeeded(service):
    """WIKI "Le putsch": "Si le putschiste manque son objectif (c'est-à-dire ne finit pas
    Président), il reprend d'office sa condition de Trou du cul ; de même, tous les autres
    joueurs retrouvent la position qu'ils avaient avant que le putsch ne soit lancé. … À la
    prochaine partie, le Trou du cul est alors sanctionné pour sa tentative avortée : il est
    condamné à donner ses 4 meilleures cartes au Président, et ce dernier lui donne les 4
    cartes de son choix. De même, le Trou du cul est interdit de putsch au cours de la partie
    suivante." and "Jeu aux points": "Lors d'un putsch réussi, le putschiste récolte alors 1
    point de plus qu'un Président dit normal … s'il est raté, le putschiste en perd 1." """
    ev = service.create_evening(
        ["Ann", "Bob", "Cat", "Dan"], "trou-du-cul", day=DAY, settings=["putsch=true"]
    )
    ev = play(service, ev, "Ann Bob Cat Dan")
    putsch = [{"kind": "putsch", "player": "Dan"}]
    ev = play(service, ev, "Bob Ann Dan Cat", events=putsch)
    hand = ev.hands[-1].result
    assert hand.plan.exchanges == []  # "tous les joueurs conservent leurs cartes"
    assert ranking(ev) == ["Ann", "Bob", "Cat", "Dan"]
    assert points(ev) == {"Ann": 3, "Bob": 2, "Cat": 1, "Dan": -1}
    assert gifts(ev.next_plan)[:2] == [("Dan", "Ann", 4, "best"), ("Ann", "Dan", 4, "chosen")]
    with pytest.raises(ConflictingEventsError):  # "interdit de putsch"
        service.record_hand(
            ev.id, ["Dan", "Ann", "Bob", "Cat"], expected_version=ev.version, events=putsch
        )
    ev = play(service, ev, "Dan Ann Bob Cat")
    assert gifts(ev.next_plan)[0] == ("Cat", "Dan", 2, "best")  # penalty over
    ev = play(
        service,
        ev,
        "Cat Dan Ann Bob",
        events=[{"kind": "putsch", "player": "Cat", "outcome": "succeeded"}],
    )
    assert points(ev) == {"Cat": 4, "Dan": 2, "Ann": 1, "Bob": 0}
    assert [e.kind for e in ev.hands[-1].result.effects] == ["putsch_succeeded"]
    assert ranking(ev) == ["Cat", "Dan", "Ann", "Bob"]


def test_failed_putsch_may_stop_the_hand_at_once(service):
    """WIKI "Le putsch": "La partie peut donc être arrêtée dès lors que le premier joueur à se
    débarrasser de toutes ses cartes n'est pas le putschiste lui-même": only the first out is
    needed."""
    ev = service.create_evening(
        ["Ann", "Bob", "Cat", "Dan"], "trou-du-cul", day=DAY, settings=["putsch=true"]
    )
    ev = play(service, ev, "Ann Bob Cat Dan")
    ev = service.record_hand(
        ev.id,
        ["Cat"],
        expected_version=ev.version,
        events=[{"kind": "putsch", "player": "Dan", "outcome": "failed"}],
    )
    check(ev)
    assert ranking(ev) == ["Ann", "Bob", "Cat", "Dan"] and points(ev)["Dan"] == -1


def test_trou_du_cul_leaves(service):
    """WIKI "La hiérarchie": "Si le Trou du cul sort de la partie, le Secrétaire prend sa
    place et se voit infliger le même traitement." """
    ev = service.create_evening(["Ann", "Bob", "Cat", "Dan", "Eve"], "trou-du-cul", day=DAY)
    ev = play(service, ev, "Ann Bob Cat Dan Eve")
    assert ev.next_plan.titles["Dan"] == "Secrétaire"
    ev = service.leave(ev.id, "Eve", expected_version=ev.version)
    assert ev.next_plan.titles["Dan"] == "Trou du cul"
    assert ev.next_plan.dealer == "Dan"
    assert gifts(ev.next_plan)[0] == ("Dan", "Ann", 2, "best")
    # "À cinq joueurs, le troisième à terminer est le Neutre … n'a ni avantage, ni handicap"
    ev = service.join(ev.id, "Eve", expected_version=ev.version)
    assert ev.next_plan.titles["Cat"] == "Neutre"
    assert all("Cat" not in (g[0], g[1]) for g in gifts(ev.next_plan))


def test_coup_detat_and_guillotine(service):
    """WIKI "Le coup d'État": "il devient automatiquement Président. Le Président déchu vient
    prendre la place de celui qui a pris le pouvoir." "La Guillotine": "ce joueur devient
    automatiquement Président mais décide également qui sera le Trou du cul." """
    ev = service.create_evening(
        ["Ann", "Bob", "Cat", "Dan"], "trou-du-cul", day=DAY, settings=["coup_detat=true"]
    )
    ev = play(service, ev, "Ann Bob Cat Dan")
    ev = play(service, ev, "Ann Bob Cat Dan", events=[{"kind": "coup_detat", "player": "Cat"}])
    assert ranking(ev) == ["Cat", "Bob", "Ann", "Dan"]
    assert points(ev) == {"Cat": 3, "Bob": 2, "Ann": 1, "Dan": 0}  # the usurper scores first
    ev = play(
        service,
        ev,
        "Cat Ann Bob Dan",
        events=[{"kind": "guillotine", "player": "Dan", "victim": "Ann"}],
    )
    assert ranking(ev) == ["Dan", "Bob", "Cat", "Ann"]
    with pytest.raises(ConflictingEventsError):
        service.record_hand(
            ev.id,
            ["Dan", "Bob", "Cat", "Ann"],
            expected_version=ev.version,
            events=[
                {"kind": "coup_detat", "player": "Cat"},
                {"kind": "coup_detat", "player": "Bob"},
            ],
        )


def test_forbidden_finish_angevin(service):
    """WIKI "Le trou du cul angevin": "Il est interdit de terminer par un (ou plusieurs) As,
    sous peine de finir Trou du cul par forfait"; the first offender ends lowest."""
    ev = service.create_evening(["Ann", "Bob", "Cat", "Dan"], "angevin", day=DAY)
    ev = play(
        service, ev, "Ann Bob Cat Dan", events=[{"kind": "forbidden_finish", "player": "Ann"}]
    )
    assert ranking(ev) == ["Bob", "Cat", "Dan", "Ann"]
    ev = play(
        service,
        ev,
        "Ann Bob Cat Dan",
        events=[
            {"kind": "forbidden_finish", "player": "Ann"},
            {"kind": "forbidden_finish", "player": "Bob"},
        ],
    )
    assert ranking(ev) == ["Cat", "Dan", "Bob", "Ann"]
    assert points(ev) == {"Cat": 3, "Dan": 2, "Bob": 1, "Ann": 0}


def test_card_penalty_poker_variant(service):
    """WIKI (poker): "La partie s'arrête dès qu'un joueur pose l'ensemble de ses cartes. Les
    autres joueurs comptent alors leurs cartes … multiplié par 2 … triplé." and "La manche se
    joue en un nombre de points déterminé et est terminée quand un joueur atteint ou dépasse
    le pointage requis. Le gagnant est celui qui a le pointage le plus faible." """
    ev = service.create_evening(
        ["Ann", "Bob", "Cat", "Dan"],
        "trou-du-cul",
        day=DAY,
        settings=["scoring=card_penalty", "target=40"],
    )
    ev = service.record_hand(
        ev.id,
        [],
        expected_version=ev.version,
        cards_left={"Ann": 0, "Bob": 3, "Cat": 10, "Dan": 5},
        none_played=["Dan"],
    )
    check(ev)
    assert points(ev) == {"Ann": 0, "Bob": 3, "Dan": 15, "Cat": 20}
    assert ranking(ev) == ["Ann", "Bob", "Dan", "Cat"]  # places follow the penalties
    ev = service.record_hand(
        ev.id, [], expected_version=ev.version, cards_left={"Ann": 6, "Bob": 0, "Cat": 12, "Dan": 2}
    )
    assert totals(ev) == {"Ann": 6, "Bob": 3, "Cat": 44, "Dan": 17}
    assert ev.ended and names(ev, ev.standings) == ["Bob", "Ann", "Dan", "Cat"]


def test_persistent_revolution(service):
    """WIKI "La révolution": "Une variante existe selon laquelle, après une révolution, les
    cartes ne reprennent pas leur valeur normale à la prochaine partie mais gardent leur
    valeur inversée jusqu'à ce qu'un joueur pose une révolution." """
    ev = service.create_evening(
        ["Ann", "Bob", "Cat", "Dan"],
        "trou-du-cul",
        day=DAY,
        settings=["revolution=quad_persistent"],
    )
    rev = [{"kind": "revolution", "player": "Dan"}]
    ev = play(service, ev, "Ann Bob Cat Dan")
    ev = play(service, ev, "Dan Cat Bob Ann", events=rev)
    ev = play(service, ev, "Ann Bob Cat Dan")
    ev = play(service, ev, "Ann Bob Cat Dan", events=[{"kind": "revolution", "count": 2}])
    ev = play(service, ev, "Ann Bob Cat Dan", events=rev)
    ev = play(service, ev, "Ann Bob Cat Dan")
    assert [h.result.reversed_order for h in ev.hands] == [False, False, True, True, True, False]


def test_revolution_needs_the_option(service):
    """A revolution is refused (OptionOffError) under rules that have none, such as PAGAT's."""
    ev = service.create_evening(["Ann", "Bob", "Cat", "Dan"], "pagat", day=DAY)
    with pytest.raises(OptionOffError):
        service.record_hand(
            ev.id,
            ["Ann", "Bob", "Cat", "Dan"],
            expected_version=ev.version,
            events=[{"kind": "revolution"}],
        )


# --------------------------------------------------------------------------- concierge


def test_concierge_five_and_six_players_two_decks(service):
    """CONC: "Deux paquets conventionnels, plus deux Fous, à cinq ou six joueurs." "Quand il y
    a plus de quatre joueurs, les deux autres occupent des postes intermédiaires de commis 1 et
    de commis 2 entre le secrétaire et le concierge." "Le président échange deux cartes avec
    le concierge. Le commis 1 donne sa carte la plus basse au commis 2 qui, en retour, lui
    donne sa meilleure carte." """
    ev = service.create_evening(
        ["Ann", "Bob", "Cat", "Dan", "Eve"],
        "concierge",
        day=DAY,
        settings=["join_leave=true"],
        ranking=["Eve", "Dan", "Cat", "Bob", "Ann"],
    )
    plan = ev.next_plan
    assert plan.deck.model_dump() == {"cards": 106, "decks": 2, "jokers": 2}
    assert plan.titles == {
        "Eve": "Président",
        "Dan": "Vice-Président",
        "Cat": "Secrétaire",
        "Bob": "Commis 1",
        "Ann": "Concierge",
    }
    ev = play(service, ev, "Ann Bob Cat Dan Eve")
    assert titles(ev)["Eve"] == "Concierge" and ev.next_plan.dealer == "Eve"
    ev = service.join(ev.id, "Fay", expected_version=ev.version)
    plan = ev.next_plan
    assert plan.titles["Fay"] == "Concierge" and plan.titles["Eve"] == "Commis 2"
    assert plan.deck.decks == 2
    assert {(g[0], g[1], g[2]) for g in gifts(plan)[:2]} == {("Ann", "Fay", 2), ("Fay", "Ann", 2)}
    assert ("Dan", "Eve", 1, "lowest") in gifts(plan)  # commis 1 -> commis 2
    ev = play(service, ev, "Fay Ann Bob Cat Dan Eve")
    assert titles(ev)["Fay"] == "Président" and titles(ev)["Eve"] == "Concierge"
    ev = service.leave(ev.id, "Cat", expected_version=ev.version)
    ev = service.leave(ev.id, "Dan", expected_version=ev.version)
    # "un paquet conventionnel, plus les Fous, à trois ou quatre joueurs"
    assert ev.next_plan.deck.model_dump() == {"cards": 54, "decks": 1, "jokers": 2}
    assert ranking(ev) == ["Fay", "Ann", "Bob", "Eve"]
    ev = play(service, ev, "Bob Eve Fay Ann")
    assert titles(ev) == {
        "Bob": "Président",
        "Eve": "Vice-Président",
        "Fay": "Secrétaire",
        "Ann": "Concierge",
    }
