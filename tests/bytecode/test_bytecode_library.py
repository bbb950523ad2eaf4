"""companion.bytecode.library: the standard library's zip with the bytecode of the modules
the page imported. Under CPython here, with a zip of our own standing for Pyodide's."""

from __future__ import annotations

import asyncio
import importlib
import io
import subprocess
import sys
import zipfile
from pathlib import Path

from companion.bytecode import library


def _zip(path: Path, files: dict[str, str]) -> bytes:
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as zipped:
        for name, text in files.items():
            zipped.writestr(name, text)
    return path.read_bytes()


def _compile(zipped: bytes, where: str, modules: set[str]) -> tuple[tuple[bytes, int] | None, int]:
    pauses = 0

    async def pause() -> None:
        nonlocal pauses
        pauses += 1

    return asyncio.run(library.compiled(zipped, where, modules, pause)), pauses


def test_the_modules_asked_for_get_their_bytecode_beside_their_sources(tmp_path: Path) -> None:
    """Each module asked for gets a .pyc next to its source; the others, and every file of
    the original, are kept as they were. The page is given a pause after each module."""
    original = _zip(
        tmp_path / "lib.zip",
        {"alpha.py": "A = 1\n", "pkg/__init__.py": "", "pkg/beta.py": "B = 2\n", "data.txt": "x"},
    )
    done, pauses = _compile(original, "/lib/lib.zip", {"alpha.py", "pkg/beta.py", "gone.py"})
    assert done is not None
    blob, count = done
    assert count == 2 and pauses == 2
    with zipfile.ZipFile(io.BytesIO(blob)) as zipped:
        names = set(zipped.namelist())
        assert zipped.read("data.txt") == b"x"
    assert names == {
        "alpha.py",
        "alpha.pyc",
        "pkg/__init__.py",
        "pkg/beta.py",
        "pkg/beta.pyc",
        "data.txt",
    }


def test_nothing_to_add_gives_nothing(tmp_path: Path) -> None:
    """When every module asked for already has its bytecode (the library was compiled on an
    earlier open), there is nothing new to store."""
    original = _zip(tmp_path / "lib.zip", {"alpha.py": "A = 1\n"})
    first, _ = _compile(original, "/lib/lib.zip", {"alpha.py"})
    assert first is not None
    again, pauses = _compile(first[0], "/lib/lib.zip", {"alpha.py"})
    assert again is None and pauses == 0


def test_zipimport_runs_the_bytecode_without_reading_the_source(tmp_path: Path) -> None:
    """The .pyc written is trusted as it is: with its source changed afterwards in the zip,
    Python still runs the compiled code (which is why the service worker only serves it for
    the very library it was compiled from)."""
    original = _zip(tmp_path / "lib.zip", {"gamma.py": "VALUE = 'compiled'\n"})
    done, _ = _compile(original, str(tmp_path / "lib.zip"), {"gamma.py"})
    assert done is not None
    compiled = tmp_path / "compiled.zip"
    compiled.write_bytes(done[0])
    edited = tmp_path / "edited.zip"
    with zipfile.ZipFile(compiled) as source, zipfile.ZipFile(edited, "w") as target:
        for name in source.namelist():
            data = b"VALUE = 'source'\n" if name == "gamma.py" else source.read(name)
            target.writestr(name, data)
    script = f"import sys; sys.path.insert(0, {str(edited)!r}); import gamma; print(gamma.VALUE)"
    ran = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True)
    assert ran.stdout.strip() == "compiled", ran.stderr


def test_the_modules_imported_from_the_library_are_found(tmp_path: Path) -> None:
    """The modules taken from the library's zip are listed by their path inside it, those
    compiled at import apart from those run from their bytecode; modules from elsewhere
    are not."""
    zipped = tmp_path / "python399.zip"
    _zip(zipped, {"lib_delta.py": "D = 4\n", "lib_pkg/__init__.py": ""})
    source = b"E = 5\n"
    with zipfile.ZipFile(zipped, "a") as more:
        more.writestr("lib_eps.py", source)
        more.writestr("lib_eps.pyc", library.pyc(source, compile(source, "lib_eps.py", "exec")))
    (tmp_path / "outside.py").write_text("O = 1\n", "utf-8")
    path, before = list(sys.path), set(sys.modules)
    sys.path[:0] = [str(zipped), str(tmp_path)]
    try:
        importlib.invalidate_caches()
        for name in ("lib_delta", "lib_pkg", "lib_eps", "outside"):
            importlib.import_module(name)
        found = library.sources_loaded(str(zipped))
        assert found == {"lib_delta.py", "lib_pkg/__init__.py"}
        assert library.loaded(str(zipped), ".pyc") == {"lib_eps.pyc"}
    finally:
        sys.path[:] = path
        for name in set(sys.modules) - before:
            del sys.modules[name]


def test_the_library_is_the_zip_named_after_this_python(tmp_path: Path) -> None:
    """Pyodide puts its library on sys.path as python3XY.zip (CPython does too, if only as a
    path that does not exist): that entry is the library, and no other zip."""
    name = f"python{sys.version_info.major}{sys.version_info.minor}.zip"
    path = list(sys.path)
    try:
        sys.path[:] = [str(tmp_path / "other.zip"), f"/lib/{name}", str(tmp_path)]
        assert library.archive() == f"/lib/{name}"
        sys.path[:] = [str(tmp_path / "other.zip")]
        assert library.archive() is None
    finally:
        sys.path[:] = path
