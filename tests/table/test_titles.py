"""The titles (S1, companion/table/titles.py): each scheme's names for each table size."""

from __future__ import annotations

import pytest

from companion.table.titles import SCHEMES, STORED, place_titles, title_of, title_words, titles_for


@pytest.mark.parametrize(
    ("scheme", "players", "titles"),
    [
        # PAGAT: président, vice-président, citoyens, and the trouduc at the bottom.
        ("pagat", 2, ["Président", "Trouduc"]),
        ("pagat", 3, ["Président", "Vice-Président", "Trouduc"]),
        ("pagat", 4, ["Président", "Vice-Président", "Citoyen", "Trouduc"]),
        ("pagat", 5, ["Président", "Vice-Président", "Citoyen 1", "Citoyen 2", "Trouduc"]),
        # WIKI: "À trois joueurs, le premier est nommé Président ; le deuxième Neutre".
        ("wiki", 3, ["Président", "Neutre", "Trou du cul"]),
        ("wiki", 4, ["Président", "Vice-Président", "Secrétaire", "Trou du cul"]),
        ("wiki", 5, ["Président", "Vice-Président", "Neutre", "Secrétaire", "Trou du cul"]),
        (
            "wiki",
            6,
            ["Président", "Vice-Président", "Neutre 1", "Neutre 2", "Secrétaire", "Trou du cul"],
        ),
        # CONC: commis 1 and commis 2 between the secrétaire and the concierge.
        ("concierge", 4, ["Président", "Vice-Président", "Secrétaire", "Concierge"]),
        ("concierge", 5, ["Président", "Vice-Président", "Secrétaire", "Commis 1", "Concierge"]),
        (
            "concierge",
            6,
            ["Président", "Vice-Président", "Secrétaire", "Commis 1", "Commis 2", "Concierge"],
        ),
        # TDC: the contremaître, then ouvriers.
        ("tdc", 4, ["Président", "Secrétaire", "Larbin", "Trou-du-cul"]),
        ("tdc", 5, ["Président", "Secrétaire", "Contremaître", "Larbin", "Trou-du-cul"]),
        (
            "tdc",
            7,
            ["Président", "Secrétaire", "Ouvrier 1", "Ouvrier 2", "Ouvrier 3", "Larbin",
             "Trou-du-cul"],
        ),
        # PAGAT: "Propriétaire, Noble, Marchand supérieur, Marchand inférieur, Paysan, Racaille".
        (
            "merchants",
            6,
            ["Propriétaire", "Noble", "Marchand supérieur", "Marchand inférieur", "Paysan",
             "Racaille"],
        ),
        # PAGAT Hűbéres: six ranks at six players, a Polgár in the odd middle place.
        (
            "hubere",
            7,
            ["Király", "Nagybirtokos", "Kisbirtokos", "Polgár", "Nagyparaszt", "Kisparaszt",
             "Mocsár"],
        ),
    ],
)  # fmt: skip
def test_titles_from_the_seeds(scheme: str, players: int, titles: list[str]) -> None:
    """Each place's title, best first, as the seed names them."""
    assert titles_for(scheme, players) == titles


@pytest.mark.parametrize("scheme", sorted(SCHEMES))
def test_every_player_has_a_distinct_title(scheme: str) -> None:
    """From 2 to 12 players, one title per place and no two alike (the screens look a
    player up by title); the first title is the top one and the last the bottom one."""
    for players in range(2, 13):
        titles = titles_for(scheme, players)
        assert len(titles) == players
        assert len(set(titles)) == players
        assert titles[0] == STORED[SCHEMES[scheme].top[0]]
        assert titles[-1] == STORED[SCHEMES[scheme].bottom[0]]


@pytest.mark.parametrize("lang", ["fr", "en", "de"])
@pytest.mark.parametrize("scheme", sorted(SCHEMES))
def test_titles_stay_distinct_in_every_language(scheme: str, lang: str) -> None:
    """In each language too, no two places at a table share a title (a screen looks a
    player up by the title it shows)."""
    for players in range(2, 13):
        assert len(set(titles_for(scheme, players, lang))) == players


def test_french_shows_the_stored_words() -> None:
    """The French catalogue's titles are the stored words, so French screens show what the
    evenings keep."""
    for scheme in SCHEMES:
        for players in range(2, 9):
            assert titles_for(scheme, players, "fr") == titles_for(scheme, players)


def test_english_titles() -> None:
    """English says President and Vice-President, Scum where the French is Trou du cul or
    Trouduc (pagat's English names), Vice-Scum for WIKI's Secrétaire (« ou Vice-Trou du
    cul »), and plain English for the other schemes' lower places."""
    assert titles_for("pagat", 5, "en") == [
        "President",
        "Vice-President",
        "Citizen 1",
        "Citizen 2",
        "Scum",
    ]
    assert titles_for("wiki", 5, "en") == [
        "President",
        "Vice-President",
        "Neutral",
        "Vice-Scum",
        "Scum",
    ]
    assert titles_for("tdc", 6, "en") == [
        "President",
        "Secretary",
        "Foreman",
        "Worker",
        "Lackey",
        "Scum",
    ]
    assert titles_for("concierge", 6, "en") == [
        "President",
        "Vice-President",
        "Secretary",
        "Clerk 1",
        "Clerk 2",
        "Janitor",
    ]
    assert titles_for("pres53", 4, "en") == ["President", "Vice-President", "Secretary", "Sweeper"]


def test_german_titles() -> None:
    """German says Präsident, Vizepräsident, Bürger, Vize-Arschloch and Arschloch, and
    keeps no French title."""
    assert titles_for("wiki", 5, "de") == [
        "Präsident",
        "Vizepräsident",
        "Neutraler",
        "Vize-Arschloch",
        "Arschloch",
    ]
    assert titles_for("pagat", 4, "de") == ["Präsident", "Vizepräsident", "Bürger", "Arschloch"]
    german = {t for s in SCHEMES for n in range(2, 9) for t in titles_for(s, n, "de")}
    assert not german & {"Président", "Trou du cul", "Secrétaire", "Citoyen", "Larbin"}


def test_a_stored_title_reads_in_the_viewer_s_language() -> None:
    """A stored French title, numbered or not, shows in the viewer's language; the scheme
    decides a shared word (Secrétaire is WIKI's Vice-Scum, CONC's Secretary); a word no
    scheme uses shows as it is."""
    assert title_words("en", "Commis 2") == "Clerk 2"
    assert title_words("en", "Secrétaire", "wiki") == "Vice-Scum"
    assert title_words("en", "Secrétaire", "concierge") == "Secretary"
    assert title_words("de", "Trou-du-cul") == "Arschloch"
    assert title_words("en", "Chef") == "Chef" and title_of("Chef") is None
    assert place_titles("wiki", range(4, 7)).in_lang("en").last == "Scum"


def test_an_evening_s_titles_show_in_the_viewer_s_language(tmp_path) -> None:
    """The titles a hand gives, the next plan's, the history's and the score sheet's stay
    the seeds' French words (what the JSON carries) and show in English or German on
    asking, read as the evening's scheme reads them (WIKI's Secrétaire is Vice-Scum)."""
    from companion.table.service import TableService

    service = TableService(tmp_path / "data")
    ev = service.create_evening(["Ann", "Bob", "Cat", "Dan"], "trou-du-cul")
    for _ in range(2):  # the second hand is played with the first one's titles
        ev = service.record_hand(ev.id, ["Ann", "Bob", "Cat", "Dan"], expected_version=ev.version)
    result = ev.hands[-1].result
    assert result is not None
    ann, cat = ev.players[0].id, ev.players[2].id
    assert result.titles[ann] == "Président" and result.titles[cat] == "Secrétaire"
    assert result.titles_in("en")[cat] == "Vice-Scum"
    assert result.titles_in("de")[ann] == "Präsident"
    assert result.plan.titles_in("de")["Cat"] == "Vize-Arschloch"
    assert result.plan.titles["Cat"] == "Secrétaire"
    history = service.history(ev.id)
    assert history.title_in("en", history.hands[0].titles[cat]) == "Vice-Scum"
    sheet = service.score_sheet(ev.id)
    assert sheet.title_in("de", sheet.rows[0].cells[0].title) == "Präsident"
