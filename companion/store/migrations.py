"""Schema versions of store files and the numbered migrations between them.

Every store file is a TinyDB document (``{table: {doc_id: record}}``) with a
``_meta`` table whose document ``"1"`` is ``{"schema_version": N, "kind": K}``
(``K`` is ``"evening"``, ``"index"`` or ``"players"``).

``MIGRATIONS[N]`` upgrades a *raw* document from version ``N`` to ``N + 1``.
Rules for a migration function:

* it receives a private deep copy, may modify and return it;
* it must set ``_meta["1"]["schema_version"]`` to ``N + 1``;
* it must be idempotent: applied to its own output it returns it unchanged
  (so a migration interrupted by a crash can simply be run again);
* it must not touch the disk: the caller copies the file to ``backups/``
  (with the old version in the name) before writing the migrated document.

To change the format: bump :data:`SCHEMA_VERSION`, add
``MIGRATIONS[old] = migrate_old_to_new`` and a test feeding an old document.
"""

from __future__ import annotations

import copy
import os
from collections.abc import Callable, Mapping
from typing import Any

from companion.words import Message

from .errors import CorruptFileError, MigrationError, NewerSchemaError

__all__ = [
    "META_TABLE",
    "MIGRATIONS",
    "SCHEMA_VERSION",
    "Migration",
    "document_version",
    "make_meta",
    "migrate_0_to_1",
    "migrate_1_to_2",
    "migrate_document",
]

SCHEMA_VERSION = 2
META_TABLE = "_meta"
META_DOC_ID = "1"

Migration = Callable[[dict[str, Any]], dict[str, Any]]

#: Which data table identifies which kind of file (used by the 0 -> 1 migration).
KIND_TABLES = {"evening": "evening", "evenings": "index", "players": "players"}


def make_meta(kind: str, version: int = SCHEMA_VERSION) -> dict[str, dict[str, Any]]:
    """The ``_meta`` table of a file of ``kind`` at ``version``."""
    return {META_DOC_ID: {"schema_version": version, "kind": kind}}


def document_version(doc: Mapping[str, Any], path: str | os.PathLike[str] = "<document>") -> int:
    """The schema version of a raw document (0 when it has no ``_meta`` table)."""
    meta = doc.get(META_TABLE)
    if meta is None:
        return 0
    record = meta.get(META_DOC_ID) if isinstance(meta, dict) else None
    version = record.get("schema_version") if isinstance(record, dict) else None
    if isinstance(version, bool) or not isinstance(version, int) or version < 0:
        raise CorruptFileError(path, Message.of("store.reason.no_schema_version"))
    return version


def migrate_0_to_1(doc: dict[str, Any]) -> dict[str, Any]:
    """Version 0 -> 1.

    Version 0 is the pre-release format: the same tables as version 1
    (``evening`` / ``evenings`` / ``players``) but no ``_meta`` table, hence no
    ``schema_version`` key anywhere.  Version 1 adds ``_meta`` with the schema
    version and the kind of file, inferred from the data table it holds.
    Idempotent: a document that already has a version >= 1 is returned as is.
    """
    if META_TABLE in doc and document_version(doc) >= 1:
        return doc
    kind = next((k for table, k in KIND_TABLES.items() if table in doc), "unknown")
    migrated = {META_TABLE: make_meta(kind, 1)}
    migrated.update((name, table) for name, table in doc.items() if name != META_TABLE)
    return migrated


#: What version 1 stored beside an evening's inputs: state derived from them (plans with their
#: sentences in one language, titles, points, totals), which version 2 recomputes on load.
DERIVED_EVENING_FIELDS = ("lang", "present", "ranked", "totals", "standings", "ended_after")
DERIVED_EVENING_TEXT = "next_plan"
DERIVED_STEP_FIELDS = ("result",)


def migrate_1_to_2(doc: dict[str, Any]) -> dict[str, Any]:
    """Version 1 -> 2: an evening file keeps only what people entered.

    Version 1 evening records also held derived state, including the next hand's plan with
    its instructions as sentences in the language the evening was created in (so an English
    app showed a French plan). Version 2 drops ``next_plan``, the other derived fields and
    each step's ``result`` (in ``steps`` and in the ``log``); the app derives them again in
    the viewer's language. Other kinds of file only change version. Idempotent.
    """
    if document_version(doc) >= 2:
        return doc
    for record in (doc.get("evening") or {}).values():
        if not isinstance(record, dict):
            continue
        for name in (*DERIVED_EVENING_FIELDS, DERIVED_EVENING_TEXT):
            record.pop(name, None)
        steps = [s for s in record.get("steps") or () if isinstance(s, dict)]
        logged = [e.get("step") for e in record.get("log") or () if isinstance(e, dict)]
        steps += [s for s in logged if isinstance(s, dict)]
        for step in steps:
            for name in DERIVED_STEP_FIELDS:
                step.pop(name, None)
    doc[META_TABLE][META_DOC_ID]["schema_version"] = 2
    return doc


MIGRATIONS: dict[int, Migration] = {
    0: migrate_0_to_1,
    1: migrate_1_to_2,
}


def migrate_document(
    doc: dict[str, Any],
    *,
    path: str | os.PathLike[str] = "<document>",
    target: int = SCHEMA_VERSION,
    migrations: Mapping[int, Migration] | None = None,
) -> tuple[dict[str, Any], int]:
    """Upgrade ``doc`` to ``target``; return ``(new_doc, old_version)``.

    ``doc`` itself is not modified.  Raises :class:`NewerSchemaError` for a
    document newer than ``target`` and :class:`MigrationError` when a step is
    missing or does not produce the next version.
    """
    migrations = MIGRATIONS if migrations is None else migrations
    old = version = document_version(doc, path)
    if version > target:
        raise NewerSchemaError(path, version, target)
    if version == target:
        return doc, old
    doc = copy.deepcopy(doc)
    while version < target:
        step = migrations.get(version)
        if step is None:
            raise MigrationError(path, version)
        doc = step(doc)
        new_version = document_version(doc, path)
        if new_version != version + 1:
            raise MigrationError(path, version, new_version)
        version = new_version
    return doc, old
