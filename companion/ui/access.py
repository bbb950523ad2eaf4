"""The table's key and the addresses that carry it.

A phone may edit when the address it opened carries ``?key=<the table's key>``; any other
phone gets a read-only view. The key is a random token (128 bits), kept in the data folder
(``table_key``) so that a restart lets the phones back in; it is printed with the address
(that is how it reaches the phones) and never written to a log. ``--open`` turns the key
off for a trusted room.
"""

from __future__ import annotations

import secrets
import socket
import sys
from dataclasses import dataclass
from urllib.parse import parse_qs, urlencode, urlparse

KEY_PARAM = "key"
ANY_HOST = ("0.0.0.0", "", "*", "::")  # listen on every address of this computer


def new_key() -> str:
    """16 random bytes, URL-safe (22 characters)."""
    return secrets.token_urlsafe(16)


def key_in(route: str) -> str | None:
    """The key carried by a route or address (``/dispute?key=…``), if any."""
    values = parse_qs(urlparse(route).query).get(KEY_PARAM)
    return values[0] if values else None


def may_edit(table_key: str | None, route: str) -> bool:
    """True for an open room, or when ``route`` carries the table's key."""
    if table_key is None:
        return True
    if not isinstance(route, str):  # a client may set page.route to anything (props update)
        return False
    given = key_in(route)
    # Bytes: compare_digest raises on a str with non-ASCII characters, and a forged key in
    # any script must simply be wrong, not crash the phone's session.
    return given is not None and secrets.compare_digest(
        given.encode("utf-8", "replace"), table_key.encode("utf-8")
    )


def route_with_key(path: str, key: str | None) -> str:
    """``path`` with the key kept in it, so a reload or a shared link keeps the rights."""
    return f"{path}?{urlencode({KEY_PARAM: key})}" if key else path


@dataclass(frozen=True)
class Address:
    """Where the server can be reached: ``base`` is ``http://host:port``."""

    base: str
    local_only: bool  # only this computer can open it (127.0.0.1)

    def url(self, key: str | None = None) -> str:
        return self.base + route_with_key("/", key)


def lan_ipv4() -> list[str]:
    """This computer's IPv4 addresses other than loopback, found without sending anything."""
    found: list[str] = []
    if sys.platform.startswith("linux"):
        found = _linux_ipv4()
    if not found:
        try:
            infos = socket.getaddrinfo(socket.gethostname(), None, socket.AF_INET)
        except OSError:
            infos = []
        found = [str(info[4][0]) for info in infos]
    unique = dict.fromkeys(ip for ip in found if not ip.startswith("127."))
    return list(unique)


def _linux_ipv4() -> list[str]:
    """Each interface's address via SIOCGIFADDR (Linux), which reads kernel state only."""
    import fcntl
    import struct

    result = []
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as sock:
        for _, name in socket.if_nameindex():
            try:
                packed = fcntl.ioctl(
                    sock.fileno(),
                    0x8915,  # SIOCGIFADDR
                    struct.pack("256s", name[:15].encode()),
                )
            except OSError:
                continue  # no IPv4 address on this interface
            result.append(socket.inet_ntoa(packed[20:24]))
    return result


def addresses(host: str, port: int) -> list[Address]:
    """The addresses to show for a server bound to ``host``: the LAN ones first (phones use
    them), then this computer's own."""
    if host in ANY_HOST:
        lan = [Address(f"http://{ip}:{port}", False) for ip in lan_ipv4()]
        return [*lan, Address(f"http://127.0.0.1:{port}", True)]
    local = host in ("127.0.0.1", "localhost", "::1")
    shown = f"[{host}]" if ":" in host else host
    return [Address(f"http://{shown}:{port}", local)]
