"""The single transition function every ruling comes from.

``step(state, action)`` returns ``(code, new_state, info)``: ``code`` is ``RuleCode.OK`` or the
reason the action is refused (``companion.rules.codes``), ``new_state`` is None when refused.
``is_legal(state, action)`` judges without building the next state (move generation). The
referee (``companion.rules.referee``) wraps both in rulings; ``legal_plays`` filters candidates
through them, so the two can never disagree.

The state it moves is ``companion.rules.state``; what beats what is ``companion.rules.beating``,
what a legal play then does ``companion.rules.play_effects``, and moving the turn on
``companion.rules.turns``.
"""

from __future__ import annotations

from dataclasses import replace

from companion.rules.beating import (
    Effect,
    beats,
    forbidden_finish,
    is_equal_play,
    is_high_low,
    is_lone_two,
    joker_unbeatable,
    nothing_above_two,
)
from companion.rules.candidates import candidate_plays
from companion.rules.card_words import CardText
from companion.rules.cards import Card, JokerColour, Play, Rank
from companion.rules.codes import RuleCode
from companion.rules.combos import (
    COUP_KINDS,
    JokerChoiceError,
    classify,
    combo_or_code,
    order_for,
)
from companion.rules.errors import NotationError, SuitNeededError
from companion.rules.fast_codes import codes_by_rank
from companion.rules.notation import Action
from companion.rules.play_effects import apply_play
from companion.rules.state import (
    Codes,
    HandState,
    StepInfo,
    Top,
    Trick,
    lead_after_out,
    neighbour,
    not_in_pack,
)
from companion.rules.suit_lock import fits, open_lock, stand_ins
from companion.rules.turns import (
    finish_if_over,
    finish_stuck,
    move_on,
    moved,
    next_eligible,
    start_trick,
)
from companion.words import Fixed, Message

Outcome = tuple[RuleCode, HandState | None, StepInfo]
_CODES = {code.value: code for code in RuleCode}  # a dict lookup, not the enum's call


def step(state: HandState, action: Action) -> Outcome:
    """Judge and perform ``action``: ``(RuleCode.OK, next_state, info)`` when it is legal,
    ``(code, None, info)`` with the reason when it is not."""
    return _judge(state, action, True)


def is_legal(state: HandState, action: Action) -> tuple[RuleCode, StepInfo]:
    """Judge ``action`` without building the next state (move generation): the code ``step``
    would return, and what it found."""
    code, _, info = _judge(state, action, False)
    return code, info


def _judge(state: HandState, action: Action, build: bool) -> Outcome:
    """The one transition: with ``build`` False a legal play or pass stops once judged.

    A play that writes ``JK`` where the joker order matters (D5) is judged with each joker:
    when both give the same code, that is the ruling (with the lower joker on the table, the
    higher one may still come); when they differ, JokerChoiceError names both outcomes."""
    try:
        return _judge_as_written(state, action, build)
    except JokerChoiceError as err:
        outcomes = _with_each_joker(state, action, build)
        if outcomes is None:
            raise
        if len(outcomes) == 1:  # his known hand holds one colour: that is the joker
            return outcomes[0][1]
        (low, low_outcome), (high, high_outcome) = outcomes
        if low_outcome[0] == high_outcome[0]:
            return _as_written(low_outcome, low, action)
        codes = low_outcome[0].value, high_outcome[0].value
        question = err.words if err.words is not None else Fixed(str(err))
        raise JokerChoiceError(
            Message.of(
                "rules.joker_outcomes",
                question=question,
                low=str(low.play),
                low_code=codes[0],
                high=str(high.play),
                high_code=codes[1],
            ),
            outcomes=outcomes,
        ) from None


JokerOutcomes = tuple[tuple["Action", Outcome], ...]


def _with_each_joker(state: HandState, action: Action, build: bool) -> JokerOutcomes | None:
    """The action judged as (the lower joker, the higher joker) — or as the one colour his
    known hand holds — when it holds exactly one joker written without its colour; None
    otherwise (the error stands)."""
    vague = [i for i, c in enumerate(action.play.cards) if c.is_joker and c.colour is None]
    if len(vague) != 1 or action.effect is not None:
        return None
    high = JokerColour.COLOURED if state.rules.joker_order == "coloured_high" else JokerColour.BLACK
    low = JokerColour.BLACK if high is JokerColour.COLOURED else JokerColour.COLOURED
    colours = [low, high]
    held = (
        state.hands[state.players.index(action.player)] if action.player in state.players else None
    )
    if held is not None:
        colours = [c for c in colours if any(h.is_joker and h.colour is c for h in held)] or colours
    judged = []
    for colour in colours:
        cards = list(action.play.cards)
        cards[vague[0]] = Card(Rank.JOKER, None, colour)
        exact = replace(action, play=Play(tuple(cards)))
        judged.append((exact, _judge_as_written(state, exact, build)))
    return tuple(judged)


def _as_written(outcome: Outcome, exact: Action, written: Action) -> Outcome:
    """The outcome with the play shown as written (``JK``, not the joker it was judged as)."""
    code, after, info = outcome
    top = after.trick.top if after is not None else None
    if after is None or top is None or top.cards != exact.play.cards:
        return outcome
    shown = replace(top, cards=written.play.cards)
    return code, replace(after, trick=replace(after.trick, top=shown)), info


def _judge_as_written(state: HandState, action: Action, build: bool) -> Outcome:
    info = StepInfo()
    if action.player not in state.players:
        raise NotationError(
            Message.of(
                "rules.notation.unknown_player",
                player=action.player,
                players=", ".join(state.players),
            ),
            token=action.player,
        )
    who = state.players.index(action.player)
    if state.over:
        return RuleCode.HAND_OVER, None, info
    if not state.is_active(who):
        return RuleCode.ALREADY_OUT, None, info
    pending = state.pending
    if pending is not None:
        declines = action.effect is None and action.play.is_pass  # H5/H6: "or none"
        if pending.optional and who == pending.player and declines:
            info.kind = "decline"
            info.blocker = pending.option
            return RuleCode.OK, replace(state, pending=pending.then), info
        if action.effect is None or who != pending.player:
            info.blocker = pending.option
            return RuleCode.EFFECT_PENDING, None, info
        return _effect(state, who, action, info)
    if action.effect is not None:
        info.blocker = "card_effects"
        return RuleCode.NO_EFFECT_DUE, None, info
    if action.play.is_pass:
        return _pass(state, who, info, build)
    return _play(state, who, action.play.cards, info, build)


def _pass(state: HandState, who: int, info: StepInfo, build: bool) -> Outcome:
    trick = state.trick
    if who != state.turn:
        return _wrong_turn(state, who, info)
    if trick.top is None:
        if state.hands[who] is None or _can_beat(state, who):
            return RuleCode.LEAD_CANNOT_PASS, None, info
        # B12: holding only cards he may not finish on, the leader cannot play at all: he
        # hands the lead on and stays in (he will finish last). If nobody can lead, the hand
        # ends with those players in the order they sit.
        info.kind = "stuck"
        info.blocker = "forbidden_finish"
        stuck = trick.lead_passes | {who}
        if all(p in stuck for p in state.active):
            return RuleCode.OK, finish_stuck(state, who), info
        nxt = next_eligible(state, who)
        assert nxt is not None
        return (
            RuleCode.OK,
            moved(state, nxt, Trick(leader=nxt, lead_passes=stuck)),
            info,
        )
    if trick.pending_close and who == trick.top.player:
        info.kind = "gather"
        return RuleCode.OK, start_trick(state, who), info
    if (
        state.rules.must_beat
        and state.hands[who] is not None
        and not trick.top.free
        and _can_beat(state, who)
    ):
        return RuleCode.MUST_PLAY, None, info
    info.kind = "pass"
    if not build:
        return RuleCode.OK, None, info
    trick = Trick(
        trick.leader,
        trick.top,
        trick.passed | {who},
        trick.acted | {who},
        trick.overplayed,
        trick.inverted,
        trick.pending_close,
        trick.run_rank,
        trick.run_cards,
        trick.run_singles,
        trick.rule_of_four,
        trick.lead_passes,
        trick.plays + 1,
        lock=trick.lock,
    )
    return RuleCode.OK, move_on(state, who, 0, trick), info


def _wrong_turn(state: HandState, who: int, info: StepInfo) -> tuple[RuleCode, None, StepInfo]:
    trick = state.trick
    if state.rules.pass_is_final and who in trick.passed and trick.top is not None:
        return RuleCode.ALREADY_PASSED, None, info
    if trick.top is None and trick.plays == 0 and who != trick.leader:
        # The option that ended the last trick at once (a lone 2, a joker, a card effect)
        # explains why nothing may follow; otherwise everyone passed (trick_rounds).
        info.blocker = trick.cleared_by
        return RuleCode.TRICK_OVER, None, info
    return RuleCode.NOT_YOUR_TURN, None, info


def _play(
    state: HandState, who: int, cards: tuple[Card, ...], info: StepInfo, build: bool
) -> Outcome:
    rules = state.rules
    trick = state.trick
    top = trick.top
    speed = False
    if who != state.turn:
        speed = (
            rules.speed_play
            and top is not None
            and not trick.pending_close
            and is_equal_play(state, cards)
            # H8: out of turn too, a play keeps to the trick's locked suits
            and fits(trick.lock, cards, stand_ins(rules)) is True
        )
        if not speed:
            return _wrong_turn(state, who, info)
        info.blocker = "speed_play"
    hand = state.hands[who]
    remaining = None
    if hand is not None:
        remaining = _remove(hand, cards)
        if remaining is None:
            return RuleCode.NOT_IN_HAND, None, info
    # D1–D3: a play from a known hand was just matched card by card; others must fit the pack
    missing = not_in_pack(state, cards) if remaining is None else ""
    if missing:
        info.blocker = missing
        return RuleCode.NOT_IN_DECK, None, info
    order = state.order
    combo = combo_or_code(cards, order)
    if isinstance(combo, str):
        return _refused(_CODES[combo], info)
    if combo.kind in COUP_KINDS:
        info.coup = combo.kind
        info.blocker = "coup_detat"

    lead = top is None
    overplay = False
    if trick.pending_close and top is not None:
        # P4: the last player may play once on his own cards; anything that does not beat
        # them starts the next trick.
        code, _, _ = beats(state, top, combo, cards, order, who)
        if code == RuleCode.OK:
            if who in trick.overplayed:
                return _refused(RuleCode.SELF_OVERPLAY_USED, info)
            overplay = True
        else:
            lead = True
            if trick.inverted:  # a new trick starts in the hand's order, not this trick's
                order = order_for(rules, state.revolution)
                combo = classify(cards, order)
    if lead and trick.opening is not None and not _holds_opening(cards, trick.opening):
        return _refused(RuleCode.OPENING_CARD, info)
    if lead:
        # Keyed in the order it was read in: a new trick after a gathered inverted one (P4)
        # starts in the hand's order.
        new_top = Top(who, cards, combo, order.reversed, free=False)
        effect = Effect()
        if rules.card_effects == "angevin" and combo.rank is Rank.SEVEN:
            new_top = replace(new_top, lower_ok=True)
        if is_high_low(order, combo, cards):
            new_top = replace(new_top, free=True)
        if combo.joker and len(cards) == 1 and rules.joker_power != "rank":
            new_top = replace(new_top, power_joker=True)
            effect.clears = "joker_power" if joker_unbeatable(state, combo) else ""
        if rules.twos in ("beat_all", "atout") and is_lone_two(cards, order):
            effect.clears = "twos" if rules.twos == "atout" or nothing_above_two(state) else ""
        if combo.kind in COUP_KINDS:
            effect.clears = "coup_detat"  # S8: nothing follows a coup d'État (open point)
        base_trick = Trick(leader=who) if (trick.pending_close or trick.top is None) else trick
        info.kind = "lead"
    elif speed:
        # B14: a matching play out of turn; with more cards "le jeu part alors en double"
        new_top = Top(who, cards, combo, state.reversed)
        effect = Effect(equal=True)
        base_trick = trick
        info.kind = "speed"
    else:
        assert top is not None
        if rules.rule_of_four != "off" and trick.rule_of_four and combo.rank is not trick.run_rank:
            return _refused(RuleCode.RULE_OF_FOUR, info)
        code, beaten, effect = beats(state, top, combo, cards, order, who)
        if beaten is None:
            info.blocker = effect.blocker
            return code, None, info
        new_top = beaten
        base_trick = trick
        info.kind = "overplay" if overplay else "beat"

    # B12: a forbidden last card
    forfeit = False
    if remaining is not None and not remaining and forbidden_finish(state, cards):
        if rules.forbidden_finish_penalty == "illegal":
            return _refused(RuleCode.FORBIDDEN_FINISH, info)
        forfeit = True
    if not build:
        return RuleCode.OK, None, info
    return (
        RuleCode.OK,
        apply_play(
            state,
            who,
            cards,
            combo,
            new_top,
            effect,
            base_trick,
            remaining,
            overplay,
            forfeit,
            info,
        ),
        info,
    )


def _holds_opening(cards: tuple[Card, ...], opening: Card) -> bool:
    """H7: does the opening play hold the card that named its leader? A card of its rank
    typed without a suit cannot say."""
    if opening in cards:
        return True
    if any(c.rank is opening.rank and c.suit is None for c in cards):
        raise SuitNeededError(Message.of("rules.suits_needed.opening", card=CardText(opening)))
    return False


def _refused(code: RuleCode, info: StepInfo) -> Outcome:
    """A refusal resting on its code's own option (``codes.CODE_OPTION``, which
    ``companion.rules.citation`` reads), not on one noted before it (a speed play, a coup
    d'État)."""
    info.blocker = ""
    return code, None, info


def _remove(hand: tuple[Card, ...], cards: tuple[Card, ...]) -> tuple[Card, ...] | None:
    """The hand without the played cards, or None if it does not hold them. A card written
    without a suit (a joker without its colour) takes any held card of its rank, once the
    cards written in full have taken theirs."""
    rest = list(hand)
    vague: list[Card] | None = None
    for c in cards:
        if c.suit is None and c.colour is None:
            if vague is None:
                vague = []
            vague.append(c)
        elif c.named is None:  # written in full: the first such card held, found by the list
            try:
                rest.remove(c)
            except ValueError:
                return None
        elif not _take(rest, c):
            return None
    if vague is not None:
        for c in vague:
            if not _take(rest, c):
                return None
    return tuple(rest)


def _take(rest: list[Card], card: Card) -> bool:
    """Take from ``rest`` the first held card ``card`` stands for, if any."""
    for i, h in enumerate(rest):
        if card.matches(h):
            del rest[i]
            return True
    return False


def _can_beat(state: HandState, who: int) -> bool:
    hand = state.hands[who]
    assert hand is not None
    quick = quick_codes(state, who, hand)
    if quick is not None:
        return any(code is RuleCode.OK for _, code in quick)
    name = state.players[who]
    return any(  # stops at the first play that beats
        _judge(state, Action(name, Play(cards)), False)[0] is RuleCode.OK
        for cards in candidate_plays(state.rules, state.order, hand, open_lock(state.trick))
    )


def reference_codes(state: HandState, who: int, hand: tuple[Card, ...]) -> Codes:
    """Each candidate play of ``hand`` with the code the full transition gives it."""
    name = state.players[who]
    return tuple(
        (cards, _judge(state, Action(name, Play(cards)), False)[0])
        for cards in candidate_plays(state.rules, state.order, hand, open_lock(state.trick))
    )


def quick_codes(state: HandState, who: int, hand: tuple[Card, ...]) -> Codes | None:
    """``reference_codes`` worked out from rank counts and combination keys, or None where
    that does not cover the state (``companion.rules.fast_codes``); candidates it cannot
    judge by rank and size come back here, to the full transition."""
    return codes_by_rank(state, who, hand, _code)


def _code(state: HandState, action: Action) -> RuleCode:
    """The code ``is_legal`` gives ``action``."""
    return _judge(state, action, False)[0]


def _effect(state: HandState, who: int, action: Action, info: StepInfo) -> Outcome:
    """B13 give_discard: 6 → a card to the previous player, 7 → to the next, 8 → discarded,
    9 → to anyone."""
    assert state.pending is not None
    pending = state.pending
    kind = pending.kind
    info.kind = "effect"
    info.blocker = pending.option
    if (action.effect == "discard") != (kind == "discard"):
        return RuleCode.WRONG_EFFECT, None, info
    if len(action.play.cards) > pending.count:
        code = RuleCode.ONE_CARD_ONLY if pending.count == 1 else RuleCode.TOO_MANY_GIVEN
        return code, None, info
    receiver = None
    if kind != "discard":
        expected = None
        if kind == "give_previous":
            expected = neighbour(state, who, -state.direction)
        elif kind == "give_next":
            expected = neighbour(state, who, state.direction)
        if action.target is None:
            if expected is None:
                return RuleCode.TARGET_NEEDED, None, info
            receiver = expected
        else:
            if action.target not in state.players:
                raise NotationError(
                    Message.of("rules.notation.unknown_target", player=action.target),
                    token=action.target,
                )
            receiver = state.players.index(action.target)
            if (
                receiver == who
                or not state.is_active(receiver)
                or (expected is not None and receiver != expected)
            ):
                return RuleCode.WRONG_TARGET, None, info
    hands = list(state.hands)
    held = hands[who]
    if held is not None and action.play.cards:
        rest = _remove(held, action.play.cards)
        if rest is None:
            return RuleCode.NOT_IN_HAND, None, info
        hands[who] = rest
        if receiver is not None:
            theirs = hands[receiver]
            if theirs is not None:
                hands[receiver] = (*theirs, *action.play.cards)
    elif held is not None:
        hands[who] = held[:-1]  # an unseen card: the count still drops
        if receiver is not None:
            hands[receiver] = None  # we no longer know what he holds
    # What is owed next (a run's 10 after its 7) lapses once the player has no card left.
    owed_next = pending.then if hands[who] is None or hands[who] else None
    new = replace(state, hands=tuple(hands), pending=owed_next)
    if hands[who] is not None and not hands[who]:
        info.went_out = True
        new = replace(new, out=(*new.out, who))
        over = finish_if_over(new)
        if over is not None:
            return RuleCode.OK, over, info
        if new.turn == who:
            new = replace(new, turn=lead_after_out(new, who))
    return RuleCode.OK, new, info
