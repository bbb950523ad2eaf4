"""The rule codes: one enum, documented in one table, each with a sentence in every language.

``companion judge`` prints the code's value in its JSON, so the values are a contract.
"""

from __future__ import annotations

import re

from companion.rules import codes, explanations
from companion.rules.codes import CODE_OPTION, RuleCode
from companion.rules.ruleset import RuleSet
from companion.words import LANGS, keys, t

DOCUMENTED = re.findall(r"^``([a-z-]+)``", codes.__doc__ or "", re.M)


def test_documented_table_lists_every_code_once():
    """The docstring's table lists each refusal code exactly once, and nothing else."""
    assert len(DOCUMENTED) == len(set(DOCUMENTED))
    assert set(DOCUMENTED) == {c.value for c in RuleCode} - {"ok"}


def test_codes_are_their_strings():
    """A code compares, hashes and prints as its string (what the JSON and callers use)."""
    for code in RuleCode:
        assert code == code.value and str(code) == code.value
        assert {code.value: 1}[code] == 1
        assert re.fullmatch(r"[a-z]+(-[a-z]+)*", code.value)


def test_every_refusal_has_a_sentence_in_every_language():
    """Each refusal code has a sentence in the catalogue of each language (French, English,
    German), and the three differ."""
    for code in RuleCode:
        if code is RuleCode.OK:
            continue
        key = explanations.SENTENCES[code]
        texts = [t(lang, key) for lang in LANGS]
        assert all(key in keys(lang, "rules") for lang in LANGS), key
        assert all(texts) and len(set(texts)) == len(LANGS), texts


def test_cited_options_exist():
    """Every option a code cites is a field of the rule set."""
    assert set(CODE_OPTION.values()) <= set(RuleSet.model_fields)
