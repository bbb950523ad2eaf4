"""Damaged storage through the running app (issue 5 §2): a phone (``tests.support.wire``) on
``companion serve`` meets a full disk, a read-only data folder, an evening file truncated by
hand and a backup from a newer app. Each time the screen says so clearly (the store's
message, in the table's language), the files are kept byte for byte, and nothing
acknowledged is lost; once the cause is gone, the app carries on.

The full disk and the read-only folder are real: a small tmpfs mounted as the data folder
(``mount -t tmpfs``), then filled or remounted read-only. Those tests need root (and a
kernel that lets us mount) and skip with the reason otherwise.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import subprocess
from collections.abc import Awaitable, Callable, Iterator
from pathlib import Path

import pytest
from _common import snapshot

from companion.table.service import TableService
from companion.ui.evenings import current_evening_id
from companion.ui.table_key import table_key
from tests.support.browser import Server, running_server
from tests.support.wire import WireClient

PLAYERS = ["Léa", "Tom", "Sam", "Zoé"]


def _evening(data_dir: Path, hands: int) -> str:
    """An evening of four with ``hands`` hands, recorded before the server starts."""
    service = TableService(data_dir)
    ev = service.create_evening(PLAYERS, "classique", ranking=PLAYERS, title="Chez Léa")
    for n in range(hands):
        order = PLAYERS[n % 4 :] + PLAYERS[: n % 4]
        ev = service.record_hand(ev.id, order, expected_version=ev.version)
    return ev.id


def _stored_orders(data_dir: Path, evening_id: str, scratch: Path) -> list[tuple[str, ...]]:
    """The hands on disk, read from a copy (the server owns the folder; opening it here
    could heal the index behind its back)."""
    copy = scratch / "copy"
    subprocess.run(["rm", "-rf", str(copy)], check=True)
    subprocess.run(["cp", "-a", str(data_dir), str(copy)], check=True)
    service = TableService(copy)
    assert service.repo.problems == []
    ev = service.evening(evening_id)
    return [tuple(ev.name(p) for p in h.order) for h in ev.hands]


@contextlib.contextmanager
def _tmpfs(where: Path, size: str) -> Iterator[Path]:
    """A real small file system mounted at ``where`` (root only)."""
    if os.geteuid() != 0:
        pytest.skip("mounting a tmpfs needs root")
    where.mkdir(parents=True, exist_ok=True)
    done = subprocess.run(
        ["mount", "-t", "tmpfs", "-o", f"size={size}", "tmpfs", str(where)],
        capture_output=True,
        text=True,
    )
    if done.returncode != 0:
        pytest.skip(f"cannot mount a tmpfs here: {done.stderr.strip()}")
    try:
        yield where
    finally:
        subprocess.run(["umount", "-l", str(where)], check=False)


def _remount(where: Path, mode: str) -> None:
    subprocess.run(["mount", "-o", f"remount,{mode}", str(where)], check=True)


def _fill(folder: Path) -> Path:
    """Fill the file system of ``folder`` to the last byte; return the filler file."""
    filler = folder / "filler.bin"
    fd = os.open(filler, os.O_WRONLY | os.O_CREAT, 0o600)
    try:
        for chunk in (1 << 16, 1 << 10, 1):
            with contextlib.suppress(OSError):
                while True:
                    os.write(fd, b"\0" * chunk)
    finally:
        os.close(fd)
    assert os.statvfs(folder).f_bavail == 0
    return filler


def _on_app(server: Server, route: str, scenario: Callable[..., Awaitable[None]]) -> None:
    """Run ``scenario(phone, route_with_key)`` on a phone connected to ``route``."""

    def keyed(path: str) -> str:
        return f"{path}?key={server.key}" if server.key else path

    async def main() -> None:
        phone = await WireClient.connect(server.base, keyed(route))
        try:
            await scenario(phone, keyed)
        finally:
            await phone.close()

    asyncio.run(main())


async def _tap_order(phone) -> tuple[str, ...]:
    """The first three keys tapped out in order (the fourth is placed last by the screen);
    return the finishing order, read from the keys."""
    await phone.wait_for("evening-hand")
    await phone.show_entry()
    await phone.wait_for("out-3")
    names = tuple(phone.first_text(f"out-{i}").strip() for i in range(4))
    for place, i in enumerate((0, 1, 2), 1):
        await phone.tap(f"out-{i}")
        await phone.wait_until(
            lambda c, i=i, place=place: c.text(f"out-{i}").startswith(f"{place}.")
        )
    return names


async def _shows(phone, ident: str, text: str) -> str:
    await phone.wait_for(ident, text)
    return phone.text(ident)


# ----------------------------------------------------------------------------- full disk


def test_a_full_disk_refuses_the_hand_clearly_and_loses_nothing(tmp_path: Path) -> None:
    """On a full disk the hand is refused with "the disk is full, free some space" (French,
    then English after switching the language, whose own save fails with the same reason),
    every file is kept byte for byte, and once space is freed the same hand records."""
    with _tmpfs(tmp_path / "mnt", "1m") as mnt:
        data = mnt / "data"
        evening_id = _evening(data, 2)
        before_orders = _stored_orders(data, evening_id, tmp_path)
        recorded: list[tuple[str, ...]] = []
        with running_server(data_dir=data) as server:

            async def scenario(phone, keyed) -> None:
                await phone.wait_for("evening-hand", "Donne 3")
                before = snapshot(data)
                filler = _fill(mnt)
                recorded.append(await _tap_order(phone))
                await phone.tap("evening-record")
                text = await _shows(phone, "evening-message", "le disque est plein")
                assert text.startswith("Refusé : Impossible d'enregistrer")
                assert "Libérez de la place, puis recommencez" in text
                assert "Traceback" not in text
                assert phone.text("evening-hand") == "Donne 3"  # nothing recorded
                assert snapshot(data) == before

                await phone.navigate(keyed("/settings"))
                await phone.tap("lang-en")  # shown at once; its save meets the full disk
                text = await _shows(phone, "settings-error", "the disk is full")
                assert text.startswith("Settings not saved:")
                await phone.navigate(keyed(f"/evening/{evening_id}"))
                await phone.wait_for("evening-hand", "Hand 3")
                recorded.append(await _tap_order(phone))
                await phone.tap("evening-record")
                text = await _shows(phone, "evening-message", "the disk is full")
                assert text.startswith("Refused: Cannot write")
                assert "Free some space, then try again" in text
                assert snapshot(data) == before

                filler.unlink()  # space again: the same hand, still on the screen, records
                await phone.tap("evening-record")
                await phone.wait_until(lambda c: c.text("evening-result") == "Result of hand 3")

            _on_app(server, f"/evening/{evening_id}", scenario)
        orders = _stored_orders(data, evening_id, tmp_path)
        assert orders[:2] == before_orders
        assert orders[2:] == recorded[-1:]


# ----------------------------------------------------------------------- read-only folder


def test_a_read_only_data_folder_refuses_the_hand_clearly_and_keeps_every_file(
    tmp_path: Path,
) -> None:
    """A data folder on a file system mounted read-only: the app starts and shows the
    evening, a hand is refused with "read-only … make the data folder writable", no file
    changes; once the folder is writable again the hand records."""
    with _tmpfs(tmp_path / "mnt", "4m") as mnt:
        data = mnt / "data"
        evening_id = _evening(data, 3)
        before = snapshot(data)
        _remount(mnt, "ro")
        recorded: list[tuple[str, ...]] = []
        with running_server(data_dir=data) as server:

            async def scenario(phone, keyed) -> None:
                await phone.wait_for("evening-hand", "Donne 4")
                recorded.append(await _tap_order(phone))
                await phone.tap("evening-record")
                text = await _shows(phone, "evening-message", "lecture seule")
                assert text.startswith("Refusé : Impossible d'enregistrer")
                assert "Rien n'a été modifié" in text
                assert "Rendez le dossier de données accessible en écriture" in text
                assert phone.text("evening-hand") == "Donne 4"
                assert snapshot(data) == before

                _remount(mnt, "rw")
                await phone.tap("evening-record")
                await phone.wait_until(
                    lambda c: c.text("evening-result") == "Résultat de la donne 4"
                )

            _on_app(server, f"/evening/{evening_id}", scenario)
        orders = _stored_orders(data, evening_id, tmp_path)
        assert orders[3:] == recorded


# ------------------------------------------------------------------ a truncated evening


def _truncate(path: Path) -> bytes:
    data = path.read_bytes()
    path.write_bytes(data[: len(data) // 2])
    return path.read_bytes()


def test_an_evening_truncated_before_the_start_is_said_damaged_and_restored(tmp_path: Path) -> None:
    """An evening file cut in half before the server starts: "continue the evening" says it
    is damaged and offers its latest good backup (not "no evening under way"); the damaged
    file stays as it is until the restore, which keeps it in corrupt/ byte for byte and
    brings the evening back."""
    data = tmp_path / "data"
    evening_id = _evening(data, 3)
    path = TableService(data).repo.evening_path(evening_id)
    damaged = _truncate(path)
    backup = max((data / "backups" / "evenings").glob(f"{evening_id}.*.json")).read_bytes()
    with running_server(data_dir=data) as server:

        async def scenario(phone, keyed) -> None:
            # In the table's words: no path, no parser details (ui/failure_words.py).
            text = await _shows(phone, "evening-error", "est abîmé")
            assert text.startswith("Lecture impossible : Le fichier de cette soirée est abîmé")
            assert "gardé tel quel" in text and str(path) not in text
            assert "dernière bonne sauvegarde date du" in text
            assert path.read_bytes() == damaged
            await phone.tap("evening-restore")
            await phone.wait_for("evening-hand")
            assert await _shows(phone, "evening-message", "Restauré depuis")

        _on_app(server, "/evening", scenario)  # where "continue the evening" leads
    kept = list((data / "corrupt").rglob("*.json"))
    assert [p.read_bytes() for p in kept] == [damaged]
    assert path.read_bytes() == backup  # the latest good backup, as it was
    assert TableService(data).evening(evening_id).title == "Chez Léa"


def test_an_evening_truncated_while_the_server_runs_is_refused_and_kept(tmp_path: Path) -> None:
    """The evening file cut in half while a phone shows it: recording a hand is refused
    with "the file is damaged, kept as it is, the latest good backup can be restored", and
    nothing is written over the damaged file."""
    data = tmp_path / "data"
    evening_id = _evening(data, 3)
    path = TableService(data).repo.evening_path(evening_id)
    with running_server(data_dir=data) as server:

        async def scenario(phone, keyed) -> None:
            await phone.wait_for("evening-hand", "Donne 4")
            damaged = _truncate(path)
            await _tap_order(phone)
            await phone.tap("evening-record")
            text = await _shows(phone, "evening-message", "est endommagé")
            assert text.startswith(f"Refusé : Le fichier {path} est endommagé")
            assert "vous pouvez la restaurer" in text
            assert phone.has("evening-restore")
            assert path.read_bytes() == damaged
            assert not (data / "corrupt").exists()

        _on_app(server, f"/evening/{evening_id}", scenario)


# ------------------------------------------------------------- a backup from a newer app


def test_a_backup_from_a_newer_app_is_refused_clearly_and_changes_nothing(tmp_path: Path) -> None:
    """Importing (Settings) a JSON export whose schema version is newer than this app's:
    "written by a newer version, update the app", naming the phone's file (not a scratch
    copy), and every file of the data folder is byte for byte as before (no safety copy
    left either)."""
    data = tmp_path / "data"
    _evening(data, 2)
    export = TableService(data).repo.export_all(tmp_path / "export.json")
    doc = json.loads(export.read_text("utf-8"))
    doc["schema_version"] += 1
    newer = json.dumps(doc).encode()
    table_key(data)  # as ``companion serve`` keeps it there when it starts: not the import's
    before = snapshot(data)
    with running_server(data_dir=data) as server:

        async def scenario(phone, keyed) -> None:
            await phone.wait_for("import-json")
            [picker] = [c for c in phone.controls() if c.get("_c") == "FilePicker"]
            # what the browser sends once the user has picked the file
            await phone.send_event(
                picker["_i"],
                "result",
                {
                    "files": [
                        {"id": 0, "name": "sauvegarde.json", "size": len(newer), "bytes": newer}
                    ]
                },
            )
            text = await _shows(phone, "data-message", "version plus récente")
            assert text.startswith(
                "Import refusé, rien n'a changé. sauvegarde.json : "
                "sauvegarde.json a été écrit par une version plus récente"
            )
            assert f"format {doc['schema_version']}" in text
            assert "Mettez l'application à jour" in text
            assert "received.json" not in text

        _on_app(server, "/settings", scenario)
    after = snapshot(data)
    assert after == before


# ------------------------------------------------------------------ regression (units)


def test_a_damaged_evening_is_still_tonights_evening(tmp_path: Path) -> None:
    """Regression: tonight's evening, damaged, was skipped and "continue" said "no evening
    under way"; it is now picked, so that the screen can say it is damaged."""
    evening_id = _evening(tmp_path, 1)
    _truncate(TableService(tmp_path).repo.evening_path(evening_id))
    service = TableService(tmp_path)
    assert service.evenings()[0].error == "corrupt-file"
    assert current_evening_id(service) == evening_id


def test_an_import_refusal_names_the_phones_file(tmp_path: Path) -> None:
    """Regression: a refused import named the server's scratch copy (deleted by then),
    ``…/exports/tmpXXXX/received.json``; with the phone's file name it names that."""
    from companion.store.errors import ImportFileError, NewerSchemaError
    from companion.ui.data_model import import_backup

    service = TableService(tmp_path)
    with pytest.raises(ImportFileError) as junk:
        import_backup(service, b"{not json", name="photo.json")
    newer = json.dumps(
        {
            "format": "companion-store-export",
            "schema_version": 999,
            "index": [],
            "players": [],
            "evenings": [],
        }
    ).encode()
    with pytest.raises(NewerSchemaError) as future:
        import_backup(service, newer, name="demain.json")
    for err, name in ((junk.value, "photo.json"), (future.value, "demain.json")):
        for lang in ("fr", "en"):
            assert name in err.message(lang) and "received.json" not in err.message(lang)
