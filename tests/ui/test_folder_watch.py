"""The folder watch: what another process changes in the data folder is told to the phones
of this server (the pub/sub hub stands in for them)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from companion.table.service import TableService
from companion.ui.folder_watch import FolderWatch
from companion.ui.live import NEW_EVENINGS, TONIGHT, NewEvening, topic

FOUR = ["Léa", "Tom", "Sam", "Zoé"]


class Hub:
    def __init__(self) -> None:
        self.sent: list[tuple[str, Any]] = []

    def send_all_on_topic(self, name: str, message: Any) -> None:
        self.sent.append((name, message))


def _watch(folder: Path) -> tuple[FolderWatch, Hub]:
    hub = Hub()
    watch = FolderWatch(TableService(folder), hub, interval=60)  # type: ignore[arg-type]
    watch.check()  # the first poll takes what is there as seen
    return watch, hub


def test_an_evening_started_by_another_process_is_announced(tmp_path: Path) -> None:
    """A new evening that is now tonight's moves the followers: announced once; the home
    screens are told to look again."""
    other = TableService(tmp_path)  # another process: its own service on the folder
    other.create_evening(FOUR, "classique")
    watch, hub = _watch(tmp_path)
    assert hub.sent == []
    new = other.create_evening(["Ana", "Bob", "Cal"], "classique", title="Chez Ana")
    watch.check()
    assert hub.sent == [
        (TONIGHT, None),
        (NEW_EVENINGS, NewEvening(new.id, "Chez Ana", new.date)),
    ]
    watch.check()  # nothing changed since
    assert len(hub.sent) == 2


def test_a_hand_recorded_by_another_process_reloads_its_evening(tmp_path: Path) -> None:
    """A changed evening is told on its own topic (and to the home screens, which may
    offer it or not); no new evening is announced."""
    other = TableService(tmp_path)
    ev = other.create_evening(FOUR, "classique")
    watch, hub = _watch(tmp_path)
    other.record_hand(ev.id, FOUR, expected_version=ev.version)
    watch.check()
    assert hub.sent == [(topic(ev.id), None), (TONIGHT, None)]


def test_an_older_evening_appearing_does_not_move_the_followers(tmp_path: Path) -> None:
    """An evening imported or created for another day is not tonight's: no one moves."""
    from datetime import date

    other = TableService(tmp_path)
    other.create_evening(FOUR, "classique")
    watch, hub = _watch(tmp_path)
    other.create_evening(FOUR, "classique", day=date(2020, 1, 1))
    watch.check()
    assert [name for name, _ in hub.sent if name == NEW_EVENINGS] == []
