"""Who is who: renaming and merging profiles, with undo, and what a merge refuses and
records (companion/table/profiles.py)."""

from __future__ import annotations

from datetime import date

import pytest

from companion.table.evening import PlayerProfile, UnknownPlayerError
from companion.table.profiles import MergeError, aliases, merge, unmerge
from companion.table.roster import PlayerListError
from tests.support.evenings import play


def board(service):
    return {r.name: r for r in service.leaderboard()}


def twins(service):
    """Chloe played one evening, Chloé (the same person, typed again) another."""
    play(service, ["Chloe", "Bob", "Cat"], ["Chloe Bob Cat", "Chloe Bob Cat"], date(2026, 11, 1))
    play(service, ["Chloé", "Bob", "Cat"], ["Bob Chloé Cat"], date(2026, 11, 8))
    ids = {p.name: p.id for p in service.players()}
    return ids["Chloe"], ids["Chloé"]


def test_merge_counts_both_histories_as_one_player(service):
    """After a merge, the leaderboard and the ratings count both profiles' hands and points as one
    player, the kept one."""
    typo, kept = twins(service)
    apart = board(service)
    service.merge_players(typo, kept)
    rows = board(service)
    assert "Chloe" not in rows
    chloe = rows["Chloé"]
    assert (chloe.hands, chloe.evenings, chloe.president) == (3, 2, 2)
    assert chloe.points == apart["Chloe"].points + apart["Chloé"].points > 0
    assert [r.player_id for r in service.ratings()].count(kept) == 1
    assert typo not in {r.player_id for r in service.ratings()}
    assert len(service.rating_history(kept)) == 2


def test_merge_keeps_every_evening_as_played(service):
    """Nothing is rewritten: the old evening still shows the name it was played with."""
    typo, kept = twins(service)
    old = next(e for e in service.evenings() if typo in e.player_ids)
    service.merge_players(typo, kept)
    assert service.evening(old.id).names()[typo] == "Chloe"
    assert service.history(old.id).hands[0].ranking[0] == typo


def test_undo_merge_restores_both_players(service):
    """Undoing a merge gives back both players with their own hands and points."""
    typo, kept = twins(service)
    before = {name: (r.hands, r.points) for name, r in board(service).items()}
    change = service.merge_players(typo, kept)
    service.undo_player_change(change)
    assert {name: (r.hands, r.points) for name, r in board(service).items()} == before
    assert {p.name for p in service.active_players()} == {"Chloe", "Chloé", "Bob", "Cat"}


def test_merged_profile_is_not_offered_and_its_name_means_the_target(service):
    """A merged profile is no longer offered, and its name typed again seats the player it was
    merged into."""
    typo, kept = twins(service)
    service.merge_players(typo, kept)
    assert typo not in {p.id for p in service.active_players()}
    ev = service.create_evening(["Chloe", "Bob", "Cat"], "trou-du-cul", day=date(2026, 11, 15))
    assert kept in {p.id for p in ev.players}


def test_two_people_who_played_together_cannot_be_merged(service):
    """Two players who sat at the same evening cannot be merged, and the refusal says why."""
    play(service, ["Ann", "Bob", "Cat"], ["Ann Bob Cat"], date(2026, 11, 1))
    with pytest.raises(MergeError) as err:
        service.merge_players("Ann", "Bob")
    assert "Ann" in err.value.fr and "same evening" in err.value.en


def test_merge_with_itself_is_refused(service):
    """A player cannot be merged into himself."""
    play(service, ["Ann", "Bob", "Cat"], ["Ann Bob Cat"], date(2026, 11, 1))
    with pytest.raises(MergeError):
        service.merge_players("Ann", "Ann")


def test_merge_keeps_the_target_colour(service):
    """A merged profile takes the colour of the player it was merged into."""
    typo, kept = twins(service)
    service.merge_players(typo, kept)
    found = service.player_colours()
    assert found[typo] == found[kept]


def test_rename_and_undo(service):
    """A renamed player shows under his new name, and undoing the rename gives back the old one."""
    play(service, ["Ann", "Bob", "Cat"], ["Ann Bob Cat"], date(2026, 11, 1))
    ann = next(p for p in service.players() if p.name == "Ann")
    change = service.rename(ann.id, "Anne")
    assert "Anne" in board(service)
    service.undo_player_change(change)
    assert "Ann" in board(service) and "Anne" not in board(service)


def test_rename_to_an_existing_name_is_refused(service):
    """A player cannot be renamed to another player's name, whatever its case."""
    play(service, ["Ann", "Bob", "Cat"], ["Ann Bob Cat"], date(2026, 11, 1))
    ann = next(p for p in service.players() if p.name == "Ann")
    with pytest.raises(PlayerListError):
        service.rename(ann.id, "bob")


def test_stored_profile_without_merge_is_written_as_before():
    """A profile that was never merged is stored with its id and name only."""
    assert PlayerProfile(id="a1", name="Ann").model_dump(mode="json") == {"id": "a1", "name": "Ann"}


def profile(pid: str, name: str, merged_into: str | None = None) -> PlayerProfile:
    return PlayerProfile(id=pid, name=name, merged_into=merged_into)


ANA, BOB, CLEO, DAN = (
    profile("ana", "Ana"),
    profile("bob", "Bob"),
    profile("cleo", "Cléo"),
    profile("dan", "Dan"),
)


def test_an_unknown_profile_is_named_in_both_languages() -> None:
    """Merging a profile that does not exist is refused, naming the id asked for."""
    with pytest.raises(UnknownPlayerError) as info:
        merge([ANA, BOB], "zoe", "ana", [])
    assert info.value.message("fr") == "Joueur inconnu : zoe."
    assert info.value.message("en") == "Unknown player: zoe."
    assert info.value.details == {"player": "zoe"}


def test_a_profile_cannot_be_merged_with_itself() -> None:
    """Merging Ana into Ana is refused, with her name in both languages."""
    with pytest.raises(MergeError) as info:
        merge([ANA, BOB], "ana", "ana", [])
    assert info.value.message("fr") == "« Ana » ne peut pas être fusionné avec lui-même."
    assert info.value.message("en") == "'Ana' cannot be merged with itself."


@pytest.mark.parametrize(("source", "into"), [("cleo", "bob"), ("bob", "cleo")])
def test_an_already_merged_profile_is_named_whichever_side_it_is(source: str, into: str) -> None:
    """Cléo is merged into Ana already: merging her, or merging into her, is refused until
    that merge is undone, and the refusal names her (not the other profile)."""
    profiles = [ANA, BOB, profile("cleo", "Cléo", merged_into="ana")]
    with pytest.raises(MergeError) as info:
        merge(profiles, source, into, [])
    assert info.value.message("fr") == (
        "« Cléo » est déjà fusionné : annulez d'abord cette fusion."
    )
    assert info.value.message("en") == "'Cléo' is already merged: undo that merge first."


def test_two_people_at_one_evening_cannot_merge_even_through_an_earlier_merge() -> None:
    """Dan was merged into Bob; an evening where Ana sat with Dan counts as Ana with Bob, so
    Ana and Bob are two people and the merge is refused, with both names."""
    profiles = [ANA, BOB, CLEO, profile("dan", "Dan", merged_into="bob")]
    with pytest.raises(MergeError) as info:
        merge(profiles, "ana", "bob", [["ana", "dan", "cleo"]])
    assert info.value.message("fr") == (
        "« Ana » et « Bob » ont joué la même soirée : ce sont deux personnes, impossible de "
        "les fusionner."
    )
    assert info.value.message("en") == (
        "'Ana' and 'Bob' played the same evening: they are two people and cannot be merged."
    )


def test_a_merge_records_both_profiles_for_its_undo() -> None:
    """The change a merge returns names the profile merged away and the one it now counts
    as; only the source is marked."""
    changed, change = merge([ANA, BOB, CLEO], "cleo", "bob", [["ana", "bob"], ["ana", "cleo"]])
    assert (change.kind, change.player_id, change.into) == ("merge", "cleo", "bob")
    assert [p.merged_into for p in changed] == [None, None, "bob"]


def test_unmerging_a_profile_that_is_not_merged_is_refused() -> None:
    """Undoing a merge that does not exist is refused, with the name in both languages."""
    with pytest.raises(MergeError) as info:
        unmerge([ANA, BOB], "bob")
    assert info.value.message("fr") == "« Bob » n'est fusionné avec personne."
    assert info.value.message("en") == "'Bob' is not merged."


def test_unmerging_one_profile_leaves_the_other_merges() -> None:
    """Undoing Cléo's merge keeps Dan merged into Bob."""
    profiles = [ANA, BOB, profile("cleo", "Cléo", "ana"), profile("dan", "Dan", "bob")]
    assert [p.merged_into for p in unmerge(profiles, "cleo")] == [None, None, None, "bob"]


def test_aliases_follow_chains_and_stop_at_loops() -> None:
    """A merge chain counts as its end; a damaged file with a loop (Bob and Cléo merged into
    each other) still ends, at the last profile before the loop closes."""
    chain = [profile("ana", "Ana", "bob"), profile("bob", "Bob", "cleo"), CLEO]
    assert aliases(chain) == {"ana": "cleo", "bob": "cleo"}
    loop = [profile("ana", "Ana", "bob"), profile("bob", "Bob", "cleo"),
            profile("cleo", "Cléo", "bob")]  # fmt: skip
    assert aliases(loop) == {"ana": "cleo", "bob": "cleo", "cleo": "bob"}
