"""Points (S10 of ``shared/VARIANTS.md``): what each place of a hand is worth, the putsch
bonus, the poker variant's card penalty, and when an evening's end rule is met.

Pure functions of plain values: the evening replay (``companion.table.evening``) calls them
for each hand, so points are always derived from the hands, never patched.

Choices where the seeds leave a point open (each documented where it is made):

* ``three_two_one`` beyond 4 players: Président 3, Vice-Président 2, the third 1, everyone
  else 0, and the last always 0 (3 players: 3, 2, 0).
* ``symmetric`` at an even count has no zero (4 players: 2, 1, −1, −2), as the exchange
  counts of ``exchange_by_score`` (``companion.table.exchanges.symmetric_scores``).
* The putsch bonus (+1 / −1, WIKI "Jeu aux points") applies to every scheme that counts
  places; never to ``none`` or ``card_penalty``.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence

from companion.table.exchanges import symmetric_scores

SCHEMES = ("none", "top_two", "n_minus_rank", "three_two_one", "symmetric", "card_penalty")

# WIKI "Jeu aux points": "Lors d'un putsch réussi, le putschiste récolte alors 1 point de plus
# qu'un Président dit normal … tandis que s'il est raté, le putschiste en perd 1."
PUTSCH_BONUS = 1

# WIKI (poker variant): "Une pénalité s'applique aux joueurs ayant 10 cartes ou plus (le nombre
# de points à ajouter est multiplié par 2) ou n'ayant pas posé de cartes (… triplé)."
PENALTY_DOUBLE_FROM = 10


def place_points(scheme: str, players: int) -> list[int]:
    """Points for each place, best first (all zero for ``none``; ``card_penalty`` scores
    cards, not places: zero here too)."""
    n = players
    if scheme == "top_two":
        # PAGAT "Le statut social": "2 pour le président, 1 pour le vice-président et rien
        # pour les autres".
        return [max(0, 2 - i) if i < n - 1 else 0 for i in range(n)]
    if scheme == "n_minus_rank":
        # WIKI "Jeu aux points": "le Président récoltera donc n-1, jusqu'au Trou du cul qui
        # récoltera 0".
        return [n - 1 - i for i in range(n)]
    if scheme == "three_two_one":
        # PRES53 "la marque": "le nouveau président marque 3 points, le nouveau vice-président,
        # 2 points, et le nouveau secrétaire, 1 point".
        return [max(0, 3 - i) if i < n - 1 else 0 for i in range(n)]
    if scheme == "symmetric":
        # PAGAT "Scoring": "A 5 joueurs … 2, 1, 0, -1, -2. A 7 joueurs … 3, 2, 1, 0, -1, -2, -3."
        return symmetric_scores(n)
    return [0] * n


def scheme_total(scheme: str, players: int) -> int | None:
    """What one hand's points add up to before any putsch bonus (None: card_penalty)."""
    if scheme == "card_penalty":
        return None
    return sum(place_points(scheme, players))


def lower_is_better(scheme: str) -> bool:
    """WIKI (poker variant): "Le gagnant est celui qui a le pointage le plus faible"."""
    return scheme == "card_penalty"


def counts_places(scheme: str) -> bool:
    return scheme not in ("none", "card_penalty")


def card_penalty(cards_left: int, played_none: bool) -> int:
    """Penalty points for the cards a player still holds. A player who played no card has
    his count tripled instead of doubled, never both (our reading: "ou")."""
    if played_none:
        return 3 * cards_left
    if cards_left >= PENALTY_DOUBLE_FROM:
        return 2 * cards_left
    return cards_left


def hand_points(
    scheme: str,
    ranking: Sequence[str],
    *,
    cards_left: Mapping[str, int] | None = None,
    none_played: Sequence[str] = (),
    putsch: tuple[str, bool] | None = None,
) -> dict[str, int]:
    """Points of one hand. ``ranking``: the places the hand produced, best first (after its
    events); ``putsch``: (putschist, succeeded) when a putsch was declared."""
    if scheme == "card_penalty":
        left = cards_left or {}
        return {p: card_penalty(left.get(p, 0), p in none_played) for p in ranking}
    points = dict(zip(ranking, place_points(scheme, len(ranking)), strict=True))
    if putsch is not None and counts_places(scheme):
        who, won = putsch
        points[who] += PUTSCH_BONUS if won else -PUTSCH_BONUS
    return points


def putsch_adjustment(scheme: str, putsch: tuple[str, bool] | None) -> int:
    """How far a hand's total differs from ``scheme_total`` because of a putsch."""
    if putsch is None or not counts_places(scheme):
        return 0
    return PUTSCH_BONUS if putsch[1] else -PUTSCH_BONUS


def standings(totals: Mapping[str, int], ranking: Sequence[str], scheme: str) -> list[str]:
    """Players by evening score, best first; ties (and ``none``) by the current ranking."""
    place = {p: i for i, p in enumerate(ranking)}
    sign = 1 if lower_is_better(scheme) else -1
    return sorted(ranking, key=lambda p: (sign * totals.get(p, 0), place[p]))


Places = dict[str, list[int]]  # each player's place in every hand he played, 1 = first


def add_places(places: Places, ranking: Sequence[str]) -> Places:
    """Count one more hand into ``places`` (its ranking, best first); returns ``places``.
    The one home of places per player: the replay, the standings, the end-of-evening
    summary, the score sheet's tally and the leaderboard's summary all count them here."""
    for place, p in enumerate(ranking, 1):
        places.setdefault(p, []).append(place)
    return places


def places_of(rankings: Iterable[Sequence[str]]) -> Places:
    """Each player's place in every hand of ``rankings`` (best first), in hand order."""
    places: Places = {}
    for ranking in rankings:
        add_places(places, ranking)
    return places


def evening_order(
    rule: str,
    totals: Mapping[str, int],
    ranking: Sequence[str],
    scheme: str,
    places: Mapping[str, Sequence[int]],
) -> list[str]:
    """Players by the evening's ranking rule (``TableRules.evening_rank``), best first.

    ``places`` holds each player's place in every hand he played (1 = Président). Ties, and
    players with no hand yet, go by the last hand's order (``ranking``), as at the table.

    >>> evening_order("times_president", {}, ["b", "a"], "none", {"a": [1, 1, 2], "b": [2, 2, 1]})
    ['a', 'b']
    >>> evening_order("average_place", {}, ["a", "b", "c"], "none", {"a": [3], "b": [1], "c": []})
    ['b', 'a', 'c']
    """
    if rule == "points":
        return standings(totals, ranking, scheme)
    place = {p: i for i, p in enumerate(ranking)}
    if rule == "last_hand":
        return list(ranking)

    def average(p: str) -> float:
        got = places.get(p, ())
        return sum(got) / len(got) if got else float("inf")

    if rule == "average_place":
        return sorted(ranking, key=lambda p: (average(p), place[p]))
    if rule == "times_president":
        firsts = {p: sum(1 for i in places.get(p, ()) if i == 1) for p in ranking}
        return sorted(ranking, key=lambda p: (-firsts[p], average(p), place[p]))
    raise ValueError(f"unknown evening_rank: {rule}")


def end_reached(
    end: str, target: int | None, hands: int | None, totals: Mapping[str, int], hands_played: int
) -> bool:
    """PAGAT "Fin de partie": "fixez un objectif et le jeu se termine lorsque quelqu'un
    atteint (disons) 11 points"; WIKI (poker): "terminée quand un joueur atteint ou dépasse
    le pointage requis"; or after a fixed number of hands."""
    if end == "target" and target is not None:
        return any(t >= target for t in totals.values())
    if end == "hands" and hands is not None:
        return hands_played >= hands
    return False
