"""The referee's rule codes: why an action is refused (``ok`` when it is legal).

The values are a contract: ``companion judge`` prints them in its JSON ``code``, and scripts
compare against them. Add codes, never rename or drop one.

==================== ==========================================================================
``not-your-turn``    another player must act now
``trick-over``       the trick has ended; its winner (or his successor) leads
``already-passed``   P3: a pass barred this player until the trick ends
``already-out``      the player has no cards left
``hand-over``        the hand is finished
``lead-cannot-pass`` the player who leads must play
``must-play``        P2: a pass while holding a card that beats
``not-in-hand``      the player does not hold these cards (only when his hand is known)
``not-in-deck``      D1–D3: the pack holds no such cards (a joker without jokers, five 7s…)
``not-a-set``        B1/B11: the cards form no combination
``too-many-cards``   B11a: more cards in a set than the rules allow (« de une à quatre »)
``single-cards-only`` P7: one card at a time
``wild-alone``       D6a: wild cards may not be played on their own
``count-mismatch``   B1/B3: not the number of cards the play to beat requires
``too-low``          B1: not higher than the play to beat
``equal-forbidden``  B2: same rank as the play to beat
``wrong-combination`` B11: another kind of combination (run vs set, poker hand)
``wrong-suit``       B8: a single card is beaten only in its own suit
``joker-unbeatable`` B5: only a higher joker (or a four of a kind) beats a lone joker
``rule-of-four``     B10: after an equal play the same rank must follow
``forbidden-finish`` B12: going out on a forbidden card
``self-overplay-used`` P4: a player plays on his own cards only once
``effect-pending``   B13: a card must first be given or discarded
``no-effect-due``    B13: no card is owed
``wrong-effect``     B13: giving when a discard is owed, or the reverse
``one-card-only``    B13: one card is given or discarded
``target-needed``    B13: say to whom the card goes
``wrong-target``     B13: that player may not receive the card
``too-many-given``   H5/H6: more cards given or discarded than the 7s or 10s played
``opening-card``     H7: the hand's opening play must hold the card that named its leader
``suit-locked``      H8: the trick is locked to the suits played twice in a row
``joker-not-wild``   D6: a joker is played as a named rank only where jokers are wild
==================== ==========================================================================
"""

from __future__ import annotations

from enum import StrEnum


class RuleCode(StrEnum):
    """A ruling's code; its value is the string ``companion judge`` prints."""

    OK = "ok"
    NOT_YOUR_TURN = "not-your-turn"
    TRICK_OVER = "trick-over"
    ALREADY_PASSED = "already-passed"
    ALREADY_OUT = "already-out"
    HAND_OVER = "hand-over"
    LEAD_CANNOT_PASS = "lead-cannot-pass"
    MUST_PLAY = "must-play"
    NOT_IN_HAND = "not-in-hand"
    NOT_IN_DECK = "not-in-deck"
    NOT_A_SET = "not-a-set"
    TOO_MANY_CARDS = "too-many-cards"
    SINGLE_CARDS_ONLY = "single-cards-only"
    WILD_ALONE = "wild-alone"
    COUNT_MISMATCH = "count-mismatch"
    TOO_LOW = "too-low"
    EQUAL_FORBIDDEN = "equal-forbidden"
    WRONG_COMBINATION = "wrong-combination"
    WRONG_SUIT = "wrong-suit"
    JOKER_UNBEATABLE = "joker-unbeatable"
    RULE_OF_FOUR = "rule-of-four"
    FORBIDDEN_FINISH = "forbidden-finish"
    SELF_OVERPLAY_USED = "self-overplay-used"
    EFFECT_PENDING = "effect-pending"
    NO_EFFECT_DUE = "no-effect-due"
    WRONG_EFFECT = "wrong-effect"
    ONE_CARD_ONLY = "one-card-only"
    TARGET_NEEDED = "target-needed"
    WRONG_TARGET = "wrong-target"
    TOO_MANY_GIVEN = "too-many-given"
    OPENING_CARD = "opening-card"
    SUIT_LOCKED = "suit-locked"
    JOKER_NOT_WILD = "joker-not-wild"


# The option a refusal cites when the transition named none more precise.
CODE_OPTION: dict[RuleCode, str] = {
    RuleCode.ALREADY_PASSED: "pass_is_final",
    RuleCode.TRICK_OVER: "trick_rounds",
    RuleCode.MUST_PLAY: "must_beat",
    RuleCode.SINGLE_CARDS_ONLY: "single_cards_only",
    RuleCode.WILD_ALONE: "wild_alone",
    RuleCode.COUNT_MISMATCH: "larger_sets",
    RuleCode.TOO_LOW: "rank_order",
    RuleCode.EQUAL_FORBIDDEN: "equal_play",
    RuleCode.WRONG_COMBINATION: "combinations",
    RuleCode.NOT_A_SET: "combinations",
    RuleCode.TOO_MANY_CARDS: "max_set",
    RuleCode.WRONG_SUIT: "suits",
    RuleCode.JOKER_UNBEATABLE: "joker_power",
    RuleCode.RULE_OF_FOUR: "rule_of_four",
    RuleCode.FORBIDDEN_FINISH: "forbidden_finish",
    RuleCode.SELF_OVERPLAY_USED: "self_overplay",
    RuleCode.OPENING_CARD: "opening_card_played",
    RuleCode.SUIT_LOCKED: "shibari",
    RuleCode.JOKER_NOT_WILD: "wild_cards",
}
