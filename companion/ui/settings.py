"""The table's display settings (language, theme), kept on the server in the data folder.

They live beside the evenings rather than in each browser's storage so that every phone at
the table opens in the table's language, and so that a reinstalled browser loses nothing.
"""

from __future__ import annotations

import json
import threading
from dataclasses import asdict, dataclass, replace
from pathlib import Path
from typing import Literal

from companion.ui.evenings import service_for
from companion.words import DEFAULT_LANG, LANGS

Theme = Literal["light", "dark", "system"]
THEMES: tuple[Theme, ...] = ("light", "dark", "system")
FILE_NAME = "ui-settings.json"


@dataclass(frozen=True)
class UiSettings:
    """``lang``: the table's language, None until someone picks one (each phone then speaks
    its browser's language, ``browser_lang``)."""

    lang: str | None = None
    theme: Theme = "system"

    @property
    def spoken(self) -> str:
        """The table's language, or the default one where no browser says (a terminal)."""
        return self.lang or DEFAULT_LANG

    def with_lang(self, lang: str) -> UiSettings:
        if lang not in LANGS:
            raise ValueError(f"unknown language: {lang!r}")
        return replace(self, lang=lang)

    def with_theme(self, theme: str) -> UiSettings:
        if theme not in THEMES:
            raise ValueError(f"unknown theme: {theme!r}")
        return replace(self, theme=theme)

    @classmethod
    def from_dict(cls, data: object) -> UiSettings:
        """Tolerant reading: an unknown or damaged value falls back to its default."""
        if not isinstance(data, dict):
            return cls()
        lang = data.get("lang")
        theme = data.get("theme")
        return cls(
            lang=lang if lang in LANGS else None,
            theme=theme if theme in THEMES else "system",
        )


class SettingsStore:
    """Settings in memory, written through to ``<data_dir>/ui-settings.json``.

    ``save`` does file I/O: call it off the event loop (``asyncio.to_thread``). It writes
    through the data folder's ``TableService``, atomically."""

    def __init__(self, data_dir: Path) -> None:
        self.data_dir = Path(data_dir)
        self.path = self.data_dir / FILE_NAME
        self._lock = threading.Lock()
        self._current = self._read()

    def _read(self) -> UiSettings:
        try:
            return UiSettings.from_dict(json.loads(self.path.read_text("utf-8")))
        except (OSError, ValueError):
            return UiSettings()  # missing or damaged: defaults, and the next save repairs it

    @property
    def current(self) -> UiSettings:
        return self._current

    def save(self, settings: UiSettings) -> None:
        data = json.dumps(asdict(settings), ensure_ascii=False, indent=1).encode("utf-8")
        with self._lock:
            service_for(self.data_dir).write_data_file(FILE_NAME, data)
            self._current = settings
