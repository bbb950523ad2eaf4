"""The card picker: fast with one thumb. Ranks in playing order for the rule set, then the
count of equal cards, the suit only when the rules use suits, which joker only when jokers
rank apart; every button at least 56 px high and a fifth of the width."""

from __future__ import annotations

from collections.abc import Callable

import flet as ft

from companion.rules.cards import SUITS, JokerColour, Suit
from companion.ui import theme
from companion.ui.dispute_views import Picker
from companion.ui.state import bind
from companion.ui.widgets import key_button, rows_of

RANKS_PER_ROW = 5


def _key(
    label: str,
    on_click: Callable[[], None],
    ident: str,
    *,
    color: str | None = None,
    size: int = theme.TEXT_LARGE,
) -> ft.Control:
    return key_button(label, on_click, ident, color=color, size=size)


def picker_controls(
    picker: Picker,
    *,
    tr: Callable[..., str],
    on_rank: Callable[[str], None],
    on_count: Callable[[int], None],
    on_suit: Callable[[Suit], None],
    on_joker: Callable[[JokerColour], None],
    on_pass: Callable[[], None],
) -> list[ft.Control]:
    """The picker's rows; each ``on_*`` takes the tapped value."""
    controls: list[ft.Control] = rows_of(
        [_key(symbol, bind(on_rank, symbol), f"rank-{symbol}") for symbol in picker.ranks],
        RANKS_PER_ROW,
    )
    controls.append(ft.Text(tr("dispute.count"), size=theme.TEXT))
    controls += rows_of(
        [_key(f"×{n}", bind(on_count, n), f"count-{n}") for n in picker.counts],
        4 if len(picker.counts) > 4 else len(picker.counts),
    )
    if picker.suits:
        controls.append(ft.Text(tr("dispute.suit"), size=theme.TEXT))
        controls += rows_of([_suit_key(s, on_suit) for s in SUITS], 4)
    if picker.joker_colours:
        controls.append(ft.Text(tr("dispute.joker_colour"), size=theme.TEXT))
        controls.append(
            ft.Row(
                [
                    _key(
                        tr("dispute.joker_coloured"),
                        lambda: on_joker(JokerColour.COLOURED),
                        "joker-R",
                        size=theme.TEXT,
                    ),
                    _key(
                        tr("dispute.joker_black"),
                        lambda: on_joker(JokerColour.BLACK),
                        "joker-B",
                        size=theme.TEXT,
                    ),
                ],
                spacing=6,
            )
        )
    controls.append(ft.Row([_key(tr("dispute.pass"), on_pass, "pass", size=theme.TEXT)]))
    return controls


def _suit_key(suit: Suit, on_suit: Callable[[Suit], None]) -> ft.Control:
    color = theme.RED_SUIT if suit.is_red else None
    return _key(
        suit.value, lambda: on_suit(suit), f"suit-{suit.letter}", color=color, size=theme.TEXT_HUGE
    )
