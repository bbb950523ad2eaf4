"""Invariants that hold under any rules, checked under random combinations of every option
(issue 23): pairs of options that each work alone can break together (the Wizz's skip lost
under ``larger_sets=any_rank``), and two implementations held equal by a differential test
share a misreading. These checks share no code with the engine's decisions.

Each table is a preset with up to six options changed, drawn from every option's values
(``random_tables.OPTION_VALUES``); options that clash are dropped one by one until the rest
stand together. A random complete hand is played through the public API (``HandState.start``,
``legal_plays``, ``judge``, ``apply``), and at each state:

- every play ``legal_plays`` offers is judged legal, and a group of cards judged legal is
  offered;
- a play of the top's rank with as many cards or more skips one player, plus one per extra
  card, under ``equal_play=skips_next`` (B2);
- every ruling, legal or not, cites an option that exists, and reads in French, English and
  German;
- every card stays accounted for;
- every trick ends (no more passes in a row than twice the players), and the hand ends with a
  finishing order that is a permutation of the players.

The default run draws a few derandomized tables per invariant; the slow run plays at least
``COMPANION_COMBINATION_STATES`` states (default 100,000) under drawn tables:

    python -m pytest -m slow tests/rules/test_option_combinations.py -s
"""

from __future__ import annotations

import os
import random
from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass

import pytest
from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import strategies as st
from random_tables import OPTION_VALUES, card_groups, long_run, play_key

from companion.rules.cards import Card, Play
from companion.rules.codes import RuleCode
from companion.rules.errors import RuleSetError
from companion.rules.notation import Action
from companion.rules.presets import PRESETS
from companion.rules.referee import Ruling, judge, legal_plays
from companion.rules.ruleset import RuleSet, with_brought
from companion.rules.simulate import deal, default_players, full_deck, step_cap_for
from companion.rules.state import HandState
from companion.words import LANGS

COMBINATION_STATES = int(os.environ.get("COMPANION_COMBINATION_STATES", "100000"))
# About a hundred states per drawn table: 1,000 tables for the default 100,000.
SLOW_EXAMPLES = max(10, min(1000, COMBINATION_STATES // 100))
MAX_CHANGES = 6

FAST = settings(
    max_examples=15,
    derandomize=True,
    deadline=None,
    database=None,
    phases=(Phase.explicit, Phase.generate),
    suppress_health_check=[HealthCheck.too_slow],
)


@st.composite
def tables(draw: st.DrawFn) -> tuple[str, RuleSet, int]:
    """A preset with up to six options changed (what they bring included), the clashing ones
    dropped, and a table size the pack can deal."""
    pid = draw(st.sampled_from(sorted(PRESETS)))
    preset = PRESETS[pid]
    names = draw(
        st.lists(st.sampled_from(sorted(OPTION_VALUES)), max_size=MAX_CHANGES, unique=True)
    )
    rules = preset.rules
    for name in names:  # one by one: a change that clashes with those kept is dropped
        value = draw(st.sampled_from(OPTION_VALUES[name]))
        try:
            rules = rules.with_options(**with_brought({name: value}))
        except RuleSetError:
            continue
    players = draw(st.integers(preset.players[0], preset.players[1]))
    if len(full_deck(rules, players)) < players:  # too few cards (single deck, many players)
        players = preset.players[0]
    return pid, rules, players


@dataclass(frozen=True)
class Step:
    """One action of a random hand: the state it was taken in, and its ruling."""

    state: HandState
    action: Action
    ruling: Ruling


def walk(rules: RuleSet, players: int, seed: int) -> Iterator[Step]:
    """A random complete hand: at each state one of ``legal_plays``, drawn uniformly. Fails
    when nobody can act or the hand outlasts a generous bound."""
    rng = random.Random(seed)
    names = default_players(players)
    state = HandState.start(rules, names, leader=rng.choice(names), hands=deal(rules, names, rng))
    for _ in range(step_cap_for(rules, names)):
        if state.over:
            return
        offered = list(legal_plays(state))
        assert offered, f"nobody can act: {state}"
        action = rng.choice(offered)
        ruling = judge(state, action)
        yield Step(state, action, ruling)
        assert ruling.state is not None, f"{action} offered but refused: {ruling.en}"
        state = ruling.state
    raise AssertionError(f"the hand did not end within {step_cap_for(rules, names)} actions")


def _where(rules: RuleSet, players: int, seed: int) -> str:
    changed = {k: v for k, v in rules.model_dump().items() if v != RuleSet().model_dump()[k]}
    return f"players={players} seed={seed} rules={changed}"


@FAST
@given(table=tables(), seed=st.integers(0, 2**32 - 1))
def test_every_offered_play_is_legal_and_every_legal_group_is_offered(
    table: tuple[str, RuleSet, int], seed: int
) -> None:
    """``legal_plays`` and ``judge`` agree both ways: what is offered is judged legal, and a
    group of the player's cards judged legal is among what is offered."""
    _, rules, players = table
    rng = random.Random(seed ^ 0xC0DE)
    for step in walk(rules, players, seed):
        state = step.state
        name = state.next_player
        assert name is not None
        offered = list(legal_plays(state))
        for action in offered:
            ruling = judge(state, action)
            assert ruling.legal, f"{_where(rules, players, seed)}: {action} offered, {ruling.en}"
        if state.pending is not None:
            continue
        keys = {play_key(rules, a.play.cards) for a in offered if a.effect is None}
        hand = state.hands[state.index(name)] or ()
        for cards in card_groups(hand, rng):
            if judge(state, Action(name, Play(cards))).legal:
                assert play_key(rules, cards) in keys, (
                    f"{_where(rules, players, seed)}: {name}: {Play(cards)} judged legal, not "
                    f"offered ({', '.join(map(str, offered))})"
                )


@FAST
@given(table=tables(), seed=st.integers(0, 2**32 - 1))
def test_a_same_rank_play_skips_under_skips_next(
    table: tuple[str, RuleSet, int], seed: int
) -> None:
    """B2 `skips_next` (Wizz: « il « wizze » les 3e et 4e joueurs »): a play, in turn, of natural
    cards of the rank on the table, as many or more, skips one player plus one per extra card
    (at least: a card effect may skip more), unless it ends the trick, whatever else the rules
    say. Transparent cards (B7) take the rank they beat, ranked suits (B8) order cards of one
    rank, and a special high card (B6) ranks apart from its rank: they beat, they make no equal
    play; a high-and-low card (B4) may be played any time, whatever lies there. At each state
    every such group the player holds is asked."""
    _, rules, players = table
    if _may_skip(rules):
        rules = rules.with_options(equal_play="skips_next")
    for step in walk(rules, players, seed):
        state = step.state
        top, name = state.trick.top, state.next_player
        if (
            top is None
            or name is None
            or rules.equal_play != "skips_next"
            or rules.suits in ("ranked", "ranked_poker")
            or state.pending is not None
            or top.free
            or top.power_joker
            or state.trick.pending_close
        ):
            continue
        # The rank the table shows (a transparent card shows the rank it beat).
        under = top.combo.rank if top.combo.kind == "set" and top.combo.natural else None
        if (
            under is None
            or (rules.transparent is not None and int(under) == rules.transparent)
            or under is state.order.high_low_rank  # B4 high_and_low: anything may follow it
        ):
            continue
        same = [
            c
            for c in state.hands[state.index(name)] or ()
            if c.rank is under and not _ranks_apart(c, rules)
        ]
        # A set that beat more cards by its power stands for that many (B4, B6): count those.
        shown = top.combo.count
        for k in range(shown, len(same) + 1):
            action = Action(name, Play(tuple(same[:k])))
            ruling = judge(state, action)
            if not ruling.legal or ruling.info.cleared:
                continue
            assert ruling.info.skipped >= 1 + k - shown, (
                f"{_where(rules, players, seed)}: {action} on {Play(top.cards)} skipped "
                f"{ruling.info.skipped} ({ruling.en})"
            )


def _ranks_apart(card: Card, rules: RuleSet) -> bool:
    """B6 (PAGAT « le valet de carreau ou les trois noirs »): a card that ranks above the twos,
    apart from the other cards of its rank."""
    if rules.special_high_cards == "jack_of_diamonds":
        return str(card) == "J♦"
    if rules.special_high_cards == "black_threes":
        return str(card) in ("3♠", "3♣")
    return False


def _may_skip(rules: RuleSet) -> bool:
    try:
        rules.with_options(equal_play="skips_next")
    except RuleSetError:
        return False
    return True


@FAST
@given(table=tables(), seed=st.integers(0, 2**32 - 1))
def test_every_ruling_cites_an_option_and_reads_in_every_language(
    table: tuple[str, RuleSet, int], seed: int
) -> None:
    """Every ruling, on a legal play or on a refused one (another player's cards, a card not
    held, a pass), cites an option the rules have (or none), and has a sentence in each
    language of the app."""
    _, rules, players = table
    rng = random.Random(seed ^ 0x1A6)
    for step in walk(rules, players, seed):
        state = step.state
        asked = [step.ruling]
        others = [i for i in state.active if state.players[i] != state.next_player]
        if others:
            other = rng.choice(others)
            held = state.hands[other] or ()
            asked.append(judge(state, Action(state.players[other], Play(held[:1]))))
        asked.append(judge(state, Action(step.action.player)))
        for ruling in asked:
            assert ruling.option is None or ruling.option in RuleSet.model_fields, ruling.option
            texts = {lang: ruling.message(lang) for lang in LANGS}
            assert all(texts.values()), texts
            assert ruling.legal or ruling.code is not RuleCode.OK


@FAST
@given(table=tables(), seed=st.integers(0, 2**32 - 1))
def test_every_card_stays_accounted_for(table: tuple[str, RuleSet, int], seed: int) -> None:
    """Cards held + cards played + cards discarded is the pack, at every step."""
    _, rules, players = table
    pack: Counter[Card] | None = None
    played: Counter[Card] = Counter()
    last: HandState | None = None
    for step in walk(rules, players, seed):
        if pack is None:
            pack = Counter(c for h in step.state.hands for c in h or ())
        if step.action.effect is None or step.action.effect == "discard":
            played.update(step.action.play.cards)
        last = step.ruling.state
        assert last is not None
        held = Counter(c for h in last.hands for c in h or ())
        assert held + played == pack, f"{_where(rules, players, seed)}: after {step.action}"


@FAST
@given(table=tables(), seed=st.integers(0, 2**32 - 1))
def test_every_trick_ends_and_the_hand_ends_in_order(
    table: tuple[str, RuleSet, int], seed: int
) -> None:
    """A trick ends: never more passes in a row than twice the players while cards lie on the
    table; the hand ends, and its finishing order is a permutation of the players."""
    _, rules, players = table
    passes = 0
    final: HandState | None = None
    for step in walk(rules, players, seed):
        after = step.ruling.state
        assert after is not None
        if step.action.play.is_pass and after.trick.top is not None:
            passes += 1
            assert passes <= 2 * players, f"{_where(rules, players, seed)}: a trick never ends"
        else:
            passes = 0
        final = after
    assert final is not None and final.over
    assert sorted(final.finishing_order) == sorted(default_players(players))


STATES = [0]


@pytest.mark.slow
@long_run(SLOW_EXAMPLES)
@given(table=tables(), seed=st.integers(0, 2**32 - 1))
def test_many_combinations(table: tuple[str, RuleSet, int], seed: int) -> None:
    """The long run: every invariant above over ``COMPANION_COMBINATION_STATES`` states."""
    budget = -(-COMBINATION_STATES // SLOW_EXAMPLES)
    start = STATES[0]
    while STATES[0] - start < budget:
        for check in (
            test_every_offered_play_is_legal_and_every_legal_group_is_offered,
            test_a_same_rank_play_skips_under_skips_next,
            test_every_ruling_cites_an_option_and_reads_in_every_language,
            test_every_card_stays_accounted_for,
            test_every_trick_ends_and_the_hand_ends_in_order,
        ):
            check.hypothesis.inner_test(table, seed)  # type: ignore[attr-defined]
        _, rules, players = table
        STATES[0] += sum(1 for _ in walk(rules, players, seed))
        seed += 1


@pytest.mark.slow
def test_many_combinations_total() -> None:
    """Runs after the long run: reports how many states it checked."""
    print(f"\ncombination states checked: {STATES[0]:,}")
    assert STATES[0] >= COMBINATION_STATES
