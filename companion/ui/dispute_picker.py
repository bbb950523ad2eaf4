"""The dispute screen's card picker: taps that build the play to judge, add a play to the
table in one tap, or tap in the hand of the player whose turn it is (``PickerMode``).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import Self

from companion.errors import CompanionError
from companion.rules.cards import Card, JokerColour, Rank, Suit
from companion.rules.notation import Action
from companion.rules.referee import legal_plays
from companion.ui.dispute_table import MAX_HAND, MAX_TRAY, PICKER_MODES, PickerMode, card_of
from companion.ui.dispute_verdict import DisputeReferee


@dataclass(frozen=True)
class DisputeTaps(DisputeReferee):
    """The table, the referee, and the card picker's taps."""

    # --- the card picker -----------------------------------------------------------------------
    def with_mode(self, mode: PickerMode) -> Self:
        if mode not in PICKER_MODES:
            return self
        return replace(self, mode=mode, count=None, notice=None, table_cards=())

    def _offered(self, symbol: str) -> bool:
        picker = self.picker()
        return (symbol in picker.ranks and symbol != Rank.JOKER.symbol) or symbol in picker.jokers

    def tap_rank(self, symbol: str) -> Self:
        if not self._offered(symbol):
            return self
        if self.mode == "table":
            return self._add_quick(symbol)
        if self.mode == "hand":
            return self._to_hand(symbol)
        tray = () if self.judged else self.tray  # a ruled play is done with: start anew
        if len(tray) >= MAX_TRAY:
            return self
        return replace(
            self, tray=(*tray, symbol), passing=False, ruling=None, notice=None, judged=False
        )

    def _add_quick(self, symbol: str) -> Self:
        """One tap: the player whose turn it is played ``symbol`` (as many as the trick
        asks, or as the count key says); it joins the table if the rules allow it. Where
        suits matter, it waits for each card's suit first (``tap_suit``)."""
        top = self.state().trick.top
        n = self.count or (len(top.cards) if top is not None and self.to_beat else 1)
        cards = (symbol,) * n
        if self.suits_needed(cards):
            return replace(self, table_cards=cards, ruling=None, notice=None)
        return self._add_cards(cards)

    def _add_cards(self, cards: tuple[str, ...]) -> Self:
        """The player whose turn it is played ``cards`` (none: he passed); it joins the table
        if the rules allow it."""
        saved = (self.tray, self.passing, self.actor)
        tried = replace(self, actor=None, tray=cards, passing=not cards).add_to_table()
        if tried.history == self.history:  # refused: the reason shows, the tray is kept
            return replace(tried, tray=saved[0], passing=saved[1], actor=saved[2])
        return replace(tried, tray=saved[0], passing=saved[1], count=None)

    def quick_pass(self) -> Self:
        """One tap: the player whose turn it is passed."""
        return replace(self, table_cards=())._add_cards(())

    def clear_table_cards(self) -> Self:
        """Drop the play waiting for its suits."""
        return replace(self, table_cards=(), notice=None)

    def _suit_table_card(self, suit: Suit) -> Self:
        """The next card of the play waiting for its suits gets ``suit``; once each card has
        one, the play joins the table (refused: the last suit is taken back, to pick again)."""
        cards = [card_of(c) for c in self.table_cards]
        bare = next((i for i, c in enumerate(cards) if c.suit is None and not c.is_joker), None)
        if bare is None:
            return self
        suited = list(self.table_cards)
        suited[bare] = str(Card(cards[bare].rank, suit))
        if self.suits_needed(tuple(suited)):
            return replace(self, table_cards=tuple(suited), notice=None)
        added = self._add_cards(tuple(suited))
        if added.history == self.history:
            return replace(added, table_cards=self.table_cards)
        return replace(added, table_cards=())

    def add_play(self, action: Action) -> Self:
        """A possible play tapped: it joins the table (judged like any other)."""
        if action.player != self.next_player:
            return self
        return self._add_cards(tuple(str(c) for c in action.play.cards))

    def _to_hand(self, symbol: str) -> Self:
        owner = self.next_player
        if owner is None or len(self.hand) >= MAX_HAND:
            return self
        hand = self.hand if self.hand_owner == owner else ()
        return replace(self, hand=(*hand, symbol), hand_owner=owner, notice=None)

    def clear_hand(self) -> Self:
        return replace(self, hand=(), hand_owner=None, notice=None)

    def delete_hand_card(self) -> Self:
        return replace(self, hand=self.hand[:-1], notice=None)

    def possible_plays(self) -> tuple[Action, ...]:
        """Every action the referee accepts from the player whose turn it is, holding the
        hand tapped in for him ("Sam: 5 5", "Sam: pass"); nothing without his hand."""
        owner = self.next_player
        if owner is None or owner != self.hand_owner or not self.hand or self.broken:
            return ()
        try:
            cards = tuple(card_of(c) for c in self.hand)
            return tuple(legal_plays(self.state(), cards, owner))
        except (CompanionError, ValueError):
            return ()

    def set_count(self, n: int) -> Self:
        """Make the last tapped rank appear ``n`` times (suits already given are kept); in
        "table" mode, the cards each tap adds."""
        if self.mode == "table":
            pending = self.table_cards
            if pending and n >= 1:  # the play waiting for its suits: n cards, suits kept
                bare = Rank(card_of(pending[0]).rank).symbol
                pending = (*pending[:n], *[bare] * (n - len(pending)))
            return replace(
                self, count=n if n != self.count else None, table_cards=pending, notice=None
            )
        if self.mode == "hand":
            return self._restyle_hand_count(n)
        if not self.tray or n < 1:
            return self
        rank = card_of(self.tray[-1]).rank
        same = [c for c in self.tray if card_of(c).rank is rank]
        others = [c for c in self.tray if card_of(c).rank is not rank]
        kept = same[:n] + [Rank(rank).symbol] * (n - len(same))
        tray = (*others, *kept)
        if len(tray) > MAX_TRAY:
            return self
        return replace(self, tray=tray, ruling=None, notice=None)

    def _restyle_hand_count(self, n: int) -> Self:
        """In the hand: the last tapped rank held ``n`` times."""
        if not self.hand or n < 1:
            return self
        rank = card_of(self.hand[-1]).rank
        same = [c for c in self.hand if card_of(c).rank is rank]
        others = [c for c in self.hand if card_of(c).rank is not rank]
        hand = (*others, *same[:n], *[Rank(rank).symbol] * (n - len(same)))
        return replace(self, hand=hand[:MAX_HAND], notice=None)

    def tap_suit(self, suit: Suit) -> Self:
        """Give the suit to the last rank's first card without one (or change the last); in
        "table" mode, to the next card of the play waiting for its suits."""
        if self.mode == "table":
            return self._suit_table_card(suit)
        if self.mode == "hand":
            if not self.hand or card_of(self.hand[-1]).is_joker:
                return self
            moved = replace(self, tray=self.hand)._restyle(
                card_of(self.hand[-1]).rank, lambda c: c.suit is None, lambda c: Card(c.rank, suit)
            )
            return replace(self, hand=moved.tray)
        if not self.tray or card_of(self.tray[-1]).is_joker:
            return self
        rank = card_of(self.tray[-1]).rank
        return self._restyle(rank, lambda c: c.suit is None, lambda c: Card(c.rank, suit))

    def naming_joker(self) -> bool:
        """Whether the play being tapped ends on a joker the rules let be named (JK=4)."""
        return (
            self.mode == "play"
            and bool(self.tray)
            and not self.judged
            and card_of(self.tray[-1]).is_joker
            and bool(self.picker().joker_names)
        )

    def name_joker(self, symbol: str) -> Self:
        """The last joker tapped is played as ``symbol``'s rank (``JK=4``); the rank it
        already has, tapped again, makes it a plain joker."""
        if not self.naming_joker() or symbol not in self.picker().joker_names:
            return self
        last = card_of(self.tray[-1])
        rank = Card.parse(symbol).rank
        named = None if last.named is rank else rank
        card = Card(Rank.JOKER, None, last.colour, named)
        return replace(self, tray=(*self.tray[:-1], str(card)), ruling=None, notice=None)

    def tap_joker_colour(self, colour: JokerColour) -> Self:
        jokers = [c for c in self.tray if card_of(c).is_joker]
        if not jokers:
            return self
        return self._restyle(
            Rank.JOKER, lambda c: c.colour is None, lambda c: Card(Rank.JOKER, None, colour)
        )

    def _restyle(
        self, rank: Rank, bare: Callable[[Card], bool], make: Callable[[Card], Card]
    ) -> Self:
        cards = [card_of(c) for c in self.tray]
        spots = [i for i, c in enumerate(cards) if c.rank is rank]
        bare_spots = [i for i in spots if bare(cards[i])]
        i = bare_spots[0] if bare_spots else spots[-1]
        tray = list(self.tray)
        tray[i] = str(make(cards[i]))
        return replace(self, tray=tuple(tray), ruling=None, notice=None)

    def tap_pass(self) -> Self:
        return replace(self, tray=(), passing=True, ruling=None, notice=None, judged=False)

    def delete_card(self) -> Self:
        return replace(self, tray=self.tray[:-1], passing=False, ruling=None, notice=None)

    def clear_tray(self) -> Self:
        return replace(self, tray=(), passing=False, ruling=None, notice=None, judged=False)
