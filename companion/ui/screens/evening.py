"""The evening at the table, in three tabs one tap apart: Plan (the table drawn, the
exchanges to tick off, the full plan behind "Détails"), Donne (the finishing order tapped in,
events, record) and Scores (what the last hand produced and the running totals). Every phone
showing the evening reloads it when another one changes it (pub/sub); taps made for a hand
that another phone recorded meanwhile are kept until the person keeps or clears them; a phone
on this screen moves to a new evening when one starts."""

from __future__ import annotations

import contextlib
import hashlib
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from pathlib import Path
from typing import cast
from urllib.parse import urlparse

import flet as ft

from companion.errors import CompanionError
from companion.table import CorruptFileError
from companion.table.evening import Evening
from companion.table.service import PlayerRef
from companion.ui import routes, taps_memory, theme
from companion.ui.data_model import restore_latest
from companion.ui.entry_box import EntryBox, use_entry_box
from companion.ui.evenings import call, current_evening_id
from companion.ui.failure_words import failure_words
from companion.ui.live import NewEvening, use_evening_change, use_live_evening, use_new_evenings
from companion.ui.screens.evening_entry import EntryPanel
from companion.ui.screens.evening_plan import PlanPanel
from companion.ui.screens.evening_scores import ScoresTab
from companion.ui.screens.evening_undo import undo_buttons, use_undo_redo
from companion.ui.screens.podium import PodiumPanel
from companion.ui.screens.score_sheet import ScoreSheetPanel
from companion.ui.session import Session, use_session
from companion.ui.state import bind, use_maybe, use_value
from companion.ui.table_model import HandEntry, TableView, keep_slots, table_view
from companion.ui.text_input import read_latest
from companion.ui.when import day_words
from companion.ui.widgets import big_button, guarded, key_button, note, rows_of, screen, tagged

PLAN, ENTRY, SCORES = "plan", "entry", "scores"


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


def _tabs_shown(session: Session, view: TableView, tab: str) -> tuple[tuple[str, ...], str]:
    """The tabs this phone has for ``view``, and the one it shows of them (the scores alone
    once the evening has ended; no entry on a phone that only reads)."""
    if view.ended or view.plan is None:
        return (), SCORES
    if session.editor:
        return (PLAN, ENTRY, SCORES), tab
    return (PLAN, SCORES), tab if tab in (PLAN, SCORES) else SCORES


def _tabs(
    session: Session, tabs: tuple[str, ...], tab: str, pick: Callable[[str], None]
) -> list[ft.Control]:
    return rows_of(
        [
            key_button(
                session.tr(f"evening.tab.{name}"),
                bind(pick, name),
                f"evening-tab-{name}",
                selected=tab == name,
                size=theme.TEXT,
            )
            for name in tabs
        ],
        len(tabs),
    )


def _stale_notice(
    session: Session,
    view: TableView,
    entry: HandEntry,
    keep: Callable[[], None],
    clear: Callable[[], None],
) -> list[ft.Control]:
    """Taps made for a hand another phone recorded (or undid) meanwhile: what happened, the
    taps as they were, and the choice to keep them for the hand to play now or clear them."""
    if entry.hand == view.hand_number - 1 and view.last:
        happened = session.tr(
            "evening.stale_recorded",
            n=entry.hand,
            order=" → ".join(line.name for line in view.last),
        )
    else:
        happened = session.tr("evening.stale_changed", n=view.hand_number)
    yours = session.tr(
        "evening.stale_yours", n=entry.hand, taps=entry.taps_text(view.needs_cards, session.tr)
    )
    return [
        tagged(
            "stale-notice",
            ft.Container(
                content=ft.Column(
                    [
                        ft.Text(happened, size=theme.TEXT, weight=ft.FontWeight.BOLD),
                        ft.Text(yours, size=theme.TEXT),
                    ],
                    spacing=4,
                ),
                bgcolor=ft.Colors.TERTIARY_CONTAINER,
                border_radius=12,
                padding=theme.GAP,
            ),
        ),
        big_button(
            session.tr("evening.stale_keep", n=view.hand_number),
            lambda _: keep(),
            ident="stale-keep",
            icon=ft.Icons.CHECK,
            primary=True,
        ),
        big_button(
            session.tr("evening.stale_clear"),
            lambda _: clear(),
            ident="stale-clear",
            icon=ft.Icons.CLEAR,
        ),
    ]


@ft.component
def StaleNotice(
    session: Session,
    view: TableView,
    box: EntryBox,
    keep: Callable[[], None],
    clear: Callable[[], None],
) -> ft.Control:
    """The stale-taps notice in a slot of its own, subscribed to ``box``: it comes and goes
    with the taps without a render of the whole screen."""
    entry = box.entry
    stale = session.editor and entry.stale(view.hand_number)
    return _group(_stale_notice(session, view, entry, keep, clear) if stale else [])


def _new_evening_notice(
    session: Session, new: NewEvening, follow: Callable[[], None]
) -> list[ft.Control]:
    title = new.title or session.tr("evening.untitled", day=day_words(session.lang, new.day))
    return [
        note(session.tr("evening.new_started", title=title), ident="new-evening-notice"),
        big_button(
            session.tr("evening.follow_new"),
            lambda _: follow(),
            ident="follow-new-evening",
            icon=ft.Icons.ARROW_FORWARD,
            primary=True,
        ),
    ]


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
    box = use_entry_box()  # the taps: read by the panels that show them, not by this render
    # The screen's scrolling view, as last rendered (Flet hands the mounted control's id
    # to each new instance): to bring the top back into view.
    scroller: ft.Ref[ft.View] = ft.use_memo(lambda: ft.Ref[ft.View](), [])
    tab, set_tab = use_value(PLAN if session.editor else SCORES)
    details_open, set_details_open = ft.use_state(False)
    # The order of the player keys as this phone shows them; changed only by this phone's
    # own moves (opening, recording, undoing, keeping or clearing), never under a finger.
    slots, set_slots = use_value(cast(tuple[str, ...], ()))
    new_evening, set_new_evening = use_maybe(NewEvening)
    route = f"{routes.EVENING}/{wanted}" if wanted else routes.EVENING
    data_dir = session.config.data_dir

    def shown(v: TableView) -> None:
        """A view this phone moved to by itself: the keys take the seats of that hand."""
        set_view(v)
        set_slots(v.slots)

    async def load() -> None:
        # The same screen serves another address (/evening/<id> then /evening): start clean.
        set_error(None)
        set_missing(False)
        set_message(None)
        set_damaged(None)
        set_new_evening(None)
        box.set(HandEntry())
        try:
            eid = wanted or await call(data_dir, current_evening_id)
            if eid is None:
                set_missing(True)
                return
            set_evening_id(eid)
            loaded = table_view(await call(data_dir, lambda s: s.evening(eid)))
            shown(loaded)
        except CompanionError as err:
            note_damage(err)
            set_error(failure_words(session.lang, "evening.failed", err))
            return
        if session.editor:
            await given_back(loaded)

    async def given_back(loaded: TableView) -> None:
        """The taps this phone kept for the evening (the server restarted, the tab was
        reloaded): back on screen, on the Donne tab when they are this hand's."""
        kept = await taps_memory.recall(page, loaded.evening_id)
        if kept is None or box.entry.has_taps or loaded.ended:
            return
        kept = taps_memory.at_this_table(kept, loaded.players)
        box.set(kept)
        if kept.has_taps and not kept.stale(loaded.hand_number):
            set_tab(ENTRY)

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
    taps_memory.use_taps_memory(evening_id, box, session.editor)

    use_live_evening(data_dir, evening_id, set_view, table_view, lambda *a: told(*a))

    def follow(new: NewEvening) -> None:
        set_new_evening(None)
        session.go(f"{routes.EVENING}/{new.evening_id}")

    def on_new_evening(new: NewEvening) -> None:
        """Another phone started an evening: follow it, unless this phone holds taps for a
        hand still to record here (then it asks)."""
        current = box.entry
        latest = read_latest(set_view)
        if new.evening_id == (latest.evening_id if latest else None):
            return
        if urlparse(page.route or "/").path == f"{routes.EVENING}/{new.evening_id}":
            return  # on its way there already (the news may come twice)
        if latest is not None and not latest.ended and session.editor and current.has_taps:
            set_new_evening(new)
        else:
            follow(new)

    use_new_evenings(on_new_evening)

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
        latest = box.entry
        if latest.stale(view.hand_number):
            set_message(session.tr("evening.stale_choose"))
            return
        current = latest.for_hand(view.hand_number)
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
        saved = await change_evening(
            lambda s: s.record_hand(
                view.evening_id,
                order,
                expected_version=version,
                events=events,
                cards_left=cards_left,
                none_played=none_played,
                key=key,
            )
        )
        if saved is not None:
            box.set(HandEntry())
            set_slots(table_view(saved).slots)
            set_tab(SCORES)  # the result from its top, its undo right under it
            page.run_task(to_top)

    def moved(saved: Evening) -> None:
        box.set(HandEntry())
        set_slots(table_view(saved).slots)
        set_tab(PLAN)
        page.run_task(to_top)

    async def to_top() -> None:
        """The plan after an undo or a redo, a tab picked (by "Voir la donne suivante" at
        the bottom of the scores too) and a hand's result once recorded, from its top: the
        "Donne N" heading and the table or the result, not at the height the page was
        scrolled to."""
        shown_view = scroller.current
        if shown_view is not None:
            with contextlib.suppress(RuntimeError, TimeoutError):
                await shown_view.scroll_to(offset=0, duration=0)

    undo, redo, told = use_undo_redo(session, view, change_evening, after=moved)

    async def end_evening() -> None:
        """Close the evening: the saved view has ended, and this screen shows its podium."""
        if view is None:
            return
        eid, version = view.evening_id, view.version
        await change_evening(lambda s: s.close(eid, expected_version=version))

    def pick_tab(name: str) -> None:
        set_tab(name)
        set_message(None)
        page.run_task(to_top)

    def keep() -> None:
        """The stale taps carried over to the hand to play now."""
        if view is not None:
            box.set(lambda e: e.moved_to(view.hand_number, view.players))
            shown(view)
            set_message(None)

    def clear() -> None:
        if view is not None:
            box.set(HandEntry())
            shown(view)
            set_message(None)

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
        undo_controls = undo_buttons(session, view, undo, redo, busy)
        shown_tab = _tabs_shown(session, view, tab)[1]
        body = _evening_body(
            session,
            view,
            box,
            tab,
            details_open,
            keep_slots(slots, view.slots),
            new_evening,
            Handlers(
                pick_tab=pick_tab,
                toggle_details=lambda: set_details_open(lambda o: not o),
                keep=keep,
                clear=clear,
                follow=follow,
                stale_tap=lambda: set_message(session.tr("evening.stale_choose")),
                tapped=lambda: set_message(None),
                record=record,
                undo=undo,
                end=end_evening if session.editor else None,
                busy=busy,
            ),
            undo_controls if shown_tab == SCORES else [],
        )
        # Beside the buttons that caused it, where the thumb is.
        body.append(
            _group(
                [note(message, ident="evening-message", color=ft.Colors.ERROR)] if message else []
            )
        )
        body.append(_group([restore_button] if restore_button is not None else []))
        body.append(_group(undo_controls if shown_tab != SCORES else []))
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
    # An evening's own address goes up to the home screen: "/evening" would show tonight's
    # evening, or none at all once this one has ended.
    return screen(
        session,
        route,
        session.tr("evening.title"),
        body,
        ident="screen-evening",
        up=routes.HOME if wanted else None,
        ref=scroller,
    )


@dataclass(frozen=True)
class Handlers:
    pick_tab: Callable[[str], None]
    toggle_details: Callable[[], None]
    keep: Callable[[], None]
    clear: Callable[[], None]
    follow: Callable[[NewEvening], None]
    stale_tap: Callable[[], None]
    tapped: Callable[[], None]  # a new tap: the message about the last action is done with
    record: Callable[[object], Awaitable[None]]
    undo: Callable[[object], Awaitable[None]]
    end: Callable[[], Awaitable[None]] | None  # a phone with the key may end the evening
    busy: bool


def _evening_body(
    session: Session,
    view: TableView,
    box: EntryBox,
    tab: str,
    details_open: bool,
    slots: tuple[str, ...],
    new_evening: NewEvening | None,
    on: Handlers,
    undo: list[ft.Control],
) -> list[ft.Control]:
    """The evening's heading, its tabs, the notices, the open tab: each in a slot of its
    own, so that what appears in one never moves the controls of another. The taps are
    not read here: the panels that show them take the box (see ``entry_box``). The scores
    show ``undo`` under the last hand's result; the other tabs, below them."""

    def change(fn: Callable[[HandEntry], HandEntry]) -> None:
        # Taps for a hand another phone recorded wait for the person's choice: a tap
        # meanwhile says so and changes nothing.
        if box.entry.stale(view.hand_number):
            on.stale_tap()
            return
        on.tapped()
        box.set(lambda e: fn(e.for_hand(view.hand_number)))

    tabs, tab = _tabs_shown(session, view, tab)
    heading = (
        [
            tagged(
                "evening-hand",
                ft.Text(
                    session.tr("evening.hand", n=view.hand_number),
                    size=theme.TEXT_LARGE,
                    weight=ft.FontWeight.BOLD,
                ),
            )
        ]
        if view.plan is not None and not view.ended
        else []
    )
    notices: list[ft.Control] = []
    if new_evening is not None:
        notices += _new_evening_notice(session, new_evening, lambda: on.follow(new_evening))
    content: list[ft.Control]
    if tab == PLAN:
        tick = (lambda i: change(lambda e: e.tick(i))) if session.editor else None
        content = [PlanPanel(session, view, box, tick, details_open, on.toggle_details)]
    elif tab == ENTRY:
        content = [EntryPanel(session, view, box, change, slots, on.record, on.busy)]
    else:
        next_hand = (lambda: on.pick_tab(PLAN)) if session.editor else None
        # The podium once the evening has ended, the last hand, then the whole score sheet
        # (live on every phone: it reloads on each new version).
        content = [
            _group([PodiumPanel(session, view.evening_id, view.version)] if view.ended else []),
            ScoresTab(view, next_hand, on.end, on.busy, undo),
            ScoreSheetPanel(session, view.evening_id, view.version),
        ]
    return [
        _group(heading),
        _group(_tabs(session, tabs, tab, on.pick_tab) if tabs else []),
        _group(notices),
        StaleNotice(session, view, box, on.keep, on.clear),
        _group(content),
    ]
