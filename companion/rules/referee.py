"""The referee: rulings with a stable code, and the legal plays.

``judge(state, action)`` never changes anything; ``apply`` returns the next state or raises
``IllegalActionError``; ``legal_plays`` (from :mod:`companion.rules.moves`) yields every action
``judge`` accepts. A ruling's words are rendered when asked for, in the language asked for, as
parts (``Ruling.parts(lang)``: verdict, reason, option, source; from
:mod:`companion.rules.explanations` and :mod:`companion.rules.citation`) or as one sentence
(``Ruling.message(lang)``).

The codes (``ok`` when legal) and what each means are listed in :mod:`companion.rules.codes`.
"""

from __future__ import annotations

from dataclasses import dataclass

from companion.errors import CompanionError
from companion.rules.card_words import PlayText
from companion.rules.cards import Play
from companion.rules.citation import permitting_option, ruling_option
from companion.rules.codes import CODE_OPTION, RuleCode
from companion.rules.combos import JokerChoiceError
from companion.rules.errors import IllegalHistoryError, SuitNeededError
from companion.rules.explanations import SENTENCES, explain_parts, separator, system_label
from companion.rules.fast_path import next_state
from companion.rules.hand import is_legal, step
from companion.rules.house_rules import EFFECT_OPTIONS
from companion.rules.moves import legal_plays
from companion.rules.notation import Action
from companion.rules.state import HandState, StepInfo
from companion.words import DEFAULT_LANG, Message

__all__ = [
    "CODE_OPTION",
    "SENTENCES",
    "IllegalActionError",
    "RuleCode",
    "Ruling",
    "RulingParts",
    "apply",
    "judge",
    "legal_plays",
    "replay",
    "system_label",
]


@dataclass(frozen=True, slots=True)
class RulingParts:
    """A ruling's words in one language, as data: screens lay them out, nothing parses the
    sentence (``text``) they make."""

    legal: bool  # the verdict
    code: RuleCode
    reason: str  # the referee's sentence: "qui passe abandonne la tournée : …"
    option: str | None  # the option the ruling rests on (``citation.ruling_option``)
    source: str  # the system and the rule it cites: "Trou-du-cul classique (P3)"
    lang: str

    @property
    def text(self) -> str:
        """The ruling in one sentence, its source first, as ``companion judge`` prints it."""
        return self.source + separator(self.lang) + self.reason


class Ruling:
    """The referee's answer, as data. ``next_player``: who acts after the action when it is
    legal, otherwise who must act now; ``to_beat``: what that player must beat (None: he
    leads). Words come from ``message(lang)``, rendered when shown: most rulings (move
    generation) never are.

    A legal action's next state, and what building it found (``info``: a trick cleared, a
    player out…), are worked out when first read: a ruling asked only whether it is legal
    costs the judgement alone."""

    __slots__ = ("_after", "_info", "_pending", "action", "before", "code", "legal")

    def __init__(
        self,
        before: HandState,
        action: Action,
        code: RuleCode,
        after: HandState | None,
        info: StepInfo,
    ) -> None:
        self.before = before  # the state the action was judged in
        self.action = action
        self.legal = code is RuleCode.OK
        self.code = code
        self._after = after
        self._info = info
        # A legal action judged without building its next state: built when first read.
        self._pending = self.legal and after is None

    def _build(self) -> None:
        code, after, info = step(self.before, self.action)
        assert code is self.code, (code, self.code)  # one transition: the same verdict
        self._after, self._info, self._pending = after, info, False

    @property
    def state(self) -> HandState | None:
        """The state after the action, when legal; None when refused."""
        if self._pending:
            self._build()
        return self._after

    @property
    def info(self) -> StepInfo:
        """What the transition found (for explanations and citations)."""
        if self._pending:
            self._build()
        return self._info

    @property
    def _shown(self) -> HandState:
        after = self.state
        return after if after is not None else self.before

    # Read from the state when asked: move generation and replays never ask.
    @property
    def next_player(self) -> str | None:
        return self._shown.next_player

    @property
    def to_beat(self) -> Play | None:
        return self._shown.to_beat

    @property
    def option(self) -> str | None:
        """The option the ruling rests on (behind a refusal or a special effect, or what lets
        a legal play through)."""
        return ruling_option(self.before, self.action, self.code, self.info)

    @property
    def permission(self) -> str | None:
        """For a legal action, the option that lets it through, leaving aside an effect it
        set off (``house_rules.EFFECT_OPTIONS``); otherwise ``option``."""
        named = self.option
        if self.legal and named in EFFECT_OPTIONS:
            return permitting_option(self.before, self.action, self.info)
        return named

    def parts(self, lang: str = DEFAULT_LANG) -> RulingParts:
        """The ruling's verdict, reason, option and source in ``lang``."""
        source, reason = explain_parts(
            self.before, self.action, self.code, self.info, self.state, lang
        )
        return RulingParts(self.legal, self.code, reason, self.option, source, lang)

    def message(self, lang: str = DEFAULT_LANG) -> str:
        """The ruling in one sentence, citing its rule and system, in ``lang``."""
        return self.parts(lang).text

    def render(self, lang: str) -> str:
        """The ruling's sentence: a ruling is words a ``Message`` can carry as a field."""
        return self.message(lang)

    # The French and English sentences, for callers that have not moved to message(lang).
    @property
    def fr(self) -> str:
        return self.message("fr")

    @property
    def en(self) -> str:
        return self.message("en")

    def as_dict(self, lang: str = DEFAULT_LANG) -> dict[str, object]:
        """``companion judge``'s JSON (a contract: keys are only added). ``message`` is
        ``source``, a separator, then ``reason``; ``option`` is the option's field name."""
        parts = self.parts(lang)
        return {
            "legal": self.legal,
            "code": self.code.value,
            "message": parts.text,
            "next": self.next_player,
            "to_beat": None if self.to_beat is None else str(self.to_beat),
            "reason": parts.reason,
            "source": parts.source,
            "option": parts.option,
        }

    def __repr__(self) -> str:
        return f"<Ruling {self.code} next={self.next_player!r} to_beat={self.to_beat!s}>"


class IllegalActionError(CompanionError):
    code = "illegal-action"

    def __init__(self, ruling: Ruling) -> None:
        super().__init__(Message.of("rules.illegal_action", ruling=ruling), code=ruling.code.value)
        self.ruling = ruling


def judge(state: HandState, action: Action) -> Ruling:
    """The ruling on ``action`` in ``state``; the next state is built only when read."""
    try:
        code, info = is_legal(state, action)
    except JokerChoiceError as err:
        raise _joker_question(state, err) from None
    return Ruling(state, action, code, None, info)


def _joker_question(state: HandState, err: JokerChoiceError) -> SuitNeededError:
    """« Which joker? », asked only when the answer depends on it, with both outcomes."""
    outcomes = err.details.get("outcomes")
    if not isinstance(outcomes, tuple):
        return err
    rulings = tuple(Ruling(state, exact, *outcome) for exact, outcome in outcomes)
    return SuitNeededError(Message.of("rules.joker_question", outcomes=_Outcomes(rulings)))


@dataclass(frozen=True, slots=True)
class _Outcomes:
    """What each joker would get, one after the other, in the asker's language."""

    rulings: tuple[Ruling, ...]

    def render(self, lang: str) -> str:
        return " ".join(
            Message.of(
                "rules.joker_question.outcome", play=PlayText(r.action.play), ruling=r
            ).render(lang)
            for r in self.rulings
        )


def apply(state: HandState, action: Action) -> HandState:
    """The state after ``action``; IllegalActionError with the ruling when it is refused."""
    after = next_state(state, action)[1]
    if after is None:
        raise IllegalActionError(judge(state, action))
    return after


def replay(state: HandState, actions: list[Action]) -> HandState:
    """Apply every action in turn; an illegal one raises IllegalHistoryError with its index."""
    for i, action in enumerate(actions):
        after = next_state(state, action)[1]
        if after is None:
            ruling = judge(state, action)
            raise IllegalHistoryError(
                Message.of(
                    "rules.illegal_history", number=str(i + 1), action=str(action), ruling=ruling
                ),
                index=i,
                ruling=ruling,
            )
        state = after
    return state
