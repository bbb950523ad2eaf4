"""Where the store lives on disk."""

from __future__ import annotations

import os
from pathlib import Path

import platformdirs

__all__ = ["APP_NAME", "DATA_DIR_ENV", "resolve_data_dir"]

APP_NAME = "companion"
DATA_DIR_ENV = "FLET_APP_STORAGE_DATA"


def resolve_data_dir(explicit: str | os.PathLike[str] | None = None) -> Path:
    """Return the data directory of the store.

    Precedence: ``explicit`` (when given and non-empty), then the
    ``FLET_APP_STORAGE_DATA`` environment variable (set by Flet on mobile and
    desktop builds), then ``platformdirs.user_data_dir("companion")``.
    The directory is *not* created here: opening a store never writes.
    """
    if explicit is not None and os.fspath(explicit) != "":
        return Path(explicit).expanduser()
    env = os.environ.get(DATA_DIR_ENV)
    if env:
        return Path(env).expanduser()
    return Path(platformdirs.user_data_dir(APP_NAME))
