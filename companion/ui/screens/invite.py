"""Invite a phone: the table's address as a QR code, drawn on this computer (as vector
rectangles: see ``qr.dark_runs``). The phone build
has no server for other phones to join: it says so, and how to move an evening instead."""

from __future__ import annotations

import flet as ft
import flet.canvas as cv

from companion.table import runtime
from companion.ui import routes, theme
from companion.ui.invite_model import Mode, invite
from companion.ui.qr import dark_runs
from companion.ui.session import use_session
from companion.ui.widgets import guarded, note, screen, tagged

QR_SIZE = 280  # fits a 360 px screen with its margins


def qr_drawing(url: str) -> ft.Control:
    """The code drawn as rectangles, dark on white whatever the theme (scanners need the
    contrast), each module a whole number of pixels (no seams between rows)."""
    side, runs = dark_runs(url)
    module = max(1, QR_SIZE // side)
    path = cv.Path(
        [cv.Path.Rect(x * module, y * module, n * module, module) for y, x, n in runs],
        paint=ft.Paint(color="#000000", style=ft.PaintingStyle.FILL, anti_alias=False),
    )
    return ft.Container(
        content=cv.Canvas([path], width=side * module, height=side * module),
        bgcolor="#ffffff",
        width=side * module,
        height=side * module,
    )


@ft.component
@guarded
def InviteScreen() -> ft.View:
    session = use_session()
    watching, set_watching = ft.use_state(False)  # handing out the address without the key
    mode: Mode = "watch" if watching else "edit"
    config = session.config
    served = runtime.current().has_server and bool(config.addresses)
    shown = invite(config.addresses, config.key, session.editor, mode) if served else None
    url = shown.url if shown is not None else ""
    code = ft.use_memo(lambda: qr_drawing(url) if url else ft.Container(), [url])
    if shown is None:
        return screen(
            session,
            routes.INVITE,
            session.tr("invite.title"),
            [note(session.tr("invite.no_server"), ident="invite-no-server")],
            ident="screen-invite",
        )

    body: list[ft.Control] = []
    if shown.local_only:  # first: the code below cannot work on a phone yet
        body.append(note(session.tr("invite.local_only"), ident="invite-local-only"))
    if shown.modes:
        body.append(
            ft.Row(
                [
                    tagged(
                        f"invite-mode-{m}",
                        (ft.FilledButton if m == mode else ft.OutlinedButton)(
                            content=ft.Text(session.tr(f"invite.mode_{m}"), size=theme.TEXT),
                            on_click=lambda _, m=m: set_watching(m == "watch"),
                            height=theme.TAP,
                            expand=True,
                        ),
                    )
                    for m in shown.modes
                ],
                spacing=8,
            )
        )
    body.append(note(session.tr(shown.explain), ident="invite-explain"))
    if not shown.local_only:  # a code for 127.0.0.1 would open nothing on a phone
        body.append(
            ft.Row(
                [
                    ft.Semantics(
                        identifier="invite-qr",
                        label=session.tr("invite.qr_label"),
                        image=True,
                        content=code,
                    )
                ],
                alignment=ft.MainAxisAlignment.CENTER,
            )
        )
    body += [
        # Selectable, to copy it; Flutter then gives readers an empty field: the label
        # says the address.
        ft.Semantics(
            identifier="invite-url",
            label=shown.url,
            content=ft.Text(
                shown.url, size=theme.TEXT, selectable=True, text_align=ft.TextAlign.CENTER
            ),
        ),
    ]
    body += [
        ft.Semantics(label=other, content=ft.Text(other, size=theme.TEXT, selectable=True))
        for other in shown.others
    ]
    if not shown.local_only:
        body.append(note(session.tr("invite.same_network"), ident="invite-network"))
    return screen(session, routes.INVITE, session.tr("invite.title"), body, ident="screen-invite")
