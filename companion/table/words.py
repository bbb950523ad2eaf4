"""Small phrases the table's sentences share, from the ``table`` catalogue."""

from __future__ import annotations

from collections.abc import Sequence

from companion.words import t


def and_list(lang: str, names: Sequence[str]) -> str:
    """ "A, B et C" / "A, B and C" / "A, B und C"; one name alone as it is."""
    if len(names) == 1:
        return names[0]
    return t(lang, "table.list.and", rest=", ".join(names[:-1]), last=names[-1])
