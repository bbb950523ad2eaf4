"""Mutation testing of the domain layers with mutmut: a slow run, outside CI.

    python scripts/mutation.py                                   # every layer, resuming
    python scripts/mutation.py --layer rules                     # one layer
    python scripts/mutation.py --module companion/rules/combos.py
    python scripts/mutation.py --layer store --report            # figures only, runs nothing
    python scripts/mutation.py --module companion/store/atomic.py --show   # diffs of survivors

Each layer is mutated against its own fast tests only (tests/<layer>, default markers, so no
e2e or slow runs): a mutant of `companion/rules` that only a table test notices counts as a
survivor of the rules layer. Each layer has its own work folder, `.mutation/<layer>/`
(ignored by git), holding mutmut's copy of the code and one result per mutant. A stopped run
(Ctrl-C, a closed terminal) resumes where it stopped: only mutants without a result are run
again, and the functions whose source changed since are mutated and tested afresh.

Sized for a two-core machine: two test processes by default (`--jobs`), and it is meant to be
started under `nice -n 19`. The fast rules tests take about two minutes, so a surviving mutant
costs up to that; a whole layer takes hours.
"""

from __future__ import annotations

import argparse
import fcntl
import hashlib
import json
import os
import re
import subprocess
import sys
from collections import Counter
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
WORK = ROOT / ".mutation"


@dataclass(frozen=True)
class Layer:
    name: str
    source: str  # the package folder mutated
    tests: str  # the fast tests it is checked against
    # Left out of mutation runs: tests that SIGKILL a writer process at random moments and
    # wait for it under a wall-clock limit. Under `nice -n 19` on a shared machine they time
    # out on the clean code, and a test that can fail by itself would count survivors as killed.
    ignore: tuple[str, ...] = ()
    # Folders beside the tests that some tests read (mutmut runs them from its own copy).
    also_copy: tuple[str, ...] = ()
    # Options added to the layer's pytest command line.
    pytest_options: tuple[str, ...] = ()


# mutmut collects the tests several times in one process, and pytest escapes a non-ASCII
# parameter id once more at each collection (a card test's id "5♠" reads "5\u2660" the first
# time, "5\\u2660" the second): the ids mutmut recorded are then "not found" and the run
# stops. Left unescaped, the ids are the same at every collection.
UNESCAPED_IDS = ("-o", "disable_test_id_escaping_and_forfeit_all_rights_to_community_support=true")


LAYERS = {
    layer.name: layer
    for layer in (
        # tests/rules/test_seed_rules_doc.py compares docs/rules.md with scripts/rules_doc.py.
        Layer(
            "rules",
            "companion/rules",
            "tests/rules",
            also_copy=("docs", "scripts"),
            pytest_options=UNESCAPED_IDS,
        ),
        Layer("table", "companion/table", "tests/table", ("tests/table/test_service_crash.py",)),
        Layer("store", "companion/store", "tests/store", ("tests/store/test_store_crash.py",)),
    )
}

# mutmut's exit codes per mutant, grouped as this report counts them.
KILLED = {1, 3, 36, 24, -24, 152, 255, 37}  # a failing test, a timeout, or the type checker
SURVIVED = {0}
NO_TESTS = {5, 33}  # no fast test of the layer even calls the mutated function
PENDING = {None, 2}  # never run, or interrupted
SAMPLE_SEED = 20261124


def mutmut_section(layer: Layer) -> str:
    """The [tool.mutmut] table for one layer, appended to a copy of the project's pyproject."""
    # `-p mutation`: this file as a pytest plugin (pytest_runtest_setup below). The code
    # memoises (functools.lru_cache): a test process forked after other tests ran would answer
    # from the cache and never call the mutated function, so every cache is emptied first.
    pytest_args = ["-p", "no:cacheprovider", "-p", "mutation", *layer.pytest_options]
    for test in layer.ignore:
        pytest_args.append(f"--deselect={test}" if "::" in test else f"--ignore={test}")
    return "\n".join(
        [
            "",
            "[tool.mutmut]",
            'source_paths = ["companion"]',
            f'only_mutate = ["{layer.source}/*"]',
            f'pytest_add_cli_args_test_selection = ["{layer.tests}"]',
            f"pytest_add_cli_args = {json.dumps(pytest_args)}",
            *([f"also_copy = {json.dumps(list(layer.also_copy))}"] if layer.also_copy else []),
            # CPU seconds, not wall time: a shared, busy machine does not turn mutants into
            # timeouts.
            "timeout_multiplier = 10.0",
            "timeout_constant = 5.0",
            "",
        ]
    )


def prepare(layer: Layer) -> Path:
    """The layer's work folder: links to the code and tests, and its own pyproject."""
    folder = WORK / layer.name
    folder.mkdir(parents=True, exist_ok=True)
    for name in ("companion", "tests", *layer.also_copy):
        link = folder / name
        if not link.is_symlink():
            link.symlink_to(Path("..", "..", name), target_is_directory=True)
    project = (ROOT / "pyproject.toml").read_text("utf-8")
    project = project.split("\n[tool.mutmut]", 1)[0]
    wanted = project + mutmut_section(layer)
    pyproject = folder / "pyproject.toml"
    if not pyproject.exists() or pyproject.read_text("utf-8") != wanted:
        pyproject.write_text(wanted, "utf-8")
    return folder


def environment(folder: Path) -> dict[str, str]:
    """Test subprocesses (`python -m companion.cli …`) import the mutated copy too."""
    env = dict(os.environ)
    mutants = str(folder / "mutants")
    here = str(Path(__file__).resolve().parent)
    env["PYTHONPATH"] = os.pathsep.join([mutants, here, env.get("PYTHONPATH", "")])
    return env


GENERATE = """
import os
from mutmut.__main__ import copy_also_copy_files, copy_src_dir, create_mutants
os.makedirs("mutants", exist_ok=True)
copy_src_dir()
copy_also_copy_files()
create_mutants(1)
"""


def generate(folder: Path) -> None:
    """Write (or refresh, for changed functions) the mutants, without running any test."""
    subprocess.run(
        [sys.executable, "-c", GENERATE],
        cwd=folder,
        env=environment(folder),
        check=True,
        stdout=subprocess.DEVNULL,
    )


def results(folder: Path, layer: Layer) -> dict[str, dict[str, int | None]]:
    """Module path → {mutant name → exit code or None}, from mutmut's per-file records."""
    found: dict[str, dict[str, int | None]] = {}
    base = folder / "mutants"
    for meta in sorted((base / layer.source).rglob("*.py.meta")):
        module = meta.relative_to(base).as_posix()[: -len(".meta")]
        data = json.loads(meta.read_text("utf-8"))
        found[module] = data["exit_code_by_key"]
    return found


def module_prefix(module: str) -> str:
    return module[: -len(".py")].replace("/", ".") + "."


def pending(found: dict[str, dict[str, int | None]], module: str | None, again: bool) -> list[str]:
    wanted = PENDING | SURVIVED | NO_TESTS if again else PENDING
    names = []
    for path, codes in found.items():
        if module is None or path == module:
            names += [name for name, code in codes.items() if code in wanted]
    return sorted(names)


def sample_rank(name: str) -> bytes:
    """A mutant's place in every sample: a seeded hash of its name alone."""
    return hashlib.sha256(f"{SAMPLE_SEED}:{name}".encode()).digest()


def sampled(
    found: dict[str, dict[str, int | None]], module: str | None, size: int
) -> dict[str, dict[str, int | None]]:
    """The results restricted to `size` mutants drawn at random among all of the selection.

    A layer too large for the time at hand is measured on a random sample: its kill rate
    estimates the whole layer's. Each mutant is ranked by a seeded hash of its name and the
    first `size` are kept, so the same command resumes the same sample, a larger `size`
    extends it, and a change in one function redraws only that function's mutants.
    """
    names = sorted(
        (
            name
            for path, codes in found.items()
            if module is None or path == module
            for name in codes
        ),
        key=sample_rank,
    )
    chosen = set(names[:size])
    return {
        path: {name: code for name, code in codes.items() if name in chosen}
        for path, codes in found.items()
    }


def run(folder: Path, names: list[str], jobs: int) -> int:
    command = [sys.executable, "-m", "mutmut", "run", "--max-children", str(jobs), *names]
    return subprocess.run(command, cwd=folder, env=environment(folder), check=False).returncode


def tally(codes: dict[str, int | None]) -> Counter[str]:
    count: Counter[str] = Counter()
    for code in codes.values():
        if code in PENDING:
            count["pending"] += 1
        elif code in KILLED:
            count["killed"] += 1
        elif code in SURVIVED:
            count["survived"] += 1
        elif code in NO_TESTS:
            count["no tests"] += 1
        else:
            count["other"] += 1
    return count


def rate(count: Counter[str]) -> str:
    tested = count["killed"] + count["survived"] + count["no tests"] + count["other"]
    return f"{100 * count['killed'] / tested:5.1f} %" if tested else "    –  "


def diff(folder: Path, name: str) -> str:
    shown = subprocess.run(
        [sys.executable, "-m", "mutmut", "show", name],
        cwd=folder,
        env=environment(folder),
        capture_output=True,
        text=True,
        check=False,
    )
    lines = shown.stdout.splitlines()
    return "\n".join(line for line in lines if re.match(r"^[-+@](?![-+]{2} )", line))


def report(folder: Path, layer: Layer, module: str | None, show: bool) -> None:
    found = results(folder, layer)
    header = f"{'module':<40} {'mutants':>7} {'killed':>6} {'survived':>8} {'no tests':>8}"
    print(f"\n== {layer.name} ({layer.source} against {layer.tests}) ==")
    print(f"{header} {'pending':>7}  kill rate")
    total: Counter[str] = Counter()
    survivors: list[tuple[str, str]] = []
    for path, codes in found.items():
        if module is not None and path != module:
            continue
        count = tally(codes)
        total += count
        if not codes:
            continue
        print(
            f"{path:<40} {len(codes):>7} {count['killed']:>6} {count['survived']:>8} "
            f"{count['no tests']:>8} {count['pending']:>7}  {rate(count)}"
        )
        for name, code in sorted(codes.items()):
            if code in SURVIVED or code in NO_TESTS:
                survivors.append((name, "survived" if code in SURVIVED else "no tests"))
    print(
        f"{'layer ' + layer.name + ' (tested so far)':<40} {sum(total.values()):>7} "
        f"{total['killed']:>6} {total['survived']:>8} {total['no tests']:>8} "
        f"{total['pending']:>7}  {rate(total)}"
    )
    if survivors:
        print("survivors:")
        for name, status in survivors:
            print(f"  {name}  ({status})")
            if show:
                print("    " + diff(folder, name).replace("\n", "\n    "))


def pytest_runtest_setup(item: object) -> None:
    """Loaded by pytest with `-p mutation`: empty every companion cache before each test."""
    for name, module in list(sys.modules.items()):
        if name.startswith("companion.") and module is not None:
            for value in list(vars(module).values()):
                clear = getattr(value, "cache_clear", None)
                if callable(clear):
                    clear()


def pytest_collection_modifyitems(items: list[object]) -> None:
    """Loaded with `-p mutation`: a mutant's tests run fastest first, as timed by mutmut.

    mutmut passes a mutant's tests in no particular order and stops at the first failure, so
    a mutant that a 5 ms unit test kills could first sit through a 10 s property test. Outside
    a mutmut run (a hand check) there are no timings and the order is left alone.
    """
    try:
        from mutmut.state import state
    except ImportError:
        return
    durations = state().duration_by_test
    if durations:
        # .get, not [...]: the timings are a defaultdict that mutmut saves afterwards.
        items.sort(key=lambda item: durations.get(getattr(item, "nodeid", ""), 0.0))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--layer", choices=sorted(LAYERS), help="one layer (default: all three)")
    parser.add_argument("--module", help="one module, e.g. companion/rules/combos.py")
    parser.add_argument("--jobs", type=int, default=2, help="test processes at once (default 2)")
    parser.add_argument("--limit", type=int, help="run at most this many pending mutants")
    parser.add_argument(
        "--sample",
        type=int,
        help="only this many mutants of the selection, drawn at random (seeded: it resumes)",
    )
    parser.add_argument(
        "--again", action="store_true", help="run the survivors again too (after adding tests)"
    )
    parser.add_argument("--report", action="store_true", help="print the figures, run nothing")
    parser.add_argument("--show", action="store_true", help="print each survivor's diff")
    args = parser.parse_args(argv)

    module = args.module and Path(args.module).as_posix().removeprefix("./")
    if module:
        owner = next((lay for lay in LAYERS.values() if module.startswith(lay.source + "/")), None)
        if owner is None or not (ROOT / module).is_file():
            parser.error(f"--module {module}: not a file of companion/rules, table or store")
        if args.layer and args.layer != owner.name:
            parser.error(f"--module {module} is in the {owner.name} layer, not {args.layer}")
        layers = [owner]
    else:
        layers = [LAYERS[args.layer]] if args.layer else list(LAYERS.values())

    for layer in layers:
        folder = prepare(layer)
        if not args.report:
            # One run per layer at a time: two would share mutmut's files in the folder.
            lock = (folder / ".lock").open("w")
            try:
                fcntl.flock(lock, fcntl.LOCK_EX | fcntl.LOCK_NB)
            except BlockingIOError:
                print(f"another mutation run of the {layer.name} layer is going", file=sys.stderr)
                return 1
            generate(folder)
            again, limit = args.again, args.limit
            # A second round when mutmut itself reset results it found stale (a changed test
            # configuration, or changed code): those were not in the first list.
            for _round in range(2):
                found = results(folder, layer)
                if args.sample is not None:
                    found = sampled(found, module, args.sample)
                names = pending(found, module, again)
                if limit is not None:
                    names = names[:limit]
                    limit -= len(names)
                if not names:
                    break
                print(f"{layer.name}: {len(names)} mutants to run", flush=True)
                code = run(folder, names, args.jobs)
                if code != 0:
                    print(f"mutmut stopped with exit code {code}", file=sys.stderr)
                    return code
                again = False
        report(folder, layer, module, args.show)
    return 0


if __name__ == "__main__":
    sys.exit(main())
