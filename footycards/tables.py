"""Provides the shared tables of one server process: `TableHub` (one per process) and
`LocalTable` (a `Table`, table.py, whose every change its sessions make at once).

A host opens a table for a game, its options and, per seat, "open to people" or an AI
level; the table gets a short code (`K7QX`) that others use to join, and it is listed
while seats are free. It starts when every seat is taken. The table lets its AI seats
move (table.py). A player whose session drops keeps the seat; the same user name and the
table code put them back. After `takeover_wait` seconds away an AI (normal) plays the
seat so the others can finish; the player takes it back by returning. Tables are saved
after every move when the hub has a store, and dealt again after a restart.

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
from dataclasses import dataclass, field
from typing import Any

from .core import IllegalAction
from .i18n import _
from .match import Match
from .plaintext import clean_name, display_name
from .record import GameRecord
from .registry import get_spec
from .saves import Autosaver, SaveStore
from .stats import Stats
from .table import (
    CHAT_KEEP,
    CODE_ALPHABET,
    CODE_LENGTH,
    TAKEOVER_LEVEL,
    TAKEOVER_WAIT,
    Chair,
    Change,
    ChatLine,
    Hub,
    Listener,
    Presence,
    Table,
    TableError,
    check_table,
)

__all__ = [
    "CHAT_KEEP",
    "CODE_ALPHABET",
    "CODE_LENGTH",
    "TAKEOVER_LEVEL",
    "TAKEOVER_WAIT",
    "Chair",
    "Change",
    "ChatLine",
    "Hub",
    "Listener",
    "LocalTable",
    "Presence",
    "Table",
    "TableError",
    "TableHub",
    "check_table",
]

log = logging.getLogger("footycards.tables")

TABLE_SAVE = re.compile(r"table-([A-Z0-9]+)-(\d+)")  # a table's save: table-CODE-N


class LocalTable(Table):
    """A table of this process: what a session does changes it at once. Made by
    `TableHub.open_table` (and `TableHub.restore`)."""

    hub: TableHub
    autosaver: Autosaver | None = None  # the match saved after every move
    restored: bool = False  # dealt again after a server restart: nobody back yet

    # -- joining and leaving ------------------------------------------------------

    def sit(
        self, user: str, listener: Listener, seat: int | None = None, owner: str = ""
    ) -> Presence:
        user = display_name(user)
        if self.closed:
            raise self.closed_error()
        mine = self.seat_of(user)
        if mine is not None:
            old = self.chairs[mine].presence
            if old is not None and old.live:
                if not owner or old.owner != owner:
                    raise self.in_use_error(user)
                self.replace_session(mine, user)
            return self.come_back(mine, listener, owner)
        seat = self.free_seat(seat)
        presence = Presence(self, user, seat, listener, owner=owner)
        self.seated(seat, user, presence, self.next_seed())
        return presence

    def come_back(self, seat: int, listener: Listener, owner: str = "") -> Presence:
        chair = self.chairs[seat]
        assert chair.user is not None
        if chair.timer is not None:
            chair.timer.cancel()
            chair.timer = None
        presence = Presence(self, chair.user, seat, listener, owner=owner)
        self.returned(seat, presence)
        if self.restored:  # the first one back after a restart: the others' wait begins
            self.restored = False
            for i, other in enumerate(self.chairs):
                if i != seat and other.user is not None and other.presence is None:
                    self.start_timer(i)
        return presence

    def spectator_left(self, presence: Presence) -> None:
        self.hub.tidy(self)

    def player_left(self, presence: Presence) -> None:
        assert presence.seat is not None
        if self.vacate(presence.seat, presence.user):
            self.start_timer(presence.seat)
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

    def take_over(self, seat: int) -> None:
        """An AI plays the seat of a player who has been away too long."""
        chair = self.chairs[seat]
        chair.timer = None
        match = self.match
        if match is None or match.is_over or chair.presence is not None or chair.taken_over:
            return
        self.hand_to_ai(seat)

    # -- playing ------------------------------------------------------------------------

    def start(self) -> None:
        """Deal a match for the seated people and AI seats and let the AI seats move."""
        self.deal(self.next_seed())

    def runs_table(self) -> bool:
        return True

    def prepare(self, match: Match, started: str | None) -> None:
        """Timers for players away at the start of a rematch (the usual wait; none after a
        restart until the first one is back), and the match saved after every move."""
        for i, chair in enumerate(self.chairs):
            if chair.timer is not None:
                chair.timer.cancel()
                chair.timer = None
            if chair.user is not None and chair.presence is None and not self.restored:
                self.start_timer(i)
        self.save(match, started)

    async def play_ai(self, match: Match, number: int, seat: int, action: Any) -> bool:
        try:
            match.apply(action)
        except IllegalAction:
            log.exception("table %s: the AI chose an illegal action", self.code)
            return False
        return True

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

    # -- chat, rematch, closing ---------------------------------------------------------

    def post_chat(self, who: str, text: str) -> ChatLine | None:
        return self.add_chat(who, text)

    def ask_rematch(self, seat: int, user: str, seed: int) -> bool:
        return self.vote_rematch(seat, user, seed)

    def close(self) -> None:
        if self.closed:
            return
        super().close()
        if self.autosaver is not None:
            self.autosaver.stop()  # the file stays as last saved: a restart offers it again
            self.autosaver = None


@dataclass
class TableHub:
    """Every shared table of one server process, by code."""

    takeover_wait: float = TAKEOVER_WAIT
    ai_delay: float = 0.7  # the least time an AI move takes, so people can follow it
    store: SaveStore | None = None  # where tables' matches are saved (None: not saved)
    stats: Stats | None = None  # where finished games are recorded (None: the user's own)
    recording: set[asyncio.Task[None]] = field(default_factory=set)  # statistics being written
    rng: random.Random = field(default_factory=random.SystemRandom)
    tables: dict[str, LocalTable] = field(default_factory=dict)

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
        table = LocalTable(self, self.new_code(), display_name(host), game_id, list(plan), options)
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
        return [t for t in self.tables.values() if t.open_to(user)]

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
            table = LocalTable(self, code, people[0], record.game, plan, record.options)
            for chair, seat in zip(table.chairs, record.seats, strict=True):
                if seat.ai is None:
                    chair.user = seat.name
                    chair.away_since = time.monotonic()
            table.games = int(found.group(2)) - 1
            table.restored = True
            self.tables[code] = table
            if entry.id != f"table-{code}-{table.games + 1}":
                self.store.delete(entry.id)  # saved again under its new code
            table.begin(match, record.started)
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
