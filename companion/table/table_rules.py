"""The table between hands: every option of section S of ``shared/VARIANTS.md`` (S1–S12).

``RuleSet`` (companion.rules) says how cards are played; ``TableRules`` says who is called
what, where everyone sits, who deals and how, who gives which cards to whom, and how points
are kept. Each field carries its catalogue ID and seeds (``TableRules.option_info``), its
words are the catalogue domain ``options``, and the comments keep what the seeds say beyond
those words; options
the catalogue does not name but the seeds need carry a letter suffix (``S2a``, ``S3a``…).
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any, ClassVar, Literal

from companion.rules.errors import RuleSetError
from companion.rules.options import OptionSet, clashes_with, needs, option, option_name
from companion.table.exchange_counts import (
    BySize,
    Counts,
    by_size_text,
    counts_at,
    counts_text,
    parse_by_size,
    parse_counts,
)
from companion.table.titles import TitleSchemeName
from companion.words import Message


class TableRulesError(RuleSetError):
    """A bad table option (S1–S12), or table options that clash."""

    code = "bad-table-rules"


_opt = option


LowGives = Literal["best", "best_collective", "best_no_joker", "negotiated"]
HighGives = Literal["chosen", "lowest", "lowest_even_if_set", "negotiated"]


class TableRules(OptionSet):
    """Who sits, deals, gives and scores. Frozen: change with ``with_options``."""

    error_type: ClassVar[type[RuleSetError]] = TableRulesError
    invalid: ClassVar[str] = "option.invalid_table"

    # --- S1, S2: titles and the first roles ---------------------------------------------------
    titles: TitleSchemeName = _opt("pagat", "S1", "all")
    first_roles: Literal["draw_card", "first_hand", "random", "exposed_card"] = _opt(
        "first_hand", "S2", "PRES53, WIKI, CONC, TDC, PAGAT"
    )
    draw_order: Literal["game", "ace_high"] = _opt("game", "S2a", "PRES53")

    # --- S3, S4, S5: seats, dealer, deal ------------------------------------------------------
    # by_rank: the second on the first's left … the last on his right (PAGAT, CONC, TDC);
    # by_rank_anticlockwise: the second on his right, the last on his left (PRES53).
    seating: Literal["by_rank", "by_rank_anticlockwise", "fixed"] = _opt(
        "by_rank", "S3", "PAGAT, PRES53, CONC, TDC"
    )
    direction_rule: Literal["rules", "president_last"] = _opt("rules", "S3a", "WIKI (Strutz)")
    dealer: Literal["scum", "president", "owner"] = _opt("scum", "S4", "PAGAT, PRES53, CONC, TDC")
    deal: Literal[
        "one_by_one_from_president",
        "one_by_one_from_left",
        "from_dealer_self_first",
        "tdc_pattern",
        "extras_to_scum_first",
    ] = _opt("one_by_one_from_president", "S5", "PAGAT, PRES53, WIKI, TDC, Strutz")
    first_deal: Literal["one_by_one_from_left", "from_dealer_self_first", "equal_set_aside"] = _opt(
        "one_by_one_from_left", "S5a", "PAGAT, PRES53, WIKI"
    )

    # --- S6: exchanges and discards -----------------------------------------------------------
    # Per pair of ranks, outermost first, as (lower gives, higher gives back): 1/1; 2/2 1/1;
    # 3/3 2/2 1/1; Butthead 2/3 1/2.
    exchange: tuple[tuple[int, int], ...] = _opt(((2, 2), (1, 1)), "S6", "all")
    exchange_by_score: bool = _opt(False, "S6", "PAGAT (scoring at 5/7 players)")
    # BOARDOOR: the last gives "their 2 strongest cards … (1 card in 3-player games)"; BALA:
    # the second pair exchanges 1 only "With 6+ players". Replaces ``exchange`` when set.
    exchange_by_players: BySize = _opt((), "S6", "BOARDOOR, BALA")
    exchange_low: LowGives = _opt("best", "S6", "all, WIKI")
    exchange_high: tuple[HighGives, ...] = _opt(("chosen",), "S6", "all, WIKI, PRES53, CONC")
    exchange_order: Literal["low_first", "high_first"] = _opt(
        "low_first", "S6", "TDC, PRES53, CONC"
    )
    # chain: the Président with the last, then each neighbouring pair from the bottom up
    # (CONC at 5–6 players).
    exchange_pairing: Literal["outer", "chain"] = _opt("outer", "S6", "CONC")
    merchants: bool = _opt(False, "S6", "PAGAT (Cartes à échanger)")
    veto: bool = _opt(False, "S6", "WIKI (Strutz)")
    # tdc: at 3 players the Secrétaire, at 5–6 the Contremaître discards one card of his
    # choice, collected by the Trou-du-cul.
    discards: Literal["none", "tdc"] = _opt("none", "S6", "TDC article 4")
    discard_shown: bool = _opt(True, "S6", "TDC article 4")

    # --- S7–S9: events that upset the order ---------------------------------------------------
    # If the putschist does not finish first he exchanges 4 for 4 next hand and may not
    # putsch then.
    putsch: bool = _opt(False, "S7", "WIKI")
    # S8 coup_detat is a RuleSet option: its five- and six-card sets are plays the referee
    # judges; the evening reads it there to re-rank the hand.
    rich_man_falls: bool = _opt(False, "S9", "PAGAT")

    # --- S10–S12: points, joining, faults -----------------------------------------------------
    # symmetric: at 5, 2 … −2; at 7, 3 … −3. card_penalty: the cards left, ×2 at 10 or more,
    # ×3 if none was played; the lowest total wins.
    scoring: Literal[
        "none", "top_two", "n_minus_rank", "three_two_one", "symmetric", "card_penalty"
    ] = _opt("none", "S10", "PAGAT, PRES53, WIKI")
    end: Literal["open", "target", "hands"] = _opt("open", "S10", "PAGAT, WIKI")
    # PRES53: « le joueur qui a le plus de points qui gagne »; without points, « monter dans
    # la hiérarchie sociale » is the aim (the last hand's order). Ties by the last hand's
    # order. Setting scoring also sets this (points, or last_hand for scoring=none).
    evening_rank: Literal["points", "last_hand", "average_place", "times_president"] = _opt(
        "last_hand", "S10a", "PAGAT, PRES53, TDC"
    )
    # PAGAT: say 11.
    target: int | None = _opt(None, "S10", "PAGAT")
    hands: int | None = _opt(None, "S10", "")
    join_leave: bool = _opt(True, "S11", "PAGAT, WIKI")
    # PAGAT: two procedural faults make the dealer Scum; two hands with no change of
    # positions make the owner Scum.
    faults: bool = _opt(False, "S12", "PAGAT")

    def clashes(self) -> Iterator[Message]:
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
        if name == "exchange_by_players":
            try:
                return {name: parse_by_size(value)}
            except ValueError:
                raise cls.bad_value(name, value, "option.reason.exchange_by_players") from None
        if name == "exchange_high":
            return {name: tuple(v.strip() for v in low.split(",") if v.strip())}
        if name in ("target", "hands"):
            if low in ("none", "aucun", ""):
                return {"end": "open", "target": None, "hands": None}
            if not _NUMBER.fullmatch(low):
                raise cls.bad_value(name, value, "option.reason.number")
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
        return (
            bool(self.exchange)
            or bool(self.exchange_by_players)
            or self.exchange_by_score
            or self.merchants
        )

    def counts(self, players: int) -> Counts:
        """How many cards each pair exchanges at ``players`` (S6, before exchange_by_score)."""
        if self.exchange_by_players:
            return counts_at(self.exchange_by_players, players)
        return self.exchange


def _clashes(t: TableRules) -> Iterator[Message]:
    """Each clash, naming the options that clash."""
    if any(not (1 <= n <= 6) for pair in t.exchange for n in pair):
        text = f"exchange={counts_text(t.exchange)}"
        yield Message.of("option.clash.exchange_counts", exchange=text)
    by_players = [c for _, counts in t.exchange_by_players for c in counts]
    if any(not (1 <= n <= 6) for pair in by_players for n in pair) or any(
        not (2 <= n <= 20) for n, _ in t.exchange_by_players
    ):
        text = f"exchange_by_players={by_size_text(t.exchange_by_players)}"
        yield Message.of("option.clash.exchange_counts", exchange=text)
    if t.exchange_by_players and t.exchange_by_score:
        yield clashes_with("exchange=by_score", "exchange_by_players")
    if not t.exchange_high:
        yield Message.of("option.clash.exchange_high")
    if t.end == "target" and t.target is None:
        yield needs("end=target", "target")
    if t.end == "hands" and t.hands is None:
        yield needs("end=hands", "hands")
    if t.target is not None and (t.end != "target" or t.target < 1):
        yield Message.of("option.clash.target", target=t.target)
    if t.hands is not None and (t.end != "hands" or t.hands < 1):
        yield Message.of("option.clash.hands", hands=t.hands)
    if t.end == "target" and t.scoring == "none":
        yield Message.of("option.clash.target_no_points")
    if t.evening_rank == "points" and t.scoring == "none":
        yield Message.of("option.clash.rank_no_points")
    if t.exchange_by_score and t.scoring != "symmetric":
        yield needs("exchange=by_score", "scoring=symmetric")
    if t.exchange_pairing == "chain" and (t.exchange_by_score or t.merchants):
        what = "exchange=by_score" if t.exchange_by_score else "merchants"
        yield clashes_with(what, "exchange_pairing=chain")
    if t.putsch and not t.has_exchange:
        yield Message.of("option.clash.putsch")
    if t.veto and not t.has_exchange:
        yield Message.of("option.clash.veto")
    if t.rich_man_falls and t.scoring == "card_penalty":
        yield Message.of("option.clash.rich_man_falls")


def build_table_rules(values: dict[str, Any]) -> TableRules:
    """Validate option values into TableRules (raises TableRulesError naming each bad
    option)."""
    return TableRules.build(values)


_NUMBER = re.compile(r"[0-9]{1,4}")  # ASCII digits only: "²".isdigit() is True, int("²") fails


def parse_exchange(value: str) -> Counts:
    """``2/1`` (2 for 2, then 1 for 1), ``2:3/1:2`` (Butthead: gives 2, gets 3), ``none``."""
    try:
        return parse_counts(value)
    except ValueError:
        raise TableRules.bad_value("exchange", value, "option.reason.exchange") from None


def parse_table_option(name: str, raw: str) -> dict[str, Any]:
    """Turn ``--set NAME=VALUE`` text for an S option into field values."""
    return TableRules.parse_setting(name, raw)
