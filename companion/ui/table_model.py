"""The evening screen's logic as plain data: the table drawing, the deal card and exchange
checklist, the finishing order being tapped (or, under ``card_penalty`` scoring, who went out
and the cards the others have left), the events, and what the last hand produced.

``TableView`` reads an ``Evening``; ``HandEntry`` is the UI state of the hand being played
(ticks, taps, events, counts), kept per hand: a new version of the evening that changes the
hand number starts a fresh one.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import Any, NamedTuple

from companion.table import scoring
from companion.table.evening import Evening, HandStep
from companion.table.event_rules import markable_events
from companion.table.plan import HandPlan
from companion.table.sentences import Say
from companion.table.titles import title_words
from companion.table.undo_log import Change, last_undo_or_redo, next_redo, next_undo
from companion.words import t

Translate = Callable[..., str]  # session.tr / i18n.t bound to a language


class Marked(NamedTuple):
    """An event tapped in: its kind, the player it names, the guillotine's victim."""

    kind: str
    player: str | None = None
    victim: str | None = None


@dataclass(frozen=True)
class Seat:
    name: str
    title: str | None
    dealer: bool
    leads: bool
    cards: int  # dealt to him, before the exchanges


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
    plan: HandPlan | None
    events: tuple[str, ...]  # the event kinds a phone may mark (``event_rules``)
    scum: str | None  # who may declare a putsch
    needs_cards: bool  # card_penalty scoring: hands are entered as cards left, not an order
    scored: bool  # False when the rules keep no points (scoring=none): titles only
    last: tuple[ResultLine, ...]  # the last recorded hand, best first
    last_effects: tuple[tuple[str, str | None], ...]
    standings: tuple[StandingLine, ...]
    can_undo: bool
    undo_next: Change | None  # what the undo button would take back
    redo_next: Change | None  # what redo would make again
    # The last change when it was an undo or a redo ("undo" | "redo", what it touched)
    moved_by: tuple[str, Change] | None
    # names -> cards held once the exchanges are done: the top of the cards-left picker
    hand_sizes: dict[str, int]
    totals: dict[str, int]  # names -> running totals of the evening
    player_ids: dict[str, str]  # names -> profile ids (each seat's colour and avatar)
    title_scheme: str | None = None  # whose words the titles are (stored in French)

    def title_in(self, lang: str, title: str | None) -> str:
        """A title of this evening (a seat's, a result's) in ``lang``; "" for none."""
        return title_words(lang, title, self.title_scheme) if title else ""

    @property
    def seats(self) -> list[Seat]:
        if self.plan is None:
            return []
        plan = self.plan
        return [
            Seat(
                name,
                plan.titles.get(name),
                name == plan.dealer,
                name == plan.first_lead,
                plan.cards.get(name, 0),
            )
            for name in plan.seating
        ]

    @property
    def slots(self) -> tuple[str, ...]:
        """The players in their seats, clockwise: the order of the finishing-order keys."""
        seated = [n for n in self.plan.seating if n in self.players] if self.plan else []
        return (*seated, *(n for n in self.players if n not in seated))

    def deck_text(self, lang: str) -> str:
        """The deck in the middle of the table: « 54 cartes : 52 + 2 jokers »."""
        if self.plan is None:
            return ""
        deck, one = self.plan.deck, self.plan.wording.deck.deck
        packs = one if deck.decks == 1 else f"{deck.decks} × {one}"
        if deck.jokers:
            packs += " + " + t(lang, "evening.jokers", n=deck.jokers)
        if packs == str(deck.cards):
            return t(lang, "evening.deck_plain", cards=deck.cards)
        return t(lang, "evening.deck", cards=deck.cards, parts=packs)

    def checklist(self, lang: str) -> list[str]:
        """What to do before the first card, one short line each: the putsch offer, each
        gift of cards (« Emma → Chloé : ses 2 meilleures cartes »), the discards, a
        direction other than clockwise, and the lead when it depends on a card."""
        if self.plan is None:
            return []
        plan, w = self.plan, self.plan.wording
        say = Say(lang, {})
        lines: list[str] = []
        if w.ranking is not None:
            low = w.ranking[-1]
            if w.putsch_declared:
                lines.append(say.putsch_declared(low))
            elif w.putsch_penalty:
                lines.append(say.putsch_penalty(low))
            elif w.putsch_option and w.pairs:
                lines.append(say.putsch_open(low))
        for pair in w.pairs:
            if pair.merchants:
                lines.append(t(lang, "evening.merchants", a=pair.high, b=pair.low))
                continue
            for give in pair.gives:
                other = pair.low if give.giver == pair.high else pair.high
                what = say.what(give, other)
                lines.append(t(lang, "evening.exchange", giver=give.giver, to=give.to, what=what))
        lines += [say.discard(d) for d in w.discards]
        if not w.clockwise or w.president_last:
            lines.append(say.direction(w.clockwise, w.president_last))
        if plan.first_lead is None:
            lines.append(say.lead(None, w.lead_rule, w.lowest_card))
        return lines

    def deal_lines(self, lang: str) -> list[str]:
        """Seating, deck and deal: what the dealer reads, in the viewer's language."""
        return self.plan.instructions(lang)[:3] if self.plan else []

    def check_lines(self, lang: str) -> list[str]:
        """Exchanges, discards, direction and the lead, ticked off one by one, in the
        viewer's language."""
        return self.plan.instructions(lang)[3:] if self.plan else []


def table_view(ev: Evening) -> TableView:
    rules, table = ev.rules()
    names = ev.names()
    hands = [s for s in ev.steps if isinstance(s, HandStep) and s.result is not None]
    last: tuple[ResultLine, ...] = ()
    effects: tuple[tuple[str, str | None], ...] = ()
    if hands:
        res = hands[-1].result
        assert res is not None
        last = tuple(
            ResultLine(names[p], res.titles.get(p, ""), res.points.get(p, 0), res.totals.get(p, 0))
            for p in res.ranking
        )
        effects = tuple((e.kind, names.get(e.player) if e.player else None) for e in res.effects)
    standings = []
    place = 0
    previous: int | None = None
    for i, pid in enumerate(ev.standings):
        total = ev.totals.get(pid, 0)
        if total != previous:
            place, previous = i + 1, total
        standings.append(StandingLine(place, names.get(pid, "?"), total))
    return TableView(
        evening_id=ev.id,
        version=ev.version,
        hand_number=len(hands) + 1,
        players=tuple(names[p] for p in ev.present),
        ended=ev.ended,
        plan=ev.next_plan,
        events=markable_events(rules, table, ev.ranked),
        scum=names[ev.present[-1]] if ev.ranked else None,
        needs_cards=table.scoring == "card_penalty",
        scored=table.scoring != "none",
        last=last,
        last_effects=effects,
        standings=tuple(standings),
        can_undo=next_undo(ev) is not None,
        undo_next=next_undo(ev),
        redo_next=next_redo(ev),
        moved_by=last_undo_or_redo(ev),
        hand_sizes=ev.next_plan.cards_after() if ev.next_plan else {},
        totals={names[p]: total for p, total in ev.totals.items() if p in names},
        player_ids={name: pid for pid, name in names.items()},
        title_scheme=table.titles,
    )


def keep_slots(shown: tuple[str, ...], seats: tuple[str, ...]) -> tuple[str, ...]:
    """The keys' order after the evening changed under this phone: the players keep the
    places they had (``shown``), those gone leave their slot, newcomers take the end. With
    nothing shown yet, the seats."""
    if not shown:
        return seats
    kept = tuple(n for n in shown if n in seats)
    return (*kept, *(n for n in seats if n not in kept))


@dataclass(frozen=True)
class CardLine:
    """One player's line of a card_penalty hand, in the order the cards give."""

    name: str
    cards: int
    none_played: bool
    penalty: int


@dataclass(frozen=True)
class HandEntry:
    """What this phone has tapped for the hand being played (never saved).

    By finishing order: ``order`` is everyone, first out first. Under card_penalty scoring:
    ``order`` is only the player who went out, ``cards`` the counts of the others."""

    hand: int = 0  # the hand number it belongs to
    ticks: frozenset[int] = frozenset()  # checklist lines ticked off
    order: tuple[str, ...] = ()  # names, first out first
    events: tuple[Marked, ...] = ()
    pending: str | None = None  # an event kind waiting for its player
    pending_player: str | None = None  # a guillotine's player, waiting for its victim
    cards: tuple[tuple[str, int], ...] = ()  # card_penalty: (name, cards left), out excluded
    none_played: frozenset[str] = frozenset()  # card_penalty: who played no card
    picking: str | None = None  # card_penalty: whose count the picker sets

    def for_hand(self, number: int) -> HandEntry:
        return self if self.hand == number else HandEntry(hand=number)

    @property
    def has_taps(self) -> bool:
        """Whether a person tapped something of the result in (ticks do not count: they
        belong to the plan of that hand)."""
        return bool(self.order or self.events or self.cards or self.none_played)

    def shown_for(self, number: int) -> HandEntry:
        """The taps as the panels show them for hand ``number``: stale ones as they were
        (the notice asks what to do with them), else this hand's."""
        return self if self.stale(number) else self.for_hand(number)

    def stale(self, number: int) -> bool:
        """Taps made for another hand than the one to play now (another phone recorded or
        undid a hand meanwhile): kept until the person says what to do with them."""
        return self.has_taps and self.hand not in (0, number)

    def moved_to(self, number: int, players: tuple[str, ...]) -> HandEntry:
        """The same taps for hand ``number``, without the players no longer at the table."""
        here = set(players)
        return HandEntry(
            hand=number,
            order=tuple(n for n in self.order if n in here),
            events=tuple(
                e
                for e in self.events
                if (e.player is None or e.player in here) and (e.victim is None or e.victim in here)
            ),
            cards=tuple((n, c) for n, c in self.cards if n in here),
            none_played=frozenset(n for n in self.none_played if n in here),
        )

    def taps_text(self, by_cards: bool, tr: Translate) -> str:
        """The taps in one line, to show them back to the person who made them."""
        if by_cards:
            counts = {**dict.fromkeys(self.order, 0), **dict(self.cards)}
            parts = [tr("evening.cards_count", name=n, cards=c) for n, c in counts.items()]
        else:
            parts = [" → ".join(self.order)] if self.order else []
        parts += [tr(f"evening.event.{e.kind}") for e in self.events]
        return " · ".join(parts)

    def tick(self, line: int) -> HandEntry:
        return replace(self, ticks=self.ticks ^ {line})

    # --- events ------------------------------------------------------------------------

    def _name_for_event(self, name: str) -> HandEntry:
        """A tap while an event waits names its player (a guillotine: then its victim)."""
        assert self.pending is not None
        if self.pending == "guillotine" and self.pending_player is None:
            return replace(self, pending_player=name)
        event = (
            Marked("guillotine", self.pending_player, name)
            if self.pending == "guillotine"
            else Marked(self.pending, name)
        )
        events = self.events if event in self.events else (*self.events, event)
        return replace(self, events=events, pending=None, pending_player=None)

    def tap_event(self, kind: str, scum: str | None = None) -> HandEntry:
        if kind == "revolution":
            return replace(
                self, events=(*self.events, Marked("revolution")), pending=None, pending_player=None
            )
        if kind == "putsch" and scum is not None:
            event = Marked("putsch", scum)
            kept = tuple(e for e in self.events if e != event)
            return replace(
                self,
                events=kept if event in self.events else (*kept, event),
                pending=None,
                pending_player=None,
            )
        return replace(self, pending=None if self.pending == kind else kind, pending_player=None)

    def drop_event(self, index: int) -> HandEntry:
        return replace(self, events=self.events[:index] + self.events[index + 1 :])

    def event_inputs(self) -> list[dict[str, Any]]:
        out: list[dict[str, Any]] = []
        revolutions = sum(1 for e in self.events if e.kind == "revolution")
        if revolutions:
            out.append({"kind": "revolution", "count": revolutions})
        for e in self.events:
            if e.kind == "guillotine":
                out.append({"kind": e.kind, "player": e.player, "victim": e.victim})
            elif e.kind != "revolution":
                out.append({"kind": e.kind, "player": e.player})
        return out

    # --- the finishing order -------------------------------------------------------------

    def tap_player(self, name: str, players: tuple[str, ...]) -> HandEntry:
        """Next out; a tap on someone already placed takes him (and those after) back; the
        last one is placed automatically. While an event waits, the tap names its player."""
        if self.pending is not None:
            return self._name_for_event(name)
        if name in self.order:
            return replace(self, order=self.order[: self.order.index(name)])
        order = (*self.order, name)
        left = [p for p in players if p not in order]
        if len(left) == 1:
            order = (*order, left[0])
        return replace(self, order=order)

    def clear_order(self) -> HandEntry:
        return replace(self, order=())

    def complete(self, players: tuple[str, ...]) -> bool:
        return sorted(self.order) == sorted(players)

    # --- card_penalty: who went out, the cards the others have left ------------------------

    def count_of(self, name: str) -> int | None:
        return dict(self.cards).get(name)

    def _next_to_count(self, players: tuple[str, ...], after: str | None) -> str | None:
        """The next player (round from ``after``) still without a count."""
        start = players.index(after) + 1 if after in players else 0
        for name in players[start:] + players[:start]:
            if name not in self.order and self.count_of(name) is None:
                return name
        return None

    def _with_count(self, name: str, count: int | None) -> HandEntry:
        cards = tuple((n, c) for n, c in self.cards if n != name)
        if count is not None:
            cards = tuple(sorted((*cards, (name, count))))
        return replace(self, cards=cards)

    def tap_out(self, name: str, players: tuple[str, ...]) -> HandEntry:
        """The player who laid down all his cards (his count is 0); tapped again, taken
        back. The picker then opens on the first player still to count. While an event
        waits, the tap names its player instead."""
        if self.pending is not None:
            return self._name_for_event(name)
        if self.order == (name,):
            return replace(self, order=(), picking=None)
        entry = replace(
            self._with_count(name, None), order=(name,), none_played=self.none_played - {name}
        )
        return replace(entry, picking=entry._next_to_count(players, None))

    def pick(self, name: str) -> HandEntry:
        """Open the picker on ``name`` (not on the player who went out)."""
        return self if name in self.order else replace(self, picking=name)

    def set_count(self, count: int, players: tuple[str, ...]) -> HandEntry:
        """The picked player's cards left; the picker moves on to the next one to count."""
        if self.picking is None:
            return self
        entry = self._with_count(self.picking, count)
        return replace(entry, picking=entry._next_to_count(players, self.picking))

    def step_count(self, delta: int, limit: int) -> HandEntry:
        """+1 / −1 on the picked player's count, kept within 1 … ``limit`` (0 is only the
        player who went out); the picker stays on him."""
        if self.picking is None:
            return self
        count = min(max((self.count_of(self.picking) or 0) + delta, 1), max(limit, 1))
        return self._with_count(self.picking, count)

    def toggle_none_played(self, name: str, hand_size: int) -> HandEntry:
        """'Played no card': he still holds his whole hand, so an empty count becomes the
        hand size (a count already picked is kept)."""
        if name in self.order:
            return self
        if name in self.none_played:
            return replace(self, none_played=self.none_played - {name})
        entry = self if self.count_of(name) is not None else self._with_count(name, hand_size)
        return replace(entry, none_played=self.none_played | {name})

    def cards_missing(self, players: tuple[str, ...]) -> list[str]:
        """Who still has no count (everyone, until someone is tapped out)."""
        if not self.order:
            return list(players)
        return [p for p in players if p not in self.order and self.count_of(p) is None]

    def card_lines(self, players: tuple[str, ...]) -> list[CardLine]:
        """The places the cards give, as the replay derives them: by penalty, ties in the
        order the players are listed (the ranking before the hand)."""
        counts = {**dict(self.cards), **dict.fromkeys(self.order, 0)}
        lines = [
            CardLine(
                p,
                counts[p],
                p in self.none_played,
                scoring.card_penalty(counts[p], p in self.none_played),
            )
            for p in players
            if p in counts
        ]
        return sorted(lines, key=lambda line: (line.penalty, players.index(line.name)))

    def card_inputs(self) -> tuple[dict[str, int], list[str]]:
        """``cards_left`` and ``none_played`` for ``TableService.record_hand``."""
        cards_left = {**dict.fromkeys(self.order, 0), **dict(self.cards)}
        return cards_left, sorted(self.none_played)

    # --- the line above the record button ------------------------------------------------

    def summary(self, players: tuple[str, ...], by_cards: bool, tr: Translate) -> str | None:
        """What the record button will send, in one line; None while something is missing."""
        if by_cards:
            if self.cards_missing(players):
                return None
            places = " → ".join(
                tr("evening.cards_place", name=line.name, penalty=line.penalty)
                for line in self.card_lines(players)
            )
        elif self.complete(players):
            places = " → ".join(self.order)
        else:
            return None
        parts = [places]
        for e in self.events:
            label = tr(f"evening.event.{e.kind}")
            if e.victim is not None:
                parts.append(
                    tr("evening.event_victim", event=label, name=e.player, victim=e.victim)
                )
            else:
                parts.append(f"{label} ({e.player})" if e.player else label)
        return tr("evening.summary", what=" · ".join(parts))
