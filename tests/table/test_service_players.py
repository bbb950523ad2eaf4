"""The player list through ``TableService`` (companion/table/service_players.py), one rule per
test: profiles taken again, names already taken, renames and unmerges."""

from __future__ import annotations

from datetime import date

import pytest

from companion.table.evening import UnknownPlayerError
from companion.table.roster import PlayerListError
from companion.table.service import TableService
from tests.support.evenings import FOUR

DAY = date(2024, 3, 1)


def test_a_known_profile_is_taken_as_it_is(service: TableService) -> None:
    """A second evening may be started with the profiles of the first: the same players."""
    first = service.create_evening(FOUR, "pagat", day=DAY)
    second = service.create_evening(list(first.players), "pagat", day=DAY)
    assert [p.id for p in second.players] == [p.id for p in first.players]


def test_a_name_taken_is_refused_whatever_its_case(service: TableService) -> None:
    """A new profile may not take a name already used, ignoring case; the refusal names the
    player who has it."""
    service.add_player("Léa")
    with pytest.raises(PlayerListError) as info:
        service.add_player("LÉA")
    err = info.value
    assert err.code == "duplicate-name" and err.details == {"name": "Léa"}
    assert err.message("fr") == "Il y a déjà un joueur « Léa »."
    assert err.message("en") == "There is already a player called 'Léa'."


def test_renaming_an_unknown_profile_is_refused(service: TableService) -> None:
    """Renaming a profile id that does not exist is refused, naming it; nothing changes."""
    service.add_player("Léa")
    with pytest.raises(UnknownPlayerError) as info:
        service.rename_player("nobody", "Zoé")
    assert info.value.message("fr") == "Joueur inconnu : nobody."
    assert info.value.message("en") == "Unknown player: nobody."
    with pytest.raises(UnknownPlayerError):
        service.rename("nobody", "Zoé")
    assert [p.name for p in service.players()] == ["Léa"]


def test_a_rename_says_both_names(service: TableService) -> None:
    """A rename reports the name before and the name after, for its undo."""
    lea = service.add_player("Léa")
    change = service.rename(lea.id, "Léna")
    assert (change.kind, change.player_id, change.before, change.after) == (
        "rename",
        lea.id,
        "Léa",
        "Léna",
    )


def test_unmerging_returns_the_profile_taken_back(service: TableService) -> None:
    """Unmerging gives back the profile that was merged away, counted on its own again."""
    service.add_player("Bob")
    service.add_player("Robert")
    service.add_player("Zoé")
    service.merge_players("Bob", "Robert")
    back = service.unmerge_player("Bob")
    assert back.name == "Bob" and back.merged_into is None
