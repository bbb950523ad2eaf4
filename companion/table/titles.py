"""Titles (S1 of ``shared/VARIANTS.md``): what each finishing place is called, per scheme
and player count.

A scheme names the places from the top and from the bottom; the players in between get the
scheme's middle titles (numbered when there are several of the same name, so that every
player at the table has a distinct title the screens can show and look up).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal

TitleSchemeName = Literal[
    "pagat",
    "pres53",
    "wiki",
    "concierge",
    "tdc",
    "hubere",
    "strutz",
    "butthead",
    "klootzakken",
    "merchants",
]


@dataclass(frozen=True)
class TitleScheme:
    top: tuple[str, ...]  # best first
    bottom: tuple[str, ...]  # worst first
    filler: str  # any other middle place, numbered when there are several
    middles: dict[int, tuple[str, ...]] = field(default_factory=dict)  # named middles by count
    # Balanced: as many named places at the top as at the bottom, the rest in the middle
    # (WIKI: "À trois joueurs, le premier est nommé Président ; le deuxième Neutre").
    balanced: bool = False

    def titles(self, players: int) -> list[str]:
        """Titles for ``players`` places, best first."""
        half = players // 2
        if self.balanced:
            top = bottom = min(len(self.top), len(self.bottom), half)
        else:
            bottom = min(len(self.bottom), half)
            top = min(len(self.top), players - bottom)
        middle = players - top - bottom
        named = self.middles.get(middle)
        if named is None:
            named = (
                (self.filler,)
                if middle == 1
                else tuple(f"{self.filler} {i}" for i in range(1, middle + 1))
            )
        return [*self.top[:top], *named, *reversed(self.bottom[:bottom])]


SCHEMES: dict[str, TitleScheme] = {
    # PAGAT "Le statut social": "le président – le suivant est le vice-président, puis le
    # citoyen et ainsi de suite jusqu'en bas"; the last is "le trouduc" in the seat rules.
    "pagat": TitleScheme(("Président", "Vice-Président"), ("Trouduc",), "Citoyen"),
    # PRES53: "le président, la seconde, le vice-président, la troisième, le secrétaire, la
    # plus faible, le balayeur".
    "pres53": TitleScheme(
        ("Président", "Vice-Président"), ("Balayeur", "Secrétaire"), "Neutre", balanced=True
    ),
    # WIKI "La hiérarchie" and "En cas de nombre impair de joueurs".
    "wiki": TitleScheme(
        ("Président", "Vice-Président"), ("Trou du cul", "Secrétaire"), "Neutre", balanced=True
    ),
    # CONC: "le président, le vice-président, le secrétaire et le concierge … commis 1 et
    # commis 2 entre le secrétaire et le concierge".
    "concierge": TitleScheme(
        ("Président", "Vice-Président", "Secrétaire"),
        ("Concierge",),
        "Commis",
        {1: ("Commis 1",), 2: ("Commis 1", "Commis 2")},
    ),
    # TDC articles 1 and 4.
    "tdc": TitleScheme(
        ("Président", "Secrétaire"),
        ("Trou-du-cul", "Larbin"),
        "Ouvrier",
        {1: ("Contremaître",), 2: ("Contremaître", "Ouvrier")},
    ),
    # PAGAT "Hűbéres": six ranks at six players; Polgár (burgher) for the odd middle place.
    "hubere": TitleScheme(
        ("Király", "Nagybirtokos", "Kisbirtokos"),
        ("Mocsár", "Kisparaszt", "Nagyparaszt"),
        "Polgár",
        balanced=True,
    ),
    # WIKI "Le Strutz": "À partir de quatre joueurs, il y a un Président, un Sous-Président,
    # un Sous-Strutz et un Strutz".
    "strutz": TitleScheme(
        ("Président", "Sous-Président"), ("Strutz", "Sous-Strutz"), "Neutre", balanced=True
    ),
    # PAGAT "Échange de cartes" (Butthead): "le vice-bouton et le vice-président".
    "butthead": TitleScheme(
        ("Président", "Vice-Président"), ("Butthead", "Vice-Butthead"), "Citoyen", balanced=True
    ),
    "klootzakken": TitleScheme(("Président", "Vice-Président"), ("Klootzak",), "Citoyen"),
    # PAGAT "Cartes à échanger": "Propriétaire, Noble, Marchand supérieur, Marchand inférieur,
    # Paysan, Racaille".
    "merchants": TitleScheme(
        ("Propriétaire", "Noble"),
        ("Racaille", "Paysan"),
        "Marchand",
        {2: ("Marchand supérieur", "Marchand inférieur")},
        balanced=True,
    ),
}


def titles_for(scheme: str, players: int) -> list[str]:
    """Titles for a player count, best first."""
    return SCHEMES[scheme].titles(players)


@dataclass(frozen=True)
class PlaceTitles:
    """What a scheme calls the first, the second and the last place, where it calls them so
    at every table size the evening may have; None where the size changes it (WIKI's second
    is « Neutre » at 3 players, « Vice-Président » from 4): words about that place then name
    the place, not a title."""

    first: str | None
    second: str | None
    last: str | None


def place_titles(scheme: str, sizes: range) -> PlaceTitles:
    """The steady titles of the first, second and last places over ``sizes`` (player counts
    of at least 2)."""

    def steady(place: int) -> str | None:
        seen = {titles_for(scheme, n)[place] for n in sizes}
        return seen.pop() if len(seen) == 1 else None

    return PlaceTitles(steady(0), steady(1), steady(-1))
