"""``companion history`` and ``companion leaderboard`` with an evening whose file does not
read (destroyed, or written by a newer version): never silent. The history marks it on its
line and says what to do; the leaderboard says which evenings it left out and why."""

import argparse
import json
from datetime import date
from pathlib import Path

import pytest

from companion.cli.history import register
from companion.table.service import TableService

FOUR = ["Ann", "Bob", "Cat", "Dan"]


def run(*argv: str) -> int:
    parser = argparse.ArgumentParser(prog="companion")
    register(parser.add_subparsers())
    args = parser.parse_args(list(argv))
    return args.handler(args)


def play(service: TableService, title: str, day: date, hands: int) -> str:
    ev = service.create_evening(FOUR, "pagat", day=day, title=title)
    for _ in range(hands):
        ev = service.record_hand(ev.id, FOUR, expected_version=ev.version)
    return ev.id


@pytest.fixture
def folder(tmp_path: Path) -> Path:
    return tmp_path / "data"


@pytest.fixture
def two(folder: Path) -> tuple[str, str]:
    """Two evenings of four hands; the second is the one damaged by each test."""
    service = TableService(folder)
    kept = play(service, "Chez Ann", date(2024, 3, 1), 4)
    hurt = play(service, "Chez Bob", date(2024, 3, 8), 4)
    return kept, hurt


DESTROYED = {
    "garbage": lambda data: b"\x00\xffgarbage\x13",
    "truncated": lambda data: data[: len(data) // 2],
}


def destroy(folder: Path, evening_id: str, how: str) -> None:
    path = folder / "evenings" / f"{evening_id}.json"
    path.write_bytes(DESTROYED[how](path.read_bytes()))


def from_newer_version(folder: Path, evening_id: str) -> bytes:
    path = folder / "evenings" / f"{evening_id}.json"
    doc = json.loads(path.read_bytes())
    doc["_meta"]["1"]["schema_version"] = 99
    path.write_text(json.dumps(doc))
    return path.read_bytes()


def line_of(out: str, evening_id: str) -> str:
    (line,) = [x for x in out.splitlines() if x.startswith(evening_id[:8])]
    return line


@pytest.mark.parametrize("how", sorted(DESTROYED))
def test_history_marks_a_destroyed_evening_and_says_how_to_restore_it(
    folder, two, how, capsys
) -> None:
    """A destroyed evening file: its line in ``history`` says the file is damaged, and below
    the table a line gives the command that restores its latest good backup; ``--json`` says
    ``corrupt-file`` and names that backup."""
    kept, hurt = two
    destroy(folder, hurt, how)
    assert run("history", "--data-dir", str(folder), "--lang", "en") == 0
    out = capsys.readouterr().out
    assert "⚠ damaged file" in line_of(out, hurt)
    assert "⚠" not in line_of(out, kept)
    assert f"companion history {hurt[:8]} --restore --data-dir {folder} --lang en" in out
    assert run("history", "--data-dir", str(folder), "--json") == 0
    rows = {r["id"]: r for r in json.loads(capsys.readouterr().out)["evenings"]}
    assert rows[hurt]["error"] == "corrupt-file" and rows[kept]["error"] is None
    assert Path(rows[hurt]["backup"]).parent == folder / "backups" / "evenings"
    assert rows[kept]["backup"] is None


@pytest.mark.parametrize("how", sorted(DESTROYED))
def test_the_leaderboard_says_it_left_a_destroyed_evening_out(folder, two, how, capsys) -> None:
    """The leaderboard counts the evenings that read and ends with a line naming the one it
    left out and why; ``--json`` lists it under ``left_out`` with its reason."""
    _kept, hurt = two
    destroy(folder, hurt, how)
    assert run("leaderboard", "--data-dir", str(folder), "--lang", "en") == 0
    last = capsys.readouterr().out.rstrip().splitlines()[-1]
    assert last.startswith("1 evening left out") and hurt[:8] in last and "damaged" in last
    assert run("leaderboard", "--data-dir", str(folder), "--json") == 0
    board = json.loads(capsys.readouterr().out)
    assert board["left_out"] == [
        {"id": hurt, "reason": "corrupt-file", "date": "2024-03-08", "title": "Chez Bob"}
    ]
    assert {p["name"]: p["hands"] for p in board["players"]}["Ann"] == 4  # the kept one only


def test_history_marks_an_evening_of_a_newer_version_and_says_to_update(
    folder, two, capsys
) -> None:
    """An evening written by a newer version: its line says so, the line below says to
    update companion, ``--json`` says ``newer-schema``; the file is not touched."""
    _kept, hurt = two
    before = from_newer_version(folder, hurt)
    assert run("history", "--data-dir", str(folder)) == 0
    out = capsys.readouterr().out
    assert "⚠ version plus récente" in line_of(out, hurt)
    assert "mettez companion à jour" in out and "--restore" not in out
    assert run("history", "--data-dir", str(folder), "--json") == 0
    rows = {r["id"]: r for r in json.loads(capsys.readouterr().out)["evenings"]}
    assert rows[hurt]["error"] == "newer-schema" and rows[hurt]["backup"] is None
    assert (folder / "evenings" / f"{hurt}.json").read_bytes() == before


def test_the_leaderboard_says_it_left_an_evening_of_a_newer_version_out(
    folder, two, capsys
) -> None:
    """The leaderboard's last line names the evening of a newer version it left out;
    ``--json``: ``left_out`` with the reason ``newer-schema``."""
    _kept, hurt = two
    from_newer_version(folder, hurt)
    assert run("leaderboard", "--data-dir", str(folder)) == 0
    last = capsys.readouterr().out.rstrip().splitlines()[-1]
    assert last.startswith("1 soirée laissée de côté") and "version plus récente" in last
    assert run("leaderboard", "--data-dir", str(folder), "--json") == 0
    (left,) = json.loads(capsys.readouterr().out)["left_out"]
    assert (left["id"], left["reason"]) == (hurt, "newer-schema")


def test_ratings_and_head_to_head_say_what_they_left_out_too(folder, two, capsys) -> None:
    """``--rating`` and ``--versus`` carry the same ``left_out`` list."""
    _kept, hurt = two
    destroy(folder, hurt, "garbage")
    for extra in (["--rating"], ["--versus", "Ann,Bob"]):
        assert run("leaderboard", "--data-dir", str(folder), "--json", *extra) == 0
        left = json.loads(capsys.readouterr().out)["left_out"]
        assert [e["id"] for e in left] == [hurt], extra


def test_the_leaderboard_of_a_period_leaves_out_only_what_may_be_in_it(folder, two, capsys):
    """A damaged evening dated outside ``--from``/``--to`` is not said to be left out."""
    _kept, hurt = two
    destroy(folder, hurt, "garbage")
    assert run("leaderboard", "--data-dir", str(folder), "--json", "--to", "2024-03-05") == 0
    assert json.loads(capsys.readouterr().out)["left_out"] == []


def test_restore_puts_the_latest_good_backup_back(folder, two, capsys) -> None:
    """``history EVENING --restore`` puts the latest good backup of a destroyed evening back
    (the damaged file kept in corrupt/); the evening reads again and nothing is left out."""
    _kept, hurt = two
    destroy(folder, hurt, "truncated")
    damaged = (folder / "evenings" / f"{hurt}.json").read_bytes()
    assert run("history", hurt[:8], "--restore", "--data-dir", str(folder), "--json") == 0
    assert json.loads(capsys.readouterr().out)["restored"] == hurt
    assert [p.read_bytes() for p in (folder / "corrupt").rglob("*.json")] == [damaged]
    assert run("leaderboard", "--data-dir", str(folder), "--json") == 0
    assert json.loads(capsys.readouterr().out)["left_out"] == []
    assert TableService(folder).evening(hurt).title == "Chez Bob"


def test_restore_refuses_an_evening_of_a_newer_version(folder, two, capsys) -> None:
    """A backup must not hide what a newer version wrote: ``--restore`` refuses it in words,
    exits 2 and changes nothing."""
    _kept, hurt = two
    before = from_newer_version(folder, hurt)
    assert run("history", hurt, "--restore", "--data-dir", str(folder), "--lang", "en") == 2
    assert "update companion" in capsys.readouterr().err
    assert (folder / "evenings" / f"{hurt}.json").read_bytes() == before
    assert not (folder / "corrupt").exists()
