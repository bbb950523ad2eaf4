"""Export everything to one JSON file, and read such a file back (checked whole first).

An export is ``{"format": EXPORT_FORMAT, "schema_version": N, "index": [...],
"players": [...], "evenings": [...]}``; an older one is upgraded with the file
migrations.  Writing the imported data is the repository's job.
"""

from __future__ import annotations

import contextlib
import shutil
from dataclasses import dataclass, field
from datetime import datetime
from pathlib import Path
from typing import Any, Generic, TypeVar

from pydantic import BaseModel, ValidationError

from .atomic import parse_json_text, read_bytes
from .documents import KIND_TABLES, Documents, short_errors
from .errors import _WHAT_FR, DiskFullError, ImportFileError, NewerSchemaError, StoreError
from .index import IndexEntry
from .migrations import META_TABLE, make_meta, migrate_document
from .names import is_valid_id

__all__ = ["EXPORT_EXCLUDE", "EXPORT_FORMAT", "ImportResult", "check_free_space", "parse_import"]

E = TypeVar("E", bound=BaseModel)
P = TypeVar("P", bound=BaseModel)

EXPORT_FORMAT = "companion-store-export"
#: index fields that describe this machine's files, not the data
EXPORT_EXCLUDE = {"error", "file_size", "file_mtime_ns"}


@dataclass
class ImportResult:
    """What :meth:`Repository.import_all` did."""

    evenings: int
    players: int
    trashed: list[str] = field(default_factory=list)


@dataclass
class ParsedImport(Generic[E, P]):
    """An export file read and validated whole: nothing is written yet."""

    evenings: list[E]
    players: list[P]
    updated: dict[str, datetime]  # evening id -> when it was last changed
    size: int  # bytes of the file


def _migrate_export(
    docs: Documents[Any, Any], doc: dict[str, Any], version: int, path: Path
) -> dict[str, Any]:
    """Upgrade the parts of an older export with the file migrations."""

    def upgrade(kind: str, records: list[Any]) -> list[Any]:
        table = {str(n): r for n, r in enumerate(records, 1)}
        raw: dict[str, Any] = {KIND_TABLES[kind]: table}
        if version >= 1:
            raw[META_TABLE] = make_meta(kind, version)
        new, _ = migrate_document(
            raw, path=path, target=docs.schema_version, migrations=docs.migrations
        )
        new_table = new.get(KIND_TABLES[kind], {})
        return [new_table[k] for k in sorted(new_table, key=int)]

    out = dict(doc)
    out["index"] = upgrade("index", doc["index"])
    out["players"] = upgrade("players", doc["players"])
    out["evenings"] = [upgrade("evening", [rec])[0] for rec in doc["evenings"]]
    out["schema_version"] = docs.schema_version
    return out


def parse_import(path: Path, docs: Documents[E, P], player_id_field: str) -> ParsedImport[E, P]:
    """Read, upgrade and validate a whole export; ImportFileError says what is wrong."""

    def fail(reason: str, reason_fr: str) -> ImportFileError:
        return ImportFileError(path, reason, reason_fr=reason_fr)

    try:
        data = read_bytes(path)
    except StoreError as exc:
        detail = exc.params.get("detail") or exc.params.get("reason") or exc.code
        raise fail(
            f"it cannot be read ({detail})",
            f"il ne peut pas être lu ({exc.params.get('reason_fr') or detail})",
        ) from exc
    if data is None:
        raise fail("the file does not exist", "le fichier n'existe pas")
    doc, problem = parse_json_text(data)
    if problem is not None:
        raise fail(*problem)
    if not isinstance(doc, dict) or doc.get("format") != EXPORT_FORMAT:
        raise fail(
            f'it is not a companion export (no "format": "{EXPORT_FORMAT}")',
            f'ce n\'est pas un export de l\'application (pas de "format": "{EXPORT_FORMAT}")',
        )
    version = doc.get("schema_version")
    if isinstance(version, bool) or not isinstance(version, int) or version < 0:
        raise fail("it has no valid schema_version", "il n'a pas de schema_version valide")
    if version > docs.schema_version:
        raise NewerSchemaError(path, version, docs.schema_version)
    for key in ("index", "players", "evenings"):
        if not isinstance(doc.get(key), list):
            raise fail(
                f"{key!r} is missing or not a list", f"{key!r} manque ou n'est pas une liste"
            )
    if version < docs.schema_version:
        try:
            doc = _migrate_export(docs, doc, version, path)
        except StoreError as exc:
            raise fail(
                f"it could not be upgraded: {exc.message('en')}",
                f"sa mise à jour a échoué : {exc.message('fr')}",
            ) from exc

    problems: list[tuple[str, str]] = []  # (English, French)

    def validate(
        kind: str, model: type[BaseModel], records: list[Any], id_field: str, what: str
    ) -> list[Any]:
        out, seen = [], set()
        for n, record in enumerate(records):
            try:
                item = model.model_validate(record)
            except ValidationError as exc:
                detail = short_errors(exc)
                problems.append((f"{kind}[{n}]: {detail}", f"{kind}[{n}] invalide ({detail})"))
                continue
            item_id = getattr(item, id_field, None)
            what_fr = _WHAT_FR[what]
            if not is_valid_id(item_id):
                problems.append(
                    (
                        f"{kind}[{n}]: invalid {what} id {item_id!r}",
                        f"{kind}[{n}] : identifiant {what_fr} invalide {item_id!r}",
                    )
                )
            elif item_id in seen:
                problems.append(
                    (
                        f"{kind}[{n}]: duplicate {what} id {item_id!r}",
                        f"{kind}[{n}] : identifiant {what_fr} en double {item_id!r}",
                    )
                )
            seen.add(item_id)
            out.append(item)
        return out

    evenings = validate("evenings", docs.evening_model, doc["evenings"], docs.id_field, "evening")
    players = validate("players", docs.player_model, doc["players"], player_id_field, "player")
    index = validate("index", IndexEntry, doc["index"], "id", "evening")
    evening_ids = {getattr(e, docs.id_field) for e in evenings}
    index_ids = {e.id for e in index}
    if not problems and evening_ids != index_ids:
        missing = sorted(evening_ids - index_ids)[:3]
        extra = sorted(index_ids - evening_ids)[:3]
        problems.append(
            (
                f"index and evenings disagree (not indexed: {missing}, "
                f"indexed but absent: {extra})",
                f"l'index et les soirées ne concordent pas (non indexées : "
                f"{missing}, indexées mais absentes : {extra})",
            )
        )
    if problems:
        rest = len(problems) - 5
        raise fail(
            "; ".join(en for en, _ in problems[:5])
            + (f" and {rest} more problems" if rest > 0 else ""),
            " ; ".join(fr for _, fr in problems[:5])
            + (f" et {rest} autres problèmes" if rest > 0 else ""),
        )
    return ParsedImport(evenings, players, {e.id: e.updated_at for e in index}, len(data))


def check_free_space(data_dir: Path, path: Path, size: int) -> None:
    """Raise DiskFullError unless there is room for about twice an import of ``size`` bytes."""
    with contextlib.suppress(OSError):
        probe = data_dir
        while not probe.exists() and probe != probe.parent:
            probe = probe.parent
        free = shutil.disk_usage(probe).free
        if free < 2 * size:
            raise DiskFullError(
                f"Pas assez de place pour importer {path} ({free} octets libres, "
                f"environ {2 * size} nécessaires). Rien n'a été modifié. Libérez de "
                "la place, puis recommencez.",
                f"Not enough free space to import {path} ({free} bytes free, about "
                f"{2 * size} needed). Nothing was changed. Free some space, then try "
                "again.",
                path=path,
                free=free,
                needed=2 * size,
            )
