"""The dispute screen's logic, in plain Python: what is on the table, the play being tapped in,
and the referee's ruling on it.

``DisputeModel`` is immutable: every user action returns a new model (the screen keeps it in
``use_state``), and holds only names, card texts and rulings as plain data. The rulings come
from :mod:`companion.rules.dispute`, the same path as ``companion judge``: this module adds
no rule of its own.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from functools import lru_cache

from companion.rules.cards import DECK_RANKS, Card, JokerColour, Play, Rank, Suit
from companion.rules.combos import order_for
from companion.rules.dispute import Dispute
from companion.rules.errors import CompanionError
from companion.rules.hand import Action, HandState
from companion.rules.presets import PRESETS, Preset
from companion.rules.referee import CODE_OPTION, Ruling, replay
from companion.rules.ruleset import RuleSet
from companion.ui.i18n import t

MIN_PLAYERS = 3
MAX_PLAYERS = 8
DEFAULT_NAMES = ("A", "B", "C", "D", "E", "F", "G", "H")
MAX_NAME = 20
MAX_TRAY = 12  # more cards than any legal play holds (poker hands, two-deck sets with wilds)
DEFAULT_PRESET = "classique"


@dataclass(frozen=True)
class Notice:
    """A message for the user: an i18n key, and the engine's own (fr, en) text for its
    ``{reason}`` field when there is one."""

    key: str
    reason: tuple[str, str] | None = None

    def text(self, lang: str) -> str:
        if self.reason is None:
            return t(lang, self.key)
        return t(lang, self.key, reason=self.reason[1 if lang == "en" else 0])


@dataclass(frozen=True)
class RulingView:
    """A ruling as shown: both languages, the rule it rests on, who acts next."""

    action: str  # the judged action, "C: 5 5 5 5"
    actor: str
    play: str  # "5 5 5 5", "pass"
    legal: bool
    code: str
    fr: str
    en: str
    next_player: str | None
    to_beat: str | None  # what next_player must beat; None when he leads
    over: bool  # the play ends the hand
    rule: str | None  # "pass_is_final = True": the option the ruling rests on

    def message(self, lang: str) -> str:
        return self.en if lang == "en" else self.fr

    def _split(self, lang: str) -> tuple[str, str]:
        # The engine writes "<system and rule ID><sep><sentence>" (sep " : " in French).
        label, sep, sentence = self.message(lang).partition(" : " if lang == "fr" else ": ")
        return (label, sentence) if sep else ("", self.message(lang))

    def sentence(self, lang: str) -> str:
        """The referee's sentence without the system it cites."""
        return self._split(lang)[1]

    def rule_text(self, lang: str) -> str:
        """Where the ruling comes from: the system (with the rule's ID), the option's value,
        the ruling's code."""
        parts = [p for p in (self._split(lang)[0], self.rule) if p]
        return " — ".join([*parts, self.code])

    def next_text(self, lang: str) -> str:
        if self.over or self.next_player is None:
            return t(lang, "dispute.hand_over")
        if self.to_beat is None:
            return t(lang, "dispute.next_lead", name=self.next_player)
        return t(lang, "dispute.next_beat", name=self.next_player, cards=self.to_beat)


@dataclass(frozen=True)
class Picker:
    """What the card picker offers under the rule set."""

    ranks: tuple[str, ...]  # rank symbols in playing order, "JK" last when the deck has jokers
    suits: bool  # show the suit row
    joker_colours: bool  # show which joker
    counts: tuple[int, ...]  # 1 … the most equal cards of one rank in the pack


@dataclass(frozen=True)
class TableLine:
    text: str  # "A: K"
    ends_trick: bool  # the trick (or the hand) ended with this action


@dataclass(frozen=True)
class OptionLine:
    oid: str  # catalogue ID, "D4"
    name: str  # field name, "rank_order"
    value: str


@lru_cache(maxsize=64)
def _rules(preset: str) -> RuleSet:
    return PRESETS[preset].rules


def presets() -> list[Preset]:
    return list(PRESETS.values())


def uses_suits(rules: RuleSet) -> bool:
    """Whether a ruling can depend on a card's suit (B8 suits, B6 special cards, poker)."""
    return (rules.suits != "ignored" or rules.combinations == "poker"
            or rules.special_high_cards in ("black_threes", "jack_of_diamonds"))


def uses_joker_colours(rules: RuleSet) -> bool:
    """Whether the two jokers rank differently (D5)."""
    return rules.jokers > 0 and rules.joker_order != "equal"


def _card(token: str) -> Card:
    return Card.parse(token)


@dataclass(frozen=True)
class DisputeModel:
    preset: str = DEFAULT_PRESET
    players: tuple[str, ...] = DEFAULT_NAMES[:4]
    history: tuple[str, ...] = ()  # actions already on the table, each legal, "A: K"
    actor: str | None = None  # who makes the play being tapped in; None: whoever's turn it is
    tray: tuple[str, ...] = ()  # the cards being tapped in, as card texts
    passing: bool = False  # the play being tapped in is a pass
    revolution: bool = False
    ruling: RulingView | None = None
    notice: Notice | None = None

    # --- reading ------------------------------------------------------------------------------
    @property
    def rules(self) -> RuleSet:
        return _rules(self.preset)

    @property
    def preset_info(self) -> Preset:
        return PRESETS[self.preset]

    def _dispute(self, play: Action) -> Dispute:
        return Dispute(self.rules, list(self.players), play,
                       history=[Action.parse(h) for h in self.history],
                       revolution=self.revolution, preset=self.preset)

    def state(self) -> HandState:
        """The hand as it stands after the actions on the table."""
        if not self.history:
            return HandState.start(self.rules, self.players, revolution=self.revolution,
                                   preset=self.preset)
        dispute = self._dispute(Action.parse(self.history[0]))
        return replay(dispute.start_state(), dispute.history)

    @property
    def next_player(self) -> str | None:
        return self.state().next_player

    @property
    def current_actor(self) -> str:
        if self.actor in self.players:
            return self.actor  # type: ignore[return-value]
        return self.next_player or self.players[0]

    @property
    def to_beat(self) -> str | None:
        beat = self.state().to_beat
        return None if beat is None else str(beat)

    def picker(self) -> Picker:
        rules = self.rules
        in_deck = set(DECK_RANKS[rules.deck])
        ranks = [r.symbol for r in order_for(rules, False).natural_ranks if r in in_deck]
        if rules.jokers > 0:
            ranks.append(Rank.JOKER.symbol)
        most = 4 * rules.deck_count(len(self.players))
        return Picker(tuple(ranks), uses_suits(rules), uses_joker_colours(rules),
                      tuple(range(1, most + 1)))

    def play_text(self) -> str:
        if self.passing:
            return str(Play())
        return " ".join(self.tray)

    def table_lines(self) -> list[TableLine]:
        lines: list[TableLine] = []
        if not self.history:
            return lines
        dispute = self._dispute(Action.parse(self.history[0]))
        state = dispute.start_state()
        for text, action in zip(self.history, dispute.history, strict=True):
            state = replay(state, [action])
            ended = state.over or (state.trick.top is None and state.trick.plays == 0)
            lines.append(TableLine(text, ended))
        return lines

    def option_lines(self) -> list[OptionLine]:
        lines = []
        for name, info in RuleSet.model_fields.items():
            oid = str((info.json_schema_extra or {}).get("id", ""))  # type: ignore[union-attr]
            lines.append(OptionLine(oid, name, _show(getattr(self.rules, name))))
        return lines  # in the catalogue's order: D, then P, then B

    # --- setting up ----------------------------------------------------------------------------
    def with_preset(self, preset: str) -> DisputeModel:
        if preset not in PRESETS or preset == self.preset:
            return self
        return replace(self, preset=preset, tray=(), passing=False)._revalidated()

    def with_player_count(self, n: int) -> DisputeModel:
        n = max(MIN_PLAYERS, min(MAX_PLAYERS, n))
        names = list(self.players[:n])
        spare = (d for d in DEFAULT_NAMES if d not in names)
        while len(names) < n:
            names.append(next(spare))
        return replace(self, players=tuple(names))._revalidated()

    def renamed(self, index: int, name: str) -> DisputeModel:
        name = name.strip()
        old = self.players[index]
        if name == old:
            return replace(self, notice=None)
        others = self.players[:index] + self.players[index + 1:]
        if not name or len(name) > MAX_NAME or name in others or any(c in name for c in ":,"):
            return replace(self, notice=Notice("dispute.name_invalid"))
        players = tuple(name if p == old else p for p in self.players)
        history = tuple(str(_rename(Action.parse(h), old, name)) for h in self.history)
        actor = name if self.actor == old else self.actor
        return replace(self, players=players, history=history, actor=actor, ruling=None,
                       notice=None)

    def with_revolution(self, on: bool) -> DisputeModel:
        return replace(self, revolution=on)._revalidated()

    def _revalidated(self) -> DisputeModel:
        """Keep the table when its actions still hold, otherwise clear it and say so."""
        base = replace(self, ruling=None, notice=None)
        if base.actor not in base.players:
            base = replace(base, actor=None)
        try:
            base.state()
        except (CompanionError, ValueError):
            return replace(base, history=(), notice=Notice("dispute.history_cleared"))
        return base

    def select_actor(self, name: str) -> DisputeModel:
        if name not in self.players:
            return self
        return replace(self, actor=name, ruling=None, notice=None)

    # --- the card picker -----------------------------------------------------------------------
    def tap_rank(self, symbol: str) -> DisputeModel:
        if symbol not in self.picker().ranks or len(self.tray) >= MAX_TRAY:
            return self
        return replace(self, tray=(*self.tray, symbol), passing=False, ruling=None,
                       notice=None)

    def set_count(self, n: int) -> DisputeModel:
        """Make the last tapped rank appear ``n`` times (suits already given are kept)."""
        if not self.tray or n < 1:
            return self
        rank = _card(self.tray[-1]).rank
        same = [c for c in self.tray if _card(c).rank is rank]
        others = [c for c in self.tray if _card(c).rank is not rank]
        kept = same[:n] + [Rank(rank).symbol] * (n - len(same))
        tray = (*others, *kept)
        if len(tray) > MAX_TRAY:
            return self
        return replace(self, tray=tray, ruling=None, notice=None)

    def tap_suit(self, suit: Suit) -> DisputeModel:
        """Give the suit to the last rank's first card without one (or change the last)."""
        if not self.tray or _card(self.tray[-1]).is_joker:
            return self
        rank = _card(self.tray[-1]).rank
        return self._restyle(rank, lambda c: c.suit is None, lambda c: Card(c.rank, suit))

    def tap_joker_colour(self, colour: JokerColour) -> DisputeModel:
        jokers = [c for c in self.tray if _card(c).is_joker]
        if not jokers:
            return self
        return self._restyle(Rank.JOKER, lambda c: c.colour is None,
                             lambda c: Card(Rank.JOKER, None, colour))

    def _restyle(self, rank: Rank, bare, make) -> DisputeModel:
        cards = [_card(c) for c in self.tray]
        spots = [i for i, c in enumerate(cards) if c.rank is rank]
        bare_spots = [i for i in spots if bare(cards[i])]
        i = bare_spots[0] if bare_spots else spots[-1]
        tray = list(self.tray)
        tray[i] = str(make(cards[i]))
        return replace(self, tray=tuple(tray), ruling=None, notice=None)

    def tap_pass(self) -> DisputeModel:
        return replace(self, tray=(), passing=True, ruling=None, notice=None)

    def delete_card(self) -> DisputeModel:
        return replace(self, tray=self.tray[:-1], passing=False, ruling=None, notice=None)

    def clear_tray(self) -> DisputeModel:
        return replace(self, tray=(), passing=False, ruling=None, notice=None)

    # --- the referee ---------------------------------------------------------------------------
    def _action(self) -> Action | None:
        if not self.passing and not self.tray:
            return None
        return Action.parse(f"{self.current_actor}: {self.play_text()}")

    def judge(self) -> DisputeModel:
        """Rule on the play tapped in."""
        action = self._action()
        if action is None:
            return replace(self, ruling=None, notice=Notice("dispute.pick_cards"))
        try:
            # With nothing on the table yet, the player who plays first is the one who leads.
            ruling = self._dispute(action).ruling()
        except CompanionError as err:
            return replace(self, ruling=None, notice=Notice("dispute.error", (err.fr, err.en)))
        return replace(self, ruling=_view(ruling, self.rules, action), notice=None)

    def add_to_table(self) -> DisputeModel:
        """Record the play tapped in as already played (it must be legal to be replayed)."""
        judged = self.judge()
        if judged.ruling is None:
            return judged
        if not judged.ruling.legal:
            reason = (judged.ruling.fr, judged.ruling.en)
            return replace(judged, ruling=None,
                           notice=Notice("dispute.not_legal_history", reason))
        return judged.accept()

    def accept(self) -> DisputeModel:
        """Follow the trick: the legal play just judged joins the table."""
        if self.ruling is None or not self.ruling.legal:
            return self
        return replace(self, history=(*self.history, self.ruling.action), actor=None,
                       tray=(), passing=False, ruling=None, notice=None)

    def close_ruling(self) -> DisputeModel:
        return replace(self, ruling=None)

    def undo(self) -> DisputeModel:
        return replace(self, history=self.history[:-1], actor=None, ruling=None, notice=None)

    def clear_table(self) -> DisputeModel:
        return replace(self, history=(), actor=None, ruling=None, notice=None)


def _view(ruling: Ruling, rules: RuleSet, action: Action) -> RulingView:
    option = ruling.info.blocker or CODE_OPTION.get(ruling.code)
    rule = None
    if option in RuleSet.model_fields:  # the engine's sentence already cites its ID
        rule = f"{option} = {_show(getattr(rules, option))}"
    after = ruling.state
    return RulingView(
        action=str(action), actor=action.player, play=str(action.play), legal=ruling.legal,
        code=ruling.code, fr=ruling.fr, en=ruling.en,
        next_player=ruling.next_player,
        to_beat=None if ruling.to_beat is None else str(ruling.to_beat),
        over=after is not None and after.over, rule=rule)


def _rename(action: Action, old: str, new: str) -> Action:
    return replace(action, player=new if action.player == old else action.player,
                   target=new if action.target == old else action.target)


def _show(value: object) -> str:
    if isinstance(value, frozenset):
        return ",".join(sorted(str(v) for v in value)) or "—"
    return str(value)
