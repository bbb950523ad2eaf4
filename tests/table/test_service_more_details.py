"""More details of TableService (companion/table/service.py), one rule per test: imports
that must replay, known profiles, settings kept, roles drawn by name, refusals' words."""

from __future__ import annotations

import json
from datetime import date
from pathlib import Path

import pytest

from companion.errors import CompanionError
from companion.table.evening import (
    EveningEndedError,
    EveningError,
    PlayerProfile,
    UnknownPlayerError,
)
from companion.table.service import TableService

FOUR = ["Ann", "Bob", "Cat", "Dan"]
DAY = date(2024, 3, 1)


@pytest.fixture
def service(tmp_path):
    return TableService(tmp_path / "data")


def _break_orders(node):
    """Every finishing order in a backup names its second player twice."""
    if isinstance(node, dict):
        if isinstance(node.get("order"), list) and len(node["order"]) > 1:
            node["order"][0] = node["order"][1]
        for value in node.values():
            _break_orders(value)
    elif isinstance(node, list):
        for value in node:
            _break_orders(value)


def test_an_import_whose_evening_does_not_replay_is_refused(tmp_path: Path) -> None:
    """A backup whose evening no longer replays (a player twice in an order) is refused
    whole: the folder keeps what it had."""
    source = TableService(tmp_path / "a")
    ev = source.create_evening(FOUR, "pagat", day=DAY)
    source.record_hand(ev.id, FOUR, expected_version=ev.version)
    path = source.export_backup(tmp_path / "backup.json")
    data = json.loads(path.read_text("utf-8"))
    _break_orders(data)
    path.write_text(json.dumps(data), "utf-8")
    target = TableService(tmp_path / "b")
    with pytest.raises(CompanionError) as info:
        target.import_backup(path)
    assert "Named twice in the finishing order: Bob." in str(info.value)
    assert target.evenings() == []


def test_a_known_profile_is_taken_as_it_is(service):
    """A second evening may be started with the profiles of the first: the same players."""
    first = service.create_evening(FOUR, "pagat", day=DAY)
    second = service.create_evening(list(first.players), "pagat", day=DAY)
    assert [p.id for p in second.players] == [p.id for p in first.players]


def test_a_number_of_hands_keeps_the_other_settings(service):
    """Giving the number of hands adds to the settings given; it does not replace them."""
    ev = service.create_evening(FOUR, "pagat", day=DAY, settings=["seating=fixed"], hands=3)
    assert "seating=fixed" in ev.settings
    assert "hands=3" in ev.settings


def test_roles_drawn_may_name_players_by_id(service):
    """The roles already drawn may name the players by their ids, capitals included."""
    profiles = [PlayerProfile(id=f"P{name.upper()}", name=name) for name in FOUR]
    ids = [p.id for p in reversed(profiles)]
    ev = service.create_evening(profiles, "pagat", day=DAY, ranking=ids)
    assert list(ev.steps[0].ranking) == ids


def test_roles_naming_a_stranger_are_refused_in_words(service):
    """Roles drawn for someone not at the table are refused, naming him in both languages."""
    with pytest.raises(UnknownPlayerError) as info:
        service.create_evening(FOUR, "pagat", day=DAY, ranking=["Eve", "Ann", "Bob", "Cat"])
    assert info.value.message("fr") == "Pas à la table : Eve."
    assert info.value.message("en") == "Not at the table: Eve."


def test_an_ended_evening_refuses_a_hand_in_words(service):
    """Once the evening has ended, a new hand is refused, saying how to reopen it."""
    ev = service.create_evening(FOUR, "pagat", day=DAY, hands=1)
    ev = service.record_hand(ev.id, FOUR, expected_version=ev.version)
    assert ev.ended
    with pytest.raises(EveningEndedError) as info:
        service.record_hand(ev.id, FOUR, expected_version=ev.version)
    assert info.value.message("en") == "The evening has ended: undo the last action to reopen it."


def test_an_unknown_player_in_an_event_is_named_in_the_details(service):
    """An event naming someone not at tonight's table is refused, with the name as typed."""
    ev = service.create_evening(FOUR, "pagat", day=DAY, settings=["faults=true"])
    with pytest.raises(EveningError) as info:
        service.record_hand(
            ev.id, FOUR, expected_version=ev.version, events=[{"kind": "fault", "player": "Zoé"}]
        )
    assert info.value.details["player"] == "Zoé"
