"""Autosaves written off the event loop (savethread.SaveThread; a server's sessions use it)."""

from __future__ import annotations

import asyncio
import threading
from pathlib import Path

from footycards.match import Match
from footycards.paths import atomic_write
from footycards.record import GameRecord
from footycards.saves import Autosaver, SaveStore
from footycards.savethread import SaveThread
from tests.platform.test_saves import random_seats


def test_jobs_run_in_order_and_a_waiting_one_is_replaced_by_a_newer_one_of_its_key():
    thread = SaveThread()
    gate = threading.Event()
    started = threading.Event()
    ran: list[str] = []
    heard: list[tuple[str, OSError | None]] = []

    def job(name: str, wait: bool = False):
        def work() -> None:
            if wait:
                started.set()
                gate.wait(5)
            ran.append(name)

        return work

    thread.submit("a", job("a1", wait=True), lambda e: heard.append(("a1", e)))
    assert started.wait(5)  # a1 is being written
    thread.submit("b", job("b1"), lambda e: heard.append(("b1", e)))
    thread.submit("a", job("a2"), lambda e: heard.append(("a2", e)))  # a1 runs: a2 waits
    thread.submit("b", job("b2"), lambda e: heard.append(("b2", e)))  # takes b1's place
    assert thread.busy_with("a") and thread.busy_with("b") and not thread.busy_with("c")
    gate.set()
    assert thread.drain(5)
    assert ran == ["a1", "b2", "a2"]
    assert [name for name, _e in heard] == ["a1", "b2", "a2"]  # no loop: told on the thread
    assert thread.replaced == 1 and thread.written == 3
    assert not thread.busy_with("a") and not thread.busy_with("b")


def test_a_failure_is_told_and_the_thread_goes_on():
    thread = SaveThread()
    heard: list[OSError | None] = []

    def disk_full() -> None:
        raise OSError(28, "No space left on device")

    def a_bug() -> None:
        raise ValueError("not an OSError")

    thread.submit("x", disk_full, heard.append)
    assert thread.drain(5)
    thread.submit("y", a_bug, heard.append)
    assert thread.drain(5)
    thread.submit("z", lambda: None, heard.append)
    assert thread.drain(5)
    assert isinstance(heard[0], OSError) and heard[0].errno == 28
    assert isinstance(heard[1], OSError) and "not an OSError" in str(heard[1])
    assert heard[2] is None


def test_drain_says_false_when_a_write_takes_longer_than_asked():
    thread = SaveThread()
    gate = threading.Event()
    thread.submit("slow", lambda: gate.wait(5), lambda e: None)
    assert not thread.drain(0.05)
    gate.set()
    assert thread.drain(5)


def test_the_result_comes_back_on_the_loop_that_asked():
    thread = SaveThread()
    seen: list[int] = []

    async def main() -> None:
        here = threading.get_ident()
        told = asyncio.Event()

        def done(error: OSError | None) -> None:
            seen.append(threading.get_ident())
            assert error is None
            told.set()

        thread.submit("k", lambda: seen.append(threading.get_ident()), done)
        await asyncio.wait_for(told.wait(), 5)
        assert seen[0] != here  # written on the thread
        assert seen[1] == here  # told on the loop

    asyncio.run(main())


def test_a_closed_loop_is_not_called_into():
    thread = SaveThread()
    gate = threading.Event()

    async def main() -> None:
        thread.submit("k", lambda: gate.wait(5), lambda e: None)

    asyncio.run(main())  # the loop closes while the job waits
    gate.set()
    assert thread.drain(5)  # and the thread lived on (no RuntimeError escaped)
    thread.submit("k2", lambda: None, lambda e: None)
    assert thread.drain(5)


def test_an_autosaver_on_a_background_store_writes_every_move_off_the_loop(tmp_path):
    """The writes run on the thread, never on the loop's; after a drain the file holds
    the last move, and at the end the game is in the history and its save is gone."""
    thread = SaveThread()
    writers: set[int] = set()

    def writer(path: Path, text: str) -> None:
        writers.add(threading.get_ident())
        atomic_write(path, text)

    store = SaveStore(tmp_path, writer=writer, background=thread)

    async def main() -> None:
        match = Match.start("quartett", random_seats("quartett"), 4, {})
        saver = Autosaver(match, store)
        for _n in range(5):
            match.play_ai()
        assert saver.writing or store.path_for(saver.id).exists()
        await asyncio.to_thread(thread.drain, 5)
        await asyncio.sleep(0)  # the results reach the loop
        record = GameRecord.from_json(store.path_for(saver.id).read_text("utf-8"))
        assert record.actions == match.actions and saver.saves >= 1 and not saver.writing
        match.run_ai()
        await asyncio.to_thread(thread.drain, 5)
        await asyncio.sleep(0)
        assert saver.finished and not store.path_for(saver.id).exists()
        done = GameRecord.from_json((store.history_dir / f"{saver.id}.json").read_text())
        assert done.finished and done.actions == match.actions
        assert threading.get_ident() not in writers

    asyncio.run(main())


def test_a_background_failure_is_told_once_on_the_loop_and_the_old_save_kept(tmp_path):
    thread = SaveThread()
    state = {"broken": False}

    def writer(path: Path, text: str) -> None:
        if state["broken"]:
            raise OSError(28, "No space left on device")
        atomic_write(path, text)

    store = SaveStore(tmp_path, writer=writer, background=thread)

    async def settle() -> None:
        await asyncio.to_thread(thread.drain, 5)
        await asyncio.sleep(0)

    async def main() -> None:
        loop_thread = threading.get_ident()
        told: list[tuple[int, OSError]] = []
        match = Match.start("stadium", random_seats("stadium"), 6, {})
        saver = Autosaver(match, store, on_error=lambda e: told.append((threading.get_ident(), e)))
        match.run_ai(limit=3)
        await settle()
        good = saver.path.read_text("utf-8")
        state["broken"] = True
        for _n in range(4):
            match.play_ai()
            await settle()
        assert [(who, e.errno) for who, e in told] == [(loop_thread, 28)]
        assert saver.failed and saver.path.read_text("utf-8") == good
        state["broken"] = False
        match.play_ai()
        await settle()
        assert not saver.failed
        assert GameRecord.from_json(saver.path.read_text("utf-8")).actions == match.actions

    asyncio.run(main())


def test_a_stopped_saver_finishes_its_write_but_tells_nobody_of_a_failure(tmp_path):
    thread = SaveThread()
    gate = threading.Event()

    def writer(path: Path, text: str) -> None:
        gate.wait(5)
        raise OSError(28, "No space left on device")

    store = SaveStore(tmp_path, writer=writer, background=thread)
    told: list[OSError] = []
    match = Match.start("stadium", random_seats("stadium"), 6, {})
    saver = Autosaver(match, store, on_error=told.append)
    match.play_ai()
    saver.stop()  # the session left while its last move was being written
    gate.set()
    assert thread.drain(5)
    assert saver.failed and told == []
