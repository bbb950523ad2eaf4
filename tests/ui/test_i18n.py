"""Every key the screens name is in the catalogue, and screens show no literal text (the
catalogues themselves are checked in tests/words/test_catalogues.py)."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

import companion.ui
from companion.ui.settings import THEMES
from companion.words import LANGS, keys, plural_keys, t

UI = Path(companion.ui.__file__).parent
# Every message of every domain: what a screen may name.
KNOWN = keys()
# The screens' messages (``app``), but the plural forms of their counts
# (``history.row.players``), which ``t`` reads for a field itself.
SCREENS = keys(domain="app")
STRINGS = SCREENS - {
    k for k in plural_keys() if k.rsplit(".", 1)[0] in SCREENS and k.count(".") > 1
}
# Modules that build what the user sees (not the command-line plumbing or test helpers).
SCREEN_MODULES = sorted(
    [*UI.glob("screens/*.py"), UI / "widgets.py", UI / "card_picker.py", UI / "shell.py"]
)
SHOWN_KEYWORDS = {
    "label",
    "tooltip",
    "hint_text",
    "text",
    "title",
    "helper_text",
    "semantics_label",
    "error_text",
    "value",
}
TEXT_CALLS = {
    "Text",
    "Button",
    "FilledButton",
    "OutlinedButton",
    "TextButton",
    "Tooltip",
    "SnackBar",
}


def test_french_comes_first_and_unknown_languages_fall_back_to_french() -> None:
    """French is the first language; a key reads in French or English as asked, and in French for a
    language the app does not speak."""
    assert LANGS[0] == "fr"
    assert t("fr", "home.new") == "Nouvelle soirée"
    assert t("en", "home.new") == "New evening"
    assert t("es", "home.new") == "Nouvelle soirée"


def _calls(tree: ast.AST):
    for node in ast.walk(tree):
        if isinstance(node, ast.Call):
            func = node.func
            name = func.attr if isinstance(func, ast.Attribute) else getattr(func, "id", "")
            yield name, node


def _has_letters(node: ast.AST) -> bool:
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return any(ch.isalpha() for ch in node.value)
    if isinstance(node, ast.JoinedStr):
        return any(_has_letters(v) for v in node.values if isinstance(v, ast.Constant))
    return False


def _ui_trees():
    # The app's commands (companion/cli/app.py) print the ``cli.*`` strings.
    for path in [*UI.rglob("*.py"), UI.parent / "cli" / "app.py"]:
        yield ast.parse(path.read_text("utf-8"))


def test_every_key_passed_to_tr_exists() -> None:
    """Every message key the UI code (and the app's commands) passes as text to a translating call
    is in the catalogues."""
    unknown = []
    for tree in _ui_trees():
        for name, call in _calls(tree):
            if name not in ("tr", "trn", "t", "tn", "Notice", "of"):
                continue
            for arg in call.args[:2]:
                if (
                    isinstance(arg, ast.Constant)
                    and isinstance(arg.value, str)
                    and "." in arg.value
                    and arg.value not in KNOWN
                ):
                    unknown.append(arg.value)
    assert unknown == []


def test_every_key_is_used() -> None:
    # A key is used when it appears as a string in the UI code (screens, models, routes),
    # or when an f-string builds it from a prefix (f"settings.lang.{lang}").
    """Every screen message in the catalogue (but the plural forms a count reads) is used by the UI
    code, as text or through an f-string prefix that builds it."""
    constants: set[str] = set()
    prefixes: set[str] = set()
    for tree in _ui_trees():
        for node in ast.walk(tree):
            if isinstance(node, ast.Constant) and isinstance(node.value, str):
                constants.add(node.value)
            elif (
                isinstance(node, ast.JoinedStr)
                and node.values
                and isinstance(node.values[0], ast.Constant)
            ):
                prefixes.add(str(node.values[0].value))
    unused = [
        k
        for k in STRINGS
        if k not in constants and not any(k.startswith(p) for p in prefixes if "." in p)
    ]
    assert unused == []


def test_keys_built_at_run_time_exist() -> None:
    """The keys the screens build at run time exist: a name for each language, for each theme and
    for both invite modes."""
    for lang in LANGS:
        assert f"settings.lang.{lang}" in STRINGS, lang
    for mode in THEMES:
        assert f"settings.theme.{mode}" in STRINGS
    for mode in ("edit", "watch"):
        assert f"invite.mode_{mode}" in STRINGS


def _offences(source: str) -> list[str]:
    offences = []
    for name, call in _calls(ast.parse(source)):
        if name in TEXT_CALLS and call.args and _has_letters(call.args[0]):
            offences.append(f"{name}(…) line {call.lineno}")
        for kw in call.keywords:
            if kw.arg in SHOWN_KEYWORDS and _has_letters(kw.value):
                offences.append(f"{name}({kw.arg}=…) line {call.lineno}")
    return offences


def test_the_scan_catches_literal_text() -> None:
    """The literal-text scan flags text with letters given to a text widget or a shown keyword
    (f-strings included), and lets through translated keys and text without letters."""
    assert _offences('ft.Text("Bonjour")') == ["Text(…) line 1"]
    assert _offences('ft.TextField(label=f"Nom {n}")') == ["TextField(label=…) line 1"]
    assert _offences('ft.Text(session.tr("home.new"))') == []
    assert _offences('ft.Text(f"×{n}")') == []


@pytest.mark.parametrize("path", SCREEN_MODULES, ids=lambda p: p.name)
def test_screens_show_no_literal_text(path: Path) -> None:
    """No screen module gives a widget literal text with letters: every word shown comes from the
    catalogue."""
    assert _offences(path.read_text("utf-8")) == []
