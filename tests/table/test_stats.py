"""History and rankings: per evening hand by hand, the leaderboard and head-to-head over all
evenings or a period, and ``companion history`` / ``companion leaderboard``."""

import argparse
import json
from datetime import date

import pytest

from companion.table import stats
from companion.table.history_commands import register
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


def rows(service, start=None, end=None):
    return {r.name: r for r in service.leaderboard(start, end)}


def test_evening_history_hand_by_hand(service):
    ev = evening(
        service,
        FOUR,
        "president",
        ["Bob Dan Ann Cat", "Bob Ann Cat Dan"],
        date(2024, 1, 5),
        ranking=["Dan", "Cat", "Bob", "Ann"],
        place="Chez Cat",
    )
    h = service.history(ev.id)
    assert [r.number for r in h.hands] == [1, 2] and h.place == "Chez Cat"
    by = h.names
    first, second = h.hands
    assert {by[p]: v for p, v in first.points.items()} == {"Bob": 3, "Dan": 2, "Ann": 1, "Cat": 0}
    assert {by[p]: v for p, v in second.totals.items()} == {"Bob": 6, "Dan": 2, "Ann": 3, "Cat": 1}
    assert {by[p]: t for p, t in second.titles.items()}["Dan"] == "Balayeur"
    assert [(s.place, s.name, s.total) for s in h.standings] == [
        (1, "Bob", 6),
        (2, "Ann", 3),
        (3, "Dan", 2),
        (4, "Cat", 1),
    ]
    assert h.scoring == "three_two_one" and not h.ended


def test_standings_keep_players_who_left(service):
    ev = evening(service, [*FOUR, "Eve"], "pagat", ["Eve Ann Bob Cat Dan"], date(2024, 1, 5))
    ev = service.leave(ev.id, "Eve", expected_version=ev.version)
    table = service.standings(ev.id)
    eve = next(s for s in table if s.name == "Eve")
    assert eve.total == 2 and not eve.present and eve.title is None
    assert [s.place for s in table] == [1, 2, 3, 4, 5]


def test_normalised_position_compares_table_sizes(service):
    """Placed 2nd of 5 is 0.25, 2nd of 3 is 0.5: (place − 1) / (players − 1)."""
    evening(
        service,
        ["Ann", "Bob", "Cat", "Dan", "Eve"],
        "trou-du-cul",
        ["Bob Ann Cat Dan Eve"],
        date(2024, 1, 5),
    )
    evening(service, ["Ann", "Bob", "Cat"], "trou-du-cul", ["Bob Ann Cat"], date(2024, 1, 12))
    r = rows(service)
    assert r["Ann"].avg_position == pytest.approx((0.25 + 0.5) / 2)
    assert r["Bob"].avg_position == 0 and r["Cat"].avg_position == pytest.approx(0.75)
    assert r["Ann"].hands == 2 and r["Ann"].evenings == 2
    assert r["Cat"].trou_du_cul == 1 and r["Eve"].trou_du_cul == 1 and r["Bob"].president == 2


def test_longest_streak_stays_within_an_evening(service):
    evening(
        service,
        FOUR,
        "pagat",
        [
            "Ann Bob Cat Dan",
            "Ann Cat Bob Dan",
            "Ann Bob Dan Cat",
            "Bob Ann Cat Dan",
            "Ann Bob Cat Dan",
        ],
        date(2024, 1, 5),
        settings=["target=none"],
    )
    evening(service, FOUR, "pagat", ["Ann Bob Cat Dan", "Ann Bob Cat Dan"], date(2024, 1, 12))
    r = rows(service)
    assert r["Ann"].longest_streak == 3 and r["Bob"].longest_streak == 1
    assert r["Ann"].president == 6


def test_points_penalties_wins_and_periods(service):
    """Points of schemes that count places add up; card_penalty evenings go to penalty."""
    evening(service, FOUR, "pagat", ["Ann Bob Cat Dan"] * 6, date(2023, 6, 1))  # to 11
    evening(service, FOUR, "trou-du-cul", ["Dan Cat Bob Ann"], date(2024, 6, 1))
    ev = service.create_evening(
        FOUR, "trou-du-cul", day=date(2024, 7, 1), settings=["scoring=card_penalty"]
    )
    service.record_hand(
        ev.id, [], expected_version=ev.version, cards_left={"Ann": 0, "Bob": 4, "Cat": 12, "Dan": 1}
    )
    r = rows(service)
    assert r["Ann"].points == 12 and r["Ann"].wins == 1 and r["Ann"].penalty == 0
    assert r["Dan"].points == 3 and r["Cat"].penalty == 24 and r["Bob"].penalty == 4
    assert [x.name for x in service.leaderboard()][:2] == ["Ann", "Bob"]
    recent = rows(service, start=date(2024, 1, 1))
    assert recent["Ann"].points == 0 and recent["Dan"].points == 3
    assert recent["Ann"].evenings == 2
    old = rows(service, end=date(2023, 12, 31))
    assert old["Ann"].points == 12 and old["Ann"].evenings == 1
    assert rows(service, date(2025, 1, 1), date(2025, 12, 31)) == {}
    assert [r.rank for r in service.leaderboard()] == [1, 2, 3, 4]


def test_head_to_head(service):
    evening(
        service,
        FOUR,
        "trou-du-cul",
        ["Ann Bob Cat Dan", "Bob Ann Cat Dan", "Ann Cat Dan Bob"],
        date(2024, 1, 5),
    )
    evening(
        service, ["Ann", "Cat", "Dan", "Eve"], "trou-du-cul", ["Cat Ann Dan Eve"], date(2024, 2, 5)
    )
    h = service.head_to_head("ann", "Bob")
    assert (h.hands, h.a_ahead, h.b_ahead, h.evenings) == (3, 2, 1, 1)
    h = service.head_to_head("Ann", "Cat")
    assert (h.hands, h.a_ahead, h.b_ahead, h.evenings) == (4, 3, 1, 2)
    h = service.head_to_head("Ann", "Cat", start=date(2024, 2, 1))
    assert (h.hands, h.a_ahead, h.b_ahead) == (1, 0, 1)
    assert service.head_to_head("Bob", "Eve").hands == 0


def test_leaderboard_reads_only_the_index(service, tmp_path, monkeypatch):
    """The leaderboard adds up the summaries the store keeps in its index: it never opens an
    evening file."""
    evs = [
        evening(service, FOUR, "pagat", ["Ann Bob Cat Dan", "Cat Ann Bob Dan"], date(2024, 1, d))
        for d in (5, 12)
    ]
    expected = service.leaderboard()
    fresh = TableService(tmp_path / "data")

    def refuse(evening_id):
        raise AssertionError(f"opened {evening_id}")

    monkeypatch.setattr(fresh.repo, "get", refuse)
    assert fresh.leaderboard() == expected
    for ev in evs:
        assert fresh.repo.get_entry(ev.id).summary == stats.evening_summary(ev)
    assert (
        stats.leaderboard(stats.summaries_of(evs), {p.id: p.name for p in evs[0].players})
        == expected
    )


def test_index_entry_describes_the_evening(service):
    ev = evening(
        service,
        FOUR,
        "pagat",
        ["Ann Bob Cat Dan"],
        date(2024, 1, 5),
        title="Vendredi",
        place="Chez Ann",
    )
    entry = service.repo.get_entry(ev.id)
    assert (entry.date, entry.title, entry.place, entry.hand_count) == (
        "2024-01-05",
        "Vendredi",
        "Chez Ann",
        1,
    )
    assert entry.player_ids == [p.id for p in ev.players]
    assert len(entry.model_dump_json()) < 1500  # small: the index holds ten years of these


def test_summaries_follow_corrections(service):
    ev = evening(service, FOUR, "pagat", ["Ann Bob Cat Dan"], date(2024, 1, 5))
    assert rows(service)["Ann"].points == 2
    ev = service.edit_hand(
        ev.id, 1, order=["Dan", "Cat", "Bob", "Ann"], expected_version=ev.version
    )
    assert rows(service)["Ann"].points == 0 and rows(service)["Dan"].points == 2
    service.undo(ev.id, expected_version=ev.version)
    assert rows(service)["Ann"].points == 2


# ----------------------------------------------------------------------- command line


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
    assert run("history", "--data-dir", data) == 0
    out = capsys.readouterr().out
    assert "Chez Ann" in out and "Soirée" in out and "Ann ✓" in out
    assert run("history", "--data-dir", data, "--json", "--from", "2024-01-01") == 0
    listed = json.loads(capsys.readouterr().out)["evenings"]
    assert len(listed) == 1 and listed[0]["hands"] == 2 and listed[0]["place"] == "Chez Ann"


def test_cli_history_of_one_evening(data, capsys):
    assert run("history", "last", "--data-dir", data) == 0
    out = capsys.readouterr().out
    assert "Président +3 = 5" in out and "Trou du cul" in out
    assert run("history", "last", "--data-dir", data, "--json") == 0
    h = json.loads(capsys.readouterr().out)
    assert len(h["hands"]) == 2 and h["standings"][0]["total"] == 5


def test_cli_leaderboard(data, capsys):
    assert run("leaderboard", "--data-dir", data, "--lang", "en") == 0
    out = capsys.readouterr().out
    assert out.splitlines()[0].split()[:3] == ["#", "Player", "Points"]
    assert "Avg pos.: 0 = always first" in out
    assert run("leaderboard", "--data-dir", data, "--json", "--to", "2023-12-31") == 0
    board = json.loads(capsys.readouterr().out)
    assert board["to"] == "2023-12-31" and board["players"][0]["name"] == "Ann"
    assert board["players"][0]["points"] == 12 and board["players"][0]["wins"] == 1
    assert run("leaderboard", "--data-dir", data, "--versus", "Ann,Cat", "--json") == 0
    h2h = json.loads(capsys.readouterr().out)
    assert (h2h["hands"], h2h["a_ahead"], h2h["b_ahead"]) == (8, 7, 1)


def test_cli_errors_exit_2(data, capsys):
    assert run("history", "nope", "--data-dir", data) == 2
    assert "Soirée inconnue" in capsys.readouterr().err
    assert run("leaderboard", "--data-dir", data, "--versus", "Ann,Zoe", "--lang", "en") == 2
    assert "Unknown player" in capsys.readouterr().err
    assert run("leaderboard", "--data-dir", data, "--versus", "Ann") == 2
    with pytest.raises(SystemExit) as caught:
        run("leaderboard", "--data-dir", data, "--from", "yesterday")
    assert caught.value.code == 2


def test_cli_empty_data_dir(tmp_path, capsys):
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
