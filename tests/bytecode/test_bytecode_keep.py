"""companion.bytecode's saving of the compiled standard library, with a fake browser: the
library is compiled and stored once for what an open imported, not again at each save."""

from __future__ import annotations

import asyncio
import zipfile
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest

import companion.bytecode as bytecode
from companion.bytecode import library


class _Store:
    def __init__(self) -> None:
        self.puts: list[str] = []

    async def put(self, url: str, response: Any) -> None:
        self.puts.append(url)


def _browser() -> Any:
    class Headers:
        @staticmethod
        def new() -> Any:
            return SimpleNamespace(append=lambda name, value: None)

    return SimpleNamespace(
        Headers=Headers,
        Object=SimpleNamespace(new=SimpleNamespace),
        Response=SimpleNamespace(new=lambda body, init=None: body),
        URL=SimpleNamespace(new=lambda path, base: SimpleNamespace(href=base + path)),
        location=SimpleNamespace(href="https://site/"),
    )


def test_the_library_is_compiled_again_only_for_newly_imported_modules(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Each save looks at the modules imported from the library's sources: the second save
    of an open that imported nothing new compiles and stores nothing; a new module makes
    the next save store the library again."""
    zipped = tmp_path / "python399.zip"
    with zipfile.ZipFile(zipped, "w") as archive:
        archive.writestr("alpha.py", "A = 1\n")
        archive.writestr("beta.py", "B = 2\n")
    imported = {"alpha.py"}
    monkeypatch.setattr(library, "archive", lambda: str(zipped))
    monkeypatch.setattr(library, "sources_loaded", lambda _: set(imported))
    monkeypatch.setattr(bytecode, "_bytes", lambda data: data)
    store, js, compiled = _Store(), _browser(), set[str]()

    def save() -> None:
        asyncio.run(bytecode._save_library(js, store, "hash", compiled))

    save()
    save()
    assert store.puts == ["https://site/bytecode/python_stdlib.zip"]
    imported.add("beta.py")
    save()
    assert len(store.puts) == 2 and compiled == {"alpha.py", "beta.py"}
