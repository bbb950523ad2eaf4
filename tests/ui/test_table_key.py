"""The table's key kept with the data folder (``ui.table_key``): a restart keeps it,
``--new-key`` replaces it, a damaged or unwritable file is said."""

import doctest
import stat
from pathlib import Path

import pytest

from companion.ui import table_key as table_key_module
from companion.ui.access import may_edit
from companion.ui.table_key import key_path, read_key, table_key


def test_doctests() -> None:
    """Rule: ``ui.table_key``'s examples hold: a new run keeps the key, rotating replaces it."""
    results = doctest.testmod(table_key_module)
    assert results.attempted > 0 and results.failed == 0


def test_a_restart_keeps_the_key(tmp_path: Path) -> None:
    """Rule: the second run of the server uses the key the first one made, so an address
    carrying it still lets a phone record."""
    first = table_key(tmp_path)
    again = table_key(tmp_path)
    assert (first.origin, again.origin) == ("first", "kept")
    assert again.key == first.key
    assert may_edit(again.key, f"/?key={first.key}")
    assert not again.phones_rescan


def test_the_key_file_is_private_from_its_creation(tmp_path: Path) -> None:
    """Rule: the key file is readable and writable by its owner alone."""
    table_key(tmp_path)
    assert stat.S_IMODE(key_path(tmp_path).stat().st_mode) == 0o600


def test_a_key_file_others_can_read_is_made_private_again(tmp_path: Path) -> None:
    """Rule: a key file copied with open permissions is closed again when read."""
    made = table_key(tmp_path)
    key_path(tmp_path).chmod(0o644)
    assert table_key(tmp_path).key == made.key
    assert stat.S_IMODE(key_path(tmp_path).stat().st_mode) == 0o600


def test_a_new_key_replaces_the_kept_one(tmp_path: Path) -> None:
    """Rule: ``--new-key`` makes another key, kept for the next runs; the old address no
    longer lets a phone record."""
    old = table_key(tmp_path)
    new = table_key(tmp_path, rotate=True)
    assert new.origin == "rotated" and new.phones_rescan
    assert new.key != old.key
    assert read_key(tmp_path) == new.key
    assert not may_edit(new.key, f"/?key={old.key}")
    assert table_key(tmp_path) == type(new)(new.key, "kept")


@pytest.mark.parametrize(
    "content", [b"", b"short", b"\xff\xfe not ascii", b"a b c d e f g h i j k l"]
)
def test_a_file_without_a_key_gets_a_new_one_and_says_so(tmp_path: Path, content: bytes) -> None:
    """Rule: a key file that holds no key (empty, too short, not text, spaces) is
    replaced by a new key, and the origin says the phones must scan again."""
    key_path(tmp_path).write_bytes(content)
    made = table_key(tmp_path)
    assert made.origin == "damaged" and made.phones_rescan
    assert read_key(tmp_path) == made.key


def test_a_key_that_cannot_be_written_is_this_runs_alone(tmp_path: Path) -> None:
    """Rule: when the folder cannot hold the key (here a file stands where its folder
    should be), the server still starts with a key, and says why it is not kept."""
    blocker = tmp_path / "data"
    blocker.write_text("not a folder")
    made = table_key(blocker / "inside")
    assert made.origin == "unkept" and made.problem is not None
    assert len(made.key) >= 22
    assert made.problem.message("en")
