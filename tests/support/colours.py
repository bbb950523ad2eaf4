"""Reading a player's colour off the screen, for the end-to-end tests that check each
player keeps his own colour on seats, grids, podiums and leaderboards."""

from __future__ import annotations

import io
import time
from typing import Any

from PIL import Image

from tests.support.browser import by_id, settle


def fill_of(page: Any, ident: str, width: float | None = None, timeout: float = 20.0) -> str:
    """The avatar's colour in the control tagged ``ident`` (in its first ``width`` px), as
    #RRGGBB, once the screen has come to rest and drawn it (a starved machine may label a
    control some time before it paints it)."""
    node = by_id(page, ident).first
    node.wait_for(state="attached")
    deadline = time.monotonic() + timeout
    # A screen slides in: let it come to rest (its canvas moves without touching the page's
    # elements, so ``settle`` alone does not see it).
    page.wait_for_timeout(800)
    while True:
        box = node.bounding_box()
        assert box is not None
        if width is not None:
            box = {**box, "width": width}
        shot = Image.open(io.BytesIO(page.screenshot(clip=box))).convert("RGB")
        counts = sorted(shot.getcolors(maxcolors=1 << 20), reverse=True)
        # The screen and the cards are greys: the avatar is the commonest vivid colour.
        colour = next((c for _, c in counts if max(c) - min(c) > 40), None)
        if colour is not None:
            return "#{:02X}{:02X}{:02X}".format(*colour)
        if time.monotonic() > deadline:
            raise AssertionError(f"no colour drawn in {ident!r} after {timeout:.0f} s")
        settle(page)
        page.wait_for_timeout(250)


def close(a: str, b: str, tolerance: int = 12) -> bool:
    pa = [int(a[i : i + 2], 16) for i in (1, 3, 5)]
    pb = [int(b[i : i + 2], 16) for i in (1, 3, 5)]
    return all(abs(x - y) <= tolerance for x, y in zip(pa, pb, strict=True))
