"""Pyodide's standard library with its bytecode.

Pyodide ships the library as a zip of sources (``python_stdlib.zip``, mounted as
``/lib/python3XY.zip``), and Python compiles every module it imports from it, at each
start: loading Pyodide itself imports about 200 of them, most of its two seconds in Node.js
here (2.0-2.7 s, against 0.7-0.8 s with the same zip holding their bytecode). Zipimport
prefers a module's ``.pyc`` when the zip has one, so the page builds, once, a copy of the
zip that has the bytecode of the modules it imported, beside their sources, and our service
worker answers the library's address with it on the next opens (``assets/sw.js``).

The ``.pyc`` written are "unchecked": zipimport trusts them without reading the source.
They are only ever served for the library they were compiled from (the service worker
compares the library's hash, written at build time), and any failure to start Python drops
them (``assets/site.js``).
"""

from __future__ import annotations

import importlib.util
import marshal
import os
import sys
import zipimport
from collections.abc import Awaitable, Callable, Iterable
from types import CodeType

__all__ = ["archive", "compiled", "loaded", "sources_loaded"]

UNCHECKED_HASH_PYC = 0b01  # PEP 552: hash-based, source not checked


def archive() -> str | None:
    """The standard library's zip, as it is on ``sys.path`` (``/lib/python314.zip``)."""
    name = f"python{sys.version_info.major}{sys.version_info.minor}.zip"
    return next((p for p in sys.path if os.path.basename(p) == name), None)


def sources_loaded(library: str) -> set[str]:
    """The paths, inside ``library``, of the modules imported from it as sources."""
    return loaded(library, ".py")


def loaded(library: str, suffix: str) -> set[str]:
    """The paths, inside ``library``, of the modules imported from its files ending in
    ``suffix`` (``.py``: compiled at import; ``.pyc``: run from their bytecode)."""
    found = set()
    prefix = library.rstrip("/") + "/"
    for module in list(sys.modules.values()):
        spec = getattr(module, "__spec__", None)
        origin = getattr(spec, "origin", None)
        if (
            isinstance(getattr(spec, "loader", None), zipimport.zipimporter)
            and isinstance(origin, str)
            and origin.startswith(prefix)
            and origin.endswith(suffix)
        ):
            found.add(origin[len(prefix) :])
    return found


def pyc(source: bytes, code: CodeType) -> bytes:
    """A ``.pyc`` that zipimport loads without reading ``source`` again."""
    return (
        importlib.util.MAGIC_NUMBER
        + UNCHECKED_HASH_PYC.to_bytes(4, "little")
        + importlib.util.source_hash(source)
        + marshal.dumps(code)
    )


async def compiled(
    zipped: bytes,
    library: str,
    modules: Iterable[str],
    pause: Callable[[], Awaitable[object]],
) -> tuple[bytes, int] | None:
    """``zipped`` (the library's zip) with the bytecode of ``modules`` added, and how many
    were compiled; None when every one of them already had its bytecode. ``pause`` is
    awaited after each module, so that the page keeps answering taps while this runs."""
    import io
    import zipfile  # here: not among what every start imports

    with zipfile.ZipFile(io.BytesIO(zipped)) as source:
        entries = {info.filename: source.read(info) for info in source.infolist()}
    added = 0
    for inner in sorted(modules):
        target = inner[:-3] + ".pyc"
        if not inner.endswith(".py") or inner not in entries or target in entries:
            continue
        text = entries[inner]
        try:
            code = compile(text, f"{library}/{inner}", "exec", dont_inherit=True)
        except (SyntaxError, ValueError):
            continue
        entries[target] = pyc(text, code)
        added += 1
        await pause()
    if not added:
        return None
    out = io.BytesIO()
    # Stored, not deflated: read at every start, and the browser's storage is not short.
    with zipfile.ZipFile(out, "w", zipfile.ZIP_STORED) as target_zip:
        for name, data in entries.items():
            target_zip.writestr(zipfile.ZipInfo(name), data)
    return out.getvalue(), added
