"""Emoji in names (issue 21 §7): told apart from other text, kept whole in initials, and
drawn in the shared image with a font that has them."""

from __future__ import annotations

from PIL import Image, ImageDraw

from companion.table.emoji_text import emoji_font_file, runs, symbols
from companion.table.identity import initials
from companion.table.share_image import _pieces, font


def test_an_emoji_sequence_is_one_run_and_one_symbol() -> None:
    """A ZWJ sequence, a skin tone and a flag are each one symbol, in one emoji run."""
    name = "Zoé 🐻\u200d❄\ufe0f👍🏽🇫🇷"
    assert runs(name) == [("Zoé ", False), ("🐻\u200d❄\ufe0f👍🏽🇫🇷", True)]
    assert symbols(name)[-3:] == ["🐻\u200d❄\ufe0f", "👍🏽", "🇫🇷"]


def test_plain_text_is_one_run() -> None:
    """Text with no emoji is one run, as typed (accents and all)."""
    assert runs("Anne-Sophie Léa") == [("Anne-Sophie Léa", False)]
    assert runs("") == []


def test_initials_never_cut_an_emoji() -> None:
    """A name's initials take a flag or a ZWJ sequence whole, never half of it."""
    assert initials("Sam 🇫🇷") == "S🇫🇷"
    assert initials("🐻\u200d❄\ufe0f") == "🐻\u200d❄\ufe0f"
    assert initials("Chloé") == "Ch"


def _ink(text: str, size: int = 40) -> bytes:
    """The pixels ``text`` draws with the image's fonts, run by run."""
    image = Image.new("L", (400, 80), 0)
    draw = ImageDraw.Draw(image)
    x = 0.0
    for run, f in _pieces(text, font(size)):
        draw.text((x, 10), run, font=f, fill=255)
        x += draw.textlength(run, font=f)
    return image.tobytes()


def test_the_image_draws_each_emoji_with_a_glyph_of_its_own() -> None:
    """Two different emoji draw differently (the text font alone draws both as the same
    empty box), and the emoji font comes installed with the app."""
    assert emoji_font_file() is not None
    fox, cat = _ink("🦊"), _ink("🐱")
    assert fox != cat
    assert any(fox) and any(cat)
