"""Numbers, ordinals and dates as each language writes them, by Babel (CLDR data): never by
hand, and the same on every screen of a language.

>>> number("fr", 1234), number("en", 1234), number("de", 1234)
('1\\u202f234', '1,234', '1.234')
>>> decimal("fr", 1.75), decimal("en", 1.75, digits=2)
('1,8', '1.75')
"""

from __future__ import annotations

import datetime as dt
from functools import cache

from babel import Locale
from babel.dates import format_date, format_time
from babel.numbers import format_decimal

from companion.words.langs import lang_of


@cache
def locale(lang: str) -> Locale:
    return Locale.parse(lang_of(lang))


def number(lang: str, value: int) -> str:
    """A whole number, grouped as ``lang`` groups thousands."""
    return str(format_decimal(value, locale=locale(lang)))


def decimal(lang: str, value: float, *, digits: int = 1) -> str:
    """``value`` with ``digits`` decimals (rounded half to even, as Babel does)."""
    pattern = "#,##0." + "0" * digits if digits else "#,##0"
    return str(format_decimal(value, format=pattern, locale=locale(lang)))


def signed(lang: str, value: int) -> str:
    """A whole number with its sign, ``+3`` or ``−2`` (a score change)."""
    text = number(lang, abs(value))
    return f"+{text}" if value > 0 else f"−{text}" if value < 0 else text


def date_long(lang: str, day: dt.date) -> str:
    """« jeudi 26 novembre 2026 », "Thursday, November 26, 2026", »Donnerstag, 26. November
    2026«."""
    return str(format_date(day, format="full", locale=locale(lang)))


def date_medium(lang: str, day: dt.date) -> str:
    """« 26 nov. 2026 », "Nov 26, 2026", »26.11.2026«."""
    return str(format_date(day, format="medium", locale=locale(lang)))


def date_short(lang: str, day: dt.date) -> str:
    """« 26/11/2026 », "11/26/26", »26.11.26«."""
    return str(format_date(day, format="short", locale=locale(lang)))


def time_short(lang: str, moment: dt.datetime | dt.time) -> str:
    """« 21:05 », "9:05 PM", »21:05«."""
    return str(format_time(moment, format="short", locale=locale(lang)))
