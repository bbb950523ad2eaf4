"""The referee's sentences, in French and English, rendered from a ruling's data.

Nothing here decides anything: ``explain`` reads the state before the action, the action, the
code and what the transition found, and says it in the requested language, citing the rule and
the system it comes from. Cards read as their faces in that language (``R♥``, ``joker
rouge``), never in the notation (``K♥``, ``JKR``).
"""

from __future__ import annotations

from collections.abc import Callable

from companion.rules.card_words import phrase_is_plural, play_phrase, rank_name
from companion.rules.cards import Card, Play
from companion.rules.citation import cited_option
from companion.rules.codes import RuleCode
from companion.rules.notation import Action
from companion.rules.presets import PRESETS
from companion.rules.ruleset import RuleSet, parts_turned_off
from companion.rules.state import HandState, StepInfo

# (French, English) sentences; fields: player, next, play, to_beat, count, a_rank
SENTENCES: dict[RuleCode, tuple[str, str]] = {
    RuleCode.NOT_YOUR_TURN: (
        "ce n'est pas à {player} de jouer mais à {next}.",
        "it is not {player}'s turn but {next}'s.",
    ),
    RuleCode.TRICK_OVER: (
        "la tournée est finie : c'est à {next} d'entamer la suivante.",
        "the trick is over: {next} leads the next one.",
    ),
    RuleCode.ALREADY_PASSED: (
        "qui passe abandonne la tournée : {player} a passé et ne rejoue pas avant la prochaine.",
        "a player who passes drops out of the trick: {player} passed and "
        "cannot play until the next one.",
    ),
    RuleCode.ALREADY_OUT: ("{player} n'a plus de cartes.", "{player} has no cards left."),
    RuleCode.HAND_OVER: ("la donne est terminée.", "the hand is over."),
    RuleCode.LEAD_CANNOT_PASS: (
        "celui qui entame ne peut pas passer : {player} doit poser des cartes.",
        "the player who leads cannot pass: {player} must play cards.",
    ),
    RuleCode.MUST_PLAY: (
        "on doit jouer si on le peut : {player} a de quoi battre {to_beat}.",
        "a player must play if he can: {player} holds cards that beat {to_beat}.",
    ),
    RuleCode.NOT_IN_HAND: ("{player} n'a pas {play} en main.", "{player} does not hold {play}."),
    RuleCode.NOT_IN_DECK: ("le jeu ne contient pas {play}.", "the pack does not hold {play}."),
    RuleCode.NOT_A_SET: (
        "{play} n'est pas une combinaison jouable (cartes de même valeur).",
        "{play} is not a playable combination (cards of one rank).",
    ),
    RuleCode.TOO_MANY_CARDS: (
        "on pose de une à {max_set} cartes de même valeur : {play} en a trop.",
        "a set holds one to {max_set} cards of one rank: {play} has too many.",
    ),
    RuleCode.SINGLE_CARDS_ONLY: ("on ne joue qu'une carte à la fois.", "only one card at a time."),
    RuleCode.WILD_ALONE: (
        "les cartes libres ne se jouent pas seules.",
        "wild cards cannot be played on their own.",
    ),
    RuleCode.COUNT_MISMATCH: (
        "il faut poser autant de cartes que {to_beat} ({count}).",
        "the play must have as many cards as {to_beat} ({count}).",
    ),
    RuleCode.TOO_LOW: (
        "{play} ne bat pas {to_beat} : il faut plus fort.",
        "{play} does not beat {to_beat}: it must be higher.",
    ),
    RuleCode.EQUAL_FORBIDDEN: (
        "une combinaison de même valeur ne bat pas {to_beat} : il faut monter.",
        "a play of the same rank does not beat {to_beat}: it must be higher.",
    ),
    RuleCode.WRONG_COMBINATION: (
        "il faut une combinaison du même genre que {to_beat}.",
        "the play must be the same kind of combination as {to_beat}.",
    ),
    RuleCode.WRONG_SUIT: (
        "une carte seule ne se bat que dans sa couleur.",
        "a single card is beaten only in its own suit.",
    ),
    RuleCode.JOKER_UNBEATABLE: (
        "{to_beat} ne se bat que par un joker plus fort{quad_fr}.",
        "{to_beat} is beaten only by a higher joker{quad_en}.",
    ),
    RuleCode.RULE_OF_FOUR: (
        "règle des 4 : après une carte égale, il faut poser {a_rank} ou passer.",
        "rule of four: after an equal play, play {a_rank} or pass.",
    ),
    RuleCode.FORBIDDEN_FINISH: (
        "il est interdit de finir par {play}.",
        "a player may not go out with {play}.",
    ),
    RuleCode.SELF_OVERPLAY_USED: (
        "un joueur ne peut jouer sur sa propre carte qu'une seule fois : "
        "{player} remporte la tournée (pour entamer avec ces cartes, il "
        "ramasse d'abord : « passe »).",
        "a player may play on his own cards only once: {player} wins the "
        "trick (to lead these cards, he first gathers it: 'pass').",
    ),
    RuleCode.EFFECT_PENDING: (
        "{next} doit d'abord donner ou défausser une carte.",
        "{next} must first give or discard a card.",
    ),
    RuleCode.NO_EFFECT_DUE: (
        "aucune carte n'est à donner ni à défausser.",
        "no card is owed or to be discarded.",
    ),
    RuleCode.WRONG_EFFECT: (
        "ce n'est pas l'effet dû ({effect_fr}).",
        "that is not the effect owed ({effect_en}).",
    ),
    RuleCode.ONE_CARD_ONLY: (
        "on donne ou défausse une seule carte.",
        "one card is given or discarded.",
    ),
    RuleCode.TARGET_NEEDED: ("dites à qui va la carte.", "say who receives the card."),
    RuleCode.WRONG_TARGET: (
        "la carte ne va pas à ce joueur ({effect_fr}).",
        "the card does not go to that player ({effect_en}).",
    ),
}

_EFFECT_WORDS: dict[str, tuple[str, str]] = {
    "give_previous": ("un 6 : une carte au joueur précédent", "a 6: a card to the previous player"),
    "give_next": ("un 7 : une carte au joueur suivant", "a 7: a card to the next player"),
    "discard": ("un 8 : une carte défaussée", "an 8: a card discarded"),
    "give_any": ("un 9 : une carte au joueur de son choix", "a 9: a card to any player"),
}


def system_label(state: HandState, option: str | None, lang: str) -> str:
    """The system a rule comes from: the preset's name, or the changed option when the table
    changed the preset's value."""
    preset = PRESETS.get(state.preset or "")
    if preset is None:
        base = "Règles de la table" if lang == "fr" else "Table rules"
    else:
        base = preset.name(lang)
    base += _turned_off(state.rules, lang)
    if option is None:
        return base
    oid = RuleSet.option_id(option)
    value = getattr(state.rules, option)
    if preset is not None and getattr(preset.rules, option) != value:
        shown = ",".join(sorted(value)) if isinstance(value, frozenset) else value
        return f"{base}, option {option}={shown} ({oid})"
    return f"{base} ({oid})" if oid else base


def _shown(value: object) -> str:
    """An option value as ``--set`` takes it."""
    if value is None:
        return "none"
    if isinstance(value, frozenset):
        return ",".join(sorted(value)) or "none"
    return str(value).lower() if isinstance(value, bool) else str(value)


def _turned_off(rules: RuleSet, lang: str) -> str:
    """The parts of a variant the table turned off (``quad_and_direction`` without its
    transparent 3s…), named in every ruling under those rules."""
    off = parts_turned_off(rules)
    if not off:
        return ""
    parts = ", ".join(f"{name}={_shown(getattr(rules, name))}" for name, _ in off)
    brought = ", ".join(f"{name}={_shown(value)}" for name, value in off)
    if lang == "fr":
        return f" (variante modifiée par la table : {parts} au lieu de {brought})"
    return f" (variant changed by the table: {parts} instead of {brought})"


def separator(lang: str) -> str:
    """What comes between a ruling's source and its reason (French sets a space before)."""
    return " : " if lang == "fr" else ": "


def explain(
    state: HandState,
    action: Action,
    code: RuleCode,
    info: StepInfo,
    after: HandState | None,
    lang: str,
) -> str:
    """The ruling on ``action`` in ``state`` as one sentence in ``lang`` (``fr`` or ``en``):
    its source, then its reason."""
    source, reason = explain_parts(state, action, code, info, after, lang)
    return source + separator(lang) + reason


def explain_parts(
    state: HandState,
    action: Action,
    code: RuleCode,
    info: StepInfo,
    after: HandState | None,
    lang: str,
) -> tuple[str, str]:
    """The ruling's two parts in ``lang``: its source (the system, and the option it cites:
    "Trou-du-cul classique (P3)") and its reason (the sentence: "qui passe abandonne…")."""
    fr = lang == "fr"
    source = system_label(state, cited_option(code, info), lang)
    if code is RuleCode.OK:
        return source, _explain_ok(state, action, info, after, lang)
    top = state.trick.top
    words = _card_words(state, lang)
    to_beat = words(Play(top.cards)) if top else "—"
    pending = state.pending.kind if state.pending else "discard"
    run_rank = state.trick.run_rank
    quad = state.rules.joker_power == "beat_all_but_quad"
    fields = {
        "player": action.player,
        "next": state.next_player or "—",
        "play": words(action.play),
        "to_beat": to_beat,
        "count": top.combo.count if top else 0,
        "a_rank": rank_name(run_rank, lang) if run_rank else "?",
        "effect_fr": _EFFECT_WORDS[pending][0],
        "effect_en": _EFFECT_WORDS[pending][1],
        "quad_fr": " ou par un carré" if quad else "",
        "quad_en": " or by a four of a kind" if quad else "",
        "max_set": state.rules.max_set or 0,
    }
    return source, SENTENCES[code][0 if fr else 1].format(**fields)


def _explain_ok(
    state: HandState, action: Action, info: StepInfo, after: HandState | None, lang: str
) -> str:
    """The reason of a legal action: what it does, then who acts next."""
    fr = lang == "fr"
    words = _card_words(state, lang)
    p, play = action.player, words(action.play)
    top = state.trick.top
    parts: list[str] = []
    kind = info.kind
    if kind == "lead":
        parts.append(f"{p} entame avec {play}" if fr else f"{p} leads {play}")
    elif kind == "beat":
        under = words(Play(top.cards)) if top else ""
        several = phrase_is_plural(action.play)
        verb = ("battent" if several else "bat") if fr else ("beat" if several else "beats")
        parts.append(f"{play} {verb} {under}")
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
        parts.append(effect_words(action, lang))
    if info.coup:
        guillotine = info.coup == "guillotine"
        parts.append(
            (
                f"guillotine : {p} devient Président et désigne le Trou du cul"
                if guillotine
                else f"coup d'État : {p} devient Président"
            )
            if fr
            else (
                f"guillotine: {p} becomes Président and names the Trou du cul"
                if guillotine
                else f"coup d'État: {p} becomes Président"
            )
        )
    if info.revolution and state.rules.revolution == "quad_and_direction":
        # PAGAT (Hamish Allan): « alors le sens du jeu et le classement des cartes s'inversent »
        parts.append(
            "révolution : l'ordre des cartes et le sens du jeu s'inversent"
            if fr
            else "revolution: the card order and the direction of play are reversed"
        )
    elif info.revolution:
        parts.append(
            "révolution : l'ordre des cartes s'inverse"
            if fr
            else "revolution: the card order is reversed"
        )
    if info.turned:  # WIKI Strutz: « Si un joueur pose un 8, le jeu change de sens »
        parts.append("le jeu change de sens" if fr else "the direction of play turns")
    if info.inverted:  # « Si un joueur pose un 9, l'ordre des cartes s'inverse »
        parts.append(
            "l'ordre des cartes s'inverse jusqu'à la fin de la tournée, et qui avait passé "
            "rentre dans le tour"
            if fr
            else "the card order is inverted until the trick ends, and those who passed are back in"
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
        beat = words(after.to_beat) if after.to_beat is not None else None
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
                # B7: the transparent cards stand for the rank below them
                worth = words(Play((Card(top.combo.rank),) * top.combo.count))
                parts[-1] += f" (qui vaut {worth})" if fr else f" (worth {worth})"
    text = (" ; " if fr else "; ").join(parts) + "."  # French sets a space before ";"
    return text[0].upper() + text[1:]


def _card_words(state: HandState, lang: str) -> Callable[[Play], str]:
    """How plays read under these rules: the two jokers named apart only where they differ."""
    colours = state.rules.jokers > 0 and state.rules.joker_order != "equal"
    return lambda play: play_phrase(play, lang, joker_colours=colours)


def effect_words(action: Action, lang: str) -> str:
    """A card given or discarded (B13): "Léa donne 5♥ à Tom" / "Léa discards 5♥"."""
    fr = lang != "en"
    cards = f" {play_phrase(action.play, lang)}" if action.play.cards else ""
    if action.effect == "give":
        to = (f" à {action.target}" if fr else f" to {action.target}") if action.target else ""
        return f"{action.player} {'donne' if fr else 'gives'}{cards}{to}"
    return f"{action.player} {'défausse' if fr else 'discards'}{cards}"
