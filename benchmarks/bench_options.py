"""Random hands under single options: ``python benchmarks/bench_options.py [--seconds S]``.

For each rule set below (a preset with options changed), random complete 4-player hands
through the public API (``simulate``: ``legal_plays`` and ``apply``, a random choice each
time) for ``--seconds`` of CPU, after ten hands to warm up; prints hands per CPU second and
whether the compact state plays the rule set (``compact_rules.covers``). Run it on two
commits (one in a ``git worktree``) to see what moving an option onto the compact state
gained. This is a benchmark, not a test: it reports figures, it checks nothing.
"""

from __future__ import annotations

import argparse
import time
from typing import Any

from companion.rules.compact import covers
from companion.rules.presets import get_preset
from companion.rules.simulate import default_players, simulate

WILD_TWOS: dict[str, Any] = {"wild_cards": frozenset({"2"}), "twos": "normal"}
CASES: list[tuple[str, str, dict[str, Any]]] = [
    ("pagat, twos=high_and_low", "pagat", {"twos": "high_and_low"}),
    ("pagat, transparent=3", "pagat", {"transparent": 3}),
    ("pagat, quad_and_direction", "pagat", {"revolution": "quad_and_direction"}),
    ("pagat, Sofia, 2 jokers", "pagat", {"special_high_cards": "jokers_jacks_twos", "jokers": 2}),
    ("pagat, give_discard", "pagat", {"card_effects": "give_discard"}),
    ("hubere, natural_wins", "hubere", {"wild_vs_natural": "natural_wins"}),
    ("pagat, coup_detat, 2 jokers", "pagat", {"coup_detat": True, "jokers": 2}),
    (
        "pagat, wild 2s, jokers by colour",
        "pagat",
        {**WILD_TWOS, "jokers": 2, "joker_order": "coloured_high"},
    ),
    ("hubere, transparent=4", "hubere", {"transparent": 4}),
    (
        "pagat, wild 2s, Sofia",
        "pagat",
        {**WILD_TWOS, "jokers": 2, "special_high_cards": "jokers_jacks_twos"},
    ),
]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=3.0, help="CPU seconds per rule set")
    seconds = parser.parse_args().seconds
    names = default_players(4)
    print(f"{'rule set':34s} {'engine':8s} {'hands/CPU s':>11s}")
    for label, pid, options in CASES:
        rules = get_preset(pid).rules.with_options(**options)
        for seed in range(10):
            simulate(rules, names, seed)
        start, hands = time.process_time(), 0
        while time.process_time() - start < seconds:
            simulate(rules, names, 1000 + hands)
            hands += 1
        engine = "compact" if covers(rules) else "step"
        rate = hands / (time.process_time() - start)
        print(f"{label:34s} {engine:8s} {rate:11,.0f}", flush=True)


if __name__ == "__main__":
    main()
