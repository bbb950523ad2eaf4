"""The dispute screen's card picker: cards as a person reads them, one tap per play already
on the table, a player's hand and the plays the referee would accept from it."""

from __future__ import annotations

from companion.rules.cards import Suit
from companion.rules.notation import Action
from companion.rules.presets import get_preset
from companion.rules.referee import legal_plays
from companion.ui.dispute_model import DisputeModel
from companion.ui.dispute_views import action_words, card_face, play_words


def acts(*texts: str) -> tuple[Action, ...]:
    """Actions as the table writes them ("Paul: K")."""
    return tuple(Action.parse(t) for t in texts)


def test_french_cards_read_v_d_r_and_red_suits_are_red() -> None:
    """Jack, queen, king read V, D, R in French; hearts and diamonds print red."""
    assert card_face("J", "fr") == ("V", False) and card_face("Q♥", "fr") == ("D♥", True)
    assert card_face("K♠", "en") == ("K♠", False) and card_face("10♦", "fr") == ("10♦", True)
    assert card_face("JKR", "fr") == ("Joker rouge", True)
    assert card_face("JKB", "en") == ("Black joker", False)
    assert play_words("K K", "fr") == "R R" and play_words("pass", "fr") == "Passe"
    assert action_words(Action.parse("Tom: Q Q"), "fr") == "Tom : D D"


def test_the_picker_offers_both_jokers_only_where_they_rank_apart() -> None:
    """Classique's jokers are equal: one joker key; Concierge's white Fou beats the
    coloured one: a key for each, and the ambiguous joker is not offered."""
    assert DisputeModel().picker().jokers == ("JK",)
    concierge = DisputeModel(preset="concierge")
    assert concierge.picker().jokers == ("JKR", "JKB")
    assert concierge.tap_rank("JK").tray == () and concierge.tap_rank("JKB").tray == ("JKB",)
    assert DisputeModel(preset="pagat").picker().jokers == ()


def test_suits_are_offered_only_when_the_rules_make_them_matter() -> None:
    """The picker offers suit keys only when a rule makes suits matter: not under Classique's
    defaults, yes with ``follow_suit``."""
    assert not DisputeModel().picker().suits
    assert DisputeModel().with_option("suits", "follow_suit").picker().suits


def test_one_tap_adds_the_play_of_the_player_whose_turn_it_is() -> None:
    """In "already played" mode a rank is a play by whoever's turn it is, as many cards as
    the trick goes; a play the rules refuse is not added, and the notice says why."""
    model = DisputeModel().with_mode("table").tap_rank("K")
    assert model.history == acts("Paul: K")
    pairs = model.quick_pass().quick_pass().quick_pass()  # B, C, D pass: A leads again
    assert pairs.history[-1] == Action.parse("Sara: pass") and pairs.next_player == "Paul"
    pairs = pairs.set_count(2).tap_rank("5")
    assert pairs.history[-1] == Action.parse("Paul: 5 5") and pairs.count is None
    assert pairs.tap_rank("7").history[-1] == Action.parse("Nina: 7 7")  # as many as the trick
    refused = model.tap_rank("5")
    assert refused.history == model.history and refused.notice is not None
    assert "5" in refused.notice.text("en")


def test_possible_plays_are_what_the_referee_accepts_from_the_hand() -> None:
    """Given the hand of the player whose turn it is, the possible plays are exactly the
    referee's legal plays; a tap adds one to the table and takes its cards from the hand."""
    model = DisputeModel().with_mode("table").tap_rank("9").with_mode("hand")
    for rank in ("5", "10", "10", "A", "JK"):
        model = model.tap_rank(rank)
    assert model.hand_owner == "Nina" and model.hand == ("5", "10", "10", "A", "JK")
    plays = model.possible_plays()
    rules = get_preset("classique").rules
    state = model.state()
    from companion.rules.cards import Card

    expected = legal_plays(state, tuple(Card.parse(c) for c in model.hand), "Nina")
    assert plays == tuple(expected)
    texts = [str(a) for a in plays]
    assert "Nina: 5" not in texts and "Nina: 10" in texts and "Nina: pass" in texts
    assert rules.rank_order == "ace_high"
    added = model.add_play(Action.parse("Nina: 10"))
    assert added.history[-1] == Action.parse("Nina: 10") and added.hand == ("5", "10", "A", "JK")
    assert added.possible_plays() == ()  # C's hand is not known


def test_the_dispute_enforces_the_variants_player_counts() -> None:
    """Classique is played by 3 to 6: a seventh player is refused with the reason."""
    model = DisputeModel()
    assert model.player_range() == (3, 6)
    assert model.with_player_count(7).players == model.players
    assert model.with_player_count(7).notice.text("en") == (  # type: ignore[union-attr]
        "This variant is played by 3 to 6 players (not 7)."
    )
    assert len(model.with_player_count(6).players) == 6


def test_a_four_of_a_kind_on_a_joker_says_the_jokers_rule() -> None:
    """Classique: a four of a kind beats a lone joker by the joker's rule, not the card
    order; the reason cites it."""
    model = DisputeModel().with_mode("table").tap_rank("K").tap_rank("JK").with_mode("play")
    for _ in range(4):
        model = model.tap_rank("5")
    ruling = model.judge().ruling
    assert ruling is not None and ruling.legal
    assert [c.name for c in ruling.cites] == ["joker_power"]
    assert ruling.why_text("fr") == (
        "5 5 5 5 passe au-dessus du joker selon « Force du joker : un joker seul bat tout, "
        "sauf un carré posé dessus »."
    )


def _suited_table() -> DisputeModel:
    """Classique with B8 follow_suit (a single card is beaten only in its suit), the picker
    on "already played"."""
    return DisputeModel().with_option("suits", "follow_suit").with_mode("table")


def test_already_played_cards_get_their_suit_where_suits_matter() -> None:
    """Under a suit rule a rank tap waits for the card's suit; the suit tap puts it on the
    table with that suit, never without it."""
    model = _suited_table().tap_rank("K")
    assert model.history == () and model.table_cards == ("K",)
    model = model.tap_suit(Suit.HEARTS)
    assert model.history == acts("Paul: K♥") and model.table_cards == ()


def test_each_card_of_an_already_played_set_gets_its_suit() -> None:
    """Two cards per tap: the play joins the table once both have their suit."""
    model = _suited_table().set_count(2).tap_rank("9").tap_suit(Suit.SPADES)
    assert model.history == () and model.table_cards == ("9♠", "9")
    model = model.tap_suit(Suit.CLUBS)
    assert model.history == acts("Paul: 9♠ 9♣")


def test_a_suit_the_rules_refuse_is_taken_back_to_pick_again() -> None:
    """On K♥ (follow suit), an ace of spades is refused and said; the ace waits for another
    suit, and with hearts it goes on the table."""
    model = _suited_table().tap_rank("K").tap_suit(Suit.HEARTS)
    refused = model.tap_rank("A").tap_suit(Suit.SPADES)
    assert refused.history == acts("Paul: K♥") and refused.table_cards == ("A",)
    assert refused.notice is not None and "couleur" in refused.notice.text("fr")
    added = refused.tap_suit(Suit.HEARTS)
    assert added.history == acts("Paul: K♥", "Nina: A♥") and added.notice is None


def test_jokers_and_passes_need_no_suit() -> None:
    """Under a suit rule a joker goes on the table at once, with no suit to pick; a pass drops the
    card waiting for its suit, asks for none and goes on the table (the leader may not pass,
    so his adds nothing)."""
    model = _suited_table().tap_rank("JK")
    assert model.history == acts("Paul: JK") and model.table_cards == ()
    model = _suited_table().tap_rank("K").quick_pass()
    assert model.table_cards == () and model.history == ()  # the leader cannot pass
    passed = _suited_table().tap_rank("JK").tap_rank("K").quick_pass()
    assert passed.table_cards == () and passed.history == acts("Paul: JK", "Nina: pass")


def test_without_suit_rules_a_tap_still_adds_at_once() -> None:
    """Without a suit rule a rank tap puts the play on the table at once, with no card left waiting
    for a suit."""
    model = DisputeModel().with_mode("table").tap_rank("K")
    assert model.history == acts("Paul: K") and model.table_cards == ()


def test_no_suitless_card_reaches_the_table_where_suits_matter() -> None:
    """A play judged without suits, or a possible play from a hand given without suits, is
    not put on the table: the notice asks for the suits."""
    model = DisputeModel().with_option("suits", "follow_suit").tap_rank("K").judge()
    assert model.ruling is not None and model.ruling.legal
    accepted = model.accept()
    assert accepted.history == () and accepted.notice is not None
    assert accepted.notice.key == "picker.suit_needed"
    added = DisputeModel().with_option("suits", "follow_suit").tap_rank("K").add_to_table()
    assert added.history == () and added.notice is not None
    assert added.notice.key == "picker.suit_needed"
    suited = DisputeModel().with_option("suits", "follow_suit").tap_rank("K")
    assert suited.tap_suit(Suit.HEARTS).add_to_table().history == acts("Paul: K♥")


def test_a_joker_can_be_named_where_jokers_are_wild() -> None:
    """Under `daifugo` (jokers wild) the last joker tapped can be played as a rank: « 8 »
    makes it JK=8, « 8 » again a plain joker; it reads « Joker en 8 ». Where jokers are not
    wild (classique) the picker offers no names."""
    model = DisputeModel(preset="daifugo").tap_rank("JK")
    assert model.naming_joker() and "8" in model.picker().joker_names
    named = model.name_joker("8")
    assert named.tray == ("JK=8",) and named.play_text() == "JK=8"
    assert card_face("JK=8", "fr") == ("Joker en 8", False)
    assert named.name_joker("8").tray == ("JK",)
    assert not model.tap_rank("5").naming_joker()  # the last card is no joker
    classique = DisputeModel().tap_rank("JK")
    assert classique.picker().joker_names == () and not classique.naming_joker()
    assert classique.name_joker("8").tray == ("JK",)
