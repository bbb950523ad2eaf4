"""A data folder that is a link to nowhere (issue 21 §13): the store says what it is,
instead of showing no evenings, or the system's bare "File exists" at the first write."""

from __future__ import annotations

from pathlib import Path

import pytest
from storetest_models import make_evening, open_repo

from companion.store import DataFolderLinkError


def test_a_link_to_nowhere_as_the_data_folder_is_named_with_its_target(tmp_path: Path) -> None:
    """Rule: opening a data folder that is a symbolic link whose target does not exist
    raises DataFolderLinkError naming the link and its target, in each language; nothing
    is made at the target."""
    link = tmp_path / "data"
    link.symlink_to(tmp_path / "usb" / "companion")
    with pytest.raises(DataFolderLinkError) as info:
        open_repo(link)
    assert info.value.code == "data-folder-link"
    assert info.value.message("en").startswith(
        f"The data folder {link} is a link to {tmp_path / 'usb' / 'companion'}, which does "
        "not exist"
    )
    assert info.value.message("fr").startswith(
        f"Le dossier de données {link} est un lien vers {tmp_path / 'usb' / 'companion'}, "
        "qui n'existe pas"
    )
    assert not (tmp_path / "usb").exists()


def test_a_data_folder_inside_a_link_to_nowhere_names_the_link(tmp_path: Path) -> None:
    """Rule: a data folder under such a link (``link/companion``) names the link, and a
    relative target is given from the link's folder."""
    link = tmp_path / "drive"
    link.symlink_to("gone")
    with pytest.raises(DataFolderLinkError) as info:
        open_repo(link / "companion")
    # The details a script reads: the data folder, the link and where it leads.
    assert info.value.path == link / "companion"
    assert info.value.params["link"] == str(link)
    assert info.value.message("en").startswith(
        f"The data folder {link / 'companion'} is inside {link}, a link to {tmp_path / 'gone'}"
    )


def test_a_link_to_an_existing_folder_is_a_data_folder_like_any(tmp_path: Path) -> None:
    """Rule: a link whose target exists is used as the folder it leads to."""
    (tmp_path / "real").mkdir()
    link = tmp_path / "data"
    link.symlink_to(tmp_path / "real")
    open_repo(link).save(make_evening("ev1"))
    assert (tmp_path / "real" / "evenings" / "ev1.json").is_file()
