"""docs/options.md is generated from the options' field metadata and kept in step with it."""

from __future__ import annotations

import importlib.util
from pathlib import Path
from types import ModuleType

from companion.rules.ruleset import RuleSet
from companion.table.table_rules import TableRules

ROOT = Path(__file__).resolve().parents[1]


def _script() -> ModuleType:
    spec = importlib.util.spec_from_file_location("options_doc", ROOT / "scripts/options_doc.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_options_page_is_what_the_models_say() -> None:
    """The page in the repository is the script's output now: a changed option, meaning or
    seed means running ``python scripts/options_doc.py`` and committing the page."""
    assert (ROOT / "docs/options.md").read_text("utf-8") == _script().render()


def test_every_option_has_one_row_with_its_id() -> None:
    """Each field of both models appears once, under the catalogue ID its metadata gives."""
    page = (ROOT / "docs/options.md").read_text("utf-8")
    for model in (RuleSet, TableRules):
        for name in model.model_fields:
            oid = model.option_id(name)
            assert oid, name
            assert page.count(f"| {oid} | `{name}` |") == 1, name
