"""The table's key, the addresses that carry it, and the invite screen's choice."""

from __future__ import annotations

import logging

from companion.ui.access import Address, addresses, key_in, may_edit, new_key, route_with_key
from companion.ui.invite_model import invite
from companion.ui.routes import EDITOR_ONLY, home_entries
from companion.ui.server import install_log_redaction, redact


def test_keys_are_random_and_long_enough() -> None:
    keys = {new_key() for _ in range(50)}
    assert len(keys) == 50
    assert all(len(k) >= 22 for k in keys)  # 16 random bytes, URL-safe base64


def test_only_the_tables_key_edits() -> None:
    key = new_key()
    assert may_edit(key, f"/?key={key}")
    assert may_edit(key, route_with_key("/dispute", key))
    assert not may_edit(key, "/")
    assert not may_edit(key, "/?key=guess")
    assert not may_edit(key, f"/?other={key}")
    assert may_edit(None, "/")  # --open
    assert key_in(f"http://h:1/x?key={key}&a=1") == key


def test_addresses_for_a_server_bound_everywhere_list_the_lan_first() -> None:
    shown = addresses("0.0.0.0", 8550)
    assert shown[-1] == Address("http://127.0.0.1:8550", True)
    assert all(not a.local_only for a in shown[:-1])
    assert addresses("127.0.0.1", 9) == [Address("http://127.0.0.1:9", True)]
    assert addresses("192.168.1.5", 9) == [Address("http://192.168.1.5:9", False)]
    assert Address("http://h:1", False).url("k") == "http://h:1/?key=k"


def test_a_phone_without_the_key_never_gets_it_from_the_invite_screen() -> None:
    lan = (Address("http://10.0.0.2:8550", False), Address("http://127.0.0.1:8550", True))
    viewer = invite(lan, "SECRET", editor=False, mode="edit")
    assert "SECRET" not in viewer.url and viewer.modes == ()
    assert viewer.explain == "invite.scan_watch"
    editor = invite(lan, "SECRET", editor=True)
    assert editor.url == "http://10.0.0.2:8550/?key=SECRET" and editor.modes == ("edit", "watch")
    watch = invite(lan, "SECRET", editor=True, mode="watch")
    assert "key" not in watch.url
    room = invite(lan, None, editor=True)
    assert room.url == "http://10.0.0.2:8550/" and room.explain == "invite.scan_open"
    local = invite((Address("http://127.0.0.1:1", True),), "K", editor=True)
    assert local.local_only


def test_home_offers_editing_only_to_editors() -> None:
    editor = [e.route for e in home_entries(True)]
    viewer = [e.route for e in home_entries(False)]
    assert set(EDITOR_ONLY) <= set(editor)
    assert not set(EDITOR_ONLY) & set(viewer)
    assert "/dispute" in viewer and "/settings" in viewer


def test_logs_never_show_the_key(caplog) -> None:
    install_log_redaction()
    assert redact("GET /?key=abc-DEF_12 HTTP/1.1") == "GET /?key=… HTTP/1.1"
    with caplog.at_level(logging.INFO):
        logging.getLogger("uvicorn.access").info('%s - "%s %s"', "1.2.3.4", "GET",
                                                 "/dispute?key=SECRETSECRET")
        logging.getLogger("flet").info("route %s", {"route": "/?key=SECRETSECRET"})
    assert "SECRETSECRET" not in caplog.text
    assert "key=…" in caplog.text
