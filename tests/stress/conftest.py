"""Make tests/stress/_common.py importable whatever the import mode."""

import sys
from pathlib import Path

_HERE = str(Path(__file__).resolve().parent)
if _HERE not in sys.path:
    sys.path.insert(0, _HERE)


def pytest_terminal_summary(terminalreporter):
    from _common import COUNTS

    if COUNTS:
        terminalreporter.section("bad-input cases checked")
        for what, n in sorted(COUNTS.items()):
            terminalreporter.write_line(f"{n:>9,}  {what}")
        terminalreporter.write_line(f"{sum(COUNTS.values()):>9,}  total")


def pytest_runtest_logfinish(nodeid, location):
    """With ``COMPANION_STRESS_COUNTS=FILE``, the tally so far is rewritten after each test
    (and every 1,000 cases), so an interrupted long run still says how far it got."""
    from _common import write_counts

    write_counts(nodeid)
