"""Line charts (flet-charts) drawn from the history view models' ``Chart`` data, with a
legend: a chart has no names on its lines, so a coloured dot and the name go above it.

flet-charts is imported when a chart is first drawn: it is a third of what the app imports
before its first screen (0.25 s of 0.83 s here), and the phone build imports everything
again, more slowly, at every open."""

from __future__ import annotations

from typing import TYPE_CHECKING

import flet as ft

from companion.ui import theme
from companion.ui.downsample import MOST_POINTS, downsample
from companion.ui.history_model import Chart, Label, Series
from companion.ui.widgets import tagged

if TYPE_CHECKING:
    import flet_charts as fch

# Each point is a control the phone receives and the server keeps for the session: the lines
# of a chart share a budget (8 lines of 60 points on the Leaderboard), never fewer than
# MOST_LINE_POINTS each. Past DOTS_UP_TO points a line is drawn without a dot on each point:
# the dots of eight long lines would hide the lines.
CHART_POINTS = 480
MOST_LINE_POINTS = 40
DOTS_UP_TO = 40

# Distinct on light and dark backgrounds, in the order of the standings.
PALETTE = (
    ft.Colors.BLUE_600,
    ft.Colors.RED_600,
    ft.Colors.GREEN_600,
    ft.Colors.ORANGE_700,
    ft.Colors.PURPLE_400,
    ft.Colors.TEAL_500,
    ft.Colors.PINK_400,
    ft.Colors.BROWN_400,
)
HEIGHT = 240  # fits a 360 px phone screen with its legend and title


def _colour(series: Series, i: int) -> str:
    """The player's own colour (the same on every chart and screen), else by line order."""
    return series.colour or PALETTE[i % len(PALETTE)]


def _legend(chart: Chart) -> ft.Control:
    items: list[ft.Control] = [
        ft.Row(
            [
                ft.Container(width=14, height=14, border_radius=7, bgcolor=_colour(series, i)),
                ft.Text(series.name, size=15),
            ],
            spacing=6,
            tight=True,
        )
        for i, series in enumerate(chart.series)
    ]
    return ft.Row(items, wrap=True, spacing=14, run_spacing=4)


def _texts(labels: tuple[tuple[float, Label], ...], lang: str) -> list[tuple[float, str]]:
    """The axis labels in ``lang`` (an evening's day as the language writes it)."""
    return [(x, label if isinstance(label, str) else label.render(lang)) for x, label in labels]


def _axis_labels(labels: list[tuple[float, str]]) -> list[fch.ChartAxisLabel]:
    import flet_charts as fch

    return [
        fch.ChartAxisLabel(value=x, label=ft.Text(text, size=13, text_align=ft.TextAlign.CENTER))
        for x, text in labels
    ]


def line_chart(
    chart: Chart,
    *,
    lang: str,
    ident: str,
    x_title: str,
    y_title: str,
    y_title_size: int = 22,
) -> ft.Control:
    """The chart, its legend and axis titles, tagged ``ident`` for the browser tests. A long
    line is sent as at most ``downsample.MOST_POINTS`` points, and the lines of one chart as
    at most ``CHART_POINTS`` together, drawn the same; a line of many points has no dots."""
    import flet_charts as fch

    lines = [series for series in chart.series if series.points]
    most = max(MOST_LINE_POINTS, min(MOST_POINTS, CHART_POINTS // max(1, len(lines))))
    data = []
    for i, series in enumerate(chart.series):
        if not series.points:
            continue
        points = downsample(series.points, most)
        data.append(
            fch.LineChartData(
                points=[fch.LineChartDataPoint(x, y) for x, y in points],
                color=_colour(series, i),
                stroke_width=3,
                curved=False,
                rounded_stroke_cap=True,
                point=len(points) <= DOTS_UP_TO,
            )
        )
    grid = fch.ChartGridLines(color=ft.Colors.with_opacity(0.15, ft.Colors.ON_SURFACE), width=1)
    left = fch.ChartAxis(
        labels=_axis_labels(_texts(chart.y_labels, lang)),
        label_size=44,
        title=ft.Text(y_title, size=13),
        title_size=y_title_size,
        show_labels=True,
    )
    if not chart.y_labels:
        left = fch.ChartAxis(
            label_size=36, title=ft.Text(y_title, size=13), title_size=y_title_size
        )
    # A little room left and right, so that the first and last labels under the axis
    # (centred on their point) are not cut off.
    pad = max(0.1, 0.06 * (chart.max_x - chart.min_x))
    x_labels = _texts(chart.x_labels, lang)
    plot = fch.LineChart(
        data_series=data,
        min_x=chart.min_x - pad,
        max_x=chart.max_x + pad,
        min_y=chart.min_y,
        max_y=chart.max_y,
        height=HEIGHT,
        interactive=False,
        horizontal_grid_lines=grid,
        left_axis=left,
        bottom_axis=fch.ChartAxis(
            labels=_axis_labels(x_labels),
            # Two lines under an evening that shares its day with another: date, then time.
            label_size=44 if any("\n" in text for _, text in x_labels) else 28,
            title=ft.Text(x_title, size=13),
            title_size=22,
        ),
        right_axis=fch.ChartAxis(show_labels=False, label_size=8),
        top_axis=fch.ChartAxis(show_labels=False, label_size=8),
    )
    return tagged(
        ident,
        ft.Container(
            content=ft.Column([_legend(chart), plot], spacing=8),
            padding=ft.Padding.only(top=theme.GAP / 2, right=theme.GAP / 2, bottom=4),
        ),
    )
