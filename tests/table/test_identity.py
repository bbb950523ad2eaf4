"""Who is who at a glance (companion/table/identity.py): each profile's colour, the fallback
colour of an unknown profile, and initials."""

from __future__ import annotations

import hashlib

import pytest

from companion.table.identity import PALETTE, colour_of, colours, hashed_colour, initials


def sha1_colour(player_id: str) -> int:
    """An independent reading of the fallback: the first four bytes of the id's SHA-1, as a
    big-endian number, pick the palette colour."""
    return int(hashlib.sha1(player_id.encode("utf-8")).hexdigest()[:8], 16) % len(PALETTE)


IDS = [f"p{i}" for i in range(40)] + ["Chloé-01", "zoë"]


def test_an_unknown_profile_takes_the_colour_of_its_id_hash() -> None:
    """A profile missing from the list (an imported evening) takes a colour from a hash of
    its id: the same on every device and every release, spread over the whole palette."""
    picked = [hashed_colour(pid) for pid in IDS]
    assert picked == [PALETTE[sha1_colour(pid)] for pid in IDS]
    assert len(set(picked)) > len(PALETTE) // 2


def test_colour_of_falls_back_to_the_hash_for_unknown_ids() -> None:
    """A known profile keeps its own colour; an unknown one gets its hashed colour."""
    known = colours(["ana", "bob"])
    assert colour_of("ana", known) == PALETTE[0]
    assert [colour_of(pid, known) for pid in IDS] == [PALETTE[sha1_colour(pid)] for pid in IDS]


def test_a_profile_merged_into_an_unknown_one_shows_that_ones_hashed_colour() -> None:
    """A merged profile shows as its target; a target missing from the list gives the
    target's hashed colour (not the source's)."""
    out = colours(["ana"], {"bob": "gone-1", "cleo": "ana"})
    assert out["bob"] == PALETTE[sha1_colour("gone-1")]
    assert out["cleo"] == out["ana"] == PALETTE[0]


def test_underscores_separate_words_in_initials() -> None:
    """A name typed "jean_luc" reads as two words, like "jean luc" and "jean-luc"."""
    assert initials("jean_luc") == initials("jean luc") == initials("jean-luc") == "JL"
    assert initials("_anne_") == "An"


def test_a_name_without_letters_shows_a_question_mark() -> None:
    """A name made only of separators has no initial: the avatar shows "?"."""
    assert initials(" - _ ") == "?"
    assert initials("") == "?"


def test_colours_follow_the_profile_not_the_chart():
    """The n-th profile created takes the n-th colour, whoever else is on the chart."""
    ids = [f"id{i}" for i in range(20)]
    found = colours(ids)
    assert found["id3"] == PALETTE[3] and found["id17"] == PALETTE[1]
    assert len({found[i] for i in ids[:16]}) == 16
    assert colours(ids)["id3"] == colours(ids[:5])["id3"]


@pytest.mark.parametrize(
    ("name", "expected"),
    [
        ("Jean-Luc", "JL"),
        ("Anne Sophie Martin", "AS"),
        ("Chloé", "Ch"),
        ("  bob ", "Bo"),
        ("7", "7"),
    ],
)
def test_initials(name, expected):
    """A player's initials are read from his name as shown."""
    assert initials(name) == expected
