"""Provides SSHDriver: a Textual driver that draws on an SSH channel instead of a tty.

Each SSH session owns a `Terminal`: what the driver needs of the channel (write bytes,
the client's window size) and the input received so far. The session feeds the client's
bytes to `Terminal.feed`; before the app's driver has started they wait in a bounded
buffer, then they go through Textual's own key parser (`XTermParser`) like a local
terminal's. The parser waits a moment after a lone Esc to see whether a sequence follows:
a timer calls its `tick` so that the Esc arrives even when nothing else is typed.

Output is gathered and sent in one channel write per frame. Leaving application mode
(the app ends, the server closes the session) switches mouse reporting and the other
modes off and restores the main screen and the cursor. The driver never opens a browser
or writes a file on the server: those requests are refused.
"""

from __future__ import annotations

import asyncio
import logging
import time
from codecs import getincrementaldecoder
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any, BinaryIO, Literal, TextIO
from weakref import WeakKeyDictionary

from textual import constants, events
from textual.driver import Driver
from textual.geometry import Size
from textual.message import Message

from ..tui.textual_internals import XTermParser, close_parser, uncached_parse_extended_key

if TYPE_CHECKING:
    from textual.app import App

log = logging.getLogger("footycards.ssh")
details_log = logging.getLogger("footycards.ssh.details")  # tracebacks: the log file only

PENDING_LIMIT = 64 * 1024  # characters of early input kept until the app is ready
# Input events (keys, mouse, pastes) a client may send: a burst of EVENT_BURST, then
# EVENT_RATE a second. Far above any person's typing; it stops a flood of keys (a
# widget such as Input does work per key that grows with its text) from holding up the
# event loop that every session shares. Events beyond it are dropped.
EVENT_BURST = 100
EVENT_RATE = 50.0
# A window size from the client is clamped to this (a 500x200 screen is 100,000 cells to
# draw and send), and applied at most once every RESIZE_EVERY seconds (the last size of
# a storm of changes wins).
MIN_SIZE, MAX_WIDTH, MAX_HEIGHT = 1, 500, 200
RESIZE_EVERY = 0.25
# Typed text is parsed PARSE_SLICE characters at a time, one slice per turn of the event
# loop, so a big paste never holds up the other sessions for long.
PARSE_SLICE = 1024

# Sequences written when application mode starts / stops.
ENTER = (
    "\x1b[?1049h"  # alternate screen
    "\x1b[?25l"  # hide the cursor
    "\x1b[?1004h"  # focus in/out reports
    "\x1b[?2004h"  # bracketed paste
    "\x1b[?7l"  # no line wrap
)
MOUSE_ON = "\x1b[?1000h\x1b[?1003h\x1b[?1015h\x1b[?1006h"
MOUSE_OFF = "\x1b[?1000l\x1b[?1003l\x1b[?1015l\x1b[?1006l"
LEAVE = (
    "\x1b[?2004l"  # bracketed paste off
    "\x1b[?7h"  # line wrap on
    "\x1b[?1004l"  # focus reports off
    "\x1b[0m"  # plain text attributes
    "\x1b[?1049l"  # main screen back
    "\x1b[?25h"  # show the cursor
)
SYNC_QUERY = "\x1b[?2026$p"  # does the terminal support synchronised output?


def _clamp(value: int, most: int) -> int:
    return max(MIN_SIZE, min(most, int(value)))


@dataclass
class Terminal:
    """One SSH client's terminal, as the session and the driver share it.

    `send` writes bytes to the channel. `interrupt` is called for Ctrl+C (it returns True
    when it handled it; otherwise the key goes to the app as usual).
    """

    send: Callable[[bytes], None]
    width: int = 80
    height: int = 24
    interrupt: Callable[[], bool] | None = None
    pending: list[str] = field(default_factory=list)
    pending_size: int = 0
    driver: SSHDriver | None = None
    closed: bool = False
    _decode: Callable[..., str] = field(
        default_factory=lambda: getincrementaldecoder("utf-8")(errors="replace").decode
    )

    def feed(self, data: bytes) -> None:
        """Bytes typed by the client (any bytes: invalid UTF-8 becomes U+FFFD)."""
        if self.closed:
            return
        text = self._decode(data)
        if not text:
            return
        if self.driver is not None and self.driver.accepting:
            self.driver.feed(text)
        elif self.pending_size + len(text) <= PENDING_LIMIT:
            self.pending.append(text)
            self.pending_size += len(text)

    def resize(self, width: int, height: int) -> None:
        """The client's window changed size."""
        self.width, self.height = _clamp(width, MAX_WIDTH), _clamp(height, MAX_HEIGHT)
        if self.driver is not None:
            self.driver.resize_soon(self.width, self.height)

    def take_pending(self) -> str:
        text = "".join(self.pending)
        self.pending.clear()
        self.pending_size = 0
        return text


class KeyParser(XTermParser):
    """Textual's key parser without its process-wide cache of parsed key sequences.

    XTermParser caches `_parse_extended_key` with `functools.lru_cache` on the method:
    1,024 entries for the whole process, each keeping a parser and the Key events it
    made, and each event its sender (a widget, hence its whole app). In a server every
    session's parser went in: ended apps stayed alive by the hundred. Here each call
    parses anew (a regular expression per function key)."""

    def _parse_extended_key(  # type: ignore[override]  # the parent's is a cache wrapper
        self, sequence: str
    ) -> list[events.Key] | None:
        result: list[events.Key] | None = uncached_parse_extended_key(self, sequence)
        return result

    closed = False

    def close(self) -> None:
        """No more input: end the paused generator that parses it (it and the parser
        hold each other, which only a garbage collection could free)."""
        close_parser(self)
        self.closed = True


def _discard(data: bytes) -> None:
    """Where a detached terminal's output goes."""


_TERMINALS: WeakKeyDictionary[App[Any], Terminal] = WeakKeyDictionary()


def attach(app: App[Any], terminal: Terminal) -> None:
    """Make `app` draw on `terminal` when it runs (its driver class becomes SSHDriver)."""
    _TERMINALS[app] = terminal
    app.driver_class = SSHDriver


def detach(app: App[Any], terminal: Terminal) -> None:
    """`app` has ended: nothing leads from it to its session any more, nor back (the
    terminal sends nowhere, interrupts nobody, knows no driver), so that the ended app is
    garbage on its own and the server can free it at once (memory.py)."""
    driver = terminal.driver
    if driver is not None:
        driver.disable_input()
    terminal.closed = True
    terminal.driver = None
    terminal.send = _discard
    terminal.interrupt = None
    _TERMINALS.pop(app, None)


class SSHDriver(Driver):
    """Draws an app on the SSH channel of its `Terminal` and reads keys from it."""

    def __init__(
        self,
        app: App[Any],
        *,
        debug: bool = False,
        mouse: bool = True,
        size: tuple[int, int] | None = None,
    ) -> None:
        super().__init__(app, debug=debug, mouse=mouse, size=size)
        self.terminal = _TERMINALS[app]
        self.accepting = False
        self._out: list[str] = []
        self._flush_scheduled = False
        self._parser = KeyParser()
        self._tick_handle: asyncio.TimerHandle | None = None
        self._backlog: list[str] = []  # typed text not parsed yet
        self._parse_handle: asyncio.Handle | None = None
        self._resize_handle: asyncio.TimerHandle | None = None
        self._resized_at = 0.0
        self._allowance = float(EVENT_BURST)
        self._allowance_at = time.monotonic()
        self.dropped = 0  # input events dropped by the rate limit

    # -- output -------------------------------------------------------------

    def write(self, data: str) -> None:
        self._out.append(data)
        if not self._flush_scheduled:
            self._flush_scheduled = True
            self._loop.call_soon(self.flush)

    def flush(self) -> None:
        self._flush_scheduled = False
        if not self._out:
            return
        data = "".join(self._out)
        self._out.clear()
        if not self.terminal.closed:
            self.terminal.send(data.encode("utf-8", "replace"))

    # -- application mode -----------------------------------------------------

    def start_application_mode(self) -> None:
        terminal = self.terminal
        terminal.driver = self
        if self._parser.closed:  # application mode again (after a suspend)
            self._parser = KeyParser()
        self.resized(terminal.width, terminal.height)
        self.write(ENTER)
        if self._mouse:
            self.write(MOUSE_ON)
        self.write(SYNC_QUERY)
        self.flush()
        self.accepting = True
        early = terminal.take_pending()
        if early:
            self.feed(early)

    def disable_input(self) -> None:
        self.accepting = False
        self._backlog.clear()
        for handle in (self._tick_handle, self._parse_handle, self._resize_handle):
            if handle is not None:
                handle.cancel()
        self._tick_handle = self._parse_handle = self._resize_handle = None
        self._parser.close()

    def stop_application_mode(self) -> None:
        self.disable_input()
        self.write(MOUSE_OFF + LEAVE)
        self.flush()
        if self.terminal.driver is self:
            self.terminal.driver = None

    # -- input ----------------------------------------------------------------

    def resized(self, width: int, height: int) -> None:
        size = Size(width, height)
        self._size = (width, height)
        self._resized_at = time.monotonic()
        self._app.post_message(events.Resize(size, size))

    def resize_soon(self, width: int, height: int) -> None:
        """The client's window changed size: the app hears of it now, or RESIZE_EVERY
        after the last time (then with the size the window has by then)."""
        if self._resize_handle is not None:
            return  # the pending one reads the size when it is due
        wait = self._resized_at + RESIZE_EVERY - time.monotonic()
        if wait <= 0:
            self.resized(width, height)
        else:
            self._resize_handle = self._loop.call_later(wait, self._resize_now)

    def _resize_now(self) -> None:
        self._resize_handle = None
        size = (self.terminal.width, self.terminal.height)
        if self.accepting and size != self._size:
            self.resized(*size)

    def feed(self, text: str) -> None:
        """Typed text, to be parsed into key/mouse/paste events for the app (a slice at a
        time, see PARSE_SLICE)."""
        self._backlog.append(text)
        if self._parse_handle is None:
            self._parse_handle = self._loop.call_soon(self._parse_slice)

    def _parse_slice(self) -> None:
        self._parse_handle = None
        if not self.accepting:
            return
        text = "".join(self._backlog)
        self._backlog.clear()
        if len(text) > PARSE_SLICE:
            self._backlog.append(text[PARSE_SLICE:])
            text = text[:PARSE_SLICE]
            self._parse_handle = self._loop.call_soon(self._parse_slice)
        try:
            for message in self._parser.feed(text):
                self.process_message(message)
        except Exception:  # garbage must never end the session
            self._parser_failed()
        self._schedule_tick()

    def _parser_failed(self) -> None:
        log.warning("unparsable input: key parser reset")
        details_log.warning("unparsable input", exc_info=True)
        self._parser.close()
        self._parser = KeyParser()

    def _schedule_tick(self) -> None:
        """After input the parser may hold a lone Esc: let it time out into a key."""
        if self._tick_handle is not None:
            self._tick_handle.cancel()
        self._tick_handle = self._loop.call_later(constants.ESCAPE_DELAY + 0.02, self._tick)

    def _tick(self) -> None:
        self._tick_handle = None
        if not self.accepting:
            return
        try:
            for message in self._parser.tick():
                self.process_message(message)
        except Exception:
            self._parser_failed()

    def _allow(self) -> bool:
        """One input event from the client's allowance (token bucket)."""
        now = time.monotonic()
        self._allowance = min(
            EVENT_BURST, self._allowance + (now - self._allowance_at) * EVENT_RATE
        )
        self._allowance_at = now
        if self._allowance < 1:
            if not self.dropped:
                log.warning("input faster than %d events a second: dropping", EVENT_RATE)
            self.dropped += 1
            return False
        self._allowance -= 1
        return True

    def process_message(self, message: Message) -> None:
        if isinstance(message, (events.Key, events.MouseEvent, events.Paste)) and not self._allow():
            return
        if (
            isinstance(message, events.Key)
            and message.key == "ctrl+c"
            and self.terminal.interrupt is not None
            and self.terminal.interrupt()
        ):
            return
        super().process_message(message)

    def send_message(self, message: Message) -> None:
        # Everything runs on the app's own event loop: no thread hand-over needed.
        self._app.post_message(message)

    # -- things a remote terminal must not do on the server -------------------

    def open_url(self, url: str, new_tab: bool = True) -> None:
        """Never open a browser on the server; the link is not followed."""
        log.info("refused to open a URL for an SSH session")

    def deliver_binary(
        self,
        binary: BinaryIO | TextIO,
        *,
        delivery_key: str,
        save_path: Path,
        open_method: Literal["browser", "download"] = "download",
        encoding: str | None = None,
        mime_type: str | None = None,
        name: str | None = None,
    ) -> None:
        """Never write a file on the server for a remote user."""
        binary.close()
        refusal = PermissionError("no downloads over SSH")
        self._app.post_message(
            events.DeliveryFailed(key=delivery_key, exception=refusal, name=name)
        )
