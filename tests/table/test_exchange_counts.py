"""S6 `exchange_by_players`: exchanges that follow the number of players, asked of the plan
and of ``companion deal --set``, one rule per test, the source's words in the docstring; and
the counts' text, which reads back the same.

Sources (``companion.rules.presets.PUBLIC_SOURCES``): BOARDOOR (boardoor.com/games/daifugo),
"Beggar gives their 2 strongest cards to President (1 card in 3-player games)"; BALA
(balagamenight.com/games/president), "(With 6+ players) The Vice-Scum gives their 1 best
card to the Vice President".
"""

from __future__ import annotations

import argparse
import doctest
import json

import pytest
from hypothesis import given
from hypothesis import strategies as st

from companion.errors import CompanionError
from companion.table import exchange_counts
from companion.table.exchange_counts import (
    by_size_text,
    counts_at,
    counts_text,
    parse_by_size,
    parse_counts,
)
from companion.table.exchanges import plan_exchanges
from companion.table.table_presets import table_rules_from
from companion.ui import option_words

BOARDOOR = "exchange_by_players=3=1; 4=2/1"
BALA = "exchange_by_players=4=2; 6=2/1"


def _counts(settings: list[str], players: int) -> list[tuple[str, str, int]]:
    """(giver, receiver, count) of each give the plan makes at ``players``."""
    table = table_rules_from("pagat", settings)[1]
    ranking = [f"P{i}" for i in range(1, players + 1)]
    return [(g.giver, g.to, g.count) for p in plan_exchanges(table, ranking) for g in p.gives]


def test_boardoor_one_card_at_three_players():
    """BOARDOOR: "2 strongest cards … (1 card in 3-player games)": at 3 players the last and
    the first exchange 1 card each."""
    assert _counts([BOARDOOR], 3) == [("P3", "P1", 1), ("P1", "P3", 1)]


def test_boardoor_two_then_one_from_four_players():
    """BOARDOOR: from 4 players the last gives 2 to the first, the second-last 1 to the
    second."""
    assert _counts([BOARDOOR], 4) == [
        ("P4", "P1", 2),
        ("P1", "P4", 2),
        ("P3", "P2", 1),
        ("P2", "P3", 1),
    ]


def test_bala_the_second_pair_only_from_six_players():
    """BALA: "(With 6+ players) The Vice-Scum gives their 1 best card to the Vice
    President": at 5 players one exchange, at 6 two."""
    assert len(_counts([BALA], 5)) == 2
    assert _counts([BALA], 6)[2:] == [("P5", "P2", 1), ("P2", "P5", 1)]


def test_below_the_first_entry_nobody_exchanges():
    """`exchange_by_players=4=2`: at 3 players there is no exchange."""
    assert _counts(["exchange_by_players=4=2"], 3) == []


def test_without_the_option_the_counts_are_the_same_at_every_size():
    """S6 `exchange` (PAGAT: « le Trouduc doit donner sa carte la plus élevée au Président »),
    whatever the number of players."""
    assert [c for _, _, c in _counts([], 4)] == [c for _, _, c in _counts([], 6)] == [1, 1]


def test_the_deal_command_follows_the_number_of_players(capsys: pytest.CaptureFixture[str]):
    """`companion deal --set` gives the exchanges BOARDOOR gives at 3 and at 4 players (under
    `daifugo`, which BOARDOOR describes and which allows three players)."""
    from companion.cli.deal import register

    def exchanges(players: str) -> list[int]:
        parser = argparse.ArgumentParser()
        register(parser.add_subparsers(dest="command"))
        argv = ["deal", "--rules", "daifugo", "--players", players, "--set", BOARDOOR]
        args = parser.parse_args(argv)
        assert args.handler(args) == 0
        return [e["count"] for e in json.loads(capsys.readouterr().out)["exchanges"]]

    assert exchanges("A,B,C") == [1, 1]
    assert exchanges("A,B,C,D") == [2, 2, 1, 1]


@pytest.mark.parametrize("text", ["3", "3=x", "=2", "3=1; 3=2", "three=1"])
def test_a_bad_value_is_refused_in_the_viewers_language(text: str):
    """A value that is not ``N=COUNTS; …`` is refused with an example, in French and English."""
    with pytest.raises(CompanionError) as caught:
        table_rules_from("pagat", [f"exchange_by_players={text}"])
    assert "3=1; 4=2/1" in caught.value.fr and "3=1; 4=2/1" in caught.value.en
    assert "joueurs" in caught.value.fr and "players" in caught.value.en


def test_it_clashes_with_exchanges_by_score():
    """S6: exchanges by score and by players cannot both say how many cards."""
    with pytest.raises(CompanionError) as caught:
        table_rules_from("pagat", ["scoring=symmetric", "exchange=by_score", BOARDOOR])
    assert "exchange_by_players" in caught.value.en


def test_counts_out_of_range_are_refused():
    """S6: each count from 1 to 6, as for `exchange`."""
    with pytest.raises(CompanionError) as caught:
        table_rules_from("pagat", ["exchange_by_players=4=9"])
    assert "1" in caught.value.en and "6" in caught.value.en


def test_the_option_is_said_in_words():
    """The options screen and the rules title say the value in words, in each language."""
    text = "3=1; 4=2/1"
    assert option_words.value("exchange_by_players", text, "fr").startswith("dès 3 joueurs")
    assert option_words.value("exchange_by_players", text, "en").startswith("from 3 players")
    assert option_words.value("exchange_by_players", text, "de").startswith("ab 3 Spielern")


counts = st.lists(st.tuples(st.integers(1, 6), st.integers(1, 6)), max_size=3).map(tuple)
sizes = st.dictionaries(st.integers(2, 20), counts, max_size=4).map(
    lambda d: tuple(sorted(d.items()))
)


@given(counts)
def test_counts_read_back_the_same(value: exchange_counts.Counts):
    """``str`` round trip: what the options screen writes, ``--set`` reads back."""
    assert parse_counts(counts_text(value)) == value


@given(sizes, st.integers(2, 20))
def test_counts_by_size_read_back_the_same(value: exchange_counts.BySize, players: int):
    """``str`` round trip, and the entry that applies is the last one at or below."""
    assert parse_by_size(by_size_text(value)) == value
    below = [c for n, c in value if n <= players]
    assert counts_at(value, players) == (below[-1] if below else ())


def test_doctest_examples_run_as_written():
    """The doctest examples of `companion.table.exchange_counts` run as written."""
    assert doctest.testmod(exchange_counts).failed == 0
    assert doctest.testmod(exchange_counts).attempted > 0
