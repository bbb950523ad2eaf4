"""docs/rules.md is generated from the presets' data and kept in step with it."""

from __future__ import annotations

import importlib.util
from pathlib import Path
from types import ModuleType

from companion.rules.presets import PRESETS
from companion.table.table_presets import TABLE_OPEN_POINTS
from companion.words import LANGS, keys, t

ROOT = Path(__file__).resolve().parents[2]


def _script() -> ModuleType:
    spec = importlib.util.spec_from_file_location("rules_doc", ROOT / "scripts/rules_doc.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_rules_page_is_what_the_presets_say():
    """The page in the repository is the script's output now: a changed preset or open point
    means running ``python scripts/rules_doc.py`` and committing the page."""
    assert (ROOT / "docs/rules.md").read_text("utf-8") == _script().render()


def test_every_preset_has_its_section_with_its_open_points():
    """Each preset appears under its id with every open point, game and table."""
    text = _script().render()
    for pid, preset in PRESETS.items():
        assert f"## `{pid}` — {preset.name('fr')} / {preset.name('en')}" in text
        for point in (*preset.open_points, *TABLE_OPEN_POINTS[pid]):
            for lang in ("fr", "en"):
                assert " ".join(t(lang, point).split()) in text, point


def test_a_changed_value_shows_in_both_languages():
    """A preset's value away from the default shows in French and English words, the
    catalogue's (the option's label and its value)."""
    text = _script().render()
    assert (
        "| `max_set` | B11a | `4` | Taille des combinaisons : 4 cartes au plus "
        "| Largest set: at most 4 cards |"
    ) in text


def test_every_open_point_has_its_words_in_every_language():
    """Each open point is a message of the catalogue (domain options) in French, English and
    German, and the catalogue holds no open point that no preset lists."""
    listed = {
        p for pid, preset in PRESETS.items() for p in (*preset.open_points, *TABLE_OPEN_POINTS[pid])
    }
    for lang in LANGS:
        held = {k for k in keys(lang, "options") if k.startswith("preset.open.")}
        assert held == listed, lang
