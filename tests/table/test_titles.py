"""The titles (S1, companion/table/titles.py): each scheme's names for each table size."""

from __future__ import annotations

import pytest

from companion.table.titles import SCHEMES, titles_for


@pytest.mark.parametrize(
    ("scheme", "players", "titles"),
    [
        # PAGAT: président, vice-président, citoyens, and the trouduc at the bottom.
        ("pagat", 2, ["Président", "Trouduc"]),
        ("pagat", 3, ["Président", "Vice-Président", "Trouduc"]),
        ("pagat", 4, ["Président", "Vice-Président", "Citoyen", "Trouduc"]),
        ("pagat", 5, ["Président", "Vice-Président", "Citoyen 1", "Citoyen 2", "Trouduc"]),
        # WIKI: "À trois joueurs, le premier est nommé Président ; le deuxième Neutre".
        ("wiki", 3, ["Président", "Neutre", "Trou du cul"]),
        ("wiki", 4, ["Président", "Vice-Président", "Secrétaire", "Trou du cul"]),
        ("wiki", 5, ["Président", "Vice-Président", "Neutre", "Secrétaire", "Trou du cul"]),
        (
            "wiki",
            6,
            ["Président", "Vice-Président", "Neutre 1", "Neutre 2", "Secrétaire", "Trou du cul"],
        ),
        # CONC: commis 1 and commis 2 between the secrétaire and the concierge.
        ("concierge", 4, ["Président", "Vice-Président", "Secrétaire", "Concierge"]),
        ("concierge", 5, ["Président", "Vice-Président", "Secrétaire", "Commis 1", "Concierge"]),
        (
            "concierge",
            6,
            ["Président", "Vice-Président", "Secrétaire", "Commis 1", "Commis 2", "Concierge"],
        ),
        # TDC: the contremaître, then ouvriers.
        ("tdc", 4, ["Président", "Secrétaire", "Larbin", "Trou-du-cul"]),
        ("tdc", 5, ["Président", "Secrétaire", "Contremaître", "Larbin", "Trou-du-cul"]),
        (
            "tdc",
            7,
            ["Président", "Secrétaire", "Ouvrier 1", "Ouvrier 2", "Ouvrier 3", "Larbin",
             "Trou-du-cul"],
        ),
        # PAGAT: "Propriétaire, Noble, Marchand supérieur, Marchand inférieur, Paysan, Racaille".
        (
            "merchants",
            6,
            ["Propriétaire", "Noble", "Marchand supérieur", "Marchand inférieur", "Paysan",
             "Racaille"],
        ),
        # PAGAT Hűbéres: six ranks at six players, a Polgár in the odd middle place.
        (
            "hubere",
            7,
            ["Király", "Nagybirtokos", "Kisbirtokos", "Polgár", "Nagyparaszt", "Kisparaszt",
             "Mocsár"],
        ),
    ],
)  # fmt: skip
def test_titles_from_the_seeds(scheme: str, players: int, titles: list[str]) -> None:
    """Each place's title, best first, as the seed names them."""
    assert titles_for(scheme, players) == titles


@pytest.mark.parametrize("scheme", sorted(SCHEMES))
def test_every_player_has_a_distinct_title(scheme: str) -> None:
    """From 2 to 12 players, one title per place and no two alike (the screens look a
    player up by title); the first title is the top one and the last the bottom one."""
    for players in range(2, 13):
        titles = titles_for(scheme, players)
        assert len(titles) == players
        assert len(set(titles)) == players
        assert titles[0] == SCHEMES[scheme].top[0]
        assert titles[-1] == SCHEMES[scheme].bottom[0]
