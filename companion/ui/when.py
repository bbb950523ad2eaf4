"""Days and times as the viewer's language writes them (Babel, through
:mod:`companion.words.formats`), the same on every screen: « 26 nov. 2026 à 20:30 »,
"Nov 26, 2026 at 8:30 PM", »26.11.2026 um 20:30«. Models keep dates and moments as data;
the screens say them."""

from __future__ import annotations

import datetime as dt

from companion.words import t
from companion.words.formats import date_medium, time_short


def day_words(lang: str, day: dt.date) -> str:
    """ "26 nov. 2026", "Nov 26, 2026", "26.11.2026"."""
    return date_medium(lang, day)


def time_words(lang: str, moment: dt.datetime) -> str:
    """The time of ``moment`` on the table's clock (the server's zone): "20:30", "8:30 PM"."""
    return time_short(lang, moment.astimezone())


def moment_words(lang: str, day: dt.date | None, start: dt.datetime | None = None) -> str:
    """A day, and the time of day when known: "26 nov. 2026 à 20:30" ("" when neither)."""
    if start is None:
        return day_words(lang, day) if day is not None else ""
    when = day if day is not None else start.astimezone().date()
    return t(lang, "ui.moment", day=day_words(lang, when), time=time_words(lang, start))
