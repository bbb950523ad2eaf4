"""The evening at a glance as data: the deck in the middle, the exchanges as short lines, the
keys' slots that do not move under a finger, taps kept across another phone's record, and
counts in their plural form."""

from __future__ import annotations

from pathlib import Path

import pytest

from companion.table.service import TableService
from companion.ui.table_model import HandEntry, TableView, keep_slots, table_view
from companion.words import t

FIVE = ["Emma", "Chloé", "David", "Bruno", "Léa"]


@pytest.fixture
def classique_hand_2(tmp_path: Path) -> TableView:
    service = TableService(tmp_path)
    ev = service.create_evening(FIVE, "classique")
    ev = service.record_hand(ev.id, FIVE, expected_version=ev.version)
    return table_view(ev)


def test_the_deck_reads_as_cards_and_jokers(classique_hand_2: TableView) -> None:
    """The middle of the table names the deck: 52 cards and 2 jokers make 54."""
    assert classique_hand_2.deck_text("fr") == "54 cartes : 52 + 2 jokers"
    assert classique_hand_2.deck_text("en") == "54 cards: 52 + 2 jokers"


def test_a_deck_without_jokers_is_just_its_count(tmp_path: Path) -> None:
    """No jokers: the count alone, nothing to add up."""
    service = TableService(tmp_path)
    ev = service.create_evening(FIVE, "classique", settings=["jokers=0"])
    assert table_view(ev).deck_text("fr") == "52 cartes"


def test_exchanges_read_as_giver_arrow_receiver(classique_hand_2: TableView) -> None:
    """Each gift is one short line, « giver → receiver : what », in the viewer's language."""
    fr = classique_hand_2.checklist("fr")
    assert fr[:4] == [
        "Léa → Emma : ses 2 meilleures cartes",
        "Emma → Léa : 2 cartes de son choix",
        "Bruno → Chloé : sa meilleure carte",
        "Chloé → Bruno : une carte de son choix",
    ]
    assert classique_hand_2.checklist("en")[0] == "Léa → Emma: their 2 best cards"


def test_a_first_hand_has_no_exchange_line(tmp_path: Path) -> None:
    """Nothing to exchange before the first hand: the checklist has no gift in it."""
    ev = TableService(tmp_path).create_evening(FIVE, "classique")
    assert not any("→" in line for line in table_view(ev).checklist("fr"))


def test_seats_carry_cards_and_roles(classique_hand_2: TableView) -> None:
    """Each seat says how many cards its player is dealt; the dealer and the leader are
    marked, and all the cards of the deck are dealt."""
    seats = classique_hand_2.seats
    assert sum(s.cards for s in seats) == 54
    assert [s.name for s in seats if s.dealer] == ["Léa"]  # the Trou-du-cul deals
    assert [s.name for s in seats if s.leads] == ["Emma"]
    assert classique_hand_2.slots == tuple(s.name for s in seats)


def test_keys_keep_their_slots_when_the_seats_change() -> None:
    """Players keep the slot they had; a player gone frees his, a newcomer takes the end."""
    shown = ("Léa", "Tom", "Sam", "Zoé")
    assert keep_slots(shown, ("Zoé", "Sam", "Tom", "Léa")) == shown
    assert keep_slots(shown, ("Zoé", "Sam", "Léa", "Ann")) == ("Léa", "Sam", "Zoé", "Ann")
    assert keep_slots((), ("Zoé", "Sam")) == ("Zoé", "Sam")


def test_taps_for_a_hand_recorded_elsewhere_are_stale_not_lost() -> None:
    """Taps made for hand 2 while another phone recorded it are stale at hand 3: kept as
    they are, and carried over when the person keeps them."""
    players = ("Léa", "Tom", "Sam", "Zoé")
    entry = HandEntry(hand=2).tap_player("Tom", players).tap_player("Léa", players)
    assert entry.stale(3) and not entry.stale(2)
    assert not HandEntry(hand=2).tick(0).stale(3)  # ticks alone are the old plan's
    moved = entry.moved_to(3, ("Léa", "Tom", "Zoé"))
    assert (moved.hand, moved.order) == (3, ("Tom", "Léa"))
    assert entry.taps_text(False, lambda key, **f: t("fr", key, **f)) == "Tom → Léa"


@pytest.mark.parametrize(
    ("lang", "total", "shown"),
    [
        ("fr", 0, "0 pt"),
        ("fr", 1, "1 pt"),
        ("fr", 2, "2 pts"),
        ("fr", -1, "-1 pt"),
        ("en", 0, "0 pts"),
        ("en", 1, "1 pt"),
        ("en", 2, "2 pts"),
    ],
)
def test_points_take_their_plural_form(lang: str, total: int, shown: str) -> None:
    """French keeps the singular below two, English only for one."""
    assert t(lang, "evening.standing", place=1, name="Léa", total=total) == f"1. Léa — {shown}"


def test_player_counts_take_their_plural_form() -> None:
    """« 1 joueur », "1 player"; « 3 joueurs », "3 players"."""
    assert t("fr", "new.count", n=1, low=3, high=6).startswith("1 joueur (")
    assert t("en", "new.count", n=3, low=3, high=6).startswith("3 players (")
    assert t("fr", "history.row", day="lun.", players=1, hands=1) == "lun. · 1 joueur · 1 donne"
