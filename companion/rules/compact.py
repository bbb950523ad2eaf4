"""The compact state the public API plays on, where it covers the rules.

A hand's legal actions and its next turn need only a few integers: here the trick is the
play to beat (its player, card count, rank key, whether it is a joker set or a joker on its
power) and bitmasks of the players who passed, acted, overplayed or could not lead. A legal
play is a ``(rank, count)`` pair judged from those, without refusal codes (a refused action
goes to the step engine, which names the reason). ``Core`` is that state, its legal moves and
its transition; ``core_of`` reads it from a ``HandState``. ``companion.rules.fast_path`` plays
``legal_plays`` and ``apply`` on it for the rule sets ``covers`` accepts: sets of one rank, no
wild card, suits that never matter, none of the options that give a rank or a play a power
of its own.

``tests/rules/test_compact.py`` holds it equal to the step engine: the same actions in the
same order at every state, the same next state (and the compact state read back from it), on
every covered preset and on random option combinations.
"""

from __future__ import annotations

from functools import lru_cache

from companion.rules.beating import forbidden_ranks
from companion.rules.candidates import suit_sensitive
from companion.rules.cards import DECK_RANKS, Card, Rank
from companion.rules.combos import JOKER_KEY, order_for
from companion.rules.house_rules import step_engine_only
from companion.rules.notation import Action
from companion.rules.ruleset import RuleSet
from companion.rules.state import HandState

__all__ = ["PASS_MOVE", "Core", "core_of", "covers", "read_core"]

_NO_LIMIT = 1 << 30
PASS_MOVE = (Rank.JOKER, 0)  # a move of no card: a pass


@lru_cache(maxsize=256)
def covers(rules: RuleSet) -> bool:
    """Whether the compact state plays this rule set exactly as the step engine does: sets of
    one rank only, no wild cards, suits that never matter, and none of the options that give
    a rank or a play a power of its own (twos, transparent cards, special high cards,
    revolutions but B9's four of a kind, the rule of four, card effects but angevin's, speed
    play, the coup d'État, the Daifugō house rules but H7)."""
    keys = order_for(rules, False).keys
    return (
        all(r in keys for r in DECK_RANKS[rules.deck])
        and rules.combinations == "sets"
        and not rules.coup_detat
        and not rules.wild_cards
        and not suit_sensitive(rules)
        and rules.special_high_cards == "none"
        and rules.twos == "normal"
        and rules.transparent is None
        and rules.revolution in ("off", "quad")
        and rules.rule_of_four == "off"
        and rules.card_effects in ("none", "angevin")
        and not rules.speed_play
        and not step_engine_only(rules)
    )


class _Rules:
    """What the compact transition reads of a rule set, worked out once per rule set and
    table size."""

    __slots__ = (
        "angevin",
        "banned",
        "d",
        "equal_ok",
        "forfeit_on",
        "keys",
        "larger",
        "lead_rule",
        "most",
        "must_beat",
        "n",
        "one_round",
        "overplay_once",
        "pass_final",
        "power_on",
        "quad_beats",
        "quad_turns",
        "refuse",
        "skips",
        "unbeatable",
    )

    def __init__(self, rules: RuleSet, n: int) -> None:
        # Each rank's key in the card order, then once a revolution turned it over (B9);
        # jokers with a rank of their own stay above everything.
        self.keys: tuple[dict[Rank, int], dict[Rank, int]] = (
            {**order_for(rules, False).keys, Rank.JOKER: JOKER_KEY},
            {**order_for(rules, True).keys, Rank.JOKER: JOKER_KEY},
        )
        self.quad_turns = rules.revolution == "quad"  # B9: a four of a kind turns it over
        # B13 angevin: after a 7 led, any rank may follow; an ace ends the trick.
        self.angevin = rules.card_effects == "angevin"
        self.n = n
        self.most = min(
            1 if rules.single_cards_only else _NO_LIMIT,
            rules.max_set if rules.max_set is not None else _NO_LIMIT,
        )
        self.equal_ok = rules.equal_play != "forbidden"
        self.skips = rules.equal_play == "skips_next"
        self.larger = rules.larger_sets
        self.power_on = rules.joker_power != "rank"  # B5: a lone joker beats anything
        self.quad_beats = rules.joker_power == "beat_all_but_quad"
        # A lone joker on its power takes the trick when nothing can beat it.
        self.unbeatable = rules.joker_power == "beat_all" and not (
            self.equal_ok and rules.joker_count(n) > 1
        )
        # B12: the ranks one may not finish on, in the card order, then once turned over.
        self.banned = (forbidden_ranks(rules, False), forbidden_ranks(rules, True))
        some = bool(self.banned[0] or self.banned[1])
        self.refuse = some and rules.forbidden_finish_penalty == "illegal"
        self.forfeit_on = some and not self.refuse
        self.must_beat = rules.must_beat
        self.pass_final = rules.pass_is_final
        self.one_round = rules.trick_rounds == "one_round"
        self.overplay_once = rules.self_overplay == "once" and not self.one_round
        self.d = 1 if rules.direction == "clockwise" else -1
        self.lead_rule = rules.lead_after_out


@lru_cache(maxsize=256)
def _rules(rules: RuleSet, n: int) -> _Rules:
    return _Rules(rules, n)


def _groups(hand: tuple[Card, ...]) -> dict[Rank, tuple[Card, ...]]:
    """The hand's cards by rank, ranks in the order of their first card held: the order
    ``legal_plays`` lists plays in."""
    by_rank: dict[Rank, list[Card]] = {}
    for c in hand:
        group = by_rank.get(c.rank)
        if group is None:
            by_rank[c.rank] = [c]
        else:
            group.append(c)
    return {r: tuple(cards) for r, cards in by_rank.items()}


class Core:
    """One state of a hand, compact: never changed once built (each action builds the next).

    ``turn`` is -1 once the hand is over; ``top`` is -1 when the player to act leads."""

    __slots__ = (
        "acted",
        "actions",
        "active",
        "closing",
        "forfeits",
        "groups",
        "hands",
        "lead_passes",
        "out",
        "overplayed",
        "passed",
        "r",
        "ranks",
        "revolution",
        "top",
        "top_joker",
        "top_key",
        "top_lower",
        "top_n",
        "top_power",
        "turn",
    )

    r: _Rules
    hands: tuple[tuple[Card, ...], ...]
    groups: list[dict[Rank, tuple[Card, ...]] | None]  # by player, worked out when needed
    # By player, each move's action once built: kept until he plays (his hand is the same).
    actions: list[dict[tuple[Rank, int], Action] | None]
    turn: int
    ranks: tuple[int, ...]  # the players, best first (P6 highest_ranked)
    revolution: bool  # B9: the card order is turned over
    active: int  # bitmask of the players still holding cards
    out: tuple[int, ...]
    forfeits: tuple[int, ...]
    top: int
    top_n: int
    top_key: int
    top_joker: bool
    top_power: bool
    top_lower: bool  # B13 angevin: the top is a 7 led, on which any rank may follow
    passed: int
    acted: int
    overplayed: int
    lead_passes: int
    closing: bool  # P4: everyone else passed; the top player may play once on his own cards

    def copy(self) -> Core:
        new = Core.__new__(Core)
        new.r, new.hands, new.groups, new.turn = self.r, self.hands, self.groups, self.turn
        new.actions, new.ranks, new.revolution = self.actions, self.ranks, self.revolution
        new.active, new.out, new.forfeits = self.active, self.out, self.forfeits
        new.top, new.top_n, new.top_key = self.top, self.top_n, self.top_key
        new.top_joker, new.top_power, new.closing = self.top_joker, self.top_power, self.closing
        new.top_lower = self.top_lower
        new.passed, new.acted = self.passed, self.acted
        new.overplayed, new.lead_passes = self.overplayed, self.lead_passes
        return new

    def group(self, p: int) -> dict[Rank, tuple[Card, ...]]:
        found = self.groups[p]
        if found is None:
            found = self.groups[p] = _groups(self.hands[p])
        return found

    # -- the legal moves ---------------------------------------------------------------------
    def beats(self, k: int, key: int, joker: bool) -> bool:
        """Whether ``k`` cards of a rank keyed ``key`` (a joker set if ``joker``) beat the top
        play."""
        r = self.r
        if joker and k == 1 and r.power_on:
            if self.top_power or (self.top_joker and self.top_n == 1):
                return r.equal_ok  # jokers rank equal: only an equal play may follow
            return True
        if self.top_power:
            return r.quad_beats and k == 4 and not joker
        top_n, top_key = self.top_n, self.top_key
        if self.top_lower and k == top_n:  # B13 angevin: any rank, as many cards
            return key != top_key or r.equal_ok
        if k < top_n:
            return False
        if k > top_n:
            if r.larger == "forbidden":
                return False
            return r.larger == "any_rank" or key > top_key or (key == top_key and r.equal_ok)
        return key > top_key or (key == top_key and r.equal_ok)

    def moves(self) -> list[tuple[Rank, int]]:
        """The legal ``(rank, count)`` moves of the player to act, in ``legal_plays``' order;
        a pass (``PASS_MOVE``) last when allowed."""
        r = self.r
        p = self.turn
        mine = self.group(p)
        held_n = len(self.hands[p])
        most, refuse, banned = r.most, r.refuse, r.banned[self.revolution]
        rank_key = r.keys[self.revolution]
        moves: list[tuple[Rank, int]] = []
        closing = self.closing
        top = self.top
        if (top < 0 or closing) and not (closing and self.overplayed >> p & 1):
            for rank, cards in mine.items():
                count = len(cards) if len(cards) < most else most
                if refuse and count == held_n and rank in banned:
                    count -= 1  # B12: he may not go out on it
                moves += _PAIRS[rank][:count]
        elif closing:  # P4: he already played once on his own cards: only a new lead
            for rank, cards in mine.items():
                count = len(cards) if len(cards) < most else most
                joker = rank is Rank.JOKER
                key = rank_key[rank]
                for k in range(1, count + 1):
                    if not (refuse and k == held_n and rank in banned) and not self.beats(
                        k, key, joker
                    ):
                        moves.append((rank, k))
        else:
            equal_ok, larger = r.equal_ok, r.larger
            top_n, top_key, top_power = self.top_n, self.top_key, self.top_power
            for rank, cards in mine.items():
                count = len(cards) if len(cards) < most else most
                if rank is Rank.JOKER or top_power or self.top_lower:
                    joker = rank is Rank.JOKER
                    key = rank_key[rank]
                    for k in range(1, count + 1):
                        if not (refuse and k == held_n and rank in banned) and self.beats(
                            k, key, joker
                        ):
                            moves.append((rank, k))
                    continue
                # A plain set: as many cards, higher (or equal when allowed); more cards when
                # larger sets may beat (any rank, or higher or equal ones).
                if count < top_n:
                    continue
                key = rank_key[rank]
                high = key > top_key or (equal_ok and key == top_key)
                if larger == "forbidden" or (larger == "higher_rank" and not high):
                    if not high:
                        continue
                    count = top_n
                lo = top_n if high else top_n + 1
                if refuse and count == held_n and rank in banned:
                    count -= 1
                moves += _PAIRS[rank][lo - 1 : count]
        if top < 0:
            can_pass = not moves  # B12: a leader passes only when he cannot lead
        elif closing:
            can_pass = True  # P4: he gathers the trick
        else:
            can_pass = not (r.must_beat and moves)
        if can_pass:
            moves.append(PASS_MOVE)
        return moves

    # -- the transition ----------------------------------------------------------------------
    def after(self, rank: Rank, k: int, played: tuple[Card, ...]) -> Core:
        """The state once the player to act made the legal move ``(rank, k)`` with the cards
        ``played`` (none for a pass)."""
        new = self.copy()
        new._act(rank, k, played)
        return new

    def _next_eligible(self, i: int) -> int:
        r = self.r
        eligible = self.active
        if r.pass_final:
            eligible &= ~self.passed
        if r.one_round:
            eligible &= ~self.acted
        n, d = r.n, r.d
        for _ in range(n):
            i = (i + d) % n
            if eligible >> i & 1:
                return i
        return -1

    def _lead_after_out(self, winner: int) -> int:
        r = self.r
        if r.lead_rule == "highest_ranked":
            for i in self.ranks:
                if self.active >> i & 1:
                    return i
        step = r.d if r.lead_rule == "next_left" else -r.d
        for k in range(1, r.n):
            i = (winner + step * k) % r.n
            if self.active >> i & 1:
                return i
        return winner

    def _new_trick(self, turn: int) -> None:
        self.turn = turn
        self.top, self.top_n, self.top_key = -1, 0, 0
        self.top_joker = self.top_power = self.top_lower = False
        self.passed = self.acted = self.overplayed = self.lead_passes = 0
        self.closing = False

    def _end(self, out: list[int]) -> None:
        self.out = (*self.out, *out)
        self.active = 0
        self.turn = -1

    def _act(self, rank: Rank, k: int, played: tuple[Card, ...]) -> None:
        r = self.r
        p = self.turn
        n = r.n
        skip = 0
        if k == 0:  # a pass
            if self.top < 0:  # B12: stuck with forbidden finishes, he hands the lead on
                self.lead_passes |= 1 << p
                if self.lead_passes & self.active == self.active:
                    order = []
                    i = p
                    for _ in range(n):
                        if self.active >> i & 1:
                            order.append(i)
                        i = (i + r.d) % n
                    self._end(order)
                    return
                lead_passes = self.lead_passes
                nxt = self._next_eligible(p)
                self._new_trick(nxt)
                self.lead_passes = lead_passes
                return
            if self.closing:  # gather: a new trick, led by him
                self._new_trick(p)
                return
            self.passed |= 1 << p
            self.acted |= 1 << p
        else:
            hand = self.hands[p]
            rest = _without(hand, played)
            self.hands = (*self.hands[:p], rest, *self.hands[p + 1 :])
            groups = list(self.groups)
            groups[p] = None
            self.groups = groups
            actions = list(self.actions)
            actions[p] = None
            self.actions = actions
            joker = rank is Rank.JOKER
            key = r.keys[self.revolution][rank]
            banned = r.banned[self.revolution]  # as the play was judged, before it turns
            leads = self.top < 0 or (self.closing and not self.beats(k, key, joker))
            clears = False
            power = False
            lower = False
            if leads:
                power = joker and k == 1 and r.power_on
                clears = power and r.unbeatable
                lower = r.angevin and rank is Rank.SEVEN
                self.passed = self.acted = self.overplayed = self.lead_passes = 0
            else:
                if self.closing:
                    self.overplayed |= 1 << p
                if joker and k == 1 and r.power_on:
                    power = True
                    if self.top_power or (self.top_joker and self.top_n == 1):
                        skip = 1 if r.skips else 0  # an equal joker
                    else:
                        clears = r.unbeatable
                elif r.skips and not self.top_power and key == self.top_key:
                    skip = 1 + k - self.top_n  # B2 skips_next: one player, plus one per card
                if not r.pass_final:
                    self.passed = 0
            self.closing = False
            self.acted |= 1 << p
            if r.quad_turns and k == 4 and not joker:  # B9: the card order turns over
                self.revolution = not self.revolution
                key = r.keys[self.revolution][rank]  # the play keyed in the new order
            self.top, self.top_n, self.top_key = p, k, key
            self.top_joker, self.top_power, self.top_lower = joker, power, lower
            if r.angevin and rank is Rank.ACE:  # B13 angevin: an ace ends the trick
                clears = True
            if not rest:
                self.active &= ~(1 << p)
                if r.forfeit_on and any(c.rank in banned for c in played):
                    self.forfeits = (*self.forfeits, p)
                else:
                    self.out = (*self.out, p)
            if self.active & (self.active - 1) == 0:  # at most one player left
                self._end([i for i in range(n) if self.active >> i & 1])
                return
            if clears:
                self._new_trick(p if self.active >> p & 1 else self._lead_after_out(p))
                return

        # Move the turn on after an action by p (the skips of an equal play first).
        i = p
        again = False
        skipped = 0
        top = self.top
        while skip > 0:
            nxt = self._next_eligible(i)
            if nxt < 0:
                break
            if nxt == top:
                again = True
                break
            skipped |= 1 << nxt
            i = nxt
            skip -= 1
        if r.one_round:
            self.acted |= skipped
            done = self.acted & self.active == self.active
        else:
            done = (self.passed | 1 << top) & self.active == self.active
        nxt = -1 if done else top if again else self._next_eligible(i)
        if nxt >= 0:
            self.turn = nxt
            return
        # The trick is won by the top player.
        if r.overplay_once and self.active >> top & 1:
            self.turn = top
            self.closing = True
            return
        self._new_trick(top if self.active >> top & 1 else self._lead_after_out(top))


# Each rank's moves of 1, 2, … cards, sliced to what a hand holds (two decks and their jokers
# hold at most 8 cards of a rank).
_PAIRS = {r: tuple((r, k) for k in range(1, 17)) for r in Rank}


def _without(hand: tuple[Card, ...], played: tuple[Card, ...]) -> tuple[Card, ...]:
    """The hand without the played cards (each held, exactly as written)."""
    rest = list(hand)
    for c in played:
        # The cards of a legal action are the held ones themselves: found by identity first.
        for i, h in enumerate(rest):
            if h is c:
                del rest[i]
                break
        else:
            rest.remove(c)
    return tuple(rest)


def _bits(players: frozenset[int]) -> int:
    mask = 0
    for i in players:
        mask |= 1 << i
    return mask


def core_of(state: HandState) -> Core | None:
    """The compact form of ``state``, or None where it does not cover it: rules it does not
    cover, a hand not known, an effect owed, the hand over, a reversed order, the opening
    card still to be played (H7) or a play on the table it does not read (a free trick, a
    play after an angevin 7)."""
    cached = state._core
    if cached is not None:
        return cached if isinstance(cached, Core) else None
    core = read_core(state)
    object.__setattr__(state, "_core", core if core is not None else False)
    return core


def read_core(state: HandState) -> Core | None:
    """The compact form read from ``state``'s fields, each time (``core_of`` keeps it)."""
    rules = state.rules
    trick = state.trick
    if (
        state.turn is None
        or state.pending is not None
        or trick.inverted
        or trick.opening is not None
        or trick.lock
        or not covers(rules)
        or any(h is None for h in state.hands)
    ):
        return None
    r = _rules(rules, len(state.players))
    core = Core.__new__(Core)
    core.r = r
    core.hands = state.hands  # type: ignore[assignment]
    core.groups = [None] * r.n
    core.actions = [None] * r.n
    core.turn = state.turn
    core.ranks = state.ranks
    core.revolution = state.revolution
    active = 0
    for i in state.active:
        active |= 1 << i
    core.active = active
    core.out, core.forfeits = state.out, state.forfeits
    top = trick.top
    if top is None:
        core.top, core.top_n, core.top_key = -1, 0, 0
        core.top_joker = core.top_power = core.top_lower = False
    else:
        ranks = {c.rank for c in top.cards}
        if top.free or len(ranks) != 1 or top.reversed != state.revolution:
            return None
        rank = ranks.pop()
        core.top, core.top_n, core.top_key = (
            top.player,
            len(top.cards),
            r.keys[state.revolution][rank],
        )
        core.top_joker, core.top_power = rank is Rank.JOKER, top.power_joker
        core.top_lower = top.lower_ok
    core.passed = _bits(trick.passed)
    core.acted = _bits(trick.acted)
    core.overplayed = _bits(trick.overplayed)
    core.lead_passes = _bits(trick.lead_passes)
    core.closing = trick.pending_close and top is not None
    return core
