"""Back navigation (issue 21 §6): the browser's back button and the app's back arrow go to
the same place, and each screen is one entry of the browser's history."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from companion.table.service import TableService
from tests.support.browser import by_id, open_phone, running_server, tap

pytestmark = pytest.mark.e2e

PLAYERS = ["Léa", "Tom", "Sam", "Zoé"]


def _ended_evening(data: Path) -> str:
    service = TableService(data)
    ev = service.create_evening(PLAYERS, "classique", title="Chez Léa")
    ev = service.record_hand(ev.id, PLAYERS, expected_version=ev.version)
    service.close(ev.id, expected_version=ev.version)
    return ev.id


def shown(page: Any, screen: str, path: str) -> None:
    """Wait for ``screen`` and for the address to name it, as a person sees both before
    pressing back: on a busy machine Flutter may draw the screen a moment before it writes
    the new address in the browser's history, and a back pressed in between goes one
    screen further."""
    by_id(page, screen).wait_for(state="attached")
    page.wait_for_function("path => location.pathname.startsWith(path)", arg=path)


def test_the_back_arrow_is_the_browsers_back(browser: Any, tmp_path: Path) -> None:
    """Rule: Home › History › an evening, then the app's back arrow twice, leaves the
    browser's history as it was before the arrow: forward shows History again, and back from
    Home leaves the app instead of replaying History and the evening."""
    data = tmp_path / "data"
    evening = f"evening-{_ended_evening(data)}"
    with running_server(data_dir=data) as srv:
        ctx, page = open_phone(browser, srv.url)
        try:
            tap(page, "home-history")
            tap(page, evening)
            shown(page, "screen-history-evening", "/history/")
            tap(page, "back")
            by_id(page, evening).wait_for(state="attached")  # History again
            tap(page, "back")
            by_id(page, "home-history").wait_for(state="attached")  # Home again
            page.go_forward()  # the arrow went back: History is the entry ahead
            by_id(page, evening).wait_for(state="attached")
            page.go_back()
            by_id(page, "home-history").wait_for(state="attached")
            page.go_back()  # nothing of the app before Home
            page.wait_for_url("about:blank")
        finally:
            ctx.close()


def test_the_browsers_back_goes_where_the_arrow_would(browser: Any, tmp_path: Path) -> None:
    """Rule: from an evening opened in History, the browser's back shows History, as the
    app's arrow does."""
    data = tmp_path / "data"
    evening = f"evening-{_ended_evening(data)}"
    with running_server(data_dir=data) as srv:
        ctx, page = open_phone(browser, srv.url)
        try:
            tap(page, "home-history")
            tap(page, evening)
            shown(page, "screen-history-evening", "/history/")
            page.go_back()
            by_id(page, evening).wait_for(state="attached")
            page.go_back()
            by_id(page, "home-history").wait_for(state="attached")
        finally:
            ctx.close()


# What Flutter's router does to the browser's history, without Flutter: an entry numbered
# ``serialCount`` per screen, each push numbered one more than Flutter's last.
_FLUTTER = """
history.replaceState({serialCount: 0, state: null}, "flutter", "/");
var n = 0;
window.open_screen = function (path) {
  n += 1;
  history.pushState({serialCount: n, state: null}, "flutter", path);
};
null;  // evaluate() would call a function the script ended on
"""


def _bare_page(context: Any) -> Any:
    """A page holding only the history script of the app's page, at http://app.test/."""
    shipped = (Path(__file__).parents[2] / "assets" / "index.html").read_text("utf-8")
    start = shipped.rindex("<script>", 0, shipped.index('"companion.history"'))
    script = shipped[start : shipped.index("</script>", start) + len("</script>")]
    html = f"<!doctype html><html><head>{script}</head><body></body></html>"
    page = context.new_page()
    page.route("http://app.test/**", lambda r: r.fulfill(body=html, content_type="text/html"))
    page.goto("http://app.test/")
    page.evaluate(_FLUTTER)
    return page


def _where(page: Any) -> tuple[str, int]:
    path, serial = page.evaluate("[location.pathname, history.state && history.state.serialCount]")
    return path, serial


def test_two_steps_back_in_a_row_land_where_the_second_asked(context: Any) -> None:
    """Rule: two screens asked for at once, both already behind (the podium the end of the
    evening opens, then the arrow back to Home before the phone got there), end on the
    second: going back is asynchronous, and the second must not count from the first's
    starting point (found by a CI run on a busy machine: the phone stayed on the evening)."""
    page = _bare_page(context)
    page.evaluate(
        "['/evening', '/evening/x', '/evening/x/hands'].forEach(p => open_screen(p));"
        "open_screen('/evening/x'); open_screen('/');"
    )
    page.wait_for_function("location.pathname === '/' && history.state.serialCount === 0")
    page.wait_for_timeout(300)  # nothing more moves once both have landed
    assert _where(page) == ("/", 0)


def test_a_screen_after_going_back_is_numbered_from_the_entry_it_follows(context: Any) -> None:
    """Rule: Flutter counted the step back as a push; the next screen is still numbered one
    after the entry it follows, so later steps back find it."""
    page = _bare_page(context)
    page.evaluate("open_screen('/history'); open_screen('/history/e1'); open_screen('/history')")
    page.wait_for_function("location.pathname === '/history' && history.state.serialCount === 1")
    page.evaluate("open_screen('/players')")
    assert _where(page) == ("/players", 2)
    page.evaluate("open_screen('/history')")  # behind, one step
    page.wait_for_function("location.pathname === '/history'")
    assert _where(page) == ("/history", 1)
    page.go_back()
    page.wait_for_function("location.pathname === '/'")


def test_a_new_screen_is_pushed(context: Any) -> None:
    """Rule: an address not behind the current entry is a new entry, as Flutter asked."""
    page = _bare_page(context)
    page.evaluate("open_screen('/history'); open_screen('/settings')")
    assert _where(page) == ("/settings", 2)
    assert page.evaluate("history.length") == 4  # about:blank, then the app's three
