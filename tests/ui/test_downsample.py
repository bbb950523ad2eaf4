"""companion.ui.downsample: a long line sent as a bounded number of points, drawn the same
(Largest-Triangle-Three-Buckets)."""

from __future__ import annotations

import doctest
import itertools
import math

import pytest
from hypothesis import given
from hypothesis import strategies as st

from companion.ui import downsample as module
from companion.ui.downsample import downsample

LINES = st.lists(st.floats(-1e6, 1e6, allow_nan=False), min_size=0, max_size=400).map(
    lambda ys: [(float(x), y) for x, y in enumerate(ys)]
)


@given(LINES, st.integers(3, 150))
def test_at_most_the_bound_in_order_with_both_ends(points, most) -> None:
    """Whatever the line: no more points than asked, taken from it in their order, the
    first and the last among them; a short line comes back whole."""
    kept = downsample(points, most)
    assert len(kept) == min(len(points), most)
    xs = [x for x, _ in kept]
    assert xs == sorted(set(xs))
    assert set(kept) <= set(points)
    if points:
        assert kept[0] == points[0] and kept[-1] == points[-1]


def test_a_peak_survives() -> None:
    """A single high evening in a long flat run is kept: it is what the eye looks for."""
    points = [(float(x), 25.0) for x in range(520)]
    points[333] = (333.0, 40.0)
    assert (333.0, 40.0) in downsample(points, 100)


def test_a_smooth_curve_stays_close() -> None:
    """520 points of a slow curve, kept as 100: between two kept points, the line drawn
    stays within 2% of the curve's height of every dropped point."""
    points = [(float(x), 25 + 10 * math.sin(x / 60)) for x in range(520)]
    kept = downsample(points, 100)
    for (x0, y0), (x1, y1) in itertools.pairwise(kept):
        for x, y in points[int(x0) : int(x1) + 1]:
            drawn = y0 + (y1 - y0) * (x - x0) / (x1 - x0)
            assert abs(drawn - y) < 0.02 * 20


def test_fewer_than_three_points_cannot_keep_a_line() -> None:
    """A bound under 3 cannot keep both ends and the shape: refused."""
    with pytest.raises(ValueError):
        downsample([(0.0, 0.0), (1.0, 1.0), (2.0, 0.0)], 2)


def test_the_docstring_examples_hold() -> None:
    """The examples in the module's docstring run as written."""
    assert doctest.testmod(module).failed == 0
