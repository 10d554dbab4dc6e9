"""Provides the location of the shipped data files (decks) and a validated TOML reader."""

from __future__ import annotations

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


MAX_DECK_BYTES = 4_000_000  # far above any deck (a 26×99 table's deck is ~100 kB)


def read_toml(path: str | Path) -> dict:
    """Read a TOML data file, turning every failure into a DeckError naming the file.

    Whatever the path holds (a folder, an empty or binary file, text in another encoding,
    TOML nested too deeply for the parser), the caller gets a DeckError, never another
    exception. A UTF-8 byte-order mark (as some Windows editors write) is accepted.
    """
    p = Path(path)
    file = str(p)
    try:
        with p.open("rb") as fh:
            raw = fh.read(MAX_DECK_BYTES + 1)
    except FileNotFoundError:
        raise DeckError(file, "", "file not found") from None
    except IsADirectoryError:
        raise DeckError(file, "", "is a folder, not a deck file") from None
    except OSError as exc:
        raise DeckError(file, "", "cannot be read ({why})", why=exc.strerror or str(exc)) from None
    except ValueError:  # e.g. a NUL character in the path
        raise DeckError(file, "", "is not a usable file name") from None
    if len(raw) > MAX_DECK_BYTES:
        raise DeckError(
            file, "", "too large for a deck file (over {n} bytes)", n=f"{MAX_DECK_BYTES:,}"
        )
    try:
        text = raw.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        raise DeckError(
            file, "", "not a text file in UTF-8 (byte {n} cannot be read)", n=exc.start + 1
        ) from None
    if not text.strip():
        raise DeckError(file, "", "the file is empty")
    import tomllib  # here, not at the top: the launcher's first frame reads no TOML file

    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise DeckError(file, "", "not valid TOML ({why})", why=str(exc)) from None
    except RecursionError:
        raise DeckError(file, "", "not valid TOML (nested too deeply)") from None
    except ValueError as exc:  # e.g. an integer with thousands of digits
        raise DeckError(file, "", "not valid TOML ({why})", why=str(exc)) from None
    return data


def require(data: dict, key: str, kind: type, file: str, entry: str):
    """Return data[key], checking that it exists and has the given type."""
    if key not in data:
        raise DeckError(file, entry, "missing field '{key}'", key=key)
    value = data[key]
    if kind is int and (isinstance(value, bool) or not isinstance(value, int)):
        raise DeckError(
            file,
            entry,
            "field '{key}' must be a whole number, not {value}",
            key=key,
            value=repr(value),
        )
    if kind is str and not isinstance(value, str):
        raise DeckError(
            file, entry, "field '{key}' must be text, not {value}", key=key, value=repr(value)
        )
    if kind is str and not value.strip():
        raise DeckError(file, entry, "field '{key}' is empty", key=key)
    return value
