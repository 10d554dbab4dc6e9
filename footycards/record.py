"""Provides GameRecord: a game as data (game, seats, seed, options, actions) and its replay.

A record is what a save file holds: the engine replays it exactly (same seed + same
actions = same game), so a record is readable JSON, portable between machines and never
a pickle. `replay` rebuilds the Match, `ReplayError` names the move that no longer
replays and `RecordError` a file that is not a record (or is from a newer version).
"""

from __future__ import annotations

import datetime as dt
import json
import secrets
from dataclasses import dataclass, field
from typing import Any

from .core import IllegalAction
from .i18n import _
from .match import Match
from .narration import explain, problem_text
from .seats import SeatSpec

FORMAT = 1  # the save format this version writes and reads


class RecordError(ValueError):
    """The text is not a game record this version can read; the message says why."""


class ReplayError(ValueError):
    """A record's action list does not replay: `move` (from 1) is the one refused."""

    def __init__(self, message: str, move: int, action: str) -> None:
        super().__init__(message)
        self.move = move
        self.action = action


def now_iso() -> str:
    return dt.datetime.now(dt.UTC).replace(microsecond=0).isoformat()


def new_id() -> str:
    """A short, unique, file-name-safe game id: the start time and a random tail."""
    stamp = dt.datetime.now(dt.UTC).strftime("%Y%m%d-%H%M%S")
    return f"{stamp}-{secrets.token_hex(3)}"


@dataclass
class GameRecord:
    """One game as data. `options` are the engine options the game was dealt with."""

    game: str
    seats: list[SeatSpec]
    seed: int | None
    options: dict[str, Any]
    actions: list[str] = field(default_factory=list)
    id: str = field(default_factory=new_id)
    started: str = field(default_factory=now_iso)
    updated: str = field(default_factory=now_iso)
    finished: bool = False
    practice: bool = False  # a move was taken back across something hidden (Match.practice)
    hinted: bool = False  # someone asked for a hint (Match.hinted): kept over a resume

    @classmethod
    def of(cls, match: Match, record_id: str | None = None, started: str | None = None):
        """The record of a match as it stands now."""
        return cls(
            game=match.game_id,
            seats=list(match.seats),
            seed=match.seed,
            options=dict(match.options),
            actions=list(match.actions),
            id=record_id or new_id(),
            started=started or now_iso(),
            finished=match.is_over,
            practice=match.practice,
            hinted=match.hinted,
        )

    def to_dict(self) -> dict[str, Any]:
        return {
            "format": FORMAT,
            "id": self.id,
            "game": self.game,
            "seats": [{"name": s.name, "ai": s.ai} for s in self.seats],
            "seed": self.seed,
            "options": self.options,
            "actions": self.actions,
            "started": self.started,
            "updated": self.updated,
            "finished": self.finished,
            "practice": self.practice,
            "hinted": self.hinted,
        }

    def to_json(self) -> str:
        return json.dumps(self.to_dict(), ensure_ascii=False, indent=1) + "\n"

    @classmethod
    def from_json(cls, text: str) -> GameRecord:
        """Read a record; RecordError with the reason when it is not one."""
        try:
            data = json.loads(text)
        except json.JSONDecodeError as exc:
            raise RecordError(
                _("not valid JSON ({why} at line {line})").format(why=exc.msg, line=exc.lineno)
            ) from None
        except (TypeError, ValueError) as exc:
            raise RecordError(_("not valid JSON ({why})").format(why=exc)) from None
        return cls.from_dict(data)

    @classmethod
    def from_dict(cls, data: Any) -> GameRecord:
        if not isinstance(data, dict):
            raise RecordError(_("not a footycards game record"))
        version = data.get("format")
        if not isinstance(version, int) or isinstance(version, bool):
            raise RecordError(_("no save format version"))
        if version > FORMAT:
            raise RecordError(
                _(
                    "written by a newer footycards (save format {version}; this one reads {known})"
                ).format(version=version, known=FORMAT)
            )
        try:
            seats = [SeatSpec(str(s["name"]), s.get("ai")) for s in data["seats"]]
            record = cls(
                game=str(data["game"]),
                seats=seats,
                seed=data.get("seed"),
                options=dict(data.get("options") or {}),
                actions=[str(a) for a in data.get("actions") or []],
                id=str(data["id"]),
                started=str(data.get("started", "")),
                updated=str(data.get("updated", "")),
                finished=bool(data.get("finished", False)),
                practice=bool(data.get("practice", False)),
                hinted=bool(data.get("hinted", False)),
            )
        except (KeyError, TypeError, AttributeError, ValueError) as exc:
            raise RecordError(
                _("damaged game record ({why})").format(why=f"{type(exc).__name__}: {exc}")
            ) from None
        if record.seed is not None and not isinstance(record.seed, int):
            raise RecordError(_("damaged game record (the seed is not a number)"))
        if any(s.ai is not None and not isinstance(s.ai, str) for s in seats):
            raise RecordError(_("damaged game record (a seat's AI level is not a name)"))
        return record

    def replay(self, upto: int | None = None) -> Match:
        """Deal the game again and apply its actions (the first `upto` of them).

        Raises RecordError when the game or its options cannot start here, and
        ReplayError naming the first action that is refused.
        """
        from .core import DeckError, OptionError
        from .registry import get_spec

        try:
            get_spec(self.game)
        except (KeyError, LookupError, ValueError):
            raise RecordError(_("unknown game '{game}'").format(game=self.game)) from None
        try:
            match = Match.start(self.game, self.seats, self.seed, dict(self.options))
        except (OptionError, DeckError, ValueError, TypeError, KeyError) as exc:
            raise RecordError(
                _("the game cannot be dealt again: {why}").format(why=problem_text(exc))
            ) from None
        actions = self.actions if upto is None else self.actions[:upto]
        for n, action in enumerate(actions, start=1):
            try:
                match.apply(action)
            except IllegalAction as exc:
                raise ReplayError(
                    _("move {n} ({action}) is refused: {why}").format(
                        n=n, action=action, why=explain(exc)
                    ),
                    move=n,
                    action=action,
                ) from None
            except (ValueError, TypeError, KeyError) as exc:
                raise ReplayError(
                    _("move {n} ({action}) cannot be read: {why}").format(
                        n=n, action=action, why=exc
                    ),
                    move=n,
                    action=action,
                ) from None
        match.practice = self.practice
        match.hinted = self.hinted
        return match
