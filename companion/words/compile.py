"""Compile every catalogue: ``python -m companion.words.compile`` writes each ``.po``'s
``.mo`` beside it (Babel's compiler). Run it after editing a ``.po``; the catalogue test
fails when a ``.mo`` is not what its ``.po`` compiles to.
"""

from __future__ import annotations

import datetime as dt
import io
import os
import sys
import tempfile
from pathlib import Path

from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po

from companion.words.catalogue import LOCALE_DIR

FIXED_DATE = dt.datetime(2026, 1, 1, tzinfo=dt.UTC)


def compiled(po: Path) -> bytes:
    """The ``.mo`` bytes of ``po`` (fuzzy entries left out, as gettext does)."""
    with po.open("rb") as file:
        catalog = read_po(file, abort_invalid=True)
    # The header's dates mean nothing to a reader of the .mo, and Babel stamps the time of
    # compiling where the .po has none: fixed, the same .po always compiles to the same bytes.
    catalog.creation_date = catalog.revision_date = FIXED_DATE
    out = io.BytesIO()
    write_mo(out, catalog, use_fuzzy=False)
    return out.getvalue()


def sources() -> list[Path]:
    return sorted(LOCALE_DIR.glob("*/LC_MESSAGES/*.po"))


def main() -> int:
    for po in sources():
        data = compiled(po)
        mo = po.with_suffix(".mo")
        if mo.exists() and mo.read_bytes() == data:
            continue
        # Written beside and renamed: a reader never sees half a catalogue.
        fd, tmp = tempfile.mkstemp(dir=po.parent, suffix=".tmp")
        with os.fdopen(fd, "wb") as file:
            file.write(data)
        os.replace(tmp, mo)
        print(f"compiled {mo.relative_to(LOCALE_DIR)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
