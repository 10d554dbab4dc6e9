"""Provides SaveStore (the saved games on disk) and Autosaver (saves a match after every action).

Games in progress live in `saves/`, one JSON game record per game named by its id;
finished games move to `history/`. Every write is atomic (paths.atomic_write), so a
crash or a full disk leaves the previous save whole. `SaveStore.list()` never raises: a
file that cannot be resumed (cut off, not JSON, edited so that a move is refused, written
by a newer version) is listed as damaged with the reason, and is only renamed to
`NAME.corrupt` when someone asks. Nothing here imports a UI library or knows any game.
"""

from __future__ import annotations

import datetime as dt
import json
import os
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from .i18n import _, format_moment
from .match import Applied, Match, Undone
from .paths import atomic_write, data_dir
from .record import GameRecord, RecordError, ReplayError, new_id, now_iso
from .registry import REGISTRY, get_spec
from .savethread import SaveThread
from .seats import ai_mark, says_ai

Writer = Callable[[Path, str], None]
ErrorHandler = Callable[[OSError], None]


class SaveError(ValueError):
    """A save cannot be found or resumed; the message names the file and the reason."""


@dataclass(frozen=True)
class SaveEntry:
    """One file in `saves/`: a game to resume, or a damaged file with the reason."""

    id: str  # the file name without .json
    path: Path
    game: str = ""  # the game id ("" when the file says nothing readable)
    players: tuple[str, ...] = ()
    started: str = ""  # ISO times (UTC) as the record holds them
    updated: str = ""  # the time of the last move saved
    moves: int = 0
    problem: str | None = None  # why the game cannot be resumed; None when it can
    mode: str | None = None  # the game's mode (Quartett's "abwehr-angriff"), if it has modes

    def title(self) -> str:
        """The game's name with its mode, for people ("Bundesliga Quartett — Quartett")."""
        if self.game not in REGISTRY:
            return self.game
        return get_spec(self.game).title(self.mode)

    @property
    def damaged(self) -> bool:
        return self.problem is not None


def when(stamp: str) -> str:
    """An ISO time from a record as local time for people ("2026-11-30 14:28"); the text
    itself when it is not a time."""
    try:
        moment = dt.datetime.fromisoformat(stamp)
    except (TypeError, ValueError):
        return stamp
    if moment.tzinfo is None:
        moment = moment.replace(tzinfo=dt.UTC)
    return format_moment(moment.astimezone())


def players_text(record: GameRecord) -> tuple[str, ...]:
    return tuple(
        f"{s.name} {ai_mark()}" if s.ai and not says_ai(s.name) else s.name for s in record.seats
    )


def read_record(path: Path) -> GameRecord:
    """The record in a file; SaveError with the reason (naming the file) when it is none."""
    name = path.name
    try:
        raw = path.read_bytes()
    except OSError as exc:
        raise SaveError(
            _("{file}: cannot be read ({why})").format(file=name, why=exc.strerror or exc)
        ) from None
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError:
        raise SaveError(_("{file}: not a text file").format(file=name)) from None
    if not text.strip():
        raise SaveError(_("{file}: empty (the save was cut off)").format(file=name))
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        body = text.strip()
        if exc.pos >= len(body) or (body.startswith("{") and not body.endswith("}")):
            raise SaveError(
                _("{file}: truncated (the file stops in the middle, at line {line})").format(
                    file=name, line=text.count("\n") + 1
                )
            ) from None
        raise SaveError(
            _("{file}: not JSON ({why}: line {line}, column {col})").format(
                file=name, why=exc.msg, line=exc.lineno, col=exc.colno
            )
        ) from None
    try:
        return GameRecord.from_dict(data)
    except RecordError as exc:
        raise SaveError(f"{name}: {exc}") from None


def replay_record(record: GameRecord, path: Path) -> Match:
    """The match of a record; SaveError naming the file (and the move) when it fails."""
    try:
        return record.replay()
    except ReplayError as exc:
        raise SaveError(
            _("{file} no longer replays: {why}").format(file=path.name, why=exc)
        ) from None
    except RecordError as exc:
        raise SaveError(f"{path.name}: {exc}") from None


def entry_of(record: GameRecord, path: Path, problem: str | None = None) -> SaveEntry:
    return SaveEntry(
        id=path.stem,
        path=path,
        game=record.game,
        players=players_text(record),
        started=record.started,
        updated=record.updated,
        moves=len(record.actions),
        problem=problem,
        mode=get_spec(record.game).mode_of(record.options) if record.game in REGISTRY else None,
    )


class SaveStore:
    """The saved games under `root`: `saves/` (in progress) and `history/` (finished).

    `writer` writes one file (default: paths.atomic_write); tests pass one that fails
    the way a full disk or a read-only folder does.
    """

    def __init__(
        self,
        root: Path | None = None,
        writer: Writer | None = None,
        background: SaveThread | None = None,
    ) -> None:
        self.root = data_dir() if root is None else Path(root)
        self.writer: Writer = writer or atomic_write
        # where an Autosaver's writes run (a server's: off its event loop); None: at once
        self.background = background
        self._seen: dict[Path, tuple[tuple[int, int], SaveEntry]] = {}  # listing cache

    @property
    def saves_dir(self) -> Path:
        return self.root / "saves"

    @property
    def history_dir(self) -> Path:
        return self.root / "history"

    def path_for(self, record_id: str) -> Path:
        return self.saves_dir / f"{record_id}.json"

    # -- writing --------------------------------------------------------------

    def save(self, record: GameRecord) -> Path:
        """Write a game in progress to its file (atomically; OSError when it cannot)."""
        return self.save_job(record)()

    def save_job(self, record: GameRecord) -> Callable[[], Path]:
        """`save(record)` to run later: the record's JSON is taken now, as it stands."""
        record.updated = now_iso()
        path = self.path_for(record.id)
        text = record.to_json()
        writer = self.writer

        def write() -> Path:
            writer(path, text)
            return path

        return write

    def finish(self, record: GameRecord) -> Path:
        """Move a finished game to the history: written there first, then its save removed."""
        return self.finish_job(record)()

    def finish_job(self, record: GameRecord) -> Callable[[], Path]:
        """`finish(record)` to run later: the record's JSON is taken now, as it stands."""
        record.finished = True
        record.updated = now_iso()
        target = self.history_dir / f"{record.id}.json"
        save = self.path_for(record.id)
        text = record.to_json()
        writer = self.writer

        def move() -> Path:
            writer(target, text)
            save.unlink(missing_ok=True)
            return target

        return move

    def delete(self, record_id: str) -> None:
        """Remove a save (OSError when the folder refuses)."""
        self.path_for(record_id).unlink(missing_ok=True)

    def move_aside(self, path: Path) -> Path:
        """Rename a damaged save to NAME.corrupt (NAME.2.corrupt… when taken); the new path."""
        target = path.with_suffix(".corrupt")
        n = 2
        while target.exists():
            target = path.with_suffix(f".{n}.corrupt")
            n += 1
        os.replace(path, target)
        return target

    # -- reading --------------------------------------------------------------

    def list(self) -> list[SaveEntry]:
        """The games in progress, newest move first, then the damaged files; never raises."""
        try:
            paths = sorted(self.saves_dir.glob("*.json"))
        except OSError:
            return []
        entries = [self.entry(path) for path in paths if not path.name.startswith(".")]
        good = [e for e in entries if e is not None and not e.damaged]
        bad = [e for e in entries if e is not None and e.damaged]
        good.sort(key=lambda e: e.updated, reverse=True)
        return good + bad

    def entry(self, path: Path) -> SaveEntry | None:
        """What one file in `saves/` holds (None for a finished game, moved to history)."""
        try:
            stat = path.stat()
            key = (stat.st_mtime_ns, stat.st_size)
        except OSError:
            key = (0, 0)
        cached = self._seen.get(path)
        if cached is not None and cached[0] == key:
            return cached[1]
        result = self._read_entry(path)
        if result is not None:
            self._seen[path] = (key, result)
        return result

    def _read_entry(self, path: Path) -> SaveEntry | None:
        stem = path.stem
        try:
            record = read_record(path)
        except SaveError as exc:
            return SaveEntry(stem, path, problem=str(exc))
        try:
            match = replay_record(record, path)
        except SaveError as exc:
            return entry_of(record, path, str(exc))
        except Exception as exc:  # an engine bug must not stop the listing
            problem = _("{file}: cannot be replayed ({why})").format(file=path.name, why=exc)
            return entry_of(record, path, problem)
        if match.is_over or record.finished:
            record.id = stem
            try:
                self.finish(record)
            except OSError:
                pass  # listed nowhere; the next listing tries again
            return None
        return entry_of(record, path)

    def find(self, prefix: str) -> SaveEntry:
        """The save whose id is `prefix` or starts with it; SaveError when none or several."""
        entries = self.list()
        exact = [e for e in entries if e.id == prefix]
        found = exact or [e for e in entries if prefix and e.id.startswith(prefix)]
        if not found:
            raise SaveError(_("no saved game with the id '{id}'").format(id=prefix))
        if len(found) > 1:
            raise SaveError(
                _("'{id}' matches several saved games: {ids}").format(
                    id=prefix, ids=", ".join(e.id for e in found)
                )
            )
        return found[0]

    def load(self, record_id: str) -> tuple[GameRecord, Match]:
        """The record and replayed match of a save; SaveError naming the file and the move."""
        path = self.path_for(record_id)
        if "/" in record_id or "\\" in record_id or not path.exists():
            raise SaveError(_("no saved game with the id '{id}'").format(id=record_id))
        record = read_record(path)
        record.id = record_id  # the file it lives in is the one it goes on saving to
        return record, replay_record(record, path)


class Autosaver:
    """Saves a match after every action; a finished game goes to the history.

    A new game is saved from its first move on (one left before it leaves no file behind);
    a game resumed or given its record (a shared table's) is saved at once. A game whose
    moves are all undone leaves no file behind either (Continue would offer "0 moves"),
    unless it was saved before any move was made (a shared table's new game).

    A failed write (OSError: disk full, read-only folder) never stops the game: the file
    saved before stays whole, `on_error` is called once (until a save works again) and
    the next action tries again. `failed` and `error` say how the last attempt went.
    """

    def __init__(
        self,
        match: Match,
        store: SaveStore,
        record: GameRecord | None = None,
        on_error: ErrorHandler | None = None,
    ) -> None:
        self.match = match
        self.store = store
        self.id = record.id if record is not None else new_id()
        self.started = record.started if record is not None else now_iso()
        self.on_error = on_error
        self.failed = False
        self.error: OSError | None = None
        self.warned = False
        self.saves = 0  # successful writes (since the file was last removed)
        self.finished = False
        self.stopped = False  # stopped before the game was over (left, replaced, closed)
        # saved with no move made (a shared table's new game): kept when undone back to that
        self.keep_unplayed = record is not None and not match.actions
        self._unsubscribe: Callable[[], None] | None = match.subscribe(self.on_applied)
        self._unsubscribe_undo = match.subscribe_undo(self.on_undone)
        if record is not None or match.actions:
            self.save_now()

    @property
    def path(self) -> Path:
        return self.store.path_for(self.id)

    def on_applied(self, applied: Applied) -> None:
        self.save_now()

    def on_undone(self, undone: Undone) -> None:
        """Moves were taken back: the file is rewritten with the shorter action list, or
        removed when no move is left (see the class docstring)."""
        if self.match.actions or self.keep_unplayed:
            self.save_now()
        else:
            self.forget()

    def forget(self) -> bool:
        """Remove the game's file: nothing is left to resume (False when it cannot be)."""
        store = self.store
        return self.run(lambda: store.delete(self.id), self.forgotten)

    def record(self) -> GameRecord:
        return GameRecord.of(self.match, self.id, self.started)

    def save_now(self) -> bool:
        """Save the match as it stands (to the history once it is over); False on failure.

        With the store's background thread the write happens there and this says True:
        how it went arrives later (`failed`, `error`, `on_error`), and `writing` is true
        until it has."""
        if self.finished:
            return True
        record = self.record()
        if self.match.is_over:
            return self.run(self.store.finish_job(record), self.moved)
        return self.run(self.store.save_job(record), self.saved)

    @property
    def writing(self) -> bool:
        """Whether a write of this game is still waiting for the background thread."""
        thread = self.store.background
        return thread is not None and thread.busy_with(self.id)

    def run(self, work: Callable[[], object], then: Callable[[], None]) -> bool:
        """Do `work` (on the store's background thread, if it has one); `then` on success."""

        def done(error: OSError | None) -> None:
            if error is None:
                self.succeeded()
                then()
            else:
                self.failed_with(error)

        thread = self.store.background
        if thread is not None:
            thread.submit(self.id, work, done)
            return True
        try:
            work()
        except OSError as exc:
            done(exc)
            return False
        done(None)
        return True

    def saved(self) -> None:
        self.saves += 1

    def moved(self) -> None:
        """In the history now: nothing more is saved (unless it was taken back meanwhile)."""
        self.saves += 1
        if self.match.is_over:
            self.finished = True
            self.stop()

    def forgotten(self) -> None:
        self.saves = 0

    def succeeded(self) -> None:
        """The last write (or removal) worked: no failure is shown any more."""
        self.failed = False
        self.error = None
        self.warned = False

    def failed_with(self, exc: OSError) -> None:
        """A write or a removal failed: noted, and said once (until one works again)."""
        self.failed = True
        self.error = exc
        if not self.warned:
            self.warned = True
            if self.on_error is not None and not self.stopped:
                self.on_error(exc)

    def stop(self) -> None:
        """Stop listening to the match (the file stays as last saved). A write still on
        the background thread is finished; its failure is then told to nobody."""
        self.stopped = not self.finished
        if self._unsubscribe is not None:
            self._unsubscribe()
            self._unsubscribe = None
            self._unsubscribe_undo()


def error_text(exc: OSError) -> str:
    """An OSError in words for people (its message, without the errno number)."""
    return str(exc.strerror or exc)
