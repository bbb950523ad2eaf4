"""What ``companion publish`` puts in ``app.tar.gz``, the package the page unpacks: the
compiled catalogues, Babel's data for the languages the app speaks and no other, and every
runtime dependency the page imports. Built from stand-in wheels (no download, no site)."""

from __future__ import annotations

import gzip
import io
import re
import tarfile
import tomllib
import zipfile
from pathlib import Path

import pytest

from companion.cli import publish
from companion.words import LANGS

# Babel's data files in the stand-in wheel: the app's languages, their parent, and locales
# the app does not speak (a child of English, a language of another script).
LOCALES = ("fr", "en", "de", "root", "en_001", "fr_CA", "ja", "zh_Hant")


def _wheel(folder: Path, name: str, members: dict[str, bytes]) -> None:
    with zipfile.ZipFile(folder / name, "w") as archive:
        for member, data in members.items():
            archive.writestr(member, data)


def _wheels(folder: Path, locales: tuple[str, ...] = LOCALES) -> Path:
    folder.mkdir()
    _wheel(
        folder,
        "pydantic_core-2.50.5-cp314-cp314-pyemscripten_2026_0_wasm32.whl",
        {"pydantic_core/__init__.py": b""},
    )
    babel = {
        "babel/__init__.py": b"",
        "babel/global.dat": b"global",
        "babel/locale-data/LICENSE.unicode": b"licence",
    }
    babel |= {f"babel/locale-data/{locale}.dat": locale.encode() for locale in locales}
    _wheel(folder, "babel-2.19.0-py3-none-any.whl", babel)
    return folder


def _names(wheels: Path) -> set[str]:
    package = publish._app_package(wheels, "314.0.7", "0123abcd")
    with tarfile.open(fileobj=io.BytesIO(gzip.decompress(package))) as tar:
        return set(tar.getnames())


def test_the_package_carries_babel_data_of_the_app_languages_only(tmp_path: Path) -> None:
    """Of Babel's CLDR data the page gets the app's languages, their parent ``root``, the
    global data and the data's licence, and no other locale (not even a child of English)."""
    names = _names(_wheels(tmp_path / "wheels"))
    data = {n for n in names if n.startswith("__pypackages__/babel/")}
    assert data == {
        "__pypackages__/babel/__init__.py",
        "__pypackages__/babel/global.dat",
        "__pypackages__/babel/locale-data/LICENSE.unicode",
        *(f"__pypackages__/babel/locale-data/{locale}.dat" for locale in (*LANGS, "root")),
    }
    assert "__pypackages__/babel/locale-data/ja.dat" not in names


def test_the_package_carries_every_compiled_catalogue_and_no_source(tmp_path: Path) -> None:
    """Every language's compiled catalogue of every domain is in the package (the page reads
    its words from them), and no ``.po`` source."""
    names = _names(_wheels(tmp_path / "wheels"))
    locale_dir = publish.ROOT / "companion" / "words" / "locale"
    compiled = {
        f"companion/words/locale/{mo.relative_to(locale_dir).as_posix()}"
        for mo in locale_dir.glob("*/LC_MESSAGES/*.mo")
    }
    assert {n.split("/")[3] for n in compiled} == set(LANGS)
    assert "companion/words/locale/de/LC_MESSAGES/publish.mo" in compiled
    assert compiled <= names
    assert not [n for n in names if n.endswith(".po")]


def test_a_babel_wheel_without_a_language_of_the_app_is_refused(tmp_path: Path) -> None:
    """A Babel wheel that lacks the data of a language the app speaks stops the build, naming
    the language (the page would fail on its first number)."""
    wheels = _wheels(tmp_path / "wheels", locales=("fr", "en", "root", "ja"))
    with pytest.raises(publish.PublishError) as caught:
        publish._app_package(wheels, "314.0.7", "0123abcd")
    assert caught.value.code == "publish-failed"
    assert caught.value.message("en").endswith("lacks the CLDR data of de")


def test_every_runtime_dependency_is_in_the_browser_or_said_why_not() -> None:
    """Each of pyproject's runtime dependencies is either fetched for the page or named in
    ``NOT_IN_BROWSER`` with its reason: a new dependency is never left out of the phone build
    silently."""
    pyproject = tomllib.loads((publish.ROOT / "pyproject.toml").read_text("utf-8"))
    names = set()
    for requirement in pyproject["project"]["dependencies"]:
        found = re.match(r"[A-Za-z0-9_.-]+", requirement)
        assert found is not None
        names.add(found.group(0).lower().replace("_", "-"))
    assert "babel" in names
    shipped = set(publish.BROWSER_REQUIREMENTS)
    assert names - shipped == set(publish.NOT_IN_BROWSER)
