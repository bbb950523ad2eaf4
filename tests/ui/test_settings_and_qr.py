"""Settings kept on the server; QR codes drawn offline."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from companion.ui import qr
from companion.ui.settings import FILE_NAME, SettingsStore, UiSettings


def test_settings_persist_in_the_data_folder(tmp_path: Path) -> None:
    """Rule: the settings are saved in the data folder and read back by a new store; with none
    chosen, the language is each phone's (French by default) and the theme follows the system."""
    store = SettingsStore(tmp_path / "data")
    # No language chosen: each phone speaks its browser's, a terminal the default (French).
    assert store.current == UiSettings(None, "system")
    assert store.current.spoken == "fr"
    store.save(store.current.with_lang("en").with_theme("dark"))
    again = SettingsStore(tmp_path / "data")
    assert again.current == UiSettings("en", "dark")
    assert json.loads((tmp_path / "data" / FILE_NAME).read_text("utf-8")) == {
        "lang": "en",
        "theme": "dark",
    }


@pytest.mark.parametrize("content", ["", "{", "[]", '{"lang": "xx", "theme": 3}'])
def test_a_damaged_settings_file_falls_back_to_defaults(tmp_path: Path, content: str) -> None:
    """Rule: a settings file that is empty, not JSON, not an object or holds unknown values gives
    the default settings, not an error."""
    (tmp_path / FILE_NAME).write_text(content, "utf-8")
    assert SettingsStore(tmp_path).current == UiSettings()


def test_german_is_a_language_the_table_may_keep(tmp_path: Path) -> None:
    """Rule: German is one of the app's languages: chosen, it is saved and read back."""
    store = SettingsStore(tmp_path)
    store.save(store.current.with_lang("de"))
    assert SettingsStore(tmp_path).current.lang == "de"
    assert UiSettings.from_dict({"lang": "de"}).lang == "de"


def test_unknown_values_are_refused() -> None:
    """Rule: a language the app does not speak, or a theme it does not have, is refused."""
    with pytest.raises(ValueError):
        UiSettings().with_lang("es")
    with pytest.raises(ValueError):
        UiSettings().with_theme("sepia")


def test_qr_codes_are_drawn_here() -> None:
    """Rule: an address's QR code is drawn on this computer, as a PNG image and as block characters
    for the terminal."""
    url = "http://192.168.1.20:8550/?key=" + "x" * 22
    png = qr.png_bytes(url)
    assert png.startswith(b"\x89PNG\r\n\x1a\n") and len(png) > 200
    text = qr.terminal_text(url)
    lines = text.splitlines()
    assert len(lines) > 15 and "█" in text


def test_the_screen_s_code_is_the_png_s_modules() -> None:
    """Rule: the dark runs the invite screen draws cover exactly the dark modules of the
    code (the same code as the PNG and the terminal's), row by row."""
    import doctest

    import segno

    assert doctest.testmod(qr).failed == 0
    url = "http://192.168.1.20:8550/?key=" + "x" * 22
    side, runs = qr.dark_runs(url)
    drawn = {(y, x + i) for y, x, n in runs for i in range(n)}
    code = segno.make(url, error="m", micro=False)
    dark = {
        (y, x)
        for y, row in enumerate(code.matrix_iter(border=3))
        for x, module in enumerate(row)
        if module
    }
    assert side == len(list(code.matrix_iter(border=3)))
    assert drawn == dark


def test_a_phone_speaks_its_browser_s_language_until_the_table_picks_one() -> None:
    """Rule: the session's language is the table's once chosen, else the browser's first
    language the app speaks, else the default."""
    import doctest
    from dataclasses import replace

    from companion.ui import browser_lang
    from companion.ui.browser_lang import pick_lang
    from companion.ui.session import ServerConfig, Session

    assert doctest.testmod(browser_lang).failed == 0
    config = ServerConfig(Path("."), None, (), None)  # type: ignore[arg-type]
    session = Session(config, True, UiSettings(), browser_lang=pick_lang(["en-GB", "fr"]))
    assert session.lang == "en"
    assert replace(session, settings=UiSettings("de")).lang == "de"
    assert replace(session, browser_lang=pick_lang(["pt-BR"])).lang == "fr"
