"""The card picker: fast with one thumb, and keys that look like cards.

What a tap fills is chosen above the keys: the play to judge, the table itself (one tap adds
the play of the player whose turn it is), or that player's hand (for his possible plays).
Ranks come in playing order for the rule set, printed as the cards of the app's language
(V/D/R in French); then the count of equal cards; the suits (red or black) only when the
rules make suits matter; both jokers only when the rules tell them apart. Every key is at
least 56 px high and a fifth of the width."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import partial

import flet as ft

from companion.rules.cards import SUITS, Card, Suit
from companion.ui import theme
from companion.ui.dispute_table import PICKER_MODES, PickerMode
from companion.ui.dispute_views import Picker, card_face, rank_face
from companion.ui.widgets import key_button, rows_of

RANKS_PER_ROW = 5
CARD_BORDER = ft.Colors.OUTLINE
CARD_FACE = ft.Colors.SURFACE_CONTAINER_LOWEST  # white on light, near black on dark
BLACK_SUIT = ft.Colors.ON_SURFACE  # black on light, light on dark: readable either way


def card_key(
    label: str,
    on_click: Callable[[], None],
    ident: str,
    *,
    red: bool = False,
    size: int = theme.TEXT_LARGE,
) -> ft.Control:
    """A key drawn as a playing card: a face with a thin border, the label in red or black."""
    return ft.Semantics(
        identifier=ident,
        button=True,
        expand=True,
        content=ft.Container(
            content=ft.Text(
                label,
                size=size,
                weight=ft.FontWeight.BOLD,
                color=theme.RED_SUIT if red else BLACK_SUIT,
                text_align=ft.TextAlign.CENTER,
                no_wrap=True,
            ),
            height=theme.TAP + 8,
            expand=True,
            alignment=ft.Alignment.CENTER,
            border_radius=8,
            border=ft.Border.all(1.5, CARD_BORDER),
            bgcolor=CARD_FACE,
            ink=True,
            on_click=lambda _: on_click(),
        ),
    )


def card_chips(cards: Sequence[str], lang: str, ident: str) -> ft.Control:
    """Cards shown as small cards side by side (the tray, a hand, a possible play)."""
    chips: list[ft.Control] = []
    for text in cards:
        label, red = card_face(text, lang)
        chips.append(
            ft.Container(
                content=ft.Text(
                    label,
                    size=theme.TEXT,
                    weight=ft.FontWeight.BOLD,
                    color=theme.RED_SUIT if red else BLACK_SUIT,
                ),
                padding=ft.Padding.symmetric(horizontal=8, vertical=6),
                border_radius=6,
                border=ft.Border.all(1, CARD_BORDER),
                bgcolor=CARD_FACE,
            )
        )
    return ft.Semantics(
        identifier=ident, content=ft.Row(chips, wrap=True, spacing=4, run_spacing=4)
    )


def mode_row(
    mode: PickerMode, tr: Callable[..., str], on_mode: Callable[[PickerMode], None]
) -> ft.Control:
    """What a tap on a card fills."""
    return ft.Row(
        [
            key_button(
                tr(f"picker.mode_{m}"),
                partial(on_mode, m),
                f"mode-{m}",
                selected=m == mode,
                size=15,
            )
            for m in PICKER_MODES
        ],
        spacing=6,
    )


def picker_controls(
    picker: Picker,
    *,
    tr: Callable[..., str],
    lang: str,
    on_rank: Callable[[str], None],
    on_count: Callable[[int], None],
    on_suit: Callable[[Suit], None],
    on_pass: Callable[[], None],
    count: int | None = None,
    with_pass: bool = True,
    on_joker_name: Callable[[str], None] | None = None,
    naming: str | None = None,
) -> list[ft.Control]:
    """The picker's rows; each ``on_*`` takes the tapped value. ``naming``: the last joker
    tapped ("JK", "JK=4"), whose rank the next row names, when the rules let it be named."""
    keys = [
        card_key(rank_face(symbol, lang), partial(on_rank, symbol), f"rank-{symbol}")
        for symbol in picker.ranks
        if symbol != "JK"
    ]
    for joker in picker.jokers:
        label, red = card_face(joker, lang)
        keys.append(card_key(label, partial(on_rank, joker), f"rank-{joker}", red=red, size=15))
    controls: list[ft.Control] = rows_of(keys, RANKS_PER_ROW)
    controls.append(ft.Text(tr("dispute.count"), size=theme.TEXT))
    controls += rows_of(
        [
            key_button(f"×{n}", partial(on_count, n), f"count-{n}", selected=n == count)
            for n in picker.counts
        ],
        4 if len(picker.counts) > 4 else len(picker.counts),
    )
    if picker.suits:
        controls.append(ft.Text(tr("dispute.suit"), size=theme.TEXT))
        controls.append(suit_keys(on_suit))
    if picker.joker_names:  # a fixed slot: the row shows while a joker is the last card
        controls.append(
            ft.Column(
                joker_name_keys(picker, naming, tr, lang, on_joker_name)
                if naming is not None and on_joker_name is not None
                else [],
                spacing=6,
            )
        )
    if with_pass:
        controls.append(ft.Row([key_button(tr("dispute.pass"), on_pass, "pass", size=theme.TEXT)]))
    return controls


def joker_name_keys(
    picker: Picker,
    joker: str,
    tr: Callable[..., str],
    lang: str,
    on_name: Callable[[str], None],
) -> list[ft.Control]:
    """ "The joker plays as:" and a key per rank (``joker-as-4``…), the chosen one marked."""
    named = Card.parse(joker).named
    keys = [
        key_button(
            rank_face(symbol, lang),
            partial(on_name, symbol),
            f"joker-as-{symbol}",
            selected=named is not None and named.symbol == symbol,
            size=theme.TEXT,
        )
        for symbol in picker.joker_names
    ]
    return [ft.Text(tr("dispute.joker_as"), size=theme.TEXT), *rows_of(keys, RANKS_PER_ROW)]


def suit_keys(on_suit: Callable[[Suit], None], prefix: str = "suit-") -> ft.Control:
    """The four suits in one row, red or black; identifiers ``suit-s``, ``suit-h``…"""
    return ft.Row(
        [
            card_key(
                suit.value,
                partial(on_suit, suit),
                f"{prefix}{suit.letter}",
                red=suit.is_red,
                size=theme.TEXT_HUGE,
            )
            for suit in SUITS
        ],
        spacing=6,
    )
