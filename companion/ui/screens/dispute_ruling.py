"""The dispute screen's ruling, in large type for the whole table: the verdict, the play, the
referee's sentence, why a legal play is allowed or who had to act first, who acts next, then
the rule and where it comes from, and what to do next."""

from __future__ import annotations

import flet as ft

from companion.ui import theme
from companion.ui.dispute_model import DisputeModel
from companion.ui.dispute_views import RulingView, play_words
from companion.ui.screens.dispute_parts import Act
from companion.ui.session import Session
from companion.ui.widgets import tagged


def ruling_dialog(session: Session, ruling: RulingView, act: Act) -> ft.AlertDialog:
    """The ruling in large type, readable from across the table: the verdict, the play, the
    referee's sentence, who acts next, then the rule and where it comes from."""
    lang = session.lang
    color = theme.LEGAL if ruling.legal else theme.ILLEGAL
    verdict = session.tr("dispute.legal" if ruling.legal else "dispute.illegal")
    body: list[ft.Control] = [
        tagged(
            "ruling-action",
            ft.Text(
                session.tr(
                    "dispute.play_line", name=ruling.actor, play=play_words(ruling.play, lang)
                ),
                size=theme.TEXT_LARGE,
                weight=ft.FontWeight.BOLD,
            ),
        ),
        tagged("ruling-message", ft.Text(ruling.sentence(lang), size=theme.TEXT_LARGE)),
    ]
    why = ruling.why_text(lang)
    if why:  # a legal play: why the rules allow it
        body.append(
            tagged("ruling-why", ft.Text(session.tr("dispute.why", reason=why), size=theme.TEXT))
        )
    before = ruling.before_text(lang)
    if before:  # a play out of turn: who had to act first
        body.append(
            tagged(
                "ruling-before", ft.Text(before, size=theme.TEXT_LARGE, weight=ft.FontWeight.BOLD)
            )
        )
    body += [
        tagged(
            "ruling-next",
            ft.Container(
                content=ft.Row(
                    [
                        ft.Icon(ft.Icons.ARROW_FORWARD, size=28),
                        ft.Text(
                            ruling.next_text(lang),
                            size=theme.TEXT_LARGE,
                            weight=ft.FontWeight.BOLD,
                            expand=True,
                        ),
                    ]
                ),
                bgcolor=ft.Colors.SECONDARY_CONTAINER,
                border_radius=12,
                padding=theme.GAP,
            ),
        ),
        tagged(
            "ruling-rule", ft.Text(session.tr("dispute.rule", rule=ruling.rule_text(lang)), size=15)
        ),
        tagged(
            "ruling-details",
            ft.Text(ruling.details(lang), size=13, color=ft.Colors.ON_SURFACE_VARIANT),
        ),
    ]
    actions: list[ft.Control] = []
    if ruling.before:  # the table says they passed: record it and rule again
        names = ", ".join(ruling.before)
        actions.append(
            tagged(
                "ruling-pass-before",
                ft.FilledButton(
                    content=ft.Text(
                        session.trn("ui.dispute.pass_before", len(ruling.before), names=names),
                        size=theme.TEXT,
                    ),
                    height=theme.TAP,
                    on_click=act(DisputeModel.pass_before),
                ),
            )
        )
    if ruling.legal and not ruling.over:
        actions.append(
            tagged(
                "ruling-continue",
                ft.FilledButton(
                    content=ft.Text(session.tr("dispute.continue"), size=theme.TEXT),
                    height=theme.TAP,
                    on_click=act(DisputeModel.accept),
                ),
            )
        )
    actions.append(
        tagged(
            "ruling-close",
            ft.TextButton(
                content=ft.Text(session.tr("dispute.close"), size=theme.TEXT),
                height=theme.TAP,
                on_click=act(DisputeModel.close_ruling),
            ),
        )
    )
    return ft.AlertDialog(
        title=tagged(
            "ruling-verdict",
            ft.Row(
                [
                    ft.Icon(
                        ft.Icons.CHECK_CIRCLE if ruling.legal else ft.Icons.CANCEL,
                        color=color,
                        size=40,
                    ),
                    ft.Text(
                        verdict,
                        size=theme.TEXT_HUGE,
                        weight=ft.FontWeight.BOLD,
                        color=color,
                        expand=True,
                    ),
                ]
            ),
        ),
        content=ft.Column(body, tight=True, spacing=theme.GAP),
        actions=actions,
        on_dismiss=act(DisputeModel.close_ruling),
        scrollable=True,
    )
