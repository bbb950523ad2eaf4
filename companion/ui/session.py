"""What one phone's session knows: the server's configuration, whether it may edit, its
settings; shared with every screen through a context."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field, replace
from pathlib import Path

import flet as ft

from companion.ui.access import Address, may_edit, route_with_key
from companion.ui.key_memory import use_remembered_key
from companion.ui.settings import SettingsStore, UiSettings
from companion.words import DEFAULT_LANG, t, tn


@dataclass(frozen=True, eq=False)
class ServerConfig:
    """One per server process, shared by every session."""

    data_dir: Path
    # None: open room (--open), or the app on the device itself. Not in repr: Flet's debug
    # log prints the app's components, and with them this configuration.
    key: str | None = field(repr=False)
    addresses: tuple[Address, ...]
    store: SettingsStore


# Saves new settings; returns an error message (already translated) or None.
SettingsSetter = Callable[[UiSettings], Awaitable[str | None]]


async def _no_setter(_: UiSettings) -> str | None:
    return None


@dataclass(frozen=True)
class Session:
    config: ServerConfig
    editor: bool
    settings: UiSettings
    change_settings: SettingsSetter = field(default=_no_setter, compare=False)
    browser_lang: str | None = None

    @property
    def lang(self) -> str:
        """The table's language once picked, else the phone's browser's, else the default."""
        return self.settings.lang or self.browser_lang or DEFAULT_LANG

    def tr(self, key: str, **fields: object) -> str:
        return t(self.lang, key, **fields)

    def trn(self, key: str, n: int, **fields: object) -> str:
        """The plural message ``key`` in its form for ``n``."""
        return tn(self.lang, key, n, **fields)

    def route(self, path: str) -> str:
        """``path`` as this phone should open it: editors keep the key in the address."""
        return route_with_key(path, self.config.key if self.editor else None)

    def go(self, path: str) -> None:
        ft.context.page.navigate(self.route(path))


SessionContext: ft.ContextProvider[Session | None] = ft.create_context(None)


def use_session() -> Session:
    """The session as it stands for the address the phone is at now: rights follow the
    address (a reloaded tab keeps its Flet session, and a key pasted into a tab that had
    none must give it the rights, as one removed must take them away)."""
    session = ft.use_context(SessionContext)
    if session is None:
        raise RuntimeError("screens render inside App, which provides the session")
    editor = may_edit(session.config.key, ft.context.page.route or "/")
    use_remembered_key(session.config.key, editor)  # the installed app opens editable too
    return session if editor == session.editor else replace(session, editor=editor)
