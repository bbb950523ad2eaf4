"""Details of merging profiles: what each refusal says, what a merge records, and how a
merged profile's evenings are counted."""

from __future__ import annotations

import pytest

from companion.table.evening import PlayerProfile, UnknownPlayerError
from companion.table.profiles import MergeError, aliases, merge, unmerge


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
