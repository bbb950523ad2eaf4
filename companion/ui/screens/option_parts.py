"""The rule options in words, as the new-evening and dispute screens show them: the changes
at the top, then the options grouped (cards and deck, what beats what, …), each with its
label and value in words; unfolded, its explanation, the seeds it comes from, its values to
tap, and a details line with the option's ID and code name."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import partial

import flet as ft

from companion.table.titles import PlaceTitles
from companion.ui import option_words, theme
from companion.ui.session import Session
from companion.ui.text_input import TypedText
from companion.ui.widgets import big_button, tagged, toggle_row


@dataclass(frozen=True)
class Row:
    """One option as the panel shows it."""

    name: str  # field name, "rank_order"
    value: str  # as ``--set`` spells it
    description: str  # the catalogue's text: "D4 (PAGAT, …): …"
    choices: tuple[str, ...]  # every value when there are few, else it is typed in
    note: str | None = None  # where the value comes from ("soirée", "changée ici"), if shown


@dataclass(frozen=True)
class Idents:
    """The semantics identifiers of a screen's option controls."""

    row: str  # + option name
    choice: str  # + value
    field: str
    apply: str
    group: str  # + group
    changes: str = "changes"  # the summary of what changed, at the top
    options: str = "options"  # the row that unfolds the options
    reset: str = "options-reset"


@dataclass(frozen=True)
class Fold:
    """The words around the options on one screen: the unfolding row's label and detail, and
    the reset button (its label and action) when there is something to reset."""

    label: str
    detail: str | None
    reset: tuple[str, Callable[[], None]] | None


def oid(description: str) -> str:
    """The catalogue ID at the head of a description: "D4 (PAGAT): …" → "D4"."""
    return description.split(" ", 1)[0] if description else ""


def row_label(row: Row, lang: str, places: PlaceTitles | None = None) -> str:
    """ "Cartes égales : autorisé" (plus where it comes from, when it is not the preset)."""
    text = option_words.row(row.name, row.value, lang, places)
    return f"{text} · {row.note}" if row.note else text


def changes_lines(
    session: Session, changes: Sequence[tuple[str, str, str]], places: PlaceTitles | None = None
) -> str:
    """One line per changed option: label, its value in words, and the value it replaced."""
    lang = session.lang
    return "\n".join(
        session.tr(
            "words.change",
            label=option_words.label(name, lang),
            value=option_words.value(name, now, lang, places),
            before=option_words.value(name, before, lang, places),
        )
        for name, now, before in changes
    )


def options_section(
    session: Session,
    changes: Sequence[tuple[str, str, str]],
    rows: Callable[[], Sequence[Row]],
    panel: str | None,
    toggle: Callable[[str], Callable[[], None]],
    value: TypedText,
    choose: Callable[[str, str], None],
    ids: Idents,
    fold: Fold,
    places: PlaceTitles | None = None,
) -> list[ft.Control]:
    """What the rules here change from the variant, then the options folded away until
    tapped: grouped rows (``rows`` is read only when they unfold), and the reset button.
    ``places``: the evening's titles, which the values that name a place use."""
    options_open = panel == "options" or (panel or "").startswith("option:")
    controls: list[ft.Control] = [
        tagged(  # always there, so the controls below keep their places
            ids.changes,
            ft.Text(
                session.tr("words.changes", lines=changes_lines(session, changes, places))
                if changes
                else session.tr("words.no_change"),
                size=15,
                weight=ft.FontWeight.W_500 if changes else None,
            ),
        ),
        toggle_row(fold.label, options_open, toggle("options"), ids.options, detail=fold.detail),
    ]
    if not options_open:
        return controls
    controls += option_rows(session, rows(), panel, toggle, value, choose, ids, places)
    if fold.reset is not None:
        label, reset = fold.reset
        controls.append(
            big_button(label, lambda _: reset(), ident=ids.reset, icon=ft.Icons.RESTART_ALT)
        )
    return controls


def option_rows(
    session: Session,
    rows: Sequence[Row],
    panel: str | None,
    toggle: Callable[[str], Callable[[], None]],
    value: TypedText,
    choose: Callable[[str, str], None],
    ids: Idents,
    places: PlaceTitles | None = None,
) -> list[ft.Control]:
    """Every option, grouped in the order of ``option_words.GROUPS``."""
    lang = session.lang
    controls: list[ft.Control] = []
    by_group = {
        g: [r for r in rows if option_words.group_of(r.name) == g] for g in option_words.GROUPS
    }
    for group, members in by_group.items():
        if not members:
            continue
        controls.append(
            tagged(
                f"{ids.group}{group}",
                ft.Text(
                    option_words.group_label(group, lang),
                    size=theme.TEXT,
                    weight=ft.FontWeight.BOLD,
                    color=ft.Colors.PRIMARY,
                ),
            )
        )
        for row in members:
            controls += _row(session, row, panel, toggle, value, choose, ids, places)
    return controls


def _row(
    session: Session,
    row: Row,
    panel: str | None,
    toggle: Callable[[str], Callable[[], None]],
    value: TypedText,
    choose: Callable[[str, str], None],
    ids: Idents,
    places: PlaceTitles | None,
) -> list[ft.Control]:
    lang = session.lang
    opened = panel == f"option:{row.name}"

    def open_row() -> None:
        value.set(row.value)
        toggle(f"option:{row.name}")()

    controls: list[ft.Control] = [
        toggle_row(
            row_label(row, lang, places),
            opened,
            open_row,
            f"{ids.row}{row.name}",
            detail=option_words.explain(row.name, lang) if opened else None,
        )
    ]
    if not opened:
        return controls
    seeds = option_words.seeds(row.description, lang)
    if seeds:
        controls.append(ft.Text(session.tr("words.seeds", seeds=seeds), size=15))
    if row.choices:
        controls += [
            _choice(
                option_words.value(row.name, choice, lang, places),
                choice == row.value,
                partial(choose, row.name, choice),
                f"{ids.choice}{choice}",
            )
            for choice in row.choices
        ]
    else:
        controls.append(
            ft.Row(
                [
                    tagged(
                        ids.field,
                        ft.TextField(
                            value=value.value,
                            ref=value.field,
                            label=session.tr(
                                "words.value", label=option_words.label(row.name, lang)
                            ),
                            helper=option_words.value(row.name, value.shown, lang, places),
                            text_size=theme.TEXT,
                            expand=True,
                            on_change=value.on_change,
                            on_submit=lambda _: choose(row.name, value.latest()),
                        ),
                    ),
                    big_button(
                        session.tr("words.apply"),
                        lambda _: choose(row.name, value.latest()),
                        ident=ids.apply,
                    ),
                ]
            )
        )
    controls.append(
        tagged(
            f"{ids.row}details",
            ft.Text(
                session.tr(
                    "words.details", oid=oid(row.description), name=row.name, value=row.value
                ),
                size=13,
                color=ft.Colors.ON_SURFACE_VARIANT,
            ),
        )
    )
    return controls


def _choice(label: str, selected: bool, on_click: Callable[[], None], ident: str) -> ft.Control:
    """A value to tap: its words may take two lines, so one per row."""
    return ft.Semantics(
        identifier=ident,
        button=True,
        selected=selected,
        content=ft.Container(
            content=ft.Row(
                [
                    ft.Icon(
                        ft.Icons.RADIO_BUTTON_CHECKED if selected else ft.Icons.RADIO_BUTTON_OFF,
                        size=22,
                    ),
                    ft.Text(label, size=theme.TEXT, expand=True),
                ]
            ),
            padding=ft.Padding.symmetric(horizontal=theme.GAP, vertical=12),
            border_radius=12,
            ink=True,
            bgcolor=ft.Colors.SECONDARY_CONTAINER if selected else None,
            on_click=lambda _: on_click(),
        ),
    )
