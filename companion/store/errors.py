"""Errors raised by the storage layer.

Every store error is a :class:`~companion.rules.errors.CompanionError` (hence a
``ValueError``): it carries a stable ``code`` (class attribute, never
translated), a French and an English message (``message(lang)``; ``str(error)``
is the English one) saying what is wrong, which file, and what the user can do,
plus ``params`` (a dict of plain values such as the file path, the same dict as
``details``) and ``path``.
"""

from __future__ import annotations

import errno
import os
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from companion.errors import CompanionError

from .names import backup_time

__all__ = [
    "CorruptFileError",
    "DataFolderLinkError",
    "DiskFullError",
    "FolderBusyError",
    "ImportFileError",
    "InvalidIdError",
    "MigrationError",
    "NewerSchemaError",
    "NoBackupError",
    "NotFoundError",
    "ReadOnlyError",
    "StoreError",
    "StoreWriteError",
    "UnreadableFileError",
    "backup_moment",
    "map_os_error",
]


class StoreError(CompanionError):
    """Base class of every error raised by :mod:`companion.store`."""

    code = "store-error"

    def __init__(
        self, fr: str, en: str, *, path: str | os.PathLike[str] | None = None, **params: Any
    ) -> None:
        super().__init__(fr, en, path=os.fspath(path) if path is not None else None, **params)
        self.path: Path | None = Path(path) if path is not None else None
        self.params: dict[str, Any] = self.details


def backup_moment(backup: str | os.PathLike[str]) -> datetime | None:
    """When a backup was taken (UTC): from its name, else its modification time."""
    moment = backup_time(Path(backup).name)
    if moment is not None:
        return moment
    try:
        return datetime.fromtimestamp(os.stat(backup).st_mtime, UTC)
    except OSError:
        return None


def _when(moment: datetime, lang: str) -> str:
    local = moment.astimezone()  # the user's clock
    if lang == "fr":
        return local.strftime("%d/%m/%Y à %H:%M")
    return local.strftime("%Y-%m-%d %H:%M")


class CorruptFileError(StoreError):
    """A store file is not valid JSON, not a TinyDB document, or does not validate.

    ``reason`` (English) and ``reason_fr`` say what is wrong; ``backup`` is the
    newest backup of that file that parses and validates (or ``None``), so the
    UI can offer to restore it; ``backup_date`` (``params``) is when it was taken.
    The corrupt file itself is never overwritten or truncated.
    """

    code = "corrupt-file"

    def __init__(
        self,
        path: str | os.PathLike[str],
        reason: str,
        *,
        reason_fr: str,
        backup: str | os.PathLike[str] | None = None,
    ) -> None:
        backup = Path(backup) if backup is not None else None
        moment = backup_moment(backup) if backup is not None else None
        fr = (
            f"Le fichier {path} est endommagé : {reason_fr}. Il a été conservé tel quel "
            "(rien n'a été écrit par-dessus). "
        )
        en = (
            f"{path} is corrupt: {reason}. The file was kept as it is (nothing was written "
            "over it). "
        )
        if backup is None:
            fr += (
                "Aucune sauvegarde valide de ce fichier n'a été trouvée : gardez-le et "
                "importez un export JSON si vous en avez un."
            )
            en += (
                "No good backup of it was found: keep it, and import a JSON export if you have one."
            )
        elif moment is None:
            fr += f"La dernière sauvegarde valide est {backup} : vous pouvez la restaurer."
            en += f"The latest good backup is {backup}: you can restore it."
        else:
            fr += (
                f"La dernière sauvegarde valide date du {_when(moment, 'fr')} ({backup}) : "
                "vous pouvez la restaurer."
            )
            en += (
                f"The latest good backup is from {_when(moment, 'en')} ({backup}): "
                "you can restore it."
            )
        super().__init__(
            fr,
            en,
            path=path,
            reason=reason,
            reason_fr=reason_fr,
            backup=os.fspath(backup) if backup is not None else None,
            backup_date=moment.isoformat() if moment is not None else None,
        )
        self.reason = reason
        self.reason_fr = reason_fr
        self.backup = backup
        self.backup_date = moment

    def with_backup(self, backup: Path | None) -> CorruptFileError:
        """Return a copy of this error that offers ``backup``."""
        err = CorruptFileError(
            self.path or "", self.reason, reason_fr=self.reason_fr, backup=backup
        )
        err.__cause__ = self.__cause__
        return err


class NewerSchemaError(StoreError):
    """A file was written by a newer version of the app; it is left untouched."""

    code = "newer-schema"

    def __init__(self, path: str | os.PathLike[str], found: int, supported: int) -> None:
        super().__init__(
            f"{path} a été écrit par une version plus récente de l'application (format "
            f"{found} ; celle-ci ne lit que jusqu'au format {supported}). Mettez l'application "
            "à jour pour l'ouvrir. Le fichier n'a pas été modifié.",
            f"{path} uses schema version {found}, but this version of the app only "
            f"understands up to version {supported}; update the app to open it. "
            "The file was left untouched.",
            path=path,
            found=found,
            supported=supported,
        )
        self.found = found
        self.supported = supported


class ImportFileError(StoreError):
    """An import file is unreadable, not an export, or does not validate.

    Nothing in the store has been changed when this is raised.
    """

    code = "import-invalid"

    def __init__(self, path: str | os.PathLike[str], reason: str, *, reason_fr: str) -> None:
        super().__init__(
            f"Impossible d'importer {path} : {reason_fr}. Rien n'a été modifié. Choisissez un "
            "fichier créé par l'export JSON de l'application.",
            f"{path} cannot be imported: {reason}. Nothing was changed. Choose a file made by "
            "the app's JSON export.",
            path=path,
            reason=reason,
            reason_fr=reason_fr,
        )
        self.reason = reason
        self.reason_fr = reason_fr


class NotFoundError(StoreError):
    """No evening with that id is stored (or a file to read does not exist)."""

    code = "not-found"

    @classmethod
    def evening(cls, evening_id: str, path: str | os.PathLike[str] | None = None) -> NotFoundError:
        """No evening ``evening_id`` (stored as ``path``) exists."""
        where_fr = f" ({path} n'existe pas)" if path is not None else ""
        where_en = f" ({path} does not exist)" if path is not None else ""
        return cls(
            f"Aucune soirée « {evening_id} » n'est enregistrée{where_fr}. Elle a peut-être "
            "été supprimée (voir la corbeille, trash/) : choisissez une soirée de la liste.",
            f"No evening with id {evening_id!r} is stored{where_en}. It may have been deleted "
            "(see trash/): pick an evening from the list.",
            path=path,
            id=evening_id,
        )

    @classmethod
    def file(cls, path: str | os.PathLike[str]) -> NotFoundError:
        """The file ``path`` does not exist."""
        return cls(
            f"Le fichier {path} n'existe pas : vérifiez le chemin ou choisissez-en un autre.",
            f"{path} does not exist: check the path or choose another file.",
            path=path,
        )


_WHAT_FR = {"evening": "de soirée", "player": "de joueur"}


class InvalidIdError(StoreError):
    """An id cannot be used as a file name (empty, too long, or odd characters), or is
    given twice."""

    code = "invalid-id"

    @classmethod
    def bad(cls, value: Any, what: str = "evening") -> InvalidIdError:
        """``value`` is not a usable ``what`` id."""
        return cls(
            f"Identifiant {_WHAT_FR.get(what, what)} invalide : {value!r}. Utilisez de 1 à "
            "128 lettres (sans accents), chiffres, « - » ou « _ ».",
            f"Invalid {what} id {value!r}: use 1 to 128 letters (no accents), digits, '-' or '_'.",
            id=repr(value),
            what=what,
        )

    @classmethod
    def duplicate(cls, value: str | None, what: str = "evening") -> InvalidIdError:
        """Several items given at once share the id ``value``; nothing was saved."""
        shown = "" if value is None else f" {value!r}"
        return cls(
            f"Identifiant {_WHAT_FR.get(what, what)}{shown} en double : rien n'a été "
            "enregistré. Donnez un identifiant différent à chacun.",
            f"Duplicate {what} id{shown}: nothing was saved. Give each one its own id.",
            id=value,
            what=what,
        )


_ACTIONS = {
    "write": ("d'enregistrer", "write"),
    "move": ("de déplacer", "move"),
    "read": ("de lire", "read"),
}


def _action(action: str) -> tuple[str, str]:
    return _ACTIONS.get(action, ("d'écrire", action))


class ReadOnlyError(StoreError):
    """The data directory cannot be written (read-only medium or no permission)."""

    code = "read-only"

    @classmethod
    def opened_read_only(cls, path: str | os.PathLike[str]) -> ReadOnlyError:
        """``path`` was opened read-only on purpose."""
        return cls(
            f"{path} a été ouvert en lecture seule : rien n'a été écrit. Ouvrez-le en "
            "écriture pour le modifier.",
            f"{path} was opened read-only: nothing was written. Open it for writing to change it.",
            path=path,
        )


class DiskFullError(StoreError):
    """The disk (or quota) is full; the previous file content is intact."""

    code = "disk-full"


class FolderBusyError(StoreError):
    """Another process held the data folder for longer than a change can take."""

    code = "folder-busy"

    def __init__(self, folder: str | os.PathLike[str], waited: float) -> None:
        seconds = round(waited)
        super().__init__(
            f"Le dossier de données {folder} est occupé par un autre programme depuis "
            f"{seconds} s : rien n'a été écrit. Réessayez dans un instant ; si cela dure, "
            "fermez les autres fenêtres ou commandes companion qui l'utilisent.",
            f"The data folder {folder} has been held by another program for {seconds} s: "
            "nothing was written. Try again in a moment; if it goes on, close the other "
            "companion windows or commands using it.",
            path=folder,
            waited=seconds,
        )


class DataFolderLinkError(StoreError):
    """The data folder is, or lies inside, a symbolic link to a place that does not exist
    (a drive not connected, a folder moved): there is nothing to read there, and writing
    would fail with the system's bare "File exists"."""

    code = "data-folder-link"

    def __init__(
        self,
        folder: str | os.PathLike[str],
        link: str | os.PathLike[str],
        target: str | os.PathLike[str],
    ) -> None:
        if Path(link) == Path(folder):
            what_fr = f"Le dossier de données {folder} est un lien vers {target}"
            what_en = f"The data folder {folder} is a link to {target}"
        else:
            what_fr = f"Le dossier de données {folder} est dans {link}, un lien vers {target}"
            what_en = f"The data folder {folder} is inside {link}, a link to {target}"
        super().__init__(
            f"{what_fr}, qui n'existe pas (un disque débranché ? un dossier déplacé ou "
            "renommé ?). Rien n'a été lu ni écrit. Rebranchez le disque ou recréez "
            f"{target}, ou choisissez un autre dossier de données.",
            f"{what_en}, which does not exist (a drive not connected? a folder moved or "
            "renamed?). Nothing was read or written. Connect the drive or recreate "
            f"{target}, or choose another data folder.",
            path=folder,
            link=os.fspath(link),
            target=os.fspath(target),
        )


class StoreWriteError(StoreError):
    """Writing failed for another OS reason; the previous file content is intact."""

    code = "write-failed"


class UnreadableFileError(StoreError):
    """A store file exists but cannot be read (permissions, I/O error)."""

    code = "unreadable"

    def __init__(self, path: str | os.PathLike[str], detail: str) -> None:
        super().__init__(
            f"Impossible de lire {path} ({detail}). Le fichier n'a pas été modifié. Vérifiez "
            "ses droits d'accès et le support de stockage, puis rouvrez l'application.",
            f"Cannot read {path} ({detail}). The file was not changed. Check its permissions "
            "and the storage device, then open the app again.",
            path=path,
            detail=detail,
        )


class NoBackupError(StoreError):
    """A restore was requested but no backup parses and validates."""

    code = "no-backup"

    def __init__(self, path: str | os.PathLike[str]) -> None:
        super().__init__(
            f"Aucune sauvegarde valide de {path} n'a été trouvée. Le fichier est conservé tel "
            "quel ; importez un export JSON si vous en avez un.",
            f"No valid backup of {path} was found. The file is kept as it is; import a JSON "
            "export if you have one.",
            path=path,
        )


class MigrationError(StoreError):
    """A migration is missing or did not produce the next schema version (a bug)."""

    code = "migration-failed"

    def __init__(
        self, path: str | os.PathLike[str], version: int, produced: int | None = None
    ) -> None:
        if produced is None:
            fr_what = f"il manque l'étape du format {version} au format {version + 1}"
            en_what = f"No migration from schema version {version} to {version + 1}"
        else:
            fr_what = (
                f"le passage du format {version} a donné le format {produced} au lieu "
                f"de {version + 1}"
            )
            en_what = (
                f"Migration from schema version {version} produced version {produced}, "
                f"expected {version + 1}"
            )
        super().__init__(
            f"Impossible de mettre à jour le format de {path} : {fr_what}. C'est une erreur "
            "de l'application ; le fichier n'a pas été modifié. Signalez-la, et gardez le "
            "fichier.",
            f"{en_what} for {path}. This is a bug in the app; the file was not changed. "
            "Please report it, and keep the file.",
            path=path,
            version=version,
            produced=produced,
        )


_READ_ONLY_ERRNOS = {errno.EROFS, errno.EACCES, errno.EPERM}
_FULL_ERRNOS = {errno.ENOSPC} | ({errno.EDQUOT} if hasattr(errno, "EDQUOT") else set())


def map_os_error(exc: OSError, path: str | os.PathLike[str], action: str = "write") -> StoreError:
    """Translate an ``OSError`` raised while writing ``path`` into a :class:`StoreError`."""
    detail = exc.strerror or str(exc)
    act_fr, act_en = _action(action)
    if isinstance(exc, PermissionError) or exc.errno in _READ_ONLY_ERRNOS:
        return ReadOnlyError(
            f"Impossible {act_fr} {path} : l'emplacement est en lecture seule ou protégé en "
            f"écriture ({detail}). Rien n'a été modifié. Rendez le dossier de données "
            "accessible en écriture (vérifiez ses droits) ou choisissez-en un autre, puis "
            "recommencez.",
            f"Cannot {act_en} {path}: the storage is read-only or not writable ({detail}). "
            "Nothing was changed. Make the data folder writable (check its permissions) or "
            "choose another one, then try again.",
            path=path,
            detail=detail,
        )
    if exc.errno in _FULL_ERRNOS:
        return DiskFullError(
            f"Impossible {act_fr} {path} : le disque est plein ({detail}). La version "
            "précédente du fichier est intacte. Libérez de la place, puis recommencez.",
            f"Cannot {act_en} {path}: the disk is full ({detail}). "
            "The previous version of the file is intact. Free some space, then try again.",
            path=path,
            detail=detail,
        )
    return StoreWriteError(
        f"Impossible {act_fr} {path} : {detail}. La version précédente du fichier est "
        "intacte. Recommencez ; si l'erreur persiste, vérifiez le support de stockage.",
        f"Cannot {act_en} {path}: {detail}. The previous version of the file is intact. "
        "Try again; if it keeps failing, check the storage device.",
        path=path,
        detail=detail,
    )
