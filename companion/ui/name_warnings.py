"""The warning under a name field when a name looks like another ("Chloé" / "Chloe"), as it
is typed and while both stay: shown, never refused (two friends may share a name)."""

from __future__ import annotations

from collections.abc import Sequence

import flet as ft

from companion.table.names import similar_names
from companion.ui import theme
from companion.ui.session import Session
from companion.ui.widgets import note


def name_warnings(
    session: Session,
    names: Sequence[str],
    typed: str,
    known: Sequence[str],
    ident: str,
) -> ft.Control:
    """One line per name that looks like another: among ``names`` (at the table, in the
    order added), the name being ``typed`` and the ``known`` ones (players from before).
    One slot whatever the count, so that a warning never moves the controls below it."""
    shown = [*names]
    text = typed.strip()
    if text and text.casefold() not in {n.casefold() for n in names}:
        shown.append(text)
    lines = [
        note(
            session.tr("names.similar", name=name, other=other),
            ident=f"{ident}-{i}",
            color=ft.Colors.TERTIARY,
        )
        for i, (name, other) in enumerate(similar_names(shown, known))
    ]
    return ft.Column(
        lines,
        spacing=theme.GAP,
        visible=bool(lines),
        horizontal_alignment=ft.CrossAxisAlignment.STRETCH,
    )
