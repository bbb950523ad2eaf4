"""The compact state the public API plays on, where it covers the rules.

A hand's legal actions and its next turn need only a few integers: here the trick is the
play to beat (its player, card count, key, whether it is a joker set or a joker on its power)
and bitmasks of the players who passed, acted, overplayed or could not lead. The player's
plays, as actions kept from state to state (``compact_offers``), are judged from those by
rank, count and key, without refusal codes (a refused action goes to the step engine, which
names the reason). ``Core`` is that state, its legal actions and its transition;
``core_of`` reads it from a ``HandState``. ``companion.rules.fast_path`` plays
``legal_plays`` and ``apply`` on it for the rule sets ``compact_rules.covers`` accepts.

``tests/rules/test_compact.py`` holds it equal to the step engine: the same actions in the
same order at every state, the same next state (and the compact state read back from it), on
every preset and on random option combinations.
"""

from __future__ import annotations

from typing import cast

from companion.rules.cards import Card, Rank
from companion.rules.combos import COUP_KEY
from companion.rules.compact_offers import (
    Generals,
    Offers,
    action,
    generals,
    generals_after,
    offers,
    offers_after,
    tiebreak,
    without,
)
from companion.rules.compact_rules import CompactRules, compact_rules, covers
from companion.rules.notation import Action
from companion.rules.state import HandState

__all__ = ["Core", "core_of", "covers", "read_core"]


class Core:
    """One state of a hand, compact: never changed once built (each action builds the next).

    ``turn`` is -1 once the hand is over; ``top`` is -1 when the player to act leads."""

    __slots__ = (
        "acted",
        "active",
        "cands",
        "closing",
        "direction",
        "forfeits",
        "hands",
        "inverted",
        "lead_passes",
        "offers",
        "out",
        "overplayed",
        "passed",
        "passes",
        "r",
        "ranks",
        "revolution",
        "rof",
        "run_cards",
        "run_rank",
        "run_singles",
        "top",
        "top_free",
        "top_joker",
        "top_key",
        "top_lower",
        "top_n",
        "top_power",
        "top_tb",
        "turn",
    )

    r: CompactRules
    hands: tuple[tuple[Card, ...], ...]
    # By player, his plays as actions, worked out when first needed and kept until he plays:
    # ``offers`` where each rank is one play per size, ``cands`` where ``r.general``.
    offers: list[Offers | None]
    cands: list[Generals | None]
    passes: tuple[Action, ...]  # each player's pass (the same all hand long)
    turn: int
    ranks: tuple[int, ...]  # the players, best first (P6 highest_ranked)
    revolution: bool  # B9: the card order is turned over
    direction: int  # 1 clockwise, -1 the other way (B13 Strutz 8 turns it)
    inverted: bool  # B13 Strutz 9: the card order is inverted until the trick ends
    active: int  # bitmask of the players still holding cards
    out: tuple[int, ...]
    forfeits: tuple[int, ...]
    top: int
    top_n: int
    top_key: int
    top_joker: bool
    top_power: bool
    top_lower: bool  # B13 angevin: the top is a 7 led, on which any rank may follow
    top_free: bool  # B4 high_and_low: the top is a lone 2 (or ace), on which anything may follow
    top_tb: int  # D7: the top's tiebreak between natural cards and wild ones (``tiebreak``)
    passed: int
    acted: int
    overplayed: int
    lead_passes: int
    closing: bool  # P4: everyone else passed; the top player may play once on his own cards
    # B10 and B9 quad_and_direction, where the rules play them: the rank of the plays in a
    # row of one rank (None after jokers or wild cards alone), its cards, its lone cards in a
    # row, and (B10) whether an equal play among them binds the next plays to that rank.
    run_rank: Rank | None
    run_cards: int
    run_singles: int
    rof: bool

    def copy(self) -> Core:
        new = Core.__new__(Core)
        new.r, new.hands, new.offers, new.turn = self.r, self.hands, self.offers, self.turn
        new.passes, new.ranks, new.revolution = self.passes, self.ranks, self.revolution
        new.cands, new.direction, new.inverted = self.cands, self.direction, self.inverted
        new.active, new.out, new.forfeits = self.active, self.out, self.forfeits
        new.top, new.top_n, new.top_key = self.top, self.top_n, self.top_key
        new.top_joker, new.top_power, new.closing = self.top_joker, self.top_power, self.closing
        new.top_lower, new.top_free, new.top_tb = self.top_lower, self.top_free, self.top_tb
        new.passed, new.acted = self.passed, self.acted
        new.overplayed, new.lead_passes = self.overplayed, self.lead_passes
        new.run_rank, new.run_cards, new.rof = self.run_rank, self.run_cards, self.rof
        new.run_singles = self.run_singles
        return new

    def offer(self, p: int) -> Offers:
        """Player ``p``'s plays, where each rank is one play per size."""
        found = self.offers[p]
        if found is None:
            found = self.offers[p] = offers(self.passes[p].player, self.hands[p])
        return found

    def plays(self, p: int) -> Generals:
        """Player ``p``'s plays, where ``r.general``."""
        found = self.cands[p]
        if found is None:
            found = self.cands[p] = generals(self.hands[p], self.r)
        return found

    # -- the legal moves ---------------------------------------------------------------------
    def beats(self, rank: Rank | None, k: int, key: int, tb: int = 0) -> bool:
        """Whether ``k`` cards keyed ``key`` beat the top play; ``rank`` is the rank whose
        power counts: JOKER for a set of jokers, None for a set with wild cards; ``tb`` their
        D7 tiebreak."""
        if key == COUP_KEY:
            return True  # S8: a coup d'État is played on anything, and takes the trick
        r = self.r
        if self.top_free or (r.high_low is not None and self._high_low(rank, k)):
            return True  # B4 high_and_low: anything on a 2; a lone 2 on anything
        joker = rank is Rank.JOKER
        if joker and k == 1 and r.power_on:
            if self.top_power or (self.top_joker and self.top_n == 1):
                # A joker on a joker: a higher colour, or an equal one where equal plays go.
                return key > self.top_key or (key == self.top_key and r.equal_ok)
            return True
        if self.top_power:
            return r.quad_beats and k == 4 and not joker
        top_n, top_key = self.top_n, self.top_key
        if r.two_wins and self._lone_two_wins(rank, k, key):
            return True
        more = r.powers.get(rank)  # type: ignore[arg-type]
        if more and k < top_n <= k + more and key > top_key:
            return True  # B4, B6: fewer cards beat a lower set, and stand for as many
        if r.transparent is not None and self._transparent(rank, k):
            return True  # B7: transparent cards take on the rank of what they beat
        if self.top_lower and k == top_n:  # B13 angevin: any rank, as many cards
            return key != top_key or r.equal_ok
        if k < top_n:
            return False
        if k > top_n:
            if r.larger == "forbidden":
                return False
            return r.larger == "any_rank" or key > top_key or (key == top_key and r.equal_ok)
        if r.d7 and key == top_key and tb != self.top_tb:
            return tb > self.top_tb  # D7: natural or wild cards higher, no equal play
        return key > top_key or (key == top_key and r.equal_ok)

    def _high_low(self, rank: Rank | None, k: int) -> bool:
        """B4 high_and_low: whether ``k`` cards of ``rank`` are the lone high-and-low card of
        the order the play is judged in. Callers test ``r.high_low`` first, as for
        ``_transparent``."""
        high_low = self.r.high_low
        return (
            high_low is not None
            and k == 1
            and rank is not None
            and rank is high_low[self.revolution != self.inverted]
        )

    def _transparent(self, rank: Rank | None, k: int) -> bool:
        """B7: whether ``k`` cards of ``rank`` are transparent cards that take on the top's
        rank (as many cards, not on jokers). Callers test ``r.transparent`` first: a call
        saved on every other rule set's hot path."""
        return (
            rank is not None
            and rank is self.r.transparent
            and k == self.top_n
            and not self.top_joker
        )

    def _lone_two_wins(self, rank: Rank | None, k: int, key: int) -> bool:
        """B4 beat_all, atout: a lone 2 (keyed ``key``) beats anything on the table but a
        single card as high (then it is an equal play, or too low)."""
        return rank is Rank.TWO and k == 1 and not (self.top_n == 1 and self.top_key >= key)

    def joker_key(self, cards: tuple[Card, ...]) -> int:
        """D5: a set of jokers ranks as its lowest colour."""
        keys = self.r.joker_keys  # (wild cards beside them rank by the jokers)
        return min(keys[c.colour] for c in cards if c.rank is Rank.JOKER)  # type: ignore[index]

    def moves(self) -> list[Action]:
        """The legal actions of the player to act, in ``legal_plays``' order; his pass last
        when allowed."""
        r = self.r
        p = self.turn
        held_n = len(self.hands[p])
        refuse, banned = r.refuse, r.banned[self.revolution]
        rank_key = r.keys[self.revolution != self.inverted]
        moves: list[Action] = []
        closing = self.closing
        top = self.top
        leading = (top < 0 or closing) and not (closing and self.overplayed >> p & 1)
        follow = self.rof  # B10: only the run's rank may beat (another: a new lead, P4)
        if r.general:  # one candidate at a time
            name = self.passes[p].player
            # A plain follow where only as many cards as the top's may beat (``beats``): the
            # other sizes are passed over unjudged (most sets with wild cards, in hubere).
            exact = (
                not (leading or closing or follow or self.top_power or self.top_lower)
                and not self.top_free
                and r.larger == "forbidden"
                and not (r.power_on or r.two_wins or r.powers or r.high_low or r.coups)
            )
            top_n = self.top_n
            for group in self.plays(p).values():
                for built, cards, rank, n, power, fixed, tb in group:
                    if exact and n != top_n:
                        continue
                    if refuse and n == held_n and any(c.rank in banned for c in cards):
                        continue  # B12: he may not go out on it
                    key = fixed if fixed is not None else rank_key[rank]  # type: ignore[index]
                    if follow and rank is not self.run_rank:
                        if not (closing and not self.beats(power, n, key, tb)):
                            continue
                    elif not (leading or closing != self.beats(power, n, key, tb)):
                        continue
                    if not built:
                        built.append(action(name, cards))
                    moves.append(built[0])
            return self._with_pass(moves)
        most = r.most
        held = self.offer(p)
        if top < 0 and not follow and not refuse and most >= _ANY_SIZE:
            return [a for plays in held.values() for a in plays]  # a lead: every play, no pass
        # The ranks judged one move at a time: jokers, ranks with a power of their own (B4's
        # twos, B7's transparent cards), and every rank on a joker's power, an angevin 7 or a
        # high-and-low 2.
        one_by_one = top >= 0 and (self.top_power or self.top_lower or self.top_free)
        single = r.single_ranks
        top_n, top_key, equal_ok, larger = self.top_n, self.top_key, r.equal_ok, r.larger
        for rank, plays in held.items():
            count = len(plays)
            if count > most:
                count = most
            if follow and rank is not self.run_rank:
                if closing:  # P4: only as a new lead on his own cards
                    key = rank_key[rank]
                    for k in range(1, count + 1):
                        if not (refuse and k == held_n and rank in banned) and not self.beats(
                            rank, k, key
                        ):
                            moves.append(plays[k - 1])
                continue
            if leading:
                if refuse and count == held_n and rank in banned:
                    count -= 1  # B12: he may not go out on it
                moves += plays[:count]
            elif closing or one_by_one or rank is Rank.JOKER or rank in single:
                # P4 closing: he already played once on his own cards: only a new lead.
                key = rank_key[rank]
                for k in range(1, count + 1):
                    if not (refuse and k == held_n and rank in banned) and closing != self.beats(
                        rank, k, key
                    ):
                        moves.append(plays[k - 1])
            else:
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
                moves += plays[lo - 1 : count]
        return self._with_pass(moves)

    def _with_pass(self, moves: list[Action]) -> list[Action]:
        if self.top < 0:
            can_pass = not moves  # B12: a leader passes only when he cannot lead
        elif self.closing:
            can_pass = True  # P4: he gathers the trick
        else:  # B4 high_and_low: no play need beat a 2 (the must_beat rule aside)
            can_pass = not (self.r.must_beat and moves) or self.top_free
        if can_pass:
            moves.append(self.passes[self.turn])
        return moves

    # -- the transition ----------------------------------------------------------------------
    def after(self, rank: Rank | None, k: int, played: tuple[Card, ...]) -> Core:
        """The state once the player to act made the legal move ``(rank, k)`` with the cards
        ``played`` (none for a pass); ``rank`` is the rank the set stands for (None: wild cards
        alone)."""
        new = self.copy()
        new._act(rank, k, played)
        return new

    def _house_rules(
        self, rank: Rank | None, k: int, judged: bool, skip: int, clears: bool
    ) -> tuple[int, bool]:
        """The Daifugō house rules a set of ``k`` cards standing for ``rank`` sets off (the
        order it was ``judged`` in names the top rank): the skips and whether the trick ends."""
        r = self.r
        if rank is Rank.FIVE and r.five_skip:  # H4: one player skipped per 5
            skip += k
        if rank is not None and rank is r.reverse_rank and k % 2:  # H11: an odd number turns
            self.direction = -self.direction
        if rank is Rank.JACK and r.jack_back and k % 2:  # H2: the order inverted (the trick)
            self.inverted = not self.inverted
        if (
            (rank is Rank.EIGHT and r.eight_stop)  # H1
            or (k >= 4 and r.quad_stop)  # H9
            or (r.top_stop and rank is r.top_natural[judged])  # H10
        ):
            clears = True
        return skip, clears

    def _key(self, rank: Rank | None, played: tuple[Card, ...], orient: bool) -> int:
        """The key of a legal play of ``rank`` (None: wild cards alone) in an orientation."""
        r = self.r
        if rank is None:
            assert r.wild_key is not None  # wild cards alone are a move where allowed
            return r.wild_key
        if rank is Rank.JOKER and r.colours:
            return self.joker_key(played)
        return r.keys[orient][rank]

    def _next_eligible(self, i: int) -> int:
        r = self.r
        eligible = self.active
        if r.pass_final:
            eligible &= ~self.passed
        if r.one_round:
            eligible &= ~self.acted
        n, d = r.n, self.direction
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
        step = self.direction if r.lead_rule == "next_left" else -self.direction
        for k in range(1, r.n):
            i = (winner + step * k) % r.n
            if self.active >> i & 1:
                return i
        return winner

    def _new_trick(self, turn: int) -> None:
        self.turn = turn
        self.top, self.top_n, self.top_key = -1, 0, 0
        self.top_joker = self.top_power = self.top_lower = self.top_free = False
        self.top_tb = 0
        self.passed = self.acted = self.overplayed = self.lead_passes = 0
        self.closing = self.inverted = False
        self.run_rank, self.run_cards, self.run_singles, self.rof = None, 0, 0, False

    def _end(self, out: list[int]) -> None:
        self.out = (*self.out, *out)
        self.active = 0
        self.turn = -1

    def _act(self, rank: Rank | None, k: int, played: tuple[Card, ...]) -> None:
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
                        i = (i + self.direction) % n
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
            rest = without(hand, played)
            self.hands = (*self.hands[:p], rest, *self.hands[p + 1 :])
            if r.general:
                cands = list(self.cands)
                found = cands[p]
                if found is not None:
                    cands[p] = generals_after(found, rest, rank, played, r)
                self.cands = cands
            else:
                kept = list(self.offers)
                held = kept[p]
                if held is not None:
                    assert rank is not None  # no wild cards where each rank is one play a size
                    kept[p] = offers_after(held, rest, rank, played)
                self.offers = kept
            joker = rank is Rank.JOKER
            # The rank whose power counts (as ``beats`` reads it): a set with wild cards
            # standing in has none (B4, B6, B7 read natural sets), but jokers keep theirs.
            power_rank = rank
            if r.wild and rank is not None and not joker and any(c.rank in r.wild for c in played):
                power_rank = None
            tb = tiebreak(r, rank, power_rank) if r.d7 else 0
            orient = judged = self.revolution != self.inverted
            # S8: natural cards of one rank with jokers (no wild cards where coups are played)
            coup = r.coups and not joker and any(c.rank is Rank.JOKER for c in played)
            key = COUP_KEY if coup else self._key(rank, played, orient)
            banned = r.banned[self.revolution]  # as the play was judged, before it turns
            leads = self.top < 0 or (self.closing and not self.beats(power_rank, k, key, tb))
            clears = False
            power = False
            lower = False
            free = False
            equal = False  # an equal play (B2), which binds the next plays under B10
            stands = k  # the cards the play counts as
            stands_joker = joker  # whether the top it leaves is a joker set
            takes = rank  # the rank the play stands as (B7: the one a transparent set beat)
            rekeyed = not coup  # whether a turn of the order keys it again
            if leads:
                if self.inverted:  # P4: a new trick starts in the hand's order
                    self.inverted = False
                    orient = self.revolution
                    if not coup:
                        key = self._key(rank, played, orient)
                power = joker and k == 1 and r.power_on
                clears = coup or (power and key >= r.clear_key)
                if r.two_wins and rank is Rank.TWO and k == 1:  # B4: a lone 2 led
                    clears = r.two_clears
                lower = r.angevin and rank is Rank.SEVEN
                free = r.high_low is not None and self._high_low(rank, k)
                self.passed = self.acted = self.overplayed = self.lead_passes = 0
            else:
                if self.closing:
                    self.overplayed |= 1 << p
                if coup:
                    clears = True  # S8: nothing follows a coup d'État
                elif self.top_free:
                    pass  # B4 high_and_low: anything follows a 2, as a plain play
                elif r.high_low is not None and self._high_low(rank, k):
                    free = True
                elif joker and k == 1 and r.power_on:
                    power = True
                    if (self.top_power or (self.top_joker and self.top_n == 1)) and (
                        key == self.top_key
                    ):
                        equal = True
                        skip = 1 if r.skips else 0  # an equal joker
                    else:
                        clears = key >= r.clear_key
                elif r.two_wins and self._lone_two_wins(rank, k, key):
                    clears = r.two_clears
                elif r.transparent is not None and self._transparent(power_rank, k):
                    # B7: it takes on the rank it beat (and its D7 tiebreak), and is no equal
                    # play (B6: jokers standing for more cards have no rank: their key stays)
                    key, tb = self.top_key, self.top_tb
                    takes = r.rank_at[orient].get(key)
                    rekeyed = takes is not None
                elif (
                    not self.top_power
                    and key == self.top_key
                    and not (r.d7 and tb != self.top_tb and k == self.top_n and not self.top_lower)
                ):  # (D7: one set of natural cards, one with wild cards, as many: not equal)
                    equal = True
                    if r.skips:  # B2 skips_next: one player, plus one per card
                        skip = 1 + k - self.top_n
                elif k < self.top_n and r.powers.get(power_rank):  # type: ignore[arg-type]
                    stands = self.top_n  # B4, B6: they stand for as many cards as they beat
                    clears = r.two_wins and rank is Rank.TWO  # atout: and take the trick
                    # The step engine's set standing for them is no joker set (B6: jokers
                    # standing for a four of a kind are then beaten as any four).
                    stands_joker = False
                if not r.pass_final:
                    self.passed = 0
            self.closing = False
            self.acted |= 1 << p
            run = None if rank is None or joker else rank
            if r.track_run:  # B10, B9: the run of one rank (jokers, wild cards alone apart)
                if not leads and run is not None and run is self.run_rank:
                    self.run_cards += k
                    self.run_singles = self.run_singles + 1 if k == 1 else 0
                    self.rof = r.four and (self.rof or equal)
                else:
                    self.run_rank, self.run_cards, self.rof = run, k, False
                    self.run_singles = 1 if k == 1 else 0
                if r.magic and self.rof and self.run_cards >= 4:
                    clears = True  # the magic square: the fourth card ends the trick
            if r.quad_turns and k == 4 and not joker:  # B9: the card order turns over
                self.revolution = not self.revolution
            elif r.quad_dir and (
                (k == 4 and not joker) or (run is not None and k == 1 and self.run_singles >= 4)
            ):  # B9 quad_and_direction: the order and the direction of play turn over
                self.revolution = not self.revolution
                self.direction = -self.direction
            if r.strutz and rank is not None:
                if rank is Rank.SEVEN:
                    skip += k
                elif rank is Rank.EIGHT and k % 2:
                    self.direction = -self.direction
                elif rank is Rank.NINE:
                    self.inverted = not self.inverted
                    self.passed = 0
                elif rank is Rank.TEN:
                    clears = True
            if r.house:
                # A coup d'État counts its natural cards (H4, H11 and H2 read them, as in a run)
                counted = k - sum(1 for c in played if c.rank is Rank.JOKER) if coup else k
                skip, clears = self._house_rules(rank, counted, judged, skip, clears)
            if rekeyed and (self.revolution != self.inverted) != orient:
                key = self._key(takes, played, not orient)  # the play keyed in the new order
            self.top, self.top_n, self.top_key = p, stands, key
            self.top_joker, self.top_power, self.top_lower = stands_joker, power, lower
            self.top_free, self.top_tb = free, tb
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


_ANY_SIZE = 16  # a set size limit no hand reaches (two decks and their jokers: 8 of a rank)


def _bits(players: frozenset[int]) -> int:
    mask = 0
    for i in players:
        mask |= 1 << i
    return mask


def core_of(state: HandState) -> Core | None:
    """The compact form of ``state``, or None where it does not cover it: rules it does not
    cover, a hand not known, an effect owed, the hand over, the opening card still to be
    played (H7), a suit lock (H8) or a play on the table it does not read (a free trick, a
    run)."""
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
        or trick.opening is not None
        or trick.lock
        or not covers(rules)
        or any(h is None for h in state.hands)
    ):
        return None
    r = compact_rules(rules, len(state.players))
    hands = cast(tuple[tuple[Card, ...], ...], state.hands)  # all known: checked above
    if r.colours and any(c.rank is Rank.JOKER and c.colour is None for h in hands for c in h):
        return None  # D5: a joker dealt without its colour (the step engine asks for it)
    core = Core.__new__(Core)
    core.r = r
    core.hands = hands
    core.offers = [None] * r.n
    core.cands = [None] * r.n
    core.passes = tuple(Action(name) for name in state.players)
    core.turn = state.turn
    core.ranks = state.ranks
    core.revolution = state.revolution
    core.direction = state.direction
    core.inverted = trick.inverted
    active = 0
    for i in state.active:
        active |= 1 << i
    core.active = active
    core.out, core.forfeits = state.out, state.forfeits
    top = trick.top
    if top is None:
        core.top, core.top_n, core.top_key, core.top_tb = -1, 0, 0, 0
        core.top_joker = core.top_power = core.top_lower = core.top_free = False
    else:
        combo = top.combo
        if combo.kind != "set" or top.reversed != state.reversed:
            return None
        # The set as it stands: its count (B4: twos count as the cards they beat) and its key
        # in the current order (a joker set's by colour, wild cards alone their own).
        core.top, core.top_n, core.top_key = top.player, combo.count, combo.key[0]
        # D7: only read where wild cards are (without them, natural_wins still gives every
        # natural set a tiebreak of 1, which nothing compares)
        core.top_tb = combo.key[1] if r.d7 else 0
        core.top_joker, core.top_power = combo.joker, top.power_joker
        core.top_lower, core.top_free = top.lower_ok, top.free
    core.passed = _bits(trick.passed)
    core.acted = _bits(trick.acted)
    core.overplayed = _bits(trick.overplayed)
    core.lead_passes = _bits(trick.lead_passes)
    core.closing = trick.pending_close and top is not None
    if r.track_run:
        core.run_rank, core.run_cards = trick.run_rank, trick.run_cards
        core.run_singles = trick.run_singles
        core.rof = trick.rule_of_four and r.four
    else:
        core.run_rank, core.run_cards, core.run_singles, core.rof = None, 0, 0, False
    return core
