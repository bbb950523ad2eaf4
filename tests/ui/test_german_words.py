"""The screens' own words in German (the ``ui`` catalogue, numbers and dates by Babel): a
German table reads German, with no French word and German numbers."""

from __future__ import annotations

from datetime import UTC, date, datetime
from pathlib import Path
from types import SimpleNamespace

from companion.table.places import AveragePlace
from companion.table.service import TableService
from companion.ui.dispute_model import DisputeModel
from companion.ui.dispute_views import EveningRules
from companion.ui.hands_model import hands_view
from companion.ui.history_model import EveningLabel, evening_detail
from companion.ui.screens.history_leaderboard import average_place_words, rating_words
from companion.ui.table_model import table_view
from companion.ui.when import moment_words
from companion.words import LANGS, t, tn

FRENCH = ("soirée", "place moyenne", "sur", "fois", "donne", "doit", "jouer", " à ")


def speaker(lang: str) -> SimpleNamespace:
    """As much of a session as the words use."""
    return SimpleNamespace(lang=lang, tr=lambda key, **fields: t(lang, key, **fields))


def _place(place: float, table: float) -> AveragePlace:
    return AveragePlace(player_id="p", hands=7, place=place, table=table, position=0.3)


def _german(text: str) -> str:
    assert not any(word in text for word in FRENCH), text
    return text


def test_an_average_place_is_a_number_of_a_table_size_not_an_ordinal() -> None:
    """Rule: a mean place reads as a number with the language's decimal mark, out of the
    table size (« 1,7 sur 5 »), never as an ordinal ("1.7th"); a whole mean has no decimal."""
    assert average_place_words("fr", _place(1.7, 5)) == "place moyenne 1,7 sur 5"
    assert average_place_words("en", _place(3.24, 4.5)) == "average place 3.2 of 4.5"
    assert _german(average_place_words("de", _place(2.0, 4))) == "Durchschnittsplatz 2 von 4"
    assert average_place_words("en", _place(1.7, 5), 5) == "average place 2.2 of 5"  # normalised


def test_a_rating_takes_the_languages_decimal_mark() -> None:
    """Rule: the rating and its ± are written as the language writes decimals."""
    assert rating_words(speaker("de"), 31.24, 4.06, False).endswith("31,2 ± 4,1")
    assert rating_words(speaker("en"), 31.24, 4.06, False).endswith("31.2 ± 4.1")


def test_a_moment_is_said_as_german_writes_days_and_times() -> None:
    """Rule: a day and a start time read « 26.11.2026 um 20:30 » in German, "Nov 26, 2026
    at …" in English, not ISO text."""
    start = datetime(2026, 11, 26, 19, 30, tzinfo=UTC)
    local = start.astimezone()
    clock = f"{local:%H:%M}"
    assert _german(moment_words("de", local.date(), start)) == f"{local:%d.%m.%Y} um {clock}"
    assert moment_words("en", date(2026, 11, 26)) == "Nov 26, 2026"
    assert moment_words("fr", date(2026, 11, 26)) == "26 nov. 2026"


def test_a_dated_evening_is_named_in_german() -> None:
    """Rule: the dispute names an untitled evening by its day as German writes it."""
    rules = EveningRules("e1", None, "classique", (), day=date(2026, 11, 26))
    assert "26.11.2026" in rules.name("de") and "2026-11-26" not in rules.name("de")


def test_counts_take_the_german_plural() -> None:
    """Rule: counts read in their German form: one hand, « 1 Runde », many « 3 Runden »;
    "ahead 1 time", not "1 times"."""
    line = t("de", "ui.player.h2h_line", name="Tom", ahead=1, behind=3, hands=12)
    assert _german(line) == "gegen Tom: 1-mal vorn, 3-mal dahinter (12 Runden)"
    assert t("en", "ui.player.h2h_line", name="Tom", ahead=1, behind=3, hands=1) == (
        "against Tom: ahead 1 time, behind 3 times (1 hand)"
    )
    assert _german(tn("de", "ui.picker.per_tap", 1)) == "1 Karte pro Tippen"
    assert tn("fr", "ui.dispute.options_changed", 0) == "0 changée ici"  # not « changée(s) »
    assert tn("en", "ui.data.more_backups", 1) == "… and 1 more backed-up file."


def test_the_titles_tally_says_german_and_english_titles() -> None:
    """Rule: the leaderboard's titles are the language's: Präsident and Arschloch in German,
    President and Scum in English."""
    assert _german(t("de", "ui.board.roles", president=2, last=1)) == ("Präsident 2×, Arschloch 1×")
    assert t("en", "ui.player.titles", hands=1, president=1, last=0) == (
        "1 hand · President 1× · Scum 0×"
    )


def test_a_play_out_of_turn_names_who_acts_first_in_german() -> None:
    """Rule: who must play or pass first is said in German, the verb agreeing with how many
    they are."""
    model = DisputeModel().tap_rank("K").add_to_table()  # Paul led; Nina, Marc, Sara to act
    many = model.select_actor("Sara").tap_pass().judge().ruling
    one = model.select_actor("Marc").tap_pass().judge().ruling
    assert many is not None and one is not None
    assert (
        _german(many.before_text("de") or "") == "Vor Sara: Nina, Marc müssen spielen oder passen."
    )
    assert _german(one.before_text("de") or "") == "Vor Marc: Nina muss spielen oder passen."


def test_an_axis_label_is_the_evenings_day_in_the_language() -> None:
    """Rule: a chart's evening label is its day as the viewer's language writes it."""
    label = EveningLabel(date(2026, 11, 23), nth=2)
    assert label.render("de") == "23.11.26 (2)" and label.render("fr") == "23/11/2026 (2)"


def test_the_evenings_titles_are_said_in_the_viewers_language(tmp_path: Path) -> None:
    """Rule: the titles an evening stores (the seeds' French words) show in the viewer's
    language on the evening, its hands and History: Präsident and Arschloch in German,
    President and Scum in English, Président and Trouduc in French."""
    service = TableService(tmp_path)
    players = ["Léa", "Tom", "Sam", "Zoé"]
    ev = service.create_evening(players, "pagat", day=date(2026, 11, 26))
    ev = service.record_hand(ev.id, players, expected_version=ev.version)
    detail = evening_detail(service, ev.id)
    first, last = detail.hands[0].places[0][1], detail.hands[0].places[-1][1]
    assert (first, last) == ("Président", "Trouduc")  # stored as the seeds write them
    said = {lang: (detail.title_in(lang, first), detail.title_in(lang, last)) for lang in LANGS}
    assert said == {
        "fr": ("Président", "Trouduc"),
        "en": ("President", "Scum"),
        "de": ("Präsident", "Arschloch"),
    }
    evening = service.evening(ev.id)
    hands = hands_view(evening)
    place = hands.hands[0].places[0]
    assert hands.title_in("de", place.title) == "Präsident"
    table = table_view(evening)
    assert table.title_in("en", table.last[-1].title) == "Scum"
    seat = next(s for s in table.seats if s.title)
    assert _german(table.title_in("de", seat.title)) in {
        "Präsident",
        "Vizepräsident",
        "Bürger",
        "Arschloch",
    }
