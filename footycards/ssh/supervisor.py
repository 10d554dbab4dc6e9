"""Provides `footycards serve --workers N`: a small supervisor and its worker processes.

The supervisor loads (or creates) the host key once, listens on the address and port,
then starts N worker processes (`python -m footycards.ssh.supervisor`, options as JSON in
the environment). Each worker is an ordinary `FootyServer` with the supervisor's host
key that does not listen: the supervisor accepts every connection and passes it to the
worker with the fewest open connections (handoff.py), so the sessions are shared evenly
(the kernel's `SO_REUSEPORT` spread them by a hash of the client's address: 91 : 71).

- One log: workers write their log records to their stderr as JSON lines; the supervisor
  writes them to its console and server.log (tracebacks to the file only), each marked
  with the worker's number.
- A worker that dies is started again, after 0.5 s doubling to 30 s while it keeps
  dying soon after its start. A worker that exits with `RECYCLE` (it stopped taking
  sessions and its last one ended, see `Recycler`) is replaced at once.
- SIGTERM or SIGINT to the supervisor: SIGTERM to every worker (each tells its sessions
  the server stops), SIGKILL to any still running after `STOP_WAIT` seconds.
- A worker whose supervisor is gone (its stdin reaches end of file) stops too.
- A worker that drains for recycling or is not running (dying, starting again) is passed
  no connection; with none to take one, a connection is closed at once.

Sessions of their own (launcher, games against the AI, hot-seat) need nothing shared;
shared tables need a hub every worker reaches (`--hub redis://...`), which the CLI
requires for N > 1.
"""

from __future__ import annotations

import asyncio
import contextlib
import dataclasses
import json
import logging
import os
import signal
import socket
import sys
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ..i18n import _
from ..paths import data_dir
from .handoff import hand, pair
from .recycle import Recycler
from .server import (
    LOG_NAME,
    FootyServer,
    ServeError,
    ServerOptions,
    check_options,
    details_log,
    load_host_key,
    log_to_console,
    log_to_file,
    private_folders,
)

log = logging.getLogger("footycards.ssh.supervisor")

OPTIONS_ENV = "FOOTYCARDS_WORKER_OPTIONS"
RECYCLE = 75  # a worker's exit status: recycled (replace it at once), not a crash
STOP_WAIT = 10.0  # seconds the workers get to stop before SIGKILL
BACKOFF_FIRST = 0.5
BACKOFF_MOST = 30.0
STEADY = 60.0  # a worker that ran this long before dying is restarted at the first wait
BACKLOG = 512  # connections the kernel queues while the supervisor hands them on


def worker_count(text: str) -> int:
    """`--workers` as a number: "auto" is one per core this process may run on."""
    if text.strip().lower() == "auto":
        try:
            return max(1, len(os.sched_getaffinity(0)))
        except AttributeError:  # not Linux
            return max(1, os.cpu_count() or 1)
    count = int(text)
    if count < 1:
        raise ValueError(text)
    return count


def options_to_json(options: ServerOptions) -> str:
    data = dataclasses.asdict(options)
    for key, value in data.items():
        if isinstance(value, Path):
            data[key] = str(value)
    return json.dumps(data)


def options_from_json(text: str) -> ServerOptions:
    data = json.loads(text)
    for name in ("host_key", "authorized_keys"):
        if data.get(name) is not None:
            data[name] = Path(data[name])
    known = {f.name for f in dataclasses.fields(ServerOptions)}
    return ServerOptions(**{k: v for k, v in data.items() if k in known})


def listen_on(host: str, port: int) -> socket.socket:
    """The supervisor's listening socket on (host, port) (port 0: a free one), non-blocking."""
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    sock = socket.create_server((host, port), family=family, backlog=BACKLOG)
    sock.setblocking(False)
    return sock


def check_hub(url: str) -> None:
    """ServeError unless Redis answers at `url` (before any worker starts)."""
    try:
        import redis
    except ImportError:
        raise ServeError(
            _("--hub needs the redis package: pip install 'footycards[redis]'")
        ) from None
    try:
        client = redis.Redis.from_url(url, socket_timeout=3.0, socket_connect_timeout=3.0)
        try:
            client.ping()
        finally:
            client.close()
    except (redis.RedisError, ValueError) as exc:
        raise ServeError(
            _("cannot reach the shared tables at {url}: {why}").format(url=url, why=exc)
        ) from None


# -- the worker side ------------------------------------------------------------------


class JsonLines(logging.Handler):
    """A worker's log records, one JSON object a line on its stderr, for the supervisor."""

    def __init__(self, details: bool = False) -> None:
        super().__init__()
        self.details = details

    def emit(self, record: logging.LogRecord) -> None:
        try:
            line = json.dumps(
                {"level": record.levelno, "details": self.details, "text": record.getMessage()}
            )
            stream = sys.__stderr__
            if stream is not None:
                stream.write(line + "\n")
                stream.flush()
        except Exception:
            self.handleError(record)


def worker_logging() -> None:
    events = logging.getLogger("footycards")
    events.setLevel(logging.INFO)
    events.addHandler(JsonLines())
    details_log.setLevel(logging.INFO)
    details_log.propagate = False
    details_log.addHandler(JsonLines(details=True))
    logging.getLogger("asyncssh").setLevel(logging.WARNING)


async def run_worker(options: ServerOptions) -> int:
    """One worker: serve until SIGTERM/SIGINT or until the supervisor is gone (stdin
    closed); returns the exit status (`RECYCLE` when it was recycled)."""
    server = FootyServer(options)
    port = await server.start()
    out = sys.__stdout__
    assert out is not None
    out.write(json.dumps({"ready": port, "pid": os.getpid()}) + "\n")
    out.flush()
    stopping = asyncio.Event()
    loop = asyncio.get_running_loop()
    for sig in (signal.SIGINT, signal.SIGTERM):
        loop.add_signal_handler(sig, stopping.set)

    def supervisor_gone() -> None:
        if not sys.stdin.buffer.read(1):  # end of file: the supervisor's pipe closed
            loop.call_soon_threadsafe(stopping.set)

    # A daemon thread of its own: the loop's executor would wait for it when closing.
    threading.Thread(target=supervisor_gone, name="supervisor-watch", daemon=True).start()
    recycled = asyncio.Event()
    waits: list[asyncio.Future[Any]] = [asyncio.ensure_future(stopping.wait())]
    if options.recycle_mb > 0:
        recycler = Recycler(options.recycle_mb, options.recycle_per_session_mb)
        waits.append(asyncio.ensure_future(recycle_when_due(server, recycler, recycled)))
    await asyncio.wait(waits, return_when=asyncio.FIRST_COMPLETED)
    for task in waits:
        task.cancel()
    status = RECYCLE if recycled.is_set() else 0
    log.info("worker %d stopping: %d sessions", os.getpid(), len(server.sessions))
    await server.stop()
    return status


async def recycle_when_due(
    server: FootyServer, recycler: Recycler, recycled: asyncio.Event, every: float = 1.0
) -> None:
    """Look at the worker's memory every `every` seconds; once it is due for recycling,
    stop accepting (the supervisor starts a fresh worker when told `draining`), and set
    `recycled` when the last session has ended."""
    while not recycler.due(len(server.sessions)):
        await asyncio.sleep(every)
    server.stop_taking()  # the supervisor passes new connections to the other workers
    out = sys.__stdout__
    assert out is not None
    out.write(json.dumps({"draining": os.getpid()}) + "\n")
    out.flush()
    while server.sessions:
        await asyncio.sleep(0.5)
    recycled.set()


def worker_main() -> None:
    options = options_from_json(os.environ[OPTIONS_ENV])
    worker_logging()
    status = asyncio.run(run_worker(options))
    sys.stdout.flush()
    os._exit(status)  # the stdin watcher thread may still be reading: do not wait for it


# -- the supervisor side ----------------------------------------------------------------


@dataclass
class Worker:
    """One worker slot: its process now, and how often it died lately."""

    number: int
    process: asyncio.subprocess.Process | None = None
    started: float = 0.0
    failures: int = 0
    port: int | None = None
    ready: asyncio.Event = field(default_factory=asyncio.Event)
    pids: list[int] = field(default_factory=list)  # every process this slot ran, in order
    retiring: bool = False  # drains for recycling: a fresh worker has taken its place
    channel: socket.socket | None = None  # the supervisor's end of its hand-off (handoff.py)
    handed: int = 0  # connections passed to the process now running ...
    ended: int = 0  # ... and how many of them it said have ended

    def open_connections(self) -> int:
        return self.handed - self.ended

    def takes_connections(self) -> bool:
        return (
            self.channel is not None
            and self.ready.is_set()
            and not self.retiring
            and self.process is not None
            and self.process.returncode is None
        )


class Supervisor:
    """Starts `count` workers for `options`, keeps them running and stops them."""

    def __init__(self, options: ServerOptions, count: int) -> None:
        self.options = options
        self.count = count
        self.workers = [Worker(i + 1) for i in range(count)]
        self.stopping = asyncio.Event()
        self.tasks: list[asyncio.Task[None]] = []
        self.port = options.port
        self.fingerprint = ""
        self.host_key_path: Path | None = None
        self._listener: socket.socket | None = None
        self._accepting: asyncio.Task[None] | None = None
        self._log_handler: logging.Handler | None = None

    async def start(self, ready_timeout: float = 60.0) -> int:
        """Check the options, load the host key, start the workers and wait until each
        listens; returns the port."""
        check_options(self.options)
        if self.options.hub:
            check_hub(self.options.hub)
        private_folders(data_dir())
        key, self.host_key_path, created = load_host_key(self.options.host_key)
        self.fingerprint = key.get_fingerprint()
        self._log_handler = log_to_file(data_dir() / LOG_NAME)
        if created:
            log.info("created host key %s", self.host_key_path)
        self._listener = listen_on(self.options.host, self.options.port)
        self.port = self._listener.getsockname()[1]
        self.worker_options = dataclasses.replace(
            self.options, port=self.port, host_key=self.host_key_path, log_file=False
        )
        log.info("supervisor %d: %d workers on port %d", os.getpid(), self.count, self.port)
        for worker in self.workers:
            self.tasks.append(asyncio.get_running_loop().create_task(self.keep(worker)))
        self._accepting = asyncio.get_running_loop().create_task(self.accept())
        try:
            await asyncio.wait_for(
                asyncio.gather(*(w.ready.wait() for w in self.workers)), ready_timeout
            )
        except TimeoutError:
            raise ServeError(
                _("the workers did not start within {n} s: see server.log").format(
                    n=int(ready_timeout)
                )
            ) from None
        return self.port

    async def accept(self) -> None:
        """Accept every connection and pass it to the worker with the fewest open ones."""
        assert self._listener is not None
        loop = asyncio.get_running_loop()
        while True:
            try:
                connection, _address = await loop.sock_accept(self._listener)
            except OSError as exc:  # out of file descriptors, say: try again shortly
                log.warning("accepting a connection failed: %s", exc)
                await asyncio.sleep(0.1)
                continue
            with connection:
                self.pass_on(connection)

    def pass_on(self, connection: socket.socket) -> bool:
        """Hand `connection` to the least busy worker that takes one (False: none did)."""
        ready = [w for w in self.workers if w.takes_connections()]
        for worker in sorted(ready, key=lambda w: (w.open_connections(), w.number)):
            assert worker.channel is not None
            if hand(worker.channel, connection):
                worker.handed += 1
                return True
        log.warning("no worker could take a connection: it was closed")
        return False

    async def spawn(self, worker: Worker) -> asyncio.subprocess.Process:
        env = dict(os.environ)
        channel, worker_end = pair()
        options = dataclasses.replace(self.worker_options, handoff_fd=worker_end.fileno())
        env[OPTIONS_ENV] = options_to_json(options)
        try:
            process = await asyncio.create_subprocess_exec(
                sys.executable,
                "-m",
                "footycards.ssh.supervisor",
                stdin=asyncio.subprocess.PIPE,
                stdout=asyncio.subprocess.PIPE,
                stderr=asyncio.subprocess.PIPE,
                env=env,
                pass_fds=(worker_end.fileno(),),
                start_new_session=True,  # Ctrl+C reaches the supervisor, which stops them
            )
        except BaseException:
            channel.close()
            raise
        finally:
            worker_end.close()
        worker.ready.clear()
        worker.channel, worker.handed, worker.ended = channel, 0, 0
        worker.process = process
        worker.started = time.monotonic()
        worker.pids.append(process.pid)
        log.info("worker %d started (pid %d)", worker.number, process.pid)
        return process

    async def keep(self, worker: Worker) -> None:
        """Run the worker; start it again whenever it ends, until the supervisor stops."""
        while not self.stopping.is_set():
            try:
                process = await self.spawn(worker)
            except OSError as exc:
                log.error("worker %d could not start: %s", worker.number, exc)
                status: int | None = None
            else:
                relays = [
                    asyncio.ensure_future(self.read_ready(worker, process)),
                    asyncio.ensure_future(self.relay_log(worker, process)),
                ]
                status = await process.wait()
                await asyncio.gather(*relays, return_exceptions=True)
                if worker.channel is not None:
                    worker.channel.close()
                    worker.channel = None
            if self.stopping.is_set():
                return
            ran = time.monotonic() - worker.started
            if status == RECYCLE or worker.retiring:
                log.info("worker %d recycled (status %s)", worker.number, status)
                if worker.retiring:
                    return  # its successor runs already
                worker.failures = 0
                continue
            worker.failures = 1 if ran >= STEADY else worker.failures + 1
            wait = min(BACKOFF_MOST, BACKOFF_FIRST * 2 ** (worker.failures - 1))
            log.warning(
                "worker %d ended (status %s after %.1f s): started again in %.1f s",
                worker.number,
                status,
                ran,
                wait,
            )
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self.stopping.wait(), wait)

    async def read_ready(self, worker: Worker, process: asyncio.subprocess.Process) -> None:
        assert process.stdout is not None
        async for raw in process.stdout:
            try:
                data = json.loads(raw)
            except ValueError:
                continue
            if isinstance(data, dict) and isinstance(data.get("ended"), int):
                worker.ended = data["ended"]
            elif isinstance(data, dict) and "ready" in data:
                worker.port = int(data["ready"])
                worker.ready.set()
            elif isinstance(data, dict) and "draining" in data and not worker.retiring:
                self.replace(worker)

    async def relay_log(self, worker: Worker, process: asyncio.subprocess.Process) -> None:
        """The worker's log records into the supervisor's log, marked with its number."""
        assert process.stderr is not None
        async for raw in process.stderr:
            line = raw.decode("utf-8", "replace").rstrip("\n")
            try:
                record = json.loads(line)
                level, text = int(record["level"]), str(record["text"])
                details = bool(record.get("details"))
            except (ValueError, KeyError, TypeError):
                level, text, details = logging.WARNING, line, False  # a crash's own output
            (details_log if details else log).log(level, "w%d: %s", worker.number, text)

    def replace(self, worker: Worker) -> None:
        """`worker` drains for recycling: a fresh worker starts in its place at once, so
        the port always has one listening."""
        worker.retiring = True
        fresh = Worker(max(w.number for w in self.workers) + 1)
        self.workers.append(fresh)
        log.info("worker %d drains: worker %d starts in its place", worker.number, fresh.number)
        self.tasks.append(asyncio.get_running_loop().create_task(self.keep(fresh)))

    async def stop(self) -> None:
        """SIGTERM to every worker, SIGKILL to those still running after STOP_WAIT."""
        self.stopping.set()
        if self._listener is not None:
            self._listener.close()
            self._listener = None
        running = [
            w.process
            for w in self.workers
            if w.process is not None and w.process.returncode is None
        ]
        for process in running:
            with contextlib.suppress(ProcessLookupError):
                process.send_signal(signal.SIGTERM)
        try:
            await asyncio.wait_for(asyncio.gather(*(p.wait() for p in running)), STOP_WAIT)
        except TimeoutError:
            for process in running:
                if process.returncode is None:
                    log.warning("worker pid %d did not stop: killed", process.pid)
                    with contextlib.suppress(ProcessLookupError):
                        process.kill()
            await asyncio.gather(*(p.wait() for p in running))
        if self._accepting is not None:
            self._accepting.cancel()
            await asyncio.gather(self._accepting, return_exceptions=True)
            self._accepting = None
        await asyncio.gather(*self.tasks, return_exceptions=True)
        log.info("supervisor stopped")
        if self._log_handler is not None:
            logging.getLogger("footycards").removeHandler(self._log_handler)
            details_log.removeHandler(self._log_handler)
            self._log_handler.close()
            self._log_handler = None


def supervise(options: ServerOptions, count: int) -> None:
    """Run `count` workers until Ctrl+C (or SIGTERM) on the supervisor's console."""
    log_to_console()

    async def main() -> None:
        supervisor = Supervisor(options, count)
        stopping = asyncio.Event()
        loop = asyncio.get_running_loop()
        for sig in (signal.SIGINT, signal.SIGTERM):
            with contextlib.suppress(NotImplementedError, RuntimeError):
                loop.add_signal_handler(sig, stopping.set)
        try:
            port = await supervisor.start()
        except BaseException:
            await supervisor.stop()
            raise
        out = sys.__stderr__ or sys.stderr
        print(
            _("footycards server on {host} port {port}").format(host=options.host, port=port),
            file=out,
        )
        print(_("{n} worker processes").format(n=count), file=out)
        print(_("host key {path}").format(path=supervisor.host_key_path), file=out)
        print(_("fingerprint {fp}").format(fp=supervisor.fingerprint), file=out)
        print(_("connect with: ssh -p {port} NAME@HOST").format(port=port), file=out, flush=True)
        await stopping.wait()
        log.info("stopping %d workers", count)
        await supervisor.stop()

    asyncio.run(main())


def main(argv: list[str] | None = None) -> None:
    """`python -m footycards.ssh.supervisor`: one worker (started by the supervisor)."""
    if OPTIONS_ENV not in os.environ:
        print("started by `footycards serve --workers N`, not by hand", file=sys.stderr)
        raise SystemExit(2)
    worker_main()


if __name__ == "__main__":
    main()
