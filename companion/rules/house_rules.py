"""The Daifugō tables' house rules (section H): what each does to a ruling and which engine
plays it, in one table that the transition, the citation, the compact state and the docs read.

>>> sorted(r.name for r in HOUSE_RULES if r.clears)
['eight_stop', 'quad_stop', 'spade_three', 'top_stop']
>>> from companion.rules.ruleset import RuleSet
>>> step_engine_only(RuleSet()), step_engine_only(RuleSet(shibari=True))
(False, True)
"""

from __future__ import annotations

from dataclasses import dataclass

from companion.rules.ruleset import RuleSet


@dataclass(frozen=True)
class HouseRule:
    """One option of section H.

    ``effect``: it acts once a play is allowed (the ruling cites it, but it is not what lets
    the play through); ``clears``: it ends the trick at once; ``compact``: the compact state
    plays it (otherwise only the step engine does; the card H5 and H6 owe is given or
    discarded on the step engine); ``open_points``: how many messages
    ``option.open.<name>.<n>`` (domain ``options``) say what its source leaves open and what
    we decided (docs/options.md lists them)."""

    name: str
    open_points: int
    effect: bool = False
    clears: bool = False
    compact: bool = False

    def on(self, rules: RuleSet) -> bool:
        """Whether ``rules`` switch this house rule on (a flag, or a rank chosen)."""
        return getattr(rules, self.name) not in (False, None)


HOUSE_RULES: tuple[HouseRule, ...] = (
    HouseRule("eight_stop", 1, effect=True, clears=True, compact=True),
    HouseRule("jack_back", 2, effect=True, compact=True),
    HouseRule("spade_three", 1, clears=True),  # what lets the 3♠ beat the joker
    HouseRule("five_skip", 1, effect=True, compact=True),
    HouseRule("seven_pass", 1, compact=True),  # the card owed is the ruling's news
    HouseRule("ten_discard", 1, compact=True),
    HouseRule("opening_card_played", 1, compact=True),
    HouseRule("shibari", 3, effect=True),
    HouseRule("quad_stop", 2, effect=True, clears=True, compact=True),
    HouseRule("top_stop", 2, effect=True, clears=True, compact=True),
    HouseRule("reverse_rank", 2, effect=True, compact=True),
)

# A legal play that sets one of these off still rests on what let it through.
EFFECT_OPTIONS = frozenset(r.name for r in HOUSE_RULES if r.effect)
# The house rules that end a trick at once, cited by the ruling on the play that does.
CLEARING = frozenset(r.name for r in HOUSE_RULES if r.clears)
HOUSE_OPEN_POINTS: dict[str, int] = {r.name: r.open_points for r in HOUSE_RULES}


def step_engine_only(rules: RuleSet) -> bool:
    """Whether ``rules`` switch on a house rule the compact state leaves to the step engine."""
    return any(r.on(rules) for r in HOUSE_RULES if not r.compact)
