"""What screens say when a file could not be read (companion.ui.failure_words)."""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path

from companion.store.errors import StoreError
from companion.table import CorruptFileError
from companion.ui.failure_words import failure_words
from companion.words.formats import date_medium
from tests.support.words import Said


def _damaged(tmp_path: Path, where: str, backup: bool) -> CorruptFileError:
    path = tmp_path / where
    kept = tmp_path / "backups" / "e1.20261127T112707685964Z.json" if backup else None
    return CorruptFileError(path, Said("JSON invalide", "invalid JSON line 1"), backup=kept)


def test_a_damaged_evening_is_told_without_paths_or_parser_words(tmp_path: Path) -> None:
    """Rule: the words say the evening's file is damaged, kept, and when its backup was taken;
    no path, no JSON line and column."""
    words = failure_words("fr", "evening.failed", _damaged(tmp_path, "evenings/e1.json", True))
    assert words.startswith("Lecture impossible : Le fichier de cette soirée est abîmé")
    assert "gardé tel quel" in words and "restaurer" in words
    when = datetime(2026, 11, 27, 11, 27, 7, tzinfo=UTC).astimezone()
    assert f"du {date_medium('fr', when.date())} à {when:%H:%M}" in words  # 27 nov. 2026
    assert str(tmp_path) not in words and "JSON" not in words


def test_another_damaged_file_is_named_by_its_name(tmp_path: Path) -> None:
    """Rule: a damaged file that is not an evening's is named by its file name only."""
    words = failure_words("en", "history.failed", _damaged(tmp_path, "players.json", False))
    assert "The data file 'players.json' is damaged" in words
    assert "There is no good backup" in words and str(tmp_path) not in words


def test_other_errors_keep_their_own_message() -> None:
    """Rule: an error that is not a damaged file reads as the error says, in the language."""
    err = StoreError(Said("Dossier verrouillé", "Folder locked"))
    assert failure_words("en", "evening.failed", err) == "Could not read: Folder locked"
