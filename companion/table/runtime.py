"""Where the app runs (a server process or a browser tab), as the screens see it.

The seam itself lives in :mod:`companion.store.runtime`, because the store's writes report
to it; it is re-exported here so that nothing above this layer imports the store.
"""

from __future__ import annotations

from companion.store.runtime import (
    BROWSER_DATA_DIR,
    BrowserDisk,
    BrowserRuntime,
    NotPersistedError,
    Runtime,
    ServerRuntime,
    current,
    in_browser,
    use,
)

__all__ = [
    "BROWSER_DATA_DIR",
    "BrowserDisk",
    "BrowserRuntime",
    "NotPersistedError",
    "Runtime",
    "ServerRuntime",
    "browser_runtime",
    "current",
    "in_browser",
    "use",
]


def browser_runtime() -> BrowserRuntime:
    """The runtime of a browser tab: IndexedDB beneath the data folder (Pyodide only)."""
    from companion.store.browser_disk import PyodideDisk

    return BrowserRuntime(PyodideDisk())
