"""The command line in German (``--lang de``): its own words come from the ``cli`` catalogue
and the store's refusals from the ``store`` one, with German dates, numbers and plurals; no
French or English word of those catalogues shows."""

from __future__ import annotations

import json
from datetime import date
from pathlib import Path

import pytest

from companion.cli import main
from companion.table.service import TableService

FOUR = ["Ann", "Bob", "Cat", "Dan"]
# Words of the French and English catalogues that German must never show.
FOREIGN = (
    "Soirée",
    "Joueur",
    "Mains",
    "Trou du cul",
    "Evening",
    "Player",
    "Hands",
    "Scum",
    "Leading",
    "Avg place",
)


@pytest.fixture
def club(tmp_path: Path) -> str:
    """Two evenings of four players: one of three hands in 2024, one of one hand in 2025."""
    service = TableService(tmp_path / "club")
    for day, orders in (
        (date(2024, 3, 8), ["Ann Bob Cat Dan", "Ann Cat Bob Dan", "Bob Ann Cat Dan"]),
        (date(2025, 11, 27), ["Cat Ann Bob Dan"]),
    ):
        ev = service.create_evening(FOUR, "trou-du-cul", day=day, place="Chez Ann")
        for order in orders:
            ev = service.record_hand(ev.id, order.split(), expected_version=ev.version)
    return str(tmp_path / "club")


def _out(capsys: pytest.CaptureFixture[str], *argv: str) -> str:
    assert main(list(argv)) == 0
    return capsys.readouterr().out


def _foreign(text: str) -> list[str]:
    return [word for word in FOREIGN if word in text]


def test_the_history_list_in_german(club: str, capsys: pytest.CaptureFixture[str]) -> None:
    """``history --lang de``: German headings and German dates (8. März 2024 as 08.03.2024)."""
    out = _out(capsys, "history", "--data-dir", club, "--lang", "de")
    assert out.splitlines()[0].split()[:4] == ["Spieleabend", "Datum", "Ort", "Runden"]
    assert "08.03.2024" in out and "27.11.2025" in out
    assert _foreign(out) == []


def test_the_leaderboard_in_german(club: str, capsys: pytest.CaptureFixture[str]) -> None:
    """``leaderboard --lang de``: the titles counted are Präsident and Arschloch, and the
    note under the table is German."""
    out = _out(capsys, "leaderboard", "--data-dir", club, "--lang", "de")
    assert out.splitlines()[0].split()[:3] == ["#", "Spieler", "Punkte"]
    assert "Präsident" in out and "Arschloch" in out
    assert "Ø Platz: der mittlere Platz" in out
    assert _foreign(out) == []


def test_a_head_to_head_in_german_counts_in_german(
    club: str, capsys: pytest.CaptureFixture[str]
) -> None:
    """``--versus``: the counts take German's plural (2 Spieleabende, 4 gemeinsam gespielte
    Runden, 3-mal)."""
    out = _out(capsys, "leaderboard", "--data-dir", club, "--versus", "Ann,Bob", "--lang", "de")
    assert out.startswith(
        "Ann gegen Bob: 4 gemeinsam gespielte Runden (2 Spieleabende). Ann lag 3-mal"
    )
    assert _foreign(out) == [] and " fois" not in out and " times" not in out


def test_the_ratings_in_german_write_decimals_with_a_comma(
    club: str, capsys: pytest.CaptureFixture[str]
) -> None:
    """``--rating``: German headings, the ratings written 25,0 (Babel), the note in German."""
    out = _out(capsys, "leaderboard", "--data-dir", club, "--rating", "--lang", "de")
    head = out.splitlines()[0]
    assert "Spielstärke" in head and "Unsicherh." in head and "Vorsichtig" in head
    rating = out.splitlines()[2].split()[2].rstrip("*")
    assert "," in rating and "." not in rating
    assert "Die Spielstärke schätzt das Können" in out


def test_a_store_refusal_in_german(
    club: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """An import refused by the store says why in German, on one line, and exits 2."""
    empty = tmp_path / "empty.json"
    empty.write_bytes(b"{}")
    assert main(["import", str(empty), "--data-dir", club, "--lang", "de"]) == 2
    err = capsys.readouterr().err
    assert err == (
        f"{empty} kann nicht importiert werden: die Datei ist kein Export von companion (kein "
        '"format": "companion-store-export"). Nichts wurde verändert. Wähle eine Datei, die '
        "mit dem JSON-Export der App erstellt wurde.\n"
    )


def test_the_command_line_own_refusals_in_german(
    club: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """The command line's own refusals: a usage error, an export onto a folder, a missing
    finishing order; each one line in German."""
    with pytest.raises(SystemExit) as caught:
        main(["leaderboard", "--data-dir", club, "--from", "gestern", "--lang", "de"])
    assert caught.value.code == 2
    err = capsys.readouterr().err
    assert err.startswith("companion: Aufruffehler: ")
    assert "Datum im Format JJJJ-MM-TT erwartet: 'gestern'" in err
    assert main(["export", str(tmp_path), "--data-dir", club, "--lang", "de"]) == 2
    assert capsys.readouterr().err == (
        f"companion: {tmp_path} kann nicht geschrieben werden (das ist ein Ordner); nichts "
        "wurde verändert\n"
    )
    assert main(["evening", "record", "last", "--data-dir", club, "--lang", "de"]) == 2
    assert capsys.readouterr().err == (
        "Gib die Reihenfolge an, in der die Spieler ausgespielt haben: --order A,B,C,D.\n"
    )


def test_an_export_counts_in_german(
    club: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """``export --lang de`` says what it wrote with German plurals; ``--json`` keeps its keys."""
    out = _out(capsys, "export", str(tmp_path / "b.json"), "--data-dir", club, "--lang", "de")
    assert out == f"Sicherung geschrieben: {tmp_path / 'b.json'} (2 Spieleabende, 4 Spieler)\n"
    data = json.loads(
        _out(
            capsys, "export", str(tmp_path / "c.json"), "--data-dir", club, "--lang", "de", "--json"
        )
    )
    assert sorted(data) == ["evenings", "file", "players"]


def test_the_help_in_german(capsys: pytest.CaptureFixture[str]) -> None:
    """``--help --lang de``: the command's description and its options' help are German."""
    with pytest.raises(SystemExit) as caught:
        main(["deal", "--help", "--lang", "de"])
    assert caught.value.code == 0
    out = " ".join(capsys.readouterr().out.split())  # as argparse wraps it
    assert "Eine Runde planen: wer wo sitzt" in out
    assert "eine erste Runde planen: noch keine Rangfolge, kein Tausch" in out
    assert "Plan a hand" not in out and "Planifier" not in out


def test_one_evening_in_german_names_the_titles_in_german(
    club: str, capsys: pytest.CaptureFixture[str]
) -> None:
    """``history last --lang de``: each hand's titles and the ranking's are the German
    titles of the evening's scheme (Präsident … Arschloch), the points signed, the date
    German."""
    out = _out(capsys, "history", "last", "--data-dir", club, "--lang", "de")
    assert out.startswith("27.11.2025  Chez Ann")
    assert "Präsident +" in out and "Arschloch" in out
    assert "Président" not in out and "Trou du cul" not in out and _foreign(out) == []
    assert "Platz  Spieler  Punkte  Titel" in out and "In Führung: Cat" in out
