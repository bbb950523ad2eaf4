"""Renaming and merging player profiles, keeping all history, with undo.

A merge never rewrites an evening: the merged profile stays in the profile list, marked
``merged_into`` its target, and every ranking (leaderboard, head-to-head, ratings, colours)
counts its evenings as the target's. Undoing the merge clears the mark, and everything is
as before. Two profiles that sat at the same evening are two people and cannot be merged.

Evenings keep the names they were played with; the rankings show the profile's name.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Literal

from pydantic import BaseModel, ConfigDict

from companion.table.evening import EveningError, PlayerProfile, UnknownPlayerError
from companion.words import Message

_FROZEN = ConfigDict(frozen=True)


class MergeError(EveningError):
    code = "cannot-merge"


class PlayerChange(BaseModel):
    """A rename or a merge, with what undoing it needs."""

    model_config = _FROZEN
    kind: Literal["rename", "merge"]
    player_id: str  # the renamed profile, or the one merged away
    into: str | None = None  # merge: the profile it now counts as
    before: str | None = None  # rename: the old name
    after: str | None = None  # rename: the new name


def aliases(profiles: Iterable[PlayerProfile]) -> dict[str, str]:
    """Merged profile id -> the profile it counts as (following chains, ignoring loops)."""
    direct = {p.id: p.merged_into for p in profiles if p.merged_into}
    out: dict[str, str] = {}
    for source in direct:
        target, seen = source, {source}
        while target in direct and direct[target] not in seen:
            target = direct[target]
            seen.add(target)
        if target != source:
            out[source] = target
    return out


def active(profiles: Iterable[PlayerProfile]) -> list[PlayerProfile]:
    """The profiles people choose from (merged ones count as their target)."""
    return [p for p in profiles if not p.merged_into]


def _find(profiles: Sequence[PlayerProfile], player_id: str) -> PlayerProfile:
    for p in profiles:
        if p.id == player_id:
            return p
    raise UnknownPlayerError(
        Message.of("table.error.unknown_player", who=player_id), player=player_id
    )


def merge(
    profiles: Sequence[PlayerProfile],
    source: str,
    into: str,
    evenings_players: Iterable[Sequence[str]],
) -> tuple[list[PlayerProfile], PlayerChange]:
    """Merge ``source`` into ``into``. ``evenings_players``: the profile ids of each
    evening (from the index), to refuse merging two people who played together."""
    src, dst = _find(profiles, source), _find(profiles, into)
    if src.id == dst.id:
        raise MergeError(Message.of("table.error.merge_self", name=src.name))
    if src.merged_into or dst.merged_into:
        gone = src if src.merged_into else dst
        raise MergeError(Message.of("table.error.merge_already", name=gone.name))
    alias = aliases(profiles)
    for ids in evenings_players:
        counted = {alias.get(p, p) for p in ids}
        if src.id in counted and dst.id in counted:
            raise MergeError(
                Message.of("table.error.merge_same_evening", source=src.name, target=dst.name)
            )
    changed = [
        p.model_copy(update={"merged_into": dst.id}) if p.id == src.id else p for p in profiles
    ]
    return changed, PlayerChange(kind="merge", player_id=src.id, into=dst.id)


def unmerge(profiles: Sequence[PlayerProfile], source: str) -> list[PlayerProfile]:
    src = _find(profiles, source)
    if not src.merged_into:
        raise MergeError(Message.of("table.error.not_merged", name=src.name))
    return [p.model_copy(update={"merged_into": None}) if p.id == src.id else p for p in profiles]
