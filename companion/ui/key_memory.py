"""A phone remembers the table's key once it has opened the app with it.

The app installed to a home screen opens its manifest's ``start_url``, which carries nothing
secret (the bare address): without this, the installed app would read only until the QR code
was scanned again. The key is kept in the phone's own storage (Flet's shared preferences,
the browser's localStorage for this server's address) and put back in the address when the
app opens without one, so that rights still follow the address. The server keeps its key
across restarts (``table_key``); a key it no longer has (``--new-key``) is wrong here: it is
dropped.
"""

from __future__ import annotations

import logging
from typing import Any
from urllib.parse import urlparse

import flet as ft

from companion.ui.access import key_in, may_edit, route_with_key

PREF = "companion.table_key"
# In the Flet session's own store: what this phone holds ("kept": the key, remembered in
# its storage; "none": nothing valid there), so that storage is asked once per session.
_STATE = "companion.key_memory"
_PREFS = "companion.prefs"
_log = logging.getLogger(__name__)


def use_remembered_key(table_key: str | None, editor: bool) -> None:
    """On a screen opened without the key, put back the one this phone remembers (when it
    is this server's); on one opened with it, remember it. Call on every render."""
    page = ft.context.page

    async def follow() -> None:
        if table_key is None:
            return
        store = page.session.store
        try:
            if editor:
                if store.get(_STATE) != "kept":
                    store.set(_STATE, "kept")
                    await phone_prefs(page).set(PREF, table_key)
                return
            if key_in(page.route or "/") is not None or store.get(_STATE) == "none":
                return  # a wrong key is read-only, as typed; or nothing to put back
            if store.get(_STATE) != "kept":
                stored = await phone_prefs(page).get(PREF)
                if not isinstance(stored, str) or not may_edit(table_key, f"/?key={stored}"):
                    store.set(_STATE, "none")
                    if stored is not None:
                        await phone_prefs(page).remove(PREF)  # an earlier run's key opens nothing
                    return
                store.set(_STATE, "kept")
        except (RuntimeError, TimeoutError) as err:  # the phone did not answer
            _log.debug("key memory: %s", type(err).__name__)
            return
        route = page.route or "/"
        if key_in(route) is None:  # the phone may have moved on meanwhile
            page.navigate(route_with_key(urlparse(route).path or "/", table_key))

    ft.use_effect(follow, [editor])


def phone_prefs(page: ft.Page) -> Any:
    """This phone's shared preferences (one per session; Flet leaves the type to Any)."""
    store = page.session.store
    prefs = store.get(_PREFS)
    if prefs is None:
        prefs = ft.SharedPreferences()  # registers with this phone's page
        store.set(_PREFS, prefs)
    return prefs
