"""The "Hands and players" screen's logic, without a browser: the hands as recorded, their
correction through the service, and who may join."""

from __future__ import annotations

from pathlib import Path

import pytest

from companion.table.service import TableService, VersionConflictError
from companion.ui.hands_model import HandEdit, hands_view
from companion.ui.table_model import Marked

PLAYERS = ["Léa", "Tom", "Sam", "Zoé"]
EXTRAS = ["putsch=true", "coup_detat=true", "faults=true"]


@pytest.fixture
def service(tmp_path: Path) -> TableService:
    return TableService(tmp_path)


def _evening(service: TableService, *orders: list[str], settings: list[str] | None = None):
    ev = service.create_evening(PLAYERS, "trou-du-cul", settings=settings or [])
    for order in orders:
        ev = service.record_hand(ev.id, order, expected_version=ev.version)
    return ev


def test_hands_are_listed_newest_first_with_order_titles_and_points(service) -> None:
    """Each hand shows its number, its finishing order and what it gave each player."""
    ev = _evening(service, PLAYERS, ["Tom", "Léa", "Zoé", "Sam"])
    view = hands_view(ev)
    assert [h.number for h in view.hands] == [2, 1]
    second = view.hands[0]
    assert second.order == ("Tom", "Léa", "Zoé", "Sam")
    assert [(p.name, p.title, p.points, p.total) for p in second.places] == [
        ("Tom", "Président", 3, 5),
        ("Léa", "Vice-Président", 2, 5),
        ("Zoé", "Secrétaire", 1, 1),
        ("Sam", "Trou du cul", 0, 1),
    ]
    assert view.hand(1) is view.hands[1] and view.hand(3) is None


def test_a_hand_lists_the_players_it_was_played_by(service) -> None:
    """The order keys of a correction are the players of that hand: the ranking before it,
    or on a first hand the seats of its plan; a first hand has no Trou du cul to putsch."""
    ev = _evening(
        service, ["Zoé", "Sam", "Tom", "Léa"], ["Tom", "Léa", "Zoé", "Sam"], settings=EXTRAS
    )
    view = hands_view(ev)
    first, second = view.hand(1), view.hand(2)
    assert first.players == tuple(PLAYERS) and first.scum is None
    assert "putsch" not in first.allowed
    assert second.players == ("Zoé", "Sam", "Tom", "Léa") and second.scum == "Léa"
    assert "putsch" in second.allowed


def test_a_correction_starts_from_the_hand_as_recorded(service) -> None:
    """The edit is prefilled: same order and events, nothing changed, the version read."""
    ev = _evening(service, PLAYERS, settings=EXTRAS)
    ev = service.record_hand(
        ev.id,
        ["Tom", "Léa", "Zoé", "Sam"],
        expected_version=ev.version,
        events=[{"kind": "fault", "player": "Sam"}],
    )
    edit = HandEdit.start(hands_view(ev).hand(2), ev.version)
    assert edit.entry.order == ("Tom", "Léa", "Zoé", "Sam")
    assert edit.entry.events == (Marked("fault", "Sam"),)
    assert edit.complete() and not edit.changed()
    assert edit.version == ev.version


def test_correcting_an_earlier_order_recomputes_points_and_standings(service) -> None:
    """Saving a new order for hand 1 replays every later hand: points, totals, standings."""
    ev = _evening(service, PLAYERS, ["Tom", "Léa", "Zoé", "Sam"], PLAYERS)
    before = hands_view(ev)
    assert before.present[0].name == "Léa"
    edit = HandEdit.start(before.hand(1), ev.version).change(lambda e: e.clear_order())
    for name in ["Zoé", "Sam", "Tom"]:
        edit = edit.tap_player(name)
    assert edit.entry.order == ("Zoé", "Sam", "Tom", "Léa") and edit.changed()
    after = hands_view(service.edit_hand(ev.id, edit.card.hand_id, **edit.edit_args()))
    assert after.version == ev.version + 1
    assert [(p.name, p.points) for p in after.hand(1).places] == [
        ("Zoé", 3),
        ("Sam", 2),
        ("Tom", 1),
        ("Léa", 0),
    ]
    assert {p.name: p.total for p in before.present} == {"Léa": 8, "Tom": 7, "Sam": 2, "Zoé": 1}
    assert {p.name: p.total for p in after.present} == {"Léa": 5, "Tom": 6, "Sam": 3, "Zoé": 4}
    assert len(after.hands) == 3


def test_untouched_events_are_kept_exactly_as_recorded(service) -> None:
    """An order-only correction sends no events, so the service keeps them (a fault's note)."""
    ev = _evening(service, PLAYERS, settings=EXTRAS)
    ev = service.record_hand(
        ev.id,
        ["Tom", "Léa", "Zoé", "Sam"],
        expected_version=ev.version,
        events=[{"kind": "fault", "player": "Sam", "note": "a peek"}],
    )
    edit = HandEdit.start(hands_view(ev).hand(2), ev.version)
    edit = edit.change(lambda e: e.clear_order())
    for name in ["Léa", "Tom", "Zoé"]:
        edit = edit.tap_player(name)
    args = edit.edit_args()
    assert "events" not in args
    ev = service.edit_hand(ev.id, 2, **args)
    assert ev.hands[1].events[0].note == "a peek"


def test_changed_events_are_sent_whole_a_guillotine_with_its_victim(service) -> None:
    """Dropping a fault sends the remaining events, a guillotine with its victim by name."""
    ev = _evening(service, PLAYERS, settings=EXTRAS)
    ev = service.record_hand(
        ev.id,
        ["Tom", "Léa", "Zoé", "Sam"],
        expected_version=ev.version,
        events=[
            {"kind": "guillotine", "player": "Sam", "victim": "Léa"},
            {"kind": "fault", "player": "Tom"},
        ],
    )
    card = hands_view(ev).hand(2)
    assert card.events == (Marked("guillotine", "Sam", "Léa"), Marked("fault", "Tom"))
    edit = HandEdit.start(card, ev.version).change(lambda e: e.drop_event(1))
    args = edit.edit_args()
    assert args["events"] == [{"kind": "guillotine", "player": "Sam", "victim": "Léa"}]
    ev = service.edit_hand(ev.id, card.hand_id, **args)
    assert [e.kind for e in ev.hands[1].events] == ["guillotine"]


def test_revolutions_are_counted_back_into_one_event(service) -> None:
    """A hand with two revolutions prefills two marks; one dropped sends a count of one."""
    ev = service.create_evening(PLAYERS, "angevin")
    ev = service.record_hand(
        ev.id, PLAYERS, expected_version=ev.version, events=[{"kind": "revolution", "count": 2}]
    )
    card = hands_view(ev).hand(1)
    assert card.events == (Marked("revolution"), Marked("revolution"))
    assert "revolution" in card.allowed
    args = HandEdit.start(card, ev.version).change(lambda e: e.drop_event(0)).edit_args()
    assert args["events"] == [{"kind": "revolution", "count": 1}]


def test_an_order_left_as_recorded_counts_as_complete(service) -> None:
    """After a failed putsch the model accepts an order that stops at the first player out:
    the correction may keep it as it is (and change the events only)."""
    ev = _evening(service, PLAYERS, settings=EXTRAS)
    ev = service.record_hand(
        ev.id, ["Léa"], expected_version=ev.version, events=[{"kind": "putsch", "player": "Zoé"}]
    )
    edit = HandEdit.start(hands_view(ev).hand(2), ev.version)
    assert edit.card.order == ("Léa",) and edit.complete()
    assert not edit.tap_player("Léa").complete()


def test_a_correction_from_an_old_version_is_refused_and_changes_nothing(service) -> None:
    """The save names the version the hand was read from: another phone's change wins."""
    ev = _evening(service, PLAYERS, ["Tom", "Léa", "Zoé", "Sam"])
    edit = (
        HandEdit.start(hands_view(ev).hand(1), ev.version)
        .change(lambda e: e.clear_order())
        .tap_player("Tom")
        .tap_player("Léa")
        .tap_player("Zoé")
    )
    assert edit.complete()
    newer = service.delete_hand(ev.id, 2, expected_version=ev.version)
    with pytest.raises(VersionConflictError) as caught:
        service.edit_hand(ev.id, edit.card.hand_id, **edit.edit_args())
    assert caught.value.current.version == newer.version
    assert service.evening(ev.id).hands[0].order == newer.hands[0].order


def test_delete_needs_a_second_tap_and_any_other_tap_cancels_it(service) -> None:
    """The first tap on delete only arms the confirm button; a tap elsewhere disarms it."""
    ev = _evening(service, PLAYERS)
    edit = HandEdit.start(hands_view(ev).hand(1), ev.version)
    assert not edit.confirm_delete
    armed = edit.ask_delete()
    assert armed.confirm_delete
    assert not armed.ask_delete().confirm_delete
    assert not armed.change(lambda e: e.clear_order()).confirm_delete


def test_an_incomplete_order_names_who_is_missing(service) -> None:
    """A correction with players left out cannot be saved and says who is missing."""
    ev = _evening(service, PLAYERS)
    edit = HandEdit.start(hands_view(ev).hand(1), ev.version)
    edit = edit.tap_player("Sam")  # back to Léa, Tom
    assert not edit.complete()
    assert edit.missing() == ("Sam", "Zoé")


def test_players_at_the_table_and_those_who_left(service) -> None:
    """Joins and leaves show: who is here now (with points), who left (points kept)."""
    ev = _evening(service, PLAYERS)
    ev = service.join(ev.id, "Max", expected_version=ev.version)
    ev = service.leave(ev.id, "Tom", expected_version=ev.version)
    view = hands_view(ev)
    assert [p.name for p in view.present] == ["Léa", "Sam", "Zoé", "Max"]
    assert [(p.name, p.total) for p in view.left] == [("Tom", 2)]
    assert view.join_leave


def test_who_can_join_and_why_a_typed_name_is_refused(service) -> None:
    """Those who left and saved profiles not at the table can join; a name already at the
    table (any case), an empty one or one with a comma gets a message."""
    ev = _evening(service, PLAYERS)
    ev = service.leave(ev.id, "Tom", expected_version=ev.version)
    view = hands_view(ev)
    assert view.joinable(["Léa", "Ana", "tom"]) == ("Tom", "Ana")
    assert view.name_problem(" léa ") == ("new.name_twice", {"name": "léa"})
    assert view.name_problem("  ") == ("new.name_empty", {})
    assert view.name_problem("A, B") == ("new.name_invalid", {"name": "A, B"})
    assert view.name_problem("Tom") is None  # he left: he may come back


def test_an_ended_evening_reads_as_ended(service) -> None:
    """After close the view says so (the screen then shows it read-only)."""
    ev = _evening(service, PLAYERS)
    assert not hands_view(ev).ended
    assert hands_view(service.close(ev.id, expected_version=ev.version)).ended


def test_rules_without_join_and_leave_say_so(service) -> None:
    """classique keeps the table as it sat: the screen offers no join or leave."""
    ev = service.create_evening(PLAYERS, "classique")
    view = hands_view(ev)
    assert not view.join_leave and not view.scored and view.hands == ()


def test_a_hand_scored_by_cards_is_corrected_by_its_counts(service) -> None:
    """card_penalty: the correction starts from who went out and the counts as recorded; a
    changed count is sent as cards left (the replay derives the places), none as an order."""
    ev = service.create_evening(PLAYERS, "trou-du-cul", settings=["scoring=card_penalty"])
    ev = service.record_hand(
        ev.id, [], expected_version=ev.version, cards_left={"Léa": 0, "Tom": 3, "Sam": 5, "Zoé": 2}
    )
    card = hands_view(ev).hand(1)
    assert card.by_cards and card.out == ("Léa",)
    assert card.cards == (("Sam", 5), ("Tom", 3), ("Zoé", 2))
    assert card.hand_sizes["Tom"] == 13
    edit = HandEdit.start(card, ev.version)
    assert edit.complete() and not edit.changed()
    edit = edit.change(lambda e: e.pick("Tom")).set_count(1)
    args = edit.edit_args()
    assert args["order"] == [] and args["cards_left"] == {"Léa": 0, "Tom": 1, "Sam": 5, "Zoé": 2}
    after = hands_view(service.edit_hand(ev.id, card.hand_id, **args)).hand(1)
    assert [p.name for p in after.places] == ["Léa", "Tom", "Zoé", "Sam"]
    moved = HandEdit.start(after, ev.version + 1).tap_out("Tom")  # Léa now needs a count
    assert not moved.complete() and moved.missing() == ("Léa",)
