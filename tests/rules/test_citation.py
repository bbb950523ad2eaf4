"""Which option explains a ruling (``companion.rules.citation``): one function, used by the
referee's sentence, ``companion judge`` and the dispute screen alike."""

from __future__ import annotations

from companion.rules.cards import parse_cards
from companion.rules.citation import cited_option, ruling_option
from companion.rules.codes import RuleCode
from companion.rules.notation import Action
from companion.rules.presets import get_preset
from companion.rules.referee import Ruling, apply, judge, replay
from companion.rules.state import HandState, StepInfo


def ruled(preset: str, play: str, *history: str, **changes: object) -> Ruling:
    rules = get_preset(preset).rules
    if changes:
        rules = rules.with_options(**changes)
    actions = [Action.parse(h) for h in history]
    first = actions[0] if actions else Action.parse(play)
    state = HandState.start(rules, ["A", "B", "C", "D"], leader=first.player, preset=preset)
    return judge(replay(state, actions), Action.parse(play))


def test_a_refusal_rests_on_the_option_the_transition_names() -> None:
    """A refusal whose transition named an option rests on it (P3: a pass is final)."""
    ruling = ruled("classique", "B: 9", "A: 7", "B: pass", "C: 8", "D: pass")
    assert ruling.code is RuleCode.ALREADY_PASSED and ruling.option == "pass_is_final"


def test_a_refusal_named_by_no_option_rests_on_its_codes_option() -> None:
    """A refusal the transition left unnamed rests on its code's option (too low: the rank
    order)."""
    assert cited_option(RuleCode.TOO_LOW, StepInfo()) == "rank_order"


def test_a_refusal_of_no_option_rests_on_none() -> None:
    """Out of turn is no option's doing: the ruling rests on none."""
    ruling = ruled("pagat", "C: 9", "A: 7")
    assert ruling.code is RuleCode.NOT_YOUR_TURN and ruling.option is None


def test_a_legal_play_of_the_same_rank_rests_on_equal_play() -> None:
    """A legal play of the rank it beats rests on B2 (equal plays allowed)."""
    ruling = ruled("pagat", "B: 7", "A: 7", equal_play="allowed")
    assert ruling.legal and ruling.option == "equal_play"


def test_a_legal_play_on_a_joker_rests_on_the_jokers_power() -> None:
    """A four of a kind beating a joker rests on the joker's power (B5)."""
    ruling = ruled("classique", "B: 5 5 5 5", "A: JK")
    assert ruling.legal and ruling.option == "joker_power"


def test_a_plain_legal_play_rests_on_the_rank_order() -> None:
    """A higher card rests on the rank order (D4), though its sentence cites no option."""
    ruling = ruled("pagat", "B: 9", "A: 7")
    assert ruling.legal and ruling.option == "rank_order"
    assert cited_option(ruling.code, ruling.info) is None


def test_a_legal_pass_rests_on_must_beat() -> None:
    """A pass allowed rests on P2 (whether a player must beat when he can)."""
    assert ruled("pagat", "B: pass", "A: 7").option == "must_beat"


def test_a_lead_rests_on_no_option() -> None:
    """Leading is no option's doing."""
    assert ruled("pagat", "A: 4 4").option is None


def test_a_special_effect_is_what_the_sentence_and_the_ruling_cite() -> None:
    """A legal action with a special effect (a speed play, B14) cites that option in its
    sentence and rests on it."""
    ruling = ruled("pagat", "C: 7", "A: 7", speed_play=True, equal_play="allowed")
    assert ruling.legal and ruling.option == "speed_play"
    assert cited_option(ruling.code, ruling.info) == "speed_play"
    assert ruling_option(ruling.before, ruling.action, ruling.code, ruling.info) == "speed_play"


def test_the_source_cites_the_options_catalogue_id() -> None:
    """The ruling's source names the system and the cited option's catalogue ID."""
    parts = ruled("classique", "B: 9", "A: 7", "B: pass", "C: 8", "D: pass").parts("en")
    assert parts.source == "Trou-du-cul classique (P3)"
    assert parts.reason.startswith("a player who passes drops out of the trick")
    assert not parts.legal and parts.option == "pass_is_final"


def test_the_message_is_the_source_then_the_reason() -> None:
    """``message`` joins the parts: source, the language's colon, reason."""
    ruling = ruled("pagat", "B: 9", "A: 7")
    fr, en = ruling.parts("fr"), ruling.parts("en")
    assert ruling.message("fr") == f"{fr.source} : {fr.reason}" == fr.text
    assert ruling.message("en") == f"{en.source}: {en.reason}" == en.text


def test_a_joker_refused_on_a_higher_joker_rests_on_the_joker_order() -> None:
    """D5 coloured_high with B5 beat_all_but_quad (TDC): the black joker on the coloured one is
    too low, and the ruling rests on the joker order, not the rank order."""
    ruling = ruled("classique", "B: JKB", "A: JKR", joker_order="coloured_high")
    assert ruling.code is RuleCode.TOO_LOW and ruling.option == "joker_order"


def test_a_card_given_when_none_is_owed_rests_on_card_effects() -> None:
    """B13 give_discard: giving a card when no card is owed is refused, resting on the card
    effects option."""
    ruling = ruled("pagat", "A: give 5 to B", card_effects="give_discard")
    assert ruling.code is RuleCode.NO_EFFECT_DUE and ruling.option == "card_effects"


def test_a_leader_left_with_forbidden_finishes_passes_on_forbidden_finish() -> None:
    """B12: a leader holding only cards he may not finish on hands the lead on; that pass
    rests on the forbidden finish option."""
    rules = get_preset("pagat").rules.with_options(forbidden_finish=frozenset({"2"}))
    state = HandState.start(rules, ["A", "B", "C", "D"], hands={"A": parse_cards("2♠")})
    ruling = judge(state, Action.parse("A: pass"))
    assert ruling.legal and ruling.next_player == "B" and ruling.option == "forbidden_finish"


def test_a_house_effect_is_cited_but_the_play_got_through_by_the_card_order():
    """H1 8-giri acts once an 8 is allowed: the ruling rests on `eight_stop` (its sentence says
    the trick is won at once), while what let the 8 beat the 5 is the card order."""
    rules = get_preset("pagat").rules.with_options(eight_stop=True)
    state = HandState.start(rules, ["A", "B", "C", "D"], leader="A", preset="pagat")
    state = apply(state, Action.parse("A: 5"))
    ruling = judge(state, Action.parse("B: 8"))
    assert ruling.option == "eight_stop"
    assert ruling.permission == "rank_order"


def test_a_suit_lock_is_cited_but_the_play_got_through_by_the_card_order():
    """H8 shibari locks the trick once a second ♥ is allowed: the ruling rests on `shibari`
    (its sentence names the lock), while what let the 6♥ beat the 4♥ is the card order."""
    rules = get_preset("pagat").rules.with_options(shibari=True)
    state = HandState.start(rules, ["A", "B", "C", "D"], leader="A", preset="pagat")
    state = apply(state, Action.parse("A: 4♥"))
    ruling = judge(state, Action.parse("B: 6♥"))
    assert ruling.option == "shibari"
    assert ruling.permission == "rank_order"


def test_a_permission_that_is_the_option_is_the_same():
    """H3 the 3♠ on a lone joker: the house rule is both what the ruling cites and what lets
    the play through."""
    rules = get_preset("pagat").rules.with_options(jokers=1, spade_three=True)
    state = HandState.start(rules, ["A", "B", "C", "D"], leader="A", preset="pagat")
    state = apply(state, Action.parse("A: JK"))
    ruling = judge(state, Action.parse("B: 3♠"))
    assert ruling.option == ruling.permission == "spade_three"
