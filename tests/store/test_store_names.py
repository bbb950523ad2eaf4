"""The backup name rule in detail: its parts, and what is not a backup name."""

from __future__ import annotations

import pytest

from companion.store.names import backup_name


def test_a_backup_name_is_read_into_its_parts() -> None:
    """stem, timestamp and tag of <stem>.<timestamp>[.<tag>].json."""
    plain = backup_name("ev1.20240517T203001123456Z.json")
    assert plain is not None
    assert (plain["stem"], plain["ts"], plain["tag"]) == ("ev1", "20240517T203001123456Z", None)
    tagged = backup_name("players.20240517T203001123456Z.v0.json")
    assert tagged is not None
    assert (tagged["stem"], tagged["tag"]) == ("players", "v0")


@pytest.mark.parametrize(
    "name", ["ev1.json", "ev1.2024T20Z.json", "ev1.20240517T203001123456Z.v0.txt", ""]
)
def test_other_names_are_not_backups(name: str) -> None:
    """A plain file, a short timestamp or another extension is not a backup."""
    assert backup_name(name) is None
