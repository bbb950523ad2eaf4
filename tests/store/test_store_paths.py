"""Where the data directory is."""

from __future__ import annotations

from pathlib import Path

import platformdirs

from companion.store import DATA_DIR_ENV, resolve_data_dir


def test_explicit_dir_wins_over_env(tmp_path: Path, monkeypatch) -> None:
    """An explicit data_dir overrides FLET_APP_STORAGE_DATA."""
    monkeypatch.setenv(DATA_DIR_ENV, str(tmp_path / "env"))
    assert resolve_data_dir(tmp_path / "explicit") == tmp_path / "explicit"


def test_env_var_used_when_no_explicit_dir(tmp_path: Path, monkeypatch) -> None:
    """FLET_APP_STORAGE_DATA is used when no explicit directory is given."""
    monkeypatch.setenv(DATA_DIR_ENV, str(tmp_path / "env"))
    assert resolve_data_dir(None) == tmp_path / "env"


def test_platform_dir_is_the_fallback(monkeypatch) -> None:
    """Without explicit dir or env var, the platform user data dir of 'companion' is used."""
    monkeypatch.delenv(DATA_DIR_ENV, raising=False)
    assert resolve_data_dir(None) == Path(platformdirs.user_data_dir("companion"))
    assert resolve_data_dir("") == Path(platformdirs.user_data_dir("companion"))


def test_resolving_creates_nothing(tmp_path: Path) -> None:
    """Resolving the data dir does not create it."""
    resolve_data_dir(tmp_path / "nope")
    assert not (tmp_path / "nope").exists()
