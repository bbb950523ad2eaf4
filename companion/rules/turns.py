"""Moving the turn on after an action: who acts next (skips, passes that are final, one-round
tricks), when a trick is won and the next one starts, when the hand is over.
"""

from __future__ import annotations

from dataclasses import replace

from companion.rules.state import HandState, Trick, lead_after_out


def finish_stuck(state: HandState, who: int) -> HandState:
    n = len(state.players)
    rest = [(who + state.direction * k) % n for k in range(n)]
    out = (*state.out, *(p for p in rest if state.is_active(p)))
    return replace(state, out=out, turn=None, pending=None, trick=Trick())


def finish_if_over(state: HandState) -> HandState | None:
    if len(state.players) - len(state.out) - len(state.forfeits) > 1:
        return None  # out and forfeits never share a player
    active = state.active
    if len(active) > 1:
        return None
    out = (*state.out, *active)
    return replace(
        state, out=out, turn=None, pending=None, trick=replace(state.trick, pending_close=False)
    )


def move_on(state: HandState, who: int, skip: int, trick: Trick | None = None) -> HandState:
    """Move the turn on after an action by ``who``, ending the trick when it is over.
    ``trick``, when given, replaces ``state.trick`` (one new state instead of two)."""
    if trick is None:
        trick = state.trick
    top = trick.top
    assert top is not None
    one_round = state.rules.trick_rounds == "one_round"
    # B2/B13 skips: the next players with cards lose their turn (not their place in the
    # trick); when the skips come round to the player who played, he plays again.
    i = who
    skipped: set[int] = set()
    again = False
    while skip > 0:
        nxt = next_eligible(state, i, trick)
        if nxt is None:
            break
        if nxt == top.player:
            again = True
            break
        skipped.add(nxt)
        i = nxt
        skip -= 1
    if skipped and one_round:
        trick = replace(trick, acted=trick.acted | skipped)
    active = state.active
    if one_round:
        acted = trick.acted
        done = len(acted) >= len(active) and all(p in acted for p in active)
    else:
        passed = trick.passed
        done = len(passed) >= len(active) - 1 and all(
            p in passed for p in active if p != top.player
        )
    if done:
        return _trick_won(state, trick)
    if again:
        return moved(state, top.player, trick)
    nxt = next_eligible(state, i, trick)
    return _trick_won(state, trick) if nxt is None else moved(state, nxt, trick)


def next_eligible(state: HandState, i: int, trick: Trick | None = None) -> int | None:
    """The next player after ``i`` in turn who may still act in this trick: he holds cards,
    has not forfeited, has not passed for good (``pass_is_final``) and, in a one-round trick,
    has not acted yet. ``trick`` defaults to the state's."""
    n = len(state.players)
    if trick is None:
        trick = state.trick
    rules = state.rules
    barred = trick.passed if rules.pass_is_final else frozenset()
    if rules.trick_rounds == "one_round":
        barred = barred | trick.acted
    out, forfeits, direction = state.out, state.forfeits, state.direction
    for _ in range(n):
        i = (i + direction) % n
        if i not in out and i not in forfeits and i not in barred:
            return i
    return None


def _trick_won(state: HandState, trick: Trick | None = None) -> HandState:
    if trick is None:
        trick = state.trick
    top = trick.top
    assert top is not None
    winner = top.player
    if (
        state.rules.self_overplay == "once"
        and state.rules.trick_rounds == "until_all_pass"
        and state.is_active(winner)
    ):
        return moved(state, winner, replace(trick, pending_close=True))
    return start_trick(state, winner)


def start_trick(state: HandState, winner: int, cleared_by: str = "") -> HandState:
    """The next trick, led by ``winner`` (or who follows him once he is out); ``cleared_by``:
    the option that ended the last one at once, cited when someone plays before the lead."""
    leader = winner if state.is_active(winner) else lead_after_out(state, winner)
    return moved(state, leader, Trick(leader=leader, cleared_by=cleared_by))


def moved(state: HandState, turn: int | None, trick: Trick) -> HandState:
    """``state`` with another turn and trick: one constructor call, not a chain of
    ``replace``; the card order carries over when the trick keeps its orientation."""
    new = HandState(
        state.rules,
        state.players,
        state.ranks,
        state.hands,
        turn,
        state.direction,
        state.revolution,
        trick,
        state.out,
        state.forfeits,
        state.pending,
        state.preset,
    )
    if state._order is not None and trick.inverted == state.trick.inverted:
        object.__setattr__(new, "_order", state._order)
    return new
