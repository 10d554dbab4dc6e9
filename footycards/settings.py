"""Provides the remembered settings: the launcher's last seats, game, options, theme,
language and AI pace, kept as JSON in the user config directory.

Written atomically (never half a file). A file that is not valid JSON (or not an object)
is set aside as `settings.json.damaged`, defaults are used, and `load` says so once.
Every remembered value is checked on its own when read: a game no longer registered, an
option that no longer exists or a value it no longer takes is left out, never an error.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from .ai import LEVELS
from .i18n import _
from .paths import atomic_write, config_dir
from .registry import REGISTRY, OptionSpec, OptionValueError

FILE_NAME = "settings.json"
VERSION = 1
SPEEDS = ("instant", "fast", "normal", "slow")
MAX_NAME = 16  # the launcher's name fields take no more
MOST_SEATS = 99  # the most seats a saved set-up may name (as `seat_count`)


@dataclass
class SeatSetting:
    """One row of the launcher's seats: "human" or an AI level, and the name typed."""

    kind: str
    name: str


@dataclass
class Settings:
    """What the launcher remembers between sessions (None: nothing remembered)."""

    game: str | None = None
    seat_count: int | None = None
    seats: list[SeatSetting] = field(default_factory=list)
    options: dict[str, dict[str, Any]] = field(default_factory=dict)  # game -> name -> raw
    theme: str | None = None
    language: str | None = None
    speed: str | None = None
    # the player names who want "auto-pass when I have no legal answer" (World Wave, W5.2)
    auto_pass: list[str] = field(default_factory=list)

    def to_dict(self) -> dict[str, Any]:
        return {
            "version": VERSION,
            "game": self.game,
            "seat_count": self.seat_count,
            "seats": [{"kind": s.kind, "name": s.name} for s in self.seats],
            "options": self.options,
            "theme": self.theme,
            "language": self.language,
            "speed": self.speed,
            "auto_pass": self.auto_pass,
        }


def settings_path() -> Path:
    return config_dir() / FILE_NAME


# ---------------------------------------------------------------------------
# reading: every value checked on its own
# ---------------------------------------------------------------------------


def option_value_ok(opt: OptionSpec, value: Any) -> bool:
    """Whether `value` is something the launcher field of `opt` can show and the option
    takes at some table (a seat number is checked against the table when it starts)."""
    if not isinstance(value, str) or not opt.fits(value, MOST_SEATS):
        return False
    try:
        opt.convert(value, MOST_SEATS)
    except OptionValueError:
        return False
    return True


def from_dict(data: dict[str, Any]) -> Settings:
    """The valid part of a settings object; anything unknown or wrong is left out."""
    s = Settings()
    game = data.get("game")
    if isinstance(game, str) and game in REGISTRY and REGISTRY.get(game).has_screen:
        s.game = game
    count = data.get("seat_count")
    if isinstance(count, int) and not isinstance(count, bool) and 2 <= count <= MOST_SEATS:
        s.seat_count = count
    seats = data.get("seats")
    if isinstance(seats, list):
        for row in seats:
            if not isinstance(row, dict):
                break  # rows are positional: stop at the first that cannot be read
            kind, name = row.get("kind"), row.get("name")
            if kind not in ("human", *LEVELS) or not isinstance(name, str):
                break
            s.seats.append(SeatSetting(kind, name[:MAX_NAME]))
    options = data.get("options")
    if isinstance(options, dict):
        for game_id, values in options.items():
            if game_id not in REGISTRY or not isinstance(values, dict):
                continue
            spec = REGISTRY.get(game_id)
            kept = {}
            for opt in spec.options_for("launcher"):
                if opt.name in values and option_value_ok(opt, values[opt.name]):
                    kept[opt.name] = values[opt.name]
            if kept:
                s.options[game_id] = kept
    for name in ("theme", "language"):
        value = data.get(name)
        if isinstance(value, str) and value.strip() and len(value) < 64:
            setattr(s, name, value.strip())
    speed = data.get("speed")
    if speed in SPEEDS:
        s.speed = speed
    auto = data.get("auto_pass")
    if isinstance(auto, list):
        s.auto_pass = [n for n in auto if isinstance(n, str) and len(n) <= 64][:100]
    return s


def set_aside(path: Path) -> Path:
    """Rename a damaged file to `<name>.damaged` (or `.damaged-2`, …); its new path."""
    aside = path.with_name(path.name + ".damaged")
    n = 1
    while aside.exists():
        n += 1
        aside = path.with_name(f"{path.name}.damaged-{n}")
    path.rename(aside)
    return aside


def load(path: Path | None = None) -> tuple[Settings, str | None]:
    """The remembered settings and a message to show once (a damaged file), or None."""
    path = path if path is not None else settings_path()
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        return Settings(), None
    except (OSError, UnicodeDecodeError) as exc:
        if isinstance(exc, UnicodeDecodeError):
            return damaged(path, str(exc))
        return Settings(), _(
            "Remembered settings could not be read ({why}); defaults used."
        ).format(why=exc)
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        return damaged(path, str(exc))
    if not isinstance(data, dict):
        return damaged(path, _("not a JSON object"))
    return from_dict(data), None


def damaged(path: Path, why: str) -> tuple[Settings, str]:
    try:
        aside = set_aside(path)
    except OSError as exc:
        return Settings(), _(
            "The settings file {path} is damaged ({why}) and could not be set aside ({err}); "
            "defaults used."
        ).format(path=path, why=why, err=exc)
    return Settings(), _(
        "The settings file was damaged ({why}); it was kept as {aside} and defaults are used."
    ).format(why=why, aside=aside.name)


def peek_language(path: Path | None = None) -> str | None:
    """The remembered language, read without touching the file (None on any problem)."""
    path = path if path is not None else settings_path()
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None
    if not isinstance(data, dict):
        return None
    return from_dict(data).language


# ---------------------------------------------------------------------------
# writing
# ---------------------------------------------------------------------------


def save(settings: Settings, path: Path | None = None) -> str | None:
    """Write the settings atomically; a message when that failed (the game goes on)."""
    path = path if path is not None else settings_path()
    text = json.dumps(settings.to_dict(), indent=2, ensure_ascii=False) + "\n"
    try:
        atomic_write(path, text)
    except OSError as exc:
        return _("Settings could not be saved: {why}").format(why=exc)
    return None


def update(path: Path | None = None, **changes: Any) -> str | None:
    """Change some settings and keep the rest as remembered (a damaged file: defaults)."""
    current, _notice = load(path)
    for name, value in changes.items():
        if not hasattr(current, name):
            raise AttributeError(name)
        setattr(current, name, value)
    return save(current, path)
