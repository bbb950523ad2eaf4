"""Screenshots of every screen of the app at 412×915 (a phone), light and dark, into
docs/screenshots/ — for the README and for looking at what a person sees.

    python scripts/screenshots.py [--out docs/screenshots] [--only PREFIX ...]

Starts ``companion serve`` on a free localhost port with a throwaway data folder and drives
Debian's Chromium (/usr/bin/chromium) through Playwright. A second server, with its own
folder, serves the screens of corrections and disputes from an evening and a damaged evening
(kept apart so that they change none of the first folder's screens). Each folder is seeded
afresh for the light pictures and again for the dark ones, so both show the same evenings.
Each picture is taken in a new tab: Flet keeps a session's state across a reload of the same
tab, and a picture must start from the screen as it opens.
"""

from __future__ import annotations

import argparse
import sys
import tempfile
import time
from collections.abc import Callable
from datetime import date, timedelta
from pathlib import Path
from typing import Any

# Run as a script: the harness (tests.support) lives in the repository, not the package.
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from companion.ui.access import route_with_key
from companion.ui.routes import dispute_for, evening_hands
from tests.support.browser import (
    PHONE,
    Server,
    by_id,
    expect_text,
    goto,
    into_view,
    launch,
    reach,
    running_server,
    settle,
    tap,
)

ROOT = Path(__file__).resolve().parents[1]
SETTLE = 0.8  # seconds for animations (page transitions, dialogs) to finish


def _scroll_down(page: Any, pixels: int = 1400) -> None:
    page.mouse.move(PHONE["width"] / 2, PHONE["height"] / 2)
    page.mouse.wheel(0, pixels)


def _near_top(page: Any, ident: str, top: float = 140) -> None:
    """Scroll until the control tagged ``ident`` is about ``top`` pixels from the top (or the
    page can go no further): ``into_view`` stops as soon as it is anywhere on screen."""
    into_view(page, ident, top=top)
    node = by_id(page, ident)
    for _ in range(10):
        box = node.bounding_box()
        if box is None or abs(box["y"] + box["height"] / 2 - top) < 30:
            break
        page.mouse.wheel(0, box["y"] + box["height"] / 2 - top)
        page.wait_for_timeout(250)
        settle(page)
        if node.bounding_box() == box:  # the end of the page
            break


def _tap_and_see(page: Any, ident: str, answer: str, text: str) -> None:
    """Tap, then wait for the screen's answer before the next tap."""
    tap(page, ident)
    expect_text(page, answer, text)


def _dispute_setup(page: Any) -> None:
    tap(page, "home-dispute")
    by_id(page, "screen-dispute").wait_for(state="attached")
    for actor, rank in (("actor-0", "rank-K"), ("actor-1", "rank-JK")):
        tap(page, actor)
        tap(page, rank)
        tap(page, "add")
    tap(page, "actor-2")
    tap(page, "rank-5")
    tap(page, "count-4")


def shots(base: str, url: str) -> list[tuple[str, str, Callable[[Any], None]]]:
    """(name, address to open, what to do before the picture)."""

    def at(ident: str) -> Callable[[Any], None]:
        return lambda page: by_id(page, ident).wait_for(state="attached")

    def dispute_presets(page: Any) -> None:
        # The rules and players sit below the card picker: the variants unfold there.
        tap(page, "home-dispute")
        reach(page, "preset")
        by_id(page, "preset-classique").wait_for(state="attached")
        _near_top(page, "preset", top=200)  # under the section's title

    def dispute_setup(page: Any) -> None:
        tap(page, "home-dispute")
        _near_top(page, "preset")
        expect_text(page, "names", "Paul, Nina, Marc, Sara")

    def dispute_picker(page: Any) -> None:
        _dispute_setup(page)
        # From the top: the tray and the keys. (Flutter's labels can lag behind its paint
        # after the taps, so a scroll by the labels' places would miss.)
        _scroll_down(page, 500)

    def dispute_closed(page: Any) -> None:
        # A ruling closed: the play stays in the tray, to judge again under a changed option.
        _dispute_setup(page)
        _tap_and_see(page, "judge", "ruling-verdict", "Coup valable")
        tap(page, "ruling-close")
        by_id(page, "ruling-verdict").wait_for(state="detached")
        expect_text(page, "tray", "Marc : 5 5 5 5")

    def dispute_ruling(page: Any) -> None:
        _dispute_setup(page)
        tap(page, "judge")
        by_id(page, "ruling-verdict").wait_for(state="attached")

    def dispute_table(page: Any) -> None:
        # One tap per play already on the table, then the hand of the player to act.
        tap(page, "home-dispute")
        tap(page, "mode-table")
        _tap_and_see(page, "rank-10", "table-0", "Paul : 10")
        _tap_and_see(page, "rank-Q", "table-1", "Nina : D")
        tap(page, "mode-hand")
        for rank in ("5", "K", "K", "A", "JK"):
            tap(page, f"rank-{rank}")
        expect_text(page, "hand-line", "Main de Marc")
        into_view(page, "mode-hand", top=140)

    def dispute_possible(page: Any) -> None:
        dispute_table(page)
        into_view(page, "possible-0", top=PHONE["height"] / 2 - 100)

    def dispute_illegal(page: Any) -> None:
        _dispute_setup(page)
        tap(page, "clear-tray")
        tap(page, "actor-2")
        tap(page, "rank-A")
        tap(page, "judge")
        by_id(page, "ruling-verdict").wait_for(state="attached")

    return [
        ("home", url, at("screen-home")),
        ("home-read-only", base + "/", at("read-only-banner")),
        ("dispute", url, lambda page: (tap(page, "home-dispute"), at("screen-dispute")(page))),
        ("dispute-variants", url, dispute_presets),
        ("dispute-setup", url, dispute_setup),
        ("dispute-picker", url, dispute_picker),
        ("dispute-ruling", url, dispute_ruling),
        ("dispute-ruling-closed", url, dispute_closed),
        ("dispute-ruling-illegal", url, dispute_illegal),
        ("dispute-table", url, dispute_table),
        ("dispute-possible", url, dispute_possible),
        ("invite", url, lambda page: (tap(page, "home-invite"), at("screen-invite")(page))),
        ("settings", url, lambda page: (tap(page, "home-settings"), at("screen-settings")(page))),
        ("history", url, lambda page: (tap(page, "home-history"), _first_evening(page))),
        (
            "history-evening",
            url,
            lambda page: (
                tap(page, "home-history"),
                _first_evening(page).click(),
                at("standing-1")(page),
            ),
        ),
        # The second evening has points (pagat): its chart shows them.
        (
            "history-evening-chart",
            url,
            lambda page: (
                tap(page, "home-history"),
                _first_evening(page),
                _evenings(page).nth(1).click(),
                at("chart-evening")(page),
                _scroll_down(page, 500),
            ),
        ),
        (
            "history-leaderboard",
            url,
            lambda page: (
                tap(page, "home-history"),
                tap(page, "tab-leaderboard"),
                at("leader-1")(page),
            ),
        ),
        (
            "history-leaderboard-chart",
            url,
            lambda page: (
                tap(page, "home-history"),
                tap(page, "tab-leaderboard"),
                at("chart-position")(page),
                _scroll_down(page),
            ),
        ),
        (
            "settings-data",
            url,
            lambda page: (tap(page, "home-settings"), at("export-json")(page), _scroll_down(page)),
        ),
        *_evening_shots(base, url),
    ]


def _type_into(page: Any, ident: str, text: str) -> None:
    tap(page, ident)
    # Flutter makes the field's <input> when it gets the focus: type only then.
    page.wait_for_function("() => document.activeElement?.tagName === 'INPUT'")
    page.keyboard.press("Control+A")
    page.keyboard.type(text)


def _new_evening(page: Any, draw: int = 0) -> None:
    """Four players typed in, and ``draw`` cards drawn (K, K, 5, A, 2, Q: one tie)."""
    tap(page, "home-new")
    for i, name in enumerate(("Léa", "Tom", "Sam", "Zoé")):
        _type_into(page, "new-name", name)
        tap(page, "new-add")
        by_id(page, f"player-{i}").wait_for(state="attached")
    for card in ("K", "K", "5", "A", "2", "Q")[:draw]:
        tap(page, f"draw-{card}")


def _evening_shots(base: str, url: str) -> list[tuple[str, str, Callable[[Any], None]]]:
    """The new-evening screen and the table (the seeded evening of today)."""
    table = url.replace("/?", "/evening?", 1)

    def new_twice(page: Any) -> None:
        _new_evening(page)
        _type_into(page, "new-name", "tom")
        tap(page, "new-add")
        by_id(page, "new-notice").wait_for(state="attached")

    def new_draw(page: Any) -> None:
        _new_evening(page, draw=4)
        by_id(page, "new-notice").wait_for(state="attached")
        _scroll_down(page, 950)  # the tie, and the keys to draw again

    def new_options(page: Any) -> None:
        _new_evening(page)
        tap(page, "new-options")
        reach(page, "option-equal_play")
        reach(page, "choice-allowed")
        expect_text(page, "new-changes", "Cartes égales : autorisé")
        into_view(page, "option-equal_play", top=PHONE["height"] / 2 - 250)

    def new_rules(page: Any) -> None:
        _new_evening(page)
        into_view(page, "new-source", top=PHONE["height"] / 2 - 250)

    def entry(page: Any) -> None:
        tap(page, "evening-tab-entry")
        for place, i in enumerate((1, 0), 1):
            _tap_and_see(page, f"out-{i}", f"out-{i}", f"{place}.")

    def details(page: Any) -> None:
        reach(page, "plan-details")
        by_id(page, "detail-0").wait_for(state="attached")
        _scroll_down(page, 500)

    def result(page: Any) -> None:
        tap(page, "evening-tab-entry")
        by_id(page, "out-0").wait_for(state="attached")
        if by_id(page, "order-clear").count():  # a reload keeps the Flet session's taps
            tap(page, "order-clear")
        for i in (2, 0, 1):
            tap(page, f"out-{i}")
        tap(page, "evening-record")
        by_id(page, "evening-result").wait_for(state="attached")
        page.mouse.wheel(0, -5000)

    def undone(page: Any) -> None:
        """A hand recorded then undone (the folder ends as it was): the snackbar says what
        was undone and offers to redo it; the buttons say what each would do."""
        result(page)
        into_view(page, "evening-undo")
        tap(page, "evening-undo")
        by_id(page, "evening-snackbar").wait_for(state="attached")
        into_view(page, "evening-redo")

    def new_similar(page: Any) -> None:
        _new_evening(page)
        _type_into(page, "new-name", "Zoe")
        by_id(page, "new-similar-0").wait_for(state="attached")

    return [
        ("new-evening", url, lambda page: _new_evening(page)),
        ("new-evening-similar", url, new_similar),
        ("new-evening-twice", url, new_twice),
        ("new-evening-draw", url, new_draw),
        ("new-evening-options", url, new_options),
        ("new-evening-rules", url, new_rules),
        (
            "evening-table",
            table,
            lambda page: by_id(page, "table-drawing").wait_for(state="attached"),
        ),
        (
            "evening-checklist",
            table,
            lambda page: (
                by_id(page, "check-0").wait_for(state="attached"),
                _scroll_down(page, 600),
            ),
        ),
        ("evening-details", table, details),
        ("evening-entry", table, entry),
        ("evening-result", table, result),
        ("evening-undo", table, undone),
        (
            "evening-read-only",
            base + "/evening",
            lambda page: by_id(page, "evening-hand").wait_for(state="attached"),
        ),
    ]


def _evenings(page: Any) -> Any:
    return page.locator('[flt-semantics-identifier^="evening-"]')


def _first_evening(page: Any) -> Any:
    row = _evenings(page).first
    row.wait_for(state="attached")
    return row


def _seed(folder: Path) -> None:
    """One evening of four players and three hands, for the history screens."""
    from companion.table.service import TableService

    service = TableService(folder)
    ev = service.create_evening(["Léa", "Tom", "Sam", "Zoé"], "classique", title="Chez Léa")
    for order in (
        ["Léa", "Tom", "Sam", "Zoé"],
        ["Tom", "Léa", "Zoé", "Sam"],
        ["Tom", "Sam", "Léa", "Zoé"],
    ):
        ev = service.record_hand(ev.id, order, expected_version=ev.version)
    # Two earlier evenings with points, for the charts (points over the evening, position
    # over time).
    players = ["Léa", "Tom", "Sam", "Zoé"]
    today = date.today()
    for back, orders in (
        (14, (players, players[::-1], ["Sam", "Léa", "Tom", "Zoé"])),
        (
            7,
            (
                ["Zoé", "Tom", "Léa", "Sam"],
                ["Tom", "Zoé", "Sam", "Léa"],
                ["Tom", "Léa", "Zoé", "Sam"],
                ["Léa", "Tom", "Sam", "Zoé"],
            ),
        ),
    ):
        ev = service.create_evening(players, "pagat", day=today - timedelta(days=back))
        for order in orders:
            ev = service.record_hand(ev.id, order, expected_version=ev.version)


PLAYERS = ["Léa", "Tom", "Sam", "Zoé"]


def _seed_corrections(folder: Path) -> dict[str, str]:
    """The second folder: an evening to correct (Hugo left after two hands, Inès a saved
    profile), one scored by the cards left (with a hand, to correct by its counts), one with
    the coup d'État (hence the guillotine), one of classique playing a house option for the
    dispute, and one whose file is cut in half (its backups intact)."""
    from companion.table.service import TableService

    service = TableService(folder)
    five = [*PLAYERS, "Hugo"]
    ev = service.create_evening(five, "trou-du-cul", title="Chez Sam")
    for order in (five, ["Tom", "Léa", "Hugo", "Zoé", "Sam"]):
        ev = service.record_hand(ev.id, order, expected_version=ev.version)
    ev = service.leave(ev.id, "Hugo", expected_version=ev.version)
    ev = service.record_hand(ev.id, ["Zoé", "Léa", "Tom", "Sam"], expected_version=ev.version)
    service.add_player("Inès")
    cards = service.create_evening(
        PLAYERS, "trou-du-cul", title="Chez Zoé", settings=["scoring=card_penalty"]
    )
    service.record_hand(
        cards.id,
        [],
        expected_version=cards.version,
        cards_left={"Léa": 0, "Tom": 3, "Sam": 5, "Zoé": 2},
    )
    scored = service.create_evening(PLAYERS, "trou-du-cul", title="Chez Tom")
    for order in (PLAYERS, ["Tom", "Léa", "Zoé", "Sam"]):
        scored = service.record_hand(scored.id, order, expected_version=scored.version)
    damaged = service.create_evening(PLAYERS, "classique", ranking=PLAYERS, title="Chez Tom")
    for n in range(3):
        damaged = service.record_hand(
            damaged.id, PLAYERS[n:] + PLAYERS[:n], expected_version=damaged.version
        )
    path = service.repo.evening_path(damaged.id)
    path.write_bytes(path.read_bytes()[: path.stat().st_size // 2])
    return {
        "hands": ev.id,
        "cards-hands": cards.id,
        "cards": service.create_evening(
            PLAYERS, "trou-du-cul", title="Chez Zoé", settings=["scoring=card_penalty"]
        ).id,
        "guillotine": service.create_evening(
            PLAYERS, "trou-du-cul", ranking=PLAYERS, title="Chez Léa", settings=["coup_detat=true"]
        ).id,
        "dispute": service.create_evening(
            PLAYERS, "classique", title="Chez Léa", settings=["equal_play=allowed", "seating=fixed"]
        ).id,
        "damaged": damaged.id,
        "scored": scored.id,
    }


def correction_shots(
    server: Server, ids: dict[str, str]
) -> list[tuple[str, str, Callable[[Any], None]]]:
    """Hands and players, entry with events and cards left, the dispute from an evening,
    and a damaged evening (the second server's folder, ``_seed_corrections``)."""

    def keyed(path: str) -> str:
        return server.base + route_with_key(path, server.key)

    hands, card_hands = keyed(evening_hands(ids["hands"])), keyed(evening_hands(ids["cards-hands"]))

    def hands_list(page: Any) -> None:
        expect_text(page, "hand-3", "Donne 3")  # newest first
        by_id(page, "hand-1").wait_for(state="attached")

    def hands_edit(page: Any) -> None:
        # Hand 3 as recorded (Zoé, Léa, Tom, Sam), tapped in again in another order.
        _tap_and_see(page, "hand-3", "edit-title", "Corriger la donne 3")
        _tap_and_see(page, "edit-clear", "edit-order", "Touchez qui sort en premier")
        for place, i in enumerate((1, 0, 3), 1):
            _tap_and_see(page, f"edit-out-{i}", f"edit-out-{i}", f"{place}.")
        expect_text(page, "edit-order", " → ")

    def hands_delete(page: Any) -> None:
        _tap_and_see(page, "hand-3", "edit-title", "Corriger la donne 3")
        reach(page, "hand-delete")
        expect_text(page, "hand-delete-warning", "La donne 3 sera supprimée")
        into_view(page, "hand-delete-confirm")

    def hands_players(page: Any) -> None:
        tap(page, "tab-players")
        by_id(page, "left-0").wait_for(state="attached")
        by_id(page, "join-profile-0").wait_for(state="attached")

    def hands_end(page: Any) -> None:
        tap(page, "tab-players")
        reach(page, "evening-end")
        expect_text(page, "evening-end-warning", "Plus aucune donne")
        into_view(page, "evening-end-confirm")

    def hands_cards(page: Any) -> None:
        _tap_and_see(page, "hand-1", "edit-cards-1", "Tom : 3")  # prefilled as recorded
        _tap_and_see(page, "edit-cards-1", "edit-cards-picking", "Tom : combien de cartes")
        into_view(page, "edit-count-plus", top=PHONE["height"] - 200)  # the picker, low

    def guillotine(page: Any) -> None:
        # Tom, Léa, Zoé out (Sam last); Sam's guillotine on Léa.
        tap(page, "evening-tab-entry")
        for place, i in enumerate((1, 0, 3), 1):
            _tap_and_see(page, f"out-{i}", f"out-{i}", f"{place}.")
        _tap_and_see(page, "event-guillotine", "event-pending", "qui l'a posée")
        _tap_and_see(page, "out-2", "event-pending", "Guillotine de Sam")
        _tap_and_see(page, "out-0", "event-line-0", "Guillotine — Sam → Léa")
        into_view(page, "evening-record", top=PHONE["height"] - 300)
        expect_text(page, "entry-summary", "Guillotine (Sam → Léa)")

    def card_picker(page: Any) -> None:
        tap(page, "evening-tab-entry")
        _tap_and_see(page, "out-2", "cards-picking", "Léa : combien")  # Sam went out
        _tap_and_see(page, "count-3", "cards-0", "Léa : 3")
        expect_text(page, "cards-picking", "Tom : combien")
        into_view(page, "count-plus", top=PHONE["height"] - 200)  # the whole picker

    def card_summary(page: Any) -> None:
        tap(page, "evening-tab-entry")
        _tap_and_see(page, "out-2", "cards-picking", "Léa : combien")
        _tap_and_see(page, "count-3", "cards-0", "Léa : 3")
        _tap_and_see(page, "count-10", "cards-1", "Tom : 10")
        _tap_and_see(page, "none-3", "cards-3", "Zoé : 13")  # played none: his whole hand
        into_view(page, "evening-record", top=PHONE["height"] - 300)
        expect_text(page, "entry-summary", "À enregistrer : Sam 0 pt")

    dispute = server.base + dispute_for(ids["dispute"], server.key)

    def scores(page: Any) -> None:
        tap(page, "evening-tab-scores")
        by_id(page, "standing-3").wait_for(state="attached")

    def entry_totals(page: Any) -> None:
        tap(page, "evening-tab-entry")
        _tap_and_see(page, "out-1", "out-1", "1.")

    def stale(page: Any) -> None:
        # This phone taps a whole hand; another process records one first: the record is
        # refused, the taps are kept and shown back with the choice to keep or clear them.
        from companion.table.service import TableService

        tap(page, "evening-tab-entry")
        for place, i in enumerate((1, 0, 3), 1):
            _tap_and_see(page, f"out-{i}", f"out-{i}", f"{place}.")
        service = TableService(server.data_dir)
        ev = service.evening(ids["scored"])
        service.record_hand(
            ev.id, [ev.name(p) for p in reversed(ev.present)], expected_version=ev.version
        )
        tap(page, "evening-record")
        expect_text(page, "stale-notice", "Un autre téléphone a enregistré")
        page.mouse.wheel(0, -5000)

    def evening_rules(page: Any) -> None:
        expect_text(page, "evening-rules", "Règles de la soirée « Chez Léa »")

    def open_option(page: Any) -> None:
        evening_rules(page)
        reach(page, "preset-options")
        reach(page, "opt-equal_play")
        reach(page, "opt-choice-forbidden")
        expect_text(page, "evening-rules", "changées ici : Cartes égales : interdit")

    def dispute_option(page: Any) -> None:
        open_option(page)
        into_view(page, "opt-equal_play", top=PHONE["height"] / 2 - 150)

    def dispute_broken(page: Any) -> None:
        # Tom leads a king, Sam covers it with a king (legal under the evening's option)...
        evening_rules(page)
        tap(page, "rank-K")
        _tap_and_see(page, "add", "table-0", "Tom : R")
        tap(page, "rank-K")
        _tap_and_see(page, "judge", "ruling-verdict", "Coup valable")
        _tap_and_see(page, "ruling-continue", "table-1", "Sam : R")
        # ...then the option is changed on the spot: the second king no longer holds.
        open_option(page)
        expect_text(page, "table-1", "ne tient plus")
        into_view(page, "broken-reason", top=PHONE["height"] / 2)

    return [
        ("hands", hands, hands_list),
        ("hands-edit", hands, hands_edit),
        ("hands-delete", hands, hands_delete),
        ("hands-players", hands, hands_players),
        ("hands-end", hands, hands_end),
        ("hands-cards", card_hands, hands_cards),
        ("evening-scores", keyed(f"/evening/{ids['scored']}"), scores),
        ("evening-entry-totals", keyed(f"/evening/{ids['scored']}"), entry_totals),
        ("evening-stale", keyed(f"/evening/{ids['scored']}"), stale),
        ("evening-guillotine", keyed(f"/evening/{ids['guillotine']}"), guillotine),
        ("evening-cards", keyed(f"/evening/{ids['cards']}"), card_picker),
        ("evening-cards-summary", keyed(f"/evening/{ids['cards']}"), card_summary),
        ("dispute-evening", dispute, evening_rules),
        ("dispute-evening-option", dispute, dispute_option),
        ("dispute-evening-broken", dispute, dispute_broken),
        # The damaged evening is marked in History, and the Leaderboard says it left it out.
        (
            "history-damaged",
            keyed("/history"),
            lambda page: into_view(page, f"evening-{ids['damaged']}", top=PHONE["height"] / 2),
        ),
        (
            "history-leaderboard-damaged",
            keyed("/history"),
            lambda page: (
                tap(page, "tab-leaderboard"),
                by_id(page, "leader-1").wait_for(state="attached"),
                _scroll_down(page, 600),  # the note is below the list
                into_view(page, "board-left-out", top=PHONE["height"] / 2),
            ),
        ),
        (
            "evening-damaged",
            keyed(f"/evening/{ids['damaged']}"),
            lambda page: (
                expect_text(page, "evening-error", "est abîmé")
                or into_view(page, "evening-restore")
            ),
        ),
    ]


def _seed_scores(folder: Path) -> dict[str, str]:
    """The third folder, for the score screens: five friends over three weeks (two evenings
    on the same day, one without points), one ended evening, one still going, and a
    profile "Zoe" typed once for Zoé (to merge). Ana's name holds an emoji, as names may."""
    from datetime import UTC, datetime

    from companion.table.service import TableService

    service = TableService(folder)
    five = ["Léa", "Tom", "Sam", "Zoé", "Ana 🦊"]
    today = date.today()
    ids: dict[str, str] = {}

    def evening(players, day, orders, at, key=None, **kw):
        ev = service.create_evening(players, "pagat", day=day, **kw)
        # Started at a given time (a seed can set what the app stamps itself).
        moment = datetime.combine(day, datetime.min.time()).replace(hour=at[0], minute=at[1])
        ev = ev.model_copy(update={"created_at": moment.astimezone(UTC)})
        service.repo.save(ev)
        for order in orders:
            ev = service.record_hand(ev.id, order, expected_version=ev.version)
        if key:
            ids[key] = ev.id
        return ev

    rot = [five[i:] + five[:i] for i in range(5)]
    evening(five, today - timedelta(days=14), rot[:4], (20, 30), settings=("hands=4",))
    typo = ["Léa", "Tom", "Sam", "Zoe", "Ana 🦊"]
    evening(
        typo, today - timedelta(days=7), [typo, typo[::-1], typo], (21, 0), settings=("hands=3",)
    )
    evening(
        five,
        today,
        [rot[2], rot[3], ["Tom", "Léa", "Sam", "Zoé", "Ana 🦊"]],
        (18, 5),
        key="ended",
        title="Apéro chez Tom",
        settings=("hands=3",),
    )
    evening(
        five,
        today,
        [
            rot[1],
            ["Léa", "Tom", "Ana 🦊", "Sam", "Zoé"],
            rot[0],
            ["Zoé", "Léa", "Tom", "Sam", "Ana 🦊"],
        ],
        (21, 10),
        key="tonight",
        place="Chez Léa",
        settings=("target=none",),
    )
    evening(
        five,
        today - timedelta(days=3),
        [rot[0], rot[0], rot[3], rot[4]],
        (20, 45),
        key="titles",
        place="Chez Sam",
        settings=("scoring=none",),
    )
    names = {p.name: p.id for p in service.players()}
    ids["lea"] = names["Léa"]
    ids["zoe-typo"] = str(sorted(p.name.casefold() for p in service.active_players()).index("zoe"))
    return ids


def score_shots(
    server: Server, ids: dict[str, str]
) -> list[tuple[str, str, Callable[[Any], None]]]:
    """The score sheet, the tally, the podium and its sharing, the history list, the
    leaderboard with ratings, a player's page and the players screen."""

    def keyed(path: str) -> str:
        return server.base + route_with_key(path, server.key)

    def sheet(page: Any) -> None:
        tap(page, "evening-tab-scores")
        into_view(page, "sheet-totals", top=PHONE["height"] / 2 - 200)

    def tally(page: Any) -> None:
        tap(page, "evening-tab-scores")
        into_view(page, "sheet-tally-0", top=PHONE["height"] / 2 - 100)

    def podium(page: Any) -> None:
        by_id(page, "podium-1").wait_for(state="attached")

    def share(page: Any) -> None:
        # The summary copied for the chat: the podium says so under its buttons.
        podium(page)
        _tap_and_see(page, "podium-copy", "podium-message", "Texte copié")
        into_view(page, "podium-message", top=PHONE["height"] / 2)

    def history(page: Any) -> None:
        expect_text(page, "screen-history", "Historique")
        _first_evening(page)

    def board(page: Any) -> None:
        tap(page, "tab-leaderboard")
        expect_text(page, "leader-1", "cote")

    def rating(page: Any) -> None:
        board(page)
        into_view(page, "chart-rating", top=80)

    def player(page: Any) -> None:
        expect_text(page, "player-rating", "cote")
        # Two charts to draw: on a busy machine the first paint comes well after the text.
        into_view(page, "player-rating", top=60)
        page.wait_for_timeout(1500)

    def rivals(page: Any) -> None:
        player(page)
        into_view(page, "rival-0", top=PHONE["height"] / 2)

    def players(page: Any) -> None:
        expect_text(page, "player-0", "Renommer")
        page.wait_for_timeout(1500)  # the first paint, on a busy machine

    def merge(page: Any) -> None:
        _tap_and_see(page, f"merge-{ids['zoe-typo']}", "merge-help", "Zoe")

    return [
        ("scores-sheet", keyed(f"/evening/{ids['tonight']}"), sheet),
        ("scores-tally", keyed(f"/evening/{ids['titles']}"), tally),
        ("scores-podium", keyed(f"/evening/{ids['ended']}"), podium),
        ("scores-podium-share", keyed(f"/evening/{ids['ended']}"), share),
        ("scores-history", keyed("/history"), history),
        ("scores-leaderboard", keyed("/history"), board),
        ("scores-leaderboard-rating", keyed("/history"), rating),
        ("scores-player", keyed(f"/players/{ids['lea']}"), player),
        ("scores-player-rivals", keyed(f"/players/{ids['lea']}"), rivals),
        ("scores-players", keyed("/players"), players),
        ("scores-players-merge", keyed("/players"), merge),
    ]


def _tagged_ids(page: Any) -> set[str]:
    return set(
        page.evaluate("""() => [...document.querySelectorAll(
        '[flt-semantics-identifier]')].map(n => n.getAttribute('flt-semantics-identifier'))""")
    )


def _shoot(
    context: Any, address: str, prepare: Callable[[Any], None], path: Path, attempts: int = 3
) -> bool:
    """Open ``address`` in a new tab (a new Flet session), prepare, let it settle, take the
    picture. Once, on a busy machine, a picture showed the screen as it opens although every
    tap before it had been answered (the session was started again, it seems): a control
    that was there before the picture and is gone after it says so, and the picture is taken
    again. A tap whose answer never came (the same restart, before the picture) is tried again
    in a new tab too. False (and no picture) when the screen never held still."""
    from playwright.sync_api import Error as PlaywrightError

    for attempt in range(1, attempts + 1):
        page = context.new_page()
        try:
            goto(page, address)
            try:
                prepare(page)
            except (AssertionError, PlaywrightError) as err:
                first = str(err).strip().splitlines()[0] if str(err).strip() else type(err)
                print(
                    f"{path.name}: the screen never reached its state ({first}),"
                    f" attempt {attempt} of {attempts}",
                    file=sys.stderr,
                )
                continue
            # The mouse left where the scroll put it would show a key hovered: into the margin.
            page.mouse.move(4, 64)
            before = _tagged_ids(page)
            time.sleep(SETTLE)
            page.screenshot(path=str(path))
            lost = before - _tagged_ids(page)
        finally:
            page.close()
        if not lost:
            return True
        print(
            f"{path.name}: the screen changed under the picture ({', '.join(sorted(lost))}"
            f" gone), attempt {attempt} of {attempts}",
            file=sys.stderr,
        )
    path.unlink(missing_ok=True)  # a picture of the wrong state is worse than none
    return False


# Each folder: what it holds (returning the ids the shots need) and the shots taken on it.
Seed = Callable[[Path], dict[str, str]]
Shots = Callable[[Server, dict[str, str]], list[tuple[str, str, Callable[[Any], None]]]]
FOLDERS: list[tuple[Seed, Shots]] = [
    (lambda folder: _seed(folder) or {}, lambda server, _ids: shots(server.base, server.url)),
    (_seed_corrections, correction_shots),
    (_seed_scores, score_shots),
    # A fresh install: no evening yet, so the main action is a new one.
    (
        lambda folder: {},
        lambda server, _ids: [
            ("home-fresh", server.url, lambda p: by_id(p, "home-new").wait_for(state="attached"))
        ],
    ),
]


# The phone keeps its taps for a hand in localStorage (companion.ui.taps_memory), shared by
# every tab of a browser: each picture starts without the taps of the one before.
_FORGET_TAPS = """for (const k of Object.keys(localStorage)) {
  if (k.includes("companion.taps.")) localStorage.removeItem(k);
}"""


def _phone(browser: Any, scheme: str) -> Any:
    context = browser.new_context(viewport=PHONE, color_scheme=scheme)
    context.add_init_script(_FORGET_TAPS)
    context.set_default_timeout(20_000)
    return context


def _shoot_folder(
    browser: Any, seed: Seed, make_shots: Shots, scheme: str, only: list[str] | None, out: Path
) -> list[str]:
    """The pictures of one folder in one colour scheme, on a server of its own; the names of
    those not taken."""
    failed: list[str] = []
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp) / "data"
        ids = seed(folder)
        names = [name for name, _, _ in make_shots(Server("", "", folder, folder), ids)]
        if only is not None and not any(name.startswith(tuple(only)) for name in names):
            return failed  # no server for a folder with nothing to shoot
        with running_server(data_dir=folder) as server:
            wanted = [
                shot
                for shot in make_shots(server, ids)
                if only is None or shot[0].startswith(tuple(only))
            ]
            # The app's theme is "system" by default: it follows the browser's.
            context = _phone(browser, scheme)
            for name, address, prepare in wanted:
                path = out / f"{name}-{scheme}.png"
                # A phone that once opened the app with the key remembers it: a screen of a
                # phone without it is taken in a browser of its own.
                alone = "read-only" in name
                shooter = _phone(browser, scheme) if alone else context
                taken = _shoot(shooter, address, prepare, path)
                if alone:
                    shooter.close()
                if not taken:
                    failed.append(path.name)
                    continue
                print(path.relative_to(ROOT) if path.is_relative_to(ROOT) else path)
            context.close()
    return failed


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=ROOT / "docs" / "screenshots")
    parser.add_argument(
        "--only",
        nargs="*",
        default=None,
        metavar="PREFIX",
        help="only the screens whose name starts with one of these",
    )
    args = parser.parse_args(argv)
    args.out.mkdir(parents=True, exist_ok=True)

    from playwright.sync_api import sync_playwright

    failed: list[str] = []
    with sync_playwright() as playwright:
        browser = launch(playwright)
        for seed, make_shots in FOLDERS:
            # Light and dark each start from a folder of their own, freshly seeded: the
            # pictures record hands (a result, a stale record), and the dark ones must show
            # the same evenings as the light ones.
            for scheme in ("light", "dark"):
                failed += _shoot_folder(browser, seed, make_shots, scheme, args.only, args.out)
        browser.close()
    if failed:
        print(
            f"not taken (the screen never reached its state or never held still):"
            f" {', '.join(failed)}",
            file=sys.stderr,
        )
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
