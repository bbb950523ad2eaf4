"""What every command prints: UTF-8 text whatever the locale, one JSON object, one error line."""

from __future__ import annotations

import json
import sys
from typing import Any, TextIO

from companion.errors import CompanionError, one_line


def write(stream: TextIO, text: str) -> None:
    """Write UTF-8 whatever the locale says (a C locale must not crash on « é »)."""
    try:
        stream.write(text)
    except UnicodeEncodeError:
        stream.flush()
        stream.buffer.write(text.encode("utf-8"))
        stream.buffer.flush()


def say(text: str) -> None:
    """One block of text on stdout."""
    write(sys.stdout, text + "\n")


def print_json(data: Any) -> None:
    """One JSON object on stdout (dates and other values as their ``str``)."""
    write(sys.stdout, json.dumps(data, ensure_ascii=False, default=str) + "\n")


def fail(err: CompanionError, lang: str, prefix: str = "") -> int:
    """One line on stderr in ``lang``; the exit code of bad input."""
    write(sys.stderr, f"{prefix}{one_line(err.message(lang))}\n")
    return 2
