"""A hand's state as one line of text, and back: ``state_text`` and ``parse_state``.

Four parts separated by `` | ``: the rules (the preset, then each option that differs from
it as ``NAME=VALUE``, as ``--set`` spells them), the players, their hands (``?`` for a hand
not known, ``-`` for an empty one) and the rest of the state as ``key=value`` words, only
those that differ from a fresh trick's (players by their index).

>>> from companion.rules.cards import parse_cards
>>> from companion.rules.presets import get_preset
>>> from companion.rules.state import HandState
>>> start = HandState.start(
...     get_preset("pagat").rules,
...     ["Léa", "Tom"],
...     hands={"Léa": parse_cards("5♠ 9♣"), "Tom": None},
...     preset="pagat",
... )
>>> state_text(start)
'pagat | Léa,Tom | 5♠ 9♣/? | turn=0 leader=0'
>>> parse_state(state_text(start)) == start
True
>>> state_text(parse_state("- equal_play=allowed | A,B | 5♠/K♦ | turn=1 leader=0 top=0:5♥"))
'- equal_play=allowed | A,B | 5♠/K♦ | turn=1 leader=0 top=0:5♥'
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable
from typing import Any, get_args

from companion.errors import CompanionError
from companion.rules.cards import Card, Rank, Suit, parse_cards
from companion.rules.combos import Combo, ComboError, classify, order_for
from companion.rules.errors import NotationError, RuleSetError
from companion.rules.presets import PRESETS
from companion.rules.ruleset import RuleSet, build_ruleset, parse_option
from companion.rules.state import EffectKind, HandState, Pending, Top, Trick
from companion.words import Message

__all__ = ["parse_state", "state_text"]

_PARTS = " | "
_SPECIAL = set(" |,/:%=;\n")  # escaped in a player's name
_RANKS = {r.symbol: r for r in Rank}
_SUITS = {s.value: s for s in Suit}
_KINDS: tuple[str, ...] = get_args(EffectKind)


def state_text(state: HandState) -> str:
    """``state`` in the notation ``parse_state`` reads."""
    hands = "/".join(_hand(h) for h in state.hands)
    return _PARTS.join(
        (
            _rules_text(state),
            ",".join(_escape(n) for n in state.players),
            hands,
            " ".join(_words(state)),
        )
    )


def parse_state(text: str) -> HandState:
    """The state ``state_text`` wrote (raises ``NotationError`` saying which part is wrong)."""
    parts = text.strip().split(_PARTS)
    if len(parts) != 4:
        raise _bad(text)
    rules_part, players_part, hands_part, rest = parts
    preset, rules = _read_rules(rules_part)
    players = tuple(_unescape(n) for n in players_part.split(","))
    hand_texts = hands_part.split("/")
    if len(hand_texts) != len(players) or len(set(players)) != len(players):
        raise _bad(players_part)
    hands = tuple(_read_hand(h) for h in hand_texts)
    words: dict[str, str] = {}
    for word in rest.split():
        key, sep, value = word.partition("=")
        if not sep or key in words:
            raise _bad(word)
        words[key] = value
    try:
        state = _state(preset, rules, players, hands, words)
    except NotationError:
        raise
    except (ValueError, KeyError, IndexError) as err:  # a word that is not what it says
        raise _bad(rest) from err
    if words:
        raise _bad(" ".join(f"{k}={v}" for k, v in words.items()))
    return state


# -- writing ---------------------------------------------------------------------------------


def _rules_text(state: HandState) -> str:
    base = PRESETS[state.preset].rules if state.preset in PRESETS else RuleSet()
    mine, theirs = state.rules.option_values(), base.option_values()
    changed = [f"{name}={_spell(mine[name])}" for name in mine if mine[name] != theirs[name]]
    return " ".join([state.preset or "-", *changed])


def _spell(value: Any) -> str:
    if isinstance(value, frozenset):
        return ",".join(sorted(map(str, value))) or "none"
    if value is None:
        return "none"
    return str(value).lower() if isinstance(value, bool) else str(value)


def _hand(hand: tuple[Card, ...] | None) -> str:
    if hand is None:
        return "?"
    return " ".join(map(str, hand)) or "-"


def _words(state: HandState) -> Iterable[str]:
    yield f"turn={'-' if state.turn is None else state.turn}"
    if state.ranks != tuple(range(len(state.players))):
        yield f"ranks={_ints(state.ranks)}"
    if state.direction != 1:
        yield f"direction={state.direction}"
    if state.revolution:
        yield "revolution=1"
    for key, value in (("out", state.out), ("forfeits", state.forfeits)):
        if value:
            yield f"{key}={_ints(value)}"
    if state.pending is not None:
        yield f"owes={_pending(state.pending)}"
    yield from _trick_words(state.rules, state.trick)


def _trick_words(rules: RuleSet, trick: Trick) -> Iterable[str]:
    if trick.leader is not None:
        yield f"leader={trick.leader}"
    top = trick.top
    if top is not None:
        yield f"top={top.player}:{','.join(map(str, top.cards))}"
        for key, on in (
            ("reversed", top.reversed),
            ("free", top.free),
            ("lower", top.lower_ok),
            ("power", top.power_joker),
        ):
            if on:
                yield f"{key}=1"
        if top.combo != _classified(rules, top.cards, top.reversed):
            yield f"combo={_combo(top.combo)}"
    for key, players in (
        ("passed", trick.passed),
        ("acted", trick.acted),
        ("overplayed", trick.overplayed),
        ("lead_passes", trick.lead_passes),
    ):
        if players:
            yield f"{key}={_ints(sorted(players))}"
    if trick.inverted:
        yield "inverted=1"
    if trick.pending_close:
        yield "close=1"
    if trick.run_rank is not None or trick.run_cards or trick.run_singles:
        rank = trick.run_rank.symbol if trick.run_rank is not None else "-"
        yield f"run={rank}:{trick.run_cards}:{trick.run_singles}"
    if trick.rule_of_four:
        yield "rof=1"
    if trick.plays:
        yield f"plays={trick.plays}"
    if trick.cleared_by:
        yield f"cleared={trick.cleared_by}"
    if trick.opening is not None:
        yield f"opening={trick.opening}"
    if trick.lock:
        yield f"lock={','.join(s.value for s in trick.lock)}"


def _classified(rules: RuleSet, cards: tuple[Card, ...], reversed_: bool) -> Combo | None:
    try:
        return classify(cards, order_for(rules, reversed_))
    except (ComboError, CompanionError):  # no combination, or a card's suit or colour missing
        return None


def _combo(combo: Combo) -> str:
    rank = combo.rank.symbol if combo.rank is not None else "-"
    key = ".".join(map(str, combo.key))
    flags = f"{int(combo.natural)}{int(combo.joker)}"
    return f"{combo.kind}:{combo.count}:{rank}:{key}:{combo.width}:{flags}"


def _pending(pending: Pending) -> str:
    owed: list[str] = []
    link: Pending | None = pending
    while link is not None:
        owed.append(f"{link.player}:{link.kind}:{link.count}:{int(link.optional)}")
        link = link.then
    return "+".join(owed)


def _ints(values: Iterable[int]) -> str:
    return ",".join(map(str, values))


def _escape(name: str) -> str:
    return "".join(f"%{ord(c):02X}" if c in _SPECIAL else c for c in name)


def _unescape(name: str) -> str:
    return re.sub(r"%([0-9A-F]{2})", lambda m: chr(int(m.group(1), 16)), name)


# -- reading ---------------------------------------------------------------------------------


def _bad(part: str) -> NotationError:
    return NotationError(Message.of("rules.notation.bad_state", part=part), token=part)


def _read_rules(text: str) -> tuple[str | None, RuleSet]:
    preset, *settings = text.split()
    if preset != "-" and preset not in PRESETS:
        raise _bad(preset)
    base = PRESETS[preset].rules if preset != "-" else RuleSet()
    values = base.option_values()
    try:
        for setting in settings:
            name, sep, raw = setting.partition("=")
            if not sep:
                raise _bad(setting)
            field, value = parse_option(name, raw)
            values[field] = value
        rules = build_ruleset(values)
    except RuleSetError as err:
        raise _bad(text) from err
    return (None if preset == "-" else preset), rules


def _read_hand(text: str) -> tuple[Card, ...] | None:
    if text == "?":
        return None
    return () if text == "-" else parse_cards(text)


def _ints_of(text: str) -> tuple[int, ...]:
    return tuple(int(v) for v in text.split(",")) if text else ()


def _state(
    preset: str | None,
    rules: RuleSet,
    players: tuple[str, ...],
    hands: tuple[tuple[Card, ...] | None, ...],
    words: dict[str, str],
) -> HandState:
    n = len(players)

    def player(text: str | int) -> int:
        i = int(text)
        if not 0 <= i < n:
            raise IndexError(i)
        return i

    def players_of(key: str) -> tuple[int, ...]:
        return tuple(player(v) for v in _ints_of(words.pop(key, "")))

    turn_text = words.pop("turn")
    ranks = players_of("ranks") or tuple(range(n))
    if sorted(ranks) != list(range(n)):
        raise ValueError(ranks)
    state = HandState(
        rules,
        players,
        ranks,
        hands,
        None if turn_text == "-" else player(turn_text),
        int(words.pop("direction", "1")),
        words.pop("revolution", "0") == "1",
        _read_trick(rules, words, player, players_of),
        players_of("out"),
        players_of("forfeits"),
        _read_pending(words.pop("owes", ""), player),
        preset,
    )
    if state.direction not in (1, -1):
        raise ValueError(state.direction)
    return state


def _read_trick(
    rules: RuleSet,
    words: dict[str, str],
    player: Callable[[str | int], int],
    players_of: Callable[[str], tuple[int, ...]],
) -> Trick:
    leader = words.pop("leader", None)
    top = None
    if "top" in words:
        who, _, cards_text = words.pop("top").partition(":")
        cards = parse_cards(cards_text.replace(",", " "))
        flags = {key: words.pop(key, "0") == "1" for key in ("reversed", "free", "lower", "power")}
        combo_text = words.pop("combo", None)
        combo = (
            _read_combo(combo_text)
            if combo_text is not None
            else _classified(rules, cards, flags["reversed"])
        )
        if combo is None:
            raise ValueError(cards_text)
        top = Top(
            player(who),
            cards,
            combo,
            flags["reversed"],
            flags["free"],
            flags["lower"],
            flags["power"],
        )
    run_rank, run_cards, run_singles = None, 0, 0
    if "run" in words:
        rank, cards_n, singles = words.pop("run").split(":")
        run_rank = None if rank == "-" else _RANKS[rank]
        run_cards, run_singles = int(cards_n), int(singles)
    opening = words.pop("opening", None)
    lock = words.pop("lock", "")
    return Trick(
        None if leader is None else player(leader),
        top,
        frozenset(players_of("passed")),
        frozenset(players_of("acted")),
        frozenset(players_of("overplayed")),
        words.pop("inverted", "0") == "1",
        words.pop("close", "0") == "1",
        run_rank,
        run_cards,
        run_singles,
        words.pop("rof", "0") == "1",
        frozenset(players_of("lead_passes")),
        int(words.pop("plays", "0")),
        words.pop("cleared", ""),
        Card.parse(opening) if opening is not None else None,
        tuple(_SUITS[s] for s in lock.split(",")) if lock else (),
    )


def _read_combo(text: str) -> Combo:
    kind, count, rank, key, width, flags = text.split(":")
    if len(flags) != 2 or set(flags) - {"0", "1"}:
        raise ValueError(flags)
    return Combo(
        kind,
        int(count),
        None if rank == "-" else _RANKS[rank],
        tuple(int(k) for k in key.split(".")),
        int(width),
        flags[0] == "1",
        flags[1] == "1",
    )


def _read_pending(text: str, player: Callable[[str | int], int]) -> Pending | None:
    pending: Pending | None = None
    for owed in reversed(text.split("+") if text else []):
        who, kind, count, optional = owed.split(":")
        if kind not in _KINDS:
            raise ValueError(kind)
        pending = Pending(player(who), kind, int(count), optional == "1", pending)  # type: ignore[arg-type]
    return pending
