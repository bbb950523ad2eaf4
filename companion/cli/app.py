"""``companion serve`` and ``companion`` alone: the app's commands, imported only when one of
them runs (their arguments are in ``companion.cli.app_parser``)."""

from __future__ import annotations

import argparse
import contextlib
import errno
import sys
import threading
import time
import urllib.request
import webbrowser
from pathlib import Path

from companion.errors import CompanionError, one_line
from companion.table.service import TableService
from companion.ui import qr
from companion.ui.access import ANY_HOST
from companion.ui.server import (
    bind_error,
    build_config,
    desktop_client_available,
    free_port,
    local_address,
    run_desktop,
    run_web,
    serve_config,
)
from companion.ui.settings import SettingsStore
from companion.ui.table_key import TableKey, key_path
from companion.words import t

__all__ = ["run_app", "serve_command"]


def _unusable_folder(data_dir: str | None, lang: str) -> bool:
    """Say so, before anything starts, when the data folder is a link to nowhere (a drive
    not connected): a server started on it would show no evenings, and make the link's
    target on this computer's own disk at the first write."""
    try:
        TableService.check_data_folder(data_dir)
    except CompanionError as err:
        sys.stderr.write(one_line(err.message(lang)) + "\n")
        return True
    return False


def serve_command(args: argparse.Namespace) -> int:
    host, port = args.host, args.port
    lang = SettingsStore(TableService.data_folder(args.data_dir)).current.spoken
    if _unusable_folder(args.data_dir, lang):
        return 2
    if not 0 <= port <= 65535:
        sys.stderr.write(t(lang, "cli.bad_port", port=port) + "\n")
        return 2
    if port == 0:  # any free port: the address printed must be the one listened on
        with contextlib.suppress(OSError):  # an unusable host: said just below
            port = free_port(host)
    problem = bind_error(host, port)
    if problem is not None:
        message = (
            t(lang, "cli.port_busy", port=port, host=host)
            if problem.errno == errno.EADDRINUSE
            else t(
                lang,
                "cli.cannot_listen",
                host=host,
                port=port,
                reason=problem.strerror or type(problem).__name__,
            )
        )
        sys.stderr.write(message + "\n")
        return 2
    # The key is read, or made, once the server can start: a refused port rotates nothing.
    config, chosen = serve_config(args.data_dir, host, port, args.open, rotate_key=args.new_key)
    shown = next((a for a in config.addresses if not a.local_only), config.addresses[0])
    url = shown.url(config.key)
    lines = [t(lang, "cli.serving"), f"  {url}"]
    lines += [f"  {a.url(config.key)}" for a in config.addresses if a is not shown]
    if host in ANY_HOST:
        lines.append(t(lang, "cli.every_network", host=host or "*", port=port))
    if shown.local_only:
        lines.append(t(lang, "cli.no_lan" if host in ANY_HOST else "cli.local_only", host=host))
    if config.key is None:
        lines.append(t(lang, "cli.open_room"))
    if chosen is not None:
        lines.append(_key_line(lang, chosen, key_path(config.data_dir)))
    lines.append(t(lang, "cli.scan"))
    print("\n".join(lines), flush=True)
    _print_qr(url)
    print(t(lang, "cli.stop"), flush=True)
    return run_web(config, host, port)


def _key_line(lang: str, chosen: TableKey, path: Path) -> str:
    """Whether phones that had the key come back by themselves, or must scan again."""
    if chosen.origin == "rotated":
        return t(lang, "cli.key_rotated")
    if chosen.origin == "damaged":
        return t(lang, "cli.key_damaged", path=path)
    if chosen.problem is not None:
        return t(lang, "cli.key_unkept", reason=chosen.problem.message(lang))
    return t(lang, "cli.key_kept", path=path)


def _print_qr(url: str) -> None:
    text = qr.terminal_text(url)
    with contextlib.suppress(UnicodeEncodeError):  # no block characters: the address will do
        sys.stdout.write(text)
    sys.stdout.flush()


def run_app(args: argparse.Namespace) -> int:
    """``companion`` alone: the app on this computer, in a window when Flet's desktop client
    is there, otherwise served on localhost (editable, no key: only this computer reaches
    it) and opened in the browser. It says how to invite phones (``companion serve``)."""
    data_dir = getattr(args, "data_dir", None)
    if _unusable_folder(data_dir, SettingsStore(TableService.data_folder(data_dir)).current.spoken):
        return 2
    if not getattr(args, "web", False) and desktop_client_available():
        config = build_config(data_dir, "127.0.0.1", 0, open_room=True)
        try:
            return run_desktop(config)
        except Exception as err:  # any failure at all: fall back to the browser
            said = config.store.current.spoken
            sys.stderr.write(t(said, "cli.desktop_failed", reason=type(err).__name__) + "\n")
    port = free_port()
    # Served on 127.0.0.1 only: no phone can reach it, so this computer needs no key to
    # record (a key left out of the printed address would open a read-only app).
    config = build_config(data_dir, "127.0.0.1", port, open_room=True)
    address = local_address(config)
    lang = config.store.current.spoken
    print(t(lang, "cli.no_desktop", url=address.base), flush=True)
    print(t(lang, "cli.invite_phones"), flush=True)
    open_browser_when_ready(address.url(None), address.base + "/", lang)
    return run_web(config, "127.0.0.1", port)


def open_browser(url: str, lang: str) -> bool:
    """Open ``url`` in this computer's browser and say whether it opened: ``webbrowser``
    answers False when it finds none to start (a Linux without DISPLAY or WAYLAND_DISPLAY
    and no text browser), and then the address is all the user has."""
    try:
        opened = bool(webbrowser.open(url))
    except (webbrowser.Error, OSError):
        opened = False
    print(t(lang, "cli.browser_opened" if opened else "cli.no_browser", url=url), flush=True)
    return opened


def open_browser_when_ready(
    url: str, probe: str, lang: str, timeout: float = 30.0
) -> threading.Thread:
    """``open_browser`` once the server answers ``probe`` (or ``timeout`` seconds have
    passed): a browser opened earlier would show an error page."""

    def wait_and_open() -> None:
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            try:
                with urllib.request.urlopen(probe, timeout=2):
                    break
            except OSError:
                time.sleep(0.2)
        open_browser(url, lang)

    thread = threading.Thread(target=wait_and_open, daemon=True)
    thread.start()
    return thread
