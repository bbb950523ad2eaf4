"""The languages the app speaks, French first (the seeds' language and the default)."""

from __future__ import annotations

from typing import Final

Lang = str  # one of LANGS
LANGS: Final = ("fr", "en", "de")
DEFAULT_LANG: Final = "fr"


def lang_of(lang: str | None) -> Lang:
    """``lang`` when the app speaks it, else the default: ``lang_of("es") == "fr"``."""
    return lang if lang in LANGS else DEFAULT_LANG
