"""Starting and finding evenings through ``TableService`` (companion/table/service_evenings.py),
one rule per test: the settings and the roles drawn at the start, and an evening named by its
id or a prefix of it."""

from __future__ import annotations

from datetime import date

import pytest

from companion.table.evening import PlayerProfile, UnknownPlayerError
from companion.table.service import TableService, UnknownEveningError
from tests.support.evenings import FOUR, played

DAY = date(2024, 3, 1)


def test_a_number_of_hands_keeps_the_other_settings(service: TableService) -> None:
    """Giving the number of hands adds to the settings given; it does not replace them."""
    ev = service.create_evening(FOUR, "pagat", day=DAY, settings=["seating=fixed"], hands=3)
    assert "seating=fixed" in ev.settings
    assert "hands=3" in ev.settings


def test_roles_drawn_may_name_players_by_id(service: TableService) -> None:
    """The roles already drawn may name the players by their ids, capitals included."""
    profiles = [PlayerProfile(id=f"P{name.upper()}", name=name) for name in FOUR]
    ids = [p.id for p in reversed(profiles)]
    ev = service.create_evening(profiles, "pagat", day=DAY, ranking=ids)
    assert list(ev.steps[0].ranking) == ids


def test_roles_naming_a_stranger_are_refused_in_words(service: TableService) -> None:
    """Roles drawn for someone not at the table are refused, naming him in both languages."""
    with pytest.raises(UnknownPlayerError) as info:
        service.create_evening(FOUR, "pagat", day=DAY, ranking=["Eve", "Ann", "Bob", "Cat"])
    assert info.value.message("fr") == "Pas à la table : Eve."
    assert info.value.message("en") == "Not at the table: Eve."


def test_an_evening_is_found_by_its_id_or_a_unique_prefix(service: TableService) -> None:
    """An evening is named by its whole id or by a prefix only it has."""
    evs = [played(service, date(2024, 1, d), []) for d in range(1, 9)]
    for ev in evs:
        assert service.find_evening(ev.id) == ev.id
        others = [e.id for e in evs if e is not ev]
        prefix = next(
            ev.id[:n] for n in range(1, 33) if not any(o.startswith(ev.id[:n]) for o in others)
        )
        assert service.find_evening(prefix) == ev.id


def test_a_whole_id_wins_over_longer_ids_it_begins(service: TableService) -> None:
    """A whole id names its evening even when it is also the start of other ids."""
    evs = [played(service, date(2024, 1, d), []) for d in range(1, 4)]
    entries = service.evenings()
    assert service.find_evening(entries[-1].id) == entries[-1].id
    assert {service.find_evening(e.id) for e in evs} == {e.id for e in evs}


def test_an_ambiguous_or_unknown_evening_is_refused(service: TableService) -> None:
    """A prefix shared by several evenings, or matching none, is refused in words."""
    evs = [played(service, date(2024, 1, d), []) for d in range(1, 30)]
    first = {e.id[0] for e in evs}
    shared = next(c for c in sorted(first) if sum(e.id.startswith(c) for e in evs) > 1)
    for ref in (shared, "zzz"):
        with pytest.raises(UnknownEveningError) as info:
            service.find_evening(ref)
        assert info.value.message("fr") == f"Soirée inconnue ou ambiguë : « {ref} »."
        assert info.value.message("en") == f"Unknown or ambiguous evening: '{ref}'."


def test_an_evening_keeps_its_notes(service: TableService) -> None:
    """Rule: the notes given when an evening starts are saved with it and read back."""
    ev = service.create_evening(FOUR, "pagat", day=DAY, notes="Chez Léa, on joue au salon")
    assert service.evening(ev.id).notes == "Chez Léa, on joue au salon"


def test_notes_too_long_are_refused_as_notes(service: TableService) -> None:
    """Rule: notes over the limit are refused before anything is written, the error naming
    the notes (not the title or the place)."""
    from companion.table.text_limits import LIMITS, TextTooLongError

    with pytest.raises(TextTooLongError) as caught:
        service.create_evening(FOUR, "pagat", day=DAY, notes="x" * (LIMITS["note"] + 1))
    assert caught.value.kind == "note"
    assert service.evenings() == []
