"""The evening's score sheet, under the evening on every phone: hands as rows, players as
columns (their avatar on top), the points (or, without points, the place and title) in each
cell, a totals row, the leader marked; under rules without points, the title tally.

It reloads whenever the evening's version changes, which the evening screen's live
subscription brings from the other phones."""

from __future__ import annotations

from collections.abc import Mapping

import flet as ft

from companion.errors import CompanionError
from companion.table.identity import Colour
from companion.table.places import ordinal
from companion.table.score_sheet import ScoreSheet
from companion.ui import theme
from companion.ui.avatar import avatar
from companion.ui.evenings import call
from companion.ui.session import Session
from companion.ui.state import use_maybe
from companion.ui.widgets import note, rank_rule_line, section, tagged
from companion.words.formats import number

CELL = 52  # a column: seven players and the hand number fit a 360 px phone, scrolling past
FIRST = 34  # the hand-number column
ROOM = 328  # what a 360 px phone leaves the sheet: fewer players get wider columns


def cell_width(players: int) -> int:
    """Fewer players, wider columns (titles such as « Vice-Président » need the room), up to
    80 px; never under ``CELL``."""
    return max(CELL, min(80, (ROOM - FIRST) // max(players, 1)))


def _cell(
    text: str, width: int, *, bold: bool = False, size: int = 16, small: str | None = None
) -> ft.Control:
    lines: list[ft.Control] = [
        ft.Text(
            text,
            size=size,
            weight=ft.FontWeight.BOLD if bold else None,
            text_align=ft.TextAlign.CENTER,
            no_wrap=True,
        )
    ]
    if small:
        lines.append(
            ft.Text(  # a title on two lines rather than cut: « Vice- / Président »
                small,
                size=11,
                text_align=ft.TextAlign.CENTER,
                max_lines=2,
                overflow=ft.TextOverflow.ELLIPSIS,
            )
        )
    return ft.Container(
        content=ft.Column(lines, spacing=0, horizontal_alignment=ft.CrossAxisAlignment.CENTER),
        width=width,
        alignment=ft.Alignment.CENTER,
    )


def _grid(session: Session, sheet: ScoreSheet, colours: Mapping[str, Colour]) -> ft.Control:
    lead = sheet.column_of(sheet.leader) if sheet.leader else None
    width = cell_width(len(sheet.columns))
    header: list[ft.Control] = [ft.Container(width=FIRST)]
    for i, col in enumerate(sheet.columns):
        mark = ft.Icon(ft.Icons.EMOJI_EVENTS, size=16, color=ft.Colors.AMBER_700)
        header.append(
            tagged(
                f"sheet-player-{i}",
                ft.Container(
                    content=ft.Column(
                        [
                            avatar(col.player_id, col.name, colours, 30, f"sheet-avatar-{i}"),
                            ft.Text(
                                col.name,
                                size=12,
                                no_wrap=True,
                                overflow=ft.TextOverflow.ELLIPSIS,
                                text_align=ft.TextAlign.CENTER,
                            ),
                            ft.Container(content=mark if i == lead else None, height=16),
                        ],
                        spacing=2,
                        horizontal_alignment=ft.CrossAxisAlignment.CENTER,
                    ),
                    width=width,
                ),
            )
        )
    lines: list[ft.Control] = [ft.Row(header, spacing=0)]
    for row in sheet.rows:
        cells: list[ft.Control] = [
            ft.Container(ft.Text(str(row.number), size=13), width=FIRST),
        ]
        for cell in row.cells:
            if cell.place is None:
                cells.append(_cell("–", width))
            elif sheet.counts_points:
                points = "–" if cell.points is None else number(session.lang, cell.points)
                cells.append(_cell(points, width, small=ordinal(cell.place, session.lang)))
            else:
                title = sheet.title_in(session.lang, cell.title)
                cells.append(_cell(ordinal(cell.place, session.lang), width, small=title))
        lines.append(tagged(f"sheet-row-{row.number}", ft.Row(cells, spacing=0)))
    if sheet.counts_points:
        totals: list[ft.Control] = [
            ft.Container(ft.Text(session.tr("sheet.total"), size=13), width=FIRST)
        ]
        for i, total in enumerate(sheet.totals):
            totals.append(
                tagged(
                    f"sheet-total-{i}",
                    _cell(
                        number(session.lang, total), width, bold=True, size=18 if i == lead else 16
                    ),
                )
            )
        lines.append(ft.Divider(height=1))
        lines.append(tagged("sheet-totals", ft.Row(totals, spacing=0)))
    return ft.Row(
        [ft.Column(lines, spacing=4)],
        scroll=ft.ScrollMode.AUTO,
    )


def _tally(session: Session, sheet: ScoreSheet, colours: Mapping[str, Colour]) -> ft.Control:
    rows: list[ft.Control] = []
    for i, (col, t) in enumerate(zip(sheet.columns, sheet.tally, strict=True)):
        if not t.hands:
            continue
        words = session.tr(
            "ui.sheet.tally_line",
            president=t.president,
            last=t.trou_du_cul,
            streak=t.current_streak,
        )
        rows.append(
            tagged(
                f"sheet-tally-{i}",
                ft.Row(
                    [
                        avatar(col.player_id, col.name, colours, 28),
                        # The name above its tally: beside it, a long tally (German) left
                        # its last number alone on a second line.
                        ft.Column(
                            [
                                ft.Text(col.name, size=16, weight=ft.FontWeight.BOLD),
                                ft.Text(words, size=15),
                            ],
                            spacing=0,
                            expand=True,
                        ),
                    ],
                    spacing=8,
                ),
            )
        )
    return ft.Column(rows, spacing=6)


@ft.component
def ScoreSheetPanel(session: Session, evening_id: str, version: int) -> ft.Control:
    loaded, set_loaded = use_maybe(tuple)  # (sheet, colours)
    failed, set_failed = use_maybe(str)

    async def load() -> None:
        try:
            found = await call(
                session.config.data_dir,
                lambda s: (s.score_sheet(evening_id), s.player_colours()),
            )
        except CompanionError as err:
            set_failed(err.message(session.lang))
            return
        set_failed(None)
        set_loaded(found)

    ft.use_effect(load, [evening_id, version])

    parts: list[ft.Control] = [section(session.tr("sheet.title"))]
    if failed:
        parts.append(note(failed, ident="sheet-error", color=ft.Colors.ERROR))
    elif loaded is None:
        parts.append(note(session.tr("evening.loading")))
    else:
        sheet, colours = loaded
        if not sheet.rows:
            parts.append(note(session.tr("sheet.empty"), ident="sheet-empty"))
        else:
            leader = next(c.name for c in sheet.columns if c.player_id == sheet.leader)
            parts.append(
                tagged(
                    "sheet-leader",
                    ft.Text(session.tr("sheet.leader", name=leader), size=theme.TEXT),
                )
            )
            parts.append(rank_rule_line(session, sheet.rank_rule, "sheet-rank-rule"))
            parts.append(_grid(session, sheet, colours))
            if not sheet.counts_points:
                parts.append(_tally(session, sheet, colours))
    return tagged(
        "score-sheet",
        ft.Column(parts, spacing=8, horizontal_alignment=ft.CrossAxisAlignment.STRETCH),
    )
