"""What the dispute screen shows, as plain values: notices, the ruling with the rules it
cites, the card picker's offer, the table's lines, an action the rules no longer allow, where
the trick stands, the options and the evening whose rules these are. Built by
:mod:`companion.ui.dispute_model`."""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Literal

from companion.rules import card_words
from companion.rules.card_words import contracted, play_phrase
from companion.rules.cards import Card, JokerColour, Play
from companion.rules.explanations import effect_words
from companion.rules.notation import Action
from companion.rules.presets import PRESETS
from companion.rules.referee import Ruling, RulingParts
from companion.rules.ruleset import RuleSet
from companion.ui import option_words
from companion.ui.when import moment_words
from companion.words import Renders, t, tn

Origin = Literal["preset", "evening", "here"]  # where an option's value comes from


@dataclass(frozen=True)
class Said:
    """Words the engine renders in any language (an error's or a ruling's ``message``),
    kept as data until shown."""

    say: Callable[[str], str]

    def render(self, lang: str) -> str:
        return self.say(lang)


@dataclass(frozen=True)
class Notice:
    """A message for the user: a catalogue key, its fields, and the engine's words (an
    error, a ruling) for its ``{reason}`` field when there is one."""

    key: str
    reason: Renders | None = None
    fields: tuple[tuple[str, object], ...] = ()

    @property
    def about_a_name(self) -> bool:
        """A refused player's name (``table.names.name_problem``): said beside the names."""
        return self.key.startswith("new.name_")

    def text(self, lang: str) -> str:
        fields = dict(self.fields)
        if self.reason is not None:
            fields["reason"] = self.reason.render(lang)
        return t(lang, self.key, **fields)


@dataclass(frozen=True)
class Cite:
    """The option a ruling rests on, and where its value comes from at this table."""

    name: str  # "pass_is_final"
    value: str  # as ``--set`` spells it: "false"
    origin: Origin
    before: str  # the value it replaced: the evening's (changed here) or the preset's

    def text(self, lang: str) -> str:
        """In words: "Qui passe abandonne : oui" (and where the value comes from)."""
        if self.origin == "preset":
            return option_words.row(self.name, self.value, lang)
        label = option_words.label(self.name, lang)
        value = option_words.value(self.name, self.value, lang)
        before = option_words.value(self.name, self.before, lang)
        return t(lang, f"dispute.cite_{self.origin}", label=label, value=value, before=before)

    def code(self) -> str:
        """For the details line: "P3 · pass_is_final = true"."""
        oid = RuleSet.option_id(self.name)
        return f"{oid} · {self.name} = {self.value}" if oid else f"{self.name} = {self.value}"


WhyKind = Literal["lead", "beat", "equal", "pass", "pass_forced"]


@dataclass(frozen=True)
class Why:
    """Why the rules allow a legal play, as data: who, what, over what, by which option."""

    kind: WhyKind
    player: str
    play: Play
    under: Play | None = None  # what the play went over ("beat")
    cite: Cite | None = None  # the option that lets it through (all but "lead")

    def text(self, lang: str) -> str:
        if self.kind == "lead":
            return t(lang, "dispute.why_lead", name=self.player)
        rule = self.cite.text(lang) if self.cite is not None else ""
        if self.kind in ("pass", "pass_forced"):
            return t(lang, f"dispute.why_{self.kind}", name=self.player, rule=rule)
        play = play_phrase(self.play, lang)
        under = play_phrase(self.under, lang) if self.under is not None else ""
        why = t(lang, f"dispute.why_{self.kind}", play=play, under=under, rule=rule)
        return capitalised(contracted(why, lang))


@dataclass(frozen=True)
class RulingView:
    """A ruling as shown: the referee's ruling (its parts, in whatever language the screen
    asks), the rule it rests on, who acts next."""

    action: Action  # the judged action, as tapped in
    legal: bool
    code: str
    ruling: Ruling = field(compare=False, repr=False)  # the referee's, for its words
    next_player: str | None = None
    to_beat: str | None = None  # what next_player must beat; None when he leads
    over: bool = False  # the play ends the hand
    cites: tuple[Cite, ...] = ()  # the option the referee names, then any option changed
    # from the preset (by the evening or here) without which the verdict would differ
    before: tuple[str, ...] = ()  # not their turn: who must play or pass first
    system: str | None = None  # the preset whose rules these are (its name leads the rule)
    why: Why | None = None  # a legal play: why the rules allow it
    _parts: dict[str, RulingParts] = field(
        default_factory=dict, init=False, compare=False, repr=False
    )

    @property
    def actor(self) -> str:
        return self.action.player

    @property
    def play(self) -> Play:
        return self.action.play

    @property
    def rule(self) -> str | None:
        """``"pass_is_final = true"``: the first option the ruling rests on and its value."""
        return f"{self.cites[0].name} = {self.cites[0].value}" if self.cites else None

    def parts(self, lang: str) -> RulingParts:
        """The referee's verdict, reason, option and source in ``lang`` (worked out once a
        language)."""
        if lang not in self._parts:
            self._parts[lang] = self.ruling.parts(lang)
        return self._parts[lang]

    def message(self, lang: str) -> str:
        """The ruling in one sentence, as ``companion judge`` prints it: source, reason."""
        return self.parts(lang).text

    def refusal(self, lang: str) -> str:
        """An illegal play in one sentence, and who must act first when out of turn."""
        before = self.before_text(lang)
        if before is None:
            return self.message(lang)
        return t(lang, "ui.dispute.refused_before", reason=self.message(lang), before=before)

    def sentence(self, lang: str) -> str:
        """The referee's sentence without the system it cites, as a sentence starts (it may
        open on a card: "Joker ne se bat que…")."""
        return capitalised(self.parts(lang).reason)

    def why_text(self, lang: str) -> str | None:
        """Why a legal play is allowed, in words."""
        return self.why.text(lang) if self.why is not None else None

    def rule_text(self, lang: str) -> str:
        """Where the ruling comes from, in words: the variant, then each option it rests on
        with its value and where that value comes from."""
        system = PRESETS[self.system].name(lang) if self.system in PRESETS else ""
        system = system or self.parts(lang).source
        return " — ".join(p for p in (system, *(c.text(lang) for c in self.cites)) if p)

    def details(self, lang: str) -> str:
        """The codes, for a details line: option IDs and names, the ruling's code."""
        return t(
            lang, "dispute.details", codes=" · ".join([*(c.code() for c in self.cites), self.code])
        )

    def next_text(self, lang: str) -> str:
        if self.over or self.next_player is None:
            return t(lang, "dispute.hand_over")
        if self.to_beat is None:
            return t(lang, "dispute.next_lead", name=self.next_player)
        cards = card_words.play_phrase(Play.parse(self.to_beat), lang)  # "le joker"
        return t(lang, "dispute.next_beat", name=self.next_player, cards=cards)

    def before_text(self, lang: str) -> str | None:
        """A play out of turn: who must still play or pass before this player may."""
        if not self.before:
            return None
        names = ", ".join(self.before)
        return tn(lang, "ui.dispute.before", len(self.before), name=self.actor, names=names)


@dataclass(frozen=True)
class Picker:
    """What the card picker offers under the rule set."""

    ranks: tuple[str, ...]  # rank symbols in playing order, "JK" last when the deck has jokers
    suits: bool  # show the suit row
    joker_colours: bool  # show which joker
    counts: tuple[int, ...]  # 1 … the most equal cards of one rank in the pack
    jokers: tuple[str, ...] = ()  # the joker keys: "JK", or "JKR" and "JKB" when they differ
    joker_names: tuple[str, ...] = ()  # ranks a joker may be played as (jokers wild), else ()


@dataclass(frozen=True)
class TableLine:
    action: Action
    ends_trick: bool  # the trick (or the hand) ended with this action
    holds: bool = True  # legal under the rules now; False for the broken one and those after


@dataclass(frozen=True)
class Broken:
    """The first action on the table the rules and players now in force do not allow."""

    index: int
    action: Action
    words: Renders  # why the rules or players refuse it

    def message(self, lang: str) -> str:
        return self.words.render(lang)


@dataclass(frozen=True)
class TrickView:
    """Where the trick stands: what is to beat and who laid it, who passed, who may still
    play on it."""

    top: str | None  # "K"; None when the next player leads
    top_player: str | None
    passed: tuple[str, ...]
    waiting: tuple[str, ...]  # still in the trick, in playing order from whoever acts next


@dataclass(frozen=True)
class OptionLine:
    oid: str  # catalogue ID, "D4"
    name: str  # field name, "rank_order"
    value: str  # as ``--set`` spells it
    description: str = ""  # the catalogue's words (ID, seeds, meaning), as the new evening
    seeds: str = ""  # the seeds it comes from, "PAGAT, WIKI"
    choices: tuple[str, ...] = ()  # every value when there are few, else it is typed in
    origin: Origin = "preset"
    before: str = ""  # the value it replaced (see Cite)


@dataclass(frozen=True)
class EveningRules:
    """The evening the dispute was opened from: whose rules these are."""

    id: str
    title: str | None  # its title, else its place (as History heads it)
    preset: str
    settings: tuple[str, ...]  # its changes to the preset's rule options (not table options)
    day: dt.date | None = None  # named when there is no title
    start: dt.datetime | None = None  # when it started

    def name(self, lang: str) -> str:
        """ "« Chez Léa »", else "du 26 nov. 2026 à 20:14", as History names the evening."""
        if self.title:
            return t(lang, "dispute.evening_named", title=self.title)
        return t(lang, "dispute.evening_dated", when=moment_words(lang, self.day, self.start))


# --- cards as a person reads them ---------------------------------------------------------------
def rank_face(symbol: str, lang: str) -> str:
    """A rank as printed on the cards of the app's language: V/D/R in French."""
    return card_words.rank_face(Card.parse(symbol).rank, lang)


def card_face(text: str, lang: str) -> tuple[str, bool]:
    """A card's label ("R♥", "10", "Joker rouge") and whether it is printed in red."""
    card = Card.parse(text)
    label = card_words.card_words(card, lang)
    if card.is_joker:
        return label[0].upper() + label[1:], card.colour is JokerColour.COLOURED
    return label, card.suit is not None and card.suit.is_red


def capitalised(sentence: str) -> str:
    """A sentence may open on a play ("le joker passe…"): it starts with a capital."""
    return sentence[:1].upper() + sentence[1:]


def play_words(play: Play | str, lang: str) -> str:
    """A play (or its notation: "K♥ K", "pass") as the cards read ("R♥ R", "Passe")."""
    parsed = play if isinstance(play, Play) else Play.parse(play)
    if not parsed.cards:
        return t(lang, "dispute.pass")
    return card_words.play_words(parsed, lang)


def action_words(action: Action, lang: str) -> str:
    """ "Tom: K K" → "Tom : R R"; a card given or discarded in words too."""
    if action.effect is not None:
        return effect_words(action, lang)
    return t(lang, "dispute.play_line", name=action.player, play=play_words(action.play, lang))
