"""The evening at the table: seats, the deal and the exchange checklist, the finishing order
tapped in (under card_penalty scoring: who went out and the cards left), events, a line
saying what will be recorded, record and undo, and what the last hand produced. Every phone
showing the evening reloads it when another one changes it (pub/sub)."""

from __future__ import annotations

import hashlib
from collections.abc import Callable
from pathlib import Path

import flet as ft

from companion.errors import CompanionError
from companion.table import CorruptFileError
from companion.table.service import PlayerRef, TableService
from companion.ui import routes, theme
from companion.ui.data_model import restore_latest
from companion.ui.evenings import call
from companion.ui.live import use_evening_change, use_live_evening
from companion.ui.session import Session, use_session
from companion.ui.state import bind, use_built, use_maybe, use_value
from companion.ui.table_model import HandEntry, TableView, table_view
from companion.ui.text_input import read_latest
from companion.ui.widgets import (
    big_button,
    guarded,
    key_button,
    note,
    rows_of,
    screen,
    section,
    tagged,
)


def current_evening_id(service: TableService) -> str | None:
    """Tonight's evening: of the open ones, the latest day's, the one changed last. A
    damaged one counts (its entry keeps its date): the screen then says it is damaged and
    offers its backup, rather than "no evening under way"."""
    open_ = [
        e
        for e in service.evenings()
        if not (isinstance(e.summary, dict) and e.summary.get("ended"))
    ]
    if not open_:
        return None
    return max(open_, key=lambda e: (e.date or "", e.updated_at)).id


def _group(controls: list[ft.Control]) -> ft.Control:
    """Parts whose length varies, held in one slot of the screen: Flet matches a screen's
    controls by position, so a line inserted above a button would replace the button, and a
    tap aimed at it while the update arrives (another phone's hand) would be dropped."""
    return ft.Column(
        controls,
        spacing=theme.GAP,
        visible=bool(controls),
        horizontal_alignment=ft.CrossAxisAlignment.STRETCH,
    )


def _seat_tile(session: Session, view: TableView, i: int) -> ft.Control:
    seat = view.seats[i]
    roles = [session.tr("evening.dealer")] if seat.dealer else []
    if seat.leads:
        roles.append(session.tr("evening.leads"))
    lines: list[ft.Control] = [
        ft.Text(
            seat.name, size=theme.TEXT, weight=ft.FontWeight.BOLD, text_align=ft.TextAlign.CENTER
        )
    ]
    if seat.title:
        lines.append(ft.Text(seat.title, size=14, text_align=ft.TextAlign.CENTER))
    if roles:
        lines.append(
            ft.Text(
                " · ".join(roles),
                size=14,
                color=ft.Colors.PRIMARY,
                weight=ft.FontWeight.BOLD,
                text_align=ft.TextAlign.CENTER,
            )
        )
    return tagged(
        f"seat-{i}",
        ft.Container(
            content=ft.Column(
                lines, spacing=0, tight=True, horizontal_alignment=ft.CrossAxisAlignment.CENTER
            ),
            padding=6,
            border_radius=12,
            width=118,
            bgcolor=ft.Colors.PRIMARY_CONTAINER if seat.dealer else ft.Colors.SURFACE_CONTAINER,
        ),
    )


def _table_drawing(session: Session, view: TableView) -> ft.Control:
    """Seats clockwise around an oval: the first at the top, then round to the right."""
    n = len(view.seats)
    tiles = [_seat_tile(session, view, i) for i in range(n)]
    if n % 2 == 0:
        right, bottom, left = list(range(1, n // 2)), [n // 2], list(range(n - 1, n // 2, -1))
    else:
        right, bottom, left = list(range(1, (n + 1) // 2)), [], list(range(n - 1, (n - 1) // 2, -1))
    sides = ft.Row(
        [
            ft.Column([tiles[i] for i in left], spacing=6),
            ft.Container(
                expand=True,
                height=40 + 40 * max(len(left), len(right)),
                border_radius=80,
                bgcolor=ft.Colors.GREEN_800,
            ),
            ft.Column([tiles[i] for i in right], spacing=6),
        ],
        vertical_alignment=ft.CrossAxisAlignment.CENTER,
    )
    column: list[ft.Control] = [ft.Row([tiles[0]], alignment=ft.MainAxisAlignment.CENTER), sides]
    if bottom:
        column.append(ft.Row([tiles[bottom[0]]], alignment=ft.MainAxisAlignment.CENTER))
    return tagged("table-drawing", ft.Column(column, spacing=6))


def _line(text: str, ticked: bool, on_click: Callable[[], None] | None, ident: str) -> ft.Control:
    icon = ft.Icons.CHECK_BOX if ticked else ft.Icons.CHECK_BOX_OUTLINE_BLANK
    return ft.Semantics(
        identifier=ident,
        button=on_click is not None,
        selected=ticked,
        content=ft.Container(
            content=ft.Row(
                [
                    ft.Icon(icon, size=26),
                    ft.Text(
                        text,
                        size=theme.TEXT,
                        expand=True,
                        color=ft.Colors.OUTLINE if ticked else None,
                    ),
                ]
            ),
            padding=ft.Padding.symmetric(horizontal=theme.GAP, vertical=10),
            border_radius=12,
            bgcolor=ft.Colors.SURFACE_CONTAINER,
            ink=on_click is not None,
            on_click=(lambda _: on_click()) if on_click else None,
        ),
    )


def _result(
    session: Session, view: TableView, on_next: Callable[[], None] | None
) -> list[ft.Control]:
    controls: list[ft.Control] = []
    if view.last:
        controls.append(
            tagged("evening-result", section(session.tr("evening.result", n=view.hand_number - 1)))
        )
        controls += [
            tagged(
                f"result-{i}",
                ft.Text(
                    session.tr(
                        "evening.result_line",
                        title=line.title,
                        name=line.name,
                        points=line.points,
                        total=line.total,
                    )
                    if view.scored
                    else session.tr("evening.result_title", title=line.title, name=line.name),
                    size=theme.TEXT,
                ),
            )
            for i, line in enumerate(view.last)
        ]
        controls += [
            ft.Text(
                session.tr(
                    "evening.effect", effect=session.tr(f"evening.effect.{kind}"), name=name or "—"
                ),
                size=15,
            )
            for kind, name in view.last_effects
        ]
    if view.scored:
        controls.append(section(session.tr("evening.standings")))
        controls += [
            tagged(
                f"standing-{i}",
                ft.Text(
                    session.tr("evening.standing", place=s.place, name=s.name, total=s.total),
                    size=theme.TEXT,
                ),
            )
            for i, s in enumerate(view.standings)
        ]
    elif not view.last:  # no points and no hand yet: who sits where is the news
        controls.append(note(session.tr("evening.no_points"), ident="standing-0"))
    if view.ended:
        controls.append(note(session.tr("evening.ended"), ident="evening-ended"))
    elif on_next is not None:
        controls.append(
            big_button(
                session.tr("evening.next"),
                lambda _: on_next(),
                ident="evening-next",
                icon=ft.Icons.ARROW_FORWARD,
                primary=True,
            )
        )
    return controls


def _order_keys(
    session: Session,
    view: TableView,
    entry: HandEntry,
    change: Callable[[Callable[[HandEntry], HandEntry]], None],
) -> list[ft.Control]:
    """The finishing order: tap the players as they go out (the last placed for you)."""
    players = view.players
    controls: list[ft.Control] = [section(session.tr("evening.order"))]
    keys = []
    for i, name in enumerate(players):
        placed = name in entry.order
        label = f"{entry.order.index(name) + 1}. {name}" if placed else name
        keys.append(
            key_button(
                label,
                bind(lambda n: change(lambda e: e.tap_player(n, players)), name),
                f"out-{i}",
                selected=placed,
                size=theme.TEXT,
            )
        )
    controls += rows_of(keys, 2)
    order_text = " → ".join(entry.order) if entry.order else session.tr("evening.order_empty")
    controls.append(note(order_text, ident="order"))
    if entry.order:
        controls.append(
            big_button(
                session.tr("evening.clear"),
                lambda _: change(HandEntry.clear_order),
                ident="order-clear",
                icon=ft.Icons.BACKSPACE,
            )
        )
    return controls


def _card_keys(
    session: Session,
    view: TableView,
    entry: HandEntry,
    change: Callable[[Callable[[HandEntry], HandEntry]], None],
) -> list[ft.Control]:
    """card_penalty: who went out, then each other player's cards left with a one-thumb
    picker (1 … his hand, ±1) and his 'played no card' flag."""
    players = view.players
    controls: list[ft.Control] = [section(session.tr("evening.cards_out"))]
    controls += rows_of(
        [
            key_button(
                name,
                bind(lambda n: change(lambda e: e.tap_out(n, players)), name),
                f"out-{i}",
                selected=name in entry.order,
                size=theme.TEXT,
            )
            for i, name in enumerate(players)
        ],
        2,
    )
    if not entry.order:
        return controls
    controls.append(section(session.tr("evening.cards_left")))
    for i, name in enumerate(players):
        if name in entry.order:
            continue
        count = entry.count_of(name)
        label = session.tr("evening.cards_count", name=name, cards="?" if count is None else count)
        controls.append(
            ft.Row(
                [
                    key_button(
                        label,
                        bind(lambda n: change(lambda e: e.pick(n)), name),
                        f"cards-{i}",
                        selected=entry.picking == name,
                        size=theme.TEXT,
                    ),
                    key_button(
                        session.tr("evening.none_played"),
                        bind(
                            lambda n: change(
                                lambda e: e.toggle_none_played(n, view.hand_sizes.get(n, 0))
                            ),
                            name,
                        ),
                        f"none-{i}",
                        selected=name in entry.none_played,
                        size=16,
                    ),
                ],
                spacing=6,
            )
        )
    if entry.picking is not None:
        picked = entry.picking
        limit = max(view.hand_sizes.get(picked, 0), 1)
        controls.append(note(session.tr("evening.cards_pick", name=picked), ident="cards-picking"))
        controls += rows_of(
            [
                key_button(
                    str(n),
                    bind(lambda n: change(lambda e: e.set_count(n, players)), n),
                    f"count-{n}",
                    selected=entry.count_of(picked) == n,
                )
                for n in range(1, limit + 1)
            ],
            5,
        )
        controls += rows_of(
            [
                key_button("−", lambda: change(lambda e: e.step_count(-1, limit)), "count-minus"),
                key_button("+", lambda: change(lambda e: e.step_count(1, limit)), "count-plus"),
            ],
            2,
        )
    return controls


def _event_keys(
    session: Session,
    view: TableView,
    entry: HandEntry,
    change: Callable[[Callable[[HandEntry], HandEntry]], None],
) -> list[ft.Control]:
    if not view.events:
        return []
    controls: list[ft.Control] = [section(session.tr("evening.events"))]
    controls += rows_of(
        [
            key_button(
                session.tr(f"evening.event.{kind}"),
                bind(lambda k: change(lambda e: e.tap_event(k, view.scum)), kind),
                f"event-{kind}",
                selected=entry.pending == kind,
                size=theme.TEXT,
            )
            for kind in view.events
        ],
        2,
    )
    if entry.pending == "guillotine":
        prompt = (
            session.tr("evening.guillotine_victim", name=entry.pending_player)
            if entry.pending_player
            else session.tr("evening.guillotine_who")
        )
        controls.append(note(prompt, ident="event-pending"))
    elif entry.pending:
        controls.append(
            note(
                session.tr("evening.event_who", event=session.tr(f"evening.event.{entry.pending}")),
                ident="event-pending",
            )
        )
    for i, marked in enumerate(entry.events):
        label = session.tr(f"evening.event.{marked.kind}")
        if marked.victim is not None:
            text = session.tr(
                "evening.event_victim_line", event=label, name=marked.player, victim=marked.victim
            )
        elif marked.player:
            text = session.tr("evening.event_line", event=label, name=marked.player)
        else:
            text = session.tr("evening.event_plain", event=label)
        controls.append(
            _line(
                text, True, bind(lambda i: change(lambda e: e.drop_event(i)), i), f"event-line-{i}"
            )
        )
    return controls


def _entry(
    session: Session,
    view: TableView,
    entry: HandEntry,
    change: Callable[[Callable[[HandEntry], HandEntry]], None],
) -> list[ft.Control]:
    """Hand entry: the order (or the cards left), the events, and what will be recorded in
    one line, right above the record button: that line is the confirmation."""
    keys = _card_keys if view.needs_cards else _order_keys
    # One column per part, so that a line appearing in one (a prompt, a picker) does not
    # shift the others: in Chromium, Flutter left the summary's label empty once a prompt
    # was inserted before it (the screen showed it, the semantics tree did not).
    parts = (keys(session, view, entry, change), _event_keys(session, view, entry, change))
    controls: list[ft.Control] = [
        ft.Column(part, spacing=theme.GAP, horizontal_alignment=ft.CrossAxisAlignment.STRETCH)
        for part in parts
        if part
    ]
    summary = entry.summary(view.players, view.needs_cards, session.tr)
    if summary is not None:
        controls.append(note(summary, ident="entry-summary"))
    return controls


@ft.component
@guarded
def EveningScreen() -> ft.View:
    session = use_session()
    page = ft.context.page
    wanted = ft.use_route_params().get("evening_id")
    evening_id, set_evening_id = use_value(wanted)
    view, set_view = use_maybe(TableView)
    missing, set_missing = ft.use_state(False)
    error, set_error = use_maybe(str)
    damaged, set_damaged = use_maybe(Path)  # the damaged file, when it has a good backup
    message, set_message = use_maybe(str)
    entry, set_entry = use_built(HandEntry)
    show_result, set_show_result = ft.use_state(False)
    route = f"{routes.EVENING}/{wanted}" if wanted else routes.EVENING
    data_dir = session.config.data_dir

    async def load() -> None:
        # The same screen serves another address (/evening/<id> then /evening): start clean.
        set_error(None)
        set_missing(False)
        set_message(None)
        set_damaged(None)
        try:
            eid = wanted or await call(data_dir, current_evening_id)
            if eid is None:
                set_missing(True)
                return
            set_evening_id(eid)
            set_view(table_view(await call(data_dir, lambda s: s.evening(eid))))
        except CompanionError as err:
            note_damage(err)
            set_error(session.tr("evening.failed", reason=err.message(session.lang)))

    def note_damage(err: CompanionError) -> None:
        if isinstance(err, CorruptFileError) and err.backup is not None:
            set_damaged(err.path)

    async def restore(_: object = None) -> None:
        # The damaged file goes to corrupt/ (kept as it is); the backup takes its place.
        try:
            used = await call(data_dir, restore_latest, damaged)
        except CompanionError as err:
            set_message(session.tr("evening.rejected", reason=err.message(session.lang)))
            return
        set_damaged(None)
        set_error(None)
        set_view(None)
        await load()  # starts clean: the message comes after it
        set_message(session.tr("data.restored", backup=used.name))

    ft.use_effect(load, [wanted])

    use_live_evening(data_dir, evening_id, set_view, table_view)

    busy, change_evening = use_evening_change(
        data_dir,
        session.lang,
        lambda ev: set_view(table_view(ev)),
        lambda text, _error: set_message(text),
        note_damage,
    )

    async def record(_: object = None) -> None:
        if view is None:
            return
        # The taps as they stand now: the last one may not have been rendered yet.
        current = read_latest(set_entry).for_hand(view.hand_number)
        cards_left: dict[PlayerRef, int] | None = None
        none_played: list[str] = []
        if view.needs_cards:
            if not current.order:
                set_message(session.tr("evening.cards_no_out"))
                return
            if current.cards_missing(view.players):
                set_message(
                    session.tr(
                        "evening.cards_missing",
                        names=", ".join(current.cards_missing(view.players)),
                    )
                )
                return
            order: list[str] = []  # the replay derives the places from the cards
            counts, none_played = current.card_inputs()
            cards_left = {name: n for name, n in counts.items()}  # names, as the service takes
        elif not current.complete(view.players):
            missing_names = [p for p in view.players if p not in current.order]
            set_message(session.tr("evening.incomplete", names=", ".join(missing_names)))
            return
        else:
            order = list(current.order)
        events, version = current.event_inputs(), view.version
        # The same hand tapped twice from this version (a double tap) is one hand: the second
        # call is refused as a duplicate rather than taken for someone else's change.
        key = hashlib.sha256(
            repr((view.evening_id, version, order, events, cards_left, none_played)).encode()
        ).hexdigest()[:32]
        if await change_evening(
            lambda s: s.record_hand(
                view.evening_id,
                order,
                expected_version=version,
                events=events,
                cards_left=cards_left,
                none_played=none_played,
                key=key,
            )
        ):
            set_show_result(True)

    async def undo(_: object = None) -> None:
        if view is None:
            return
        version = view.version
        if await change_evening(lambda s: s.undo(view.evening_id, expected_version=version)):
            set_show_result(False)
            set_entry(HandEntry())

    restore_button = (
        big_button(
            session.tr("data.restore"),
            restore,
            ident="evening-restore",
            icon=ft.Icons.RESTORE,
            primary=True,
        )
        if damaged is not None and session.editor
        else None
    )
    if error:
        body: list[ft.Control] = [note(error, ident="evening-error", color=ft.Colors.ERROR)]
        if restore_button is not None:
            body.append(restore_button)
    elif missing:
        body = [
            note(session.tr("evening.none"), ident="evening-none"),
            big_button(
                session.tr("home.new"),
                lambda _: session.go(routes.NEW_EVENING),
                ident="evening-new",
                icon=ft.Icons.ADD,
                primary=True,
            ),
        ]
    elif view is None:
        body = [note(session.tr("evening.loading"), ident="evening-loading")]
    else:
        hand_entry = entry.for_hand(view.hand_number)

        def change(fn: Callable[[HandEntry], HandEntry]) -> None:
            set_entry(lambda e: fn(e.for_hand(view.hand_number)))

        body = []
        if view.ended or (show_result and session.editor) or not session.editor:
            body += _result(
                session, view, (lambda: set_show_result(False)) if session.editor else None
            )
        if view.plan is not None and (not show_result or not session.editor):
            body.append(
                tagged(
                    "evening-hand",
                    ft.Text(
                        session.tr("evening.hand", n=view.hand_number),
                        size=theme.TEXT_LARGE,
                        weight=ft.FontWeight.BOLD,
                    ),
                )
            )
            body.append(_table_drawing(session, view))
            body.append(
                _group(
                    [
                        section(session.tr("evening.deal")),
                        *[
                            tagged(f"deal-{i}", ft.Text(line, size=theme.TEXT))
                            for i, line in enumerate(view.deal_lines(session.lang))
                        ],
                    ]
                )
            )
            body.append(
                _group(
                    [
                        section(session.tr("evening.checklist")),
                        *[
                            _line(
                                line,
                                i in hand_entry.ticks,
                                (bind(lambda i: change(lambda e: e.tick(i)), i))
                                if session.editor
                                else None,
                                f"check-{i}",
                            )
                            for i, line in enumerate(view.check_lines(session.lang))
                        ],
                    ]
                )
            )
            if session.editor:
                body.append(_group(_entry(session, view, hand_entry, change)))
                body.append(
                    big_button(
                        session.tr("evening.record"),
                        record,
                        ident="evening-record",
                        icon=ft.Icons.CHECK,
                        primary=True,
                        disabled=busy,
                    )
                )
        # Beside the buttons that caused it, where the thumb is.
        body.append(
            _group(
                [note(message, ident="evening-message", color=ft.Colors.ERROR)] if message else []
            )
        )
        body.append(_group([restore_button] if restore_button is not None else []))
        body.append(
            _group(
                [
                    big_button(
                        session.tr("evening.undo"),
                        undo,
                        ident="evening-undo",
                        icon=ft.Icons.UNDO,
                        disabled=busy,
                    )
                ]
                if session.editor and view.can_undo
                else []
            )
        )
        # Past hands, joins and leaves, the end; read-only phones may look too.
        body.append(
            big_button(
                session.tr("hands.open"),
                lambda _: session.go(routes.evening_hands(view.evening_id)),
                ident="evening-hands",
                icon=ft.Icons.LIST,
            )
        )
        # A dispute under this evening's rules and seating (the key kept for editors).
        body.append(
            big_button(
                session.tr("dispute.open_from_evening"),
                lambda _: page.navigate(
                    routes.dispute_for(
                        view.evening_id, session.config.key if session.editor else None
                    )
                ),
                ident="evening-dispute",
                icon=ft.Icons.GAVEL,
            )
        )
    return screen(session, route, session.tr("evening.title"), body, ident="screen-evening")
