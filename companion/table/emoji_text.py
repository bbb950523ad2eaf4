"""Emoji in what people type (a name like "Léa 🦊"), and the font that draws them.

The app's fonts (Roboto, and the card symbols) have no emoji, and a phone's browser fetches
a fallback font from the internet, which a table on a local network or in the phone build
offline does not have: names showed an empty box on screen and in the shared image. Noto
Emoji, Google's monochrome emoji font (SIL Open Font License), comes from PyPI in
``manimgx-fonts`` (a package that ships the Noto fonts as published); the screens load it
as a fallback font (``ui.theme``) and the image draws emoji runs with it (``share_image``).

Telling emoji from other text, ZWJ sequences, flags, keycaps and skin tones included, is
the ``emoji`` package's job (maintained, pure Python, follows each Unicode release).
"""

from __future__ import annotations

import unicodedata
from functools import cache
from importlib import resources
from pathlib import Path

# Below this code point no character is an emoji (Latin, accents, Greek, Cyrillic…):
# such text skips the ``emoji`` package, and its import, entirely.
_FIRST_EMOJI = 0x00A9  # ©
FONT_PACKAGE = "manimgx_fonts"
FONT_FILE = "NotoEmoji[wght].ttf"


@cache
def emoji_font_file() -> Path | None:
    """The emoji font's file, or None when the package is missing (the image then draws
    emoji with the text font, as boxes, rather than fail)."""
    try:
        path = Path(str(resources.files(FONT_PACKAGE) / FONT_FILE))
    except ModuleNotFoundError:
        return None
    return path if path.is_file() else None


def runs(text: str) -> list[tuple[str, bool]]:
    """``text`` cut into runs of emoji and of other text, in order: (run, is_emoji).

    >>> runs("Léa 🦊!")
    [('Léa ', False), ('🦊', True), ('!', False)]
    >>> runs("👍🏽🇫🇷")
    [('👍🏽🇫🇷', True)]
    """
    if all(ord(ch) < _FIRST_EMOJI for ch in text):
        return [(text, False)] if text else []
    import emoji  # its tables load on the first name that may hold an emoji

    out: list[tuple[str, bool]] = []
    at = 0
    for found in emoji.emoji_list(text):
        start, end = found["match_start"], found["match_end"]
        if start > at:
            out.append((text[at:start], False))
        if out and out[-1][1] and start == at:  # emoji after emoji: one run
            out[-1] = (out[-1][0] + text[start:end], True)
        else:
            out.append((text[start:end], True))
        at = end
    if at < len(text):
        out.append((text[at:], False))
    return out


def symbols(text: str) -> list[str]:
    r"""``text`` as the symbols a reader sees: an emoji sequence (a flag, a skin tone, a ZWJ
    family) is one, a letter keeps its combining accents.

    >>> symbols("🇫🇷e\u0301!") == ["🇫🇷", "e\u0301", "!"]
    True
    """
    out: list[str] = []
    for run, is_emoji in runs(text):
        if is_emoji:
            import emoji

            out += [found["emoji"] for found in emoji.emoji_list(run)]
            continue
        for ch in run:
            if out and unicodedata.combining(ch):
                out[-1] += ch
            else:
                out.append(ch)
    return out
