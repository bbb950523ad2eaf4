"""A Daifugō table in a browser: an evening of the `daifugo` preset shows its Japanese titles,
and the dispute opened from it rules 8-giri (an 8 wins the trick at once) in plain words,
citing the house rule; the table's choice of another house rule (the 3♠ on a joker, the 9
that turns the direction) is one tap in the dispute's options."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from companion.table.service import TableService
from companion.ui.access import route_with_key
from tests.support.browser import (
    Server,
    by_id,
    expect_text,
    goto,
    into_view,
    open_app,
    reach,
    running_server,
    settle,
    tap,
)

pytestmark = pytest.mark.e2e

SHOTS = Path(__file__).parents[2] / "build" / "e2e"


@pytest.fixture(scope="module")
def table(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[Server, str, str]]:
    """An evening of Dai Fugō at four, one hand played: Zoé finished last (Daihinmin); and
    another not yet started where the opening card must be played (H7)."""
    folder: Path = tmp_path_factory.mktemp("daifugo-data")
    service = TableService(folder)
    evening = service.create_evening(["Léa", "Tom", "Sam", "Zoé"], "daifugo", title="Chez Léa")
    evening = service.record_hand(
        evening.id, ["Sam", "Tom", "Léa", "Zoé"], expected_version=evening.version
    )
    opening = service.create_evening(
        ["Ana", "Bob", "Cléo", "Dan"],
        "daifugo",
        title="Chez Ana",
        settings=["opening_card_played=true"],
    )
    with running_server(data_dir=folder) as srv:
        yield srv, evening.id, opening.id


def _open_dispute(page, server: Server, evening_id: str) -> None:
    goto(page, server.base + route_with_key(f"/evening/{evening_id}", server.key))
    tap(page, "evening-dispute")
    by_id(page, "screen-dispute").wait_for(state="attached")


def _zoe_leads_a_five(table: tuple[Server, str, str], context: Any) -> Any:
    """The dispute of the evening under way: Zoé, the Daihinmin, leads (« le dernier
    entame ») a 5, and it is Léa's turn."""
    server, evening_id, _ = table
    page = open_app(context, server.url)
    _open_dispute(page, server, evening_id)
    expect_text(page, "actor-0", "Zoé (son tour)")
    tap(page, "rank-5")
    tap(page, "add")
    expect_text(page, "table-0", "Zoé : 5")
    expect_text(page, "actor-1", "Léa (son tour)")
    return page


def test_an_eight_wins_the_trick_at_once(table: tuple[Server, str, str], context) -> None:
    """8-giri under the `daifugo` preset: the Daihinmin leads (« le dernier entame »), a 5 is
    covered by an 8, and the ruling says the 8's player wins the trick at once and leads,
    citing the house rule by its words; the 8 got through by the card order, and says so."""
    page = _zoe_leads_a_five(table, context)
    tap(page, "rank-8")
    tap(page, "judge")
    expect_text(page, "ruling-verdict", "Coup valable")
    expect_text(page, "ruling-message", "Léa remporte la tournée d'office")
    expect_text(page, "ruling-next", "Léa")
    expect_text(page, "ruling-why", "8 passe au-dessus de 5 selon « Ordre des cartes")
    expect_text(page, "ruling-rule", "Le 8 coupe (8-giri)")
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / "dispute-daifugo-eight-stop.png"), full_page=True)


def test_the_first_hand_opens_with_the_three_of_diamonds(
    table: tuple[Server, str, str], context
) -> None:
    """H7 on the evening's first hand: the holder of the 3♦ leads and must play it, so a 5 to
    open is refused and the ruling names the 3♦; the 3♦ itself opens."""
    server, _, opening_id = table
    page = open_app(context, server.url)
    _open_dispute(page, server, opening_id)
    expect_text(page, "actor-0", "Ana (son tour)")
    tap(page, "rank-5")
    tap(page, "judge")
    expect_text(page, "ruling-verdict", "Coup interdit")
    expect_text(page, "ruling-message", "doit contenir 3♦")
    settle(page)  # the dialog has faded in
    page.screenshot(path=str(SHOTS / "dispute-daifugo-opening.png"), full_page=True)


def test_the_house_rules_are_a_group_of_the_options(
    table: tuple[Server, str, str], context
) -> None:
    """The dispute's options list the Daifugō house rules under their own heading, each with
    its one-line explanation."""
    server, evening_id, _ = table
    page = open_app(context, server.url)
    _open_dispute(page, server, evening_id)
    reach(page, "preset-options")
    reach(page, "opt-spade_three")
    expect_text(page, "opt-spade_three", "Un 3♠ seul bat un joker seul et remporte la tournée.")
    page.screenshot(path=str(SHOTS / "dispute-daifugo-options.png"), full_page=True)


def test_a_lone_joker_played_as_an_eight_stops_the_trick(
    table: tuple[Server, str, str], context
) -> None:
    """A joker named a rank (jokers are wild under `daifugo`): after a 5, Léa taps the joker,
    then « 8 » in the row the joker brings; the tray reads « joker en 8 », and the ruling
    says Léa wins the trick at once (8-giri), naming the joker as an 8."""
    page = _zoe_leads_a_five(table, context)
    tap(page, "rank-JK")
    tap(page, "joker-as-8")
    expect_text(page, "tray", "Léa : joker en 8")
    expect_text(page, "joker-as-8", "8")  # the row stays, the chosen rank marked
    into_view(page, "joker-as-8", top=300)
    page.screenshot(path=str(SHOTS / "dispute-daifugo-joker-as.png"), full_page=True)
    tap(page, "judge")
    expect_text(page, "ruling-verdict", "Coup valable")
    expect_text(page, "ruling-message", "Léa remporte la tournée d'office")
    expect_text(page, "ruling-message", "Joker en 8 bat 5")
    settle(page)
    page.screenshot(path=str(SHOTS / "dispute-daifugo-named-joker.png"), full_page=True)


def test_a_nine_turns_the_direction_once_the_table_picks_it(
    table: tuple[Server, str, str], context
) -> None:
    """H11 picked in the dispute's options (« 9リバース »: the table chooses its card): after
    Zoé's 5, Léa's 9 turns the direction of play, so Zoé, not Tom, plays next; the ruling
    says so and cites the house rule by its words."""
    page = _zoe_leads_a_five(table, context)
    reach(page, "preset-options")
    reach(page, "opt-reverse_rank")
    expect_text(page, "opt-reverse_rank", "Chaque carte du rang choisi posée change le sens du jeu")
    reach(page, "opt-choice-9")
    expect_text(page, "evening-rules", "changées ici : Une carte change le sens : les 9")
    reach(page, "rank-9")
    reach(page, "judge")
    expect_text(page, "ruling-verdict", "Coup valable")
    expect_text(page, "ruling-message", "le jeu change de sens")
    expect_text(page, "ruling-next", "Zoé")
    expect_text(page, "ruling-rule", "Une carte change le sens : les 9")
    settle(page)
    page.screenshot(path=str(SHOTS / "dispute-daifugo-nine-reverse.png"), full_page=True)
