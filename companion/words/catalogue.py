"""The compiled catalogues (``.mo``, made from the ``.po`` files by ``python -m
companion.words.compile``) loaded with the standard library's gettext, one chain per language.

A key missing from a language falls back to English, then French (the catalogue test fails
on any missing translation, so this only spares a screen from an error); a key missing from
every catalogue is a programming error and raises ``KeyError``.
"""

from __future__ import annotations

import copy
import gettext
import itertools
from functools import cache
from pathlib import Path
from string import Formatter
from typing import Final

from companion.words.formats import locale, number
from companion.words.langs import DEFAULT_LANG, Lang, lang_of

LOCALE_DIR: Final = Path(__file__).parent / "locale"
# Where a language's missing message is looked for next.
_FALLBACKS: Final = {"fr": ("en",), "en": ("fr",), "de": ("en", "fr")}


class _Missing(gettext.NullTranslations):
    """The end of every chain: a key no catalogue has."""

    def gettext(self, message: str) -> str:
        raise KeyError(message)

    def ngettext(self, msgid1: str, msgid2: str, n: int) -> str:
        raise KeyError(msgid1)


class _Catalogue(gettext.GNUTranslations):
    """One domain's compiled catalogue; knows which of its keys have plural forms."""

    def keys(self) -> set[str]:
        return {key[0] if isinstance(key, tuple) else key for key in self._catalog if key}  # type: ignore[attr-defined]

    def plural_keys(self) -> set[str]:
        return {key[0] for key in self._catalog if isinstance(key, tuple)}  # type: ignore[attr-defined]


# Catalogues of other libraries' own words, looked up by their English text (gettext's usual
# msgids), not by our keys: kept out of ``t``'s chain.
FOREIGN: Final = frozenset({"argparse"})


def domains(lang: Lang) -> list[Path]:
    """The compiled catalogues of ``lang``, one per domain (not the foreign ones)."""
    found = (LOCALE_DIR / lang / "LC_MESSAGES").glob("*.mo")
    return sorted(p for p in found if p.stem not in FOREIGN)


@cache
def foreign(lang: str, domain: str) -> gettext.NullTranslations:
    """Another library's words in ``lang`` (its English text where the catalogue has none):
    ``foreign("de", "argparse").gettext("options") == "Optionen"``."""
    path = LOCALE_DIR / lang_of(lang) / "LC_MESSAGES" / f"{domain}.mo"
    with path.open("rb") as file:
        return gettext.GNUTranslations(file)


@cache
def _parsed(path: Path) -> _Catalogue:
    """One ``.mo`` file, parsed once per process (each language's chain, and the key lists,
    read the same files)."""
    with path.open("rb") as file:
        return _Catalogue(file)


def _load(lang: Lang, domain: str | None = None) -> list[_Catalogue]:
    """``lang``'s catalogues, each a shallow copy: they share the parsed messages, but each
    chain links its copies to its own fallbacks."""
    return [
        copy.copy(_parsed(path)) for path in domains(lang) if domain is None or path.stem == domain
    ]


@cache
def _chain(lang: Lang) -> tuple[gettext.NullTranslations, frozenset[str]]:
    """``lang``'s catalogues, then its fallbacks', then ``_Missing``; and every plural key."""
    chain: list[gettext.NullTranslations] = []
    plurals: set[str] = set()
    for each in (lang, *_FALLBACKS[lang]):
        for catalogue in _load(each):
            chain.append(catalogue)
            plurals |= catalogue.plural_keys()
    chain.append(_Missing())
    for first, then in itertools.pairwise(chain):
        first.add_fallback(then)
    return chain[0], frozenset(plurals)


@cache
def keys(lang: Lang = DEFAULT_LANG, domain: str | None = None) -> frozenset[str]:
    """Every key ``lang``'s own catalogues hold (no fallback), or one domain's."""
    found: set[str] = set()
    for catalogue in _load(lang, domain):
        found |= catalogue.keys()
    return frozenset(found)


@cache
def plural_keys(lang: Lang = DEFAULT_LANG, domain: str | None = None) -> frozenset[str]:
    """The keys of ``lang``'s catalogues that have plural forms."""
    found: set[str] = set()
    for catalogue in _load(lang, domain):
        found |= catalogue.plural_keys()
    return frozenset(found)


def t(lang: str, key: str, **fields: object) -> str:
    """The text of ``key`` in ``lang`` (the default language when the app does not speak
    ``lang``), its ``{fields}`` filled; an integer field with a plural message
    ``key.field`` reads in that message's form for the number.

    >>> t("fr", "history.row", day="1 mai", players=1, hands=2)
    '1 mai · 1 joueur · 2 donnes'
    """
    lang = lang_of(lang)
    chain, plurals = _chain(lang)
    text = chain.gettext(key)
    if not fields:
        return text
    for name, value in fields.items():
        plural = f"{key}.{name}"
        if isinstance(value, int) and not isinstance(value, bool) and plural in plurals:
            fields[name] = tn(lang, plural, value)
    return text.format(**fields)


def tn(lang: str, key: str, n: int, **fields: object) -> str:
    """The plural message ``key`` in the form ``lang`` takes for ``n``; ``{n}`` is the number
    as ``lang`` writes it.

    >>> tn("en", "history.row.hands", 1), tn("fr", "history.row.hands", 0)
    ('1 hand', '0 donne')
    >>> tn("en", "history.row.hands", 1200), tn("fr", "history.row.hands", 1200)
    ('1,200 hands', '1\u202f200 donnes')
    """
    lang = lang_of(lang)
    chain, _ = _chain(lang)
    # The form follows the count's size: « -1 pt » like « 1 pt ».
    return chain.ngettext(key, key, abs(n)).format(n=number(lang, n), **fields)


def fields_of(text: str) -> set[str]:
    """The ``{names}`` a text expects, for checking that every language agrees."""
    return {name for _, name, _, _ in Formatter().parse(text) if name}


def ordinal(lang: str, n: int, family: str) -> str:
    """``n`` as an ordinal of ``family``: the form is CLDR's ordinal category for ``n`` in
    ``lang`` (Babel), the text the catalogue's ``<family>.<category>`` (``.one``, ``.two``,
    ``.few``, ``.other``), else ``<family>.other``.

    >>> [ordinal(lang, n, "table.place") for lang, n in (("en", 2), ("en", 11), ("fr", 1))]
    ['2nd', '11th', '1re']
    """
    lang = lang_of(lang)
    key = f"{family}.{locale(lang).ordinal_form(n)}"
    return t(lang, key if key in keys(lang) else f"{family}.other", n=number(lang, n))
