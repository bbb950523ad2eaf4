"""The plan of a ranked hand for every preset at every player count it allows, checked
against the numbers and sentences of the seeds (``shared/seeds``), quoted in each docstring.

Players are named in ranking order, best first: Ana is always the Président.
"""

from __future__ import annotations

import pytest

from companion.rules.presets import PRESETS
from companion.table.plan import HandPlan, plan_for_preset

NAMES = ["Ana", "Bob", "Cléo", "Dan", "Eve", "Fred", "Gus", "Hugo", "Ida", "Jo"]


def plan(pid: str, n: int, *settings: str) -> HandPlan:
    return plan_for_preset(pid, NAMES[:n], settings)


def cards(plan_: HandPlan) -> list[int]:
    """Cards held after the deal, in ranking order (best first)."""
    return [plan_.cards[name] for name in plan_.titles]


def exchanges(plan_: HandPlan) -> list[tuple[int, int, int, str]]:
    """Exchanges as (giver place, receiver place, count, kind), places 1 = Président."""
    place = {name: i + 1 for i, name in enumerate(plan_.titles)}
    return [(place[e.giver], place[e.to], e.count, e.kind) for e in plan_.exchanges]


def pair(
    low: int, high: int, gives: int, back: int, kind_back: str = "chosen", kind_up: str = "best"
) -> list[tuple[int, int, int, str]]:
    """The lower player gives first, then the higher gives back."""
    return [(low, high, gives, kind_up), (high, low, back, kind_back)]


def test_every_preset_has_table_rules_and_a_sane_range() -> None:
    """Each of the 12 presets plans a hand at both ends of its player range."""
    for pid, preset in PRESETS.items():
        low, high = preset.players
        for n in (low, high):
            p = plan(pid, n)
            assert sum(p.cards.values()) + p.set_aside == p.deck.cards, (pid, n)
            assert set(p.titles) == set(p.seating) == set(NAMES[:n])
            assert len(set(p.titles.values())) == n, "titles are distinct"


# --- PAGAT "Le jeu de base" --------------------------------------------------------------------

PAGAT_TITLES = {
    4: ["Président", "Vice-Président", "Citoyen", "Trouduc"],
    5: ["Président", "Vice-Président", "Citoyen 1", "Citoyen 2", "Trouduc"],
    6: ["Président", "Vice-Président", "Citoyen 1", "Citoyen 2", "Citoyen 3", "Trouduc"],
    7: [
        "Président",
        "Vice-Président",
        "Citoyen 1",
        "Citoyen 2",
        "Citoyen 3",
        "Citoyen 4",
        "Trouduc",
    ],
}
PAGAT_CARDS = {
    4: [13] * 4,
    5: [11, 11, 10, 10, 10],
    6: [9, 9, 9, 9, 8, 8],
    7: [8, 8, 8, 7, 7, 7, 7],
}


@pytest.mark.parametrize("n", [4, 5, 6, 7])
def test_pagat(n: int) -> None:
    """PAGAT: "Environ 4 à 7 personnes utilisant un paquet standard de 52 cartes." "Toutes les
    cartes sont distribuées. Certains joueurs peuvent en avoir une de plus que d'autres."
    "le vice-président s'assied à la gauche du président, et ainsi de suite jusqu'au trouduc
    qui s'assied à la droite du président." "Le trouduc est chargé de mélanger, de distribuer
    … la première carte est distribuée au Président, la deuxième au Vice-président, et ainsi
    de suite jusqu'en bas." "le Trouduc doit donner sa carte la plus élevée au Président, et le
    Président rend en échange toute carte qu'il ne veut pas." "Le Président mène alors"."""
    p = plan("pagat", n)
    assert list(p.titles.values()) == PAGAT_TITLES[n]
    assert p.seating == NAMES[:n]
    assert p.dealer == NAMES[n - 1]
    assert p.deck.model_dump() == {"cards": 52, "decks": 1, "jokers": 0}
    assert cards(p) == PAGAT_CARDS[n]
    assert p.set_aside == 0
    assert exchanges(p) == pair(n, 1, 1, 1)
    assert p.discards == []
    assert p.first_lead == "Ana"


# --- PRES53 --------------------------------------------------------------------------------------


def test_president_53_cards() -> None:
    """PRES53: "Quatre joueurs utilisent un jeu de 52 cartes auquel on ajoute un joker."
    "Le président se met où il veut, le vice-président à sa droite, le secrétaire en face, et
    le balayeur à sa gauche. Le Président distribue les 53 cartes une par une à chacun des
    joueurs, dans le sens des aiguilles d'une montre, en commençant par lui. En fin de
    distribution, il a donc une carte de plus que les autres joueurs." "le balayeur donne ses
    deux plus fortes cartes au président. Celui-ci donne alors ses deux plus faibles cartes au
    balayeur. Le secrétaire donne sa plus forte carte au vice-président. Et le vice-président
    donne sa plus faible carte au secrétaire." "Le balayeur commence à jouer"."""
    p = plan("president", 4)
    assert p.titles == {
        "Ana": "Président",
        "Bob": "Vice-Président",
        "Cléo": "Secrétaire",
        "Dan": "Balayeur",
    }
    # Clockwise from the Président: on his left the Balayeur, opposite the Secrétaire, on his
    # right the Vice-Président.
    assert p.seating == ["Ana", "Dan", "Cléo", "Bob"]
    assert p.dealer == "Ana"
    assert p.deck.model_dump() == {"cards": 53, "decks": 1, "jokers": 1}
    assert p.cards == {"Ana": 14, "Dan": 13, "Cléo": 13, "Bob": 13}
    assert exchanges(p) == [*pair(4, 1, 2, 2, "lowest"), *pair(3, 2, 1, 1, "lowest")]
    assert p.first_lead == "Dan"
    # "Le joueur suivant (le secrétaire en l'occurrence)": play goes clockwise.
    assert p.seating[p.seating.index("Dan") + 1] == "Cléo"


def test_president_one_card_variant() -> None:
    """PRES53 "Variante du président": "le balayeur et le président n'échangent qu'une seule
    carte, tout comme le secrétaire et le vice-président"."""
    p = plan("president", 4, "exchange=1/1")
    assert exchanges(p) == [*pair(4, 1, 1, 1, "lowest"), *pair(3, 2, 1, 1, "lowest")]


# --- WIKI ----------------------------------------------------------------------------------------

WIKI_TITLES = {
    3: ["Président", "Neutre", "Trou du cul"],
    4: ["Président", "Vice-Président", "Secrétaire", "Trou du cul"],
    5: ["Président", "Vice-Président", "Neutre", "Secrétaire", "Trou du cul"],
    6: ["Président", "Vice-Président", "Neutre 1", "Neutre 2", "Secrétaire", "Trou du cul"],
    7: [
        "Président",
        "Vice-Président",
        "Neutre 1",
        "Neutre 2",
        "Neutre 3",
        "Secrétaire",
        "Trou du cul",
    ],
    8: [
        "Président",
        "Vice-Président",
        "Neutre 1",
        "Neutre 2",
        "Neutre 3",
        "Neutre 4",
        "Secrétaire",
        "Trou du cul",
    ],
}
WIKI_CARDS_54 = {
    3: [18] * 3,
    4: [14, 14, 13, 13],
    5: [11, 11, 11, 11, 10],
    6: [9] * 6,
    7: [8, 8, 8, 8, 8, 7, 7],
    8: [7, 7, 7, 7, 7, 7, 6, 6],
}
WIKI_CARDS_52 = {
    3: [18, 17, 17],
    4: [13] * 4,
    5: [11, 11, 10, 10, 10],
    6: [9, 9, 9, 9, 8, 8],
    7: [8, 8, 8, 7, 7, 7, 7],
    8: [7, 7, 7, 7, 6, 6, 6, 6],
}


def wiki_exchanges(n: int) -> list[tuple[int, int, int, str]]:
    if n == 3:
        return pair(3, 1, 2, 2)
    return [*pair(n, 1, 2, 2), *pair(n - 1, 2, 1, 1)]


@pytest.mark.parametrize("n", [3, 4, 5, 6, 7, 8])
def test_trou_du_cul(n: int) -> None:
    """WIKI: "un jeu de 32 ou de 54 cartes"; "Le premier … Président, Le second le
    Vice-Président, L'avant-dernier le Secrétaire, Le dernier est le Trou du cul." "À cinq
    joueurs, le troisième à terminer est le Neutre … n'a ni avantage, ni handicap". "À trois
    joueurs, le premier est nommé Président ; le deuxième Neutre ; et le troisième Trouduc."
    "le Trou du cul devient le distributeur" "Le Trou du cul donne au Président ses deux
    meilleures cartes ; en retour, celui-ci lui donne deux cartes de son choix." "Le
    Secrétaire donne au Vice-Président sa meilleure carte ; en retour, celui-ci lui donne une
    carte au choix" "Le joueur neutre … ne donne aucune carte et n'en reçoit pas." "Le joueur
    venant après le joueur qui a distribué commence"."""
    p = plan("trou-du-cul", n)
    assert list(p.titles.values()) == WIKI_TITLES[n]
    assert p.dealer == NAMES[n - 1]
    assert p.deck.model_dump() == {"cards": 54, "decks": 1, "jokers": 2}
    assert cards(p) == WIKI_CARDS_54[n]
    assert exchanges(p) == wiki_exchanges(n)
    neutral = [name for name, t in p.titles.items() if t.startswith("Neutre")]
    assert all(e.giver not in neutral and e.to not in neutral for e in p.exchanges)
    assert p.first_lead == "Ana"  # the player after the dealer (the Trou du cul)


@pytest.mark.parametrize("pid", ["angevin", "wizz"])
@pytest.mark.parametrize("n", [3, 4, 5, 6, 7, 8])
def test_angevin_and_wizz(pid: str, n: int) -> None:
    """WIKI "Le trou du cul angevin": "Le joker n'est pas utilisé" "Le Trou du cul doit
    invariablement donner ses deux plus fortes cartes mais le Président est lui parfaitement
    libre de donner les cartes de son choix". "Le Wizz": "Le joker n'est pas utilisé." The
    rest as the article's base game."""
    p = plan(pid, n)
    assert list(p.titles.values()) == WIKI_TITLES[n]
    assert p.deck.model_dump() == {"cards": 52, "decks": 1, "jokers": 0}
    assert cards(p) == WIKI_CARDS_52[n]
    assert exchanges(p) == wiki_exchanges(n)


# --- CONC ----------------------------------------------------------------------------------------

CONC = {
    3: (["Président", "Vice-Président", "Concierge"], 54, 1, [18, 18, 18]),
    4: (["Président", "Vice-Président", "Secrétaire", "Concierge"], 54, 1, [14, 14, 13, 13]),
    5: (
        ["Président", "Vice-Président", "Secrétaire", "Commis 1", "Concierge"],
        106,
        2,
        [22, 21, 21, 21, 21],
    ),
    6: (
        ["Président", "Vice-Président", "Secrétaire", "Commis 1", "Commis 2", "Concierge"],
        106,
        2,
        [18, 18, 18, 18, 17, 17],
    ),
}


def conc_pair(high: int, low: int, count: int, kind: str) -> list[tuple[int, int, int, str]]:
    """CONC: the higher player gives first, the lower gives his best in return."""
    return [(high, low, count, kind), (low, high, count, "best")]


@pytest.mark.parametrize("n", [3, 4, 5, 6])
def test_concierge(n: int) -> None:
    """CONC: "de trois à six joueurs"; "Quand il y a plus de quatre joueurs, les deux autres
    occupent des postes intermédiaires de commis 1 et de commis 2 entre le secrétaire et le
    concierge." "un paquet conventionnel, plus les Fous, à trois ou quatre joueurs. Deux
    paquets conventionnels, plus deux Fous, à cinq ou six joueurs." "Le concierge … les donne
    une à une en commençant par le président et en suivant le sens des aiguilles d'une
    montre." "Le président donne ses deux cartes les moins intéressantes au concierge qui, en
    échange, lui donne ses deux meilleures cartes. Quant au vice-président, il donne sa plus
    mauvaise carte au secrétaire qui lui passe sa meilleure en retour." At five or six: "Le
    commis 1 donne sa carte la plus basse au commis 2 qui, en retour, lui donne sa meilleure
    carte. Ensuite, le secrétaire passe sa carte la plus faible au commis 1 qui, en retour, lui
    donne sa carte la plus forte. Enfin, le vice-président échange sa carte la plus faible
    contre la meilleure carte du secrétaire." "Le président lance le premier tour de table."""
    titles, total, decks, held = CONC[n]
    p = plan("concierge", n)
    assert list(p.titles.values()) == titles
    assert p.seating == NAMES[:n]  # the Président on the dealer's left, then by rank
    assert p.dealer == NAMES[n - 1]
    assert p.deck.model_dump() == {"cards": total, "decks": decks, "jokers": 2}
    assert cards(p) == held
    expected = conc_pair(1, n, 2, "chosen")
    expected += {
        3: [],
        4: conc_pair(2, 3, 1, "lowest"),
        5: [*conc_pair(3, 4, 1, "lowest"), *conc_pair(2, 3, 1, "lowest")],
        6: [
            *conc_pair(4, 5, 1, "lowest"),
            *conc_pair(3, 4, 1, "lowest"),
            *conc_pair(2, 3, 1, "lowest"),
        ],
    }[n]
    assert exchanges(p) == expected
    assert p.first_lead == "Ana"


# --- TDC classique and Armix ---------------------------------------------------------------------

TDC = {
    3: (["Président", "Secrétaire", "Trou-du-cul"], [17, 18, 19]),
    4: (["Président", "Secrétaire", "Larbin", "Trou-du-cul"], [13, 13, 13, 15]),
    5: (["Président", "Secrétaire", "Contremaître", "Larbin", "Trou-du-cul"], [10, 10, 11, 11, 12]),
    6: (
        ["Président", "Secrétaire", "Contremaître", "Ouvrier", "Larbin", "Trou-du-cul"],
        [8, 8, 9, 9, 10, 10],
    ),
}


@pytest.mark.parametrize("pid", ["classique", "armix"])
@pytest.mark.parametrize("n", [3, 4, 5, 6])
def test_trou_du_cul_classique(pid: str, n: int) -> None:
    """TDC: "1 jeu de 54 cartes (52 + les 2 jokers)". At 4: "2 cartes au Trou-du-cul, puis
    1 par 1 dans le sens des aiguilles d'une montre." "Le Trou-du-cul donne au Président ses 2
    meilleures cartes. Celui-ci lui en rend 2 au choix. Le Larbin donne au Secrétaire sa
    meilleure carte. Celui-ci lui en rend 1 au choix." "3 joueurs : 1 Président, 1 Secrétaire,
    1 Trou-du-cul. Distribution : 1 carte au Secrétaire, 2 cartes au Trou-du-cul, puis 1 par 1."
    "Le Secrétaire se débarrasse d'une carte au choix, qu'il montre à ses adversaires, et qui
    est ramassée par le Trou-du-cul". "5 joueurs : … Distribution : 1 carte au Contremaître, 1
    carte au Larbin, 2 cartes au Trou-du-cul, puis 1 par 1. … Comme à 4, et le Contremaître se
    débarrasse d'une carte au choix." "6 joueurs : … 1 carte au Contremaître, 1 carte à
    l'Ouvrier, 2 cartes au Larbin, 2 cartes au Trou-du-cul, puis 1 par 1." "Evidemment, le
    Président a la main en début de session." Armix: "La 1e variante peut évidemment
    s'appliquer au Trou-du-cul d'Armix."""
    titles, held = TDC[n]
    p = plan(pid, n)
    assert list(p.titles.values()) == titles
    assert p.seating == NAMES[:n]
    assert p.dealer == NAMES[n - 1]
    assert p.deck.model_dump() == {"cards": 54, "decks": 1, "jokers": 2}
    assert cards(p) == held
    expected = pair(n, 1, 2, 2) if n == 3 else [*pair(n, 1, 2, 2), *pair(n - 1, 2, 1, 1)]
    assert exchanges(p) == expected
    discarder = {3: "Bob", 4: None, 5: "Cléo", 6: "Cléo"}[n]
    if discarder is None:
        assert p.discards == []
    else:
        assert [d.model_dump() for d in p.discards] == [
            {"player": discarder, "count": 1, "shown": True, "to": NAMES[n - 1]}
        ]
    assert p.first_lead == "Ana"
    # After handicaps and discards, TDC's deal evens the hands out as the article intends.
    after = [p.cards_after()[name] for name in p.titles]
    assert (
        after
        == {3: [17, 17, 19], 4: [13, 13, 13, 15], 5: [10, 10, 10, 11, 12], 6: [8, 8, 8, 9, 10, 10]}[
            n
        ]
    )


def test_tdc_deal_order_is_simulated() -> None:
    """TDC at 4: "Distribution … 2 cartes au Trou-du-cul, puis 1 par 1 dans le sens des
    aiguilles d'une montre." With a 52-card pack (no jokers) the round-robin from the
    Président leaves the two extra cards with the Président and the Secrétaire."""
    p = plan("classique", 4, "jokers=0")
    assert cards(p) == [13, 13, 12, 14]


# --- PAGAT variants: Klootzakken, Hűbéres, Butthead --------------------------------------------


@pytest.mark.parametrize("n", [4, 5, 6, 7])
def test_klootzakken(n: int) -> None:
    """PAGAT: "le Klootzakken se joue avec un paquet de 40 cartes dépourvues de 4, 5 et 6" "Il
    n'y a pas de changement de place à la fin d'une main, mais le gagnant échange deux cartes
    non désirées contre les deux meilleures cartes du perdant. Le perdant joue en premier lors
    de la main suivante." "Sièges fixes: … C'est toujours le Trouduc qui mélange et
    distribue"."""
    p = plan("klootzakken", n)
    assert p.deck.model_dump() == {"cards": 40, "decks": 1, "jokers": 0}
    assert list(p.titles.values())[-1] == "Klootzak"
    assert p.dealer == NAMES[n - 1]
    assert cards(p) == {4: [10] * 4, 5: [8] * 5, 6: [7, 7, 7, 7, 6, 6], 7: [6, 6, 6, 6, 6, 5, 5]}[n]
    assert exchanges(p) == pair(n, 1, 2, 2)
    assert p.first_lead == NAMES[n - 1]


def test_klootzakken_keeps_seats() -> None:
    """PAGAT: "Il n'y a pas de changement de place": with given seats, the Klootzak deals from
    his left, whoever sits there."""
    seats = ["Ana", "Cléo", "Dan", "Bob"]
    p = plan_for_preset("klootzakken", NAMES[:4], (), seats=seats)
    assert p.seating == seats
    assert p.dealer == "Dan"
    assert "Chacun garde sa place" in p.instructions("fr")[0]
    assert "en commençant par Bob" in p.instructions("fr")[2]


HUBERE = {
    4: (["Király", "Nagybirtokos", "Kisparaszt", "Mocsár"], [14, 14, 13, 13]),
    5: (["Király", "Nagybirtokos", "Polgár", "Kisparaszt", "Mocsár"], [11, 11, 11, 11, 10]),
    6: (["Király", "Nagybirtokos", "Kisbirtokos", "Nagyparaszt", "Kisparaszt", "Mocsár"], [9] * 6),
    7: (
        ["Király", "Nagybirtokos", "Kisbirtokos", "Polgár", "Nagyparaszt", "Kisparaszt", "Mocsár"],
        [8, 8, 8, 8, 8, 7, 7],
    ),
}


@pytest.mark.parametrize("n", [4, 5, 6, 7])
def test_hubere(n: int) -> None:
    """PAGAT "Hűbéres": "lorsqu'il est joué par six personnes, les rangs sont Király,
    Nagybirtokos, Kisbirtokos, Nagyparaszt, Kisparaszt, Mocsár … Le roi et le marais échangent
    trois cartes, le grand propriétaire terrien et le petit paysan deux cartes, et le petit
    propriétaire terrien et le grand paysan une carte." "tous les jokers, twos et threes sont
    tous wild"."""
    titles, held = HUBERE[n]
    p = plan("hubere", n)
    assert list(p.titles.values()) == titles
    assert p.deck.model_dump() == {"cards": 54, "decks": 1, "jokers": 2}
    assert cards(p) == held
    expected = [*pair(n, 1, 3, 3), *pair(n - 1, 2, 2, 2)]
    if n >= 6:
        expected += pair(n - 2, 3, 1, 1)
    assert exchanges(p) == expected


@pytest.mark.parametrize("n", [4, 5, 6, 7])
def test_butthead(n: int) -> None:
    """PAGAT: "le Butthead passe au Président ses deux meilleures cartes et le Président passe
    au Butthead trois de son choix. De même, le vice-bouton et le vice-président échangent
    respectivement une et deux cartes."""
    p = plan("butthead", n)
    titles = list(p.titles.values())
    assert titles[:2] == ["Président", "Vice-Président"]
    assert titles[-2:] == ["Vice-Butthead", "Butthead"]
    assert cards(p) == PAGAT_CARDS[n]
    assert exchanges(p) == [*pair(n, 1, 2, 3), *pair(n - 1, 2, 1, 2)]
    after = p.cards_after()
    assert after[NAMES[n - 1]] == p.cards[NAMES[n - 1]] + 1  # more bad cards to the Butthead


# --- WIKI "Le Strutz" ----------------------------------------------------------------------------


@pytest.mark.parametrize("n", [3, 4, 5, 6, 7, 8, 9, 10])
def test_strutz(n: int) -> None:
    """WIKI "Le Strutz": "À partir de quatre joueurs, il y a un Président (premier de la manche
    précédente), un Sous-Président, un Sous-Strutz et un Strutz (dernier de la manche
    précédente)." "Le Strutz donne ses deux meilleures cartes (sauf joker) et reçoit deux
    cartes choisies par le Président. Le Strutz peut mettre un veto" "Le Sous-Strutz donne
    une seule carte et a aussi droit à un veto." "De 3 à 5 joueurs, on joue avec un jeu de 54
    cartes. de 6 à 10 joueurs, on prend deux jeux de 52 cartes." "À chaque nouvelle manche, le
    Strutz commence" "Si le nombre total de cartes n'est pas divisible par le nombre de
    joueurs, les cartes supplémentaires sont données en priorité au Strutz, puis au
    Sous-Strutz, et ainsi de suite jusqu'à épuisement."""
    p = plan("strutz", n)
    titles = list(p.titles.values())
    assert titles[0] == "Président"
    assert titles[-1] == "Strutz"
    if n >= 4:
        assert titles[1] == "Sous-Président"
        assert titles[-2] == "Sous-Strutz"
    if n <= 5:
        assert p.deck.model_dump() == {"cards": 54, "decks": 1, "jokers": 2}
    else:
        assert p.deck.decks == 2
        assert p.deck.cards == 104 + p.deck.jokers
    total = p.deck.cards
    base, extra = divmod(total, n)
    assert cards(p) == [base] * (n - extra) + [base + 1] * extra
    if n == 4:
        assert cards(p) == [13, 13, 14, 14]
    expected = pair(n, 1, 2, 2) if n == 3 else [*pair(n, 1, 2, 2), *pair(n - 1, 2, 1, 1)]
    assert exchanges(p) == expected
    assert p.first_lead == NAMES[n - 1]
    text = " ".join(p.instructions("fr"))
    assert "sauf joker" in text and "refuser" in text
    assert "sens inverse des aiguilles" in text  # the Président plays last in the first round
