"""Many random complete hands, each checked cheaply (issue 13, "use the speed").

``test_properties.py`` checks a few hands per preset and table size in depth (``legal_plays``
against ``judge`` at sampled states, the transition at every step). Here the fast random play
(the compact state of ``companion.rules.compact``, which the public API uses for the rule
sets it covers) plays 160 hands per preset and table size where it can (against 9 there),
and each is checked from its actions alone, with card counts rather than a ``HandState`` per action:

- the deal is the whole pack;
- whoever acts still holds cards, and plays, gives or discards only cards held (so every
  card stays in a hand, on the table or discarded);
- the finishing order is a permutation of the players, the first out holds no card, and at
  most one player still does at the end;
- the same seed gives the same hand (on a sample).

That the compact state plays exactly as the step-based engine (the same actions drawn, the same
finishing order) is ``tests/rules/test_compact.py``'s differential test.

The rule sets the compact state does not cover are played by the step engine (3–8 ms a hand): they
get a few hands each here. ``pytest -m slow tests/rules/test_many_hands.py`` plays ten times
as many; ``COMPANION_MANY_HANDS=N`` sets the count per covered preset and table size.
"""

from __future__ import annotations

import os
import random
import zlib
from collections import Counter
from dataclasses import replace
from functools import cache
from itertools import chain

import pytest

from companion.rules.beating import forbidden_ranks
from companion.rules.cards import Card, Rank
from companion.rules.combos import order_for
from companion.rules.compact import covers
from companion.rules.presets import PRESETS
from companion.rules.simulate import SimulatedHand, default_players, full_deck, simulate
from tests.rules.test_properties import PAIRS

COVERED_HANDS = int(os.environ.get("COMPANION_MANY_HANDS", "160"))  # per preset and size
STEP_HANDS = 6  # per preset and size the compact state does not cover (3–8 ms a hand)
SLOW_FACTOR = 10
SAMPLE = 16  # one hand in SAMPLE is played twice


def _seeds(pid: str, players: int, count: int) -> list[int]:
    """Seeds drawn from the preset and table size: reproducible, different per pair."""
    rng = random.Random(zlib.crc32(f"{pid}/{players}".encode()))
    return [rng.getrandbits(32) for _ in range(count)]


def check_hand(pid: str, players: int, seed: int) -> SimulatedHand:
    """Play one random hand and check it (see the module docstring)."""
    hand = simulate(PRESETS[pid].rules, players, seed, pid)
    check_actions(hand, pid, players, seed)
    return hand


@cache
def _pack(pid: str, players: int) -> Counter[Card]:
    return Counter(full_deck(PRESETS[pid].rules, default_players(players)))


def check_actions(hand: SimulatedHand, pid: str, players: int, seed: int) -> None:
    """Check a hand from its deal, its actions and its finishing order, with card counts
    (plain dicts and loops: this runs for thousands of hands). Cards only ever leave a hand
    for the table or for another hand, each checked as held, so every card stays accounted
    for; the engine's own state is checked in depth by ``test_properties.py``."""
    where = f"preset={pid} players={players} seed={seed}"
    names = default_players(players)
    dealt = [cards or () for cards in hand.start.hands]
    assert all(cards is not None for cards in hand.start.hands), f"{where}: a hidden hand"
    assert Counter(chain.from_iterable(dealt)) == _pack(pid, players), f"{where}: deal != pack"
    held = {name: dict(Counter(cards)) for name, cards in zip(names, dealt, strict=True)}
    left = {name: len(cards) for name, cards in zip(names, dealt, strict=True)}
    for i, action in enumerate(hand.actions):
        mine = held[action.player]
        assert left[action.player] > 0, f"{where} step={i}: {action} by a player who is out"
        for card in action.play.cards:
            count = mine.get(card, 0)
            assert count > 0, f"{where} step={i}: {action} plays {card}, not held"
            mine[card] = count - 1
        left[action.player] -= len(action.play.cards)
        if action.effect == "give":
            target = action.target
            assert target in held and target != action.player, f"{where}: {action}"
            for card in action.play.cards:
                held[target][card] = held[target].get(card, 0) + 1
            left[target] += len(action.play.cards)
    order = hand.finishing_order
    assert sorted(order) == sorted(names), f"{where}: finishing order {order}"
    assert left[order[0]] == 0, f"{where}: the first out, {order[0]}, still holds cards"
    holding = [name for name, count in left.items() if count]
    if len(holding) > 1:
        # B12: the hand also ends when everyone left holds only cards he may not finish on.
        banned = _forbidden_ranks(pid, hand.final.revolution)
        kept = [card for name in holding for card, n in held[name].items() if n]
        assert kept and all(card.rank in banned for card in kept), (
            f"{where}: {holding} still hold cards at the end"
        )


def _forbidden_ranks(pid: str, revolution: bool) -> frozenset[Rank]:
    """B12: the ranks a player may not finish on under the preset, when that is refused."""
    rules = PRESETS[pid].rules
    if rules.forbidden_finish_penalty != "illegal":
        return frozenset()
    return forbidden_ranks(rules, revolution)


def _check_pair(pid: str, players: int, count: int) -> None:
    rules = PRESETS[pid].rules
    sets = covers(rules)  # the compact state plays sets: one natural rank, wild cards aside
    wild = order_for(rules, False).wild_ranks
    for n, seed in enumerate(_seeds(pid, players, count)):
        hand = check_hand(pid, players, seed)
        if sets:
            for action in hand.actions:
                ranks = {c.rank for c in action.play.cards if c.rank not in wild}
                assert len(ranks) <= 1, (pid, seed, action)
        if n % SAMPLE == 0:
            again = simulate(rules, players, seed, pid)
            assert again.actions == hand.actions, f"{pid}/{players}/{seed}: not reproducible"


@pytest.mark.parametrize(("pid", "players"), PAIRS)
def test_many_random_hands_keep_every_card(pid: str, players: int) -> None:
    """Every preset and table size: many random hands deal the pack, move only cards held,
    end with every card accounted for and a full finishing order."""
    count = COVERED_HANDS if covers(PRESETS[pid].rules) else STEP_HANDS
    _check_pair(pid, players, count)


@pytest.mark.slow
@pytest.mark.parametrize(("pid", "players"), PAIRS)
def test_many_random_hands_long(pid: str, players: int) -> None:
    """The same, ten times as many hands."""
    count = (COVERED_HANDS if covers(PRESETS[pid].rules) else STEP_HANDS) * SLOW_FACTOR
    _check_pair(pid, players, count)


def _finished_as(hand: SimulatedHand, order: tuple[str, ...]) -> SimulatedHand:
    """``hand`` with its final state saying the players finished in ``order``."""
    out = tuple(hand.start.players.index(name) for name in order)
    return SimulatedHand(hand.start, hand.actions, replace(hand.final, out=out, forfeits=()))


def test_the_check_sees_a_card_played_twice() -> None:
    """The check is not blind: a hand whose actions play a card twice is caught."""
    hand = check_hand("classique", 4, 7)
    first = next(a for a in hand.actions if a.play.cards)
    doctored = SimulatedHand(hand.start, (first, *hand.actions), hand.final)
    with pytest.raises(AssertionError, match=r"not held|who is out"):
        check_actions(doctored, "classique", 4, 7)


def test_the_check_sees_a_wrong_finishing_order() -> None:
    """…and a finishing order that names a player twice, or puts first a player who still
    holds cards."""
    hand = check_hand("pagat", 4, 11)
    order = hand.finishing_order
    twice = _finished_as(hand, (order[0], *order[:-1]))
    with pytest.raises(AssertionError, match="finishing order"):
        check_actions(twice, "pagat", 4, 11)
    last_first = _finished_as(hand, (order[-1], *order[:-1]))
    with pytest.raises(AssertionError, match="still holds cards"):
        check_actions(last_first, "pagat", 4, 11)


def test_the_check_sees_players_left_holding_cards_they_may_finish_on() -> None:
    """…and a hand stopped while two players still hold cards they could play out (only
    cards they may not finish on may be left, B12)."""
    hand = check_hand("pagat", 4, 11)
    first_out = hand.finishing_order[0]
    dealt = len(hand.start.hands[hand.start.players.index(first_out)] or ())
    played, end = 0, 0
    while played < dealt:  # up to the action that empties the first hand
        action = hand.actions[end]
        if action.player == first_out:
            played += len(action.play.cards)
        end += 1
    stopped = SimulatedHand(hand.start, hand.actions[:end], hand.final)
    with pytest.raises(AssertionError, match="still hold cards at the end"):
        check_actions(stopped, "pagat", 4, 11)
