"""Text typed into a field, as the handlers of a burst of events must read it.

Flet runs each event as its own task and re-renders later: a name typed quickly and then
"Add" tapped reaches the tap's handler before the render that would have put the last
letters into its closure, so a handler reading the state captured at render time adds
"Lé" for "Léa" (seen under load in the browser tests). Handlers therefore read the text
from a ref that every change event updates at once; the state only drives what is shown.

The field itself is never given back the text being typed: a render that runs between two
keystrokes would send the text of the first, and the phone would put it over the second
(« Tom » became « Tm » in the phone build on a busy machine). Its value is what Flet last
received from the phone (the field's own value in Flet's index), so the render sends nothing; only
``set`` (clearing the field after « Ajouter ») changes it.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, cast

import flet as ft


@dataclass(frozen=True)
class TypedText:
    shown: str  # the text for what this render shows beside the field (warnings, filters)
    value: str  # the field's ``value``: what the phone already has, unless ``set`` changed it
    field: ft.Ref[Any]  # the field's ``ref``: to find it in Flet's index
    on_change: Callable[[Any], None]  # the field's on_change
    latest: Callable[[], str]  # what was typed last, whatever render a handler belongs to
    set: Callable[[str], None]  # replace the text (clear it after use)


def use_typed_text(initial: str = "") -> TypedText:
    shown, set_shown = ft.use_state(initial)
    latest = ft.use_ref(initial)
    # The field as Flet holds it: events reach the control in its index, whose value Flet
    # sets from the phone's message on receipt, before any handler or render runs.
    live = ft.use_ref(cast(Any, None))
    field: ft.Ref[Any] = ft.use_memo(lambda: ft.Ref[Any](), [])
    replaced = ft.use_ref(True)  # the next render gives the field ``shown``

    def on_change(e: Any) -> None:
        # The event's own text: the control's value already holds whatever later keystrokes
        # arrived before this task ran (props are applied on receipt, handlers run later).
        latest.current = e.data if isinstance(e.data, str) else (e.control.value or "")
        live.current = e.control
        set_shown(latest.current)

    def replace(value: str) -> None:
        latest.current = value
        replaced.current = True
        set_shown(value)

    # The field rendered last took over the id of the one before (Flet reconciles them): the
    # control under that id is the one the phone's messages update. A render may come before
    # any keystroke's handler (a list loaded in the background): the id finds it then too.
    indexed = _indexed(field.current) or live.current
    if replaced.current or indexed is None:
        value = shown
        replaced.current = False
    else:
        value = str(indexed.value or "")
    return TypedText(shown, value, field, on_change, lambda: latest.current or "", replace)


def _indexed(control: Any) -> Any:
    """The control Flet's session holds under ``control``'s id, if mounted."""
    if control is None:
        return None
    try:
        return ft.context.page.get_control(control._i)
    except Exception:  # not mounted yet, or no page in this context
        return None


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
