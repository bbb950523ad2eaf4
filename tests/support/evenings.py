"""Evenings played through a ``TableService`` in one call, for the table tests."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import date
from typing import Any

from companion.table.evening import Evening
from companion.table.service import TableService

FOUR = ["Ann", "Bob", "Cat", "Dan"]


def played(
    service: TableService,
    day: date,
    orders: Sequence[str],
    players: Sequence[str] = FOUR,
    **kw: Any,
) -> Evening:
    """An evening of ``players`` on ``day`` under the rules ``preset`` (pagat unless named),
    one hand recorded per finishing order (``"Ann Bob Cat Dan"``); other keywords go to
    ``create_evening``."""
    ev = service.create_evening(players, kw.pop("preset", "pagat"), day=day, **kw)
    for order in orders:
        ev = service.record_hand(ev.id, order.split(), expected_version=ev.version)
    return ev


def play(
    service: TableService, players: Sequence[str], orders: Sequence[str], day: date
) -> Evening:
    """An evening of these hands under trou-du-cul, without an end target."""
    return played(service, day, orders, players, preset="trou-du-cul", settings=("target=none",))


def ids(service: TableService) -> dict[str, str]:
    """Each profile's id by its name."""
    return {p.name: p.id for p in service.players()}
