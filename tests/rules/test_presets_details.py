"""How a preset is built, which the rules layer's mutation run could not see at import time
(the presets are built once, when the module loads). One rule per test, the rule in its
docstring."""

from __future__ import annotations

from companion.rules.presets import _preset, get_preset


def test_a_preset_keeps_its_rules_players_and_open_points() -> None:
    """A preset built on another one holds the base's rules with its own options changed, its
    player range, and the open points it lists."""
    base = get_preset("pagat")
    built = _preset(
        "demo",
        "Démo",
        "Demo",
        "WIKI",
        "Une section",
        (3, 6),
        open_points=("Who leads first is decided by the cards dealt.",),
        base=base.rules,
        jokers=2,
    )
    assert built.open_points == ("Who leads first is decided by the cards dealt.",)
    assert built.players == (3, 6)
    assert built.rules.jokers == 2
    assert built.rules.rank_order == base.rules.rank_order
    assert built.rules == base.rules.with_options(jokers=2)
    assert (built.id, built.seed, built.section) == ("demo", "WIKI", "Une section")
    assert (built.name("fr"), built.name("en")) == ("Démo", "Demo")


def test_a_presets_name_is_french_unless_asked_otherwise() -> None:
    """The app speaks French first: a preset's name is its French one by default."""
    preset = get_preset("pagat")
    assert preset.name() == preset.name("fr") == "Président (PAGAT, jeu de base)"
    assert preset.name("en") == "President (PAGAT basic game)"
