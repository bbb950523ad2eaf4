"""The home's first frame reads tonight's evening from memory: what the last look found."""

from __future__ import annotations

from pathlib import Path

from companion.ui.evenings import current_evening_id, service_for, tonight_as_last_seen


def test_nothing_is_known_before_a_look_then_what_the_look_found(tmp_path: Path) -> None:
    """No look yet: nothing claimed. After a look, its answer, until the next look changes
    it (an evening ended elsewhere is forgotten at the next look, not before)."""
    service = service_for(tmp_path)
    ev = service.create_evening(["Léa", "Tom", "Sam", "Zoé"], "classique")
    assert tonight_as_last_seen(tmp_path) is None
    assert current_evening_id(service) == ev.id
    assert tonight_as_last_seen(tmp_path) == ev.id
    assert tonight_as_last_seen(tmp_path / "elsewhere") is None
    service.close(ev.id, expected_version=service.evening(ev.id).version)
    assert tonight_as_last_seen(tmp_path) == ev.id  # no file read between looks
    assert current_evening_id(service) is None
    assert tonight_as_last_seen(tmp_path) is None
