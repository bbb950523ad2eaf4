"""The ratings kept in the data folder (``ratings.json``): the next process starts from
them, replays only what the index says changed since, and always ends equal to a
computation from nothing, even after a process was killed while writing them."""

from __future__ import annotations

import json
import random
import signal
import subprocess
import sys
from datetime import date, timedelta
from pathlib import Path
from typing import Any

import pytest

from companion.cli import main
from companion.table import ratings as ratings_module
from companion.table import service_ratings
from companion.table.evening_errors import EveningError
from companion.table.ratings import RatingBook
from companion.table.service import RATINGS_FILE, TableService

CLUB = ["Ann", "Bob", "Cat", "Dan", "Eve", "Fay", "Gus"]
DAY = date(2026, 1, 2)


@pytest.fixture
def rated(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """How many hands get rated (``rate_hand`` calls), from now on."""
    calls = [0]
    real = ratings_module.rate_hand

    def counting(values: Any, ranking: Any) -> Any:
        calls[0] += 1
        return real(values, ranking)

    monkeypatch.setattr(ratings_module, "rate_hand", counting)
    return calls


def _club(folder: Path, evenings: int = 6, hands: int = 4, seed: int = 3) -> TableService:
    rng = random.Random(seed)
    service = TableService(folder)
    for n in range(evenings):
        players = rng.sample(CLUB, 5)
        ev = service.create_evening(players, "pagat", day=DAY + timedelta(weeks=n))
        for _ in range(hands):
            ev = service.record_hand(ev.id, rng.sample(players, 5), expected_version=ev.version)
    return service


def _values(service: TableService) -> list[tuple[str, float, float, int, int]]:
    return [(r.player_id, r.mu, r.sigma, r.hands, r.evenings) for r in service.ratings()]


def _scratch(service: TableService) -> list[tuple[str, float, float, int, int]]:
    return [
        (r.player_id, r.mu, r.sigma, r.hands, r.evenings) for r in service.ratings_from_scratch()
    ]


def test_the_next_process_rates_no_hand_again(tmp_path: Path, rated: list[int]) -> None:
    """Ratings computed once are kept: a new process (service) on the folder gives the same
    ratings, and their history, without rating a single hand."""
    first = _club(tmp_path / "data")
    expected = _values(first)
    history = first.rating_history("Ann")
    assert (tmp_path / "data" / RATINGS_FILE).exists()
    rated[0] = 0
    second = TableService(tmp_path / "data")
    assert _values(second) == expected
    assert second.rating_history("Ann") == history
    assert rated[0] == 0


def test_an_imported_club_is_rated_by_the_import(tmp_path: Path, rated: list[int]) -> None:
    """Rule: a backup imported into a new folder (a phone's first open) is rated and kept
    by the import: the first leaderboard after it, in this process or the next, rates no
    hand again, and the kept ratings equal a computation from nothing."""
    club = _club(tmp_path / "club")
    backup = club.export_backup(tmp_path / "backup.json")
    fresh = TableService(tmp_path / "phone")
    assert fresh.import_backup(backup).evenings == 6
    assert (tmp_path / "phone" / RATINGS_FILE).exists()
    expected = _values(club)
    rated[0] = 0
    assert _values(fresh) == expected
    assert _values(TableService(tmp_path / "phone")) == expected
    assert rated[0] == 0
    assert _scratch(fresh) == expected


def test_hands_recorded_after_the_file_are_rated_on_the_next_open(
    tmp_path: Path, rated: list[int]
) -> None:
    """The file is behind the index (a process stopped after recording, before any rating
    was read): the next open rates the new hands, and only them."""
    first = _club(tmp_path / "data", evenings=4)
    first.ratings()
    other = TableService(tmp_path / "data")  # another process, that never reads ratings
    ev = other.create_evening(CLUB[:5], "pagat", day=DAY + timedelta(weeks=10))
    for _ in range(3):
        ev = other.record_hand(ev.id, CLUB[:5], expected_version=ev.version)
    rated[0] = 0
    again = TableService(tmp_path / "data")
    values = _values(again)
    assert rated[0] == 3  # the three new hands
    assert values == _scratch(again)


def test_an_edit_in_the_past_replays_from_that_hand_on(tmp_path: Path, rated: list[int]) -> None:
    """A hand edited in an old evening: the next open rates that evening from the edited
    hand on (its first hands again, from the kept file's evening start) and every evening
    after it, and none before."""
    service = _club(tmp_path / "data", evenings=5, hands=4)
    service.ratings()
    editor = TableService(tmp_path / "data")
    third = sorted(editor.evenings(), key=lambda e: e.date or "")[2]
    ev = editor.evening(third.id)
    order = list(reversed(ev.steps[2].order))
    editor.edit_hand(third.id, 3, order=order, expected_version=ev.version)
    rated[0] = 0
    again = TableService(tmp_path / "data")
    values = _values(again)
    replayed = rated[0]
    assert values == _scratch(again)
    # Hands 1-2 of the third evening rated again from its start (the file keeps no hand
    # by hand values), hands 3-4 after the edit, then the 2 later evenings' 8 hands.
    assert replayed == 2 + 2 + 8


def test_a_damaged_or_foreign_file_is_computed_afresh_and_replaced(tmp_path: Path) -> None:
    """Whatever the file holds (not JSON, another format, other merged profiles, wrong
    types), the ratings are computed from the index, and the file is written again."""
    service = _club(tmp_path / "data")
    expected = _values(service)
    path = tmp_path / "data" / RATINGS_FILE
    good = path.read_bytes()
    for damaged in (
        b"\x00garbage",
        b"{}",
        good.replace(b"companion-ratings/1", b"companion-ratings/9"),
        good.replace(b'"aliases":[]', b'"aliases":[["a","b"]]'),
        good.replace(b'"evenings":[[', b'"evenings":[[null,'),
    ):
        path.write_bytes(damaged)
        again = TableService(tmp_path / "data")
        assert _values(again) == expected
        assert RatingBook.load(path.read_bytes(), {}) is not None


def test_merging_two_profiles_rates_everything_again(tmp_path: Path) -> None:
    """Merged profiles count as one player from the first hand on: the kept ratings (made
    before the merge) are not used."""
    service = _club(tmp_path / "data")
    ev = service.create_evening(["Ann", "Bob", "Cat", "Dan", "Zed"], "pagat", day=DAY)
    service.record_hand(ev.id, ["Zed", "Ann", "Bob", "Cat", "Dan"], expected_version=ev.version)
    service.ratings()
    service.merge_players("Zed", "Gus")  # Zed was Gus under another name
    again = TableService(tmp_path / "data")
    rated = {r.player_id for r in again.ratings()}
    assert _values(again) == _scratch(again)
    ids = {p.name: p.id for p in again.players()}
    assert ids["Gus"] in rated and ids["Zed"] not in rated


def test_random_changes_across_processes_keep_the_ratings_exact(tmp_path: Path) -> None:
    """Seeded random records, edits, deletions, undos, redos and imports, each by one of
    three services (processes) reading the ratings now and then: after each step, the
    ratings a new process reads equal a computation from nothing."""
    folder = tmp_path / "data"
    rng = random.Random(20)
    services = [_club(folder, evenings=3, hands=2, seed=5)]
    services += [TableService(folder), TableService(folder)]
    backup = services[0].export_backup(tmp_path / "backup.json")
    for step in range(30):
        service = rng.choice(services)
        evenings = service.evenings()
        ev = service.evening(rng.choice(evenings).id)
        action = rng.choice(["record", "record", "edit", "delete", "undo", "redo", "new", "import"])
        try:
            if action == "record":
                service.record_hand(
                    ev.id, rng.sample(list(ev.seating), 5), expected_version=ev.version
                )
            elif action == "edit" and ev.steps:
                n = rng.randrange(len(ev.steps)) + 1
                service.edit_hand(
                    ev.id, n, order=rng.sample(list(ev.seating), 5), expected_version=ev.version
                )
            elif action == "delete" and ev.steps:
                service.delete_hand(ev.id, len(ev.steps), expected_version=ev.version)
            elif action == "undo":
                service.undo(ev.id, expected_version=ev.version)
            elif action == "redo":
                service.redo(ev.id, expected_version=ev.version)
            elif action == "new":
                players = rng.sample(CLUB, 5)
                day = DAY + timedelta(days=rng.randrange(60))
                new = service.create_evening(players, "pagat", day=day)
                service.record_hand(new.id, players, expected_version=new.version)
            elif action == "import":
                service.import_backup(backup)
        except EveningError:  # nothing to undo or redo, an evening ended: not this test's
            pass
        if rng.random() < 0.5:
            rng.choice(services).ratings()
        fresh = TableService(folder)
        assert _values(fresh) == _scratch(fresh), (step, action)


def test_the_check_command_says_when_the_kept_ratings_differ(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """``companion leaderboard --check-ratings``: 0 when the kept ratings equal a
    computation from nothing; 1, and repaired, when the file was tampered with."""
    folder = tmp_path / "data"
    _club(folder).ratings()
    assert main(["leaderboard", "--check-ratings", "--data-dir", str(folder), "--json"]) == 0
    assert '"consistent": true' in capsys.readouterr().out
    path = folder / RATINGS_FILE
    kept = json.loads(path.read_text("utf-8"))
    last_end = kept["evenings"][-1][4]
    for value in last_end.values():
        value[0] += 1.0  # a rating that no computation gave
    path.write_text(json.dumps(kept), "utf-8")
    assert main(["leaderboard", "--check-ratings", "--data-dir", str(folder), "--lang", "en"]) == 1
    assert "replaced" in capsys.readouterr().out
    assert main(["leaderboard", "--check-ratings", "--data-dir", str(folder)]) == 0


CHILD = Path(__file__).with_name("ratings_crash_child.py")


def _hands(service: TableService) -> int:
    return sum(e.hand_count for e in service.evenings())


@pytest.mark.parametrize("mode", ["before-write", "mid-write", "before-rename"])
def test_a_process_killed_while_keeping_the_ratings_is_repaired_on_the_next_open(
    tmp_path: Path, rated: list[int], mode: str
) -> None:
    """Killed before writing ratings.json, halfway through its temporary file, or before
    the rename: the hand stays recorded, the kept file is the one from before the hand
    (whole and readable), and the next open rates that hand's evening again (the kept
    file holds the ratings after each evening) and gives ratings equal to a computation
    from nothing."""
    folder = tmp_path / "data"
    service = _club(folder, evenings=3, hands=3)
    service.ratings()
    before_hands = _hands(service)
    kept_before = (folder / RATINGS_FILE).read_bytes()
    child = subprocess.run(
        [sys.executable, str(CHILD), str(folder), mode], capture_output=True, text=True
    )
    assert child.returncode == -signal.SIGKILL, child.stderr
    assert child.stdout.split() == ["recorded"]
    assert (folder / RATINGS_FILE).read_bytes() == kept_before
    assert RatingBook.load(kept_before, {}) is not None
    rated[0] = 0
    reopened = TableService(folder)
    assert _hands(reopened) == before_hands + 1
    values = _values(reopened)
    # the evening the kept file misses a hand of, rated again from its start, and no other
    assert rated[0] == reopened.evenings()[0].hand_count == 4
    assert values == _scratch(reopened)
    assert reopened.check_ratings()[0]


def test_the_book_is_kept_again_once_it_would_save_enough_hands(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A few new hands are not worth rewriting the whole file (the next process rates them
    again in a moment); once a new process would rate more than ``KEEP_AFTER_HANDS`` hands
    again, the file is written, and a new process then rates none."""
    monkeypatch.setattr(service_ratings, "KEEP_AFTER_HANDS", 6)
    folder = tmp_path / "data"
    service = _club(folder, evenings=2, hands=3)
    service.ratings()
    kept = (folder / RATINGS_FILE).read_bytes()
    ev = service.create_evening(CLUB[:5], "classique", day=DAY + timedelta(weeks=10))
    for _ in range(6):
        ev = service.record_hand(ev.id, CLUB[:5], expected_version=ev.version)
        service.ratings()
        assert (folder / RATINGS_FILE).read_bytes() == kept  # 6 hands to rate again, at most
    ev = service.record_hand(ev.id, CLUB[:5], expected_version=ev.version)
    service.ratings()
    assert (folder / RATINGS_FILE).read_bytes() != kept  # 7: written
    assert TableService(folder)._ratings().unkept_hands() == 0
