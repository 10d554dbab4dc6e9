"""Provides shared tables: `TableHub` (one per server process) and `Table` (one `Match`
played by people in several sessions, each in their own seat, with spectators and chat).

A host opens a table for a game, its options and, per seat, "open to people" or an AI
level; the table gets a short code (`K7QX`) that others use to join, and it is listed
while seats are free. It starts when every seat is taken. Every change (someone sat
down or left, a chat line, an action applied, the game over, an AI taking a seat or
giving it back, a rematch) is pushed to every session at the table through its listener;
a listener runs on the event loop that changed the table and must only schedule its own
work (a Textual app posts it to its own message queue).

The table lets its AI seats move: each decision runs in a worker thread
(`asyncio.to_thread(match.decide)`) so a slow decision never holds up the event loop,
and is applied on the loop afterwards. A player whose session drops keeps the seat;
the same user name and the table code put them back. After `takeover_wait` seconds away
an AI (normal) plays the seat so the others can finish; the player takes it back by
returning.

Nothing here imports a UI library: sessions (the TUI, over SSH or in tests) render
`Table.view(presence)` and send actions to `Table.match`.
"""

from __future__ import annotations

import asyncio
import contextvars
import logging
import random
import re
import time
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, Protocol

from .core import IllegalAction
from .i18n import _
from .match import Applied, Match, make_agent
from .plaintext import clean_line, clean_name, display_name
from .record import GameRecord
from .registry import REGISTRY, GameSpec, get_spec
from .saves import Autosaver, SaveStore
from .seats import SeatSpec, ai_label, players_range_text
from .stats import Stats, record_finished

log = logging.getLogger("footycards.tables")

# No 0/O, 1/I/L, 2/Z, 5/S, 8/B, 6/G, U/V: a code read aloud or from a screen is not mistaken.
CODE_ALPHABET = "ACDEFHJKMNPQRTWXY34679"
CODE_LENGTH = 4
TAKEOVER_WAIT = 180.0  # seconds a dropped player's seat waits before an AI plays it
TAKEOVER_LEVEL = "normal"
CHAT_KEEP = 50  # chat lines a table remembers


TABLE_SAVE = re.compile(r"table-([A-Z0-9]+)-(\d+)")  # a table's save: table-CODE-N


class TableError(ValueError):
    """A table request that cannot be met (unknown code, seat taken, name in use)."""


@dataclass(frozen=True)
class ChatLine:
    """One line of table chat; both parts are cleaned display text."""

    who: str
    text: str


@dataclass(frozen=True)
class Change:
    """What changed at a table, pushed to every session there.

    kind: "seats" (someone sat down, left, went away or came back), "replaced" (the
    player in `seat` sat down again from another session of their own: the old one is
    no longer at the table), "chat", "start" (a
    match began: the first or a rematch), "applied" (an action; `applied` says which),
    "over" (the match ended; seats of players away are open again), "reopen" (back to
    waiting for players: a rematch with a seat open), "takeover" / "takeback" (an AI
    took `seat` / its player took it back), "rematch" (someone asked for a rematch),
    "closed" (the table is gone).
    """

    kind: str
    applied: Applied | None = None
    seat: int | None = None
    who: str = ""
    text: str = ""


Listener = Callable[[Change], None]


@dataclass(eq=False)
class Presence:
    """One session at a table: a player in `seat`, or a spectator (seat None)."""

    table: Table
    user: str
    seat: int | None
    listener: Listener
    live: bool = True
    owner: str = ""  # who the session is (an SSH key's fingerprint); "" when unknown

    @property
    def is_player(self) -> bool:
        return self.seat is not None

    def leave(self) -> None:
        self.table.leave(self)


@dataclass(eq=False)
class Chair:
    """One seat of a table: the host's choice (people or an AI level) and who sits there."""

    ai: str | None  # None: open to people; else the AI level that plays it
    user: str | None = None  # the person seated (people seats)
    presence: Presence | None = None  # their live session; None while they are away
    away_since: float | None = None
    taken_over: bool = False  # an AI plays it while its player is away
    timer: asyncio.TimerHandle | None = None

    @property
    def is_open(self) -> bool:
        return self.ai is None and self.user is None


class Table:
    """One shared table: a game, its seats, the people there, chat, and (once started) a
    Match. Made by `TableHub.open_table`."""

    def __init__(
        self,
        hub: TableHub,
        code: str,
        host: str,
        game_id: str,
        plan: list[str | None],
        options: dict[str, Any],
    ) -> None:
        self.hub = hub
        self.code = code
        self.host = host
        self.game_id = game_id
        self.options = dict(options)
        self.chairs = [Chair(level) for level in plan]
        self.spectators: list[Presence] = []
        self.chat: deque[ChatLine] = deque(maxlen=CHAT_KEEP)
        self.match: Match | None = None
        self.games = 0  # matches started at this table
        self.rematch_votes: set[int] = set()
        self.closed = False
        self.unsubscribe: Callable[[], None] | None = None
        self.ai_task: asyncio.Task[None] | None = None
        self.autosaver: Autosaver | None = None  # the match saved after every move
        self.restored = False  # dealt again after a server restart: nobody back yet

    # -- what sessions read -------------------------------------------------------

    @property
    def spec(self) -> GameSpec:
        return get_spec(self.game_id)

    @property
    def status(self) -> str:
        """ "waiting" (seats to fill), "playing" or "over"."""
        if self.match is None:
            return "waiting"
        return "over" if self.match.is_over else "playing"

    def free_seats(self) -> list[int]:
        return [i for i, c in enumerate(self.chairs) if c.is_open]

    def seat_names(self) -> list[str]:
        """Per seat: the person there, the AI's name, or "" while open."""
        names: list[str] = []
        counts: dict[str, int] = {}
        for chair in self.chairs:
            if chair.ai is not None:
                counts[chair.ai] = counts.get(chair.ai, 0) + 1
                names.append(ai_label(chair.ai, counts[chair.ai]))
            else:
                names.append(chair.user or "")
        return names

    def seat_of(self, user: str) -> int | None:
        key = user.casefold()
        for i, chair in enumerate(self.chairs):
            if chair.user is not None and chair.user.casefold() == key:
                return i
        return None

    def presences(self) -> list[Presence]:
        """Every live session at the table: seated players, then spectators."""
        seated = [c.presence for c in self.chairs if c.presence is not None]
        return seated + list(self.spectators)

    def view(self, presence: Presence) -> dict[str, Any]:
        """What this session may see: its seat's view, or the public view for a spectator."""
        if self.match is None:
            return {}
        if presence.seat is None:
            return self.match.public_view()
        return self.match.view(presence.seat)

    def is_away(self, seat: int) -> bool:
        chair = self.chairs[seat]
        return chair.user is not None and chair.presence is None

    # -- joining and leaving ------------------------------------------------------

    def sit(
        self, user: str, listener: Listener, seat: int | None = None, owner: str = ""
    ) -> Presence:
        """Seat `user` (a free seat, or `seat`); a user already seated here gets their own
        seat back (reconnect), taking it back from the AI that played it meanwhile. The
        same `owner` (not "") seated here with a live session is replaced: that session
        may be frozen or cut off without a word (a stopped client, a dead link) and would
        hold the seat until keepalives give up.

        TableError when the table is full, the seat is not free, or the name is seated
        here with a live session of someone else.
        """
        user = display_name(user)
        if self.closed:
            raise TableError(_("table {code} is closed").format(code=self.code))
        mine = self.seat_of(user)
        if mine is not None:
            chair = self.chairs[mine]
            old = chair.presence
            if old is not None and old.live:
                if not owner or old.owner != owner:
                    raise TableError(
                        _("{name} is already playing at table {code}").format(
                            name=user, code=self.code
                        )
                    )
                log.info("table %s: %s sits at P%d from another session", self.code, user, mine + 1)
                try:
                    old.listener(Change("replaced", seat=mine, who=user))
                except Exception:
                    log.exception("table %s: a session's listener failed", self.code)
                old.live = False
                chair.presence = None
            return self.come_back(mine, listener, owner)
        if self.status == "playing":
            raise TableError(_("table {code} has started; you can watch it").format(code=self.code))
        free = self.free_seats()
        if seat is None:
            if not free:
                raise TableError(_("table {code} is full").format(code=self.code))
            seat = free[0]
        elif seat not in free:
            raise TableError(_("seat P{n} is not free").format(n=seat + 1))
        chair = self.chairs[seat]
        chair.user = user
        chair.presence = Presence(self, user, seat, listener, owner=owner)
        log.info("table %s: %s sits at P%d", self.code, user, seat + 1)
        self.push(Change("seats", seat=seat, who=user))
        if not self.free_seats() and self.match is None:
            self.start()  # after a game the full table waits for the rematch instead
        return chair.presence

    def come_back(self, seat: int, listener: Listener, owner: str = "") -> Presence:
        chair = self.chairs[seat]
        assert chair.user is not None
        if chair.timer is not None:
            chair.timer.cancel()
            chair.timer = None
        chair.away_since = None
        chair.presence = Presence(self, chair.user, seat, listener, owner=owner)
        log.info("table %s: %s is back at P%d", self.code, chair.user, seat + 1)
        self.push(Change("seats", seat=seat, who=chair.user))
        if chair.taken_over:
            self.take_back(seat)
        if self.restored:  # the first one back after a restart: the others' wait begins
            self.restored = False
            for i, other in enumerate(self.chairs):
                if i != seat and other.user is not None and other.presence is None:
                    self.start_timer(i)
        return chair.presence

    def watch(self, user: str, listener: Listener) -> Presence:
        """A spectator: sees the public view only."""
        if self.closed:
            raise TableError(_("table {code} is closed").format(code=self.code))
        presence = Presence(self, display_name(user), None, listener)
        self.spectators.append(presence)
        return presence

    def leave(self, presence: Presence) -> None:
        """A session leaves (or drops). A player in a game in progress keeps the seat for
        reconnecting; before the start the seat is free again."""
        if not presence.live:
            return
        presence.live = False
        if presence.seat is None:
            if presence in self.spectators:
                self.spectators.remove(presence)
            self.hub.tidy(self)
            return
        chair = self.chairs[presence.seat]
        if chair.presence is not presence:
            return
        chair.presence = None
        if self.match is None or self.match.is_over:
            chair.user = None  # not started, or over: the seat is open again
            self.rematch_votes.discard(presence.seat)
            log.info("table %s: %s left", self.code, presence.user)
        else:
            chair.away_since = time.monotonic()
            log.info("table %s: %s is away from P%d", self.code, presence.user, presence.seat + 1)
            self.rematch_votes.discard(presence.seat)
            if not self.match.is_over:
                self.start_timer(presence.seat)
        self.push(Change("seats", seat=presence.seat, who=presence.user))
        self.hub.tidy(self)

    def start_timer(self, seat: int) -> None:
        chair = self.chairs[seat]
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:
            return  # no event loop (a plain script): nobody takes over
        # A fresh context: the timer belongs to the table, not to the session that left.
        chair.timer = loop.call_later(
            self.hub.takeover_wait, self.take_over, seat, context=contextvars.Context()
        )

    # -- AI taking a seat and giving it back -----------------------------------------

    def take_over(self, seat: int) -> None:
        """An AI plays the seat of a player who has been away too long."""
        chair = self.chairs[seat]
        chair.timer = None
        match = self.match
        if match is None or match.is_over or chair.presence is not None or chair.taken_over:
            return
        match.agents[seat] = make_agent(self.game_id, TAKEOVER_LEVEL)
        chair.taken_over = True
        log.info("table %s: an AI plays P%d for %s", self.code, seat + 1, chair.user)
        self.push(Change("takeover", seat=seat, who=chair.user or ""))
        self.drive_ai()

    def take_back(self, seat: int) -> None:
        """The player is back: the AI leaves their seat (a decision on its way is dropped)."""
        chair = self.chairs[seat]
        chair.taken_over = False
        if self.match is not None:
            self.match.agents.pop(seat, None)
        self.push(Change("takeback", seat=seat, who=chair.user or ""))

    # -- playing ------------------------------------------------------------------------

    def start(self) -> None:
        """Deal a match for the seated people and AI seats and let the AI seats move."""
        names = self.seat_names()
        seats = [
            SeatSpec(names[i], chair.ai) if chair.ai else SeatSpec(names[i])
            for i, chair in enumerate(self.chairs)
        ]
        seed = random.SystemRandom().getrandbits(31)
        self.attach(Match.start(self.game_id, seats, seed, self.options))

    def attach(self, match: Match, started: str | None = None) -> None:
        """Play `match` at this table (saved after every move when the hub has a store;
        `started` is when a restored match first began)."""
        if self.unsubscribe is not None:
            self.unsubscribe()
        self.match = match
        self.games += 1
        self.rematch_votes.clear()
        for i, chair in enumerate(self.chairs):
            chair.taken_over = False
            if chair.timer is not None:
                chair.timer.cancel()
                chair.timer = None
            if chair.user is not None and chair.presence is None and not self.restored:
                self.start_timer(i)  # away at the start of a rematch: the usual wait
        self.save(match, started)
        self.unsubscribe = match.subscribe(self.on_applied)
        log.info("table %s: %s starts (%s)", self.code, match.spec.name, ", ".join(match.names()))
        self.push(Change("start"))
        self.drive_ai()

    def on_applied(self, applied: Applied) -> None:
        self.push(Change("applied", applied=applied, seat=applied.seat))
        if applied.is_over:
            log.info("table %s: game over", self.code)
            self.record(self.match)
            for chair in self.chairs:
                if chair.timer is not None:
                    chair.timer.cancel()
                    chair.timer = None
            for chair in self.chairs:
                if chair.user is not None and chair.presence is None:
                    chair.user = None  # away at the end: the seat is open for the next game
                chair.taken_over = False
            self.push(Change("over"))
            self.hub.tidy(self)
        else:
            self.drive_ai()

    def drive_ai(self) -> None:
        """Start the AI loop when an AI seat is due (once; it runs until a person is due)."""
        match = self.match
        if match is None or match.is_over or not match.is_ai(match.due):
            return
        if self.ai_task is not None and not self.ai_task.done():
            return
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:
            return  # no event loop: `await table.ai_turns()` plays them
        # A fresh context: the task must not run as part of the session that started it.
        self.ai_task = loop.create_task(self.ai_turns(), context=contextvars.Context())

    async def ai_turns(self) -> None:
        """Let AI seats decide, each decision in a worker thread, until a person is due."""
        while not self.closed:
            match = self.match
            if match is None or match.is_over or not match.is_ai(match.due):
                return
            seat, number = match.due, len(match.actions)
            action = await match.decide_paced(self.hub.ai_delay)
            if match is not self.match or len(match.actions) != number:
                continue  # a rematch or another move meanwhile: decide again
            if match.due != seat or not match.is_ai(seat):
                continue  # its player took the seat back
            try:
                match.apply(action)
            except IllegalAction:
                log.exception("table %s: the AI chose an illegal action", self.code)
                return

    def record(self, match: Match | None) -> None:
        """Add the finished match to the statistics, every seat under its name (as the
        other front ends do), off the event loop when there is one."""
        if match is None or not match.is_over:
            return
        record_id = f"table-{self.code}-{self.games}"
        stats, code = self.hub.stats, self.code

        def write() -> None:
            problem = record_finished(match, stats, record_id)
            if problem:
                log.warning("table %s: %s", code, problem)

        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:
            write()
            return
        task = loop.create_task(asyncio.to_thread(write), context=contextvars.Context())
        self.hub.recording.add(task)  # held until written
        task.add_done_callback(self.hub.recording.discard)

    # -- saving ---------------------------------------------------------------------------

    def save(self, match: Match, started: str | None = None) -> None:
        """Save the match after every move under `table-CODE-N` (N: the table's Nth game),
        so that a restarted server deals it again for the same players."""
        if self.autosaver is not None:
            self.autosaver.stop()
            self.autosaver = None
        store = self.hub.store
        if store is None:
            return
        record = GameRecord.of(match, f"table-{self.code}-{self.games}", started)

        def failed(exc: OSError) -> None:
            log.warning("table %s: the game could not be saved: %s", self.code, exc)

        self.autosaver = Autosaver(match, store, record, on_error=failed)

    # -- chat, rematch -----------------------------------------------------------------

    def say(self, presence: Presence, text: str) -> ChatLine | None:
        """A chat line from a session at the table (cleaned; empty lines are dropped)."""
        text = clean_line(text)
        if not text or not presence.live:
            return None
        line = ChatLine(presence.user, text)
        self.chat.append(line)
        self.push(Change("chat", who=line.who, text=line.text))
        return line

    def rematch(self, presence: Presence) -> bool:
        """Ask for a rematch once the game is over; it starts when every seated person
        asked, or at once when the host asks. A seat left open since (its player left)
        sends the table back to waiting for someone to take it. Returns whether the
        table moved on (a new match, or waiting)."""
        match = self.match
        if match is None or not match.is_over or presence.seat is None or not presence.live:
            return False
        self.rematch_votes.add(presence.seat)
        people = {i for i, c in enumerate(self.chairs) if c.user is not None}
        if presence.user.casefold() == self.host.casefold() or people <= self.rematch_votes:
            if self.free_seats():
                self.reopen()
            else:
                self.attach(match.restart())
            return True
        self.push(Change("rematch", seat=presence.seat, who=presence.user))
        return False

    def reopen(self) -> None:
        """Back to waiting for players (a rematch with a seat open); starts when full."""
        if self.unsubscribe is not None:
            self.unsubscribe()
            self.unsubscribe = None
        self.match = None
        self.rematch_votes.clear()
        log.info("table %s waits for players again", self.code)
        self.push(Change("reopen"))

    # -- pushing and closing -------------------------------------------------------------

    def push(self, change: Change) -> None:
        """Tell every session at the table; one failing listener does not stop the rest."""
        for presence in self.presences():
            try:
                presence.listener(change)
            except Exception:
                log.exception("table %s: a session's listener failed", self.code)

    def close(self) -> None:
        if self.closed:
            return
        self.push(Change("closed"))
        self.closed = True
        if self.unsubscribe is not None:
            self.unsubscribe()
            self.unsubscribe = None
        if self.ai_task is not None:
            self.ai_task.cancel()
        if self.autosaver is not None:
            self.autosaver.stop()  # the file stays as last saved: a restart offers it again
            self.autosaver = None
        for chair in self.chairs:
            if chair.timer is not None:
                chair.timer.cancel()
                chair.timer = None
        log.info("table %s closed", self.code)


def check_table(
    game_id: str, plan: list[str | None], options: dict[str, Any] | None
) -> dict[str, Any]:
    """The options of a table to open, once checked (any hub): a game with a screen, a
    seat count it takes, a seat open to people, options that deal (TableError, or the
    engine's OptionError/DeckError)."""
    if game_id not in REGISTRY or not get_spec(game_id).has_screen:
        raise TableError(_("unknown game '{game}'").format(game=game_id))
    spec = get_spec(game_id)
    if not spec.min_players <= len(plan) <= spec.max_players:
        raise TableError(players_range_text(spec.label, spec.min_players, spec.max_players))
    if all(level is not None for level in plan):
        raise TableError(_("open at least one seat to people"))
    options = dict(options or {})
    # Deal once with stand-in names now, so bad options are refused before anyone waits.
    stand_in = [SeatSpec(f"P{i + 1}", level) for i, level in enumerate(plan)]
    Match.start(game_id, stand_in, 1, options)
    return options


class Hub(Protocol):
    """What sessions use of a table hub: `TableHub` (this process) or `RedisTableHub`
    (tables_redis.py: shared by every process that reaches one Redis)."""

    takeover_wait: float
    ai_delay: float

    def open_table(
        self, host: str, game_id: str, plan: list[str | None], options: dict[str, Any] | None = None
    ) -> Table: ...

    def find(self, code: str) -> Table: ...

    def open_tables(self, user: str | None = None) -> list[Table]: ...

    def watchable(self) -> list[Table]: ...

    def restore(self) -> list[Table]: ...

    def tidy(self, table: Table) -> None: ...


@dataclass
class TableHub:
    """Every shared table of one server process, by code."""

    takeover_wait: float = TAKEOVER_WAIT
    ai_delay: float = 0.7  # the least time an AI move takes, so people can follow it
    store: SaveStore | None = None  # where tables' matches are saved (None: not saved)
    stats: Stats | None = None  # where finished games are recorded (None: the user's own)
    recording: set[asyncio.Task[None]] = field(default_factory=set)  # statistics being written
    rng: random.Random = field(default_factory=random.SystemRandom)
    tables: dict[str, Table] = field(default_factory=dict)

    def new_code(self) -> str:
        while True:
            code = "".join(self.rng.choice(CODE_ALPHABET) for _i in range(CODE_LENGTH))
            if code not in self.tables:
                return code

    def open_table(
        self,
        host: str,
        game_id: str,
        plan: list[str | None],
        options: dict[str, Any] | None = None,
    ) -> Table:
        """A new table: per seat None (open to people) or an AI level; engine options as
        the launcher makes them. The host still has to sit down (`Table.sit`).

        Raises TableError (unknown game, seat count, no seat for people) or the engine's
        OptionError/DeckError for options that cannot start a game.
        """
        options = check_table(game_id, plan, options)
        spec = get_spec(game_id)
        table = Table(self, self.new_code(), display_name(host), game_id, list(plan), options)
        self.tables[table.code] = table
        log.info("table %s opened by %s: %s", table.code, table.host, spec.name)
        return table

    def find(self, code: str) -> Table:
        """The table with this code (any case, spaces ignored); TableError if none."""
        key = "".join(code.split()).upper()
        table = self.tables.get(key)
        if table is None or table.closed:
            raise TableError(_("no table with code {code}").format(code=clean_name(key, "?")))
        return table

    def open_tables(self, user: str | None = None) -> list[Table]:
        """Tables to join from a list: those with a seat free (waiting to start, or for the
        next game), and those where `user` has a seat and is away (a dropped connection,
        a restarted server)."""
        key = display_name(user).casefold() if user else None
        return [
            t
            for t in self.tables.values()
            if (t.status != "playing" and t.free_seats())
            or (
                key is not None
                and any(
                    c.user is not None and c.user.casefold() == key and c.presence is None
                    for c in t.chairs
                )
            )
        ]

    def restore(self) -> list[Table]:
        """Deal again every table game saved before the server stopped, each at its own
        code with its players' seats kept for them (they rejoin by name and code, or from
        the list). A save that no longer loads is left where it is and logged."""
        if self.store is None:
            return []
        restored: list[Table] = []
        for entry in self.store.list():
            found = TABLE_SAVE.fullmatch(entry.id)
            if found is None:
                continue
            if entry.damaged:
                log.warning("table save %s not restored: %s", entry.path, entry.problem)
                continue
            try:
                record, match = self.store.load(entry.id)
            except (OSError, ValueError) as exc:
                log.warning("table save %s not restored: %s", entry.path, exc)
                continue
            code = found.group(1)
            if code in self.tables:
                code = self.new_code()
            people = [s.name for s in record.seats if s.ai is None]
            if not people:
                continue
            plan = [s.ai for s in record.seats]
            table = Table(self, code, people[0], record.game, plan, record.options)
            for chair, seat in zip(table.chairs, record.seats, strict=True):
                if seat.ai is None:
                    chair.user = seat.name
                    chair.away_since = time.monotonic()
            table.games = int(found.group(2)) - 1
            table.restored = True
            self.tables[code] = table
            if entry.id != f"table-{code}-{table.games + 1}":
                self.store.delete(entry.id)  # saved again under its new code
            table.attach(match, record.started)
            log.info("table %s restored: %s (%d moves)", code, table.spec.name, len(match.actions))
            restored.append(table)
        return restored

    def watchable(self) -> list[Table]:
        """Tables with a match to watch."""
        return [t for t in self.tables.values() if t.match is not None]

    def tidy(self, table: Table) -> None:
        """Close a table nobody is at any more, unless a game there waits for its players."""
        if table.presences() or table.closed:
            return
        if table.status == "playing" and any(c.user for c in table.chairs):
            return  # everyone dropped mid-game: they may come back (or the AI finishes)
        table.close()
        self.tables.pop(table.code, None)
