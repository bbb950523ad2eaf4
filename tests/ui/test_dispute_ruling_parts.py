"""The dispute screen lays out the referee's parts (source, reason, option) as the ruling
carries them: nothing splits the rendered sentence, and the play stays typed from the tray to
the referee and back to the table."""

from __future__ import annotations

from companion.rules.notation import Action
from companion.ui.dispute_model import DisputeModel


def turned_off() -> DisputeModel:
    """Klootzakken with the revolution that turns the direction but without its transparent 3s:
    every ruling's source says so, in words that hold a colon."""
    model = DisputeModel(preset="klootzakken").with_option("revolution", "quad_and_direction")
    return model.with_option("transparent", "none").tap_rank("9").add_to_table()


def test_the_sentence_is_the_referees_reason_when_the_source_holds_a_colon() -> None:
    """A source that holds « : » (a variant part the table turned off) leaves the sentence
    whole: the screen shows the referee's reason, capitalised, not the end of the source."""
    ruling = turned_off().tap_rank("3").judge().ruling
    assert ruling is not None and " : " in ruling.parts("fr").source
    assert ruling.sentence("fr") == "3 bat 9 ; à Marc de battre 3."
    assert ruling.sentence("en") == "3 beats 9; Marc to beat 3."
    parts = ruling.parts("fr")
    assert ruling.message("fr") == f"{parts.source} : {parts.reason}"


def test_the_judged_play_is_the_tapped_cards_as_an_action() -> None:
    """The play tapped in reaches the referee as an Action and comes back as one: accepted,
    it is the table's last action as it was judged."""
    judged = DisputeModel().tap_rank("K").tap_rank("K").judge()
    assert judged.ruling is not None
    assert judged.ruling.action == Action.parse("Paul: K K")
    assert judged.accept().history == (judged.ruling.action,)


def test_the_cited_option_is_the_rules_own() -> None:
    """The option a legal play's ruling cites on screen is the one the rules say explains it
    (``Ruling.option``): a higher card rests on the rank order."""
    model = DisputeModel().tap_rank("9").add_to_table()
    ruling = model.tap_rank("K").judge().ruling
    assert ruling is not None and ruling.legal
    assert ruling.cites[0].name == "rank_order"
    assert ruling.details("en").startswith("Details: D4 · rank_order = ")
