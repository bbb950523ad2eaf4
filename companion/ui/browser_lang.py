"""The language a phone's browser asks for, until the table picks one in the settings.

A table that never chose a language opens, on each phone, in the first of the browser's
languages the app speaks (``navigator.languages``), else in the default one.

>>> pick_lang(["es-ES", "de-AT", "en"])
'de'
>>> pick_lang(["pt-BR"]) is None
True
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import Sequence

import flet as ft

from companion.ui.state import use_maybe
from companion.words import DEFAULT_LANG, LANGS

ANSWER_SECONDS = 10


def pick_lang(languages: Sequence[str]) -> str | None:
    """The first of ``languages`` (BCP 47 tags, best first) the app speaks, or None."""
    for tag in languages:
        primary = tag.split("-")[0].split("_")[0].lower()
        if primary in LANGS:
            return primary
    return None


def use_browser_lang() -> str | None:
    """The browser's language as the app speaks it (None until the page has said, or when it
    speaks none of ours); asked once per session."""
    lang, set_lang = use_maybe(str)
    page = ft.context.page

    async def ask() -> None:
        # No answer (no browser, a closed tab): the default. Bounded: Flet would wait forever,
        # and a session's waiting task would keep it in memory.
        with contextlib.suppress(Exception):
            info = await asyncio.wait_for(page.get_device_info(), ANSWER_SECONDS)
            if isinstance(info, ft.WebDeviceInfo):
                found = pick_lang([*(info.languages or []), info.language or ""])
                # The default language is what shows already: no render for nothing (a
                # screen being tapped on would render again under the thumb).
                if found is not None and found != DEFAULT_LANG:
                    set_lang(found)

    ft.use_effect(ask, [])
    return lang
