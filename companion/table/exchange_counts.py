"""How many cards each pair exchanges (S6), as ``--set`` spells it: one home for reading and
writing the counts, and the counts that follow the number of players.

``exchange=2/1``: the outermost pair exchanges 2 for 2, the next 1 for 1; ``2:3/1:2``
(Butthead): the lower player gives 2 and gets 3 back. ``exchange_by_players=3=1; 4=2/1``:
from 3 players 1 for 1, from 4 players 2 then 1 (BOARDOOR: "1 card in 3-player games").

>>> parse_counts("2:3/1")
((2, 3), (1, 1))
>>> counts_text(parse_counts("2:3/1"))
'2:3/1'
>>> by_size = parse_by_size("3=1; 4=2/1; 6=2/1:1")
>>> by_size_text(by_size)
'3=1; 4=2/1; 6=2/1'
>>> counts_at(by_size, 5)
((2, 2), (1, 1))
>>> counts_at(by_size, 2)
()
"""

from __future__ import annotations

import re

Counts = tuple[tuple[int, int], ...]  # per pair, outermost first: (lower gives, higher gives)
BySize = tuple[tuple[int, Counts], ...]  # (from this many players, the counts), fewest first

_NUMBER = re.compile(r"[0-9]{1,4}")  # ASCII digits only: "²".isdigit() is True, int("²") fails
_NONE = ("", "none", "aucun", "0")


def parse_counts(text: str) -> Counts:
    """``2/1``, ``2:3/1:2`` or ``none`` (raises ValueError on anything else)."""
    text = text.strip().lower()
    if text in _NONE:
        return ()
    pairs = []
    for part in text.replace(",", "/").split("/"):
        gives, _, gets = part.strip().replace("↔", ":").partition(":")
        if not _NUMBER.fullmatch(gives.strip()) or (gets and not _NUMBER.fullmatch(gets.strip())):
            raise ValueError(text)
        pairs.append((int(gives), int(gets) if gets else int(gives)))
    return tuple(pairs)


def counts_text(counts: Counts) -> str:
    """The counts as ``--set`` spells them: ``parse_counts(counts_text(c)) == c``."""
    return "/".join(f"{a}:{b}" if a != b else str(a) for a, b in counts) or "none"


def parse_by_size(text: str) -> BySize:
    """``3=1; 4=2/1`` (``;`` or ``|`` between the entries) or ``none``; raises ValueError."""
    text = text.strip().lower()
    if text in _NONE:
        return ()
    entries: dict[int, Counts] = {}
    for part in re.split(r"[;|]", text):
        players, sep, counts = part.partition("=")
        if not sep or not _NUMBER.fullmatch(players.strip()) or int(players) in entries:
            raise ValueError(text)
        entries[int(players)] = parse_counts(counts)
    return tuple(sorted(entries.items()))


def by_size_text(by_size: BySize) -> str:
    """``parse_by_size(by_size_text(v)) == v``."""
    return "; ".join(f"{n}={counts_text(c)}" for n, c in by_size) or "none"


def counts_at(by_size: BySize, players: int) -> Counts:
    """The counts of the entry with the most players no more than ``players`` (none below
    the first entry)."""
    found: Counts = ()
    for fewest, counts in by_size:
        if fewest <= players:
            found = counts
    return found
