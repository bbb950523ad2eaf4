"""The cards-left picker (card_penalty), as the evening screen and the hand corrector show it:
each player still holding cards with his count and a "played no card" flag, then for the
player picked a one-thumb picker (1 … what he held, ±1)."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence

import flet as ft

from companion.ui import theme
from companion.ui.session import Session
from companion.ui.state import bind
from companion.ui.table_model import HandEntry
from companion.ui.widgets import key_button, note, rows_of, section

EntryChange = Callable[[Callable[[HandEntry], HandEntry]], None]


def cards_left_picker(
    session: Session,
    entry: HandEntry,
    change: EntryChange,
    *,
    slots: Sequence[str],
    players: tuple[str, ...],
    hand_sizes: Mapping[str, int],
    prefix: str = "",
) -> list[ft.Control]:
    """The picker's rows, once someone went out. ``slots``: the players in the places their
    keys keep; ``players``: the playing order the picker moves on in; ``prefix``: put before
    each identifier (``cards-0``, ``none-0``, ``count-3``, ``cards-picking``)."""
    if not entry.order:
        return []
    controls: list[ft.Control] = [section(session.tr("evening.cards_left"))]
    for i, name in enumerate(slots):
        if name in entry.order:
            continue
        count = entry.count_of(name)
        controls.append(
            ft.Row(
                [
                    key_button(
                        session.tr(
                            "evening.cards_count", name=name, cards="?" if count is None else count
                        ),
                        bind(lambda n: change(lambda e: e.pick(n)), name),
                        f"{prefix}cards-{i}",
                        selected=entry.picking == name,
                        size=theme.TEXT,
                    ),
                    key_button(
                        session.tr("evening.none_played"),
                        bind(
                            lambda n: change(
                                lambda e: e.toggle_none_played(n, hand_sizes.get(n, 0))
                            ),
                            name,
                        ),
                        f"{prefix}none-{i}",
                        selected=name in entry.none_played,
                        size=16,
                    ),
                ],
                spacing=6,
            )
        )
    if entry.picking is None:
        return controls
    picked = entry.picking
    limit = max(hand_sizes.get(picked, 0), 1)
    controls.append(
        note(session.tr("evening.cards_pick", name=picked), ident=f"{prefix}cards-picking")
    )
    controls += rows_of(
        [
            key_button(
                str(n),
                bind(lambda n: change(lambda e: e.set_count(n, players)), n),
                f"{prefix}count-{n}",
                selected=entry.count_of(picked) == n,
            )
            for n in range(1, limit + 1)
        ],
        5,
    )
    controls += rows_of(
        [
            key_button(
                "−", lambda: change(lambda e: e.step_count(-1, limit)), f"{prefix}count-minus"
            ),
            key_button(
                "+", lambda: change(lambda e: e.step_count(1, limit)), f"{prefix}count-plus"
            ),
        ],
        2,
    )
    return controls
