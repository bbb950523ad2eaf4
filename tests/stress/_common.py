"""Shared pieces of the bad-input stress tests (issue 5, section 1).

``COMPANION_STRESS_CASES`` sets how many cases the slow properties draw in all (default
100,000, shared by weight: see ``slow``) in one run of ``python -m pytest -m slow
tests/stress``; the run ends with the count of cases actually checked. The default
(non-slow) run draws a small, derandomized sample of each property so CI is fast and
reproducible.
"""

from __future__ import annotations

import json
import math
import os
from collections.abc import Iterable
from pathlib import Path

from hypothesis import HealthCheck, Phase, settings
from hypothesis import strategies as st

from companion.rules.presets import PRESETS
from companion.rules.ruleset import RuleSet
from companion.table.table_rules import TableRules

STRESS_CASES = int(os.environ.get("COMPANION_STRESS_CASES", "100000"))
# Share of each slow property (their sum is the divisor): the costly ones draw fewer.
WEIGHTS = {"judge": 1.0, "deal": 1.0, "evening": 1.0, "import-junk": 1.0, "import-broken": 0.5}

_HEALTH = [
    HealthCheck.too_slow,
    HealthCheck.data_too_large,
    HealthCheck.filter_too_much,
    HealthCheck.function_scoped_fixture,
]


def fast(n: int) -> settings:
    return settings(
        max_examples=n,
        derandomize=True,
        deadline=None,
        database=None,
        suppress_health_check=_HEALTH,
    )


def slow(name: str) -> settings:
    """Settings of one slow property: its share of ``COMPANION_STRESS_CASES``. No shrinking:
    a failure is reported as drawn (and quickly)."""
    share = STRESS_CASES * WEIGHTS[name] / sum(WEIGHTS.values())
    return settings(
        max_examples=max(1, math.ceil(share)),
        deadline=None,
        database=None,
        phases=(Phase.explicit, Phase.generate),
        suppress_health_check=_HEALTH,
    )


PRESET_IDS = sorted(PRESETS)

# Text that is likely to trip a parser: separators, odd unicode, control characters.
ODD = st.sampled_from(
    [
        "",
        " ",
        ",",
        ":",
        "=",
        "  ,  ",
        "é",
        "Léa",
        "ß",
        "İ",
        "ﬁ",
        "\u200b",
        "\u00a0",
        "\t",
        "\x00",
        "\ud7ff",
        "😀",
        "ǅ",
        "Ω",
        "ⅷ",
        "²",
        "١",
        "-",
        "--",
        "-x",
        "pass",
        "passe",
        "JK",
        "10♥",
        "♠",
        "give",
        "à",
        "to",
    ]
)
TEXT = st.one_of(
    ODD, st.text(max_size=12), st.text(alphabet=st.characters(codec="utf-8"), max_size=8)
)


def _values() -> dict[str, list[str]]:
    """For every option name, the values the presets use (plus a few generic ones)."""
    out: dict[str, set[str]] = {}
    for p in PRESETS.values():
        for model in (p.rules,):
            for name, value in model.model_dump().items():
                out.setdefault(name, set()).add(_text(value))
    for name, field in TableRules.model_fields.items():
        out.setdefault(name, set()).add(_text(field.default))
    for name in RuleSet.model_fields:
        out.setdefault(name, set())
    generic = {"true", "false", "0", "1", "2", "3", "13", "none", "-1", "99999", "1.5", ""}
    return {k: sorted(v | generic) for k, v in out.items()}


def _text(value: object) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, (list, tuple)):
        return ",".join(_text(v) for v in value)
    if value is None:
        return "none"
    return str(value)


OPTION_VALUES = _values()
OPTION_NAMES = [*sorted(OPTION_VALUES), "jokers", "target", "hands"]


@st.composite
def set_pairs(draw) -> str:
    """One ``--set`` argument: a known option with a plausible or random value, or junk."""
    kind = draw(st.integers(0, 9))
    if kind == 0:
        return draw(TEXT)
    name = (
        draw(st.one_of(st.sampled_from(OPTION_NAMES), TEXT))
        if kind == 1
        else draw(st.sampled_from(OPTION_NAMES))
    )
    values = OPTION_VALUES.get(name) or ["true"]
    value = (
        draw(st.one_of(st.sampled_from(values), TEXT))
        if kind < 4
        else draw(st.sampled_from(values))
    )
    sep = draw(st.sampled_from(["=", "=", "=", " = ", ":", "=="]))
    return f"{name}{sep}{value}"


def snapshot(root: Path) -> dict[str, bytes]:
    """Every file under ``root`` with its bytes (to show nothing changed)."""
    return {
        str(p.relative_to(root)): p.read_bytes() for p in sorted(root.rglob("*")) if p.is_file()
    }


def one_clear_line(text: str) -> None:
    """stderr of a refused command: exactly one non-empty line, no traceback."""
    assert "Traceback" not in text, text
    lines = text.splitlines()
    assert len(lines) == 1 and lines[0].strip() and text.endswith("\n"), repr(text)


def flatten(parts: Iterable[Iterable[str]]) -> list[str]:
    return [x for part in parts for x in part]


COUNTS: dict[str, int] = {}


def count(what: str) -> None:
    """Tally one checked case (printed at the end of the run by conftest.py; written to
    ``COMPANION_STRESS_COUNTS`` every 1,000 cases when set)."""
    COUNTS[what] = COUNTS.get(what, 0) + 1
    total = sum(COUNTS.values())
    if total % 1000 == 0:
        write_counts(f"{total:,} cases so far")


def write_counts(after: str) -> None:
    target = os.environ.get("COMPANION_STRESS_COUNTS")
    if target:
        with open(target, "w", encoding="utf-8") as out:
            json.dump(
                {"after": after, "total": sum(COUNTS.values()), **COUNTS},
                out,
                ensure_ascii=False,
                indent=1,
            )
