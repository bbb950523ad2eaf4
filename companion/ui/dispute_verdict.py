"""The dispute screen's rulings: the play tapped in judged after the actions on the table, the
options the verdict hangs on, why a legal play is allowed, and a legal play joining the table.

The rulings come from :mod:`companion.rules.dispute`, the same path as ``companion judge``:
this module adds no rule of its own.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Self

from companion.errors import CompanionError
from companion.rules.cards import Play
from companion.rules.dispute import Dispute
from companion.rules.notation import Action
from companion.rules.referee import Ruling, judge
from companion.rules.state import HandState
from companion.ui.dispute_table import DisputeTable, card_of, option_name, rules_for
from companion.ui.dispute_views import Cite, Notice, OptionLine, RulingView, Said, Why


@dataclass(frozen=True)
class DisputeReferee(DisputeTable):
    """The table and the referee's rulings on the play tapped in."""

    # --- the referee ---------------------------------------------------------------------------
    def _action(self) -> Action | None:
        if not self.passing and not self.tray:
            return None
        return Action(self.current_actor, self.play())

    def judge(self) -> Self:
        """Rule on the play tapped in, after the actions on the table. The play stays in the
        tray (to judge again under a changed option), but the next card tapped starts a new
        play instead of joining it."""
        judged = self._judge()
        return replace(judged, judged=True) if judged.ruling is not None else judged

    def _judge(self) -> Self:
        action = self._action()
        if action is None:
            return replace(self, ruling=None, notice=Notice("dispute.pick_cards"))
        broken = self.broken
        if broken is not None:  # what follows a play the rules refuse cannot be ruled on
            return replace(
                self,
                ruling=None,
                notice=Notice("dispute.broken", broken.words, (("action", str(broken.action)),)),
            )
        try:
            # With nothing on the table yet, the player who plays first is the one who leads.
            ruling = self._dispute(action).ruling()
        except CompanionError as err:
            return replace(self, ruling=None, notice=Notice("dispute.error", Said(err.message)))
        cites = self._cites(ruling)
        view = replace(
            _view(ruling, action, cites, _before(self.state(), ruling)),
            system=self.preset,
            why=self._why(ruling, cites),
        )
        return replace(self, ruling=view, notice=None)

    def _dispute(self, play: Action) -> Dispute:
        return Dispute(
            self.rules,
            list(self.players),
            play,
            history=list(self.history),
            revolution=self.revolution,
            preset=self.preset,
            first_hand=self.first_hand,
        )

    def _cites(self, ruling: Ruling) -> tuple[Cite, ...]:
        """The option the referee names, then each option this table changed (the evening or
        here) that the verdict hangs on: put back as it was, the ruling would differ."""
        lines = {line.name: line for line in self.option_lines()}
        named = ruling.option
        names = [named] if named in lines else []
        for line in lines.values():
            if (
                line.origin != "preset"
                and line.name not in names
                and self._verdict_without(line, ruling.action)
                not in (None, (ruling.legal, ruling.code))
            ):
                names.append(line.name)
        return tuple(Cite(n, lines[n].value, lines[n].origin, lines[n].before) for n in names)

    def _why(self, ruling: Ruling, cites: tuple[Cite, ...]) -> Why | None:
        """A legal play: why the rules allow it."""
        if not ruling.legal:
            return None
        kind, player, play = ruling.info.kind, ruling.action.player, ruling.action.play
        cite = cites[0] if cites else None
        if cite is not None and ruling.permission != cite.name:
            # An effect the play set off (8-giri) is cited; the play got through by another.
            lines = {line.name: line for line in self.option_lines()}
            allowing = lines.get(ruling.permission or "")
            cite = (
                Cite(allowing.name, allowing.value, allowing.origin, allowing.before)
                if allowing is not None
                else None
            )
        if kind == "lead":
            return Why("lead", player, play)
        if cite is None:
            return None
        if kind == "beat" and cite.name == "equal_play":
            return Why("equal", player, play, cite=cite)
        if kind == "beat":
            top = self.state().trick.top
            return Why("beat", player, play, Play(top.cards) if top is not None else None, cite)
        if kind == "pass":
            return Why("pass_forced" if self.rules.must_beat else "pass", player, play, cite=cite)
        return None

    def _verdict_without(self, line: OptionLine, action: Action) -> tuple[bool, str] | None:
        """The verdict with ``line``'s option as it was before; None when the rules or the
        table would not hold that way."""
        settings = (
            *(s for s in self.settings if option_name(s) != line.name),
            f"{line.name}={line.before}",
        )
        try:
            ruling = Dispute(
                rules_for(self.preset, settings),
                list(self.players),
                action,
                history=list(self.history),
                revolution=self.revolution,
                preset=self.preset,
                first_hand=self.first_hand,
            ).ruling()
        except CompanionError:
            return None
        return ruling.legal, ruling.code

    def add_to_table(self) -> Self:
        """Record the play tapped in as already played (it must be legal to be replayed)."""
        judged = self.judge()
        if judged.ruling is None:
            return judged
        if not judged.ruling.legal:  # out of turn, it says who acts first
            reason = Said(judged.ruling.refusal)
            return replace(judged, ruling=None, notice=Notice("dispute.not_legal_history", reason))
        return judged.accept()

    def accept(self) -> Self:
        """Follow the trick: the legal play just judged joins the table."""
        if self.ruling is None or not self.ruling.legal:
            return self
        played = tuple(str(c) for c in self.ruling.action.play.cards)
        if self.suits_needed(played):  # later rulings may hang on it: the table needs suits
            return replace(self, ruling=None, notice=Notice("picker.suit_needed"))
        return replace(
            self,
            hand=self._hand_after(self.ruling.action),
            history=(*self.history, self.ruling.action),
            actor=None,
            tray=(),
            passing=False,
            ruling=None,
            notice=None,
        )

    def pass_before(self) -> Self:
        """A play out of turn: the players who had to act first passed. Their passes join the
        table and the play is judged again, in its turn now."""
        if self.ruling is None or not self.ruling.before:
            return self
        passes = tuple(Action(name, Play()) for name in self.ruling.before)
        actor = self.ruling.actor
        return replace(
            self, history=(*self.history, *passes), actor=actor, ruling=None, notice=None
        ).judge()

    def _hand_after(self, action: Action) -> tuple[str, ...]:
        """The hand tapped in, less the cards its owner just played."""
        if action.player != self.hand_owner:
            return self.hand
        held = [card_of(c) for c in self.hand]
        for card in action.play.cards:
            spot = next((i for i, h in enumerate(held) if h.matches(card) or card.matches(h)), None)
            if spot is not None:
                held.pop(spot)
        return tuple(str(c) for c in held)

    def close_ruling(self) -> Self:
        return replace(self, ruling=None)


def _before(state: HandState, ruling: Ruling) -> tuple[str, ...]:
    """For a play out of turn: the players who must act first, found by letting each of them
    pass in turn until the actor's turn comes (empty if it never does in this trick)."""
    if ruling.code != "not-your-turn":
        return ()
    actor, names = ruling.action.player, list[str]()
    for _ in range(2 * len(state.players)):
        player = state.next_player
        if player is None:
            return ()
        if player == actor:
            return tuple(names)
        passed = judge(state, Action(player, Play()))
        if not passed.legal or passed.state is None:
            return ()
        names.append(player)
        state = passed.state
    return ()


def _view(
    ruling: Ruling, action: Action, cites: tuple[Cite, ...], before: tuple[str, ...]
) -> RulingView:
    after = ruling.state
    return RulingView(
        action=action,
        legal=ruling.legal,
        code=ruling.code,
        ruling=ruling,
        next_player=ruling.next_player,
        to_beat=None if ruling.to_beat is None else str(ruling.to_beat),
        over=after is not None and after.over,
        cites=cites,
        before=before,
    )
