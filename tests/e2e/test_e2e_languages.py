"""The three languages, chosen as a person does (Settings › language), on every main screen
in Chromium: each screen shows words of its language and no word of the other two.

A word list per language holds words that belong to that language only (a word two of the
languages share, "Plan", "Variante", "Points", is in no list). A screen's text is what
Flutter's semantics tree gives a screen reader (text, labels, fields), gathered while the
screen is scrolled to its end. Proper names are not words of a language: the evenings'
titles and the variant "Trou-du-cul classique" are taken out first (the players' names are
in no list).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from datetime import date, timedelta
from pathlib import Path
from typing import Any

import pytest

from companion.words import LANGS, t
from tests.support.browser import (
    PHONE,
    PHONE_WAIT,
    Server,
    ask,
    by_id,
    expect_text,
    open_app,
    reach,
    running_server,
    settle,
    tap,
    tap_found,
)

# Each test walks four to seven screens top to bottom, with a screenshot of every stretch:
# about 30 s on a quiet machine, and past pytest's 300 s once beside two CPU-bound loops
# (issue 21's proof, records in English). A hang guard, not a speed check.
pytestmark = [pytest.mark.e2e, pytest.mark.timeout(600)]

SHOTS = Path(__file__).parents[2] / "build" / "e2e" / "languages"  # to look at
PLAYERS = ["Léa", "Tom", "Sam", "Zoé"]
# Names, not words: the same in every language.
PROPER_NAMES = re.compile(r"Trou-du-cul classique|Chez Léa|Chez Tom")

# Words that belong to one language only (case counts: German nouns are capitalised).
ONLY = {
    "fr": [
        "Nouvelle soirée",
        "Réglages",
        "Historique",
        "Litige",
        "soirée",
        "soirées",
        "Soirée",
        "donne",
        "donnes",
        "Donne",
        "joueur",
        "joueurs",
        "Joueurs",
        "Retour",
        "Règles",
        "Classement",
        "Annuler",
        "cartes",
        "Langue",
        "de",
        "la",
        "les",
        "du",
        "et",
        "à",
        "pour",
        "sans",
        "Président",
        "Secrétaire",
        "Larbin",
        "Trou-du-cul",
        "Trou du cul",
    ],
    "en": [
        "New evening",
        "Settings",
        "History",
        "Dispute",
        "evening",
        "evenings",
        "Evening",
        "Evenings",
        "hand",
        "hands",
        "Hands",
        "player",
        "players",
        "Players",
        "Back",
        "Rules",
        "Leaderboard",
        "Undo",
        "cards",
        "Language",
        "the",
        "of",
        "and",
        "to",
        "with",
        "President",
        "Scum",
        "1st",
        "2nd",
        "3rd",
        "4th",
    ],
    "de": [
        "Neuer Spieleabend",
        "Einstellungen",
        "Verlauf",
        "Streitfall",
        "Spieleabend",
        "Spieleabende",
        "Runde",
        "Runden",
        "Spieler",
        "Zurück",
        "Regeln",
        "Rangliste",
        "Rückgängig",
        "Karten",
        "Sprache",
        "der",
        "die",
        "das",
        "und",
        "mit",
        "nicht",
        "Präsident",
        "Arschloch",
    ],
}


def _foreign(lang: str) -> re.Pattern[str]:
    """Any word of the other languages' lists, as a whole word (not inside "Trou-du-cul"
    nor "d'après")."""
    words = sorted({w for other in LANGS if other != lang for w in ONLY[other]}, key=len)
    alternatives = "|".join(re.escape(w) for w in reversed(words))
    return re.compile(rf"(?<![\w'’-])(?:{alternatives})(?![\w'’-])")


# What a screen reader is given: text, labels, and the fields' values and hints.
_SHOWN_JS = """() => {
  const host = document.querySelector('flt-semantics-host');
  if (!host) return '';
  const parts = [host.innerText];
  for (const el of host.querySelectorAll('[aria-label]')) parts.push(el.getAttribute('aria-label'));
  for (const el of host.querySelectorAll('input, textarea')) parts.push(el.value, el.placeholder);
  return parts.filter(Boolean).join('\\n');
}"""


# The screen but its right edge, where the scrollbar fades in and out.
_CONTENT = {"x": 0, "y": 0, "width": PHONE["width"] - 32, "height": PHONE["height"]}


def _screen_text(page: Any, shot: str, expected: str, wait_ms: int = PHONE_WAIT) -> str:
    """Every line the screen shows once ``expected`` is on it (or ``wait_ms`` has passed: a
    screen in the wrong language never shows it), scrolled from its top to its end (Flutter
    labels only what is near the screen), with a screenshot of each stretch."""
    settle(page)
    for _ in range(wait_ms // 250):  # a screen loads its data after it appears
        if expected in ask(page, _SHOWN_JS):
            break
        page.wait_for_timeout(250)
    page.wait_for_timeout(500)  # the new screen slides in over the old one
    settle(page)
    page.mouse.move(PHONE["width"] / 2, PHONE["height"] / 2)
    lines: list[str] = []
    previous = b""
    for stretch in range(10):
        still = page.screenshot(clip=_CONTENT)
        if still == previous:  # the wheel moved nothing: the end of the screen
            break
        previous = still
        SHOTS.mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(SHOTS / f"{shot}-{stretch}.png"))
        text = ask(page, _SHOWN_JS)
        lines += [line for line in text.splitlines() if line not in lines]
        page.mouse.wheel(0, PHONE["height"] - 200)
        settle(page)
    for _ in range(4):  # back to the top, where the next tap is aimed
        page.mouse.wheel(0, -4 * PHONE["height"])
    settle(page)
    return "\n".join(lines)


def _choose_language(page: Any, lang: str) -> None:
    """Settings › the language's button, as a person does; Settings then speaks it."""
    tap(page, "home-settings")
    tap(page, f"lang-{lang}")
    expect_text(page, "screen-settings", t(lang, "settings.title"))
    tap(page, "back")
    by_id(page, "screen-home").wait_for(state="attached")


def _table_screens(page: Any) -> Iterator[tuple[str, str, str]]:
    """Settings, home, a new evening, tonight's evening (its plan with its details, the
    entry of a hand, the score sheet) and its hands: (screen, a message it must show, its
    screenshots' name), each yielded while it is on screen."""
    tap(page, "home-settings")
    yield "settings", "settings.language", "settings"
    tap(page, "back")
    yield "home", "home.history", "home"
    tap(page, "home-new")
    yield "new evening", "new.create", "new-evening"
    tap(page, "back")
    tap(page, "home-continue")
    tap(page, "evening-tab-plan")
    reach(page, "plan-details")  # the plan in full sentences too
    yield "evening: plan", "evening.exchanges", "evening-plan"
    tap(page, "evening-tab-entry")
    yield "evening: entry", "evening.record", "evening-entry"
    tap(page, "evening-tab-scores")
    yield "evening: score sheet", "sheet.title", "score-sheet"
    reach(page, "evening-hands")
    yield "hands and players", "hands.tap_to_correct", "hands"


def _record_screens(page: Any) -> Iterator[tuple[str, str, str]]:
    """History, last week's evening in it, the leaderboard, and the dispute."""
    tap(page, "home-history")
    yield "history", "history.tab.evenings", "history"
    row = page.locator('[flt-semantics-identifier^="evening-"]').filter(has_text="Chez Tom")
    row.wait_for(state="attached")
    tap_found(page, row)
    yield "history: an evening", "history.hands", "history-evening"
    tap(page, "back")
    tap(page, "tab-leaderboard")
    yield "leaderboard", "board.h2h", "leaderboard"
    tap(page, "back")
    tap(page, "home-dispute")
    yield "dispute", "dispute.judge", "dispute"


GROUPS: dict[str, Callable[[Any], Iterator[tuple[str, str, str]]]] = {
    "table": _table_screens,
    "records": _record_screens,
}


@pytest.fixture(scope="module")
def evenings(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    """Its own data folder (the language is the table's, kept on the server): last week's
    evening under pagat's rules, ended, and tonight's under the classic rules, two hands in."""
    from companion.table.service import TableService

    folder = tmp_path_factory.mktemp("languages")
    service = TableService(folder)
    ev = service.create_evening(
        PLAYERS, "pagat", title="Chez Tom", day=date.today() - timedelta(days=7)
    )
    for order in (["Tom", "Léa", "Sam", "Zoé"], ["Tom", "Sam", "Léa", "Zoé"]):
        ev = service.record_hand(ev.id, order, expected_version=ev.version)
    service.close(ev.id, expected_version=ev.version)
    ev = service.create_evening(PLAYERS, "classique", title="Chez Léa")
    for order in (["Léa", "Tom", "Sam", "Zoé"], ["Tom", "Léa", "Zoé", "Sam"]):
        ev = service.record_hand(ev.id, order, expected_version=ev.version)
    with running_server(data_dir=folder) as srv:
        yield srv


@pytest.mark.parametrize("group", list(GROUPS))
@pytest.mark.parametrize("lang", LANGS)
def test_each_screen_speaks_the_chosen_language_only(
    evenings: Server, context: Any, lang: str, group: str
) -> None:
    """Rule: once a language is chosen in Settings, every main screen shows its words (a
    message of its catalogue) and no word that belongs only to another language."""
    page = open_app(context, evenings.url)
    _choose_language(page, lang)
    foreign = _foreign(lang)
    missing: list[tuple[str, str]] = []
    found: dict[str, dict[str, str]] = {}
    for screen, key, shot in GROUPS[group](page):
        text = _screen_text(page, f"{lang}-{shot}", t(lang, key))
        if t(lang, key) not in text:
            missing.append((screen, t(lang, key)))
        lines = PROPER_NAMES.sub("", text).splitlines()
        words = {w: line[:120] for line in lines for w in foreign.findall(line)}
        if words:
            found[screen] = words
    assert missing == []
    assert found == {}, f"words of another language on the {lang} screens:\n" + "\n".join(
        f"{screen}: {word!r} in {line!r}"
        for screen, words in found.items()
        for word, line in words.items()
    )
