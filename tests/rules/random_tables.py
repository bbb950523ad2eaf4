"""Random tables and plays for the property tests: option values read from ``RuleSet``'s
types, a preset with a few options changed, and groups of a hand's cards to ask the referee
about (``test_fast_moves``, ``test_compact``, ``test_properties``,
``test_option_combinations``)."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Iterable
from typing import Any, Literal, get_args, get_origin

from hypothesis import HealthCheck, Phase, assume, settings
from hypothesis import strategies as st

from companion.rules.cards import Card
from companion.rules.combos import order_for
from companion.rules.errors import RuleSetError
from companion.rules.presets import PRESETS
from companion.rules.ruleset import RuleSet


def choices(annotation: Any) -> list[Any]:
    """The values an option may take, read from its type (Literal, bool, frozenset)."""
    if annotation is bool:
        return [False, True]
    if get_origin(annotation) is Literal:
        return list(get_args(annotation))
    if get_origin(annotation) is frozenset:
        (inner,) = get_args(annotation)
        names = list(get_args(inner))
        return [frozenset(n for i, n in enumerate(names) if mask >> i & 1) for mask in range(16)]
    return []


# Every option with a finite set of values; jokers and the deck count get their own values.
OPTION_VALUES: dict[str, list[Any]] = {
    name: values
    for name, field in RuleSet.model_fields.items()
    if (values := choices(field.annotation))
}
OPTION_VALUES["jokers"] = [0, 1, 2]
OPTION_VALUES["decks"] = [1, 2]  # two decks: sets of five to eight cards
OPTION_VALUES["max_set"] = [None, 1, 2, 3, 4]


def draw_table(
    draw: st.DrawFn, keep: Callable[[RuleSet], object]
) -> tuple[str | None, RuleSet, int]:
    """A preset, or a preset with up to five options changed, that ``keep`` accepts, and a
    table size."""
    pid = draw(st.sampled_from(sorted(PRESETS)))
    preset = PRESETS[pid]
    rules = preset.rules
    names = draw(st.lists(st.sampled_from(sorted(OPTION_VALUES)), max_size=5, unique=True))
    if names:
        changes = {n: draw(st.sampled_from(OPTION_VALUES[n])) for n in names}
        try:
            rules = rules.with_options(**changes)
        except RuleSetError:
            rules = preset.rules  # options that clash: the preset itself
    assume(keep(rules))
    players = draw(st.integers(preset.players[0], preset.players[1]))
    return (pid if rules is preset.rules else None), rules, players


def suits_matter(rules: RuleSet) -> bool:
    """When suits can change a ruling; otherwise natural cards of one rank are
    interchangeable and legal_plays yields one representative per rank and size (jokers
    still differ by colour where D5 ranks them)."""
    return (
        rules.suits != "ignored"
        or rules.special_high_cards in ("black_threes", "jack_of_diamonds")
        or rules.combinations == "poker"
        or rules.spade_three  # H3: the 3♠ is not any 3
        or rules.shibari  # H8: a suit may lock the trick
    )


def play_key(rules: RuleSet, cards: Iterable[Card]) -> frozenset:
    cards = list(cards)
    wild = order_for(rules, False).wild_ranks
    if not suits_matter(rules):
        colours = rules.joker_order != "equal"  # D5: each joker by its colour
        return frozenset(
            Counter(
                c if colours and c.is_joker and c.rank not in wild else c.rank for c in cards
            ).items()
        )
    # Even when suits matter, a wild card counts only by its rank, and so does every card of
    # a Zheng Shangyou run (runs compare by length and top rank): legal_plays yields one
    # representative of those.
    ranks = {c.rank for c in cards if c.rank not in wild}
    run = rules.combinations == "sets_and_runs" and len(ranks) > 1
    return frozenset(Counter(c.rank if (run or c.rank in wild) else c for c in cards).items())


def card_groups(hand: tuple[Card, ...], rng: random.Random) -> list[tuple[Card, ...]]:
    """A pass, random groups of any cards, and random groups of one rank (the likely plays)."""
    out: list[tuple[Card, ...]] = [()]
    for _ in range(3):
        k = rng.randint(1, min(len(hand), 5))
        out.append(tuple(rng.sample(hand, k)))
    by_rank: dict = {}
    for c in hand:
        by_rank.setdefault(c.rank, []).append(c)
    for _ in range(3):
        group = by_rank[rng.choice(list(by_rank))]
        pick = rng.sample(group, rng.randint(1, len(group)))
        others = [c for c in hand if c not in pick]
        if others and rng.random() < 0.3:  # sometimes with a stray (or wild) card
            pick.append(rng.choice(others))
        out.append(tuple(pick))
    return out


def sample_run(examples: int) -> settings:
    """Hypothesis settings of the default run: the same ``examples`` tables every time
    (derandomized), no time limit, nothing kept between runs."""
    return settings(
        max_examples=examples,
        derandomize=True,
        deadline=None,
        database=None,
        phases=(Phase.explicit, Phase.generate),
        suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much],
    )


def long_run(examples: int) -> settings:
    """Hypothesis settings of a slow run: ``examples`` tables drawn afresh, no time limit, no
    shrinking (a smaller seed is not a simpler hand), nothing kept between runs."""
    return settings(
        max_examples=examples,
        deadline=None,
        database=None,
        phases=(Phase.generate,),
        suppress_health_check=list(HealthCheck),
    )
