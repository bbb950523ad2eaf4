"""The data folder of a browser tab (the phone build): Pyodide's in-memory files, kept in
the browser's IndexedDB through Emscripten's IDBFS.

- ``load`` fills the folder from IndexedDB once, before the first read;
- ``save`` copies every file changed since into IndexedDB. IDBFS does it in one IndexedDB
  transaction, so a tab killed during a save leaves either the old files or the new ones,
  never half; the store's own atomic writes (temporary file, rename) keep each file whole;
- ``own`` takes the page's Web Lock: the tabs of one phone share one IndexedDB, and two
  tabs each saving their own copy of the folder would undo each other's hands. The lock is
  held until the tab closes (the browser frees it then, even on a crash); a second tab
  waits for it, and says so.

Only importable inside Pyodide (``js``, ``pyodide``); the logic around it is
``runtime.BrowserRuntime``, tested under CPython with a fake disk.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from pathlib import Path
from typing import Any

from .runtime import BROWSER_DATA_DIR

__all__ = ["LOCK_NAME", "PyodideDisk"]

LOCK_NAME = "companion-data"


class PyodideDisk:
    """IDBFS mounted at ``mount``, and the tab's ownership of it (a Web Lock)."""

    def __init__(self, mount: Path = BROWSER_DATA_DIR) -> None:
        self.mount = mount
        self._mounted = False

    @staticmethod
    def _fs() -> Any:
        import pyodide_js  # type: ignore[import-not-found]  # only inside Pyodide

        return pyodide_js.FS

    async def _sync(self, populate: bool) -> None:
        from pyodide.ffi import create_once_callable, jsnull  # type: ignore[import-not-found]

        done: asyncio.Future[str | None] = asyncio.get_running_loop().create_future()

        def finished(err: Any = None) -> None:
            # Emscripten calls back with JS null (Pyodide's ``jsnull``) when all went well.
            if not done.done():
                done.set_result(None if err is None or err is jsnull else str(err))

        self._fs().syncfs(populate, create_once_callable(finished))
        error = await done
        if error is not None:
            raise OSError(f"IndexedDB: {error}")

    async def load(self) -> None:
        if not self._mounted:
            fs = self._fs()
            fs.mkdirTree(str(self.mount))
            fs.mount(fs.filesystems.IDBFS, {}, str(self.mount))
            self._mounted = True
        await self._sync(True)

    async def save(self) -> None:
        await self._sync(False)

    async def keep(self) -> bool:
        # ``persist()`` exists only in pages: the page asks (assets/web/companion-boot.js);
        # a worker can read the answer.
        import js  # type: ignore[import-not-found]

        storage = getattr(js.navigator, "storage", None)
        if storage is None:
            return False
        return bool(await storage.persisted())

    async def own(self, waiting: Callable[[], None]) -> None:
        import js
        from pyodide.ffi import create_proxy, jsnull, to_js

        locks = getattr(js.navigator, "locks", None)
        if locks is None:  # no Web Locks (an old browser): nothing to wait for
            return
        loop = asyncio.get_running_loop()

        def request(if_available: bool) -> asyncio.Future[bool]:
            granted: asyncio.Future[bool] = loop.create_future()

            def on_grant(lock: Any) -> Any:
                free = lock is not None and lock is not jsnull  # JS null: another tab has it
                if not granted.done():
                    granted.set_result(free)
                if not free:
                    return None
                # Held until the tab closes: a promise that never settles.
                return js.Promise.new(create_proxy(lambda _resolve, _reject: None))

            options = to_js({"ifAvailable": if_available}, dict_converter=js.Object.fromEntries)
            locks.request(LOCK_NAME, options, create_proxy(on_grant))
            return granted

        if await request(True):
            return
        waiting()
        await request(False)
