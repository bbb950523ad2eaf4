"""One evening shown on several phones: a change saved on one reloads it on the others
(Flet's pub/sub, one topic per evening)."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any, Protocol

import flet as ft

from companion.errors import CompanionError
from companion.table.evening import Evening
from companion.ui.evenings import call


class _Versioned(Protocol):
    version: int


def topic(evening_id: str) -> str:
    return f"evening:{evening_id}"


def publish(evening: Evening) -> None:
    """Tell the other phones showing ``evening`` that it changed."""
    ft.context.page.pubsub.send_others_on_topic(topic(evening.id), evening.version)


def use_live_evening(
    data_dir: Path,
    evening_id: str | None,
    set_view: Callable[[Any], None],
    make_view: Callable[[Evening], _Versioned],
) -> None:
    """While this screen shows ``evening_id``, reload its view when another phone changes
    the evening. A view already at the stored version is kept as it is (with what the phone
    has open on it)."""
    page = ft.context.page

    def subscribe() -> None:
        if evening_id is None:
            return

        async def on_change(_topic: str, _version: int) -> None:
            # Delivered in the sender's context: run the reload as this phone's task, so
            # that its state changes re-render this phone, not the sender.
            page.run_task(reload)

        async def reload() -> None:
            try:
                ev = await call(data_dir, lambda s: s.evening(evening_id))
            except CompanionError:
                return
            set_view(lambda old: make_view(ev) if old is None or ev.version != old.version else old)

        page.pubsub.subscribe_topic(topic(evening_id), on_change)

    def unsubscribe() -> None:
        if evening_id is not None:
            page.pubsub.unsubscribe_topic(topic(evening_id))

    ft.use_effect(subscribe, [evening_id], cleanup=unsubscribe)
