"""companion.bytecode.cache: the phone build's compiled modules, kept between opens. Under
CPython here, with modules of our own written for each test and imported through the
cache."""

from __future__ import annotations

import importlib
import importlib.machinery
import importlib.resources
import inspect
import sys
import zipfile
from collections.abc import Iterator
from pathlib import Path

import pytest

from companion import bytecode
from companion.bytecode import CodeCache
from companion.bytecode import cache as cache_module


@pytest.fixture
def cached_imports(tmp_path: Path) -> Iterator[Path]:
    """A folder on sys.path for throwaway modules; whatever cache a test installs and the
    modules it imported are gone afterwards."""
    finders, path = list(sys.meta_path), list(sys.path)
    before = set(sys.modules)
    sys.path.insert(0, str(tmp_path))
    importlib.invalidate_caches()
    yield tmp_path
    sys.meta_path[:] = finders
    sys.path[:] = path
    for name in set(sys.modules) - before:
        del sys.modules[name]


def _write(folder: Path, files: dict[str, str]) -> None:
    for name, text in files.items():
        (folder / name).parent.mkdir(parents=True, exist_ok=True)
        (folder / name).write_text(text, "utf-8")
    importlib.invalidate_caches()


def _forget(*names: str) -> None:
    for name in names:
        sys.modules.pop(name, None)


def _first_open(name: str) -> bytes:
    """An open that imports ``name`` through an empty cache, and what it kept; afterwards
    neither the cache nor the module is installed."""
    first = CodeCache("k")
    bytecode.install(first)
    importlib.import_module(name)
    sys.meta_path.remove(first)  # type: ignore[arg-type]
    _forget(name)
    return first.pack()


def test_a_module_imported_through_the_cache_runs_and_is_recorded(cached_imports: Path) -> None:
    """A source module imports as usual through the cache, which records its code."""
    _write(cached_imports, {"bc_one.py": "VALUE = 6 * 7\n"})
    cache = CodeCache("k")
    bytecode.install(cache)
    module = importlib.import_module("bc_one")
    assert module.VALUE == 42
    assert cache.unsaved == 1 and cache.hits == 0


def test_the_next_open_takes_the_code_from_the_cache(cached_imports: Path) -> None:
    """Packed and unpacked with the same key, the cache gives the code it recorded: the
    module runs what was compiled then, even though its source has changed since (a real
    build's sources never change under one key)."""
    _write(cached_imports, {"bc_two.py": "VALUE = 'compiled then'\n"})
    blob = _first_open("bc_two")
    _write(cached_imports, {"bc_two.py": "VALUE = 'edited since'\n"})

    second = CodeCache.unpack("k", blob)
    assert second is not None and second.known == 1
    bytecode.install(second)
    assert importlib.import_module("bc_two").VALUE == "compiled then"
    assert second.hits == 1 and second.unsaved == 0


def test_another_key_or_python_or_a_damaged_blob_gives_no_cache() -> None:
    """A cache is only read for its own key and Python: anything else is compiled afresh."""
    cache = CodeCache("build-1")
    cache._new["x.py"] = compile("X = 1", "x.py", "exec")
    blob = cache.pack()
    assert CodeCache.unpack("build-1", blob) is not None
    assert CodeCache.unpack("build-2", blob) is None
    header_end = blob.index(b"build-1")
    other_python = blob[: header_end - 4] + b"\0\0\0\0" + blob[header_end:]
    assert CodeCache.unpack("build-1", other_python) is None
    assert CodeCache.unpack("build-1", blob[:-5]) is None  # cut short
    assert CodeCache.unpack("build-1", b"") is None


def test_a_damaged_entry_is_compiled_from_source(cached_imports: Path) -> None:
    """One unreadable module in an otherwise good cache is compiled from its source."""
    _write(cached_imports, {"bc_three.py": "VALUE = 3\n"})
    origin = str(cached_imports / "bc_three.py")
    cache = CodeCache("k", {origin: b"not marshalled code"})
    bytecode.install(cache)
    assert importlib.import_module("bc_three").VALUE == 3
    assert cache.hits == 0 and cache.unsaved == 1


def test_packages_keep_their_submodules_resources_and_sources(cached_imports: Path) -> None:
    """A package from the cache still finds its submodules, its data files and its source
    (tracebacks, inspect): only where its code comes from changes."""
    _write(
        cached_imports,
        {
            "bc_pkg/__init__.py": "def answer():\n    return 42\n",
            "bc_pkg/sub.py": "NAME = 'sub'\n",
            "bc_pkg/data.txt": "payload",
        },
    )
    blob = _first_open("bc_pkg")

    second = CodeCache.unpack("k", blob)
    assert second is not None
    bytecode.install(second)
    package = importlib.import_module("bc_pkg")
    assert second.hits == 1
    assert importlib.import_module("bc_pkg.sub").NAME == "sub"  # not in the cache: compiled
    assert (importlib.resources.files("bc_pkg") / "data.txt").read_text() == "payload"
    assert "return 42" in inspect.getsource(package.answer)


def test_modules_in_a_zip_are_left_to_the_compiled_library(cached_imports: Path) -> None:
    """A module imported from a zip (Pyodide's standard library) is not the cache's: the
    library's own compiled copy holds it (companion.bytecode.library)."""
    archive = cached_imports / "lib.zip"
    with zipfile.ZipFile(archive, "w") as zipped:
        zipped.writestr("bc_zipped.py", "VALUE = 'from the zip'\n")
    sys.path.insert(0, str(archive))
    cache = CodeCache("k")
    bytecode.install(cache)
    assert importlib.import_module("bc_zipped").VALUE == "from the zip"
    assert cache.unsaved == 0


def test_built_in_and_frozen_modules_keep_their_finders() -> None:
    """The cache goes just before the path finder: built-in and frozen modules are found
    first, as without it."""
    finders = list(sys.meta_path)
    try:
        cache = CodeCache("k")
        bytecode.install(cache)
        where = sys.meta_path.index(cache)  # type: ignore[arg-type]
        assert sys.meta_path[where + 1] is importlib.machinery.PathFinder
        assert importlib.machinery.BuiltinImporter in sys.meta_path[:where]
    finally:
        sys.meta_path[:] = finders


def test_outside_the_browser_nothing_is_installed() -> None:
    """CPython writes its own .pyc: restore does nothing there, and keep accepts that."""
    finders = list(sys.meta_path)
    assert bytecode.restore("k") is None
    bytecode.keep(None)
    assert sys.meta_path == finders


def test_the_docstring_examples_hold() -> None:
    """The examples in the module's docstrings run as written."""
    import doctest

    assert doctest.testmod(cache_module).failed == 0
