"""The dispute screen's sections, as plain functions of the model (no state of their own)."""

from __future__ import annotations

from collections.abc import Callable

import flet as ft

from companion.table.titles import PlaceTitles
from companion.ui import option_words, theme
from companion.ui.card_picker import card_chips, suit_keys
from companion.ui.dispute_model import DisputeModel, presets
from companion.ui.dispute_views import (
    OptionLine,
    action_words,
    card_face,
    play_words,
)
from companion.ui.screens.option_parts import Fold, Idents, Row, options_section
from companion.ui.session import Session
from companion.ui.text_input import TypedText
from companion.ui.widgets import (
    big_button,
    icon_button,
    key_button,
    note,
    rows_of,
    section,
    tagged,
    toggle_row,
)

Act = Callable[..., Callable[..., None]]  # act(method, *args) -> a click handler


def rules_title(session: Session, model: DisputeModel) -> ft.Control:
    """Whose rules these are ("Règles de la soirée « Chez Léa »"), first on the screen; an
    empty slot when the screen is not an evening's."""
    title = model.rules_title(session.lang)
    return ft.Column(
        [tagged("evening-rules", ft.Text(title, size=theme.TEXT, weight=ft.FontWeight.W_500))]
        if title
        else [],
    )


def setup_section(
    session: Session,
    model: DisputeModel,
    act: Act,
    panel: str | None,
    toggle: Callable[[str], Callable[[], None]],
    value: TypedText,
) -> list[ft.Control]:
    """Rules and players: one summary line each, their choices folded away until tapped."""
    info = model.preset_info
    controls: list[ft.Control] = [section(session.tr("dispute.rules"))]
    controls.append(
        toggle_row(
            session.tr("dispute.preset"),
            panel == "presets",
            toggle("presets"),
            "preset",
            detail=info.name(session.lang),
        )
    )
    if panel == "presets":
        close = toggle("presets")
        controls += [
            _preset_tile(p.id, p.name(session.lang), p.id == model.preset, act, close)
            for p in presets()
        ]
    controls.append(
        tagged(
            "preset-source",
            ft.Text(option_words.preset_sentence(model.preset, session.lang), size=theme.TEXT),
        )
    )
    controls += _options(session, model, act, panel, toggle, value)
    counts = [
        key_button(
            str(n),
            act(DisputeModel.with_player_count, n),
            f"players-{n}",
            selected=n == len(model.players),
        )
        for n in range(model.player_range()[0], model.player_range()[1] + 1)
    ]
    controls += [
        section(session.tr("dispute.players")),
        *rows_of(counts, 4),
        toggle_row(
            session.tr("dispute.names"),
            panel == "names",
            toggle("names"),
            "names",
            detail=", ".join(model.players),
        ),
    ]
    if panel == "names":
        controls += rows_of(_name_fields(session, model, act), 2, spacing=8)
    # A refused name is said under the fields (the field keeps what was typed, to mend).
    refused = model.notice is not None and model.notice.about_a_name
    controls.append(
        ft.Column(
            [note(model.notice.text(session.lang), ident="names-notice", color=ft.Colors.ERROR)]
            if refused and model.notice is not None
            else [],
            visible=refused,
        )
    )
    controls.append(
        tagged(
            "revolution",
            ft.Switch(
                label=session.tr("dispute.revolution"),
                value=model.revolution,
                label_text_style=ft.TextStyle(size=theme.TEXT),
                on_change=lambda e: act(DisputeModel.with_revolution, bool(e.control.value))(),
            ),
        )
    )
    return controls


DISPUTE_IDS = Idents(
    row="opt-",
    choice="opt-choice-",
    field="opt-value",
    apply="opt-apply",
    group="opt-group-",
    changes="dispute-changes",
    options="preset-options",
    reset="opt-reset",
)


def _origin(session: Session, line: OptionLine, places: PlaceTitles) -> str | None:
    """Where a value comes from, when it is not the variant's own."""
    if line.origin == "evening":
        return session.tr("words.origin_evening")
    if line.origin == "here":
        before = option_words.value(line.name, line.before, session.lang, places)
        return session.tr("words.origin_here", before=before)
    return None


def _options(
    session: Session,
    model: DisputeModel,
    act: Act,
    panel: str | None,
    toggle: Callable[[str], Callable[[], None]],
    value: TypedText,
) -> list[ft.Control]:
    """What the rules here change from the variant, then every rule option in words, changed
    on the spot by a tap on a value (or typed in when there are many); the rulings follow."""
    lines = model.option_lines()
    changed = sum(1 for line in lines if line.origin == "here")
    places = model.place_titles()
    return options_section(
        session,
        model.changes_from_preset(),
        lambda: [
            Row(
                line.name,
                line.value,
                line.description,
                line.choices,
                _origin(session, line, places),
            )
            for line in lines
        ],
        panel,
        toggle,
        value,
        lambda name, choice: act(DisputeModel.with_option, name, choice)(),
        DISPUTE_IDS,
        Fold(
            session.tr("dispute.options"),
            session.trn("ui.dispute.options_changed", changed) if changed else None,
            (session.tr("dispute.option_reset"), act(DisputeModel.reset_options))
            if changed
            else None,
        ),
        places,
    )


def _preset_tile(
    pid: str, name: str, selected: bool, act: Act, close: Callable[[], None]
) -> ft.Control:
    def choose(_: ft.Event[ft.Container]) -> None:
        act(DisputeModel.with_preset, pid)()
        close()

    return ft.Semantics(
        identifier=f"preset-{pid}",
        button=True,
        selected=selected,
        content=ft.Container(
            content=ft.Row(
                [
                    ft.Icon(ft.Icons.CHECK if selected else ft.Icons.CIRCLE_OUTLINED, size=22),
                    ft.Text(f"{name} ({pid})", size=theme.TEXT, expand=True),
                ]
            ),
            padding=ft.Padding.symmetric(horizontal=theme.GAP, vertical=14),
            border_radius=12,
            ink=True,
            bgcolor=ft.Colors.SECONDARY_CONTAINER if selected else None,
            on_click=choose,
        ),
    )


def _name_fields(session: Session, model: DisputeModel, act: Act) -> list[ft.Control]:
    def rename(i: int) -> Callable[[ft.Event[ft.TextField]], None]:
        def handler(e: ft.Event[ft.TextField]) -> None:
            act(DisputeModel.renamed, i, e.control.value or "")()

        return handler

    return [
        tagged(
            f"name-{i}",
            ft.TextField(
                value=name,
                label=session.tr("dispute.name_label", n=i + 1),
                expand=True,
                text_size=theme.TEXT,
                on_blur=rename(i),
                on_submit=rename(i),
            ),
        )
        for i, name in enumerate(model.players)
    ]


def table_section(session: Session, model: DisputeModel, act: Act) -> list[ft.Control]:
    """The actions on the table, the one the rules no longer allow marked (with a way to take
    it off), then where the trick stands: what to beat, who passed, who may still play."""
    controls: list[ft.Control] = [section(session.tr("dispute.table"))]
    lines = model.table_lines()
    broken = model.broken
    if not lines:
        controls.append(
            tagged("table-empty", ft.Text(session.tr("dispute.table_empty"), size=theme.TEXT))
        )
    for i, line in enumerate(lines):
        shown = action_words(line.action, session.lang)
        text = shown if line.holds else session.tr("dispute.broken_line", action=shown)
        controls.append(
            tagged(
                f"table-{i}",
                ft.Text(
                    text,
                    size=theme.TEXT_LARGE,
                    weight=ft.FontWeight.W_500,
                    color=None if line.holds else theme.ILLEGAL,
                    style=None
                    if line.holds
                    else ft.TextStyle(decoration=ft.TextDecoration.LINE_THROUGH),
                ),
            )
        )
        if broken is not None and i == broken.index:  # why, right under it
            controls.append(
                tagged(
                    "broken-reason",
                    ft.Text(broken.message(session.lang), size=15, color=theme.ILLEGAL),
                )
            )
        if line.ends_trick:
            controls.append(ft.Text(session.tr("dispute.trick_end"), size=15, italic=True))
    if broken is not None:
        controls.append(
            big_button(
                session.tr("dispute.drop_broken"),
                lambda _: act(DisputeModel.drop_broken)(),
                ident="drop-broken",
                icon=ft.Icons.DELETE_SWEEP,
            )
        )
    trick = model.trick()
    if trick.top is not None:
        top = play_words(trick.top, session.lang)
        status = [session.tr("dispute.trick_top", cards=top, name=trick.top_player)]
        if trick.passed:
            status.append(session.tr("dispute.trick_passed", names=", ".join(trick.passed)))
        if trick.waiting:
            status.append(session.tr("dispute.trick_waiting", names=", ".join(trick.waiting)))
        controls.append(tagged("trick-status", ft.Text("\n".join(status), size=15)))
    if lines:
        controls.append(
            ft.Row(
                [
                    tagged(
                        "undo",
                        ft.OutlinedButton(
                            content=ft.Text(session.tr("dispute.undo"), size=theme.TEXT),
                            icon=ft.Icons.UNDO,
                            height=theme.TAP,
                            expand=1,
                            on_click=act(DisputeModel.undo),
                        ),
                    ),
                    tagged(
                        "clear-table",
                        ft.OutlinedButton(
                            content=ft.Text(session.tr("dispute.clear_table"), size=theme.TEXT),
                            height=theme.TAP,
                            expand=1,
                            on_click=act(DisputeModel.clear_table),
                        ),
                    ),
                ],
                spacing=8,
            )
        )
    return controls


def actor_section(session: Session, model: DisputeModel, act: Act) -> list[ft.Control]:
    turn = model.next_player
    actor = model.current_actor
    buttons = [
        key_button(
            session.tr("dispute.to_play", name=name) if name == turn else name,
            act(DisputeModel.select_actor, name),
            f"actor-{i}",
            selected=name == actor,
            size=theme.TEXT,
        )
        for i, name in enumerate(model.players)
    ]
    return [section(session.tr("dispute.who")), *rows_of(buttons, 2, spacing=8)]


def tray_row(session: Session, model: DisputeModel, act: Act) -> ft.Control:
    played = model.play_text()
    text = play_words(played, session.lang) if played else session.tr("dispute.tray_empty")
    shown = ft.Text(
        session.tr("dispute.play_line", name=model.current_actor, play=text),
        size=theme.TEXT_HUGE if model.play_text() else theme.TEXT_LARGE,
        weight=ft.FontWeight.BOLD,
        expand=True,
    )
    # A ruled play stays to be judged again; the next card tapped starts a new one: say so.
    hint = (
        [tagged("tray-judged", ft.Text(session.tr("dispute.judged_hint"), size=14))]
        if model.judged and played
        else []
    )
    return ft.Container(
        content=ft.Column(
            [
                ft.Row(
                    [
                        tagged("tray", shown),
                        _delete_key(session, "delete-card", act(DisputeModel.delete_card), 30),
                        _text_key(
                            session.tr("dispute.clear_tray"),
                            "clear-tray",
                            act(DisputeModel.clear_tray),
                        ),
                    ]
                ),
                ft.Column(hint),  # a fixed slot
            ],
            spacing=4,
        ),
        bgcolor=ft.Colors.SURFACE_CONTAINER_HIGHEST,
        border_radius=12,
        padding=theme.GAP,
    )


def mode_head(session: Session, model: DisputeModel, act: Act) -> list[ft.Control]:
    """Above the keys, what a tap fills: the play to judge (the tray), the table (who plays
    and how many cards a tap adds), or the hand of the player whose turn it is."""
    turn = model.next_player
    if model.mode == "play":
        return [tray_row(session, model, act)]
    if turn is None:
        return [note(session.tr("picker.no_turn"), ident="mode-hint")]
    if model.mode == "table":
        count = (
            session.trn("ui.picker.per_tap", model.count)
            if model.count
            else session.tr("picker.as_trick")
        )
        hint = note(session.tr("picker.table_hint", name=turn, count=count), ident="mode-hint")
        if model.table_cards:  # where suits matter: the play waits for each card's suit
            return [hint, *_table_suits(session, model, act, turn)]
        return [hint]
    hand = model.hand if model.hand_owner == turn else ()
    controls: list[ft.Control] = [
        note(session.tr("picker.hand_hint", name=turn), ident="mode-hint"),
        tagged(
            "hand-line",
            ft.Text(
                session.tr(
                    "picker.hand_line", name=turn, cards=play_words(" ".join(hand), session.lang)
                )
                if hand
                else session.tr("picker.hand_empty", name=turn),
                size=theme.TEXT,
                weight=ft.FontWeight.W_500,
            ),
        ),
    ]
    if hand:
        controls.append(card_chips(hand, session.lang, "hand-cards"))
    controls.append(
        ft.Row(
            [
                _delete_key(session, "hand-card-delete", act(DisputeModel.delete_hand_card)),
                _text_key(
                    session.tr("picker.hand_clear"), "hand-clear", act(DisputeModel.clear_hand)
                ),
            ]
        )
    )
    return controls


def _table_suits(session: Session, model: DisputeModel, act: Act, turn: str) -> list[ft.Control]:
    """The play tapped for the table, each card with its suit or a "?" until given, the
    suits to tap right under it, and why the rules refused a suit, if they did."""
    faces = [card_face(c, session.lang)[0] for c in model.table_cards]
    bare = [model.suits_needed((c,)) for c in model.table_cards]
    cards = " ".join(
        f"{face}?" if no_suit else face for face, no_suit in zip(faces, bare, strict=True)
    )
    refused = model.notice.text(session.lang) if model.notice is not None else None
    return [
        ft.Row(
            [
                tagged(
                    "table-suits",
                    ft.Text(
                        session.tr("picker.table_suits", name=turn, cards=cards),
                        size=theme.TEXT,
                        weight=ft.FontWeight.BOLD,
                        expand=True,
                    ),
                ),
                _text_key(
                    session.tr("picker.table_suits_clear"),
                    "table-suits-clear",
                    act(DisputeModel.clear_table_cards),
                ),
            ]
        ),
        suit_keys(lambda suit: act(DisputeModel.tap_suit, suit)(), prefix="table-suit-"),
        ft.Column(  # a fixed slot: the reason comes and goes without moving the keys
            [note(refused, ident="table-suits-notice", color=ft.Colors.ERROR)] if refused else []
        ),
    ]


def possible_section(session: Session, model: DisputeModel, act: Act) -> list[ft.Control]:
    """Every play the referee would accept from the player whose turn it is, given his
    hand; a tap adds it to the table."""
    turn = model.next_player
    if turn is None:
        return []
    controls: list[ft.Control] = [section(session.tr("picker.possible", name=turn))]
    if model.hand_owner != turn or not model.hand:
        controls.append(note(session.tr("picker.possible_hint", name=turn), ident="possible-hint"))
        return controls
    plays = model.possible_plays()
    if not plays:
        controls.append(note(session.tr("picker.possible_none"), ident="possible-none"))
        return controls
    for i, action in enumerate(plays):
        cards = [str(c) for c in action.play.cards]
        controls.append(
            ft.Semantics(
                identifier=f"possible-{i}",
                button=True,
                content=ft.Container(
                    content=ft.Row(
                        [
                            ft.Icon(ft.Icons.ADD_CIRCLE_OUTLINE, size=24),
                            card_chips(cards, session.lang, f"possible-cards-{i}")
                            if cards
                            else ft.Text(session.tr("dispute.pass"), size=theme.TEXT),
                        ]
                    ),
                    padding=ft.Padding.symmetric(horizontal=theme.GAP, vertical=8),
                    border_radius=12,
                    bgcolor=ft.Colors.SURFACE_CONTAINER,
                    ink=True,
                    on_click=lambda _, a=action: act(DisputeModel.add_play, a)(),
                ),
            )
        )
    return controls


def _delete_key(
    session: Session, ident: str, on_click: Callable[[], None], icon_size: int | None = None
) -> ft.Control:
    """Take back the last card tapped."""
    return icon_button(
        ident,
        ft.Icons.BACKSPACE_OUTLINED,
        session.tr("dispute.delete"),
        on_click,
        icon_size=icon_size,
    )


def _text_key(label: str, ident: str, on_click: Callable[[], None]) -> ft.Control:
    return tagged(
        ident,
        ft.TextButton(content=ft.Text(label, size=theme.TEXT), height=theme.TAP, on_click=on_click),
    )
