"""TableRules (S1–S12): fields, clashes, ``--set`` parsing, the presets' values, and the
split of ``--set`` options between RuleSet and TableRules."""

from __future__ import annotations

import pytest
from pydantic import ValidationError

from companion.errors import CompanionError
from companion.rules.errors import RuleSetError, UnknownPresetError
from companion.rules.presets import PRESETS
from companion.rules.ruleset import RuleSet
from companion.table.table_presets import (
    TABLE_OPEN_POINTS,
    TABLE_PRESETS,
    get_table_rules,
    table_rules_from,
)
from companion.table.table_rules import (
    TableRules,
    TableRulesError,
    build_table_rules,
    parse_exchange,
)


def test_every_field_cites_its_catalogue_id() -> None:
    """VARIANTS.md: each option is defined "with its catalogue ID and seed cited"."""
    # S8 (coup d'État) lives in the RuleSet: its five-card sets are plays the referee judges.
    info = [*TableRules.option_info().values(), RuleSet.option_info()["coup_detat"]]
    assert {d.split(" ")[0].rstrip("abc") for d in info} == {f"S{i}" for i in range(1, 13)}
    for name in TableRules.model_fields:
        assert TableRules.option_id(name).startswith("S"), name


def test_table_presets_cover_every_preset_with_open_points() -> None:
    """Every card preset has table rules and a non-empty list of open points (what its seed leaves
    undecided), and get_table_rules returns that preset's own TableRules."""
    assert set(TABLE_PRESETS) == set(PRESETS) == set(TABLE_OPEN_POINTS)
    for pid, points in TABLE_OPEN_POINTS.items():
        assert points and all(isinstance(p, str) and p for p in points), pid
        assert get_table_rules(pid) is TABLE_PRESETS[pid]


def test_preset_values_from_the_seeds() -> None:
    """PAGAT: "le jeu se termine lorsque quelqu'un atteint (disons) 11 points"; PRES53: "le
    nouveau président marque 3 points, le nouveau vice-président, 2 points, et le nouveau
    secrétaire, 1 point"; WIKI: "Pour un nombre de joueurs n, le Président récoltera donc
    n-1"; TDC: roles "attribués au hasard. Un joueur étale les cartes sur la table et chacun
    en pioche une"; WIKI: "Au début de la première partie, les rôles ne sont pas encore
    distribués"."""
    assert (TABLE_PRESETS["pagat"].scoring, TABLE_PRESETS["pagat"].target) == ("top_two", 11)
    assert TABLE_PRESETS["president"].scoring == "three_two_one"
    assert TABLE_PRESETS["trou-du-cul"].scoring == "n_minus_rank"
    assert TABLE_PRESETS["classique"].first_roles == "draw_card"
    assert TABLE_PRESETS["president"].first_roles == "draw_card"
    assert TABLE_PRESETS["concierge"].first_roles == "draw_card"
    assert TABLE_PRESETS["trou-du-cul"].first_roles == "first_hand"
    assert TABLE_PRESETS["klootzakken"].seating == "fixed"
    assert TABLE_PRESETS["strutz"].veto is True


@pytest.mark.parametrize(
    ("values", "names"),
    [
        ({"scoring": "none", "end": "target", "target": 11}, ("end=target", "scoring=none")),
        ({"exchange_by_score": True}, ("exchange=by_score", "scoring=symmetric")),
        ({"exchange": (), "putsch": True}, ("putsch", "exchange")),
        ({"exchange": (), "veto": True}, ("veto", "exchange")),
        ({"exchange": ((0, 2),)}, ("exchange=0:2",)),
        ({"end": "target"}, ("end=target", "target")),
        ({"end": "hands"}, ("end=hands", "hands")),
        ({"target": 5}, ("target=5", "end=target")),
        ({"merchants": True, "exchange_pairing": "chain"}, ("merchants", "exchange_pairing=chain")),
        ({"rich_man_falls": True, "scoring": "card_penalty"}, ("rich_man_falls", "card_penalty")),
    ],
)
def test_clashes_name_the_options(values: dict[str, object], names: tuple[str, ...]) -> None:
    """Options that contradict each other are refused, naming every option involved in French and
    English, whether the rules are built from settings or as TableRules directly."""
    with pytest.raises(TableRulesError) as info:
        build_table_rules(values)
    for lang in ("fr", "en"):
        for name in names:
            assert name in info.value.message(lang)
    with pytest.raises(ValidationError):
        TableRules(**values)


def test_bad_value_names_the_option() -> None:
    """A value an option does not accept is refused with a message naming that option."""
    with pytest.raises(TableRulesError) as info:
        build_table_rules({"dealer": "nobody"})
    assert "dealer" in info.value.message("en")


@pytest.mark.parametrize(
    ("text", "counts"),
    [
        ("2/1", ((2, 2), (1, 1))),
        ("1", ((1, 1),)),
        ("3/2/1", ((3, 3), (2, 2), (1, 1))),
        ("2:3/1:2", ((2, 3), (1, 2))),
        ("none", ()),
        ("2↔3, 1↔2", ((2, 3), (1, 2))),
    ],
)
def test_parse_exchange(text: str, counts: tuple[tuple[int, int], ...]) -> None:
    """Exchange counts are read from each accepted spelling (``2/1``, ``1``, ``3/2/1``, Butthead's
    ``2:3/1:2``, ``none``, ``2↔3, 1↔2``) as (lower gives, higher gives back) pairs."""
    assert parse_exchange(text) == counts


def test_table_rules_from_splits_settings_between_the_models() -> None:
    """Card options (jokers, rank_order) go to the RuleSet and table options (putsch, exchange) to
    the TableRules; without settings the preset's own TableRules is returned."""
    rules, table = table_rules_from(
        "trou-du-cul", ["jokers=0", "putsch=true", "rank_order=ace_high", "exchange=1"]
    )
    assert (rules.jokers, rules.rank_order) == (0, "ace_high")
    assert table.putsch is True and table.exchange == ((1, 1),)
    assert table_rules_from("pagat")[1] is TABLE_PRESETS["pagat"]


def test_table_rules_from_end_rules_follow_the_last_word() -> None:
    """Setting a target or a number of hands sets the end rule with it; scoring=none ends the
    target (nothing to reach)."""
    assert table_rules_from("trou-du-cul", ["target=21"])[1].end == "target"
    table = table_rules_from("pagat", ["hands=10"])[1]
    assert (table.end, table.hands, table.target) == ("hands", 10, None)
    table = table_rules_from("pagat", ["scoring=none"])[1]
    assert (table.end, table.target) == ("open", None)
    table = table_rules_from("pagat", ["end=open"])[1]
    assert table.target is None


@pytest.mark.parametrize(
    ("settings", "code", "needle"),
    [
        (["nosuch=1"], "bad-table-rules", "nosuch"),
        (["putsch"], "bad-rules", "putsch"),
        (["putsch=maybe"], "bad-table-rules", "putsch"),
        (["exchange=a/b"], "bad-table-rules", "exchange"),
        (["target=lots"], "bad-table-rules", "target"),
        (["jokers=9"], "bad-rules", "jokers"),
        (["coup_detat=true", "jokers=0"], "bad-rules", "coup_detat"),
    ],
)
def test_table_rules_from_errors(settings: list[str], code: str, needle: str) -> None:
    """A bad setting is refused, naming its option in French and English: an unknown or bad table
    option with ``bad-table-rules``; a bad card option, a missing value or a clash with the card
    rules with ``bad-rules``."""
    with pytest.raises(RuleSetError) as info:
        table_rules_from("trou-du-cul", settings)
    assert info.value.code == code
    assert needle in info.value.message("fr") and needle in info.value.message("en")


def test_unknown_option_lists_both_kinds() -> None:
    """An unknown option's message lists the known options of both kinds: card and table rules."""
    with pytest.raises(TableRulesError) as info:
        table_rules_from("pagat", ["colour=red"])
    assert "rank_order" in info.value.en and "exchange" in info.value.en


def test_unknown_preset() -> None:
    """An unknown preset is refused (UnknownPresetError); table-rule errors are CompanionErrors."""
    with pytest.raises(UnknownPresetError):
        table_rules_from("belote")
    assert issubclass(TableRulesError, CompanionError)


def test_with_options_validates() -> None:
    """Changing a preset's table options checks the result: PAGAT plays to 11 points, so turning its
    scoring off without changing the end is refused."""
    table = TABLE_PRESETS["pagat"].with_options(merchants=True)
    assert table.merchants
    with pytest.raises(TableRulesError):
        TABLE_PRESETS["pagat"].with_options(scoring="none")
