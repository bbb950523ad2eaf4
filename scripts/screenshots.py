"""Screenshots of every screen of the app at 412×915 (a phone), light and dark, into
docs/screenshots/ — for the README and for looking at what a person sees.

    python scripts/screenshots.py [--out docs/screenshots]

Starts ``companion serve`` on a free localhost port with a throwaway data folder and drives
Debian's Chromium (/usr/bin/chromium) through Playwright.
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

from companion.ui.browser import PHONE, by_id, goto, launch, open_app, running_server, tap

ROOT = Path(__file__).resolve().parents[1]
SETTLE = 0.8  # seconds for animations (page transitions, dialogs) to finish


def _scroll_down(page: Any, pixels: int = 1400) -> None:
    page.mouse.move(PHONE["width"] / 2, PHONE["height"] / 2)
    page.mouse.wheel(0, pixels)


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
        tap(page, "home-dispute")
        tap(page, "preset")
        by_id(page, "preset-classique").wait_for(state="attached")

    def dispute_picker(page: Any) -> None:
        _dispute_setup(page)
        _scroll_down(page)

    def dispute_ruling(page: Any) -> None:
        _dispute_setup(page)
        tap(page, "judge")
        by_id(page, "ruling-verdict").wait_for(state="attached")

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
        ("dispute-picker", url, dispute_picker),
        ("dispute-ruling", url, dispute_ruling),
        ("dispute-ruling-illegal", url, dispute_illegal),
        ("invite", url, lambda page: (tap(page, "home-invite"), at("screen-invite")(page))),
        ("settings", url, lambda page: (tap(page, "home-settings"),
                                        at("screen-settings")(page))),
        ("history", url, lambda page: (tap(page, "home-history"), _first_evening(page))),
        ("history-evening", url, lambda page: (tap(page, "home-history"),
                                               _first_evening(page).click(),
                                               at("standing-1")(page))),
        # The second evening has points (pagat): its chart shows them.
        ("history-evening-chart", url, lambda page: (tap(page, "home-history"),
                                                     _first_evening(page),
                                                     _evenings(page).nth(1).click(),
                                                     at("chart-evening")(page),
                                                     _scroll_down(page, 500))),
        ("history-leaderboard", url, lambda page: (tap(page, "home-history"),
                                                   tap(page, "tab-leaderboard"),
                                                   at("leader-1")(page))),
        ("history-leaderboard-chart", url, lambda page: (tap(page, "home-history"),
                                                         tap(page, "tab-leaderboard"),
                                                         at("chart-position")(page),
                                                         _scroll_down(page))),
        ("settings-data", url, lambda page: (tap(page, "home-settings"),
                                             at("export-json")(page), _scroll_down(page))),
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
        _scroll_down(page, 700)

    def new_options(page: Any) -> None:
        _new_evening(page)
        tap(page, "new-options")
        tap(page, "option-rank_order")
        by_id(page, "choice-ace_high").wait_for(state="attached")
        _scroll_down(page, 950)

    def entry(page: Any) -> None:
        for i in (1, 0):
            tap(page, f"out-{i}")
        _scroll_down(page, 2000)

    def result(page: Any) -> None:
        by_id(page, "out-0").wait_for(state="attached")
        if by_id(page, "order-clear").count():  # a reload keeps the Flet session's taps
            tap(page, "order-clear")
        for i in (2, 0, 1):
            tap(page, f"out-{i}")
        tap(page, "evening-record")
        by_id(page, "evening-result").wait_for(state="attached")
        page.mouse.wheel(0, -5000)

    return [
        ("new-evening", url, lambda page: _new_evening(page)),
        ("new-evening-twice", url, new_twice),
        ("new-evening-draw", url, new_draw),
        ("new-evening-options", url, new_options),
        ("evening-table", table, lambda page: by_id(page, "table-drawing").wait_for(
            state="attached")),
        ("evening-checklist", table, lambda page: (by_id(page, "check-0").wait_for(
            state="attached"), _scroll_down(page, 600))),
        ("evening-entry", table, entry),
        ("evening-result", table, result),
        ("evening-read-only", base + "/evening", lambda page: by_id(
            page, "evening-hand").wait_for(state="attached")),
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
    for order in (["Léa", "Tom", "Sam", "Zoé"], ["Tom", "Léa", "Zoé", "Sam"],
                  ["Tom", "Sam", "Léa", "Zoé"]):
        ev = service.record_hand(ev.id, order, expected_version=ev.version)
    # Two earlier evenings with points, for the charts (points over the evening, position
    # over time).
    players = ["Léa", "Tom", "Sam", "Zoé"]
    today = date.today()
    for back, orders in ((14, (players, players[::-1], ["Sam", "Léa", "Tom", "Zoé"])),
                         (7, (["Zoé", "Tom", "Léa", "Sam"], ["Tom", "Zoé", "Sam", "Léa"],
                              ["Tom", "Léa", "Zoé", "Sam"], ["Léa", "Tom", "Sam", "Zoé"]))):
        ev = service.create_evening(players, "pagat", day=today - timedelta(days=back))
        for order in orders:
            ev = service.record_hand(ev.id, order, expected_version=ev.version)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=ROOT / "docs" / "screenshots")
    parser.add_argument("--only", nargs="*", default=None, metavar="PREFIX",
                        help="only the screens whose name starts with one of these")
    args = parser.parse_args(argv)
    args.out.mkdir(parents=True, exist_ok=True)

    from playwright.sync_api import sync_playwright

    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp) / "data"
        _seed(folder)
        with running_server(data_dir=folder) as server, sync_playwright() as playwright:
            browser = launch(playwright)
            for scheme in ("light", "dark"):
                # The app's theme is "system" by default: it follows the browser's scheme.
                context = browser.new_context(viewport=PHONE, color_scheme=scheme)
                context.set_default_timeout(20_000)
                page = open_app(context, server.url)
                for name, address, prepare in shots(server.base, server.url):
                    if args.only is not None and not name.startswith(tuple(args.only)):
                        continue
                    goto(page, address)
                    prepare(page)
                    time.sleep(SETTLE)
                    path = args.out / f"{name}-{scheme}.png"
                    page.screenshot(path=str(path))
                    print(path.relative_to(ROOT) if path.is_relative_to(ROOT) else path)
                context.close()
            browser.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
