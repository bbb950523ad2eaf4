"""``companion export`` and ``companion import``: the full backup on the command line, the
same file and the same checks as Settings › Data, and a command that imports only itself."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from datetime import date
from pathlib import Path

import pytest

from companion.cli import main
from companion.table.service import TableService

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture
def club(tmp_path: Path) -> Path:
    """A data folder with two evenings."""
    service = TableService(tmp_path / "club")
    for day, orders in ((date(2026, 3, 1), ["Ann Bob Cat Dan"] * 2), (date(2026, 4, 1), [])):
        ev = service.create_evening(["Ann", "Bob", "Cat", "Dan"], "pagat", day=day)
        for order in orders:
            ev = service.record_hand(ev.id, order.split(), expected_version=ev.version)
    return tmp_path / "club"


def _json(capsys: pytest.CaptureFixture[str], *argv: str) -> dict[str, object]:
    assert main(list(argv)) == 0
    data: dict[str, object] = json.loads(capsys.readouterr().out)
    return data


def test_a_backup_exported_and_imported_gives_the_same_history(
    club: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """What ``export`` writes, ``import`` reads into another folder: the same evenings,
    hands and players, and the import says where the data as it was went."""
    backup = tmp_path / "out" / "club.json"
    exported = _json(capsys, "export", str(backup), "--data-dir", str(club), "--json")
    assert exported == {"file": str(backup), "evenings": 2, "players": 4}
    other = tmp_path / "other"
    imported = _json(capsys, "import", str(backup), "--data-dir", str(other), "--json")
    assert imported["evenings"] == 2 and imported["players"] == 4
    assert Path(str(imported["safety_copy"])).parent == other / "exports"
    before = _json(capsys, "history", "--data-dir", str(club), "--json")
    after = _json(capsys, "history", "--data-dir", str(other), "--json")
    assert after == before


def test_import_keeps_the_evenings_the_file_does_not_have(
    club: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """An import adds: the evenings already in the folder stay, whatever the file holds."""
    one = TableService(tmp_path / "one")
    one.create_evening(["Léa", "Tom", "Max", "Zoé"], "pagat", day=date(2025, 1, 1))
    backup = tmp_path / "one.json"
    _json(capsys, "export", str(backup), "--data-dir", str(tmp_path / "one"), "--json")
    _json(capsys, "import", str(backup), "--data-dir", str(club), "--json")
    listed = _json(capsys, "history", "--data-dir", str(club), "--json")["evenings"]
    assert isinstance(listed, list) and len(listed) == 3


def test_a_wrong_file_is_refused_in_the_users_language_and_changes_nothing(
    club: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A file that is not a backup: exit 2, one line in ``--lang``, the folder as it was and
    no safety copy left behind."""
    wrong = tmp_path / "photo.json"
    wrong.write_text('{"not": "a backup"}', "utf-8")
    before = _json(capsys, "history", "--data-dir", str(club), "--json")
    assert main(["import", str(wrong), "--data-dir", str(club), "--lang", "en"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "cannot be imported" in err and "Nothing was changed" in err
    assert main(["import", str(tmp_path / "missing.json"), "--data-dir", str(club)]) == 2
    assert "n'existe pas" in capsys.readouterr().err
    assert _json(capsys, "history", "--data-dir", str(club), "--json") == before
    assert not list((club / "exports").glob("before-import-*"))


def test_exporting_onto_a_folder_is_refused(
    club: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A folder is not a file to write: exit 2, one line, nothing written."""
    assert main(["export", str(tmp_path), "--data-dir", str(club), "--lang", "en"]) == 2
    err = capsys.readouterr().err
    assert err == f"companion: cannot write {tmp_path} (it is a folder); nothing changed\n"


def test_the_readable_lines_follow_the_language(
    club: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Without ``--json``, one line saying what was done, in French by default."""
    assert main(["export", str(tmp_path / "b.json"), "--data-dir", str(club)]) == 0
    assert capsys.readouterr().out.startswith("Sauvegarde écrite : ")
    assert main(["export", str(tmp_path / "b.json"), "--data-dir", str(club), "--lang", "en"]) == 0
    assert "(2 evenings, 4 players)" in capsys.readouterr().out


def test_a_command_imports_only_its_own_module(club: Path, tmp_path: Path) -> None:
    """``companion export`` loads the table but none of the other commands' modules (the
    rules engine's notation, the dealing plan, the evening commands)."""
    script = (
        "import sys\n"
        "from companion.cli import main\n"
        "code = main(sys.argv[1:])\n"
        "print(','.join(sorted(m for m in sys.modules if m.startswith('companion.cli.'))))\n"
        "sys.exit(code)\n"
    )
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    argv = ["export", str(tmp_path / "b.json"), "--data-dir", str(club), "--json"]
    done = subprocess.run(
        [sys.executable, "-c", script, *argv], capture_output=True, text=True, env=env, cwd=ROOT
    )
    assert done.returncode == 0, done.stderr
    loaded = set(done.stdout.strip().splitlines()[-1].split(","))
    assert "companion.cli.transfer" in loaded
    assert not loaded & {
        "companion.cli.evening",
        "companion.cli.history",
        "companion.cli.deal",
        "companion.cli.judge",
        "companion.cli.publish",
    }


def _files(folder: Path) -> list[str]:
    return sorted(
        str(p.relative_to(folder)) for p in folder.rglob("*") if p.name != "companion.lock"
    )


def test_a_long_list_of_junk_is_refused_in_words_with_the_problems_counted(
    club: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A backup whose evenings are 200,000 empty objects: exit 2, one line in ``--lang``
    naming five problems and counting the others, and no file added to the data folder."""
    junk = tmp_path / "junk.json"
    junk.write_bytes(
        b'{"format": "companion-store-export", "schema_version": 2, "index": [], '
        b'"players": [], "evenings": [' + b",".join([b"{}"] * 200_000) + b"]}"
    )
    before = _files(club)
    assert main(["import", str(junk), "--data-dir", str(club), "--lang", "en"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "and 199,995 more problems" in err
    assert err.startswith(f"{junk} cannot be imported: evenings[0]:")
    assert main(["import", str(junk), "--data-dir", str(club)]) == 2
    assert "et 199\u202f995 autres problèmes. Rien n'a été modifié." in capsys.readouterr().err
    assert _files(club) == before


def test_a_file_over_the_size_limit_is_refused_in_words(
    club: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """An 80 MB file: exit 2, one line in ``--lang`` giving its size and the limit."""
    big = tmp_path / "big.json"
    with big.open("wb") as handle:
        handle.truncate(80_000_000)  # sparse: never read anyway
    before = _files(club)
    assert main(["import", str(big), "--data-dir", str(club)]) == 2
    assert capsys.readouterr().err == (
        f"Impossible d'importer {big} : il fait 80 Mo, plus qu'une sauvegarde ne peut faire "
        "(64 Mo). Rien n'a été modifié. Choisissez un fichier créé par l'export JSON de "
        "l'application.\n"
    )
    assert main(["import", str(big), "--data-dir", str(club), "--lang", "en"]) == 2
    assert "it is 80 MB, larger than a backup can be (64 MB)" in capsys.readouterr().err
    assert _files(club) == before
