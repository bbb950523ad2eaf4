"""The chart widget draws what the view model says: a line per player, in order, colours
from the palette, room around the first and last labels."""

from __future__ import annotations

import flet_charts as fch

from companion.ui.charts import PALETTE, line_chart
from companion.ui.history_model import Chart, Series


def _plot(control) -> fch.LineChart:
    column = control.content.content  # Semantics → Container → Column
    return next(c for c in column.controls if isinstance(c, fch.LineChart))


def test_a_line_per_player_with_labels_inside() -> None:
    """A line is drawn per player who has points, in order and in the palette's colours, on the view
    model's y range and x labels, with room left and right so the end labels fit inside."""
    chart = Chart(
        (Series("Léa", ((0, 0), (1, 3))), Series("Tom", ((0, 0), (1, 1))), Series("Sam", ())),
        0,
        1,
        0,
        3,
        ((0.0, "0"), (1.0, "1")),
    )
    control = line_chart(chart, lang="fr", ident="chart-x", x_title="Hands", y_title="Points")
    assert control.identifier == "chart-x"
    plot = _plot(control)
    assert [len(d.points) for d in plot.data_series] == [2, 2]  # no line for no points
    assert [d.color for d in plot.data_series] == list(PALETTE[:2])
    assert plot.min_x < 0 and plot.max_x > 1 and (plot.min_y, plot.max_y) == (0, 3)
    assert [label.value for label in plot.bottom_axis.labels] == [0.0, 1.0]


def test_a_long_line_is_sent_as_a_bounded_number_of_points() -> None:
    """Ten years of weekly evenings: the rating line goes to the phone as at most
    ``MOST_POINTS`` points, from the first evening to the last."""
    from companion.ui.downsample import MOST_POINTS

    points = tuple((float(x), 25.0 + (x % 7)) for x in range(520))
    chart = Chart((Series("Léa", points), Series("Tom", points[:40])), 0, 519, 20, 35)
    plot = _plot(line_chart(chart, lang="fr", ident="chart-r", x_title="Soirées", y_title="Cote"))
    sent = [[(p.x, p.y) for p in d.points] for d in plot.data_series]
    assert len(sent[0]) == MOST_POINTS and sent[0][0] == points[0] and sent[0][-1] == points[-1]
    assert sent[1] == list(points[:40])  # a short line is sent whole


def test_the_lines_of_one_chart_share_a_budget_of_points() -> None:
    """Eight long lines are sent as ``CHART_POINTS`` points together (60 each), ends kept;
    a single long line keeps ``MOST_POINTS``; a line that long has no dots, a short one
    keeps them."""
    from companion.ui.charts import CHART_POINTS
    from companion.ui.downsample import MOST_POINTS

    points = tuple((float(x), float(x % 5)) for x in range(520))
    eight = Chart(tuple(Series(f"P{n}", points) for n in range(8)), 0, 519, 0, 5)
    plot = _plot(line_chart(eight, lang="fr", ident="chart-p", x_title="Soirées", y_title=""))
    sizes = [len(d.points) for d in plot.data_series]
    assert sizes == [CHART_POINTS // 8] * 8
    assert all(d.points[-1].x == 519 and d.points[0].x == 0 for d in plot.data_series)
    assert not any(d.point for d in plot.data_series)
    one = _plot(
        line_chart(
            Chart((Series("Léa", points),), 0, 519, 0, 5),
            lang="fr",
            ident="c",
            x_title="",
            y_title="",
        )
    )
    assert len(one.data_series[0].points) == MOST_POINTS
    short = _plot(
        line_chart(
            Chart((Series("Léa", points[:12]),), 0, 11, 0, 5),
            lang="fr",
            ident="c",
            x_title="",
            y_title="",
        )
    )
    assert short.data_series[0].point
