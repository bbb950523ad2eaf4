"""Read a JSON object member by member, and an array item by item.

``json.loads`` builds the whole document at once: a file of a few megabytes holding a
million tiny objects becomes hundreds of megabytes of Python objects before anything can be
checked.  :class:`Cursor` walks the same text with the standard library's own decoder one
value at a time, so that each item of a long array can be checked and dropped before the
next is read.  Errors are the ``json.JSONDecodeError`` that ``json.loads`` raises (with the
line and column of the whole text), or ``RecursionError`` for a value nested too deeply.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Iterator
from typing import Any

__all__ = ["Cursor"]

_SPACE = re.compile(r"[ \t\n\r]*")
_WHITE = frozenset(" \t\n\r")
_DECODE = json.JSONDecoder().raw_decode
# The decoder's own scanner (C): one value at a position, StopIteration where there is none.
_SCAN: Callable[[str, int], tuple[Any, int]] = json.JSONDecoder().scan_once  # type: ignore[attr-defined]


class Cursor:
    """A position in a JSON text; each method reads from there and moves past what it read."""

    def __init__(self, text: str, pos: int = 0) -> None:
        self.text = text
        self.pos = pos

    def _space(self) -> str:
        """Skip white space; the next character ('' at the end)."""
        self.pos = _SPACE.match(self.text, self.pos).end()  # type: ignore[union-attr]
        return self.text[self.pos : self.pos + 1]

    def _error(self, message: str) -> json.JSONDecodeError:
        return json.JSONDecodeError(message, self.text, self.pos)

    def peek(self) -> str:
        """The first character of the next value (after white space)."""
        return self._space()

    def value(self) -> Any:
        """The next value, whole."""
        self._space()
        value, self.pos = _DECODE(self.text, self.pos)
        return value

    def end(self) -> None:
        """Only white space is left, as ``json.loads`` requires."""
        if self._space():
            raise self._error("Extra data")

    def items(self) -> Iterator[Any]:
        """The items of the array starting here, one at a time."""
        if self._space() != "[":
            raise self._error("Expecting '['")
        self.pos += 1
        if self._space() == "]":
            self.pos += 1
            return
        # The loop of a long array: local names, and the regular expression only where
        # there is white space.
        text, scan, space = self.text, _SCAN, _SPACE.match
        pos = self.pos
        while True:
            try:
                value, pos = scan(text, pos)
            except StopIteration as stop:
                self.pos = stop.value
                raise self._error("Expecting value") from None
            self.pos = pos
            yield value
            following = text[pos : pos + 1]
            if following in _WHITE:
                pos = space(text, pos).end()  # type: ignore[union-attr]
                following = text[pos : pos + 1]
            pos += 1
            if following == ",":
                if text[pos : pos + 1] in _WHITE:
                    pos = space(text, pos).end()  # type: ignore[union-attr]
            elif following == "]":
                self.pos = pos
                return
            else:
                self.pos = pos - 1
                raise self._error("Expecting ',' delimiter")

    def skip(self) -> None:
        """Read past the next value; an array is read item by item, never whole."""
        if self.peek() == "[":
            for _ in self.items():
                pass
        else:
            self.value()

    def members(self) -> Iterator[str]:
        """The keys of the object starting here, one at a time. After each key the cursor
        is on its value, which the caller reads (``value``, ``items`` or ``skip``) before
        asking for the next key."""
        if self._space() != "{":
            raise self._error("Expecting value")
        self.pos += 1
        if self._space() == "}":
            self.pos += 1
            return
        while True:
            if self._space() != '"':
                raise self._error("Expecting property name enclosed in double quotes")
            key = self.value()
            if self._space() != ":":
                raise self._error("Expecting ':' delimiter")
            self.pos += 1
            self._space()
            start = self.pos
            yield key
            if self.pos == start:  # the caller left the value unread
                self.skip()
            following = self._space()
            self.pos += 1
            if following == "}":
                return
            if following != ",":
                self.pos -= 1
                raise self._error("Expecting ',' delimiter")
