"""One player's page from the service (``TableService.player_record``): his line, his
evenings one by one and his rivals, computed by the table layer for every screen."""

from datetime import date

from companion.table.service import TableService

FOUR = ["Ann", "Bob", "Cat", "Dan"]


def test_a_player_record_gives_his_evenings_and_rivals(tmp_path):
    """His evenings oldest first with his mean place that evening; rivals with most hands
    together first, ahead and behind as the head-to-head counts them."""
    service = TableService(tmp_path)
    late = service.create_evening(FOUR, "pagat", day=date(2026, 11, 23))
    late = service.record_hand(late.id, ["Bob", "Ann", "Cat", "Dan"], expected_version=1)
    early = service.create_evening(FOUR[:3], "trou-du-cul", day=date(2026, 11, 2))
    early = service.record_hand(early.id, ["Ann", "Bob", "Cat"], expected_version=1)
    early = service.record_hand(early.id, ["Ann", "Cat", "Bob"], expected_version=2)
    record = service.player_record("Ann")
    assert record.name == "Ann" and record.row is not None and record.row.hands == 3
    assert [e.evening_id for e in record.evenings] == [early.id, late.id]
    assert [(e.night.hands, e.night.place, e.night.table) for e in record.evenings] == [
        (2, 1.0, 3.0),
        (1, 2.0, 4.0),
    ]
    assert [(r.name, r.hands, r.ahead, r.behind) for r in record.rivals] == [
        ("Bob", 3, 2, 1),
        ("Cat", 3, 3, 0),
        ("Dan", 1, 1, 0),
    ]
    bob = service.head_to_head("Ann", "Bob")
    assert (bob.a_ahead, bob.b_ahead) == (2, 1)
    assert record.rating is not None and record.place is not None


def test_a_merged_profile_s_evenings_count_for_its_target(tmp_path):
    """After Anna is merged into Ann, the evening Anna played is on Ann's page, and Anna's
    rivals are Ann's."""
    service = TableService(tmp_path)
    mine = service.create_evening(FOUR, "pagat", day=date(2026, 11, 2))
    service.record_hand(mine.id, ["Ann", "Bob", "Cat", "Dan"], expected_version=1)
    typo = service.create_evening(["Anna", "Bob", "Cat", "Dan"], "pagat", day=date(2026, 11, 9))
    service.record_hand(typo.id, ["Bob", "Anna", "Cat", "Dan"], expected_version=1)
    assert [e.evening_id for e in service.player_record("Ann").evenings] == [mine.id]
    service.merge_players("Anna", "Ann")
    record = service.player_record("Ann")
    assert [e.evening_id for e in record.evenings] == [mine.id, typo.id]
    assert [e.night.place for e in record.evenings] == [1.0, 2.0]
    assert record.row is not None and record.row.hands == 2
    assert {r.name: (r.ahead, r.behind) for r in record.rivals}["Bob"] == (1, 1)
