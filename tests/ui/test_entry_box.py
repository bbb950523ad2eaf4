"""The box holding this phone's taps (``ui.entry_box``): what it tells the panels that
read it."""

import doctest

from companion.ui import entry_box
from companion.ui.entry_box import EntryBox
from companion.ui.table_model import HandEntry


def test_doctests() -> None:
    """The examples in ``ui.entry_box`` hold: a setter changes the taps as they stand."""
    results = doctest.testmod(entry_box)
    assert results.attempted > 0 and results.failed == 0


def _heard(box: EntryBox) -> list[str | None]:
    heard: list[str | None] = []

    def listener(_sender: object, field: str | None) -> None:
        heard.append(field)

    box.subscribe(listener)
    box._keep_listener = listener  # type: ignore[attr-defined]  # listeners are weak
    return heard


def test_a_tap_tells_the_panels() -> None:
    """A change of the taps notifies the box's subscribers (the panels re-render)."""
    box = EntryBox()
    heard = _heard(box)
    box.set(lambda e: e.tap_player("Léa", ("Léa", "Max", "Tom")))
    assert heard == ["entry"]
    assert box.entry.order == ("Léa",)


def test_the_same_taps_tell_nobody() -> None:
    """Setting taps equal to those held (a clear of nothing) renders nothing again."""
    box = EntryBox(HandEntry(hand=3))
    heard = _heard(box)
    box.set(HandEntry(hand=3))
    box.set(lambda e: e)
    assert heard == []


def test_a_setter_reads_the_latest_taps() -> None:
    """Two changes before any render compose: the second sees the first (a tap's handler
    runs before the re-render of the one before it)."""
    box = EntryBox()
    players = ("Léa", "Max", "Tom", "Ana")
    box.set(lambda e: e.tap_player("Léa", players))
    box.set(lambda e: e.tap_player("Max", players))
    assert box.entry.order == ("Léa", "Max")
