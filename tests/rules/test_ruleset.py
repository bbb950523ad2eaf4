"""Rule set clashes (companion/rules/ruleset.py): each combination of options that cannot be
played is refused, named in both languages. One rule per test, the rule in its docstring."""

from __future__ import annotations

import pytest

from companion.rules.errors import RuleSetError
from companion.rules.presets import ruleset_from


def _refusal(*settings: str) -> tuple[str, str]:
    with pytest.raises(RuleSetError) as info:
        ruleset_from("pagat", list(settings))
    return info.value.message("fr"), info.value.message("en")


def test_two_decks_from_a_player_count_needs_that_count() -> None:
    """D3 decks=auto: two decks « à partir de » a number of players: that number is needed."""
    assert _refusal("decks=auto") == (
        "Règles invalides : decks=auto demande two_decks_from",
        "Invalid rules: decks=auto needs two_decks_from",
    )


def test_poker_hands_are_played_without_wild_cards() -> None:
    """B11 poker (WIKI) is played without D6 wild cards."""
    assert _refusal("wild_cards=2", "combinations=poker") == (
        "Règles invalides : combinations=poker se joue sans cartes libres",
        "Invalid rules: combinations=poker is played without wild cards",
    )


def test_speed_play_needs_equal_plays() -> None:
    """B14 speed_play (WIKI) plays a card equal to the one on the table out of turn: it needs
    B2 equal plays, allowed or skipping the next player, and the refusal names both values."""
    assert _refusal("speed_play=true", "equal_play=forbidden") == (
        "Règles invalides : speed_play demande equal_play=allowed ou skips_next",
        "Invalid rules: speed_play needs equal_play=allowed or skips_next",
    )


@pytest.mark.parametrize(
    ("deck", "setting"),
    [("40", "transparent=4"), ("32", "special_high_cards=black_threes"), ("30", "transparent=3")],
)
def test_an_option_needing_a_rank_the_deck_lacks_is_refused(deck: str, setting: str) -> None:
    """D1: the 40-card deck has no 4, the 32- and 30-card decks no 3: transparent 4s, black
    threes or transparent 3s cannot be played with them."""
    assert _refusal(f"deck={deck}", setting) == (
        f"Règles invalides : deck={deck} n'a pas le rang que demandent "
        "transparent/wild_cards/special_high_cards",
        f"Invalid rules: deck={deck} lacks the rank used by "
        "transparent/wild_cards/special_high_cards",
    )


def test_the_full_deck_holds_every_rank_those_options_need() -> None:
    """D1: the 52-card deck holds the 3s and 4s, so the same options are accepted there."""
    for setting in ("transparent=4", "special_high_cards=black_threes", "transparent=3"):
        assert ruleset_from("pagat", ["deck=52", setting]).deck == "52"


def test_an_option_s_description_takes_its_meaning_from_the_catalogue() -> None:
    """Rule: the description the docs and tools read is "<ID> (<seeds>): <meaning>", the
    meaning being the catalogue's explanation (option.<name>.explain), in the language asked."""
    from companion.rules.ruleset import RuleSet

    assert RuleSet.option_info()["deck"] == "D1 (PAGAT, WIKI): How many cards one deck holds."
    assert RuleSet.option_info("fr")["deck"] == "D1 (PAGAT, WIKI): Combien de cartes compte un jeu."
    assert RuleSet.option_info("de")["deck"] == (
        "D1 (PAGAT, WIKI): Wie viele Karten ein Kartenspiel hat."
    )


def test_rules_that_clash_are_refused_in_german_each_reason_in_german() -> None:
    """Rule: every clash is said, joined in one sentence, in the viewer's language."""
    with pytest.raises(RuleSetError) as caught:
        ruleset_from("pagat", ["jokers=3", "decks=auto"])
    assert caught.value.message("de") == (
        "Ungültige Regeln: jokers=3: 0, 1 oder 2; decks=auto verlangt two_decks_from"
    )
    assert caught.value.message("en") == (
        "Invalid rules: jokers=3: 0, 1 or 2; decks=auto needs two_decks_from"
    )


@pytest.mark.parametrize(
    ("setting", "german"),
    [
        ("max_set=abc", "max_set: eine ganze Zahl wird erwartet"),
        ("equal_play=sometimes", "equal_play: mögliche Werte: forbidden, allowed, skips_next"),
        ("transparent=5", "transparent: mögliche Werte: none, 3, 4"),
        ("wild_cards=9", "wild_cards: mögliche Werte: joker, 2, 3"),
    ],
)
def test_a_bad_value_is_said_in_the_viewers_language(setting: str, german: str) -> None:
    """A value the option does not take is refused in the viewer's words, naming what it
    takes (pydantic's own report is English): no English word shows in German."""
    with pytest.raises(RuleSetError) as caught:
        ruleset_from("pagat", [setting])
    said = caught.value.words.render("de")
    assert said == f"Ungültige Regeln: {german}"
    assert "Input" not in said and "should" not in said


def test_every_house_rule_says_what_its_source_leaves_open():
    """Issue 23 item 5: each house rule (section H) lists the open points its source leaves
    and what we decided (docs/options.md), in every language of the app."""
    from companion.rules.house_rules import HOUSE_OPEN_POINTS
    from companion.rules.ruleset import RuleSet
    from companion.words import t

    house = [n for n in RuleSet.model_fields if (RuleSet.option_id(n) or "").startswith("H")]
    assert sorted(HOUSE_OPEN_POINTS) == sorted(house)
    for name, count in HOUSE_OPEN_POINTS.items():
        for n in range(1, count + 1):
            texts = {lang: t(lang, f"option.open.{name}.{n}") for lang in ("fr", "en", "de")}
            assert len(set(texts.values())) == 3, texts
            assert all(f"option.open.{name}" not in text for text in texts.values())
