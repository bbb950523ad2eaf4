"""The referee: rulings with a stable code and a sentence that cites the rule and its system.

``judge(state, action)`` never changes anything; ``apply`` returns the next state or raises
``IllegalActionError``; ``legal_plays`` yields the candidate plays ``judge`` accepts, so the
two agree by construction.

Codes (``ok`` when legal):

==================== ==========================================================================
``not-your-turn``    another player must act now
``trick-over``       the trick has ended; its winner (or his successor) leads
``already-passed``   P3: a pass barred this player until the trick ends
``already-out``      the player has no cards left
``hand-over``        the hand is finished
``lead-cannot-pass`` the player who leads must play
``must-play``        P2: a pass while holding a card that beats
``not-in-hand``      the player does not hold these cards (only when his hand is known)
``not-in-deck``      D1–D3: the pack holds no such cards (a joker without jokers, five 7s…)
``not-a-set``        B1/B11: the cards form no combination
``single-cards-only`` P7: one card at a time
``wild-alone``       D6a: wild cards may not be played on their own
``count-mismatch``   B1/B3: not the number of cards the play to beat requires
``too-low``          B1: not higher than the play to beat
``equal-forbidden``  B2: same rank as the play to beat
``wrong-combination`` B11: another kind of combination (run vs set, poker hand)
``wrong-suit``       B8: a single card is beaten only in its own suit
``joker-unbeatable`` B5: only a higher joker (or a four of a kind) beats a lone joker
``rule-of-four``     B10: after an equal play the same rank must follow
``forbidden-finish`` B12: going out on a forbidden card
``self-overplay-used`` P4: a player plays on his own cards only once
``effect-pending``   B13: a card must first be given or discarded
``no-effect-due``    B13: no card is owed
``wrong-effect``     B13: giving when a discard is owed, or the reverse
``one-card-only``    B13: one card is given or discarded
``target-needed``    B13: say to whom the card goes
``wrong-target``     B13: that player may not receive the card
==================== ==========================================================================
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import replace
from itertools import combinations

from companion.errors import CompanionError
from companion.rules.cards import Card, Play, Rank
from companion.rules.errors import IllegalHistoryError
from companion.rules.hand import Action, HandState, StepInfo, step
from companion.rules.presets import PRESETS
from companion.rules.ruleset import RuleSet

CODE_OPTION = {
    "already-passed": "pass_is_final",
    "trick-over": "trick_rounds",
    "must-play": "must_beat",
    "single-cards-only": "single_cards_only",
    "wild-alone": "wild_alone",
    "count-mismatch": "larger_sets",
    "too-low": "rank_order",
    "equal-forbidden": "equal_play",
    "wrong-combination": "combinations",
    "not-a-set": "combinations",
    "wrong-suit": "suits",
    "joker-unbeatable": "joker_power",
    "rule-of-four": "rule_of_four",
    "forbidden-finish": "forbidden_finish",
    "self-overplay-used": "self_overplay",
}

# (French, English) sentences; fields: player, next, play, to_beat, count, rank
SENTENCES: dict[str, tuple[str, str]] = {
    "not-your-turn": (
        "ce n'est pas à {player} de jouer mais à {next}.",
        "it is not {player}'s turn but {next}'s.",
    ),
    "trick-over": (
        "la tournée est finie : c'est à {next} d'entamer la suivante.",
        "the trick is over: {next} leads the next one.",
    ),
    "already-passed": (
        "qui passe abandonne la tournée : {player} a passé et ne rejoue pas avant la prochaine.",
        "a player who passes drops out of the trick: {player} passed and "
        "cannot play until the next one.",
    ),
    "already-out": ("{player} n'a plus de cartes.", "{player} has no cards left."),
    "hand-over": ("la donne est terminée.", "the hand is over."),
    "lead-cannot-pass": (
        "celui qui entame ne peut pas passer : {player} doit poser des cartes.",
        "the player who leads cannot pass: {player} must play cards.",
    ),
    "must-play": (
        "on doit jouer si on le peut : {player} a de quoi battre {to_beat}.",
        "a player must play if he can: {player} holds cards that beat {to_beat}.",
    ),
    "not-in-hand": ("{player} n'a pas {play} en main.", "{player} does not hold {play}."),
    "not-in-deck": ("le jeu ne contient pas {play}.", "the pack does not hold {play}."),
    "not-a-set": (
        "{play} n'est pas une combinaison jouable (cartes de même valeur).",
        "{play} is not a playable combination (cards of one rank).",
    ),
    "single-cards-only": ("on ne joue qu'une carte à la fois.", "only one card at a time."),
    "wild-alone": (
        "les cartes libres ne se jouent pas seules.",
        "wild cards cannot be played on their own.",
    ),
    "count-mismatch": (
        "il faut poser autant de cartes que {to_beat} ({count}).",
        "the play must have as many cards as {to_beat} ({count}).",
    ),
    "too-low": (
        "{play} ne bat pas {to_beat} : il faut plus fort.",
        "{play} does not beat {to_beat}: it must be higher.",
    ),
    "equal-forbidden": (
        "une combinaison de même valeur ne bat pas {to_beat} : il faut monter.",
        "a play of the same rank does not beat {to_beat}: it must be higher.",
    ),
    "wrong-combination": (
        "il faut une combinaison du même genre que {to_beat}.",
        "the play must be the same kind of combination as {to_beat}.",
    ),
    "wrong-suit": (
        "une carte seule ne se bat que dans sa couleur.",
        "a single card is beaten only in its own suit.",
    ),
    "joker-unbeatable": (
        "{to_beat} ne se bat que par un joker plus fort{quad_fr}.",
        "{to_beat} is beaten only by a higher joker{quad_en}.",
    ),
    "rule-of-four": (
        "règle des 4 : après une carte égale, il faut poser un {rank} ou passer.",
        "rule of four: after an equal play, play a {rank} or pass.",
    ),
    "forbidden-finish": (
        "il est interdit de finir par {play}.",
        "a player may not go out with {play}.",
    ),
    "self-overplay-used": (
        "un joueur ne peut jouer sur sa propre carte qu'une seule fois : "
        "{player} remporte la tournée (pour entamer avec ces cartes, il "
        "ramasse d'abord : « passe »).",
        "a player may play on his own cards only once: {player} wins the "
        "trick (to lead these cards, he first gathers it: 'pass').",
    ),
    "effect-pending": (
        "{next} doit d'abord donner ou défausser une carte.",
        "{next} must first give or discard a card.",
    ),
    "no-effect-due": (
        "aucune carte n'est à donner ni à défausser.",
        "no card is owed or to be discarded.",
    ),
    "wrong-effect": (
        "ce n'est pas l'effet dû ({effect_fr}).",
        "that is not the effect owed ({effect_en}).",
    ),
    "one-card-only": ("on donne ou défausse une seule carte.", "one card is given or discarded."),
    "target-needed": ("dites à qui va la carte.", "say who receives the card."),
    "wrong-target": (
        "la carte ne va pas à ce joueur ({effect_fr}).",
        "the card does not go to that player ({effect_en}).",
    ),
}

_EFFECT_WORDS = {
    "give_previous": ("un 6 : une carte au joueur précédent", "a 6: a card to the previous player"),
    "give_next": ("un 7 : une carte au joueur suivant", "a 7: a card to the next player"),
    "discard": ("un 8 : une carte défaussée", "an 8: a card discarded"),
    "give_any": ("un 9 : une carte au joueur de son choix", "a 9: a card to any player"),
}


class Ruling:
    """The referee's answer. ``next_player``: who acts after the action when it is legal,
    otherwise who must act now; ``to_beat``: what that player must beat (None: he leads).
    The sentences are built on first use: most rulings (move generation) never show them."""

    __slots__ = (
        "_before",
        "_en",
        "_fr",
        "action",
        "code",
        "info",
        "legal",
        "next_player",
        "state",
        "to_beat",
    )

    def __init__(
        self, before: HandState, action: Action, code: str, after: HandState | None, info: StepInfo
    ) -> None:
        shown = after if after is not None else before
        self._before = before
        self.action = action
        self.legal = code == "ok"
        self.code = code
        self.state = after  # the state after the action, when legal
        self.info = info
        self.next_player = shown.next_player
        self.to_beat = shown.to_beat
        self._fr: str | None = None
        self._en: str | None = None

    @property
    def fr(self) -> str:
        if self._fr is None:
            self._fr = _explain(self._before, self.action, self.code, self.info, self.state, "fr")
        return self._fr

    @property
    def en(self) -> str:
        if self._en is None:
            self._en = _explain(self._before, self.action, self.code, self.info, self.state, "en")
        return self._en

    def message(self, lang: str = "fr") -> str:
        return self.fr if lang == "fr" else self.en

    def as_dict(self, lang: str = "fr") -> dict[str, object]:
        return {
            "legal": self.legal,
            "code": self.code,
            "message": self.message(lang),
            "next": self.next_player,
            "to_beat": None if self.to_beat is None else str(self.to_beat),
        }

    def __repr__(self) -> str:
        return f"<Ruling {self.code} next={self.next_player!r} to_beat={self.to_beat!s}>"


class IllegalActionError(CompanionError):
    code = "illegal-action"

    def __init__(self, ruling: Ruling) -> None:
        super().__init__(ruling.fr, ruling.en)
        self.ruling = ruling
        self.code = ruling.code


def judge(state: HandState, action: Action) -> Ruling:
    code, after, info = step(state, action)
    return Ruling(state, action, code, after, info)


def apply(state: HandState, action: Action) -> HandState:
    after = step(state, action)[1]
    if after is None:
        raise IllegalActionError(judge(state, action))
    return after


def replay(state: HandState, actions: list[Action]) -> HandState:
    """Apply every action in turn; an illegal one raises IllegalHistoryError with its index."""
    for i, action in enumerate(actions):
        after = step(state, action)[1]
        if after is None:
            ruling = judge(state, action)
            raise IllegalHistoryError(
                f"Historique, coup {i + 1} (« {action} ») : {ruling.fr}",
                f"History item {i + 1} ('{action}'): {ruling.en}",
                index=i,
                ruling=ruling,
            )
        state = after
    return state


# --- legal plays --------------------------------------------------------------------------


def legal_plays(
    state: HandState, hand: tuple[Card, ...] | None = None, player: str | None = None
) -> Iterator[Action]:
    """Every action ``judge`` accepts for ``player`` (default: whoever must act) holding
    ``hand`` (default: his known hand): distinct plays, a pass if allowed, or the card
    effects owed."""
    name = player or state.next_player
    if name is None:
        return
    who = state.players.index(name)
    held = hand if hand is not None else state.hands[who]
    if held is None:
        raise ValueError(f"{name}'s hand is not known")
    if hand is not None and state.hands[who] != hand:
        state = _with_hand(state, who, hand)
    if state.pending is not None:
        yield from _effect_actions(state, name, held)
        return
    for cards in candidate_plays(state, held):
        action = Action(name, Play(cards))
        if step(state, action, check=True)[0] == "ok":
            yield action
    action = Action(name)
    if step(state, action, check=True)[0] == "ok":
        yield action


def _with_hand(state: HandState, who: int, hand: tuple[Card, ...]) -> HandState:
    return replace(state, hands=(*state.hands[:who], hand, *state.hands[who + 1 :]))


def _effect_actions(state: HandState, name: str, held: tuple[Card, ...]) -> Iterator[Action]:
    seen = set()
    targets = [p for p in state.players if p != name] + [None]  # type: ignore[list-item]
    for card in held:
        if card in seen:
            continue
        seen.add(card)
        for kind in ("give", "discard"):
            for target in targets if kind == "give" else [None]:
                action = Action(name, Play((card,)), kind, target)  # type: ignore[arg-type]
                if step(state, action)[0] == "ok":
                    yield action


def _suit_sensitive(rules: RuleSet) -> bool:
    return (
        rules.suits != "ignored"
        or rules.special_high_cards in ("black_threes", "jack_of_diamonds")
        or rules.combinations == "poker"
        or rules.joker_order != "equal"
    )


def candidate_plays(state: HandState, hand: tuple[Card, ...]) -> Iterator[tuple[Card, ...]]:
    """Distinct groups of held cards that could form a combination (each yielded once; when
    suits cannot matter, one representative per rank and size)."""
    rules = state.rules
    order = state.order
    wild = order.wild_ranks
    groups: dict[Rank, list[Card]] = {}
    wilds: list[Card] = []
    for c in hand:
        (wilds if c.rank in wild else groups.setdefault(c.rank, [])).append(c)
    max_size = 1 if rules.single_cards_only else len(hand)
    sensitive = _suit_sensitive(rules)
    seen: set[tuple[Card, ...]] = set()

    def emit(cards: tuple[Card, ...]) -> Iterator[tuple[Card, ...]]:
        # representatives never repeat; suit-by-suit picks can (two decks hold twin cards)
        key = tuple(sorted(cards, key=str)) if sensitive else cards
        if key not in seen:
            seen.add(key)
            yield cards

    wild_picks = _wild_picks(wilds, max_size)
    for cards_of_rank in groups.values():
        for k in range(1, min(len(cards_of_rank), max_size) + 1):
            picks = combinations(cards_of_rank, k) if sensitive else [tuple(cards_of_rank[:k])]
            for pick in picks:
                yield from emit(pick)
                for extra in wild_picks:
                    if k + len(extra) <= max_size:
                        yield from emit(pick + extra)
    for extra in wild_picks:
        yield from emit(extra)
    if rules.combinations == "sets_and_runs" and not rules.single_cards_only:
        yield from _run_candidates(groups, order, emit)
    if rules.combinations == "poker" and len(hand) >= 5:
        for five in combinations(hand, 5):
            yield from emit(five)


def _wild_picks(wilds: list[Card], max_size: int) -> list[tuple[Card, ...]]:
    """Every distinct choice of wild cards by rank (which wild stands in matters only by its
    rank: a 2 and a 3 are different cards to hold on to)."""
    by_rank: dict[Rank, list[Card]] = {}
    for c in wilds:
        by_rank.setdefault(c.rank, []).append(c)
    picks: list[tuple[Card, ...]] = [()]
    for cards in by_rank.values():
        picks = [
            p + tuple(cards[:n])
            for p in picks
            for n in range(len(cards) + 1)
            if len(p) + n <= max_size
        ]
    return [p for p in picks if p]


def _run_candidates(groups: dict[Rank, list[Card]], order, emit) -> Iterator[tuple[Card, ...]]:
    ranks = sorted((r for r in groups if r in order.keys), key=order.keys.__getitem__)
    for width in (1, 2, 3):
        for start in range(len(ranks)):
            run: list[Card] = []
            for j in range(start, len(ranks)):
                r = ranks[j]
                if j > start and order.keys[r] - order.keys[ranks[j - 1]] != 1:
                    break
                if len(groups[r]) < width:
                    break
                run.extend(groups[r][:width])
                if j - start + 1 >= (3 if width == 1 else 2):
                    yield from emit(tuple(run))


# --- explanations -------------------------------------------------------------------------


def system_label(state: HandState, option: str | None, lang: str) -> str:
    """The system a rule comes from: the preset's name, or the changed option when the table
    changed the preset's value."""
    preset = PRESETS.get(state.preset or "")
    if preset is None:
        base = "Règles de la table" if lang == "fr" else "Table rules"
    else:
        base = preset.name(lang)
    if option is None:
        return base
    info = RuleSet.model_fields[option]
    oid = (info.json_schema_extra or {}).get("id", "")  # type: ignore[union-attr]
    value = getattr(state.rules, option)
    if preset is not None and getattr(preset.rules, option) != value:
        shown = ",".join(sorted(value)) if isinstance(value, frozenset) else value
        return f"{base}, option {option}={shown} ({oid})"
    return f"{base} ({oid})" if oid else base


def _explain(
    state: HandState, action: Action, code: str, info: StepInfo, after: HandState | None, lang: str
) -> str:
    fr = lang == "fr"
    sep = " : " if fr else ": "
    if code == "ok":
        return _explain_ok(state, action, info, after, lang)
    option = info.blocker or CODE_OPTION.get(code)
    top = state.trick.top
    to_beat = str(Play(top.cards)) if top else "—"
    pending = state.pending.kind if state.pending else "discard"
    rank = state.trick.run_rank.symbol if state.trick.run_rank else "?"
    quad = state.rules.joker_power == "beat_all_but_quad"
    fields = {
        "player": action.player,
        "next": state.next_player or "—",
        "play": str(action.play),
        "to_beat": to_beat,
        "count": top.combo.count if top else 0,
        "rank": rank,
        "effect_fr": _EFFECT_WORDS[pending][0],
        "effect_en": _EFFECT_WORDS[pending][1],
        "quad_fr": " ou par un carré" if quad else "",
        "quad_en": " or by a four of a kind" if quad else "",
    }
    sentence = SENTENCES[code][0 if fr else 1].format(**fields)
    return system_label(state, option, lang) + sep + sentence


def _explain_ok(
    state: HandState, action: Action, info: StepInfo, after: HandState | None, lang: str
) -> str:
    fr = lang == "fr"
    sep = " : " if fr else ": "
    p, play = action.player, str(action.play)
    top = state.trick.top
    parts: list[str] = []
    kind = info.kind
    if kind == "lead":
        parts.append(f"{p} entame avec {play}" if fr else f"{p} leads {play}")
    elif kind == "beat":
        under = str(Play(top.cards)) if top else ""
        parts.append(f"{play} bat {under}" if fr else f"{play} beats {under}")
    elif kind == "speed":
        parts.append(
            f"{p} pose {play} à la volée, hors de son tour"
            if fr
            else f"{p} plays {play} out of turn, matching it"
        )
    elif kind == "overplay":
        parts.append(
            f"{p} rejoue une fois sur ses propres cartes avec {play}"
            if fr
            else f"{p} plays once on his own cards with {play}"
        )
    elif kind == "pass":
        parts.append(f"{p} passe" if fr else f"{p} passes")
    elif kind == "stuck":
        parts.append(
            f"{p} n'a que des cartes interdites pour finir : il passe la main"
            if fr
            else f"{p} holds only cards he may not finish on: he hands on the lead"
        )
    elif kind == "gather":
        parts.append(
            f"{p} ramasse la tournée et entame la suivante"
            if fr
            else f"{p} gathers the trick and leads the next one"
        )
    elif kind == "effect":
        parts.append(str(action))
    if info.revolution:
        parts.append(
            "révolution : l'ordre des cartes s'inverse"
            if fr
            else "revolution: the card order is reversed"
        )
    if info.skipped:
        n = info.skipped
        parts.append(
            f"{n} joueur{'s' if n > 1 else ''} sauté{'s' if n > 1 else ''}"
            if fr
            else f"{n} player{'s' if n > 1 else ''} skipped"
        )
    if info.cleared:
        parts.append(f"{p} remporte la tournée d'office" if fr else f"{p} wins the trick at once")
    if info.forfeit:
        parts.append(
            f"{p} finit sur une carte interdite : il sera classé dernier"
            if fr
            else f"{p} went out on a forbidden card: he finishes last"
        )
    elif info.went_out:
        parts.append(f"{p} n'a plus de cartes" if fr else f"{p} has gone out")
    if after is not None and after.over:
        order = ", ".join(after.finishing_order)
        parts.append(f"donne terminée ({order})" if fr else f"hand over ({order})")
    elif after is not None and after.next_player:
        beat = after.to_beat
        nxt = after.next_player
        if beat is None:
            parts.append(f"à {nxt} d'entamer" if fr else f"{nxt} leads")
        else:
            parts.append(f"à {nxt} de battre {beat}" if fr else f"{nxt} to beat {beat}")
            top = after.trick.top
            if top is not None and top.combo.count != len(top.cards):
                n = top.combo.count  # B4/B6: a power play stands for more cards
                parts[-1] += f" (qui vaut {n} cartes)" if fr else f" (worth {n} cards)"
            elif (
                top is not None
                and top.combo.rank is not None
                and all(c.rank is not top.combo.rank for c in top.cards)
            ):
                worth = " ".join([top.combo.rank.symbol] * top.combo.count)  # B7 transparent
                parts[-1] += f" (qui vaut {worth})" if fr else f" (worth {worth})"
    option = {"overplay": "self_overplay"}.get(kind) or (info.blocker or None)
    text = (" ; " if fr else "; ").join(parts) + "."  # French sets a space before ";"
    return system_label(state, option, lang) + sep + text[0].upper() + text[1:]
