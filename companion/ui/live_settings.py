"""The table's language and theme, live on every phone: when a phone with the key saves
them, the phones already open switch at once (Flet's pub/sub), without a reload. A reload
would not have done it: Flet keeps a reloaded tab's session, and with it the old state."""

from __future__ import annotations

import flet as ft

from companion.ui.settings import SettingsStore, UiSettings
from companion.ui.state import Setter

TOPIC = "table-settings"


def use_table_settings(store: SettingsStore) -> tuple[UiSettings, Setter[UiSettings]]:
    """This phone's settings: the table's, followed live as they change."""
    page = ft.context.page
    settings, set_settings = ft.use_state(store.current)

    def subscribe() -> None:
        async def on_change(_topic: str, _message: object) -> None:
            # Delivered in the sender's context: run it as this phone's task, so that the
            # new look re-renders this phone, not the sender.
            page.run_task(follow)

        async def follow() -> None:
            set_settings(store.current)

        page.pubsub.subscribe_topic(TOPIC, on_change)

    def unsubscribe() -> None:
        page.pubsub.unsubscribe_topic(TOPIC)

    ft.use_effect(subscribe, [], cleanup=unsubscribe)
    return settings, set_settings


def publish_settings() -> None:
    """Tell the other phones that the table's settings were saved."""
    ft.context.page.pubsub.send_others_on_topic(TOPIC, "saved")
