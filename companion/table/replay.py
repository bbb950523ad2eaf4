"""``derive``, the pure replay that turns an evening's inputs into titles, points and plans.

The inputs are the evening's ``steps`` (hands with their finishing order and events, players
joining or leaving, a drawn ranking) plus its preset and ``--set`` options. Everything else
(each hand's plan, resulting ranking, titles, points, running totals, the next plan, whether
the evening has ended) is recomputed from them by ``derive`` after every change: editing or
deleting a past hand can never leave a stale title or score behind.

How a hand moves the ranking (choices where the seeds leave a point open are marked *):

1. The finishing order, or after a failed putsch the ranking before the hand (WIKI: "tous
   les autres joueurs retrouvent la position qu'ils avaient avant que le putsch ne soit
   lancé"); the order may then stop at the first player out ("La partie peut donc être
   arrêtée").
2. Forbidden finish (WIKI: "sous peine d'être Trou du cul par défaut"): each offender goes to
   the bottom, the first offender lowest.*
3. S9 (PAGAT "Chapeaux"): a Président who does not finish first becomes the lowest.
4. Coup d'État (WIKI): the usurper becomes Président and "Le Président déchu" (whoever stood
   first after steps 1–3)* takes the usurper's place; a guillotine's victim then goes last.
5. S12 faults (PAGAT "Fautes de procédure"): a player's second fault sends him to the bottom
   ("tous les autres gagnent une place"; faults are counted per player over the evening)*;
   two hands in a row with no change of positions send the owner (Président) to the bottom.

Points follow the ranking the hand produced (so a usurper scores as Président)*, except
``card_penalty``, which scores the cards left.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any

from companion.rules.ruleset import RuleSet
from companion.table import scoring
from companion.table.evening_errors import (
    ConflictingEventsError,
    DuplicateInOrderError,
    EveningError,
    IncompleteOrderError,
    OptionOffError,
    UnknownPlayerError,
)
from companion.table.evening_models import (
    PLAYER_FIELDS,
    CoupDetat,
    Effect,
    Evening,
    Fault,
    ForbiddenFinish,
    Guillotine,
    HandResult,
    HandStep,
    JoinStep,
    LeaveStep,
    PresidentFalls,
    Putsch,
    RankStep,
    Revolution,
    Step,
    player_range,
    rules_for,
)
from companion.table.event_rules import check_option
from companion.table.plan import HandPlan, plan_hand
from companion.table.roster import check_count
from companion.table.table_rules import TableRules
from companion.table.titles import titles_for
from companion.words import Message


@dataclass
class _State:
    """The table between two steps of the replay."""

    present: list[str]  # the ranking when ``ranked``, else the seating order
    seats: list[str]  # clockwise seats, for fixed seating
    ranked: bool = False
    hands: int = 0
    totals: dict[str, int] = field(default_factory=dict)
    places: scoring.Places = field(default_factory=dict)  # each hand's place, 1 = first
    faults: dict[str, int] = field(default_factory=dict)
    unchanged: int = 0  # hands in a row that changed no position (S12)
    penalised: str | None = None  # the last hand's failed putschist (S7 penalty)
    reversed_order: bool = False  # a persistent revolution in force (B9 quad_persistent)
    ended_after: int | None = None


def _names_of(names: dict[str, str], ids: Sequence[str]) -> str:
    return ", ".join(names.get(i, i) for i in ids)


def derive(evening: Evening) -> Evening:
    """Replay the evening's steps; return it with every derived field recomputed.

    Raises an EveningError (naming the hand) when a step is not valid at its place in the
    evening, e.g. a putsch by a player an edit has made no longer Trou du cul."""
    rules, table = evening.rules()
    names = evening.names()
    state = _State(present=list(evening.seating), seats=list(evening.seating))
    state.totals = dict.fromkeys(evening.seating, 0)
    steps: list[Step] = []
    for step in evening.steps:
        if isinstance(step, HandStep):
            # Hands after the end stay (an edit may end the evening earlier): nothing
            # recorded is dropped; ``ended_after`` is where the rule was first met.
            number = state.hands + 1
            try:
                result = _play(step, number, state, rules, table, evening, names)
            except EveningError as err:
                raise err.at_hand(number) from None
            steps.append(step.model_copy(update={"result": result}))
        else:
            _between(step, state, table, evening, names)
            steps.append(step)
    next_plan = None
    if not (evening.closed or state.ended_after is not None):
        next_plan = _plan(rules, table, state, names, evening, putsch_declared=False)
    return evening.model_copy(
        update={
            "steps": tuple(steps),
            "present": tuple(state.present),
            "ranked": state.ranked,
            "totals": dict(state.totals),
            "standings": tuple(
                scoring.evening_order(
                    table.evening_rank, state.totals, state.present, table.scoring, state.places
                )
            ),
            "ended_after": state.ended_after,
            "next_plan": next_plan,
            "reversed_order": state.reversed_order,
        }
    )


def _between(
    step: JoinStep | LeaveStep | RankStep,
    state: _State,
    table: TableRules,
    evening: Evening,
    names: dict[str, str],
) -> None:
    """Joins, leaves and drawn rankings between hands (S11, S2)."""
    if isinstance(step, RankStep):
        if state.hands:
            raise EveningError(
                Message.of("table.error.ranking_after_hands"), code="ranking-after-hands"
            )
        _check_full(step.ranking, state.present, names)
        state.present, state.ranked = list(step.ranking), True
        return
    who = names.get(step.player, step.player)
    if not table.join_leave:
        raise OptionOffError(Message.of("table.error.join_leave_off"), option="join_leave")
    if isinstance(step, JoinStep):
        if step.player in state.present:
            raise EveningError(
                Message.of("table.error.already_present", who=who),
                code="already-present",
                player=step.player,
            )
        if step.player not in names:
            raise UnknownPlayerError(Message.of("table.error.unknown_player", who=who))
        check_count(len(state.present) + 1, player_range(evening.preset))
        # PAGAT: "ils commencent à la position la plus basse (trou du cul ou racaille)".
        state.present.append(step.player)
        state.seats.append(step.player)
        state.totals.setdefault(step.player, 0)
    else:
        if step.player not in state.present:
            raise UnknownPlayerError(
                Message.of("table.error.not_at_table", who=who), player=step.player
            )
        check_count(len(state.present) - 1, player_range(evening.preset))
        # PAGAT: "Les joueurs en dessous d'eux montent alors d'une place"; WIKI: "Si le Trou du
        # cul sort de la partie, le Secrétaire prend sa place".
        state.present.remove(step.player)
        state.seats.remove(step.player)
        state.faults.pop(step.player, None)
    state.unchanged = 0  # positions changed with the table


def _plan(
    rules: RuleSet,
    table: TableRules,
    state: _State,
    names: dict[str, str],
    evening: Evening,
    putsch_declared: bool,
) -> HandPlan:
    penalty = (
        state.ranked
        and table.putsch
        and state.penalised is not None
        and state.present[-1] == state.penalised
    )
    seats = tuple(names[p] for p in state.seats) if table.seating == "fixed" else None
    return _cached_plan(
        evening.preset,
        evening.settings,
        tuple(names[p] for p in state.present),
        not state.ranked,
        seats,
        putsch_declared,
        penalty,
        state.reversed_order and rules.revolution == "quad_persistent",
    )


@lru_cache(maxsize=4096)
def _cached_plan(
    preset: str,
    settings: tuple[str, ...],
    players: tuple[str, ...],
    first: bool,
    seats: tuple[str, ...] | None,
    putsch_declared: bool,
    putsch_penalty: bool,
    reversed_order: bool,
) -> HandPlan:
    """``plan_hand`` is pure and its plan frozen: replaying an evening after each change
    re-plans the same hands, so remember them."""
    rules, table = rules_for(preset, settings)
    return plan_hand(
        rules,
        table,
        players,
        first=first,
        seats=seats,
        putsch_declared=putsch_declared,
        putsch_penalty=putsch_penalty,
        player_range=player_range(preset),
        reversed_order=reversed_order,
    )


def _check_full(
    order: Sequence[str], present: Sequence[str], names: dict[str, str], partial_ok: bool = False
) -> None:
    """The order names each player at the table exactly once (or, if ``partial_ok``, a
    non-empty prefix of them)."""
    unknown = [p for p in order if p not in present]
    if unknown:
        who = _names_of(names, unknown)
        raise UnknownPlayerError(
            Message.of("table.error.not_at_table_list", who=who), players=unknown
        )
    doubles = sorted({p for p in order if order.count(p) > 1}, key=list(order).index)
    if doubles:
        who = _names_of(names, doubles)
        raise DuplicateInOrderError(Message.of("table.error.named_twice", who=who), players=doubles)
    missing = [p for p in present if p not in order]
    if missing and not (partial_ok and order):
        who = _names_of(names, missing)
        raise IncompleteOrderError(
            Message.of("table.error.missing_from_order", who=who), players=missing
        )


def _conflict(key: str, **fields: object) -> ConflictingEventsError:
    return ConflictingEventsError(Message.of(f"table.error.{key}", **fields))


def _putsch(
    events: Sequence[Any],
    state: _State,
    table: TableRules,
    order: Sequence[str],
    names: dict[str, str],
) -> tuple[str, bool] | None:
    """The hand's putsch as (putschist, succeeded), checked against the rules and order."""
    putsches = [e for e in events if isinstance(e, Putsch)]
    if not putsches:
        return None
    # ``_check_events`` has refused a putsch whose option is off.
    who = {e.player for e in putsches}
    outcomes = {e.outcome for e in putsches} - {"declared"}
    if len(who) > 1 or len(outcomes) > 1:
        raise _conflict("putsch_contradictory")
    player = putsches[0].player
    name = names.get(player, player)
    if not state.ranked:
        raise _conflict("putsch_first_hand")
    if player != state.present[-1]:
        scum = names[state.present[-1]]
        raise _conflict("putsch_only_scum", scum=scum, name=name)
    if state.penalised == player:
        # WIKI: "le Trou du cul est interdit de putsch au cours de la partie suivante".
        raise _conflict("putsch_penalised", name=name)
    won = order[0] == player
    if outcomes and (outcomes == {"succeeded"}) != won:
        first = names.get(order[0], order[0])
        raise _conflict("putsch_said_won" if not won else "putsch_said_lost", first=first)
    return player, won


def _check_events(
    events: Sequence[Any], rules: RuleSet, table: TableRules, state: _State, names: dict[str, str]
) -> None:
    """Each event names players at the table, its option is on, and no two contradict."""
    for e in events:
        for attr in PLAYER_FIELDS:
            pid = getattr(e, attr, None)
            if pid is not None and pid not in state.present:
                who = names.get(pid, pid)
                raise UnknownPlayerError(
                    Message.of("table.error.event_absent", kind=e.kind, who=who)
                )
    for kind in dict.fromkeys(e.kind for e in events):
        check_option(kind, rules, table)
    coups = [e for e in events if e.kind in ("coup_detat", "guillotine")]
    if len(coups) > 1:
        raise _conflict("one_coup", who=_names_of(names, [c.player for c in coups]))
    for c in coups:
        if isinstance(c, Guillotine) and c.victim == c.player:
            raise _conflict("guillotine_other")
    seen: set[tuple[str, str]] = set()
    for e in events:
        if e.kind in ("forbidden_finish", "president_falls"):
            if (e.kind, e.player) in seen:
                who = names[e.player]
                raise _conflict("event_twice", kind=e.kind, who=who)
            seen.add((e.kind, e.player))


def _to_bottom(ranking: list[str], player: str) -> None:
    ranking.remove(player)
    ranking.append(player)


def _play(
    step: HandStep,
    number: int,
    state: _State,
    rules: RuleSet,
    table: TableRules,
    evening: Evening,
    names: dict[str, str],
) -> HandResult:
    """Play one recorded hand on the state; return its result."""
    before = list(state.present) if state.ranked else None
    events = list(step.events)
    _check_events(events, rules, table, state, names)
    order = list(step.order)
    if table.scoring == "card_penalty":
        order = _card_order(step, state, names)
    putsch_partial = (
        any(isinstance(e, Putsch) for e in events)
        and bool(order)
        and (state.ranked and order[0] != state.present[-1])
    )
    _check_full(order, state.present, names, partial_ok=putsch_partial)
    putsch = _putsch(events, state, table, order, names)
    plan = _plan(rules, table, state, names, evening, putsch_declared=putsch is not None)
    effects: list[Effect] = []

    # 1. the base: the finishing order, or the old positions after a failed putsch
    if putsch is not None and not putsch[1]:
        ranking = list(state.present)
        effects.append(Effect(kind="putsch_failed", player=putsch[0]))
    else:
        ranking = list(order)
        if putsch is not None:
            effects.append(Effect(kind="putsch_succeeded", player=putsch[0]))
    # 2. forbidden finishes: the first offender lowest
    offenders = [e.player for e in events if isinstance(e, ForbiddenFinish)]
    for p in reversed(offenders):
        _to_bottom(ranking, p)
        effects.append(Effect(kind="forbidden_finish", player=p))
    # 3. S9: "si vous êtes le joueur le mieux classé … et que vous ne parvenez pas à gagner …
    # vous devenez le joueur le moins bien classé"
    stated = [e.player for e in events if isinstance(e, PresidentFalls)]
    president = before[0] if before is not None else None
    falls = (
        table.rich_man_falls
        and president is not None
        and order[0] != president
        and not (putsch is not None and not putsch[1])
    )
    if stated and (not falls or stated != [president]):
        raise _conflict("no_fall", name=names[stated[0]])
    if falls and president is not None:
        _to_bottom(ranking, president)
        effects.append(Effect(kind="president_falls", player=president))
    # 4. coup d'État / guillotine
    for e in events:
        if isinstance(e, CoupDetat | Guillotine):
            if putsch is not None and putsch[1] and putsch[0] != e.player:
                raise _conflict("putsch_and_coup", putschist=names[putsch[0]], name=names[e.player])
            top, at = ranking[0], ranking.index(e.player)
            ranking[0], ranking[at] = e.player, top
            effects.append(Effect(kind=e.kind, player=e.player))
            if isinstance(e, Guillotine):
                _to_bottom(ranking, e.victim)
    # 5. S12 faults and hands without change
    for e in events:
        if isinstance(e, Fault):
            effects.append(Effect(kind="fault", player=e.player))
            state.faults[e.player] = state.faults.get(e.player, 0) + 1
            if state.faults[e.player] >= 2:
                # "Après deux fautes, le propriétaire devient la racaille et tous les autres
                # gagnent une place."
                state.faults[e.player] = 0
                _to_bottom(ranking, e.player)
                effects.append(Effect(kind="fault_penalty", player=e.player))
    if table.faults and before is not None:
        state.unchanged = state.unchanged + 1 if ranking == before else 0
        if state.unchanged >= 2:
            # "Le propriétaire devient également le Scum s'il y a deux parties consécutives
            # dont le résultat n'entraîne pas de changement dans les positions des joueurs."
            effects.append(Effect(kind="no_change_penalty", player=ranking[0]))
            _to_bottom(ranking, ranking[0])
            state.unchanged = 0
    revolutions = sum(e.count for e in events if isinstance(e, Revolution))
    if revolutions:
        effects.append(Effect(kind="revolution"))
    reversed_at_start = state.reversed_order
    if rules.revolution == "quad_persistent" and revolutions % 2:
        state.reversed_order = not state.reversed_order

    points = scoring.hand_points(
        table.scoring,
        ranking,
        cards_left=step.cards_left,
        none_played=step.none_played,
        putsch=putsch,
    )
    for p, v in points.items():
        state.totals[p] = state.totals.get(p, 0) + v
    scoring.add_places(state.places, ranking)
    state.present, state.ranked = ranking, True
    state.hands = number
    state.penalised = putsch[0] if putsch is not None and not putsch[1] else None
    if state.ended_after is None and scoring.end_reached(
        table.end, table.target, table.hands, state.totals, number
    ):
        state.ended_after = number
    return HandResult(
        number=number,
        first=before is None,
        ranking_before=tuple(before) if before is not None else None,
        ranking=tuple(ranking),
        titles=dict(zip(ranking, titles_for(table.titles, len(ranking)), strict=True)),
        title_scheme=table.titles,
        points=points,
        totals=dict(state.totals),
        effects=tuple(effects),
        reversed_order=reversed_at_start,
        plan=plan,
    )


def _card_order(step: HandStep, state: _State, names: dict[str, str]) -> list[str]:
    """card_penalty (WIKI poker variant): "La partie s'arrête dès qu'un joueur pose l'ensemble
    de ses cartes. Les autres joueurs comptent alors leurs cartes". The places follow the
    cards left (the order given breaks ties, then the ranking before the hand)."""
    left = step.cards_left
    if left is None:
        raise EveningError(Message.of("table.error.count_cards"), code="bad-cards-left")
    _check_full(list(left), state.present, names)
    if any(v < 0 for v in left.values()):
        raise EveningError(Message.of("table.error.negative_count"), code="bad-cards-left")
    out = [p for p, v in left.items() if v == 0]
    if len(out) != 1:
        raise EveningError(Message.of("table.error.one_out"), code="bad-cards-left")
    for p in step.none_played:
        if p not in left or left[p] == 0:
            raise EveningError(
                Message.of("table.error.went_out", name=names.get(p, p)), code="bad-cards-left"
            )
    if step.order:
        _check_full(step.order, state.present, names)
        if step.order[0] != out[0]:
            raise _conflict("no_card_left", name=names[out[0]])
    tie = {p: i for i, p in enumerate(step.order or state.present)}
    return sorted(
        state.present, key=lambda p: (scoring.card_penalty(left[p], p in step.none_played), tie[p])
    )


def hand_sum_expected(result: HandResult, scheme: str) -> int | None:
    """What a hand's points should add up to under ``scheme`` (None for card_penalty)."""
    total = scoring.scheme_total(scheme, len(result.ranking))
    if total is None:
        return None
    putsch = next(
        (
            (e.player or "", e.kind == "putsch_succeeded")
            for e in result.effects
            if e.kind in ("putsch_succeeded", "putsch_failed")
        ),
        None,
    )
    return total + scoring.putsch_adjustment(scheme, putsch)
