"""Property-based tests of the rules engine (issue 2, section 7).

Under every preset and every player count the preset allows, random complete hands (every
action drawn uniformly from ``legal_plays``, see ``companion.rules.simulate``):

- always end, with a full finishing order (a permutation of the players: one Président first,
  one last);
- account for every card at every step: cards in hands + cards played + cards discarded ==
  the pack, as multisets;
- have ``legal_plays`` agree with ``judge``: every action it yields is judged legal, and a
  random group of the acting player's cards (or a pass) that is not among the legal plays is
  judged illegal with a documented code (compared as multisets of cards; as multisets of ranks
  when the rule set makes suits irrelevant, since ``legal_plays`` then yields one
  representative per rank and size);
- are reproduced exactly by ``replay(start, actions)``.

Parsing never raises anything but the documented ``CompanionError`` subclasses (all
``ValueError``) on arbitrary text.

The default run keeps a few derandomized examples per (preset, player count), so CI is
reproducible; ``pytest -m slow tests/rules/test_properties.py`` runs many more.
"""

from __future__ import annotations

import random
import re
from collections import Counter

import pytest
from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import strategies as st
from random_tables import card_groups, play_key

from companion.errors import CompanionError
from companion.rules import codes, explanations
from companion.rules.cards import Card, Play, make_deck
from companion.rules.errors import RuleSetError
from companion.rules.notation import Action
from companion.rules.presets import PRESETS, get_preset, ruleset_from
from companion.rules.referee import apply, judge, legal_plays, replay
from companion.rules.ruleset import RuleSet
from companion.rules.simulate import HandDidNotEnd, deal, default_players, full_deck, simulate
from companion.rules.state import HandState

# Every code the referee documents (the table in companion/rules/codes.py's docstring).
DOCUMENTED_CODES = frozenset(re.findall(r"^``([a-z-]+)``", codes.__doc__ or "", re.M))
ILLEGAL_CODES = DOCUMENTED_CODES - {"ok"}

PAIRS = [(pid, n) for pid, p in PRESETS.items() for n in range(p.players[0], p.players[1] + 1)]

# Share of states where the default run cross-checks legal_plays against judge (the long run
# checks every state; tests/rules/test_fast_moves.py holds legal_plays to its reference).
JUDGED_SHARE = 0.1
# Share of hands the default run also replays with ``replay`` (the long run replays all).
REPLAYED_SHARE = 0.25
SEEDS = st.integers(min_value=0, max_value=2**32 - 1)
# A smaller seed is not a simpler hand: no shrinking, the failing seed is reported as drawn.
NO_SHRINK = (Phase.explicit, Phase.reuse, Phase.generate)
FAST = settings(
    max_examples=9,
    derandomize=True,
    deadline=None,
    database=None,
    phases=NO_SHRINK,
    suppress_health_check=[HealthCheck.too_slow],
)
SLOW = settings(
    max_examples=60,
    deadline=None,
    database=None,
    phases=NO_SHRINK,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)


def test_documented_codes_are_read():
    """The codes read from the table in ``codes.py``'s docstring include the usual illegal ones, and
    each illegal code has an explanation sentence."""
    assert {"not-your-turn", "too-low", "count-mismatch", "must-play"} <= ILLEGAL_CODES
    assert set(explanations.SENTENCES) >= ILLEGAL_CODES


# --- helpers --------------------------------------------------------------------------------


def _accounted(state: HandState, played: Counter, discarded: Counter, pack: Counter) -> None:
    held: Counter = Counter()
    for hand in state.hands:
        assert hand is not None, "a simulated hand never hides a card"
        held.update(hand)
    total = held + played + discarded
    assert total == pack, f"cards lost {dict(pack - total)} / appeared {dict(total - pack)}"


def _conserved(before: HandState, after: HandState, action: Action) -> None:
    """One action moves only its own cards: the hands it changed hold, between them, what
    they held before less the cards played or discarded (a given card changes hands). With
    the pack checked at the start, every card stays accounted for at every step."""
    changed = [
        i
        for i, (old, new) in enumerate(zip(before.hands, after.hands, strict=True))
        if old is not new
    ]
    old: Counter = Counter()
    new: Counter = Counter()
    for i in changed:
        was, now = before.hands[i], after.hands[i]
        assert was is not None and now is not None, "a simulated hand never hides a card"
        old.update(was)
        new.update(now)
    gone = Counter(action.play.cards) if action.effect != "give" else Counter()
    assert new + gone == old, (
        f"{action}: cards lost {dict(old - new - gone)} / appeared {dict(new + gone - old)}"
    )


# --- an oracle sharing no code with the engine -----------------------------------------------

# The codes the referee gives when the cards form no combination at all (whatever the table).
SHAPE_CODES = frozenset({"not-a-set", "single-cards-only", "wild-alone", "too-many-cards"})

# Each rank order written out from VARIANTS.md (B1), weakest first.
PLAIN_ORDERS = {
    "two_high": "3 4 5 6 7 8 9 10 J Q K A 2",
    "ace_high": "2 3 4 5 6 7 8 9 10 J Q K A",
    "seven_high": "8 9 10 J Q K A 7",
    "three_high": "7 8 9 10 J Q K A 2 3",
}
PLAIN_WILD = {"joker": "JK", "2": "2", "3": "3"}


PLAIN_SYMBOLS = {**{n: str(n) for n in range(2, 11)}, 11: "J", 12: "Q", 13: "K", 14: "A", 15: "JK"}


def _symbol(card: Card) -> str:
    return PLAIN_SYMBOLS[int(card.rank)]


def _oracle_shape(rules: RuleSet, cards: tuple[Card, ...]) -> bool | None:
    """Do these cards form a combination at all? Written from the seeds alone, sharing no
    code with ``companion.rules.combos`` (None: no opinion, for shapes it does not model).

    - TDC Armix (P7): « une carte à la fois »: one card only.
    - Sets (all seeds): cards of one rank, wild cards (D6) standing for it; wild cards alone
      only where B5 allows it; at most ``max_set`` cards (B11a: « de une à quatre cartes »).
    - Zheng Shangyou runs (B11, PAGAT): at least three consecutive single ranks or two
      consecutive groups of one width, never a joker nor the top rank.
    - Poker hands and the coup d'État (S8) are left to the seed tests.
    """
    n = len(cards)
    if n == 0:
        return None
    if rules.single_cards_only and n > 1:
        return False
    if rules.coup_detat and n in (5, 6):
        return None
    wild = {PLAIN_WILD[w] for w in rules.wild_cards}
    ranks = {_symbol(c) for c in cards if _symbol(c) not in wild}
    if len(ranks) <= 1:
        if not ranks and rules.wild_alone == "forbidden":
            return False
        return rules.max_set is None or n <= rules.max_set
    if rules.combinations == "poker":
        return None if n == 5 else False
    if rules.combinations != "sets_and_runs":
        return False
    if rules.revolution != "off" or rules.special_high_cards == "jokers_jacks_twos" or wild:
        return None  # a reversed or reshuffled order: not modelled here
    order = PLAIN_ORDERS[rules.rank_order].split()
    counts = Counter(_symbol(c) for c in cards)
    if "JK" in counts or order[-1] in counts or len(set(counts.values())) != 1:
        return False
    width = next(iter(counts.values()))
    places = sorted(order.index(r) for r in counts)
    consecutive = places == list(range(places[0], places[0] + len(places)))
    return consecutive and len(places) >= (3 if width == 1 else 2)


def _check_shape(rules: RuleSet, cards: tuple[Card, ...], code: str, where: str) -> None:
    """The referee's verdict on the cards' shape agrees with the oracle above."""
    expected = _oracle_shape(rules, cards)
    if expected is None:
        return
    names = " ".join(map(str, cards))
    if expected:
        assert code not in SHAPE_CODES, f"{where}: {names} is a combination, judged {code}"
    else:
        assert code in SHAPE_CODES, f"{where}: {names} is no combination, judged {code}"


def _check_state(state: HandState, rng: random.Random, where: str) -> None:
    """legal_plays agrees with judge at this state."""
    rules = state.rules
    name = state.next_player
    assert name is not None, f"{where}: the hand is not over but nobody must act"
    who = state.index(name)
    assert state.is_active(who), f"{where}: {name} must act but has gone out"
    legal = list(legal_plays(state))
    assert legal, f"{where}: no legal action for {name}"
    exact = [(a.effect, a.target, frozenset(Counter(a.play.cards).items())) for a in legal]
    assert len(set(exact)) == len(exact), f"{where}: legal_plays yields a play twice"
    for action in legal:
        ruling = judge(state, action)
        assert ruling.legal and ruling.code == "ok", (
            f"{where}: legal_plays yields {action} but judge says {ruling.code}: {ruling.en}"
        )
        if action.effect is None:
            _check_shape(rules, action.play.cards, ruling.code, where)
        assert ruling.state == apply(state, action)
    if state.pending is not None:  # a card effect is owed: any play is refused
        hand = state.hands[who] or ()
        ruling = judge(state, Action(name, Play(hand[:1])))
        assert not ruling.legal and ruling.code == "effect-pending"
        return
    legal_keys = {play_key(rules, a.play.cards) for a in legal if a.effect is None}
    hand = state.hands[who] or ()
    for cards in card_groups(hand, rng):
        if play_key(rules, cards) in legal_keys:
            continue
        action = Action(name, Play(cards))
        ruling = judge(state, action)
        assert not ruling.legal, (
            f"{where}: judge accepts {action} ({ruling.en}) but legal_plays does not yield it "
            f"(legal: {', '.join(map(str, legal))})"
        )
        assert ruling.code in ILLEGAL_CODES, f"{where}: undocumented code {ruling.code!r}"
        assert ruling.en and ruling.fr
        _check_shape(rules, cards, ruling.code, where)
    # someone else acting now is refused (no preset allows speed play)
    others = [i for i in state.active if i != who]
    if others and not rules.speed_play:
        other = rng.choice(others)
        cards = (rng.choice(state.hands[other]),) if rng.random() < 0.7 else ()
        ruling = judge(state, Action(state.players[other], Play(cards)))
        assert not ruling.legal and ruling.code in ILLEGAL_CODES, (
            f"{where}: {state.players[other]} may act out of turn ({ruling.code})"
        )


def check_random_hand(pid: str, players: int, seed: int, *, every_state: bool = True) -> None:
    """Play one random complete hand and check every property at every step."""
    preset = PRESETS[pid]
    where = f"preset={pid} players={players} seed={seed}"
    hand = simulate(preset.rules, players, seed, pid)  # raises if it never ends / gets stuck
    rng = random.Random(seed ^ 0x5EED)
    names = default_players(players)
    pack = Counter(full_deck(preset.rules, names))
    assert Counter(c for h in hand.start.hands for c in h) == pack  # type: ignore[union-attr]
    played: Counter = Counter()
    discarded: Counter = Counter()
    state = hand.start
    for i, action in enumerate(hand.actions):
        if every_state or rng.random() < JUDGED_SHARE:
            _check_state(state, rng, f"{where} step={i}")
        after = apply(state, action)
        _conserved(state, after, action)
        state = after
        if action.effect is None:
            played.update(action.play.cards)
        elif action.effect == "discard":
            discarded.update(action.play.cards)
    _accounted(state, played, discarded, pack)

    # The state the checks built (not ``hand.final``: a hand played on the fast path would
    # replay its actions once more to build it) ends as the hand did.
    final = state
    assert final.finishing_order == hand.finishing_order
    assert final.over and final.next_player is None and final.pending is None
    order = final.finishing_order
    assert sorted(order) == sorted(names) and len(order) == players, (
        f"{where}: finishing order {order} is not a permutation of {names}"
    )
    assert not set(final.out) & set(final.forfeits)
    assert order[0] == names[final.out[0]]  # the Président: first out on a legal card
    assert list(legal_plays(final)) == []
    assert judge(final, Action(names[0])).code == "hand-over"
    if every_state or rng.random() < REPLAYED_SHARE:  # replay is this loop's apply, again
        assert replay(hand.start, list(hand.actions)) == final, f"{where}: replay differs"


# --- random complete hands ------------------------------------------------------------------


@pytest.mark.parametrize(("pid", "players"), PAIRS)
@FAST
@given(seed=SEEDS)
def test_random_hands(pid: str, players: int, seed: int) -> None:
    """Every preset, every player count it allows: random complete hands end with a full
    finishing order, every card accounted for, legal_plays agreeing with judge (at a tenth
    of the states, drawn at random), and replay reproducing the final state (in a quarter of
    the hands)."""
    check_random_hand(pid, players, seed, every_state=False)


@pytest.mark.slow
@pytest.mark.parametrize(("pid", "players"), PAIRS)
@SLOW
@given(seed=SEEDS)
def test_random_hands_long(pid: str, players: int, seed: int) -> None:
    """The same, every player count, every state checked, many more hands."""
    check_random_hand(pid, players, seed, every_state=True)


@pytest.mark.parametrize("pid", list(PRESETS))
def test_deal_uses_the_whole_pack(pid: str) -> None:
    """Under every preset and player count, the deal gives out the whole pack, each card once, and
    no hand has more than one card more than another."""
    preset = PRESETS[pid]
    for n in range(preset.players[0], preset.players[1] + 1):
        hands = deal(preset.rules, n, random.Random(n))
        sizes = sorted(len(h) for h in hands.values())
        assert sizes[-1] - sizes[0] <= 1
        pack = make_deck(preset.rules.deck, preset.rules.deck_count(n), preset.rules.joker_count(n))
        assert Counter(c for h in hands.values() for c in h) == Counter(pack)


def test_forbidden_last_cards_do_not_block_the_hand():
    """WIKI: « Il est interdit pour un joueur de finir par la carte « deux » » — but a player
    left with only 2s who must lead must still be able to act (or be declared Trou du cul par
    défaut), or the hand can never end (regression: ``simulate(rules, 7, 7, "trou-du-cul")``
    and ``simulate(rules, 3, 9, "wizz")`` raised NoLegalAction before commit 483d3e0)."""
    preset = get_preset("trou-du-cul")
    state = HandState.start(
        preset.rules,
        ["A", "B", "C"],
        leader="A",
        preset="trou-du-cul",
        hands={"A": (Card.parse("2♦"),), "B": (Card.parse("5♠"),), "C": (Card.parse("6♠"),)},
    )
    assert not state.over
    assert list(legal_plays(state)), "A must lead but no action is legal: the hand is stuck"


def test_legal_plays_offers_each_wild_card():
    """PAGAT, Hűbéres: « Jokers, Twos et Threes Wild ». A lone 2 and a lone 3 are both wild
    and both legal leads: legal_plays must offer each, not only the first wild card held
    (regression: found by test_random_hands, hubere, before commit 97add5f)."""
    state = HandState.start(
        PRESETS["hubere"].rules,
        ["A", "B", "C", "D"],
        leader="A",
        preset="hubere",
        hands={"A": tuple(map(Card.parse, ("3♦", "2♥", "5♠")))},
    )
    offered = {str(a.play) for a in legal_plays(state)}
    for play in ("3♦", "2♥", "5♠ 2♥", "5♠ 3♦"):
        assert judge(state, Action.parse(f"A: {play}")).legal
    missing = {"3♦", "2♥", "5♠ 2♥", "5♠ 3♦"} - offered
    assert not missing, f"legal_plays misses {sorted(missing)} (offers {sorted(offered)})"


def test_a_hand_that_does_not_end_names_preset_and_seed():
    """A simulated hand still going at its step cap raises ``HandDidNotEnd`` naming the preset and
    the seed, so that it can be replayed."""
    rules = PRESETS["pagat"].rules
    with pytest.raises(HandDidNotEnd, match=r"preset=pagat, seed=12"):
        simulate(rules, 4, 12, "pagat", step_cap=5)


# --- parsing never raises anything but CompanionError ---------------------------------------

NOTATION = st.lists(
    st.sampled_from(
        [
            *"0123456789TJVQDKRAjkrbBsShHdDcC♠♥♦♣♤♡♢♧ ,:\t\n-=",
            "10",
            "JK",
            "JKR",
            "JKB",
            "pass",
            "passe",
            "give",
            "donne",
            "to",
            "à",
            "discard",
            "défausse",
            "Léa",
            "Tom",
            "\ufe0f",
            "ß",
            "İ",
            "²",
            "\u212a",
        ]
    ),
    max_size=20,
).map("".join)
TEXT = st.one_of(st.text(max_size=40), NOTATION)
OPTION_VALUES = st.one_of(
    st.sampled_from(
        [
            "true",
            "false",
            "oui",
            "non",
            "none",
            "0",
            "1",
            "2",
            "3",
            "4",
            "-1",
            "auto",
            "52",
            "32",
            "30",
            "40",
            "joker",
            "jk",
            "2,3",
            "A",
            "a,joker",
            "two_high",
            "ace_high",
            "beat_all",
            "rank",
            "once",
            "quad",
            "poker",
            "strutz",
            "angevin",
            "illegal",
            "last_place",
            " ",
            "",
            "²",
            "--1",
            "-0",
            "١",
        ]
    ),
    st.text(max_size=12),
)
OPTION_NAMES = st.one_of(
    st.sampled_from(sorted(RuleSet.model_fields)),
    st.sampled_from(["jokers", "rank-order", "equal-play", "Jokers"]),
    st.text(max_size=10),
)
PARSE_SETTINGS = settings(max_examples=300, derandomize=True, deadline=None, database=None)


def _only_companion_errors(fn, *args):
    try:
        return fn(*args)
    except CompanionError as err:
        assert isinstance(err, ValueError)
        assert err.code and err.fr and err.en
        return None


@PARSE_SETTINGS
@given(TEXT)
def test_card_parse(text: str) -> None:
    """On any text, ``Card.parse`` raises nothing but a ``CompanionError`` (a ``ValueError`` with a
    code and French and English messages), and a card it reads writes back to an equal card."""
    card = _only_companion_errors(Card.parse, text)
    if card is not None:
        assert Card.parse(str(card)) == card


@PARSE_SETTINGS
@given(TEXT)
def test_play_parse(text: str) -> None:
    """On any text, ``Play.parse`` raises nothing but a ``CompanionError`` (a ``ValueError`` with a
    code and French and English messages), and a play it reads writes back to an equal play."""
    play = _only_companion_errors(Play.parse, text)
    if play is not None:
        assert Play.parse(str(play)) == play


@PARSE_SETTINGS
@given(TEXT)
def test_action_parse(text: str) -> None:
    """On any text, ``Action.parse`` raises nothing but a ``CompanionError`` (a ``ValueError`` with
    a code and French and English messages), and an action it reads writes back to an equal
    action."""
    action = _only_companion_errors(Action.parse, text)
    if action is not None:
        assert Action.parse(str(action)) == action


@PARSE_SETTINGS
@given(
    st.one_of(TEXT, st.sampled_from(list(PRESETS))),
    st.lists(
        st.one_of(TEXT, st.builds(lambda n, v: f"{n}={v}", OPTION_NAMES, OPTION_VALUES)), max_size=3
    ),
)
def test_ruleset_from(preset: str, settings_: list[str]) -> None:
    """On any preset name and ``NAME=VALUE`` settings, ``ruleset_from`` returns a ``RuleSet`` or
    raises a ``CompanionError`` (a ``ValueError`` with a code and French and English messages),
    nothing else."""
    rules = _only_companion_errors(ruleset_from, preset, settings_)
    if rules is not None:
        assert isinstance(rules, RuleSet)


@pytest.mark.parametrize(
    "text",
    ["jokers=²", "jokers=--1", "jokers=" + "9" * 5000],
    ids=["superscript-two", "double-minus", "5000-digits"],
)
def test_ruleset_from_numeric_oddities(text: str) -> None:
    """Digit-like text that int() refuses must still be a RuleSetError, not a bare
    ValueError (regression: ``str.isdigit`` accepts '²', and int() refuses 5000 digits)."""
    with pytest.raises(RuleSetError) as caught:
        ruleset_from("pagat", [text])
    assert caught.value.code == "bad-rules"
    assert "jokers" in caught.value.en and "jokers" in caught.value.fr


@pytest.mark.slow
@settings(max_examples=5000, deadline=None, database=None)
@given(TEXT, TEXT, TEXT)
def test_parsing_long(a: str, b: str, c: str) -> None:
    """Parsing a card, a play, an action or a rule setting raises nothing but a ``CompanionError``,
    on many more texts."""
    _only_companion_errors(Card.parse, a)
    _only_companion_errors(Play.parse, b)
    _only_companion_errors(Action.parse, c)
    _only_companion_errors(ruleset_from, "pagat", [f"{a}={b}"])
