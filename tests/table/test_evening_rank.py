"""The evening's ranking rule (``TableRules.evening_rank``, S10a): who leads the evening and
tops its podium — the most points, the last hand's order, the best average place or the
most times Président — named on the score sheet and the podium."""

from datetime import date

import pytest

from companion.table.table_presets import table_rules_from
from companion.table.table_rules import TableRulesError

FIVE = ["Ana", "Tom", "Léa", "Max", "Zoé"]
# Ana is Président three times and has the best average place; Tom wins the last hand.
HANDS = [
    "Ana Tom Léa Max Zoé",
    "Ana Léa Tom Max Zoé",
    "Tom Ana Léa Max Zoé",
    "Ana Léa Max Zoé Tom",
    "Tom Léa Ana Max Zoé",
]


def play(service, settings=(), preset="classique", hands=HANDS):
    ev = service.create_evening(FIVE, preset, day=date(2026, 11, 26), settings=list(settings))
    for order in hands:
        ev = service.record_hand(ev.id, order.split(), expected_version=ev.version)
    return ev


def leader(service, ev):
    sheet = service.score_sheet(ev.id)
    return sheet.columns[sheet.column_of(sheet.leader)].name


def podium(service, ev):
    return [f.name for f in service.night_summary(ev.id).podium]


def test_without_points_the_last_hand_ranks_the_evening(service):
    """PRES53 « l'objectif de monter dans la hiérarchie sociale se suffisant à lui-même »:
    without points the evening's leader is the last hand's Président, and the sheet says so."""
    ev = play(service)
    assert leader(service, ev) == "Tom"
    assert service.score_sheet(ev.id).rank_rule == "last_hand"
    assert service.night_summary(ev.id).rank_rule == "last_hand"


def test_most_times_president_ranks_by_hands_won(service):
    """evening_rank=times_president: Ana, Président three times, tops Tom's two."""
    ev = play(service, ["evening_rank=times_president"])
    assert leader(service, ev) == "Ana"
    assert podium(service, ev)[:2] == ["Ana", "Tom"]


def test_times_president_ties_go_by_average_place(service):
    """Two players Président as often are split by the better average place."""
    ev = play(service, ["evening_rank=times_president"], hands=HANDS[2:])
    # Ana: 2, 1, 3 (one win, average 2); Tom: 1, 5, 1 (two wins).
    assert podium(service, ev)[0] == "Tom"
    ev = play(service, ["evening_rank=times_president"], hands=HANDS[2:4])
    # One win each: Ana 2, 1 (1.5) against Tom 1, 5 (3.0).
    assert podium(service, ev)[:2] == ["Ana", "Tom"]


def test_best_average_place_ranks_by_places(service):
    """evening_rank=average_place: Ana (1, 1, 2, 1, 3 → 1.6) first; Tom and Léa both
    average 2.4, and equal averages go by the last hand's order, where Tom is first."""
    ev = play(service, ["evening_rank=average_place"])
    summary = service.night_summary(ev.id)
    assert [f.name for f in summary.ranking][:3] == ["Ana", "Tom", "Léa"]
    assert summary.ranking[0].average_place == pytest.approx(1.6)


def test_points_rank_where_the_rules_keep_points(service):
    """PRES53 « c'est évidemment le joueur qui a le plus de points qui gagne »: a preset
    with points ranks by them (pagat: 2, 1, 0… — Ana 2+2+1+2+0 = 7, Tom 1+0+2+0+2 = 5)."""
    ev = play(service, preset="pagat")
    assert service.score_sheet(ev.id).rank_rule == "points"
    assert leader(service, ev) == "Ana"


def test_setting_points_brings_the_points_ranking():
    """--set scoring=… on a preset without points ranks the evening by those points, and
    scoring=none on a preset with points goes back to the last hand (no clash)."""
    assert table_rules_from("classique", ["scoring=n_minus_rank"])[1].evening_rank == "points"
    assert table_rules_from("pagat", ["scoring=none"])[1].evening_rank == "last_hand"


def test_the_last_setting_said_wins():
    """An evening_rank said after scoring stands; said before, the scoring resets it."""
    after = ["scoring=n_minus_rank", "evening_rank=average_place"]
    assert table_rules_from("classique", after)[1].evening_rank == "average_place"
    before = ["evening_rank=average_place", "scoring=n_minus_rank"]
    assert table_rules_from("classique", before)[1].evening_rank == "points"


def test_points_ranking_needs_points():
    """evening_rank=points with scoring=none is refused, in words."""
    with pytest.raises(TableRulesError, match="scoring=none"):
        table_rules_from("classique", ["evening_rank=points"])


def test_the_history_winner_follows_the_rule(service):
    """The history names as winner the player the podium names."""
    ev = play(service, ["evening_rank=times_president"])
    service.close(ev.id, expected_version=ev.version)
    item = next(i for i in service.evening_items() if i.evening_id == ev.id)
    assert item.winner is not None
    assert {p.id: p.name for p in service.players()}[item.winner] == "Ana"
