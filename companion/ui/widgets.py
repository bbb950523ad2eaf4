"""Small building blocks every screen uses: the screen frame, big buttons, section titles.

Each tappable control gets a stable ``ft.Semantics(identifier=...)`` so browser tests can
find it whatever the language.
"""

from __future__ import annotations

import functools
import logging
from collections.abc import Callable, Sequence
from typing import Any

import flet as ft

from companion.ui import theme
from companion.ui.session import Session, SessionContext
from companion.words import DEFAULT_LANG, t

logger = logging.getLogger(__name__)

Handler = Callable[..., Any] | None


def tagged(ident: str, control: ft.Control) -> ft.Control:
    # The wrapper is what a Row lays out: it must carry the control's expand.
    return ft.Semantics(identifier=ident, content=control, expand=control.expand)


def icon_button(
    ident: str,
    icon: ft.IconData,
    label: str,
    on_click: Callable[[], object],
    *,
    disabled: bool = False,
    icon_size: int | None = None,
    size: int | None = theme.TAP,
) -> ft.Control:
    """A button drawn as an icon alone, named for screen readers by ``label`` (no tooltip:
    Flutter adds it to the name, read twice). Not an ``IconButton``: that is a semantics
    node of its own under the one carrying the name, and readers announced it as a button
    without a name; an ink container merges into the labelled node, as the keys do."""
    return ft.Semantics(
        identifier=ident,
        label=label,
        button=True,
        content=ft.Container(
            content=ft.Icon(
                icon, size=icon_size, color=ft.Colors.OUTLINE_VARIANT if disabled else None
            ),
            width=size or theme.TAP - 8,
            height=size or theme.TAP - 8,
            alignment=ft.Alignment.CENTER,
            border_radius=(size or theme.TAP) // 2,
            ink=not disabled,
            on_click=None if disabled else lambda _: on_click(),
        ),
    )


def key_button(
    label: str,
    on_click: Callable[[], None],
    ident: str,
    *,
    selected: bool = False,
    size: int = theme.TEXT_LARGE,
    color: str | None = None,
) -> ft.Control:
    """A compact key (card ranks, counts, players): Material buttons are at least 64 px
    wide, too wide for six or seven to a row on a 360 px phone; these share the row."""
    text_color = ft.Colors.ON_PRIMARY if selected else (color or ft.Colors.ON_SECONDARY_CONTAINER)
    return ft.Semantics(
        identifier=ident,
        button=True,
        selected=selected,
        expand=True,
        content=ft.Container(
            content=ft.Text(
                label,
                size=size,
                weight=ft.FontWeight.BOLD,
                color=text_color,
                text_align=ft.TextAlign.CENTER,
                no_wrap=True,
            ),
            height=theme.TAP,
            expand=True,
            alignment=ft.Alignment.CENTER,
            border_radius=12,
            padding=ft.Padding.symmetric(horizontal=4),
            ink=True,
            bgcolor=ft.Colors.PRIMARY if selected else ft.Colors.SECONDARY_CONTAINER,
            on_click=lambda _: on_click(),
        ),
    )


def next_panel(open_: str | None, name: str) -> str | None:
    """The panel open after a tap on ``name``'s row (panels ``"options"`` and
    ``"option:<name>"`` nest): it opens, or closes when open; an option's row folds back to
    the list of options, and the options' row folds the whole list."""
    if open_ == name:
        return "options" if name.startswith("option:") else None
    if name == "options" and (open_ or "").startswith("option:"):
        return None
    return name


def toggle_row(
    label: str,
    is_open: bool,
    on_click: Callable[[], None],
    ident: str,
    *,
    detail: str | None = None,
) -> ft.Control:
    """A row that opens or closes a panel below it."""
    texts: list[ft.Control] = [ft.Text(label, size=theme.TEXT, weight=ft.FontWeight.W_500)]
    if detail:
        texts.append(ft.Text(detail, size=theme.TEXT))
    return ft.Semantics(
        identifier=ident,
        button=True,
        expanded=is_open,
        content=ft.Container(
            content=ft.Row(
                [
                    ft.Column(texts, spacing=2, expand=True),
                    ft.Icon(ft.Icons.EXPAND_LESS if is_open else ft.Icons.EXPAND_MORE),
                ]
            ),
            padding=ft.Padding.symmetric(horizontal=theme.GAP, vertical=14),
            border_radius=12,
            bgcolor=ft.Colors.SURFACE_CONTAINER,
            ink=True,
            on_click=lambda _: on_click(),
        ),
    )


def big_button(
    label: str,
    on_click: Handler,
    *,
    ident: str,
    icon: ft.IconData | None = None,
    primary: bool = False,
    disabled: bool = False,
    expand: bool | int | None = None,
) -> ft.Control:
    """A full-width button a thumb cannot miss."""
    kind = ft.FilledButton if primary else ft.OutlinedButton
    button = kind(
        content=ft.Text(label, size=theme.TEXT, text_align=ft.TextAlign.CENTER),
        icon=icon,
        on_click=on_click,
        height=theme.TAP,
        disabled=disabled,
        expand=expand,
    )
    return tagged(ident, button)


def section(title: str) -> ft.Control:
    return ft.Container(
        content=ft.Text(title, size=theme.TEXT_LARGE, weight=ft.FontWeight.BOLD),
        padding=ft.Padding.only(top=theme.GAP),
    )


def note(text: str, *, ident: str | None = None, color: str | None = None) -> ft.Control:
    body = ft.Text(text, size=theme.TEXT, color=color)
    return tagged(ident, body) if ident else body


def rank_rule_line(session: Session, rule: str, ident: str) -> ft.Control:
    """What ranks the evening (the table's ``evening_rank``), in the viewer's words."""
    from companion.ui.option_words import value  # the options' words, kept out of startup

    words = value("evening_rank", rule, session.lang)
    return note(session.tr("sheet.rank_rule", rule=words), ident=ident)


def banner(text: str, ident: str) -> ft.Control:
    return tagged(
        ident,
        ft.Container(
            content=ft.Row(
                [ft.Icon(ft.Icons.VISIBILITY, size=28), ft.Text(text, size=theme.TEXT, expand=True)]
            ),
            bgcolor=ft.Colors.SECONDARY_CONTAINER,
            border_radius=12,
            padding=theme.GAP,
        ),
    )


def screen(
    session: Session,
    route: str,
    title: str,
    body: Sequence[ft.Control],
    *,
    ident: str,
    actions: Sequence[ft.Control] = (),
    up: str | None = None,
    ref: ft.Ref[ft.View] | None = None,
) -> ft.View:
    """A screen: app bar with the way back (one level up the route, or to ``up``), the
    read-only notice for phones without the key, and a scrolling column kept phone-shaped
    on wide windows."""
    controls: list[ft.Control] = []
    if not session.editor:
        controls.append(banner(session.tr("app.read_only"), "read-only-banner"))
    controls.extend(body)
    column = ft.Column(
        controls,
        spacing=theme.GAP,
        horizontal_alignment=ft.CrossAxisAlignment.STRETCH,
        col={"xs": 12, "md": 10, "lg": 8, "xl": 6},
    )
    back = None
    if route.rstrip("/"):
        # Flutter's own back button is 40 px on the web: this one is thumb-sized. It goes
        # one level up, as the phone's back gesture does (see shell.on_view_pop).
        parent = up or route.rstrip("/").rsplit("/", 1)[0] or "/"
        back = icon_button(
            "back", ft.Icons.ARROW_BACK, session.tr("app.back"), lambda: session.go(parent)
        )
    return ft.View(
        ref=ref,
        route=route,
        appbar=ft.AppBar(
            title=tagged(ident, ft.Text(title, size=theme.TEXT_LARGE)),
            leading=back,
            leading_width=theme.TAP + 8 if back else None,
            actions=list(actions),
        ),
        controls=[ft.ResponsiveRow([column], alignment=ft.MainAxisAlignment.CENTER)],
        scroll=ft.ScrollMode.AUTO,
        padding=theme.PAD,
    )


def rows_of(controls: Sequence[ft.Control], per_row: int, spacing: int = 6) -> list[ft.Control]:
    """Buttons in rows of ``per_row`` that share the width equally (no tiny last row: the
    buttons of a short last row stay the same width as above)."""
    rows: list[ft.Control] = []
    for start in range(0, len(controls), per_row):
        chunk = list(controls[start : start + per_row])
        chunk += [ft.Container(expand=True) for _ in range(per_row - len(chunk))]
        rows.append(ft.Row(chunk, spacing=spacing))
    return rows


def guarded(screen_fn: Callable[..., ft.View]) -> Callable[..., ft.View]:
    """Turn a bug in a screen into a message on that screen. Flet's update scheduler stops
    for good on an exception raised while rendering, which would freeze the phone."""

    @functools.wraps(screen_fn)
    def wrapper(*args: Any, **kwargs: Any) -> ft.View:
        session = ft.use_context(SessionContext)
        try:
            return screen_fn(*args, **kwargs)
        except Exception:
            logger.exception("the screen %s failed to render", screen_fn.__name__)
            text = t(session.lang if session else DEFAULT_LANG, "app.error")
            return ft.View(
                appbar=ft.AppBar(), controls=[note(text, ident="screen-error")], padding=theme.PAD
            )

    return wrapper
