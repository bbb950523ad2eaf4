"""Changes made to the data folder by another process (``companion evening …`` on the command
line, a second server on the same folder) reach the phones of this server.

One thread per served folder polls ``TableService.change_count()`` (a few bytes of the lock
file). When it moves, the evenings whose entry changed are announced on their topic, as a
phone of this server would after saving (the phones showing one reload it), and a newly
started evening that is now tonight's moves the phones following an evening to it.
"""

from __future__ import annotations

import logging
import threading
from datetime import datetime
from pathlib import Path

from flet.pubsub.pubsub_client import PubSubClient

from companion.errors import CompanionError
from companion.table.service import TableService
from companion.ui.evenings import current_evening_id, service_for
from companion.ui.live import NEW_EVENINGS, TONIGHT, NewEvening, announced_here, topic

POLL_SECONDS = 1.0
_log = logging.getLogger(__name__)
_watches: dict[Path, FolderWatch] = {}
_lock = threading.Lock()


class FolderWatch:
    """Polls one data folder and tells the phones of this server what changed there."""

    def __init__(self, service: TableService, pubsub: PubSubClient, interval: float) -> None:
        self._service = service
        self._pubsub = pubsub  # any session's client: its sends go to the server-wide hub
        self._interval = interval
        self._stop = threading.Event()
        self._count: int | None = None  # None until the first poll (made in the thread)
        self._seen: dict[str, datetime] = {}
        self._thread = threading.Thread(target=self._run, name="folder-watch", daemon=True)

    def start(self) -> None:
        self._thread.start()

    def stop(self) -> None:
        self._stop.set()

    def _entries(self) -> dict[str, datetime]:
        return {e.id: e.updated_at for e in self._service.evenings()}

    def _run(self) -> None:
        folder = self._service.data_dir
        while folder.is_dir():  # the first poll, at once, takes what is there as seen
            try:
                self.check()
            except (CompanionError, OSError) as err:  # a folder being restored, a bad file
                _log.debug("folder watch: %s", err)
            if self._stop.wait(self._interval):
                return
        with _lock:  # the folder is gone (a test's, a removed one): a later phone starts anew
            _watches.pop(folder.resolve(), None)

    def check(self) -> None:
        """One poll: announce what changed since the last one."""
        count = self._service.change_count()
        if count == self._count:
            return
        first = self._count is None
        self._count = count
        entries = self._entries()
        if first:
            self._seen = entries
            current_evening_id(self._service)  # remembered for the home's first frame
            return
        fresh = [eid for eid in entries if eid not in self._seen]
        changed = [
            eid for eid, at in entries.items() if eid in self._seen and self._seen[eid] != at
        ]
        self._seen = entries
        for eid in changed:
            self._pubsub.send_all_on_topic(topic(eid), None)  # the phones on it reload it
        if fresh or changed:
            self._pubsub.send_all_on_topic(TONIGHT, None)  # the home screens look again
        tonight = current_evening_id(self._service)  # remembered for the home's first frame
        if tonight is not None and tonight in fresh and not announced_here(tonight):
            ev = self._service.evening(tonight)
            new = NewEvening(ev.id, ev.title, ev.date)
            self._pubsub.send_all_on_topic(NEW_EVENINGS, new)


def watch_folder(data_dir: Path, pubsub: PubSubClient, interval: float = POLL_SECONDS) -> None:
    """Start watching ``data_dir`` for this server, once (later calls do nothing)."""
    key = Path(data_dir).resolve()
    with _lock:
        if key in _watches:
            return
        _watches[key] = FolderWatch(service_for(key), pubsub, interval)
        _watches[key].start()
