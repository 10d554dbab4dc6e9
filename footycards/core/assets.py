"""Provides the location of the shipped data files (decks) and a validated TOML reader."""

from __future__ import annotations

import tomllib
from pathlib import Path

from .errors import DeckError


def assets_dir() -> Path:
    """Return the assets folder: inside the installed package, or the checkout's `assets/`."""
    here = Path(__file__).resolve().parent.parent
    installed = here / "assets"
    if installed.is_dir():
        return installed
    return here.parent / "assets"


def deck_path(name: str) -> Path:
    """Return the path of a shipped deck file, e.g. `deck_path("stadium")`."""
    return assets_dir() / "decks" / f"{name}.toml"


def read_toml(path: str | Path) -> dict:
    """Read a TOML data file, turning every failure into a DeckError naming the file."""
    p = Path(path)
    try:
        with p.open("rb") as fh:
            return tomllib.load(fh)
    except FileNotFoundError:
        raise DeckError(str(p), "", "file not found") from None
    except tomllib.TOMLDecodeError as exc:
        raise DeckError(str(p), "", f"not valid TOML ({exc})") from None
    except OSError as exc:
        raise DeckError(str(p), "", f"cannot be read ({exc.strerror})") from None


def require(data: dict, key: str, kind: type, file: str, entry: str):
    """Return data[key], checking that it exists and has the given type."""
    if key not in data:
        raise DeckError(file, entry, f"missing field '{key}'")
    value = data[key]
    if kind is int and (isinstance(value, bool) or not isinstance(value, int)):
        raise DeckError(file, entry, f"field '{key}' must be a whole number, not {value!r}")
    if kind is str and not isinstance(value, str):
        raise DeckError(file, entry, f"field '{key}' must be text, not {value!r}")
    if kind is str and not value.strip():
        raise DeckError(file, entry, f"field '{key}' is empty")
    return value
