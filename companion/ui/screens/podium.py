"""The end of the evening: the podium (each player's avatar and points or titles), the rest
of the ranking and the evening's records, with the summary to share: the image (a PNG drawn
on the server) and the text, downloaded or copied to the clipboard for a group chat. The
phone build has no Pillow to draw the image with: it says so, and shares the text."""

from __future__ import annotations

from collections.abc import Mapping

import flet as ft

from companion.errors import CompanionError
from companion.table.identity import Colour
from companion.table.night_summary import Finisher, NightSummary
from companion.table.share import image_available, record_lines, score_words, summary_text
from companion.ui import theme
from companion.ui.avatar import avatar
from companion.ui.evenings import call
from companion.ui.session import Session
from companion.ui.state import use_maybe
from companion.ui.widgets import big_button, note, rank_rule_line, section, tagged

_STEP = {1: 96, 2: 70, 3: 52}  # podium heights


def _step(
    session: Session, summary: NightSummary, f: Finisher, colours: Mapping[str, Colour]
) -> ft.Control:
    return tagged(
        f"podium-{f.place}",
        ft.Column(
            [
                ft.Row(  # centred, not stretched to the column's width
                    [
                        avatar(
                            f.player_id,
                            f.name,
                            colours,
                            56 if f.place == 1 else 46,
                            f"podium-avatar-{f.place}",
                        )
                    ],
                    alignment=ft.MainAxisAlignment.CENTER,
                ),
                ft.Text(
                    f.name,
                    size=theme.TEXT if f.place == 1 else 16,
                    weight=ft.FontWeight.BOLD,
                    no_wrap=True,
                    overflow=ft.TextOverflow.ELLIPSIS,
                    text_align=ft.TextAlign.CENTER,
                ),
                ft.Text(
                    score_words(summary, f, session.lang), size=14, text_align=ft.TextAlign.CENTER
                ),
                ft.Container(
                    content=ft.Text(str(f.place), size=28, weight=ft.FontWeight.BOLD),
                    height=_STEP[f.place],
                    alignment=ft.Alignment.CENTER,
                    bgcolor=ft.Colors.SECONDARY_CONTAINER,
                    border_radius=ft.BorderRadius.only(top_left=10, top_right=10),
                ),
            ],
            spacing=4,
            horizontal_alignment=ft.CrossAxisAlignment.STRETCH,
            alignment=ft.MainAxisAlignment.END,
            expand=True,
        ),
    )


def _podium(session: Session, summary: NightSummary, colours: Mapping[str, Colour]) -> ft.Control:
    by_place = {f.place: f for f in summary.podium}
    steps = [
        _step(session, summary, by_place[p], colours)
        if p in by_place
        else ft.Container(expand=True)
        for p in (2, 1, 3)
    ]
    return ft.Row(steps, spacing=8, vertical_alignment=ft.CrossAxisAlignment.END)


@ft.component
def PodiumPanel(session: Session, evening_id: str, version: int) -> ft.Control:
    loaded, set_loaded = use_maybe(tuple)  # (summary, colours)
    message, set_message = use_maybe(str)
    data_dir = session.config.data_dir
    picker = ft.use_memo(lambda: ft.FilePicker(), [])  # registers itself with the page

    async def load() -> None:
        try:
            set_loaded(
                await call(data_dir, lambda s: (s.night_summary(evening_id), s.player_colours()))
            )
        except CompanionError as err:
            set_message(err.message(session.lang))

    ft.use_effect(load, [evening_id, version])

    def file_name(ext: str) -> str:
        # The file's name in the viewer's language; its date stays ISO (files sort by it).
        summary = loaded[0] if loaded is not None else None
        day = summary.date.isoformat() if summary is not None else ""
        name = session.tr("ui.podium.file", day=day, id=evening_id[:6])
        return f"{name.replace('--', '-')}.{ext}"

    async def download_png(_: object) -> None:
        if loaded is None:
            return
        summary, colours = loaded
        from companion.table.share_image import summary_png  # Pillow: loaded when asked for

        data = await call(data_dir, lambda _s: summary_png(summary, colours, session.lang))
        try:
            await picker.save_file(file_name=file_name("png"), src_bytes=data)
        except Exception as err:  # the browser refused: say so
            set_message(session.tr("podium.download_failed", reason=str(err)))

    async def download_text(_: object) -> None:
        if loaded is None:
            return
        data = summary_text(loaded[0], session.lang).encode("utf-8")
        try:
            await picker.save_file(file_name=file_name("txt"), src_bytes=data)
        except Exception as err:
            set_message(session.tr("podium.download_failed", reason=str(err)))

    async def copy_text(_: object) -> None:
        if loaded is None:
            return
        await ft.Clipboard().set(summary_text(loaded[0], session.lang))
        set_message(session.tr("podium.copied"))

    parts: list[ft.Control] = [section(session.tr("podium.title"))]
    if loaded is None:
        parts.append(note(message or session.tr("evening.loading")))
    else:
        summary, colours = loaded
        if not summary.ranking:
            parts.append(note(session.tr("sheet.empty"), ident="podium-empty"))
        else:
            parts.append(_podium(session, summary, colours))
            parts.append(rank_rule_line(session, summary.rank_rule, "podium-rank-rule"))
            for f in summary.ranking[3:]:
                parts.append(
                    tagged(
                        f"podium-{f.place}",
                        ft.Row(
                            [
                                ft.Text(f"{f.place}.", size=16, width=28),
                                avatar(f.player_id, f.name, colours, 28),
                                ft.Text(f.name, size=16, expand=True),
                                ft.Text(score_words(summary, f, session.lang), size=15),
                            ],
                            spacing=8,
                        ),
                    )
                )
            for i, (_, text) in enumerate(record_lines(summary, session.lang)):
                parts.append(tagged(f"podium-record-{i}", ft.Text(text, size=16)))
        parts.append(
            big_button(
                session.tr("podium.png"),
                download_png,
                ident="podium-png",
                icon=ft.Icons.IMAGE,
                primary=True,
            )
            if image_available()
            else note(session.tr("podium.png_missing"), ident="podium-png-missing")
        )
        parts.append(
            ft.Row(
                [
                    big_button(
                        session.tr("podium.copy"),
                        copy_text,
                        ident="podium-copy",
                        icon=ft.Icons.CONTENT_COPY,
                        expand=True,
                    ),
                    big_button(
                        session.tr("podium.text"),
                        download_text,
                        ident="podium-text",
                        icon=ft.Icons.TEXT_SNIPPET,
                        expand=True,
                    ),
                ],
                spacing=8,
            )
        )
        parts.append(
            ft.Column(
                [note(message, ident="podium-message")] if message else [], visible=bool(message)
            )
        )
    return tagged(
        "podium",
        ft.Column(parts, spacing=10, horizontal_alignment=ft.CrossAxisAlignment.STRETCH),
    )
