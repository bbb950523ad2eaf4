"""Imported files with bad content (issue 5, section 1): random bytes, random JSON, CSV and
other text, and real backups broken in random ways (truncated, bytes flipped, a part
replaced by junk, a newer schema), fed to the store's ``Repository.import_all`` (both
modes) and to what Settings calls, ``companion.ui.data_model.import_backup``.

A file that is not a valid backup is refused with the documented error (``import-invalid``,
or ``newer-schema``) and a message in both languages, and the data directory is
byte-for-byte unchanged. A mutation can leave a backup valid: it is then imported (on a copy
of the data), and the data opens and exports again.

Default run: a derandomized sample. ``python -m pytest -m slow tests/stress`` runs each
property its share of ``COMPANION_STRESS_CASES`` (see ``_common.py``).
"""

from __future__ import annotations

import json
import shutil
import tempfile
from pathlib import Path

import pytest
from _common import count, fast, slow, snapshot
from hypothesis import given
from hypothesis import strategies as st

from companion.errors import CompanionError
from companion.table.csv_export import hand_rows, ranking_rows, to_csv
from companion.table.service import TableService
from companion.table.stats import evening_history
from companion.ui.data_model import import_backup

CODES = {"import-invalid", "newer-schema"}
PLAYERS = ["Ann", "Bob", "Cat", "Dan"]


class Data:
    """A data directory with two evenings, its backup (bytes) and its CSV exports."""

    def __init__(self, root: Path) -> None:
        self.root = root / "data"
        service = TableService(self.root)
        for preset in ("classique", "trou-du-cul"):
            ev = service.create_evening(PLAYERS, preset)
            for order in (PLAYERS, PLAYERS[::-1]):
                ev = service.record_hand(ev.id, order, expected_version=ev.version)
        self.backup = service.repo.export_all(root / "backup.json").read_bytes()
        self.doc = json.loads(self.backup)
        histories = [evening_history(service.evening(e.id)) for e in service.evenings()]
        self.csv = [
            to_csv(("a",) * 8, ranking_rows(histories)),
            to_csv(("a",) * 8, hand_rows(histories)),
        ]
        self.scratch = root / "scratch"
        self.scratch.mkdir()


@pytest.fixture(scope="module")
def data(tmp_path_factory) -> Data:
    return Data(tmp_path_factory.mktemp("import"))


JSON = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=10),
    lambda inner: (
        st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4)
    ),
    max_leaves=12,
)


@st.composite
def junk(draw, data: Data) -> bytes:
    """Bytes that are never a valid backup."""
    kind = draw(st.integers(0, 6))
    if kind == 0:
        return draw(st.binary(max_size=200))
    if kind == 1:
        return json.dumps(draw(JSON)).encode()
    if kind == 2:  # a CSV export, or CSV-like text
        if draw(st.booleans()):
            return draw(st.sampled_from(data.csv))
        rows = draw(st.lists(st.lists(st.text(max_size=6), max_size=5), max_size=5))
        return "\n".join(",".join(r) for r in rows).encode(
            draw(st.sampled_from(["utf-8", "utf-16", "utf-8-sig"])), "replace"
        )
    if kind == 3:  # the right header, wrong body
        doc = {
            "format": data.doc["format"],
            "schema_version": draw(st.one_of(st.integers(-2, 3), JSON)),
        }
        # At most two of the three parts: an empty backup with all three is valid.
        for key in draw(
            st.lists(st.sampled_from(["index", "players", "evenings"]), unique=True, max_size=2)
        ):
            doc[key] = draw(JSON)
        return json.dumps(doc).encode()
    if kind == 4:  # truncated backup (never whole)
        return data.backup[: draw(st.integers(0, len(data.backup) - 2))]
    if kind == 5:  # a backup in another encoding or with a NUL
        return draw(
            st.sampled_from(
                [
                    data.backup.decode().encode("utf-16"),
                    data.backup.replace(b"{", b"\x00", 1),
                    b"\xff\xfe" + data.backup,
                    data.backup * 2,
                ]
            )
        )
    return draw(
        st.sampled_from(
            [
                b"",
                b"null",
                b"[]",
                b"{}",
                b"\xef\xbb\xbf",
                b"{" * 5000,
                b"[" * 100000,
                b"1e999999",
                b'"format"',
            ]
        )
    )


def _path(doc: dict, draw) -> list:
    """A random path into ``doc`` (a list of keys / indexes)."""
    path: list = []
    node = doc
    while isinstance(node, (dict, list)) and node and draw(st.integers(0, 4)):
        key = draw(st.sampled_from(sorted(node) if isinstance(node, dict) else range(len(node))))
        path.append(key)
        node = node[key]
    return path


@st.composite
def mutated(draw, data: Data) -> bytes:
    """A real backup with one part changed: may or may not stay valid."""
    doc = json.loads(data.backup)
    for _ in range(draw(st.integers(1, 3))):
        path = _path(doc, draw)
        if not path:
            continue
        parent = doc
        for key in path[:-1]:
            parent = parent[key]
        how = draw(st.sampled_from(["replace", "delete", "duplicate"]))
        if how == "delete":
            del parent[path[-1]]
        elif how == "duplicate" and isinstance(parent, list):
            parent.append(parent[path[-1]])
        else:
            parent[path[-1]] = draw(JSON)
    if draw(st.integers(0, 9)) == 0:
        doc["schema_version"] = draw(st.integers(2, 10**6))
    return json.dumps(doc, ensure_ascii=draw(st.booleans())).encode()


def _import(how: str, root: Path, scratch: Path, payload: bytes) -> None:
    service = TableService(root)
    if how == "ui":
        import_backup(service, payload)
        return
    with tempfile.TemporaryDirectory(dir=scratch) as tmp:
        file = Path(tmp) / "incoming.json"
        file.write_bytes(payload)
        service.repo.import_all(file, replace=(how == "replace"))


def _refused(err: CompanionError) -> None:
    assert err.code in CODES, (err.code, err.en)
    for lang in ("fr", "en"):
        assert err.message(lang).strip()


def _check_junk(data: Data, payload: bytes, how: str) -> None:
    before = snapshot(data.root)
    with pytest.raises(CompanionError) as info:
        _import(how, data.root, data.scratch, payload)
    _refused(info.value)
    assert snapshot(data.root) == before
    count(f"import: junk ({how})")


def _check_mutated(data: Data, payload: bytes, how: str) -> None:
    root = Path(tempfile.mkdtemp(prefix="stress-import-"))
    try:
        shutil.copytree(data.root, root, dirs_exist_ok=True)
        before = snapshot(root)
        try:
            _import(how, root, data.scratch, payload)
        except CompanionError as err:
            _refused(err)
            assert snapshot(root) == before
            count(f"import: broken backup refused ({how})")
            return
        service = TableService(root)  # a valid file was imported: the data opens
        assert not service.repo.problems
        service.repo.export_all(root / "check.json")
        count(f"import: mutated backup still valid, imported ({how})")
    finally:
        shutil.rmtree(root, ignore_errors=True)


HOW = st.sampled_from(["replace", "merge", "ui"])


@fast(120)
@given(st.data(), HOW)
def test_junk_is_refused(data, draw_data, how):
    """A file that is not a valid backup (random bytes or JSON, a CSV export, a backup cut short or
    re-encoded, the right header with a wrong body) is refused as ``import-invalid`` or
    ``newer-schema``, in every import mode, with a message in both languages; the data folder is
    unchanged."""
    _check_junk(data, draw_data.draw(junk(data)), how)


@fast(40)
@given(st.data(), HOW)
def test_broken_backup(data, draw_data, how):
    """A real backup changed at random is either refused with a documented code, the data folder
    unchanged, or imported, after which the data opens without problems and exports again."""
    _check_mutated(data, draw_data.draw(mutated(data)), how)


@pytest.mark.slow
@slow("import-junk")
@given(st.data(), HOW)
def test_junk_is_refused_long(data, draw_data, how):
    """A file that is not a valid backup is refused with a documented code, the data folder
    unchanged, in every import mode, on many more cases."""
    _check_junk(data, draw_data.draw(junk(data)), how)


@pytest.mark.slow
@slow("import-broken")
@given(st.data(), HOW)
def test_broken_backup_long(data, draw_data, how):
    """A backup changed at random is refused with the data folder unchanged, or imported and the
    data then opens and exports, on many more cases."""
    _check_mutated(data, draw_data.draw(mutated(data)), how)


@pytest.mark.parametrize("how", ["replace", "merge", "ui"])
def test_backup_with_a_hand_missing_its_order_is_refused(data, how):
    """Regression (found by test_broken_backup_long, when hands still stored their derived
    ``result``): a backup whose last hand lacked a field validated, then the import failed
    midway after other evenings had been written. Hands now store only what was entered; one
    whose finishing order is missing still validates as a model (the field has a default) and
    must be refused whole by the replay, before anything is written."""
    doc = json.loads(data.backup)
    del doc["evenings"][-1]["steps"][-1]["order"]
    _check_junk(data, json.dumps(doc).encode(), how)
