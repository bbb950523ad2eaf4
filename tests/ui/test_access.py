"""The table's key, the addresses that carry it, and the invite screen's choice."""

from __future__ import annotations

import logging

from companion.ui.access import Address, addresses, key_in, may_edit, new_key, route_with_key
from companion.ui.invite_model import invite
from companion.ui.routes import EDITOR_ONLY, home_entries
from companion.ui.server import install_log_redaction, redact


def test_keys_are_random_and_long_enough() -> None:
    """Each table key is a fresh random token of at least 22 URL-safe characters (16 random bytes):
    fifty keys never repeat."""
    keys = {new_key() for _ in range(50)}
    assert len(keys) == 50
    assert all(len(k) >= 22 for k in keys)  # 16 random bytes, URL-safe base64


def test_only_the_tables_key_edits() -> None:
    """A phone may edit only when its address carries the table's own key as ``key`` (on any route);
    no key, a wrong key or the key under another name gives a read-only view, and an open room (no
    key) lets everyone edit."""
    key = new_key()
    assert may_edit(key, f"/?key={key}")
    assert may_edit(key, route_with_key("/dispute", key))
    assert not may_edit(key, "/")
    assert not may_edit(key, "/?key=guess")
    assert not may_edit(key, f"/?other={key}")
    assert may_edit(None, "/")  # --open
    assert key_in(f"http://h:1/x?key={key}&a=1") == key


def test_addresses_for_a_server_bound_everywhere_list_the_lan_first() -> None:
    """A server bound to every address lists its LAN addresses first and this computer's 127.0.0.1
    last, marked local only; bound to one host it lists that address alone; an address's URL carries
    the key as ``?key=``."""
    shown = addresses("0.0.0.0", 8550)
    assert shown[-1] == Address("http://127.0.0.1:8550", True)
    assert all(not a.local_only for a in shown[:-1])
    assert addresses("127.0.0.1", 9) == [Address("http://127.0.0.1:9", True)]
    assert addresses("192.168.1.5", 9) == [Address("http://192.168.1.5:9", False)]
    assert Address("http://h:1", False).url("k") == "http://h:1/?key=k"


def test_a_phone_without_the_key_never_gets_it_from_the_invite_screen() -> None:
    """The invite screen never shows the key to a phone that lacks it (read-only address, no choice
    of mode); an editor may hand out the key to record or the plain address to watch, and an open
    room invites without a key."""
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


def test_an_address_only_this_computer_opens_asks_no_one_to_scan() -> None:
    """Rule (issue 21, bug 7): a server on 127.0.0.1 shows no code, so nothing says « scan
    this code » and no choice of code is offered; the address is this computer's."""
    for editor in (True, False):
        local = invite((Address("http://127.0.0.1:1", True),), "K", editor=editor)
        assert local.explain == "invite.local_address" and local.modes == ()
        assert ("key=K" in local.url) == editor


def test_home_offers_editing_only_to_editors() -> None:
    """The home screen offers the editing entries to editors only; a phone without the key still
    gets the dispute and settings screens."""
    editor = [e.route for e in home_entries(True)]
    viewer = [e.route for e in home_entries(False)]
    assert set(EDITOR_ONLY) <= set(editor)
    assert not set(EDITOR_ONLY) & set(viewer)
    assert "/dispute" in viewer and "/settings" in viewer


def test_logs_never_show_the_key(caplog) -> None:
    """Once log redaction is installed, no log line (the web server's access log or Flet's) shows
    the table's key: it reads ``key=…`` instead."""
    install_log_redaction()
    assert redact("GET /?key=abc-DEF_12 HTTP/1.1") == "GET /?key=… HTTP/1.1"
    with caplog.at_level(logging.INFO):
        logging.getLogger("uvicorn.access").info(
            '%s - "%s %s"', "1.2.3.4", "GET", "/dispute?key=SECRETSECRET"
        )
        logging.getLogger("flet").info("route %s", {"route": "/?key=SECRETSECRET"})
    assert "SECRETSECRET" not in caplog.text
    assert "key=…" in caplog.text


def test_a_forged_key_in_any_script_or_type_is_simply_wrong() -> None:
    """Rule: a key with non-ASCII characters, or a route that is not text (a phone may set
    page.route to anything), gives no rights and raises nothing (compare_digest refuses
    non-ASCII str)."""
    key = new_key()
    for route in ("/?key=é", "/?key=%C3%A9", f"/?key={key}é", "/?key=😀" * 3, "/?key=\x00"):
        assert may_edit(key, route) is False
    for route in (None, 12, ["/?key=" + key], {"route": key}, b"/?key=" + key.encode()):
        assert may_edit(key, route) is False  # type: ignore[arg-type]
    assert may_edit(key, f"/?key={key}")


def test_the_servers_configuration_does_not_show_its_key(tmp_path) -> None:
    """Rule: the configuration's repr (which Flet's debug log prints with the app's
    components) leaves the key out."""
    from companion.ui.server import build_config

    config = build_config(str(tmp_path), "127.0.0.1", 9, open_room=False)
    assert config.key and config.key not in repr(config)


def test_logs_never_show_the_key_itself_in_any_form(caplog) -> None:
    """Rule: once the server's key is known to the redaction, it is masked wherever it
    appears in a record: a quoted repr, an argument, a dict, a traceback's message."""
    key = new_key()
    install_log_redaction(key)
    log = logging.getLogger("flet_transport")
    with caplog.at_level(logging.DEBUG):
        log.debug(f"send_message: Component(args=(ServerConfig(key='{key}'),))")
        log.debug("args %r %s", (key,), {"key": key})
        try:
            raise ValueError(f"bad route /evening?key={key} ({key})")
        except ValueError:
            log.exception("Unhandled error in 'on_%s' handler", "click")
    assert key not in caplog.text
    assert "ValueError" in caplog.text and "Unhandled error in 'on_click'" in caplog.text


def _serve_args(tmp_path, *args: str):
    import argparse

    from companion.cli import app_parser

    top = argparse.ArgumentParser(prog="companion")
    app_parser.register(top.add_subparsers(dest="command"))
    return top.parse_args(["serve", *args, "--data-dir", str(tmp_path)])


def test_serve_on_every_network_says_so_and_lists_the_lan(tmp_path, monkeypatch, capsys) -> None:
    """Rule: ``--host 0.0.0.0`` prints each LAN address, then this computer's, and a line
    saying it listens on every address; with no network found it says only this computer
    can open it (not "use --host 0.0.0.0", which it already is)."""
    from companion.cli import app as commands
    from companion.ui import access, server

    monkeypatch.setattr(commands, "run_web", lambda *a: 0)
    monkeypatch.setattr(access, "lan_ipv4", lambda: ["10.1.2.3"])
    port = server.free_port()
    assert (
        commands.serve_command(_serve_args(tmp_path, "--host", "0.0.0.0", "--port", str(port))) == 0
    )
    out = capsys.readouterr().out
    assert out.index(f"http://10.1.2.3:{port}/?key=") < out.index(f"http://127.0.0.1:{port}/")
    assert f"0.0.0.0, port {port}" in out and "--host 0.0.0.0" not in out
    monkeypatch.setattr(access, "lan_ipv4", lambda: [])
    assert (
        commands.serve_command(_serve_args(tmp_path, "--host", "0.0.0.0", "--port", str(port))) == 0
    )
    out = capsys.readouterr().out
    assert "aucun réseau" in out and "--host 0.0.0.0 pour" not in out


def test_serve_refuses_a_bad_port_or_host_in_one_line(tmp_path, monkeypatch, capsys) -> None:
    """Rule: a port out of 0–65535 or an address that is not this computer's is one line
    on stderr and exit code 2 (it was a traceback, or "port already in use")."""
    from companion.cli import app as commands

    monkeypatch.setattr(commands, "run_web", lambda *a: 0)
    for args, expected in (
        (["--port", "70000"], "70000"),
        (["--port", "-5"], "-5"),
        (["--host", "198.51.100.254", "--port", "8550"], "198.51.100.254"),
    ):
        assert commands.serve_command(_serve_args(tmp_path, *args)) == 2
        captured = capsys.readouterr()
        assert captured.err.count("\n") == 1 and expected in captured.err, captured.err
        assert "déjà pris" not in captured.err and captured.out == ""


def test_serve_on_port_zero_prints_the_port_it_will_listen_on(
    tmp_path, monkeypatch, capsys
) -> None:
    """Rule: ``--port 0`` picks a free port first, so the printed address is the real one."""
    from companion.cli import app as commands

    seen = {}
    monkeypatch.setattr(
        commands, "run_web", lambda config, host, port: seen.update(port=port, config=config) or 0
    )
    assert commands.serve_command(_serve_args(tmp_path, "--host", "127.0.0.1", "--port", "0")) == 0
    out = capsys.readouterr().out
    assert seen["port"] != 0 and f"http://127.0.0.1:{seen['port']}/?key=" in out
