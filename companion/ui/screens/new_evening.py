"""New evening: players, then the variant and its options, then how the first roles are
assigned; starting it creates the evening and opens the table."""

from __future__ import annotations

from collections.abc import Callable

import flet as ft

from companion.errors import CompanionError
from companion.ui import option_words, routes, theme
from companion.ui.card_picker import card_key
from companion.ui.dispute_views import card_face, rank_face
from companion.ui.evenings import call
from companion.ui.live import announce
from companion.ui.name_warnings import name_warnings
from companion.ui.new_evening_model import ROLES_MODES, NewEveningModel, presets
from companion.ui.screens.option_parts import Fold, Idents, Row, options_section
from companion.ui.session import Session, use_session
from companion.ui.state import bind, use_built, use_maybe
from companion.ui.text_input import TypedText, read_latest, use_typed_text
from companion.ui.widgets import (
    big_button,
    guarded,
    icon_button,
    key_button,
    next_panel,
    note,
    rows_of,
    screen,
    section,
    tagged,
    toggle_row,
)

Act = Callable[..., Callable[[], None]]  # act(method, *args) -> a click handler


def _players(
    session: Session, model: NewEveningModel, act: Act, typed: TypedText
) -> list[ft.Control]:
    low, high = model.preset_info.players
    controls: list[ft.Control] = [section(session.tr("new.players"))]
    saved = [p for p in model.profiles]
    known: list[ft.Control] = []
    if saved:
        known.append(ft.Text(session.tr("new.saved"), size=15))
        known += rows_of(
            [
                key_button(
                    name,
                    act(NewEveningModel.toggle_profile, name),
                    f"profile-{i}",
                    selected=name in model.players,
                    size=theme.TEXT,
                )
                for i, name in enumerate(saved)
            ],
            3,
        )
    # A fixed slot: the saved players arrive while a name may already be typed, and a field
    # that moved would be made anew by Flet, losing the letters typed since (« Tom » → « Tm »).
    controls.append(ft.Column(known, spacing=theme.GAP))

    async def add(e: ft.Event[ft.TextField] | None = None) -> None:
        act(NewEveningModel.add_name, typed.latest())()
        typed.set("")
        if e is not None and isinstance(e.control, ft.TextField):
            # Enter: the next name goes into the same field (Flet leaves focus() untyped)
            await e.control.focus()  # type: ignore[no-untyped-call]

    controls.append(
        ft.Row(
            [
                tagged(
                    "new-name",
                    ft.TextField(
                        value=typed.value,
                        ref=typed.field,
                        label=session.tr("new.add_label"),
                        text_size=theme.TEXT,
                        expand=True,
                        on_change=typed.on_change,
                        on_submit=add,
                    ),
                ),
                big_button(session.tr("new.add"), add, ident="new-add", icon=ft.Icons.PERSON_ADD),
            ]
        )
    )
    if model.players:
        controls.append(ft.Text(session.tr("new.seating"), size=15))
        for i, name in enumerate(model.players):
            controls.append(
                ft.Row(
                    [
                        tagged(
                            f"player-{i}", ft.Text(f"{i + 1}. {name}", size=theme.TEXT, expand=True)
                        ),
                        icon_button(
                            f"seat-up-{i}",
                            ft.Icons.ARROW_UPWARD,
                            session.tr("new.move_up", name=name),
                            bind(lambda n: act(NewEveningModel.move_up, n)(), name),
                            disabled=i == 0,
                        ),
                        icon_button(
                            f"seat-remove-{i}",
                            ft.Icons.CLOSE,
                            session.tr("new.remove", name=name),
                            bind(lambda n: act(NewEveningModel.remove, n)(), name),
                        ),
                    ]
                )
            )
    controls.append(name_warnings(session, model.players, typed.shown, saved, "new-similar"))
    controls.append(
        note(session.tr("new.count", n=len(model.players), low=low, high=high), ident="new-count")
    )
    return controls


NEW_IDS = Idents(
    row="option-",
    choice="choice-",
    field="option-value",
    apply="option-apply",
    group="group-",
    changes="new-changes",
    options="new-options",
    reset="option-reset",
)


def _rules(
    session: Session,
    model: NewEveningModel,
    act: Act,
    panel: str | None,
    toggle: Callable[[str], Callable[[], None]],
    value: TypedText,
) -> list[ft.Control]:
    """The variant in one sentence, what this evening changes, then every option in words."""
    info = model.preset_info
    controls: list[ft.Control] = [
        section(session.tr("new.rules")),
        toggle_row(
            session.tr("new.preset"),
            panel == "presets",
            toggle("presets"),
            "new-preset",
            detail=info.name(session.lang),
        ),
    ]
    if panel == "presets":
        for p in presets():
            controls.append(
                key_button(
                    p.name(session.lang),
                    _then(act(NewEveningModel.with_preset, p.id), toggle("presets")),
                    f"new-preset-{p.id}",
                    selected=p.id == model.preset,
                    size=theme.TEXT,
                )
            )
    changes = model.changes()
    controls.append(
        tagged(
            "new-source",
            ft.Text(option_words.preset_sentence(model.preset, session.lang), size=theme.TEXT),
        )
    )
    controls += options_section(
        session,
        changes,
        lambda: [
            Row(line.name, line.value, line.description, line.choices)
            for line in model.option_lines()
        ],
        panel,
        toggle,
        value,
        lambda name, choice: act(NewEveningModel.with_option, name, choice)(),
        NEW_IDS,
        Fold(
            session.tr("new.options"),
            session.trn("ui.new.options_changed", len(changes)),
            (session.tr("new.option_reset"), act(NewEveningModel.reset_options))
            if changes
            else None,
        ),
        model.place_titles(),
    )
    return controls


def _then(first: Callable[[], None], second: Callable[[], None]) -> Callable[[], None]:
    def both() -> None:
        first()
        second()

    return both


def _roles(
    session: Session, model: NewEveningModel, act: Act, notice: list[ft.Control]
) -> list[ft.Control]:
    mode = model.roles_mode
    controls: list[ft.Control] = [section(session.tr("new.roles"))]
    controls += [
        key_button(
            session.tr(f"new.roles.{m}"),
            act(NewEveningModel.with_roles, m),
            f"roles-{m}",
            selected=m == mode,
            size=theme.TEXT,
        )
        for m in ROLES_MODES
    ]
    if mode != "draw" or not model.players:
        return controls
    for i, name in enumerate(model.players):  # one line each from the start: no jumps
        cards = [rank_face(c, session.lang) for c in model.cards_of(name)] or ["…"]
        controls.append(
            tagged(
                f"drawn-{i}",
                ft.Text(
                    session.tr("new.drawn", name=name, cards=" → ".join(cards)), size=theme.TEXT
                ),
            )
        )
    drawer = model.drawer
    ranking = model.ranking
    if ranking is not None:
        controls.append(
            note(session.tr("new.draw_done", ranking=", ".join(ranking)), ident="draw-done")
        )
    elif drawer is not None:
        controls += notice
        controls.append(
            tagged(
                "draw-for",
                ft.Text(
                    session.tr("new.draw_for", name=drawer),
                    size=theme.TEXT_LARGE,
                    weight=ft.FontWeight.BOLD,
                ),
            )
        )
        controls += rows_of(
            [
                card_key(
                    card_face(s, session.lang)[0], act(NewEveningModel.tap_card, s), f"draw-{s}"
                )
                for s in model.draw_ranks()
            ],
            5,
        )
    if model.rounds or model.current:
        controls.append(
            big_button(
                session.tr("new.redraw"),
                lambda _: act(NewEveningModel.redo_draw)(),
                ident="draw-again",
                icon=ft.Icons.REPLAY,
            )
        )
    return controls


@ft.component
@guarded
def NewEveningScreen() -> ft.View:
    session = use_session()
    model, set_model = use_built(NewEveningModel)
    panel, set_panel = use_maybe(str)
    name = use_typed_text()
    value = use_typed_text()
    error, set_error = use_maybe(str)
    busy, set_busy = ft.use_state(False)

    def act(method: Callable[..., NewEveningModel], *args: object) -> Callable[[], None]:
        return lambda: set_model(lambda m: method(m, *args))

    def toggle(name: str) -> Callable[[], None]:
        return lambda: set_panel(lambda open_: next_panel(open_, name))

    async def load() -> None:
        if not session.editor:
            return
        try:
            profiles = await call(session.config.data_dir, lambda s: s.active_players())
        except CompanionError:
            return  # new names still work
        names = tuple(p.name for p in profiles)
        set_model(
            lambda m: NewEveningModel(
                profiles=names,
                players=m.players,
                preset=m.preset,
                settings=m.settings,
                roles=m.roles,
            )
        )

    ft.use_effect(load, [])

    if not session.editor:
        return screen(
            session,
            routes.NEW_EVENING,
            session.tr("new.title"),
            [note(session.tr("app.editor_only"), ident="editor-only")],
            ident="screen-new-evening",
        )

    async def create(_: object = None) -> None:
        if busy:
            return
        set_busy(True)
        try:
            args = read_latest(set_model).create_args()  # with the last tap in
            evening = await call(session.config.data_dir, lambda s: s.create_evening(**args))
        except CompanionError as err:
            set_error(session.tr("new.failed", reason=err.message(session.lang)))
            set_busy(False)
            return
        set_busy(False)
        announce(evening)  # the phones following an evening move to this one
        session.go(f"{routes.EVENING}/{evening.id}")

    low, high = model.preset_info.players
    notice: list[ft.Control] = []
    if model.notice is not None:  # shown beside what caused it
        notice.append(
            note(
                model.notice.text(session.tr, session.lang),
                ident="new-notice",
                color=ft.Colors.ERROR,
            )
        )
    about_names = model.notice is not None and model.notice.key.startswith("new.name")
    about_draw = model.notice is not None and model.notice.key == "new.tie"
    players = _players(session, model, act, name)
    body: list[ft.Control] = [
        *players[:-1],
        *(notice if about_names else []),
        players[-1],
        *_rules(session, model, act, panel, toggle, value),
        *([] if about_names or about_draw else notice),
        *_roles(session, model, act, notice if about_draw else []),
    ]
    if error:
        body.append(note(error, ident="new-error", color=ft.Colors.ERROR))
    ready = model.ready()
    if not ready:
        body.append(note(session.tr("new.not_ready", low=low, high=high)))
    body.append(
        big_button(
            session.tr("new.create"),
            create,
            ident="new-create",
            icon=ft.Icons.PLAY_ARROW,
            primary=True,
            disabled=not ready or busy,
        )
    )
    return screen(
        session, routes.NEW_EVENING, session.tr("new.title"), body, ident="screen-new-evening"
    )
