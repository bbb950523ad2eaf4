"""Sharing the end-of-evening summary: plain text for a chat (French and English) and a PNG
image drawn with Pillow."""

from __future__ import annotations

import io
from datetime import UTC, date, datetime
from zoneinfo import ZoneInfo

import pytest
from PIL import Image

from companion.rules.presets import get_preset
from companion.table.night_summary import Climb, Finisher, NightSummary, Record
from companion.table.share import (
    heading,
    local_start,
    record_lines,
    rules_line,
    score_words,
    summary_text,
    when,
)
from companion.table.share_image import WIDTH, summary_png

FIVE = ["Ann", "Bob", "Chloé", "Dan", "Eve"]
ORDERS = [
    "Ann Bob Chloé Dan Eve",
    "Ann Bob Chloé Dan Eve",
    "Eve Chloé Dan Bob Ann",
    "Eve Chloé Dan Bob Ann",
    "Eve Bob Chloé Dan Ann",
]


def night(service, settings=("target=none",), **kw):
    """The summary of an evening of 23 November 2026 that started at 20:30 UTC (the clock
    would give today's time, and no time at all on another day than the 23rd)."""
    ev = service.create_evening(FIVE, "pagat", day=date(2026, 11, 23), settings=settings, **kw)
    for order in ORDERS:
        ev = service.record_hand(ev.id, order.split(), expected_version=ev.version)
    started = datetime(2026, 11, 23, 20, 30, tzinfo=UTC)
    return service.night_summary(ev.id).model_copy(update={"started_at": started})


def test_text_in_french_lists_the_ranking_with_medals_and_records(service):
    """The French text heads with the place, date and start time, gives the hand count and that the
    evening is under way, ranks everyone with medals on the podium and points ("0 pt"), and lists
    the records (most times Président, biggest climb)."""
    text = summary_text(night(service, place="Chez Chloé"), "fr", UTC)
    lines = text.splitlines()
    assert lines[0] == "🃏 Chez Chloé — lundi 23 novembre 2026, 20:30"
    assert "5 donnes · en cours" in lines[1]
    assert lines[3:8] == [
        "🥇 Eve — 6 pts",
        "🥈 Ann — 4 pts",
        "🥉 Bob — 3 pts",
        "4. Chloé — 2 pts",
        "5. Dan — 0 pt",
    ]
    assert "👑 Le plus souvent Président : Eve (3 fois)" in lines
    assert "📈 Plus belle remontée : Eve, de la 5e à la 1re place" in lines


def test_text_in_english(service):
    """The English text heads with the title and an English date and 12-hour time, writes "0 pts",
    and words the records in English (longest streak, biggest climb)."""
    text = summary_text(night(service, title="Friday club"), "en", UTC)
    assert text.startswith("🃏 Friday club — Monday, November 23, 2026, 8:30\u202fPM\n")
    assert "5. Dan — 0 pts" in text
    assert "🔥 Longest streak: Eve, President 3 hands in a row" in text
    assert "📈 Biggest climb: Eve, from 5th to 1st place" in text


def test_text_without_points_counts_titles(service):
    """Without points, each player's line counts the titles held (times President, times Scum) and
    shows no points."""
    text = summary_text(night(service, settings=("scoring=none",)), "en", UTC)
    assert "🥇 Eve — 3× President, 2× Scum" in text and " pts" not in text


def test_png_is_an_image_with_each_podium_colour(service):
    """A real PNG, 1080 px wide, in which the podium's avatars are drawn in each player's
    own colour."""
    summary = night(service)
    colours = service.player_colours()
    data = summary_png(summary, colours, "fr")
    image = Image.open(io.BytesIO(data)).convert("RGB")
    assert data[:8] == b"\x89PNG\r\n\x1a\n" and image.width == WIDTH
    seen = {"#{:02X}{:02X}{:02X}".format(*px) for _, px in image.getcolors(maxcolors=1 << 20)}
    for f in summary.ranking:
        assert colours[f.player_id].fill in seen, f.name


def test_png_of_an_evening_without_hands(service):
    """An evening with no hand played still gives a summary image."""
    ev = service.create_evening(FIVE, "pagat", day=date(2026, 11, 23))
    data = summary_png(service.night_summary(ev.id), service.player_colours(), "en")
    assert Image.open(io.BytesIO(data)).height > 200


PARIS = ZoneInfo("Europe/Paris")
TOKYO = ZoneInfo("Asia/Tokyo")
NAMES = {"a": "Ann", "b": "Bob", "c": "Chloé"}


def summary(
    *,
    title: str | None = None,
    place: str | None = None,
    preset: str = "pagat",
    scheme: str = "standard",
    hands: int = 5,
    ended: bool = True,
    ranking: tuple[Finisher, ...] | None = None,
    most: Record | None = None,
    streak: Record | None = None,
    climb: Climb | None = None,
) -> NightSummary:
    """An evening of Monday 23 November 2026 that started at 20:30 UTC."""
    if ranking is None:
        ranking = tuple(
            Finisher(
                place=i + 1,
                player_id=p,
                name=NAMES[p],
                total=3 - i,
                hands=hands,
                president=1,
                trou_du_cul=1,
            )
            for i, p in enumerate(NAMES)
        )
    return NightSummary(
        evening_id="e1",
        date=date(2026, 11, 23),
        started_at=datetime(2026, 11, 23, 20, 30, tzinfo=UTC),
        title=title,
        place=place,
        preset=preset,
        scheme=scheme,
        counts_points=scheme != "none",
        hands=hands,
        ended=ended,
        names=dict(NAMES),
        ranking=ranking,
        most_president=most,
        longest_streak=streak,
        biggest_climb=climb,
    )


def finisher(total: int) -> Finisher:
    return Finisher(
        place=1, player_id="a", name="Ann", total=total, hands=1, president=1, trou_du_cul=0
    )


# --- records ----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("ids", "fr", "en"),
    [
        (("a", "b"), "Ann et Bob", "Ann and Bob"),
        (("a", "b", "c"), "Ann, Bob et Chloé", "Ann, Bob and Chloé"),
        (("a",), "Ann", "Ann"),
    ],
)
def test_a_shared_record_names_everyone_who_shares_it(ids, fr, en):
    """A record held by several players names them all, the last two joined by "et" in
    French and "and" in English, the others by commas."""
    s = summary(most=Record(player_ids=ids, count=2), streak=Record(player_ids=ids, count=2))
    assert record_lines(s, "fr") == [
        ("👑", f"Le plus souvent Président : {fr} (2 fois)"),
        ("🔥", f"Plus longue série : {fr}, 2 donnes de suite Président"),
    ]
    assert record_lines(s, "en") == [
        ("👑", f"Most times President: {en} (2 times)"),
        ("🔥", f"Longest streak: {en}, President 2 hands in a row"),
    ]


def test_a_record_holder_without_a_name_is_shown_by_id():
    """A player the evening has no name for (an imported evening) is shown by his id
    rather than dropped, in every record."""
    s = summary(
        most=Record(player_ids=("a", "zed"), count=2),
        climb=Climb(player_id="ghost", lowest=4, final=1, after_hand=2),
    )
    lines = dict(record_lines(s, "en"))
    assert lines["👑"] == "Most times President: Ann and zed (2 times)"
    assert lines["📈"] == "Biggest climb: ghost, from 4th to 1st place"


@pytest.mark.parametrize(("count", "en"), [(1, "1 time"), (2, "2 times"), (3, "3 times")])
def test_most_times_president_counts_in_the_right_number(count, en):
    """In English "1 time" but "2 times"; French says "fois" for any count."""
    s = summary(most=Record(player_ids=("a",), count=count))
    assert record_lines(s, "en") == [("👑", f"Most times President: Ann ({en})")]
    assert record_lines(s, "fr") == [("👑", f"Le plus souvent Président : Ann ({count} fois)")]


def test_a_streak_counts_from_two_hands_in_a_row():
    """A streak of two hands is a record; a single hand as Président is not a streak."""
    two = summary(streak=Record(player_ids=("b",), count=2))
    assert record_lines(two, "fr") == [
        ("🔥", "Plus longue série : Bob, 2 donnes de suite Président")
    ]
    assert record_lines(summary(streak=Record(player_ids=("b",), count=1)), "fr") == []
    three = summary(streak=Record(player_ids=("b",), count=3))
    assert record_lines(three, "en") == [("🔥", "Longest streak: Bob, President 3 hands in a row")]


def test_the_climb_reads_in_each_language():
    """The biggest climb names the player and his worst and final places as ordinals."""
    s = summary(climb=Climb(player_id="c", lowest=3, final=1, after_hand=2))
    assert record_lines(s, "fr") == [("📈", "Plus belle remontée : Chloé, de la 3e à la 1re place")]
    assert record_lines(s, "en") == [("📈", "Biggest climb: Chloé, from 3rd to 1st place")]


# --- points -----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("total", "fr", "en"),
    [
        (0, "0 pt de pénalité", "0 penalty pts"),
        (1, "1 pt de pénalité", "1 penalty pt"),
        (-1, "-1 pt de pénalité", "-1 penalty pt"),
        (7, "7 pts de pénalité", "7 penalty pts"),
    ],
)
def test_penalty_points_are_named_as_such_in_both_languages(total, fr, en):
    """Under card penalties the score reads "pt(s) de pénalité" / "penalty pt(s)": French
    puts the plural on "pts" and keeps 0 and 1 singular, English keeps only ±1 singular."""
    s = summary(scheme="card_penalty")
    assert score_words(s, finisher(total), "fr") == fr
    assert score_words(s, finisher(total), "en") == en


@pytest.mark.parametrize(
    ("total", "fr", "en"), [(0, "0 pt", "0 pts"), (1, "1 pt", "1 pt"), (5, "5 pts", "5 pts")]
)
def test_ordinary_points_take_the_plural_of_each_language(total, fr, en):
    """Ordinary points: "0 pt" and "1 pt" in French, "0 pts" and "1 pt" in English."""
    s = summary()
    assert score_words(s, finisher(total), "fr") == fr
    assert score_words(s, finisher(total), "en") == en


# --- heading, date, rules -----------------------------------------------------------------


def test_the_heading_is_the_title_else_the_place_else_a_word():
    """The evening's title, else its place, else "Soirée" / "Evening"."""
    assert heading(summary(title="Club", place="Chez Ann"), "en") == "Club"
    assert heading(summary(place="Chez Ann"), "en") == "Chez Ann"
    assert heading(summary(), "fr") == "Soirée"
    assert heading(summary(), "en") == "Evening"


def test_the_start_is_shown_in_the_zone_given():
    """The start time is converted to the zone the caller gives."""
    s = summary()
    assert local_start(s, PARIS).hour == 21 and local_start(s, TOKYO).day == 24
    assert when(s, "fr", PARIS) == "lundi 23 novembre 2026, 21:30"
    assert when(s, "en", PARIS) == "Monday, November 23, 2026, 9:30\u202fPM"


def test_an_evening_started_on_another_day_shows_its_date_without_a_time():
    """When the start, in the zone shown, falls on another day than the evening's date,
    only the date is shown, with no dangling comma."""
    s = summary()
    assert when(s, "fr", TOKYO) == "lundi 23 novembre 2026"
    assert when(s, "en", TOKYO) == "Monday, November 23, 2026"


@pytest.mark.parametrize(
    ("hands", "fr", "en"),
    [(0, "0 donne", "0 hands"), (1, "1 donne", "1 hand"), (2, "2 donnes", "2 hands")],
)
def test_the_rules_line_counts_hands_in_each_language(hands, fr, en):
    """ "0 donne" and "1 donne" but "2 donnes"; "1 hand" but "0 hands" and "2 hands"."""
    s = summary(hands=hands)
    assert rules_line(s, "fr").split(" · ")[1] == fr
    assert rules_line(s, "en").split(" · ")[1] == en


def test_the_rules_line_names_the_rules_and_the_state():
    """The preset's name in the viewer's language, the hands, and whether the evening has
    ended or is still going."""
    preset = get_preset("pagat")
    done, going = summary(ended=True, hands=3), summary(ended=False, hands=3)
    assert rules_line(done, "fr") == f"{preset.name('fr')} · 3 donnes · terminée"
    assert rules_line(going, "fr") == f"{preset.name('fr')} · 3 donnes · en cours"
    assert rules_line(done, "en") == f"{preset.name('en')} · 3 hands · ended"
    assert rules_line(going, "en") == f"{preset.name('en')} · 3 hands · still going"
    assert preset.name("fr") != preset.name("en")


def test_rules_the_app_does_not_know_show_their_id():
    """An evening played with a preset this app does not know shows the preset's id."""
    s = summary(preset="house-rules-2031", hands=2)
    assert rules_line(s, "en") == "house-rules-2031 · 2 hands · ended"


# --- the chat text ----------------------------------------------------------------------


def test_the_chat_text_is_french_by_default_in_the_zone_given():
    """Without a language the text is French; the heading word, the date and time (in the
    zone given) and the records all follow."""
    s = summary(most=Record(player_ids=("a", "b"), count=2))
    text = summary_text(s, tz=PARIS)
    assert text.startswith("🃏 Soirée — lundi 23 novembre 2026, 21:30\n")
    assert "👑 Le plus souvent Président : Ann et Bob (2 fois)" in text
    assert summary_text(s, "en", PARIS).startswith(
        "🃏 Evening — Monday, November 23, 2026, 9:30\u202fPM"
    )


def test_the_chat_text_separates_its_parts_with_blank_lines():
    """Heading and rules, then a blank line, the ranking, a blank line and the records."""
    s = summary(most=Record(player_ids=("a",), count=2))
    lines = summary_text(s, "en", UTC).splitlines()
    assert lines[2] == "" and lines[6] == ""
    assert lines[3:6] == ["🥇 Ann — 3 pts", "🥈 Bob — 2 pts", "🥉 Chloé — 1 pt"]
    assert lines[7] == "👑 Most times President: Ann (2 times)"
    assert len(lines) == 8


@pytest.mark.parametrize(
    ("lang", "words"),
    [("fr", "Aucune donne jouée."), ("en", "No hand played."), ("de", "Keine Runde gespielt.")],
)
def test_the_chat_text_of_an_evening_without_hands_says_so(lang, words):
    """Without a hand, the ranking's place says that no hand was played, and nothing else
    follows."""
    text = summary_text(summary(ranking=(), hands=0), lang, UTC)
    assert text.splitlines()[2:] == ["", words]


def test_the_chat_text_in_german(service):
    """In German the date, the time, the hands, the points, the titles and the records are
    German (Babel's date, « Runden », « Punkte », « Präsident »), with no French word."""
    text = summary_text(night(service, title="Freitagsrunde"), "de", UTC)
    lines = text.splitlines()
    assert lines[0] == "🃏 Freitagsrunde — Montag, 23. November 2026, 20:30 Uhr"
    assert lines[1].endswith(" · 5 Runden · läuft noch")
    assert "🥇 Eve — 6 Punkte" in lines and "5. Dan — 0 Punkte" in lines
    assert "👑 Am häufigsten Präsident: Eve (3-mal)" in lines
    assert "🔥 Längste Serie: Eve, 3 Runden in Folge Präsident" in lines
    assert "📈 Größter Aufstieg: Eve, vom 5. auf den 1. Platz" in lines
    for french in ("donne", "Président", "soirée", "fois", "pts"):
        assert french not in text.replace(lines[1].split(" · ")[0], "")


def test_titles_counted_in_german():
    """Without points, German counts « Präsident » and « Arschloch », not the French."""
    s = summary(scheme="none")
    assert score_words(s, s.ranking[0], "de") == "1× Präsident, 1× Arschloch"
    assert score_words(s, s.ranking[0], "en") == "1× President, 1× Scum"


def test_an_average_place_reads_with_the_language_s_decimal_mark():
    """The average place is Babel's decimal: « 1,5 » in French and German, "1.5" in
    English."""
    f = Finisher(
        place=1,
        player_id="a",
        name="Ann",
        total=3,
        hands=4,
        president=1,
        trou_du_cul=0,
        average_place=1.5,
    )
    s = summary(ranking=(f,)).model_copy(update={"rank_rule": "average_place"})
    assert score_words(s, f, "fr").startswith("place moyenne 1,5")
    assert score_words(s, f, "en").startswith("average place 1.5")
    assert score_words(s, f, "de").startswith("Durchschnittsplatz 1,5")
