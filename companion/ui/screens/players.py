"""The players: every profile with its avatar and what it played (a tap opens its page);
on a phone with the key, rename one, or merge one into another ("Chloe" typed once, "Chloé"
since), with an undo right after and an "unmerge" on every merged profile later."""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import Any

import flet as ft

from companion.errors import CompanionError
from companion.table.profiles import PlayerChange
from companion.table.service import TableService
from companion.ui import routes, theme
from companion.ui.avatar import avatar
from companion.ui.evenings import call
from companion.ui.failure_words import failure_words
from companion.ui.players_model import PlayerLine, PlayersView, players_view
from companion.ui.session import Session, use_session
from companion.ui.state import use_maybe, use_value
from companion.ui.text_input import use_typed_text
from companion.ui.widgets import big_button, guarded, note, screen, section, tagged


def _line(
    session: Session,
    view: PlayersView,
    i: int,
    line: PlayerLine,
    actions: list[ft.Control],
) -> ft.Control:
    return tagged(
        f"player-{i}",
        ft.Container(
            content=ft.Column(
                [
                    ft.Container(
                        content=ft.Row(
                            [
                                avatar(line.player_id, line.name, view.colours, 40),
                                ft.Column(
                                    [
                                        ft.Text(
                                            line.name, size=theme.TEXT, weight=ft.FontWeight.BOLD
                                        ),
                                        ft.Text(
                                            session.tr(
                                                "players.line",
                                                hands=line.hands,
                                                evenings=line.evenings,
                                            ),
                                            size=15,
                                        ),
                                    ],
                                    spacing=2,
                                    expand=True,
                                ),
                            ],
                            spacing=12,
                        ),
                        ink=True,
                        on_click=lambda _: session.go(routes.player(line.player_id)),
                    ),
                    *actions,
                ],
                spacing=8,
            ),
            padding=theme.GAP,
            border_radius=12,
            bgcolor=ft.Colors.SURFACE_CONTAINER,
        ),
    )


@ft.component
@guarded
def PlayersScreen() -> ft.View:
    session = use_session()
    data_dir = session.config.data_dir
    view, set_view = use_maybe(PlayersView)
    version, set_version = use_value(0)  # bumped to reload after a change
    mode, set_mode = use_maybe(tuple)  # ("rename" | "merge", player id)
    message, set_message = use_maybe(tuple)  # (text, is_error)
    last, set_last = use_maybe(PlayerChange)  # the change "Undo" takes back
    typed = use_typed_text()

    async def load() -> None:
        try:
            set_view(await call(data_dir, players_view))
        except CompanionError as err:
            set_message((failure_words(session.lang, "history.failed", err), True))

    ft.use_effect(load, [version])

    async def apply(action: Callable[[TableService], Any], done: Callable[[Any], object]) -> None:
        try:
            result = await call(data_dir, action)
        except CompanionError as err:
            set_message((err.message(session.lang), True))
            return
        set_mode(None)
        typed.set("")
        done(result)
        set_version(lambda v: v + 1)

    async def rename(player_id: str) -> None:
        name = typed.latest().strip()

        def done(change: PlayerChange) -> None:
            set_last(change)
            set_message(
                (session.tr("players.renamed", before=change.before, after=change.after), False)
            )

        await apply(lambda s: s.rename(player_id, name), done)

    async def merge(source: PlayerLine, target: PlayerLine) -> None:
        def done(change: PlayerChange) -> None:
            set_last(change)
            set_message(
                (session.tr("players.merged", source=source.name, target=target.name), False)
            )

        await apply(lambda s: s.merge_players(source.player_id, target.player_id), done)

    async def undo(_: object = None) -> None:
        change = last
        if change is None:
            return

        def done(_result: object) -> None:
            set_last(None)
            set_message((session.tr("players.undone"), False))

        await apply(lambda s: s.undo_player_change(change), done)

    async def unmerge(player_id: str) -> None:
        await apply(
            lambda s: s.unmerge_player(player_id),
            lambda _p: set_message((session.tr("players.undone"), False)),
        )

    def cancel() -> None:
        set_mode(None)
        typed.set("")

    def start_rename(line: PlayerLine) -> None:
        typed.set(line.name)
        set_mode(("rename", line.player_id))

    body: list[ft.Control] = []
    # The message and its undo sit in one slot at the top, where the thumb just was.
    shown: list[ft.Control] = []
    if message is not None:
        text, bad = message
        shown.append(note(text, ident="players-message", color=ft.Colors.ERROR if bad else None))
        if last is not None and not bad and session.editor:
            shown.append(
                big_button(
                    session.tr("players.undo"), undo, ident="players-undo", icon=ft.Icons.UNDO
                )
            )
    body.append(ft.Column(shown, spacing=8, visible=bool(shown)))
    if view is None:
        body.append(note(session.tr("history.loading")))
        return screen(
            session, routes.PLAYERS, session.tr("players.title"), body, ident="screen-players"
        )
    merging = mode[1] if mode is not None and mode[0] == "merge" else None
    if merging is not None:
        source = next((line for line in view.lines if line.player_id == merging), None)
        if source is not None:
            body.append(
                note(session.tr("players.merge_help", name=source.name), ident="merge-help")
            )
    for i, line in enumerate(view.lines):
        actions: list[ft.Control] = []
        if session.editor:
            if mode == ("rename", line.player_id):
                actions.append(
                    tagged(
                        "players-name",
                        ft.TextField(
                            value=typed.value,
                            ref=typed.field,
                            label=session.tr("players.new_name"),
                            on_change=typed.on_change,
                            autofocus=True,
                            text_size=theme.TEXT,
                        ),
                    )
                )
                actions.append(
                    big_button(
                        session.tr("players.save"),
                        partial(rename, line.player_id),
                        ident="players-save",
                        icon=ft.Icons.CHECK,
                        primary=True,
                    )
                )
            if mode is not None and mode[1] == line.player_id:
                actions.append(
                    big_button(
                        session.tr("players.cancel"),
                        lambda _: cancel(),
                        ident="players-cancel",
                        icon=ft.Icons.CLOSE,
                    )
                )
            elif merging is not None:
                src = next(x for x in view.lines if x.player_id == merging)
                actions.append(
                    big_button(
                        session.tr("players.merge_here", name=src.name),
                        partial(merge, src, line),
                        ident=f"merge-into-{i}",
                        icon=ft.Icons.CALL_MERGE,
                        primary=True,
                    )
                )
            elif merging is None:
                # Each button as wide as its label, side by side when they fit, one under
                # the other on a narrow phone: a label never wraps inside its button.
                actions.append(
                    ft.Row(
                        [
                            big_button(
                                session.tr("players.rename"),
                                lambda _, line=line: start_rename(line),
                                ident=f"rename-{i}",
                                icon=ft.Icons.EDIT,
                            ),
                            big_button(
                                session.tr("players.merge"),
                                lambda _, line=line: set_mode(("merge", line.player_id)),
                                ident=f"merge-{i}",
                                icon=ft.Icons.CALL_MERGE,
                            ),
                        ],
                        spacing=8,
                        run_spacing=8,
                        wrap=True,
                    )
                )
        body.append(_line(session, view, i, line, actions))
    if view.merged:
        body.append(section(session.tr("players.merged_list")))
        for i, merged in enumerate(view.merged):
            row: list[ft.Control] = [
                ft.Text(
                    session.tr("players.merged_line", source=merged.name, target=merged.into),
                    size=theme.TEXT,
                    expand=True,
                )
            ]
            if session.editor:
                row.append(
                    big_button(
                        session.tr("players.unmerge"),
                        partial(unmerge, merged.player_id),
                        ident=f"unmerge-{i}",
                        icon=ft.Icons.CALL_SPLIT,
                    )
                )
            body.append(tagged(f"merged-{i}", ft.Row(row, spacing=8)))
    return screen(
        session, routes.PLAYERS, session.tr("players.title"), body, ident="screen-players"
    )
