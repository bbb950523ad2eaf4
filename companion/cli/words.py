"""The language the command line was asked for (``--lang``), known while the parser is
built and the arguments read: the ``--help`` words and an argument's own refusal (a bad
date) are in it. ``entry`` sets it before building the parser."""

from __future__ import annotations

from companion.words import DEFAULT_LANG, lang_of, t

_asked = [DEFAULT_LANG]


def set_usage_lang(lang: str) -> None:
    _asked[0] = lang_of(lang)


def usage_lang() -> str:
    """The language asked for on the command line (the default before it is read)."""
    return _asked[0]


def help_text(name: str, **fields: object) -> str:
    """The ``--help`` words ``cli.help.<name>`` in the language asked for."""
    return t(usage_lang(), f"cli.help.{name}", **fields)
