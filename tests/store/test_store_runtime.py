"""The runtime seam (``companion.store.runtime``) under CPython: the browser's side is a fake
disk whose "IndexedDB" is a second folder, which can be slow or refuse a save. One promise
per test, with the promise in its docstring."""

from __future__ import annotations

import asyncio
import shutil
import threading
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from companion.store import runtime
from companion.store.runtime import BrowserRuntime, NotPersistedError, ServerRuntime
from companion.table.service import TableService


class FakeDisk:
    """The tab's files live in ``memory``; ``save`` copies them to ``idb``, ``load`` back."""

    def __init__(self, memory: Path, idb: Path) -> None:
        self.memory, self.idb = memory, idb
        self.saves = 0
        self.fail_next = 0  # how many saves to refuse
        self.delay = 0.0
        self.saving = 0  # saves in progress now
        self.most_at_once = 0
        self.kept: bool | Exception = True
        self.owner: asyncio.Lock | None = None  # shared by the "tabs" of one phone

    async def load(self) -> None:
        shutil.rmtree(self.memory, ignore_errors=True)
        if self.idb.exists():
            shutil.copytree(self.idb, self.memory)

    async def save(self) -> None:
        self.saving += 1
        self.most_at_once = max(self.most_at_once, self.saving)
        try:
            await asyncio.sleep(self.delay)
            if self.fail_next:
                self.fail_next -= 1
                raise RuntimeError("QuotaExceededError")
            shutil.rmtree(self.idb, ignore_errors=True)
            if self.memory.exists():
                shutil.copytree(self.memory, self.idb)
            self.saves += 1
        finally:
            self.saving -= 1

    async def keep(self) -> bool:
        if isinstance(self.kept, Exception):
            raise self.kept
        return self.kept

    async def own(self, waiting: Callable[[], None]) -> None:
        if self.owner is None:
            return
        if self.owner.locked():
            waiting()
        await self.owner.acquire()


@pytest.fixture
def disk(tmp_path: Path) -> FakeDisk:
    return FakeDisk(tmp_path / "memory", tmp_path / "idb")


@pytest.fixture
def tab(disk: FakeDisk) -> Iterator[BrowserRuntime]:
    browser = BrowserRuntime(disk)
    previous = runtime.use(browser)
    yield browser
    runtime.use(previous)


def _reopened(disk: FakeDisk) -> TableService:
    """A new tab: the memory thrown away, the folder loaded from IndexedDB again."""
    asyncio.run(disk.load())
    return TableService(disk.memory)


def _new_evening(service: TableService) -> str:
    return service.create_evening(["Léa", "Tom", "Ana"], "classique").id


def test_a_change_is_kept_in_indexeddb_when_the_call_returns(
    disk: FakeDisk, tab: BrowserRuntime
) -> None:
    """A change made through the runtime is in IndexedDB before the screen hears of it."""
    service = TableService(disk.memory)
    evening_id = asyncio.run(tab.run_blocking(_new_evening, service))
    assert disk.saves == 1
    assert [e.id for e in _reopened(disk).evenings()] == [evening_id]


def test_a_recorded_hand_survives_the_tab(disk: FakeDisk, tab: BrowserRuntime) -> None:
    """Each hand recorded through the runtime is there, once, in a reopened tab."""
    service = TableService(disk.memory)
    evening_id = asyncio.run(tab.run_blocking(_new_evening, service))
    for _ in range(3):

        def record(s: TableService) -> None:
            ev = s.evening(evening_id)
            s.record_hand(evening_id, ["Tom", "Ana", "Léa"], expected_version=ev.version)

        asyncio.run(tab.run_blocking(record, service))
    assert len(_reopened(disk).evening(evening_id).hands) == 3


def test_reading_saves_nothing(disk: FakeDisk, tab: BrowserRuntime) -> None:
    """Reads cost no IndexedDB transaction: only a change marks the folder to save."""
    service = TableService(disk.memory)
    asyncio.run(tab.run_blocking(_new_evening, service))
    saves = disk.saves
    asyncio.run(tab.run_blocking(lambda s: s.evenings(), service))
    assert disk.saves == saves


def test_a_refused_save_says_so_in_both_languages_and_is_retried(
    disk: FakeDisk, tab: BrowserRuntime
) -> None:
    """When the browser refuses a save, the call fails (nothing is shown as saved), with a
    message in the user's language; the next change saves both."""
    service = TableService(disk.memory)
    disk.fail_next = 1
    with pytest.raises(NotPersistedError) as refused:
        asyncio.run(tab.run_blocking(_new_evening, service))
    assert "QuotaExceededError" in refused.value.message("en")
    assert "le navigateur n'a pas enregistré" in refused.value.message("fr")
    assert "try again" in refused.value.message("en")
    assert not _reopened(disk).evenings()
    service = TableService(disk.memory)  # the memory is as IndexedDB had it: empty again
    asyncio.run(tab.run_blocking(_new_evening, service))
    assert len(_reopened(disk).evenings()) == 1


def test_a_change_that_fails_still_saves_what_it_wrote(disk: FakeDisk, tab: BrowserRuntime) -> None:
    """A call that wrote and then raised leaves nothing unsaved behind it."""
    service = TableService(disk.memory)

    def write_then_fail(s: TableService) -> None:
        _new_evening(s)
        raise ValueError("bad input after the write")

    with pytest.raises(ValueError):
        asyncio.run(tab.run_blocking(write_then_fail, service))
    assert len(_reopened(disk).evenings()) == 1


def test_saves_never_overlap_and_none_is_lost(disk: FakeDisk, tab: BrowserRuntime) -> None:
    """Two changes made while a slow save runs: one save at a time, and both are kept."""
    service = TableService(disk.memory)
    disk.delay = 0.05

    async def both() -> list[str]:
        return list(
            await asyncio.gather(
                tab.run_blocking(_new_evening, service), tab.run_blocking(_new_evening, service)
            )
        )

    ids = asyncio.run(both())
    assert disk.most_at_once == 1
    assert sorted(e.id for e in _reopened(disk).evenings()) == sorted(ids)


def test_a_second_tab_waits_for_the_first_and_says_so(tmp_path: Path) -> None:
    """The second tab of one phone is told it waits, and opens only once the first is gone,
    with what the first saved."""

    async def scenario() -> list[str]:
        owner = asyncio.Lock()
        events: list[str] = []
        first_disk = FakeDisk(tmp_path / "m1", tmp_path / "idb")
        second_disk = FakeDisk(tmp_path / "m2", tmp_path / "idb")
        first_disk.owner = second_disk.owner = owner
        first, second = BrowserRuntime(first_disk), BrowserRuntime(second_disk)
        await first.start(lambda: events.append("first waits"))
        previous = runtime.use(first)
        try:
            await first.run_blocking(_new_evening, TableService(first_disk.memory))
        finally:
            runtime.use(previous)
        opening = asyncio.create_task(second.start(lambda: events.append("second waits")))
        await asyncio.sleep(0.01)
        events.append("second opened" if second.started else "second not open yet")
        owner.release()  # the first tab is closed
        await opening
        events.append(f"second sees {len(TableService(second_disk.memory).evenings())}")
        return events

    assert asyncio.run(scenario()) == ["second waits", "second not open yet", "second sees 1"]


@pytest.mark.parametrize(("kept", "shown"), [(True, True), (False, False)])
def test_the_browsers_answer_on_keeping_the_data_is_reported(
    disk: FakeDisk, kept: bool, shown: bool
) -> None:
    """What the browser said of keeping our storage is what the settings screen shows."""
    disk.kept = kept
    browser = BrowserRuntime(disk)
    assert browser.storage_kept() is None  # not asked before the start
    asyncio.run(browser.start(lambda: None))
    assert browser.storage_kept() is shown


def test_a_browser_that_cannot_be_asked_counts_as_a_refusal(disk: FakeDisk) -> None:
    """No Storage API: the data is not promised to stay, and the screen must say so."""
    disk.kept = RuntimeError("no navigator.storage")
    browser = BrowserRuntime(disk)
    asyncio.run(browser.start(lambda: None))
    assert browser.storage_kept() is False


def test_the_server_runs_blocking_calls_in_a_worker_thread() -> None:
    """On a server a store call never runs on the event loop's thread."""
    loop_thread = threading.get_ident()
    ran_in = asyncio.run(ServerRuntime().run_blocking(threading.get_ident))
    assert ran_in != loop_thread
    assert ServerRuntime().storage_kept() is None


def test_the_server_passes_a_call_its_arguments() -> None:
    """Rule: ``run_blocking(fn, *args)`` calls ``fn(*args)`` in the worker thread."""
    assert asyncio.run(ServerRuntime().run_blocking(pow, 2, 5)) == 32


def test_a_new_tab_saves_nothing_before_its_first_change(
    disk: FakeDisk, tab: BrowserRuntime
) -> None:
    """Rule: a tab that has only read never writes to IndexedDB, even its first call."""
    service = TableService(disk.memory)
    asyncio.run(tab.run_blocking(lambda s: s.evenings(), service))
    assert disk.saves == 0


def test_the_server_is_the_runtime_unless_told_otherwise() -> None:
    """Outside a browser, nothing changes: the server's runtime, with threads and a server."""
    assert runtime.current().name == "server"
    assert runtime.current().has_server and runtime.current().threads
    assert not runtime.in_browser()
