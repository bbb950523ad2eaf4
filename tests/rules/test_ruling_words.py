"""Rulings name cards as people read them, in the viewer's language: the faces of that
language's cards (V/D/R/A in French, J/Q/K/A in English, B/D/K/A in German, the suit symbol
after the rank), jokers in words ("joker rouge", "black joker", "roter Joker"), "passe" /
"pass"; never the notation the command line types (``K♥``, ``JK``, ``JKR``).

Every rule code's sentence is rendered over plays of face cards and jokers, and seeded random
hands under every preset are judged at many states (legal plays, random groups of the
player's cards, a player out of turn), in every language; a German reason holds no French or
English word."""

from __future__ import annotations

import random
import re

import pytest

from companion.rules import explanations
from companion.rules.card_words import card_words, play_words, rank_name
from companion.rules.cards import Card, Play, Rank
from companion.rules.codes import RuleCode
from companion.rules.notation import Action
from companion.rules.presets import PRESETS, get_preset
from companion.rules.referee import Ruling, apply, judge, legal_plays
from companion.rules.simulate import simulate
from companion.rules.state import HandState, StepInfo
from companion.words import LANGS

NAMES = ("Léa", "Tom", "Zoé", "Max", "Nina", "Hugo", "Inès", "Yann", "Emma", "Paul")
SUIT = "[♠♥♦♣]?"
# What the notation writes and the viewer's cards do not: the other language's face cards,
# the jokers' codes, the other language's pass, the effect verbs of the notation.
CODE_TOKENS = {
    "fr": re.compile(rf"^(?:(?:J|Q|K|T|JK|JKR|JKB){SUIT}|pass|give|discard|to)$"),
    "en": re.compile(rf"^(?:(?:V|D|R|T|JK|JKR|JKB){SUIT}|passe)$"),
    "de": re.compile(rf"^(?:(?:J|Q|V|R|T|JK|JKR|JKB){SUIT}|pass|give|discard|to)$"),
}
# Words of French or English that German never writes (a German reason holds none of them).
FOREIGN_IN_GERMAN = re.compile(
    r"\b(?:joueur|tournée|donne|carte|cartes|ne|pas|le|la|les|de|du|et|à|bat|joker|"
    r"player|trick|hand|card|cards|the|of|and|to|with|beats|leads|passes|pass|jack|king)\b"
)
TOKEN = re.compile(r"[^\s,;.()«»'’—:=]+")


def codes_left(text: str, lang: str) -> list[str]:
    return [tok for tok in TOKEN.findall(text) if CODE_TOKENS[lang].match(tok)]


def assert_in_words(ruling: Ruling, where: str) -> None:
    for lang in LANGS:
        text = ruling.message(lang)
        left = codes_left(text, lang)
        assert not left, f"{where} [{lang}] codes {left}: {text}"
    reason = ruling.parts("de").reason  # the source names a preset, a proper name
    assert not FOREIGN_IN_GERMAN.findall(reason), f"{where} [de]: {reason}"


def test_the_detector_sees_codes() -> None:
    """The check would fail on the notation (it is not blind)."""
    assert codes_left("Tom : K♥ K ne bat pas JKR.", "fr") == ["K♥", "K", "JKR"]
    assert codes_left("Tom: R♥ R does not beat JK; Léa passe.", "en") == ["R♥", "R", "JK", "passe"]
    assert codes_left("Tom : R♥ R ne bat pas le joker rouge ; un as, D4.", "fr") == []


def test_faces_in_each_language() -> None:
    """French cards read V/D/R/A, English ones J/Q/K/A; jokers and pass in words."""
    play = Play.parse("J♥ Q K♠ A 10♦")
    assert play_words(play, "fr") == "V♥ D R♠ A 10♦"
    assert play_words(play, "en") == "J♥ Q K♠ A 10♦"
    assert card_words(Card.parse("JKR"), "fr") == "joker rouge"
    assert card_words(Card.parse("JKB"), "en") == "black joker"
    assert card_words(Card.parse("JKB"), "fr", joker_colours=False) == "joker"
    assert play_words(Play(), "fr") == "passe" and play_words(Play(), "en") == "pass"
    assert rank_name(Rank.QUEEN, "fr") == "une dame" and rank_name(Rank.ACE, "en") == "an ace"


def test_a_refusal_names_the_cards_as_faces() -> None:
    """Classique: R R on the table, D D refused as too low, in each language's faces."""
    rules = get_preset("classique").rules
    state = apply(HandState.start(rules, ["Léa", "Tom", "Zoé"]), Action.parse("Léa: K♥ K♠"))
    ruling = judge(state, Action.parse("Tom: Q Q"))
    assert ruling.code == "too-low"
    assert "D D ne bat pas R♥ R♠" in ruling.message("fr")
    assert "Q Q does not beat K♥ K♠" in ruling.message("en")
    assert ruling.as_dict("fr")["to_beat"] == "K♥ K♠"  # the JSON keeps the notation


def _states_with_faces() -> list[tuple[HandState, Action]]:
    """States whose top play and judged play hold face cards and jokers."""
    rules = get_preset("pagat").rules.with_options(jokers=2, joker_order="coloured_high")
    start = HandState.start(rules, ["Léa", "Tom", "Zoé", "Max"])
    return [
        (apply(start, Action.parse("Léa: K♥ K♠")), Action.parse("Tom: J♦ Q")),
        (apply(start, Action.parse("Léa: JKR")), Action.parse("Tom: JKB")),
        (apply(start, Action.parse("Léa: A")), Action.parse("Tom: K K K K K")),
    ]


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("code", [c for c in RuleCode if c is not RuleCode.OK])
def test_every_code_sentence_names_cards_in_words(code: RuleCode, lang: str) -> None:
    """Each refusal's sentence, rendered over face cards and jokers on both sides; in German
    with no French or English word."""
    for state, action in _states_with_faces():
        text = explanations.explain(state, action, code, StepInfo(), None, lang)
        assert not codes_left(text, lang), f"{code} [{lang}]: {text}"
        if lang == "de":
            assert not FOREIGN_IN_GERMAN.findall(text), f"{code}: {text}"


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_the_rule_of_four_names_the_rank_in_words(lang: str) -> None:
    """B10 rule of four: "il faut poser un roi" / "play a king", not the rank's symbol."""
    rules = get_preset("classique").rules.with_options(equal_play="allowed", rule_of_four="follow")
    state = HandState.start(rules, ["Léa", "Tom", "Zoé"])
    state = apply(state, Action.parse("Léa: K"))
    state = apply(state, Action.parse("Tom: K"))
    assert state.trick.run_rank is Rank.KING
    ruling = judge(state, Action.parse("Zoé: A"))
    assert ruling.code == "rule-of-four"
    text = ruling.message(lang)
    assert ("poser un roi" if lang == "fr" else "play a king") in text, text


@pytest.mark.parametrize("pid", sorted(PRESETS))
def test_random_hands_are_ruled_in_words(pid: str) -> None:
    """Seeded random hands under each preset: every ruling at sampled states (each legal
    action, random groups of the player's cards, a player out of turn), in every language;
    the German reason holds no French or English word."""
    preset = PRESETS[pid]
    rng = random.Random(f"words-{pid}")
    seen: set[str] = set()
    for n in sorted({preset.players[0], preset.players[1]}):
        players = NAMES[:n]
        hand = simulate(preset.rules, players, rng, pid)
        state = hand.start
        for i, action in enumerate(hand.actions):
            if i % 4 == 0:
                who = state.next_player
                assert who is not None
                held = state.hands[state.index(who)] or ()
                tried = list(legal_plays(state))[:6]
                tried += [
                    Action(who, Play(tuple(rng.sample(held, rng.randint(1, min(3, len(held)))))))
                    for _ in range(3)
                    if held
                ]
                other = rng.choice([p for p in players if p != who])
                tried.append(Action(other, Play(held[:1])))
                for judged in tried:
                    try:
                        ruling = judge(state, judged)
                    except ValueError:  # a question (which joker, which suit): not a ruling
                        continue
                    seen.add(ruling.code)
                    assert_in_words(ruling, f"{pid} {n} players, {judged}")
            state = apply(state, action)
    assert "ok" in seen and len(seen) >= 2


def test_a_card_given_or_discarded_reads_in_words() -> None:
    """B13: "Léa donne R♥ à Tom" / "Léa gives K♥ to Tom", not the notation "Léa: give K♥"."""
    give = Action.parse("Léa: give K♥ to Tom")
    assert explanations.effect_words(give, "fr") == "Léa donne R♥ à Tom"
    assert explanations.effect_words(give, "en") == "Léa gives K♥ to Tom"
    discard = Action.parse("Léa: discard Q")
    assert explanations.effect_words(discard, "fr") == "Léa défausse D"
    assert explanations.effect_words(discard, "en") == "Léa discards Q"


def test_jokers_alone_take_their_article() -> None:
    """A joker in a sentence is a noun with its article ("le joker", "the black joker",
    "les deux jokers"); plays of cards keep their faces, and a joker among cards too."""
    from companion.rules.card_words import play_phrase

    assert play_phrase(Play.parse("JKR"), "fr") == "le joker rouge"
    assert play_phrase(Play.parse("JKB"), "en") == "the black joker"
    assert play_phrase(Play.parse("JKR"), "fr", joker_colours=False) == "le joker"
    assert play_phrase(Play.parse("JKR JKB"), "fr") == "les deux jokers"
    assert play_phrase(Play.parse("JKR JKB"), "en") == "the two jokers"
    assert play_phrase(Play.parse("JK JK JK"), "en") == "the 3 jokers"
    assert play_phrase(Play.parse("K♥ K"), "fr") == "R♥ R"
    assert play_phrase(Play.parse("7 7 JK"), "en") == "7 7 joker"
    assert play_phrase(Play(), "fr") == "passe"


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_a_joker_on_the_table_is_named_with_its_article(lang: str) -> None:
    """B5 beat_all_but_quad: a joker played on a quad is beaten only by a quad; the refusal
    says "Le joker ne se bat…" / "The joker is beaten…", and the next player must beat
    "le joker"."""
    rules = get_preset("pagat").rules.with_options(jokers=2, joker_power="beat_all_but_quad")
    state = HandState.start(rules, ["Léa", "Tom", "Zoé", "Max"])
    state = apply(apply(state, Action.parse("Léa: A A A A")), Action.parse("Tom: JK"))
    ruling = judge(state, Action.parse("Zoé: 2 2 2"))
    assert ruling.code == "joker-unbeatable", ruling.code
    text = ruling.message(lang)
    assert ("le joker ne se bat que" if lang == "fr" else "the joker is beaten only") in text
    ok = judge(state, Action.parse("Zoé: pass"))
    assert ("de battre le joker" if lang == "fr" else "to beat the joker") in ok.message(lang)


def test_french_contracts_de_le_into_du() -> None:
    """ "au-dessus de le joker" reads "au-dessus du joker"; English is left as it is."""
    from companion.rules.card_words import contracted

    assert contracted("5 passe au-dessus de le joker", "fr") == "5 passe au-dessus du joker"
    assert contracted("à le joker, de les deux jokers", "fr") == "au joker, des deux jokers"
    assert contracted("À le joker de jouer", "fr") == "Au joker de jouer"
    assert contracted("la dette de Lenny", "fr") == "la dette de Lenny"
    assert contracted("ranks above de le joker", "en") == "ranks above de le joker"


def test_a_number_rank_in_a_sentence_takes_its_article() -> None:
    """ "il faut poser un 7" / "play a 7": the ranks without a name take the article too."""
    assert rank_name(Rank.SEVEN, "fr") == "un 7"
    assert rank_name(Rank.SEVEN, "en") == "a 7"
    assert rank_name(Rank.TEN, "en") == "a 10"


def test_the_joker_rank_reads_joker_in_both_languages() -> None:
    """The joker's face is the word "joker", in French as in English."""
    from companion.rules.card_words import rank_face

    assert rank_face(Rank.JOKER, "fr") == "joker"
    assert rank_face(Rank.JOKER, "en") == "joker"
    assert rank_face(Rank.KING, "fr") == "R" and rank_face(Rank.KING, "en") == "K"


def test_jokers_are_named_apart_only_where_the_rules_tell_them_apart() -> None:
    """With ``joker_colours=False`` every joker of a play reads "joker", jokers alone or
    among cards; with it, each reads its colour."""
    from companion.rules.card_words import play_phrase

    both = Play.parse("JKR JKB")
    assert play_words(both, "fr", joker_colours=False) == "joker joker"
    assert play_words(both, "fr") == "joker rouge joker noir"
    mixed = Play.parse("7 7 JKR")
    assert play_phrase(mixed, "en", joker_colours=False) == "7 7 joker"
    assert play_phrase(mixed, "en") == "7 7 red joker"


def test_a_play_named_in_the_plural_takes_a_plural_verb() -> None:
    """Two jokers on a pair are "les deux jokers" / "the two jokers", so their verb agrees:
    "battent" / "beat"; a pair of cards reads as one play and keeps "bat" / "beats"."""
    rules = get_preset("pagat").rules.with_options(jokers=2, joker_order="equal")
    state = apply(HandState.start(rules, ["Léa", "Tom", "Zoé", "Max"]), Action.parse("Léa: 5 5"))
    jokers = judge(state, Action.parse("Tom: JK JK"))
    assert jokers.legal, jokers.code
    assert "Les deux jokers battent 5 5" in jokers.message("fr")
    assert "The two jokers beat 5 5" in jokers.message("en")
    kings = judge(state, Action.parse("Tom: K K"))
    assert "R R bat 5 5" in kings.message("fr")
    assert "K K beats 5 5" in kings.message("en")


def test_german_cards_read_as_german_faces() -> None:
    """German cards read B/D/K/A (Bube, Dame, König, Ass), jokers "roter Joker" /
    "schwarzer Joker", and a rank in a sentence takes its article: "einen König", "eine 7"."""
    play = Play.parse("J♥ Q K♠ A 10♦")
    assert play_words(play, "de") == "B♥ D K♠ A 10♦"
    assert card_words(Card.parse("JKR"), "de") == "roter Joker"
    assert card_words(Card.parse("JKB"), "de", joker_colours=False) == "Joker"
    assert rank_name(Rank.KING, "de") == "einen König"
    assert rank_name(Rank.SEVEN, "de") == "eine 7"


def test_a_german_joker_takes_the_case_its_sentence_asks() -> None:
    """German declines a joker with its article: the subject "der rote Joker", the object
    "den roten Joker", after "mit" "dem roten Joker"; French and English have one form."""
    from companion.rules.card_words import play_phrase

    red = Play.parse("JKR")
    assert play_phrase(red, "de") == "der rote Joker"
    assert play_phrase(red, "de", case="acc") == "den roten Joker"
    assert play_phrase(red, "de", case="dat") == "dem roten Joker"
    assert play_phrase(Play.parse("JK JK"), "de", case="dat") == "den beiden Jokern"
    assert play_phrase(red, "fr", case="dat") == "le joker rouge"


def test_a_german_refusal_is_said_in_german() -> None:
    """Classique: R R on the table, D D refused as too low: the German ruling names the cards
    as German faces and says why in German, with no French word."""
    rules = get_preset("classique").rules
    state = apply(HandState.start(rules, ["Léa", "Tom", "Zoé"]), Action.parse("Léa: K♥ K♠"))
    ruling = judge(state, Action.parse("Tom: Q Q"))
    reason = ruling.parts("de").reason
    assert reason == "D D schlägt K♥ K♠ nicht: Es muss höher sein."
    assert not FOREIGN_IN_GERMAN.findall(reason)
    assert ruling.as_dict("de")["reason"] == reason  # the JSON's keys, in German


def test_a_german_joker_on_the_table_is_declined() -> None:
    """B5 beat_all_but_quad in German: "Der Joker wird nur … geschlagen" (the subject, at the
    start of the sentence), and the next player "muss den Joker schlagen" (the object)."""
    rules = get_preset("pagat").rules.with_options(jokers=2, joker_power="beat_all_but_quad")
    state = HandState.start(rules, ["Léa", "Tom", "Zoé", "Max"])
    state = apply(apply(state, Action.parse("Léa: A A A A")), Action.parse("Tom: JK"))
    refused = judge(state, Action.parse("Zoé: 2 2 2")).parts("de").reason
    assert refused.startswith("Der Joker wird nur von einem höheren Joker oder von einem Vierling")
    passed = judge(state, Action.parse("Zoé: pass")).parts("de").reason
    assert passed == "Zoé passt; Max muss den Joker schlagen."


def test_german_contracts_von_dem_into_vom() -> None:
    """German contracts "von dem Joker" into "vom Joker", as the catalogue's pairs say."""
    from companion.rules.card_words import contracted

    assert contracted("5 liegt über von dem Joker", "de") == "5 liegt über vom Joker"
    assert contracted("Von dem Joker", "de") == "Vom Joker"
    assert contracted("von den Jokern", "de") == "von den Jokern"
