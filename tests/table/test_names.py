"""Names that look alike are found, so the screens can warn before "Chloe" and "Chloé"
become two players; names that only differ by case are the same name, not a warning."""

from __future__ import annotations

from companion.table.names import looks_like, name_key, similar_names


def test_an_accent_is_not_a_different_name() -> None:
    """Chloe and Chloé look alike."""
    assert looks_like("Chloé", ["Chloe"]) == ["Chloe"]


def test_case_spacing_and_hyphens_are_not_a_different_name() -> None:
    """Case, spacing, hyphens and accents do not make a different-looking name."""
    assert looks_like("jean paul", ["Jean-Paul"]) == ["Jean-Paul"]
    assert looks_like(" Zoé  M.", ["zoe m"]) == ["zoe m"]
    assert looks_like("ELOISE", ["Éloïse"]) == ["Éloïse"]


def test_the_same_name_but_for_case_is_the_same_player_not_a_warning() -> None:
    """The app already takes "léa" for the saved "Léa": nothing to warn about."""
    assert looks_like("léa", ["Léa"]) == []
    assert looks_like("Léa", ["Léa"]) == []


def test_different_names_do_not_look_alike() -> None:
    """Names that differ by a letter do not look alike and have different keys."""
    assert looks_like("Léa", ["Léo", "Lena", "Lé"]) == []
    assert name_key("Léa") != name_key("Léo")


def test_a_name_of_marks_only_looks_like_nothing() -> None:
    """A name with nothing left once spacing is ignored ("-") is compared with nothing."""
    assert looks_like("-", ["'", "."]) == []


def test_similar_names_pairs_each_name_with_what_it_looks_like() -> None:
    """At the table and among the players from before, in the order names were added."""
    pairs = similar_names(["Ana", "Chloé", "chloe"], known=["Chloe", "Bob"])
    assert pairs == [("Chloé", "Chloe"), ("chloe", "Chloé")]


def test_a_name_typed_once_and_saved_once_is_one_pair() -> None:
    """A look-alike saved twice is reported as one pair."""
    assert similar_names(["Chloé"], known=["Chloe", "Chloe"]) == [("Chloé", "Chloe")]


def test_no_pairs_on_an_ordinary_table() -> None:
    """Distinct names give no look-alike pairs."""
    assert similar_names(["Léa", "Tom", "Sam", "Zoé"], known=["Léa", "Tom", "Max"]) == []


def test_the_name_rule_s_examples() -> None:
    """The examples of ``name_problem`` (the one rule every screen and the command line
    apply to a typed name) hold."""
    import doctest

    from companion.table import names

    assert doctest.testmod(names).failed == 0


def test_the_name_limit_is_the_stored_profile_s() -> None:
    """Rule: a name the screens accept (40 characters) is one the store keeps, and one
    more character is refused by both."""
    import pydantic
    import pytest

    from companion.table.evening_models import PlayerProfile
    from companion.table.names import NAME_MAX, name_problem

    assert name_problem("x" * NAME_MAX, []) is None
    assert PlayerProfile(name="x" * NAME_MAX).name == "x" * NAME_MAX
    assert name_problem("x" * (NAME_MAX + 1), []) == "invalid"
    with pytest.raises(pydantic.ValidationError):
        PlayerProfile(name="x" * (NAME_MAX + 1))


def test_the_key_is_the_plain_letters_run_together() -> None:
    """The key keeps only the letters and digits, without accents or case, run together:
    "Jean-Paul" and "jean paul" both read "jeanpaul" (a key people can see in a warning)."""
    assert name_key("Jean-Paul") == "jeanpaul"
    assert name_key("  Chloé  O'Brien ") == "chloeobrien"
    assert name_key("Zoë2") == "zoe2"
