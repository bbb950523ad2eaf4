"""The limits on what people type about an evening (``table.text_limits``): one rule and one
message for every way in, enforced by the stored models, and a file written before the limits
still reads."""

from __future__ import annotations

import json
from datetime import date
from pathlib import Path

import pytest
from pydantic import ValidationError

from companion.store.documents import READ_CONTEXT
from companion.table.evening_models import Evening, Fault
from companion.table.service import TableService
from companion.table.text_limits import (
    NOTE_MAX,
    PLACE_MAX,
    TITLE_MAX,
    TextTooLongError,
    text_problem,
)

FOUR = ["Ann", "Bob", "Cat", "Dan"]


def test_the_problem_names_the_length_and_the_limit_never_the_text() -> None:
    """At the limit there is no problem; one over, the problem says how long and the limit,
    in French and English, and not the text itself."""
    assert text_problem("title", "t" * TITLE_MAX) is None
    assert text_problem("note", None) is None
    problem = text_problem("place", "p" * (PLACE_MAX + 1))
    assert isinstance(problem, TextTooLongError) and problem.code == "text-too-long"
    assert problem.message("fr") == (
        "Lieu trop long : 81 caractères pour 80 au plus. Rien n'a été enregistré."
    )
    assert "ppp" not in problem.message("en") and "at most 80" in problem.message("en")
    assert (
        problem.message("de") == "Ort zu lang: 81 Zeichen, höchstens 80. Nichts wurde gespeichert."
    )


def test_a_long_length_is_grouped_as_each_language_groups_digits() -> None:
    """The length is Babel's number: "90,000" in English, « 90 000 » (narrow spaces) in
    French, »90.000« in German."""
    problem = TextTooLongError("note", 90_000)
    assert "90,000 characters" in problem.message("en")
    assert "90\u202f000 caractères" in problem.message("fr")
    assert "90.000 Zeichen" in problem.message("de")


@pytest.mark.parametrize(
    ("field", "limit"), [("title", TITLE_MAX), ("place", PLACE_MAX), ("notes", NOTE_MAX)]
)
def test_the_stored_evening_refuses_a_longer_text(tmp_path: Path, field: str, limit: int) -> None:
    """The model itself holds the limit: an evening with a longer text cannot be built, so it
    cannot be stored; one at the limit can."""
    ev = TableService(tmp_path).create_evening(FOUR, "pagat")
    data = ev.model_dump()
    assert getattr(Evening.model_validate(data | {field: "x" * limit}), field) == "x" * limit
    with pytest.raises(ValidationError, match="at most"):
        Evening.model_validate(data | {field: "x" * (limit + 1)})


def test_a_fault_note_is_limited_too() -> None:
    """A fault's note (the evening API) has the note's limit."""
    assert Fault(player="p", note="n" * NOTE_MAX).note == "n" * NOTE_MAX
    with pytest.raises(ValidationError):
        Fault(player="p", note="n" * (NOTE_MAX + 1))


def test_what_is_read_from_a_file_is_cut_not_refused(tmp_path: Path) -> None:
    """Read from a file (the store's validation context), a longer text is cut to the limit,
    ending in "…"."""
    data = TableService(tmp_path).create_evening(FOUR, "pagat").model_dump()
    read = Evening.model_validate(data | {"title": "t" * 1000}, context=READ_CONTEXT)
    assert read.title == "t" * (TITLE_MAX - 1) + "…"


def test_the_service_refuses_before_writing_anything(tmp_path: Path) -> None:
    """``create_evening`` with a title over the limit raises the shared error and writes
    nothing (not even the new players); a fault note over the limit is refused the same way."""
    service = TableService(tmp_path)
    with pytest.raises(TextTooLongError) as refused:
        service.create_evening(["Léa", "Tom", "Sam", "Zoé"], "pagat", title="x" * 1_000_000)
    assert refused.value.length == 1_000_000
    assert service.players() == [] and service.evenings() == []
    ev = service.create_evening(FOUR, "pagat", settings=["faults=on"])
    with pytest.raises(TextTooLongError):
        service.record_hand(
            ev.id,
            FOUR,
            events=[{"kind": "fault", "player": "Bob", "note": "n" * (NOTE_MAX + 1)}],
            expected_version=ev.version,
        )
    assert service.evening(ev.id).version == ev.version


def test_an_old_file_with_a_longer_title_still_opens(tmp_path: Path) -> None:
    """An evening file written before the limits, with a 10,000-character title and place,
    opens with its hands; what it shows and what the next write stores is cut at the limit,
    and the file as it was is kept in the backups."""
    service = TableService(tmp_path)
    ev = service.create_evening(FOUR, "pagat", day=date(2024, 3, 1))
    ev = service.record_hand(ev.id, FOUR, expected_version=ev.version)
    path = tmp_path / "evenings" / f"{ev.id}.json"
    doc = json.loads(path.read_bytes())
    doc["evening"]["1"] |= {"title": "T" * 10_000, "place": "P" * 10_000}
    path.write_text(json.dumps(doc))
    old = path.read_bytes()

    fresh = TableService(tmp_path)
    loaded = fresh.evening(ev.id)
    assert len(loaded.hands) == 1 and loaded.title == "T" * (TITLE_MAX - 1) + "…"
    (item,) = fresh.evening_items()
    assert item.title == loaded.title and item.place == "P" * (PLACE_MAX - 1) + "…"
    fresh.record_hand(ev.id, FOUR, expected_version=loaded.version)
    assert json.loads(path.read_bytes())["evening"]["1"]["title"] == loaded.title
    assert old in [b.read_bytes() for b in (tmp_path / "backups").rglob(f"{ev.id}.*.json")]
