"""The table plan for one hand: titles, seats, dealer, deck, deal, exchanges, discards, lead,
and the same as sentences for the dealer, in the viewer's language. Pure functions, no I/O.

``plan_hand`` takes the players in ranking order (best first), or in seating order for a
first hand (``first=True``: no roles yet, no exchange; the first player named deals).

Choices that hold for every preset:
- a first hand has no titles (``titles == {}``): whatever a preset's usual way of assigning
  roles (S2), a first hand is the "first hand without exchanges" way; presets that draw cards
  use ``first_roles.rank_draws`` and then plan a ranked hand;
- titles are kept as the seeds' own (French) words, which the JSON carries; the sentences
  and ``HandPlan.titles_in(lang)`` show them in the viewer's language, written when the plan
  is shown (``HandPlan.instructions(lang)``), never kept;
- names and counts are checked by ``roster.check_players``.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, SerializerFunctionWrapHandler, model_serializer

from companion.rules import opening
from companion.rules.presets import get_preset
from companion.rules.ruleset import RuleSet
from companion.table.deal import TDC_PATTERNS, Deal, Deck, deck_for, rotate, simulate
from companion.table.exchanges import DiscardPlan, Pair, plan_discards, plan_exchanges
from companion.table.plan_errors import PlanError
from companion.table.roster import ANY_COUNT, check_players
from companion.table.sentences import Say
from companion.table.table_presets import table_rules_from
from companion.table.table_rules import TableRules
from companion.table.titles import title_words, titles_for
from companion.words import Message

_FROZEN = ConfigDict(frozen=True)


class DeckInfo(BaseModel):
    model_config = _FROZEN
    cards: int
    decks: int
    jokers: int


class Exchange(BaseModel):
    """One gift of cards; serialised with the key ``from`` (a Python keyword)."""

    model_config = ConfigDict(frozen=True, populate_by_name=True)
    giver: str = Field(alias="from")
    to: str
    count: int
    kind: Literal["best", "lowest", "chosen"]

    @model_serializer(mode="wrap")
    def _dump(self, handler: SerializerFunctionWrapHandler) -> dict[str, Any]:
        data = handler(self)
        return {"from": data.pop("giver"), **data} if "giver" in data else data


class Discard(BaseModel):
    model_config = _FROZEN
    player: str
    count: int
    shown: bool
    to: str | None


@dataclass(frozen=True)
class Wording:
    """What the sentences of a plan are made from, besides the plan's own fields: the deal as
    dealt, the exchanges as pairs, and the rules' choices the sentences name."""

    fixed_seats: bool
    first: bool
    deck: Deck
    deal: Deal
    clockwise: bool
    by_rank_up: bool
    first_roles: str
    ranking: tuple[str, ...] | None
    pairs: tuple[Pair, ...]
    discards: tuple[DiscardPlan, ...]
    putsch_option: bool
    putsch_declared: bool
    putsch_penalty: bool
    president_last: bool
    lead_rule: str
    lowest_card: str
    title_scheme: str | None = None  # which scheme's titles ``titles`` holds


class HandPlan(BaseModel):
    """The plan of a hand as typed facts; its sentences are written in the viewer's language
    by ``instructions(lang)``, and ``as_json(lang)`` is the JSON of ``companion deal``."""

    model_config = ConfigDict(frozen=True, arbitrary_types_allowed=True)
    titles: dict[str, str]  # ranking order, best first; empty on a first hand
    seating: list[str]  # clockwise
    dealer: str
    deck: DeckInfo
    cards: dict[str, int]  # after the deal, before exchanges; seating order
    set_aside: int
    exchanges: list[Exchange]  # in the order they happen
    discards: list[Discard]
    first_lead: str | None  # None when it depends on who holds a card
    # B9 quad_persistent: a revolution from an earlier hand still reverses the card order
    # (said in the sentences; the evening's JSON carries it as ``reversed_order``)
    reversed_order: bool = Field(default=False, exclude=True)
    wording: Wording = Field(exclude=True, repr=False)

    def instructions(self, lang: str) -> list[str]:
        """The plan as sentences for the dealer, in ``lang``: seating, deck and deal first,
        then exchanges, discards, direction and the lead."""
        return _sentences(self, Say(lang, self.titles, self.wording.title_scheme))

    def titles_in(self, lang: str) -> dict[str, str]:
        """``titles`` (kept in French) in ``lang``."""
        scheme = self.wording.title_scheme
        return {name: title_words(lang, x, scheme) for name, x in self.titles.items()}

    def as_json(self, lang: str) -> dict[str, Any]:
        """The JSON of ``companion deal`` (a contract: keys are added, never renamed)."""
        return {**self.model_dump(mode="json"), "instructions": self.instructions(lang)}

    def cards_after(self) -> dict[str, int]:
        """Cards each player holds once the exchanges and discards are done."""
        held = dict(self.cards)
        for e in self.exchanges:
            held[e.giver] -= e.count
            held[e.to] += e.count
        for d in self.discards:
            held[d.player] -= d.count
        return held


def _seats(table: TableRules, ranking: list[str], seats: Sequence[str] | None) -> list[str]:
    if table.seating == "fixed":
        if seats is None:
            return list(ranking)
        given = [s.strip() for s in seats]
        if sorted(given) != sorted(ranking):
            raise PlanError(Message.of("table.error.plan.bad_seats"), code="bad-seats")
        return given
    if table.seating == "by_rank_anticlockwise":
        # PRES53: "le vice-président à sa droite, le secrétaire en face, et le balayeur à sa
        # gauche": clockwise from the Président, the ranks run from the bottom up.
        return [ranking[0], *reversed(ranking[1:])]
    # PAGAT: "le vice-président s'assied à la gauche du président, et ainsi de suite jusqu'au
    # trouduc qui s'assied à la droite du président".
    return list(ranking)


def _after(seats: Sequence[str], who: str, clockwise: bool) -> str:
    return rotate(seats, who, clockwise)[1]


def _lead(
    rule: str, ranking: list[str] | None, seats: list[str], dealer: str, clockwise: bool
) -> str | None:
    if rule == "president" and ranking:
        return ranking[0]
    if rule == "scum" and ranking:
        return ranking[-1]
    if rule == "left_of_dealer":
        # "Le joueur venant après le joueur qui a distribué commence" (WIKI): next in turn.
        return _after(seats, dealer, clockwise)
    return None  # lowest_card, queen_of_hearts: whoever holds it


def _direction(
    rules: RuleSet, table: TableRules, ranking: list[str] | None, seats: list[str], dealer: str
) -> bool:
    """True for clockwise. Strutz: "le sens du jeu est défini de façon que le Président joue
    le plus tard possible au premier tour"."""
    base = rules.direction == "clockwise"
    if table.direction_rule != "president_last" or not ranking:
        return base
    best, latest = base, -1
    for clockwise in (base, not base):
        leader = _lead(rules.first_lead, ranking, seats, dealer, clockwise)
        if leader is None:
            return base
        turn = rotate(seats, leader, clockwise).index(ranking[0])
        if turn > latest:
            best, latest = clockwise, turn
    return best


def _deal(
    style: str,
    total: int,
    seats: list[str],
    dealer: str,
    ranking: list[str] | None,
    clockwise: bool,
) -> Deal:
    from_dealer = list(rotate(seats, dealer, clockwise))
    from_left = [*from_dealer[1:], dealer]
    if style == "from_dealer_self_first":
        return simulate(total, from_dealer)
    if style == "equal_set_aside":
        return simulate(total, from_left, equal=True)
    if ranking is None or style == "one_by_one_from_left":
        return simulate(total, from_left)
    if style == "one_by_one_from_president":
        return simulate(total, rotate(seats, ranking[0], clockwise))
    if style == "extras_to_scum_first":
        # Strutz: "les cartes supplémentaires sont données en priorité au Strutz, puis au
        # Sous-Strutz, et ainsi de suite".
        return simulate(total, list(reversed(ranking)))
    pattern = TDC_PATTERNS.get(len(ranking))
    if pattern is None:
        raise PlanError(
            Message.of("table.error.plan.tdc_count", count=len(ranking)), code="unsupported-count"
        )
    return simulate(total, from_left, [(ranking[i], k) for i, k in pattern])


def lowest_card(rules: RuleSet) -> str:
    """The lowest card, whose holder leads under ``lowest_card`` (``rules.opening``)."""
    return str(opening.lowest_card(rules))


def _check_request(
    table: TableRules,
    first: bool,
    seats: Sequence[str] | None,
    dealer: str | None,
    putsch_declared: bool,
    putsch_penalty: bool,
) -> None:
    """Refuse what cannot apply rather than drop it silently."""
    if first and (putsch_declared or putsch_penalty):
        raise PlanError(Message.of("table.error.plan.putsch_first_hand"), code="bad-putsch")
    if putsch_declared and (not table.putsch or putsch_penalty):
        # WIKI: after a failed putsch "le Trou du cul est interdit de putsch" next hand.
        raise PlanError(Message.of("table.error.plan.putsch_not_allowed"), code="bad-putsch")
    if seats is not None and table.seating != "fixed":
        raise PlanError(Message.of("table.error.plan.seats_not_fixed"), code="bad-seats")
    if dealer is not None and not first:
        raise PlanError(Message.of("table.error.plan.dealer_follows"), code="bad-dealer")


def _exchange_lines(say: Say, w: Wording) -> list[str]:
    assert w.ranking is not None
    ranking, pairs, discards = w.ranking, w.pairs, w.discards
    lines = []
    if w.putsch_declared:
        lines.append(say.putsch_declared(ranking[-1]))
    elif w.putsch_penalty:
        lines.append(say.putsch_penalty(ranking[-1]))
    elif w.putsch_option and pairs:
        lines.append(say.putsch_open(ranking[-1]))
    for i, pair in enumerate(pairs):
        lines.extend(say.pair(pair, i == 0))
    # "Le joueur neutre, s'il y en a un, ne donne aucune carte et n'en reçoit pas" (WIKI).
    busy = {p for pair in pairs for p in (pair.high, pair.low)} | {d.player for d in discards}
    idle = [n for n in ranking if n not in busy]
    if pairs and idle:
        lines.append(say.no_exchange(idle))
    lines.extend(say.discard(d) for d in discards)
    return lines


def plan_hand(
    rules: RuleSet,
    table: TableRules,
    players: Sequence[str],
    *,
    first: bool = False,
    seats: Sequence[str] | None = None,
    dealer: str | None = None,
    putsch_declared: bool = False,
    putsch_penalty: bool = False,
    player_range: tuple[int, int] | None = None,
    reversed_order: bool = False,
) -> HandPlan:
    """Plan a hand. ``players``: the ranking, best first; with ``first``, the seating order
    clockwise (the first named deals unless ``dealer`` says otherwise). ``seats``: the
    clockwise seats when seating is fixed (default: the ranking). ``putsch_declared``: the
    last player refused the exchange; ``putsch_penalty``: his putsch failed last hand;
    ``reversed_order``: a lasting revolution (B9 quad_persistent) is in force."""
    names = check_players(players, player_range or ANY_COUNT)
    ranking = None if first else names
    _check_request(table, first, seats, dealer, putsch_declared, putsch_penalty)
    titles = (
        {}
        if ranking is None
        else dict(zip(ranking, titles_for(table.titles, len(names)), strict=True))
    )
    seating = _seats(table, ranking or names, seats) if seats or ranking else names
    if ranking is not None:
        dealer = ranking[-1] if table.dealer == "scum" else ranking[0]
    elif dealer is None:
        dealer = names[0]
    elif dealer not in names:
        raise PlanError(
            Message.of("table.error.plan.unknown_dealer", dealer=dealer), code="bad-dealer"
        )
    clockwise = _direction(rules, table, ranking, seating, dealer)
    deck = deck_for(rules, len(names))
    style = table.first_deal if ranking is None else table.deal
    deal = _deal(style, deck.cards, seating, dealer, ranking, clockwise)
    counts = deal.counts(seating)
    if min(counts.values()) == 0:
        raise PlanError(
            Message.of("table.error.plan.too_few_cards", cards=deck.cards, players=len(names)),
            code="too-few-cards",
        )
    pairs: list[Pair] = []
    discards: list[DiscardPlan] = []
    if ranking is not None:
        if not putsch_declared:
            pairs = plan_exchanges(table, ranking, putsch_penalty)
        discards = plan_discards(table, ranking)
    lead_rule = rules.first_hand_lead if ranking is None else rules.first_lead
    lead = _lead(lead_rule, ranking, seating, dealer, clockwise)

    president_last = table.direction_rule == "president_last" and ranking is not None
    wording = Wording(
        fixed_seats=table.seating == "fixed",
        first=ranking is None,
        deck=deck,
        deal=deal,
        clockwise=clockwise,
        by_rank_up=ranking is not None and style == "extras_to_scum_first",
        first_roles=table.first_roles,
        ranking=None if ranking is None else tuple(ranking),
        pairs=tuple(pairs),
        discards=tuple(discards),
        putsch_option=table.putsch,
        putsch_declared=putsch_declared,
        putsch_penalty=putsch_penalty,
        president_last=president_last,
        lead_rule=lead_rule,
        lowest_card=lowest_card(rules),
        title_scheme=table.titles,
    )
    return HandPlan(
        titles=titles,
        seating=list(seating),
        dealer=dealer,
        deck=DeckInfo(cards=deck.cards, decks=deck.decks, jokers=deck.jokers),
        cards=counts,
        set_aside=deal.set_aside,
        exchanges=[
            Exchange(giver=g.giver, to=g.to, count=g.count, kind=g.kind)
            for pair in pairs
            for g in pair.gives
        ],
        discards=[
            Discard(player=d.player, count=d.count, shown=d.shown, to=d.to) for d in discards
        ],
        first_lead=lead,
        reversed_order=reversed_order,
        wording=wording,
    )


def _sentences(plan: HandPlan, say: Say) -> list[str]:
    w = plan.wording
    lines = [
        say.seating(plan.seating, w.fixed_seats, w.first),
        say.deck(w.deck),
        say.deal(plan.dealer, w.deal, w.deck, plan.cards, plan.seating, w.clockwise, w.by_rank_up),
    ]
    if w.ranking is None:
        lines.append(say.first_roles(w.first_roles))
    else:
        lines.extend(_exchange_lines(say, w))
    if not w.clockwise or w.president_last:
        lines.append(say.direction(w.clockwise, w.president_last))
    if plan.reversed_order:
        lines.append(say.reversed_order())
    lines.append(say.lead(plan.first_lead, w.lead_rule, w.lowest_card))
    return lines


def plan_for_preset(
    pid: str,
    players: Sequence[str],
    settings: Sequence[str] = (),
    *,
    first: bool = False,
    seats: Sequence[str] | None = None,
) -> HandPlan:
    """``plan_hand`` for a preset id with ``--set NAME=VALUE`` changes, checking the player
    count against the preset's range (what ``companion deal`` prints)."""
    preset = get_preset(pid)
    rules, table = table_rules_from(preset.id, list(settings))
    return plan_hand(rules, table, players, first=first, seats=seats, player_range=preset.players)
