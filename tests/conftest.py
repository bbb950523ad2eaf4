"""Settings shared by every test folder."""

from __future__ import annotations

import pytest


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """Slow runs are sized by their caller (a million states take minutes): the per-test
    hang guard of pyproject.toml applies to the default run only."""
    for item in items:
        if "slow" in item.keywords and item.get_closest_marker("timeout") is None:
            item.add_marker(pytest.mark.timeout(0))
