"""Which rule sets the compact state plays (``covers``) and what its transition reads of
one (``CompactRules``: worked out once per rule set and table size, so that the transition
reads attributes, not options)."""

from __future__ import annotations

from functools import lru_cache

from companion.rules.beating import forbidden_ranks
from companion.rules.candidates import suits_judge_no_set
from companion.rules.cards import DECK_RANKS, JokerColour, Rank
from companion.rules.combos import JOKER_KEY, WILD_HIGH_KEY, order_for
from companion.rules.house_rules import step_engine_only
from companion.rules.ruleset import RuleSet

__all__ = ["CompactRules", "compact_rules", "covers"]

_NO_LIMIT = 1 << 30


@lru_cache(maxsize=256)
def covers(rules: RuleSet) -> bool:
    """Whether the compact state plays this rule set exactly as the step engine does.

    It plays sets of one rank, the coups d'État (S8, without wild cards), wild cards standing
    in (D6; ranked beside natural cards as D7 says; see ``_wild_covered``), and suits that
    never matter (jokers may rank by colour, D5). Of the options that give a rank or a play a
    power of its own, it plays the twos' (B4: a lone 2 that beats anything, one fewer, high
    and low), Sofia's jokers, jacks and twos (B6), transparent cards (B7), B9's four of a kind
    (for the hand, lasting, or turning the direction too), the rule of four (B10), the card
    effects of B13 (angevin, Strutz, give and discard), the opening card (H7) and the house
    rules read from a play's rank and count (H1, H2, H4-H6, H9-H11).

    A play that owes a card given or discarded (B13, H5, H6) and a play out of turn (B14)
    go to the step engine; the compact state is read again from the state it builds once
    nothing is owed."""
    keys = order_for(rules, False).keys
    return (
        all(r in keys for r in DECK_RANKS[rules.deck])
        and rules.combinations == "sets"
        and not (rules.coup_detat and rules.wild_cards)
        and suits_judge_no_set(rules)
        and (not rules.wild_cards or _wild_covered(rules))
        and rules.special_high_cards in ("none", "jokers_jacks_twos")
        and rules.card_effects in ("none", "angevin", "strutz", "give_discard")
        and not step_engine_only(rules)
    )


def _wild_covered(rules: RuleSet) -> bool:
    """Whether the compact state plays these wild cards (D6, D7): all but wild cards alone
    keyed as the top natural rank under transparent cards (B7: a transparent set on them
    keeps their key, which the compact state, keeping no rank for the top, would read as that
    rank's). (Wild 2s never meet B4's high-and-low 2s: the rule set refuses them together.)"""
    return rules.transparent is None or rules.wild_alone != "top_natural"


class CompactRules:
    """What the compact transition reads of a rule set, worked out once per rule set and
    table size."""

    __slots__ = (
        "angevin",
        "banned",
        "clear_key",
        "colours",
        "coups",
        "d7",
        "eight_stop",
        "equal_ok",
        "five_skip",
        "forfeit_on",
        "four",
        "general",
        "high_low",
        "house",
        "jack_back",
        "joker_keys",
        "keys",
        "larger",
        "lead_rule",
        "magic",
        "most",
        "must_beat",
        "n",
        "natural_tb",
        "one_round",
        "overplay_once",
        "owes",
        "pass_final",
        "power_on",
        "powers",
        "quad_beats",
        "quad_dir",
        "quad_stop",
        "quad_turns",
        "rank_at",
        "refuse",
        "reverse_rank",
        "single_ranks",
        "skips",
        "strutz",
        "top_natural",
        "top_stop",
        "track_run",
        "transparent",
        "two_clears",
        "two_wins",
        "wild",
        "wild_key",
        "wild_tb",
    )

    def __init__(self, rules: RuleSet, n: int) -> None:
        # Each rank's key in the card order, then once a revolution turned it over (B9);
        # jokers with a rank of their own stay above everything.
        self.keys: tuple[dict[Rank, int], dict[Rank, int]] = (
            {**order_for(rules, False).keys, Rank.JOKER: JOKER_KEY},
            {**order_for(rules, True).keys, Rank.JOKER: JOKER_KEY},
        )
        # B9: a four of a kind turns it over (for the hand; quad_persistent: for the hands
        # after it too, which the table reads, so the hand itself plays as quad).
        self.quad_turns = rules.revolution in ("quad", "quad_persistent")
        # B9 quad_and_direction: four of a kind, or four lone cards of one rank in a row, turn
        # the order over and the direction of play.
        self.quad_dir = rules.revolution == "quad_and_direction"
        # Each key's rank, by orientation: what a transparent play (B7) takes on is keyed
        # again from it once the order turns.
        self.rank_at = tuple(
            {key: rank for rank, key in keys.items() if rank is not Rank.JOKER}
            for keys in self.keys
        )
        # B13 angevin: after a 7 led, any rank may follow; an ace ends the trick.
        self.angevin = rules.card_effects == "angevin"
        self.n = n
        self.most = min(
            1 if rules.single_cards_only else _NO_LIMIT,
            rules.max_set if rules.max_set is not None else _NO_LIMIT,
        )
        self.equal_ok = rules.equal_play != "forbidden"
        # B10: after an equal play only its rank may follow; magic_square: its fourth card
        # in a row ends the trick.
        self.four = rules.rule_of_four != "off"
        self.magic = rules.rule_of_four == "magic_square"
        # The run of one rank in the trick: B10 binds plays to it, B9 quad_and_direction
        # counts its lone cards.
        self.track_run = self.four or self.quad_dir
        self.skips = rules.equal_play == "skips_next"
        self.larger = rules.larger_sets
        self.power_on = rules.joker_power != "rank"  # B5: a lone joker beats anything
        self.quad_beats = rules.joker_power == "beat_all_but_quad"
        # D5: the jokers rank by colour; a set of them ranks as its lowest.
        order = order_for(rules, False)
        self.colours = rules.joker_order != "equal"
        self.joker_keys = {c: order.joker_key(c) for c in JokerColour} if self.colours else {}
        # A lone joker on its power takes the trick when nothing can beat it: the lowest key
        # that does (the only joker, or the higher colour; never when an equal joker may
        # follow or a four of a kind may beat it).
        jokers = rules.joker_count(n)
        if rules.joker_power != "beat_all" or (self.equal_ok and jokers > 1):
            self.clear_key = _NO_LIMIT
        else:
            self.clear_key = 0 if jokers <= 1 else order.top_joker_key()
        # D6: wild cards, and the key of a set of them alone (None: not allowed alone).
        self.wild = order.wild_ranks
        # D7: between two sets of one rank and size, natural_wins puts the natural one
        # higher, wild_wins the one with wild cards (each set's tiebreak: 1 wins over 0).
        self.d7 = bool(self.wild) and rules.wild_vs_natural != "equal"
        self.natural_tb = int(rules.wild_vs_natural == "natural_wins")
        self.wild_tb = int(rules.wild_vs_natural == "wild_wins")
        # B4 one_fewer, atout: n-1 twos beat n cards; B6 Sofia's jokers, jacks and twos beat
        # up to 3, 2 and 1 more cards than they hold: by rank, how many more.
        self.powers: dict[Rank, int] = {}
        if rules.twos in ("one_fewer", "atout"):
            self.powers[Rank.TWO] = 1
        if rules.special_high_cards == "jokers_jacks_twos":
            self.powers.update({Rank.JOKER: 3, Rank.JACK: 2, Rank.TWO: 1})
        # B4 beat_all, atout: a lone natural 2 beats anything but a single card as high, and
        # takes the trick at once (beat_all: only when no joker in the pack may beat it).
        self.two_wins = rules.twos in ("beat_all", "atout") and Rank.TWO not in self.wild
        self.two_clears = rules.twos == "atout" or rules.jokers == 0
        # B4 high_and_low: a lone card of this rank (by orientation: the 2, or the ace once
        # quad_and_direction turned the order over) beats anything, and anything may follow it.
        self.high_low = (
            (order_for(rules, False).high_low_rank, order_for(rules, True).high_low_rank)
            if rules.twos == "high_and_low"
            else None
        )
        # B7: a set of this rank takes on the rank of the set it beats, as many cards, not jokers.
        self.transparent = None if rules.transparent is None else Rank(rules.transparent)
        # The ranks whose plays ``Core.moves`` judges one at a time (a power of their own).
        single: set[Rank] = set()
        single.update(self.powers)
        if self.two_wins:
            single.add(Rank.TWO)
        if self.high_low is not None:
            single.update(r for r in self.high_low if r is not None)
        if self.transparent is not None:
            single.add(self.transparent)
        self.single_ranks = frozenset(single)
        alone = rules.wild_alone
        self.wild_key = (
            None
            if alone == "forbidden"
            else WILD_HIGH_KEY
            if alone == "highest"
            else order.keys[order.natural_ranks[-1]]  # no higher than the top natural rank
        )
        # S8: coups d'État, four of a kind with a joker, three with two (without wild cards:
        # a joker among them would stand in).
        self.coups = rules.coup_detat
        # Plays of more than one rank, or jokers told apart: moves from ``candidates``.
        self.general = bool(self.wild) or self.colours or self.coups
        # B12: the ranks one may not finish on, in the card order, then once turned over.
        self.banned = (forbidden_ranks(rules, False), forbidden_ranks(rules, True))
        some = bool(self.banned[0] or self.banned[1])
        self.refuse = some and rules.forbidden_finish_penalty == "illegal"
        self.forfeit_on = some and not self.refuse
        self.must_beat = rules.must_beat
        self.pass_final = rules.pass_is_final
        self.one_round = rules.trick_rounds == "one_round"
        self.overplay_once = rules.self_overplay == "once" and not self.one_round
        # B13 Strutz: a 7 skips, an odd number of 8s turns the direction, a 9 inverts the
        # card order until the trick ends, a 10 ends the trick.
        self.strutz = rules.card_effects == "strutz"
        # B13 give_discard, H5, H6: the ranks whose play owes a card given or discarded while
        # the player holds more. That play, and the card owed, go to the step engine (the
        # state it builds then holds the effect owed, which the compact state does not read).
        owes: set[Rank] = set()
        if rules.card_effects == "give_discard":
            owes.update((Rank.SIX, Rank.SEVEN, Rank.EIGHT, Rank.NINE))
        if rules.seven_pass:
            owes.add(Rank.SEVEN)
        if rules.ten_discard:
            owes.add(Rank.TEN)
        self.owes = frozenset(owes)
        # The Daifugō house rules read from the play's rank and count (H1, H2, H4, H9-H11).
        self.five_skip, self.jack_back = rules.five_skip, rules.jack_back
        self.reverse_rank = _BY_SYMBOL.get(rules.reverse_rank or "")
        self.eight_stop, self.quad_stop = rules.eight_stop, rules.quad_stop
        self.top_stop = rules.top_stop
        self.top_natural = (order.natural_ranks[-1], order_for(rules, True).natural_ranks[-1])
        self.house = any(
            (self.five_skip, self.jack_back, self.reverse_rank, self.eight_stop, self.quad_stop)
        ) or bool(self.top_stop)
        self.lead_rule = rules.lead_after_out


@lru_cache(maxsize=256)
def compact_rules(rules: RuleSet, n: int) -> CompactRules:
    """What the compact transition reads of ``rules`` at a table of ``n``, once."""
    return CompactRules(rules, n)


_BY_SYMBOL = {r.symbol: r for r in Rank}  # H11's rank, as the option names it
