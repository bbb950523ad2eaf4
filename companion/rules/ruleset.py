"""The rule set: every option of sections D, P and B of ``shared/VARIANTS.md``.

Each field carries its catalogue ID and the seeds it comes from (``RuleSet.option_info``);
its words (label, meaning, each value's words) are the catalogue domain ``options``. The
comments here keep only what the seeds say beyond those words.
Options the catalogue does not name but the seeds need are marked with a letter suffix
(``D2a``, ``D6a``, ``P5a``, ``B12a``).
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any, Literal

from pydantic import PrivateAttr

from companion.rules.errors import RuleSetError
from companion.rules.options import OptionSet, clashes_with, needs, option, option_name
from companion.words import Message

_opt = option


WildName = Literal["joker", "2", "3"]
FinishName = Literal["2", "joker", "A", "3"]


class RuleSet(OptionSet):
    """How cards are ranked, how a trick is played and what beats what. Frozen: change an
    option with ``rules.with_options(name=value)``."""

    # --- D: deck and card order -------------------------------------------------------------
    deck: Literal["52", "32", "30", "40"] = _opt("52", "D1", "PAGAT, WIKI")
    jokers: int = _opt(0, "D2", "PRES53, WIKI, CONC, TDC")
    # CONC plays two decks plus two Fous: jokers=2 jokers_per=pack.
    jokers_per: Literal["deck", "pack"] = _opt("deck", "D2a", "CONC")
    decks: Literal[1, 2, "auto"] = _opt(1, "D3", "PAGAT, CONC, WIKI (Strutz)")
    two_decks_from: int | None = _opt(None, "D3", "CONC, WIKI (Strutz)")
    rank_order: Literal["two_high", "ace_high", "seven_high", "three_high"] = _opt(
        "two_high", "D4", "PAGAT, WIKI, TDC"
    )
    joker_order: Literal["equal", "coloured_high", "white_high"] = _opt(
        "equal", "D5", "PAGAT, CONC"
    )
    wild_cards: frozenset[WildName] = _opt(frozenset(), "D6", "PAGAT (Hűbéres), WIKI")
    wild_alone: Literal["highest", "top_natural", "forbidden"] = _opt(
        "highest", "D6a", "PAGAT (Hűbéres), WIKI (Strutz, « en tant que joker »)"
    )
    wild_vs_natural: Literal["natural_wins", "wild_wins", "equal"] = _opt("equal", "D7", "PAGAT")

    # --- P: how a trick is played ------------------------------------------------------------
    trick_rounds: Literal["until_all_pass", "one_round"] = _opt(
        "until_all_pass", "P1", "PAGAT, CONC, TDC Armix"
    )
    must_beat: bool = _opt(False, "P2", "PAGAT, TDC Armix")
    pass_is_final: bool = _opt(False, "P3", "PAGAT (Australia), TDC")
    self_overplay: Literal["never", "once"] = _opt("never", "P4", "TDC Remarque 1, WIKI angevin")
    first_lead: Literal["left_of_dealer", "lowest_card", "queen_of_hearts", "president", "scum"] = (
        _opt("president", "P5", "PAGAT, WIKI, PRES53, CONC")
    )
    # three_of_diamonds: SKNY "3 of diamonds start" (the Daifugō tables).
    first_hand_lead: Literal[
        "left_of_dealer", "lowest_card", "queen_of_hearts", "three_of_diamonds"
    ] = _opt("left_of_dealer", "P5a", "PAGAT, WIKI, SKNY")
    lead_after_out: Literal["next_left", "next_right", "highest_ranked"] = _opt(
        "next_left", "P6", "PAGAT, PRES53, WIKI, TDC"
    )
    single_cards_only: bool = _opt(False, "P7", "TDC Armix")
    direction: Literal["clockwise", "anticlockwise"] = _opt("clockwise", "P8", "PAGAT, WIKI")

    # --- B: what beats what ------------------------------------------------------------------
    equal_play: Literal["forbidden", "allowed", "skips_next"] = _opt(
        "forbidden", "B2", "PAGAT, WIKI, angevin, wizz"
    )
    larger_sets: Literal["forbidden", "higher_rank", "any_rank"] = _opt(
        "forbidden", "B3", "PAGAT, WIKI Wizz"
    )
    # beat_all (PAGAT « Un seul deux gagne »): a lone 2 beats anything and its player takes
    # the trick at once, unless jokers in the pack rank above it. atout (WIKI): the same, even
    # with jokers, and n−1 twos beat n cards.
    twos: Literal["normal", "beat_all", "one_fewer", "high_and_low", "atout"] = _opt(
        "normal", "B4", "PAGAT, WIKI, CONC"
    )
    joker_power: Literal["rank", "beat_all", "beat_all_but_quad"] = _opt(
        "rank", "B5", "PAGAT, PRES53, CONC, TDC"
    )
    special_high_cards: Literal["none", "black_threes", "jack_of_diamonds", "jokers_jacks_twos"] = (
        _opt("none", "B6", "PAGAT")
    )
    transparent: Literal[None, 3, 4] = _opt(None, "B7", "PAGAT")
    suits: Literal["ignored", "follow_suit", "opposite_colour", "ranked", "ranked_poker"] = _opt(
        "ignored", "B8", "PAGAT, CONC, WIKI"
    )
    revolution: Literal["off", "quad", "quad_persistent", "quad_and_direction"] = _opt(
        "off", "B9", "PAGAT, WIKI"
    )
    rule_of_four: Literal["off", "follow", "magic_square"] = _opt("off", "B10", "WIKI")
    combinations: Literal["sets", "sets_and_runs", "poker"] = _opt("sets", "B11", "PAGAT, WIKI")
    # PRES53, WIKI: « de une à quatre cartes » (4); none: as many as the pack allows.
    max_set: int | None = _opt(None, "B11a", "PRES53, CONC, WIKI")
    forbidden_finish: frozenset[FinishName] = _opt(frozenset(), "B12", "WIKI, angevin")
    forbidden_finish_penalty: Literal["illegal", "last_place"] = _opt(
        "illegal", "B12a", "WIKI, angevin"
    )
    card_effects: Literal["none", "give_discard", "strutz", "angevin"] = _opt("none", "B13", "WIKI")
    speed_play: bool = _opt(False, "B14", "WIKI")

    # --- S8: a table option that brings plays of its own ------------------------------------
    # WIKI: a four of a kind and a joker, or three of a kind and two jokers, makes its player
    # Président; the guillotine (a four of a kind and two jokers) also names the Trou du cul.
    # The referee judges these plays; the evening re-ranks.
    coup_detat: bool = _opt(False, "S8", "WIKI")

    # --- H: house rules of the Daifugō tables (sources: ``presets.SOURCES``) -----------------
    # DFG: "Playing a pair of 8s, for instance, would trigger an 8 Cut"; SKNY: "an 8 (or a
    # combination with 8)": any play holding an 8 (a set of 8s, or a run through the 8).
    eight_stop: bool = _opt(False, "H1", "DAIFUGO, DFG, SKNY")
    # DFG « 11 Back » reverses the ranking; until the trick ends (open point: DFG does not say
    # when it stops). An even number of jacks turns it twice, so not at all.
    jack_back: bool = _opt(False, "H2", "DAIFUGO, DFG")
    # SKNY: a lone joker "can be beaten only by 3 of spades (and then has to be cleared)".
    spade_three: bool = _opt(False, "H3", "DAIFUGO, SKNY")
    # DFG « A 5 skips the next player in turn »: one player per 5 played (open point).
    five_skip: bool = _opt(False, "H4", "DAIFUGO, DFG")
    # DFG « 7 Pass »: "You can give up to the number of 7s you played or none".
    seven_pass: bool = _opt(False, "H5", "DAIFUGO, DFG")
    # DFG « 10 Discard »: "You can discard up to the number of 10s you played or none".
    ten_discard: bool = _opt(False, "H6", "DAIFUGO, DFG")
    # GROUPGAMES: "The player with the 3 of Clubs (3♣) starts the first 'trick' by playing
    # it"; the card is the one that named the leader (P5/P5a: 3♣, 3♦ or Q♥).
    opening_card_played: bool = _opt(False, "H7", "GROUPGAMES, SKNY")
    # BOKU « マークしばり »: same suits twice in a row lock the trick to them until it ends
    # (``companion.rules.suit_lock`` holds the open points and what we decided).
    shibari: bool = _opt(False, "H8", "BOKU, EKPRO, BOARDOOR")
    # CONVO: a trick is won "whenever you play … four 8's at once": a set of four or more.
    quad_stop: bool = _opt(False, "H9", "CONVO")
    # GROUPGAMES: "A 2 (or set of 2s) is the highest card … and 'clears' the pile, winning the
    # trick instantly": the top rank of the order in force (the 3 during a revolution).
    top_stop: bool = _opt(False, "H10", "GROUPGAMES")
    # EXCITE lists « 7回し », « 9リバース », « Qリバース »: "play that card and the order of
    # turns goes the other way round"; each table picks its card (the 3 too). Each card of
    # the rank turns it once (open point): a pair turns it twice, so not at all.
    reverse_rank: Literal[None, "3", "7", "9", "Q"] = _opt(None, "H11", "EXCITE")

    _hash: int | None = PrivateAttr(default=None)

    def __hash__(self) -> int:
        # Rule sets key the engine's caches: hash the ~40 fields once, not on every lookup.
        # Read the private slot directly: pydantic's __getattr__ would cost more than hashing.
        private = self.__pydantic_private__
        value = private.get("_hash") if private else None
        if value is None:
            value = hash(tuple(self.__dict__.values()))
            self._hash = value
        return value

    def __eq__(self, other: object) -> bool:
        # By option values only (pydantic would also compare the cached hash).
        return isinstance(other, RuleSet) and self.__dict__ == other.__dict__

    def clashes(self) -> Iterator[Message]:
        return _clashes(self)

    # -- derived values ----------------------------------------------------------------------
    def deck_count(self, players: int) -> int:
        if self.decks == "auto":
            return 2 if self.two_decks_from is not None and players >= self.two_decks_from else 1
        return self.decks

    def joker_count(self, players: int) -> int:
        decks = self.deck_count(players)
        return self.jokers if self.jokers_per == "pack" else self.jokers * decks

    @classmethod
    def parse_item(cls, item: str) -> str:
        low = item.lower()
        return "joker" if low in ("jk", "joker") else "A" if low == "a" else item

    @classmethod
    def parse_setting(cls, name: str, raw: str) -> dict[str, Any]:
        # B5 shares the name `jokers` with D2 in VARIANTS.md; their values never overlap.
        if option_name(name) == "jokers" and raw.strip() in _JOKER_POWER_VALUES:
            name = "joker_power"
        return super().parse_setting(name, raw)


def _clashes(r: RuleSet) -> Iterator[Message]:
    """Each clash, naming the options that clash."""
    if not 0 <= r.jokers <= 2:
        yield Message.of("option.clash.jokers", jokers=r.jokers)
    if r.decks == "auto" and r.two_decks_from is None:
        yield needs("decks=auto", "two_decks_from")
    if "joker" in r.wild_cards and r.jokers == 0:
        yield needs("wild_cards=joker", "jokers ≥ 1")
    if r.rank_order == "seven_high" and r.deck not in ("32", "30"):
        yield needs("rank_order=seven_high", "deck=32", "deck=30")
    if r.rank_order == "three_high" and r.deck != "40":
        yield needs("rank_order=three_high", "deck=40")
    if r.deck in ("32", "30") and (r.twos != "normal" or "2" in r.wild_cards):
        yield Message.of("option.clash.no_twos", deck=r.deck)
    if (r.deck in ("32", "30", "40") and r.transparent == 4) or (
        r.deck in ("32", "30")
        and (r.transparent == 3 or "3" in r.wild_cards or r.special_high_cards == "black_threes")
    ):
        yield Message.of("option.clash.lacks_rank", deck=r.deck)
    if r.rule_of_four != "off" and r.equal_play == "forbidden":
        yield needs(f"rule_of_four={r.rule_of_four}", "equal_play=allowed", "skips_next")
    if r.speed_play and r.equal_play == "forbidden":
        yield needs("speed_play", "equal_play=allowed", "skips_next")
    if r.single_cards_only and r.larger_sets != "forbidden":
        yield clashes_with("single_cards_only", "larger_sets")
    if r.single_cards_only and r.combinations != "sets":
        yield clashes_with("single_cards_only", "combinations")
    if r.single_cards_only and r.revolution in ("quad", "quad_persistent"):
        yield Message.of("option.clash.single_revolution", revolution=r.revolution)
    if "2" in r.wild_cards and r.twos != "normal":
        yield clashes_with("wild_cards=2", f"twos={r.twos}")
    if r.transparent is not None and str(r.transparent) in r.wild_cards:
        yield clashes_with(f"transparent={r.transparent}", f"wild_cards={r.transparent}")
    if r.special_high_cards == "jokers_jacks_twos" and r.twos != "normal":
        yield Message.of("option.clash.special_twos", twos=r.twos)
    if "3" in r.forbidden_finish and r.revolution == "off":
        yield Message.of("option.clash.finish_three")
    if "joker" in r.forbidden_finish and r.jokers == 0:
        yield needs("forbidden_finish=joker", "jokers ≥ 1")
    if r.combinations == "poker" and r.wild_cards:
        yield Message.of("option.clash.poker_wild")
    if r.coup_detat and r.jokers == 0:
        # WIKI: « Dans cette variante, il est nécessaire de jouer avec des jokers. »
        yield needs("coup_detat", "jokers ≥ 1")
    if r.coup_detat and r.single_cards_only:
        yield Message.of("option.clash.coup_single")
    if r.max_set is not None and r.max_set < 1:
        yield Message.of("option.clash.max_set", max_set=r.max_set)


# What an option value brings with it. PAGAT, « Le 4 d'une sorte inverse les rangs et le sens
# du jeu » (Hamish Allan): « Les jeux égaux sont autorisés » … « Dans le classement normal, les
# trois sont transparents et le deux est haut et bas. »
BRINGS: dict[tuple[str, Any], dict[str, Any]] = {
    ("revolution", "quad_and_direction"): {
        "equal_play": "allowed",
        "transparent": 3,
        "twos": "high_and_low",
    },
}


def with_brought(changes: dict[str, Any]) -> dict[str, Any]:
    """``changes`` plus what their values bring, where the same changes do not say otherwise
    (a table that sets ``transparent=none`` beside the variant keeps its choice)."""
    out = dict(changes)
    for (name, value), parts in BRINGS.items():
        if changes.get(name) == value:
            for part, brought in parts.items():
                out.setdefault(part, brought)
    return out


def parts_turned_off(rules: RuleSet) -> list[tuple[str, Any]]:
    """What the rules' option values would bring but the table turned off, as
    (option, the value the variant brings): named in the rulings they change."""
    return [
        (part, brought)
        for (name, value), parts in BRINGS.items()
        if getattr(rules, name) == value
        for part, brought in parts.items()
        if getattr(rules, part) != brought
    ]


_JOKER_POWER_VALUES = frozenset({"rank", "beat_all", "beat_all_but_quad"})


def build_ruleset(values: dict[str, Any]) -> RuleSet:
    """Validate option values into a RuleSet (raises RuleSetError naming each bad option)."""
    return RuleSet.build(values)


def parse_option(name: str, raw: str) -> tuple[str, Any]:
    """Turn ``--set NAME=VALUE`` text into a field name and a value pydantic will accept
    (raises RuleSetError naming every game option when the name is none of them)."""
    if not RuleSet.has_option(name) and option_name(name) != "jokers":
        known = ", ".join(sorted(RuleSet.model_fields))
        shown = option_name(name)
        raise RuleSetError(Message.of("option.unknown", name=shown, known=known), option=shown)
    ((field, value),) = RuleSet.parse_setting(name, raw).items()
    return field, value
