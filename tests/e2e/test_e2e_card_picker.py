"""The dispute's card picker in a browser: cards read as cards (V/D/R in French), one tap adds
the play of the player whose turn it is, each joker is offered where the rules rank them
apart, suits where they matter, the variant's player counts are enforced; and given a
player's hand, "Coups possibles" lists every play the referee accepts, a tap adds it."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.support.browser import (
    PHONE,
    Server,
    by_id,
    expect_text,
    into_view,
    open_app,
    reach,
    tap,
    text_of,
)

pytestmark = pytest.mark.e2e
SHOTS = Path(__file__).parents[2] / "build" / "e2e"


def _dispute(context, server: Server):
    page = open_app(context, server.url)
    tap(page, "home-dispute")
    by_id(page, "screen-dispute").wait_for(state="attached")
    return page


def test_cards_read_as_french_cards_and_one_tap_adds_a_play(server: Server, context) -> None:
    """The keys read V, D, R; in "Déjà joué" each tap is the play of whoever's turn it is
    (as many cards as the trick), a pass too; a play the rules refuse is not added."""
    page = _dispute(context, server)
    expect_text(page, "rank-K", "R")
    expect_text(page, "rank-Q", "D")
    expect_text(page, "rank-J", "V")
    assert by_id(page, "suit-h").count() == 0  # suits do not matter in classique
    expect_text(page, "rank-JK", "Joker")  # its two jokers are equal: one key

    tap(page, "mode-table")
    expect_text(page, "mode-hint", "Un toucher ajoute le coup de Paul à la table")
    tap(page, "count-2")
    tap(page, "rank-9")  # Paul leads a pair of nines: two taps
    expect_text(page, "table-0", "Paul : 9 9")
    tap(page, "rank-Q")  # Nina: one tap, a pair like the trick
    expect_text(page, "table-1", "Nina : D D")
    tap(page, "pass")  # Marc passes: one tap
    expect_text(page, "table-2", "Marc : Passe")
    tap(page, "rank-5")  # D cannot play fives on queens: refused, said, not added
    expect_text(page, "notice", "ne peut pas être ajouté")
    assert by_id(page, "table-3").count() == 0
    expect_text(page, "trick-status", "À battre : D D")


def test_possible_plays_from_a_hand_and_a_tap_adds_one(server: Server, context) -> None:
    """Given the hand of the player whose turn it is, the screen lists every play the
    referee would accept from it; a tap adds it to the table and takes it from the hand."""
    page = _dispute(context, server)
    tap(page, "mode-table")
    tap(page, "rank-10")  # Paul leads a ten
    expect_text(page, "table-0", "Paul : 10")
    expect_text(page, "possible-hint", "Donnez la main de Nina")
    tap(page, "mode-hand")
    for rank in ("5", "Q", "Q", "A"):
        tap(page, f"rank-{rank}")
    expect_text(page, "hand-line", "Main de Nina : 5 D D A")
    # The list is below the keys: Flutter builds what is near the screen only.
    page.mouse.move(PHONE["width"] / 2, PHONE["height"] / 2)
    page.mouse.wheel(0, 2500)
    into_view(page, "possible-0", top=PHONE["height"] / 2 - 200)
    plays, i = [], 0
    while by_id(page, f"possible-{i}").count():
        plays.append(text_of(page, f"possible-{i}").strip())
        i += 1
    # Not the 5 (too low), not two queens on one card.
    assert sorted(plays) == ["A", "D", "Passe"], plays
    tap(page, f"possible-{plays.index('A')}")  # Nina plays his ace
    expect_text(page, "table-1", "Nina : A")
    expect_text(page, "possible-hint", "Donnez la main de Marc")  # Marc's hand is not known


def test_jokers_and_suits_where_the_rules_tell_them_apart(server: Server, context) -> None:
    """Le Concierge ranks its two jokers apart: one key for each, red and black; a rule on
    suits brings the suit keys; the player counts are the variant's."""
    page = _dispute(context, server)
    tap(page, "preset")
    tap(page, "preset-concierge")
    expect_text(page, "rank-JKR", "Joker rouge")
    expect_text(page, "rank-JKB", "Joker noir")
    assert by_id(page, "rank-JK").count() == 0
    tap(page, "rank-JKB")
    expect_text(page, "tray", "Paul : joker noir")

    tap(page, "preset")
    tap(page, "preset-classique")  # 3 to 6 players: no key for 7 or more
    by_id(page, "players-6").wait_for(state="attached")
    assert by_id(page, "players-7").count() == 0 and by_id(page, "players-10").count() == 0
    reach(page, "preset-options")
    reach(page, "opt-suits")
    reach(page, "opt-choice-follow_suit")
    reach(page, "suit-h")  # suits matter now: a heart after the king
    tap(page, "clear-tray")
    tap(page, "rank-K")
    tap(page, "suit-h")
    expect_text(page, "tray", "Paul : R♥")


def test_already_played_cards_get_their_suit_where_suits_matter(server: Server, context) -> None:
    """Under a suit rule (B8 follow suit), a rank tapped in "Déjà joué" waits for its suit:
    nothing joins the table until the suit is tapped, and then with that suit; a suit the
    rules refuse is said and the card waits for another."""
    page = _dispute(context, server)
    reach(page, "preset-options")
    reach(page, "opt-suits")
    reach(page, "opt-choice-follow_suit")
    reach(page, "mode-table")
    tap(page, "rank-K")
    expect_text(page, "table-suits", "Coup de Paul : R? — touchez la couleur de chaque carte")
    assert by_id(page, "table-0").count() == 0  # not on the table without its suit
    tap(page, "suit-h")
    expect_text(page, "table-0", "Paul : R♥")
    assert by_id(page, "table-suits").count() == 0
    tap(page, "rank-A")
    expect_text(page, "table-suits", "Coup de Nina : A?")
    tap(page, "table-suit-s")  # the suits right under the play: an ace of spades does not
    expect_text(page, "table-suits-notice", "couleur")  # follow the king of hearts
    expect_text(page, "table-suits", "Coup de Nina : A?")
    assert by_id(page, "table-1").count() == 0
    SHOTS.mkdir(parents=True, exist_ok=True)
    into_view(page, "table-suits", top=300)
    page.screenshot(path=str(SHOTS / "dispute-suit-waiting.png"))
    tap(page, "table-suit-h")
    expect_text(page, "table-1", "Nina : A♥")
    expect_text(page, "trick-status", "À battre : A♥")
    into_view(page, "table-0")
    page.screenshot(path=str(SHOTS / "dispute-already-played-suits.png"))
