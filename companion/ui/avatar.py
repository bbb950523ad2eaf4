"""A profile's avatar: its initials on its own colour (``companion.table.identity``), the
same on seats, grids, charts and podiums."""

from __future__ import annotations

from collections.abc import Mapping

import flet as ft

from companion.table.identity import Colour, colour_of, initials
from companion.ui.widgets import tagged


def avatar(
    player_id: str,
    name: str,
    colours: Mapping[str, Colour],
    size: int = 32,
    ident: str | None = None,
) -> ft.Control:
    colour = colour_of(player_id, colours)
    disc = ft.Container(
        content=ft.Text(
            initials(name),
            size=max(10, int(size * 0.42)),
            weight=ft.FontWeight.BOLD,
            color=colour.ink,
            text_align=ft.TextAlign.CENTER,
            no_wrap=True,
        ),
        width=size,
        height=size,
        border_radius=size // 2,
        bgcolor=colour.fill,
        alignment=ft.Alignment.CENTER,
    )
    return tagged(ident, disc) if ident else disc


def dot(player_id: str, colours: Mapping[str, Colour], size: int = 14) -> ft.Control:
    """The colour alone (a chart's legend)."""
    return ft.Container(
        width=size, height=size, border_radius=size // 2, bgcolor=colour_of(player_id, colours).fill
    )
