"""The forked garbage scan (ssh/scan.py) and the policy's use of it (ssh/memory.py): the
child finds exactly the unreachable objects, in groups; the server frees only what nothing
took back meanwhile; with sessions open the policy scans instead of a deep collection."""

from __future__ import annotations

import gc
import logging
import time
import weakref

import pytest

from footycards.ssh import reclaim, scan
from footycards.ssh.memory import DEEP, SCAN, GcPolicy

pytestmark = pytest.mark.skipif(not scan.available(), reason="no os.fork here")


class Thing:
    """A plain object for cycles."""

    def __init__(self, name: str) -> None:
        self.name = name
        self.other: Thing | None = None
        self.stuff: list[object] = []


def garbage_pair(name: str) -> list[weakref.ref[Thing]]:
    """Two Things in a cycle, held by nothing: garbage for the collector only."""
    a, b = Thing(name + "a"), Thing(name + "b")
    a.other, b.other = b, a
    a.stuff.append({"back": b})
    return [weakref.ref(a), weakref.ref(b)]


def finished(s: scan.Scan, seconds: float = 30.0) -> scan.Scan:
    deadline = time.monotonic() + seconds
    while not s.poll():
        assert time.monotonic() < deadline, "the scan did not end"
        time.sleep(0.01)
    return s


@pytest.fixture
def frozen():
    """Freeze what exists (as the server's policy does), thaw it afterwards."""
    gc.collect()
    gc.freeze()
    yield
    gc.unfreeze()
    gc.collect()


def test_encode_and_decode_round_trip_and_reject_broken_messages():
    groups = [[3, 1, 2], [], [10**12]]
    assert scan.decode(scan.encode(groups)) == groups
    data = scan.encode(groups)
    for broken in (b"", data[:-1], data[:-8], data + scan.encode([[1]])):
        with pytest.raises(ValueError):
            scan.decode(broken)


def test_find_garbage_finds_the_cycles_nothing_holds_in_groups(frozen):
    gone = [garbage_pair("x"), garbage_pair("y")]
    kept = Thing("kept")
    kept.other = kept  # a cycle still held (by this frame)
    objects = gc.get_objects()  # no fork: the same count, in this process
    groups = scan.find_garbage(objects)
    found = [{id(objects[i]) for i in group} for group in groups]
    for pair in gone:
        ids = {id(ref()) for ref in pair}
        # both of a pair in one group, the two pairs in two
        assert sum(1 for group in found if ids <= group) == 1
    assert not any(id(kept) in group for group in found)
    x_group = next(g for g in found if id(gone[0][0]()) in g)
    assert id(gone[1][0]()) not in x_group


def test_a_scan_frees_frozen_garbage_and_leaves_what_is_used(frozen):
    pairs = [garbage_pair(str(n)) for n in range(50)]
    kept = Thing("kept")
    kept.other = kept
    gc.freeze()  # the garbage is frozen now: only a deep collection would find it
    s = finished(scan.Scan.start())
    assert not s.failed and not s.holding and s.listed > 0
    assert s.found >= 50 * 2
    freed = sum(reclaim.free_objects(group) for group in s.groups)
    assert freed >= 50 * 2
    assert all(ref() is None for pair in pairs for ref in pair)
    assert kept.other is kept and kept.name == "kept"


def test_a_group_taken_back_after_the_fork_is_not_emptied(frozen):
    pairs = [garbage_pair(str(n)) for n in range(5)]
    gc.freeze()
    s = finished(scan.Scan.start())
    taken = pairs[0][0]()  # a weak reference's object, taken after the child looked
    assert taken is not None
    for group in s.groups:
        reclaim.free_objects(group)
    assert taken.name == "0a" and taken.other is not None and taken.other.other is taken
    assert taken.stuff == [{"back": taken.other}]
    assert all(ref() is None for pair in pairs[1:] for ref in pair)


def test_a_child_that_fails_drops_the_scan_and_frees_nothing(frozen, monkeypatch):
    pair = garbage_pair("z")

    def broken(objects):
        raise RuntimeError("no")

    monkeypatch.setattr(scan, "find_garbage", broken)
    s = finished(scan.Scan.start())
    assert s.failed and not s.groups and not s.holding
    assert pair[0]() is not None  # left for the next scan or a deep collection


def test_cancel_stops_the_child():
    s = scan.Scan.start()
    assert s is not None
    s.cancel()
    assert s.done and s.failed == "cancelled" and not s.holding and s.pid == 0


def test_policy_scans_instead_of_a_deep_collection_while_sessions_are_open(caplog):
    policy = GcPolicy(deep_min_ended=1)
    policy.start()
    try:
        pairs = [garbage_pair(str(n)) for n in range(20)]
        gc.freeze()
        policy.session_ended()  # an ended session whose app was never freed
        assert policy.due(3) == DEEP
        with caplog.at_level(logging.INFO, logger="footycards.ssh"):
            assert policy.tick(3) == SCAN
            deadline = time.monotonic() + 30
            while policy.scan is not None:
                assert time.monotonic() < deadline
                assert policy.tick(3) != DEEP  # never a deep one meanwhile
                time.sleep(0.01)
        assert all(ref() is None for pair in pairs for ref in pair)
        assert "scan for garbage" in caplog.text and "deep collection" not in caplog.text
        assert policy.ended == 0 and policy.floor_sessions == 3
    finally:
        policy.stop()


def test_policy_takes_a_deep_collection_with_nobody_open_or_when_it_cannot_fork():
    policy = GcPolicy(deep_min_ended=1)
    policy.start()
    try:
        policy.session_ended()
        assert policy.tick(0) == DEEP  # nobody waits for it
        policy.scans = False
        policy.session_ended()
        assert policy.tick(3) == DEEP
    finally:
        policy.stop()


def test_a_scan_is_called_for_after_so_many_sessions_ended_whatever_the_memory():
    """Garbage is best freed before it piles up (the memory a process held at its worst
    stays with it): every `scan_every_ended` ended sessions a scan is due; not where
    scans are off (recycling workers), and the count starts again after one."""
    policy = GcPolicy(scan_every_ended=3, deep_min_ended=100)
    policy.start()
    try:
        for _ in range(2):
            policy.session_ended()
        assert policy.due(5) != DEEP
        policy.session_ended()
        assert policy.due(5) == DEEP and "3 sessions ended" in policy.why
        policy.scans = False
        assert policy.due(5) != DEEP
        policy.scans = True
        assert policy.tick(5) == SCAN
        deadline = time.monotonic() + 30
        while policy.scan is not None:
            assert time.monotonic() < deadline
            policy.tick(5)
            time.sleep(0.01)
        assert policy.ended_since_scan == 0 and policy.due(5) != DEEP
    finally:
        policy.stop()
