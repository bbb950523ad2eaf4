"""The rating in words where it first appears: the Leaderboard's lines and a player's page
say « (provisoire) » while the uncertainty is high, and a sentence says what it is."""

from __future__ import annotations

from datetime import date
from pathlib import Path
from types import SimpleNamespace

import pytest

from companion.table.service import TableService
from companion.ui.history_model import leaderboard_view
from companion.ui.players_model import player_page
from companion.ui.screens.history_leaderboard import rating_words
from companion.words import t

FOUR = ["Léa", "Tom", "Sam", "Zoé"]


def speaker(lang: str) -> SimpleNamespace:
    """As much of a session as the rating's words use."""
    return SimpleNamespace(lang=lang, tr=lambda key, **fields: t(lang, key, **fields))


@pytest.fixture
def service(tmp_path: Path) -> TableService:
    """Two hands: everyone's rating is still provisional."""
    service = TableService(tmp_path / "data")
    ev = service.create_evening(FOUR, "classique", day=date.today())
    for order in (FOUR, ["Tom", "Léa", "Zoé", "Sam"]):
        ev = service.record_hand(ev.id, order, expected_version=ev.version)
    return service


def test_a_leaderboard_line_says_its_rating_is_provisional(service: TableService) -> None:
    """Rule: after two hands each line reads « cote 2x,x ± 7,x (provisoire) », the numbers
    written as the language writes them."""
    board = leaderboard_view(service, "all", date.today())
    for line in board.lines:
        assert line.provisional and line.mu is not None and line.sigma is not None
        words = rating_words(speaker("fr"), line.mu, line.sigma, line.provisional)
        mu, sigma = f"{line.mu:.1f}".replace(".", ","), f"{line.sigma:.1f}".replace(".", ",")
        assert words == f"cote {mu} ± {sigma} (provisoire)"
        assert rating_words(speaker("en"), line.mu, line.sigma, True).endswith("(provisional)")


def test_a_settled_rating_has_no_mark() -> None:
    """Rule: a rating whose uncertainty has fallen reads without « provisoire »; its numbers
    take the language's decimal mark."""
    assert rating_words(speaker("fr"), 31.24, 4.06, False) == "cote 31,2 ± 4,1"
    assert rating_words(speaker("en"), 31.24, 4.06, False) == "rating 31.2 ± 4.1"


def test_the_player_s_page_knows_the_rating_is_provisional(service: TableService) -> None:
    """Rule: the player's page carries the same mark as his Leaderboard line."""
    (line, *_) = leaderboard_view(service, "all", date.today()).lines
    page = player_page(service, line.player_id)
    assert page.provisional and page.mu == line.mu


@pytest.mark.parametrize(
    ("lang", "words"),
    [
        ("fr", ("places de chaque donne", "incertitude", "provisoire")),
        ("en", ("places in every hand", "uncertainty", "provisional")),
    ],
)
def test_the_explanation_says_what_the_rating_and_its_plus_minus_are(
    lang: str, words: tuple[str, ...]
) -> None:
    """Rule: the sentence under the Leaderboard says what the rating is built from, what
    « ± » is, and when it is provisional; and that the list itself ranks by points."""
    text = t(lang, "rating.explain") + " " + t(lang, "board.rating_order")
    assert all(w in text for w in words), text
    assert ("points" in t(lang, "board.rating_order")) and "±" in text
