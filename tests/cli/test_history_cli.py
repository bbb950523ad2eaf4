"""``companion history`` and ``companion leaderboard``: the evenings' results on the command
line, as a readable table or ``--json``."""

import argparse
import json
from datetime import date

import pytest

from companion.cli.history import register
from companion.table.service import TableService

FOUR = ["Ann", "Bob", "Cat", "Dan"]


@pytest.fixture
def service(tmp_path):
    return TableService(tmp_path / "data")


def evening(service, players, preset, orders, day, settings=(), **kw):
    ev = service.create_evening(players, preset, day=day, settings=settings, **kw)
    for order in orders:
        ev = service.record_hand(ev.id, order.split(), expected_version=ev.version)
    return ev


def run(*argv: str) -> int:
    parser = argparse.ArgumentParser(prog="companion")
    register(parser.add_subparsers())
    args = parser.parse_args(list(argv))
    return args.handler(args)


@pytest.fixture
def data(service, tmp_path):
    evening(
        service,
        FOUR,
        "trou-du-cul",
        ["Cat Ann Dan Bob", "Ann Cat Bob Dan"],
        date(2024, 3, 1),
        place="Chez Ann",
    )
    evening(service, FOUR, "pagat", ["Ann Bob Cat Dan"] * 6, date(2023, 3, 1))
    return str(tmp_path / "data")


def test_cli_history_lists_evenings(data, capsys):
    """``history`` without an evening lists the evenings with their place and who leads (ticked once
    the evening ended); ``--json`` gives each one's hands and place, and ``--from`` keeps those from
    that day on."""
    assert run("history", "--data-dir", data) == 0
    out = capsys.readouterr().out
    assert "Chez Ann" in out and "Soirée" in out and "Ann ✓" in out
    assert run("history", "--data-dir", data, "--json", "--from", "2024-01-01") == 0
    listed = json.loads(capsys.readouterr().out)["evenings"]
    assert len(listed) == 1 and listed[0]["hands"] == 2 and listed[0]["place"] == "Chez Ann"


def test_cli_history_of_one_evening(data, capsys):
    """``history last`` shows the newest evening hand by hand (each player's title, points won and
    running total) and its ranking; ``--json`` gives the same hands and standings."""
    assert run("history", "last", "--data-dir", data) == 0
    out = capsys.readouterr().out
    assert "Président +3 = 5" in out and "Trou du cul" in out
    assert run("history", "last", "--data-dir", data, "--json") == 0
    h = json.loads(capsys.readouterr().out)
    assert len(h["hands"]) == 2 and h["standings"][0]["total"] == 5


def test_cli_leaderboard(data, capsys):
    """``leaderboard`` ranks the players with their points and explains the average place, in
    ``--lang``; ``--to`` counts only the evenings up to that day, and ``--versus A,B`` counts the
    hands the two played together and how often each finished ahead."""
    assert run("leaderboard", "--data-dir", data, "--lang", "en") == 0
    out = capsys.readouterr().out
    assert out.splitlines()[0].split()[:3] == ["#", "Player", "Points"]
    assert "Avg place: the mean place" in out
    assert run("leaderboard", "--data-dir", data, "--json", "--to", "2023-12-31") == 0
    board = json.loads(capsys.readouterr().out)
    assert board["to"] == "2023-12-31" and board["players"][0]["name"] == "Ann"
    assert board["players"][0]["points"] == 12 and board["players"][0]["wins"] == 1
    assert run("leaderboard", "--data-dir", data, "--versus", "Ann,Cat", "--json") == 0
    h2h = json.loads(capsys.readouterr().out)
    assert (h2h["hands"], h2h["a_ahead"], h2h["b_ahead"]) == (8, 7, 1)


def test_cli_errors_exit_2(data, capsys):
    """An unknown evening, an unknown player or a single name in ``--versus``, and a date not
    written YYYY-MM-DD each exit 2, the unknown evening and player said as such in ``--lang``."""
    assert run("history", "nope", "--data-dir", data) == 2
    assert "Soirée inconnue" in capsys.readouterr().err
    assert run("leaderboard", "--data-dir", data, "--versus", "Ann,Zoe", "--lang", "en") == 2
    assert "Unknown player" in capsys.readouterr().err
    assert run("leaderboard", "--data-dir", data, "--versus", "Ann") == 2
    with pytest.raises(SystemExit) as caught:
        run("leaderboard", "--data-dir", data, "--from", "yesterday")
    assert caught.value.code == 2


def test_cli_empty_data_dir(tmp_path, capsys):
    """A data folder that does not exist reads as no evenings (an empty leaderboard, exit 0), and
    reading it does not create it."""
    assert run("leaderboard", "--data-dir", str(tmp_path / "empty"), "--json") == 0
    assert json.loads(capsys.readouterr().out)["players"] == []
    assert not (tmp_path / "empty").exists()  # reading never creates the data directory


def test_cli_store_errors_in_the_users_language(data, capsys):
    """A damaged evening file: exit 2 and the store's message in the chosen language (French
    by default), naming the file and offering the latest good backup."""
    [entry, _] = TableService(data).evenings()
    path = TableService(data).repo.evening_path(entry.id)
    path.write_bytes(b"{ damaged")
    assert run("history", "last", "--data-dir", data) == 2
    err = capsys.readouterr().err
    assert f"Le fichier {path} est endommagé" in err and "La dernière sauvegarde valide" in err
    assert run("history", "last", "--data-dir", data, "--lang", "en") == 2
    assert f"{path} is corrupt" in capsys.readouterr().err
    assert path.read_bytes() == b"{ damaged"  # kept as it is
