"""Placeholder smoke test: the package imports and carries a version."""

import companion


def test_version_is_nonempty_string():
    assert isinstance(companion.__version__, str)
    assert companion.__version__
