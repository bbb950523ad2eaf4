"""Details of ``TableService`` (companion/table/service.py), one rule per test: the data
folder as the settings screen sees it, the history list, refusals and their words, periods,
and the player list."""

from __future__ import annotations

import json
from datetime import date
from pathlib import Path

import pytest

from companion.store.backups import list_backups
from companion.store.errors import CorruptFileError, NoBackupError
from companion.table.evening import EveningEndedError, EveningError, UnknownPlayerError
from companion.table.roster import PlayerListError
from companion.table.service import (
    DuplicateHandError,
    TableService,
    UnknownEveningError,
    UnknownHandError,
    VersionConflictError,
)

FOUR = ["Ann", "Bob", "Cat", "Dan"]


@pytest.fixture
def service(tmp_path: Path) -> TableService:
    return TableService(tmp_path / "data")


def played(service: TableService, day: date, orders: list[str], players=FOUR, **kw):
    ev = service.create_evening(players, kw.pop("preset", "pagat"), day=day, **kw)
    for order in orders:
        ev = service.record_hand(ev.id, order.split(), expected_version=ev.version)
    return ev


def ids(service: TableService) -> dict[str, str]:
    return {p.name: p.id for p in service.players()}


# ------------------------------------------------------------------ the data folder


def test_stored_files_lists_each_file_with_backups_or_damaged(tmp_path: Path) -> None:
    """The data screen lists every store file that has a backup or is damaged: its kind,
    its evening, its backups newest first, when the newest was taken, and whether it reads."""
    data = tmp_path / "data"
    first = TableService(data)
    kept = played(first, date(2024, 1, 5), ["Ann Bob Cat Dan", "Bob Ann Cat Dan"])
    lost = played(first, date(2024, 1, 6), ["Ann Bob Cat Dan", "Bob Ann Cat Dan"])
    second = TableService(data)  # a new session: its first write to players.json backs it up
    broken = played(second, date(2024, 2, 5), [], players=["Ann", "Bob", "Cat", "Eve"])
    (data / "evenings" / f"{broken.id}.json").write_text("{broken", "utf-8")
    (data / "evenings" / f"{lost.id}.json").unlink()  # only its backups are left
    files = {f.path: f for f in TableService(data).stored_files()}

    evenings = data / "evenings"
    assert set(files) == {
        data / "players.json",
        evenings / f"{kept.id}.json",
        evenings / f"{lost.id}.json",
        evenings / f"{broken.id}.json",
    }
    players = files[data / "players.json"]
    assert (players.kind, players.evening_id, players.damaged) == ("players", None, False)
    assert players.backups == tuple(list_backups(data / "backups", "players"))
    for ev in (kept, lost):
        f = files[evenings / f"{ev.id}.json"]
        assert (f.kind, f.evening_id, f.damaged) == ("evening", ev.id, False)
        assert f.backups and f.backups == tuple(list_backups(data / "backups" / "evenings", ev.id))
        assert all(b.name.startswith(f"{ev.id}.") for b in f.backups)
        assert f.newest is not None and f.newest.strftime("%Y%m%dT%H%M%S%fZ") in f.backups[0].name
    damaged = files[evenings / f"{broken.id}.json"]
    assert (damaged.kind, damaged.evening_id, damaged.backups, damaged.newest) == (
        "evening",
        broken.id,
        (),
        None,
    )
    assert damaged.damaged


def test_a_damaged_index_is_listed_as_the_index(tmp_path: Path) -> None:
    """A damaged index file is listed as such, damaged, with no backup."""
    data = tmp_path / "data"
    played(TableService(data), date(2024, 1, 5), [])
    [index_file] = (data / "index").iterdir()
    index_file.write_text("{broken", "utf-8")
    files = TableService(data).stored_files()
    assert [(f.path, f.kind, f.evening_id, f.backups, f.damaged) for f in files] == [
        (index_file, "index", None, (), True)
    ]


def test_problems_name_each_damaged_file_once(tmp_path: Path) -> None:
    """The damaged files found are named, each once, however often they were read."""
    data = tmp_path / "data"
    ev = played(TableService(data), date(2024, 1, 5), ["Ann Bob Cat Dan"])
    path = data / "evenings" / f"{ev.id}.json"
    path.write_text("{broken", "utf-8")
    service = TableService(data)
    for _ in range(2):
        with pytest.raises(CorruptFileError):
            service.evening(ev.id)
    assert service.problems() == [path]
    assert TableService(tmp_path / "other").problems() == []


def test_restoring_a_backup_brings_the_evening_back(tmp_path: Path) -> None:
    """Restoring puts the newest good backup back and returns it; the evening reads again
    (as it was at that backup)."""
    data = tmp_path / "data"
    ev = played(TableService(data), date(2024, 1, 5), ["Ann Bob Cat Dan", "Bob Ann Cat Dan"])
    path = data / "evenings" / f"{ev.id}.json"
    path.write_text("{broken", "utf-8")
    service = TableService(data)
    used = service.restore_backup(path)
    assert used == list_backups(data / "backups" / "evenings", ev.id)[0]
    assert service.evening(ev.id).id == ev.id and service.problems() == []


def test_restoring_without_a_backup_is_refused(tmp_path: Path) -> None:
    """A damaged file without any backup cannot be restored."""
    data = tmp_path / "data"
    ev = played(TableService(data), date(2024, 1, 5), [])
    path = data / "evenings" / f"{ev.id}.json"
    path.write_text("{broken", "utf-8")
    with pytest.raises(NoBackupError):
        TableService(data).restore_backup(path)


def test_a_data_file_is_written_whole_in_its_folder(service: TableService) -> None:
    """A screen's own file goes in the data folder (its folder made if needed), with exactly
    the bytes given; the path returned is where it is."""
    data = b'{"theme": "dark"}'
    path = service.write_data_file("screens/display.json", data)
    assert path == service.data_dir / "screens" / "display.json"
    assert path.read_bytes() == data


def test_importing_keeps_the_evenings_already_there(tmp_path: Path) -> None:
    """Importing a backup adds its evenings and keeps the ones the folder already had."""
    source = TableService(tmp_path / "a")
    theirs = played(source, date(2024, 1, 5), ["Ann Bob Cat Dan"])
    exported = source.export_backup(tmp_path / "backup.json")
    assert theirs.id in json.dumps(json.loads(exported.read_text("utf-8")))
    target = TableService(tmp_path / "b")
    ours = played(target, date(2024, 2, 5), ["Dan Cat Bob Ann"])
    result = target.import_backup(exported)
    assert result is not None
    assert {e.id for e in target.evenings()} == {theirs.id, ours.id}
    assert len(target.evening(theirs.id).hands) == 1


def test_an_evening_entry_and_the_next_plan_are_of_that_evening(
    service: TableService,
) -> None:
    """The index entry and the next plan asked for are those of the evening named."""
    ev = played(service, date(2024, 1, 5), ["Ann Bob Cat Dan"])
    played(service, date(2024, 1, 6), [])
    assert service.evening_entry(ev.id).id == ev.id
    assert service.evening_entry(ev.id).hand_count == 1
    assert service.next_plan(ev.id) == service.evening(ev.id).next_plan
    assert service.next_plan(ev.id) is not None


def test_the_data_folder_is_the_one_named(tmp_path: Path) -> None:
    """The data folder named is the one used."""
    assert TableService.data_folder(tmp_path / "mine") == tmp_path / "mine"


# ------------------------------------------------------------------ history list


def test_history_list_newest_first_with_unreadable_evenings(tmp_path: Path) -> None:
    """The history list shows every evening of the period, newest first, an unreadable one
    too (marked so), and leaves out those outside the period, readable or not."""
    data = tmp_path / "data"
    service = TableService(data)
    old = played(service, date(2023, 6, 1), ["Ann Bob Cat Dan"])
    mid = played(service, date(2024, 1, 5), ["Ann Bob Cat Dan", "Bob Ann Cat Dan"])
    new = played(service, date(2024, 3, 1), ["Cat Ann Bob Dan"])
    late = played(service, date(2025, 1, 1), [])
    for ev in (mid, late):
        (data / "evenings" / f"{ev.id}.json").write_text("{broken", "utf-8")
    service = TableService(data)
    items = service.evening_items()
    assert [i.evening_id for i in items] == [late.id, new.id, mid.id, old.id]
    assert [i.unreadable for i in items] == [True, False, True, False]
    period = service.evening_items(date(2024, 1, 1), date(2024, 12, 31))
    assert [i.evening_id for i in period] == [new.id, mid.id]
    assert [i.date for i in period] == [date(2024, 3, 1), date(2024, 1, 5)]
    assert [i.evening_id for i in service.evening_items(start=date(2024, 2, 1))] == [
        late.id,
        new.id,
    ]
    assert [i.evening_id for i in service.evening_items(end=date(2024, 1, 31))] == [
        mid.id,
        old.id,
    ]


def test_history_list_item_says_hands_players_and_leader(service: TableService) -> None:
    """An item names its rules, counts its hands and shows its players and leader."""
    ev = played(service, date(2024, 1, 5), ["Bob Ann Cat Dan", "Bob Cat Ann Dan"])
    (item,) = service.evening_items()
    who = ids(service)
    assert (item.evening_id, item.preset, item.hands) == (ev.id, "pagat", 2)
    assert item.players == tuple(who[n] for n in FOUR)
    assert item.winner == who["Bob"] and not item.unreadable and not item.ended


def test_history_list_counts_a_merged_player_as_the_one_he_became(
    service: TableService,
) -> None:
    """After a merge, the list shows the merged player as the profile he now counts as."""
    played(service, date(2024, 1, 5), ["Bob Ann Cat Dan"])
    service.add_player("Robert")
    service.merge_players("Bob", "Robert")
    (item,) = service.evening_items()
    who = ids(service)
    assert item.players == (who["Ann"], who["Robert"], who["Cat"], who["Dan"])
    assert item.winner == who["Robert"]


# ------------------------------------------------------------------ periods


def test_head_to_head_over_a_closed_period(service: TableService) -> None:
    """Both ends of a period count: only the evenings from start to end (inclusive)."""
    played(service, date(2024, 1, 5), ["Ann Bob Cat Dan"])
    played(service, date(2024, 2, 5), ["Bob Ann Cat Dan"])
    played(service, date(2024, 3, 5), ["Bob Ann Cat Dan"])
    h = service.head_to_head("Ann", "Bob", date(2024, 1, 5), date(2024, 2, 5))
    assert (h.hands, h.a_ahead, h.b_ahead) == (2, 1, 1)


def test_average_places_over_a_closed_period(service: TableService) -> None:
    """Average places count only the evenings from start to end (inclusive)."""
    played(service, date(2024, 1, 5), ["Ann Bob Cat Dan"])
    played(service, date(2024, 2, 5), ["Bob Ann Cat Dan"])
    played(service, date(2024, 3, 5), ["Bob Ann Cat Dan"])
    who = ids(service)
    both = service.average_places(date(2024, 1, 5), date(2024, 2, 5))
    assert both[who["Ann"]].hands == 2
    assert both[who["Ann"]].position == pytest.approx((0 + 1 / 3) / 2, abs=1e-4)
    first = service.average_places(date(2024, 1, 1), date(2024, 1, 31))
    assert first[who["Ann"]].hands == 1 and first[who["Ann"]].position == 0


def test_leaderboard_over_a_closed_period(service: TableService) -> None:
    """The leaderboard counts only the evenings from start to end (inclusive)."""
    played(service, date(2024, 1, 5), ["Ann Bob Cat Dan"])
    played(service, date(2024, 2, 5), ["Bob Ann Cat Dan"])
    played(service, date(2024, 3, 5), ["Bob Ann Cat Dan"])
    rows = {r.name: r for r in service.leaderboard(date(2024, 1, 5), date(2024, 2, 5))}
    assert rows["Ann"].evenings == 2 and rows["Ann"].president == 1
    assert rows["Bob"].president == 1


# ------------------------------------------------------------------ refusals


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


def test_an_unknown_player_is_refused_in_both_languages(service: TableService) -> None:
    """A head-to-head with someone who has no profile is refused, naming him."""
    played(service, date(2024, 1, 5), [])
    with pytest.raises(UnknownPlayerError) as info:
        service.head_to_head("Ann", " Zed ")
    assert info.value.message("fr") == "Joueur inconnu : « Zed »."
    assert info.value.message("en") == "Unknown player: 'Zed'."


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


# ------------------------------------------------------------------ finding an evening


def test_an_evening_is_found_by_its_id_or_a_unique_prefix(service: TableService) -> None:
    """An evening is named by its whole id or by a prefix only it has."""
    evs = [played(service, date(2024, 1, d), []) for d in range(1, 9)]
    for ev in evs:
        assert service.find_evening(ev.id) == ev.id
        others = [e.id for e in evs if e is not ev]
        prefix = next(
            ev.id[:n] for n in range(1, 33) if not any(o.startswith(ev.id[:n]) for o in others)
        )
        assert service.find_evening(prefix) == ev.id


def test_a_whole_id_wins_over_longer_ids_it_begins(service: TableService) -> None:
    """A whole id names its evening even when it is also the start of other ids."""
    evs = [played(service, date(2024, 1, d), []) for d in range(1, 4)]
    entries = service.evenings()
    assert service.find_evening(entries[-1].id) == entries[-1].id
    assert {service.find_evening(e.id) for e in evs} == {e.id for e in evs}


def test_an_ambiguous_or_unknown_evening_is_refused(service: TableService) -> None:
    """A prefix shared by several evenings, or matching none, is refused in words."""
    evs = [played(service, date(2024, 1, d), []) for d in range(1, 30)]
    first = {e.id[0] for e in evs}
    shared = next(c for c in sorted(first) if sum(e.id.startswith(c) for e in evs) > 1)
    for ref in (shared, "zzz"):
        with pytest.raises(UnknownEveningError) as info:
            service.find_evening(ref)
        assert info.value.message("fr") == f"Soirée inconnue ou ambiguë : « {ref} »."
        assert info.value.message("en") == f"Unknown or ambiguous evening: '{ref}'."


# ------------------------------------------------------------------ corrections


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


# ------------------------------------------------------------------ the player list


def test_a_name_taken_is_refused_whatever_its_case(service: TableService) -> None:
    """A new profile may not take a name already used, ignoring case; the refusal names the
    player who has it."""
    service.add_player("Léa")
    with pytest.raises(PlayerListError) as info:
        service.add_player("LÉA")
    err = info.value
    assert err.code == "duplicate-name" and err.details == {"name": "Léa"}
    assert err.message("fr") == "Il y a déjà un joueur « Léa »."
    assert err.message("en") == "There is already a player called 'Léa'."


def test_renaming_an_unknown_profile_is_refused(service: TableService) -> None:
    """Renaming a profile id that does not exist is refused, naming it; nothing changes."""
    service.add_player("Léa")
    with pytest.raises(UnknownPlayerError) as info:
        service.rename_player("nobody", "Zoé")
    assert info.value.message("fr") == "Joueur inconnu : nobody."
    assert info.value.message("en") == "Unknown player: nobody."
    with pytest.raises(UnknownPlayerError):
        service.rename("nobody", "Zoé")
    assert [p.name for p in service.players()] == ["Léa"]


def test_a_rename_says_both_names(service: TableService) -> None:
    """A rename reports the name before and the name after, for its undo."""
    lea = service.add_player("Léa")
    change = service.rename(lea.id, "Léna")
    assert (change.kind, change.player_id, change.before, change.after) == (
        "rename",
        lea.id,
        "Léa",
        "Léna",
    )


def test_unmerging_returns_the_profile_taken_back(service: TableService) -> None:
    """Unmerging gives back the profile that was merged away, counted on its own again."""
    service.add_player("Bob")
    service.add_player("Robert")
    service.add_player("Zoé")
    service.merge_players("Bob", "Robert")
    back = service.unmerge_player("Bob")
    assert back.name == "Bob" and back.merged_into is None


def test_ratings_follow_a_merge(service: TableService) -> None:
    """Ratings already computed are recomputed when two profiles become one."""
    played(service, date(2024, 1, 5), ["Bob Ann Cat Dan", "Bob Cat Ann Dan"])
    service.add_player("Robert")
    who = ids(service)
    assert who["Bob"] in {r.player_id for r in service.ratings()}
    service.merge_players("Bob", "Robert")
    rated = {r.player_id for r in service.ratings()}
    assert who["Bob"] not in rated and who["Robert"] in rated


def test_a_bad_event_is_refused_with_each_problem(service: TableService) -> None:
    """An event that does not read is refused, listing each problem by field."""
    ev = service.create_evening(FOUR, "pagat", day=date(2024, 1, 5), settings=["faults=true"])
    with pytest.raises(EveningError) as info:
        service.record_hand(
            ev.id, FOUR, expected_version=ev.version, events=[{"kind": "fault", "note": 3}]
        )
    err = info.value
    assert err.code == "bad-event"
    assert err.message("en") == (
        "Invalid event: fault.player: Field required; fault.note: Input should be a valid string."
    )
    assert err.message("fr").startswith("Événement invalide : fault.player: Field required; ")
