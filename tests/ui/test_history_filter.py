"""companion.ui.history_filter: which past evenings the History list shows."""

from __future__ import annotations

import doctest
from datetime import date

from companion.ui import history_filter
from companion.ui.history_filter import EveningFilter, fold, years
from companion.ui.history_model import EveningRow


def _row(n: int, day: str, players: tuple[str, ...], **kw: object) -> EveningRow:
    """A row of History; ``day`` as ISO text ("" when unknown)."""
    fields: dict[str, object] = {
        "title": None,
        "hands": 3,
        "leader": None,
        "ended": True,
        "unreadable": False,
    }
    fields.update(kw)
    when = date.fromisoformat(day) if day else None
    return EveningRow(evening_id=f"e{n}", day=when, players=players, **fields)  # type: ignore[arg-type]


ROWS = [
    _row(1, "2025-03-01", ("Léa", "Tom", "Zoé"), place="Chez Zoé", preset="pagat"),
    _row(2, "2024-12-24", ("Léa", "Max", "Ana"), title="Noël", preset="classique"),
    _row(3, "2024-06-01", ("Tom", "Max", "Ana"), place="Au café"),
    _row(4, "", ("Sam", "Tom", "Léa")),
]


def test_every_word_must_be_found_whatever_its_case_and_accents() -> None:
    """A search of several words keeps the evenings where each of them is found, in the
    title, the place, the players, the rules' name or the date; "zoe" finds "Zoé"."""
    assert [r.evening_id for r in EveningFilter("zoe").rows(ROWS)] == ["e1"]
    assert [r.evening_id for r in EveningFilter("LEA max").rows(ROWS)] == ["e2"]
    assert [r.evening_id for r in EveningFilter("2024").rows(ROWS)] == ["e2", "e3"]
    assert [r.evening_id for r in EveningFilter("café tom").rows(ROWS)] == ["e3"]
    assert EveningFilter("léa bob").rows(ROWS) == []


def test_the_rules_are_searched_by_the_name_shown() -> None:
    """The rules are found by the name the viewer reads, not by the preset's id."""
    names = {"pagat": "Président (pagat)", "classique": "Trou du cul classique"}
    assert [r.evening_id for r in EveningFilter("classique").rows(ROWS, names)] == ["e2"]
    assert [r.evening_id for r in EveningFilter("président").rows(ROWS, names)] == ["e1"]


def test_the_date_is_searched_as_shown() -> None:
    """A date is found as the viewer reads it (« déc. », "Dec", »12.2024«) as well as ISO."""
    from companion.ui.when import day_words

    for lang, word in (("fr", "déc"), ("en", "dec"), ("de", "24.12.2024")):
        found = EveningFilter(word).rows(ROWS, said=lambda d, lang=lang: day_words(lang, d))
        assert [r.evening_id for r in found] == ["e2"], lang
    assert [r.evening_id for r in EveningFilter("2024-12").rows(ROWS)] == ["e2"]


def test_a_year_keeps_that_year_only_and_an_empty_search_keeps_all() -> None:
    """The year buttons keep one year's evenings (none of the undated); no word and no
    year: every evening, in its order."""
    assert [r.evening_id for r in EveningFilter(year="2024").rows(ROWS)] == ["e2", "e3"]
    assert [r.evening_id for r in EveningFilter("tom", "2024").rows(ROWS)] == ["e3"]
    assert EveningFilter("   ").rows(ROWS) == ROWS


def test_the_years_are_those_played_newest_first() -> None:
    """One button per year an evening was played; an undated evening adds none."""
    assert years(ROWS) == ["2025", "2024"]
    assert fold("ÉVÉNEMENT Ⅻ") == "evenement xii"


def test_the_docstring_examples_hold() -> None:
    """The examples in the module's docstring run as written."""
    assert doctest.testmod(history_filter).failed == 0
