"""Text typed into a field, as the handlers of a burst of events must read it.

Flet runs each event as its own task and re-renders later: a name typed quickly and then
"Add" tapped reaches the tap's handler before the render that would have put the last
letters into its closure, so a handler reading the state captured at render time adds
"Lé" for "Léa" (seen under load in the browser tests). Handlers therefore read the text
from a ref that every change event updates at once; the state only drives what is shown.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import flet as ft


@dataclass(frozen=True)
class TypedText:
    shown: str  # the field's value for this render
    on_change: Callable[[Any], None]  # the field's on_change
    latest: Callable[[], str]  # what was typed last, whatever render a handler belongs to
    set: Callable[[str], None]  # replace the text (clear it after use)


def use_typed_text(initial: str = "") -> TypedText:
    shown, set_shown = ft.use_state(initial)
    latest = ft.use_ref(initial)

    def on_change(e: Any) -> None:
        # The event's own text: the control's value already holds whatever later keystrokes
        # arrived before this task ran (props are applied on receipt, handlers run later).
        latest.current = e.data if isinstance(e.data, str) else (e.control.value or "")
        set_shown(latest.current)

    def replace(value: str) -> None:
        latest.current = value
        set_shown(value)

    return TypedText(shown, on_change, lambda: latest.current or "", replace)


def read_latest(set_state: Callable[[Any], None]) -> Any:
    """The state a setter holds now, which may be newer than the render a handler comes from
    (same reason as above). A functional update runs at once; returning the value unchanged
    schedules no render."""
    seen: list[Any] = []

    def peek(value: Any) -> Any:
        seen.append(value)
        return value

    set_state(peek)
    return seen[0]
