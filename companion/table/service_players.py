"""The players of ``TableService``: profiles listed, added, renamed, merged and unmerged,
and a reference to a player (an id, a name, or a profile) resolved to his profile."""

from __future__ import annotations

from collections.abc import Sequence

from pydantic import ValidationError

from companion.table import profiles as profile_rules
from companion.table.evening import EveningError, PlayerProfile, UnknownPlayerError
from companion.table.identity import Colour, colours
from companion.table.profiles import PlayerChange
from companion.table.roster import PlayerListError
from companion.table.service_state import ServiceState
from companion.words import Message

PlayerRef = str | PlayerProfile  # an id, a name, or a profile


class ServicePlayers(ServiceState):
    """The profiles (see the module docstring)."""

    def players(self) -> list[PlayerProfile]:
        """Every profile, in the order they were created."""
        with self._lock:
            return self.repo.get_players()

    def active_players(self) -> list[PlayerProfile]:
        """The profiles to choose from: every profile not merged into another."""
        with self._lock:
            return profile_rules.active(self.repo.get_players())

    def player_colours(self) -> dict[str, Colour]:
        """Every profile's own colour (merged ones: their target's), for seats, grids,
        charts and podiums alike."""
        with self._lock:
            found = self.repo.get_players()
            return colours([p.id for p in found], profile_rules.aliases(found))

    def rename(self, player_id: str, name: str) -> PlayerChange:
        """Rename a profile; the change says how to undo it (``undo_player_change``)."""
        with self._lock:
            before = next((p.name for p in self.repo.get_players() if p.id == player_id), None)
            after = self.rename_player(player_id, name)
            return PlayerChange(kind="rename", player_id=player_id, before=before, after=after.name)

    def merge_players(self, source: PlayerRef, into: PlayerRef) -> PlayerChange:
        """Count every evening of ``source`` as ``into``'s from now on (nothing is rewritten;
        ``undo_player_change`` or ``unmerge_player`` takes it back)."""
        with self._lock, self.repo.locked():
            found = self.repo.get_players()
            seated = [e.player_ids for e in self.repo.list_index()]
            changed, change = profile_rules.merge(
                found, self._profile_id(source), self._profile_id(into), seated
            )
            self.repo.save_players(changed)
            return change

    def unmerge_player(self, source: PlayerRef) -> PlayerProfile:
        with self._lock, self.repo.locked():
            pid = self._profile_id(source)
            changed = profile_rules.unmerge(self.repo.get_players(), pid)
            self.repo.save_players(changed)
            return next(p for p in changed if p.id == pid)

    def undo_player_change(self, change: PlayerChange) -> None:
        if change.kind == "merge":
            self.unmerge_player(change.player_id)
        elif change.before is not None:
            self.rename_player(change.player_id, change.before)

    def add_player(self, name: str) -> PlayerProfile:
        """A new profile; names are unique among profiles, ignoring case."""
        with self._lock, self.repo.locked():
            profiles = self.repo.get_players()
            profile = _profile(name)
            _unique_among(profile, profiles)
            self.repo.save_players([*profiles, profile])
            return profile

    def rename_player(self, player_id: str, name: str) -> PlayerProfile:
        """Rename a profile (past evenings keep the name they used)."""
        with self._lock, self.repo.locked():
            profiles = self.repo.get_players()
            if not any(p.id == player_id for p in profiles):
                raise UnknownPlayerError(Message.of("table.error.unknown_player", who=player_id))
            renamed = _profile(name, player_id)
            _unique_among(renamed, [p for p in profiles if p.id != player_id])
            self.repo.save_players([renamed if p.id == player_id else p for p in profiles])
            return renamed

    def _resolve_profiles(
        self, refs: Sequence[PlayerRef]
    ) -> tuple[list[PlayerProfile], list[PlayerProfile]]:
        """Profiles for ids, names or profiles; unknown names become new profiles (returned
        second, saved by the caller once the change is known to be valid)."""
        profiles = self.repo.get_players()
        by_id = {p.id: p for p in profiles}
        out: list[PlayerProfile] = []
        new: list[PlayerProfile] = []
        for ref in refs:
            if isinstance(ref, PlayerProfile):
                found = by_id.get(ref.id)
                if found is None:
                    _unique_among(ref, [*profiles, *new])
                    new.append(ref)
                out.append(found or ref)
                continue
            text = str(ref).strip()
            if text in by_id:
                out.append(by_id[text])
                continue
            named = [p for p in [*profiles, *new] if p.name.casefold() == text.casefold()]
            if named:  # a merged profile's name stands for the profile it was merged into
                out.append(by_id.get(named[0].merged_into or "", named[0]))
            else:
                profile = _profile(text)
                new.append(profile)
                out.append(profile)
        return out, new

    def _names(self) -> dict[str, str]:
        return {p.id: p.name for p in self.repo.get_players()}

    def _profile_id(self, ref: PlayerRef) -> str:
        if isinstance(ref, PlayerProfile):
            return ref.id
        profiles = self.repo.get_players()
        text = ref.strip()
        for p in profiles:
            if p.id == text:
                return p.id
        for p in profiles:
            if p.name.casefold() == text.casefold():
                return p.id
        raise UnknownPlayerError(Message.of("table.error.unknown_player_quoted", name=text))


def _profile(name: str, player_id: str | None = None) -> PlayerProfile:
    try:
        if player_id is None:
            return PlayerProfile(name=name)
        return PlayerProfile(id=player_id, name=name)
    except ValidationError:
        raise EveningError(Message.of("table.error.bad_name", name=name), code="bad-name") from None


def _unique_among(profile: PlayerProfile, others: Sequence[PlayerProfile]) -> None:
    for p in others:
        if p.name.casefold() == profile.name.casefold():
            raise PlayerListError(
                Message.of("table.error.player_exists", name=p.name),
                code="duplicate-name",
                name=p.name,
            )
