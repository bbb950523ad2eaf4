"""Every word the app, the command line, the rulings, the plan and the share text show, from
gettext message catalogues (``locale/<lang>/LC_MESSAGES/<domain>.po``), one home per message.

Messages are named by stable keys (``"home.new"``); each language's catalogue gives the text,
with ``{fields}`` filled by :func:`t`. Counts take their plural form from the catalogue, chosen
by the language's own rule (gettext's ``Plural-Forms``, written by Babel from CLDR): a field
``players`` of ``"history.row"`` reads the plural message ``"history.row.players"`` when the
catalogue has one. Numbers and dates come from :mod:`companion.words.formats`, ordinals
from :func:`ordinal`.

>>> t("en", "home.new")
'New evening'
>>> t("en", "history.row", day="May 1", players=1, hands=12)
'May 1 · 1 player · 12 hands'
"""

from __future__ import annotations

from companion.words.catalogue import fields_of, keys, ordinal, plural_keys, t, tn
from companion.words.langs import DEFAULT_LANG, LANGS, Lang, lang_of
from companion.words.message import Fixed, Message, Renders

__all__ = [
    "DEFAULT_LANG",
    "LANGS",
    "Fixed",
    "Lang",
    "Message",
    "Renders",
    "fields_of",
    "keys",
    "lang_of",
    "ordinal",
    "plural_keys",
    "t",
    "tn",
]
