"""Rule sets and presets (issue §3, VARIANTS.md §1 and §2 D/P/B)."""

from __future__ import annotations

import pydantic
import pytest

from companion.rules.errors import RuleSetError, UnknownPresetError
from companion.rules.presets import PRESETS, SEEDS, _preset, get_preset, ruleset_from
from companion.rules.ruleset import RuleSet
from companion.words import LANGS, t

# VARIANTS.md: seed short names and files.
SEED_FILES = {
    "PAGAT": "000_a529291ef27ec701.txt",
    "PRES53": "001_eac5c91049f12c8a.txt",
    "WIKI": "002_b9b90edddf16e6aa.txt",
    "CONC": "003_1c8d797c51d4cdc8.txt",
    "TDC": "004_f2920cc71cff2dcf.txt",
}

# VARIANTS.md §1: preset id -> seed.
PRESET_SEEDS = {
    "pagat": "PAGAT", "president": "PRES53", "trou-du-cul": "WIKI", "concierge": "CONC",
    "classique": "TDC", "armix": "TDC", "klootzakken": "PAGAT", "hubere": "PAGAT",
    "butthead": "PAGAT", "strutz": "WIKI", "angevin": "WIKI", "wizz": "WIKI",
    "daifugo": "DAIFUGO",
}  # fmt: skip

# VARIANTS.md §2: option name (as the engine spells it) -> catalogue ID.
OPTION_IDS = {
    "deck": "D1", "jokers": "D2", "decks": "D3", "rank_order": "D4", "joker_order": "D5",
    "wild_cards": "D6", "wild_vs_natural": "D7",
    "trick_rounds": "P1", "must_beat": "P2", "pass_is_final": "P3", "self_overplay": "P4",
    "first_lead": "P5", "lead_after_out": "P6", "single_cards_only": "P7", "direction": "P8",
    "equal_play": "B2", "larger_sets": "B3", "twos": "B4", "joker_power": "B5",
    "special_high_cards": "B6", "transparent": "B7", "suits": "B8", "revolution": "B9",
    "rule_of_four": "B10", "combinations": "B11", "forbidden_finish": "B12",
    "card_effects": "B13", "speed_play": "B14",
}  # fmt: skip


def test_seed_files_are_the_catalogues():
    """The seeds the presets cite are the catalogue's seed files."""
    assert SEEDS == SEED_FILES


def test_exactly_the_twelve_presets_exist():
    """Issue §3: presets pagat, president, trou-du-cul, concierge, classique, armix, and the
    named variants klootzakken, hubere, butthead, strutz, angevin, wizz."""
    assert set(PRESETS) == set(PRESET_SEEDS)


@pytest.mark.parametrize(("pid", "seed"), sorted(PRESET_SEEDS.items()))
def test_preset_cites_its_seed_and_open_points(pid, seed):
    """Issue §3: each preset cites its seed and lists any point the seed left open and how it
    was decided."""
    preset = get_preset(pid)
    assert preset.id == pid
    assert preset.seed == seed
    assert preset.section.strip()
    assert preset.name("fr").strip() and preset.name("en").strip()
    assert isinstance(preset.rules, RuleSet)
    assert preset.open_points, f"{pid} lists no open point"
    assert all(len(t(lang, p)) > 20 for p in preset.open_points for lang in LANGS)
    low, high = preset.players
    assert 2 < low <= high


@pytest.mark.parametrize("pid", ["PAGAT", " Classique ", "TROU-DU-CUL"])
def test_preset_ids_are_case_insensitive(pid):
    """A preset id is read without regard to case or surrounding spaces."""
    assert get_preset(pid).id == pid.strip().lower()


# --- what each preset fixes (VARIANTS.md §1 "essentials") ---------------------------------------

PRESET_ESSENTIALS = {
    "pagat": dict(
        deck="52",
        jokers=0,
        rank_order="two_high",
        trick_rounds="until_all_pass",
        pass_is_final=False,
        must_beat=False,
        equal_play="forbidden",
        first_lead="president",
    ),
    "president": dict(
        jokers=1,
        rank_order="two_high",
        joker_power="beat_all",
        first_lead="scum",
        lead_after_out="next_left",
    ),
    "trou-du-cul": dict(jokers=2, rank_order="two_high", forbidden_finish=frozenset({"2"})),
    "concierge": dict(
        joker_order="white_high",
        joker_power="beat_all",
        twos="one_fewer",
        trick_rounds="one_round",
        rank_order="two_high",
        first_lead="president",
    ),
    "classique": dict(
        jokers=2,
        rank_order="ace_high",
        joker_power="beat_all_but_quad",
        pass_is_final=True,
        self_overplay="once",
        first_lead="president",
        lead_after_out="highest_ranked",
        trick_rounds="until_all_pass",
    ),
    "armix": dict(
        jokers=2,
        rank_order="ace_high",
        single_cards_only=True,
        trick_rounds="one_round",
        must_beat=True,
    ),
    "klootzakken": dict(deck="40", rank_order="three_high", first_lead="scum"),
    "hubere": dict(wild_cards=frozenset({"joker", "2", "3"})),
    "strutz": dict(rank_order="ace_high", card_effects="strutz"),
    "angevin": dict(
        jokers=0,
        rank_order="ace_high",
        card_effects="angevin",
        equal_play="skips_next",
        self_overplay="once",
        forbidden_finish=frozenset({"A"}),
        forbidden_finish_penalty="last_place",
    ),
    "wizz": dict(jokers=0, equal_play="skips_next", larger_sets="higher_rank"),
}


@pytest.mark.parametrize(("pid", "values"), sorted(PRESET_ESSENTIALS.items()))
def test_preset_essentials(pid, values):
    """VARIANTS.md §1: the essentials each system fixes."""
    rules = get_preset(pid).rules
    for name, value in values.items():
        assert getattr(rules, name) == value, f"{pid}.{name}"


def test_butthead_plays_as_pagat():
    """PAGAT (Butthead): only the exchanges differ from the basic game."""
    assert get_preset("butthead").rules == get_preset("pagat").rules


def test_concierge_uses_two_decks_and_two_fous_from_five_players():
    """CONC: « un paquet conventionnel, plus les Fous, à trois ou quatre joueurs. Deux paquets
    conventionnels, plus deux Fous, à cinq ou six joueurs »."""
    rules = get_preset("concierge").rules
    assert [rules.deck_count(n) for n in (3, 4, 5, 6)] == [1, 1, 2, 2]
    assert [rules.joker_count(n) for n in (3, 4, 5, 6)] == [2, 2, 2, 2]


def test_strutz_uses_two_decks_from_six_players_and_at_most_two_jokers():
    """WIKI (Strutz): « De 3 à 5 joueurs, on joue avec un jeu de 54 cartes. de 6 à 10 joueurs,
    on prend deux jeux de 52 cartes. » and « Un ou deux jokers peuvent être introduits »."""
    rules = get_preset("strutz").rules
    assert [rules.deck_count(n) for n in (3, 5, 6, 10)] == [1, 1, 2, 2]
    for n in range(3, 11):
        assert 1 <= rules.joker_count(n) <= 2, f"{n} players: {rules.joker_count(n)} jokers"


def test_pres53_pack_is_53_cards():
    """PRES53: « Quatre joueurs utilisent un jeu de 52 cartes auquel on ajoute un joker »."""
    rules = get_preset("president").rules
    assert rules.deck_count(4) == 1 and rules.joker_count(4) == 1


# --- RuleSet: catalogue names and IDs ------------------------------------------------------------


@pytest.mark.parametrize(("name", "oid"), sorted(OPTION_IDS.items()))
def test_every_catalogue_option_is_a_field_described_with_its_id(name, oid):
    """Issue §3: a RuleSet holds every option of VARIANTS.md D, P and B under the option names
    given there, each field described with its catalogue ID and seed."""
    info = RuleSet.option_info()
    assert name in info
    assert info[name].startswith(oid + " ("), info[name]


def test_ruleset_is_frozen():
    """A preset's rule set cannot be changed in place."""
    rules = get_preset("pagat").rules
    with pytest.raises(pydantic.ValidationError):
        rules.equal_play = "allowed"  # type: ignore[misc]


def test_ruleset_refuses_unknown_fields():
    """An option the rule set does not have is refused."""
    with pytest.raises(RuleSetError):
        get_preset("pagat").rules.with_options(colour="blue")


# --- ruleset_from: --set ------------------------------------------------------------------------


def test_set_changes_one_option_and_keeps_the_others():
    """``--set`` changes the option it names only, and leaves the preset itself untouched."""
    base = get_preset("pagat").rules
    rules = ruleset_from("pagat", ["equal_play=allowed"])
    assert rules.equal_play == "allowed"
    assert rules.model_dump() == {**base.model_dump(), "equal_play": "allowed"}
    assert get_preset("pagat").rules.equal_play == "forbidden"  # the preset is untouched


def test_no_set_gives_the_preset_itself():
    """Without ``--set``, the rules are the preset's own."""
    assert ruleset_from("classique") == get_preset("classique").rules
    assert ruleset_from("classique", []) == get_preset("classique").rules


@pytest.mark.parametrize(
    ("setting", "name", "value"),
    [
        ("must_beat=true", "must_beat", True),
        ("must_beat=oui", "must_beat", True),
        ("pass_is_final=false", "pass_is_final", False),
        ("speed_play=yes", None, None),  # needs equal play: see the clash test
        ("transparent=3", "transparent", 3),
        ("transparent=none", "transparent", None),
        ("decks=2", "decks", 2),
        ("jokers=2", "jokers", 2),
        ("trick_rounds=one_round", "trick_rounds", "one_round"),
        ("equal-play=skips_next", "equal_play", "skips_next"),
        ("forbidden_finish=2,A", "forbidden_finish", frozenset({"2", "A"})),
        ("forbidden_finish=none", "forbidden_finish", frozenset()),
        ("twos=beat_all", "twos", "beat_all"),
    ],
)
def test_set_values_are_read_by_type(setting, name, value):
    """`--set NAME=VALUE`: booleans, integers, lists and names are read by the option's type."""
    if name is None:
        with pytest.raises(RuleSetError):
            ruleset_from("pagat", [setting])
        return
    assert getattr(ruleset_from("pagat", [setting]), name) == value


def test_set_wild_cards_list():
    """``wild_cards`` is set from a comma-separated list."""
    rules = ruleset_from("pagat", ["jokers=2", "wild_cards=joker,2"])
    assert rules.wild_cards == frozenset({"joker", "2"})


@pytest.mark.parametrize(
    "settings",
    [
        ["deck=32", "rank_order=seven_high"],
        ["deck=30", "rank_order=seven_high"],
        ["deck=40", "rank_order=three_high"],
        ["deck=52"],
    ],
)
def test_set_deck_sizes(settings):
    """D1 (PAGAT, WIKI): `deck` is 52, 32 (7…A), 30 or 40 (no 4 5 6); the command line writes
    them as numbers (`--set deck=32`)."""
    rules = ruleset_from("pagat", settings)
    assert rules.deck == settings[0].split("=")[1]


def test_several_sets_apply_together():
    """Several ``--set`` items apply together."""
    rules = ruleset_from("pagat", ["equal_play=allowed", "rule_of_four=follow"])
    assert (rules.equal_play, rules.rule_of_four) == ("allowed", "follow")


@pytest.mark.parametrize(
    ("value", "power"),
    [
        ("beat_all", "beat_all"),
        ("beat_all_but_quad", "beat_all_but_quad"),
        ("rank", "rank"),
    ],
)
def test_set_jokers_power_is_routed_to_joker_power(value, power):
    """VARIANTS.md names both D2 (count) and B5 (power) `jokers`: a power value goes to B5."""
    base = get_preset("president").rules
    rules = ruleset_from("president", [f"jokers={value}"])
    assert rules.joker_power == power
    assert rules.jokers == base.jokers


def test_set_jokers_count_stays_d2():
    """Setting the jokers' count (D2) leaves the jokers' power as it was."""
    rules = ruleset_from("pagat", ["jokers=2"])
    assert rules.jokers == 2
    assert rules.joker_power == "rank"


# --- clashes and refusals ------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("preset", "settings", "names"),
    [
        ("pagat", ["rule_of_four=follow"], ("rule_of_four", "equal_play")),
        (
            "pagat",
            ["rule_of_four=magic_square", "equal_play=forbidden"],
            ("rule_of_four", "equal_play"),
        ),
        ("pagat", ["rank_order=seven_high"], ("rank_order", "deck")),
        ("pagat", ["rank_order=three_high"], ("rank_order", "deck")),
        ("pagat", ["speed_play=true"], ("speed_play", "equal_play")),
        (
            "pagat",
            ["single_cards_only=true", "larger_sets=any_rank"],
            ("single_cards_only", "larger_sets"),
        ),
        ("pagat", ["forbidden_finish=3"], ("forbidden_finish", "revolution")),
        ("pagat", ["wild_cards=joker"], ("wild_cards", "jokers")),
        ("pagat", ["wild_cards=2", "twos=beat_all"], ("wild_cards", "twos")),
        ("armix", ["revolution=quad"], ("single_cards_only", "revolution")),
    ],
)
def test_clashing_options_are_refused_naming_both(preset, settings, names):
    """Issue §3: invalid combinations are rejected with a message that says which options
    clash."""
    with pytest.raises(RuleSetError) as caught:
        ruleset_from(preset, settings)
    for lang in ("fr", "en"):
        message = caught.value.message(lang)
        for name in names:
            assert name in message, (lang, message)


@pytest.mark.parametrize("setting", ["colour=blue", "joker_powers=beat_all", "foo=1"])
def test_unknown_option_is_refused_clearly(setting):
    """`--set` with an unknown option name: a RuleSetError naming it (never a traceback)."""
    name = setting.split("=")[0]
    with pytest.raises(RuleSetError) as caught:
        ruleset_from("pagat", [setting])
    for lang in ("fr", "en"):
        assert name in caught.value.message(lang)
    assert "equal_play" in caught.value.message("en")  # the known options are listed


@pytest.mark.parametrize(
    ("setting", "name"),
    [
        ("equal_play=sometimes", "equal_play"),
        ("must_beat=maybe", "must_beat"),
        ("jokers=7", "jokers"),
        ("trick_rounds=", "trick_rounds"),
        ("revolution=quadruple", "revolution"),
    ],
)
def test_bad_value_is_refused_naming_the_option(setting, name):
    """A bad value is refused, naming its option in both languages."""
    with pytest.raises(RuleSetError) as caught:
        ruleset_from("pagat", [setting])
    assert name in caught.value.message("fr")
    assert name in caught.value.message("en")


def test_a_set_without_equals_is_refused():
    """A ``--set`` item without ``=`` is refused, naming it."""
    with pytest.raises(RuleSetError) as caught:
        ruleset_from("pagat", ["equal_play"])
    assert "equal_play" in caught.value.message("en")


def test_unknown_preset_is_refused_and_lists_the_presets():
    """An unknown preset is refused naming it and listing the presets, in both languages."""
    with pytest.raises(UnknownPresetError) as caught:
        get_preset("belote")
    err = caught.value
    assert isinstance(err, RuleSetError) and isinstance(err, ValueError)
    for lang in ("fr", "en"):
        assert "belote" in err.message(lang)
        assert "classique" in err.message(lang)


# --- every catalogue value is accepted somewhere -------------------------------------------------

CATALOGUE_VALUES = [
    ["deck=52"],
    ["deck=32", "rank_order=seven_high"],
    ["deck=30", "rank_order=seven_high"],
    ["deck=40", "rank_order=three_high"],
    ["jokers=0"],
    ["jokers=1"],
    ["jokers=2"],
    ["decks=1"],
    ["decks=2"],
    ["decks=auto", "two_decks_from=5"],
    ["rank_order=two_high"],
    ["rank_order=ace_high"],
    ["jokers=2", "joker_order=equal"],
    ["jokers=2", "joker_order=coloured_high"],
    ["jokers=2", "joker_order=white_high"],
    ["wild_cards=none"],
    ["jokers=1", "wild_cards=joker"],
    ["wild_cards=2"],
    ["wild_cards=3"],
    ["wild_cards=3", "wild_vs_natural=natural_wins"],
    ["wild_cards=3", "wild_vs_natural=wild_wins"],
    ["wild_cards=3", "wild_vs_natural=equal"],
    ["trick_rounds=until_all_pass"],
    ["trick_rounds=one_round"],
    ["must_beat=true"],
    ["must_beat=false"],
    ["pass_is_final=true"],
    ["pass_is_final=false"],
    ["self_overplay=never"],
    ["self_overplay=once"],
    ["first_lead=left_of_dealer"],
    ["first_lead=lowest_card"],
    ["first_lead=queen_of_hearts"],
    ["first_lead=president"],
    ["first_lead=scum"],
    ["lead_after_out=next_left"],
    ["lead_after_out=next_right"],
    ["lead_after_out=highest_ranked"],
    ["single_cards_only=true"],
    ["direction=clockwise"],
    ["direction=anticlockwise"],
    ["equal_play=forbidden"],
    ["equal_play=allowed"],
    ["equal_play=skips_next"],
    ["larger_sets=forbidden"],
    ["larger_sets=higher_rank"],
    ["larger_sets=any_rank"],
    ["twos=normal"],
    ["twos=beat_all"],
    ["twos=one_fewer"],
    ["twos=high_and_low"],
    ["jokers=1", "joker_power=rank"],
    ["jokers=1", "joker_power=beat_all"],
    ["jokers=2", "joker_power=beat_all_but_quad"],
    ["special_high_cards=none"],
    ["special_high_cards=black_threes"],
    ["special_high_cards=jack_of_diamonds"],
    ["jokers=2", "special_high_cards=jokers_jacks_twos"],
    ["transparent=none"],
    ["transparent=3"],
    ["transparent=4"],
    ["suits=ignored"],
    ["suits=follow_suit"],
    ["suits=opposite_colour"],
    ["suits=ranked"],
    ["suits=ranked_poker"],
    ["revolution=off"],
    ["revolution=quad"],
    ["revolution=quad_persistent"],
    ["revolution=quad_and_direction", "equal_play=allowed"],
    ["equal_play=allowed", "rule_of_four=off"],
    ["equal_play=allowed", "rule_of_four=follow"],
    ["equal_play=allowed", "rule_of_four=magic_square"],
    ["combinations=sets"],
    ["combinations=sets_and_runs"],
    ["combinations=poker"],
    ["forbidden_finish=2"],
    ["jokers=1", "forbidden_finish=joker"],
    ["forbidden_finish=A"],
    ["revolution=quad", "forbidden_finish=3"],
    ["forbidden_finish=2", "forbidden_finish_penalty=illegal"],
    ["forbidden_finish=2", "forbidden_finish_penalty=last_place"],
    ["card_effects=none"],
    ["card_effects=give_discard"],
    ["card_effects=strutz"],
    ["card_effects=angevin"],
    ["equal_play=allowed", "speed_play=true"],
    ["speed_play=false"],
]


@pytest.mark.parametrize("settings", CATALOGUE_VALUES, ids=" ".join)
def test_every_catalogue_value_is_accepted(settings):
    """VARIANTS.md §2: every value of every D, P and B option can be set from the command
    line (with whatever it needs alongside)."""
    ruleset_from("pagat", settings)


def test_a_preset_keeps_its_rules_players_and_open_points() -> None:
    """A preset built on another one holds the base's rules with its own options changed, its
    player range, and the open points it lists."""
    base = get_preset("pagat")
    built = _preset(
        "demo",
        "WIKI",
        "Une section",
        (3, 6),
        open_points=2,
        base=base.rules,
        jokers=2,
    )
    assert built.open_points == ("preset.open.demo.1", "preset.open.demo.2")
    assert built.players == (3, 6)
    assert built.rules.jokers == 2
    assert built.rules.rank_order == base.rules.rank_order
    assert built.rules == base.rules.with_options(jokers=2)
    assert (built.id, built.seed, built.section) == ("demo", "WIKI", "Une section")


def test_a_presets_name_is_french_unless_asked_otherwise() -> None:
    """The app speaks French first: a preset's name is its French one by default."""
    preset = get_preset("pagat")
    assert preset.name() == preset.name("fr") == "Président (PAGAT, jeu de base)"
    assert preset.name("en") == "President (PAGAT basic game)"


def test_a_preset_s_name_comes_from_the_catalogue_in_each_language() -> None:
    """Rule: a preset's name is its catalogue message (preset.<id>.name), German included,
    and a system named after its own seed keeps that name (« Trou-du-cul classique »)."""
    assert get_preset("pagat").name("de") == "Präsident (PAGAT, Grundspiel)"
    assert get_preset("classique").name("de") == "Trou-du-cul classique"


def test_an_unknown_preset_is_refused_in_the_viewer_s_language() -> None:
    """Rule: the error names the unknown rules and the choices, in German too."""
    with pytest.raises(UnknownPresetError) as caught:
        get_preset("belote")
    assert caught.value.message("de").startswith("Unbekannte Regeln: „belote“. Zur Wahl: pagat")
    assert caught.value.message("fr").startswith("Règles inconnues : « belote »")
    assert caught.value.code == "unknown-preset"


def test_scum_names_pagats_english_base_game():
    """PAGAT (pagat's page on the English-language base game): « Président a de nombreux noms
    alternatifs : Racaille … « Warlords and Scumbags » »: `--rules scum` is that game, the
    `pagat` preset, and an evening stores it under its one id."""
    assert get_preset("scum") is PRESETS["pagat"]
    assert get_preset(" Scum ").id == "pagat"


def test_a_ruling_under_scum_cites_pagats_base_game():
    """`companion judge --rules scum` rules and cites as `--rules pagat` does."""
    from seed_check import cli

    _, scum, _ = cli("judge", "--rules", "scum", "--players", "A,B,C,D", "--play", "A: 5")
    _, pagat, _ = cli("judge", "--rules", "pagat", "--players", "A,B,C,D", "--play", "A: 5")
    assert scum == pagat and "PAGAT" in scum
