"""Every test states the rule it checks in its docstring (issue 22, item 5): a reader finds
what a test holds without reading its body, and a failure names the rule that broke."""

from __future__ import annotations

import ast
from pathlib import Path

TESTS = Path(__file__).parent


def undocumented(root: Path) -> list[str]:
    """The test functions under ``root`` without a docstring, as ``file:line name``."""
    found = []
    for path in sorted(root.rglob("test_*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if (
                isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef)
                and node.name.startswith("test")
                and not (ast.get_docstring(node) or "").strip()
            ):
                found.append(f"{path.relative_to(root)}:{node.lineno} {node.name}")
    return found


def test_every_test_states_its_rule():
    """No test function, in any test file, lacks a docstring."""
    assert undocumented(TESTS) == []


def test_a_test_without_a_docstring_is_named(tmp_path: Path):
    """The check names a test without a docstring, with its file and line, and accepts one
    with a docstring, a method of a test class included."""
    (tmp_path / "test_sample.py").write_text(
        'def test_said():\n    """A rule."""\n\n\n'
        "def test_silent():\n    pass\n\n\n"
        "class TestGroup:\n    def test_method(self):\n        pass\n",
        encoding="utf-8",
    )
    assert undocumented(tmp_path) == [
        "test_sample.py:5 test_silent",
        "test_sample.py:10 test_method",
    ]
