"""The public API on the compact state: ``legal_plays`` and ``apply`` where it covers.

``fast_legal`` lists the player to act's legal actions from ``compact.Core`` (each built once
per player until he plays), in the order ``legal_plays`` gives them; ``fast_apply`` plays one
of them, or any action whose cards are held exactly as written, and returns a ``FastState``:
a ``HandState`` whose hands, turn and finishing order are set at once, and whose trick (what
the screens and the rulings read) the step engine builds when it is first read, from the state
before and the action, so that its every detail has one home. Anything else (a card typed
without its suit, a refused action, a rule set or a state the compact state does not cover)
goes to the step engine.
"""

from __future__ import annotations

from companion.rules.cards import Card, Rank
from companion.rules.codes import RuleCode
from companion.rules.compact import Core, core_of
from companion.rules.hand import step
from companion.rules.notation import Action
from companion.rules.state import HandState, Trick

__all__ = ["FastState", "fast_apply", "fast_legal", "next_state"]


def fast_legal(state: HandState) -> list[Action] | None:
    """The legal actions of the player to act worked out on the compact state, in
    ``legal_plays``' order; None where the compact state does not cover ``state``."""
    cached = state._legal
    if cached is not None:
        return cached
    core = core_of(state)
    if core is None:
        return None
    actions = core.moves()
    _SET_LEGAL(state, actions)
    return actions


def fast_apply(state: HandState, action: Action) -> HandState | None:
    """The state after ``action`` worked out on the compact state, when it covers ``state``
    and the action is one of its legal actions as the hand holds it; None otherwise (the step
    engine then judges it and names any refusal)."""
    legal = fast_legal(state)
    if legal is None:
        return None
    core = state._core
    assert isinstance(core, Core)
    for known in legal:
        if known is action:  # drawn from legal_plays: nothing to check
            break
    else:
        if not _held_as_legal(core, state, action, legal):
            return None
    cards = action.play.cards
    rank = _set_rank(core.r.wild, cards, core.r.coups) if cards else None
    if rank in core.r.owes and len(cards) < len(core.hands[core.turn]):
        return None  # B13 give_discard, H5, H6: a card owed, which the step engine plays
    after = core.after(rank, len(cards), cards)
    turned = (after.revolution != after.inverted) != (core.revolution != core.inverted)
    return FastState.following(state, action, after, turned)


def next_state(state: HandState, action: Action) -> tuple[RuleCode, HandState | None]:
    """The state after ``action`` (on the compact state where it covers it, else on the step
    engine), or None with the step engine's code when it is refused: ``apply``, ``replay``
    and ``simulate`` all play through here."""
    fast = fast_apply(state, action)
    if fast is not None:
        return RuleCode.OK, fast
    code, after, _ = step(state, action)
    return code, after


def _held_as_legal(core: Core, state: HandState, action: Action, legal: list[Action]) -> bool:
    """Whether ``action``, not one of the ``legal`` actions' objects, plays as one of them with
    its cards held as written (a card typed without its suit, or a joker without its colour
    where colours decide, goes to the step engine)."""
    if action.effect is not None or action.player != state.players[core.turn]:
        return False
    cards = action.play.cards
    if not cards:
        return any(a.play.is_pass for a in legal)
    k = len(cards)
    if core.r.general:  # the same cards as a legal play, suits aside
        same = _same_play(cards)
        if not any(len(a.play.cards) == k and _same_play(a.play.cards) == same for a in legal):
            return False
    else:
        rank = cards[0].rank
        if any(c.rank is not rank for c in cards) or not any(
            len(a.play.cards) == k and a.play.cards[0].rank is rank for a in legal
        ):
            return False
    hand = list(core.hands[core.turn])
    for c in cards:  # each card held as written (one typed without its suit: the step engine)
        if c not in hand:
            return False
        hand.remove(c)
    return True


def _set_rank(wild: frozenset[Rank], cards: tuple[Card, ...], coups: bool) -> Rank | None:
    """The rank a legal set stands for: its natural cards' (None: wild cards alone; S8: a
    coup d'État's, whatever the order its jokers were typed in)."""
    if wild:
        return next((c.rank for c in cards if c.rank not in wild), None)
    if coups:
        return next((c.rank for c in cards if c.rank is not Rank.JOKER), Rank.JOKER)
    return cards[0].rank


def _same_play(cards: tuple[Card, ...]) -> list[str]:
    """What makes a play, suits aside: its ranks, and its jokers' colours (D5)."""
    return sorted(str(c) if c.is_joker else c.rank.symbol for c in cards)


_TRICK = HandState.__dict__["trick"]  # the slot the dataclass keeps the trick in
_SET_RULES = HandState.__dict__["rules"].__set__
_SET_PLAYERS = HandState.__dict__["players"].__set__
_SET_RANKS = HandState.__dict__["ranks"].__set__
_SET_HANDS = HandState.__dict__["hands"].__set__
_SET_TURN = HandState.__dict__["turn"].__set__
_SET_DIRECTION = HandState.__dict__["direction"].__set__
_SET_REVOLUTION = HandState.__dict__["revolution"].__set__
_SET_OUT = HandState.__dict__["out"].__set__
_SET_FORFEITS = HandState.__dict__["forfeits"].__set__
_SET_PENDING = HandState.__dict__["pending"].__set__
_SET_PRESET = HandState.__dict__["preset"].__set__
_SET_ORDER = HandState.__dict__["_order"].__set__
_SET_QUICK = HandState.__dict__["_quick"].__set__
_SET_CORE = HandState.__dict__["_core"].__set__
_SET_LEGAL = HandState.__dict__["_legal"].__set__


class FastState(HandState):
    """A state ``fast_apply`` built: its hands, turn and finishing order are set at once; its
    trick is built by the step engine from the state before and the action, when first read
    (the random loops never read it)."""

    __slots__ = ("_from",)

    _from: tuple[HandState, Action] | None

    @classmethod
    def following(cls, before: HandState, action: Action, core: Core, turned: bool) -> FastState:
        new = object.__new__(cls)
        # The slots' own setters: the dataclass is frozen, and this runs once per action.
        _SET_RULES(new, before.rules)
        _SET_PLAYERS(new, before.players)
        _SET_RANKS(new, before.ranks)
        _SET_HANDS(new, core.hands)
        _SET_TURN(new, core.turn if core.turn >= 0 else None)
        _SET_DIRECTION(new, core.direction)
        _SET_REVOLUTION(new, core.revolution)
        _SET_OUT(new, core.out)
        _SET_FORFEITS(new, core.forfeits)
        _SET_PENDING(new, None)
        _SET_PRESET(new, before.preset)
        # The card order carries over unless a revolution (B9) or a Strutz 9 turned it.
        _SET_ORDER(new, None if turned else before._order)
        _SET_QUICK(new, None)
        _SET_CORE(new, core if core.turn >= 0 else False)
        _SET_LEGAL(new, None)
        _SET_FROM(new, (before, action))
        return new

    @property
    def trick(self) -> Trick:
        try:
            return _TRICK.__get__(self, FastState)  # type: ignore[no-any-return]
        except AttributeError:
            return self._replay()

    @trick.setter
    def trick(self, value: Trick) -> None:
        _TRICK.__set__(self, value)

    def _replay(self) -> Trick:
        """Build the tricks of this state and of the states before it not built yet, oldest
        first, with the step engine (a loop, not a recursion: a hand has hundreds of states)."""
        chain: list[tuple[FastState, tuple[HandState, Action]]] = []
        state: HandState = self
        # A FastState made by ``dataclasses.replace`` has its trick and no ``_from`` at all.
        while isinstance(state, FastState) and (link := getattr(state, "_from", None)):
            chain.append((state, link))
            state = link[0]
        for fast, (before, action) in reversed(chain):
            after = step(before, action)[1]
            assert after is not None, f"the compact state took {action} the step engine refuses"
            _TRICK.__set__(fast, after.trick)
            object.__setattr__(fast, "_from", None)
        return _TRICK.__get__(self, FastState)  # type: ignore[no-any-return]

    def __repr__(self) -> str:
        return "HandState" + HandState.__repr__(self).removeprefix("FastState")


_SET_FROM = FastState.__dict__["_from"].__set__
