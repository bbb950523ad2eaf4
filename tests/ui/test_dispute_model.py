"""The dispute screen's logic, driven without a browser."""

from __future__ import annotations

import pytest

from companion.rules.cards import JokerColour, Suit
from companion.rules.notation import Action
from companion.rules.presets import PRESETS, get_preset
from companion.rules.ruleset import RuleSet
from companion.table.evening import Evening
from companion.table.service import TableService
from companion.ui import routes
from companion.ui.access import may_edit
from companion.ui.dispute_model import DisputeModel, from_evening
from companion.ui.dispute_table import uses_joker_colours, uses_suits
from companion.ui.dispute_views import Notice, TrickView
from companion.ui.new_evening_model import NewEveningModel
from companion.words.formats import date_medium, time_short


def acts(*texts: str) -> tuple[Action, ...]:
    """Actions as the table writes them ("Paul: K")."""
    return tuple(Action.parse(t) for t in texts)


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
    """Classique: a four of a kind beats a joker; the ruling says so in both languages,
    who acts next and what he must beat, and cites the system."""
    model = played(DisputeModel(preset="classique"), ("Paul", ["K"]), ("Nina", ["JK"]))
    assert model.history == acts("Paul: K", "Nina: JK")
    assert model.current_actor == "Marc" and model.to_beat == "JK"
    judged = model.select_actor("Marc").tap_rank("5").set_count(4).judge()
    ruling = judged.ruling
    assert ruling is not None and ruling.legal and ruling.code == "ok"
    assert ruling.action == Action.parse("Marc: 5 5 5 5")
    assert ruling.sentence("fr") == "5 5 5 5 bat le joker ; à Sara de battre 5 5 5 5."
    assert ruling.message("en").startswith("Trou-du-cul classique: 5 5 5 5 beats the joker")
    assert ruling.next_player == "Sara" and ruling.to_beat == "5 5 5 5"
    assert ruling.next_text("fr") == "À Sara de battre 5 5 5 5"
    assert ruling.next_text("en") == "Sara must beat 5 5 5 5"
    assert "Trou-du-cul classique" in ruling.rule_text("fr")


def test_an_illegal_play_cites_its_rule_and_who_must_act() -> None:
    """An illegal play cites the option and rule ID it breaks and who must act instead."""
    model = played(DisputeModel(), ("Paul", ["K"]), ("Nina", "pass"))
    ruling = model.select_actor("Nina").tap_rank("A").judge().ruling
    assert ruling is not None and not ruling.legal
    assert ruling.code == "already-passed"
    assert ruling.rule == "pass_is_final = true"
    # In words; the codes only in the details line.
    assert ruling.rule_text("fr") == "Trou-du-cul classique — Qui passe abandonne : oui"
    assert ruling.details("fr") == "Détails : P3 · pass_is_final = true · already-passed"
    assert ruling.next_text("en") == "Marc must beat K"
    assert ruling.sentence("fr").startswith("Qui passe abandonne la tournée")


def test_following_a_trick_play_by_play() -> None:
    """A trick followed play by play: each legal play joins the table, an illegal one never
    does, and the trick ends where the rules end it (P4: the last player may overplay)."""
    model = DisputeModel()
    model = model.tap_rank("4").judge()
    assert model.ruling is not None and model.ruling.legal
    model = model.accept()
    assert model.history == acts("Paul: 4") and model.tray == () and model.ruling is None
    assert model.current_actor == "Nina"
    model = model.tap_rank("3").judge()
    assert model.ruling is not None and model.ruling.code == "too-low"
    assert model.accept() == model  # an illegal play never joins the table
    model = model.clear_tray()
    for who, rank in (("Nina", "6"), ("Marc", "10"), ("Sara", "J")):
        model = model.select_actor(who).tap_rank(rank).judge().accept()
    for who in ("Paul", "Nina", "Marc"):
        model = model.select_actor(who).tap_pass().judge().accept()
    lines = model.table_lines()
    assert lines[-1].action == Action.parse("Marc: pass")
    assert lines[-1].ends_trick is False  # P4: Sara may still play once on his own cards
    model = model.tap_pass().judge().accept()  # Sara gathers the trick
    assert model.table_lines()[-1].ends_trick and model.to_beat is None
    assert model.current_actor == "Sara"


def test_a_play_that_was_not_legal_cannot_be_added_to_the_table() -> None:
    """Only a legal play can be added to the table as already played; the refusal says why."""
    model = played(DisputeModel(), ("Paul", ["K"]))
    refused = model.select_actor("Nina").tap_rank("3").add_to_table()
    assert refused.history == acts("Paul: K")
    assert refused.notice is not None and refused.notice.key == "dispute.not_legal_history"
    assert "3" in refused.notice.text("en") and refused.notice.text("en").startswith(
        "This play cannot be added"
    )


def test_judging_nothing_asks_for_cards() -> None:
    """Judging with no card and no pass tapped asks for them."""
    model = DisputeModel().judge()
    assert model.ruling is None and model.notice == Notice("dispute.pick_cards")


def test_undo_and_clear() -> None:
    """Undo takes the last action off the table (and nothing when it is empty); clear takes
    them all."""
    model = played(DisputeModel(), ("Paul", ["K"]), ("Nina", ["A"]))
    assert model.undo().history == acts("Paul: K")
    assert model.clear_table().history == ()
    assert model.undo().undo().undo().history == ()


@pytest.mark.parametrize("pid", sorted(PRESETS))
def test_the_picker_follows_the_preset(pid: str) -> None:
    """Every preset: ranks in playing order, the joker only with jokers in the pack, suits
    only when the rules use them, counts from one to at least four."""
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
    """The picker's ranks run from the lowest to the highest in each preset's order."""
    assert DisputeModel(preset="classique").picker().ranks[:2] == ("2", "3")
    assert DisputeModel(preset="pagat").picker().ranks[-1] == "2"
    assert DisputeModel(preset="klootzakken").picker().ranks == (
        "7",
        "8",
        "9",
        "10",
        "J",
        "Q",
        "K",
        "A",
        "2",
        "3",
    )
    assert "JK" not in DisputeModel(preset="pagat").picker().ranks


def test_suits_and_joker_colours_only_when_the_rules_use_them() -> None:
    """Suits show only when a ruling can depend on them, joker colours only when the two
    jokers rank apart."""
    rules = get_preset("classique").rules
    assert not uses_suits(rules)
    assert uses_suits(rules.with_options(suits="ranked"))
    assert uses_suits(rules.with_options(special_high_cards="black_threes"))
    assert not uses_joker_colours(rules)
    assert uses_joker_colours(get_preset("concierge").rules)
    assert DisputeModel(preset="concierge").picker().joker_colours


def test_counting_equal_cards_and_giving_suits() -> None:
    """The count repeats the last rank; suits and joker colours go to the cards without one
    first; delete and clear empty the tray."""
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
    """A pass and cards exclude each other in the tray."""
    model = DisputeModel().tap_rank("K").tap_pass()
    assert model.passing and model.tray == () and model.play_text() == "pass"
    model = model.tap_rank("Q")
    assert not model.passing and model.play_text() == "Q"


def test_ranks_outside_the_deck_are_ignored() -> None:
    """A rank the pack lacks cannot be tapped in."""
    assert DisputeModel(preset="klootzakken").tap_rank("5").tray == ()
    assert DisputeModel(preset="pagat").tap_rank("JK").tray == ()


def test_an_engine_error_becomes_a_notice_in_both_languages() -> None:
    """An engine error (a joker whose colour matters) becomes a notice in both languages."""
    # Once the jokers rank apart the picker offers each joker; one tapped in before the rules
    # changed stays in the tray.
    picking = played(DisputeModel(preset="classique"), ("Paul", ["5"])).select_actor("Nina")
    picking = picking.tap_rank("JK").with_option("joker_order", "coloured_high")
    assert picking.tray == ("JK",) and picking.tap_rank("JK").tray == ("JK",)
    assert picking.picker().jokers == ("JKR", "JKB")
    # A joker met by a joker, then the jokers ranked apart: the ruling depends on which is which.
    model = played(DisputeModel(preset="classique"), ("Paul", ["JK"])).select_actor("Nina")
    judged = model.tap_rank("JK").with_option("joker_order", "coloured_high").judge()
    assert judged.ruling is None and judged.notice is not None
    assert judged.notice.key == "dispute.error"
    assert "JKR" in judged.notice.text("en") and "JKR" in judged.notice.text("fr")
    fixed = judged.tap_joker_colour(JokerColour.BLACK).judge()
    assert fixed.ruling is not None


def test_changing_the_rules_keeps_the_table_when_it_still_holds() -> None:
    """A change of preset keeps the table; a play the new rules refuse is reported with the
    referee's reason and kept (nothing is dropped), and changing back restores it."""
    model = played(DisputeModel(preset="classique"), ("Paul", ["K"]), ("Nina", ["A"]))
    kept = model.with_preset("armix")
    assert kept.history == model.history and kept.notice is None
    joker = played(DisputeModel(preset="classique"), ("Paul", ["K"]), ("Nina", ["JK"]))
    moved = joker.with_preset("pagat")  # no jokers in PAGAT's deck
    assert moved.history == joker.history
    assert moved.broken is not None and moved.broken.action == Action.parse("Nina: JK")
    assert moved.notice is not None and moved.notice.key == "dispute.broken"
    assert "Nina: JK" in moved.notice.text("en")
    assert [line.holds for line in moved.table_lines()] == [True, False]
    assert moved.to_beat == "K"  # the table stands where it still holds
    back = moved.with_preset("classique")
    assert back.broken is None and back.notice is None and back.to_beat == "JK"
    assert model.with_preset("nonsense") == model


def test_player_count_and_names() -> None:
    """The player count keeps the names it can and the table; a play by someone no longer at
    the table is reported; a name must be new, short, and free of ':' and ','."""
    model = played(DisputeModel(), ("Paul", ["K"]), ("Nina", ["A"]))
    more = model.with_player_count(6)
    assert (
        more.players == ("Paul", "Nina", "Marc", "Sara", "Louis", "Jade")
        and more.history == model.history
    )
    fewer = played(
        DisputeModel(), ("Paul", ["K"]), ("Nina", ["A"]), ("Marc", "pass"), ("Sara", "pass")
    )
    fewer = fewer.with_player_count(3)
    assert fewer.players == ("Paul", "Nina", "Marc")
    assert fewer.broken is not None and fewer.broken.action == Action.parse("Sara: pass")
    assert fewer.broken.message("en") == "Sara is not at the table."
    # The variant's player counts: classique 3 to 6, WIKI's Strutz up to 10.
    refused = DisputeModel().with_player_count(10)
    assert refused.players == DisputeModel().players and refused.notice is not None
    assert refused.notice.text("fr") == "Cette variante se joue de 3 à 6 joueurs (pas 10)."
    assert len(DisputeModel(preset="strutz").with_player_count(10).players) == 10
    assert DisputeModel(preset="strutz").with_player_count(10).with_preset("classique").players == (
        "Paul",
        "Nina",
        "Marc",
        "Sara",
        "Louis",
        "Jade",
    )  # a variant for fewer seats as many as it allows

    renamed = model.renamed(0, "  Léa ")
    assert renamed.players[0] == "Léa" and renamed.history == acts("Léa: K", "Nina: A")
    # The evening's rule for names (table.names.name_problem): up to 40 characters.
    assert model.renamed(0, "x" * 40).players[0] == "x" * 40
    for bad, why in (("", "empty"), ("nina", "twice"), ("a:b", "invalid"), ("x" * 41, "invalid")):
        refused = model.renamed(0, bad)
        assert refused.players == model.players
        assert refused.notice == Notice(f"new.name_{why}", fields=(("name", bad),))


def test_revolution_reverses_the_order() -> None:
    """With a revolution in force, a lower card beats a higher one."""
    model = played(DisputeModel().with_revolution(True), ("Paul", ["4"]))
    assert model.select_actor("Nina").tap_rank("3").judge().ruling.legal
    assert not model.select_actor("Nina").tap_rank("5").judge().ruling.legal


def test_the_models_options_are_the_rule_sets() -> None:
    """The option list is the rule set's, in the catalogue's order, spelt as `--set`."""
    lines = DisputeModel(preset="classique").option_lines()
    by_name = {line.name: line for line in lines}
    assert by_name["rank_order"].oid == "D4" and by_name["rank_order"].value == "ace_high"
    assert by_name["pass_is_final"].value == "true"
    assert lines[0].oid.startswith("D")


def test_a_model_holds_plain_data_only() -> None:
    """Two models built by the same taps are equal, and a ruling is hashable."""
    model = played(DisputeModel(), ("Paul", ["K"])).tap_rank("A").judge()
    assert model == played(DisputeModel(), ("Paul", ["K"])).tap_rank("A").judge()
    hash(model.ruling)


# --- the evening's rules and players, options changed on the spot -----------------------------


@pytest.fixture(scope="module")
def evening_service(tmp_path_factory: pytest.TempPathFactory) -> TableService:
    return TableService(tmp_path_factory.mktemp("dispute-data"))


def _evening(
    service: TableService,
    settings: list[str],
    title: str | None = "Chez Léa",
    players: tuple[str, ...] = ("Léa", "Tom", "Sam", "Zoé"),
    place: str | None = None,
) -> Evening:
    return service.create_evening(
        list(players), "classique", settings=settings, title=title, place=place
    )


def test_an_evening_brings_its_preset_and_its_option_changes(evening_service: TableService) -> None:
    """Opened from an evening, the dispute plays that evening's preset and its changes to the
    rule options (its table options, which rule on no play, are left out)."""
    evening = _evening(evening_service, ["equal_play=allowed", "seating=fixed"])
    model = from_evening(evening)
    assert model.preset == "classique" and model.settings == ("equal_play=allowed",)
    assert model.rules == evening.rules()[0]
    assert model.rules_title("fr") == "Règles de la soirée « Chez Léa »"
    assert model.rules_title("en") == "Rules of the evening 'Chez Léa'"


def test_the_evenings_players_sit_in_seating_order_from_who_leads(
    evening_service: TableService,
) -> None:
    """The players are the next plan's seating, turned to start with whoever leads the next
    hand: that player is the one whose turn it is on an empty table."""
    evening = _evening(evening_service, ["seating=fixed"])
    evening = evening_service.record_hand(
        evening.id, ["Sam", "Tom", "Léa", "Zoé"], expected_version=evening.version
    )
    plan = evening.next_plan
    assert plan is not None and plan.seating == ["Léa", "Tom", "Sam", "Zoé"]
    assert plan.first_lead == "Sam"
    model = from_evening(evening)
    assert model.players == ("Sam", "Zoé", "Léa", "Tom")
    assert model.current_actor == "Sam"


def test_an_evening_without_a_title_is_named_by_its_day_and_start(
    evening_service: TableService,
) -> None:
    """An evening with no title or place is named as History names it: its day and the
    time it started, as the language writes them ("Rules of the evening of Nov 26, 2026 at
    8:14 PM"), not a bare date."""
    evening = _evening(evening_service, [], title=None)
    start, day = evening.created_at.astimezone(), evening.date
    assert from_evening(evening).rules_title("en") == (
        f"Rules of the evening of {date_medium('en', day)} at {time_short('en', start)}"
    )
    assert from_evening(evening).rules_title("fr") == (
        f"Règles de la soirée du {date_medium('fr', day)} à {time_short('fr', start)}"
    )


def test_an_evening_without_a_title_is_named_by_its_place(evening_service: TableService) -> None:
    """Without a title, the evening's place names it, as History heads it."""
    evening = _evening(evening_service, [], title=None, place="Chez Tom")
    assert from_evening(evening).rules_title("fr") == "Règles de la soirée « Chez Tom »"


def test_names_the_notation_cannot_carry_are_made_usable(evening_service: TableService) -> None:
    """A name with ':' or ',' (the notation's separators) is kept with a space instead."""
    evening = _evening(evening_service, [], players=("Jean:Luc", "Tom", "Sam"))
    assert "Jean Luc" in from_evening(evening).players


def test_a_ruling_that_rests_on_the_evenings_option_cites_it(evening_service: TableService) -> None:
    """A play legal only because of the evening's option change cites that option, its value
    and what the preset says."""
    model = played(from_evening(_evening(evening_service, ["equal_play=allowed"])), ("Léa", ["K"]))
    ruling = model.tap_rank("K").judge().ruling
    assert ruling is not None and ruling.legal and ruling.actor == "Tom"
    assert ruling.rule_text("en") == (
        "Trou-du-cul classique — Equal cards: allowed, the evening's option "
        "(the variant says: not allowed)"
    )
    assert "Cartes égales : autorisé, option de la soirée (la variante dit : interdit)" in (
        ruling.rule_text("fr")
    )
    assert ruling.why_text("fr") == (
        "R couvre la même valeur (« Cartes égales : autorisé, option de la soirée "
        "(la variante dit : interdit) »)."
    )


def test_an_option_changed_on_the_spot_changes_the_ruling_and_is_cited(
    evening_service: TableService,
) -> None:
    """Changing an option on the spot rules the same play under the new value, and the ruling
    names the option as changed here and its value before."""
    model = played(
        from_evening(_evening(evening_service, ["equal_play=allowed"])), ("Léa", ["K"])
    ).tap_rank("K")
    changed = model.with_option("equal_play", "forbidden").judge()
    ruling = changed.ruling
    assert ruling is not None and not ruling.legal and ruling.code == "equal-forbidden"
    assert ruling.rule_text("en").endswith(
        "Equal cards: not allowed, changed here (before: allowed)"
    )
    assert ruling.details("en").endswith("B2 · equal_play = forbidden · equal-forbidden")
    assert changed.rules_title("en") == (
        "Rules of the evening 'Chez Léa', changed here: Equal cards: not allowed"
    )


def test_a_changed_option_is_cited_only_when_the_verdict_depends_on_it() -> None:
    """An option changed from the preset is cited only if, put back, the ruling would
    differ: a higher card beats a king whatever equal_play says."""
    model = played(DisputeModel().with_option("equal_play", "allowed"), ("Paul", ["K"]))
    ruling = model.tap_rank("A").judge().ruling
    assert ruling is not None and ruling.legal
    assert [c.name for c in ruling.cites] == ["rank_order"]  # why it beats: not equal_play
    assert ruling.rule_text("en") == (
        "Trou-du-cul classique — Card order: 2, 3 … ace (the ace ranks highest)"
    )
    assert ruling.why_text("en") == (
        "A ranks above K under 'Card order: 2, 3 … ace (the ace ranks highest)'."
    )


def test_the_options_read_as_on_the_new_evening_screen() -> None:
    """Each option shows the new-evening screen's explanation, seeds and choices, and where
    its value comes from."""
    model = DisputeModel().with_option("pass_is_final", "false")
    lines = {line.name: line for line in model.option_lines()}
    theirs = {
        line.name: line
        for line in NewEveningModel(settings=("pass_is_final=false",)).option_lines()
    }
    for name in ("pass_is_final", "rank_order", "deck"):
        assert lines[name].description == theirs[name].description
        assert lines[name].seeds == theirs[name].seeds
        assert lines[name].choices == theirs[name].choices
    assert lines["pass_is_final"].oid == "P3" and lines["pass_is_final"].value == "false"
    assert lines["pass_is_final"].origin == "here" and lines["pass_is_final"].before == "true"
    assert lines["rank_order"].origin == "preset"
    assert set(lines) == set(RuleSet.model_fields)  # table options rule on no play


def test_a_refused_option_value_changes_nothing_and_says_why() -> None:
    """A value the rules refuse (unknown, or clashing with another option) leaves the rules
    as they were and says why in both languages."""
    model = played(DisputeModel(), ("Paul", ["K"]))
    for name, value in (("equal_play", "sometimes"), ("rank_order", "seven_high")):
        refused = model.with_option(name, value)
        assert refused.settings == () and refused.history == model.history
        assert refused.notice is not None and refused.notice.key == "dispute.option_refused"
        assert refused.notice.text("en").startswith("Option refused: ")
        assert refused.notice.text("fr").startswith("Option refusée : ")
    unknown = model.with_option("nonsense", "1")
    assert unknown.settings == () and unknown.notice is not None
    assert unknown.notice.text("en") == "Unknown option: nonsense."


def test_resetting_the_options_returns_to_the_evenings_rules(evening_service: TableService) -> None:
    """ "Back to the starting rules" undoes the changes made here, not the evening's own."""
    model = from_evening(_evening(evening_service, ["equal_play=allowed"]))
    changed = model.with_option("equal_play", "forbidden").with_option("must_beat", "true")
    assert changed.changed_here() == ["must_beat=true", "equal_play=forbidden"]
    reset = changed.reset_options()
    assert reset.settings == ("equal_play=allowed",) and reset.changed_here() == []
    assert DisputeModel().with_option("must_beat", "true").reset_options().settings == ()


def test_another_preset_leaves_the_evenings_rules_and_coming_back_restores_them(
    evening_service: TableService,
) -> None:
    """The evening's changes belong to its preset: another preset starts from its own rules
    (no "Rules of the evening"), and choosing the evening's preset again brings them back."""
    model = from_evening(_evening(evening_service, ["equal_play=allowed"]))
    other = model.with_preset("armix")
    assert other.settings == () and other.rules_title("en") is None
    back = other.with_preset("classique")
    assert back.settings == ("equal_play=allowed",) and back.rules_title("en") is not None


def test_an_option_that_makes_a_play_on_the_table_illegal_reports_it() -> None:
    """Changing an option revalidates the table: the first play it makes illegal is named
    with the referee's reason, kept (marked), and no further play is ruled on until the
    table takes it off or puts the option back."""
    model = played(
        DisputeModel().with_option("equal_play", "allowed"),
        ("Paul", ["K"]),
        ("Nina", ["K"]),
        ("Marc", "pass"),
    )
    strict = model.with_option("equal_play", "forbidden")
    assert strict.history == model.history
    assert strict.broken is not None and strict.broken.action == Action.parse("Nina: K")
    assert strict.notice is not None and strict.notice.key == "dispute.broken"
    assert "a play of the same rank does not beat K" in strict.notice.text("en")
    assert [line.holds for line in strict.table_lines()] == [True, False, False]
    blocked = strict.tap_rank("A").judge()
    assert blocked.ruling is None and blocked.notice is not None
    assert blocked.notice.key == "dispute.broken"
    assert strict.drop_broken().history == acts("Paul: K")
    restored = strict.with_option("equal_play", "allowed")
    assert restored.broken is None and restored.notice is None
    assert strict.undo().undo().broken is None  # undoing past it clears the report


def test_a_pass_out_of_turn_names_who_must_act_first() -> None:
    """A pass by someone whose turn has not come is illegal, and the ruling names who must
    play or pass before him."""
    model = played(DisputeModel(), ("Paul", ["K"]))
    ruling = model.select_actor("Sara").tap_pass().judge().ruling
    assert ruling is not None and ruling.code == "not-your-turn"
    assert ruling.before == ("Nina", "Marc")
    assert ruling.before_text("en") == "Before Sara: Nina, Marc must play or pass."
    assert ruling.before_text("fr") == "Avant Sara : Nina, Marc doivent jouer ou passer."
    one = model.select_actor("Marc").tap_pass().judge().ruling
    assert one is not None and one.before_text("fr") == "Avant Marc : Nina doit jouer ou passer."


def test_the_players_before_can_be_recorded_as_passed_and_the_play_judged_again() -> None:
    """When the table says the players before him did pass, their passes join the table and
    the play is judged again, now in turn."""
    model = played(DisputeModel(), ("Paul", ["K"])).select_actor("Sara").tap_rank("A").judge()
    again = model.pass_before()
    assert again.history == acts("Paul: K", "Nina: pass", "Marc: pass")
    assert again.ruling is not None and again.ruling.legal and again.ruling.actor == "Sara"
    assert played(DisputeModel(), ("Paul", ["K"])).pass_before().history == acts("Paul: K")


def test_a_play_out_of_turn_cannot_be_added_and_says_who_acts_first() -> None:
    """Adding a play out of turn to the table is refused with who must act first."""
    refused = played(DisputeModel(), ("Paul", ["K"])).select_actor("Marc").tap_rank("A")
    refused = refused.add_to_table()
    assert refused.history == acts("Paul: K") and refused.notice is not None
    assert refused.notice.text("en").endswith("Before Marc: Nina must play or pass.")


def test_a_player_who_passed_cannot_play_again_in_the_trick() -> None:
    """With pass_is_final (classique), who passed stays out of the trick; with it changed on
    the spot, he may play again and the ruling says the option was changed here."""
    model = played(
        DisputeModel(),
        ("Paul", ["K"]),
        ("Nina", "pass"),
        ("Marc", ["A"]),
        ("Sara", "pass"),
        ("Paul", "pass"),
    )
    assert model.current_actor == "Marc"  # Nina passed: the turn skips him
    strict = model.select_actor("Nina").tap_rank("JK").judge().ruling
    assert strict is not None and not strict.legal and strict.code == "already-passed"
    loose = model.with_option("pass_is_final", "false")
    assert loose.current_actor == "Nina"
    ruling = loose.tap_rank("JK").judge().ruling
    assert ruling is not None and ruling.legal
    assert "A pass is final: no, changed here (before: yes)" in ruling.rule_text("en")


def test_the_trick_shows_what_to_beat_who_passed_and_who_may_still_play() -> None:
    """Under the table: what is to beat and who laid it, who has passed, and who may still
    play on it in playing order from whoever acts next."""
    model = played(DisputeModel(), ("Paul", ["K"]), ("Nina", "pass"))
    trick = model.trick()
    assert trick == TrickView("K", "Paul", ("Nina",), ("Marc", "Sara"))
    assert DisputeModel().trick() == TrickView(None, None, (), ())


def test_the_route_from_an_evening_keeps_the_key() -> None:
    """The dispute's address from an evening names the evening and, for an editor, the key
    (which ``may_edit`` then accepts)."""
    route = routes.dispute_for("ev1", "s3cr3t")
    assert route == "/dispute?evening=ev1&key=s3cr3t"
    assert may_edit("s3cr3t", route)
    assert routes.dispute_for("ev1") == "/dispute?evening=ev1"


def test_the_picker_follows_options_changed_on_the_spot() -> None:
    """The picker follows the rules in force: suits appear when they are made to rank, the
    joker goes (and leaves the tray) when the pack has none."""
    model = DisputeModel().tap_rank("JK").tap_rank("K")
    assert not model.picker().suits
    assert model.with_option("suits", "ranked").picker().suits
    no_jokers = model.with_option("jokers", "0")
    assert "JK" not in no_jokers.picker().ranks and no_jokers.tray == ("K",)


def test_after_a_ruling_the_next_card_starts_a_new_play() -> None:
    """Rule: once a play is ruled on, the next card tapped starts a new play ("6", not
    "3 3 6"); until then the ruled play stays, to judge again under a changed option."""
    model = played(DisputeModel(), ("Paul", ["K"])).tap_rank("3").set_count(2).judge()
    assert model.ruling is not None and model.tray == ("3", "3")
    closed = model.close_ruling()
    assert closed.tray == ("3", "3")  # still there to judge again
    assert closed.tap_rank("6").tray == ("6",)
    assert closed.tap_rank("6").tap_rank("7").tray == ("6", "7")  # a new play grows as usual
