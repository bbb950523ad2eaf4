"""A profile's avatar: its initials on its own colour (``companion.table.identity``), the
same on seats, grids, charts and podiums."""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path

import flet as ft

from companion.errors import CompanionError
from companion.table.identity import Colour, colour_of, initials
from companion.table.service import TableService
from companion.ui.evenings import call
from companion.ui.state import use_maybe
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


def evening_colours(service: TableService, evening_id: str) -> dict[str, Colour]:
    """Each player of an evening's colour, keyed by the name he has in it (the table plan
    names its seats), from his profile."""
    known = service.player_colours()
    return {p.name: colour_of(p.id, known) for p in service.evening(evening_id).players}


def use_evening_colours(data_dir: Path, evening_id: str | None) -> dict[str, Colour] | None:
    """The players' colours of the evening shown (None until loaded: seats show none)."""
    found, set_found = use_maybe(dict)

    async def load() -> None:
        if evening_id is None:
            return
        try:
            set_found(await call(data_dir, evening_colours, evening_id))
        except CompanionError:
            set_found(None)  # the evening screen says what is wrong

    ft.use_effect(load, [evening_id])
    return found
