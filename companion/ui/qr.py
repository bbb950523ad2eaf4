"""QR codes of the table's address, for the terminal and for the "invite a phone" screen.

segno is pure Python with no dependency and writes PNG itself: the code is drawn on this
computer, offline (a CDN or an online QR service is not an option at a table without
internet).
"""

from __future__ import annotations

import io

import segno


def _make(data: str) -> segno.QRCode:
    return segno.make(data, error="m", micro=False)


def terminal_text(data: str) -> str:
    """The code drawn with half blocks, two modules per character line."""
    out = io.StringIO()
    _make(data).terminal(out=out, compact=True, border=2)
    return out.getvalue()


def png_bytes(data: str, scale: int = 8) -> bytes:
    """A PNG of the code, dark on white whatever the app's theme (scanners need contrast)."""
    out = io.BytesIO()
    _make(data).save(out, kind="png", scale=scale, border=3, dark="#000000", light="#ffffff")
    return out.getvalue()


def dark_runs(data: str, border: int = 3) -> tuple[int, list[tuple[int, int, int]]]:
    """The code as its side in modules (quiet zone included) and its dark runs, ``(row,
    first column, length)``: what the invite screen draws as vector rectangles. A picture
    would need the browser to decode it, which Flutter cannot do on an address that is not
    a secure context (``http://192.168.…``, how phones open the table): the code came out
    blank there.

    >>> side, runs = dark_runs("x")
    >>> side, runs[0]
    (27, (3, 3, 7))
    """
    rows = [list(row) for row in _make(data).matrix_iter(border=border)]
    runs = []
    for y, row in enumerate(rows):
        x = 0
        while x < len(row):
            if row[x]:
                start = x
                while x < len(row) and row[x]:
                    x += 1
                runs.append((y, start, x - start))
            else:
                x += 1
    return len(rows), runs
