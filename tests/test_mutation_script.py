"""The mutation run's own helpers (scripts/mutation.py): its sample and its test order."""

from __future__ import annotations

import importlib.util
import sys
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from types import ModuleType

import pytest
from mutmut.state import reset_state, state

SCRIPT = Path(__file__).resolve().parents[1] / "scripts" / "mutation.py"


@pytest.fixture(scope="module")
def mutation() -> ModuleType:
    spec = importlib.util.spec_from_file_location("mutation_script", SCRIPT)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # dataclasses look their module up by name
    spec.loader.exec_module(module)
    return module


@pytest.fixture
def fresh_mutmut_state() -> Iterator[None]:
    reset_state()
    yield
    reset_state()


def layer_results() -> dict[str, dict[str, int | None]]:
    """Two modules' results: 60 mutants of a.py (some already run) and 40 of b.py."""
    a = {f"pkg.a.x_f__mutmut_{n}": (1 if n % 3 == 0 else None) for n in range(1, 61)}
    b = {f"pkg.b.x_g__mutmut_{n}": None for n in range(1, 41)}
    return {"pkg/a.py": a, "pkg/b.py": b}


def names(found: dict[str, dict[str, int | None]]) -> set[str]:
    return {name for codes in found.values() for name in codes}


def test_a_sample_draws_the_same_mutants_every_time(mutation: ModuleType) -> None:
    """A stopped sampled run resumes the same sample: the draw is seeded."""
    first = mutation.sampled(layer_results(), None, 25)
    again = mutation.sampled(layer_results(), None, 25)
    assert names(first) == names(again)
    assert len(names(first)) == 25


def test_a_sample_keeps_each_drawn_mutants_result(mutation: ModuleType) -> None:
    """Mutants already run stay run in the sample, so only the pending ones run again."""
    found = layer_results()
    for path, codes in mutation.sampled(found, None, 50).items():
        for name, code in codes.items():
            assert found[path][name] == code


def test_a_larger_sample_extends_the_smaller_one(mutation: ModuleType) -> None:
    """Asking for more mutants later keeps every mutant of the first sample."""
    small = names(mutation.sampled(layer_results(), None, 20))
    large = names(mutation.sampled(layer_results(), None, 70))
    assert small < large
    assert len(large) == 70


def test_a_sample_is_drawn_from_both_modules(mutation: ModuleType) -> None:
    """The draw is random over the layer, not the first mutants in name order."""
    drawn = mutation.sampled(layer_results(), None, 30)
    assert drawn["pkg/a.py"] and drawn["pkg/b.py"]
    assert names(drawn) != set(sorted(names(layer_results()))[:30])


def test_a_module_sample_draws_only_from_that_module(mutation: ModuleType) -> None:
    """With --module, the whole sample comes from that module."""
    drawn = mutation.sampled(layer_results(), "pkg/b.py", 30)
    assert len(drawn["pkg/b.py"]) == 30
    assert not drawn["pkg/a.py"]


def test_a_sample_larger_than_the_layer_is_the_whole_layer(mutation: ModuleType) -> None:
    """Asking for more mutants than exist runs them all."""
    assert names(mutation.sampled(layer_results(), None, 1000)) == names(layer_results())


@dataclass
class Item:
    nodeid: str


def test_a_mutants_tests_run_fastest_first(mutation: ModuleType, fresh_mutmut_state: None) -> None:
    """With mutmut's timings, the cheap tests run before the slow ones (-x stops early)."""
    state().duration_by_test.update({"t::slow": 9.0, "t::quick": 0.01, "t::middle": 0.5})
    items = [Item("t::slow"), Item("t::middle"), Item("t::quick"), Item("t::new")]
    mutation.pytest_collection_modifyitems(items)
    assert [item.nodeid for item in items] == ["t::new", "t::quick", "t::middle", "t::slow"]
    assert "t::new" not in state().duration_by_test  # mutmut's saved timings are untouched


def test_without_timings_the_order_is_left_alone(
    mutation: ModuleType, fresh_mutmut_state: None
) -> None:
    """A hand check (no mutmut run, no timings) keeps pytest's own order."""
    items = [Item("t::b"), Item("t::a"), Item("t::c")]
    mutation.pytest_collection_modifyitems(items)
    assert [item.nodeid for item in items] == ["t::b", "t::a", "t::c"]


def test_a_sample_keeps_its_mutants_when_other_code_changes(mutation: ModuleType) -> None:
    """Mutants outside the sample that disappear (their function changed) redraw nothing:
    the sample is the same mutants, so a run resumes it after a change elsewhere."""
    found = layer_results()
    before = names(mutation.sampled(found, None, 30))
    changed = {
        path: {name: code for name, code in codes.items() if name in before or "_1" in name}
        for path, codes in found.items()
    }
    assert sum(map(len, changed.values())) < sum(map(len, found.values()))
    assert names(mutation.sampled(changed, None, 30)) == before
