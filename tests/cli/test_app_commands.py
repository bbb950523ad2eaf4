"""``companion serve`` and ``companion`` alone, without starting a server."""

from __future__ import annotations

import argparse
import socket
from pathlib import Path

import pytest

from companion.cli import app as commands
from companion.cli import app_parser
from companion.ui import server


def parser() -> argparse.ArgumentParser:
    top = argparse.ArgumentParser(prog="companion")
    app_parser.add_app_arguments(top)
    app_parser.register(top.add_subparsers(dest="command"))
    return top


def test_serve_takes_host_port_open_and_data_dir() -> None:
    """Rule: ``serve`` takes ``--host``, ``--port``, ``--open`` and ``--data-dir``, and by default
    listens on 0.0.0.0, port 8550, with a key (not an open room)."""
    args = parser().parse_args(
        ["serve", "--host", "127.0.0.1", "--port", "9000", "--open", "--data-dir", "/tmp/x"]
    )
    assert (args.host, args.port, args.open, args.data_dir) == ("127.0.0.1", 9000, True, "/tmp/x")
    assert args.handler is app_parser.serve
    defaults = parser().parse_args(["serve"])
    assert (defaults.host, defaults.port, defaults.open) == ("0.0.0.0", 8550, False)


def test_the_parser_knows_the_app_s_port() -> None:
    """Rule: ``serve``'s default port, kept in the light parser module, is the app's."""
    assert app_parser.DEFAULT_PORT == server.DEFAULT_PORT


def test_serve_prints_the_address_with_the_key_and_a_qr_code(
    tmp_path: Path, monkeypatch, capsys
) -> None:
    """Rule: ``serve`` prints the address with the table's key, the key only once, and its QR code;
    on 127.0.0.1 it says that phones need ``--host 0.0.0.0``."""
    seen = {}
    monkeypatch.setattr(
        commands,
        "run_web",
        lambda config, host, port: seen.update(config=config, host=host, port=port) or 0,
    )
    port = server.free_port()
    args = parser().parse_args(
        ["serve", "--host", "127.0.0.1", "--port", str(port), "--data-dir", str(tmp_path)]
    )
    assert commands.serve_command(args) == 0
    out = capsys.readouterr().out
    key = seen["config"].key
    assert key and f"http://127.0.0.1:{port}/?key={key}" in out
    assert out.count(key) == 1 and "█" in out
    assert "--host 0.0.0.0" in out  # says a 127.0.0.1 server is not for phones


def test_open_room_has_no_key(tmp_path: Path, monkeypatch, capsys) -> None:
    """Rule: ``--open`` serves without a key: the address printed has no ``key=``, and the output
    says the room is open."""
    monkeypatch.setattr(commands, "run_web", lambda *a: 0)
    args = parser().parse_args(
        [
            "serve",
            "--host",
            "127.0.0.1",
            "--port",
            str(server.free_port()),
            "--open",
            "--data-dir",
            str(tmp_path),
        ]
    )
    assert commands.serve_command(args) == 0
    out = capsys.readouterr().out
    assert "key=" not in out and "--open" in out


def _serve(tmp_path: Path, monkeypatch, *extra: str) -> str:
    """``companion serve`` on a free port of loopback, up to where it would serve: the key."""
    seen = {}
    monkeypatch.setattr(commands, "run_web", lambda config, *a: seen.update(key=config.key) or 0)
    args = parser().parse_args(
        [
            "serve",
            "--host",
            "127.0.0.1",
            "--port",
            str(server.free_port()),
            "--data-dir",
            str(tmp_path),
            *extra,
        ]
    )
    assert commands.serve_command(args) == 0
    return str(seen["key"])


def test_a_restart_serves_the_same_key_and_says_where_it_is_kept(
    tmp_path: Path, monkeypatch, capsys
) -> None:
    """Rule: ``companion serve`` run again with the same command serves the same key, so
    the phones that had it come back without scanning; the terminal says so."""
    first = _serve(tmp_path, monkeypatch)
    capsys.readouterr()
    assert _serve(tmp_path, monkeypatch) == first
    out = capsys.readouterr().out
    assert f"key={first}" in out
    assert str(tmp_path / "table-key") in out and "--new-key" in out


def test_new_key_replaces_it_and_says_the_phones_must_scan(
    tmp_path: Path, monkeypatch, capsys
) -> None:
    """Rule: ``--new-key`` serves another key, kept for the next runs, and says that
    phones must scan again."""
    old = _serve(tmp_path, monkeypatch)
    new = _serve(tmp_path, monkeypatch, "--new-key")
    assert new != old
    assert _serve(tmp_path, monkeypatch) == new


def test_new_key_speaks_the_tables_language(tmp_path: Path, monkeypatch, capsys) -> None:
    """Rule: the key's line is in the language the table chose (French by default)."""
    _serve(tmp_path, monkeypatch)
    capsys.readouterr()
    _serve(tmp_path, monkeypatch, "--new-key")
    assert "scanner ce code à nouveau" in capsys.readouterr().out


def test_a_port_refused_changes_no_key(tmp_path: Path, monkeypatch, capsys) -> None:
    """Rule: ``--new-key`` on a port that cannot be used exits without replacing the key."""
    kept = _serve(tmp_path, monkeypatch)
    args = parser().parse_args(
        ["serve", "--port", "70000", "--new-key", "--data-dir", str(tmp_path)]
    )
    assert commands.serve_command(args) == 2
    assert _serve(tmp_path, monkeypatch) == kept


def test_open_and_new_key_exclude_each_other(capsys) -> None:
    """Rule: an open room has no key to replace: ``--open --new-key`` is refused (in
    French, the command line's default language)."""
    with pytest.raises(SystemExit):
        parser().parse_args(["serve", "--open", "--new-key"])
    assert "interdit avec l'argument --open" in capsys.readouterr().err


def test_a_busy_port_is_one_line_not_a_traceback(tmp_path: Path, capsys) -> None:
    """Rule: a port already in use makes ``serve`` exit 2 with one line on stderr naming the port,
    never a traceback."""
    with socket.socket() as busy:
        busy.bind(("127.0.0.1", 0))
        busy.listen()
        port = busy.getsockname()[1]
        args = parser().parse_args(
            ["serve", "--host", "127.0.0.1", "--port", str(port), "--data-dir", str(tmp_path)]
        )
        assert commands.serve_command(args) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and str(port) in err and "Traceback" not in err


def test_companion_alone_prints_its_address_and_how_to_invite_phones(
    tmp_path: Path, monkeypatch, capsys
) -> None:
    """Rule: ``companion`` alone, without a desktop client, serves on 127.0.0.1 with no key (only
    this computer reaches it, and it may record) and prints two lines: the address it opens, then
    how to invite phones; nothing about a browser before one has tried to open."""
    opened = {}
    monkeypatch.setattr(commands, "desktop_client_available", lambda: False)
    monkeypatch.setattr(
        commands, "open_browser_when_ready", lambda url, probe, lang: opened.update(url=url)
    )
    monkeypatch.setattr(
        commands,
        "run_web",
        lambda config, host, port: opened.update(host=host, key=config.key) or 0,
    )
    assert commands.run_app(argparse.Namespace(data_dir=str(tmp_path))) == 0
    out = capsys.readouterr().out
    # The address opened is the one printed, with no key: on 127.0.0.1 only this computer
    # reaches the app, and it may edit.
    assert opened["key"] is None and opened["host"] == "127.0.0.1"
    first, second = out.splitlines()
    assert "http://127.0.0.1:" in first and opened["url"].rstrip("/") in first
    assert "companion serve --host 0.0.0.0" in second
    # Nothing is said about a browser before one has tried to open (``open_browser``).
    assert "navigateur" not in first and "browser" not in first


def test_a_failing_desktop_client_falls_back_to_the_browser(
    tmp_path: Path, monkeypatch, capsys
) -> None:
    """Rule: when Flet's desktop client fails to start, ``companion`` says why in one line (the
    error's type, no traceback) and serves for the browser instead."""

    def broken(config):
        raise RuntimeError("no window")

    monkeypatch.setattr(commands, "desktop_client_available", lambda: True)
    monkeypatch.setattr(commands, "run_desktop", broken)
    monkeypatch.setattr(commands, "open_browser_when_ready", lambda url, probe, lang: None)
    monkeypatch.setattr(commands, "run_web", lambda *a: 0)
    assert commands.run_app(argparse.Namespace(data_dir=str(tmp_path), web=False)) == 0
    captured = capsys.readouterr()
    assert "RuntimeError" in captured.err and "Traceback" not in captured.err


URL = "http://127.0.0.1:8551/"


def test_a_browser_that_opened_is_said_to_have_opened(monkeypatch, capsys) -> None:
    """Rule: "opened in your browser" only when webbrowser says a browser started."""
    monkeypatch.setattr(commands.webbrowser, "open", lambda url: True)
    assert commands.open_browser(URL, "fr") is True
    assert capsys.readouterr().out == f"Ouvert dans votre navigateur : {URL}\n"


def _no_browser(url: str) -> bool:
    raise commands.webbrowser.Error("could not locate runnable browser")


@pytest.mark.parametrize("opener", [lambda url: False, _no_browser], ids=["false", "raises"])
def test_no_browser_is_said_plainly_with_the_address_to_open(monkeypatch, capsys, opener) -> None:
    """Rule: when no browser could be started (webbrowser answers False, or raises), the
    command says so and gives the address to open, in both languages, never "opened"."""
    monkeypatch.setattr(commands.webbrowser, "open", opener)
    assert commands.open_browser(URL, "fr") is False
    fr = capsys.readouterr().out
    assert fr.startswith("Aucun navigateur n'a pu s'ouvrir sur cette machine. Ouvrez " + URL)
    assert "companion serve --host 0.0.0.0" in fr and "Ouvert" not in fr
    assert commands.open_browser(URL, "en") is False
    en = capsys.readouterr().out
    assert en.startswith("No browser could be opened on this machine. Open " + URL)


def test_the_browser_is_tried_once_the_wait_is_over_and_the_result_said(
    monkeypatch, capsys
) -> None:
    """Rule: the waiting thread opens the address it was given and says how it went (a
    probe that never answers and no time to wait: it tries at once)."""
    tried = []
    monkeypatch.setattr(commands.webbrowser, "open", lambda url: tried.append(url) or False)
    commands.open_browser_when_ready(URL, "http://127.0.0.1:9/", "en", timeout=0).join()
    assert tried == [URL] and "No browser could be opened" in capsys.readouterr().out


@pytest.mark.parametrize(
    "view_path, expected", [(None, False), ("/nonexistent", False), ("a folder", True)]
)
def test_no_desktop_client_on_linux_without_a_local_one(monkeypatch, tmp_path, view_path, expected):
    """Rule: on Linux the desktop client counts as available only when ``FLET_VIEW_PATH`` names a
    folder that exists (otherwise Flet would download one at run time)."""
    # flet-desktop installed (it is not in the test environment): only the folder decides.
    found = server.importlib.util.find_spec
    monkeypatch.setattr(
        server.importlib.util,
        "find_spec",
        lambda name, *a: object() if name == "flet_desktop" else found(name, *a),
    )
    monkeypatch.setattr(server.sys, "platform", "linux")
    if view_path is None:
        monkeypatch.delenv("FLET_VIEW_PATH", raising=False)
    else:
        monkeypatch.setenv(
            "FLET_VIEW_PATH", str(tmp_path) if view_path == "a folder" else view_path
        )
    assert server.desktop_client_available() is expected
