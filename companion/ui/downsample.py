"""Fewer points for a long line, drawn the same: what a chart sends to the phone is bounded,
whatever the years of evenings behind it (issue 20).

Largest-Triangle-Three-Buckets (Steinarsson, "Downsampling Time Series for Visual
Representation", 2013): the first and last points are kept; the others are cut into equal
buckets, and from each bucket the point kept is the one that makes the largest triangle
with the point kept before it and the average of the next bucket. Peaks and troughs, which
make large triangles, survive; a flat run keeps one point per bucket.

>>> downsample([(0, 0), (1, 5), (2, 1), (3, 1), (4, 0)], 3)
((0, 0), (1, 5), (4, 0))
>>> downsample([(0, 0), (1, 1)], 10)
((0, 0), (1, 1))
"""

from __future__ import annotations

from collections.abc import Sequence

__all__ = ["MOST_POINTS", "downsample"]

Point = tuple[float, float]

# Per line. A phone's chart is about 350 px wide: beyond a hundred points a line cannot
# show more, and each point is a control sent over the wire (or to the page's worker).
MOST_POINTS = 100


def downsample(points: Sequence[Point], most: int = MOST_POINTS) -> tuple[Point, ...]:
    """At most ``most`` of ``points`` (sorted by x), in their order, the first and the last
    always among them; ``points`` as they are when there are no more than ``most``."""
    if most < 3:
        raise ValueError(f"a line needs at least 3 points to keep its ends and shape: {most}")
    n = len(points)
    if n <= most:
        return tuple(points)
    every = (n - 2) / (most - 2)  # points per bucket, the first and last points aside
    kept = [points[0]]
    previous = 0
    for bucket in range(most - 2):
        start = int(bucket * every) + 1
        end = int((bucket + 1) * every) + 1
        following = points[end : min(int((bucket + 2) * every) + 1, n)] or [points[-1]]
        avg_x = sum(x for x, _ in following) / len(following)
        avg_y = sum(y for _, y in following) / len(following)
        ax, ay = points[previous]
        best, best_area = start, -1.0
        for i in range(start, end):
            x, y = points[i]
            area = abs((ax - avg_x) * (y - ay) - (ax - x) * (avg_y - ay))
            if area > best_area:
                best, best_area = i, area
        kept.append(points[best])
        previous = best
    kept.append(points[-1])
    return tuple(kept)
