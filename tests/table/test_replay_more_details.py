"""More details of the replay (companion/table/replay.py), one rule per test: fixed seats,
the players named by a refusal, the words of event refusals, and who an effect names."""

from __future__ import annotations

from datetime import date

import pytest

from companion.table.evening import ConflictingEventsError, EveningError, IncompleteOrderError
from companion.table.service import TableService

FOUR = ["Ann", "Bob", "Cat", "Dan"]
DAY = date(2024, 3, 1)


@pytest.fixture
def service(tmp_path):
    return TableService(tmp_path / "data")


def play(service, ev, *orders, **kw):
    for order in orders:
        ev = service.record_hand(ev.id, order.split(), expected_version=ev.version, **kw)
    return ev


def refused(service, ev, order, **kw) -> EveningError:
    with pytest.raises(EveningError) as info:
        service.record_hand(ev.id, order.split(), expected_version=ev.version, **kw)
    assert service.evening(ev.id).version == ev.version  # nothing recorded
    return info.value


def names_of(ev, ids):
    by_id = {p.id: p.name for p in ev.players}
    return [by_id[i] for i in ids]


def test_fixed_seats_do_not_follow_the_ranking(service):
    """With seating=fixed everyone keeps his seat: the next plan seats the table as it sat,
    whatever the finishing order."""
    ev = service.create_evening(FOUR, "pagat", day=DAY, settings=["seating=fixed"])
    ev = play(service, ev, "Dan Cat Bob Ann")
    assert ev.next_plan.seating == FOUR


def test_an_incomplete_order_lists_the_missing_players(service):
    """A refused incomplete order carries the players missing from it, for the screens."""
    ev = service.create_evening(FOUR, "pagat", day=DAY)
    err = refused(service, ev, "Ann Bob")
    assert isinstance(err, IncompleteOrderError)
    assert names_of(ev, err.details["players"]) == ["Cat", "Dan"]


def test_no_putsch_on_the_first_hand_in_words(service):
    """A putsch on the first hand is refused: there is no Trou du cul yet, said in French."""
    ev = service.create_evening(FOUR, "trou-du-cul", day=DAY, settings=["putsch=true"])
    err = refused(service, ev, "Ann Bob Cat Dan", events=[{"kind": "putsch", "player": "Dan"}])
    assert isinstance(err, ConflictingEventsError)
    assert err.message("fr") == (
        "Main 1 : Pas de putsch à la première main : il n'y a pas encore de Trou du cul."
    )


def test_a_putsch_outcome_must_match_the_order_in_words(service):
    """A putsch said succeeded while another player went out first is refused: it succeeds
    exactly when the putschist finishes Président."""
    ev = service.create_evening(FOUR, "trou-du-cul", day=DAY, settings=["putsch=true"])
    ev = play(service, ev, "Ann Bob Cat Dan")
    putsch = [{"kind": "putsch", "player": "Dan", "outcome": "succeeded"}]
    err = refused(service, ev, "Ann Bob Cat Dan", events=putsch)
    assert err.message("fr") == (
        "Main 2 : Putsch réussi mais Ann est sorti en premier : un putsch réussit si et "
        "seulement si le putschiste finit Président."
    )
    assert err.message("en") == (
        "Hand 2: Putsch succeeded but Ann went out first: a putsch succeeds exactly when "
        "the putschist finishes Président."
    )


def test_one_coup_per_hand_in_words(service):
    """Two coups d'État in one hand are refused, naming both players."""
    ev = service.create_evening(FOUR, "trou-du-cul", day=DAY, settings=["coup_detat=true"])
    ev = play(service, ev, "Ann Bob Cat Dan")
    coups = [{"kind": "coup_detat", "player": "Cat"}, {"kind": "coup_detat", "player": "Bob"}]
    err = refused(service, ev, "Ann Bob Cat Dan", events=coups)
    assert err.message("fr") == "Main 2 : Un seul coup d'État par main : Cat, Bob."


def test_a_forbidden_finish_twice_is_refused_in_words(service):
    """The same forbidden finish recorded twice for a player is refused, in both languages."""
    ev = service.create_evening(FOUR, "angevin", day=DAY)
    twice = [{"kind": "forbidden_finish", "player": "Ann"}] * 2
    err = refused(service, ev, "Ann Bob Cat Dan", events=twice)
    assert isinstance(err, ConflictingEventsError)
    assert err.message("fr") == "Main 1 : Événement forbidden_finish en double pour Ann."
    assert err.message("en") == "Hand 1: Event forbidden_finish twice for Ann."


def test_the_president_falls_once_per_hand(service):
    """The rich man falling recorded twice for the same player is refused."""
    ev = service.create_evening(FOUR, "pagat", day=DAY, settings=["rich_man_falls=true"])
    ev = play(service, ev, "Ann Bob Cat Dan")
    twice = [{"kind": "president_falls", "player": "Ann"}] * 2
    err = refused(service, ev, "Bob Cat Ann Dan", events=twice)
    assert isinstance(err, ConflictingEventsError)
    assert err.message("en") == "Hand 2: Event president_falls twice for Ann."


def test_a_succeeded_putsch_names_the_putschist(service):
    """The effect of a succeeded putsch names the putschist."""
    ev = service.create_evening(FOUR, "trou-du-cul", day=DAY, settings=["putsch=true"])
    ev = play(service, ev, "Ann Bob Cat Dan")
    ev = play(service, ev, "Dan Ann Bob Cat", events=[{"kind": "putsch", "player": "Dan"}])
    effects = ev.hands[-1].result.effects
    assert [(e.kind, names_of(ev, [e.player])) for e in effects] == [("putsch_succeeded", ["Dan"])]


def test_a_fault_penalty_names_the_player_at_fault(service):
    """After two faults, the penalty effect names the player at fault."""
    ev = service.create_evening(FOUR, "pagat", day=DAY, settings=["faults=true", "target=none"])
    fault = [{"kind": "fault", "player": "Bob", "note": "carte oubliée"}]
    ev = play(service, ev, "Ann Bob Cat Dan")
    ev = play(service, ev, "Bob Ann Cat Dan", "Bob Ann Dan Cat", events=fault)
    penalties = [e for e in ev.hands[-1].result.effects if e.kind == "fault_penalty"]
    assert [names_of(ev, [e.player]) for e in penalties] == [["Bob"]]
