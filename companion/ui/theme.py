"""Look and sizes: phone first (360 px wide and up), thumbs, arm's length."""

from __future__ import annotations

import flet as ft

TAP = 56  # height of every tappable control: above the 48 px minimum, for a thumb
GAP = 12
PAD = 16
MAX_WIDTH = 640  # on a desktop window the content stays phone-shaped, centred
TEXT = 18  # body text, readable at arm's length
TEXT_LARGE = 24
TEXT_HUGE = 34

SEED = "#1b5e20"  # the green of a card table
LEGAL = ft.Colors.GREEN_700
ILLEGAL = ft.Colors.RED_700
RED_SUIT = ft.Colors.RED_700

# Flutter's bundled Roboto has no ♠ ♥ ♦ ♣ (nor ✓ ✗ ↺) and the web client cannot fetch
# fallback fonts offline: a small font in assets/ supplies them (see assets/fonts/).
SYMBOLS_FONT = "CompanionSymbols"
# Emoji in names ("Léa 🦊") likewise: Noto Emoji, from PyPI (table.emoji_text), served at
# this address by ``companion serve`` (ui.web_app) and copied there by ``companion publish``.
EMOJI_FONT = "CompanionEmoji"
EMOJI_FONT_URL = "fonts/CompanionEmoji.ttf"
FONTS = {SYMBOLS_FONT: "fonts/CompanionSymbols.ttf", EMOJI_FONT: EMOJI_FONT_URL}

_STYLES = (
    "display_large",
    "display_medium",
    "display_small",
    "headline_large",
    "headline_medium",
    "headline_small",
    "title_large",
    "title_medium",
    "title_small",
    "body_large",
    "body_medium",
    "body_small",
    "label_large",
    "label_medium",
    "label_small",
)


# A text theme replaces Flutter's default text colours with none, which in dark mode leaves
# dark text on a dark background: each theme states its text colour (Material 3's on-surface
# for this seed).
_TEXT_COLOURS = {False: "#1a1c19", True: "#e2e3dd"}


def make_theme(dark: bool = False) -> ft.Theme:
    # Roboto named first: the fallbacks are tried before Flutter's own default, and the
    # emoji font has digits and a space (keycap bases) that would otherwise win.
    style = ft.TextStyle(
        font_family_fallback=["Roboto", SYMBOLS_FONT, EMOJI_FONT], color=_TEXT_COLOURS[dark]
    )
    return ft.Theme(
        color_scheme_seed=SEED,
        text_theme=ft.TextTheme(**{name: style for name in _STYLES}),
        visual_density=ft.VisualDensity.STANDARD,
    )


THEME_MODES = {
    "light": ft.ThemeMode.LIGHT,
    "dark": ft.ThemeMode.DARK,
    "system": ft.ThemeMode.SYSTEM,
}
