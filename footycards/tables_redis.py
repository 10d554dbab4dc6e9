"""Provides `RedisTableHub`: shared tables that every server process reaching one Redis
(or Valkey) sees, for `footycards serve --workers N --hub redis://HOST:PORT/DB`.

The engines are deterministic (seed + actions = game), so a table is its record in
Redis and an append-only log:

- `fc:table:CODE` the record (JSON: game, host, seat plan, options), `fc:tables` the set
  of codes, `fc:log:CODE` the log, a Redis Stream of JSON events: someone sat down (with
  the seed of the match that starts when the table is full), left or came back, an
  action (with its number), a chat line, an AI taking over a seat, a rematch vote, a
  spectator come or gone (so every process counts them all), the table closed.
- Every process with a session at a table keeps a replica (`SharedTable`, a `Table`
  whose every change comes from the log): it appends an event, then reads the log up to
  it and applies every event in the log's order, as every other replica does. An event
  is applied or refused by the replica's state before it, the same everywhere: two people
  taking the last seat at once get it in the log's order; a move made when another was
  already in the log (its number is taken) is dropped.
- One owner per table (`fc:owner:CODE`, a lease with expiry, renewed) runs the table's
  AI seats, the takeover timers and notices a process that died with people seated (its
  own `fc:proc:ID` key expired): their seats are marked away. If the owner dies, another
  process with the table takes the lease and goes on from the log.
- A process keeps the replicas of the tables its sessions are at; one it only listed
  or looked up is dropped once nobody here has used it for `idle_keep_s` seconds (or
  beyond the `idle_keep` least lately used) and read again from Redis when wanted.
- Bad data (a record that does not parse, a log entry that is not an event or not a
  legal action) closes that table with a logged reason; nothing else stops.

Nothing a remote user types reaches Redis but as the JSON-encoded value of a command's
argument (the client's argument passing; no command is built from text). The session cap
and the per-address connection rate count over every process (`SharedLimits`).
"""

from __future__ import annotations

import asyncio
import contextvars
import json
import logging
import os
import random
import socket
import threading
import time
import uuid
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, cast

import redis

from .core import IllegalAction
from .i18n import _
from .match import Applied, Match
from .plaintext import clean_line, clean_name, display_name
from .registry import REGISTRY
from .stats import Stats
from .table import (
    CODE_ALPHABET,
    CODE_LENGTH,
    TAKEOVER_WAIT,
    Change,
    ChatLine,
    Listener,
    Presence,
    Table,
    TableError,
    check_table,
)

log = logging.getLogger("footycards.tables")

LEASE_MS = 5000  # an owner's lease; renewed every TICK
PROC_MS = 6000  # a process's "alive" key; renewed every TICK
TICK = 1.0
KEEP_S = 7 * 24 * 3600  # a table's keys expire this long after its last change
CLOSED_KEEP_S = 120  # ...and this soon after it closed
IDLE_KEEP_S = 30.0  # a replica nobody in this process uses is dropped after this long ...
IDLE_KEEP = 100  # ... or beyond this many of them

# Redis lost a table (restarted without its data): the first replica back writes it again
# from what it applied (record and every log entry, at once); one that knows more entries
# than the log holds adds the rest. KEYS: record, log, codes; ARGV: record, the log's
# length this replica expects, the code, the expiry, the entries to add.
RESTORE = """
local n = redis.call('xlen', KEYS[2])
if n ~= tonumber(ARGV[2]) then return n end
if n == 0 then
    redis.call('set', KEYS[1], ARGV[1], 'ex', ARGV[4])
    redis.call('sadd', KEYS[3], ARGV[3])
end
for i = 5, #ARGV do redis.call('xadd', KEYS[2], '*', 'e', ARGV[i]) end
redis.call('expire', KEYS[2], ARGV[4])
return -1
"""

RENEW = """
if redis.call('get', KEYS[1]) == ARGV[1] then
    return redis.call('pexpire', KEYS[1], ARGV[2])
end
return 0
"""

RELEASE = """
if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('del', KEYS[1]) end
return 0
"""


EVENTS = frozenset(
    {"sit", "leave", "act", "chat", "takeover", "rematch", "close", "watch", "unwatch"}
)


class BadData(ValueError):
    """A record or log entry in Redis that is not what a table writes."""


UNREACHABLE = "the shared tables cannot be reached just now: try again soon"


def unreachable() -> TableError:
    return TableError(_("the shared tables cannot be reached just now: try again soon"))


@dataclass
class SharedMatch(Match):
    """A replica's Match: a move from this process's front end goes to the table's log
    and is applied when read back from it (as in every other process)."""

    table: SharedTable | None = field(default=None, repr=False)
    replaying: bool = field(default=False, repr=False)

    def apply(self, action: Any, seat: int | None = None) -> Applied:
        table = self.table
        if self.replaying or table is None:
            return super().apply(action, seat)
        due, action = self.asked(action, seat)
        self.state.clone().apply(action)  # refused here (IllegalAction): nothing is sent
        number = len(self.actions) + 1
        try:
            applied = table.submit({"k": "act", "n": number, "seat": due, "a": str(action)})
        except TableError:
            raise IllegalAction(UNREACHABLE, code="unreachable") from None
        if not isinstance(applied, Applied):
            raise IllegalAction("it is not your decision now", code="not_your_turn")
        return applied

    def replay(self, action: str, seat: int) -> Applied:
        self.replaying = True
        try:
            return super().apply(action, seat)
        finally:
            self.replaying = False


class SharedTable(Table):
    """A replica of a table whose record and log are in Redis: what a session does is an
    event appended to the log, and every change is made when the event is read back."""

    MATCH = SharedMatch
    hub: RedisTableHub

    def __init__(self, hub: RedisTableHub, code: str, record: dict[str, Any]) -> None:
        try:
            game_id = str(record["game"])
            plan = [None if p is None else str(p) for p in record["plan"]]
            options = dict(record["options"])
            host = display_name(str(record["host"]))
        except (KeyError, TypeError, ValueError) as exc:
            raise BadData(f"record: {exc!r}") from None
        if game_id not in REGISTRY:
            raise BadData(f"record: unknown game {game_id!r}")
        super().__init__(hub, code, host, game_id, plan, options)
        self.shared = hub
        self.head = record  # the table's record as read (written again if Redis lost it)
        self.epoch = str(record.get("epoch", ""))  # changes when the table is written again
        self.texts: list[str] = []  # every log entry applied, as read (to write it again)
        self.last_id = "0-0"  # the last log entry applied
        self.results: dict[str, Any] = {}  # nonce -> what applying our own event gave
        self.pending: dict[str, tuple[Listener, str]] = {}  # nonce -> (listener, owner)
        self.expecting: set[str] = set()  # nonces of our events not read back yet
        self.here: list[str | None] = [None] * len(self.chairs)  # process of the live session
        self.keys: list[str] = [""] * len(self.chairs)  # who sits there (key fingerprint)
        self.watchers: dict[str, int] = {}  # process -> its spectators here
        self.catching = False
        self.owned = False
        self.waiting = False  # Redis could not be reached: told to the sessions
        self.used = time.monotonic()  # when a session here last looked the table up

    # -- what sessions read (shared parts) ------------------------------------------

    def is_away(self, seat: int) -> bool:
        return self.chairs[seat].user is not None and self.here[seat] is None

    def spectator_count(self) -> int:
        return sum(self.watchers.values())

    def idle(self) -> bool:
        """Whether nothing in this process needs the replica: no session here, no lease,
        nothing waiting to be sent or written again."""
        return (
            not self.owned
            and not self.spectators
            and all(c.presence is None for c in self.chairs)
            and self.code not in self.shared.missing
            and all(table is not self for table, _event in self.shared.outbox)
        )

    # -- the log --------------------------------------------------------------------

    def submit(self, event: dict[str, Any], session: tuple[Listener, str] | None = None) -> Any:
        """Append `event` to the log, read the log up to it and return what applying it
        gave (TableError raised as it was; None when it was dropped). `session`: the
        listener and owner of the session the event seats here."""
        if not self.shared.reachable:
            raise unreachable()  # at once: a Redis that does not answer would hold the loop
        nonce = uuid.uuid4().hex
        if session is not None:
            self.pending[nonce] = session
        self.expecting.add(nonce)
        event = {**event, "nonce": nonce, "proc": self.shared.proc, "t": time.time()}
        try:
            self.shared.append(self.code, event)
            self.catch_up()
        except redis.RedisError:
            self.shared.lost()
            raise unreachable() from None
        finally:
            self.pending.pop(nonce, None)
            self.expecting.discard(nonce)
        result = self.results.pop(nonce, None)
        if isinstance(result, TableError):
            raise result
        return result

    def catch_up(self) -> None:
        """Apply every log entry after the last one applied, in order."""
        if self.catching or self.closed:
            return
        self.catching = True
        try:
            while not self.closed:
                pipe = self.shared.client.pipeline(transaction=False)
                pipe.get(self.shared.record_key(self.code))
                pipe.xrange(self.shared.log_key(self.code), f"({self.last_id}", "+", count=200)
                text, entries = pipe.execute()
                if text is None:
                    self.shared.missing.add(self.code)  # Redis lost it: written again soon
                    return
                try:
                    same = self.same_epoch(text)
                except BadData as exc:
                    self.fail(str(exc))
                    return
                if not same:
                    continue  # written again by another process: read on from there
                if not entries:
                    break
                for entry_id, fields in entries:
                    self.last_id = entry_id
                    try:
                        self.texts.append(fields.get("e", ""))
                        event = json.loads(self.texts[-1])
                        if not isinstance(event, dict):
                            raise BadData(f"log entry {entry_id}: not an event")
                        self.apply_event(event)
                    except redis.RedisError:
                        raise
                    except Exception as exc:  # bad data; nothing else stops for it
                        self.fail(f"log entry {entry_id}: {exc!r}")
                        return
                    if self.closed:
                        return
        finally:
            self.catching = False

    def same_epoch(self, text: str) -> bool:
        """Whether the record read is still the one this replica follows; when another
        process wrote the table again, finds its place in the new log (adding entries
        the new log lacks) and returns False."""
        try:
            epoch = str(json.loads(text).get("epoch", ""))
        except (ValueError, AttributeError):
            raise BadData("record: not an object") from None
        if epoch == self.epoch:
            return True
        self.shared.rewrite(self, None)
        self.epoch = epoch
        return False

    def fail(self, why: str) -> None:
        """Bad data: the table closes, with the reason in the log."""
        log.error("table %s closed: bad data in Redis: %s", self.code, why)
        self.close()
        self.shared.forget(self, expire=True)

    def apply_event(self, event: dict[str, Any]) -> None:
        kind = event["k"]
        nonce = str(event.get("nonce", ""))
        if kind not in EVENTS:
            raise BadData(f"unknown event {kind!r}")
        handler = getattr(self, f"on_{kind}")
        try:
            result = handler(event)
        except TableError as exc:
            result = exc
        if nonce in self.expecting:
            self.results[nonce] = result

    # -- events ---------------------------------------------------------------------

    def local_presence(self, event: dict[str, Any], seat: int, user: str) -> Presence | None:
        """The presence of our own session that sent `event` (None: another process's)."""
        mine = self.pending.get(str(event.get("nonce", "")))
        if mine is None or event.get("proc") != self.shared.proc:
            return None
        listener, owner = mine
        return Presence(self, user, seat, listener, owner=owner)

    def on_sit(self, event: dict[str, Any]) -> int:
        user = display_name(str(event["user"]))
        key, proc = str(event.get("key", "")), str(event["proc"])
        if self.closed:
            raise self.closed_error()
        mine = self.seat_of(user)
        if mine is not None:
            if self.here[mine] is not None:
                if not key or self.keys[mine] != key:
                    raise self.in_use_error(user)
                self.replace_session(mine, user)
            self.here[mine], self.keys[mine] = proc, key
            seated = self.chairs[mine].user or user
            self.returned(mine, self.local_presence(event, mine, seated))
            return mine
        seat = self.free_seat(event.get("seat"))
        self.here[seat], self.keys[seat] = proc, key
        self.seated(seat, user, self.local_presence(event, seat, user), int(event["seed"]))
        return int(seat)

    def on_leave(self, event: dict[str, Any]) -> None:
        seat, dead = int(event["seat"]), event.get("dead")
        proc = str(dead or event["proc"])
        if not 0 <= seat < len(self.chairs) or self.here[seat] != proc:
            return None  # not (any more) that process's seat
        chair = self.chairs[seat]
        if dead is None and event.get("key", "") != self.keys[seat]:
            return None  # another session of the same person sat down meanwhile
        if chair.presence is not None:
            chair.presence.live = False
        self.here[seat] = None
        if self.vacate(seat, chair.user or ""):
            chair.away_at = float(event["t"])
        if event["proc"] == self.shared.proc and not self.any_here() and not self.spectators:
            self.shared.tidy(self)  # the process that sent it sees to it (once)
        return None

    def on_act(self, event: dict[str, Any]) -> Applied | None:
        match = self.match
        number, seat, action = int(event["n"]), int(event["seat"]), str(event["a"])
        if match is None or match.is_over or number != len(match.actions) + 1:
            return None  # another move came first: this one was made on an older position
        if match.due != seat:
            raise BadData(f"action {number} for P{seat + 1}, P{(match.due or 0) + 1} is due")
        try:
            return cast(SharedMatch, match).replay(action, seat)
        except IllegalAction as exc:
            raise BadData(f"action {number} {action!r}: {exc}") from None

    def on_chat(self, event: dict[str, Any]) -> ChatLine | None:
        who, text = display_name(str(event["who"])), clean_line(str(event["text"]))
        return self.add_chat(who, text) if text else None

    def on_takeover(self, event: dict[str, Any]) -> None:
        seat = int(event["seat"])
        chair = self.chairs[seat]
        match = self.match
        if match is None or match.is_over or self.here[seat] is not None or chair.taken_over:
            return None
        if chair.user is None or int(event.get("games", -1)) != self.games:
            return None
        self.hand_to_ai(seat)
        return None

    def on_rematch(self, event: dict[str, Any]) -> bool:
        match = self.match
        seat = int(event["seat"])
        if match is None or not match.is_over or self.here[seat] is None:
            return False
        return self.vote_rematch(seat, self.chairs[seat].user or "", int(event["seed"]))

    def on_watch(self, event: dict[str, Any]) -> None:
        proc = str(event["proc"])
        self.watchers[proc] = self.watchers.get(proc, 0) + 1
        self.push(Change("seats"))

    def on_unwatch(self, event: dict[str, Any]) -> None:
        dead = event.get("dead")
        proc = str(dead or event["proc"])
        left = 0 if dead else self.watchers.get(proc, 0) - 1
        if left > 0:
            self.watchers[proc] = left
        elif self.watchers.pop(proc, None) is None:
            return None
        self.push(Change("seats"))
        return None

    def on_close(self, event: dict[str, Any]) -> None:
        if self.any_here():
            return None  # someone sat down meanwhile
        self.close()
        self.shared.forget(self, expire=True)
        return None

    def any_here(self) -> bool:
        return any(h is not None for h in self.here)

    # -- playing ---------------------------------------------------------------------

    def runs_table(self) -> bool:
        return self.owned

    def prepare(self, match: Match, started: str | None) -> None:
        cast(SharedMatch, match).table = self  # its moves go to the log

    async def play_ai(self, match: Match, number: int, seat: int, action: Any) -> bool:
        try:
            self.submit({"k": "act", "n": number, "seat": seat, "a": str(action)})
        except TableError:
            await asyncio.sleep(TICK)  # Redis is away: the next owner tick tries again
            return False
        return True

    # -- what sessions do (each an event in the log) --------------------------------------

    def sit(
        self, user: str, listener: Listener, seat: int | None = None, owner: str = ""
    ) -> Presence:
        event: dict[str, Any] = {
            "k": "sit",
            "user": display_name(user),
            "seat": seat,
            "key": owner,
            "seed": self.next_seed(),
        }
        got = self.submit(event, (listener, owner))
        presence = None if got is None else self.chairs[int(got)].presence
        if presence is None:
            raise unreachable()
        return presence

    def come_back(self, seat: int, listener: Listener, owner: str = "") -> Presence:
        chair = self.chairs[seat]
        assert chair.user is not None
        return self.sit(chair.user, listener, seat, owner)

    def spectator_came(self, presence: Presence) -> None:
        self.send({"k": "watch"})

    def spectator_left(self, presence: Presence) -> None:
        self.send({"k": "unwatch"})
        if not self.any_here() and not self.spectators:
            self.shared.tidy(self)

    def send(self, event: dict[str, Any]) -> None:
        """Submit `event`, or send it once Redis is back."""
        try:
            self.submit(event)
        except TableError:
            self.shared.later(self, event)

    def player_left(self, presence: Presence) -> None:
        assert presence.seat is not None
        self.send({"k": "leave", "seat": presence.seat, "key": self.keys[presence.seat]})

    def post_chat(self, who: str, text: str) -> ChatLine | None:
        try:
            line = self.submit({"k": "chat", "who": who, "text": text})
        except TableError:
            return None
        return line if isinstance(line, ChatLine) else None

    def ask_rematch(self, seat: int, user: str, seed: int) -> bool:
        try:
            return bool(self.submit({"k": "rematch", "seat": seat, "seed": seed}))
        except TableError:
            return False


@dataclass
class RedisTableHub:
    """Tables shared by every process that reaches one Redis (see the module's text)."""

    url: str
    takeover_wait: float = TAKEOVER_WAIT
    ai_delay: float = 0.7
    store: None = None  # tables live in Redis: no save files
    stats: Stats | None = None
    prefix: str = "fc:"
    recording: set[asyncio.Task[None]] = field(default_factory=set)
    rng: random.Random = field(default_factory=random.SystemRandom)
    tables: dict[str, SharedTable] = field(default_factory=dict)
    proc: str = field(
        default_factory=lambda: f"{socket.gethostname()}:{os.getpid()}:{uuid.uuid4().hex[:8]}"
    )
    idle_keep_s: float = IDLE_KEEP_S  # a replica nobody here uses is dropped after ...
    idle_keep: int = IDLE_KEEP  # ... or beyond this many such replicas (the oldest first)

    def __post_init__(self) -> None:
        self.client: Any = redis.Redis.from_url(
            self.url, decode_responses=True, socket_timeout=1.0, socket_connect_timeout=1.0
        )
        self.renew = self.client.register_script(RENEW)
        self.release = self.client.register_script(RELEASE)
        self.restore_script = self.client.register_script(RESTORE)
        self.missing: set[str] = set()  # codes of tables Redis lost, to write again
        self.grace_until = 0.0  # no process counts as dead before (Redis just came back)
        self.outbox: list[tuple[SharedTable, dict[str, Any]]] = []
        self.loop: asyncio.AbstractEventLoop | None = None
        self.tick_task: asyncio.Task[None] | None = None
        self.reader: threading.Thread | None = None
        self.running = False
        self.reachable = True
        self.limits = SharedLimits(self)
        self.tickers: list[Callable[[], None]] = []  # also called every tick (shared names)

    # -- keys -------------------------------------------------------------------------

    def record_key(self, code: str) -> str:
        return f"{self.prefix}table:{code}"

    def log_key(self, code: str) -> str:
        return f"{self.prefix}log:{code}"

    def owner_key(self, code: str) -> str:
        return f"{self.prefix}owner:{code}"

    def proc_key(self, proc: str) -> str:
        return f"{self.prefix}proc:{proc}"

    @property
    def codes_key(self) -> str:
        return f"{self.prefix}tables"

    def append(self, code: str, event: dict[str, Any]) -> None:
        pipe = self.client.pipeline(transaction=False)
        pipe.xadd(self.log_key(code), {"e": json.dumps(event)})
        pipe.expire(self.log_key(code), KEEP_S)
        pipe.expire(self.record_key(code), KEEP_S)
        pipe.execute()

    # -- running ------------------------------------------------------------------------

    def start(self) -> None:
        """Begin the heartbeat, the owner's work and reading the logs (on the running
        loop). Raises redis.RedisError when Redis cannot be reached."""
        self.client.ping()
        self.loop = asyncio.get_running_loop()
        self.running = True
        self.client.set(self.proc_key(self.proc), "1", px=PROC_MS)
        self.tick_task = self.loop.create_task(self.ticking(), context=contextvars.Context())
        self.reader = threading.Thread(target=self.read_logs, name="redis-hub-reader", daemon=True)
        self.reader.start()

    def stop(self) -> None:
        self.running = False
        if self.tick_task is not None:
            self.tick_task.cancel()
            self.tick_task = None
        for table in self.tables.values():
            if table.ai_task is not None:
                table.ai_task.cancel()
        try:
            for table in self.tables.values():
                if table.owned:  # others take over at once
                    self.release(keys=[self.owner_key(table.code)], args=[self.proc])
            self.client.delete(self.proc_key(self.proc))
        except redis.RedisError:
            pass
        self.client.close()

    async def ticking(self) -> None:
        while self.running:
            try:
                self.tick()
            except redis.RedisError:
                self.lost()
            except Exception:
                log.exception("shared tables: the heartbeat failed")
            await asyncio.sleep(TICK)

    def tick(self) -> None:
        self.client.set(self.proc_key(self.proc), "1", px=PROC_MS)
        self.limits.publish(self.limits.sessions)
        if not self.reachable:
            self.reachable = True
            self.grace_until = time.monotonic() + PROC_MS / 1000 + 2 * TICK
            log.info("shared tables: Redis is back")
        for ticker in self.tickers:
            ticker()
        for code in sorted(self.missing):
            table = self.tables.get(code)
            if table is not None and not table.closed:
                self.rewrite(table, table.head)
            self.missing.discard(code)
        for table in list(self.tables.values()):
            if table.waiting:
                table.waiting = False
                text = _("The table goes on: the shared tables are back.")
                table.push(Change("chat", who="footycards", text=text))
                table.push(Change("seats"))
        while self.outbox:
            table, event = self.outbox[0]
            table.submit(event)
            self.outbox.pop(0)
        for table in list(self.tables.values()):
            table.catch_up()
            if table.closed:
                continue
            self.own(table)
            if table.owned:
                self.owner_tick(table)
        self.drop_idle()

    def drop_idle(self) -> None:
        """Drop the replicas nobody here has used for `idle_keep_s` seconds, and the least
        lately used beyond `idle_keep` (a list of open tables read them again)."""
        idle = sorted((t for t in self.tables.values() if t.idle()), key=lambda t: t.used)
        now = time.monotonic()
        for rank, table in enumerate(idle):
            if len(idle) - rank > self.idle_keep or now - table.used >= self.idle_keep_s:
                self.forget(table)

    def lost(self) -> None:
        """Redis cannot be reached: every table here says it waits, once."""
        if not self.reachable:
            return
        self.reachable = False
        log.warning("shared tables: Redis cannot be reached; tables wait for it")
        for table in list(self.tables.values()):
            if not table.waiting:
                table.waiting = True
                text = _("The table waits: the shared tables cannot be reached just now.")
                table.push(Change("chat", who="footycards", text=text))

    def read_logs(self) -> None:
        """A thread: wait for new entries in the logs of the tables here, and have the
        loop apply them."""
        reader: Any = redis.Redis.from_url(self.url, decode_responses=True, socket_timeout=5.0)
        seen: dict[str, str] = {}
        while self.running:
            streams = {}
            for code, table in list(self.tables.items()):
                key = self.log_key(code)
                last = seen.get(key, table.last_id)
                if last < table.last_id:
                    last = table.last_id
                streams[key] = last
            try:
                got = reader.xread(streams, block=500, count=100) if streams else None
                if not streams:
                    time.sleep(0.2)
            except redis.RedisError:
                time.sleep(0.5)
                continue
            if not got:
                continue
            codes = []
            for key, entries in got:
                if entries:
                    seen[key] = entries[-1][0]
                    codes.append(key[len(self.log_key("")) :])
            loop = self.loop
            if loop is not None and codes:
                try:
                    loop.call_soon_threadsafe(self.heard, codes)
                except RuntimeError:  # the loop closed (the process is stopping)
                    break
        reader.close()

    def heard(self, codes: list[str]) -> None:
        if not self.reachable:
            return  # the heartbeat finds out when Redis is back
        for code in codes:
            table = self.tables.get(code)
            if table is None:
                continue
            try:
                table.catch_up()
            except redis.RedisError:
                self.lost()

    def rewrite(self, table: SharedTable, record: dict[str, Any] | None) -> None:
        """Write `table` into Redis again from its replica: the record (a new epoch) and
        every entry applied (`record` given: Redis lost the table), or find the
        replica's place in a log another process wrote again (`record` None), adding
        the entries it lacks."""
        known = len(table.texts)
        keys = [self.record_key(table.code), self.log_key(table.code), self.codes_key]
        for _try in range(5):
            length = self.client.xlen(self.log_key(table.code))
            args: list[Any]
            if record is not None and length == 0:
                new = {**record, "epoch": uuid.uuid4().hex}
                args = [json.dumps(new), 0, table.code, KEEP_S, *table.texts]
            else:
                args = ["", length, table.code, KEEP_S, *table.texts[length:]]
            if self.restore_script(keys=keys, args=args) == -1:
                if args[0]:
                    log.warning("table %s written again into Redis (%d entries)", table.code, known)
                break
        last = self.client.xrange(self.log_key(table.code), "-", "+", count=known) if known else []
        table.last_id = last[-1][0] if last else "0-0"
        text = self.client.get(self.record_key(table.code))
        if text is not None:
            table.epoch = str(json.loads(text).get("epoch", ""))

    def later(self, table: SharedTable, event: dict[str, Any]) -> None:
        self.outbox.append((table, event))

    # -- owning a table ---------------------------------------------------------------------

    def own(self, table: SharedTable) -> None:
        key = self.owner_key(table.code)
        if table.owned:
            if not self.may_own(table):  # a process with a session there takes it on
                self.release(keys=[key], args=[self.proc])
                table.owned = False
                log.info("table %s: this process hands it over", table.code)
            elif not self.renew(keys=[key], args=[self.proc, LEASE_MS]):
                table.owned = False
                log.info("table %s: this process no longer runs it", table.code)
            return
        if not self.may_own(table):
            return
        if self.client.set(key, self.proc, nx=True, px=LEASE_MS):
            table.owned = True
            log.info("table %s: this process runs it (AI seats, timers)", table.code)
            table.drive_ai()

    def may_own(self, table: SharedTable) -> bool:
        """Whether this process may take a table's lease: it has a session there, or no
        process with a player there is alive (the AI finishes for players away)."""
        if table.spectators or any(c.presence is not None for c in table.chairs):
            return True
        others = {p for p in table.here if p is not None and p != self.proc}
        return not any(self.client.exists(self.proc_key(p)) for p in others)

    def owner_tick(self, table: SharedTable) -> None:
        """The owner's timers: seats of processes that died are marked away; a seat away
        for `takeover_wait` seconds is played by an AI."""
        now = time.time()
        dead: dict[str, bool] = {}
        for seat, proc in enumerate(table.here):
            if proc is None or proc == self.proc or time.monotonic() < self.grace_until:
                continue
            if proc not in dead:
                dead[proc] = not self.client.exists(self.proc_key(proc))
            if dead[proc]:
                log.info("table %s: the process of P%d is gone", table.code, seat + 1)
                table.submit({"k": "leave", "seat": seat, "dead": proc})
        for proc in list(table.watchers):
            if proc == self.proc or time.monotonic() < self.grace_until:
                continue
            if proc not in dead:
                dead[proc] = not self.client.exists(self.proc_key(proc))
            if dead[proc]:
                table.submit({"k": "unwatch", "dead": proc})
        match = table.match
        if match is None or match.is_over:
            return
        for seat, chair in enumerate(table.chairs):
            since = chair.away_at
            if chair.user is None or table.here[seat] is not None or chair.taken_over:
                continue
            if since is not None and now - since >= self.takeover_wait:
                table.submit({"k": "takeover", "seat": seat, "games": table.games})
        table.drive_ai()

    # -- the hub's interface ---------------------------------------------------------------

    def new_code(self) -> str:
        return "".join(self.rng.choice(CODE_ALPHABET) for _i in range(CODE_LENGTH))

    def open_table(
        self,
        host: str,
        game_id: str,
        plan: list[str | None],
        options: dict[str, Any] | None = None,
    ) -> Table:
        options = check_table(game_id, plan, options)
        record = {
            "game": game_id,
            "host": display_name(host),
            "plan": list(plan),
            "options": options,
            "epoch": uuid.uuid4().hex,
        }
        text = json.dumps(record)
        try:
            for _try in range(100):
                code = self.new_code()
                if self.client.set(self.record_key(code), text, nx=True, ex=KEEP_S):
                    break
            else:
                raise TableError(_("the shared tables cannot be reached just now: try again soon"))
            self.client.sadd(self.codes_key, code)
        except redis.RedisError:
            self.lost()
            raise unreachable() from None
        table = SharedTable(self, code, record)
        self.tables[code] = table
        log.info("table %s opened by %s: %s", code, table.host, table.spec.name)
        return table

    def load(self, code: str) -> SharedTable | None:
        """The replica of table `code` (read from Redis the first time); None when there
        is no such table, or it is closed. Raises redis.RedisError."""
        table = self.tables.get(code)
        if not self.reachable:
            raise redis.ConnectionError("Redis did not answer lately")
        if table is not None:
            table.used = time.monotonic()
            table.catch_up()
            return None if table.closed else table
        text = self.client.get(self.record_key(code))
        if text is None:
            self.client.srem(self.codes_key, code)
            return None
        try:
            record = json.loads(text)
            if not isinstance(record, dict):
                raise BadData("record: not an object")
            table = SharedTable(self, code, record)
        except (BadData, ValueError) as exc:
            log.error("table %s closed: bad data in Redis: %s", code, exc)
            self.client.srem(self.codes_key, code)
            self.client.expire(self.record_key(code), CLOSED_KEEP_S)
            return None
        self.tables[code] = table
        table.catch_up()
        return None if table.closed else table

    def find(self, code: str) -> Table:
        key = "".join(code.split()).upper()
        if not key or any(c not in CODE_ALPHABET for c in key):
            raise TableError(_("no table with code {code}").format(code=clean_name(key, "?")))
        try:
            table = self.load(key)
        except redis.RedisError:
            self.lost()
            raise unreachable() from None
        if table is None:
            raise TableError(_("no table with code {code}").format(code=clean_name(key, "?")))
        return table

    def all_tables(self) -> list[SharedTable]:
        try:
            codes = sorted(self.client.smembers(self.codes_key))
            found = [self.load(code) for code in codes if isinstance(code, str)]
        except redis.RedisError:
            self.lost()
            return [t for t in self.tables.values() if not t.closed]
        return [t for t in found if t is not None]

    def open_tables(self, user: str | None = None) -> list[Table]:
        return [t for t in self.all_tables() if t.open_to(user)]

    def watchable(self) -> list[Table]:
        return [t for t in self.all_tables() if t.match is not None]

    def restore(self) -> list[Table]:
        """Tables live in Redis: nothing to deal again from files."""
        return []

    def tidy(self, table: Table) -> None:
        """A table nobody is at any more closes, unless a game there waits for its
        players; a replica nobody here uses is dropped."""
        shared = cast(SharedTable, table)
        if shared.closed or shared.any_here() or shared.spectators:
            return
        if shared.status == "playing" and any(c.user for c in shared.chairs):
            return
        try:
            shared.submit({"k": "close"})
        except TableError:
            pass

    def forget(self, table: SharedTable, expire: bool = False) -> None:
        self.tables.pop(table.code, None)
        if table.ai_task is not None:
            table.ai_task.cancel()
        if not expire:
            return
        try:
            pipe = self.client.pipeline(transaction=False)
            pipe.srem(self.codes_key, table.code)
            pipe.expire(self.record_key(table.code), CLOSED_KEEP_S)
            pipe.expire(self.log_key(table.code), CLOSED_KEEP_S)
            pipe.execute()
        except redis.RedisError:
            pass


@dataclass
class SharedLimits:
    """The session cap and the per-address connection rate counted over every process
    that shares one Redis: a count of sessions per process (expiring with the process's
    heartbeat) and per-address counters per minute (expiring)."""

    hub: RedisTableHub
    sessions: int = 0

    def count_key(self) -> str:
        return f"{self.hub.prefix}sessions:{self.hub.proc}"

    def publish(self, sessions: int) -> None:
        self.sessions = sessions
        if not self.hub.reachable:
            return
        try:
            self.hub.client.set(self.count_key(), str(sessions), px=PROC_MS * 2)
        except redis.RedisError:
            self.hub.lost()

    def open_sessions(self) -> int | None:
        """Sessions open in all processes (None: Redis cannot be reached)."""
        if not self.hub.reachable:
            return None
        try:
            keys = list(self.hub.client.scan_iter(match=f"{self.hub.prefix}sessions:*", count=500))
            values = self.hub.client.mget(keys) if keys else []
        except redis.RedisError:
            self.hub.lost()
            return None
        return sum(int(v) for v in values if v is not None and str(v).isdigit())

    def connections(self, address: str) -> int | None:
        """Connections from `address` counted in this minute and the last (weighted by
        what is left of the last one); None when Redis cannot be reached."""
        now = time.time()
        minute = int(now // 60)
        key = f"{self.hub.prefix}rate:{address}:"
        if not self.hub.reachable:
            return None
        try:
            pipe = self.hub.client.pipeline(transaction=False)
            pipe.incr(key + str(minute))
            pipe.expire(key + str(minute), 150)
            pipe.get(key + str(minute - 1))
            now_count, _ok, before = pipe.execute()
        except redis.RedisError:
            self.hub.lost()
            return None
        share = 1 - (now % 60) / 60
        return int(now_count) + int(int(before or 0) * share)
