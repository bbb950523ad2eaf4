"""The evening at the table in a real browser: the plan at a glance (seats with titles, cards
and badges around the deck, exchanges as short lines, the full plan behind "Détails", the
entry one tap away), several phones on one hand (keys that keep their places, taps kept when
another phone records, running totals on the keys, followers moving to a new evening), and
the evening screens' small bugs (the way back after ending, plural forms, the result lines'
labels from the second hand on)."""

from __future__ import annotations

import json
import re
from pathlib import Path
from urllib.parse import urlparse

import pytest

from companion.table.service import TableService
from companion.ui.access import route_with_key
from tests.support.browser import (
    PHONE,
    PHONE_WAIT,
    Server,
    by_id,
    expect_text,
    goto,
    open_app,
    reach,
    running_server,
    settle,
    tap,
    text_of,
)

pytestmark = pytest.mark.e2e

FIVE = ["Emma", "Chloé", "David", "Bruno", "Léa"]
FOUR = ["Léa", "Tom", "Sam", "Zoé"]


@pytest.fixture
def folder(tmp_path: Path) -> Path:
    return tmp_path / "data"


def _phone(browser):
    ctx = browser.new_context(viewport=PHONE)
    ctx.set_default_timeout(PHONE_WAIT)
    return ctx


def _open(ctx, srv: Server, evening_id: str, key: bool = True):
    path = f"/evening/{evening_id}"
    return open_app(ctx, srv.base + (route_with_key(path, srv.key) if key else path))


def _key_name(page, i: int) -> str:
    """The name on the player key in slot ``i`` (without its place and its total)."""
    shown = " ".join(text_of(page, f"out-{i}").split())
    match = re.fullmatch(r"(?:\d+\. )?(.+?) -?\d+ pts?", shown)
    assert match, shown
    return match.group(1)


def _seen(page, ident: str, text: str) -> None:
    """Wait until the control tagged ``ident`` reads ``text``, in its own label (what a
    screen reader says first) or in what it holds (a seat's label, then its badges)."""
    page.wait_for_function(
        r"""([ident, text]) => {
            const node = document.querySelector(`[flt-semantics-identifier="${ident}"]`);
            if (!node) return false;
            const said = (node.getAttribute('aria-label') || '') + ' ' + node.textContent;
            return said.replace(/\s+/g, ' ').includes(text);
        }""",
        arg=[ident, text],
    )


def _pts(total: int) -> str:
    return f"{total} pt" if abs(total) < 2 else f"{total} pts"


def test_the_plan_at_a_glance(folder: Path, browser) -> None:
    """Seats show title, cards dealt and the deals/leads badges; the centre shows the deck;
    exchanges read as « giver → receiver : what »; the full sentences appear only behind
    "Détails"; the finishing-order keys are one tap away, on screen without scrolling."""
    from playwright.sync_api import expect

    service = TableService(folder)
    ev = service.create_evening(FIVE, "classique")
    ev = service.record_hand(ev.id, FIVE, expected_version=ev.version)
    plan = ev.next_plan
    assert plan is not None
    ctx = _phone(browser)
    with running_server(data_dir=folder) as srv:
        try:
            page = _open(ctx, srv, ev.id)
            expect_text(page, "evening-hand", "Donne 2")
            expect_text(page, "evening-tab-plan", "Plan")
            expect_text(page, "table-deck", "54 cartes : 52 + 2 jokers")
            for i, name in enumerate(plan.seating):
                _seen(page, f"seat-{i}", f"{name} {plan.titles[name]} {plan.cards[name]} cartes")
            dealer = plan.seating.index(plan.dealer)
            expect_text(page, f"seat-{dealer}-deals", "donne")
            assert plan.first_lead is not None
            expect_text(page, f"seat-{plan.seating.index(plan.first_lead)}-leads", "entame")
            assert by_id(page, "seat-0-deals").count() == (1 if dealer == 0 else 0)
            expect_text(page, "check-0", "Léa → Emma : ses 2 meilleures cartes")
            expect_text(page, "check-1", "Emma → Léa : 2 cartes de son choix")
            assert "Trou-du-cul" not in text_of(page, "check-0")  # short: names only
            assert by_id(page, "detail-0").count() == 0  # the sentences wait behind Détails
            reach(page, "plan-details")
            for i, line in enumerate(plan.instructions("fr")):
                expect_text(page, f"detail-{i}", line)
            page.mouse.wheel(0, -5000)
            tap(page, "evening-tab-entry")
            expect(by_id(page, "out-0")).to_be_in_viewport()
            expect(by_id(page, "evening-tab-plan")).to_be_in_viewport()
            page.screenshot(path=str(folder.parent / "entry.png"))
        finally:
            ctx.close()


def test_an_english_plan_at_a_glance(folder: Path, browser) -> None:
    """In English the seats say "cards", the badges "deals" and "leads", the deck and the
    exchange lines read in English."""
    service = TableService(folder)
    ev = service.create_evening(FIVE, "classique")
    ev = service.record_hand(ev.id, FIVE, expected_version=ev.version)
    plan = ev.next_plan
    assert plan is not None and plan.first_lead is not None
    (folder / "ui-settings.json").write_text(json.dumps({"lang": "en"}), "utf-8")
    ctx = _phone(browser)
    with running_server(data_dir=folder) as srv:
        try:
            page = _open(ctx, srv, ev.id)
            expect_text(page, "evening-hand", "Hand 2")
            expect_text(page, "table-deck", "54 cards: 52 + 2 jokers")
            expect_text(page, f"seat-{plan.seating.index(plan.dealer)}-deals", "deals")
            expect_text(page, f"seat-{plan.seating.index(plan.first_lead)}-leads", "leads")
            _seen(page, "seat-0", f"{plan.cards[plan.seating[0]]} cards")
            expect_text(page, "check-0", "Léa → Emma: their 2 best cards")
            expect_text(page, "evening-tab-entry", "Hand")
        finally:
            ctx.close()


def _tap_order(page, slots: list[int]) -> None:
    for n, i in enumerate(slots):
        tap(page, f"out-{i}")
        expect_text(page, f"out-{i}", f"{n + 1}.")


def test_two_phones_on_one_hand(folder: Path, browser) -> None:
    """Phone B has tapped two players when phone A records the hand: B's keys stay where
    they were, B says what A recorded and keeps B's taps, refuses to record them until B
    chooses, and carries them over when kept; the keys show the running totals. Another
    time B clears them. Nothing is recorded twice, nothing silently disappears."""
    service = TableService(folder)
    ev = service.create_evening(FOUR, "trou-du-cul")
    first, second = _phone(browser), _phone(browser)
    with running_server(data_dir=folder) as srv:
        try:
            a, b = _open(first, srv, ev.id), _open(second, srv, ev.id)
            for page in (a, b):
                expect_text(page, "evening-hand", "Donne 1")
                tap(page, "evening-tab-entry")
            before = [_key_name(b, i) for i in range(4)]
            assert before == FOUR  # seat order
            expect_text(b, "out-0", "0 pt")  # the running total under each name
            _tap_order(b, [0, 1])  # B: Léa, then Tom

            _tap_order(a, [3, 2, 1])  # A: Zoé, Sam, Tom (Léa placed last)
            tap(a, "evening-record")
            expect_text(a, "evening-result", "Résultat de la donne 1")

            expect_text(b, "stale-notice", "Un autre téléphone a enregistré la donne 1")
            expect_text(b, "stale-notice", "Zoé → Sam → Tom → Léa")
            expect_text(b, "stale-notice", "Vos touches pour la donne 1 sont gardées : Léa → Tom")
            expect_text(b, "evening-hand", "Donne 2")
            assert [_key_name(b, i) for i in range(4)] == before  # no key moved
            expect_text(b, "out-0", "1. Léa")
            expect_text(b, "out-1", "2. Tom")
            totals = {ev.name(p): v for p, v in TableService(folder).evening(ev.id).totals.items()}
            for i, name in enumerate(before):
                expect_text(b, f"out-{i}", _pts(totals[name]))
            reach(b, "evening-record")
            expect_text(b, "evening-message", "Gardez ou effacez d'abord vos touches")
            assert len(TableService(folder).evening(ev.id).hands) == 1
            tap(b, "out-2")  # a key tapped meanwhile changes nothing
            expect_text(b, "evening-message", "Gardez ou effacez d'abord vos touches")
            expect_text(b, "order", "Léa → Tom")
            assert "3." not in text_of(b, "out-2")

            b.mouse.wheel(0, -5000)
            tap(b, "stale-keep")
            by_id(b, "stale-notice").wait_for(state="detached")
            expect_text(b, "order", "Léa → Tom")
            slots = [_key_name(b, i) for i in range(4)]
            tap(b, f"out-{slots.index('Sam')}")
            expect_text(b, "order", "Léa → Tom → Sam → Zoé")
            reach(b, "evening-record")
            expect_text(b, "evening-result", "Résultat de la donne 2")
            stored = TableService(folder).evening(ev.id)
            assert [stored.name(p) for p in stored.hands[1].order] == ["Léa", "Tom", "Sam", "Zoé"]

            # Another time: B clears what it had tapped.
            tap(b, "evening-tab-entry")
            tap(b, "out-0")
            expect_text(b, "out-0", "1.")
            tap(a, "evening-tab-entry")
            expect_text(a, "evening-hand", "Donne 3")
            _tap_order(a, [0, 1, 2])
            tap(a, "evening-record")
            expect_text(a, "evening-result", "Résultat de la donne 3")
            expect_text(b, "stale-notice", "Un autre téléphone a enregistré la donne 3")
            tap(b, "stale-clear")
            by_id(b, "stale-notice").wait_for(state="detached")
            expect_text(b, "order", "Touchez qui sort en premier")
            assert len(TableService(folder).evening(ev.id).hands) == 3
        finally:
            first.close()
            second.close()


def test_followers_move_to_a_new_evening(folder: Path, browser) -> None:
    """A phone following tonight's evening moves to the new one as soon as another phone
    creates it; a phone holding taps on the old evening is asked instead, its taps kept."""
    service = TableService(folder)
    old = service.create_evening(FOUR, "trou-du-cul")
    follower, holder, creator = _phone(browser), _phone(browser), _phone(browser)
    with running_server(data_dir=folder) as srv:
        try:
            watcher = open_app(follower, srv.base + "/")  # no key: it follows
            tap(watcher, "home-scoreboard")
            by_id(watcher, "screen-evening").wait_for(state="attached")
            expect_text(watcher, "evening-tab-scores", "Scores")
            busy = _open(holder, srv, old.id)
            tap(busy, "evening-tab-entry")
            _tap_order(busy, [0])

            page = open_app(creator, srv.url)
            tap(page, "home-new")
            by_id(page, "screen-new-evening").wait_for(state="attached")
            for i in range(3):
                tap(page, f"profile-{i}")
                expect_text(page, f"player-{i}", f"{i + 1}.")
            reach(page, "roles-first_hand")
            reach(page, "new-create")
            expect_text(page, "evening-hand", "Donne 1")
            new_id = urlparse(page.url).path.rsplit("/", 1)[-1]
            assert new_id != old.id

            watcher.wait_for_function(
                "id => location.pathname.endsWith('/evening/' + id)", arg=new_id
            )
            new = TableService(folder).evening(new_id)
            tap(watcher, "evening-tab-plan")
            _seen(watcher, "seat-0", new.name(new.seating[0]))
            expect_text(busy, "new-evening-notice", "Une nouvelle soirée a commencé")
            expect_text(busy, "out-0", "1.")  # its taps are still there
            assert urlparse(busy.url).path == f"/evening/{old.id}"
            tap(busy, "follow-new-evening")
            busy.wait_for_function("id => location.pathname.endsWith('/evening/' + id)", arg=new_id)
            expect_text(busy, "evening-hand", "Donne 1")
        finally:
            for ctx in (follower, holder, creator):
                ctx.close()


def test_back_twice_after_ending_the_evening(folder: Path, browser) -> None:
    """Donnes et joueurs → Joueurs → Terminer → Oui → Back: the evening (ended), then the
    home screen, never a blank page; the app's back was the browser's back (issue 21 §6),
    so the browser's forward leads to the ended evening again."""
    service = TableService(folder)
    ev = service.create_evening(FOUR, "trou-du-cul")
    service.record_hand(ev.id, FOUR, expected_version=ev.version)
    ctx = _phone(browser)
    with running_server(data_dir=folder) as srv:
        try:
            page = open_app(ctx, srv.url)
            tap(page, "home-continue")
            reach(page, "evening-hands")
            tap(page, "tab-players")
            reach(page, "evening-end")
            reach(page, "evening-end-confirm")
            # The phone that ended it lands on the evening's podium.
            expect_text(page, "evening-ended", "La soirée est terminée")
            expect_text(page, "result-0", "Léa")  # what the evening produced, still there
            tap(page, "back")
            expect_text(page, "home-new", "Nouvelle soirée")
            # Forward walks the screens the arrow went back over (tonight's, its hands and
            # players), each a screen, up to the ended evening it landed on.
            for _ in range(5):
                page.go_forward()
                by_id(page, "back").wait_for(state="attached")  # never a blank page
                settle(page)
                if by_id(page, "evening-ended").count():
                    break
            expect_text(page, "evening-ended", "La soirée est terminée")
        finally:
            ctx.close()


def test_counts_are_singular_or_plural(folder: Path, browser) -> None:
    """« 1 pt », « 0 pt », « 3 pts »; « 1 joueur »: no « 1 pts » nor « 1 joueurs »."""
    service = TableService(folder)
    ev = service.create_evening(FOUR, "trou-du-cul")  # n - rank: 3, 2, 1, 0
    ev = service.record_hand(ev.id, FOUR, expected_version=ev.version)
    ctx = _phone(browser)
    with running_server(data_dir=folder) as srv:
        try:
            page = _open(ctx, srv, ev.id)
            tap(page, "evening-tab-scores")
            shown = [text_of(page, f"standing-{i}") for i in range(4)]
            assert [line.rsplit(" — ", 1)[1] for line in shown] == [
                "3 pts",
                "2 pts",
                "1 pt",
                "0 pt",
            ]
            expect_text(page, "result-2", "1 pt (total 1)")
            goto(page, srv.base + route_with_key("/new-evening", srv.key))
            by_id(page, "screen-new-evening").wait_for(state="attached")
            tap(page, "profile-0")
            expect_text(page, "new-count", "1 joueur (")
            assert "1 joueurs" not in text_of(page, "new-count")
        finally:
            ctx.close()


def test_result_lines_keep_their_labels_from_the_second_hand(folder: Path, browser) -> None:
    """After each recorded hand every result line, the Président's and the Trou du cul's
    included, reads its title and name to the accessibility tree."""
    service = TableService(folder)
    ev = service.create_evening(FOUR, "trou-du-cul")
    ctx = _phone(browser)
    with running_server(data_dir=folder) as srv:
        try:
            page = _open(ctx, srv, ev.id)
            for hand, taps in ((1, [0, 1, 2]), (2, [3, 2, 1]), (3, [1, 3, 0])):
                expect_text(page, "evening-hand", f"Donne {hand}")
                tap(page, "evening-tab-entry")
                _tap_order(page, taps)
                tap(page, "evening-record")
                expect_text(page, "evening-result", f"Résultat de la donne {hand}")
                stored = TableService(folder).evening(ev.id)
                result = stored.hands[-1].result
                assert result is not None
                for i, pid in enumerate(result.ranking):
                    expect_text(page, f"result-{i}", f"{result.titles[pid]} : {stored.name(pid)}")
                tap(page, "evening-next")
        finally:
            ctx.close()
