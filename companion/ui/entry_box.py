"""This phone's taps for the hand being played, in a box read only by the panels that show
them (the Donne tab's keys, the plan's ticks, the stale-taps notice).

Flet re-renders a component when an observable passed to it as an argument changes. Held as
the evening screen's state, the taps rebuilt and diffed the whole screen on every tap (44% of
a tap's Python, docs/performance.md, "A tap, profiled"); in this box they rebuild those panels
alone. The screen keeps the box in a ref, which subscribes to nothing, and its handlers read
``box.entry``: always the latest taps, even before a render (no ``read_latest``)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import cast

import flet as ft
from flet.components.hooks.use_ref import MutableRef

from companion.ui.table_model import HandEntry


@dataclass(eq=False)
class EntryBox(ft.Observable):
    """>>> box = EntryBox()
    >>> box.set(lambda e: e.tick(0))
    >>> sorted(box.entry.ticks)
    [0]
    """

    entry: HandEntry = field(default_factory=HandEntry)

    def set(self, value: HandEntry | Callable[[HandEntry], HandEntry]) -> None:
        """Replace the taps, or change them as they stand now (a setter's two forms).
        Equal taps notify nobody: Flet compares before it tells the panels."""
        self.entry = value(self.entry) if callable(value) else value


def use_entry_box() -> EntryBox:
    """The screen's box, built on its first render and kept: a ref, so that the screen
    itself is not subscribed (its panels are, through their arguments)."""
    ref: MutableRef[EntryBox] = ft.use_ref(cast(Callable[[], EntryBox], EntryBox))
    box = ref.current
    assert isinstance(box, EntryBox)  # built by the factory on the first render
    return box
