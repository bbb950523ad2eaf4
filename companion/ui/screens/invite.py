"""Invite a phone: the table's address as a QR code, drawn on this computer. The phone build
has no server for other phones to join: it says so, and how to move an evening instead."""

from __future__ import annotations

import flet as ft

from companion.table import runtime
from companion.ui import routes, theme
from companion.ui.invite_model import Mode, invite
from companion.ui.qr import png_bytes
from companion.ui.session import use_session
from companion.ui.widgets import guarded, note, screen, tagged

QR_SIZE = 280  # fits a 360 px screen with its margins


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
    png = ft.use_memo(lambda: png_bytes(url) if url else b"", [url])
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
    body += [
        note(session.tr(shown.explain), ident="invite-explain"),
        ft.Row(
            [
                ft.Semantics(
                    identifier="invite-qr",
                    label=session.tr("invite.qr_label"),
                    image=True,
                    content=ft.Image(
                        src=png, width=QR_SIZE, height=QR_SIZE, filter_quality=ft.FilterQuality.NONE
                    ),
                )
            ],
            alignment=ft.MainAxisAlignment.CENTER,
        ),
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
