"""Whether a play beats the one on the table: combination, count and rank, and the card
powers and suit rules that bend them (B4–B7, B13, D7); and the cards a player may not finish
on (B12).

The transition (``companion.rules.hand``) asks ``beats`` about every play that does not lead.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from functools import lru_cache

from companion.rules.cards import Card, Rank, Suit
from companion.rules.codes import RuleCode
from companion.rules.combos import COUP_KINDS, POKER_KINDS, Combo, ComboError, Order, classify
from companion.rules.errors import SuitNeededError
from companion.rules.ruleset import RuleSet
from companion.rules.state import HandState, Top
from companion.rules.suit_lock import fits, stand_ins
from companion.words import Message


@dataclass(slots=True)
class Effect:
    clears: str = ""  # the option that ends the trick at once, if any
    skip: int = 0
    equal: bool = False
    blocker: str = ""


def beats(
    state: HandState, top: Top, combo: Combo, cards: tuple[Card, ...], order: Order, who: int
) -> tuple[RuleCode, Top | None, Effect]:
    """Does ``combo`` (played by ``who``) beat ``top``? Returns (code, the new top, effects)."""
    rules = state.rules
    eff = Effect()
    target = rekey(top, state)
    new = Top(who, cards, combo, state.reversed)
    lone = len(cards) == 1

    if state.trick.lock:  # H8 shibari binds every play, whatever its power
        fit = fits(state.trick.lock, cards, stand_ins(rules))
        if fit is None:
            raise SuitNeededError(Message.of("rules.suits_needed.shibari"))
        if not fit:
            eff.blocker = "shibari"
            return RuleCode.SUIT_LOCKED, None, eff
    if combo.kind in COUP_KINDS:
        # S8 (WIKI): the seed does not say when a coup d'État may be played; at one's turn,
        # on any play, it takes the trick (open point of the trou-du-cul preset).
        eff.clears = "coup_detat"
        return RuleCode.OK, new, eff
    if top.free:  # B4 high_and_low: anything may follow a 2
        return RuleCode.OK, new, eff
    if is_high_low(order, combo, cards):
        return RuleCode.OK, replace(new, free=True), eff
    # H3: a lone 3♠ beats a lone joker, whatever the order, and takes the trick
    if (
        rules.spade_three
        and lone
        and target.joker
        and target.count == 1
        and not combo.joker
        and _spade_three(cards[0])
    ):
        eff.clears = "spade_three"
        return RuleCode.OK, new, eff
    # B5: a lone joker beats anything but a higher joker; a four of a kind beats it back
    if combo.joker and lone and rules.joker_power != "rank":
        if top.power_joker or (target.joker and target.count == 1):
            return _joker_on_joker(state, combo, target, new, eff)
        eff.clears = "joker_power" if joker_unbeatable(state, combo) else ""
        return RuleCode.OK, replace(new, power_joker=True), eff
    if top.power_joker:
        if (
            rules.joker_power == "beat_all_but_quad"
            and combo.kind == "set"
            and combo.count == 4
            and not combo.joker
        ):
            return RuleCode.OK, new, eff
        eff.blocker = "joker_power"
        return RuleCode.JOKER_UNBEATABLE, None, eff
    # B4 beat_all, PAGAT « Un seul deux gagne »: a lone 2 beats any combination of lower
    # cards, and « la personne qui joue le deux débarrasse les cartes … et mène à nouveau ».
    # With jokers in the pack (PAGAT ranks them above the twos) a joker may still beat it, so
    # the trick goes on (open point). WIKI « atout »: « Le joueur l'ayant placé récupère la
    # main » — even with jokers in the pack.
    if (
        rules.twos in ("beat_all", "atout")
        and is_lone_two(cards, order)
        and not (target.kind == "set" and target.count == 1 and target.key[0] >= combo.key[0])
    ):
        eff.clears = "twos" if rules.twos == "atout" or nothing_above_two(state) else ""
        return RuleCode.OK, new, eff
    if combo.kind in POKER_KINDS and target.kind in POKER_KINDS:
        # WIKI: « Suite, Couleur, Full, Quinte Flush », weakest to strongest
        return _higher(combo.key, target.key, new, eff)
    if combo.kind != target.kind or combo.width != target.width:
        eff.blocker = "combinations"
        return RuleCode.WRONG_COMBINATION, None, eff
    if combo.kind == "run":
        if combo.key[1] != target.key[1]:
            eff.blocker = "combinations"
            return RuleCode.COUNT_MISMATCH, None, eff
        return _higher(combo.key, target.key, new, eff)
    # --- sets ---
    power = _power(rules, combo)
    if power and combo.count < target.count <= combo.count + power and combo.key[0] > target.key[0]:
        # B4 one_fewer / B6 Sofia: n−1 twos beat n cards; the play now stands for that many
        stands = Combo("set", target.count, combo.rank, combo.key, natural=combo.natural)
        eff.clears = "twos" if rules.twos == "atout" and combo.rank is Rank.TWO else ""
        return RuleCode.OK, replace(new, combo=stands), eff
    if (
        rules.transparent is not None
        and combo.rank is not None
        and combo.rank.value == rules.transparent
        and combo.natural
        and combo.count == target.count
        and not target.joker
    ):
        # B7: transparent cards take the rank of what they beat
        return RuleCode.OK, replace(new, combo=target), eff
    if top.lower_ok and combo.count == target.count:
        # B13 angevin: after a 7 any rank may follow
        if combo.key[0] == target.key[0]:
            return _equal(state, combo, target, new, eff)
        return RuleCode.OK, new, eff
    if combo.count < target.count:
        eff.blocker = "larger_sets"
        return RuleCode.COUNT_MISMATCH, None, eff
    if combo.count > target.count:
        larger = rules.larger_sets
        if larger == "forbidden":
            eff.blocker = "larger_sets"
            return RuleCode.COUNT_MISMATCH, None, eff
        # Same rank first: an equal play with more cards is still an equal play (B2: under
        # skips_next it skips one player more per extra card), whatever larger_sets allows.
        if combo.key[0] == target.key[0] and rules.equal_play != "forbidden":
            return _equal(state, combo, target, new, eff)
        if larger == "any_rank" or combo.key[0] > target.key[0]:
            return RuleCode.OK, new, eff
        eff.blocker = "larger_sets"
        return RuleCode.TOO_LOW, None, eff
    # same number of cards
    if rules.suits == "follow_suit" and combo.count == 1:
        played, under = cards[0], top.cards[0]
        if played.suit is None or under.suit is None:
            # Ask for the suits only when the answer depends on them: a card no higher than
            # the one to beat is refused whatever its suit.
            if not (played.is_joker or under.is_joker) and combo.key[0] > target.key[0]:
                raise SuitNeededError(Message.of("rules.suits_needed.single"))
        elif played.suit is not under.suit:
            eff.blocker = "suits"
            return RuleCode.WRONG_SUIT, None, eff
    if combo.key[0] > target.key[0]:
        return RuleCode.OK, new, eff
    if combo.key[0] < target.key[0]:
        eff.blocker = "joker_order" if combo.joker and target.joker else "rank_order"
        return RuleCode.TOO_LOW, None, eff
    # same rank
    if rules.suits == "opposite_colour":
        # PAGAT: « un cinq rouge peut être battu par un cinq noir, mais pas par un autre
        # cinq rouge » — the colour rule decides equal ranks, whatever equal_play says.
        if _opposite_colours(cards, top.cards):
            # PAGAT calls it « une variante permettant des jeux égaux »: under skips_next (or
            # the rule of four) it is an equal play like any other.
            if rules.equal_play != "forbidden":
                return _equal(state, combo, target, new, eff)
            return RuleCode.OK, new, eff
        eff.blocker = "suits"
        return RuleCode.WRONG_SUIT, None, eff
    if combo.key[1] != target.key[1]:  # D7 natural vs wild
        eff.blocker = "wild_vs_natural"
        return (
            (RuleCode.OK, new, eff)
            if combo.key[1] > target.key[1]
            else (RuleCode.TOO_LOW, None, eff)
        )
    if rules.suits in ("ranked", "ranked_poker"):
        if combo.key[2] < 0 or target.key[2] < 0:
            raise SuitNeededError(Message.of("rules.suits_needed.equal"))
        if combo.key[2] != target.key[2]:
            eff.blocker = "suits"
            return (
                (RuleCode.OK, new, eff)
                if combo.key[2] > target.key[2]
                else (RuleCode.TOO_LOW, None, eff)
            )
    return _equal(state, combo, target, new, eff)


def _joker_on_joker(
    state: HandState, combo: Combo, target: Combo, new: Top, eff: Effect
) -> tuple[RuleCode, Top | None, Effect]:
    if combo.key[0] > target.key[0]:
        eff.clears = "joker_power" if joker_unbeatable(state, combo) else ""
        return RuleCode.OK, replace(new, power_joker=True), eff
    if combo.key[0] == target.key[0] and state.rules.equal_play != "forbidden":
        code, top, eff = _equal(state, combo, target, new, eff)
        return code, (replace(top, power_joker=True) if top else None), eff
    eff.blocker = "joker_order"
    return (
        (RuleCode.EQUAL_FORBIDDEN if combo.key[0] == target.key[0] else RuleCode.TOO_LOW),
        None,
        eff,
    )


def _higher(
    key: tuple[int, ...], target: tuple[int, ...], new: Top, eff: Effect
) -> tuple[RuleCode, Top | None, Effect]:
    if key > target:
        return RuleCode.OK, new, eff
    eff.blocker = "rank_order"
    return RuleCode.TOO_LOW, None, eff


def _equal(
    state: HandState, combo: Combo, target: Combo, new: Top, eff: Effect
) -> tuple[RuleCode, Top | None, Effect]:
    rule = state.rules.equal_play
    if rule == "forbidden":
        eff.blocker = "equal_play"
        return RuleCode.EQUAL_FORBIDDEN, None, eff
    eff.equal = True
    if rule == "skips_next":  # PAGAT/Wizz: one player, plus one per extra card
        eff.skip = 1 + combo.count - target.count
    return RuleCode.OK, new, eff


def rekey(top: Top, state: HandState) -> Combo:
    """The top combo keyed in the current orientation (a revolution may have flipped it)."""
    if (
        top.reversed == state.reversed
        or top.combo.kind != "set"
        or top.combo.rank is None
        or top.combo.joker
    ):
        return top.combo
    order = state.order
    if top.combo.rank not in order.keys:
        return top.combo
    # suit tiebreaks run 0..3 and flip with the order; -1 stays "suit unknown"
    key = (
        order.keys[top.combo.rank],
        top.combo.key[1],
        3 - top.combo.key[2] if top.combo.key[2] >= 0 else top.combo.key[2],
    )
    return replace(top.combo, key=key)


def _power(rules: RuleSet, combo: Combo) -> int:
    """How many more cards than it holds a set of this rank can beat (B4, B6)."""
    if combo.joker and rules.special_high_cards == "jokers_jacks_twos":
        return 3  # Sofia: « tout quatre d'une sorte … par un seul joker »
    if (
        combo.rank is Rank.TWO
        and combo.natural
        and (
            rules.twos in ("one_fewer", "atout") or rules.special_high_cards == "jokers_jacks_twos"
        )
    ):
        return 1
    if (
        combo.rank is Rank.JACK
        and combo.natural
        and rules.special_high_cards == "jokers_jacks_twos"
    ):
        return 2
    return 0


def is_high_low(order: Order, combo: Combo, cards: tuple[Card, ...]) -> bool:
    return (
        order.high_low_rank is not None and len(cards) == 1 and cards[0].rank is order.high_low_rank
    )


def is_lone_two(cards: tuple[Card, ...], order: Order) -> bool:
    return len(cards) == 1 and cards[0].rank is Rank.TWO and Rank.TWO not in order.wild_ranks


def nothing_above_two(state: HandState) -> bool:
    return state.rules.jokers == 0


def joker_unbeatable(state: HandState, combo: Combo) -> bool:
    """A lone joker on its power ends the trick when nothing can beat it (PRES53: 'remporte
    le pli')."""
    rules = state.rules
    if rules.joker_power != "beat_all" or rules.spade_three:
        return False  # B5 beat_all_but_quad: a four of a kind may still come; H3: the 3♠
    if rules.equal_play != "forbidden" and rules.joker_count(len(state.players)) > 1:
        return False
    only_one = rules.joker_count(len(state.players)) <= 1
    return only_one or combo.key[0] >= state.order.top_joker_key()


def _spade_three(card: Card) -> bool:
    """H3: is this lone 3 the 3♠? A 3 typed without its suit cannot say."""
    if card.rank is not Rank.THREE:
        return False
    if card.suit is None:
        raise SuitNeededError(Message.of("rules.suits_needed.spade_three"))
    return card.suit is Suit.SPADES


def _opposite_colours(cards: tuple[Card, ...], under: tuple[Card, ...]) -> bool:
    if any(c.suit is None for c in (*cards, *under) if not c.is_joker):
        raise SuitNeededError(Message.of("rules.suits_needed.opposite"))
    reds = sum(1 for c in cards if c.suit is not None and c.suit.is_red)
    under_blacks = sum(1 for c in under if c.suit is not None and not c.suit.is_red)
    return reds == under_blacks and len(cards) == len(under)


def is_equal_play(state: HandState, cards: tuple[Card, ...]) -> bool:
    """B14: an out-of-turn play must match the current play's rank and count."""
    top = state.trick.top
    if top is None:
        return False
    try:
        combo = classify(cards, state.order)
    except ComboError:
        return False
    target = rekey(top, state)
    return (
        combo.kind == "set"
        and combo.count >= target.count
        and combo.rank is not None
        and combo.rank is target.rank
    )


def forbidden_finish(state: HandState, cards: tuple[Card, ...]) -> bool:
    """B12: whether ``cards`` hold a card a player may not finish on."""
    banned = forbidden_ranks(state.rules, state.revolution)
    return any(c.rank in banned for c in cards)


def _forbidden_ranks(rules: RuleSet, revolution: bool) -> frozenset[Rank]:
    """B12: the ranks a player may not finish on (the 3s only once a revolution turned the
    order over: they are then the highest)."""
    names = rules.forbidden_finish
    return frozenset(
        rank
        for rank, name in ((Rank.JOKER, "joker"), (Rank.TWO, "2"), (Rank.ACE, "A"))
        if name in names
    ) | ({Rank.THREE} if "3" in names and revolution else set())


# Wrapped, not decorated: mutation testing (mutmut) leaves decorated functions out.
forbidden_ranks = lru_cache(maxsize=256)(_forbidden_ranks)
