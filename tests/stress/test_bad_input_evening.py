"""The evening API (``TableService``) with bad input (issue 5, section 1): finishing orders
with missing, repeated or unknown players; events that contradict each other; a hand
recorded twice (same idempotency key); a stale ``expected_version``.

Each is refused with the documented ``CompanionError`` (its ``code`` and a message in both
languages), and every file of the data directory is byte-for-byte unchanged. Random events
may also be valid: then the hand is recorded (on a copy of the data), and nothing else.

Default run: a derandomized sample. ``python -m pytest -m slow tests/stress`` runs each
property its share of ``COMPANION_STRESS_CASES`` (see ``_common.py``).
"""

from __future__ import annotations

import shutil
import tempfile
from pathlib import Path

import pytest
from _common import TEXT, count, fast, slow, snapshot
from hypothesis import given
from hypothesis import strategies as st

from companion.errors import CompanionError
from companion.table.service import TableService

PLAYERS = ["Ann", "Bob", "Cat", "Dan"]
SETTINGS = [
    "putsch=true",
    "coup_detat=true",
    "rich_man_falls=true",
    "faults=true",
    "forbidden_finish=2",
]
ORDER_CODES = {"unknown-player", "duplicate-in-order", "incomplete-order"}
EVENT_CODES = {"unknown-player", "conflicting-events", "option-off", "bad-event"}


class Table:
    """A data directory holding one evening (one hand already recorded, key ``k1``)."""

    def __init__(self, root: Path) -> None:
        self.root = root
        self.service = TableService(root)
        ev = self.service.create_evening(PLAYERS, "trou-du-cul", settings=SETTINGS)
        ev = self.service.record_hand(ev.id, PLAYERS, expected_version=ev.version, key="k1")
        self.evening = ev
        self.ids = {p.name: p.id for p in ev.players}


@pytest.fixture(scope="module")
def table(tmp_path_factory) -> Table:
    return Table(tmp_path_factory.mktemp("evening"))


def _unknown(text: str) -> bool:
    key = text.strip().casefold()
    return bool(key) and key not in {p.casefold() for p in PLAYERS}


REF = st.sampled_from(PLAYERS)  # a player by name (ids are drawn from Table.ids below)
UNKNOWN = st.one_of(TEXT, st.sampled_from(["Eve", "Ann Bob", "Annn", "A", "?", "Ann,Bob"])).filter(
    _unknown
)


@st.composite
def bad_order(draw) -> list[str] | str:
    """A finishing order that is wrong: a player missing, repeated, or not at the table."""
    order = draw(st.permutations(PLAYERS))
    faults = draw(
        st.lists(st.sampled_from(["drop", "repeat", "unknown", "empty"]), min_size=1, max_size=3)
    )
    order = list(order)
    for fault in faults:
        if fault == "drop" and order:
            del order[draw(st.integers(0, len(order) - 1))]
        elif fault == "repeat" and order:
            order.insert(draw(st.integers(0, len(order))), draw(st.sampled_from(order)))
        elif fault == "unknown":
            order.insert(draw(st.integers(0, len(order))), draw(UNKNOWN))
        elif fault == "empty":
            order = []
    order = [
        draw(st.sampled_from([n, n.lower(), f" {n} ", n.upper()])) if n in PLAYERS else n
        for n in order
    ]
    if sorted(n.strip().casefold() for n in order) == sorted(p.casefold() for p in PLAYERS):
        order.append(draw(UNKNOWN))  # the faults cancelled out: still make it wrong
    if draw(st.integers(0, 3)) == 0 and not any("," in n for n in order):
        return ", ".join(order)  # the text form
    return order


def _refused(err: CompanionError, codes: set[str]) -> None:
    assert err.code in codes, (err.code, err.en)
    for lang in ("fr", "en"):
        text = err.message(lang)
        assert isinstance(text, str) and text.strip() and "Traceback" not in text


def _check_order(table: Table, order, version_offset: int) -> None:
    service, ev = table.service, table.evening
    before = snapshot(table.root)
    with pytest.raises(CompanionError) as info:
        service.record_hand(ev.id, order, expected_version=ev.version + version_offset)
    _refused(info.value, {"version-conflict"} if version_offset else ORDER_CODES)
    if version_offset:
        assert info.value.current.version == ev.version
    assert snapshot(table.root) == before
    count("evening: bad order")


@fast(150)
@given(bad_order(), st.sampled_from([0, 0, 0, -1, 1, -100]))
def test_bad_finishing_order(table, order, offset):
    """A finishing order with a player missing, repeated or not at the table (a list or a text) is
    refused with its documented code, or as a version conflict when the version is stale too; no
    file of the data folder changes."""
    _check_order(table, order, offset)


@st.composite
def event(draw) -> dict:
    kind = draw(
        st.sampled_from(
            [
                "revolution",
                "putsch",
                "coup_detat",
                "guillotine",
                "forbidden_finish",
                "president_falls",
                "fault",
                "mutiny",
                "",
            ]
        )
    )
    data: dict = {"kind": kind}
    who = st.one_of(REF, REF, REF, UNKNOWN)
    if draw(st.integers(0, 5)):
        data["player"] = draw(who)
    if kind == "guillotine" or draw(st.integers(0, 9)) == 0:
        data["victim"] = draw(who)
    if kind == "putsch" or draw(st.integers(0, 9)) == 0:
        data["outcome"] = draw(st.sampled_from(["declared", "succeeded", "failed", "maybe"]))
    if kind == "revolution" and draw(st.booleans()):
        data["count"] = draw(st.one_of(st.integers(-2, 3), st.just("two")))
    return data


# Pairs that always contradict each other (the rules allow each alone).
CONTRADICTIONS = [
    [{"kind": "putsch", "player": "Dan"}, {"kind": "putsch", "player": "Cat"}],
    [
        {"kind": "putsch", "player": "Dan", "outcome": "succeeded"},
        {"kind": "putsch", "player": "Dan", "outcome": "failed"},
    ],
    [{"kind": "coup_detat", "player": "Bob"}, {"kind": "coup_detat", "player": "Cat"}],
    [
        {"kind": "coup_detat", "player": "Bob"},
        {"kind": "guillotine", "player": "Cat", "victim": "Ann"},
    ],
    [{"kind": "guillotine", "player": "Cat", "victim": "Cat"}],
    [{"kind": "forbidden_finish", "player": "Bob"}, {"kind": "forbidden_finish", "player": "Bob"}],
    [{"kind": "president_falls", "player": "Ann"}, {"kind": "president_falls", "player": "Ann"}],
]


def _copy(table: Table) -> tuple[Path, TableService]:
    root = Path(tempfile.mkdtemp(prefix="stress-"))
    shutil.copytree(table.root, root, dirs_exist_ok=True)
    return root, TableService(root)


def _check_events(table: Table, order: list[str], events: list[dict], must_refuse: bool) -> None:
    root, service = _copy(table)
    try:
        ev = table.evening
        before = snapshot(root)
        try:
            after = service.record_hand(ev.id, order, events=events, expected_version=ev.version)
        except CompanionError as err:
            _refused(err, EVENT_CODES)
            assert snapshot(root) == before
            count("evening: events refused")
            return
        assert not must_refuse, events
        assert after.version == ev.version + 1 and len(after.hands) == len(ev.hands) + 1
        assert TableService(root).evening(ev.id) == after  # what was returned is on disk
        count("evening: events accepted")
    finally:
        shutil.rmtree(root, ignore_errors=True)


@fast(60)
@given(st.permutations(PLAYERS), st.lists(event(), min_size=1, max_size=4))
def test_random_events(table, order, events):
    """Random events with a good finishing order are either refused with a documented code, every
    file unchanged, or recorded as exactly one more hand, which is then what the data folder
    holds."""
    _check_events(table, list(order), events, must_refuse=False)


@fast(20)
@given(st.permutations(PLAYERS), st.sampled_from(CONTRADICTIONS), st.lists(event(), max_size=2))
def test_contradicting_events(table, order, pair, others):
    """Events that contradict each other (two putsches or coups d'État, a guillotine on its own
    player, an event marked twice…) are always refused with a documented code, whatever else is
    marked; no file changes."""
    _check_events(table, list(order), [*pair, *others], must_refuse=True)


@st.composite
def retry(draw) -> tuple[list[str], int]:
    """A hand recorded again with the same key: any order, any version."""
    return list(draw(st.one_of(st.permutations(PLAYERS), bad_order()))), draw(st.integers(-3, 3))


def _check_duplicate(table: Table, order, offset: int) -> None:
    service, ev = table.service, table.evening
    before = snapshot(table.root)
    with pytest.raises(CompanionError) as info:
        service.record_hand(ev.id, order, expected_version=ev.version + offset, key="k1")
    _refused(info.value, {"duplicate-hand"})
    assert info.value.current.version == ev.version
    assert snapshot(table.root) == before
    count("evening: duplicate key")


@fast(60)
@given(retry())
def test_hand_recorded_twice(table, case):
    """A hand recorded again with the key of one already recorded is refused as a duplicate,
    whatever its order or version, with the current evening; no file changes."""
    _check_duplicate(table, *case)


def _check_stale(table: Table, action: str, offset: int, arg) -> None:
    service, ev = table.service, table.evening
    before = snapshot(table.root)
    version = ev.version + offset
    calls = {
        "record": lambda: service.record_hand(ev.id, PLAYERS, expected_version=version),
        "edit": lambda: service.edit_hand(ev.id, 1, order=PLAYERS[::-1], expected_version=version),
        "delete": lambda: service.delete_hand(ev.id, 1, expected_version=version),
        "undo": lambda: service.undo(ev.id, expected_version=version),
        "close": lambda: service.close(ev.id, expected_version=version),
        "join": lambda: service.join(ev.id, "Eve", expected_version=version),
        "leave": lambda: service.leave(ev.id, "Dan", expected_version=version),
        # Bad references, at the right version.
        "edit-unknown": lambda: service.edit_hand(
            ev.id, arg, order=PLAYERS, expected_version=ev.version
        ),
        "leave-unknown": lambda: service.leave(ev.id, str(arg), expected_version=ev.version),
        "evening-unknown": lambda: service.record_hand(
            str(arg), PLAYERS, expected_version=ev.version
        ),
    }
    codes = {
        "edit-unknown": {"unknown-hand"},
        "leave-unknown": {"unknown-player"},
        "evening-unknown": {"unknown-evening"},
    }.get(action, {"version-conflict"})
    with pytest.raises(CompanionError) as info:
        calls[action]()
    _refused(info.value, codes)
    assert snapshot(table.root) == before
    count("evening: stale version / unknown reference")


@fast(60)
@given(
    st.sampled_from(
        [
            "record",
            "edit",
            "delete",
            "undo",
            "close",
            "join",
            "leave",
            "edit-unknown",
            "leave-unknown",
            "evening-unknown",
        ]
    ),
    st.integers(-5, 5).filter(bool),
    st.one_of(st.integers(-3, 0), st.integers(2, 99), UNKNOWN, st.just("../index")),
)
def test_stale_version_and_unknown_references(table, action, offset, arg):
    """Every change made with a stale version is refused as a version conflict, and one naming a
    hand, a player or an evening that does not exist is refused as unknown; no file changes."""
    _check_stale(table, action, offset, arg)


@pytest.mark.slow
@slow("evening")
@given(st.data())
def test_evening_bad_input_long(table, data):
    """All of the above, mixed, many times (one case each)."""
    which = data.draw(
        st.sampled_from(["order", "order", "events", "contradiction", "duplicate", "stale"])
    )
    if which == "order":
        _check_order(table, data.draw(bad_order()), data.draw(st.sampled_from([0, 0, 0, -1, 1])))
    elif which == "events":
        _check_events(
            table,
            list(data.draw(st.permutations(PLAYERS))),
            data.draw(st.lists(event(), min_size=1, max_size=4)),
            False,
        )
    elif which == "contradiction":
        _check_events(
            table,
            list(data.draw(st.permutations(PLAYERS))),
            [
                *data.draw(st.sampled_from(CONTRADICTIONS)),
                *data.draw(st.lists(event(), max_size=2)),
            ],
            True,
        )
    elif which == "duplicate":
        _check_duplicate(table, *data.draw(retry()))
    else:
        _check_stale(
            table,
            data.draw(
                st.sampled_from(
                    [
                        "record",
                        "edit",
                        "delete",
                        "undo",
                        "close",
                        "join",
                        "leave",
                        "edit-unknown",
                        "leave-unknown",
                        "evening-unknown",
                    ]
                )
            ),
            data.draw(st.integers(-5, 5).filter(bool)),
            data.draw(st.one_of(st.integers(-3, 0), st.integers(2, 99), UNKNOWN)),
        )
