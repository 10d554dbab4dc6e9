"""Provides the hand-off of connections from `serve --workers N`'s supervisor to its workers.

The supervisor accepts every TCP connection on the port and passes it (the socket's file
descriptor, over a Unix socket pair made for each worker process) to the worker with the
fewest open connections, so the workers share the sessions evenly. With `SO_REUSEPORT`
the kernel spread them by a hash of the client's address and port instead: 160 sessions
came out 91 : 71 (2026-12-02), and the worker with 91 answered keys as slowly as one
process with 90, so two workers did not hold twice the sessions of one.

- `pair()`: the supervisor's end (kept) and the worker's end (inherited by the process).
- `hand(channel, connection)`: the supervisor passes one connection.
- `Receiver`: the worker's end: it serves each connection it is passed and reports how
  many of them have ended, so the supervisor knows each worker's open connections as
  what it handed minus what ended (no race between the two counts).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import socket
from collections.abc import Awaitable, Callable

log = logging.getLogger("footycards.ssh")

MESSAGE = b"c"  # one byte with each descriptor passed
MOST_AT_ONCE = 64  # descriptors read in one go


def pair() -> tuple[socket.socket, socket.socket]:
    """A Unix socket pair: the supervisor's end (non-blocking) and the worker's end
    (inheritable, for `pass_fds`)."""
    parent, child = socket.socketpair(socket.AF_UNIX, socket.SOCK_STREAM)
    parent.setblocking(False)
    child.set_inheritable(True)
    return parent, child


def hand(channel: socket.socket, connection: socket.socket) -> bool:
    """Pass `connection` to the worker at the other end of `channel`; False if it cannot
    take it now (gone, or not reading: its end is full). The caller closes its copy."""
    try:
        socket.send_fds(channel, [MESSAGE], [connection.fileno()])
    except OSError:  # BlockingIOError, BrokenPipeError, ConnectionResetError ...
        return False
    return True


class Receiver:
    """A worker's end of the hand-off: each connection passed is served by `serve` (until
    it ends); `report(ended)` is called with how many have ended so far."""

    def __init__(
        self,
        fd: int,
        serve: Callable[[socket.socket], Awaitable[None]],
        report: Callable[[int], None],
    ) -> None:
        self.channel = socket.socket(fileno=fd)
        self.channel.setblocking(False)
        self.serve = serve
        self.report = report
        self.ended = 0
        self.tasks: set[asyncio.Task[None]] = set()
        self.loop: asyncio.AbstractEventLoop | None = None

    def start(self) -> None:
        self.loop = asyncio.get_running_loop()
        self.loop.add_reader(self.channel.fileno(), self.readable)

    def stop(self) -> None:
        """Take no more connections (those open go on)."""
        if self.loop is not None:
            self.loop.remove_reader(self.channel.fileno())
            self.loop = None

    def close(self) -> None:
        self.stop()
        with contextlib.suppress(OSError):
            self.channel.close()

    def readable(self) -> None:
        try:
            data, fds, _flags, _address = socket.recv_fds(self.channel, MOST_AT_ONCE, MOST_AT_ONCE)
        except BlockingIOError:
            return
        except OSError:
            data, fds = b"", []
        for fd in fds:
            connection = socket.socket(fileno=fd)
            connection.setblocking(False)
            task = asyncio.ensure_future(self.run(connection))
            self.tasks.add(task)
            task.add_done_callback(self.tasks.discard)
        if not data:  # the supervisor's end is closed: it is gone (its watcher stops us)
            self.stop()

    async def run(self, connection: socket.socket) -> None:
        try:
            await self.serve(connection)
        except Exception as exc:  # a client that failed to log in, or hung up early
            log.debug("a handed connection ended: %r", exc)
            with contextlib.suppress(OSError):
                connection.close()
        finally:
            self.ended += 1
            self.report(self.ended)
