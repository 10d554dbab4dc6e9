"""Provides the statistics of finished games: who played what, won, drew or lost, and how.

One SQLite database in the user data directory (`stats.sqlite3`, WAL mode, a schema
version table) holds one row per finished game and one per seat. Each game is written in
one transaction; several processes (two SSH sessions, two terminals) may record at the
same moment: a busy database is waited for and the write retried, so nothing is lost. A
file that is not a readable database is set aside (renamed `….damaged-<time>`), a fresh
one is started, and `Stats.notice` says so once.

The outcome of a seat comes from the engine's `result()` alone (the registry contract):
one winner wins and the others lose; several winners share the result, a draw for them
(all seats winning is a draw for everybody), and the others lose — except in a team
game (the registry's `team_play`, World Wave), where several winners who are not every
seat are the winning team: a win for each of them. AI seats are players
too, under a stable English name ("AI hard", "AI hard 2") shown translated.

A practice game (a move taken back after something hidden was seen, `Match.practice`)
counts as played, won, drawn or lost, but never in a streak, the form or a best score.
A game in which someone asked for a hint (`h`, `Match.hinted`) is marked (games.hinted):
its letter in a player's form is small (w, d, l; `form_text`), and under each table
`hinted_text` says what the small letters mean and who played how many such games.

A game with modes (Bundesliga Quartett: Fußball, Abwehr-Angriff, Quartett) keeps its
figures per mode: a best score of cards and one of quartets are not one column.
"""

from __future__ import annotations

import datetime as dt
import sqlite3
import time
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any, TypeVar

from .i18n import _, ngettext
from .paths import data_dir
from .seats import SeatSpec, ai_label

if TYPE_CHECKING:
    from .match import Match

FILE_NAME = "stats.sqlite3"
SCHEMA_VERSION = 4  # 2: games.practice; 3: games.mode; 4: games.hinted
WON, DRAWN, LOST = "won", "drawn", "lost"
POINTS = {WON: 3, DRAWN: 1, LOST: 0}  # form in league points: a sparkline per player
FORM_GAMES = 20
BUSY_TIMEOUT = 10.0  # seconds SQLite waits for another writer before it gives up
RETRIES = 8  # …and how often we try again after that

SCHEMA = """
CREATE TABLE IF NOT EXISTS schema_version (version INTEGER NOT NULL);
CREATE TABLE IF NOT EXISTS games (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    game TEXT NOT NULL,
    played_at TEXT NOT NULL,
    record_id TEXT,
    seats INTEGER NOT NULL,
    practice INTEGER NOT NULL DEFAULT 0,
    mode TEXT,
    hinted INTEGER NOT NULL DEFAULT 0
);
CREATE TABLE IF NOT EXISTS seats (
    game_row INTEGER NOT NULL REFERENCES games(id) ON DELETE CASCADE,
    seat INTEGER NOT NULL,
    player TEXT NOT NULL COLLATE NOCASE,
    ai TEXT,
    outcome TEXT NOT NULL CHECK (outcome IN ('won', 'drawn', 'lost')),
    score NUMERIC,
    PRIMARY KEY (game_row, seat)
);
CREATE INDEX IF NOT EXISTS seats_by_player ON seats (player, game_row);
CREATE INDEX IF NOT EXISTS games_by_game ON games (game);
"""

T = TypeVar("T")


class StatsError(Exception):
    """The statistics cannot be read or written; the message says why, in words."""


class Damaged(sqlite3.DatabaseError):
    """SQLite's integrity check found the database damaged."""


def is_damaged(exc: sqlite3.Error) -> bool:
    """Whether the file itself is damaged (not a database, corrupt), rather than out of
    reach (locked, read-only, a folder in its place), which setting it aside cannot cure."""
    code = getattr(exc, "sqlite_errorname", "")
    return isinstance(exc, Damaged) or code in ("SQLITE_NOTADB", "SQLITE_CORRUPT")


@dataclass(frozen=True)
class SeatResult:
    """How one seat ended a game."""

    player: str  # the person's name, or the AI's stable name ("AI hard")
    ai: str | None  # the AI level, None for a person
    outcome: str  # won, drawn or lost
    score: float | None  # the seat's score as the game counts it, if it has one


@dataclass(frozen=True)
class PlayerStats:
    """One player's figures in one game."""

    game: str
    player: str
    ai: str | None
    played: int
    won: int
    drawn: int
    lost: int
    best: float | None  # the best score of a game (None: the game has no score)
    streak: str  # "W3": won the last three; "" before the first game
    form: list[int]  # league points (3/1/0) of the last FORM_GAMES games, oldest first
    practice: int = 0  # how many of the games played were practice (in no streak or best)
    mode: str | None = None  # the game's mode ("quartett"); None: no modes, or not known
    hinted: int = 0  # how many of the games played had hints (`h`)
    form_hinted: list[bool] = field(default_factory=list)  # per form game: hints used

    @property
    def name(self) -> str:
        """The player's name as shown: an AI's name in the session's language."""
        return display_name(self.player, self.ai)


# ---------------------------------------------------------------------------
# outcomes from a result (generic: every registered game returns "winners")
# ---------------------------------------------------------------------------


def outcomes(result: dict[str, Any], seats: int, team_play: bool = False) -> list[str]:
    """won/drawn/lost per seat from an engine's `result()`; ValueError when not over.
    With `team_play`, several winners short of every seat are a team's shared win."""
    winners = sorted(set(result.get("winners") or []))
    if not winners or result.get("over") is False:
        raise ValueError("the game is not over")
    if any(not 0 <= w < seats for w in winners):
        raise ValueError(f"winners {winners} do not fit {seats} seats")
    if len(winners) == 1 or (team_play and len(winners) < seats):
        return [WON if s in winners else LOST for s in range(seats)]
    return [DRAWN if s in winners else LOST for s in range(seats)]


def player_key(seats: Sequence[SeatSpec], seat: int) -> str:
    """The name a seat's figures are kept under: a person's name, or for an AI seat its
    level and number among the seats of that level, in English ("AI hard 2")."""
    spec = seats[seat]
    if spec.ai is None:
        return spec.name.strip()
    n = sum(1 for s in seats[: seat + 1] if s.ai == spec.ai)
    return f"AI {spec.ai}" if n == 1 else f"AI {spec.ai} {n}"


def display_name(player: str, ai: str | None) -> str:
    """A stored player as people read it: an AI's name translated, a person's as typed."""
    if ai is None:
        return player
    tail = player.rsplit(" ", 1)[-1]
    n = int(tail) if tail.isdecimal() and player.count(" ") >= 2 else 1
    return ai_label(ai, n)


def seat_results(
    seats: Sequence[SeatSpec], result: dict[str, Any], team_play: bool = False
) -> list[SeatResult]:
    """The outcome and score of every seat of a finished game (`team_play`: see
    `outcomes`)."""
    marks = outcomes(result, len(seats), team_play)
    scores = result.get("scores") or []
    out = []
    for s, mark in enumerate(marks):
        score = scores[s] if s < len(scores) else None
        if isinstance(score, bool) or not isinstance(score, int | float):
            score = None
        out.append(SeatResult(player_key(seats, s), seats[s].ai, mark, score))
    return out


def streak_text(recent: Sequence[str]) -> str:
    """The current run, newest first given: ("won", "won", "lost") -> "W2"."""
    if not recent:
        return ""
    first = recent[0]
    n = 0
    for o in recent:
        if o != first:
            break
        n += 1
    letter = {WON: "W", DRAWN: "D", LOST: "L"}[first]
    return f"{letter}{n}"


def streak_label(streak: str) -> str:
    """A streak in words of the session's language ("W3" -> "3 won")."""
    if not streak:
        return ""
    n = int(streak[1:])
    if streak[0] == "W":
        return ngettext("{n} won", "{n} won", n).format(n=n)
    if streak[0] == "D":
        return ngettext("{n} drawn", "{n} drawn", n).format(n=n)
    return ngettext("{n} lost", "{n} lost", n).format(n=n)


# ---------------------------------------------------------------------------
# the database
# ---------------------------------------------------------------------------


def default_path() -> Path:
    return data_dir() / FILE_NAME


def is_busy(exc: sqlite3.OperationalError) -> bool:
    text = str(exc).lower()
    return "locked" in text or "busy" in text


class Stats:
    """The statistics database: record finished games, read each player's figures.

    Every call opens its own short connection, so one Stats may be used from several
    threads and several processes may share the file.
    """

    def __init__(self, path: Path | None = None) -> None:
        self.path = path if path is not None else default_path()
        self.notice: str | None = None  # set once when a damaged file was set aside
        self._ready = False

    # -- connections ---------------------------------------------------------

    def _connect(self) -> sqlite3.Connection:
        self.path.parent.mkdir(parents=True, exist_ok=True)
        con = sqlite3.connect(self.path, timeout=BUSY_TIMEOUT, isolation_level=None)
        con.execute(f"PRAGMA busy_timeout = {int(BUSY_TIMEOUT * 1000)}")
        con.execute("PRAGMA foreign_keys = ON")
        return con

    def _retry(self, work: Callable[[], T]) -> T:
        """Run `work`, trying again while another process holds the database."""
        delay = 0.05
        for attempt in range(RETRIES):
            try:
                return work()
            except sqlite3.OperationalError as exc:
                if not is_busy(exc) or attempt == RETRIES - 1:
                    raise
                time.sleep(delay)
                delay = min(delay * 2, 1.0)
        raise AssertionError("unreachable")

    @contextmanager
    def _open(self) -> Iterator[sqlite3.Connection]:
        """A ready connection (schema made, damage handled); StatsError when unusable."""
        if not self._ready:
            self._prepare()
        try:
            con = self._connect()
        except (sqlite3.Error, OSError) as exc:
            raise StatsError(self._cannot(exc)) from exc
        try:
            yield con
        finally:
            con.close()

    def _cannot(self, exc: BaseException) -> str:
        return _("Statistics in {path} cannot be used: {why}").format(path=self.path, why=exc)

    def _prepare(self) -> None:
        """Make the schema; set a damaged file aside and start a fresh one."""
        try:
            self._retry(self._make_schema)
        except sqlite3.Error as exc:
            if not is_damaged(exc):
                raise StatsError(self._cannot(exc)) from exc
            aside = self._set_aside()
            self.notice = _(
                "The statistics file was damaged ({why}); it was kept as {aside} and a "
                "fresh one started."
            ).format(why=exc, aside=aside.name if aside else "-")
            try:
                self._retry(self._make_schema)
            except sqlite3.Error as again:
                raise StatsError(self._cannot(again)) from again
        except OSError as exc:
            raise StatsError(self._cannot(exc)) from exc
        self._ready = True

    def _make_schema(self) -> None:
        con = self._connect()
        try:
            mode = con.execute("PRAGMA journal_mode = WAL").fetchone()
            if mode is None:
                raise Damaged("no journal mode")
            rows = con.execute("PRAGMA quick_check").fetchall()
            if rows != [("ok",)]:
                first = str(rows[0][0]).replace("*** in database main ***", "").strip()
                raise Damaged(first.splitlines()[0][:120] if first else "integrity check")
            con.execute("BEGIN IMMEDIATE")
            for statement in SCHEMA.split(";"):
                if statement.strip():
                    con.execute(statement)
            found = con.execute("SELECT version FROM schema_version").fetchall()
            columns = [row[1] for row in con.execute("PRAGMA table_info(games)")]
            if "practice" not in columns:  # schema 1: no practice games yet
                con.execute("ALTER TABLE games ADD COLUMN practice INTEGER NOT NULL DEFAULT 0")
            if "mode" not in columns:  # schemas 1 and 2: the mode was not kept
                con.execute("ALTER TABLE games ADD COLUMN mode TEXT")
            if "hinted" not in columns:  # schemas 1-3: no hints yet
                con.execute("ALTER TABLE games ADD COLUMN hinted INTEGER NOT NULL DEFAULT 0")
            if not found:
                con.execute("INSERT INTO schema_version (version) VALUES (?)", (SCHEMA_VERSION,))
            elif found[0][0] < SCHEMA_VERSION:
                con.execute("UPDATE schema_version SET version = ?", (SCHEMA_VERSION,))
            elif found[0][0] > SCHEMA_VERSION:
                con.execute("ROLLBACK")
                raise StatsError(
                    _(
                        "Statistics in {path} were written by a newer footycards "
                        "(schema {v}); they are left as they are."
                    ).format(path=self.path, v=found[0][0])
                )
            con.execute("COMMIT")
        except BaseException:
            if con.in_transaction:
                con.execute("ROLLBACK")
            raise
        finally:
            con.close()

    def _set_aside(self) -> Path | None:
        """Rename the damaged file (and its WAL files) out of the way; its new path."""
        stamp = dt.datetime.now(dt.UTC).strftime("%Y%m%d-%H%M%S")
        aside = self.path.with_name(f"{self.path.name}.damaged-{stamp}")
        n = 1
        while aside.exists():
            n += 1
            aside = self.path.with_name(f"{self.path.name}.damaged-{stamp}-{n}")
        moved: Path | None = None
        for suffix in ("", "-wal", "-shm"):
            src = self.path.with_name(self.path.name + suffix)
            try:
                src.rename(aside.with_name(aside.name + suffix))
                if not suffix:
                    moved = aside
            except FileNotFoundError:
                pass  # another process set it aside first, or there was none
        return moved

    # -- writing -----------------------------------------------------------------

    def record(
        self,
        game_id: str,
        results: Sequence[SeatResult],
        record_id: str | None = None,
        when: dt.datetime | None = None,
        practice: bool = False,
        mode: str | None = None,
        hinted: bool = False,
    ) -> int:
        """Store one finished game in one transaction; its row id. StatsError on failure."""
        stamp = (when or dt.datetime.now(dt.UTC)).replace(microsecond=0).isoformat()

        def write() -> int:
            with self._open() as con:
                con.execute("BEGIN IMMEDIATE")
                try:
                    cur = con.execute(
                        "INSERT INTO games "
                        "(game, played_at, record_id, seats, practice, mode, hinted) "
                        "VALUES (?,?,?,?,?,?,?)",
                        (game_id, stamp, record_id, len(results), int(practice), mode, int(hinted)),
                    )
                    row = cur.lastrowid
                    assert row is not None
                    con.executemany(
                        "INSERT INTO seats (game_row, seat, player, ai, outcome, score) "
                        "VALUES (?,?,?,?,?,?)",
                        [
                            (row, s, r.player, r.ai, r.outcome, r.score)
                            for s, r in enumerate(results)
                        ],
                    )
                    con.execute("COMMIT")
                except BaseException:
                    if con.in_transaction:
                        con.execute("ROLLBACK")
                    raise
                return row

        try:
            return self._retry(write)
        except sqlite3.Error as exc:
            raise StatsError(self._cannot(exc)) from exc

    def record_match(self, match: Match, record_id: str | None = None) -> int:
        """Store a finished match (its seats and its engine's result)."""
        results = seat_results(match.seats, match.result(), match.spec.team_play)
        mode = match.spec.mode_of(match.options)
        return self.record(
            match.game_id,
            results,
            record_id,
            practice=match.practice,
            mode=mode,
            hinted=match.hinted,
        )

    def reset(self) -> int:
        """Forget every game; how many were forgotten."""

        def clear() -> int:
            with self._open() as con:
                con.execute("BEGIN IMMEDIATE")
                try:
                    (n,) = con.execute("SELECT COUNT(*) FROM games").fetchone()
                    con.execute("DELETE FROM seats")
                    con.execute("DELETE FROM games")
                    con.execute("COMMIT")
                except BaseException:
                    if con.in_transaction:
                        con.execute("ROLLBACK")
                    raise
                return int(n)

        try:
            return self._retry(clear)
        except sqlite3.Error as exc:
            raise StatsError(self._cannot(exc)) from exc

    # -- reading -----------------------------------------------------------------

    def games(self) -> list[str]:
        """The ids of the games with at least one game recorded, most played first."""

        def read() -> list[str]:
            with self._open() as con:
                rows = con.execute(
                    "SELECT game FROM games GROUP BY game ORDER BY COUNT(*) DESC, game"
                ).fetchall()
            return [r[0] for r in rows]

        try:
            return self._retry(read)
        except sqlite3.Error as exc:
            raise StatsError(self._cannot(exc)) from exc

    def count(self) -> int:
        """How many games are recorded."""

        def read() -> int:
            with self._open() as con:
                (n,) = con.execute("SELECT COUNT(*) FROM games").fetchone()
            return int(n)

        try:
            return self._retry(read)
        except sqlite3.Error as exc:
            raise StatsError(self._cannot(exc)) from exc

    def level_run(self, game_id: str, player: str, n: int = 3) -> str | None:
        """The AI level `player` beat in each of their last `n` games of `game_id`, alone
        against AI seats all of that level (no practice, no hint); None when those games
        are fewer, not all won, or not all against one level."""

        def read() -> list[tuple[Any, ...]]:
            with self._open() as con:
                mine = con.execute(
                    "SELECT g.id, g.practice, g.hinted, s.outcome, s.seat FROM games g "
                    "JOIN seats s ON s.game_row = g.id "
                    "WHERE g.game = ? AND s.player = ? AND s.ai IS NULL "
                    "ORDER BY g.id DESC LIMIT ?",
                    (game_id, player, n),
                ).fetchall()
                out = []
                for row, practice, hinted, outcome, seat in mine:
                    others = con.execute(
                        "SELECT ai FROM seats WHERE game_row = ? AND seat != ?", (row, seat)
                    ).fetchall()
                    out.append((practice, hinted, outcome, {ai for (ai,) in others}))
                return out

        try:
            games = self._retry(read)
        except sqlite3.Error as exc:
            raise StatsError(self._cannot(exc)) from exc
        if len(games) < n:
            return None
        levels = set()
        for practice, hinted, outcome, others in games:
            if practice or hinted or outcome != WON or len(others) != 1 or None in others:
                return None
            levels |= others
        return levels.pop() if len(levels) == 1 else None

    def players(self, game_id: str | None = None) -> list[PlayerStats]:
        """Every player's figures per game and mode (of one game when given): most games
        won first, then most played, then by name."""

        def read() -> list[tuple[Any, ...]]:
            with self._open() as con:
                sql = (
                    "SELECT g.game, s.player, s.ai, s.outcome, s.score, g.practice, g.mode, "
                    "g.hinted FROM seats s JOIN games g ON g.id = s.game_row"
                )
                args: tuple[Any, ...] = ()
                if game_id is not None:
                    sql += " WHERE g.game = ?"
                    args = (game_id,)
                sql += " ORDER BY g.id DESC, s.seat"
                return con.execute(sql, args).fetchall()

        try:
            rows = self._retry(read)
        except sqlite3.Error as exc:
            raise StatsError(self._cannot(exc)) from exc
        grouped: dict[tuple[str, str, str, str], list[tuple[Any, ...]]] = {}
        names: dict[tuple[str, str, str, str], tuple[str, str | None]] = {}
        hints: dict[tuple[str, str, str, str], list[bool]] = {}
        for game, player, ai, outcome, score, practice, mode, hinted in rows:  # newest first
            # a person called "AI hard" is not it; each mode of a game apart
            key = (game, mode or "", player.casefold(), ai or "")
            grouped.setdefault(key, []).append((outcome, score, bool(practice)))
            hints.setdefault(key, []).append(bool(hinted))
            names.setdefault(key, (player, ai))  # the spelling of the latest game
        out = []
        for key, games in grouped.items():
            marks = [o for o, _score, _p in games]
            counted = [o for o, _score, p in games if not p]  # practice: no streak, no form
            scores = [s for _o, s, p in games if s is not None and not p]
            hinted = [h for (_o, _s, p), h in zip(games, hints[key], strict=True) if not p]
            player, ai = names[key]
            out.append(
                PlayerStats(
                    game=key[0],
                    player=player,
                    ai=ai,
                    played=len(games),
                    won=marks.count(WON),
                    drawn=marks.count(DRAWN),
                    lost=marks.count(LOST),
                    best=max(scores) if scores else None,
                    streak=streak_text(counted),
                    form=[POINTS[o] for o in reversed(counted[:FORM_GAMES])],
                    practice=sum(1 for _o, _s, p in games if p),
                    mode=key[1] or None,
                    hinted=sum(hints[key]),
                    form_hinted=list(reversed(hinted[:FORM_GAMES])),
                )
            )
        out.sort(key=lambda p: (p.game, p.mode or "", -p.won, -p.played, p.player.casefold()))
        return out


def record_finished(match: Match, stats: Stats | None = None, record_id: str | None = None) -> str:
    """Record a finished match played by people; the message to show (empty if none).

    A game without people (AI watching AI) is not recorded. Never raises: a failure is
    returned as its message, so the game goes on.
    """
    if not match.is_over or not match.humans:
        return ""
    stats = stats if stats is not None else Stats()
    try:
        stats.record_match(match, record_id)
    except (StatsError, ValueError, OSError) as exc:
        return _("This game could not be added to the statistics: {why}").format(why=exc)
    return stats.notice or ""


def tables_of_modes(
    rows: Sequence[PlayerStats], modes: Sequence[str] = ()
) -> list[list[PlayerStats]]:
    """The rows of one game split into one table per mode, in the order of `modes` (the
    game's own), then any other (games recorded before modes were kept: mode None)."""
    order = {mode: i for i, mode in enumerate(modes)}
    groups: dict[str | None, list[PlayerStats]] = {}
    for r in rows:
        groups.setdefault(r.mode, []).append(r)
    keys = sorted(groups, key=lambda m: (m not in order, order.get(m or "", 0), m or ""))
    return [groups[m] for m in keys]


def practice_text(rows: Sequence[PlayerStats]) -> str:
    """Who played practice games (one table's rows), in words; "" when nobody did."""
    counts = ", ".join(f"{r.name} {r.practice}" for r in rows if r.practice)
    if not counts:
        return ""
    return _(
        "Practice games (a move taken back after something hidden was seen; in no streak, "
        "form or best): {counts}"
    ).format(counts=counts)


def hinted_text(rows: Sequence[PlayerStats]) -> str:
    """Who played games with hints (one table's rows) and how their form marks them, in
    words; "" when nobody did."""
    counts = ", ".join(f"{r.name} {r.hinted}" for r in rows if r.hinted)
    if not counts:
        return ""
    return _("Games with hints (small letters in the form: w, d, l): {counts}").format(
        counts=counts
    )


def fmt_score(value: float | None) -> str:
    """A score as people write it: 12, 2.5, or a dash when the game has none."""
    if value is None:
        return "–"
    return str(int(value)) if float(value).is_integer() else f"{value:g}"


def form_text(form: Sequence[int], hinted: Sequence[bool] = ()) -> str:
    """Form as letters, oldest first: "WWDLW" (a text sparkline for plain terminals); with
    `hinted` (per game, as `PlayerStats.form_hinted`) a game with hints is a small letter:
    "WwDLW"."""
    letters = {POINTS[WON]: "W", POINTS[DRAWN]: "D", POINTS[LOST]: "L"}
    marks = list(hinted) + [False] * (len(form) - len(hinted))
    return "".join(
        letters.get(p, "?").lower() if h else letters.get(p, "?")
        for p, h in zip(form, marks, strict=False)
    )
