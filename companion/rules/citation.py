"""Which option explains a ruling: the one place that says it.

The transition (``companion.rules.hand``) notes the option behind a refusal or a special effect
in ``StepInfo.blocker``; a refusal it left unnamed rests on its code's option
(``codes.CODE_OPTION``); a legal play rests on what lets it through. The referee's sentence
names ``cited_option`` beside the system it comes from; ``ruling_option`` is the option the
ruling rests on, which screens show and ``companion judge`` prints.
"""

from __future__ import annotations

from companion.rules.cards import Rank
from companion.rules.codes import CODE_OPTION, RuleCode
from companion.rules.notation import Action
from companion.rules.state import HandState, StepInfo

# A legal action of these kinds rests on this option (when no special effect is named).
_KIND_OPTION = {"pass": "must_beat", "overplay": "self_overplay"}


def cited_option(code: RuleCode, info: StepInfo) -> str | None:
    """The option the referee's sentence names beside its system: the one behind a refusal,
    or a legal action's special effect (playing again on one's own cards, a speed play, a
    coup d'État, a card given…); None when the sentence names none."""
    if code is RuleCode.OK:
        return "self_overplay" if info.kind == "overplay" else (info.blocker or None)
    return info.blocker or CODE_OPTION.get(code)


def ruling_option(state: HandState, action: Action, code: RuleCode, info: StepInfo) -> str | None:
    """The option a ruling on ``action`` in ``state`` rests on: the one its sentence names,
    else, for a legal action, the one that lets it through (what makes a play beat, lets a
    player pass, or play again on his own cards)."""
    named = cited_option(code, info)
    if named is not None or code is not RuleCode.OK:
        return named
    return permitting_option(state, action, info)


def permitting_option(state: HandState, action: Action, info: StepInfo) -> str | None:
    """What lets a legal ``action`` through, leaving aside any effect it sets off: the rank
    order an 8 beats a 5 by, even where 8-giri then ends the trick."""
    if info.kind != "beat":
        return _KIND_OPTION.get(info.kind)
    cards, top = action.play.cards, state.trick.top
    if top is not None and {c.rank for c in cards} == {c.rank for c in top.cards}:
        return "equal_play"
    both = (*cards, *(top.cards if top is not None else ()))  # either side's power counts
    if any(c.named is not None for c in cards):
        return "wild_cards"  # D6: a joker played as a named rank
    if any(c.is_joker for c in both) and state.rules.joker_power != "rank":
        return "joker_power"
    if any(c.rank is Rank.TWO for c in both) and state.rules.twos != "normal":
        return "twos"
    return "rank_order"
