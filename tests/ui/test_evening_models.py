"""The new-evening and table screens' logic, without a browser."""

from __future__ import annotations

from pathlib import Path

import pytest

from companion.errors import CompanionError
from companion.table.plan import plan_for_preset
from companion.table.service import TableService, VersionConflictError
from companion.ui.evenings import current_evening_id
from companion.ui.new_evening_model import NewEveningModel
from companion.ui.table_model import HandEntry, Marked, table_view
from companion.words import t

PLAYERS = ("Léa", "Tom", "Sam", "Zoé")


def _four(**kwargs) -> NewEveningModel:
    model = NewEveningModel(**kwargs)
    for name in PLAYERS:
        model = model.add_name(name)
    return model


def _tr(lang: str):
    return lambda key, **fields: t(lang, key, **fields)


def test_a_name_used_twice_gets_a_message_and_loses_nothing() -> None:
    """A name already at the table (in any case, spaces ignored) is not added again and a message
    says so, the players kept; an empty name or one with a separator gets its own message, and the
    next good name clears it."""
    model = _four()
    again = model.add_name(" tom ")
    assert again.players == PLAYERS
    assert again.notice is not None
    assert "déjà à la table" in again.notice.text(_tr("fr"), "fr")
    assert "already at the table" in again.notice.text(_tr("en"), "en")
    assert model.add_name("").notice.key == "new.name_empty"
    assert model.add_name("A, B").notice.key == "new.name_invalid"
    assert again.add_name("Max").notice is None  # the next good name clears the message


def test_saved_profiles_toggle_and_seats_move() -> None:
    """Tapping a saved profile seats that player, in the order tapped, and tapping it again removes
    him; moving a player up swaps him with the one before."""
    model = NewEveningModel(profiles=("Léa", "Tom")).toggle_profile("Tom")
    model = model.toggle_profile("Léa")
    assert model.players == ("Tom", "Léa")
    assert model.move_up("Léa").players == ("Léa", "Tom")
    assert model.toggle_profile("Tom").players == ("Léa",)


def test_drawn_cards_rank_players_and_ties_draw_again() -> None:
    """Where the preset draws cards for the first roles (Classique), tied players draw again and the
    evening cannot start until the tie is broken; the drawn ranking then goes to the new evening,
    and redoing the draw clears it."""
    model = _four()
    assert model.roles_mode == "draw"  # classique draws cards
    assert model.draw_ranks()[-1] == "JK"
    for card in ("K", "K", "5", "A"):
        model = model.tap_card(card)
    assert model.to_draw == ("Léa", "Tom") and model.ranking is None
    assert model.notice is not None and model.notice.key == "new.tie"
    assert not model.ready()
    model = model.tap_card("2").tap_card("Q")
    assert model.ranking == ("Zoé", "Tom", "Léa", "Sam")
    assert model.cards_of("Léa") == ["K", "2"]
    assert model.ready()
    assert model.create_args()["ranking"] == ["Zoé", "Tom", "Léa", "Sam"]
    assert model.redo_draw().ranking is None


def test_options_show_the_seed_and_refuse_bad_values() -> None:
    """Each option line shows its value, its seeds and its choices (none for a typed value like the
    exchange); a bad value is refused with a message naming it, a good one is kept and marked
    changed, and a reset drops every change."""
    model = _four()
    lines = {line.name: line for line in model.option_lines()}
    assert lines["putsch"].value == "false" and lines["putsch"].seeds == "WIKI"
    assert lines["putsch"].choices == ("true", "false")
    assert "ace_high" in lines["rank_order"].choices
    assert lines["exchange"].choices == ()  # typed in: 2-2,1-1
    bad = model.with_option("putsch", "maybe")
    assert bad.settings == () and "putsch=maybe" in bad.notice.text(_tr("en"), "en")
    good = model.with_option("putsch", "true")
    assert good.settings == ("putsch=true",)
    assert {line.name for line in good.option_lines() if line.changed} == {"putsch"}
    assert good.reset_options().settings == ()


def test_other_ways_to_assign_first_roles() -> None:
    """With roles from the first hand the new evening has no ranking; with random roles its ranking
    holds exactly the players."""
    model = _four()
    first = model.with_roles("first_hand").create_args()
    assert first["ranking"] is None
    random_args = model.with_roles("random").create_args(rng=3)
    assert sorted(random_args["ranking"]) == sorted(PLAYERS)


def test_the_table_follows_the_plan_and_records_hands(tmp_path: Path) -> None:
    """The table screen shows the plan the rules give (its instructions; seats with title, dealer
    and leader). Taps build the hand's order (the last player placed by himself, a tap on a placed
    player taking him and those after back); a recorded hand moves the screen on, a stale phone gets
    the current state, and undo goes back."""
    service = TableService(tmp_path)
    model = _four()
    for card in ("K", "K", "5", "A", "2", "Q"):
        model = model.tap_card(card)
    ev = service.create_evening(**model.create_args())
    assert current_evening_id(service) == ev.id
    view = table_view(ev)
    plan = plan_for_preset("classique", ["Zoé", "Tom", "Léa", "Sam"])
    assert view.deal_lines("fr") + view.check_lines("fr") == plan.instructions("fr")
    assert view.deal_lines("en") + view.check_lines("en") == plan.instructions("en")
    seat = view.seats[0]
    assert (seat.name, seat.title, seat.dealer, seat.leads) == ("Zoé", "Président", False, True)
    assert next(s.name for s in view.seats if s.dealer) == "Sam"
    assert view.events == () and view.hand_number == 1

    entry = HandEntry().for_hand(1).tick(0).tick(1).tick(0)
    assert entry.ticks == {1}
    for name in ("Tom", "Zoé", "Sam"):
        entry = entry.tap_player(name, view.players)
    assert entry.order == ("Tom", "Zoé", "Sam", "Léa")  # the last placed automatically
    assert entry.tap_player("Zoé", view.players).order == ("Tom",)
    ev = service.record_hand(ev.id, list(entry.order), expected_version=view.version)
    view2 = table_view(ev)
    assert view2.hand_number == 2 and view2.last[0].name == "Tom"
    assert entry.for_hand(2) == HandEntry(hand=2)  # ticks and taps are per hand
    with pytest.raises(VersionConflictError) as err:  # a stale phone gets the new state
        service.record_hand(ev.id, list(entry.order), expected_version=view.version)
    assert table_view(err.value.current).hand_number == 2
    assert view2.can_undo
    assert table_view(service.undo(ev.id, expected_version=ev.version)).hand_number == 1


def test_events_the_rules_allow(tmp_path: Path) -> None:
    """The table offers only the events its rules allow, in order; a second tap on the putsch takes
    it back, an event that names a player waits for that player's tap without placing him, and two
    revolutions are sent as one event of count 2."""
    service = TableService(tmp_path)
    ev = service.create_evening(
        list(PLAYERS),
        "trou-du-cul",
        ranking=list(PLAYERS),
        settings=["putsch=true", "revolution=quad"],
    )
    view = table_view(ev)
    assert view.events == ("revolution", "putsch", "forbidden_finish")
    entry = HandEntry(hand=1).tap_event("putsch", view.scum)
    assert entry.events == (Marked("putsch", "Zoé"),)
    assert entry.tap_event("putsch", view.scum).events == ()
    ev = service.record_hand(
        ev.id,
        ["Zoé", "Léa", "Tom", "Sam"],
        expected_version=ev.version,
        events=entry.event_inputs(),
    )
    assert table_view(ev).last_effects == (("putsch_succeeded", "Zoé"),)
    entry = HandEntry(hand=2)
    entry = entry.tap_event("forbidden_finish")
    assert entry.pending == "forbidden_finish"
    entry = entry.tap_player("Tom", view.players)
    assert entry.events == (Marked("forbidden_finish", "Tom"),) and entry.order == ()
    entry = entry.tap_event("revolution").tap_event("revolution")
    assert entry.event_inputs()[0] == {"kind": "revolution", "count": 2}
    assert entry.drop_event(0).events == (Marked("revolution"), Marked("revolution"))


# --- hand entry: guillotine, cards left, the confirmation line --------------------------------

CARD_RULES = ["scoring=card_penalty", "coup_detat=true"]


def _evening(tmp_path: Path, settings: list[str], ranked: bool = True):
    service = TableService(tmp_path)
    ev = service.create_evening(
        list(PLAYERS), "trou-du-cul", settings=settings, ranking=list(PLAYERS) if ranked else None
    )
    return service, ev


def test_the_guillotine_is_offered_with_the_coup_detat_option(tmp_path: Path) -> None:
    """WIKI's guillotine is a coup d'État: it is offered exactly when coup_detat is on."""
    _, on = _evening(tmp_path / "on", ["coup_detat=true"])
    _, off = _evening(tmp_path / "off", [])
    assert "guillotine" in table_view(on).events
    assert "guillotine" not in table_view(off).events


def test_president_falls_is_never_offered(tmp_path: Path) -> None:
    """The Président's fall (S9) is applied by the replay itself: nothing to tap."""
    ev = TableService(tmp_path).create_evening(
        list(PLAYERS), "pagat", settings=["rich_man_falls=true"]
    )
    assert "president_falls" not in table_view(ev).events


def test_a_guillotine_names_its_player_then_its_victim() -> None:
    """The first tap after 'Guillotine' names who laid it, the second his victim."""
    entry = HandEntry(hand=1).tap_event("guillotine")
    entry = entry.tap_player("Sam", PLAYERS)
    assert entry.pending == "guillotine" and entry.pending_player == "Sam"
    entry = entry.tap_player("Léa", PLAYERS)
    assert entry.events == (Marked("guillotine", "Sam", "Léa"),)
    assert entry.pending is None and entry.order == ()


def test_a_guillotine_is_sent_with_its_victim(tmp_path: Path) -> None:
    """The recorded guillotine makes its player Président and its victim last."""
    service, ev = _evening(tmp_path, ["coup_detat=true"])
    entry = HandEntry(hand=1).tap_event("guillotine").tap_player("Zoé", PLAYERS)
    entry = entry.tap_player("Tom", PLAYERS)
    assert entry.event_inputs() == [{"kind": "guillotine", "player": "Zoé", "victim": "Tom"}]
    ev = service.record_hand(
        ev.id, list(PLAYERS), expected_version=ev.version, events=entry.event_inputs()
    )
    assert [line.name for line in table_view(ev).last] == ["Zoé", "Sam", "Léa", "Tom"]


def test_a_self_guillotine_is_refused_by_the_model_in_both_languages(tmp_path: Path) -> None:
    """A guillotine on its own player is tapped in as is; the model refuses it with a
    message in French and English, and nothing is recorded."""
    service, ev = _evening(tmp_path, ["coup_detat=true"])
    entry = HandEntry(hand=1).tap_event("guillotine").tap_player("Zoé", PLAYERS)
    entry = entry.tap_player("Zoé", PLAYERS)
    with pytest.raises(CompanionError) as err:
        service.record_hand(
            ev.id, list(PLAYERS), expected_version=ev.version, events=entry.event_inputs()
        )
    assert "autre joueur" in err.value.message("fr")
    assert "another player" in err.value.message("en")
    assert service.evening(ev.id).hands == []


def test_the_summary_line_says_what_will_be_recorded() -> None:
    """Above the record button: the order and the events, once the order is complete."""
    entry = HandEntry(hand=1)
    assert entry.summary(PLAYERS, False, _tr("fr")) is None
    for name in ("Tom", "Zoé", "Sam"):
        entry = entry.tap_player(name, PLAYERS)
    entry = entry.tap_event("guillotine").tap_player("Sam", PLAYERS).tap_player("Tom", PLAYERS)
    entry = entry.tap_event("revolution")
    assert entry.summary(PLAYERS, False, _tr("fr")) == (
        "À enregistrer : Tom → Zoé → Sam → Léa · Guillotine (Sam → Tom) · Révolution"
    )
    assert entry.summary(PLAYERS, False, _tr("en")).startswith("To record: Tom → Zoé")


def test_card_entry_starts_with_who_went_out() -> None:
    """Tapping the player who went out opens the picker on the next one to count; tapped
    again, he is taken back."""
    entry = HandEntry(hand=1).tap_out("Tom", PLAYERS)
    assert entry.order == ("Tom",) and entry.picking == "Léa"
    assert entry.tap_out("Tom", PLAYERS).order == ()


def test_the_picker_moves_on_after_each_count() -> None:
    """A count sets the picked player's cards left and moves to the next one without a
    count, round the table; once all are counted the picker closes."""
    entry = HandEntry(hand=1).tap_out("Sam", PLAYERS)
    entry = entry.pick("Zoé").set_count(4, PLAYERS)
    assert entry.count_of("Zoé") == 4 and entry.picking == "Léa"
    entry = entry.set_count(2, PLAYERS).set_count(7, PLAYERS)
    assert dict(entry.cards) == {"Zoé": 4, "Léa": 2, "Tom": 7}
    assert entry.picking is None and entry.cards_missing(PLAYERS) == []


def test_plus_and_minus_stay_between_one_and_the_hand() -> None:
    """+/− change the picked count by one, never below 1 (0 is the one who went out) nor
    above his hand."""
    entry = HandEntry(hand=1).tap_out("Léa", PLAYERS)  # picking Tom
    assert entry.step_count(-1, 13).count_of("Tom") == 1
    entry = entry.set_count(13, PLAYERS).pick("Tom")
    assert entry.step_count(1, 13).count_of("Tom") == 13
    assert entry.step_count(-1, 13).count_of("Tom") == 12


def test_played_no_card_fills_the_whole_hand() -> None:
    """'Played no card' on a player without a count sets it to his hand; a count already
    picked is kept; it cannot be set on the player who went out."""
    entry = HandEntry(hand=1).tap_out("Léa", PLAYERS)
    entry = entry.toggle_none_played("Zoé", 13)
    assert entry.count_of("Zoé") == 13 and entry.none_played == {"Zoé"}
    kept = entry.pick("Tom").set_count(5, PLAYERS).toggle_none_played("Tom", 13)
    assert kept.count_of("Tom") == 5
    assert entry.toggle_none_played("Léa", 13).none_played == {"Zoé"}


def test_the_cards_give_the_order_the_model_derives(tmp_path: Path) -> None:
    """The places shown before recording are the ones the replay derives from the cards
    (by penalty: ×2 from 10 cards, ×3 for no card played; ties by the ranking)."""
    service, ev = _evening(tmp_path, CARD_RULES)
    view = table_view(ev)
    assert view.needs_cards
    entry = HandEntry(hand=1).tap_out("Sam", view.players)
    for name, count in (("Léa", 10), ("Tom", 3), ("Zoé", 3)):
        entry = entry.pick(name).set_count(count, view.players)
    entry = entry.toggle_none_played("Zoé", view.hand_sizes["Zoé"])
    shown = [(line.name, line.penalty) for line in entry.card_lines(view.players)]
    assert shown == [("Sam", 0), ("Tom", 3), ("Zoé", 9), ("Léa", 20)]
    cards_left, none_played = entry.card_inputs()
    ev = service.record_hand(
        ev.id, [], expected_version=ev.version, cards_left=cards_left, none_played=none_played
    )
    last = table_view(ev).last
    assert [(line.name, line.points) for line in last] == shown


def test_the_card_summary_shows_places_and_penalties() -> None:
    """The line above the record button lists the places with their penalty points; it
    stays empty while a count is missing."""
    entry = HandEntry(hand=1).tap_out("Tom", PLAYERS)
    entry = entry.set_count(2, PLAYERS).set_count(1, PLAYERS)  # Léa, then Sam
    assert entry.summary(PLAYERS, True, _tr("fr")) is None
    entry = entry.set_count(5, PLAYERS)
    assert entry.summary(PLAYERS, True, _tr("fr")) == (
        "À enregistrer : Tom 0 pt → Sam 1 pt → Léa 2 pts → Zoé 5 pts"
    )


def test_hand_sizes_are_the_cards_held_after_the_exchanges(tmp_path: Path) -> None:
    """The picker's top is each player's hand once the exchanges are done (54 cards to 4:
    two players hold 14)."""
    _, ev = _evening(tmp_path, CARD_RULES)
    sizes = table_view(ev).hand_sizes
    assert sorted(sizes.values()) == [13, 13, 14, 14] and set(sizes) == set(PLAYERS)
