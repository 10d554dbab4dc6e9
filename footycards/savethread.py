"""Provides SaveThread: one thread that writes autosaves off the event loop, in order.

A server's sessions save their games after every move, and a write with its fsync takes
4–10 ms: on the event loop every session shares, those add up to pauses everyone feels.
A `SaveThread` takes jobs keyed by the file they write. A job still waiting for the thread
is replaced by a newer one of the same key (only a game's last state matters, and each job
is whole: write the save, move it to the history, or remove it), so a slow disk never
builds a queue. Each job's result (None, or the OSError it raised) goes back to the event
loop it came from with `call_soon_threadsafe`; with no loop running it is handed over on
the thread. `drain()` waits until nothing is left to write (a server stopping).
"""

from __future__ import annotations

import asyncio
import logging
import threading
import time
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass

log = logging.getLogger(__name__)

Done = Callable[[OSError | None], None]


@dataclass
class SaveJob:
    """One write: `work` does it, `done` hears how it went (on `loop` when there is one)."""

    key: str
    work: Callable[[], object]
    done: Done
    loop: asyncio.AbstractEventLoop | None


class SaveThread:
    """Writes the submitted jobs one at a time on a daemon thread started when first needed."""

    def __init__(self, name: str = "footycards-saves") -> None:
        self.name = name
        self._cond = threading.Condition()
        self._order: deque[str] = deque()  # keys in the order their first job came
        self._waiting: dict[str, SaveJob] = {}  # the newest job of each waiting key
        self._running: str | None = None  # the key being written now
        self._thread: threading.Thread | None = None
        self.written = 0  # jobs done (failed ones included)
        self.replaced = 0  # jobs a newer one of the same key took the place of

    def submit(self, key: str, work: Callable[[], object], done: Done) -> None:
        """Write `key` with `work` soon; a job of `key` still waiting is dropped for it."""
        try:
            loop: asyncio.AbstractEventLoop | None = asyncio.get_running_loop()
        except RuntimeError:
            loop = None
        job = SaveJob(key, work, done, loop)
        with self._cond:
            if key in self._waiting:
                self.replaced += 1
            else:
                self._order.append(key)
            self._waiting[key] = job
            if self._thread is None or not self._thread.is_alive():
                self._thread = threading.Thread(target=self._run, name=self.name, daemon=True)
                self._thread.start()
            self._cond.notify_all()

    def busy_with(self, key: str) -> bool:
        """Whether a job of `key` is waiting or being written."""
        with self._cond:
            return key in self._waiting or self._running == key

    def drain(self, timeout: float | None = None) -> bool:
        """Wait until every job is written (False if `timeout` seconds pass first)."""
        end = None if timeout is None else time.monotonic() + timeout
        with self._cond:
            while self._order or self._running is not None:
                left = None if end is None else end - time.monotonic()
                if left is not None and left <= 0:
                    return False
                self._cond.wait(left)
        return True

    def _run(self) -> None:
        while True:
            with self._cond:
                while not self._order:
                    self._cond.wait()
                key = self._order.popleft()
                job = self._waiting.pop(key)
                self._running = key
            error: OSError | None = None
            try:
                job.work()
            except OSError as exc:
                error = exc
            except Exception as exc:  # a bug must not stop every later save
                log.exception("a save of %s failed", key)
                error = OSError(str(exc))
            self._hand_over(job, error)
            del job, error  # held till the next job otherwise: a session's app with it
            with self._cond:
                self._running = None
                self.written += 1
                self._cond.notify_all()

    @staticmethod
    def _hand_over(job: SaveJob, error: OSError | None) -> None:
        if job.loop is None:
            job.done(error)
            return
        try:
            job.loop.call_soon_threadsafe(job.done, error)
        except RuntimeError:  # that loop is closed: nobody is left to tell
            pass


_shared: SaveThread | None = None


def shared_save_thread() -> SaveThread:
    """The process's one SaveThread (a server's sessions and tables share it)."""
    global _shared
    if _shared is None:
        _shared = SaveThread()
    return _shared
