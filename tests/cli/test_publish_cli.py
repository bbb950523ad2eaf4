"""``companion publish``'s refusals and invariants that need no build (the build itself runs
in the phone-build browser tests, tests/e2e/test_e2e_phone_build.py)."""

from __future__ import annotations

import argparse
import ast
import subprocess
import sys
from pathlib import Path

import pytest

from companion.cli import publish


def _publish(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "companion.cli", "publish", *args],
        capture_output=True,
        text=True,
        check=False,
    )


def test_a_folder_that_is_not_a_site_is_never_written(tmp_path: Path) -> None:
    """A non-empty folder that publish did not write is refused, and left as it was."""
    (tmp_path / "notes.txt").write_text("mine", "utf-8")
    done = _publish(str(tmp_path), "--lang", "en")
    assert done.returncode == 2
    assert "not a site written by companion publish" in done.stderr
    assert [p.name for p in tmp_path.iterdir()] == ["notes.txt"]


def test_a_file_is_not_a_folder(tmp_path: Path) -> None:
    """Publishing onto a file is refused with its reason."""
    target = tmp_path / "site"
    target.write_text("x", "utf-8")
    done = _publish(str(target), "--lang", "en")
    assert done.returncode == 2 and "is a file, not a folder" in done.stderr


def test_a_refusal_is_in_french_unless_told_otherwise(tmp_path: Path) -> None:
    """Like every command, publish speaks French by default: its refusal is one French line."""
    target = tmp_path / "site"
    target.write_text("x", "utf-8")
    done = _publish(str(target))
    assert done.returncode == 2
    assert done.stderr == f"companion publish : {target} est un fichier, pas un dossier\n"


def test_a_refusal_speaks_german(tmp_path: Path) -> None:
    """With ``--lang de`` the refusal is German, with no French or English word."""
    (tmp_path / "notes.txt").write_text("mine", "utf-8")
    done = _publish(str(tmp_path), "--lang", "de")
    assert done.returncode == 2
    said = done.stderr.replace(str(tmp_path), "")
    assert "ist nicht leer" in said and "leeren oder neuen Ordner" in said
    assert not {"not", "empty", "folder", "vide", "dossier"} & set(said.replace(":", " ").split())


@pytest.mark.parametrize(
    ("lang", "expected"),
    [
        ("fr", "{folder} : 1\u202f234 fichiers, 82,8 Mo (app 4,3 Mo), version abc."),
        ("en", "{folder}: 1,234 files, 82.8 MB (app 4.3 MB), version abc."),
        ("de", "{folder}: 1.234 Dateien, 82,8 MB (App 4,3 MB), Version abc."),
    ],
)
def test_the_built_site_is_told_in_the_language_with_its_numbers(
    lang: str,
    expected: str,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    """What a build says: its files, sizes and version, numbers written as the language
    writes them (Babel), and the count in the language's plural form."""
    site = publish.Site(tmp_path, "abc", 1234, 82_768_420, 4_335_914)
    monkeypatch.setattr(publish, "publish", lambda *args, **kwargs: site)
    args = argparse.Namespace(dir=tmp_path, base_url="/", wheels=None, lang=lang)
    assert publish.run(args) == 0
    first = capsys.readouterr().out.splitlines()[0]
    assert first == expected.format(folder=tmp_path)


def test_the_rive_address_keeps_its_length() -> None:
    """The client's one internet address is replaced by a local one of the same length (the
    WebAssembly build keeps it as a fixed-size constant)."""
    assert len(publish.RIVE_LOCAL) == len(publish.RIVE_CDN)
    assert not publish.RIVE_LOCAL.startswith(b"http")


def test_the_browser_gets_no_server_only_package_and_no_pillow() -> None:
    """What the page imports: no Pillow (no WebAssembly build), nothing Flet needs only
    outside a browser."""
    names = set(publish.BROWSER_REQUIREMENTS)
    assert "pillow" not in {n.lower() for n in names}
    assert not names & publish.SERVER_ONLY
    assert {"flet", "pydantic", "tinydb", "msgpack"} <= names


def test_the_code_key_moves_with_any_file_and_with_python() -> None:
    """The key of the browser's compiled code (companion.bytecode) changes when any file the
    app imports changes, or the Python that compiles them; the same inputs give the same key."""
    files = [("companion/a.py", b"A = 1\n"), ("__pypackages__/x.py", b"X = 1\n")]
    key = publish.code_key(files, "0.29.0")
    assert publish.code_key(list(files), "0.29.0") == key
    assert publish.code_key([files[0], ("__pypackages__/x.py", b"X = 2\n")], "0.29.0") != key
    assert publish.code_key(files, "0.30.0") != key
    assert publish.code_key(files[:1], "0.29.0") != key


def test_main_py_restores_the_cache_before_the_first_import_of_the_app() -> None:
    """The browser's entry point installs the compiled code under its key before anything of
    the app is imported, and stores what it compiled after the app started."""
    source = publish.MAIN_PY.format(key="0123abcd", library="4567ef")
    ast.parse(source)  # valid Python
    first_call = source.index('bytecode.restore("0123abcd")')
    assert first_call < source.index("from companion.app import run")
    assert source.index("run()") < source.index('bytecode.keep(cache, library="4567ef")')
