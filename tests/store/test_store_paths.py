"""Where the data directory is."""

from __future__ import annotations

from pathlib import Path

import platformdirs
import pytest

from companion.store import DATA_DIR_ENV, InvalidIdError, StoreError, resolve_data_dir
from companion.store.paths import Layout, validate_id


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


def test_classify_names_the_index_and_the_players_file(tmp_path: Path) -> None:
    """index/<xx>.json, the former index.json and players.json, given absolute, are the
    index's files and the players' file."""
    layout = Layout(tmp_path)
    assert layout.classify(tmp_path / "index" / "0f.json") == (
        "index",
        None,
        layout.index_shard_path("0f"),
    )
    assert layout.classify(tmp_path / "index.json") == ("index", None, layout.legacy_index_path)
    assert layout.classify(tmp_path / "players.json") == ("players", None, layout.players_path)


def test_classify_names_an_evening_file_with_its_id(tmp_path: Path) -> None:
    """evenings/<id>.json is that evening's file."""
    layout = Layout(tmp_path)
    assert layout.classify(tmp_path / "evenings" / "ev-1.json") == (
        "evening",
        "ev-1",
        layout.evening_path("ev-1"),
    )


def test_classify_reads_a_relative_path_inside_the_data_folder(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A relative path is taken inside the data folder, not in the current directory."""
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    monkeypatch.chdir(elsewhere)
    layout = Layout(tmp_path / "data")
    assert layout.classify("index/a0.json") == ("index", None, layout.index_shard_path("a0"))
    assert layout.classify(Path("evenings") / "ev1.json")[:2] == ("evening", "ev1")


@pytest.mark.parametrize(
    "name", ["INDEX.JSON", "notes.json", "evenings/bad id.json", "index/0.json", "index/zz.json"]
)
def test_classify_refuses_any_other_file_in_both_languages(tmp_path: Path, name: str) -> None:
    """Any other file is refused with the path, the folder and the three choices, in each
    language; the error carries both."""
    layout = Layout(tmp_path)
    with pytest.raises(StoreError) as info:
        layout.classify(tmp_path / name)
    given = tmp_path / name
    assert info.value.message("fr") == (
        f"{given} n'est pas un fichier des données de {tmp_path} : choisissez le "
        "fichier d'une soirée (evenings/…), players.json ou un fichier d'index (index/…)."
    )
    assert info.value.message("en") == (
        f"{given} is not a file of the store in {tmp_path}: choose an evening file "
        "(evenings/…), players.json or an index file (index/…)."
    )
    assert info.value.path == given
    assert info.value.params["data_dir"] == str(tmp_path)


def test_validate_id_names_what_the_id_is_for() -> None:
    """A bad player id is refused as a player id (the default is an evening id)."""
    with pytest.raises(InvalidIdError) as info:
        validate_id("bad id", "player")
    assert info.value.params["what"] == "player"
    assert info.value.message("en").startswith("Invalid player id 'bad id'")
    assert info.value.message("fr").startswith("Identifiant de joueur invalide : 'bad id'")
    with pytest.raises(InvalidIdError) as info:
        validate_id("")
    assert info.value.params["what"] == "evening"
