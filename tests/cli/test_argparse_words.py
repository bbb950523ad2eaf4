"""argparse's own words (« usage: », "options", its refusals) in the language the command
line was asked for, from the catalogue domain ``argparse``."""

from __future__ import annotations

import re

import pytest

from companion.cli import main
from companion.words import LANGS
from companion.words.catalogue import LOCALE_DIR, foreign

PERCENT = re.compile(r"%(?:\(\w+\))?[sr]")


def _run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[str, str]:
    with pytest.raises(SystemExit):
        main(list(argv))
    captured = capsys.readouterr()
    return captured.out, captured.err


def test_help_speaks_german(capsys: pytest.CaptureFixture[str]) -> None:
    """``--help`` with ``--lang de``: argparse's headings and its help line are German."""
    out, _ = _run(capsys, "judge", "--lang", "de", "--help")
    assert out.startswith("Aufruf: companion judge")
    assert "Optionen:" in out
    assert "zeigt diese Hilfe an und beendet das Programm" in out
    assert "usage:" not in out and "options:" not in out and "show this help" not in out


def test_a_missing_argument_is_refused_in_the_language_asked(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """A required argument left out is named in French by default, in German with
    ``--lang de``, and in English with ``--lang en``."""
    _, fr = _run(capsys, "deal")
    _, de = _run(capsys, "deal", "--lang", "de")
    _, en = _run(capsys, "deal", "--lang", "en")
    assert "ces arguments sont obligatoires : --rules" in fr
    assert "diese Argumente fehlen: --rules" in de
    assert "the following arguments are required: --rules" in en


def test_a_bad_choice_is_refused_in_german(capsys: pytest.CaptureFixture[str]) -> None:
    """A value outside an option's choices is refused in German, naming the choices."""
    _, err = _run(
        capsys,
        "judge",
        "--lang",
        "de",
        "--rules",
        "x",
        "--players",
        "A,B",
        "--play",
        "A: 3",
        "--lang",
        "xx",
    )
    assert "ungültige Wahl: 'xx'" in err


@pytest.mark.parametrize("lang", LANGS)
def test_every_argparse_message_keeps_its_placeholders(lang: str) -> None:
    """Each translation of argparse's words keeps argparse's own ``%s`` / ``%(name)s``
    placeholders, which argparse fills after the lookup."""
    from babel.messages.pofile import read_po

    with (LOCALE_DIR / lang / "LC_MESSAGES" / "argparse.po").open("rb") as file:
        catalog = read_po(file)
    wrong = []
    for message in catalog:
        if not message.id:
            continue
        ids = message.id if isinstance(message.id, tuple) else (message.id,)
        texts = message.string if isinstance(message.string, tuple) else (message.string,)
        expected = sorted(PERCENT.findall(ids[0]))
        wrong += [t for t in texts if sorted(PERCENT.findall(t)) != expected]
    assert wrong == []
    assert foreign(lang, "argparse").gettext("options")
