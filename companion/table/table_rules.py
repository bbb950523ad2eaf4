"""The table between hands: every option of section S of ``shared/VARIANTS.md`` (S1–S12).

``RuleSet`` (companion.rules) says how cards are played; ``TableRules`` says who is called
what, where everyone sits, who deals and how, who gives which cards to whom, and how points
are kept. Each field carries its catalogue ID and seeds (``TableRules.option_info``); options
the catalogue does not name but the seeds need carry a letter suffix (``S2a``, ``S3a``…).
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any, ClassVar, Literal

from companion.rules.errors import RuleSetError
from companion.rules.options import OptionSet, option, option_name
from companion.table.titles import TitleSchemeName


class TableRulesError(RuleSetError):
    """A bad table option (S1–S12), or table options that clash."""

    code = "bad-table-rules"


_opt = option


LowGives = Literal["best", "best_collective", "best_no_joker", "negotiated"]
HighGives = Literal["chosen", "lowest", "lowest_even_if_set", "negotiated"]


class TableRules(OptionSet):
    """Who sits, deals, gives and scores. Frozen: change with ``with_options``."""

    error_type: ClassVar[type[RuleSetError]] = TableRulesError
    title: ClassVar[tuple[str, str]] = ("Règles de table invalides", "Invalid table rules")

    # --- S1, S2: titles and the first roles ---------------------------------------------------
    titles: TitleSchemeName = _opt(
        "pagat",
        "S1",
        "all",
        "title scheme: pagat (Président … Citoyen … Trouduc), pres53, "
        "wiki (Neutre in the middle), concierge (commis 1, 2), tdc (Contremaître, Ouvrier, "
        "Larbin), hubere (six Hűbéres ranks), strutz, butthead, klootzakken, merchants",
    )
    first_roles: Literal["draw_card", "first_hand", "random", "exposed_card"] = _opt(
        "first_hand",
        "S2",
        "PRES53, WIKI, CONC, TDC, PAGAT",
        "how roles are first assigned: each draws a card (highest is Président, ties redrawn), "
        "a first hand without exchanges, at random, or by the top card of each dealt hand",
    )
    draw_order: Literal["game", "ace_high"] = _opt(
        "game",
        "S2a",
        "PRES53",
        "order of drawn cards: the game's order, or the order of « la bataille » (ace high, 2 low)",
    )

    # --- S3, S4, S5: seats, dealer, deal ------------------------------------------------------
    seating: Literal["by_rank", "by_rank_anticlockwise", "fixed"] = _opt(
        "by_rank",
        "S3",
        "PAGAT, PRES53, CONC, TDC",
        "by_rank: clockwise in rank order, Vice-Président on the Président's left … last on his "
        "right (PAGAT, CONC, TDC); by_rank_anticlockwise: Vice-Président on his right, lowest "
        "on his left (PRES53); fixed: nobody moves",
    )
    direction_rule: Literal["rules", "president_last"] = _opt(
        "rules",
        "S3a",
        "WIKI (Strutz)",
        "direction of play for a hand: the rule set's, or "
        "chosen so that the Président plays as late as possible in the first round",
    )
    dealer: Literal["scum", "president", "owner"] = _opt(
        "scum", "S4", "PAGAT, PRES53, CONC, TDC", "who deals a ranked hand"
    )
    deal: Literal[
        "one_by_one_from_president",
        "one_by_one_from_left",
        "from_dealer_self_first",
        "tdc_pattern",
        "extras_to_scum_first",
    ] = _opt(
        "one_by_one_from_president",
        "S5",
        "PAGAT, PRES53, WIKI, TDC, Strutz",
        "how a ranked hand is dealt: one by one from the Président, or from the dealer's left, "
        "or from the dealer himself; TDC's patterns for 3–6 players; one by one from the last "
        "player up so the extra cards go to the lowest ranks first",
    )
    first_deal: Literal["one_by_one_from_left", "from_dealer_self_first", "equal_set_aside"] = _opt(
        "one_by_one_from_left",
        "S5a",
        "PAGAT, PRES53, WIKI",
        "how a first hand (no roles yet) is dealt: all cards one by one from the dealer's left "
        "or from himself, or an equal number each with the extras shown and set aside",
    )

    # --- S6: exchanges and discards -----------------------------------------------------------
    exchange: tuple[tuple[int, int], ...] = _opt(
        ((2, 2), (1, 1)),
        "S6",
        "all",
        "cards exchanged per pair of ranks, outermost pair first, as (lower gives, higher "
        "gives back): 1/1; 2/2 1/1; 3/3 2/2 1/1; Butthead 2/3 1/2",
    )
    exchange_by_score: bool = _opt(
        False,
        "S6",
        "PAGAT (scoring at 5/7 players)",
        "the symmetric scores set the counts: each loser exchanges as many cards as his score",
    )
    exchange_low: LowGives = _opt(
        "best",
        "S6",
        "all, WIKI",
        "what the lower player gives: his best cards, the best taken "
        "collectively (a pair of kings beats ace-king), his best but never a joker (Strutz), "
        "or cards negotiated with the higher player",
    )
    exchange_high: tuple[HighGives, ...] = _opt(
        ("chosen",),
        "S6",
        "all, WIKI, PRES53, CONC",
        "what the higher player gives back, per pair (the last value holds for the rest): "
        "cards of his choice, his lowest, his lowest even from a set, or negotiated",
    )
    exchange_order: Literal["low_first", "high_first"] = _opt(
        "low_first",
        "S6",
        "TDC, PRES53, CONC",
        "who gives first in each pair (CONC: the higher player gives first)",
    )
    exchange_pairing: Literal["outer", "chain"] = _opt(
        "outer",
        "S6",
        "CONC",
        "outer: 1st with last, 2nd with second-last…; chain: the "
        "Président with the last, then each neighbouring pair from the bottom up (CONC at 5–6)",
    )
    merchants: bool = _opt(
        False,
        "S6",
        "PAGAT (Cartes à échanger)",
        "at an even count, the two middle players swap one card each, bargaining",
    )
    veto: bool = _opt(
        False,
        "S6",
        "WIKI (Strutz)",
        "the lower player may refuse one card he is given; it is replaced",
    )
    discards: Literal["none", "tdc"] = _opt(
        "none",
        "S6",
        "TDC article 4",
        "tdc: at 3 players the Secrétaire, at 5–6 the "
        "Contremaître discards one card of his choice, collected by the Trou-du-cul",
    )
    discard_shown: bool = _opt(
        True, "S6", "TDC article 4", "whether a discarded card is shown to all"
    )

    # --- S7–S9: events that upset the order ---------------------------------------------------
    putsch: bool = _opt(
        False,
        "S7",
        "WIKI",
        "the Trou du cul may refuse the exchange; if he does not finish first "
        "he exchanges 4 for 4 next hand and may not putsch then",
    )
    # S8 coup_detat is a RuleSet option: its five- and six-card sets are plays the referee
    # judges; the evening reads it there to re-rank the hand.
    rich_man_falls: bool = _opt(
        False, "S9", "PAGAT", "a Président who fails to finish first drops to last at once"
    )

    # --- S10–S12: points, joining, faults -----------------------------------------------------
    scoring: Literal[
        "none", "top_two", "n_minus_rank", "three_two_one", "symmetric", "card_penalty"
    ] = _opt(
        "none",
        "S10",
        "PAGAT, PRES53, WIKI",
        "points per hand: none; 2, 1, 0…; n−1 … 0; 3, 2, 1, 0; symmetric (5: 2 … −2, 7: 3 … "
        "−3); card_penalty (cards left, ×2 at 10+, ×3 if none played; lowest wins)",
    )
    end: Literal["open", "target", "hands"] = _opt(
        "open",
        "S10",
        "PAGAT, WIKI",
        "when the evening ends: when the table stops, when a "
        "player reaches `target` points, or after `hands` hands",
    )
    evening_rank: Literal["points", "last_hand", "average_place", "times_president"] = _opt(
        "last_hand",
        "S10a",
        "PAGAT, PRES53, TDC",
        "who leads the evening and tops its podium: the most points (PRES53: « le joueur qui a "
        "le plus de points qui gagne »), the last hand's order (no points: « monter dans la "
        "hiérarchie sociale » is the aim), the best average place, or the most times Président; "
        "ties by the last hand's order. Setting scoring also sets this (points, or last_hand "
        "for scoring=none)",
    )
    target: int | None = _opt(None, "S10", "PAGAT", "the target score (PAGAT: say 11)")
    hands: int | None = _opt(None, "S10", "", "the number of hands")
    join_leave: bool = _opt(
        True,
        "S11",
        "PAGAT, WIKI",
        "players may leave or join between hands: those below a leaver "
        "move up; a joiner starts at the bottom",
    )
    faults: bool = _opt(
        False,
        "S12",
        "PAGAT",
        "procedural faults: two make the dealer Scum; "
        "two hands with no change of positions make the owner Scum",
    )

    def clashes(self) -> Iterator[tuple[str, str]]:
        return _clashes(self)

    @classmethod
    def parse_setting(cls, name: str, raw: str) -> dict[str, Any]:
        """Field values for one ``--set``: ``exchange=by_score`` sets exchange_by_score,
        ``target=21`` also sets end=target (the end rule and its number go together: the last
        one said wins, as at a real table)."""
        name = option_name(name)
        value = raw.strip()
        low = value.lower()
        if name == "exchange":
            if low == "by_score":
                return {"exchange_by_score": True}
            return {"exchange": parse_exchange(value)}
        if name == "exchange_high":
            return {name: tuple(v.strip() for v in low.split(",") if v.strip())}
        if name in ("target", "hands"):
            if low in ("none", "aucun", ""):
                return {"end": "open", "target": None, "hands": None}
            if not _NUMBER.fullmatch(low):
                raise cls.bad_value(name, value, "attendu un nombre", "expected a number")
            return {"end": name, "target": None, "hands": None, name: int(low)}
        if name == "end":
            return {"end": value, **{k: None for k in ("target", "hands") if k != low}}
        if name == "scoring":
            # The evening's ranking follows the points unless said after them.
            rank = "last_hand" if low == "none" else "points"
            return {**super().parse_setting(name, raw), "evening_rank": rank}
        return super().parse_setting(name, raw)

    def high_gives(self, pair: int) -> HighGives:
        """What the higher player of the ``pair``-th exchange (0 = outermost) gives back."""
        return self.exchange_high[min(pair, len(self.exchange_high) - 1)]

    @property
    def has_exchange(self) -> bool:
        return bool(self.exchange) or self.exchange_by_score or self.merchants


def _clashes(t: TableRules) -> Iterator[tuple[str, str]]:
    """Each clash as (French, English), naming the options that clash."""
    if any(not (1 <= n <= 6) for pair in t.exchange for n in pair):
        text = f"exchange={_counts_text(t.exchange)}"
        yield f"{text} : chaque nombre de 1 à 6", f"{text}: each count from 1 to 6"
    if not t.exchange_high:
        yield "exchange_high : au moins une valeur", "exchange_high needs at least one value"
    if t.end == "target" and t.target is None:
        yield "end=target demande target", "end=target needs target"
    if t.end == "hands" and t.hands is None:
        yield "end=hands demande hands", "end=hands needs hands"
    if t.target is not None and (t.end != "target" or t.target < 1):
        yield (
            f"target={t.target} demande end=target et un score d'au moins 1",
            f"target={t.target} needs end=target and a target of at least 1",
        )
    if t.hands is not None and (t.end != "hands" or t.hands < 1):
        yield (
            f"hands={t.hands} demande end=hands et au moins 1 donne",
            f"hands={t.hands} needs end=hands and at least 1 hand",
        )
    if t.end == "target" and t.scoring == "none":
        yield (
            "end=target incompatible avec scoring=none (aucun point à atteindre)",
            "end=target clashes with scoring=none (no points to reach)",
        )
    if t.evening_rank == "points" and t.scoring == "none":
        yield (
            "evening_rank=points incompatible avec scoring=none (aucun point à compter)",
            "evening_rank=points clashes with scoring=none (no points to count)",
        )
    if t.exchange_by_score and t.scoring != "symmetric":
        yield (
            "exchange=by_score demande scoring=symmetric",
            "exchange=by_score needs scoring=symmetric",
        )
    if t.exchange_pairing == "chain" and (t.exchange_by_score or t.merchants):
        what = "exchange=by_score" if t.exchange_by_score else "merchants"
        yield (
            f"{what} incompatible avec exchange_pairing=chain",
            f"{what} clashes with exchange_pairing=chain",
        )
    if t.putsch and not t.has_exchange:
        yield (
            "putsch demande un échange à refuser (exchange est vide)",
            "putsch needs an exchange to refuse (exchange is empty)",
        )
    if t.veto and not t.has_exchange:
        yield (
            "veto demande un échange (exchange est vide)",
            "veto needs an exchange (exchange is empty)",
        )
    if t.rich_man_falls and t.scoring == "card_penalty":
        yield (
            "rich_man_falls incompatible avec scoring=card_penalty (pas d'ordre d'arrivée)",
            "rich_man_falls clashes with scoring=card_penalty (no finishing order)",
        )


def _counts_text(counts: tuple[tuple[int, int], ...]) -> str:
    return "/".join(f"{a}:{b}" if a != b else str(a) for a, b in counts) or "none"


def build_table_rules(values: dict[str, Any]) -> TableRules:
    """Validate option values into TableRules (raises TableRulesError naming each bad option
    in French and English)."""
    return TableRules.build(values)


_NUMBER = re.compile(r"[0-9]{1,4}")  # ASCII digits only: "²".isdigit() is True, int("²") fails


def _bad(name: str, value: str, fr: str, en: str) -> RuleSetError:
    return TableRules.bad_value(name, value, fr, en)


def parse_exchange(value: str) -> tuple[tuple[int, int], ...]:
    """``2/1`` (2 for 2, then 1 for 1), ``2:3/1:2`` (Butthead: gives 2, gets 3), ``none``."""
    text = value.strip().lower()
    if text in ("", "none", "aucun", "0"):
        return ()
    pairs = []
    for part in text.replace(",", "/").split("/"):
        gives, _, gets = part.strip().replace("↔", ":").partition(":")
        if not _NUMBER.fullmatch(gives.strip()) or (gets and not _NUMBER.fullmatch(gets.strip())):
            raise _bad(
                "exchange", value, "attendu par ex. 2/1 ou 2:3/1:2", "expected e.g. 2/1 or 2:3/1:2"
            )
        pairs.append((int(gives), int(gets) if gets else int(gives)))
    return tuple(pairs)


def parse_table_option(name: str, raw: str) -> dict[str, Any]:
    """Turn ``--set NAME=VALUE`` text for an S option into field values."""
    return TableRules.parse_setting(name, raw)
