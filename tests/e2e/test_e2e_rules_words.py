"""The rules in words, in a browser: the new-evening screen says what each variant is in one
sentence (players, points), shows what the table changed at the top, and lists the options
grouped, with labels and values in the app's language; option IDs and code names only in a
details line. The dispute's rulings name their source in words, codes in a details line."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from companion.ui.settings import SettingsStore, UiSettings
from tests.support.browser import (
    Server,
    by_id,
    expect_text,
    open_app,
    reach,
    running_server,
    tap,
    text_of,
)

pytestmark = pytest.mark.e2e


@pytest.fixture(scope="module")
def english(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    """A table whose language is English (its own folder: the setting is the table's)."""
    folder: Path = tmp_path_factory.mktemp("english-data")
    SettingsStore(folder).save(UiSettings().with_lang("en"))
    with running_server(data_dir=folder) as srv:
        yield srv


def test_the_new_evening_tells_the_rules_in_french_words(server: Server, context) -> None:
    """The variant in one sentence (players, points), its changes at the top, the options
    grouped and in words; a value tapped shows in the summary, the code only in details."""
    page = open_app(context, server.url)
    tap(page, "home-new")
    expect_text(
        page,
        "new-source",
        "Trou-du-cul classique : d'après « Trou-du-cul classique », de 3 à 6 joueurs, "
        "sans points (seules les places comptent).",
    )
    expect_text(page, "new-changes", "Les règles de la variante, sans changement.")
    tap(page, "new-preset")
    tap(page, "new-preset-pagat")  # a variant that keeps points says how
    expect_text(page, "new-source", "de 4 à 7 joueurs, points : 2 au premier, 1 au deuxième")
    expect_text(page, "new-source", "le premier à 11 points gagne")

    tap(page, "new-options")
    expect_text(page, "group-deck", "Cartes et paquet")
    expect_text(page, "option-rank_order", "Ordre des cartes : 3 … as, 2 (le 2 est la plus forte)")
    assert "rank_order" not in text_of(page, "option-rank_order")
    reach(page, "option-equal_play")
    expect_text(page, "option-equal_play", "Si l'on peut couvrir avec la même valeur.")
    expect_text(page, "option-details", "Détails : B2 · equal_play = forbidden")
    reach(page, "choice-allowed")
    expect_text(page, "option-equal_play", "Cartes égales : autorisé")
    expect_text(page, "option-details", "equal_play = allowed")
    expect_text(page, "group-points", "Points")
    expect_text(page, "new-changes", "Cartes égales : autorisé (au lieu de : interdit)")
    expect_text(page, "new-options", "1 changée")


def test_the_same_screens_in_english_have_no_french_codes(english: Server, context) -> None:
    """In English the variant's sentence, the options and a ruling's source are English
    words too."""
    page = open_app(context, english.url)
    tap(page, "home-new")
    expect_text(
        page,
        "new-source",
        "Trou-du-cul classique: from 'Trou-du-cul classique', 3 to 6 players, no points",
    )
    tap(page, "new-options")
    expect_text(page, "group-beats", "What beats what")
    expect_text(page, "option-pass_is_final", "A pass is final: yes")

    page.go_back()
    tap(page, "home-dispute")
    tap(page, "rank-K")
    tap(page, "add")
    expect_text(page, "table-0", "Paul: K")
    tap(page, "rank-A")
    tap(page, "judge")
    expect_text(page, "ruling-verdict", "Legal play")
    expect_text(page, "ruling-why", "Why: A ranks above K under 'Card order: 2, 3 … ace")
    expect_text(page, "ruling-rule", "Rule: Trou-du-cul classique — Card order: 2, 3 … ace")
    expect_text(page, "ruling-details", "Details: D4 · rank_order = ace_high · ok")


def test_a_ruling_says_why_in_words_and_keeps_codes_for_details(server: Server, context) -> None:
    """An illegal play: the referee's reason, its source as the variant and the option in
    words; the rule ID, option name and ruling code only in the details line."""
    page = open_app(context, server.url)
    tap(page, "home-dispute")
    by_id(page, "screen-dispute").wait_for(state="attached")
    expect_text(page, "preset-source", "de 3 à 6 joueurs, sans points")
    tap(page, "rank-K")
    tap(page, "add")
    tap(page, "rank-5")
    tap(page, "judge")
    expect_text(page, "ruling-verdict", "Coup interdit")
    expect_text(page, "ruling-message", "5 ne bat pas R")
    expect_text(
        page,
        "ruling-rule",
        "Règle : Trou-du-cul classique — Ordre des cartes : 2, 3 … as (l'as est la plus forte)",
    )
    assert "rank_order" not in text_of(page, "ruling-rule")
    expect_text(page, "ruling-details", "Détails : D4 · rank_order = ace_high · too-low")
    tap(page, "ruling-close")
    tap(page, "clear-tray")
    tap(page, "rank-A")  # a legal play says why too
    tap(page, "judge")
    expect_text(page, "ruling-verdict", "Coup valable")
    expect_text(page, "ruling-why", "Pourquoi : A passe au-dessus de R selon « Ordre des cartes")
