"""Provides where footycards keeps a user's files, and a safe way to write them.

Saves, history, statistics and logs go under the user data directory, settings under
the user config directory (platformdirs). `FOOTYCARDS_HOME`, when set, puts both under
one folder instead (tests, portable installs). `atomic_write` never leaves a half-written
file: it writes a temporary file beside the target, flushes, fsyncs and renames.
"""

from __future__ import annotations

import os
import tempfile
from pathlib import Path

APP = "footycards"


def home_override() -> Path | None:
    value = os.environ.get("FOOTYCARDS_HOME")
    return Path(value) if value else None


def data_dir() -> Path:
    """The user data directory (saves, history, statistics, server files)."""
    home = home_override()
    if home is not None:
        return home / "data"
    import platformdirs

    return Path(platformdirs.user_data_dir(APP, appauthor=False))


def config_dir() -> Path:
    """The user config directory (remembered settings)."""
    home = home_override()
    if home is not None:
        return home / "config"
    import platformdirs

    return Path(platformdirs.user_config_dir(APP, appauthor=False))


def atomic_write(path: Path, text: str) -> None:
    """Write `text` to `path` so that a crash leaves either the old file or the new one.

    Raises OSError (disk full, read-only folder…); the previous file is then untouched.
    """
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            f.write(text)
            f.flush()
            os.fsync(f.fileno())
        os.replace(tmp, path)
    except BaseException:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        raise
