"""The replay (companion/table/replay.py), one rule per test: the refusals of a card_penalty
hand and their words, fixed seats, the players named by a refusal, the words of event
refusals, and who an effect names."""

from __future__ import annotations

from datetime import date

import pytest

from companion.table.evening import (
    ConflictingEventsError,
    EveningError,
    HandStep,
    IncompleteOrderError,
    JoinStep,
    LeaveStep,
    UnknownPlayerError,
    derive,
)

FOUR = ["Ann", "Bob", "Cat", "Dan"]


@pytest.fixture
def penalty(service):
    """An evening scored by the cards left (WIKI, poker variant)."""
    return service.create_evening(
        FOUR, "trou-du-cul", day=date(2024, 7, 1), settings=["scoring=card_penalty"]
    )


def refused(service, ev, **kw) -> EveningError:
    with pytest.raises(EveningError) as info:
        service.record_hand(ev.id, kw.pop("order", []), expected_version=ev.version, **kw)
    assert service.evening(ev.id).version == ev.version  # nothing recorded
    return info.value


def test_a_penalty_hand_needs_the_cards_left(service, penalty):
    """Under card_penalty, a hand without the cards left is refused, asking for them."""
    err = refused(service, penalty)
    assert err.code == "bad-cards-left"
    assert err.message("fr") == "Main 1 : Comptez les cartes qui restent à chaque joueur."
    assert err.message("en") == "Hand 1: Count the cards each player has left."


def test_the_cards_left_name_everyone(service, penalty):
    """Every player at the table has a count; the refusal names whoever has none."""
    err = refused(service, penalty, cards_left={"Ann": 0, "Bob": 3})
    assert isinstance(err, IncompleteOrderError)
    assert err.message("en") == "Hand 1: Missing from the finishing order: Cat, Dan."


def test_a_negative_count_is_refused(service, penalty):
    """A count below zero is refused in words."""
    err = refused(service, penalty, cards_left={"Ann": 0, "Bob": -1, "Cat": 2, "Dan": 1})
    assert err.code == "bad-cards-left"
    assert err.message("fr") == "Main 1 : Un nombre de cartes ne peut pas être négatif."
    assert err.message("en") == "Hand 1: A card count cannot be negative."


@pytest.mark.parametrize("left", [{"Ann": 0, "Bob": 0, "Cat": 2, "Dan": 1}, dict.fromkeys(FOUR, 3)])
def test_exactly_one_player_went_out(service, penalty, left):
    """The hand stops when one player has played all his cards: exactly one count is 0."""
    err = refused(service, penalty, cards_left=left)
    assert err.code == "bad-cards-left"
    assert err.message("fr") == (
        "Main 1 : Un seul joueur a posé toutes ses cartes : exactement un compte à 0."
    )
    assert err.message("en") == "Hand 1: One player went out: exactly one count of 0."


def test_the_player_who_went_out_played_cards(service, penalty):
    """The player who went out cannot be one who played no card."""
    left = {"Ann": 0, "Bob": 3, "Cat": 2, "Dan": 1}
    err = refused(service, penalty, cards_left=left, none_played=["Ann"])
    assert err.code == "bad-cards-left"
    assert err.message("fr") == "Main 1 : Ann est sorti : il a bien posé des cartes."
    assert err.message("en") == "Hand 1: Ann went out: they did play cards."


def test_a_player_holding_one_card_may_have_played_none(service, penalty):
    """A player with one card left may still be one who played no card."""
    left = {"Ann": 0, "Bob": 3, "Cat": 2, "Dan": 1}
    ev = service.record_hand(
        penalty.id, [], expected_version=penalty.version, cards_left=left, none_played=["Dan"]
    )
    assert ev.totals[ev.hands[0].none_played[0]] == 3


def test_an_order_given_must_be_whole(service, penalty):
    """A finishing order given with the counts names every player."""
    left = {"Ann": 0, "Bob": 3, "Cat": 2, "Dan": 1}
    err = refused(service, penalty, order=["Ann", "Dan"], cards_left=left)
    assert isinstance(err, IncompleteOrderError)
    assert err.message("en") == "Hand 1: Missing from the finishing order: Bob, Cat."


def test_an_order_given_starts_with_the_player_who_went_out(service, penalty):
    """The order given must start with the player left with no card, who is named."""
    left = {"Ann": 3, "Bob": 0, "Cat": 2, "Dan": 1}
    err = refused(service, penalty, order=["Ann", "Bob", "Cat", "Dan"], cards_left=left)
    assert isinstance(err, ConflictingEventsError)
    assert err.message("fr") == "Main 1 : Bob n'a plus de carte : il est premier."
    assert err.message("en") == "Hand 1: Bob has no card left, so is first."


def test_an_order_given_starting_right_is_taken(service, penalty):
    """An order that starts with the player who went out is accepted and breaks ties."""
    left = {"Ann": 2, "Bob": 0, "Cat": 2, "Dan": 1}
    ev = service.record_hand(
        penalty.id, ["Bob", "Dan", "Cat", "Ann"], expected_version=penalty.version, cards_left=left
    )
    names = ev.names()
    assert [names[p] for p in ev.hands[0].result.ranking] == ["Bob", "Dan", "Cat", "Ann"]


def test_playing_no_card_weighs_in_the_places(service, penalty):
    """Places follow the penalties: 4 cards never played (×3 = 12) rank below 9 cards
    (under 10, not doubled: 9)."""
    left = {"Ann": 0, "Bob": 3, "Cat": 9, "Dan": 4}
    ev = service.record_hand(
        penalty.id, [], expected_version=penalty.version, cards_left=left, none_played=["Dan"]
    )
    names = ev.names()
    assert [names[p] for p in ev.hands[0].result.ranking] == ["Ann", "Bob", "Cat", "Dan"]


def test_players_missing_from_an_order_are_listed_with_commas(service):
    """Two players missing from an order are both named, separated by a comma."""
    ev = service.create_evening(FOUR, "pagat", day=date(2024, 7, 1))
    err = refused(service, ev, order=["Ann", "Bob"])
    assert isinstance(err, IncompleteOrderError)
    assert err.message("fr") == "Main 1 : Il manque dans l'ordre d'arrivée : Cat, Dan."


def test_an_unknown_id_in_a_stored_hand_is_shown_as_it_is(service):
    """A stored hand naming an id no player has (a hand-edited or imported file) is refused,
    showing the id, since there is no name to show."""
    ev = service.create_evening(FOUR, "pagat", day=date(2024, 7, 1))
    ids = [p.id for p in ev.players]
    broken = ev.model_copy(update={"steps": (HandStep(order=(*ids[:3], "ghost")),)})
    with pytest.raises(UnknownPlayerError) as info:
        derive(broken)
    assert info.value.message("en") == "Hand 1: Not at the table: ghost."


def test_roles_are_drawn_only_before_the_first_hand(service):
    """A drawn ranking after a hand is refused in words."""
    ev = service.create_evening(FOUR, "trou-du-cul", day=date(2024, 7, 1))
    ev = service.record_hand(ev.id, FOUR, expected_version=ev.version)
    with pytest.raises(EveningError) as info:
        service.set_ranking(ev.id, FOUR, expected_version=ev.version)
    err = info.value
    assert err.code == "ranking-after-hands"
    assert err.message("fr") == "Le classement tiré ne peut venir qu'avant la première main."
    assert err.message("en") == "A drawn ranking can only come before the first hand."


def test_joining_needs_the_option(service):
    """Without join_leave, an arrival is refused, naming the option."""
    ev = service.create_evening(FOUR, "classique", day=date(2024, 7, 1))
    with pytest.raises(EveningError) as info:
        service.join(ev.id, "Eve", expected_version=ev.version)
    err = info.value
    assert err.details == {"option": "join_leave"}
    assert err.message("fr") == (
        "Ces règles ne prévoient pas d'arrivée ni de départ en cours de soirée (join_leave=false)."
    )
    assert err.message("en") == (
        "These rules do not let players join or leave during the evening (join_leave=false)."
    )


def pagat(service):
    ev = service.create_evening(FOUR, "pagat", day=date(2024, 7, 1))
    return service.record_hand(ev.id, FOUR, expected_version=ev.version)


def test_a_player_at_the_table_cannot_join_again(service):
    """A stored arrival of a player already seated is refused, naming him."""
    ev = pagat(service)
    ann = ev.players[0].id
    broken = ev.model_copy(update={"steps": (*ev.steps, JoinStep(player=ann))})
    with pytest.raises(EveningError) as info:
        derive(broken)
    err = info.value
    assert err.code == "already-present" and err.details == {"player": ann}
    assert err.message("fr") == "Ann est déjà à la table."
    assert err.message("en") == "Ann is already at the table."


def test_a_stranger_cannot_join(service):
    """A stored arrival of an id no player of the evening has is refused, showing the id."""
    ev = pagat(service)
    broken = ev.model_copy(update={"steps": (*ev.steps, JoinStep(player="ghost"))})
    with pytest.raises(UnknownPlayerError) as info:
        derive(broken)
    assert info.value.message("fr") == "Joueur inconnu : ghost."
    assert info.value.message("en") == "Unknown player: ghost."


def test_a_player_gone_cannot_leave_again(service):
    """A second departure of the same player is refused, naming him."""
    ev = pagat(service)
    ev = service.join(ev.id, "Eve", expected_version=ev.version)
    ev = service.leave(ev.id, "Ann", expected_version=ev.version)
    ann = next(p.id for p in ev.players if p.name == "Ann")
    broken = ev.model_copy(update={"steps": (*ev.steps, LeaveStep(player=ann))})
    with pytest.raises(UnknownPlayerError) as info:
        derive(broken)
    err = info.value
    assert err.details == {"player": ann}
    assert err.message("fr") == "Ann n'est pas à la table."
    assert err.message("en") == "Ann is not at the table."


def kinds(ev, number):
    return [e.kind for e in ev.hands[number - 1].result.effects]


def test_an_arrival_restarts_the_count_of_hands_without_change(service):
    """PAGAT S12: two hands in a row without a change of positions make the owner Scum; a
    player joining changes the table, so the count starts again after it."""
    ev = service.create_evening(FOUR, "pagat", day=date(2024, 7, 1), settings=["faults=true"])
    for _ in range(2):
        ev = service.record_hand(ev.id, FOUR, expected_version=ev.version)
    ev = service.join(ev.id, "Eve", expected_version=ev.version)
    five = [*FOUR, "Eve"]
    ev = service.record_hand(ev.id, five, expected_version=ev.version)
    assert "no_change_penalty" not in kinds(ev, 3)
    ev = service.record_hand(ev.id, five, expected_version=ev.version)
    assert "no_change_penalty" in kinds(ev, 4)


def test_a_player_who_leaves_takes_his_faults_with_him(service):
    """PAGAT S12: two faults make a player Scum; a player who leaves and comes back starts
    again with none."""
    ev = service.create_evening(
        [*FOUR, "Eve"], "pagat", day=date(2024, 7, 1), settings=["faults=true"]
    )
    ev = service.record_hand(ev.id, [*FOUR, "Eve"], expected_version=ev.version)
    fault = [{"kind": "fault", "player": "Dan"}]
    ev = service.record_hand(
        ev.id, ["Bob", "Ann", "Cat", "Dan", "Eve"], expected_version=ev.version, events=fault
    )
    ev = service.leave(ev.id, "Dan", expected_version=ev.version)
    ev = service.join(ev.id, "Dan", expected_version=ev.version)
    ev = service.record_hand(
        ev.id, ["Ann", "Bob", "Dan", "Cat", "Eve"], expected_version=ev.version, events=fault
    )
    assert "fault" in kinds(ev, 3) and "fault_penalty" not in kinds(ev, 3)
    ev = service.record_hand(
        ev.id, ["Bob", "Ann", "Dan", "Cat", "Eve"], expected_version=ev.version, events=fault
    )
    assert "fault_penalty" in kinds(ev, 4)


DAY = date(2024, 3, 1)


def play(service, ev, *orders, **kw):
    for order in orders:
        ev = service.record_hand(ev.id, order.split(), expected_version=ev.version, **kw)
    return ev


def refused_order(service, ev, order, **kw) -> EveningError:
    with pytest.raises(EveningError) as info:
        service.record_hand(ev.id, order.split(), expected_version=ev.version, **kw)
    assert service.evening(ev.id).version == ev.version  # nothing recorded
    return info.value


def names_of(ev, ids):
    by_id = {p.id: p.name for p in ev.players}
    return [by_id[i] for i in ids]


def test_fixed_seats_do_not_follow_the_ranking(service):
    """With seating=fixed everyone keeps his seat: the next plan seats the table as it sat,
    whatever the finishing order."""
    ev = service.create_evening(FOUR, "pagat", day=DAY, settings=["seating=fixed"])
    ev = play(service, ev, "Dan Cat Bob Ann")
    assert ev.next_plan.seating == FOUR


def test_an_incomplete_order_lists_the_missing_players(service):
    """A refused incomplete order carries the players missing from it, for the screens."""
    ev = service.create_evening(FOUR, "pagat", day=DAY)
    err = refused_order(service, ev, "Ann Bob")
    assert isinstance(err, IncompleteOrderError)
    assert names_of(ev, err.details["players"]) == ["Cat", "Dan"]


def test_no_putsch_on_the_first_hand_in_words(service):
    """A putsch on the first hand is refused: there is no Trou du cul yet, said in French."""
    ev = service.create_evening(FOUR, "trou-du-cul", day=DAY, settings=["putsch=true"])
    err = refused_order(
        service, ev, "Ann Bob Cat Dan", events=[{"kind": "putsch", "player": "Dan"}]
    )
    assert isinstance(err, ConflictingEventsError)
    assert err.message("fr") == (
        "Main 1 : Pas de putsch à la première main : il n'y a pas encore de Trou du cul."
    )


def test_a_putsch_outcome_must_match_the_order_in_words(service):
    """A putsch said succeeded while another player went out first is refused: it succeeds
    exactly when the putschist finishes Président."""
    ev = service.create_evening(FOUR, "trou-du-cul", day=DAY, settings=["putsch=true"])
    ev = play(service, ev, "Ann Bob Cat Dan")
    putsch = [{"kind": "putsch", "player": "Dan", "outcome": "succeeded"}]
    err = refused_order(service, ev, "Ann Bob Cat Dan", events=putsch)
    assert err.message("fr") == (
        "Main 2 : Putsch réussi mais Ann est sorti en premier : un putsch réussit si et "
        "seulement si le putschiste finit Président."
    )
    assert err.message("en") == (
        "Hand 2: Putsch succeeded but Ann went out first: a putsch succeeds exactly when "
        "the putschist finishes President."
    )
    assert err.message("de") == (
        "Runde 2: Putsch gelungen, aber Ann war zuerst fertig: Ein Putsch gelingt genau dann, "
        "wenn der Putschist Präsident wird."
    )


def test_one_coup_per_hand_in_words(service):
    """Two coups d'État in one hand are refused, naming both players."""
    ev = service.create_evening(FOUR, "trou-du-cul", day=DAY, settings=["coup_detat=true"])
    ev = play(service, ev, "Ann Bob Cat Dan")
    coups = [{"kind": "coup_detat", "player": "Cat"}, {"kind": "coup_detat", "player": "Bob"}]
    err = refused_order(service, ev, "Ann Bob Cat Dan", events=coups)
    assert err.message("fr") == "Main 2 : Un seul coup d'État par main : Cat, Bob."


def test_a_forbidden_finish_twice_is_refused_in_words(service):
    """The same forbidden finish recorded twice for a player is refused, in both languages."""
    ev = service.create_evening(FOUR, "angevin", day=DAY)
    twice = [{"kind": "forbidden_finish", "player": "Ann"}] * 2
    err = refused_order(service, ev, "Ann Bob Cat Dan", events=twice)
    assert isinstance(err, ConflictingEventsError)
    assert err.message("fr") == "Main 1 : Événement forbidden_finish en double pour Ann."
    assert err.message("en") == "Hand 1: Event forbidden_finish twice for Ann."


def test_the_president_falls_once_per_hand(service):
    """The rich man falling recorded twice for the same player is refused."""
    ev = service.create_evening(FOUR, "pagat", day=DAY, settings=["rich_man_falls=true"])
    ev = play(service, ev, "Ann Bob Cat Dan")
    twice = [{"kind": "president_falls", "player": "Ann"}] * 2
    err = refused_order(service, ev, "Bob Cat Ann Dan", events=twice)
    assert isinstance(err, ConflictingEventsError)
    assert err.message("en") == "Hand 2: Event president_falls twice for Ann."


def test_a_succeeded_putsch_names_the_putschist(service):
    """The effect of a succeeded putsch names the putschist."""
    ev = service.create_evening(FOUR, "trou-du-cul", day=DAY, settings=["putsch=true"])
    ev = play(service, ev, "Ann Bob Cat Dan")
    ev = play(service, ev, "Dan Ann Bob Cat", events=[{"kind": "putsch", "player": "Dan"}])
    effects = ev.hands[-1].result.effects
    assert [(e.kind, names_of(ev, [e.player])) for e in effects] == [("putsch_succeeded", ["Dan"])]


def test_a_fault_penalty_names_the_player_at_fault(service):
    """After two faults, the penalty effect names the player at fault."""
    ev = service.create_evening(FOUR, "pagat", day=DAY, settings=["faults=true", "target=none"])
    fault = [{"kind": "fault", "player": "Bob", "note": "carte oubliée"}]
    ev = play(service, ev, "Ann Bob Cat Dan")
    ev = play(service, ev, "Bob Ann Cat Dan", "Bob Ann Dan Cat", events=fault)
    penalties = [e for e in ev.hands[-1].result.effects if e.kind == "fault_penalty"]
    assert [names_of(ev, [e.player]) for e in penalties] == [["Bob"]]
