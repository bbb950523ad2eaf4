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
