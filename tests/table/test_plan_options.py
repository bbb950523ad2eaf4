"""Table options that change a plan (putsch, merchants, exchanges by score, seats, kinds),
the plan's JSON shape, and the errors a plan request can raise."""

from __future__ import annotations

import json

import pytest
from hypothesis import given, reject, settings
from hypothesis import strategies as st

from companion.rules.errors import RuleSetError
from companion.rules.presets import PRESETS
from companion.table.plan import HandPlan, plan_for_preset, plan_hand
from companion.table.plan_errors import PlanError
from companion.table.roster import PlayerListError
from companion.table.table_presets import table_rules_from

NAMES = ["Ana", "Bob", "Cléo", "Dan", "Eve", "Fred", "Gus", "Hugo", "Ida", "Jo"]


def rows(p: HandPlan) -> list[tuple[str, str, int, str]]:
    return [(e.giver, e.to, e.count, e.kind) for e in p.exchanges]


def test_plan_json_has_exactly_the_contract_keys() -> None:
    """A plan's JSON has exactly the agreed keys, in order (the deck's, exchanges' and discards'
    too), survives a JSON round trip, and carries its instructions in the language asked for."""
    p = plan_for_preset("classique", NAMES[:5])
    data = p.as_json("fr")
    assert list(data) == [
        "titles",
        "seating",
        "dealer",
        "deck",
        "cards",
        "set_aside",
        "exchanges",
        "discards",
        "first_lead",
        "instructions",
    ]
    assert set(data["deck"]) == {"cards", "decks", "jokers"}
    assert all(set(e) == {"from", "to", "count", "kind"} for e in data["exchanges"])
    assert all(set(d) == {"player", "count", "shown", "to"} for d in data["discards"])
    assert json.loads(json.dumps(data, ensure_ascii=False)) == data
    assert data["instructions"] == p.instructions("fr") != p.instructions("en")


def test_putsch_offered_declared_and_punished() -> None:
    """WIKI "Le putsch": "lorsque celui-ci, après distribution des cartes et avant tout
    échange, considère qu'il a un jeu suffisamment fort … il peut lancer un putsch et dès
    lors, tous les joueurs conservent leurs cartes." "À la prochaine partie, le Trou du cul est
    alors sanctionné …: il est condamné à donner ses 4 meilleures cartes au Président, et ce
    dernier lui donne les 4 cartes de son choix. De même, le Trou du cul est interdit de putsch
    au cours de la partie suivante."""
    rules, table = table_rules_from("trou-du-cul", ["putsch=true"])
    offered = plan_hand(rules, table, NAMES[:4])
    assert any("putsch" in line for line in offered.instructions("fr"))
    declared = plan_hand(rules, table, NAMES[:4], putsch_declared=True)
    assert declared.exchanges == []
    assert declared.cards == offered.cards
    punished = plan_hand(rules, table, NAMES[:4], putsch_penalty=True)
    assert rows(punished)[:2] == [("Dan", "Ana", 4, "best"), ("Ana", "Dan", 4, "chosen")]
    assert rows(punished)[2:] == rows(offered)[2:]
    with pytest.raises(PlanError):
        plan_hand(rules, table, NAMES[:4], putsch_declared=True, putsch_penalty=True)
    rules, table = table_rules_from("trou-du-cul")
    with pytest.raises(PlanError):
        plan_hand(rules, table, NAMES[:4], putsch_declared=True)


def test_merchants_swap_in_the_middle() -> None:
    """PAGAT "Cartes à échanger": "avec six joueurs, le classement pourrait être Propriétaire,
    Noble, Marchand supérieur, Marchand inférieur, Paysan, Racaille … les marchands du milieu
    doivent échanger. C'est-à-dire qu'ils doivent se donner une carte l'un à l'autre"."""
    p = plan_for_preset("pagat", NAMES[:6], ["titles=merchants", "merchants=true", "exchange=2/1"])
    assert list(p.titles.values()) == [
        "Propriétaire",
        "Noble",
        "Marchand supérieur",
        "Marchand inférieur",
        "Paysan",
        "Racaille",
    ]
    assert rows(p)[-2:] == [("Cléo", "Dan", 1, "chosen"), ("Dan", "Cléo", 1, "chosen")]
    assert any("marchandent" in line for line in p.instructions("fr"))


@pytest.mark.parametrize(("n", "counts"), [(5, [2, 1]), (7, [3, 2, 1]), (4, [2, 1])])
def test_exchanges_by_symmetric_score(n: int, counts: list[int]) -> None:
    """PAGAT "Scoring": "A 5 joueurs, les scores … sont 2, 1, 0, -1, -2. A 7 joueurs, … 3, 2,
    1, 0, -1, -2, -3. Les scores d'une main indiquent également combien de cartes chaque
    perdant doit échanger avec chaque gagnant"."""
    p = plan_for_preset("pagat", NAMES[:n], ["scoring=symmetric", "exchange=by_score"])
    assert [e.count for e in p.exchanges[::2]] == counts


@pytest.mark.parametrize(
    ("how", "kind", "needle"),
    [
        ("exchange_high=lowest_even_if_set", "lowest", "même si elles font partie d'une paire"),
        ("exchange_high=negotiated", "chosen", "négociées avec"),
        ("exchange_low=best_collective", "best", "prises ensemble"),
    ],
)
def test_wiki_exchange_kinds(how: str, kind: str, needle: str) -> None:
    """WIKI: "dans certaines variantes, le Président donne ses plus basses cartes, même si
    elles forment une paire … le Trou du cul donne ses cartes les plus élevées prises
    collectivement … le Président et le Trou du cul négocient"."""
    p = plan_for_preset("trou-du-cul", NAMES[:4], [how])
    assert kind in {e.kind for e in p.exchanges}
    assert needle in " ".join(p.instructions("fr"))


def test_high_first_and_anticlockwise_seats_as_options() -> None:
    """With ``exchange_order=high_first`` the Président gives his cards first; with
    ``seating=by_rank_anticlockwise`` the ranks run from the last up, clockwise from him."""
    p = plan_for_preset(
        "pagat", NAMES[:5], ["exchange_order=high_first", "seating=by_rank_anticlockwise"]
    )
    assert rows(p)[0] == ("Ana", "Eve", 1, "chosen")
    assert p.seating == ["Ana", "Eve", "Dan", "Cléo", "Bob"]


def test_president_deals_when_asked() -> None:
    """With ``dealer=president`` the Président deals (the preset has the last player deal)."""
    p = plan_for_preset("pagat", NAMES[:4], ["dealer=president"])
    assert p.dealer == "Ana"


def test_anticlockwise_play_changes_the_left_of_dealer() -> None:
    """WIKI: "Le joueur venant après le joueur qui a distribué commence": after, in turn."""
    p = plan_for_preset("trou-du-cul", NAMES[:4], ["direction=anticlockwise"])
    assert p.first_lead == "Cléo"
    assert any("sens inverse" in line for line in p.instructions("fr"))


@pytest.mark.parametrize(
    ("players", "code"),
    [
        (["Ana", "Bob", "Cléo"], "too-few-players"),
        (NAMES[:8], "too-many-players"),
        (["Ana", "Bob", "ana", "Dan"], "duplicate-name"),
        (["Ana", " ", "Cléo", "Dan"], "empty-name"),
    ],
)
def test_plan_errors(players: list[str], code: str) -> None:
    """Names and counts are checked by the roster, for a plan as for an evening."""
    with pytest.raises(PlayerListError) as info:
        plan_for_preset("pagat", players)
    assert info.value.code == code
    assert info.value.message("fr") != info.value.message("en")


def test_fixed_seats_must_name_the_players() -> None:
    """Fixed seats that do not name exactly the players at the table are refused (``bad-seats``)."""
    with pytest.raises(PlanError) as info:
        plan_for_preset("klootzakken", NAMES[:4], seats=["Ana", "Bob", "Cléo", "Zoé"])
    assert info.value.code == "bad-seats"


def test_tdc_pattern_outside_its_counts() -> None:
    """TDC article 4: "on peut adapter les règles pour jouer de 3 à 6 joueurs (au-delà, il
    vaut mieux sortir un deuxième jeu de cartes et répartir les joueurs sur 2 parties)"."""
    rules, table = table_rules_from("classique")
    with pytest.raises(PlanError) as info:
        plan_hand(rules, table, NAMES[:7])
    assert info.value.code == "unsupported-count"


def test_names_are_stripped() -> None:
    """Spaces around a player's name are dropped: the plan seats the names as typed, trimmed."""
    p = plan_for_preset("pagat", [" Ana", "Bob ", "Cléo", "Dan"])
    assert p.seating == NAMES[:4]


def test_seats_and_dealer_only_where_they_mean_something() -> None:
    """Nothing the caller gives is silently dropped."""
    with pytest.raises(PlanError) as info:
        plan_for_preset("pagat", NAMES[:4], seats=NAMES[:4])
    assert info.value.code == "bad-seats"
    rules, table = table_rules_from("pagat")
    with pytest.raises(PlanError) as info:
        plan_hand(rules, table, NAMES[:4], dealer="Ana")
    assert info.value.code == "bad-dealer"
    with pytest.raises(PlanError) as info:
        plan_hand(rules, table, NAMES[:4], first=True, dealer="Zoé")
    assert info.value.code == "bad-dealer"


def test_fixed_seats_on_a_first_hand() -> None:
    """With fixed seats the first hand is played in those seats; the first named deals."""
    rules, table = table_rules_from("klootzakken")
    p = plan_hand(rules, table, NAMES[:4], first=True, seats=["Ana", "Cléo", "Bob", "Dan"])
    assert p.seating == ["Ana", "Cléo", "Bob", "Dan"]
    assert (p.dealer, p.first_lead) == ("Ana", "Cléo")


@st.composite
def _requests(draw: st.DrawFn) -> tuple[str, int, list[str], bool]:
    pid = draw(st.sampled_from(sorted(PRESETS)))
    low, high = PRESETS[pid].players
    n = draw(st.integers(low, high))
    options = draw(
        st.lists(
            st.sampled_from(
                [
                    "exchange=1",
                    "exchange=2:3/1:2",
                    "exchange=3/2/1",
                    "exchange_order=high_first",
                    "exchange_high=lowest",
                    "merchants=true",
                    "putsch=true",
                    "seating=by_rank_anticlockwise",
                    "dealer=president",
                    "direction=anticlockwise",
                    "jokers=0",
                    "jokers=1",
                    "decks=2",
                    "deal=one_by_one_from_left",
                    "deal=from_dealer_self_first",
                    "first_deal=equal_set_aside",
                    "discards=tdc",
                    "discard_shown=false",
                ]
            ),
            max_size=4,
            unique=True,
        )
    )
    return pid, n, options, draw(st.booleans())


@settings(max_examples=150, deadline=None)
@given(_requests())
def test_any_plan_adds_up(request: tuple[str, int, list[str], bool]) -> None:
    """Whatever the options: every card is dealt or set aside, no one gets nothing, every
    exchange is between two seated players, and the cards after the exchanges still add up."""
    pid, n, options, first = request
    try:
        p = plan_for_preset(pid, NAMES[:n], options, first=first)
    except RuleSetError:
        reject()  # options that clash with the preset (e.g. Strutz's wild jokers, jokers=0)
    assert sum(p.cards.values()) + p.set_aside == p.deck.cards
    assert min(p.cards.values()) > 0
    after = p.cards_after()
    assert sum(after.values()) == sum(p.cards.values()) - sum(d.count for d in p.discards)
    for e in p.exchanges:
        assert e.giver != e.to and {e.giver, e.to} <= set(p.seating)
    assert p.first_lead is None or p.first_lead in p.seating
    assert p.instructions("fr")
