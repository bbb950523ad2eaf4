"""The table plan as sentences for the dealer, in the viewer's language (the ``table``
catalogue's ``table.plan.*`` messages).

Names carry no gender, so the French avoids « lui-même / elle-même » (« en s'en donnant
d'abord 2 », « soi-même ») and the English uses "their".
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence

from companion.table.deal import Deal, Deck
from companion.table.exchanges import DiscardPlan, Give, Pair
from companion.table.titles import title_words
from companion.table.words import and_list
from companion.words import lang_of, t, tn


class Say:
    """Sentence builder for one plan: knows the titles (as stored, shown in ``lang``) and
    the language."""

    def __init__(self, lang: str, titles: Mapping[str, str], scheme: str | None = None) -> None:
        self.lang = lang_of(lang)
        self.titles = {n: title_words(self.lang, x, scheme) for n, x in titles.items()}

    def t(self, key: str, **fields: object) -> str:
        return t(self.lang, f"table.plan.{key}", **fields)

    def tn(self, key: str, n: int, **fields: object) -> str:
        return tn(self.lang, f"table.plan.{key}", n, **fields)

    def who(self, name: str) -> str:
        title = self.titles.get(name)
        return f"{name} ({title})" if title else name

    def way(self, clockwise: bool) -> str:
        return self.t("way.clockwise" if clockwise else "way.anticlockwise")

    # -- seats and deck ----------------------------------------------------------------------
    def seating(self, seats: Sequence[str], fixed: bool, first: bool) -> str:
        names = ", ".join(self.who(s) for s in seats)
        key = "seating.first" if first else "seating.fixed" if fixed else "seating"
        return self.t(key, names=names)

    def deck(self, deck: Deck) -> str:
        packs = self.tn("packs", deck.decks, one=self.t(f"deck.{deck.deck}"))
        if deck.jokers:
            packs = self.tn("jokers", deck.jokers, packs=packs)
        return self.t("deck", cards=deck.cards, packs=packs)

    # -- the deal ----------------------------------------------------------------------------
    def counts(self, counts: Mapping[str, int], order: Sequence[str]) -> str:
        tally = Counter(counts.values())
        if len(tally) == 1:
            (each,) = tally
            return self.t("counts.each", each=each)
        common, times = tally.most_common(1)[0]
        if times >= 2 and list(tally.values()).count(times) == 1:
            others = [f"{n} {counts[n]}" for n in order if counts[n] != common]
            return ", ".join([*others, self.t("counts.others", common=common)])
        return ", ".join(f"{n} {counts[n]}" for n in order)

    def deal(
        self,
        dealer: str,
        deal: Deal,
        deck: Deck,
        counts: Mapping[str, int],
        seats: Sequence[str],
        clockwise: bool,
        by_rank_up: bool = False,
    ) -> str:
        d = self.who(dealer)
        way = self.way(clockwise)
        tally = self.counts(counts, seats)
        start = deal.cycle[0]
        cards = deck.cards
        if deal.set_aside:
            per = len(deal.order) // len(deal.cycle)
            return self.t(
                "deal.set_aside", dealer=d, per=per, way=way, start=start, aside=deal.set_aside
            )
        if by_rank_up:
            low, high = deal.cycle[0], deal.cycle[-1]
            begin = self.t("self", name=dealer) if low == dealer else self.who(low)
            return self.t(
                "deal.rank_up", dealer=d, cards=cards, begin=begin, high=self.who(high), tally=tally
            )
        if deal.prelude:
            if len(deal.prelude) == 1 and deal.prelude[0][0] == dealer:
                k = deal.prelude[0][1]
                return self.t(
                    "deal.prelude_self",
                    dealer=d,
                    cards=cards,
                    k=k,
                    name=dealer,
                    way=way,
                    start=start,
                    tally=tally,
                )
            first = ", ".join(self.t("deal.prelude_part", k=k, name=n) for n, k in deal.prelude)
            return self.t(
                "deal.prelude",
                dealer=d,
                cards=cards,
                first=first,
                way=way,
                start=start,
                tally=tally,
            )
        if start == dealer:
            begin = self.t("begin_self", name=dealer)
        else:
            begin = self.t("begin_with", who=self.who(start))
        return self.t("deal.plain", dealer=d, cards=cards, way=way, begin=begin, tally=tally)

    # -- exchanges and discards --------------------------------------------------------------
    def what(self, give: Give, other: str) -> str:
        c, how = give.count, give.how
        if how in ("best", "best_collective", "best_no_joker"):
            text = self.tn("what.best", c)
            if how == "best_collective" and c != 1:
                text = self.t("what.together", what=text)
            if how == "best_no_joker":
                text = self.t("what.no_joker", what=text)
            return text
        if how in ("lowest", "lowest_even_if_set"):
            text = self.tn("what.lowest", c)
            if how == "lowest_even_if_set":
                text = self.tn("what.even_from_set", c, what=text)
            return text
        if how == "negotiated":
            return self.tn("what.negotiated", c, other=other)
        return self.tn("what.chosen", c)

    def pair(self, pair: Pair, first_pair: bool) -> list[str]:
        first, back = pair.gives
        a, b = first.giver, first.to
        if pair.merchants:
            return [self.t("pair.merchants", high=self.who(pair.high), low=self.who(pair.low))]
        lines = [
            self.t(
                "pair.gives",
                giver=self.who(a),
                what=self.what(first, b),
                to=self.who(b),
                to_name=b,
                back=self.what(back, a),
            )
        ]
        if pair.veto:
            lines.append(self.t("pair.veto", low=pair.low, high=pair.high))
        up = first if first.giver == pair.low else back
        if up.how == "best_no_joker" and first_pair:
            lines.append(self.t("pair.two_jokers", high=pair.high, low=pair.low))
        return lines

    def no_exchange(self, names: Sequence[str]) -> str:
        who = [self.who(n) for n in names]
        key = "no_exchange.one" if len(who) == 1 else "no_exchange.many"
        return self.t(key, who=and_list(self.lang, who))

    def discard(self, d: DiscardPlan) -> str:
        text = self.tn("discard", d.count, who=self.who(d.player))
        if d.shown:
            text = self.tn("discard.shown", d.count, what=text)
        else:
            text = self.t("discard.hidden", what=text)
        if d.to:
            text = self.tn("discard.to", d.count, what=text, to=self.who(d.to))
        return self.t("discard.end", what=text)

    # -- putsch, direction, lead -------------------------------------------------------------
    def putsch_open(self, low: str) -> str:
        return self.t("putsch.open", low=self.who(low))

    def putsch_declared(self, low: str) -> str:
        return self.t("putsch.declared", low=self.who(low))

    def putsch_penalty(self, low: str) -> str:
        return self.t("putsch.penalty", low=self.who(low))

    def direction(self, clockwise: bool, president_last: bool) -> str:
        key = "direction.president_last" if president_last else "direction"
        return self.t(key, way=self.way(clockwise))

    def reversed_order(self) -> str:
        # WIKI: « gardent leur valeur inversée jusqu'à ce qu'un joueur pose une révolution »
        return self.t("reversed")

    def lead(self, who: str | None, rule: str, lowest: str) -> str:
        if who is not None:
            return self.t("lead.who", who=self.who(who))
        if rule == "queen_of_hearts":
            return self.t("lead.queen_of_hearts")
        if rule == "three_of_diamonds":  # SKNY: "3 of diamonds start"
            return self.t("lead.lowest", card="3♦")
        return self.t("lead.lowest", card=lowest)

    def first_roles(self, method: str) -> str:
        if method == "first_hand":
            return self.t("first_roles.first_hand")
        return self.t("first_roles.usual", how=self.t(f"first_roles.{method}"))
