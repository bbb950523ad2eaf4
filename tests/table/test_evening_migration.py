"""An evening file written before plans were rendered at display time (schema 1: the next plan
stored with its instructions as French sentences, and every derived field beside the inputs)
opens, keeps every hand, and shows its plan in the viewer's language."""

from __future__ import annotations

import copy
import json
import shutil
from pathlib import Path

from companion.store.migrations import MIGRATIONS, migrate_1_to_2, migrate_document
from companion.table.service import TableService

OLD = Path(__file__).with_name("data") / "evening_v1.json"  # written by the app at 7225629
EVENING = "0454a3cee31e42c989e62565fb63d084"


def _old_document() -> dict:
    return json.loads(OLD.read_text("utf-8"))


def _data_dir(tmp_path: Path) -> Path:
    (tmp_path / "evenings").mkdir(parents=True)
    shutil.copy(OLD, tmp_path / "evenings" / f"{EVENING}.json")
    return tmp_path


def test_the_old_file_holds_a_french_plan() -> None:
    """The fixture is what the bug looked like: sentences stored in French."""
    record = _old_document()["evening"]["1"]
    assert record["next_plan"]["instructions"][0].startswith("Places dans le sens")
    assert all("result" in step for step in record["steps"] if step["kind"] == "hand")


def test_migration_keeps_only_what_people_entered() -> None:
    """Rule: version 2 drops the derived state (plan text, titles, points, totals) of the
    evening, of its steps and of the steps in its log; the inputs stay as they were."""
    old = _old_document()
    new, version = migrate_document(old)
    assert version == 1 and new["_meta"]["1"]["schema_version"] == 2
    record, before = new["evening"]["1"], old["evening"]["1"]
    for name in ("next_plan", "lang", "present", "ranked", "totals", "standings"):
        assert name not in record
    assert "instructions" not in json.dumps(new) and '"result"' not in json.dumps(new)
    for name in ("id", "version", "players", "seating", "settings", "preset", "date"):
        assert record[name] == before[name]
    assert [s["order"] for s in record["steps"] if s["kind"] == "hand"] == [
        s["order"] for s in before["steps"] if s["kind"] == "hand"
    ]
    assert len(record["log"]) == len(before["log"])
    assert MIGRATIONS[1] is migrate_1_to_2
    assert migrate_1_to_2(copy.deepcopy(new)) == new  # idempotent


def test_an_old_evening_opens_and_its_plan_renders_in_both_languages(tmp_path: Path) -> None:
    """Rule: an old file opens with every hand, and the plan is written in the language of
    whoever looks at it, English as well as French."""
    service = TableService(_data_dir(tmp_path))
    ev = service.evening(EVENING)
    names = ev.names()
    assert len(ev.hands) == 2 and [names[p] for p in ev.present] == ["Zoé", "Tom", "Léa", "Sam"]
    assert ev.next_plan is not None
    english, french = ev.next_plan.instructions("en"), ev.next_plan.instructions("fr")
    old = _old_document()["evening"]["1"]["next_plan"]
    assert french == old["instructions"]  # the same plan as the old app made
    assert english[0].startswith("Seats, clockwise: Zoé (President)")
    assert english[1].startswith("Pack: 54 cards") and english != french
    assert ev.next_plan.as_json("en")["instructions"] == english
    assert {k: v for k, v in ev.next_plan.as_json("fr").items()} == old


def test_a_change_to_an_old_evening_is_stored_in_the_new_format(tmp_path: Path) -> None:
    """Rule: the first change to an old evening saves its file in version 2, without the derived
    plan; a fresh service reopens it with every hand and the same totals."""
    data = _data_dir(tmp_path)
    service = TableService(data)
    ev = service.evening(EVENING)
    ev = service.record_hand(ev.id, ["Sam", "Léa", "Tom", "Zoé"], expected_version=ev.version)
    stored = json.loads((data / "evenings" / f"{EVENING}.json").read_text("utf-8"))
    assert stored["_meta"]["1"]["schema_version"] == 2
    assert "instructions" not in json.dumps(stored) and "next_plan" not in stored["evening"]["1"]
    again = TableService(data).evening(EVENING)
    assert len(again.hands) == 3 and again.totals == ev.totals
    assert [r.name for r in service.leaderboard()]  # the index summary replays it too
