"""The table package (companion/table/__init__.py): the storage errors it hands to the layers
above."""

from __future__ import annotations

import pytest

import companion.table
from companion.store import errors


@pytest.mark.parametrize("name", companion.table.__all__)
def test_storage_errors_are_reexported_as_they_are(name: str) -> None:
    """Screens and the command line catch the store's errors through ``companion.table``:
    each name is the store's own class, so ``except`` catches what the store raises."""
    assert getattr(companion.table, name) is getattr(errors, name)


def test_other_names_are_missing_with_the_usual_message() -> None:
    """A name the package does not have raises AttributeError naming the module and the
    name, as for any module (so ``hasattr`` and typos behave as usual)."""
    with pytest.raises(AttributeError) as info:
        _ = companion.table.NoSuchError
    assert str(info.value) == "module 'companion.table' has no attribute 'NoSuchError'"
    assert not hasattr(companion.table, "repository")
