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
        ("history-evening-chart", url, lambda page: (tap(page, "home-history"),
                                                     _first_evening(page).click(),
                                                     at("evening-chart")(page),
                                                     _scroll_down(page, 500))),
        ("history-leaderboard", url, lambda page: (tap(page, "home-history"),
                                                   tap(page, "tab-leaderboard"),
                                                   at("leader-1")(page))),
        ("history-leaderboard-chart", url, lambda page: (tap(page, "home-history"),
                                                         tap(page, "tab-leaderboard"),
                                                         at("position-chart")(page),
                                                         _scroll_down(page))),
        ("settings-data", url, lambda page: (tap(page, "home-settings"),
                                             at("export-json")(page), _scroll_down(page))),
        ("new-evening", url, lambda page: (tap(page, "home-new"), at("screen-pending")(page))),
    ]


def _first_evening(page: Any) -> Any:
    row = page.locator('[flt-semantics-identifier^="evening-"]').first
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
