"""Running the app: served to the browsers of the table (``companion serve``), or opened on
this computer (``companion``).

Always the web client's own files (``no_cdn=True``): the table may have no internet, and
without it the browser would wait for CanvasKit from a CDN forever.
"""

from __future__ import annotations

import contextlib
import importlib.util
import logging
import os
import re
import socket
import sys
from collections.abc import Mapping
from pathlib import Path
from typing import Any

import flet as ft

from companion.table.service import TableService
from companion.ui import web_app
from companion.ui.access import Address, addresses
from companion.ui.session import ServerConfig
from companion.ui.settings import SettingsStore
from companion.ui.shell import make_main, warm_up
from companion.ui.table_key import TableKey, table_key

DEFAULT_PORT = 8550
ASSETS_DIR = Path(__file__).resolve().parents[2] / "assets"


def build_config(data_dir: str | None, host: str, port: int, open_room: bool) -> ServerConfig:
    """The server's settings; its key (none in an open room) is the data folder's
    (``table_key``), so that phones come back after a restart."""
    return serve_config(data_dir, host, port, open_room)[0]


def serve_config(
    data_dir: str | None, host: str, port: int, open_room: bool, *, rotate_key: bool = False
) -> tuple[ServerConfig, TableKey | None]:
    """``build_config``, and where its key came from (for the terminal to say)."""
    folder = TableService.data_folder(data_dir)
    chosen = None if open_room else table_key(folder, rotate=rotate_key)
    config = ServerConfig(
        data_dir=folder,
        key=chosen.key if chosen else None,
        addresses=tuple(addresses(host, port)),
        store=SettingsStore(folder),
    )
    return config, chosen


def bind_error(host: str, port: int) -> OSError | None:
    """Why the server could not listen on ``host:port`` (None: it can): the port taken, or
    an address that is not this computer's (``socket.gaierror`` for an unknown name)."""
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    with socket.socket(family, socket.SOCK_STREAM) as sock:
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        try:
            sock.bind((host, port))
        except OSError as err:
            return err
    return None


def free_port(host: str = "127.0.0.1") -> int:
    with socket.socket(socket.AF_INET6 if ":" in host else socket.AF_INET) as sock:
        sock.bind((host, 0))
        return int(sock.getsockname()[1])


_KEY_IN_TEXT = re.compile(r"(key=)[A-Za-z0-9_\-]+")
_SECRETS: set[str] = set()  # the keys themselves, masked wherever they appear


def redact(text: str) -> str:
    text = _KEY_IN_TEXT.sub(r"\1…", text)
    for secret in _SECRETS:
        text = text.replace(secret, "…")
    return text


def _needs_redaction(text: str) -> bool:
    return "key=" in text or any(secret in text for secret in _SECRETS)


def _redact_arg(arg: object) -> object:
    if isinstance(arg, (int, float)) or arg is None:
        return arg  # keeps %d and friends working
    text = str(arg)
    return redact(text) if _needs_redaction(text) else arg


def install_log_redaction(key: str | None = None) -> None:
    """The key travels in the first request's address and in route changes, and Flet's
    debug log prints whole controls (the app's, which hold the server's configuration):
    whatever logs them (uvicorn's access log, Flet's debug log, at any level, a traceback)
    gets ``key=…`` and the key itself masked. Done at record creation, so it holds whatever
    handlers the servers install later."""
    if key:
        _SECRETS.add(key)
    previous = logging.getLogRecordFactory()
    if getattr(previous, "redacts_key", False):
        return

    def factory(*args: Any, **kwargs: Any) -> logging.LogRecord:
        record = previous(*args, **kwargs)
        if isinstance(record.msg, str):
            record.msg = redact(record.msg)
        elif record.msg is not None and _needs_redaction(str(record.msg)):
            record.msg = redact(str(record.msg))
        if record.exc_info and record.exc_info[0] is not None:
            # Formatted now (the formatters reuse exc_text): an exception's message may
            # quote an address with the key.
            text = logging.Formatter().formatException(record.exc_info)
            if _needs_redaction(text):
                record.exc_text = redact(text)
        if isinstance(record.args, tuple):
            record.args = tuple(_redact_arg(a) for a in record.args)
        elif isinstance(record.args, Mapping):  # a lone dict argument
            if "%(" in str(record.msg):
                record.args = {k: _redact_arg(v) for k, v in record.args.items()}
            else:
                record.args = (_redact_arg(record.args),)
        return record

    factory.redacts_key = True  # type: ignore[attr-defined]
    logging.setLogRecordFactory(factory)


def run_web(config: ServerConfig, host: str, port: int) -> int:
    """Serve the app until Ctrl+C. Blocks. Flet's web app with security headers and short
    sessions (``web_app``), served by uvicorn as ``ft.run`` would; nothing opens a browser
    by itself: the address to open carries the key, which only we know."""
    install_log_redaction(config.key)
    warm_up()
    with contextlib.suppress(KeyboardInterrupt):
        web_app.serve(web_app.build(make_main(config), str(ASSETS_DIR)), host, port)
    return 0


def desktop_client_available() -> bool:
    """Whether Flet can open its own window without downloading anything: flet-desktop
    installed, and on Linux a client already on disk (Flet fetches it from the internet
    at run time otherwise)."""
    if importlib.util.find_spec("flet_desktop") is None:
        return False
    if sys.platform.startswith("linux"):
        view_path = os.environ.get("FLET_VIEW_PATH", "")
        return bool(view_path) and Path(view_path).is_dir()
    return True


def run_desktop(config: ServerConfig) -> int:
    ft.run(make_main(config), view=ft.AppView.FLET_APP, assets_dir=str(ASSETS_DIR))
    return 0


def local_address(config: ServerConfig) -> Address:
    return next((a for a in config.addresses if a.local_only), config.addresses[0])
