"""Typed state and callbacks for the screens.

Flet annotates ``use_state``'s initial value as ``StateT | Callable[[], StateT]``: from
``None`` mypy infers a state that can only ever be None, and from a factory
(``use_state(HandEntry)``) it infers nothing. The ``use_*`` below say the type once, where the
state is declared. ``bind`` replaces the ``lambda n=name: …`` of a loop, whose type mypy
cannot infer.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TypeVar, cast

import flet as ft

T = TypeVar("T")
A = TypeVar("A")
# A state setter takes the new value, or a function of the value as it stands.
Setter = Callable[[T | Callable[[T], T]], None]


def use_maybe(kind: type[T]) -> tuple[T | None, Setter[T | None]]:
    """A state of type ``kind`` that starts as None (nothing loaded, nothing open)."""
    return ft.use_state(cast(T | None, None))


def use_built(factory: Callable[[], T]) -> tuple[T, Setter[T]]:
    """A state built once, on the first render, by ``factory``."""
    return ft.use_state(factory)


def use_value(initial: T) -> tuple[T, Setter[T]]:
    """A state that starts as ``initial`` (a value, not a factory)."""
    return ft.use_state(initial)


def bind(fn: Callable[[A], object], arg: A) -> Callable[[], None]:
    """``fn(arg)`` as a callback of no argument (a tap on one of a loop's keys)."""

    def callback() -> None:
        fn(arg)

    return callback
