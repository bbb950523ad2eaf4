"""Entry point for `flet build apk|web` (see [tool.flet] in pyproject.toml)."""

from companion.app import run

run()
