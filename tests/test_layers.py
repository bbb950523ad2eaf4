"""The package's imports run one way: errors ← rules ← store ← table ← ui ← cli/app
(``bytecode``, the phone build's code cache, imports nothing of companion: it runs first).

Every module is parsed (not imported) and every import counts, including those inside
functions and under ``TYPE_CHECKING``: a lazy import is still a dependency.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PACKAGE = ROOT / "companion"

# A module may import its own layer and lower ones only.
LAYERS = {
    "bytecode": 0,
    "errors": 0,
    "words": 0,
    "rules": 1,
    "store": 2,
    "table": 3,
    "ui": 4,
    "cli": 5,
    "app": 5,
}
LAYER_NAMES = ["errors", "rules", "store", "table", "ui", "cli/app"]
# Screens and the command line reach storage only through TableService.
NO_STORE = {"ui", "cli", "app"}


@dataclass(frozen=True)
class Import:
    source: str  # the importing module, e.g. companion.ui.shell
    target: str  # the imported module, e.g. companion.table.service
    where: str  # file:line

    def __str__(self) -> str:
        return f"{self.where}: {self.source} imports {self.target}"


def module_name(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


MODULES = {module_name(p): p for p in sorted(PACKAGE.rglob("*.py"))}


def _resolve(name: str) -> str:
    """The module ``name`` refers to: itself, or the nearest enclosing module (``from
    companion.table.service import TableService`` gives ``...service`` the name)."""
    while name not in MODULES and "." in name:
        name = name.rsplit(".", 1)[0]
    return name


def imports_of(source: str, module: str, is_package: bool, where: str) -> Iterator[Import]:
    """The ``companion`` modules that ``source`` (the text of ``module``) imports."""
    for node in ast.walk(ast.parse(source)):
        names: list[str] = []
        if isinstance(node, ast.Import):
            names = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                package = module.split(".") if is_package else module.split(".")[:-1]
                package = package[: len(package) - (node.level - 1)]
                base = ".".join([*package, *([base] if base else [])])
            # ``from companion.ui import routes`` imports the module companion.ui.routes
            names = [
                f"{base}.{alias.name}" if f"{base}.{alias.name}" in MODULES else base
                for alias in node.names
            ]
        for name in names:
            if name == "companion" or name.startswith("companion."):
                target = _resolve(name)
                if target != module:
                    yield Import(module, target, f"{where}:{node.lineno}")


def all_imports() -> list[Import]:
    found: list[Import] = []
    for module, path in MODULES.items():
        where = str(path.relative_to(ROOT))
        is_package = path.name == "__init__.py"
        found.extend(imports_of(path.read_text("utf-8"), module, is_package, where))
    return found


def layer(module: str) -> int | None:
    parts = module.split(".")
    if len(parts) == 1:
        return 0  # the package's own __init__: its version, nothing else
    return LAYERS.get(parts[1])


def group(module: str) -> str:
    parts = module.split(".")
    return parts[1] if len(parts) > 1 else ""


def test_every_module_belongs_to_a_layer() -> None:
    """A module outside bytecode, errors, rules, store, table, ui, cli and app has no place in the
    order (a benchmark or a harness belongs outside the package)."""
    outside = [m for m in MODULES if layer(m) is None]
    assert not outside, "modules in no layer: " + ", ".join(outside)


def test_imports_run_down_the_layers() -> None:
    """A module imports its own layer and lower ones only."""
    wrong = []
    for imp in all_imports():
        mine, theirs = layer(imp.source), layer(imp.target)
        if mine is not None and theirs is not None and theirs > mine:
            wrong.append(f"{imp} ({LAYER_NAMES[theirs]}, above {LAYER_NAMES[mine]})")
    assert not wrong, "imports against the layer order:\n" + "\n".join(wrong)


def test_screens_and_command_line_reach_storage_through_the_service() -> None:
    """Nothing in ui, cli or app imports companion.store: they go through TableService."""
    wrong = [
        str(imp)
        for imp in all_imports()
        if group(imp.source) in NO_STORE and group(imp.target) == "store"
    ]
    assert not wrong, "companion.store imported above the table layer:\n" + "\n".join(wrong)


def cycles(edges: list[Import]) -> list[list[str]]:
    """The strongly connected groups of two or more modules (Tarjan's algorithm)."""
    graph: dict[str, set[str]] = {}
    for imp in edges:
        graph.setdefault(imp.source, set()).add(imp.target)
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []

    def visit(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        on_stack.add(node)
        for nxt in sorted(graph.get(node, ())):
            if nxt not in index:
                visit(nxt)
                low[node] = min(low[node], low[nxt])
            elif nxt in on_stack:
                low[node] = min(low[node], index[nxt])
        if low[node] == index[node]:
            group_: list[str] = []
            while True:
                top = stack.pop()
                on_stack.discard(top)
                group_.append(top)
                if top == node:
                    break
            if len(group_) > 1:
                found.append(sorted(group_))

    for node in sorted(graph):
        if node not in index:
            visit(node)
    return found


def test_no_import_cycles() -> None:
    """No two modules import each other, directly or through others."""
    edges = all_imports()
    messages = []
    for group_ in cycles(edges):
        inside = [str(e) for e in edges if e.source in group_ and e.target in group_]
        messages.append(" ↔ ".join(group_) + "\n  " + "\n  ".join(inside))
    assert not messages, "import cycles:\n" + "\n".join(messages)


def test_the_checker_sees_lazy_relative_and_from_imports() -> None:
    """Imports inside functions, relative imports and ``from package import module`` are
    all found, and a cycle through them is reported."""
    source = (
        "from . import service\n"
        "def later():\n"
        "    from companion.ui import routes\n"
        "    import companion.store.errors\n"
    )
    found = {
        i.target
        for i in imports_of(source, "companion.table.stats", False, "companion/table/stats.py")
    }
    assert found == {"companion.table.service", "companion.ui.routes", "companion.store.errors"}
    loop = [
        Import("companion.rules.a", "companion.rules.b", "a.py:1"),
        Import("companion.rules.b", "companion.rules.a", "b.py:1"),
        Import("companion.rules.b", "companion.errors", "b.py:2"),
    ]
    assert cycles(loop) == [["companion.rules.a", "companion.rules.b"]]


# ---------------------------------------------------------------- typed results (issue 22)

# Screens and the command line get typed items from the table layer: no store type (the
# store's errors excepted, which carry the words to show), and no evening summary, which
# the table layer alone reads (``companion.table.evening_summary``).
SUMMARY_MODULE = "companion.table.evening_summary"
SUMMARY_ITEMS = {"PlayerNight", "EveningNights"}  # what the summary tells, typed
# keys only an evening summary has (a dict of the CLI's own JSON may well hold "hands")
SUMMARY_KEYS = {"pos", "played", "place_sum", "size_sum", "ahead", "streak", "rankings", "ids"}


def store_types() -> set[str]:
    """What ``companion.store`` exports, but its errors."""
    import companion.store as store

    exported = {name: getattr(store, name) for name in store.__all__}
    return {
        name
        for name, value in exported.items()
        if not (isinstance(value, type) and issubclass(value, BaseException))
    }


def _summary(node: ast.expr) -> bool:
    """``x.summary`` or a variable ``summary``: what an index entry's summary was read as."""
    return (isinstance(node, ast.Attribute) and node.attr == "summary") or (
        isinstance(node, ast.Name) and node.id == "summary"
    )


def _key(node: ast.expr) -> str | None:
    return node.value if isinstance(node, ast.Constant) and isinstance(node.value, str) else None


def summary_reads(source: str, where: str, store: set[str]) -> Iterator[str]:
    """What ``source`` (a module of ui, cli or app) reads of the store or of a summary: a
    store type imported through the table layer, the summary model, ``.repo`` (the
    service's store), ``x.summary[...]`` / ``summary.get(...)``, or a summary's key."""
    for node in ast.walk(ast.parse(source)):
        line = f"{where}:{getattr(node, 'lineno', 0)}"
        if isinstance(node, ast.ImportFrom) and (node.module or "").startswith("companion."):
            for alias in node.names:
                if alias.name in store:
                    yield f"{line}: imports the store's {alias.name} from {node.module}"
                elif node.module == SUMMARY_MODULE and alias.name not in SUMMARY_ITEMS:
                    yield f"{line}: imports {alias.name} from {SUMMARY_MODULE}"
        elif isinstance(node, ast.Attribute) and node.attr == "repo":
            yield f"{line}: reads .repo (the service's store)"
        elif isinstance(node, ast.Subscript):
            if _summary(node.value):
                yield f"{line}: subscripts a summary"
            elif _key(node.slice) in SUMMARY_KEYS:
                yield f"{line}: reads the summary key {_key(node.slice)!r}"
        elif (
            isinstance(node, ast.Call)
            and isinstance(node.func, ast.Attribute)
            and node.func.attr == "get"
        ):
            if _summary(node.func.value):
                yield f"{line}: reads a summary with .get"
            elif node.args and _key(node.args[0]) in SUMMARY_KEYS:
                yield f"{line}: reads the summary key {_key(node.args[0])!r}"


def test_screens_and_command_line_read_no_store_type_and_no_summary() -> None:
    """Nothing in ui, cli or app imports a store type through the table layer, reaches the
    service's store, or reads an evening summary: the table layer hands them typed items
    and computes their statistics."""
    store = store_types()
    wrong = []
    for module, path in MODULES.items():
        if group(module) in NO_STORE:
            where = str(path.relative_to(ROOT))
            wrong.extend(summary_reads(path.read_text("utf-8"), where, store))
    assert not wrong, "store types or summaries read above the table layer:\n" + "\n".join(wrong)


def service_parts(tree: ast.Module) -> set[str]:
    """``TableService`` and the classes it is made of (its bases, theirs...), by name."""
    bases = {
        node.name: [b.id for b in node.bases if isinstance(b, ast.Name)]
        for node in ast.walk(tree)
        if isinstance(node, ast.ClassDef)
    }
    parts: set[str] = set()
    todo = ["TableService"]
    while todo:
        name = todo.pop()
        if name in bases and name not in parts:
            parts.add(name)
            todo.extend(bases[name])
    return parts


def service_returns(source: str) -> dict[str, set[str]]:
    """The names in the return annotation of each public method of ``TableService``,
    including those of the parts it is made of."""
    out: dict[str, set[str]] = {}
    tree = ast.parse(source)
    parts = service_parts(tree)
    for node in ast.walk(tree):
        if isinstance(node, ast.ClassDef) and node.name in parts:
            for item in node.body:
                if isinstance(item, ast.FunctionDef) and not item.name.startswith("_"):
                    names: set[str] = set()
                    for part in ast.walk(item.returns) if item.returns else ():
                        if isinstance(part, ast.Name):
                            names.add(part.id)
                        elif isinstance(part, ast.Attribute):
                            names.add(part.attr)
                        elif isinstance(part, ast.Constant) and isinstance(part.value, str):
                            names.update(
                                n.id
                                for n in ast.walk(ast.parse(part.value, mode="eval"))
                                if isinstance(n, ast.Name)
                            )
                    out[item.name] = names
    return out


def test_the_service_returns_no_store_type() -> None:
    """No public method of ``TableService`` returns a store type (an index entry, an import
    result...): the screens get the table layer's own items."""
    store = store_types()
    # service.py and the modules of the parts TableService is made of (service_*.py)
    source = "\n".join(
        p.read_text("utf-8") for p in sorted((PACKAGE / "table").glob("service*.py"))
    )
    returns = service_returns(source)
    assert "evenings" in returns and "import_backup" in returns  # the checker sees them
    wrong = [f"{name} -> {sorted(got & store)}" for name, got in returns.items() if got & store]
    assert not wrong, "TableService returns store types:\n" + "\n".join(wrong)


def test_the_store_and_summary_checkers_see_what_they_forbid() -> None:
    """The checks above catch a store type imported through the table layer, the summary
    model, the service's store, a summary subscripted or read with .get, a summary's key,
    and a method returning an index entry (also one of a class TableService is made of);
    the CLI's own rows and typed items pass."""
    source = (
        "from companion.table.service import IndexEntry, TableService\n"
        "from companion.table.evening_summary import EveningSummary, PlayerNight\n"
        "def f(service, e, s, r):\n"
        "    service.repo.list_index()\n"
        "    e.summary['ended']\n"
        "    e.summary.get('ended')\n"
        "    summary = e.summary\n"
        "    summary.get('winner')\n"
        "    s['pos'][0] / s['played'][0]\n"
        "    s.get('place_sum')\n"
        "    return r['hands'], r['leader'], e.ended\n"
    )
    found = sorted(line.split(": ", 1)[1] for line in summary_reads(source, "x.py", store_types()))
    assert found == sorted(
        [
            "imports the store's IndexEntry from companion.table.service",
            "imports EveningSummary from companion.table.evening_summary",
            "reads .repo (the service's store)",
            "subscripts a summary",
            "reads a summary with .get",
            "reads a summary with .get",
            "reads the summary key 'played'",
            "reads the summary key 'pos'",
            "reads the summary key 'place_sum'",
        ]
    )
    service = (
        "class Part:\n"
        "    def evenings(self) -> list[IndexEntry]: ...\n"
        "class Other:\n"
        "    def unused(self) -> IndexEntry: ...\n"
        "class TableService(Part):\n"
        "    def later(self) -> 'ImportResult | None': ...\n"
        "    def _inside(self) -> IndexEntry: ...\n"
    )
    assert service_returns(service) == {
        "evenings": {"list", "IndexEntry"},
        "later": {"ImportResult"},
    }


# ---------------------------------------------------------------- words (issue 22, item 2)

LANG_CODES = {"fr", "en", "de"}
WORDS = "words"  # the catalogue code: the only place that may name a language


def _lang_code(node: ast.AST) -> bool:
    if isinstance(node, ast.Constant):
        return node.value in LANG_CODES
    if isinstance(node, ast.Tuple | ast.List | ast.Set):
        return any(_lang_code(e) for e in node.elts)
    return False


def language_branches(source: str, where: str) -> Iterator[str]:
    """Where ``source`` chooses words by naming a language: a comparison with a language
    code (``lang == "fr"``, ``lang in ("fr", "en")``), or a table keyed by language codes
    (``{"fr": …, "en": …}``). Words come from the catalogues instead."""
    for node in ast.walk(ast.parse(source)):
        line = f"{where}:{getattr(node, 'lineno', 0)}"
        if isinstance(node, ast.Compare) and any(
            _lang_code(side) for side in [node.left, *node.comparators]
        ):
            yield f"{line}: compares with a language code"
        elif isinstance(node, ast.Dict) and sum(_lang_code(k) for k in node.keys if k) >= 2:
            yield f"{line}: a table keyed by language"


def test_no_language_branch_outside_the_catalogue_code() -> None:
    """No module but ``companion.words`` names a language to choose words: every sentence
    comes from the catalogues, in whatever language is asked."""
    wrong = []
    for module, path in MODULES.items():
        if group(module) != WORDS:
            wrong.extend(language_branches(path.read_text("utf-8"), module))
    assert not wrong, "language branches outside companion.words:\n" + "\n".join(wrong)


def test_the_language_checker_sees_branches_and_tables() -> None:
    """The checker finds ``==``/``!=``/``in`` comparisons with a language code and tables
    keyed by languages, and leaves other comparisons and one-language keys alone."""
    source = (
        'a = x if lang == "en" else y\n'
        'b = lang != "fr"\n'
        'c = lang in ("fr", "de")\n'
        'd = {"fr": 1, "en": 2}\n'
        'e = mode == "edit"\n'
        'f = {"fr": 1}\n'
    )
    found = list(language_branches(source, "m"))
    assert sorted(f.split(":")[1] for f in found) == ["1", "2", "3", "4"]
