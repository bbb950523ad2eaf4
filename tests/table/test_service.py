"""The service: bad input changes nothing, versions and idempotency keys stop double writes,
undo is exact, and editing or deleting a past hand recomputes everything after it."""

from datetime import date

import pytest

from companion.errors import CompanionError
from companion.rules.errors import RuleSetError, UnknownPresetError
from companion.table.evening import (
    ConflictingEventsError,
    DuplicateInOrderError,
    Evening,
    EveningEndedError,
    EveningError,
    IncompleteOrderError,
    OptionOffError,
    UnknownPlayerError,
)
from companion.table.roster import PlayerListError
from companion.table.service import (
    DuplicateHandError,
    NothingToUndoError,
    TableService,
    UnknownEveningError,
    UnknownHandError,
    VersionConflictError,
)

DAY = date(2024, 3, 1)
FOUR = ["Ann", "Bob", "Cat", "Dan"]


def record(service, ev, order, **kw) -> Evening:
    return service.record_hand(ev.id, order.split(), expected_version=ev.version, **kw)


def outcome(ev: Evening) -> list[tuple]:
    """What a hand produced, by name, without ids or timestamps."""
    n = ev.name
    return [
        (
            [n(p) for p in h.result.ranking],
            {n(p): t for p, t in h.result.titles.items()},
            {n(p): v for p, v in h.result.points.items()},
            {n(p): v for p, v in h.result.totals.items()},
            h.result.plan,
        )
        for h in ev.hands
    ]


def file_bytes(service, ev) -> bytes:
    return service.repo.evening_path(ev.id).read_bytes()


@pytest.fixture
def putsch_evening(service):
    ev = service.create_evening(
        FOUR, "trou-du-cul", day=DAY, settings=["putsch=true", "coup_detat=true"]
    )
    return record(service, ev, "Ann Bob Cat Dan")


# ----------------------------------------------------------------- bad input changes nothing


BAD_HANDS = [
    ("Ann Bob Cat", [], IncompleteOrderError, "Dan"),
    ("Ann Bob Cat Dan Ann", [], DuplicateInOrderError, "Ann"),
    ("Ann Bob Cat Zoe", [], UnknownPlayerError, "Zoe"),
    ("Ann Bob Cat Cat", [], DuplicateInOrderError, "Cat"),
    (
        "Dan Ann Bob Cat",
        [
            {"kind": "putsch", "player": "Dan", "outcome": "succeeded"},
            {"kind": "putsch", "player": "Dan", "outcome": "failed"},
        ],
        ConflictingEventsError,
        "putsch",
    ),
    ("Bob Ann Cat Dan", [{"kind": "putsch", "player": "Bob"}], ConflictingEventsError, "Bob"),
    (
        "Bob Ann Cat Dan",
        [{"kind": "putsch", "player": "Dan", "outcome": "succeeded"}],
        ConflictingEventsError,
        "Bob",
    ),
    (
        "Dan Ann Bob Cat",
        [{"kind": "putsch", "player": "Dan", "outcome": "failed"}],
        ConflictingEventsError,
        "Dan",
    ),
    (
        "Ann Bob Cat Dan",
        [{"kind": "coup_detat", "player": "Cat"}, {"kind": "coup_detat", "player": "Bob"}],
        ConflictingEventsError,
        "Cat",
    ),
    (
        "Ann Bob Cat Dan",
        [{"kind": "guillotine", "player": "Cat", "victim": "Cat"}],
        ConflictingEventsError,
        "guillotine",
    ),
    (
        "Dan Ann Bob Cat",
        [
            {"kind": "putsch", "player": "Dan", "outcome": "succeeded"},
            {"kind": "coup_detat", "player": "Bob"},
        ],
        ConflictingEventsError,
        "Dan",
    ),
    ("Ann Bob Cat Dan", [{"kind": "fault", "player": "Ann"}], OptionOffError, "faults"),
    ("Ann Bob Cat Dan", [{"kind": "coup_detat", "player": "Zoe"}], UnknownPlayerError, "Zoe"),
    ("Ann Bob Cat Dan", [{"kind": "meteor", "player": "Ann"}], EveningError, "kind"),
]


@pytest.mark.parametrize(("order", "events", "error", "named"), BAD_HANDS)
def test_bad_hand_changes_nothing(service, putsch_evening, order, events, error, named):
    """Each bad hand is refused with a clear message in French and English; the evening's
    file and version are untouched."""
    ev = putsch_evening
    before = file_bytes(service, ev)
    with pytest.raises(error) as caught:
        record(service, ev, order, events=events)
    err = caught.value
    assert isinstance(err, CompanionError) and err.code
    assert named in err.message("fr") and named in err.message("en")
    assert err.message("fr") != err.message("en")
    assert file_bytes(service, ev) == before
    assert service.evening(ev.id) == ev


def test_error_codes_are_stable(service, putsch_evening):
    """Each kind of bad hand carries its own fixed error code (incomplete-order, duplicate-in-order,
    unknown-player, conflicting-events) that callers can rely on."""
    ev = putsch_evening
    codes = {}
    for order, events, _, _ in BAD_HANDS[:5]:
        try:
            record(service, ev, order, events=events)
        except CompanionError as err:
            codes[order] = err.code
    assert set(codes.values()) == {
        "incomplete-order",
        "duplicate-in-order",
        "unknown-player",
        "conflicting-events",
    }


def test_putsch_needs_the_option(service):
    """A putsch is refused while the putsch option is off, and the refusal names putsch=false."""
    ev = service.create_evening(FOUR, "trou-du-cul", day=DAY)
    ev = record(service, ev, "Ann Bob Cat Dan")
    with pytest.raises(OptionOffError) as caught:
        record(service, ev, "Ann Bob Cat Dan", events=[{"kind": "putsch", "player": "Dan"}])
    assert "putsch=false" in caught.value.message("en")


def test_no_putsch_on_a_first_hand(service):
    """No putsch on the evening's first hand: there is no Trou du cul yet, so it is refused as a
    conflicting event."""
    ev = service.create_evening(FOUR, "trou-du-cul", day=DAY, settings=["putsch=true"])
    with pytest.raises(ConflictingEventsError):
        record(service, ev, "Dan Ann Bob Cat", events=[{"kind": "putsch", "player": "Dan"}])


def test_bad_evenings_are_refused(service):
    """An evening is refused, and nothing (evening or player profile) is saved, when a name repeats
    (ignoring case) or is blank, the player count is outside the preset's range, the preset is
    unknown or a setting is bad."""
    with pytest.raises(PlayerListError):
        service.create_evening(["Ann", "Bob", "ann", "Dan"], "pagat")
    with pytest.raises(PlayerListError) as caught:
        service.create_evening(["Ann", "Bob", "Cat"], "pagat")  # PAGAT: 4 to 7
    assert caught.value.code == "too-few-players"
    with pytest.raises(PlayerListError):
        service.create_evening([*FOUR, "Eve"], "president")  # "Quatre joueurs"
    with pytest.raises(UnknownPresetError):
        service.create_evening(FOUR, "belote")
    with pytest.raises(RuleSetError):
        service.create_evening(FOUR, "pagat", settings=["putsch=maybe"])
    with pytest.raises(EveningError):
        service.create_evening(["Ann", "Bob", "  ", "Dan"], "pagat")
    assert service.evenings() == [] and service.players() == []


def test_leave_below_the_minimum_is_refused(service):
    """A player may not leave when that would bring the table below the preset's minimum; nor may an
    unknown player leave, nor a player at the table (in any case) join again."""
    ev = service.create_evening(FOUR, "pagat", day=DAY)
    with pytest.raises(PlayerListError):
        service.leave(ev.id, "Ann", expected_version=ev.version)
    with pytest.raises(UnknownPlayerError):
        service.leave(ev.id, "Zoe", expected_version=ev.version)
    ev = service.join(ev.id, "Eve", expected_version=ev.version)
    with pytest.raises(EveningError) as caught:
        service.join(ev.id, "eve", expected_version=ev.version)
    assert caught.value.code == "already-present"


# ----------------------------------------------------------------- versions and keys


def test_two_phones_from_the_same_version(service):
    """The second phone to write from version v gets a conflict carrying the evening as it
    is now; nothing it sent is saved."""
    ev = service.create_evening(FOUR, "pagat", day=DAY)
    seen = ev.version
    first = service.record_hand(ev.id, FOUR, expected_version=seen)
    with pytest.raises(VersionConflictError) as caught:
        service.record_hand(ev.id, list(reversed(FOUR)), expected_version=seen)
    err = caught.value
    assert err.code == "version-conflict" and err.current == first
    assert err.current.version == seen + 1
    assert str(seen + 1) in err.message("fr") and str(seen) in err.message("en")
    assert service.evening(ev.id) == first
    for change in (
        lambda: service.undo(ev.id, expected_version=seen),
        lambda: service.delete_hand(ev.id, 1, expected_version=seen),
        lambda: service.join(ev.id, "Eve", expected_version=seen),
        lambda: service.close(ev.id, expected_version=seen),
    ):
        with pytest.raises(VersionConflictError):
            change()
    assert service.evening(ev.id) == first


def test_two_services_on_one_data_dir(tmp_path):
    """A second window on the same data directory sees the first one's writes."""
    one, two = TableService(tmp_path), TableService(tmp_path)
    ev = one.create_evening(FOUR, "pagat", day=DAY)
    seen = two.evening(ev.id)
    one.record_hand(ev.id, FOUR, expected_version=seen.version)
    with pytest.raises(VersionConflictError):
        two.record_hand(ev.id, FOUR, expected_version=seen.version)
    assert len(two.evening(ev.id).hands) == 1


def test_idempotency_key(service):
    """A hand sent twice (a double tap, a retry after a lost answer) is recorded once."""
    ev = service.create_evening(FOUR, "pagat", day=DAY)
    ev = record(service, ev, "Ann Bob Cat Dan", key="tap-1")
    before = file_bytes(service, ev)
    for version in (ev.version, ev.version - 1):
        with pytest.raises(DuplicateHandError) as caught:
            service.record_hand(ev.id, FOUR, expected_version=version, key="tap-1")
        assert caught.value.code == "duplicate-hand" and caught.value.current == ev
        assert "1" in caught.value.message("fr")
    assert file_bytes(service, ev) == before
    ev = record(service, ev, "Ann Bob Cat Dan", key="tap-2")
    assert len(ev.hands) == 2


def test_persisted_on_return(service, tmp_path):
    """An evening is saved before the call returns: a new service on the same folder reads it back
    identically, place included; an unknown or path-like evening id is refused as unknown."""
    ev = service.create_evening(FOUR, "pagat", day=DAY, place="Chez Ann")
    ev = record(service, ev, "Cat Ann Dan Bob")
    again = TableService(tmp_path / "data").evening(ev.id)
    assert again == ev and again.place == "Chez Ann"
    with pytest.raises(UnknownEveningError):
        service.evening("nope")
    with pytest.raises(UnknownEveningError):
        service.evening("../etc/passwd")


# ----------------------------------------------------------------- undo, edit, delete


def test_undo_each_action_exactly(service):
    """Undoing each action in turn (hands, join, leave, edit, delete, close) gives back exactly the
    evening before it, down to the first state; one more undo is refused, and the log still holds
    every action, marked undone, and every step it touched."""
    ev = service.create_evening(FOUR, "pagat", day=DAY)
    states = [ev]
    ev = record(service, ev, "Cat Ann Dan Bob")
    states.append(ev)
    ev = record(service, ev, "Ann Cat Bob Dan")
    states.append(ev)
    ev = service.join(ev.id, "Eve", expected_version=ev.version)
    states.append(ev)
    ev = service.leave(ev.id, "Bob", expected_version=ev.version)
    states.append(ev)
    ev = service.edit_hand(
        ev.id, 1, order=["Dan", "Ann", "Cat", "Bob"], expected_version=ev.version
    )
    states.append(ev)
    ev = service.delete_hand(ev.id, 2, expected_version=ev.version)
    states.append(ev)
    ev = service.close(ev.id, expected_version=ev.version)
    assert ev.ended and ev.next_plan is None
    for expected in reversed(states):
        ev = service.undo(ev.id, expected_version=ev.version)
        assert ev.steps == expected.steps and ev.closed == expected.closed
        assert ev.totals == expected.totals and ev.next_plan == expected.next_plan
    with pytest.raises(NothingToUndoError):
        service.undo(ev.id, expected_version=ev.version)
    # nothing is dropped: every action and every hand it touched is still in the log
    assert [e.action for e in ev.log].count("undo") == 7
    assert all(e.undone_at is not None for e in ev.log if e.action != "undo")
    kept = {e.step.id for e in ev.log if e.step is not None}
    assert len(kept) == 4  # two hands, a join, a leave


def test_delete_keeps_the_hand_in_the_log_and_undo_restores_it(service):
    """A deleted hand stays in the log with its position, and undoing the delete puts it back with
    every result as before."""
    ev = service.create_evening(FOUR, "trou-du-cul", day=DAY)
    for order in ("Ann Bob Cat Dan", "Bob Ann Dan Cat", "Cat Dan Ann Bob"):
        ev = record(service, ev, order)
    full = ev
    deleted = ev.hands[1]
    ev = service.delete_hand(ev.id, deleted.id, expected_version=ev.version)
    assert len(ev.hands) == 2
    assert ev.log[-1].step == deleted.inputs() and ev.log[-1].position == 1
    ev = service.undo(ev.id, expected_version=ev.version)
    assert outcome(ev) == outcome(full) and ev.steps == full.steps


def test_edit_recomputes_every_later_hand(service):
    """Derive, don't patch: after correcting hand 2, every later title, plan and score is
    what a table that had entered the right order from the start would have."""
    orders = [
        "Ann Bob Cat Dan",
        "Bob Ann Dan Cat",
        "Cat Dan Ann Bob",
        "Dan Cat Bob Ann",
        "Ann Cat Bob Dan",
    ]
    ev = service.create_evening(FOUR, "trou-du-cul", day=DAY)
    for order in orders:
        ev = record(service, ev, order)
    ev = service.edit_hand(
        ev.id, 2, order=["Dan", "Cat", "Bob", "Ann"], expected_version=ev.version
    )
    fixed = service.create_evening(FOUR, "trou-du-cul", day=DAY)
    for order in [orders[0], "Dan Cat Bob Ann", *orders[2:]]:
        fixed = record(service, fixed, order)
    assert outcome(ev) == outcome(fixed)
    assert ev.next_plan == fixed.next_plan and ev.totals.values() != []
    assert [ev.name(p) for p in ev.hands[2].result.ranking_before] == ["Dan", "Cat", "Bob", "Ann"]


def test_delete_recomputes_like_never_recorded(service):
    """After a hand is deleted, every later result is what it would be had that hand never been
    recorded (here with the Président's fall on)."""
    orders = ["Ann Bob Cat Dan", "Bob Ann Dan Cat", "Cat Dan Ann Bob", "Dan Cat Bob Ann"]
    ev = service.create_evening(FOUR, "pagat", day=DAY, settings=["rich_man_falls=true"])
    for order in orders:
        ev = record(service, ev, order)
    ev = service.delete_hand(ev.id, 1, expected_version=ev.version)
    fresh = service.create_evening(FOUR, "pagat", day=DAY, settings=["rich_man_falls=true"])
    for order in orders[1:]:
        fresh = record(service, fresh, order)
    assert outcome(ev) == outcome(fresh)


def test_edit_that_breaks_a_later_hand_is_refused(service, putsch_evening):
    """A later putsch whose putschist an edit would no longer make Trou du cul: the edit is
    refused, naming the hand, and nothing changes."""
    ev = record(
        service, putsch_evening, "Bob Ann Dan Cat", events=[{"kind": "putsch", "player": "Dan"}]
    )
    before = file_bytes(service, ev)
    with pytest.raises(ConflictingEventsError) as caught:
        service.edit_hand(ev.id, 1, order=["Dan", "Ann", "Bob", "Cat"], expected_version=ev.version)
    assert caught.value.message("fr").startswith("Main 2 :")
    assert caught.value.message("en").startswith("Hand 2:")
    assert caught.value.details["hand"] == 2
    assert file_bytes(service, ev) == before


def test_edit_events_only(service, putsch_evening):
    """A hand's events can be edited without its order: a putsch added to hand 2 fails (Dan did not
    finish first), so Dan stays last; editing a hand that does not exist is refused."""
    ev = record(service, putsch_evening, "Bob Ann Dan Cat")
    ev = service.edit_hand(
        ev.id, 2, events=[{"kind": "putsch", "player": "Dan"}], expected_version=ev.version
    )
    assert [e.kind for e in ev.hands[1].result.effects] == ["putsch_failed"]
    assert ev.name(ev.present[-1]) == "Dan"
    with pytest.raises(UnknownHandError):
        service.edit_hand(ev.id, 9, order=FOUR, expected_version=ev.version)


def test_edit_can_end_the_evening_earlier_without_dropping_hands(service):
    """When an edit makes the target reached at an earlier hand, the evening ends after that hand
    and the hands recorded after it are kept."""
    ev = service.create_evening(FOUR, "pagat", day=DAY, settings=["target=4"])
    ev = record(service, ev, "Ann Bob Cat Dan")
    ev = record(service, ev, "Bob Ann Cat Dan")
    ev = record(service, ev, "Cat Dan Ann Bob")
    assert not ev.ended
    ev = service.edit_hand(ev.id, 2, order=FOUR, expected_version=ev.version)
    assert ev.ended_after == 2 and len(ev.hands) == 3


def test_evening_of_a_fixed_number_of_hands(service):
    """An evening of N hands stores the setting hands=N, ends after the Nth hand with no next plan,
    then refuses joining and closing; an order may be typed as comma-separated text."""
    ev = service.create_evening(FOUR, "trou-du-cul", day=DAY, hands=2)
    assert ev.end_rule == ("hands", 2) and ev.settings == ("hands=2",)
    ev = service.record_hand(ev.id, "Ann, Bob, Cat, Dan", expected_version=ev.version)
    assert not ev.ended
    ev = service.record_hand(ev.id, "Dan,Cat,Bob,Ann", expected_version=ev.version)
    assert ev.ended_after == 2 and ev.next_plan is None
    with pytest.raises(EveningEndedError):
        service.join(ev.id, "Eve", expected_version=ev.version)
    with pytest.raises(EveningEndedError):
        service.close(ev.id, expected_version=ev.version)


# ----------------------------------------------------------------- first roles, players


def test_drawn_ranking_before_the_first_hand(service):
    """PRES53: "Chaque joueur, au début du jeu, tire une carte. La plus forte désigne le
    président"; the app takes the draw's result before the first hand."""
    ev = service.create_evening(FOUR, "president", day=DAY)
    assert ev.next_plan.titles == {}
    ev = service.set_ranking(ev.id, ["Cat", "Dan", "Ann", "Bob"], expected_version=ev.version)
    assert ev.next_plan.titles["Cat"] == "Président" and ev.ranked
    with pytest.raises(IncompleteOrderError):
        service.set_ranking(ev.id, ["Cat", "Dan"], expected_version=ev.version)
    ev = record(service, ev, "Ann Bob Cat Dan")
    with pytest.raises(EveningError) as caught:
        service.set_ranking(ev.id, FOUR, expected_version=ev.version)
    assert caught.value.code == "ranking-after-hands"


def test_random_first_roles_are_drawn_once(service):
    """With first_roles=random the roles are drawn among the players when the evening is created,
    and kept: reading the evening again gives the same ranking."""
    ev = service.create_evening(FOUR, "pagat", day=DAY, settings=["first_roles=random"], rng=7)
    assert ev.ranked and sorted(ev.name(p) for p in ev.present) == sorted(FOUR)
    assert service.evening(ev.id).present == ev.present


def test_profiles_are_reused_across_evenings(service):
    """Player profiles are matched by name ignoring case: a second evening reuses the known players
    and adds only newcomers; a taken name cannot be added again, a renamed profile keeps its id, and
    an evening may name a player by profile id."""
    one = service.create_evening(FOUR, "pagat", day=DAY)
    two = service.create_evening(["ann", "BOB", "Cat", "Eve"], "pagat", day=DAY)
    assert {p.id for p in one.players} & {p.id for p in two.players} == {
        p.id for p in one.players if p.name != "Dan"
    }
    assert len(service.players()) == 5
    with pytest.raises(PlayerListError):
        service.add_player("EVE")
    zoe = service.add_player("Zoé")
    renamed = service.rename_player(zoe.id, "Zoé B.")
    assert renamed.id == zoe.id and service.players()[-1].name == "Zoé B."
    three = service.create_evening([zoe.id, "Ann", "Bob", "Cat"], "pagat", day=DAY)
    assert three.players[0].name == "Zoé B."
