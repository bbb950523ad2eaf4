"""Hands and players in a real browser: a phone without the key only reads; with the key, an
earlier hand's finishing order is corrected (its points and the totals change), a change made
elsewhere meanwhile is refused with the new state, a hand is deleted, a player joins then
leaves, and the evening is ended, after which the screen reads only."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from companion.table.service import TableService
from companion.ui.access import route_with_key
from tests.support.browser import (
    PHONE,
    PHONE_WAIT,
    Server,
    by_id,
    expect_text,
    open_app,
    running_server,
    tap,
)

pytestmark = pytest.mark.e2e

PLAYERS = ["Léa", "Tom", "Sam", "Zoé"]
# trou-du-cul scores n − rank (3, 2, 1, 0 at four): Léa 8, Tom 7, Sam 2, Zoé 1.
HANDS = [PLAYERS, ["Tom", "Léa", "Zoé", "Sam"], PLAYERS]
CARD_PLAYERS = ["Ann", "Bob", "Cat", "Dan"]
EDIT_BUTTONS = (
    "hand-save",
    "hand-delete",
    "evening-end",
    "leave-0",
    "hands-join",
    "join-profile-0",
    "edit-title",
)


@pytest.fixture(scope="module")
def hands_server(
    tmp_path_factory: pytest.TempPathFactory,
) -> Iterator[tuple[Server, dict[str, str]]]:
    """Its own data folder: one open evening of three hands, Max, a saved profile, and an
    evening scored by the cards left, with one hand."""
    folder: Path = tmp_path_factory.mktemp("hands-data")
    service = TableService(folder)
    ev = service.create_evening(PLAYERS, "trou-du-cul", title="Chez Sam")
    for order in HANDS:
        ev = service.record_hand(ev.id, order, expected_version=ev.version)
    service.add_player("Max")
    cards = service.create_evening(CARD_PLAYERS, "trou-du-cul", settings=["scoring=card_penalty"])
    service.record_hand(
        cards.id,
        [],
        expected_version=cards.version,
        cards_left={"Ann": 0, "Bob": 3, "Cat": 5, "Dan": 2},
    )
    with running_server(data_dir=folder) as srv:
        yield srv, {"evening": ev.id, "cards": cards.id}


def _scroll(page, pixels: int) -> None:
    """Flutter labels only what is on screen: scroll, and let it settle before a tap."""
    page.mouse.move(PHONE["width"] / 2, PHONE["height"] / 2)
    page.mouse.wheel(0, pixels)
    page.wait_for_timeout(400)


def _type_into(page, ident: str, text: str) -> None:
    tap(page, ident)
    # Flutter makes the field's <input> when it gets the focus: type only then.
    page.wait_for_function("() => document.activeElement?.tagName === 'INPUT'")
    page.keyboard.press("Control+A")
    page.keyboard.type(text)


def test_a_phone_without_the_key_only_reads(hands_server, context) -> None:
    """Without the key, the hands and players screen shows the hands (newest first) with their
    points and the players' totals, and no control that edits; tapping a hand opens nothing."""
    srv, ids = hands_server
    evening_id = ids["evening"]
    page = open_app(context, srv.base + f"/evening/{evening_id}/hands")
    by_id(page, "read-only-banner").wait_for(state="attached")
    expect_text(page, "hand-3", "Donne 3")  # newest first
    expect_text(page, "hand-3", "Président : Léa · 3 pts (total 8)")
    tap(page, "hand-3")  # not a button here: nothing opens
    tap(page, "tab-players")
    expect_text(page, "player-0", "Léa — 8 pts")
    for ident in EDIT_BUTTONS:
        assert by_id(page, ident).count() == 0, ident


def test_correct_delete_join_leave_and_end(hands_server, context, browser) -> None:
    """With the key, correcting an earlier hand changes its points and the totals on every phone; a
    save over a change made elsewhere is refused with nothing changed; a hand is deleted after a
    warning; players join and leave (a name already at the table is refused); an ended evening
    offers nothing to edit."""
    srv, _ = hands_server
    # An evening of its own, as the fixture's: this test changes it, and a second try
    # (the rerun guard, after a stalled page) must start from the same three hands.
    service = TableService(srv.data_dir)
    ev = service.create_evening(PLAYERS, "trou-du-cul", title="Chez Sam")
    for order in HANDS:
        ev = service.record_hand(ev.id, order, expected_version=ev.version)
    evening_id = ev.id
    # A phone without the key follows live, here and back on the evening screen.
    reader = browser.new_context(viewport=PHONE)
    reader.set_default_timeout(PHONE_WAIT)
    board = open_app(reader, srv.base + f"/evening/{evening_id}")
    expect_text(board, "standing-0", "1. Léa — 8 pts")
    _scroll(board, 5000)
    tap(board, "evening-hands")
    tap(board, "tab-players")
    expect_text(board, "player-0", "Léa — 8 pts")
    try:
        _with_the_key(
            srv,
            evening_id,
            open_app(context, srv.base + route_with_key(f"/evening/{evening_id}", srv.key)),
            board,
        )
    finally:
        reader.close()


def _with_the_key(srv: Server, evening_id: str, page, board) -> None:
    expect_text(page, "evening-hand", "Donne 4")
    _scroll(page, 5000)
    tap(page, "evening-hands")  # the evening screen's way in
    expect_text(page, "screen-hands", "Donnes et joueurs")

    # Hand 1 was Léa, Tom, Sam, Zoé: it becomes Zoé, Sam, Tom, Léa.
    _scroll(page, 5000)
    tap(page, "hand-1")
    expect_text(page, "edit-title", "Corriger la donne 1")
    expect_text(page, "edit-order", "Léa → Tom → Sam → Zoé")  # prefilled as recorded
    tap(page, "edit-clear")
    expect_text(page, "edit-order", "Touchez qui sort en premier")
    for n, i in enumerate((3, 2, 1)):  # Zoé, Sam, Tom; Léa placed last automatically
        tap(page, f"edit-out-{i}")
        expect_text(page, f"edit-out-{i}", f"{n + 1}.")
    expect_text(page, "edit-order", "Zoé → Sam → Tom → Léa")
    _scroll(page, 5000)
    tap(page, "hand-save")
    expect_text(page, "hands-message", "Donne 1 corrigée")
    _scroll(page, 5000)
    expect_text(page, "hand-1", "Président : Zoé · 3 pts (total 3)")
    _scroll(page, -5000)
    tap(page, "tab-players")  # Léa 5, Tom 6, Sam 3, Zoé 4 now
    expect_text(page, "player-0", "Léa — 5 pts")
    expect_text(page, "player-1", "Tom — 6 pts")
    expect_text(page, "player-3", "Zoé — 4 pts")
    expect_text(board, "player-0", "Léa — 5 pts")  # the other phone reloaded
    tap(board, "back")
    expect_text(board, "standing-0", "1. Tom — 6 pts")

    # Changed elsewhere (another process on the same data) while hand 2 is open: the save
    # is refused with the new state, and nothing is changed twice.
    tap(page, "tab-hands")
    tap(page, "hand-2")
    expect_text(page, "edit-title", "Corriger la donne 2")
    service = TableService(srv.data_dir)
    ev = service.evening(evening_id)
    service.join(evening_id, "Ana", expected_version=ev.version)
    expect_text(page, "edit-out-0", "3. Zoé")  # the keys: the ranking before hand 2
    tap(page, "edit-clear")
    for n, i in enumerate((0, 1, 2)):  # Zoé, Sam, Tom; Léa last
        tap(page, f"edit-out-{i}")
        expect_text(page, f"edit-out-{i}", f"{n + 1}.")
    expect_text(page, "edit-order", "Zoé → Sam → Tom → Léa")
    _scroll(page, 5000)
    tap(page, "hand-save")
    expect_text(page, "hands-message", "Quelqu'un d'autre a modifié la soirée")
    assert [ev.name(p) for p in service.evening(evening_id).hands[1].order] == HANDS[1]

    # Delete hand 3: a first tap shows what will happen, the second deletes.
    _scroll(page, -5000)
    tap(page, "hand-3")
    _scroll(page, 5000)
    tap(page, "hand-delete")
    expect_text(page, "hand-delete-warning", "La donne 3 sera supprimée")
    tap(page, "hand-delete-confirm")
    expect_text(page, "hands-message", "Donne 3 supprimée")
    _scroll(page, -5000)
    expect_text(page, "hand-2", "Donne 2")
    assert by_id(page, "hand-3").count() == 0
    assert len(service.evening(evening_id).hands) == 2
    expect_text(board, "evening-hand", "Donne 3")  # the evening screen reloaded too

    # Ana (joined elsewhere) leaves; Max, a saved profile, joins then leaves; a name
    # already at the table is refused with a message.
    tap(page, "tab-players")
    expect_text(page, "player-4", "Ana")
    tap(page, "leave-4")
    expect_text(page, "hands-message", "Ana a quitté la table")
    expect_text(page, "left-0", "Ana")
    _type_into(page, "hands-name", "tom")
    tap(page, "hands-join")
    expect_text(page, "hands-message", "déjà à la table")
    tap(page, "join-profile-1")  # Ana (who left) first, then Max
    expect_text(page, "hands-message", "Max rejoint la table")
    expect_text(page, "player-4", "Max — 0 pt")
    tap(page, "leave-4")
    expect_text(page, "hands-message", "Max a quitté la table")
    expect_text(page, "left-1", "Max")

    # End the evening: confirm, then everything reads only.
    _scroll(page, 5000)
    tap(page, "evening-end")
    expect_text(page, "evening-end-warning", "Plus aucune donne")
    tap(page, "evening-end-confirm")
    # The phone that ended it lands on the podium, as the others do (issue 21 §4).
    expect_text(page, "evening-ended", "La soirée est terminée")
    by_id(page, "podium").wait_for(state="attached")
    assert service.evening(evening_id).ended
    tap(page, "evening-hands")
    expect_text(page, "hands-ended", "La soirée est terminée")
    _scroll(page, -5000)
    tap(page, "tab-hands")
    tap(page, "hand-1")
    for ident in EDIT_BUTTONS:
        assert by_id(page, ident).count() == 0, ident


def test_a_hand_scored_by_cards_is_corrected_by_its_counts(hands_server, context) -> None:
    """A hand of an evening scored by the cards left is corrected by changing a player's count of
    cards, and its titles and points follow from the new counts."""
    srv, ids = hands_server
    evening_id = ids["cards"]
    page = open_app(context, srv.base + route_with_key(f"/evening/{evening_id}/hands", srv.key))
    expect_text(page, "hand-1", "Vice-Président : Dan · 2 pts")
    tap(page, "hand-1")
    expect_text(page, "edit-cards-1", "Bob : 3")  # prefilled as recorded
    tap(page, "edit-cards-1")
    expect_text(page, "edit-cards-picking", "Bob : combien de cartes")
    tap(page, "edit-count-1")
    expect_text(page, "edit-cards-1", "Bob : 1")
    _scroll(page, 5000)
    tap(page, "hand-save")
    expect_text(page, "hands-message", "Donne 1 corrigée")
    expect_text(page, "hand-1", "Vice-Président : Bob · 1 pt")
    left = TableService(srv.data_dir).evening(evening_id).hands[0].cards_left
    assert left is not None and sorted(left.values()) == [0, 1, 2, 5]
