"""Provides `Table`, what the tables of both hubs share: the seats and who sits there,
spectators, chat, rematch votes, the match, its AI seats and the changes pushed to every
session, applied the same way whichever hub made the change.

Two kinds of table build on it: `LocalTable` (tables.py: the tables of one server
process, changed at once by its sessions) and `SharedTable` (tables_redis.py: a replica
of a table whose changes come from a log in Redis, shared by every process). Each says
how a session's request becomes a change (at once, or through the log) and who runs the
table (the process, or the holder of the table's lease); the changes themselves are
made here.

Every change (someone sat down or left, a chat line, an action applied, the game over,
an AI taking a seat or giving it back, a rematch) is pushed to every session at the
table through its listener; a listener runs on the event loop that changed the table
and must only schedule its own work (a Textual app posts it to its own message queue).
AI decisions run in a worker thread (`Match.decide_paced`), so a slow decision never
holds up the event loop. Nothing here imports a UI library.
"""

from __future__ import annotations

import asyncio
import contextvars
import logging
import os
import random
import time
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, ClassVar, Protocol

from .i18n import _
from .match import Applied, Match, make_agent
from .plaintext import clean_line, display_name
from .registry import REGISTRY, GameSpec, get_spec
from .seats import SeatSpec, ai_label, players_range_text
from .stats import Stats, record_finished

log = logging.getLogger("footycards.tables")

# No 0/O, 1/I/L, 2/Z, 5/S, 8/B, 6/G, U/V: a code read aloud or from a screen is not mistaken.
CODE_ALPHABET = "ACDEFHJKMNPQRTWXY34679"
CODE_LENGTH = 4
SEED_ENV = "FOOTYCARDS_TABLE_SEED"  # tests only: fixes the seeds of the tables dealt
TAKEOVER_WAIT = 180.0  # seconds a dropped player's seat waits before an AI plays it
TAKEOVER_LEVEL = "normal"
CHAT_KEEP = 50  # chat lines a table remembers
DEALT_OPTIONS = ("deal", "dice", "keeper", "names")  # a rematch deals these afresh


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

    kind: "seats" (someone sat down, left, went away or came back, or a spectator came
    or went), "replaced" (the player in `seat` sat down again from another session of
    their own: the old one is no longer at the table), "chat", "start" (a match began:
    the first or a rematch), "applied" (an action; `applied` says which), "over" (the
    match ended; seats of players away are open again), "reopen" (back to waiting for
    players: a rematch with a seat open), "takeover" / "takeback" (an AI took `seat` /
    its player took it back), "rematch" (someone asked for a rematch), "closed" (the
    table is gone).
    """

    kind: str
    applied: Applied | None = None
    seat: int | None = None
    who: str = ""
    text: str = ""


Listener = Callable[[Change], None]


def ignore(change: Change) -> None:
    """The listener of a presence that has left: its session's app is not kept."""


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
    presence: Presence | None = None  # their live session here; None while they are away
    away_since: float | None = None  # monotonic clock
    away_at: float | None = None  # wall clock, as the log says (shared tables)
    taken_over: bool = False  # an AI plays it while its player is away
    timer: asyncio.TimerHandle | None = None  # the takeover's, where this process runs it

    @property
    def is_open(self) -> bool:
        return self.ai is None and self.user is None


class Hub(Protocol):
    """What tables and sessions use of a table hub: `TableHub` (tables.py: this process)
    or `RedisTableHub` (tables_redis.py: shared by every process that reaches one Redis)."""

    takeover_wait: float
    ai_delay: float
    stats: Stats | None
    recording: set[asyncio.Task[None]]

    def open_table(
        self, host: str, game_id: str, plan: list[str | None], options: dict[str, Any] | None = None
    ) -> Table: ...

    def find(self, code: str) -> Table: ...

    def open_tables(self, user: str | None = None) -> list[Table]: ...

    def watchable(self) -> list[Table]: ...

    def restore(self) -> list[Table]: ...

    def tidy(self, table: Table) -> None: ...


class Table:
    """One shared table: a game, its seats, the people there, chat, and (once started) a
    Match. What sessions do (`sit`, `watch`, `leave`, `say`, `rematch`) becomes a change
    the way the kind of table says (`LocalTable`, `SharedTable`); the changes are the
    methods below, the same for both."""

    MATCH: ClassVar[type[Match]] = Match  # what a full table deals

    def __init__(
        self,
        hub: Hub,
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
        self.spectators: list[Presence] = []  # this process's
        self.chat: deque[ChatLine] = deque(maxlen=CHAT_KEEP)
        self.match: Match | None = None
        self.games = 0  # matches started at this table
        self.rematch_votes: set[int] = set()
        self.closed = False
        self.unsubscribe: Callable[[], None] | None = None
        self.ai_task: asyncio.Task[None] | None = None

    # -- what sessions read ---------------------------------------------------------

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
        """Every live session here at the table: seated players, then spectators."""
        seated = [c.presence for c in self.chairs if c.presence is not None]
        return seated + list(self.spectators)

    def spectator_count(self) -> int:
        """How many sessions watch the table (every process's, for a shared one)."""
        return len(self.spectators)

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

    def open_to(self, user: str | None) -> bool:
        """Whether a list of tables to join offers this one: a seat is free (waiting to
        start, or for the next game), or `user` has a seat here and is away (a dropped
        connection, a restarted server)."""
        if self.status != "playing" and self.free_seats():
            return True
        key = display_name(user).casefold() if user else None
        return key is not None and any(
            c.user is not None and c.user.casefold() == key and self.is_away(i)
            for i, c in enumerate(self.chairs)
        )

    # -- what sessions do (each kind of table makes its changes its own way) -----------

    def sit(
        self, user: str, listener: Listener, seat: int | None = None, owner: str = ""
    ) -> Presence:
        """Seat `user` (a free seat, or `seat`); a user already seated here gets their own
        seat back (reconnect), taking it back from the AI that played it meanwhile. The
        same `owner` (not "") seated here with a live session is replaced: that session
        may be frozen or cut off without a word (a stopped client, a dead link) and would
        hold the seat until keepalives give up.

        TableError when the table is full, the seat is not free, or the name is seated
        here with a live session of someone else."""
        raise NotImplementedError

    def watch(self, user: str, listener: Listener) -> Presence:
        """A spectator: sees the public view only."""
        if self.closed:
            raise self.closed_error()
        presence = Presence(self, display_name(user), None, listener)
        self.spectators.append(presence)
        self.spectator_came(presence)
        return presence

    def leave(self, presence: Presence) -> None:
        """A session leaves (or drops). A player in a game in progress keeps the seat for
        reconnecting; before the start the seat is free again."""
        if not presence.live:
            return
        presence.live = False
        presence.listener = ignore  # what still holds the presence holds no app
        if presence.seat is None:
            if presence in self.spectators:
                self.spectators.remove(presence)
            self.spectator_left(presence)
        elif self.chairs[presence.seat].presence is presence:
            self.player_left(presence)

    def say(self, presence: Presence, text: str) -> ChatLine | None:
        """A chat line from a session at the table (cleaned; empty lines are dropped)."""
        text = clean_line(text)
        if not text or not presence.live:
            return None
        return self.post_chat(presence.user, text)

    def next_seed(self) -> int:
        """The seed of the table's next match: random, unless the environment variable
        FOOTYCARDS_TABLE_SEED (set by tests that need a particular course of play, in
        the servers they start) fixes it: that number for the first match, one more for
        each match after it."""
        fixed = os.environ.get(SEED_ENV, "").strip()
        if fixed.isdigit():
            return (int(fixed) + self.games) % (1 << 31)
        return random.SystemRandom().getrandbits(31)

    def rematch(self, presence: Presence) -> bool:
        """Ask for a rematch once the game is over; it starts when every seated person
        asked, or at once when the host asks. A seat left open since (its player left)
        sends the table back to waiting for someone to take it. Returns whether the
        table moved on (a new match, or waiting)."""
        match = self.match
        if match is None or not match.is_over or presence.seat is None or not presence.live:
            return False
        return self.ask_rematch(presence.seat, presence.user, self.next_seed())

    # -- how each kind of table makes a session's request a change ----------------------

    def spectator_came(self, presence: Presence) -> None:
        """A spectator sat down to watch (`watch`)."""

    def spectator_left(self, presence: Presence) -> None:
        """A spectator here left (`leave`)."""

    def player_left(self, presence: Presence) -> None:
        """The live session of a seated player left (`leave`)."""
        raise NotImplementedError

    def post_chat(self, who: str, text: str) -> ChatLine | None:
        """A cleaned chat line to add (`say`)."""
        raise NotImplementedError

    def ask_rematch(self, seat: int, user: str, seed: int) -> bool:
        """`user` in `seat` asks for a rematch (`rematch`), dealt with `seed`."""
        raise NotImplementedError

    def runs_table(self) -> bool:
        """Whether this process runs the table: its AI seats, its statistics and closing
        it once the game is over."""
        raise NotImplementedError

    def prepare(self, match: Match, started: str | None) -> None:
        """A match is about to start here (`begin`)."""

    async def play_ai(self, match: Match, number: int, seat: int, action: Any) -> bool:
        """Play the AI's `action`, decided for action `number` of `seat`; whether the AI
        goes on."""
        raise NotImplementedError

    # -- the changes ----------------------------------------------------------------------

    def closed_error(self) -> TableError:
        return TableError(_("table {code} is closed").format(code=self.code))

    def in_use_error(self, user: str) -> TableError:
        return TableError(
            _("{name} is already playing at table {code}").format(name=user, code=self.code)
        )

    def free_seat(self, seat: int | None) -> int:
        """The seat a newcomer gets: `seat` if it is free, else the first free one;
        TableError when the game has started, the table is full or `seat` is taken."""
        if self.status == "playing":
            raise TableError(_("table {code} has started; you can watch it").format(code=self.code))
        free = self.free_seats()
        if seat is None:
            if not free:
                raise TableError(_("table {code} is full").format(code=self.code))
            return free[0]
        if seat not in free:
            raise TableError(_("seat P{n} is not free").format(n=int(seat) + 1))
        return seat

    def seated(self, seat: int, user: str, presence: Presence | None, seed: int) -> None:
        """`user` takes the free `seat` (`presence`: their session, if it is here); a
        table full now deals its first match with `seed` (after a game the full table
        waits for the rematch instead)."""
        chair = self.chairs[seat]
        chair.user = user
        chair.presence = presence
        log.info("table %s: %s sits at P%d", self.code, user, seat + 1)
        self.push(Change("seats", seat=seat, who=user))
        if not self.free_seats() and self.match is None:
            self.deal(seed)

    def replace_session(self, seat: int, user: str) -> None:
        """`user` sits at their own `seat` from another session: the one here (if any) is
        told and is no longer at the table."""
        chair = self.chairs[seat]
        old = chair.presence
        if old is None:
            return
        log.info("table %s: %s sits at P%d from another session", self.code, user, seat + 1)
        try:
            old.listener(Change("replaced", seat=seat, who=user))
        except Exception:
            log.exception("table %s: a session's listener failed", self.code)
        old.live = False
        old.listener = ignore
        chair.presence = None

    def returned(self, seat: int, presence: Presence | None) -> None:
        """The player of `seat` is back (`presence`: their session, if it is here), taking
        the seat back from the AI that played it meanwhile."""
        chair = self.chairs[seat]
        chair.presence = presence
        chair.away_since = chair.away_at = None
        log.info("table %s: %s is back at P%d", self.code, chair.user, seat + 1)
        self.push(Change("seats", seat=seat, who=chair.user or ""))
        if chair.taken_over:
            self.take_back(seat)

    def vacate(self, seat: int, user: str) -> bool:
        """The player of `seat` left: before the start or after the end the seat is open
        again; in a game in progress it waits for them. Returns whether it waits."""
        chair = self.chairs[seat]
        chair.presence = None
        self.rematch_votes.discard(seat)
        waits = self.match is not None and not self.match.is_over
        if waits:
            chair.away_since = time.monotonic()
            log.info("table %s: %s is away from P%d", self.code, user, seat + 1)
        else:
            chair.user = None
            log.info("table %s: %s left", self.code, user)
        self.push(Change("seats", seat=seat, who=user))
        return waits

    def hand_to_ai(self, seat: int) -> None:
        """An AI plays the seat of a player who has been away too long."""
        assert self.match is not None
        chair = self.chairs[seat]
        self.match.agents[seat] = make_agent(self.game_id, TAKEOVER_LEVEL)
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

    def add_chat(self, who: str, text: str) -> ChatLine:
        line = ChatLine(who, text)
        self.chat.append(line)
        self.push(Change("chat", who=line.who, text=line.text))
        return line

    def vote_rematch(self, seat: int, user: str, seed: int) -> bool:
        """`user` in `seat` asks for a rematch of the finished match (see `rematch`)."""
        match = self.match
        assert match is not None
        self.rematch_votes.add(seat)
        people = {i for i, c in enumerate(self.chairs) if c.user is not None}
        if user.casefold() == self.host.casefold() or people <= self.rematch_votes:
            if self.free_seats():
                self.reopen()
            else:
                options = {k: v for k, v in match.options.items() if k not in DEALT_OPTIONS}
                self.begin(self.MATCH.start(self.game_id, match.seats, seed, options))
            return True
        self.push(Change("rematch", seat=seat, who=user))
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

    # -- playing ----------------------------------------------------------------------------

    def deal(self, seed: int) -> None:
        """Deal a match for the seated people and AI seats and let the AI seats move."""
        names = self.seat_names()
        seats = [
            SeatSpec(names[i], chair.ai) if chair.ai else SeatSpec(names[i])
            for i, chair in enumerate(self.chairs)
        ]
        self.begin(self.MATCH.start(self.game_id, seats, seed, self.options))

    def begin(self, match: Match, started: str | None = None) -> None:
        """Play `match` at this table (`started`: when a restored match first began)."""
        if self.unsubscribe is not None:
            self.unsubscribe()
        self.match = match
        self.games += 1
        self.rematch_votes.clear()
        for chair in self.chairs:
            chair.taken_over = False
        self.prepare(match, started)
        self.unsubscribe = match.subscribe(self.on_applied)
        log.info("table %s: %s starts (%s)", self.code, match.spec.name, ", ".join(match.names()))
        self.push(Change("start"))
        self.drive_ai()

    def on_applied(self, applied: Applied) -> None:
        self.push(Change("applied", applied=applied, seat=applied.seat))
        if not applied.is_over:
            self.drive_ai()
            return
        log.info("table %s: game over", self.code)
        runs = self.runs_table()
        if runs:
            self.record(self.match)  # once, by the process that runs the table
        self.cancel_timers()
        for i, chair in enumerate(self.chairs):
            if chair.user is not None and self.is_away(i):
                chair.user = None  # away at the end: the seat is open for the next game
                chair.away_at = None
            chair.taken_over = False
        self.push(Change("over"))
        if runs:
            self.hub.tidy(self)  # nobody left for a rematch: the table closes

    def drive_ai(self) -> None:
        """Start the AI loop when an AI seat is due and this process runs the table (once;
        it runs until a person is due)."""
        match = self.match
        if match is None or match.is_over or not match.is_ai(match.due) or not self.runs_table():
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
        while not self.closed and self.runs_table():
            match = self.match
            seat = None if match is None else match.due
            if match is None or seat is None or not match.is_ai(seat):
                return
            number = len(match.actions)
            action = await match.decide_paced(self.hub.ai_delay)
            if match is not self.match or len(match.actions) != number:
                continue  # a rematch or another move meanwhile: decide again
            if match.due != seat or not match.is_ai(seat) or not self.runs_table():
                continue  # its player took the seat back, or the table is run elsewhere
            if not await self.play_ai(match, number + 1, seat, action):
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

    # -- pushing and closing ------------------------------------------------------------

    def push(self, change: Change) -> None:
        """Tell every session at the table; one failing listener does not stop the rest."""
        for presence in self.presences():
            try:
                presence.listener(change)
            except Exception:
                log.exception("table %s: a session's listener failed", self.code)

    def cancel_timers(self) -> None:
        for chair in self.chairs:
            if chair.timer is not None:
                chair.timer.cancel()
                chair.timer = None

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
        self.cancel_timers()
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
