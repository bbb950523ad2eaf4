"""A small sample of the app benchmark (``benchmarks/bench_app.py``), so CI notices when it
breaks: one cold and one warm open, five taps, one navigation. Speed itself is not asserted
(the machine decides it); the full figures are in docs/performance.md."""

from __future__ import annotations

import json
import math
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

pytestmark = pytest.mark.e2e

ROOT = Path(__file__).resolve().parents[2]
SAMPLE = ["--cold", "1", "--warm", "1", "--taps", "5", "--navs", "1", "--tap-gap-ms", "100"]


@pytest.fixture(scope="module")
def sample(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    out = tmp_path_factory.mktemp("bench") / "app.json"
    done = subprocess.run(
        [sys.executable, "benchmarks/bench_app.py", *SAMPLE, "--json", str(out)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=600,
        check=False,
    )
    assert done.returncode == 0, done.stdout + done.stderr
    figures = json.loads(out.read_text("utf-8"))
    figures["printed"] = done.stdout
    return figures


def test_every_measure_is_produced(sample: dict[str, Any]) -> None:
    """The sample yields each figure the benchmark reports: first screen cold and warm (from
    Playwright and in the page), tap to update (page, next frame, Playwright, and its three
    shares) and both navigations, with the counts asked for."""
    summ = sample["summary"]
    expected = {
        "first_screen_cold_wall": 1,
        "first_screen_cold_page": 1,
        "first_screen_warm_wall": 1,
        "first_screen_warm_page": 1,
        "tap_dom": 5,
        "tap_frame": 5,
        "tap_wall": 5,
        "tap_to_send": 5,
        "tap_server": 5,
        "tap_to_dom": 5,
        "nav_to_history": 1,
        "nav_back_home": 1,
    }
    assert {key: summ.get(key, {}).get("n") for key in expected} == expected


def test_every_figure_is_positive_and_finite(sample: dict[str, Any]) -> None:
    """No figure is zero, negative, infinite or NaN (a mark taken before its start, or never
    taken, would show as one)."""
    bad = {
        f"{key}.{stat}": value
        for key, s in sample["summary"].items()
        for stat, value in s.items()
        if stat != "n" and not (math.isfinite(value) and value > 0)
    }
    assert bad == {}


def test_the_first_screen_milestones_are_in_order(sample: dict[str, Any]) -> None:
    """In each open the HTML arrives before the home button appears, and the Flet websocket
    opens in between: the page's marks measure this load, not a previous one."""
    for kind in ("cold", "warm"):
        (run,) = sample["first_screen"][kind]
        assert 0 < run["html"] < run["ws_open"] < run["interactive"] <= run["wall"], (kind, run)


def test_the_report_names_the_targets(sample: dict[str, Any]) -> None:
    """The printed table carries a verdict for both targets (first screen, tap median)."""
    printed = sample["printed"]
    assert "median < 3,000" in printed and "median < 100" in printed
    verdicts = [line for line in printed.splitlines() if "median < " in line]
    assert len(verdicts) == 3 and all(("met" in v) or ("MISSED" in v) for v in verdicts)
