"""The data folder itself (companion/table/service_state.py): which folder is used, and the
screens' own files written there."""

from __future__ import annotations

from pathlib import Path

from companion.table.service import TableService


def test_a_data_file_is_written_whole_in_its_folder(service: TableService) -> None:
    """A screen's own file goes in the data folder (its folder made if needed), with exactly
    the bytes given; the path returned is where it is."""
    data = b'{"theme": "dark"}'
    path = service.write_data_file("screens/display.json", data)
    assert path == service.data_dir / "screens" / "display.json"
    assert path.read_bytes() == data


def test_the_data_folder_is_the_one_named(tmp_path: Path) -> None:
    """The data folder named is the one used."""
    assert TableService.data_folder(tmp_path / "mine") == tmp_path / "mine"


def test_only_a_private_data_file_is_kept_from_other_users(service: TableService) -> None:
    """Rule: a secret (the table's key) is readable by this user alone; a display setting is
    written with the folder's usual permissions (others may read it, as any file)."""
    import os

    secret = service.write_data_file("key.txt", b"k", private=True)
    shared = service.write_data_file("display.json", b"{}")
    assert secret.stat().st_mode & 0o077 == 0
    umask = os.umask(0)
    os.umask(umask)
    assert shared.stat().st_mode & 0o777 == 0o666 & ~umask
