"""Changes to an evening through ``TableService`` (companion/table/service_changes.py), one
rule per test: stale versions, hands sent twice, unknown hands, ended evenings, the drawn roles
undone and redone, corrections of a hand's events, and events that do not read."""

from __future__ import annotations

from datetime import date

import pytest

from companion.table.evening import EveningEndedError, EveningError
from companion.table.service import (
    DuplicateHandError,
    TableService,
    UnknownHandError,
    VersionConflictError,
)
from tests.support.evenings import FOUR, ids, played

DAY = date(2024, 3, 1)


def test_a_stale_version_is_refused_with_both_versions(service: TableService) -> None:
    """A change made on an old version is refused, saying which version each side had."""
    ev = played(service, date(2024, 1, 5), ["Ann Bob Cat Dan"])
    with pytest.raises(VersionConflictError) as info:
        service.record_hand(ev.id, FOUR, expected_version=ev.version - 1)
    err = info.value
    assert err.details == {"expected": ev.version - 1, "found": ev.version}
    assert err.message("en") == (
        f"The evening changed meanwhile (version {ev.version}, you had {ev.version - 1}): "
        "nothing was saved. Check and try again."
    )
    assert err.current.version == ev.version


def test_a_hand_recorded_twice_is_refused_with_its_number(service: TableService) -> None:
    """The same hand sent twice (same key) is refused, naming the hand it already is."""
    ev = played(service, date(2024, 1, 5), ["Ann Bob Cat Dan"])
    ev = service.record_hand(ev.id, FOUR, expected_version=ev.version, key="tap-2")
    with pytest.raises(DuplicateHandError) as info:
        service.record_hand(ev.id, FOUR, expected_version=ev.version, key="tap-2")
    assert info.value.details == {"hand": 2}
    assert info.value.message("fr") == "Cette main est déjà enregistrée (main 2)."
    assert info.value.message("en") == "This hand is already recorded (hand 2)."


def test_an_unknown_hand_is_refused_in_both_languages(service: TableService) -> None:
    """Editing a hand that does not exist is refused, naming it."""
    ev = played(service, date(2024, 1, 5), ["Ann Bob Cat Dan"])
    with pytest.raises(UnknownHandError) as info:
        service.edit_hand(ev.id, 3, expected_version=ev.version, order=FOUR)
    assert info.value.message("fr") == "Main inconnue : 3."
    assert info.value.message("en") == "Unknown hand: 3."


def test_an_ended_evening_refuses_a_hand_in_words(service: TableService) -> None:
    """Once the evening has ended, a new hand is refused, saying how to reopen it."""
    ev = service.create_evening(FOUR, "pagat", day=DAY, hands=1)
    ev = service.record_hand(ev.id, FOUR, expected_version=ev.version)
    assert ev.ended
    with pytest.raises(EveningEndedError) as info:
        service.record_hand(ev.id, FOUR, expected_version=ev.version)
    assert info.value.message("en") == "The evening has ended: undo the last action to reopen it."


def test_an_ended_evening_takes_no_departure_nor_drawn_roles(service: TableService) -> None:
    """Once the evening has ended, nobody leaves and no roles are drawn: undo reopens it."""
    ev = played(service, date(2024, 1, 5), ["Ann Bob Cat Dan"])
    ev = service.close(ev.id, expected_version=ev.version)
    with pytest.raises(EveningEndedError):
        service.leave(ev.id, "Dan", expected_version=ev.version)
    with pytest.raises(EveningEndedError):
        service.set_ranking(ev.id, FOUR, expected_version=ev.version)
    assert service.evening(ev.id).version == ev.version


def test_drawn_roles_can_be_undone_and_redone(service: TableService) -> None:
    """The drawn first roles are logged with their step, so undo takes them back and redo
    puts the same ranking back."""
    ev = service.create_evening(FOUR, "trou-du-cul", day=date(2024, 1, 5))
    ev = service.set_ranking(ev.id, FOUR[::-1], expected_version=ev.version)
    drawn = ev.steps[-1]
    ev = service.undo(ev.id, expected_version=ev.version)
    assert ev.steps == ()
    ev = service.redo(ev.id, expected_version=ev.version)
    assert ev.steps == (drawn,)


def test_editing_the_events_keeps_the_cards_left(service: TableService) -> None:
    """Correcting one field of a card_penalty hand keeps the cards left recorded."""
    ev = service.create_evening(
        FOUR, "trou-du-cul", day=date(2024, 7, 1), settings=["scoring=card_penalty"]
    )
    cards = {"Ann": 0, "Bob": 4, "Cat": 12, "Dan": 1}
    ev = service.record_hand(ev.id, [], expected_version=ev.version, cards_left=cards)
    before, totals = ev.hands[0].cards_left, ev.totals
    ev = service.edit_hand(ev.id, 1, expected_version=ev.version, events=[])
    assert ev.hands[0].cards_left == before == {ids(service)[n]: v for n, v in cards.items()}
    assert ev.totals == totals


def test_editing_who_played_no_card_takes_the_new_list(service: TableService) -> None:
    """A correction of who played no card replaces the one recorded."""
    ev = service.create_evening(
        FOUR, "trou-du-cul", day=date(2024, 7, 1), settings=["scoring=card_penalty"]
    )
    cards = {"Ann": 0, "Bob": 4, "Cat": 12, "Dan": 1}
    ev = service.record_hand(ev.id, [], expected_version=ev.version, cards_left=cards)
    ev = service.edit_hand(ev.id, 1, expected_version=ev.version, none_played=["Cat"])
    assert ev.hands[0].none_played == (ids(service)["Cat"],)


def test_a_bad_event_is_refused_with_each_problem(service: TableService) -> None:
    """An event that does not read is refused, listing each problem by field."""
    ev = service.create_evening(FOUR, "pagat", day=date(2024, 1, 5), settings=["faults=true"])
    with pytest.raises(EveningError) as info:
        service.record_hand(
            ev.id, FOUR, expected_version=ev.version, events=[{"kind": "fault", "note": 3}]
        )
    err = info.value
    assert err.code == "bad-event"
    assert err.message("en") == "Invalid event: fault.player: missing; fault.note: should be text."
    assert err.message("fr") == (
        "Événement invalide : fault.player : manquant ; fault.note : doit être un texte."
    )


def test_an_unknown_player_in_an_event_is_named_in_the_details(service: TableService) -> None:
    """An event naming someone not at tonight's table is refused, with the name as typed."""
    ev = service.create_evening(FOUR, "pagat", day=DAY, settings=["faults=true"])
    with pytest.raises(EveningError) as info:
        service.record_hand(
            ev.id, FOUR, expected_version=ev.version, events=[{"kind": "fault", "player": "Zoé"}]
        )
    assert info.value.details["player"] == "Zoé"
