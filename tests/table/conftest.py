"""Fixtures shared by the table tests."""

from __future__ import annotations

from pathlib import Path

import pytest

from companion.table.service import TableService


@pytest.fixture
def service(tmp_path: Path) -> TableService:
    """A service over a data folder of its own, empty."""
    return TableService(tmp_path / "data")
