"""The two naming rules of the data folder, each in one place.

* A stable id (of an evening or a player) becomes a file name: 1-128 letters, digits,
  ``-`` and ``_``.
* A backup of ``<stem>.json`` is ``<stem>.<UTC timestamp>[.<tag>].json``; the timestamp is
  ``YYYYmmddTHHMMSSffffffZ`` and the tag (``v0``...) marks a pre-migration copy.
"""

from __future__ import annotations

import re
from datetime import UTC, datetime

__all__ = [
    "BACKUP_NAME",
    "BACKUP_TIMESTAMP_FORMAT",
    "ID_PATTERN",
    "backup_name",
    "backup_time",
    "is_valid_id",
]

ID_PATTERN = re.compile(r"^[A-Za-z0-9_-]{1,128}$")
BACKUP_TIMESTAMP_FORMAT = "%Y%m%dT%H%M%S%fZ"
#: ``stem``, ``ts`` (the timestamp) and ``tag`` (or None) of a backup file name
BACKUP_NAME = re.compile(
    r"^(?P<stem>.+?)\.(?P<ts>\d{8}T\d{12}Z)(?:\.(?P<tag>[A-Za-z0-9-]+))?\.json$"
)


def is_valid_id(value: object) -> bool:
    """Whether ``value`` is usable as a stable id (it becomes a file name)."""
    return isinstance(value, str) and ID_PATTERN.match(value) is not None


def backup_name(name: str) -> re.Match[str] | None:
    """The parts of a backup file name, or ``None`` when ``name`` is not one."""
    return BACKUP_NAME.match(name)


def backup_time(name: str) -> datetime | None:
    """When the backup called ``name`` was taken (UTC), or ``None``."""
    match = BACKUP_NAME.match(name)
    if match is None:
        return None
    return datetime.strptime(match["ts"], BACKUP_TIMESTAMP_FORMAT).replace(tzinfo=UTC)
