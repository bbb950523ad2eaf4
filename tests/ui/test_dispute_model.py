"""The dispute screen's logic, driven without a browser."""

from __future__ import annotations

import pytest

from companion.rules.cards import JokerColour, Suit
from companion.rules.presets import PRESETS, get_preset
from companion.ui.dispute_model import DisputeModel, Notice, uses_joker_colours, uses_suits


def played(model: DisputeModel, *items: tuple[str, str | list[str]]) -> DisputeModel:
    """Add ``(player, cards)`` items to the table, tapping as a user would."""
    for player, cards in items:
        model = model.select_actor(player)
        if cards == "pass":
            model = model.tap_pass()
        else:
            for card in cards:
                model = model.tap_rank(card)
        model = model.add_to_table()
        assert model.notice is None, model.notice
    return model


def test_a_four_of_a_kind_beats_a_joker_in_classique() -> None:
    model = played(DisputeModel(preset="classique"), ("A", ["K"]), ("B", ["JK"]))
    assert model.history == ("A: K", "B: JK")
    assert model.current_actor == "C" and model.to_beat == "JK"
    judged = model.select_actor("C").tap_rank("5").set_count(4).judge()
    ruling = judged.ruling
    assert ruling is not None and ruling.legal and ruling.code == "ok"
    assert ruling.action == "C: 5 5 5 5"
    assert ruling.sentence("fr") == "5 5 5 5 bat JK ; à D de battre 5 5 5 5."
    assert ruling.message("en").startswith("Trou-du-cul classique: 5 5 5 5 beats JK")
    assert ruling.next_player == "D" and ruling.to_beat == "5 5 5 5"
    assert ruling.next_text("fr") == "À D de battre 5 5 5 5"
    assert ruling.next_text("en") == "D must beat 5 5 5 5"
    assert "Trou-du-cul classique" in ruling.rule_text("fr")


def test_an_illegal_play_cites_its_rule_and_who_must_act() -> None:
    model = played(DisputeModel(), ("A", ["K"]), ("B", "pass"))
    ruling = model.select_actor("B").tap_rank("A").judge().ruling
    assert ruling is not None and not ruling.legal
    assert ruling.code == "already-passed"
    assert ruling.rule == "pass_is_final = True"
    assert "(P3)" in ruling.rule_text("fr") and ruling.rule_text("fr").endswith("already-passed")
    assert ruling.next_text("en") == "C must beat K"
    assert ruling.sentence("fr").startswith("qui passe abandonne la tournée")


def test_following_a_trick_play_by_play() -> None:
    model = DisputeModel()
    model = model.tap_rank("4").judge()
    assert model.ruling is not None and model.ruling.legal
    model = model.accept()
    assert model.history == ("A: 4",) and model.tray == () and model.ruling is None
    assert model.current_actor == "B"
    model = model.tap_rank("3").judge()
    assert model.ruling is not None and model.ruling.code == "too-low"
    assert model.accept() == model  # an illegal play never joins the table
    model = model.clear_tray()
    for who, rank in (("B", "6"), ("C", "10"), ("D", "J")):
        model = model.select_actor(who).tap_rank(rank).judge().accept()
    for who in ("A", "B", "C"):
        model = model.select_actor(who).tap_pass().judge().accept()
    lines = model.table_lines()
    assert [line.text for line in lines][-1] == "C: pass"
    assert lines[-1].ends_trick is False  # P4: D may still play once on his own cards
    model = model.tap_pass().judge().accept()  # D gathers the trick
    assert model.table_lines()[-1].ends_trick and model.to_beat is None
    assert model.current_actor == "D"


def test_a_play_that_was_not_legal_cannot_be_added_to_the_table() -> None:
    model = played(DisputeModel(), ("A", ["K"]))
    refused = model.select_actor("B").tap_rank("3").add_to_table()
    assert refused.history == ("A: K",)
    assert refused.notice is not None and refused.notice.key == "dispute.not_legal_history"
    assert "3" in refused.notice.text("en") and refused.notice.text("en").startswith(
        "This play cannot be added")


def test_judging_nothing_asks_for_cards() -> None:
    model = DisputeModel().judge()
    assert model.ruling is None and model.notice == Notice("dispute.pick_cards")


def test_undo_and_clear() -> None:
    model = played(DisputeModel(), ("A", ["K"]), ("B", ["A"]))
    assert model.undo().history == ("A: K",)
    assert model.clear_table().history == ()
    assert model.undo().undo().undo().history == ()


@pytest.mark.parametrize("pid", sorted(PRESETS))
def test_the_picker_follows_the_preset(pid: str) -> None:
    model = DisputeModel(preset=pid)
    picker = model.picker()
    rules = get_preset(pid).rules
    from companion.rules.combos import order_for

    natural = [r.symbol for r in order_for(rules, False).natural_ranks]
    ranks = [r for r in picker.ranks if r != "JK"]
    assert ranks == [r for r in natural if r in ranks]  # playing order
    assert ("JK" in picker.ranks) == (rules.jokers > 0)
    assert picker.suits == uses_suits(rules)
    assert picker.counts[0] == 1 and picker.counts[-1] >= 4


def test_the_picker_shows_ranks_in_playing_order() -> None:
    assert DisputeModel(preset="classique").picker().ranks[:2] == ("2", "3")
    assert DisputeModel(preset="pagat").picker().ranks[-1] == "2"
    assert DisputeModel(preset="klootzakken").picker().ranks == (
        "7", "8", "9", "10", "J", "Q", "K", "A", "2", "3")
    assert "JK" not in DisputeModel(preset="pagat").picker().ranks


def test_suits_and_joker_colours_only_when_the_rules_use_them() -> None:
    rules = get_preset("classique").rules
    assert not uses_suits(rules)
    assert uses_suits(rules.with_options(suits="ranked"))
    assert uses_suits(rules.with_options(special_high_cards="black_threes"))
    assert not uses_joker_colours(rules)
    assert uses_joker_colours(get_preset("concierge").rules)
    assert DisputeModel(preset="concierge").picker().joker_colours


def test_counting_equal_cards_and_giving_suits() -> None:
    model = DisputeModel().tap_rank("10").set_count(3)
    assert model.tray == ("10", "10", "10")
    model = model.tap_suit(Suit.HEARTS).tap_suit(Suit.SPADES)
    assert model.tray == ("10♥", "10♠", "10")
    model = model.set_count(2)
    assert model.tray == ("10♥", "10♠")
    model = model.tap_suit(Suit.CLUBS)  # every card has a suit: the last one changes
    assert model.tray == ("10♥", "10♣")
    model = model.tap_rank("JK").set_count(2).tap_joker_colour(JokerColour.COLOURED)
    assert model.tray == ("10♥", "10♣", "JKR", "JK")
    assert model.delete_card().tray == ("10♥", "10♣", "JKR")
    assert model.clear_tray().tray == ()
    assert DisputeModel().set_count(3).tray == ()


def test_the_pass_replaces_the_cards_and_a_card_replaces_the_pass() -> None:
    model = DisputeModel().tap_rank("K").tap_pass()
    assert model.passing and model.tray == () and model.play_text() == "pass"
    model = model.tap_rank("Q")
    assert not model.passing and model.play_text() == "Q"


def test_ranks_outside_the_deck_are_ignored() -> None:
    assert DisputeModel(preset="klootzakken").tap_rank("5").tray == ()
    assert DisputeModel(preset="pagat").tap_rank("JK").tray == ()


def test_an_engine_error_becomes_a_notice_in_both_languages() -> None:
    # Concierge ranks the two jokers apart: the ruling needs to know which is which.
    model = played(DisputeModel(preset="concierge"), ("A", ["5"]))
    judged = model.select_actor("B").tap_rank("JK").judge()
    assert judged.ruling is None and judged.notice is not None
    assert judged.notice.key == "dispute.error"
    assert "JKR" in judged.notice.text("en") and "JKR" in judged.notice.text("fr")
    fixed = judged.tap_joker_colour(JokerColour.BLACK).judge()
    assert fixed.ruling is not None


def test_changing_the_rules_keeps_the_table_when_it_still_holds() -> None:
    model = played(DisputeModel(preset="classique"), ("A", ["K"]), ("B", ["A"]))
    kept = model.with_preset("armix")
    assert kept.history == model.history and kept.notice is None
    cleared = played(DisputeModel(preset="classique"), ("A", ["K"]), ("B", ["JK"]))
    cleared = cleared.with_preset("pagat")  # no jokers in PAGAT's deck
    assert cleared.history == () and cleared.notice == Notice("dispute.history_cleared")
    assert model.with_preset("nonsense") == model


def test_player_count_and_names() -> None:
    model = played(DisputeModel(), ("A", ["K"]), ("B", ["A"]))
    more = model.with_player_count(6)
    assert more.players == ("A", "B", "C", "D", "E", "F") and more.history == model.history
    fewer = played(DisputeModel(), ("A", ["K"]), ("B", ["A"]), ("C", "pass"), ("D", "pass"))
    fewer = fewer.with_player_count(3)
    assert fewer.players == ("A", "B", "C")
    assert fewer.history == () and fewer.notice == Notice("dispute.history_cleared")
    assert DisputeModel().with_player_count(1).players == ("A", "B", "C")
    assert len(DisputeModel().with_player_count(20).players) == 8

    renamed = model.renamed(0, "  Léa ")
    assert renamed.players[0] == "Léa" and renamed.history == ("Léa: K", "B: A")
    for bad in ("", "B", "a:b", "x,y", "x" * 40):
        refused = model.renamed(0, bad)
        assert refused.players == model.players
        assert refused.notice == Notice("dispute.name_invalid")


def test_revolution_reverses_the_order() -> None:
    model = played(DisputeModel().with_revolution(True), ("A", ["4"]))
    assert model.select_actor("B").tap_rank("3").judge().ruling.legal
    assert not model.select_actor("B").tap_rank("5").judge().ruling.legal


def test_the_models_options_are_the_rule_sets() -> None:
    lines = DisputeModel(preset="classique").option_lines()
    by_name = {line.name: line for line in lines}
    assert by_name["rank_order"].oid == "D4" and by_name["rank_order"].value == "ace_high"
    assert by_name["pass_is_final"].value == "True"
    assert lines[0].oid.startswith("D")


def test_a_model_holds_plain_data_only() -> None:
    model = played(DisputeModel(), ("A", ["K"])).tap_rank("A").judge()
    assert model == played(DisputeModel(), ("A", ["K"])).tap_rank("A").judge()
    hash(model.ruling)
