"""A disputed play as the table tells it (companion/rules/dispute.py): the command line's
texts read, each bad item named. One rule per test, the rule in its docstring."""

from __future__ import annotations

import pytest

from companion.rules.dispute import Dispute
from companion.rules.errors import NotationError


def test_a_single_player_is_refused_naming_the_players_option() -> None:
    """A dispute needs at least two players: one name alone is refused, naming --players,
    the option the user must correct."""
    with pytest.raises(NotationError) as info:
        Dispute.parse("pagat", "Léa", "Léa: 7")
    assert info.value.message("en") == "--players: at least two names separated by commas."


def test_a_name_given_twice_is_refused_naming_it() -> None:
    """Each player is named once: a name given twice is refused, naming --players and the
    name repeated."""
    with pytest.raises(NotationError) as info:
        Dispute.parse("pagat", "Léa,Tom,Léa", "Léa: 7")
    assert info.value.message("en") == "--players: duplicate name: Léa."
