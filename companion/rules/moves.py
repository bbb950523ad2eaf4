"""The legal actions of the player to act: a fast generator and the reference it must equal.

``reference_legal_plays`` tries the full transition on every candidate play, so it agrees
with ``judge`` by construction. ``legal_plays`` gives the same actions in the same order from
rank counts and combination keys (``hand.quick_codes``), and falls back to the reference
wherever that does not cover the state or a candidate. A differential test holds the two
equal on every preset and on random option combinations.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import replace
from itertools import combinations

from companion.rules.candidates import suit_sensitive
from companion.rules.cards import Card, Play
from companion.rules.codes import RuleCode
from companion.rules.fast_path import fast_legal
from companion.rules.hand import is_legal, quick_codes, reference_codes, step
from companion.rules.notation import Action
from companion.rules.state import Codes, HandState

__all__ = ["fast_path_covers", "legal_plays", "pass_code", "reference_legal_plays"]


def legal_plays(
    state: HandState, hand: tuple[Card, ...] | None = None, player: str | None = None
) -> Iterator[Action]:
    """Every action ``judge`` accepts for ``player`` (default: whoever must act) holding
    ``hand`` (default: his known hand): distinct plays, a pass if allowed, or the card
    effects owed."""
    if hand is None and player is None:
        fast = fast_legal(state)  # the compact state, where it covers the rules
        if fast is not None:
            return iter(fast)
    return _legal_plays(state, hand, player)


def _legal_plays(
    state: HandState, hand: tuple[Card, ...] | None, player: str | None
) -> Iterator[Action]:
    found = _setup(state, hand, player)
    if found is None:
        return
    state, who, name, held = found
    if state.pending is not None:
        yield from _effect_actions(state, name, held)
        return
    codes = quick_codes(state, who, held)
    if codes is None:
        yield from _reference(state, name, held)
        return
    for cards, code in codes:
        if code is RuleCode.OK:
            yield Action(name, Play(cards))
    if pass_code(state, codes) is RuleCode.OK:
        yield Action(name)


def reference_legal_plays(
    state: HandState, hand: tuple[Card, ...] | None = None, player: str | None = None
) -> Iterator[Action]:
    """``legal_plays`` by trying the full transition on every candidate (the reference)."""
    found = _setup(state, hand, player)
    if found is None:
        return
    state, _, name, held = found
    if state.pending is not None:
        yield from _effect_actions(state, name, held)
        return
    yield from _reference(state, name, held)


def pass_code(state: HandState, codes: Codes) -> RuleCode:
    """What the transition says to a pass by the player to act, given his candidates' codes
    from ``quick_codes`` (so the state is one it covers)."""
    top = state.trick.top
    if state.trick.pending_close:  # P4: the top player gathers the trick
        return RuleCode.OK
    can_beat = any(code is RuleCode.OK for _, code in codes)
    if top is None:  # the leader passes only when he holds nothing he may play (B12)
        return RuleCode.LEAD_CANNOT_PASS if can_beat else RuleCode.OK
    if state.rules.must_beat and not top.free and can_beat:
        return RuleCode.MUST_PLAY
    return RuleCode.OK


def fast_path_covers(state: HandState) -> bool:
    """Whether ``legal_plays`` works out the player to act's plays without the reference."""
    name = state.next_player
    if name is None or state.pending is not None:
        return False
    who = state.players.index(name)
    held = state.hands[who]
    return held is not None and quick_codes(state, who, held) is not None


def _setup(
    state: HandState, hand: tuple[Card, ...] | None, player: str | None
) -> tuple[HandState, int, str, tuple[Card, ...]] | None:
    name = player or state.next_player
    if name is None:
        return None
    who = state.players.index(name)
    held = hand if hand is not None else state.hands[who]
    if held is None:
        raise ValueError(f"{name}'s hand is not known")
    if hand is not None and state.hands[who] != hand:
        state = replace(state, hands=(*state.hands[:who], hand, *state.hands[who + 1 :]))
    return state, who, name, held


def _reference(state: HandState, name: str, held: tuple[Card, ...]) -> Iterator[Action]:
    who = state.players.index(name)
    for cards, code in reference_codes(state, who, held):
        if code is RuleCode.OK:
            yield Action(name, Play(cards))
    action = Action(name)
    if is_legal(state, action)[0] is RuleCode.OK:
        yield action


def _effect_actions(state: HandState, name: str, held: tuple[Card, ...]) -> Iterator[Action]:
    """Each distinct group of cards (one card for B13, up to the count owed for H5/H6) given to
    each player, or discarded, that the transition accepts; and the pass that gives nothing,
    where giving is optional (H5/H6 "or none")."""
    assert state.pending is not None
    targets: list[str | None] = [p for p in state.players if p != name]
    targets.append(None)
    for cards in _groups(state, held, state.pending.count):
        for target in targets:
            action = Action(name, Play(cards), "give", target)
            if step(state, action)[0] is RuleCode.OK:
                yield action
        action = Action(name, Play(cards), "discard")
        if step(state, action)[0] is RuleCode.OK:
            yield action
    if state.pending.optional:
        yield Action(name)


def _groups(state: HandState, held: tuple[Card, ...], most: int) -> Iterator[tuple[Card, ...]]:
    """The distinct groups of 1 to ``most`` held cards: each card for B13's one card; for the
    house rules' several, one group per multiset of ranks where suits never matter (which 5
    is given changes nothing the referee rules, and four 7s from a long hand would otherwise
    be thousands of groups)."""
    assert state.pending is not None
    same_suit_free = state.pending.optional and not suit_sensitive(state.rules)
    seen: set[tuple[object, ...]] = set()
    for size in range(1, min(most, len(held)) + 1):
        for cards in combinations(held, size):
            key = tuple(sorted(str(c.rank if same_suit_free else c) for c in cards))
            if key not in seen:
                seen.add(key)
                yield cards
