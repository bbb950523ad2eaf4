"""The score features on the command line: the grid under ``history ID``, the ratings of
``leaderboard --rating``, and ``evening share`` as a PNG or chat text, each with ``--json``
(keys only added to the existing JSON)."""

import argparse
import io
import json
from datetime import date

import pytest
from PIL import Image

from companion.cli import evening as evening_cli
from companion.cli import history as history_cli
from companion.table.service import TableService

FOUR = ["Ann", "Bob", "Cat", "Dan"]


def run(*argv: str) -> int:
    parser = argparse.ArgumentParser(prog="companion")
    sub = parser.add_subparsers()
    history_cli.register(sub)
    evening_cli.register(sub)
    args = parser.parse_args(list(argv))
    return args.handler(args)


@pytest.fixture
def data(tmp_path):
    service = TableService(tmp_path / "data")
    for day, orders, settings in (
        (date(2024, 3, 1), ["Ann Bob Cat Dan"] * 3, ("hands=3",)),
        (date(2024, 3, 8), ["Cat Ann Bob Dan", "Cat Bob Ann Dan"], ("scoring=none",)),
    ):
        ev = service.create_evening(FOUR, "pagat", day=day, settings=settings, place="Chez Ann")
        for order in orders:
            ev = service.record_hand(ev.id, order.split(), expected_version=ev.version)
    return str(tmp_path / "data")


def test_history_of_an_evening_prints_totals_and_leader(data, capsys):
    """Rule: ``history ID`` of an evening without points says who leads and counts each player's
    times Président and Trou du cul and longest streak, in ``--lang``; ``--json`` keeps its keys
    and adds the ``sheet`` with its columns and that tally."""
    assert run("history", "last", "--data-dir", data, "--lang", "en") == 0  # the newest
    out = capsys.readouterr().out
    assert "Leading: Cat" in out
    assert "Player  President  Scum  Streak" in out  # no points: the tally, in English
    assert run("history", "last", "--data-dir", data, "--json") == 0
    h = json.loads(capsys.readouterr().out)
    assert len(h["hands"]) == 2 and "standings" in h  # the keys it always had
    sheet = h["sheet"]
    assert not sheet["counts_points"] and [c["name"] for c in sheet["columns"]] == FOUR
    assert [t["president"] for t in sheet["tally"]] == [0, 0, 2, 0]


def test_history_of_an_evening_with_points_has_a_totals_row(data, capsys):
    """Rule: the grid of an evening with points ends with a row of each player's total, and says who
    leads (in French by default)."""
    service = TableService(data)
    first = min(service.evenings(), key=lambda e: e.date).id
    assert run("history", first, "--data-dir", data) == 0
    out = capsys.readouterr().out
    assert "Total  6    3    0    0" in out and "En tête : Ann" in out


def test_leaderboard_rating(data, capsys):
    """Rule: ``leaderboard --rating`` ranks the players by rating with its uncertainty and shows the
    average place as a place on a table size (never "2.0nd"); ``--json`` gives each player's rating,
    hands, evenings and average place and table."""
    assert run("leaderboard", "--rating", "--data-dir", data, "--lang", "en") == 0
    out = capsys.readouterr().out
    first = out.splitlines()[2].split()
    assert first[:2] == ["1", "Ann"] and "± uncert." in out.splitlines()[0]
    assert "2.0nd of 4" not in out and "of 4" in out
    assert run("leaderboard", "--rating", "--data-dir", data, "--json") == 0
    ratings = json.loads(capsys.readouterr().out)["ratings"]
    assert ratings[0]["name"] == "Ann"
    assert {"mu", "sigma", "ordinal", "hands", "evenings", "avg_place", "avg_table"} <= set(
        ratings[0]
    )
    assert ratings[0]["hands"] == 5 and ratings[0]["avg_table"] == 4


def test_leaderboard_json_keeps_its_keys_and_adds_the_average_place(data, capsys):
    """Rule: the leaderboard's JSON rows keep the keys they had (``avg_position``, ``points``,
    ``president``) and add ``avg_place`` and ``avg_table``."""
    assert run("leaderboard", "--data-dir", data, "--json") == 0
    row = json.loads(capsys.readouterr().out)["players"][0]
    assert {"avg_position", "points", "president", "avg_place", "avg_table"} <= set(row)


def test_share_text(data, capsys):
    """Rule: ``evening share --text`` writes the evening as chat text headed by its place and its
    date written out in ``--lang``, with medals for the podium; ``--json`` gives that text, in
    French by default."""
    assert run("evening", "share", "last", "--text", "--data-dir", data, "--lang", "en") == 0
    out = capsys.readouterr().out
    assert out.startswith("🃏 Chez Ann — Friday, March 8, 2024") and "🥇 Cat" in out  # Babel
    assert run("evening", "share", "last", "--text", "--json", "--data-dir", data) == 0
    shared = json.loads(capsys.readouterr().out)
    assert shared["text"].startswith("🃏 Chez Ann — vendredi 8 mars 2024")


def test_share_png(data, capsys, tmp_path):
    """Rule: ``evening share --png FILE`` writes a PNG 1080 pixels wide to FILE; ``--json`` gives
    its path and its size in bytes."""
    target = tmp_path / "soiree.png"
    argv = ("evening", "share", "last", "--png", str(target), "--json", "--data-dir", data)
    assert run(*argv) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["png"] == str(target) and out["bytes"] == target.stat().st_size
    assert Image.open(io.BytesIO(target.read_bytes())).width == 1080


def test_share_to_an_unwritable_place_says_so(data, capsys, tmp_path):
    """Rule: a PNG that cannot be written (its folder does not exist) exits 2 with a line saying it
    could not be written."""
    target = tmp_path / "missing-folder" / "soiree.png"
    assert run("evening", "share", "last", "--png", str(target), "--data-dir", data) == 2
    assert "Impossible d'écrire" in capsys.readouterr().err


def test_leaderboard_rating_says_what_the_rating_is_and_marks_provisional_ones(data, capsys):
    """Rule: ``--rating`` explains the rating in one line and stars the provisional ones
    (five hands: all of them); ``--json`` adds ``provisional`` to each row."""
    assert run("leaderboard", "--rating", "--data-dir", data, "--lang", "fr") == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[2].split()[2].endswith("*")  # "1 Ann 27.3* …"
    (note,) = [x for x in lines if x.startswith("La cote estime le niveau")]
    assert "cote prudente (cote − 3 × incertitude)" in note and "* : provisoire" in note
    assert run("leaderboard", "--rating", "--data-dir", data, "--json") == 0
    ratings = json.loads(capsys.readouterr().out)["ratings"]
    assert [r["provisional"] for r in ratings] == [True] * 4
