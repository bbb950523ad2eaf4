"""Compiled Python kept between opens of the phone build (issue 19).

In the browser, Python compiles every module it imports, at every open: Pyodide's own
start (its standard library is a zip of sources), the app and its packages (Python writes
no ``.pyc`` there, by Pyodide's default). On a phone that is most of the open. The page
keeps what it compiled in the browser's Cache Storage, ``companion-bytecode``, which our
service worker (``assets/sw.js``) answers from and never sends to the network:

- ``bytecode/<key>``: the app's and its packages' modules (``cache.CodeCache``), installed
  by ``main.py`` before the app's first import;
- ``bytecode/python_stdlib.zip``: the standard library's zip with its bytecode
  (``library``), which the service worker gives Pyodide in place of the library it was
  compiled from.

``key`` and ``library`` are written into ``main.py`` by ``companion publish``: the hash of
everything the app imports with the Python that compiles it, and the hash of the standard
library's zip. A new build or a new Python means compiling from source, as without any of
this: it can make an open faster, never different.

Nothing here imports the rest of companion: it runs before the app's first import.
"""

from __future__ import annotations

import asyncio
import sys
from typing import Any

from .cache import CodeCache, install

__all__ = ["CodeCache", "install", "keep", "restore"]

CACHE_NAME = "companion-bytecode"
FOLDER = "bytecode/"  # the site's path of the stored code (never on the network)
LIBRARY_FILE = FOLDER + "python_stdlib.zip"
LIBRARY_HEADER = "X-Companion-Library"  # the hash of the library it was compiled from
# When the page stores what it compiled: soon after the first screen, then as other
# screens bring their modules in.
SAVE_AFTER = (6.0, 30.0, 120.0, 600.0)


def restore(key: str) -> CodeCache | None:
    """In the browser: install the cache stored for ``key``, or an empty one that records
    this open's compiling. Elsewhere (CPython writes its own ``.pyc``): nothing."""
    if sys.platform != "emscripten":
        return None
    blob = _fetch(FOLDER + key)
    cache = (CodeCache.unpack(key, blob) if blob else None) or CodeCache(key)
    install(cache)
    _log(f"compiled code restored: {cache.known} modules")
    from . import library

    zipped = library.archive()
    ran = len(library.loaded(zipped, ".pyc")) if zipped else 0
    _log(f"standard library: {ran} modules ran compiled")
    return cache


def keep(cache: CodeCache | None, library: str = "") -> None:
    """Store what this open compiled, a few times as the app runs (nothing to do outside
    the browser). ``library``: the hash of the standard library's zip this site ships."""
    if cache is None:
        return
    loop = asyncio.get_event_loop()
    compiled: set[str] = set()  # the library's modules this open stored compiled
    for delay in SAVE_AFTER:
        loop.call_later(delay, lambda: asyncio.ensure_future(_save(cache, library, compiled)))


async def _save(cache: CodeCache, library: str, compiled: set[str]) -> None:
    try:
        js = _js()
        if not hasattr(js, "caches"):
            return
        store = await js.caches.open(CACHE_NAME)
        if cache.unsaved:
            await _save_modules(js, store, cache)
        if library:
            await _save_library(js, store, library, compiled)
    except Exception as err:  # a full or refused Cache Storage only costs the next open
        _log(f"compiled code not kept: {err!r}")


async def _save_modules(js: Any, store: Any, cache: CodeCache) -> None:
    count = cache.unsaved
    blob = cache.pack()
    url = _url(js, FOLDER + cache.key)
    library = _url(js, LIBRARY_FILE)
    for request in await store.keys():  # one build's code at a time
        if request.url not in (url, library):
            await store.delete(request)
    await store.put(url, js.Response.new(_bytes(blob)))
    cache.stored()
    _log(f"compiled code kept: {count} more modules, {len(blob)} bytes")


async def _save_library(js: Any, store: Any, library_hash: str, compiled: set[str]) -> None:
    """Store the library with the bytecode of the modules imported from its sources, unless
    this open stored them all already: the zip on disk stays the sources' one, so its
    modules keep being "imported from sources" until the next open."""
    from . import library

    zipped = library.archive()
    if zipped is None:
        return
    modules = library.sources_loaded(zipped)
    if modules <= compiled:
        return
    with open(zipped, "rb") as file:
        original = file.read()
    done = await library.compiled(original, zipped, modules, lambda: asyncio.sleep(0))
    compiled |= modules
    if done is None:
        return
    blob, count = done
    headers = js.Headers.new()
    headers.append(LIBRARY_HEADER, library_hash)
    init = js.Object.new()
    init.headers = headers
    await store.put(_url(js, LIBRARY_FILE), js.Response.new(_bytes(blob), init))
    _log(f"standard library kept with {count} more compiled modules, {len(blob)} bytes")


def _url(js: Any, path: str) -> str:
    return str(js.URL.new(path, js.location.href).href)


def _bytes(data: bytes) -> Any:
    from pyodide.ffi import to_js  # type: ignore[import-not-found]  # only inside Pyodide

    return to_js(data)


def _fetch(path: str) -> bytes | None:
    """The stored code, read synchronously (the app's first import waits for it), from the
    service worker; None when there is none or no service worker yet."""
    try:
        request = _js().XMLHttpRequest.new()
        request.open("GET", path, False)
        request.responseType = "arraybuffer"
        request.send(None)
        if request.status != 200:
            return None
        return bytes(request.response.to_bytes())
    except Exception:
        return None


def _js() -> Any:
    import js  # type: ignore[import-not-found]  # only inside Pyodide

    return js


def _log(message: str) -> None:
    try:
        _js().console.log("companion: " + message)
    except Exception:
        print("companion:", message)
