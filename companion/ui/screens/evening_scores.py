"""The evening's Scores tab: what the last hand produced (titles, points, effects) and the
evening's running totals; on an evening without points, who holds which title. The way to
end the evening is here too, behind a confirmation: the phone that ends it shows the podium
on this screen, as the others do."""

from __future__ import annotations

from collections.abc import Awaitable, Callable

import flet as ft

from companion.ui import theme
from companion.ui.session import use_session
from companion.ui.table_model import TableView
from companion.ui.widgets import big_button, note, section, tagged


def _line(ident: str, text: str) -> ft.Control:
    # The text is also given as the node's label, so that a line re-used with a new text
    # never reads out empty (reported from the second hand on, for the first and last lines).
    return ft.Semantics(
        identifier=ident,
        label=text,
        content=ft.Text(text, size=theme.TEXT),
        exclude_semantics=True,
    )


@ft.component
def ScoresTab(
    view: TableView,
    on_next: Callable[[], None] | None,
    on_end: Callable[[], Awaitable[None]] | None = None,
    busy: bool = False,
    undo: list[ft.Control] | None = None,
) -> ft.Control:
    """The last hand's result, its undo right under it (where the thumb that recorded it
    is, on screen whatever the table's size), the standings and what comes next."""
    session = use_session()
    confirm_end, set_confirm_end = ft.use_state(False)
    result: list[ft.Control] = []
    if view.last:
        result.append(
            tagged("evening-result", section(session.tr("evening.result", n=view.hand_number - 1)))
        )
        result += [
            _line(
                f"result-{i}",
                session.tr(
                    "evening.result_line",
                    title=view.title_in(session.lang, line.title),
                    name=line.name,
                    points=line.points,
                    total=line.total,
                )
                if view.scored
                else session.tr(
                    "evening.result_title",
                    title=view.title_in(session.lang, line.title),
                    name=line.name,
                ),
            )
            for i, line in enumerate(view.last)
        ]
        result += [
            _line(
                f"effect-{i}",
                session.tr(
                    "evening.effect", effect=session.tr(f"evening.effect.{kind}"), name=name or "—"
                ),
            )
            for i, (kind, name) in enumerate(view.last_effects)
        ]
    controls: list[ft.Control] = []
    if view.scored:
        controls.append(section(session.tr("evening.standings")))
        controls += [
            _line(
                f"standing-{i}",
                session.tr("evening.standing", place=s.place, name=s.name, total=s.total),
            )
            for i, s in enumerate(view.standings)
        ]
    elif not view.last:  # no points and no hand yet: who sits where is the news
        controls.append(note(session.tr("evening.no_points"), ident="standing-0"))
    if view.ended:
        controls.append(note(session.tr("evening.ended"), ident="evening-ended"))
    elif on_next is not None and view.last:
        controls.append(
            big_button(
                session.tr("evening.next"),
                lambda _: on_next(),
                ident="evening-next",
                icon=ft.Icons.ARROW_FORWARD,
                primary=True,
            )
        )
    if on_end is not None and view.last and not view.ended:
        controls += _end_controls(session.tr, confirm_end, set_confirm_end, on_end, busy)
    # Three slots: a line more in one never shifts the buttons of another.
    return ft.Column(
        [_slot(result), _slot(undo or []), _slot(controls)],
        spacing=theme.GAP,
        horizontal_alignment=ft.CrossAxisAlignment.STRETCH,
    )


def _slot(controls: list[ft.Control]) -> ft.Control:
    return ft.Column(
        controls,
        spacing=theme.GAP,
        visible=bool(controls),
        horizontal_alignment=ft.CrossAxisAlignment.STRETCH,
    )


def _end_controls(
    tr: Callable[..., str],
    confirm: bool,
    set_confirm: Callable[[bool], None],
    on_end: Callable[[], Awaitable[None]],
    busy: bool,
) -> list[ft.Control]:
    """ "Terminer la soirée", then its warning and confirmation (a second tap, not a
    dialog: one thumb, and the warning stays beside the button)."""

    async def end(_: object) -> None:
        await on_end()
        set_confirm(False)

    controls = [
        big_button(
            tr("hands.end"),
            lambda _: set_confirm(not confirm),
            ident="evening-end",
            icon=ft.Icons.STOP_CIRCLE,
        )
    ]
    if confirm:
        controls += [
            note(tr("hands.end_warning"), ident="evening-end-warning", color=ft.Colors.ERROR),
            big_button(
                tr("hands.end_confirm"),
                end,
                ident="evening-end-confirm",
                icon=ft.Icons.STOP_CIRCLE,
                primary=True,
                disabled=busy,
            ),
        ]
    return controls
