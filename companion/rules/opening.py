"""The card that names who leads a hand, where a card does (P5/P5a), and H7: that card must
be part of the hand's opening play.

>>> from companion.rules.presets import get_preset
>>> str(opening_card(get_preset("daifugo").rules, "three_of_diamonds"))
'3♦'
>>> str(opening_card(get_preset("pagat").rules, "lowest_card"))
'3♣'
"""

from __future__ import annotations

from companion.rules.cards import SUITS, Card, Rank, Suit
from companion.rules.combos import order_for
from companion.rules.ruleset import RuleSet


def lowest_card(rules: RuleSet) -> Card:
    """PAGAT: "le joueur détenant une carte spécifique du rang le plus bas mène. Généralement,
    ce sera un trois, par exemple le 3♣, mais dans les variantes où les trois sont sauvages,
    ce sera un quatre"."""
    order = order_for(rules, False)
    for rank in order.natural_ranks:
        if rank not in order.wild_ranks and rank != rules.transparent:
            return Card(rank, SUITS[-1])
    return Card(order.natural_ranks[0], SUITS[-1])


def opening_card(rules: RuleSet, lead_rule: str) -> Card | None:
    """The card whose holder leads under ``lead_rule`` (a value of ``first_lead`` or
    ``first_hand_lead``); None where a seat or a title leads."""
    if lead_rule == "lowest_card":
        return lowest_card(rules)
    if lead_rule == "three_of_diamonds":  # SKNY: "3 of diamonds start"
        return Card(Rank.THREE, Suit.DIAMONDS)
    if lead_rule == "queen_of_hearts":
        return Card(Rank.QUEEN, Suit.HEARTS)
    return None


def required_opening(rules: RuleSet, first_hand: bool) -> Card | None:
    """H7: the card the hand's opening play must hold, when the rules say so: the card that
    named the leader, on the evening's first hand (``first_hand_lead``) or a later one
    (``first_lead``)."""
    if not rules.opening_card_played:
        return None
    return opening_card(rules, rules.first_hand_lead if first_hand else rules.first_lead)
