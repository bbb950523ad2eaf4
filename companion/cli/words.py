"""The language the command line was asked for (``--lang``), known while the parser is
built and the arguments read: the ``--help`` words and an argument's own refusal (a bad
date) are in it. ``entry`` sets it before building the parser.

argparse says its own words (« usage: », "options", its refusals) through gettext, as a
module global it looks up at each call; they come from the catalogue domain ``argparse`` in
the language asked for.
"""

from __future__ import annotations

import argparse

from companion.words import DEFAULT_LANG, lang_of, t
from companion.words.catalogue import foreign

_asked = [DEFAULT_LANG]


def set_usage_lang(lang: str) -> None:
    _asked[0] = lang_of(lang)


def usage_lang() -> str:
    """The language asked for on the command line (the default before it is read)."""
    return _asked[0]


def help_text(name: str, **fields: object) -> str:
    """The ``--help`` words ``cli.help.<name>`` in the language asked for."""
    return t(usage_lang(), f"cli.help.{name}", **fields)


def _argparse_words(message: str) -> str:
    return foreign(usage_lang(), "argparse").gettext(message)


def _argparse_plural(singular: str, plural: str, n: int) -> str:
    return foreign(usage_lang(), "argparse").ngettext(singular, plural, n)


# argparse imports gettext's functions under these names and calls them at each use.
setattr(argparse, "_", _argparse_words)  # noqa: B010 (the stub does not declare them)
setattr(argparse, "ngettext", _argparse_plural)  # noqa: B010
