"""Every option a table can change reaches the screens in words, in every language the app
speaks (the catalogue domain ``options``)."""

from __future__ import annotations

import re
import typing
from typing import Any, Literal

import pytest

from companion.rules.presets import PRESETS
from companion.rules.ruleset import RuleSet
from companion.table.table_presets import table_rules_from
from companion.table.table_rules import TableRules
from companion.ui import option_words
from companion.ui.dispute_model import DisputeModel
from companion.ui.new_evening_model import NewEveningModel, show_value
from companion.ui.screens.option_parts import Row, row_label
from companion.words import LANGS, t

OPTIONS = {**RuleSet.model_fields, **TableRules.model_fields}


def _spellings(name: str, annotation: Any) -> list[str]:
    """Every value an option can take, as ``--set`` spells it (a sample for numbers)."""
    origin, args = typing.get_origin(annotation), typing.get_args(annotation)
    if annotation is bool:
        return ["true", "false"]
    if origin is Literal:
        return [show_value(a) for a in args]
    if origin is frozenset:
        return [*(show_value(a) for a in typing.get_args(args[0])), "none", "2,joker"]
    if origin is tuple and typing.get_origin(args[0]) is Literal:
        return [show_value(a) for a in typing.get_args(args[0])]
    if name == "jokers":
        return ["0", "1", "2"]
    if name == "exchange":
        return ["none", "1/1", "2/1", "2:3/1:2", "3/2/1"]
    if name == "exchange_by_players":
        return ["none", "3=1", "3=1; 4=2/1", "4=2:3/1:2; 6=3/2/1"]
    return ["none", "1", "2", "11"]  # numbers, or none


@pytest.mark.parametrize("name", sorted(OPTIONS))
def test_every_option_has_a_group_a_label_and_an_explanation_in_every_language(
    name: str,
) -> None:
    """An option without words would show its code name: it cannot ship."""
    assert name in option_words.OPTIONS, f"{name}: add it to option_words.GROUPS and options.po"
    assert option_words.group_of(name) in option_words.GROUPS
    for lang in LANGS:
        for text in (option_words.label(name, lang), option_words.explain(name, lang)):
            assert text.strip() and "_" not in text


@pytest.mark.parametrize("name", sorted(OPTIONS))
def test_every_value_of_every_option_reads_as_words(name: str) -> None:
    """Each value has words in every language: never the code (``ace_high``, ``true``)."""
    for text in _spellings(name, OPTIONS[name].annotation):
        assert option_words.known(name, text), (name, text)
        for lang in LANGS:
            shown = option_words.value(name, text, lang)
            assert shown.strip() and "_" not in shown, (name, text, lang, shown)
        if any(c.isalpha() for c in text):  # a code word: French words, not the code
            assert option_words.value(name, text, "fr") != text, (name, text)


def test_no_words_are_kept_for_an_option_that_is_gone() -> None:
    """The option words name exactly the options of the card and table rules: none is kept for an
    option that no longer exists."""
    assert set(option_words.OPTIONS) == set(OPTIONS)


def test_every_option_has_seeds_in_words_where_the_catalogue_names_them() -> None:
    """The seed an option comes from, named as a person would name the document."""
    line = next(x for x in NewEveningModel().option_lines() if x.name == "pass_is_final")
    assert (
        option_words.seeds(line.description, "fr")
        == "Pagat « Président » (Australie), « Trou-du-cul classique »"
    )
    assert "TDC" not in option_words.seeds(line.description, "en")


def test_exchanges_read_as_cards_for_cards() -> None:
    """Exchange counts read as cards for cards (« 2 cartes contre 2, puis 1 contre 1 », "2 cards for
    3, then 1 for 2"), and what the higher player gives reads in its order."""
    assert option_words.value("exchange", "2/1", "fr") == "2 cartes contre 2, puis 1 contre 1"
    assert option_words.value("exchange", "2:3/1:2", "en") == "2 cards for 3, then 1 for 2"
    assert option_words.value("exchange_high", "lowest,chosen", "en") == (
        "their lowest cards, then cards of their choice"
    )


@pytest.mark.parametrize("preset", sorted(PRESETS))
def test_each_preset_in_one_sentence_says_its_players_and_its_points(preset: str) -> None:
    """The sentence names the system, the player counts, and whether points are kept."""
    low, high = PRESETS[preset].players
    scoring = table_rules_from(preset, [])[1].scoring
    for lang in LANGS:
        text = option_words.preset_sentence(preset, lang)
        assert PRESETS[preset].name(lang) in text and str(low) in text and str(high) in text
        keeps = t(lang, "preset.no_points") not in text
        assert keeps is (scoring != "none"), text


def test_the_default_preset_says_it_keeps_no_points() -> None:
    """The default preset's sentence (Classique) names its source and player counts and says it
    keeps no points, only places; PAGAT's gives its points and its target."""
    assert option_words.preset_sentence("classique", "fr") == (
        "Trou-du-cul classique : d'après « Trou-du-cul classique », de 3 à 6 joueurs, "
        "sans points (seules les places comptent)."
    )
    assert option_words.preset_sentence("pagat", "en") == (
        "President (PAGAT basic game): from Pagat 'President', 4 to 7 players, points: "
        "2 to the first, 1 to the second, first to 11 points wins."
    )


def _shown(model: NewEveningModel, name: str, lang: str) -> str:
    """The option's row as the new-evening screen shows it, under the model's titles."""
    line = next(x for x in model.option_lines() if x.name == name)
    row = Row(line.name, line.value, line.description, line.choices)
    return row_label(row, lang, model.place_titles())


def test_the_dealer_and_the_seats_name_pagat_s_titles_under_pagat() -> None:
    """Rule: under PAGAT's titles the last place is « Trouduc » (Scum in English) and the
    second the Vice-Président, as the evening will call them."""
    pagat = NewEveningModel(preset="pagat")
    assert _shown(pagat, "dealer", "fr") == "Donneur : le dernier (Trouduc)"
    assert _shown(pagat, "dealer", "en") == "Dealer: the last one (Scum)"
    assert _shown(pagat, "seating", "en") == (
        "Seats: by rank, the Vice-President left of the President"
    )
    assert _shown(pagat, "seating", "fr") == (
        "Places : par rang, le Vice-Président à gauche du Président"
    )


def test_the_dealer_and_the_seats_name_tdc_s_titles_under_the_classique() -> None:
    """Rule: the Trou-du-cul classique has no Vice-Président: its second is the Secrétaire,
    its last the Trou-du-cul; no option of the preset names a Vice-Président, in any
    language."""
    classique = NewEveningModel(preset="classique")
    assert _shown(classique, "dealer", "fr") == "Donneur : le dernier (Trou-du-cul)"
    assert _shown(classique, "dealer", "en") == "Dealer: the last one (Scum)"
    assert _shown(classique, "seating", "en") == (
        "Seats: by rank, the Secretary left of the President"
    )
    for lang in LANGS:
        for line in classique.option_lines():
            words = _shown(classique, line.name, lang)
            assert not {"Vice-Président", "Vice-President", "Vizepräsident"} & set(
                words.replace(",", " ").replace("(", " ").replace(")", " ").split()
            ), words


def test_a_place_whose_title_changes_with_the_table_is_named_as_a_place() -> None:
    """Rule: under WIKI's titles the second place is « Neutre » at 3 players and
    « Vice-Président » from 4: the seats name « le deuxième », not a title."""
    wiki = NewEveningModel(preset="trou-du-cul")
    assert _shown(wiki, "seating", "fr") == "Places : par rang, le deuxième à gauche du Président"
    assert _shown(wiki, "dealer", "fr") == "Donneur : le dernier (Trou du cul)"


def test_the_words_follow_a_changed_titles_option() -> None:
    """Rule: changing the titles on the screen changes the titles the other options name."""
    model = NewEveningModel(preset="pagat").with_option("titles", "tdc")
    assert model.notice is None
    assert _shown(model, "dealer", "fr") == "Donneur : le dernier (Trou-du-cul)"


def test_the_dispute_screen_names_the_preset_s_last_place() -> None:
    """Rule: on the dispute screen, « who leads: the last one » names the preset's title."""
    for preset, title in (("pagat", "Trouduc"), ("classique", "Trou-du-cul")):
        model = DisputeModel(preset=preset).with_option("first_lead", "scum")
        words = option_words.value("first_lead", "scum", "fr", model.place_titles())
        assert words == f"le dernier ({title})"
        words = option_words.value("first_lead", "scum", "en", model.place_titles())
        assert words == "the last one (Scum)"


def test_without_an_evening_no_title_is_guessed() -> None:
    """Rule: with no evening to say the titles, the words name places, never « Scum »."""
    assert option_words.value("dealer", "scum", "en") == "the last player"
    assert option_words.value("first_lead", "scum", "fr") == "le dernier"
    assert "Vice-Président" not in option_words.value("seating", "by_rank", "fr")


# Words that give away French or English on a German screen (the names of the systems and of
# their documents are quoted or capitalised, and left out).
_NOT_GERMAN = frozenset(
    [
        "le",
        "la",
        "les",
        "du",
        "et",
        "ou",
        "au",
        "aux",
        "avec",
        "qui",
        "par",
        "une",
        "un",
        "est",
        "cartes",
        "carte",
        "joueur",
        "joueurs",
        "donne",
        "donnes",
        "aucun",
        "aucune",
        "the",
        "and",
        "of",
        "or",
        "cards",
        "card",
        "player",
        "players",
        "hand",
        "hands",
        "none",
        "yes",
        "no",
    ]
)


def _foreign_words(text: str) -> set[str]:
    unquoted = re.sub(r"„[^“]*“|«[^»]*»", "", text)
    return {w for w in re.findall(r"[^\W\d_]+", unquoted) if w.islower()} & _NOT_GERMAN


@pytest.mark.parametrize("name", sorted(OPTIONS))
def test_in_german_every_option_reads_in_german(name: str) -> None:
    """Rule: with the app in German, an option's label, explanation and every value show
    German words, and no French or English one."""
    texts = [option_words.label(name, "de"), option_words.explain(name, "de")]
    texts += [option_words.value(name, v, "de") for v in _spellings(name, OPTIONS[name].annotation)]
    for text in texts:
        assert not _foreign_words(text), (name, text)


def test_in_german_the_places_are_named_with_the_preset_s_titles_as_fields() -> None:
    """Rule: German words name a place and give the evening's title beside it, whatever
    the title's grammar (« der Letzte (Trouduc) »)."""
    pagat = NewEveningModel(preset="pagat")
    assert _shown(pagat, "dealer", "de") == "Geber: der Letzte (Arschloch)"
    assert _shown(pagat, "seating", "de") == (
        "Sitzplätze: nach Rang, der Zweite (Vizepräsident) links vom Ersten (Präsident)"
    )
    assert option_words.value("dealer", "scum", "de") == "der Letzte"
    assert option_words.value("seating", "by_rank", "de") == (
        "nach Rang, der Zweite links vom Ersten (Präsident)"
    )


def test_in_german_numbers_and_exchanges_take_german_plurals() -> None:
    """Rule: counts read in the German plural form for their number."""
    assert option_words.value("exchange", "2:3/1:2", "de") == "2 Karten gegen 3, dann 1 gegen 2"
    assert option_words.value("exchange", "1/1", "de") == "1 Karte gegen 1, dann 1 gegen 1"
    assert option_words.value("hands", "1", "de") == "1 Runde"
    assert option_words.value("target", "11", "de") == "11 Punkte"


def test_in_german_a_preset_is_one_german_sentence() -> None:
    """Rule: the preset's sentence is German, the system's name included."""
    assert option_words.preset_sentence("classique", "de") == (
        "Trou-du-cul classique: nach „Trou-du-cul classique“, 3 bis 6 Spieler, "
        "ohne Punkte (nur die Plätze zählen)."
    )
    assert option_words.preset_sentence("pagat", "de") == (
        "Präsident (PAGAT, Grundspiel): nach Pagat „Président“, 4 bis 7 Spieler, Punkte: "
        "2 für den Ersten, 1 für den Zweiten, wer zuerst 11 Punkte hat, gewinnt."
    )


def test_a_count_of_one_reads_in_the_singular() -> None:
    """Rule: « 1 donne », "1 hand": a number takes its language's plural form."""
    assert option_words.value("hands", "1", "fr") == "1 donne"
    assert option_words.value("max_set", "1", "en") == "at most 1 card"
    assert option_words.value("hands", "12", "fr") == "12 donnes"


def test_in_german_the_groups_and_the_seeds_read_in_german() -> None:
    """Rule: the group headings and the seeds' line are German; a seed's document keeps its
    own (French) title, quoted the German way."""
    assert [option_words.group_label(g, "de") for g in option_words.GROUPS] == [
        "Karten und Stapel",
        "Was sticht was",
        "Besondere Karten",
        "Daifugō-Hausregeln",
        "Kartentausch",
        "Ende der Runde",
        "Punkte",
        "Zwischen den Runden",
    ]
    line = next(x for x in NewEveningModel().option_lines() if x.name == "pass_is_final")
    assert option_words.seeds(line.description, "de") == (
        "Pagat „Président“ (Australien), „Trou-du-cul classique“"
    )


def test_a_number_typed_with_other_digits_shows_as_typed() -> None:
    """Rule: a target typed as « ² » or « ٣ » (digits int() may refuse or read otherwise) is
    not a number in words: the field shows it as typed, and nothing fails."""
    assert option_words.value("target", "²", "de") == "²"
    assert option_words.value("hands", "٣", "fr") == "٣"
    assert option_words.value("target", "21", "de") == "21 Punkte"
