"""Sharing the end-of-evening summary: plain text for a chat (French and English) and a PNG
image drawn with Pillow."""

import io
from datetime import UTC, date, datetime

import pytest
from PIL import Image

from companion.table.service import TableService
from companion.table.share import summary_text
from companion.table.share_image import WIDTH, summary_png

FIVE = ["Ann", "Bob", "Chloé", "Dan", "Eve"]
ORDERS = [
    "Ann Bob Chloé Dan Eve",
    "Ann Bob Chloé Dan Eve",
    "Eve Chloé Dan Bob Ann",
    "Eve Chloé Dan Bob Ann",
    "Eve Bob Chloé Dan Ann",
]


@pytest.fixture
def service(tmp_path):
    return TableService(tmp_path / "data")


def night(service, settings=("target=none",), **kw):
    """The summary of an evening of 23 November 2026 that started at 20:30 UTC (the clock
    would give today's time, and no time at all on another day than the 23rd)."""
    ev = service.create_evening(FIVE, "pagat", day=date(2026, 11, 23), settings=settings, **kw)
    for order in ORDERS:
        ev = service.record_hand(ev.id, order.split(), expected_version=ev.version)
    started = datetime(2026, 11, 23, 20, 30, tzinfo=UTC)
    return service.night_summary(ev.id).model_copy(update={"started_at": started})


def test_text_in_french_lists_the_ranking_with_medals_and_records(service):
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
    text = summary_text(night(service, title="Friday club"), "en", UTC)
    assert text.startswith("🃏 Friday club — Monday 23 November 2026, 20:30\n")
    assert "5. Dan — 0 pts" in text
    assert "🔥 Longest streak: Eve, Président 3 hands in a row" in text
    assert "📈 Biggest climb: Eve, from 5th to 1st place" in text


def test_text_without_points_counts_titles(service):
    text = summary_text(night(service, settings=("scoring=none",)), "en", UTC)
    assert "🥇 Eve — 3× Président, 2× Trou du cul" in text and " pts" not in text


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
    ev = service.create_evening(FIVE, "pagat", day=date(2026, 11, 23))
    data = summary_png(service.night_summary(ev.id), service.player_colours(), "en")
    assert Image.open(io.BytesIO(data)).height > 200
