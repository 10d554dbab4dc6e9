"""Provides GameSession: one SSH session running its own footycards app in the server loop.

A session accepts only an interactive shell on a pty; exec and subsystems (sftp, scp)
are refused. When the shell starts, the session builds an app (FootyApp by default, or
the server's `app_factory`) with the client's colour system (from the TERM of the pty
request, COLORTERM if sent), the client's language (LC_ALL / LC_MESSAGES / LANG if sent
and well-formed, else the server's default) and its display name (the SSH user name,
cleaned), and runs it through SSHDriver on this connection's channel.

Ctrl+C (or an SSH break / INT signal) on a game screen leaves that game (asking first,
as `q` does) and never reaches the server process. A session that crashes is logged
with its traceback, the user is told, and only that session ends. A session idle for the
server's idle timeout, one that floods input, or one whose client stops reading output
is closed with a message where the client can still read it.
"""

from __future__ import annotations

import asyncio
import hashlib
import io
import itertools
import logging
import re
import time
import traceback
from collections.abc import Callable, Iterator, Mapping
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Protocol

import asyncssh
from rich.console import Console
from textual import constants
from textual.app import App

from ..i18n import _, language
from ..paths import data_dir
from ..plaintext import clean_name
from ..tui.textual_internals import node_tasks, quiet_fatal_errors
from .budget import TokenBucket
from .driver import Terminal, attach, detach

log = logging.getLogger("footycards.ssh")

# Ending the app of a session that is over (seconds): checked every END_STEP, told again
# every END_RETRY while it runs, its tasks cancelled after END_WAIT.
END_STEP = 0.1
END_RETRY = 0.5
END_WAIT = 5.0
# Bytes a client may send: INPUT_RATE a second, bursts of INPUT_BURST (a paste of a few
# KiB; a person typing or moving the mouse sends far less). What is beyond is dropped; a
# client that goes on past INPUT_FLOOD dropped bytes (with no chunk that fitted in
# between) is closed. Every session shares one event loop, and Textual's key parser
# costs about 5 ms of CPU per KiB.
INPUT_RATE = 4 * 1024
INPUT_BURST = 16 * 1024
INPUT_FLOOD = 256 * 1024
OUTPUT_LIMIT = 8 * 1024 * 1024  # bytes queued for a client that has stopped reading
_LANG = re.compile(r"^[A-Za-z]{2,3}(?:[_-][A-Za-z0-9]{2,8})?(?:@[A-Za-z0-9]{1,16})?$")
_ids = itertools.count(1)


@dataclass
class SessionInfo:
    """What a session knows about its client when the app is built."""

    number: int
    user: str  # cleaned display name
    peer: str
    term: str
    colors: str  # Rich colour system: truecolor, 256, standard or none
    lang: str | None
    width: int
    height: int
    owner: str = ""  # who it is: the fingerprint of the key that logged in, else the address


AppFactory = Callable[[SessionInfo], App[Any]]


class SessionOptions(Protocol):
    """The server's options a session reads (ServerOptions in server.py has them)."""

    @property
    def lang(self) -> str | None: ...

    @property
    def idle_timeout(self) -> float: ...


class SessionServer(Protocol):
    """What a session asks of the server that accepted it (FootyServer in server.py), so
    that this module does not import the server."""

    @property
    def options(self) -> SessionOptions: ...

    @property
    def app_factory(self) -> AppFactory: ...

    def admit(self, session: GameSession) -> bool: ...

    def adopt(self, app: App[Any]) -> None: ...

    def release(self, session: GameSession, app: App[Any] | None = None) -> None: ...

    def log_details(self, text: str) -> None: ...


def colour_system(term: str, env: Mapping[str, str]) -> str:
    """The colour system for a client terminal type (and COLORTERM if the client sent it)."""
    colorterm = env.get("COLORTERM", "").lower()
    term = term.lower()
    if colorterm in ("truecolor", "24bit") or "direct" in term or term.endswith("-truecolor"):
        return "truecolor"
    if "256" in term or term.startswith(("xterm-kitty", "alacritty", "wezterm", "foot")):
        return "256"
    if not term or term == "dumb":
        return "standard"
    return "standard"


def client_language(env: Mapping[str, str], default: str | None) -> str | None:
    """The language the client asks for (LC_ALL, LC_MESSAGES, LANG), else `default`.

    Only a well-formed locale name is taken (it becomes part of a file path)."""
    for var in ("LC_ALL", "LC_MESSAGES", "LANG"):
        value = env.get(var, "").split(".")[0]
        if value in ("C", "POSIX"):
            continue
        if value and _LANG.match(value):
            return value
    return default


@contextmanager
def textual_colour_system(name: str) -> Iterator[None]:
    """Build an app for `name` colours: Textual reads its COLOR_SYSTEM setting (the
    TEXTUAL_COLOR_SYSTEM variable) when an App is constructed."""
    before = constants.COLOR_SYSTEM
    setattr(constants, "COLOR_SYSTEM", name)  # noqa: B010 - a Final module setting
    try:
        yield
    finally:
        setattr(constants, "COLOR_SYSTEM", before)  # noqa: B010


def default_app(info: SessionInfo, hub: Any = None) -> App[Any]:
    """The footycards app for one SSH session (a game added to the registry is in it)."""
    from ..saves import SaveStore
    from ..savethread import shared_save_thread
    from ..tui.app import FootyApp

    home = player_home(info.user)
    # its games are saved after every move on the server's save thread, off the loop
    saves = SaveStore(home, background=shared_save_thread())
    if hub is None:
        return FootyApp(lang=info.lang, home=home, saves=saves)
    return FootyApp(
        lang=info.lang, hub=hub, user=info.user, home=home, owner=info.owner, saves=saves
    )


def session_owner(conn: asyncssh.SSHServerConnection, peer: str) -> str:
    """Who a session is, for taking their own seat back from a session of theirs that
    froze: the key that logged in (server.py's connection keeps it), else the address."""
    key = getattr(conn.get_owner(), "key", None)
    if isinstance(key, asyncssh.SSHKey):
        return key.get_fingerprint()
    return f"from {peer}"


def crash_details(app: App[Any], printed: str) -> str:
    """What to log of an app that crashed: the exception's traceback without the values
    of local variables (Textual prints those, and they hold the seat's cards), else the
    last line Textual printed, else the return code."""
    error = getattr(app, "_exception", None)  # Textual keeps the exception that ended it
    if isinstance(error, BaseException):
        return "".join(traceback.format_exception(error))
    lines = printed.strip().splitlines()
    return lines[-1] if lines else f"return code {app.return_code}"


def close_app(app: App[Any]) -> None:
    """End a session's app. While its first screen is still coming up, once what its
    queue holds is done (an app told to exit then failed in that screen's mount handler:
    a client that leaves at once); past it, at once (a request through the queue could
    wait there for as long as a screen such as the rules was open, or be lost)."""
    if len(app.screen_stack) > 2 or not app.call_later(app.exit):  # the default, the first
        app.exit()


def leave_table(app: App[Any]) -> None:
    """Do for a stopped or failed app what its table room does when it is unmounted (such
    an app may never unmount it): its presence at a shared table ends (a player's seat is
    kept for their return), so the table does not go on counting a session that is gone,
    nor hold the ended app through the presence's listener. Nothing to do for an app
    whose room was unmounted."""
    table_session: Any = getattr(app, "table_session", None)
    presence = getattr(table_session, "presence", None)
    if presence is not None:
        table_session.presence = None
        presence.leave()


def stop_tasks(app: App[Any]) -> None:
    """Cancel the tasks of `app`'s widgets and screens: the last resort for an app that
    was told to end and did not (Textual's shutdown can wait for ever on a screen that
    was being mounted when it began)."""
    for task in node_tasks(app):
        if not task.done():
            task.cancel()


def player_home(user: str) -> Path:
    """The folder of one SSH user's own files (settings, saved games): each user sees only
    their own unfinished games under Continue. The name is made safe for a folder, and a
    hash of the full name keeps names that look alike apart."""
    slug = "".join(c if c.isascii() and (c.isalnum() or c in "-_") else "_" for c in user)
    digest = hashlib.sha256(user.encode("utf-8")).hexdigest()[:10]
    return data_dir() / "players" / f"{slug[:24] or 'player'}-{digest}"


class GameSession(asyncssh.SSHServerSession[bytes]):
    """One SSH session channel: a pty shell running one app."""

    def __init__(self, server: SessionServer, conn: asyncssh.SSHServerConnection) -> None:
        self.server = server
        self.conn = conn
        self.number = next(_ids)
        raw_user = conn.get_extra_info("username") or ""
        self.user = clean_name(raw_user)
        peer = conn.get_extra_info("peername") or ("?", 0)
        self.peer = str(peer[0])
        self.chan: asyncssh.SSHServerChannel[bytes] | None = None
        self.term: str | None = None
        self.terminal = Terminal(send=self._send, interrupt=self.interrupt)
        self.app: App[Any] | None = None
        self.task: asyncio.Task[None] | None = None
        self.gone = False  # the client hung up
        self.farewell: str | None = None  # said to the client after the app has ended
        self.last_input = time.monotonic()
        self.input_budget = TokenBucket(INPUT_RATE, INPUT_BURST)
        self.overflow = 0  # bytes dropped since the last chunk that fitted the budget
        self.dropped = 0  # bytes dropped in all
        self._idle_handle: asyncio.TimerHandle | None = None
        self._ending: asyncio.TimerHandle | None = None  # the next `_end_step`
        self._end_began: float | None = None  # when the app was to end
        self._end_told: float | None = None  # when it was last told to
        self.failed_before_leaving = False  # the app had failed when its client left
        self.admitted = False

    def __repr__(self) -> str:
        return f"session #{self.number} {self.user!r} from {self.peer}"

    # -- asyncssh callbacks ------------------------------------------------------

    def connection_made(self, chan: asyncssh.SSHServerChannel[bytes]) -> None:
        self.chan = chan

    def pty_requested(
        self, term_type: str, term_size: tuple[int, int, int, int], term_modes: Mapping[int, int]
    ) -> bool:
        self.term = term_type or ""
        width, height = term_size[0] or 80, term_size[1] or 24
        self.terminal.resize(width, height)
        return True

    def shell_requested(self) -> bool:
        return True

    def exec_requested(self, command: str) -> bool:
        log.warning("%s: exec refused", self)
        return False

    def subsystem_requested(self, subsystem: str) -> bool:
        log.warning("%s: subsystem %r refused", self, subsystem[:40])
        return False

    def session_started(self) -> None:
        if self.term is None:
            with language(self.info().lang):  # the client's language (its LANG), as all
                self._say_and_close(_("footycards needs a terminal: connect with ssh -t."), 1)
            return
        if not self.server.admit(self):
            with language(self.info().lang):
                self._say_and_close(_("The server is full. Please try again later."), 1)
            return
        self.admitted = True
        self._watch_idle()
        self.task = asyncio.get_running_loop().create_task(self.run(), name=repr(self))

    def data_received(self, data: bytes, datatype: asyncssh.DataType) -> None:
        self.last_input = time.monotonic()
        if self.terminal.closed or self.overflow > INPUT_FLOOD:
            return  # closed, or closing for a flood: nothing more is read
        allowed = self.input_budget.take(len(data))
        if allowed == len(data):
            self.overflow = 0
        else:
            if not self.dropped:
                log.warning("%s: input beyond %d KiB a second: dropped", self, INPUT_RATE // 1024)
            self.overflow += len(data) - allowed
            self.dropped += len(data) - allowed
            data = data[:allowed]
            if self.overflow > INPUT_FLOOD:
                log.warning("%s: input flood: closed", self)
                with language(self.info().lang):
                    self.end(_("Too much input at once: the session is closed."), 1)
                return
        if data:
            self.terminal.feed(data)

    def terminal_size_changed(self, width: int, height: int, pixwidth: int, pixheight: int) -> None:
        self.terminal.resize(width or self.terminal.width, height or self.terminal.height)

    def break_received(self, msec: int) -> bool:
        self._interrupt_from_ssh()
        return True

    def signal_received(self, signal: str) -> None:
        if signal in ("INT", "TERM", "QUIT"):
            self._interrupt_from_ssh()

    def eof_received(self) -> bool:
        self.hang_up()
        return False

    def connection_lost(self, exc: Exception | None) -> None:
        self.hang_up()

    # -- the app -----------------------------------------------------------------

    def info(self) -> SessionInfo:
        env = self.chan.get_environment() if self.chan is not None else {}
        return SessionInfo(
            number=self.number,
            user=self.user,
            peer=self.peer,
            term=self.term or "",
            colors=colour_system(self.term or "", env),
            lang=client_language(env, self.server.options.lang),
            width=self.terminal.width,
            height=self.terminal.height,
            owner=session_owner(self.conn, self.peer),
        )

    async def run(self) -> None:
        """Run this session's app until it ends, the client leaves or the server stops."""
        info = self.info()
        log.info(
            "%s: session started (%s, %sx%s, %s colours, language %s)",
            self,
            info.term,
            info.width,
            info.height,
            info.colors,
            info.lang or "default",
        )
        status = 0
        errors = io.StringIO()
        app: App[Any] | None = None
        try:
            with textual_colour_system(info.colors):
                app = self.server.app_factory(info)
            app.error_console = Console(file=errors, width=100, color_system=None)
            quiet_fatal_errors(app)  # its traceback is logged without drawing it first
            # No command palette for remote users: fewer ways in (screenshots, system
            # commands) for no loss: every command has its key.
            app.use_command_palette = False
            app.ENABLE_COMMAND_PALETTE = False  # type: ignore[misc]  # nor in the footer
            attach(app, self.terminal)
            self.server.adopt(app)
            self.app = app
            if not self.gone:
                await app.run_async(size=(self.terminal.width, self.terminal.height))
            if app.return_code:
                status = 1
                self._crashed(crash_details(app, errors.getvalue()))
        except Exception:
            status = 1
            import traceback

            self._crashed(traceback.format_exc())
        finally:
            if self._ending is not None:
                self._ending.cancel()
                self._ending = None
            self.app = None
            if app is not None:
                detach(app, self.terminal)  # nothing of this session leads to it now
                leave_table(app)  # an app that failed at a table never unmounted its room
            self.server.release(self, app)
            self._close(status)

    def _crashed(self, details: str) -> None:
        if self.gone and not self.failed_before_leaving:
            # Stopped half-way through what it was doing (a screen being mounted) because
            # its client left: nobody is there to be told, and it is no fault to report.
            last = [line for line in details.splitlines() if line.strip()][-1:] or ["?"]
            log.info("%s: the app stopped after its client left (%s)", self, last[0][:120])
            return
        log.error("%s: the app crashed; session closed; others go on", self)
        self.server.log_details(f"{self}: crash\n{details}")
        if self.farewell is None:
            with language(self.info().lang):
                self.farewell = _(
                    "Sorry, footycards hit an error and this session has to end. "
                    "It has been logged; please connect again."
                )

    def _close(self, status: int) -> None:
        if self._idle_handle is not None:
            self._idle_handle.cancel()
        if self.gone or self.chan is None:
            return
        self.terminal.closed = True
        if self.farewell:
            self._write_raw(self.farewell)
        try:
            self.chan.exit(status)
        except (OSError, asyncssh.Error):
            pass
        log.info("%s: session ended", self)

    def end(self, message: str | None = None, status: int = 0) -> None:
        """End the session from the server side: tell the client `message` when its
        terminal has been restored."""
        if message and self.farewell is None:
            self.farewell = message
        if self.task is not None:
            self._end_app()
        elif self.chan is not None and not self.gone:
            self._say_and_close(self.farewell or "", status)

    def hang_up(self) -> None:
        """The client has gone: stop its app and free its place."""
        if self.gone:
            return
        self.gone = True
        self.terminal.closed = True
        if self._idle_handle is not None:
            self._idle_handle.cancel()
        log.info("%s: client disconnected", self)
        if self.app is not None:
            self.failed_before_leaving = bool(self.app.return_code)
        if self.task is not None:
            self._end_app()
        elif self.admitted:
            self.server.release(self)

    def _end_app(self) -> None:
        """End this session's app, and make sure it ends (see `_end_step`)."""
        if self._end_began is None:
            self._end_began = time.monotonic()
            self._end_step()

    def _end_step(self) -> None:
        """One step of ending the app, every END_STEP seconds until it has ended: told
        to, told again every END_RETRY (a request can be lost), and after END_WAIT its
        tasks are cancelled (Textual's shutdown can wait for ever on a screen that was
        being mounted), which frees its place."""
        self._ending = None
        task, app = self.task, self.app
        if task is None or task.done() or self._end_began is None:
            return
        now = time.monotonic()
        if now - self._end_began >= END_WAIT:
            log.warning("%s: the app did not end when told: stopped", self)
            if app is not None:
                leave_table(app)
                stop_tasks(app)
            task.cancel()
            return
        if app is not None:
            if self._end_told is None:
                close_app(app)
                self._end_told = now
            elif now - self._end_told >= END_RETRY:
                app.exit()  # the first request was lost
                self._end_told = now
        self._ending = asyncio.get_running_loop().call_later(END_STEP, self._end_step)

    # -- Ctrl+C --------------------------------------------------------------------

    def interrupt(self) -> bool:
        """Ctrl+C: leave the game on screen (asking first). False: not on a game."""
        from ..tui.screens.game import GameScreen

        app = self.app
        if app is None or not app.is_running:
            return False
        try:
            screen = app.screen
        except Exception:
            return False
        if isinstance(screen, GameScreen):
            app.call_later(screen.action_leave)
            return True
        return False

    def _interrupt_from_ssh(self) -> None:
        if self.app is not None:
            self.interrupt()

    # -- idle timeout ------------------------------------------------------------

    def _watch_idle(self) -> None:
        limit = self.server.options.idle_timeout * 60
        if limit <= 0:
            return
        wait = self.last_input + limit - time.monotonic()
        if wait <= 0:
            minutes = self.server.options.idle_timeout
            log.info("%s: idle for %s minutes: closed", self, minutes)
            with language(self.info().lang):
                self.end(_("No key pressed for a while: the session is closed. Bye!"))
            return
        self._idle_handle = asyncio.get_running_loop().call_later(
            min(wait + 0.05, 60.0), self._watch_idle
        )

    # -- output ------------------------------------------------------------------

    def _send(self, data: bytes) -> None:
        chan = self.chan
        if chan is None or self.gone:
            return
        if chan.get_write_buffer_size() > OUTPUT_LIMIT:
            log.warning("%s: client stopped reading its screen: closed", self)
            self.gone = True
            self.terminal.closed = True
            chan.close()
            self._end_app()
            return
        try:
            chan.write(data)
        except (OSError, asyncssh.Error):
            self.hang_up()

    def _write_raw(self, text: str) -> None:
        if self.chan is None:
            return
        try:
            self.chan.write((text.replace("\n", "\r\n") + "\r\n").encode("utf-8", "replace"))
        except (OSError, asyncssh.Error):
            pass

    def _say_and_close(self, message: str, status: int) -> None:
        if message:
            self._write_raw(message)
        if self.chan is not None:
            try:
                self.chan.exit(status)
            except (OSError, asyncssh.Error):
                pass
