"""The referee's sentences, rendered from a ruling's data in the viewer's language; every word
comes from the ``rules`` catalogue (``rules.refusal.<code>``, ``rules.ok.…``).

Nothing here decides anything: ``explain`` reads the state before the action, the action, the
code and what the transition found, and says it in the requested language, citing the rule and
the system it comes from. Cards read as their faces in that language (``R♥``, ``joker
rouge``), never in the notation (``K♥``, ``JKR``).
"""

from __future__ import annotations

from collections.abc import Callable

from companion.rules.card_words import Phrase, phrase_is_plural, rank_name
from companion.rules.cards import Card, Play, Suit
from companion.rules.citation import cited_option
from companion.rules.codes import RuleCode
from companion.rules.notation import Action
from companion.rules.presets import PRESETS
from companion.rules.ruleset import RuleSet, parts_turned_off
from companion.rules.state import HandState, Pending, StepInfo
from companion.words import t, tn
from companion.words.formats import number

# Each refusal's sentence, by its catalogue key; fields: player, next, play, to_beat, count,
# a_rank, effect, max_set (a play may be asked in a case: ``{to_beat:acc}``).
SENTENCES: dict[RuleCode, str] = {
    code: f"rules.refusal.{code.value}" for code in RuleCode if code is not RuleCode.OK
}

# The card effect owed (B13), named in a refusal of the wrong effect or target.
_EFFECT_WORDS: dict[str, str] = {
    kind: f"rules.effect_due.{kind}"
    for kind in ("give_previous", "give_next", "discard", "give_any")
}


def system_label(state: HandState, option: str | None, lang: str) -> str:
    """The system a rule comes from: the preset's name, or the changed option when the table
    changed the preset's value."""
    preset = PRESETS.get(state.preset or "")
    base = t(lang, "rules.source.table") if preset is None else preset.name(lang)
    base = _turned_off(state.rules, base, lang)
    if option is None:
        return base
    oid = RuleSet.option_id(option)
    value = getattr(state.rules, option)
    if preset is not None and getattr(preset.rules, option) != value:
        return t(
            lang, "rules.source.changed", base=base, option=option, value=_shown(value), oid=oid
        )
    return f"{base} ({oid})" if oid else base


def _shown(value: object) -> str:
    """An option value as ``--set`` takes it."""
    if value is None:
        return "none"
    if isinstance(value, frozenset):
        return ",".join(sorted(value)) or "none"
    return str(value).lower() if isinstance(value, bool) else str(value)


def _turned_off(rules: RuleSet, base: str, lang: str) -> str:
    """``base``, naming the parts of a variant the table turned off (``quad_and_direction``
    without its transparent 3s…) in every ruling under those rules."""
    off = parts_turned_off(rules)
    if not off:
        return base
    parts = ", ".join(f"{name}={_shown(getattr(rules, name))}" for name, _ in off)
    brought = ", ".join(f"{name}={_shown(value)}" for name, value in off)
    return t(lang, "rules.source.turned_off", base=base, parts=parts, brought=brought)


def separator(lang: str) -> str:
    """What comes between a ruling's source and its reason (French sets a space before)."""
    return t(lang, "rules.separator")


def explain(
    state: HandState,
    action: Action,
    code: RuleCode,
    info: StepInfo,
    after: HandState | None,
    lang: str,
) -> str:
    """The ruling on ``action`` in ``state`` as one sentence in ``lang``: its source, then its
    reason."""
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
    source = system_label(state, cited_option(code, info), lang)
    if code is RuleCode.OK:
        return source, _explain_ok(state, action, info, after, lang)
    top = state.trick.top
    words = _card_words(state, lang)
    run_rank = state.trick.run_rank
    key = SENTENCES[code]
    if code is RuleCode.JOKER_UNBEATABLE and state.rules.joker_power == "beat_all_but_quad":
        key += ".quad"
    if code is RuleCode.EFFECT_PENDING and state.pending and state.pending.optional:
        key += ".house"  # H5/H6: up to some cards, or none
    if code is RuleCode.TRICK_OVER and state.trick.cleared_by:
        key += ".cleared"  # a lone 2, a joker or a card effect ended it, not the passes
    fields = {
        "player": action.player,
        "next": state.next_player or "—",
        "play": words(action.play),
        "to_beat": words(Play(top.cards)) if top else _Dash(),
        "count": number(lang, top.combo.count if top else 0),
        "a_rank": rank_name(run_rank, lang) if run_rank else "?",
        "effect": _owed_words(state.pending, lang),
        "owed": state.pending.count if state.pending else 1,
        "card": words(Play((state.trick.opening,))) if state.trick.opening else _Dash(),
        "max_set": number(lang, state.rules.max_set or 0),
        "suits": suit_list(state.trick.lock),
    }
    return source, t(lang, key, **fields)


def suit_list(suits: tuple[Suit, ...]) -> str:
    """Suits as the cards show them (« ♥ ♠ »): the same in every language."""
    return " ".join(suit.value for suit in suits)


class _Dash:
    """Nothing to beat, in any case a sentence asks for."""

    def __format__(self, spec: str) -> str:
        return "—"


def _explain_ok(
    state: HandState, action: Action, info: StepInfo, after: HandState | None, lang: str
) -> str:
    """The reason of a legal action: what it does, then who acts next."""
    words = _card_words(state, lang)
    p, play = action.player, words(action.play)
    top = state.trick.top
    parts: list[str] = []
    kind = info.kind
    if kind == "beat":
        under = words(Play(top.cards)) if top else _Dash()
        key = "rules.ok.beat.plural" if phrase_is_plural(action.play) else "rules.ok.beat"
        parts.append(t(lang, key, play=play, under=under))
    elif kind == "effect":
        parts.append(effect_words(action, lang))
    elif kind in _KIND_WORDS:
        parts.append(t(lang, _KIND_WORDS[kind], player=p, play=play))
    if info.coup:
        key = "rules.ok.guillotine" if info.coup == "guillotine" else "rules.ok.coup"
        parts.append(t(lang, key, player=p))
    if info.revolution and state.rules.revolution == "quad_and_direction":
        # PAGAT (Hamish Allan): « alors le sens du jeu et le classement des cartes s'inversent »
        parts.append(t(lang, "rules.ok.revolution_direction"))
    elif info.revolution:
        parts.append(t(lang, "rules.ok.revolution"))
    if info.turned:  # WIKI Strutz: « Si un joueur pose un 8, le jeu change de sens »
        parts.append(t(lang, "rules.ok.turned"))
    if info.inverted:  # « Si un joueur pose un 9, l'ordre des cartes s'inverse »
        parts.append(t(lang, "rules.ok.inverted"))
    if info.jack_back:  # H2 11-back
        parts.append(t(lang, "rules.ok.jack_back"))
    if info.locked:  # H8 shibari
        parts.append(t(lang, "rules.ok.locked", suits=suit_list(info.locked)))
    if info.skipped:
        parts.append(tn(lang, "rules.ok.skipped", info.skipped))
    if info.cleared:
        parts.append(t(lang, "rules.ok.cleared", player=p))
    if info.forfeit:
        parts.append(t(lang, "rules.ok.forfeit", player=p))
    elif info.went_out:
        parts.append(t(lang, "rules.ok.went_out", player=p))
    if after is not None and after.over:
        parts.append(t(lang, "rules.ok.hand_over", order=", ".join(after.finishing_order)))
    elif after is not None and after.next_player:
        parts.append(_next(after, words, lang))
    text = t(lang, "rules.join").join(parts) + "."
    return text[0].upper() + text[1:]


# What a legal action of these kinds does; fields: player, play.
_KIND_WORDS = {
    "lead": "rules.ok.lead",
    "speed": "rules.ok.speed",
    "overplay": "rules.ok.overplay",
    "pass": "rules.ok.pass",
    "stuck": "rules.ok.stuck",
    "gather": "rules.ok.gather",
    "decline": "rules.ok.decline",
}


def _owed_words(pending: Pending | None, lang: str) -> str:
    """The card effect owed, in words: B13's card (« un 7 : une carte au suivant »), or the
    house rules' cards (« jusqu'à 2 cartes au suivant, ou aucune »)."""
    if pending is None:
        return t(lang, _EFFECT_WORDS["discard"])
    if pending.optional:
        return t(lang, f"rules.effect_due.house.{pending.kind}", owed=pending.count)
    return t(lang, _EFFECT_WORDS[pending.kind])


def _next(after: HandState, words: Callable[[Play], Phrase], lang: str) -> str:
    """Who acts next, and what he must beat (and what it is worth, when not its cards)."""
    nxt = after.next_player
    if after.pending is not None:  # the cards owed come first (B13, H5, H6)
        return t(lang, "rules.ok.next_owes", player=nxt, effect=_owed_words(after.pending, lang))
    if after.to_beat is None:
        return t(lang, "rules.ok.next_leads", player=nxt)
    part = t(lang, "rules.ok.next_beats", player=nxt, play=words(after.to_beat))
    top = after.trick.top
    if top is not None and top.combo.count != len(top.cards):
        # B4/B6: a power play stands for more cards
        return tn(lang, "rules.ok.worth_cards", top.combo.count, part=part)
    if (
        top is not None
        and top.combo.rank is not None
        and all(c.rank is not top.combo.rank for c in top.cards)
    ):
        # B7: the transparent cards stand for the rank below them
        worth = words(Play((Card(top.combo.rank),) * top.combo.count))
        return t(lang, "rules.ok.worth", part=part, worth=worth)
    return part


def _card_words(state: HandState, lang: str) -> Callable[[Play], Phrase]:
    """How plays read under these rules: the two jokers named apart only where they differ."""
    colours = state.rules.jokers > 0 and state.rules.joker_order != "equal"
    return lambda play: Phrase(play, lang, colours)


def effect_words(action: Action, lang: str) -> str:
    """A card given or discarded (B13): "Léa donne 5♥ à Tom" / "Léa discards 5♥"."""
    cards = Phrase(action.play, lang) if action.play.cards else None
    key = "rules.effect.give" if action.effect == "give" else "rules.effect.discard"
    if cards is not None:
        key += "_cards"
    if action.effect == "give" and action.target:
        key += "_to"
    return t(lang, key, player=action.player, cards=cards, target=action.target)
