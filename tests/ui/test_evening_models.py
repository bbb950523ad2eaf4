"""The new-evening and table screens' logic, without a browser."""

from __future__ import annotations

from pathlib import Path

import pytest

from companion.table.plan import plan_for_preset
from companion.table.service import TableService, VersionConflictError
from companion.ui.i18n import t
from companion.ui.new_evening_model import NewEveningModel
from companion.ui.screens.evening import current_evening_id
from companion.ui.table_model import HandEntry, table_view

PLAYERS = ("Léa", "Tom", "Sam", "Zoé")


def _four(**kwargs) -> NewEveningModel:
    model = NewEveningModel(**kwargs)
    for name in PLAYERS:
        model = model.add_name(name)
    return model


def _tr(lang: str):
    return lambda key, **fields: t(lang, key, **fields)


def test_a_name_used_twice_gets_a_message_and_loses_nothing() -> None:
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
    model = NewEveningModel(profiles=("Léa", "Tom")).toggle_profile("Tom")
    model = model.toggle_profile("Léa")
    assert model.players == ("Tom", "Léa")
    assert model.move_up("Léa").players == ("Léa", "Tom")
    assert model.toggle_profile("Tom").players == ("Léa",)


def test_drawn_cards_rank_players_and_ties_draw_again() -> None:
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
    model = _four()
    first = model.with_roles("first_hand").create_args()
    assert first["ranking"] is None
    random_args = model.with_roles("random").create_args(rng=3)
    assert sorted(random_args["ranking"]) == sorted(PLAYERS)


def test_the_table_follows_the_plan_and_records_hands(tmp_path: Path) -> None:
    service = TableService(tmp_path)
    model = _four()
    for card in ("K", "K", "5", "A", "2", "Q"):
        model = model.tap_card(card)
    ev = service.create_evening(**model.create_args())
    assert current_evening_id(service) == ev.id
    view = table_view(ev)
    plan = plan_for_preset("classique", ["Zoé", "Tom", "Léa", "Sam"])
    assert view.deal_lines + view.check_lines == plan.instructions
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
    service = TableService(tmp_path)
    ev = service.create_evening(list(PLAYERS), "trou-du-cul", ranking=list(PLAYERS),
                                settings=["putsch=true", "revolution=quad"])
    view = table_view(ev)
    assert view.events == ("revolution", "putsch", "forbidden_finish")
    entry = HandEntry(hand=1).tap_event("putsch", view.scum)
    assert entry.events == (("putsch", "Zoé"),)
    assert entry.tap_event("putsch", view.scum).events == ()
    ev = service.record_hand(ev.id, ["Zoé", "Léa", "Tom", "Sam"], expected_version=ev.version,
                             events=entry.event_inputs())
    assert table_view(ev).last_effects == (("putsch_succeeded", "Zoé"),)
    entry = HandEntry(hand=2)
    entry = entry.tap_event("forbidden_finish")
    assert entry.pending == "forbidden_finish"
    entry = entry.tap_player("Tom", view.players)
    assert entry.events == (("forbidden_finish", "Tom"),) and entry.order == ()
    entry = entry.tap_event("revolution").tap_event("revolution")
    assert entry.event_inputs()[0] == {"kind": "revolution", "count": 2}
    assert entry.drop_event(0).events == (("revolution", None), ("revolution", None))
