"""The message catalogues: every language has every message, with the same fields, in the
plural forms its rule asks for, and the compiled catalogues the app reads are up to date."""

from __future__ import annotations

import functools
from pathlib import Path

import pytest
from babel.messages.catalog import Catalog, Message
from babel.messages.pofile import read_po

from companion.words import LANGS, fields_of, t, tn
from companion.words.catalogue import FOREIGN, LOCALE_DIR, foreign
from companion.words.compile import compiled, sources
from companion.words.formats import locale, number

DOMAINS = sorted({po.stem for po in sources()})


@functools.cache
def _catalog(lang: str, domain: str) -> Catalog:
    with (LOCALE_DIR / lang / "LC_MESSAGES" / f"{domain}.po").open("rb") as file:
        return read_po(file, abort_invalid=True)


def _texts(message: Message) -> list[str]:
    return list(message.string) if isinstance(message.string, tuple) else [message.string]


@functools.cache
def _messages(lang: str, domain: str) -> dict[str, Message]:
    return {
        str(m.id[0] if isinstance(m.id, tuple) else m.id): m for m in _catalog(lang, domain) if m.id
    }


@pytest.mark.parametrize("domain", DOMAINS)
@pytest.mark.parametrize("lang", LANGS)
def test_every_language_has_every_message_of_the_domain(lang: str, domain: str) -> None:
    """A message the French catalogue has is in every language's catalogue, translated
    (no empty text, no fuzzy entry), and no language has one the others lack."""
    french = _messages("fr", domain)
    mine = _messages(lang, domain)
    assert sorted(set(french) ^ set(mine)) == []
    untranslated = [k for k, m in mine.items() if m.fuzzy or not all(s.strip() for s in _texts(m))]
    assert untranslated == []


@pytest.mark.parametrize("domain", DOMAINS)
@pytest.mark.parametrize("lang", LANGS)
def test_every_translation_has_the_fields_of_the_french(lang: str, domain: str) -> None:
    """A message's ``{fields}`` are the same in every language (a plural form may leave out
    ``{n}``: « une donne »)."""
    french = _messages("fr", domain)
    wrong = []
    for key, message in _messages(lang, domain).items():
        if key not in french:
            continue
        expected = set().union(*(fields_of(s) for s in _texts(french[key])))
        for text in _texts(message):
            if fields_of(text) - {"n"} != expected - {"n"} or not fields_of(text) <= expected:
                wrong.append((key, text))
    assert wrong == []


@pytest.mark.parametrize("domain", DOMAINS)
@pytest.mark.parametrize("lang", LANGS)
def test_plural_messages_have_the_forms_of_the_language(lang: str, domain: str) -> None:
    """A plural message has as many forms as the language's rule (CLDR, by Babel): three in
    French (one, many, other), two in English and German; and the catalogue says that rule."""
    catalog = _catalog(lang, domain)
    assert catalog.plural_forms == Catalog(locale=locale(lang)).plural_forms
    wrong = [
        m.id for m in catalog if m.id and m.pluralizable and len(m.string) != catalog.num_plurals
    ]
    assert wrong == []


@pytest.mark.parametrize("po", sources(), ids=lambda p: str(p.relative_to(LOCALE_DIR)))
def test_the_compiled_catalogue_is_what_its_source_compiles_to(po: Path) -> None:
    """The app reads the ``.mo``: it must be the ``.po`` compiled (``python -m
    companion.words.compile`` after an edit)."""
    mo = po.with_suffix(".mo")
    assert mo.exists() and mo.read_bytes() == compiled(po), "python -m companion.words.compile"


def test_every_domain_exists_in_every_language() -> None:
    """A domain is a file per language: none is missing in one of them."""
    for lang in LANGS:
        found = sorted(p.stem for p in (LOCALE_DIR / lang / "LC_MESSAGES").glob("*.po"))
        assert found == DOMAINS, lang


class _Field:
    """Any field a message asks for, in any case or format (``{play:acc}``, ``{n}``)."""

    def __format__(self, spec: str) -> str:
        return "«field»"


def _every_message() -> list[tuple[str, str, bool]]:
    """(domain, key, plural) for every message of the French catalogues."""
    return [
        (domain, key, message.pluralizable)
        for domain in DOMAINS
        for key, message in sorted(_messages("fr", domain).items())
    ]


@pytest.mark.parametrize(
    ("domain", "key", "plural"), _every_message(), ids=lambda v: v if isinstance(v, str) else ""
)
def test_each_message_renders_in_every_language_from_its_own_catalogue(
    domain: str, key: str, plural: bool
) -> None:
    """Each message, asked through the app's own path (``t``, or ``tn`` for 1, 2 and 5 of a
    plural), renders in every language from that language's catalogue (no fallback to
    another language's text), its fields all filled and no brace left."""
    for lang in LANGS:
        own = _messages(lang, domain)[key]
        if domain in FOREIGN:  # another program's words (argparse's), read through gettext
            words = foreign(lang, domain)
            if plural:
                shown = [words.ngettext(key, str(own.id[1]), n) for n in (1, 2, 5)]
                assert set(shown) <= set(_texts(own)) and shown[0] == own.string[0], lang
            else:
                assert words.gettext(key) == own.string, lang
            continue
        fields = {name: _Field() for text in _texts(own) for name in fields_of(text) - {"n"}}
        if plural:
            shown = [tn(lang, key, n, **fields) for n in (1, 2, 5)]
            expected = set(_texts(own))
            for text in shown:
                assert any(
                    text == e.format(n=number(lang, n), **fields)
                    for e in expected
                    for n in (1, 2, 5)
                ), (lang, text)
        else:
            if "n" in fields_of(str(own.string)):  # an ordinal's form (``{n}re``)
                fields["n"] = _Field()
            shown = [t(lang, key, **fields)]
            assert shown[0] == str(own.string).format(**fields), lang
        for text in shown:
            assert text.strip() and "{" not in text and "}" not in text, (lang, text)
