"""Points per place (S10), the putsch bonus, the poker variant's card penalty and end rules."""

import pytest

from companion.table import scoring


def test_top_two_pagat():
    """PAGAT "Le statut social": "par exemple 2 pour le président, 1 pour le vice-président
    et rien pour les autres"."""
    assert scoring.place_points("top_two", 4) == [2, 1, 0, 0]
    assert scoring.place_points("top_two", 7) == [2, 1, 0, 0, 0, 0, 0]
    assert scoring.scheme_total("top_two", 5) == 3


def test_n_minus_rank_wiki():
    """WIKI "Jeu aux points": "Lorsqu'il y a présence de quatre joueurs, celui qui finit
    Président termine avec 3 points, le Vice-Président en a pour sa part 2, le Secrétaire 1,
    et le Trou du cul 0. Pour un nombre de joueurs n, le Président récoltera donc n-1"."""
    assert scoring.place_points("n_minus_rank", 4) == [3, 2, 1, 0]
    assert scoring.place_points("n_minus_rank", 6) == [5, 4, 3, 2, 1, 0]
    assert scoring.scheme_total("n_minus_rank", 6) == 15


def test_three_two_one_pres53():
    """PRES53 "la marque": "le nouveau président marque 3 points, le nouveau vice-président,
    2 points, et le nouveau secrétaire, 1 point"; the balayeur nothing."""
    assert scoring.place_points("three_two_one", 4) == [3, 2, 1, 0]
    assert scoring.place_points("three_two_one", 3) == [3, 2, 0]  # the last never scores
    assert scoring.place_points("three_two_one", 6) == [3, 2, 1, 0, 0, 0]


def test_symmetric_pagat():
    """PAGAT "Scoring": "A 5 joueurs, les scores donnés aux joueurs, du premier au dernier,
    sont 2, 1, 0, -1, -2. A 7 joueurs, les scores sont 3, 2, 1, 0, -1, -2, -3."""
    assert scoring.place_points("symmetric", 5) == [2, 1, 0, -1, -2]
    assert scoring.place_points("symmetric", 7) == [3, 2, 1, 0, -1, -2, -3]
    assert scoring.place_points("symmetric", 4) == [2, 1, -1, -2]  # our even-count choice
    for n in range(3, 9):
        assert scoring.scheme_total("symmetric", n) == 0


def test_none_scores_nothing():
    """The none scheme gives no points to any place, putsch included."""
    assert scoring.place_points("none", 4) == [0, 0, 0, 0]
    assert scoring.hand_points("none", ["a", "b", "c"], putsch=("c", True)) == {
        "a": 0,
        "b": 0,
        "c": 0,
    }


def test_putsch_bonus_wiki():
    """WIKI "Jeu aux points": "Lors d'un putsch réussi, le putschiste récolte alors 1 point de
    plus qu'un Président dit normal (donc 4 points lorsqu'il y a quatre joueurs …), tandis que
    s'il est raté, le putschiste en perd 1."""
    won = scoring.hand_points("n_minus_rank", ["d", "a", "b", "c"], putsch=("d", True))
    assert won == {"d": 4, "a": 2, "b": 1, "c": 0}
    lost = scoring.hand_points("n_minus_rank", ["a", "b", "c", "d"], putsch=("d", False))
    assert lost["d"] == -1
    assert sum(lost.values()) == 6 + scoring.putsch_adjustment("n_minus_rank", ("d", False))


def test_card_penalty_wiki():
    """WIKI (poker): "Les autres joueurs comptent alors leurs cartes et ajoutent autant de
    points à leur score. Une pénalité s'applique aux joueurs ayant 10 cartes ou plus (le
    nombre de points à ajouter est multiplié par 2) ou n'ayant pas posé de cartes (le nombre
    de points à ajouter est alors triplé)."""
    assert scoring.card_penalty(0, False) == 0
    assert scoring.card_penalty(9, False) == 9
    assert scoring.card_penalty(10, False) == 20
    assert scoring.card_penalty(13, True) == 39  # tripled, not doubled as well
    assert scoring.card_penalty(4, True) == 12
    points = scoring.hand_points(
        "card_penalty", ["a", "b", "c"], cards_left={"a": 0, "b": 3, "c": 11}, none_played=["b"]
    )
    assert points == {"a": 0, "b": 9, "c": 22}
    assert scoring.scheme_total("card_penalty", 3) is None


def test_lower_is_better_only_for_card_penalty():
    """WIKI (poker): "Le gagnant est celui qui a le pointage le plus faible."""
    assert scoring.lower_is_better("card_penalty")
    assert not any(scoring.lower_is_better(s) for s in scoring.SCHEMES if s != "card_penalty")
    assert scoring.standings({"a": 5, "b": 2, "c": 9}, ["a", "b", "c"], "card_penalty") == [
        "b",
        "a",
        "c",
    ]
    assert scoring.standings({"a": 5, "b": 2, "c": 9}, ["a", "b", "c"], "top_two") == [
        "c",
        "a",
        "b",
    ]


def test_standings_ties_follow_the_ranking():
    """Players tied on points stand in the order of the ranking."""
    assert scoring.standings({"a": 3, "b": 3, "c": 0}, ["b", "a", "c"], "top_two") == [
        "b",
        "a",
        "c",
    ]
    assert scoring.standings({}, ["b", "a"], "none") == ["b", "a"]


@pytest.mark.parametrize(
    ("end", "target", "hands", "totals", "played", "expected"),
    [
        ("target", 11, None, {"a": 10, "b": 3}, 7, False),
        ("target", 11, None, {"a": 11, "b": 3}, 8, True),  # "atteint (disons) 11 points"
        ("target", 11, None, {"a": 12}, 9, True),  # "atteint ou dépasse"
        ("hands", None, 5, {"a": 99}, 4, False),
        ("hands", None, 5, {"a": 0}, 5, True),
        ("open", None, None, {"a": 999}, 99, False),
    ],
)
def test_end_rules(end, target, hands, totals, played, expected):
    """PAGAT "Fin de partie": "fixez un objectif et le jeu se termine lorsque quelqu'un
    atteint (disons) 11 points"."""
    assert scoring.end_reached(end, target, hands, totals, played) is expected


def test_a_hand_count_does_not_end_a_target_evening() -> None:
    """Under the "target" end rule, a number of hands left in the settings is ignored."""
    assert not scoring.end_reached("target", 11, 5, {"a": 3, "b": 0}, 9)


def test_a_target_does_not_end_a_fixed_number_of_hands() -> None:
    """Under the "hands" end rule, a target left in the settings is ignored."""
    assert not scoring.end_reached("hands", 11, 10, {"a": 30, "b": 0}, 4)


def test_an_open_evening_never_ends_on_target_or_hands() -> None:
    """Under the "open" end rule neither a target nor a hand count ends the evening."""
    assert not scoring.end_reached("open", 11, 5, {"a": 30}, 9)


def test_a_player_without_a_card_count_scores_no_penalty() -> None:
    """card_penalty: a player whose cards left were not counted (out first) scores 0."""
    points = scoring.hand_points("card_penalty", ["a", "b"], cards_left={"b": 4})
    assert points == {"a": 0, "b": 4}


def test_a_player_without_points_yet_counts_as_zero_in_the_standings() -> None:
    """A player missing from the totals (no hand scored yet) ranks as 0 points, below 1."""
    assert scoring.standings({"a": 1}, ["b", "a"], "top_two") == ["a", "b"]


def test_top_two_gives_nothing_to_the_last_even_when_second() -> None:
    """top_two: the last player scores 0, even at two players where he is also second."""
    assert scoring.place_points("top_two", 2) == [2, 0]
    assert scoring.place_points("top_two", 3) == [2, 1, 0]


def test_a_putsch_changes_no_card_penalty_total() -> None:
    """The putsch bonus applies to schemes that count places, never to card_penalty."""
    assert scoring.putsch_adjustment("card_penalty", ("a", True)) == 0
    assert scoring.putsch_adjustment("card_penalty", ("a", False)) == 0
