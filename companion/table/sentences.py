"""The table plan as sentences for the dealer, in French or English.

Names carry no gender, so the French avoids « lui-même / elle-même » (« en s'en donnant
d'abord 2 », « soi-même ») and the English uses "their".
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence

from companion.table.deal import Deal, Deck
from companion.table.exchanges import DiscardPlan, Give, Pair

_DECK = {
    "fr": {"52": "52 cartes", "32": "32 cartes (du 7 à l'as)",
           "30": "30 cartes (du 7 à l'as, sans les 7 rouges)",
           "40": "52 cartes sans les 4, 5 et 6"},
    "en": {"52": "52 cards", "32": "32 cards (7 to ace)",
           "30": "30 cards (7 to ace, without the red 7s)",
           "40": "52 cards without the 4s, 5s and 6s"},
}  # fmt: skip


class Say:
    """Sentence builder for one plan: knows the titles and the language."""

    def __init__(self, lang: str, titles: Mapping[str, str]) -> None:
        self.fr = lang != "en"
        self.titles = titles

    def t(self, fr: str, en: str) -> str:
        return fr if self.fr else en

    def who(self, name: str) -> str:
        title = self.titles.get(name)
        return f"{name} ({title})" if title else name

    def way(self, clockwise: bool) -> str:
        if clockwise:
            return self.t("dans le sens des aiguilles d'une montre", "clockwise")
        return self.t("dans le sens inverse des aiguilles d'une montre", "anticlockwise")

    # -- seats and deck ----------------------------------------------------------------------
    def seating(self, seats: Sequence[str], fixed: bool, first: bool) -> str:
        names = ", ".join(self.who(s) for s in seats)
        if first:
            return self.t(
                f"Première donne, pas encore de rôles. Places dans le sens des "
                f"aiguilles d'une montre : {names}.",
                f"First hand, no roles yet. Seats, clockwise: {names}.",
            )
        if fixed:
            return self.t(
                f"Chacun garde sa place ; dans le sens des aiguilles d'une montre : {names}.",
                f"Everyone keeps their seat; clockwise: {names}.",
            )
        return self.t(
            f"Places dans le sens des aiguilles d'une montre : {names}.",
            f"Seats, clockwise: {names}.",
        )

    def deck(self, deck: Deck) -> str:
        one = _DECK["fr" if self.fr else "en"][deck.deck]
        if deck.decks > 1:
            packs = self.t(f"{deck.decks} jeux de {one}", f"{deck.decks} decks of {one}")
        else:
            packs = self.t(f"1 jeu de {one}", f"1 deck of {one}")
        if deck.jokers:
            plural = "s" if deck.jokers > 1 else ""
            packs += f" + {deck.jokers} joker{plural}"
        return self.t(
            f"Jeu : {deck.cards} cartes ({packs}).", f"Pack: {deck.cards} cards ({packs})."
        )

    # -- the deal ----------------------------------------------------------------------------
    def counts(self, counts: Mapping[str, int], order: Sequence[str]) -> str:
        tally = Counter(counts.values())
        if len(tally) == 1:
            (each,) = tally
            return self.t(f"{each} chacun", f"{each} each")
        common, times = tally.most_common(1)[0]
        if times >= 2 and list(tally.values()).count(times) == 1:
            others = [f"{n} {counts[n]}" for n in order if counts[n] != common]
            return ", ".join([*others, self.t(f"les autres {common}", f"the others {common}")])
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
        if deal.set_aside:
            per = len(deal.order) // len(deal.cycle)
            aside = deal.set_aside
            return self.t(
                f"{d} distribue {per} cartes à chacun, une par une {way} en commençant par "
                f"{start} ; les {aside} cartes restantes sont montrées à tous et mises de côté.",
                f"{d} deals {per} cards to each player, one at a time {way} starting with "
                f"{start}; the {aside} cards left over are shown to all and set aside.",
            )
        if by_rank_up:
            low, high = deal.cycle[0], deal.cycle[-1]
            begin = self.t("soi-même", dealer) if low == dealer else self.who(low)
            return self.t(
                f"{d} distribue les {deck.cards} cartes une par une en remontant les rangs, en "
                f"commençant par {begin} et en finissant par {self.who(high)}, pour que les "
                f"cartes en trop aillent d'abord aux derniers : {tally}.",
                f"{d} deals the {deck.cards} cards one at a time up the ranks, starting with "
                f"{begin} and ending with {self.who(high)}, so that extra cards go to the "
                f"lowest first: {tally}.",
            )
        if deal.prelude:
            if len(deal.prelude) == 1 and deal.prelude[0][0] == dealer:
                k = deal.prelude[0][1]
                return self.t(
                    f"{d} distribue {deck.cards} cartes, en s'en donnant d'abord {k}, puis une "
                    f"par une {way} en commençant par {start} : {tally}.",
                    f"{d} deals {deck.cards} cards, first {k} to {dealer}, then one at a time "
                    f"{way} starting with {start}: {tally}.",
                )
            first = ", ".join(self.t(f"{k} à {n}", f"{k} to {n}") for n, k in deal.prelude)
            return self.t(
                f"{d} distribue {deck.cards} cartes : d'abord {first}, puis une par une {way} "
                f"en commençant par {start} : {tally}.",
                f"{d} deals {deck.cards} cards: first {first}, then one at a time {way} "
                f"starting with {start}: {tally}.",
            )
        if start == dealer:
            begin = self.t("en commençant par soi-même", f"starting with {dealer}")
        else:
            begin = self.t(
                f"en commençant par {self.who(start)}", f"starting with {self.who(start)}"
            )
        return self.t(
            f"{d} distribue les {deck.cards} cartes une par une {way}, {begin} : {tally}.",
            f"{d} deals the {deck.cards} cards one at a time {way}, {begin}: {tally}.",
        )

    # -- exchanges and discards --------------------------------------------------------------
    def what(self, give: Give, other: str) -> str:
        c, how = give.count, give.how
        one = c == 1
        if how in ("best", "best_collective", "best_no_joker"):
            text = self.t(
                "sa meilleure carte" if one else f"ses {c} meilleures cartes",
                "their best card" if one else f"their {c} best cards",
            )
            if how == "best_collective" and not one:
                text += self.t(
                    " prises ensemble (une paire de rois vaut mieux qu'un as et un roi)",
                    " taken together (a pair of kings beats an ace and a king)",
                )
            if how == "best_no_joker":
                text += self.t(" (sauf joker)", " (except jokers)")
            return text
        if how in ("lowest", "lowest_even_if_set"):
            text = self.t(
                "sa plus faible carte" if one else f"ses {c} plus faibles cartes",
                "their lowest card" if one else f"their {c} lowest cards",
            )
            if how == "lowest_even_if_set":
                text += self.t(
                    ", même si elle fait partie d'une paire ou d'un brelan"
                    if one
                    else ", même si elles font partie d'une paire ou d'un brelan",
                    ", even from a pair or a set",
                )
            return text
        if how == "negotiated":
            return self.t(
                f"{'une carte négociée' if one else f'{c} cartes négociées'} avec {other}",
                f"{c} card{'' if one else 's'} agreed with {other}",
            )
        return self.t(
            "une carte de son choix" if one else f"{c} cartes de son choix",
            f"{c} card{'' if one else 's'} of their choice",
        )

    def pair(self, pair: Pair, first_pair: bool) -> list[str]:
        first, back = pair.gives
        a, b = first.giver, first.to
        if pair.merchants:
            return [
                self.t(
                    f"{self.who(pair.high)} et {self.who(pair.low)} marchandent puis s'échangent "
                    f"une carte chacun ; sans accord, chacun donne une carte dont il ne veut pas.",
                    f"{self.who(pair.high)} and {self.who(pair.low)} bargain, then swap one card "
                    f"each; if they cannot agree, each gives a card they do not want.",
                )
            ]
        lines = [
            self.t(
                f"{self.who(a)} donne {self.what(first, b)} à {self.who(b)} — {b} lui rend "
                f"{self.what(back, a)}.",
                f"{self.who(a)} gives {self.what(first, b)} to {self.who(b)} — {b} gives back "
                f"{self.what(back, a)}.",
            )
        ]
        if pair.veto:
            lines.append(
                self.t(
                    f"{pair.low} peut refuser l'une des cartes reçues : {pair.high} la reprend et "
                    f"en donne une autre de son choix.",
                    f"{pair.low} may veto one of the cards received: {pair.high} takes it back and "
                    f"gives another of their choice.",
                )
            )
        up = first if first.giver == pair.low else back
        if up.how == "best_no_joker" and first_pair:
            lines.append(
                self.t(
                    f"Si {pair.high} a deux jokers, {pair.high} doit en donner un à {pair.low}.",
                    f"If {pair.high} holds two jokers, {pair.high} must give one to {pair.low}.",
                )
            )
        return lines

    def no_exchange(self, names: Sequence[str]) -> str:
        who = [self.who(n) for n in names]
        if len(who) == 1:
            return self.t(
                f"{who[0]} ne donne ni ne reçoit de carte.",
                f"{who[0]} neither gives nor receives cards.",
            )
        fr = f"{', '.join(who[:-1])} et {who[-1]}"
        en = f"{', '.join(who[:-1])} and {who[-1]}"
        return self.t(
            f"{fr} ne donnent ni ne reçoivent de carte.", f"{en} neither give nor receive cards."
        )

    def discard(self, d: DiscardPlan) -> str:
        one = d.count == 1
        fr = f"{self.who(d.player)} se défausse " + (
            "d'une carte de son choix" if one else f"de {d.count} cartes de son choix"
        )
        en = f"{self.who(d.player)} discards {d.count} card{'' if one else 's'} of their choice"
        if d.shown:
            fr += ", la montre à tous" if one else ", les montre à tous"
            en += ", shows it to all" if one else ", shows them to all"
        else:
            fr += ", face cachée"
            en += ", face down"
        if d.to:
            it = ("la" if one else "les", "it" if one else "them")
            fr += f" ; {self.who(d.to)} {it[0]} ramasse sans {it[0]} mettre dans son jeu"
            en += f"; {self.who(d.to)} collects {it[1]} without adding {it[1]} to their hand"
        return self.t(fr + ".", en + ".")

    # -- putsch, direction, lead -------------------------------------------------------------
    def putsch_open(self, low: str) -> str:
        return self.t(
            f"Avant tout échange, {self.who(low)} peut lancer un putsch : chacun garde alors "
            f"ses cartes.",
            f"Before any exchange, {self.who(low)} may launch a putsch: then "
            f"everyone keeps their cards.",
        )

    def putsch_declared(self, low: str) -> str:
        return self.t(
            f"{self.who(low)} lance un putsch : pas d'échange cette donne ; s'il ne finit pas "
            f"Président, il reprend sa place.",
            f"{self.who(low)} launches a putsch: no "
            f"exchange this hand; unless they finish first, they go back to last place.",
        )

    def putsch_penalty(self, low: str) -> str:
        return self.t(
            f"Putsch raté à la donne précédente : {self.who(low)} échange 4 cartes "
            f"et ne peut pas lancer de putsch cette donne.",
            f"Failed putsch last hand: {self.who(low)} exchanges 4 cards and may "
            f"not launch a putsch this hand.",
        )

    def direction(self, clockwise: bool, president_last: bool) -> str:
        why = self.t(
            ", pour que le Président joue le dernier au premier tour",
            ", so that the Président plays last in the first round",
        )
        return self.t(
            f"On joue {self.way(clockwise)}{why if president_last else ''}.",
            f"Play goes {self.way(clockwise)}{why if president_last else ''}.",
        )

    def reversed_order(self) -> str:
        # WIKI: « gardent leur valeur inversée jusqu'à ce qu'un joueur pose une révolution »
        return self.t(
            "La révolution continue : cette donne commence avec l'ordre des cartes inversé "
            "(les plus basses sont les plus fortes) jusqu'au prochain carré.",
            "The revolution goes on: this hand starts with the card order reversed (the "
            "lowest cards are the strongest) until the next four of a kind.",
        )

    def lead(self, who: str | None, rule: str, lowest: str) -> str:
        if who is not None:
            return self.t(f"{self.who(who)} joue en premier.", f"{self.who(who)} leads.")
        if rule == "queen_of_hearts":
            return self.t(
                "Le joueur qui a la dame de cœur joue en premier : « Dame de cœur, "
                "à toi l'honneur ! »",
                "The player holding the queen of hearts "
                "leads (« Dame de cœur, à toi l'honneur ! »).",
            )
        return self.t(
            f"Le joueur qui a le {lowest} joue en premier.",
            f"The player holding the {lowest} leads.",
        )

    def first_roles(self, method: str) -> str:
        if method == "first_hand":
            return self.t(
                "Pas d'échange : l'ordre de sortie de cette donne donne les titres.",
                "No exchange: the order in which players go out gives the titles.",
            )
        how = {
            "draw_card": self.t(
                "en tirant une carte chacun (la plus forte est Président, les égalités retirent)",
                "by drawing a card each (the highest is Président, ties draw again)",
            ),
            "random": self.t("au hasard", "at random"),
            "exposed_card": self.t(
                "par la carte du dessus de chaque main retournée",
                "by turning up the top card of each hand",
            ),
        }[method]
        return self.t(
            f"Ces règles attribuent d'habitude les rôles {how} ; jouée sans échange, "
            f"cette donne les attribue par l'ordre de sortie.",
            f"These rules usually assign roles {how}; played without exchanges, "
            f"this hand assigns them by the order of going out.",
        )
