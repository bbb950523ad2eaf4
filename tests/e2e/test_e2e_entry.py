"""Hand entry in a real browser: a guillotine (first refused when it names its own player,
then recorded) and a card_penalty hand entered as who went out and the cards the others have
left, each checked against what ``TableService`` stored."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from companion.table.evening import Guillotine
from companion.table.service import TableService
from companion.ui.access import route_with_key
from tests.support.browser import (
    PHONE,
    Server,
    by_id,
    expect_text,
    open_app,
    running_server,
    tap,
)

pytestmark = pytest.mark.e2e

SHOTS = Path(__file__).parents[2] / "build" / "e2e"
PLAYERS = ["Léa", "Tom", "Sam", "Zoé"]
CARD_PLAYERS = ["Ann", "Bob", "Cat", "Dan"]


@pytest.fixture(scope="module")
def entry_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[Server, dict]]:
    """Its own data folder with two evenings made before it starts: one with the coup
    d'État option (hence the guillotine), one scored by the cards left."""
    folder: Path = tmp_path_factory.mktemp("entry-data")
    service = TableService(folder)
    ids = {
        "guillotine": service.create_evening(
            PLAYERS, "trou-du-cul", ranking=PLAYERS, settings=["coup_detat=true"]
        ).id,
        "cards": service.create_evening(
            CARD_PLAYERS, "trou-du-cul", settings=["scoring=card_penalty"]
        ).id,
    }
    with running_server(data_dir=folder) as srv:
        yield srv, ids


def _open(context, srv: Server, evening_id: str):
    page = open_app(context, srv.base + route_with_key(f"/evening/{evening_id}", srv.key))
    expect_text(page, "evening-hand", "Donne 1")
    tap(page, "evening-tab-entry")  # the plan first, the finishing order one tap away
    return page


def _scroll_down(page) -> None:
    """Flutter labels only what is on screen: scroll to the bottom (the summary line and
    the record button) before reading it, and let the scroll settle before the next tap."""
    page.mouse.move(PHONE["width"] / 2, PHONE["height"] / 2)
    page.mouse.wheel(0, 5000)
    page.wait_for_timeout(400)


def _tap_and_see(page, ident: str, answer: str, text: str) -> None:
    """Tap, then wait for the screen's answer before the next tap."""
    tap(page, ident)
    expect_text(page, answer, text)


def test_a_guillotine_hand(entry_server, context) -> None:
    """A guillotine whose victim is the player who laid it is refused at recording, with the reason,
    and the order entered is kept; aimed at another player, the hand is recorded with the event and
    the ranking it gives, and the whole Undo button is then on screen without scrolling."""
    srv, ids = entry_server
    evening_id = ids["guillotine"]
    page = _open(context, srv, evening_id)
    for n, i in enumerate((1, 0, 3)):  # Tom, Léa, Zoé; Sam placed last automatically
        _tap_and_see(page, f"out-{i}", f"out-{i}", f"{n + 1}.")
    expect_text(page, "order", "Tom → Léa → Zoé → Sam")

    # A guillotine on its own player: tapped in as is, refused by the model with its reason.
    _tap_and_see(page, "event-guillotine", "event-pending", "qui l'a posée")
    _tap_and_see(page, "out-2", "event-pending", "Guillotine de Sam")
    _tap_and_see(page, "out-2", "event-line-0", "Guillotine — Sam → Sam")
    tap(page, "evening-record")
    expect_text(page, "evening-message", "La guillotine désigne un autre joueur")
    assert TableService(srv.data_dir).evening(evening_id).hands == []

    # Nothing lost: the order stays; the event is taken back and named again.
    tap(page, "event-line-0")
    by_id(page, "event-line-0").wait_for(state="detached")
    _tap_and_see(page, "event-guillotine", "event-pending", "qui l'a posée")
    _tap_and_see(page, "out-2", "event-pending", "Guillotine de Sam")
    _tap_and_see(page, "out-0", "event-line-0", "Guillotine — Sam → Léa")
    _scroll_down(page)
    expect_text(
        page, "entry-summary", "À enregistrer : Tom → Léa → Zoé → Sam · Guillotine (Sam → Léa)"
    )
    tap(page, "evening-record")
    expect_text(page, "evening-result", "Résultat de la donne 1")
    expect_text(page, "result-0", "Sam")
    expect_text(page, "result-3", "Léa")

    ev = TableService(srv.data_dir).evening(evening_id)
    hand = ev.hands[0]
    assert [ev.name(p) for p in hand.order] == ["Tom", "Léa", "Zoé", "Sam"]
    assert [(type(e), ev.name(e.player), ev.name(e.victim)) for e in hand.events] == [
        (Guillotine, "Sam", "Léa")
    ]
    assert hand.result is not None
    assert [ev.name(p) for p in hand.result.ranking] == ["Sam", "Zoé", "Tom", "Léa"]

    # Undo is one tap away once the hand is recorded: the whole button on screen, right
    # under the result, without scrolling.
    # Flutter moves the semantics nodes with a scroll made by the app (the scores open at
    # their top after a record) only at the next scroll event: a one-pixel wheel, where a
    # person's screen already shows it; a busy machine may take seconds to paint.
    # The app's scroll may end after a first nudge on a busy machine: nudge until it shows.
    page.mouse.move(200, 600)
    box = None
    for _ in range(40):
        page.mouse.wheel(0, 1)
        box = by_id(page, "evening-undo").bounding_box()
        if box is not None and box["y"] >= 0 and box["y"] + box["height"] <= PHONE["height"]:
            break
        page.wait_for_timeout(500)
    assert box is not None and box["height"] >= 40, box  # a whole button, not its edge
    assert box["y"] >= 0 and box["y"] + box["height"] <= PHONE["height"], box
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / "entry-recorded-undo.png"))


def test_a_card_penalty_hand(entry_server, context) -> None:
    """In an evening scored by the cards left, a hand is recorded only once who went out and every
    other player's count are entered; the places and points follow from the counts (doubled from 10
    cards, tripled for a player who played none), as stored."""
    srv, ids = entry_server
    evening_id = ids["cards"]
    page = _open(context, srv, evening_id)
    tap(page, "evening-record")  # nobody out yet: a message, nothing recorded
    expect_text(page, "evening-message", "qui a posé toutes ses cartes")

    _tap_and_see(page, "out-2", "cards-picking", "Ann : combien")  # Cat went out
    _tap_and_see(page, "count-3", "cards-0", "Ann : 3")  # then Bob, then Dan
    expect_text(page, "cards-picking", "Bob : combien")
    tap(page, "evening-record")
    expect_text(page, "evening-message", "Il manque le nombre de cartes de : Bob, Dan")
    _tap_and_see(page, "count-10", "cards-1", "Bob : 10")
    _tap_and_see(page, "none-3", "cards-3", "Dan : 13")  # played none: his whole hand
    _tap_and_see(page, "cards-0", "cards-picking", "Ann : combien")
    _tap_and_see(page, "count-plus", "cards-0", "Ann : 4")
    _scroll_down(page)
    # The places the cards give, with their penalties (×2 from 10 cards, ×3 none played).
    expect_text(
        page, "entry-summary", "À enregistrer : Cat 0 pt → Ann 4 pts → Bob 20 pts → Dan 39 pts"
    )
    tap(page, "evening-record")
    expect_text(page, "evening-result", "Résultat de la donne 1")
    expect_text(page, "result-3", "Dan · 39 pts")

    ev = TableService(srv.data_dir).evening(evening_id)
    hand = ev.hands[0]
    assert {ev.name(p): n for p, n in (hand.cards_left or {}).items()} == {
        "Cat": 0,
        "Ann": 4,
        "Bob": 10,
        "Dan": 13,
    }
    assert [ev.name(p) for p in hand.none_played] == ["Dan"]
    assert hand.result is not None
    assert [ev.name(p) for p in hand.result.ranking] == ["Cat", "Ann", "Bob", "Dan"]
    assert {ev.name(p): v for p, v in hand.result.points.items()} == {
        "Cat": 0,
        "Ann": 4,
        "Bob": 20,
        "Dan": 39,
    }
