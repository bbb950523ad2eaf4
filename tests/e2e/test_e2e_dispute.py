"""The dispute screen at a real table, in a browser: opened from an evening that plays a house
option, it rules under that option and cites it; the option changed on the spot changes the
ruling and flags a play on the table it makes illegal; a pass out of turn says who had to act
first, and their passes can be recorded."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from companion.table.service import TableService
from companion.ui.access import route_with_key
from tests.support.browser import (
    PHONE,
    Server,
    by_id,
    expect_text,
    goto,
    open_app,
    reach,
    running_server,
    tap,
)

pytestmark = pytest.mark.e2e


@pytest.fixture(scope="module")
def table(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[Server, str]]:
    """Its own server and data folder, holding one evening of classique where a card may be
    covered by one of the same rank (equal_play=allowed; the preset forbids it)."""
    folder: Path = tmp_path_factory.mktemp("dispute-data")
    evening = TableService(folder).create_evening(
        ["Léa", "Tom", "Sam", "Zoé"],
        "classique",
        title="Chez Léa",
        settings=["equal_play=allowed", "seating=fixed"],
    )
    with running_server(data_dir=folder) as srv:
        yield srv, evening.id


def _open_dispute(page, server: Server, evening_id: str) -> None:
    goto(page, server.base + route_with_key(f"/evening/{evening_id}", server.key))
    tap(page, "evening-dispute")
    by_id(page, "screen-dispute").wait_for(state="attached")
    expect_text(page, "evening-rules", "Règles de la soirée « Chez Léa »")


def test_the_evenings_option_rules_and_changing_it_changes_the_ruling(
    table: tuple[Server, str], context
) -> None:
    """From the evening's screen, the dispute rules under the evening's option and cites it;
    the option changed on screen changes the ruling, and flags a play it makes illegal."""
    server, evening_id = table
    page = open_app(context, server.url)
    _open_dispute(page, server, evening_id)
    assert "key=" in page.url and "evening=" in page.url  # the rights came along
    assert by_id(page, "read-only-banner").count() == 0

    # Seating order from who leads the first hand (left of Léa, the dealer): Tom.
    expect_text(page, "actor-0", "Tom (son tour)")
    tap(page, "rank-K")
    tap(page, "add")
    expect_text(page, "table-0", "Tom : R")

    expect_text(page, "actor-1", "Sam (son tour)")  # Sam covers the king with a king
    tap(page, "rank-K")
    tap(page, "judge")
    expect_text(page, "ruling-verdict", "Coup valable")
    expect_text(page, "ruling-rule", "Cartes égales : autorisé, option de la soirée")
    tap(page, "ruling-close")

    reach(page, "preset-options")  # the house option changed on the spot
    reach(page, "opt-equal_play")
    expect_text(
        page, "opt-equal_play", "Si l'on peut couvrir avec la même valeur."
    )  # its explanation
    reach(page, "opt-choice-forbidden")
    expect_text(page, "evening-rules", "changées ici : Cartes égales : interdit")
    expect_text(page, "tray", "Sam : R")  # the play in question is still there
    reach(page, "judge")
    expect_text(page, "ruling-verdict", "Coup interdit")
    expect_text(page, "ruling-rule", "Cartes égales : interdit, changée ici (avant : autorisé)")
    tap(page, "ruling-close")

    reach(page, "opt-reset")  # back to the evening's rules: legal again
    expect_text(page, "evening-rules", "Règles de la soirée « Chez Léa »")
    reach(page, "judge")
    expect_text(page, "ruling-verdict", "Coup valable")
    tap(page, "ruling-continue")  # Sam's king joins the table
    expect_text(page, "table-1", "Sam : R")

    # The option changed again: the king on the table no longer holds, and says why.
    reach(page, "opt-choice-forbidden")  # the option is still unfolded
    expect_text(page, "table-1", "Sam : R — ne tient plus")
    expect_text(page, "broken-reason", "une combinaison de même valeur ne bat pas R")
    reach(page, "drop-broken")
    by_id(page, "broken-reason").wait_for(state="detached")
    assert by_id(page, "table-1").count() == 0


def test_a_pass_out_of_turn_says_who_acts_first(table: tuple[Server, str], context) -> None:
    """A pass out of turn names who must act first; their passes recorded, it is judged
    again, in turn, and the trick shows who passed."""
    server, evening_id = table
    page = open_app(context, server.url)
    _open_dispute(page, server, evening_id)
    tap(page, "rank-K")  # Tom leads a king
    tap(page, "add")
    expect_text(page, "table-0", "Tom : R")

    tap(page, "actor-3")  # Léa passes, but Sam and Zoé come before her
    tap(page, "pass")
    tap(page, "judge")
    expect_text(page, "ruling-verdict", "Coup interdit")
    expect_text(page, "ruling-before", "Avant Léa : Sam, Zoé doivent jouer ou passer.")
    tap(page, "ruling-pass-before")  # they did pass: recorded, and Léa's pass judged again
    expect_text(page, "ruling-verdict", "Coup valable")
    tap(page, "ruling-continue")
    expect_text(page, "table-3", "Léa : Passe")
    expect_text(page, "trick-status", "Ont passé : Sam, Zoé, Léa")


def test_an_unknown_evening_says_so_and_keeps_the_screen(
    table: tuple[Server, str], context
) -> None:
    """An address naming an unknown evening says so; the screen still rules by default."""
    server, _ = table
    page = open_app(context, server.base + f"/dispute?evening=nope&key={server.key}")
    expect_text(page, "dispute-evening-failed", "Soirée inconnue : nope.")
    expect_text(page, "preset", "Trou-du-cul classique")  # the default rules still rule
    assert by_id(page, "evening-rules").count() == 0


def test_a_refused_name_is_said_beside_the_names(table: tuple[Server, str], context) -> None:
    """Rule (issue 21, bug 8): a name the dispute cannot take (already used, or longer than
    the 40 characters a new evening accepts) is refused with its reason, under the name
    fields; a 40-character name is taken, as on the new evening screen."""
    from tests.support.static_site import type_into

    server, _ = table
    page = open_app(context, server.url)
    tap(page, "home-dispute")
    reach(page, "names")
    type_into(page, "name-1", "Paul")
    page.keyboard.press("Enter")
    expect_text(page, "names-notice", "« Paul » est déjà à la table")
    long = "x" * 41
    type_into(page, "name-1", long)
    page.keyboard.press("Enter")
    expect_text(page, "names-notice", "40 caractères au plus")
    type_into(page, "name-1", "y" * 40)
    page.keyboard.press("Enter")
    by_id(page, "names-notice").wait_for(state="detached")
    expect_text(page, "names", "y" * 40)  # the names row says the names in use


def test_the_picker_is_at_the_top_and_a_ruled_play_makes_way(
    table: tuple[Server, str], context
) -> None:
    """Rule (issue 21 §5): opened from an evening, the card keys show on the first screen
    without scrolling, under the evening's name; after a ruling the next card tapped starts
    a new play instead of joining the one just ruled ("6", not "R 6")."""
    server, evening_id = table
    page = open_app(context, server.url)
    _open_dispute(page, server, evening_id)
    box = by_id(page, "rank-2").bounding_box()
    assert box is not None and box["y"] + box["height"] <= PHONE["height"], box
    # « Juger ce coup » comes right after the keys, before the possible plays' help.
    judge, possible = (
        by_id(page, "judge").bounding_box(),
        by_id(page, "possible-hint").bounding_box(),
    )
    assert judge is not None and possible is not None and judge["y"] < possible["y"]
    tap(page, "rank-K")
    tap(page, "judge")
    expect_text(page, "ruling-verdict", "Coup valable")
    tap(page, "ruling-close")
    expect_text(page, "tray", "Tom : R")  # still there, to judge again
    expect_text(page, "tray-judged", "la prochaine carte tapée commence un nouveau coup")
    tap(page, "rank-6")
    expect_text(page, "tray", "Tom : 6")
    by_id(page, "tray-judged").wait_for(state="detached")  # a new play: nothing to warn of
    assert "R" not in (by_id(page, "tray").text_content() or "").replace("Tom : ", "")
