"""What the "invite a phone" screen shows: which address goes in the QR code."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from companion.ui.access import Address

Mode = Literal["edit", "watch"]


@dataclass(frozen=True)
class Invite:
    url: str  # what the QR code holds
    explain: str  # i18n key of the sentence under it
    modes: tuple[Mode, ...]  # the choices offered (none when there is only one)
    others: tuple[str, ...]  # further addresses of this computer, as text
    local_only: bool  # phones cannot reach this server


def invite(
    addresses: tuple[Address, ...], key: str | None, editor: bool, mode: Mode = "edit"
) -> Invite:
    """Editors may hand out the key (to record) or not (to watch); a phone without the key
    can only pass the read-only address on. Never the key to a phone that lacks it."""
    shown = [a for a in addresses if not a.local_only] or list(addresses)
    first = shown[0]
    if key is None:  # --open, or ``companion`` alone on this computer (local only)
        explain = "invite.local_open" if first.local_only else "invite.scan_open"
        return Invite(first.url(), explain, (), _others(shown), first.local_only)
    if first.local_only:  # no code to scan: the address is for this computer's browsers
        url = first.url(key if editor else None)
        return Invite(url, "invite.local_address", (), _others(shown), True)
    give_key = editor and mode == "edit"
    return Invite(
        first.url(key if give_key else None),
        "invite.scan_edit" if give_key else "invite.scan_watch",
        ("edit", "watch") if editor else (),
        _others(shown),
        first.local_only,
    )


def _others(shown: list[Address]) -> tuple[str, ...]:
    return tuple(a.base for a in shown[1:])
