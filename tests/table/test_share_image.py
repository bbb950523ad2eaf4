"""The shared summary image in detail: what it says, in which language, and where: the
heading band, the podium, the rows of the rest of the ranking, the records and the mark.

The image is checked as drawn: every text Pillow draws is recorded with the box of its ink
(``textbbox``) and its font size, and the shapes are read back from the PNG's pixels."""

from __future__ import annotations

import io
import itertools
import math
from dataclasses import dataclass
from datetime import UTC, date, datetime
from types import SimpleNamespace
from typing import Any
from zoneinfo import ZoneInfo

import pytest
from PIL import Image, ImageDraw

from companion.table import share_image
from companion.table.identity import PALETTE, Colour, initials
from companion.table.night_summary import Climb, Finisher, NightSummary, Record
from companion.table.share import record_lines, rules_line, score_words, when
from companion.table.share_image import WIDTH, summary_png

NAMES = ["Ann", "Bob", "Chloé", "Dan", "Eve", "Fred", "Gus", "Hugo"]
PARIS = ZoneInfo("Europe/Paris")
BAND = (0x1E, 0x3A, 0x5F)
STEP = (0xE8, 0xEE, 0xF6)
WHITE = (255, 255, 255)
Box = tuple[float, float, float, float]


def rgb(hex_colour: str) -> tuple[int, int, int]:
    return (int(hex_colour[1:3], 16), int(hex_colour[3:5], 16), int(hex_colour[5:7], 16))


def evening(
    players: int = 6,
    *,
    names: list[str] | None = None,
    scheme: str = "standard",
    counts_points: bool = True,
    records: int = 3,
    title: str | None = "Friday club",
) -> NightSummary:
    """An ended evening of 23 November 2026 that started at 20:30 UTC, ``players`` ranked
    with 10, 8, 6… points (the last one 0), and the first ``records`` of its three records
    (most times Président, longest streak, biggest climb)."""
    names = names or NAMES[:players]
    ids = [f"p{i}" for i in range(players)]
    ranking = tuple(
        Finisher(
            place=i + 1,
            player_id=ids[i],
            name=names[i],
            total=0 if i == players - 1 else 2 * (players - i),
            hands=5,
            president=players - i,
            trou_du_cul=i,
        )
        for i in range(players)
    )
    return NightSummary(
        evening_id="e1",
        date=date(2026, 11, 23),
        started_at=datetime(2026, 11, 23, 20, 30, tzinfo=UTC),
        title=title,
        place=None,
        preset="pagat",
        scheme=scheme,
        counts_points=counts_points,
        hands=5 if players else 0,
        ended=True,
        names=dict(zip(ids, names, strict=True)),
        ranking=ranking,
        most_president=Record(player_ids=(ids[0],), count=3) if records >= 1 else None,
        longest_streak=Record(player_ids=(ids[0],), count=2) if records >= 2 else None,
        biggest_climb=Climb(player_id=ids[-1], lowest=players + 1, final=players, after_hand=2)
        if records >= 3
        else None,
    )


def colours_of(summary: NightSummary) -> dict[str, Colour]:
    return {f.player_id: PALETTE[i] for i, f in enumerate(summary.ranking)}


@dataclass(frozen=True)
class Text:
    text: str
    box: Box  # the ink, as Pillow measures it
    size: int | None  # the font's size; None for a bitmap font

    @property
    def middle(self) -> tuple[float, float]:
        return ((self.box[0] + self.box[2]) / 2, (self.box[1] + self.box[3]) / 2)


@dataclass
class Drawing:
    image: Image.Image
    texts: list[Text]

    def text(self, words: str) -> Text:
        found = [t for t in self.texts if t.text == words]
        assert len(found) == 1, (words, [t.text for t in self.texts])
        return found[0]

    def px(self, x: float, y: float) -> tuple[int, int, int]:
        return self.image.getpixel((int(x), int(y)))

    def colours_in(self, box: Box) -> set[tuple[int, int, int]]:
        crop = self.image.crop(tuple(int(v) for v in box))
        return {c for _, c in crop.getcolors(maxcolors=1 << 20)}

    def run(self, colour: tuple[int, int, int], y: int) -> tuple[int, int] | None:
        """The first and last x of ``colour`` on row ``y``."""
        xs = [x for x in range(self.image.width) if self.px(x, y) == colour]
        return (xs[0], xs[-1]) if xs else None

    def column(self, colour: tuple[int, int, int], x: int) -> tuple[int, int] | None:
        ys = [y for y in range(self.image.height) if self.px(x, y) == colour]
        return (ys[0], ys[-1]) if ys else None


def draw(
    monkeypatch: pytest.MonkeyPatch,
    summary: NightSummary,
    colours: dict[str, Colour] | None = None,
    lang: str | None = "fr",
    tz: Any = UTC,
) -> Drawing:
    texts: list[Text] = []
    original = ImageDraw.ImageDraw.text

    def text(self: ImageDraw.ImageDraw, xy: Any, words: Any, *a: Any, **k: Any) -> Any:
        font, anchor = k.get("font"), k.get("anchor")
        box = self.textbbox(xy, words, font=font, anchor=anchor)
        texts.append(Text(str(words), box, getattr(font, "size", None) if font else None))
        return original(self, xy, words, *a, **k)

    monkeypatch.setattr(ImageDraw.ImageDraw, "text", text)
    colours = colours_of(summary) if colours is None else colours
    if lang is None:
        data = summary_png(summary, colours, tz=tz)
    else:
        data = summary_png(summary, colours, lang, tz)
    image = Image.open(io.BytesIO(data))
    assert image.format == "PNG"
    return Drawing(image.convert("RGB"), texts)


def overlap(a: Box, b: Box) -> bool:
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


def inside(inner: Box, outer: Box) -> bool:
    return (
        outer[0] <= inner[0]
        and outer[1] <= inner[1]
        and inner[2] <= outer[2]
        and inner[3] <= outer[3]
    )


# --- what it says ---------------------------------------------------------------------


def test_the_image_says_everything_the_chat_text_says_in_french(monkeypatch):
    """The heading, the date and time in the table's zone, the rules line, every player's
    name and score, the records (without their emojis) and the app's mark are drawn, in
    French."""
    summary = evening(6)
    d = draw(monkeypatch, summary, lang="fr", tz=PARIS)
    said = [t.text for t in d.texts]
    assert "Friday club" in said
    assert "lundi 23 novembre 2026, 21:30" in said  # 20:30 UTC is 21:30 in Paris
    assert rules_line(summary, "fr") in said and "terminée" in rules_line(summary, "fr")
    for f in summary.ranking:
        assert f.name in said and score_words(summary, f, "fr") in said
    assert "0 pt" in said  # the last one: French keeps 0 singular
    for _, sentence in record_lines(summary, "fr"):
        assert sentence in said
    assert "companion" in said


def test_french_is_the_default_language(monkeypatch):
    """Without a language, the image is in French."""
    summary = evening(4)
    d = draw(monkeypatch, summary, lang=None)
    said = [t.text for t in d.texts]
    assert rules_line(summary, "fr") in said
    assert record_lines(summary, "fr")[0][1] in said


def test_the_image_in_english_is_english_throughout(monkeypatch):
    """In English, the date, the rules line, the records and every score (podium and rows)
    are English: penalty points read "penalty pts", not "pts de pénalité"."""
    summary = evening(5, scheme="card_penalty")
    d = draw(monkeypatch, summary, lang="en", tz=PARIS)
    said = [t.text for t in d.texts]
    assert "Monday, November 23, 2026, 9:30\u202fPM" in said
    assert rules_line(summary, "en") in said and "ended" in rules_line(summary, "en")
    for f in summary.ranking:
        assert score_words(summary, f, "en") in said
    assert "10 penalty pts" in said and "0 penalty pts" in said
    for _, sentence in record_lines(summary, "en"):
        assert sentence in said
    assert not [t for t in said if "pénalité" in t or "donne" in t]


def test_the_image_in_german_is_german(monkeypatch):
    """In German, the date, the time, the rules line's count and state, every score and
    the records are German; no French word is drawn."""
    summary = evening(5)
    d = draw(monkeypatch, summary, lang="de", tz=PARIS)
    said = [t.text for t in d.texts]
    assert "Montag, 23. November 2026, 21:30 Uhr" in said
    assert rules_line(summary, "de").endswith(" · beendet")
    for f in summary.ranking:
        assert score_words(summary, f, "de") in said
    assert "10 Punkte" in said
    for _, sentence in record_lines(summary, "de"):
        assert sentence in said
    assert not [t for t in said if "pénalité" in t or "donne" in t or "Président" in t]


def test_an_image_without_hands_says_so_in_german(monkeypatch):
    """An evening without hands says « Keine Runde gespielt. » in German."""
    d = draw(monkeypatch, evening(0, records=0), lang="de")
    assert "Keine Runde gespielt." in [t.text for t in d.texts]


def test_the_date_is_in_the_zone_given(monkeypatch):
    """The start time is shown in the zone the caller gives, not the machine's."""
    summary = evening(3)
    tokyo = draw(monkeypatch, summary, lang="en", tz=ZoneInfo("Asia/Tokyo"))
    # 20:30 UTC is the 24th in Tokyo: another day than the evening's, so no time at all
    assert when(summary, "en", ZoneInfo("Asia/Tokyo")) == "Monday, November 23, 2026"
    assert "Monday, November 23, 2026" in [t.text for t in tokyo.texts]


@pytest.mark.parametrize(
    ("lang", "sentence"), [("fr", "Aucune donne jouée."), ("en", "No hand played.")]
)
def test_an_evening_without_hands_says_so(monkeypatch, lang, sentence):
    """An evening without a hand shows no podium but says, in the viewer's language, that
    no hand was played, in the muted ink, from the left margin, its middle at 290 px."""
    d = draw(monkeypatch, evening(0, records=0), colours={}, lang=lang)
    t = d.text(sentence)
    assert t.box[1] > 220 and t.box[3] < d.image.height - 60
    assert abs(t.middle[1] - 290) <= 8  # its middle 40 px below the band's gap
    assert abs(t.box[0] - share_image.MARGIN) <= 6
    assert rgb(share_image.MUTED) in d.colours_in(t.box)
    assert t.size is not None and t.size >= 30


# --- where and how ----------------------------------------------------------------------


@pytest.mark.parametrize("players", [0, 1, 3, 4, 8])
def test_every_text_is_inside_the_canvas_and_none_overlaps_another(monkeypatch, players):
    """Whatever the number of players, every text lies inside the image, clear of the
    left and right margins, and no two texts overlap."""
    d = draw(monkeypatch, evening(players, records=min(players, 3)), lang="fr")
    w, h = d.image.size
    for t in d.texts:
        assert inside(t.box, (32, 0, w - 32, h)), t
    for i, a in enumerate(d.texts):
        for b in d.texts[i + 1 :]:
            assert not overlap(a.box, b.box), (a, b)


def test_every_text_is_readable(monkeypatch):
    """Nothing is drawn in a font smaller than 12 px, the smallest the fitting allows
    (Pillow's default bitmap-sized font would be unreadable in a chat)."""
    for summary in (evening(6), evening(0, records=0)):
        d = draw(monkeypatch, summary, colours_of(summary), "en")
        for t in d.texts:
            assert t.size is not None and t.size >= 12, t


def test_the_heading_band_holds_title_date_and_rules_in_white_and_pale_blue(monkeypatch):
    """A dark blue band 220 px high across the whole width holds, from the left margin and
    top to bottom, the title (largest), the date and the rules line (smallest); title and
    date are white, the rules line pale blue."""
    summary = evening(4)
    d = draw(monkeypatch, summary, lang="fr", tz=PARIS)
    assert d.column(BAND, 2) == (0, 220) and d.column(BAND, WIDTH - 1)[0] == 0
    assert d.run(BAND, 0) == (0, WIDTH - 1) and d.run(BAND, 220) == (0, WIDTH - 1)
    title = d.text("Friday club")
    date_ = d.text("lundi 23 novembre 2026, 21:30")
    rules = d.text(rules_line(summary, "fr"))
    assert title.size > date_.size > rules.size
    for t, y in ((title, 60), (date_, 122), (rules, 172)):  # their middle lines
        assert abs(t.middle[1] - y) <= 8, t
        assert abs(t.box[0] - share_image.MARGIN) <= 6, t
        assert t.box[3] < 220
    assert WHITE in d.colours_in(title.box) and WHITE in d.colours_in(date_.box)
    assert rgb("#C9D6E8") in d.colours_in(rules.box)
    assert WHITE not in d.colours_in(rules.box)


def test_the_background_is_white(monkeypatch):
    """Outside the band, the picture is white: its corners and the space between rows."""
    d = draw(monkeypatch, evening(5))
    w, h = d.image.size
    assert d.px(0, h - 1) == WHITE and d.px(w - 1, h - 1) == WHITE and d.px(0, 240) == WHITE


def test_the_podium_puts_second_first_third_from_the_left_on_steps_of_falling_height(
    monkeypatch,
):
    """The podium's columns are the second, the first and the third from the left, a
    third of the width between the margins each; the first stands on the highest step
    (220 px), the second on 160 px, the third on 120 px, all on one floor; each step shows
    the place number in its middle."""
    summary = evening(3, records=0)
    d = draw(monkeypatch, summary)
    slot = (WIDTH - 2 * share_image.MARGIN) // 3
    centres = {2: share_image.MARGIN + slot // 2}
    centres[1], centres[3] = centres[2] + slot, centres[2] + 2 * slot
    steps = {}
    for place, cx in centres.items():
        top, bottom = d.column(STEP, cx)
        steps[place] = (top, bottom)
        number = d.text(str(place))
        assert abs(number.middle[0] - cx) <= 6 and abs(number.middle[1] - (top + bottom) / 2) <= 8
        assert number.size is not None and number.size >= 48
        assert rgb(share_image.MUTED) in d.colours_in(number.box)
    assert {p: b - t + 1 for p, (t, b) in steps.items()} == {1: 221, 2: 161, 3: 121}
    assert len({b for _, b in steps.values()}) == 1  # one floor, 720 px down
    assert steps[1][1] == 720


def test_each_step_is_inset_in_its_column_with_round_corners(monkeypatch):
    """Each step leaves 12 px of white on each side of its column, so neighbours never
    touch, and its corners are rounded (18 px)."""
    summary = evening(3, records=0)
    d = draw(monkeypatch, summary)
    margin = share_image.MARGIN
    slot = (WIDTH - 2 * margin) // 3
    floor = 700  # within every step, under the numbers, above the round corners
    runs = []
    x = 0
    while x < WIDTH:
        if d.px(x, floor) == STEP:
            start = x
            while d.px(x + 1, floor) == STEP:
                x += 1
            runs.append((start, x))
        x += 1
    assert runs == [(margin + c * slot + 12, margin + (c + 1) * slot - 12) for c in range(3)]
    # rounded: the very corner of the first's step is white, 18 px in, the step
    top = d.column(STEP, margin + slot + slot // 2)[0]
    assert d.px(margin + slot + 12 + 3, top + 3) == WHITE
    assert d.px(margin + slot + 12 + 18, top + 1) == STEP


def test_on_the_podium_each_player_stands_above_his_step(monkeypatch):
    """Above each step, centred on it and from the bottom up: the score (muted), the name
    (ink), then the avatar, a disc in the player's colour, larger for the winner (radius 70
    against 58), with nothing overlapping."""
    summary = evening(3, records=0)
    colours = colours_of(summary)
    d = draw(monkeypatch, summary, colours)
    for f in summary.podium:
        colour = colours[f.player_id]
        score = d.text(score_words(summary, f, "fr"))
        name = d.text(f.name)
        cx = score.middle[0]
        top = d.column(STEP, int(cx))[0]
        assert abs(name.middle[0] - cx) <= 6
        assert abs(score.middle[1] - (top - 28)) <= 8 and abs(name.middle[1] - (top - 72)) <= 8
        assert name.box[3] < score.box[1] and score.box[3] < top
        assert rgb(share_image.INK) in d.colours_in(name.box)
        assert rgb(share_image.MUTED) in d.colours_in(score.box)
        assert name.size > score.size
        disc_top, disc_bottom = d.column(rgb(colour.fill), int(cx))
        radius = 70 if f.place == 1 else 58
        assert disc_bottom - disc_top == 2 * radius
        assert disc_bottom == top - 110
        left, right = d.run(rgb(colour.fill), (disc_top + disc_bottom) // 2)
        assert (left + right) / 2 == pytest.approx(cx, abs=2) and right - left == 2 * radius


def test_an_avatar_shows_the_initials_inside_its_disc_in_the_colour_ink(monkeypatch):
    """Every avatar (podium and rows) shows the player's initials in the middle of the
    disc, in the colour's own ink, large (at least a quarter of the disc) yet wholly inside
    it, even for wide letters."""
    names = ["Will Murray", "Mona Wu", "Walt Wu", "Mark Moe", "Quinn Wolf"]
    summary = evening(5, names=names, records=0)
    colours = {f.player_id: PALETTE[i] for i, f in enumerate(summary.ranking)}
    d = draw(monkeypatch, summary, colours)
    for f in summary.ranking:
        colour = colours[f.player_id]
        t = d.text(initials(f.name))
        cx, cy = t.middle
        top, bottom = d.column(rgb(colour.fill), int(cx))
        radius = (bottom - top) / 2
        centre = (cx, (top + bottom) / 2)
        assert abs(cy - centre[1]) <= 6
        assert t.box[3] - t.box[1] >= radius / 2
        for x in (t.box[0], t.box[2]):
            for y in (t.box[1], t.box[3]):
                assert math.dist((x, y), centre) <= radius, (f.name, t)
        assert rgb(colour.ink) in d.colours_in(t.box)


def test_the_rows_after_the_podium_line_up_place_avatar_name_and_score(monkeypatch):
    """Below the podium, one row per player from the fourth, 72 px apart: the place
    ("4.") at the left margin, the avatar (radius 28), the name 150 px in, and the score
    flush with the right margin, all on one middle line."""
    summary = evening(7, records=0)
    colours = colours_of(summary)
    d = draw(monkeypatch, summary, colours)
    margin = share_image.MARGIN
    middles = []
    for f in summary.ranking[3:]:
        place = d.text(f"{f.place}.")
        name = d.text(f.name)
        score = d.text(score_words(summary, f, "fr"))
        top, bottom = d.column(rgb(colours[f.player_id].fill), margin + 100)
        middle = (top + bottom) / 2
        middles.append(middle)
        assert bottom - top == 2 * 28
        assert d.run(rgb(colours[f.player_id].fill), int(middle)) == (margin + 72, margin + 128)
        for t in (place, name, score):
            assert abs(t.middle[1] - middle) <= 8, t
        assert abs(place.box[0] - margin) <= 6
        assert abs(name.box[0] - (margin + 150)) <= 6
        assert abs(score.box[2] - (WIDTH - margin)) <= 4
        assert rgb(share_image.MUTED) in d.colours_in(place.box)
        assert rgb(share_image.MUTED) in d.colours_in(score.box)
        assert rgb(share_image.INK) in d.colours_in(name.box)
        assert place.size and score.size and name.size and name.size >= score.size >= 30
    assert [b - a for a, b in itertools.pairwise(middles)] == [72] * 3
    assert middles[0] == 720 + 40 + 30


def test_a_long_name_in_a_row_is_cut_before_the_score(monkeypatch):
    """A name too long for its row is shortened with "…" so that it ends at least 24 px
    before the score, and it keeps as many letters as fit."""
    long = "Maximilien-Alexandre-Wolfgang de La Tour d'Auvergne-Lauragais-Montmorency"
    summary = evening(4, names=["Ann", "Bob", "Chloé", long], records=0)
    d = draw(monkeypatch, summary)
    cut = [t for t in d.texts if t.text.endswith("…")]
    assert len(cut) == 1 and long.startswith(cut[0].text[:-1])
    score = d.text(score_words(summary, summary.ranking[3], "fr"))
    assert cut[0].box[2] <= score.box[0] - 24
    assert len(cut[0].text) >= 20


def test_a_long_name_on_the_podium_fits_its_column(monkeypatch):
    """A long name or score on the podium is made smaller, then cut, to stay within its
    column (12 px from each side)."""
    long = "Maximilien-Alexandre de La Tour d'Auvergne"
    summary = evening(3, names=[long, "Bob", "Chloé"], records=0)
    d = draw(monkeypatch, summary)
    slot = (WIDTH - 2 * share_image.MARGIN) // 3
    x0 = share_image.MARGIN + slot
    cut = [t for t in d.texts if t.text.endswith("…")]
    assert len(cut) == 1
    assert x0 + 12 <= cut[0].box[0] and cut[0].box[2] <= x0 + slot - 12


def test_records_sit_below_a_rule_one_line_each(monkeypatch):
    """After the ranking, a light rule from margin to margin, then one record per line,
    64 px apart, from the left margin, in ink."""
    summary = evening(4, records=3)
    d = draw(monkeypatch, summary)
    margin = share_image.MARGIN
    lines = [d.text(s) for _, s in record_lines(summary, "fr")]
    row_bottom = 720 + 40 + 72
    rule = [y for y in range(row_bottom, lines[0].box[1]) if d.px(WIDTH // 2, y) == STEP]
    assert rule == [row_bottom + 15, row_bottom + 16, row_bottom + 17]  # 3 px thick
    assert d.run(STEP, row_bottom + 16) == (margin, WIDTH - margin)
    for i, t in enumerate(lines):
        assert abs(t.box[0] - margin) <= 6
        assert abs(t.middle[1] - (row_bottom + 32 + 28 + 64 * i)) <= 8, t
        assert rgb(share_image.INK) in d.colours_in(t.box)
        assert t.size == 32
    # "Plus longue série…" and "Plus belle remontée…" start alike: their tops are a pitch apart
    assert lines[2].box[1] - lines[1].box[1] == 64


def test_a_long_record_is_fitted_between_the_margins(monkeypatch):
    """A record too long for the width is drawn smaller, and cut if need be, but stays
    between the margins."""
    names = ["Jean-Christophe de Montmorency-Laval", "Bob", "Chloé", "Dan"]
    summary = evening(4, names=names, records=3)
    d = draw(monkeypatch, summary)
    for _, sentence in record_lines(summary, "fr"):
        found = [t for t in d.texts if sentence.startswith(t.text.rstrip("…"))]
        assert found, sentence
        t = found[-1]
        assert t.box[0] >= share_image.MARGIN - 6 and t.box[2] <= WIDTH - share_image.MARGIN


def test_the_mark_closes_the_image_at_the_bottom_right(monkeypatch):
    """The "companion" mark is the last thing, flush with the right margin, 44 px above
    the bottom edge, in the muted ink."""
    d = draw(monkeypatch, evening(5))
    mark = d.text("companion")
    h = d.image.height
    assert abs(mark.box[2] - (WIDTH - share_image.MARGIN)) <= 4
    assert abs(mark.middle[1] - (h - 44)) <= 6
    assert rgb(share_image.MUTED) in d.colours_in(mark.box)
    assert all(t.box[3] < mark.box[1] for t in d.texts if t is not mark)


def heights(monkeypatch: pytest.MonkeyPatch, **kw: Any) -> int:
    return draw(monkeypatch, evening(**kw)).image.height


def test_the_image_grows_by_one_row_per_player_and_one_line_per_record(monkeypatch):
    """Each player past the podium adds one 72 px row, each record one 64 px line (plus
    the rule before the first), nothing else."""
    base = heights(monkeypatch, players=3, records=0)
    assert heights(monkeypatch, players=4, records=0) == base + 72
    assert heights(monkeypatch, players=6, records=0) == base + 3 * 72
    assert heights(monkeypatch, players=3, records=1) == base + 64
    assert heights(monkeypatch, players=3, records=3) == base + 3 * 64
    assert heights(monkeypatch, players=0, records=0) == base - 440


def test_the_image_is_as_tall_as_its_parts(monkeypatch):
    """The band and its gap (250 px), the podium (560 px) or the no-hand line (120 px),
    and the bottom with the mark (110 px): 920 px for three players, 480 px without a
    hand, no empty podium space."""
    assert heights(monkeypatch, players=3, records=0) == 250 + 560 + 110
    assert heights(monkeypatch, players=0, records=0) == 250 + 120 + 110


# --- fitting a text to a width -----------------------------------------------------------


@pytest.fixture
def pad() -> ImageDraw.ImageDraw:
    return ImageDraw.Draw(Image.new("RGB", (10, 10)))


def test_fit_keeps_the_requested_size_when_the_text_fits(pad):
    """A text that fits is drawn at the size asked for, uncut."""
    text, f = share_image._fit(pad, "Ann", 40, 300)
    assert text == "Ann" and f.size == 40


def test_fit_takes_the_largest_even_step_that_fits(pad):
    """A text too wide at the size asked for is drawn at the largest size, in 2 px steps
    down, that fits, not smaller."""
    words = "Président (PAGAT, jeu de base)"
    width = int(pad.textlength(words, font=share_image.font(34))) + 1
    text, f = share_image._fit(pad, words, 40, width)
    assert text == words and f.size == 34
    exact = pad.textlength(words, font=share_image.font(36))
    text, f = share_image._fit(pad, words, 40, exact)
    assert f.size == 36


def test_fit_shrinks_down_to_two_thirds_before_cutting(pad):
    """A text that fits only at two thirds of the size asked for is shrunk, not cut."""
    words = "Maximilien-Alexandre de La Tour"
    for size in (36, 40, 60):
        low = max(12, size * 2 // 3)
        if low % 2 != size % 2:  # the steps from ``size`` are even apart: the last one above
            low += 1
        width = pad.textlength(words, font=share_image.font(low))
        text, f = share_image._fit(pad, words, size, width)
        assert text == words and f.size == low, size


def test_fit_never_goes_below_twelve_px(pad):
    """Small sizes stop at 12 px: a text asked at 14 px that does not fit at 12 is cut,
    at 12 px."""
    words = "Anne-Sophie"
    width = pad.textlength(words, font=share_image.font(12)) - 1
    text, f = share_image._fit(pad, words, 14, width)
    assert text.endswith("…") and f.size == 12
    fits = pad.textlength(words, font=share_image.font(12))
    text, f = share_image._fit(pad, words, 14, fits)
    assert text == words and f.size == 12


def test_fit_cuts_with_an_ellipsis_keeping_all_that_fits(pad):
    """Below two thirds of the size, the text is cut letter by letter and ends with "…":
    the cut text fits, and one more letter would not."""
    words = "Maximilien-Alexandre de La Tour d'Auvergne"
    for width in (200, 333, 420):
        text, f = share_image._fit(pad, words, 40, width)
        assert f.size == 40 * 2 // 3
        assert text.endswith("…") and words.startswith(text[:-1])
        assert pad.textlength(text, font=f) <= width
        longer = words[: len(text)] + "…"
        assert pad.textlength(longer, font=f) > width
    exact = pad.textlength("Maxi…", font=share_image.font(26))
    text, _ = share_image._fit(pad, words, 40, exact)
    assert text == "Maxi…"


def test_fit_of_a_width_too_small_for_any_letter_leaves_the_ellipsis(pad):
    """When not even one letter fits, only "…" is left."""
    text, f = share_image._fit(pad, "Ann", 30, 1)
    assert text == "…" and f.size == 20


# --- the font ----------------------------------------------------------------------------


def test_the_text_font_is_flets_roboto():
    """The image is written in Roboto, the font Flet's web client ships, so it looks like
    the app and has every French accent."""
    path = share_image._flet_roboto()
    assert path is not None and path.is_file() and path.name == "roboto.woff2"
    assert path.parent.name == "fonts" and path.parent.parent.name == "assets"
    assert share_image.font(40).getname()[0] == "Roboto"


def test_without_flet_web_there_is_no_roboto(monkeypatch):
    """If Flet's web client is not installed, Roboto is not found (and a system font is
    used) instead of failing."""
    monkeypatch.setattr(share_image.importlib.util, "find_spec", lambda name: None)
    assert share_image._flet_roboto() is None


def test_a_flet_web_without_the_font_gives_no_roboto(monkeypatch, tmp_path):
    """A flet_web package that lacks the font file, or has no folder, gives no Roboto."""
    empty = SimpleNamespace(submodule_search_locations=[str(tmp_path)])
    monkeypatch.setattr(share_image.importlib.util, "find_spec", lambda name: empty)
    assert share_image._flet_roboto() is None
    bare = SimpleNamespace(submodule_search_locations=None)
    monkeypatch.setattr(share_image.importlib.util, "find_spec", lambda name: bare)
    assert share_image._flet_roboto() is None


def test_the_font_is_looked_up_as_flet_web(monkeypatch):
    """Roboto is looked for in the package named ``flet_web``."""
    asked: list[str] = []
    real = share_image.importlib.util.find_spec

    def spy(name: str) -> Any:
        asked.append(name)
        return real(name)

    monkeypatch.setattr(share_image.importlib.util, "find_spec", spy)
    assert share_image._flet_roboto() is not None
    assert asked == ["flet_web"]


def test_the_png_is_compressed(monkeypatch):
    """The PNG is saved optimised: smaller than the same picture saved plainly."""
    summary = evening(6)
    data = summary_png(summary, colours_of(summary), "fr", UTC)
    image = Image.open(io.BytesIO(data))
    plain = io.BytesIO()
    image.save(plain, format="PNG")
    assert len(data) < len(plain.getvalue())


@pytest.mark.parametrize("size", [40, 45])
def test_fit_does_not_shrink_below_two_thirds(pad, size):
    """A text that would fit only below two thirds of the size asked for is cut at two
    thirds instead of shrunk further, whatever the parity of the size."""
    words = "Maximilien-Alexandre de La Tour"
    low = size * 2 // 3
    width = pad.textlength(words, font=share_image.font(low - 1))
    text, f = share_image._fit(pad, words, size, width)
    assert text.endswith("…") and f.size == low


def test_the_type_scale(monkeypatch):
    """The sizes of the design, largest first: the podium's place numbers 64 px, the
    title 60, the podium names 40, the rows' names 36, the no-hand line 36, the date and
    the rows' places 34, scores and records 32, the rules line 28, the mark 26; initials
    nine tenths of the disc's radius (63, 52 and 25 px)."""
    summary = evening(5, records=1)
    d = draw(monkeypatch, summary, lang="fr", tz=PARIS)
    first, second, fourth = summary.ranking[0], summary.ranking[1], summary.ranking[3]
    sizes = {
        "place on the podium": d.text("1").size,
        "title": d.text("Friday club").size,
        "name on the podium": d.text(first.name).size,
        "name in a row": d.text(fourth.name).size,
        "date": d.text("lundi 23 novembre 2026, 21:30").size,
        "place in a row": d.text("4.").size,
        "score on the podium": d.text(score_words(summary, first, "fr")).size,
        "score in a row": d.text(score_words(summary, fourth, "fr")).size,
        "record": d.text(record_lines(summary, "fr")[0][1]).size,
        "rules": d.text(rules_line(summary, "fr")).size,
        "mark": d.text("companion").size,
        "winner's initials": d.text(initials(first.name)).size,
        "initials on the podium": d.text(initials(second.name)).size,
        "initials in a row": d.text(initials(fourth.name)).size,
    }
    assert sizes == {
        "place on the podium": 64,
        "title": 60,
        "name on the podium": 40,
        "name in a row": 36,
        "date": 34,
        "place in a row": 34,
        "score on the podium": 32,
        "score in a row": 32,
        "record": 32,
        "rules": 28,
        "mark": 26,
        "winner's initials": 63,
        "initials on the podium": 52,
        "initials in a row": 25,
    }
    empty = draw(monkeypatch, evening(0, records=0), colours={}, lang="en")
    assert empty.text("No hand played.").size == 36


def grown(words: str, size: int, low: float, high: float, then: str = "") -> str:
    """``words`` lengthened letter by letter until, at ``size`` px and followed by
    ``then``, it is wider than ``low`` (and, checked, not wider than ``high``)."""
    pad = ImageDraw.Draw(Image.new("RGB", (10, 10)))
    filler = iter("abcdefghijklmnopqrstuvwxyz" * 10)
    while pad.textlength(words + then, font=share_image.font(size)) <= low:
        words += next(filler)
    assert pad.textlength(words + then, font=share_image.font(size)) <= high
    return words


def test_band_lines_use_the_whole_width_between_the_margins(monkeypatch):
    """A title, a rules line or a record just narrower than the space between the margins
    (952 px) keeps its full size and all its letters."""
    inner = WIDTH - 2 * share_image.MARGIN
    title = grown("Soirée des anciens", 60, inner - 60, inner)
    preset = grown("house-rules", 28, inner - 40, inner, then=" · 5 donnes · terminée")
    summary = evening(4, title=title, records=0).model_copy(update={"preset": preset})
    d = draw(monkeypatch, summary)
    assert d.text(title).size == 60
    line = rules_line(summary, "fr")
    assert line.startswith(preset) and d.text(line).size == 28


def test_a_record_just_within_the_margins_keeps_its_size(monkeypatch):
    """A record line just narrower than the space between the margins keeps 32 px."""
    inner = WIDTH - 2 * share_image.MARGIN
    pad = ImageDraw.Draw(Image.new("RGB", (10, 10)))
    name = "Jean"
    while True:
        summary = evening(4, names=["Ann", "Bob", "Chloé", name], records=3)
        sentence = record_lines(summary, "fr")[2][1]
        if pad.textlength(sentence, font=share_image.font(32)) > inner - 40:
            break
        name += "n"
    assert pad.textlength(sentence, font=share_image.font(32)) <= inner
    d = draw(monkeypatch, summary)
    assert d.text(sentence).size == 32


def test_very_long_words_stay_between_the_margins(monkeypatch):
    """A very long title, rules line or record is shrunk and cut to end at the right
    margin, never past it."""
    title = "Le grand tournoi annuel des anciens élèves du lycée Jean-Baptiste Corot"
    preset = "règles-de-la-maison-transmises-par-tonton-Marcel-depuis-mille-neuf-cent"
    name = "Jean-Christophe-Marie de Montmorency-Laval de La Rochefoucauld"
    summary = evening(4, names=["Ann", "Bob", "Chloé", name], title=title, records=3)
    summary = summary.model_copy(update={"preset": preset})
    pad = ImageDraw.Draw(Image.new("RGB", (10, 10)))
    inner = WIDTH - 2 * share_image.MARGIN
    for words, size in ((title, 60), (rules_line(summary, "fr"), 28)):
        assert pad.textlength(words, font=share_image.font(size)) > inner  # too long as is
    climb = record_lines(summary, "fr")[-1][1]
    assert pad.textlength(climb, font=share_image.font(32)) > inner
    d = draw(monkeypatch, summary)
    for t in d.texts:
        assert t.box[2] <= WIDTH - share_image.MARGIN, t


def test_title_counts_on_the_podium_fit_their_columns(monkeypatch):
    """Without points, the podium shows title counts ("3× Président, 0× Trou du cul"),
    longer than a column: each is made smaller to stay within its column, 12 px from
    each side."""
    summary = evening(3, counts_points=False, records=0)
    d = draw(monkeypatch, summary)
    slot = (WIDTH - 2 * share_image.MARGIN) // 3
    for f in summary.podium:
        words = score_words(summary, f, "fr")
        t = next(t for t in d.texts if words.startswith(t.text.rstrip("…")) and "×" in t.text)
        x0 = share_image.MARGIN + {1: 1, 2: 0, 3: 2}[f.place] * slot
        assert x0 + 12 <= t.box[0] and t.box[2] <= x0 + slot - 12, (f.name, t)
        assert t.size is not None and t.size < 32


@pytest.mark.parametrize(("lang", "word"), [("fr", "Soirée"), ("en", "Evening")])
def test_an_untitled_evening_is_headed_in_the_viewers_language(monkeypatch, lang, word):
    """An evening with neither title nor place is headed "Soirée" / "Evening"."""
    d = draw(monkeypatch, evening(3, title=None, records=0), lang=lang)
    assert d.text(word).size == 60
