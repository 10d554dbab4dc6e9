"""The server's garbage-collection policy: long-lived objects frozen so that no collection
walks every session's objects at once, and the ended sessions' cycles freed by a deep
collection when enough of them have ended."""

from __future__ import annotations

import gc
import time
import weakref
from collections.abc import Iterator

import pytest

from footycards.ssh.memory import DEEP, FREEZE, FULL_NEVER, MB, GcPolicy, resident_bytes


class Clock:
    def __init__(self) -> None:
        self.now = 100.0

    def __call__(self) -> float:
        return self.now


class Memory:
    """The process's memory as the test sets it (None: cannot be read)."""

    def __init__(self) -> None:
        self.held: int | None = None

    def __call__(self) -> int | None:
        return self.held


class Cycle:
    """A reference cycle, as a closed session's app leaves many."""

    def __init__(self) -> None:
        self.me = self


@pytest.fixture
def policy() -> Iterator[tuple[GcPolicy, Clock]]:
    clock = Clock()
    p = GcPolicy(clock=clock, memory=lambda: None, freeze_every=1.0, deep_every=600.0)
    try:
        yield p, clock
    finally:
        p.stop()  # frozen objects and Python's thresholds given back


def test_a_started_session_is_frozen_soon_then_every_interval(policy):
    p, clock = policy
    assert p.due(0) is None  # nobody here: nothing to do
    p.session_started()
    assert p.due(1) == FREEZE
    assert p.tick(1) == FREEZE
    assert p.due(1) is None  # just frozen
    clock.now += 1.0
    assert p.due(1) == FREEZE
    assert p.due(0) is None  # without sessions nothing new needs freezing


def test_deep_collection_when_enough_sessions_ended(policy):
    p, clock = policy
    for _ in range(3):
        p.session_ended()
    assert p.due(20) != DEEP  # 3 of 20: fewer than deep_min_ended (4)
    p.session_ended()
    assert p.due(20) != DEEP  # 4 of 20 is under a quarter
    p.session_ended()
    assert p.due(20) == DEEP  # 5 of 20: a quarter
    assert p.due(1) == DEEP
    p.ended = 1
    assert p.due(0) == DEEP  # nobody is left to wait for it
    assert p.due(50) != DEEP
    p.ended = 0
    clock.now += 600.0
    assert p.due(50) == DEEP  # every deep_every seconds while sessions are open: screens
    assert p.due(0) is None  # left within sessions hold cycles too; an empty server has none


def test_frozen_cycles_are_freed_only_by_a_deep_collection(policy):
    p, _clock = policy
    cycle = Cycle()
    alive = weakref.ref(cycle)
    p.session_started()
    p.tick(1)  # the session's objects are frozen now
    del cycle
    p.session_started()
    assert p.tick(1) == FREEZE
    assert alive() is not None  # a freeze never walks frozen objects
    p.session_ended()
    assert p.tick(0) == DEEP
    assert alive() is None and p.ended == 0


def test_start_takes_full_collections_over_and_stop_gives_them_back():
    before = gc.get_threshold()
    p = GcPolicy()
    p.start()
    try:
        assert gc.get_threshold()[:2] == before[:2] and gc.get_threshold()[2] == FULL_NEVER
    finally:
        p.stop()
    assert gc.get_threshold() == before


def test_the_server_runs_the_policy_while_it_listens(start_server):
    before = gc.get_threshold()
    server = start_server()
    assert server.call(gc.get_threshold)[2] == FULL_NEVER
    assert server.server is not None and server.server.gc.thresholds == before
    server.stop()
    server.server = None  # stopped: the fixture need not stop it again
    assert gc.get_threshold() == before


def test_deep_collection_when_memory_grows_beyond_what_the_sessions_explain():
    """Garbage left among the frozen objects stays until a deep collection: one is taken
    once the process holds a quarter (plus `grow_slack`) more than its open sessions
    explain; after it, what one session holds is learnt (the units are the test's)."""
    clock, memory = Clock(), Memory()
    memory.held = 100 * MB
    p = GcPolicy(clock=clock, memory=memory, per_session=8 * MB)
    p.start()
    try:
        memory.held = 100 * MB + 40 * 8 * MB  # 40 sessions as expected
        assert p.due(40) is None
        memory.held = int((100 + 40 * 8) * MB * 1.25) + 40 * MB  # dropped screens pile up
        assert p.due(40) == DEEP
        memory.held = 100 * MB + 40 * 6 * MB  # after the deep collection: 6 MB a session
        p.collect(DEEP, 40)
        assert p.floor == memory.held and p.floor_sessions == 40 and p.per_session == 6 * MB
        memory.held += 10 * 6 * MB  # ten more sessions, as learnt
        assert p.due(50) != DEEP
        memory.held = None  # where memory cannot be read, only the other triggers count
        assert p.due(50) != DEEP
    finally:
        p.stop()


def test_what_the_process_holds_is_counted_in_live_memory_not_garbage():
    """The floor learnt at a deep collection is what is alive then: the garbage it freed
    is not in it (the resident memory stays as high, and a floor learnt from it rose by
    a quarter at every deep collection)."""
    p = GcPolicy()
    p.start()
    try:
        assert p.base is not None and p.base > 0  # what start-up made (memory blocks)
        cycles = [Cycle() for _ in range(50_000)]
        gc.freeze()
        del cycles  # garbage among the frozen objects, as dropped screens leave
        before = p.memory()
        assert before is not None
        p.collect(DEEP, 0)
        assert p.floor is not None and p.floor <= before - 50_000
    finally:
        p.stop()


def test_resident_memory_is_read_on_linux():
    held = resident_bytes()
    assert held is None or held > 10 * MB


@pytest.mark.parametrize(("words", "freeze"), [([], True), (["--gc", "python"], False)])
def test_serve_gc_option_chooses_the_policy(monkeypatch, words, freeze):
    """`footycards serve --gc python` keeps Python's own collection; the default freezes."""
    from click.testing import CliRunner

    from footycards.cli import main
    from footycards.ssh import server

    seen = []
    monkeypatch.setattr(server, "serve", seen.append)
    result = CliRunner().invoke(main, ["serve", "--port", "0", *words])
    assert result.exit_code == 0, result.output
    assert [options.freeze_gc for options in seen] == [freeze]
    result = CliRunner().invoke(main, ["serve", "--gc", "sometimes"])
    assert result.exit_code == 2 and "freeze" in result.output


def test_a_server_with_python_gc_leaves_the_collector_alone(start_server):
    before = gc.get_threshold()
    server = start_server(freeze_gc=False)
    assert server.call(gc.get_threshold) == before


def test_reading_what_the_process_holds_does_not_walk_the_frozen_objects():
    """The policy reads its memory measure at every tick (twice a second): it must not
    cost time that grows with the frozen heap. `gc.get_freeze_count` walks the whole
    frozen list (70 ms with a server's 800,000 objects, 15 % of its CPU under churn)."""
    p = GcPolicy()
    p.start()
    try:
        many = [Cycle() for _ in range(400_000)]
        gc.freeze()
        began = time.process_time()
        for _i in range(50):
            p.memory()
        each = (time.process_time() - began) / 50
        assert each < 0.001, f"{each * 1000:.1f} ms a reading"
        del many
    finally:
        p.stop()


def test_a_scan_is_called_for_at_less_growth_than_a_deep_collection():
    """A scan (a forked child, no long pause) takes a deep collection's place while
    sessions are open, so it is called for at a tenth more than the sessions explain
    (plus `scan_slack`) where a deep one waits for a quarter (plus `grow_slack`)."""
    clock, memory = Clock(), Memory()
    memory.held = 100 * MB
    for scans, due in ((True, DEEP), (False, None)):
        p = GcPolicy(clock=clock, memory=memory, per_session=8 * MB, scans=scans)
        p.start()
        try:
            memory.held = int((100 + 40 * 8) * MB * 1.2)  # a fifth more than explained
            assert p.due(40) == due
        finally:
            p.stop()
            memory.held = 100 * MB
    never = GcPolicy(clock=clock, memory=memory, grow_share=float("inf"), scans=True)
    assert never.growth()[0] == float("inf")  # recycling workers: neither, ever


def test_a_tick_that_freezes_leaves_the_freeing_to_the_next_tick(policy):
    """A collection and a walk in one turn of the loop would be one longer pause for
    every session: what was dropped waits for the tick after the freeze."""
    from footycards.ssh.memory import Dropped

    p, clock = policy
    p.session_started()
    garbage = Cycle()
    gone = weakref.ref(garbage)
    p.tick(1)  # frozen now, the cycle with the rest
    p.dropped.append(Dropped(clock.now, [weakref.ref(garbage)], since=clock.now))
    del garbage
    clock.now += 1.0  # a freeze is due again, and the cycle is to be freed
    assert p.tick(1) == FREEZE
    assert gone() is not None and p.dropped  # not in the freeze's tick
    clock.now += 0.1
    assert p.tick(1) is None
    assert gone() is None and not p.dropped  # the next one freed it
