"""The evening screen's logic as plain data: the table drawing, the deal card and exchange
checklist, the finishing order being tapped, the events, and what the last hand produced.

``TableView`` reads an ``Evening``; ``HandEntry`` is the UI state of the hand being played
(ticks, taps, events), kept per hand: a new version of the evening that changes the hand
number starts a fresh one.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

from companion.table.evening import Evening, HandStep

# Events a phone can mark, in the order shown; each needs one player except the revolution.
EVENT_KINDS = ("revolution", "putsch", "coup_detat", "forbidden_finish", "fault")


@dataclass(frozen=True)
class Seat:
    name: str
    title: str | None
    dealer: bool
    leads: bool


@dataclass(frozen=True)
class ResultLine:
    name: str
    title: str
    points: int
    total: int


@dataclass(frozen=True)
class StandingLine:
    place: int
    name: str
    total: int


@dataclass(frozen=True)
class TableView:
    evening_id: str
    version: int
    hand_number: int  # the hand to play next (1-based)
    players: tuple[str, ...]  # at the table now, ranking (best first) or seating order
    ended: bool
    plan: dict[str, Any] | None
    events: tuple[str, ...]  # the event kinds these rules allow
    scum: str | None  # who may declare a putsch
    needs_cards: bool  # card_penalty scoring: the screen cannot record these hands
    scored: bool  # False when the rules keep no points (scoring=none): titles only
    last: tuple[ResultLine, ...]  # the last recorded hand, best first
    last_effects: tuple[tuple[str, str | None], ...]
    standings: tuple[StandingLine, ...]
    can_undo: bool

    @property
    def seats(self) -> list[Seat]:
        if self.plan is None:
            return []
        titles = self.plan.get("titles") or {}
        return [Seat(name, titles.get(name), name == self.plan["dealer"],
                     name == self.plan.get("first_lead")) for name in self.plan["seating"]]

    @property
    def deal_lines(self) -> list[str]:
        """Seating, deck and deal: what the dealer reads."""
        return list(self.plan["instructions"][:3]) if self.plan else []

    @property
    def check_lines(self) -> list[str]:
        """Exchanges, discards, direction and the lead: ticked off one by one."""
        return list(self.plan["instructions"][3:]) if self.plan else []


def table_view(ev: Evening) -> TableView:
    rules, table = ev.rules()
    names = ev.names()
    hands = [s for s in ev.steps if isinstance(s, HandStep) and s.result is not None]
    events = []
    if rules.revolution != "off":
        events.append("revolution")
    if table.putsch and ev.ranked:
        events.append("putsch")
    if table.coup_detat:
        events.append("coup_detat")
    if rules.forbidden_finish:
        events.append("forbidden_finish")
    if table.faults:
        events.append("fault")
    last: tuple[ResultLine, ...] = ()
    effects: tuple[tuple[str, str | None], ...] = ()
    if hands:
        res = hands[-1].result
        assert res is not None
        last = tuple(ResultLine(names[p], res.titles.get(p, ""), res.points.get(p, 0),
                                res.totals.get(p, 0)) for p in res.ranking)
        effects = tuple((e.kind, names.get(e.player) if e.player else None)
                        for e in res.effects)
    standings = []
    place = 0
    previous: int | None = None
    for i, pid in enumerate(ev.standings):
        total = ev.totals.get(pid, 0)
        if total != previous:
            place, previous = i + 1, total
        standings.append(StandingLine(place, names.get(pid, "?"), total))
    return TableView(
        evening_id=ev.id, version=ev.version, hand_number=len(hands) + 1,
        players=tuple(names[p] for p in ev.present), ended=ev.ended, plan=ev.next_plan,
        events=tuple(events), scum=names[ev.present[-1]] if ev.ranked else None,
        needs_cards=table.scoring == "card_penalty", scored=table.scoring != "none",
        last=last, last_effects=effects,
        standings=tuple(standings),
        can_undo=any(e.undone_at is None and e.action != "undo" for e in ev.log))


@dataclass(frozen=True)
class HandEntry:
    """What this phone has tapped for the hand being played (never saved)."""

    hand: int = 0  # the hand number it belongs to
    ticks: frozenset[int] = frozenset()  # checklist lines ticked off
    order: tuple[str, ...] = ()  # names, first out first
    events: tuple[tuple[str, str | None], ...] = ()  # (kind, player)
    pending: str | None = None  # an event kind waiting for its player

    def for_hand(self, number: int) -> HandEntry:
        return self if self.hand == number else HandEntry(hand=number)

    def tick(self, line: int) -> HandEntry:
        return replace(self, ticks=self.ticks ^ {line})

    def tap_player(self, name: str, players: tuple[str, ...]) -> HandEntry:
        """Next out; a tap on someone already placed takes him (and those after) back; the
        last one is placed automatically. While an event waits, the tap names its player."""
        if self.pending is not None:
            event = (self.pending, name)
            events = self.events if event in self.events else (*self.events, event)
            return replace(self, events=events, pending=None)
        if name in self.order:
            return replace(self, order=self.order[:self.order.index(name)])
        order = (*self.order, name)
        left = [p for p in players if p not in order]
        if len(left) == 1:
            order = (*order, left[0])
        return replace(self, order=order)

    def clear_order(self) -> HandEntry:
        return replace(self, order=())

    def tap_event(self, kind: str, scum: str | None = None) -> HandEntry:
        if kind == "revolution":
            return replace(self, events=(*self.events, ("revolution", None)), pending=None)
        if kind == "putsch" and scum is not None:
            event = ("putsch", scum)
            kept = tuple(e for e in self.events if e != event)
            return replace(self, events=kept if event in self.events else (*kept, event),
                           pending=None)
        return replace(self, pending=None if self.pending == kind else kind)

    def drop_event(self, index: int) -> HandEntry:
        return replace(self, events=self.events[:index] + self.events[index + 1:])

    def complete(self, players: tuple[str, ...]) -> bool:
        return sorted(self.order) == sorted(players)

    def event_inputs(self) -> list[dict[str, Any]]:
        out: list[dict[str, Any]] = []
        revolutions = sum(1 for kind, _ in self.events if kind == "revolution")
        if revolutions:
            out.append({"kind": "revolution", "count": revolutions})
        out += [{"kind": kind, "player": player} for kind, player in self.events
                if kind != "revolution"]
        return out
