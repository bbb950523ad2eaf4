"""Titles (S1 of ``shared/VARIANTS.md``): what each finishing place is called, per scheme
and player count.

A scheme names the places from the top and from the bottom; the players in between get the
scheme's middle titles (numbered when there are several of the same name, so that every
player at the table has a distinct title the screens can show and look up).

Each title has a stable id (``president``, ``trou_du_cul``…) and its words in each language
in the ``table`` catalogue (``table.title.<id>``). What evenings, plans and the command
line's JSON carry is the title's French word, the seeds' own (``Title.stored``: « Président »,
« Commis 2 »), as they always have; screens show it in the viewer's language with
``title_words`` (« Président » is "President" in English, « Trou du cul » "Scum").
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Final, Literal

from companion.words import t

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
    "daifugo",
]

# Each title's French word: the seeds' own, and what is stored and printed in JSON. Two ids
# may share a word (WIKI's Secrétaire is its Vice-Trou du cul; CONC's and TDC's are not).
STORED: Final[dict[str, str]] = {
    "president": "Président",
    "vice_president": "Vice-Président",
    "citizen": "Citoyen",
    "neutral": "Neutre",
    "trouduc": "Trouduc",
    "trou_du_cul": "Trou du cul",
    "trou_du_cul_tdc": "Trou-du-cul",
    "secretary": "Secrétaire",
    "vice_scum": "Secrétaire",
    "sweeper": "Balayeur",
    "concierge": "Concierge",
    "clerk": "Commis",
    "foreman": "Contremaître",
    "worker": "Ouvrier",
    "lackey": "Larbin",
    "kiraly": "Király",
    "nagybirtokos": "Nagybirtokos",
    "kisbirtokos": "Kisbirtokos",
    "polgar": "Polgár",
    "nagyparaszt": "Nagyparaszt",
    "kisparaszt": "Kisparaszt",
    "mocsar": "Mocsár",
    "sub_president": "Sous-Président",
    "sub_strutz": "Sous-Strutz",
    "strutz": "Strutz",
    "butthead": "Butthead",
    "vice_butthead": "Vice-Butthead",
    "klootzak": "Klootzak",
    "landlord": "Propriétaire",
    "noble": "Noble",
    "merchant": "Marchand",
    "upper_merchant": "Marchand supérieur",
    "lower_merchant": "Marchand inférieur",
    "peasant": "Paysan",
    "racaille": "Racaille",
    "daifugo": "Daifugō",
    "fugo": "Fugō",
    "heimin": "Heimin",
    "hinmin": "Hinmin",
    "daihinmin": "Daihinmin",
}


@dataclass(frozen=True)
class Title:
    """A title as data: its id and, for a numbered middle place, its number."""

    id: str
    number: int | None = None

    @property
    def stored(self) -> str:
        """The French word kept in evenings and JSON: « Président », « Commis 2 »."""
        word = STORED[self.id]
        return word if self.number is None else f"{word} {self.number}"

    def render(self, lang: str) -> str:
        """The title in ``lang``: "President", "Clerk 2"."""
        word = t(lang, f"table.title.{self.id}")
        if self.number is None:
            return word
        return t(lang, "table.title.numbered", title=word, number=self.number)


@dataclass(frozen=True)
class TitleScheme:
    top: tuple[str, ...]  # title ids, best first
    bottom: tuple[str, ...]  # title ids, worst first
    filler: str  # any other middle place, numbered when there are several
    middles: dict[int, tuple[Title, ...]] = field(default_factory=dict)  # named by count
    # Balanced: as many named places at the top as at the bottom, the rest in the middle
    # (WIKI: "À trois joueurs, le premier est nommé Président ; le deuxième Neutre").
    balanced: bool = False

    def title_list(self, players: int) -> list[Title]:
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
                (Title(self.filler),)
                if middle == 1
                else tuple(Title(self.filler, i) for i in range(1, middle + 1))
            )
        return [
            *(Title(i) for i in self.top[:top]),
            *named,
            *(Title(i) for i in reversed(self.bottom[:bottom])),
        ]

    def titles(self, players: int, lang: str | None = None) -> list[str]:
        """Titles for ``players`` places, best first: as stored (French), or in ``lang``."""
        return [x.stored if lang is None else x.render(lang) for x in self.title_list(players)]


SCHEMES: dict[str, TitleScheme] = {
    # PAGAT "Le statut social": "le président – le suivant est le vice-président, puis le
    # citoyen et ainsi de suite jusqu'en bas"; the last is "le trouduc" in the seat rules.
    "pagat": TitleScheme(("president", "vice_president"), ("trouduc",), "citizen"),
    # PRES53: "le président, la seconde, le vice-président, la troisième, le secrétaire, la
    # plus faible, le balayeur".
    "pres53": TitleScheme(
        ("president", "vice_president"), ("sweeper", "secretary"), "neutral", balanced=True
    ),
    # WIKI "La hiérarchie" ("L'avant-dernier le Secrétaire (ou Vice-Trou du cul)") and "En
    # cas de nombre impair de joueurs".
    "wiki": TitleScheme(
        ("president", "vice_president"), ("trou_du_cul", "vice_scum"), "neutral", balanced=True
    ),
    # CONC: "le président, le vice-président, le secrétaire et le concierge … commis 1 et
    # commis 2 entre le secrétaire et le concierge".
    "concierge": TitleScheme(
        ("president", "vice_president", "secretary"),
        ("concierge",),
        "clerk",
        {1: (Title("clerk", 1),), 2: (Title("clerk", 1), Title("clerk", 2))},
    ),
    # TDC articles 1 and 4.
    "tdc": TitleScheme(
        ("president", "secretary"),
        ("trou_du_cul_tdc", "lackey"),
        "worker",
        {1: (Title("foreman"),), 2: (Title("foreman"), Title("worker"))},
    ),
    # PAGAT "Hűbéres": six ranks at six players; Polgár (burgher) for the odd middle place.
    # The variant's Hungarian names are its titles in every language.
    "hubere": TitleScheme(
        ("kiraly", "nagybirtokos", "kisbirtokos"),
        ("mocsar", "kisparaszt", "nagyparaszt"),
        "polgar",
        balanced=True,
    ),
    # WIKI "Le Strutz": "À partir de quatre joueurs, il y a un Président, un Sous-Président,
    # un Sous-Strutz et un Strutz".
    "strutz": TitleScheme(
        ("president", "sub_president"), ("strutz", "sub_strutz"), "neutral", balanced=True
    ),
    # PAGAT "Échange de cartes" (Butthead): "le vice-bouton et le vice-président".
    "butthead": TitleScheme(
        ("president", "vice_president"), ("butthead", "vice_butthead"), "citizen", balanced=True
    ),
    "klootzakken": TitleScheme(("president", "vice_president"), ("klootzak",), "citizen"),
    # PAGAT "Cartes à échanger": "Propriétaire, Noble, Marchand supérieur, Marchand inférieur,
    # Paysan, Racaille".
    "merchants": TitleScheme(
        ("landlord", "noble"),
        ("racaille", "peasant"),
        "merchant",
        {2: (Title("upper_merchant"), Title("lower_merchant"))},
        balanced=True,
    ),
    # DAIFUGO (pagat), the Japanese titles in every language, like Hűbéres': Dai Fugō, Fugō,
    # Heimin for the middle places, Hinmin, Dai Hinmin; at three, Daifugō, Heimin, Daihinmin.
    "daifugo": TitleScheme(("daifugo", "fugo"), ("daihinmin", "hinmin"), "heimin", balanced=True),
}


def titles_for(scheme: str, players: int, lang: str | None = None) -> list[str]:
    """Titles for a player count, best first: as stored (French), or in ``lang``."""
    return SCHEMES[scheme].titles(players, lang)


def title_of(stored: str, scheme: str | None = None) -> Title | None:
    """The title a stored French word names (« Commis 2 » is clerk number 2), read as
    ``scheme`` names its places when given; None for a word no scheme uses."""
    ids = _ids(scheme)
    if stored in ids:
        return Title(ids[stored])
    word, _, number = stored.rpartition(" ")
    if word in ids and number.isdigit():
        return Title(ids[word], int(number))
    return None


def title_words(lang: str, stored: str, scheme: str | None = None) -> str:
    """A stored title (French) in ``lang``; a word no scheme uses is shown as it is."""
    title = title_of(stored, scheme)
    return stored if title is None else title.render(lang)


def _ids(scheme: str | None) -> dict[str, str]:
    """French word -> id: ``scheme``'s own first, then every title (the plain reading of a
    shared word: Secrétaire is a secretary outside WIKI)."""
    ids: dict[str, str] = {}
    if scheme in SCHEMES:
        s = SCHEMES[scheme]
        for i in (*s.top, *s.bottom, s.filler):
            ids[STORED[i]] = i
        for middle in s.middles.values():
            for x in middle:
                ids.setdefault(STORED[x.id], x.id)
    for i, word in STORED.items():
        ids.setdefault(word, i)
    return ids


@dataclass(frozen=True)
class PlaceTitles:
    """What a scheme calls the first, the second and the last place, where it calls them so
    at every table size the evening may have; None where the size changes it (WIKI's second
    is « Neutre » at 3 players, « Vice-Président » from 4): words about that place then name
    the place, not a title. The words are as stored (French); ``in_lang`` gives them in the
    viewer's language."""

    first: str | None
    second: str | None
    last: str | None
    scheme: str | None = None

    def in_lang(self, lang: str) -> PlaceTitles:
        """The same titles in ``lang``."""

        def shown(word: str | None) -> str | None:
            return None if word is None else title_words(lang, word, self.scheme)

        return PlaceTitles(shown(self.first), shown(self.second), shown(self.last), self.scheme)


def place_titles(scheme: str, sizes: range) -> PlaceTitles:
    """The steady titles of the first, second and last places over ``sizes`` (player counts
    of at least 2)."""

    def steady(place: int) -> str | None:
        seen = {titles_for(scheme, n)[place] for n in sizes}
        return seen.pop() if len(seen) == 1 else None

    return PlaceTitles(steady(0), steady(1), steady(-1), scheme)
