"""The "Hands and players" screen's logic as plain data: the hands recorded so far (newest
first) and the correction of one of them, the players at the table and those who left.

``HandsView`` reads an ``Evening``. ``HandEdit`` is the UI state of a hand being corrected: the
evening screen's ``HandEntry`` (the same tap-the-order and event taps) prefilled with the hand
as recorded, and the evening version it was read from, which the save names: a correction made
while another phone changed the evening is refused, never applied to a different evening.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from companion.table.evening import Evening, HandStep
from companion.table.event_rules import markable_events
from companion.table.names import name_problem
from companion.table.plan import HandPlan
from companion.table.titles import title_words
from companion.ui.table_model import HandEntry, Marked

Pair = tuple[str, str | None]  # (effect kind, player name or None)


@dataclass(frozen=True)
class Place:
    """One player in a recorded hand, in the ranking the hand produced."""

    name: str
    title: str
    points: int
    total: int  # running total after this hand


@dataclass(frozen=True)
class HandCard:
    """A recorded hand as the list shows it and as a correction starts from."""

    number: int  # 1-based
    hand_id: str  # the step's id: what the service is told to change
    order: tuple[str, ...]  # names, first out first, as recorded
    places: tuple[Place, ...]  # best first
    events: tuple[Marked, ...]  # as a HandEntry holds them (a revolution counted N times: N)
    effects: tuple[Pair, ...]  # what changed the outcome (effect kind, name)
    players: tuple[str, ...]  # at the table for this hand: the ranking before it, or seating
    scum: str | None  # who could declare a putsch in it (None on a first hand)
    allowed: tuple[str, ...]  # the event kinds a phone can mark for this hand
    # card_penalty: who went out, the others' cards left, who played none, and what each
    # held once the exchanges were done (the top of the count picker); names throughout
    by_cards: bool = False
    out: tuple[str, ...] = ()
    cards: tuple[tuple[str, int], ...] = ()
    none_played: frozenset[str] = frozenset()
    hand_sizes: dict[str, int] = field(default_factory=dict)

    @property
    def shown_order(self) -> tuple[str, ...]:
        """The finishing order as recorded; a hand scored by cards has none: its places."""
        return self.order or tuple(p.name for p in self.places)


@dataclass(frozen=True)
class PlayerRow:
    name: str
    total: int  # points this evening


@dataclass(frozen=True)
class HandsView:
    evening_id: str
    version: int
    ended: bool
    scored: bool  # False when the rules keep no points (titles only)
    needs_cards: bool  # card_penalty: hands are counts of cards left, not an order
    join_leave: bool  # the rules let players join and leave between hands
    hands: tuple[HandCard, ...]  # newest first
    present: tuple[PlayerRow, ...]  # at the table now: the ranking, or the seating order
    left: tuple[PlayerRow, ...]  # sat this evening and are no longer at the table
    title_scheme: str | None = None  # whose words the titles are (stored in French)

    def title_in(self, lang: str, title: str | None) -> str:
        """A title of this evening's hands in ``lang``; "" for none."""
        return title_words(lang, title, self.title_scheme) if title else ""

    def hand(self, number: int) -> HandCard | None:
        return next((h for h in self.hands if h.number == number), None)

    def joinable(self, profiles: Sequence[str]) -> tuple[str, ...]:
        """Saved profiles (and those who left tonight) who could join now, in that order."""
        here = {p.name.casefold() for p in self.present}
        out: dict[str, str] = {}
        for name in [*(p.name for p in self.left), *profiles]:
            if name.casefold() not in here:
                out.setdefault(name.casefold(), name)
        return tuple(out.values())

    def name_problem(self, text: str) -> tuple[str, dict[str, str]] | None:
        """Why a typed name cannot join (an i18n key and its fields), or None."""
        name = text.strip()
        problem = name_problem(name, (p.name for p in self.present))
        if problem is None:
            return None
        return f"new.name_{problem}", ({} if problem == "empty" else {"name": name})


def _card(
    ev: Evening, number: int, step: HandStep, names: dict[str, str], by_cards: bool
) -> HandCard:
    res = step.result
    assert res is not None  # derive() fills it for every hand
    events: list[Marked] = []
    for e in step.events:
        if e.kind == "revolution":
            events += [Marked("revolution")] * e.count
        else:
            victim = getattr(e, "victim", None)
            events.append(
                Marked(
                    e.kind,
                    names.get(e.player, e.player),
                    names.get(victim, victim) if victim else None,
                )
            )
    if res.ranking_before is not None:
        players = tuple(names[p] for p in res.ranking_before)
    else:  # a first hand: the seats of its plan, in the order the table sat
        players = tuple(res.plan.seating or (names[p] for p in res.ranking))
    return HandCard(
        number=number,
        hand_id=step.id,
        order=tuple(names.get(p, p) for p in step.order),
        places=tuple(
            Place(names[p], res.titles.get(p, ""), res.points.get(p, 0), res.totals.get(p, 0))
            for p in res.ranking
        ),
        events=tuple(events),
        effects=tuple((e.kind, names.get(e.player) if e.player else None) for e in res.effects),
        players=players,
        scum=names[res.ranking_before[-1]] if res.ranking_before else None,
        allowed=markable_events(*ev.rules(), res.ranking_before is not None),
        **(_cards(step, res.plan, names) if by_cards else {}),
    )


def _cards(step: HandStep, plan: HandPlan, names: dict[str, str]) -> dict[str, Any]:
    left = {names.get(p, p): n for p, n in (step.cards_left or {}).items()}
    return {
        "by_cards": True,
        "out": tuple(n for n, c in left.items() if c == 0),
        "cards": tuple(sorted((n, c) for n, c in left.items() if c != 0)),
        "none_played": frozenset(names.get(p, p) for p in step.none_played),
        "hand_sizes": plan.cards_after(),
    }


def hands_view(ev: Evening) -> HandsView:
    _, table = ev.rules()
    names = ev.names()
    by_cards = table.scoring == "card_penalty"
    cards = [
        _card(ev, i + 1, step, names, by_cards)
        for i, step in enumerate(
            s for s in ev.steps if isinstance(s, HandStep) and s.result is not None
        )
    ]
    here = set(ev.present)
    return HandsView(
        evening_id=ev.id,
        version=ev.version,
        ended=ev.ended,
        scored=table.scoring != "none",
        needs_cards=by_cards,
        join_leave=table.join_leave,
        hands=tuple(reversed(cards)),
        present=tuple(PlayerRow(names[p], ev.totals.get(p, 0)) for p in ev.present),
        left=tuple(
            PlayerRow(p.name, ev.totals.get(p.id, 0)) for p in ev.players if p.id not in here
        ),
        title_scheme=table.titles,
    )


@dataclass(frozen=True)
class HandEdit:
    """A recorded hand being corrected on this phone (never saved until ``Save``)."""

    card: HandCard
    version: int  # the evening version the hand was read from
    entry: HandEntry
    confirm_delete: bool = False  # "delete" tapped once: the confirm button is showing

    @classmethod
    def start(cls, card: HandCard, version: int) -> HandEdit:
        return cls(card=card, version=version, entry=_prefilled(card))

    def change(self, fn: Any) -> HandEdit:
        """Apply a HandEntry tap (``fn(entry) -> entry``); any tap cancels a pending delete."""
        return replace(self, entry=fn(self.entry), confirm_delete=False)

    def tap_player(self, name: str) -> HandEdit:
        return self.change(lambda e: e.tap_player(name, self.card.players))

    def ask_delete(self) -> HandEdit:
        return replace(self, confirm_delete=not self.confirm_delete)

    def tap_out(self, name: str) -> HandEdit:
        """card_penalty: who went out (or, while an event waits, its player)."""
        return self.change(lambda e: e.tap_out(name, self.card.players))

    def set_count(self, count: int) -> HandEdit:
        return self.change(lambda e: e.set_count(count, self.card.players))

    def complete(self) -> bool:
        """Everyone placed (or counted), or the order as recorded (after a failed putsch it
        may stop at the first player out, and the model accepted it)."""
        if self.card.by_cards:
            return not self.entry.cards_missing(self.card.players)
        return self.entry.order == self.card.order or self.entry.complete(self.card.players)

    def missing(self) -> tuple[str, ...]:
        if self.card.by_cards:
            return tuple(self.entry.cards_missing(self.card.players))
        return tuple(p for p in self.card.players if p not in self.entry.order)

    def _places_changed(self) -> bool:
        start = _prefilled(self.card)
        return (self.entry.order, self.entry.cards, self.entry.none_played) != (
            start.order,
            start.cards,
            start.none_played,
        )

    def changed(self) -> bool:
        return self._places_changed() or self.entry.events != self.card.events

    def edit_args(self) -> dict[str, Any]:
        """``TableService.edit_hand`` keyword arguments (names; the service maps them to ids).
        Events untouched on this phone are not sent, so the service keeps them exactly as
        recorded (a fault's note, a putsch's stated outcome, a revolution's player)."""
        args: dict[str, Any] = {"expected_version": self.version}
        if not self.card.by_cards:
            args["order"] = list(self.entry.order)
        elif self._places_changed():
            # The replay derives the places from the cards (ties: the ranking before).
            cards_left, none_played = self.entry.card_inputs()
            args.update(order=[], cards_left=cards_left, none_played=none_played)
        if self.entry.events != self.card.events:
            args["events"] = self.entry.event_inputs()
        return args


def _prefilled(card: HandCard) -> HandEntry:
    """The evening screen's entry state for the hand as recorded."""
    if card.by_cards:
        return HandEntry(
            hand=card.number,
            order=card.out,
            events=card.events,
            cards=card.cards,
            none_played=card.none_played,
        )
    return HandEntry(hand=card.number, order=card.order, events=card.events)
