"""The end-of-evening summary as a PNG image, drawn on the server with Pillow, to post in a
group chat: the evening's name, date and rules, a podium with each player's colour and
initials, the rest of the ranking, and the evening's records.

The text font is Roboto as shipped with Flet's web client (a runtime dependency), so the
image looks like the app and shows every French accent; failing that a system DejaVu Sans,
and last Pillow's own font. Emoji in names and titles are drawn with Noto Emoji
(``emoji_text``), run by run, as the screens draw them.
"""

from __future__ import annotations

import importlib.util
import io
from collections.abc import Mapping
from datetime import tzinfo
from functools import cache
from pathlib import Path

from PIL import Image, ImageDraw, ImageFont

from companion.table.emoji_text import emoji_font_file, runs
from companion.table.identity import Colour, colour_of, initials
from companion.table.night_summary import Finisher, NightSummary
from companion.table.share import heading, record_lines, rules_line, score_words, when
from companion.words import t

WIDTH = 1080
MARGIN = 64
BACKGROUND = "#FFFFFF"
INK = "#1C1B1F"
MUTED = "#5F5B66"
BAND = "#1E3A5F"  # the heading band
BAND_INK = "#FFFFFF"
STEP = "#E8EEF6"  # podium steps
_FONT_PATHS = (
    "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf",
    "/usr/share/fonts/dejavu/DejaVuSans.ttf",
)
Font = ImageFont.FreeTypeFont | ImageFont.ImageFont


def _flet_roboto() -> Path | None:
    spec = importlib.util.find_spec("flet_web")
    if spec is None or not spec.submodule_search_locations:
        return None
    for root in spec.submodule_search_locations:
        path = Path(root) / "web" / "assets" / "fonts" / "roboto.woff2"
        if path.is_file():
            return path
    return None


@cache
def font(size: int) -> Font:
    candidates = [_flet_roboto(), *(Path(p) for p in _FONT_PATHS)]
    for path in candidates:
        if path is not None and path.is_file():
            try:
                return ImageFont.truetype(str(path), size)
            except OSError:
                continue
    return ImageFont.load_default(size)


@cache
def _emoji_font(size: int) -> Font | None:
    path = emoji_font_file()
    if path is None:
        return None
    try:
        return ImageFont.truetype(str(path), size)
    except OSError:
        return None


def _pieces(text: str, f: Font) -> list[tuple[str, Font]]:
    """The runs of ``text`` with the font that draws each: emoji with the emoji font."""
    size = int(getattr(f, "size", 16))
    return [(run, (_emoji_font(size) or f) if is_emoji else f) for run, is_emoji in runs(text)]


def _length(draw: ImageDraw.ImageDraw, text: str, f: Font) -> float:
    return sum(draw.textlength(run, font=rf) for run, rf in _pieces(text, f))


def _text(
    draw: ImageDraw.ImageDraw,
    xy: tuple[int, int],
    text: str,
    f: Font,
    fill: str,
    anchor: str,
) -> None:
    """``draw.text`` with emoji runs in the emoji font; ``anchor`` as Pillow's (l/m/r, then
    the vertical letter)."""
    x, y = xy
    start = x - {"l": 0.0, "m": 0.5, "r": 1.0}[anchor[0]] * _length(draw, text, f)
    for run, rf in _pieces(text, f):
        draw.text((start, y), run, font=rf, fill=fill, anchor="l" + anchor[1])
        start += draw.textlength(run, font=rf)


def _fit(draw: ImageDraw.ImageDraw, text: str, size: int, width: int) -> tuple[str, Font]:
    """The text in the largest font up to ``size`` that fits ``width`` (cut with … below
    two thirds of ``size``)."""
    for s in range(size, max(12, size * 2 // 3) - 1, -2):
        f = font(s)
        if _length(draw, text, f) <= width:
            return text, f
    f = font(max(12, size * 2 // 3))
    while text and _length(draw, text + "…", f) > width:
        text = text[:-1]
    return text + "…", f


def _avatar(
    draw: ImageDraw.ImageDraw, centre: tuple[int, int], radius: int, name: str, colour: Colour
) -> None:
    x, y = centre
    draw.ellipse((x - radius, y - radius, x + radius, y + radius), fill=colour.fill)
    _text(draw, (x, y), initials(name), font(int(radius * 0.9)), colour.ink, "mm")


def _podium(
    draw: ImageDraw.ImageDraw,
    top: int,
    summary: NightSummary,
    colours: Mapping[str, Colour],
    lang: str,
) -> int:
    """Second, first, third from the left, the first on the highest step; returns the y
    below it."""
    podium = summary.podium
    slot = (WIDTH - 2 * MARGIN) // 3
    heights = {1: 220, 2: 160, 3: 120}
    base = top + 470
    for f in podium:
        column = {1: 1, 2: 0, 3: 2}[f.place]
        x0 = MARGIN + column * slot
        cx = x0 + slot // 2
        step_top = base - heights[f.place]
        draw.rounded_rectangle((x0 + 12, step_top, x0 + slot - 12, base), 18, fill=STEP)
        draw.text(
            (cx, (step_top + base) // 2), str(f.place), font=font(64), fill=MUTED, anchor="mm"
        )
        score, sf = _fit(draw, score_words(summary, f, lang), 32, slot - 24)
        _text(draw, (cx, step_top - 28), score, sf, MUTED, "mm")
        name, nf = _fit(draw, f.name, 40, slot - 24)
        _text(draw, (cx, step_top - 72), name, nf, INK, "mm")
        radius = 70 if f.place == 1 else 58
        _avatar(
            draw, (cx, step_top - 110 - radius), radius, f.name, colour_of(f.player_id, colours)
        )
    return base + 40


def _row(
    draw: ImageDraw.ImageDraw,
    y: int,
    f: Finisher,
    summary: NightSummary,
    colours: Mapping[str, Colour],
    lang: str,
) -> None:
    draw.text((MARGIN, y + 30), f"{f.place}.", font=font(34), fill=MUTED, anchor="lm")
    _avatar(draw, (MARGIN + 100, y + 30), 28, f.name, colour_of(f.player_id, colours))
    score = score_words(summary, f, lang)
    right = WIDTH - MARGIN
    draw.text((right, y + 30), score, font=font(32), fill=MUTED, anchor="rm")
    room = right - (MARGIN + 150) - int(draw.textlength(score, font=font(32))) - 24
    name, nf = _fit(draw, f.name, 36, room)
    _text(draw, (MARGIN + 150, y + 30), name, nf, INK, "lm")


def summary_png(
    summary: NightSummary,
    colours: Mapping[str, Colour],
    lang: str = "fr",
    tz: tzinfo | None = None,
) -> bytes:
    """The summary image (PNG bytes), 1080 px wide."""
    rest = summary.ranking[3:]
    records = record_lines(summary, lang)
    height = 250 + (560 if summary.ranking else 120) + 72 * len(rest) + 64 * len(records) + 110
    image = Image.new("RGB", (WIDTH, height), BACKGROUND)
    draw = ImageDraw.Draw(image)

    draw.rectangle((0, 0, WIDTH, 220), fill=BAND)
    title, tf = _fit(draw, heading(summary, lang), 60, WIDTH - 2 * MARGIN)
    _text(draw, (MARGIN, 60), title, tf, BAND_INK, "lm")
    sub, sf = _fit(draw, when(summary, lang, tz), 34, WIDTH - 2 * MARGIN)
    draw.text((MARGIN, 122), sub, font=sf, fill=BAND_INK, anchor="lm")
    rules, rf = _fit(draw, rules_line(summary, lang), 28, WIDTH - 2 * MARGIN)
    draw.text((MARGIN, 172), rules, font=rf, fill="#C9D6E8", anchor="lm")

    y = 250
    if summary.ranking:
        y = _podium(draw, y, summary, colours, lang)
    else:
        none = t(lang, "table.share.no_hand")
        draw.text((MARGIN, y + 40), none, font=font(36), fill=MUTED, anchor="lm")
        y += 120
    for f in rest:
        _row(draw, y, f, summary, colours, lang)
        y += 72
    if records:
        y += 16
        draw.line((MARGIN, y, WIDTH - MARGIN, y), fill=STEP, width=3)
        y += 16
    for _, text in records:  # the records' own emojis stay in the chat text
        line, lf = _fit(draw, text, 32, WIDTH - 2 * MARGIN)
        _text(draw, (MARGIN, y + 28), line, lf, INK, "lm")
        y += 64
    draw.text((WIDTH - MARGIN, height - 44), "companion", font=font(26), fill=MUTED, anchor="rm")
    out = io.BytesIO()
    image.save(out, format="PNG", optimize=True)
    return out.getvalue()
