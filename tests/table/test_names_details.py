"""Details of names that look alike: the comparison key itself."""

from __future__ import annotations

from companion.table.names import name_key


def test_the_key_is_the_plain_letters_run_together() -> None:
    """The key keeps only the letters and digits, without accents or case, run together:
    "Jean-Paul" and "jean paul" both read "jeanpaul" (a key people can see in a warning)."""
    assert name_key("Jean-Paul") == "jeanpaul"
    assert name_key("  Chloé  O'Brien ") == "chloeobrien"
    assert name_key("Zoë2") == "zoe2"
