"""Random play on a compact state: the fast path of ``simulate``.

A random playthrough needs, at every turn, only the list of legal actions (in the order
``legal_plays`` yields them, so one random draw picks the same one) and the next turn. Here
a hand is per-rank lists of cards, a trick is a few integers and bitmasks, and a legal play
is a ``(rank, count)`` pair judged from counts and rank keys, without refusal codes and
without building a ``HandState`` per action. It covers the rule sets that play plain sets of
one rank with suits that never matter (``covers``); ``simulate`` uses the step-based engine
for the others. ``tests/rules/test_playout.py`` holds the two equal: the same actions in the
same order, the same finishing order, on every covered preset and on random option
combinations.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from functools import lru_cache

from companion.rules.candidates import suit_sensitive
from companion.rules.cards import DECK_RANKS, Card, Play, Rank
from companion.rules.combos import JOKER_KEY, order_for
from companion.rules.house_rules import step_engine_only
from companion.rules.notation import Action
from companion.rules.ruleset import RuleSet

__all__ = ["Playout", "covers", "playout"]

# How a playout ends: the hand is over, it hit the step cap, or nobody could act.
OVER, CAPPED, STUCK = "over", "capped", "stuck"
_NO_LIMIT = 1 << 30
# Each rank's plays of 1, 2, … cards, sliced to what a hand holds (two decks and their
# jokers hold at most 8 cards of a rank).
_PAIRS = {r: tuple((r, k) for k in range(1, 17)) for r in Rank}


@lru_cache(maxsize=256)
def covers(rules: RuleSet) -> bool:
    """Whether ``playout`` plays this rule set exactly as the step-based engine does: sets of
    one rank only, no wild cards, suits that never matter, and none of the options that give
    a rank or a play a power of its own (twos, transparent cards, special high cards,
    revolutions, the rule of four, card effects, speed play, the coup d'État, the Daifugō
    house rules)."""
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
        and rules.revolution == "off"
        and rules.rule_of_four == "off"
        and rules.card_effects == "none"
        and not rules.speed_play
        and not step_engine_only(rules)
    )


class Playout:
    """What a playout did: the actions in order, who went out (in order) and who finished on
    a forbidden card (in order), and how it ended (``OVER``, ``CAPPED`` or ``STUCK``)."""

    __slots__ = ("actions", "end", "forfeits", "out")

    def __init__(
        self, actions: list[Action], out: list[int], forfeits: list[int], end: str
    ) -> None:
        self.actions = actions
        self.out = out
        self.forfeits = forfeits
        self.end = end


def playout(
    rules: RuleSet,
    names: Sequence[str],
    hands: Sequence[tuple[Card, ...]],
    leader: int,
    gen: random.Random,
    cap: int,
) -> Playout:
    """Play the hand from the deal with uniformly random legal actions drawn from ``gen``,
    one ``gen.choice`` per action over the legal actions in ``legal_plays``' order. Every
    hand must hold cards, and ``covers(rules)`` must hold."""
    n = len(names)
    keys = order_for(rules, False).keys
    rank_key: dict[Rank, int] = {r: keys[r] for r in keys}
    rank_key[Rank.JOKER] = JOKER_KEY
    most = min(
        1 if rules.single_cards_only else _NO_LIMIT,
        rules.max_set if rules.max_set is not None else _NO_LIMIT,
    )
    equal_ok = rules.equal_play != "forbidden"
    skips = rules.equal_play == "skips_next"
    larger = rules.larger_sets
    power_on = rules.joker_power != "rank"  # B5: a lone joker beats anything
    quad_beats = rules.joker_power == "beat_all_but_quad"
    jokers = rules.joker_count(n)
    # A lone joker on its power takes the trick when nothing can beat it.
    unbeatable = rules.joker_power == "beat_all" and not (equal_ok and jokers > 1)
    finish = rules.forbidden_finish
    banned_ranks = frozenset(
        r for r, name in ((Rank.TWO, "2"), (Rank.ACE, "A"), (Rank.JOKER, "joker")) if name in finish
    )
    refuse = bool(banned_ranks) and rules.forbidden_finish_penalty == "illegal"
    forfeit_on = bool(banned_ranks) and not refuse
    must_beat = rules.must_beat
    pass_final = rules.pass_is_final
    one_round = rules.trick_rounds == "one_round"
    overplay_once = rules.self_overplay == "once" and not one_round
    d = 1 if rules.direction == "clockwise" else -1
    lead_rule = rules.lead_after_out

    # Each hand as per-rank lists of its cards (in the order held) and the ranks in the
    # order of their first card still held: the order ``legal_plays`` lists them in.
    groups: list[dict[Rank, list[Card]]] = []
    places: list[dict[Rank, list[int]]] = []
    ranks_of: list[list[Rank]] = []
    for held in hands:
        by_rank: dict[Rank, list[Card]] = {}
        at: dict[Rank, list[int]] = {}
        for i, c in enumerate(held):
            by_rank.setdefault(c.rank, []).append(c)
            at.setdefault(c.rank, []).append(i)
        groups.append(by_rank)
        places.append(at)
        ranks_of.append(list(by_rank))
    left = [len(h) for h in hands]
    active = [True] * n
    live = n
    act_mask = (1 << n) - 1
    out: list[int] = []
    forfeits: list[int] = []
    passes = [Action(name) for name in names]
    pairs = _PAIRS
    actions: list[Action] = []

    # The trick: the play to beat (player, count, key, a joker set, a joker on its power),
    # bitmasks of players who passed / acted / overplayed / could not lead, and whether
    # the top player may still overplay (P4).
    turn = leader
    top = -1
    top_n = top_key = 0
    top_joker = top_power = False
    passed = acted = overplayed = lead_passes = 0
    closing = False

    def next_eligible(i: int) -> int:
        eligible = act_mask
        if pass_final:
            eligible &= ~passed
        if one_round:
            eligible &= ~acted
        for _ in range(n):
            i = (i + d) % n
            if eligible >> i & 1:
                return i
        return -1

    def lead_after_out(winner: int) -> int:
        if lead_rule == "highest_ranked":
            for i in range(n):
                if active[i]:
                    return i
        step = d if lead_rule == "next_left" else -d
        for k in range(1, n):
            i = (winner + step * k) % n
            if active[i]:
                return i
        return winner

    def beats(k: int, key: int, joker: bool) -> bool:
        """Whether ``k`` cards of a rank keyed ``key`` (a joker set if ``joker``) beat the
        top play."""
        if joker and k == 1 and power_on:
            if top_power or (top_joker and top_n == 1):
                return equal_ok  # jokers rank equal: only an equal play may follow
            return True
        if top_power:
            return quad_beats and k == 4 and not joker
        if k < top_n:
            return False
        if k > top_n:
            if larger == "forbidden":
                return False
            return larger == "any_rank" or key > top_key or (key == top_key and equal_ok)
        return key > top_key or (key == top_key and equal_ok)

    while True:
        if len(actions) >= cap:
            return Playout(actions, out, forfeits, CAPPED)
        p = turn
        ranks = ranks_of[p]
        mine = groups[p]
        held_n = left[p]
        moves: list[tuple[Rank, int]] = []
        if (top < 0 or closing) and not (closing and overplayed >> p & 1):
            for r in ranks:
                count = len(mine[r])
                if count > most:
                    count = most
                if refuse and count == held_n and r in banned_ranks:
                    count -= 1  # B12: he may not go out on it
                moves += pairs[r][:count]
        elif closing:  # P4: he already played once on his own cards: only a new lead
            for r in ranks:
                count = len(mine[r])
                if count > most:
                    count = most
                joker = r is Rank.JOKER
                key = rank_key[r]
                for k in range(1, count + 1):
                    if not (refuse and k == held_n and r in banned_ranks) and not beats(
                        k, key, joker
                    ):
                        moves.append((r, k))
        else:
            for r in ranks:
                count = len(mine[r])
                if count > most:
                    count = most
                if r is Rank.JOKER or top_power:
                    joker = r is Rank.JOKER
                    key = rank_key[r]
                    for k in range(1, count + 1):
                        if not (refuse and k == held_n and r in banned_ranks) and beats(
                            k, key, joker
                        ):
                            moves.append((r, k))
                    continue
                # A plain set: as many cards, higher (or equal when allowed); more cards
                # when larger sets may beat (any rank, or higher or equal ones).
                if count < top_n:
                    continue
                key = rank_key[r]
                high = key > top_key or (equal_ok and key == top_key)
                if larger == "forbidden" or (larger == "higher_rank" and not high):
                    if not high:
                        continue
                    count = top_n
                lo = top_n if high else top_n + 1
                if refuse and count == held_n and r in banned_ranks:
                    count -= 1
                moves += pairs[r][lo - 1 : count]
        if top < 0:
            can_pass = not moves  # B12: a leader passes only when he cannot lead
        elif closing:
            can_pass = True  # P4: he gathers the trick
        else:
            can_pass = not (must_beat and moves)
        if can_pass:
            moves.append((Rank.JOKER, 0))
        if not moves:
            return Playout(actions, out, forfeits, STUCK)
        rank, k = gen.choice(moves)

        if k == 0:  # a pass
            actions.append(passes[p])
            if top < 0:  # B12: stuck with forbidden finishes, he hands the lead on
                lead_passes |= 1 << p
                if lead_passes & act_mask == act_mask:
                    i = p
                    for _ in range(n):
                        if active[i]:
                            out.append(i)
                        i = (i + d) % n
                    return Playout(actions, out, forfeits, OVER)
                nxt = next_eligible(p)
                turn = nxt
                passed = acted = overplayed = 0
                continue
            if closing:  # gather: a new trick, led by him
                turn = p
                top = -1
                passed = acted = overplayed = lead_passes = 0
                closing = False
                continue
            passed |= 1 << p
            acted |= 1 << p
            skip = 0
        else:
            cards = mine[rank]
            played = tuple(cards[:k])
            del cards[:k]
            spots = places[p][rank]
            del spots[:k]
            _reorder(ranks, rank, cards, spots, places[p])
            left[p] -= k
            actions.append(Action(names[p], Play(played)))
            joker = rank is Rank.JOKER
            key = rank_key[rank]
            leads = top < 0 or (closing and not beats(k, key, joker))
            clears = False
            skip = 0
            power = False
            if leads:
                power = joker and k == 1 and power_on
                clears = power and unbeatable
                passed = acted = overplayed = lead_passes = 0
            else:
                if closing:
                    overplayed |= 1 << p
                if joker and k == 1 and power_on:
                    power = True
                    if top_power or (top_joker and top_n == 1):
                        skip = 1 if skips else 0  # an equal joker
                    else:
                        clears = unbeatable
                elif skips and not top_power and key == top_key:
                    skip = 1 + k - top_n  # B2 skips_next: one player, plus one per extra card
                if not pass_final:
                    passed = 0
            closing = False
            acted |= 1 << p
            top, top_n, top_key, top_joker, top_power = p, k, key, joker, power
            if left[p] == 0:
                active[p] = False
                act_mask &= ~(1 << p)
                live -= 1
                if forfeit_on and any(c.rank in banned_ranks for c in played):
                    forfeits.append(p)
                else:
                    out.append(p)
            if live <= 1:
                out.extend(i for i in range(n) if active[i])
                return Playout(actions, out, forfeits, OVER)
            if clears:
                turn = p if active[p] else lead_after_out(p)
                top = -1
                passed = acted = overplayed = lead_passes = 0
                continue

        # Move the turn on after an action by p (the skips of an equal play first).
        i = p
        again = False
        skipped = 0
        while skip > 0:
            nxt = next_eligible(i)
            if nxt < 0:
                break
            if nxt == top:
                again = True
                break
            skipped |= 1 << nxt
            i = nxt
            skip -= 1
        if one_round:
            acted |= skipped
        if one_round:
            done = acted & act_mask == act_mask
        else:
            done = (passed | 1 << top) & act_mask == act_mask
        nxt = -1 if done else top if again else next_eligible(i)
        if nxt >= 0:
            turn = nxt
            continue
        # The trick is won by the top player.
        winner = top
        if overplay_once and active[winner]:
            turn = winner
            closing = True
            continue
        turn = winner if active[winner] else lead_after_out(winner)
        top = -1
        passed = acted = overplayed = lead_passes = 0


def _reorder(
    ranks: list[Rank],
    rank: Rank,
    cards: list[Card],
    where: list[int],
    places: dict[Rank, list[int]],
) -> None:
    """Keep ``ranks`` in the order of each rank's first card still held."""
    ranks.remove(rank)
    if not cards:
        return
    first = where[0]
    for i, other in enumerate(ranks):
        if places[other][0] > first:
            ranks.insert(i, rank)
            return
    ranks.append(rank)
