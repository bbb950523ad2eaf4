"""docs/architecture.md names real files: a newcomer who follows a name finds it. The same
check holds docs/performance.md and docs/reliability.md to the files they name.

A span in backticks is taken for a path of the repository when it starts with one of the
repository's top-level names (``companion/…``, ``tests/…``, ``main.py``…) or ends in ``.py``
with a folder in it. ``path::Name.attr`` also names what the file defines.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
MAP = "docs/architecture.md"
DOCS = [MAP, "docs/performance.md", "docs/reliability.md"]
# The repository's own top-level names (not the caches and environments beside them).
TOP = {
    "companion",
    "tests",
    "docs",
    "scripts",
    "benchmarks",
    "assets",
    ".ci",
    "README.md",
    "pyproject.toml",
    "main.py",
}
SPAN = re.compile(r"`([^`\n]+)`")


def _is_path(span: str) -> bool:
    """A span that names a file or folder of the repository (placeholders such as
    ``test_<module>_details.py`` and addresses such as ``/dispute?…`` are not paths)."""
    path = span.split("::", 1)[0]
    if not path or any(c in path for c in " <>*?{}=") or path.startswith("/"):
        return False
    first = path.split("/", 1)[0]
    return first in TOP or ("/" in path and path.endswith(".py"))


def _paths(doc: str) -> list[str]:
    return [s for s in SPAN.findall((ROOT / doc).read_text("utf-8")) if _is_path(s)]


def _file(span: str) -> str:
    return span.split("::", 1)[0]


def _defines(source: str, name: str) -> bool:
    """Whether ``source`` defines ``name``: a function, a class or an assigned name."""
    pattern = rf"^\s*(?:async\s+def|def|class)\s+{re.escape(name)}\b|^\s*{re.escape(name)}\s*[:=]"
    return re.search(pattern, source, re.MULTILINE) is not None


def test_the_map_names_paths_at_all() -> None:
    """The checks below read paths out of the page: they must find some (a change of
    notation would otherwise make them pass on nothing)."""
    assert len(_paths(MAP)) > 100


@pytest.mark.parametrize("doc", DOCS)
def test_every_path_the_doc_names_exists(doc: str) -> None:
    """Every file or folder written in backticks exists in the repository."""
    missing = sorted({_file(p) for p in _paths(doc) if not (ROOT / _file(p)).exists()})
    assert missing == [], f"{doc} names paths that do not exist: {missing}"


@pytest.mark.parametrize("doc", DOCS)
def test_every_name_after_a_path_is_defined_there(doc: str) -> None:
    """``path::Name.attr``: the file defines ``Name``, and ``attr`` inside it."""
    wrong = []
    for span in _paths(doc):
        if "::" not in span:
            continue
        path, names = span.split("::", 1)
        file = ROOT / path
        if not file.is_file():
            continue  # reported by the test above
        source = file.read_text("utf-8")
        wrong += [span for name in names.split(".") if not _defines(source, name)]
    assert wrong == [], f"{doc} names what these files do not define: {wrong}"


def _on_the_map() -> set[str]:
    return {_file(p).rstrip("/") for p in _paths(MAP)}


def test_every_part_of_the_package_is_on_the_map() -> None:
    """Each folder and top-level module of companion/ is named in docs/architecture.md, so
    none is left without its job written down."""
    parts = {
        f"companion/{p.name}"
        for p in (ROOT / "companion").iterdir()
        if (p.is_dir() and (p / "__init__.py").exists())
        or (p.suffix == ".py" and p.name != "__init__.py")
    }
    assert sorted(parts - _on_the_map()) == []


def test_every_test_folder_and_top_level_folder_is_on_the_map() -> None:
    """Each folder of tests/ holding Python, and scripts/, benchmarks/, assets/ and docs/,
    is named in docs/architecture.md."""
    folders = {
        f"tests/{p.name}" for p in (ROOT / "tests").iterdir() if p.is_dir() and any(p.glob("*.py"))
    } | {"scripts", "benchmarks", "assets", "docs"}
    assert sorted(folders - _on_the_map()) == []
