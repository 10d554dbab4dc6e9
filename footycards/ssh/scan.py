"""Provides the forked garbage scan: what a deep collection finds, found by a child process,
so the server's event loop never waits for a walk of every session's objects.

A deep collection (memory.py) walks every object of every session with the loop held:
0.7-3 s on the 2-core development machine with a few sessions open, and CPython cannot
do it in parts. A scan finds the same garbage elsewhere:

1. `Scan.start()` lists every object the collector tracks (`gc.get_objects()`, the frozen
   ones thawed for the moment: one pause of tens of milliseconds) and forks. The list
   holds each object, so none of them is freed (nor its memory reused) until the server
   lets go of it.
2. The child, a copy-on-write image of the server, counts the references each listed
   object gets from the others, as the collector does: one with more is held from
   outside (a frame, the interpreter, a C extension), and so is everything it leads to.
   The rest was unreachable when the child was forked. The child only reads (it runs no
   finalizer or weak-reference callback, touches no file but its pipe), writes the
   garbage to the pipe as groups of list positions (the parts of the garbage that refer
   to each other) and exits; it never returns to the server's code.
3. The server reads the pipe a little at each tick (`poll`), then takes each group's
   objects from the list and lets go of the list, a slice at a time. Each group is
   freed by `reclaim.free_objects`, which counts its references again in the server
   first: a group something took hold of meanwhile (through a weak reference) is left
   as it is, so a stale answer can only keep memory, never free what is in use.

While the list is held nothing it holds can be freed, so `reclaim`'s walks wait for it
(`holding`). The child's own memory is the pages it copies: up to the server's heap,
for the seconds it runs. Where `os.fork` is missing, scans are off (`available`) and
the policy takes deep collections as before.
"""

from __future__ import annotations

import gc
import os
import signal
import sys
import time
import warnings
from array import array
from dataclasses import dataclass, field

READ_CHUNK = 1 << 20  # bytes read from the child's pipe at a tick at most
RELEASE_CHUNK = 50_000  # list entries let go of at a tick at most
TIMEOUT = 120.0  # seconds a child may take before it is stopped and the scan dropped
INT = "q"  # the pipe's integers: signed 64-bit, native order (parent and child agree)


def available() -> bool:
    """Whether this platform can fork the server to scan it."""
    return hasattr(os, "fork") and sys.platform != "win32"


def find_garbage(objects: list[object]) -> list[list[int]]:
    """The unreachable objects among `objects` (every object the collector tracks, held
    by this list and by nothing of the caller's but it), as groups of positions in the
    list: the objects of a group refer to each other (a connected part), no two groups
    do. The collector's own method (see the module's docstring), by `gc.get_referents`:
    nothing is called on the objects themselves."""
    index = {id(obj): i for i, obj in enumerate(objects)}
    probe: list[object] = [[]]
    listed_only = [sys.getrefcount(obj) for obj in probe][0]  # the list's own references
    del probe
    held = [sys.getrefcount(obj) - listed_only for obj in objects]
    get = index.get
    for obj in objects:  # references from listed objects do not count as from outside
        for child in gc.get_referents(obj):
            j = get(id(child))
            if j is not None:
                held[j] -= 1
    reached = bytearray(len(objects))
    todo = [i for i, h in enumerate(held) if h > 0]
    del held
    for i in todo:
        reached[i] = 1
    while todo:
        for child in gc.get_referents(objects[todo.pop()]):
            j = get(id(child))
            if j is not None and not reached[j]:
                reached[j] = 1
                todo.append(j)
    garbage = [i for i in range(len(objects)) if not reached[i]]
    leader = {i: i for i in garbage}  # union-find over the references among the garbage

    def find(i: int) -> int:
        while leader[i] != i:
            leader[i] = leader[leader[i]]
            i = leader[i]
        return i

    for i in garbage:
        for child in gc.get_referents(objects[i]):
            j = get(id(child))
            if j is not None and not reached[j]:
                a, b = find(i), find(j)
                if a != b:
                    leader[b] = a
    groups: dict[int, list[int]] = {}
    for i in garbage:
        groups.setdefault(find(i), []).append(i)
    return list(groups.values())


def encode(groups: list[list[int]]) -> bytes:
    """The groups as the pipe carries them: a count, then each group's size and members."""
    out = array(INT, [len(groups)])
    for group in groups:
        out.append(len(group))
        out.extend(group)
    return out.tobytes()


def decode(data: bytes) -> list[list[int]]:
    """`encode`'s groups back (ValueError if the bytes are not a whole message)."""
    numbers = array(INT)
    if len(data) % numbers.itemsize:
        raise ValueError("a partial number")
    numbers.frombytes(data)
    if not numbers:
        raise ValueError("empty")
    groups, k = [], 1
    for _group in range(numbers[0]):
        size = numbers[k]
        if size < 0 or k + 1 + size > len(numbers):
            raise ValueError("a group past the end")
        groups.append(numbers[k + 1 : k + 1 + size].tolist())
        k += 1 + size
    if k != len(numbers):
        raise ValueError("bytes past the last group")
    return groups


def _child(objects: list[object], fd: int) -> None:
    """The child's whole life: find the garbage, write it, exit (never returns)."""
    code = 1
    try:
        signal.set_wakeup_fd(-1)  # a signal here must not wake the server's loop
        for sig in (signal.SIGINT, signal.SIGTERM):
            signal.signal(sig, signal.SIG_DFL)
        data = memoryview(encode(find_garbage(objects)))
        while data:
            data = data[os.write(fd, data) :]
        code = 0
    except BaseException:  # nothing may escape into the server's code
        code = 1
    finally:
        os._exit(code)


@dataclass
class Scan:
    """One scan under way: the child, its pipe, and the list it works on."""

    pid: int
    fd: int
    objects: list[object]  # every tracked object when the child was forked
    began: float = field(default_factory=time.monotonic)
    paused: float = 0.0  # seconds the server's loop waited to list and fork
    listed: int = 0  # objects listed
    found: int = 0  # objects the child found unreachable
    data: bytearray = field(default_factory=bytearray)
    groups: list[list[object]] = field(default_factory=list)  # found (once `done`)
    positions: list[list[int]] | None = None  # the child's answer, being turned to groups
    done: bool = False
    failed: str = ""  # why the scan came to nothing (the child failed, timed out)
    child_seconds: float = 0.0  # how long the child took

    @classmethod
    def start(cls) -> Scan | None:
        """List every tracked object and fork the child; None if it cannot fork."""
        began = time.perf_counter()
        gc.unfreeze()
        objects = gc.get_objects()
        gc.freeze()
        read, write = os.pipe()
        try:
            with warnings.catch_warnings():  # Python 3.12+: "use of fork() may lead to
                warnings.simplefilter("ignore", DeprecationWarning)  # deadlocks": the
                pid = os.fork()  # child takes no lock, it only reads and writes its pipe
        except OSError:
            os.close(read)
            os.close(write)
            return None
        if pid == 0:
            os.close(read)
            _child(objects, write)
        os.close(write)
        os.set_blocking(read, False)
        paused = time.perf_counter() - began
        return cls(pid, read, objects, paused=paused, listed=len(objects))

    @property
    def holding(self) -> bool:
        """Whether the list of every object is still held (nothing can be freed then)."""
        return bool(self.objects)

    def poll(self) -> bool:
        """Read what the child wrote, then turn its answer into groups and let go of the
        list, a slice a call; True once it is all done (`groups`, or `failed`)."""
        if self.done:
            return True
        if self.positions is None:
            if not self._read():
                return False
            if self.done:  # failed
                return True
        self._take_groups()
        return self.done

    def _read(self) -> bool:
        """Read a chunk; True once the child's answer is whole (or it failed)."""
        try:
            chunk = os.read(self.fd, READ_CHUNK)
        except BlockingIOError:
            if time.monotonic() - self.began > TIMEOUT:
                self.cancel("the child took too long")
                return True
            return False
        if chunk:
            self.data.extend(chunk)
            return False
        os.close(self.fd)
        self.fd = -1
        _pid, status = os.waitpid(self.pid, 0)
        self.pid = 0
        self.child_seconds = time.monotonic() - self.began
        try:
            if not os.WIFEXITED(status) or os.WEXITSTATUS(status) != 0:
                raise ValueError(f"the child ended with status {status}")
            self.positions = decode(bytes(self.data))
        except ValueError as exc:
            self._give_up(str(exc))
        self.data = bytearray()
        return True

    def _take_groups(self) -> None:
        """Build the groups from the list, then let go of the list a slice at a time."""
        if self.positions:
            objects = self.objects
            self.groups = [[objects[i] for i in group] for group in self.positions]
            self.found = sum(len(group) for group in self.positions)
            self.positions = []
            return
        del self.objects[-RELEASE_CHUNK:]
        if not self.objects:
            self.done = True

    def _give_up(self, why: str) -> None:
        self.failed = why
        self.positions = []
        self.groups = []
        self.objects = []
        self.done = True

    def cancel(self, why: str = "cancelled") -> None:
        """Stop the child (if it still runs) and drop the scan."""
        if self.pid:
            try:
                os.kill(self.pid, signal.SIGKILL)
                os.waitpid(self.pid, 0)
            except OSError:
                pass
            self.pid = 0
        if self.fd >= 0:
            os.close(self.fd)
            self.fd = -1
        self._give_up(why)
