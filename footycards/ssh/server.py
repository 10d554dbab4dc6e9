"""Provides FootyServer and `serve`: the asyncssh server behind `footycards serve`.

One process, one asyncio loop; every SSH session runs its own app in that loop (see
session.py). The rules a public server needs:

- The default address is loopback. Any other address needs `--authorized-keys FILE`
  (only those keys get in) or an explicit `--open` (anyone; the user name is only a
  display name). Passwords and keyboard-interactive logins are never offered.
- Only an interactive shell on a pty: exec, subsystems (sftp), port, agent and X11
  forwarding are refused.
- Per-address connection rate limit, a cap on sessions, a login timeout, keepalives and
  an idle timeout.
- The host key is created on first run in the user data directory with mode 0600; its
  fingerprint is printed. One log line per connection, session and error goes to
  server.log in the user data directory and to the console (sys.__stderr__: Textual
  redirects sys.stdout/sys.stderr while apps run).
"""

from __future__ import annotations

import asyncio
import ipaddress
import json
import logging
import logging.handlers
import math
import os
import signal
import socket
import sys
import time
from collections import deque
from dataclasses import dataclass
from pathlib import Path
from typing import Any
from weakref import WeakKeyDictionary, WeakSet

import asyncssh
from textual.app import App
from textual.dom import DOMNode
from textual.widget import Widget

from ..i18n import _
from ..paths import data_dir
from ..plaintext import clean_name
from ..tui.stylesheet import SharedStylesheet
from ..tui.textual_internals import (
    app_nodes,
    forget_found,
    has_closed,
    set_print_catchers,
    track_nodes,
)
from .handoff import Receiver
from .memory import GcPolicy
from .names import NAMES_FILE, NameBook
from .reclaim import untie_workers
from .session import AppFactory, GameSession, SessionInfo, default_app

log = logging.getLogger("footycards.ssh")
details_log = logging.getLogger("footycards.ssh.details")  # tracebacks: the file only

HOST_KEY_NAME = "ssh_host_key"
LOG_NAME = "server.log"
LOG_BYTES = 10 * 1024 * 1024  # server.log is rotated at this size...
LOG_COPIES = 5  # ...and this many old ones are kept (server.log.1 ...)
SESSIONS_PER_CONNECTION = 2
REMOVED_EVERY = 5.0  # seconds between two looks at what running apps removed


class ServeError(Exception):
    """A server option or file that cannot be used; the message says why."""


@dataclass
class ServerOptions:
    """Everything `footycards serve` can be told."""

    host: str = "127.0.0.1"
    port: int = 2222
    host_key: Path | None = None
    authorized_keys: Path | None = None
    open: bool = False
    max_sessions: int = 100
    idle_timeout: float = 30.0  # minutes without a key; 0: never
    rate_limit: int = 20  # new connections per minute from one address
    max_per_address: int = 10  # sessions open at once from one address
    login_timeout: float = 30.0  # seconds to finish logging in
    keepalive: float = 30.0  # seconds between keepalives (3 unanswered: closed)
    lang: str | None = None  # default language of sessions whose client sends none
    takeover_wait: float = 3.0  # minutes before an AI takes the seat of a player who left
    freeze_gc: bool = True  # the garbage-collection policy of memory.py (False: Python's)
    hub: str | None = None  # shared tables in Redis (redis://HOST:PORT/DB); None: this process
    # a worker of `serve --workers N`: its supervisor accepts the connections and passes
    # them on this Unix socket (handoff.py); -1: listen on host and port itself
    handoff_fd: int = -1
    log_file: bool = True  # server.log here (a worker's records go to its supervisor instead)
    recycle_mb: float = 0.0  # a worker beyond this much more memory than its sessions
    recycle_per_session_mb: float = 16.0  # explain (so much each) is recycled; 0: never
    # For measuring only (bench_recycle.py): "on" frees what sessions drop at once
    # (reclaim.py); "deep" leaves it to deep collections; "recycle" to worker recycling
    # (no deep collection while sessions are open).
    reclaim: str = "on"


def is_loopback(host: str) -> bool:
    """Whether every address `host` names is a loopback address."""
    if not host:
        return False
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        pass
    try:
        infos = socket.getaddrinfo(host, None)
    except OSError:
        return False
    return bool(infos) and all(ipaddress.ip_address(i[4][0]).is_loopback for i in infos)


def check_options(options: ServerOptions) -> None:
    """Refuse options that would make an unsafe or unusable server."""
    if not is_loopback(options.host) and options.authorized_keys is None and not options.open:
        raise ServeError(
            _(
                "{host} is not a loopback address: anyone who can reach it could connect. "
                "Give --authorized-keys FILE (only those keys get in) or --open (anyone)."
            ).format(host=options.host)
        )
    if not 0 <= options.port <= 65535:
        raise ServeError(_("--port must be 0 to 65535"))
    if options.max_sessions < 1:
        raise ServeError(_("--max-sessions must be at least 1"))
    if options.max_per_address < 1:
        raise ServeError(_("--max-per-address must be at least 1"))
    if options.takeover_wait < 0:
        raise ServeError(_("--takeover-wait must be 0 or more minutes"))
    if options.idle_timeout < 0:
        raise ServeError(_("--idle-timeout must be 0 (never) or more minutes"))
    if options.hub is not None and not options.hub.startswith(("redis://", "rediss://")):
        raise ServeError(_("--hub must be a redis:// or rediss:// URL"))
    if options.authorized_keys is not None:
        try:
            keys = asyncssh.read_authorized_keys(str(options.authorized_keys))
        except (OSError, ValueError, asyncssh.KeyImportError) as exc:
            raise ServeError(
                _("cannot read the authorized keys file {path}: {why}").format(
                    path=options.authorized_keys, why=exc
                )
            ) from None
        if not keys:
            raise ServeError(_("no keys in {path}").format(path=options.authorized_keys))


def load_keys(options: ServerOptions) -> tuple[asyncssh.SSHAuthorizedKeys | None, NameBook | None]:
    """The authorized keys and the book of which key holds which name (None, None
    without `--authorized-keys`: names are only claims then)."""
    if options.authorized_keys is None:
        return None, None
    path = options.authorized_keys
    try:
        text = path.read_text(encoding="utf-8")
        keys = asyncssh.import_authorized_keys(text)
    except (OSError, ValueError, asyncssh.KeyImportError) as exc:
        raise ServeError(
            _("cannot read the authorized keys file {path}: {why}").format(path=path, why=exc)
        ) from None
    try:
        book = NameBook.load(data_dir() / NAMES_FILE, text)
    except ValueError as exc:  # a name given to two keys, a damaged names.json
        raise ServeError(str(exc)) from None
    return keys, book


def load_host_key(path: Path | None) -> tuple[asyncssh.SSHKey, Path, bool]:
    """The server's host key: read from `path`, or from (created in) the data directory.

    Returns the key, its path and whether it was created now (mode 0600)."""
    created = False
    if path is None:
        path = data_dir() / HOST_KEY_NAME
        if not path.exists():
            key = asyncssh.generate_private_key("ssh-ed25519")
            path.parent.mkdir(parents=True, exist_ok=True)
            try:
                fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
            except FileExistsError:
                pass  # another server made it just now: read theirs
            else:
                with os.fdopen(fd, "wb") as f:
                    f.write(key.export_private_key())
                    f.flush()
                    os.fsync(f.fileno())
                created = True
    try:
        key = asyncssh.read_private_key(str(path))
    except (OSError, ValueError, asyncssh.KeyImportError) as exc:
        raise ServeError(
            _("cannot read the host key {path}: {why}").format(path=path, why=exc)
        ) from None
    if os.name == "posix" and path.stat().st_mode & 0o077:
        raise ServeError(
            _("the host key {path} can be read by other users: chmod 600 it").format(path=path)
        )
    return key, path, created


class PrivateLog(logging.handlers.RotatingFileHandler):
    """server.log and its rotated copies, readable by the server's user only (0600)."""

    def _open(self) -> Any:
        stream = super()._open()
        if os.name == "posix":
            os.chmod(self.baseFilename, 0o600)
        return stream


def private_folders(root: Path) -> None:
    """The server's data directory and its `tables/` and `players/` folders, made (or
    made again) readable by the server's user only: saves hold every seat's cards."""
    for folder in (root, root / "tables", root / "players"):
        folder.mkdir(parents=True, exist_ok=True)
        if os.name == "posix":
            folder.chmod(0o700)


def log_to_file(path: Path) -> logging.Handler:
    """One line per event (connections, sessions, tables, errors) and the tracebacks of
    crashed sessions to `path` (mode 0600, rotated at LOG_BYTES, LOG_COPIES kept);
    returns the handler (remove it when the server stops)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    handler = PrivateLog(path, maxBytes=LOG_BYTES, backupCount=LOG_COPIES, encoding="utf-8")
    handler.setFormatter(logging.Formatter("%(asctime)s %(levelname)s %(message)s"))
    events = logging.getLogger("footycards")
    events.setLevel(logging.INFO)
    events.addHandler(handler)
    details_log.setLevel(logging.INFO)
    details_log.propagate = False
    details_log.addHandler(handler)
    logging.getLogger("asyncssh").setLevel(logging.WARNING)
    return handler


def log_to_console() -> None:
    """One line per event on the console too (sys.__stderr__: Textual redirects
    sys.stderr while apps run)."""
    handler = logging.StreamHandler(sys.__stderr__)
    handler.setFormatter(logging.Formatter("%(asctime)s %(levelname)s %(message)s"))
    logging.getLogger("footycards").addHandler(handler)


class _Connection(asyncssh.SSHServer):
    """One SSH connection: authentication and which channels it may open."""

    def __init__(self, server: FootyServer) -> None:
        self.server = server
        self.conn: asyncssh.SSHServerConnection | None = None
        self.peer = "?"
        self.sessions = 0
        self.key: asyncssh.SSHKey | None = None  # the key that logged in (authorized keys)
        self.told = False  # the client has been told why a key was refused
        self.refused: str | None = None  # why this connection is refused once it can be told
        self.channels: list[GameSession] = []  # its session channels
        self.quiet_since = time.monotonic()  # when it last had no session open
        self._watch: asyncio.TimerHandle | None = None

    def connection_made(self, conn: asyncssh.SSHServerConnection) -> None:
        self.conn = conn
        peer = conn.get_extra_info("peername") or ("?", 0)
        self.peer = str(peer[0])
        verdict = self.server.allow_connection(self.peer)
        if verdict != "yes":
            log.warning("connection from %s refused: too many connections a minute", self.peer)
            if verdict == "drop":  # a flood: not even the words are worth a key exchange
                conn.abort()
                return
            # Said once the key exchange is done: a disconnect before it reaches OpenSSH as
            # "banner line contains invalid characters", and lines before the version as
            # nothing at all.
            self.refused = _(
                "Too many connections from your address in the last minute. "
                "Please wait a minute and try again."
            )
            return
        log.info("connection from %s", self.peer)
        self._watch_sessions()

    def connection_lost(self, exc: Exception | None) -> None:
        if self._watch is not None:
            self._watch.cancel()
            self._watch = None
        if exc is not None:
            log.info("connection from %s lost: %s", self.peer, str(exc)[:120])

    def _watch_sessions(self) -> None:
        """A connection with no session open (`ssh -N`, or one whose sessions have all
        ended) is closed after the login timeout: it would hold its place for ever."""
        limit = self.server.options.login_timeout
        if limit <= 0 or self.conn is None:
            return
        now = time.monotonic()
        if any(not s.gone for s in self.channels):
            self.quiet_since = now  # looked at again a login timeout later
        elif now - self.quiet_since >= limit:
            log.info("connection from %s closed: no session for %s s", self.peer, limit)
            self._watch = None
            self.conn.disconnect(
                asyncssh.DISC_BY_APPLICATION, _("No session is open: the connection is closed.")
            )
            return
        wait = self.quiet_since + limit - now
        self._watch = asyncio.get_running_loop().call_later(wait, self._watch_sessions)

    def begin_auth(self, username: str) -> bool:
        if self.refused is not None and self.conn is not None:
            self.conn.send_auth_banner(self.refused + "\r\n")  # OpenSSH shows it in words
            self.conn.disconnect(asyncssh.DISC_TOO_MANY_CONNECTIONS, self.refused)
            return True
        return self.server.keys is not None

    def password_auth_supported(self) -> bool:
        return False

    def kbdint_auth_supported(self) -> bool:
        return False

    def public_key_auth_supported(self) -> bool:
        return self.server.keys is not None

    def validate_public_key(self, username: str, key: asyncssh.SSHKey) -> bool:
        """An authorized key, and the user name is one this key may use. asyncssh asks
        for every key offered, then for the one that signs: the last key asked about
        before the login completes is the one that logged in."""
        keys, book = self.server.keys, self.server.names
        if keys is None or book is None or keys.validate(key, self.peer, self.peer) is None:
            return False
        why = book.refusal(clean_name(username), key.get_fingerprint())
        if why is not None:
            log.warning(
                "login from %s as %r refused: key %s: %s",
                self.peer,
                clean_name(username),
                key.get_fingerprint(),
                why,
            )
            if not self.told and self.conn is not None:
                self.told = True
                self.conn.send_auth_banner(why + "\r\n")  # OpenSSH shows it before "denied"
            return False
        self.key = key
        return True

    def auth_completed(self) -> None:
        user = clean_name(str(self.conn.get_extra_info("username") or "") if self.conn else "?")
        if self.key is None:
            log.info("login from %s as %r", self.peer, user)
            return
        fingerprint = self.key.get_fingerprint()
        log.info("login from %s as %r with key %s", self.peer, user, fingerprint)
        assert self.server.names is not None
        why = self.server.names.claim(user, fingerprint)
        if why is not None and self.conn is not None:  # another key took it meanwhile
            log.warning("%s: %r refused: %s", self.peer, user, why)
            self.conn.disconnect(asyncssh.DISC_NO_MORE_AUTH_METHODS_AVAILABLE, why)

    def session_requested(self) -> Any:
        if self.conn is None or self.refused is not None:
            return False
        if self.sessions >= SESSIONS_PER_CONNECTION:
            return False
        cap = self.server.options.max_per_address
        if sum(1 for s in self.server.sessions if s.peer == self.peer) >= cap:
            log.warning("%s: session refused: %d sessions from this address", self.peer, cap)
            raise asyncssh.ChannelOpenError(
                asyncssh.OPEN_ADMINISTRATIVELY_PROHIBITED,
                _("{n} sessions from your address are open already: close one first.").format(
                    n=cap
                ),
            )
        self.sessions += 1
        session = GameSession(self.server, self.conn)
        self.channels.append(session)
        return session


class FootyServer:
    """The SSH server: sessions, limits and the shared state of this process."""

    def __init__(
        self,
        options: ServerOptions,
        app_factory: AppFactory | None = None,
        hub: Any = None,
    ) -> None:
        self.options = options
        if hub is None and options.hub:
            try:
                from ..tables_redis import RedisTableHub  # shared by every process on one Redis
            except ImportError:
                raise ServeError(
                    _("--hub needs the redis package: pip install 'footycards[redis]'")
                ) from None
            hub = RedisTableHub(options.hub, takeover_wait=options.takeover_wait * 60)
        if hub is None:
            from ..saves import SaveStore
            from ..savethread import shared_save_thread
            from ..tables import TableHub

            # tables are saved as they play (off the loop); a restarted server deals them again
            store = SaveStore(data_dir() / "tables", background=shared_save_thread())
            hub = TableHub(takeover_wait=options.takeover_wait * 60, store=store)
        self.hub = hub
        self.app_factory: AppFactory = app_factory or self._footy_app
        self.sessions: set[GameSession] = set()
        self.keys: asyncssh.SSHAuthorizedKeys | None = None  # with --authorized-keys
        self.names: NameBook | None = None  # which key holds which name (authorized keys)
        self._recent: dict[str, deque[float]] = {}
        self._acceptor: asyncssh.SSHAcceptor | None = None
        self.handoff: Receiver | None = None  # a worker's connections, from its supervisor
        self._ssh_options: dict[str, Any] = {}
        self.host_key_path: Path | None = None
        self.fingerprint = ""
        self.port = options.port
        self._log_handler: logging.Handler | None = None
        self.gc = GcPolicy()  # no long collector pause for every session at once
        if options.reclaim == "recycle":
            self.gc = GcPolicy(deep_min_ended=1 << 30, grow_share=math.inf, scans=False)
        self.reclaims = options.freeze_gc and options.reclaim == "on"
        self._gc_task: asyncio.Task[None] | None = None
        self.stray_output = (sys.stdout, sys.stderr)  # where an app's print() goes
        # every node each running app has had (removed ones too), weakly: see `release`
        self.nodes: WeakKeyDictionary[App[Any], WeakSet[DOMNode]] = WeakKeyDictionary()

    def _footy_app(self, info: SessionInfo) -> Any:
        return default_app(info, self.hub)

    async def start(self) -> int:
        """Check the options, load the host key and listen; returns the port."""
        check_options(self.options)
        private_folders(data_dir())
        self.keys, self.names = load_keys(self.options)
        key, self.host_key_path, created = load_host_key(self.options.host_key)
        if self.options.log_file:
            self._log_handler = log_to_file(data_dir() / LOG_NAME)
        self.fingerprint = key.get_fingerprint()
        if created:
            log.info("created host key %s", self.host_key_path)
        if hasattr(self.hub, "start"):  # shared tables: reach Redis before listening
            try:
                self.hub.start()
                if self.names is not None:  # the names keys hold: shared through Redis too
                    self.names.share(self.hub)
            except Exception as exc:
                raise ServeError(
                    _("cannot reach the shared tables at {url}: {why}").format(
                        url=self.options.hub, why=exc
                    )
                ) from None
        for table in self.hub.restore():  # games saved before the last stop
            log.info("table %s waits for %s", table.code, ", ".join(table.seat_names()))
        opts = self.options
        self._ssh_options = dict(
            server_factory=lambda: _Connection(self),
            server_host_keys=[key],
            authorized_client_keys=None,  # checked by _Connection with the names they may use
            encoding=None,
            line_editor=False,
            allow_pty=True,
            agent_forwarding=False,
            x11_forwarding=False,
            allow_scp=False,
            login_timeout=opts.login_timeout,
            keepalive_interval=opts.keepalive,
            keepalive_count_max=3,
        )
        if opts.handoff_fd >= 0:
            self.handoff = Receiver(opts.handoff_fd, self.serve_handed, self.report_ended)
            self.handoff.start()
        else:
            self._acceptor = await asyncssh.listen(opts.host, opts.port, **self._ssh_options)
            sockets = self._acceptor.sockets
            if sockets:
                self.port = sockets[0].getsockname()[1]
        if opts.freeze_gc:
            self.gc.start()
            self._gc_task = asyncio.get_running_loop().create_task(self._collect_garbage())
        return self.port

    async def _collect_garbage(self, every: float = 0.1) -> None:
        """Freeze long-lived objects and take deep collections when due (memory.py); now
        and then, hand what running apps removed to be freed (`hand_removed`)."""
        last = time.monotonic()
        while True:
            await asyncio.sleep(every)
            self.gc.tick(len(self.sessions))
            if self.reclaims and time.monotonic() - last >= REMOVED_EVERY:
                await asyncio.sleep(0)  # a turn of the loop of its own, not the tick's
                last = time.monotonic()
                self.hand_removed()

    def hand_removed(self) -> None:
        """Hand the widgets each running app has removed from screens that stay (out of
        the DOM, Textual done with them), each once, to be freed (memory.py): in cycles
        of their own, they were frozen meanwhile, and a long session (a player at the
        launcher for hours) would pile them up until it ends. The caches of the app's
        nodes that may still hold them are emptied first (`forget_found`)."""
        handed = self.gc.handed
        for app, nodes in list(self.nodes.items()):
            removed = [
                n
                for n in nodes
                if n.parent is None
                and n is not app
                and n not in handed
                and (has_closed(n) or not isinstance(n, Widget))  # a component styles node
            ]
            if removed:  # what still holds them in the app's own caches lets go
                for node in [app, *app_nodes(app)]:
                    forget_found(node)
                self.gc.nodes_removed(removed)

    async def serve_handed(self, connection: socket.socket) -> None:
        """Serve one connection the supervisor passed (a worker), until it ends."""
        ssh = await asyncssh.run_server(connection, **self._ssh_options)
        await ssh.wait_closed()

    def report_ended(self, ended: int) -> None:
        """Tell the supervisor how many of the connections it passed have ended."""
        out = sys.__stdout__
        if out is not None:
            out.write(json.dumps({"ended": ended}) + "\n")
            out.flush()

    def stop_taking(self) -> None:
        """Take no new connections (those open go on)."""
        if self._acceptor is not None:
            self._acceptor.close()
        if self.handoff is not None:
            self.handoff.stop()

    async def stop(self) -> None:
        """Stop listening; tell every session the server is stopping and end it."""
        self.stop_taking()
        if self.handoff is not None:
            self.handoff.close()
        for session in list(self.sessions):
            session.end(_("The server is shutting down. Bye!"))
        for _i in range(50):
            if not self.sessions:
                break
            await asyncio.sleep(0.05)
        if self._acceptor is not None:
            await self._acceptor.wait_closed()
        if hasattr(self.hub, "stop"):
            self.hub.stop()
        await self.saves_written()
        if self._gc_task is not None:
            self._gc_task.cancel()
            self._gc_task = None
            self.gc.stop()
        if self._log_handler is not None:
            logging.getLogger("footycards").removeHandler(self._log_handler)
            details_log.removeHandler(self._log_handler)
            self._log_handler.close()
            self._log_handler = None

    async def saves_written(self, timeout: float = 10.0) -> None:
        """Wait (off the loop) until the save thread has written every game's last move."""
        from ..savethread import shared_save_thread

        thread = shared_save_thread()
        if not await asyncio.to_thread(thread.drain, timeout):
            log.warning("stopping: some games' last moves were not saved in %g s", timeout)

    def allow_connection(self, address: str) -> str:
        """Whether `address` may open one more connection now (per-minute limit): "yes",
        "tell" (refused, told why in words) or "drop" (refused at once: beyond twice the
        limit, a flood is not worth a key exchange each)."""
        limits = getattr(self.hub, "limits", None)  # shared tables: counted over processes
        count = None if limits is None else limits.connections(address)
        if count is not None:
            if count > 2 * self.options.rate_limit:
                return "drop"
            return "yes" if count <= self.options.rate_limit else "tell"
        now = time.monotonic()
        recent = self._recent.setdefault(address, deque())
        while recent and now - recent[0] > 60:
            recent.popleft()
        if len(self._recent) > 10000:  # forget idle addresses
            for other in [a for a, d in self._recent.items() if not d and a != address]:
                del self._recent[other]
        if len(recent) >= 2 * self.options.rate_limit:
            return "drop"
        recent.append(now)  # refused ones count too: a flood comes to "drop"
        return "yes" if len(recent) <= self.options.rate_limit else "tell"

    def admit(self, session: GameSession) -> bool:
        limits = getattr(self.hub, "limits", None)  # shared tables: counted over processes
        open_now = None if limits is None else limits.open_sessions()
        if open_now is None:
            open_now = len(self.sessions)
        if open_now >= self.options.max_sessions:
            log.warning("%s refused: %d sessions is the limit", session, open_now)
            return False
        self.sessions.add(session)
        if limits is not None:
            limits.publish(len(self.sessions))
        self.gc.session_started()
        return True

    def adopt(self, app: App[Any]) -> None:
        """Ready a session's `app` for life among the others in this process.

        - Textual points sys.stdout and sys.stderr at each running app's own catcher and
          restores what it found when that app ends; apps that start and end interleaved
          then leave an ended app's catcher in place, which keeps that whole app alive.
          Every app here writes to the server's own streams instead, so whatever is
          restored is the same.
        - With the collection policy on, the screens `app` drops are freed soon after
          (memory.py), not left for a deep collection; its workers let go of their
          tasks when done (reclaim.untie_workers), or a worker's cycle with its task
          holds the app from outside once the session has ended. Every node it
          mounts is tracked, weakly (`track_nodes`), so that the widgets it removes
          from screens that stay are freed with it once it has ended (`release`).
        """
        set_print_catchers(app, *self.stray_output)
        untie_workers(app)
        if self.reclaims:
            self.nodes[app] = ever = track_nodes(app)
            if isinstance(app.stylesheet, SharedStylesheet):  # restyles' replaced nodes
                app.stylesheet.nodes_dropped = ever.update
            if hasattr(app, "screen_dropped"):
                app.screen_dropped = self.gc.screen_dropped

    def release(self, session: GameSession, app: App[Any] | None = None) -> None:
        """The session is over; its `app` (if it ran one) is freed soon after (memory.py),
        with every node it ever had: nothing of the server leads to it any more."""
        if app is not None and hasattr(app, "screen_dropped"):
            app.screen_dropped = None
        nodes = self.nodes.pop(app, ()) if app is not None else ()
        if session in self.sessions:
            self.sessions.discard(session)
            limits = getattr(self.hub, "limits", None)
            if limits is not None:
                limits.publish(len(self.sessions))
            if self.reclaims:
                self.gc.session_ended(app, nodes)
            else:
                self.gc.session_ended()

    def log_details(self, text: str) -> None:
        details_log.error(text)


def serve(options: ServerOptions) -> None:
    """Run the server until Ctrl+C (or SIGTERM) on the server's console."""
    log_to_console()

    async def main() -> None:
        server = FootyServer(options)
        port = await server.start()
        out = sys.__stderr__ or sys.stderr
        print(
            _("footycards server on {host} port {port}").format(host=options.host, port=port),
            file=out,
        )
        print(_("host key {path}").format(path=server.host_key_path), file=out)
        print(_("fingerprint {fp}").format(fp=server.fingerprint), file=out)
        who = (
            _("keys in {path}").format(path=options.authorized_keys)
            if options.authorized_keys
            else _("anyone who can reach the address")
        )
        print(_("who may connect: {who}").format(who=who), file=out)
        print(_("connect with: ssh -p {port} NAME@HOST").format(port=port), file=out, flush=True)
        stopping = asyncio.Event()
        loop = asyncio.get_running_loop()
        for sig in (signal.SIGINT, signal.SIGTERM):
            try:
                loop.add_signal_handler(sig, stopping.set)
            except (NotImplementedError, RuntimeError):
                pass
        await stopping.wait()
        log.info("stopping: %d sessions", len(server.sessions))
        await server.stop()

    asyncio.run(main())
