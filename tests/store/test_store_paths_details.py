"""The data folder's layout in detail: which file a path names (classify), and the id check
naming what the id is for."""

from __future__ import annotations

from pathlib import Path

import pytest

from companion.store import InvalidIdError, StoreError
from companion.store.paths import Layout, validate_id


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
