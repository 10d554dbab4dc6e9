"""Provides NameBook: which SSH key each user name belongs to, on a server with
`--authorized-keys`.

A name belongs to the key that first logged in with it, recorded in `names.json` in the
server's data directory (written atomically, mode 0600), unless a line of the authorized
keys file says which names its key may use, with the option `footycards-names`:

    footycards-names="ann,annie" ssh-ed25519 AAAA... ann@laptop

Such a key may use only those names, and they are its own from the start; a key without
the option may use any name no other key holds. Names are compared as others see them
(cleaned, brackets made round, any case): "Ann" and "ann" are one name.

With `--hub` the names taken are shared through Redis by every process of every machine
(names_shared.py: the first claim anywhere wins); names.json is then this machine's copy,
added to the shared book when a process starts (and again if Redis loses it).
"""

from __future__ import annotations

import contextlib
import datetime as dt
import json
import logging
import os
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

import asyncssh

from ..i18n import _
from ..paths import atomic_write
from ..plaintext import display_name

if TYPE_CHECKING:
    from .names_shared import SharedNames

log = logging.getLogger("footycards.ssh")

NAMES_FILE = "names.json"
NAMES_OPTION = "footycards-names"
NAMES_PER_KEY = 10  # names one key may take by using them (no footycards-names option)


def name_key(name: str) -> str:
    """The form two names are compared in: "Ann" and "ann" are one name."""
    return display_name(name).casefold()


def _public_key(line: str) -> tuple[asyncssh.SSHKey, str] | None:
    """The public key of an authorized_keys line and the options before it."""
    parts = line.split()
    for i in range(len(parts)):
        try:
            key = asyncssh.import_public_key(" ".join(parts[i:]))
        except (asyncssh.KeyImportError, ValueError):
            continue
        return key, " ".join(parts[:i])
    return None


def _options(text: str) -> list[str]:
    """The options before a key, as OpenSSH reads them: separated by commas outside
    double quotes, a backslash keeping the next character; quotes are dropped."""
    found: list[str] = []
    option, quoted, escaped = "", False, False
    for ch in text:
        if escaped:
            option, escaped = option + ch, False
        elif ch == "\\":
            escaped = True
        elif ch == '"':
            quoted = not quoted
        elif ch == "," and not quoted:
            found.append(option)
            option = ""
        else:
            option += ch
    found.append(option)
    return found


def _option_names(options: str) -> list[str] | None:
    """The names of a `footycards-names="a,b"` option (None: the line has none)."""
    names: list[str] | None = None
    for option in _options(options):
        key, sep, value = option.partition("=")
        if sep and key.strip().lower() == NAMES_OPTION:
            names = (names or []) + [n.strip() for n in value.split(",") if n.strip()]
    return names


def key_names(text: str) -> dict[str, list[str]]:
    """Per key fingerprint, the names its authorized_keys line lets it use (lines with
    the `footycards-names` option only)."""
    found: dict[str, list[str]] = {}
    for raw in text.splitlines():
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        parsed = _public_key(line)
        if parsed is None:
            continue
        key, options = parsed
        names = _option_names(options)
        if names is not None:
            found.setdefault(key.get_fingerprint(), []).extend(names)
    return found


@dataclass
class NameBook:
    """Which key holds which name: given by the authorized keys file, or taken by use."""

    path: Path
    given: dict[str, dict[str, str]] = field(default_factory=dict)  # fp -> key -> name
    owners: dict[str, str] = field(default_factory=dict)  # name key -> fingerprint (given)
    taken: dict[str, dict[str, str]] = field(default_factory=dict)  # name key -> record
    seen: tuple[int, int] | None = None  # the file's (mtime, size) when last read
    shared: SharedNames | None = None  # with --hub: the names taken are in Redis

    @classmethod
    def load(cls, path: Path, authorized_keys: str) -> NameBook:
        """The book of `path` (missing: empty) with the names `authorized_keys` gives.
        ValueError when a name is given to two keys or the file is not a name book."""
        book = cls(path)
        for fingerprint, names in key_names(authorized_keys).items():
            keys = {name_key(n): display_name(n) for n in names}
            book.given[fingerprint] = keys
            for key in keys:
                other = book.owners.setdefault(key, fingerprint)
                if other != fingerprint:
                    raise ValueError(
                        _("the name {name} is given to two keys").format(name=keys[key])
                    )
        book.read()
        return book

    def read(self) -> None:
        """The names taken, from the file (missing: none). ValueError when it is not a
        name book."""
        try:
            stat = self.path.stat()
            data = json.loads(self.path.read_text(encoding="utf-8"))
        except FileNotFoundError:
            return
        except (OSError, ValueError) as exc:
            raise ValueError(
                _("cannot read the name book {path}: {why}").format(path=self.path, why=exc)
            ) from None
        records = data.get("names") if isinstance(data, dict) else None
        if not isinstance(records, dict):
            raise ValueError(_("{path} is not a name book").format(path=self.path))
        for key, record in records.items():
            if isinstance(record, dict) and isinstance(record.get("key"), str):
                self.taken[key] = {k: str(v) for k, v in record.items()}
        self.seen = (stat.st_mtime_ns, stat.st_size)

    def refresh(self) -> None:
        """Names other processes took since (the workers of `serve --workers` share one
        names.json): read again when the file changed. A file that no longer reads
        keeps what is known."""
        try:
            stat = self.path.stat()
        except OSError:
            return
        if (stat.st_mtime_ns, stat.st_size) == self.seen:
            return
        try:
            self.read()
        except ValueError as exc:
            log.error("the name book %s: %s", self.path, exc)

    @contextlib.contextmanager
    def locked(self) -> Iterator[None]:
        """The name book to itself among the processes of this machine (a lock file)."""
        try:
            import fcntl
        except ImportError:  # not POSIX: one process
            yield
            return
        self.path.parent.mkdir(parents=True, exist_ok=True)
        fd = os.open(self.path.with_name(self.path.name + ".lock"), os.O_RDWR | os.O_CREAT, 0o600)
        try:
            fcntl.flock(fd, fcntl.LOCK_EX)
            yield
        finally:
            os.close(fd)  # the lock goes with it

    def owner(self, name: str) -> str | None:
        """The fingerprint of the key `name` belongs to (None: nobody's yet)."""
        key = name_key(name)
        if key in self.owners:
            return self.owners[key]
        record = self.taken.get(key)
        return record["key"] if record is not None else None

    def share(self, hub: Any) -> None:
        """Take and check names in the shared book of `hub` (a RedisTableHub) from now
        on, adding the names this machine's names.json holds (where no other key took
        them first; the copy then says who did), and again whenever Redis loses them
        (the hub's tick). Raises names_shared.NamesUnreachable."""
        from .names_shared import SharedNames

        shared = SharedNames(hub)
        with self.locked():
            self.refresh()
            others = shared.begin(self.taken)
            self.shared = shared
            if others:
                self.taken.update(others)
                self.save_copy()
        hub.tickers.append(self.tick_shared)

    def tick_shared(self) -> None:
        """Once a second (the hub's tick): names.json's names added again if Redis lost
        the shared book."""
        if self.shared is not None:
            self.shared.local.update(self.taken)
            self.shared.tick()

    def refusal(self, name: str, fingerprint: str) -> str | None:
        """Why the key `fingerprint` may not use `name` (None: it may)."""
        shown = display_name(name)
        given = self.given.get(fingerprint)
        if given is not None:
            if name_key(name) in given:
                return None
            return _(
                "This key may only use the names {names}: connect as one of them (ssh NAME@HOST)."
            ).format(names=", ".join(given.values()))
        key = name_key(name)
        if self.shared is None or key in self.owners:
            self.refresh()
            owner = self.owner(name)
            count = sum(1 for r in self.taken.values() if r["key"] == fingerprint)
        else:
            from .names_shared import NamesUnreachable

            try:
                found = self.shared.lookup(key, fingerprint)
            except NamesUnreachable:
                return unreachable()
            owner, count = found.owner, found.count
        if owner == fingerprint:
            return None
        if owner is not None:
            return taken_by_another(shown)
        if count >= NAMES_PER_KEY:
            return too_many()
        return None

    def claim(self, name: str, fingerprint: str) -> str | None:
        """Let the key `fingerprint` use `name`, taking the name if it is nobody's yet
        (saved at once). Returns why not (None: done)."""
        if self.shared is not None:
            return self.claim_shared(name, fingerprint)
        with self.locked():
            return self.claim_locked(name, fingerprint)

    def claim_locked(self, name: str, fingerprint: str) -> str | None:
        why = self.refusal(name, fingerprint)
        if why is not None or self.owner(name) is not None:
            return why
        key = name_key(name)
        self.taken[key] = record = new_record(name, fingerprint)
        try:
            self.save()
        except OSError as exc:
            del self.taken[key]
            log.error("the name book %s could not be saved: %s", self.path, exc)
            return _("The server cannot record your name just now. Please try again later.")
        log.info("the name %r now belongs to key %s", record["name"], fingerprint)
        return None

    def claim_shared(self, name: str, fingerprint: str) -> str | None:
        """`claim` with the shared book: the name taken in Redis at once (atomically:
        nobody's, and the key below its cap), then written to this machine's copy."""
        from .names_shared import NamesUnreachable

        assert self.shared is not None
        why = self.refusal(name, fingerprint)
        key = name_key(name)
        if why is not None or key in self.owners:
            return why
        record = new_record(name, fingerprint)
        try:
            got, holder = self.shared.take(key, record, NAMES_PER_KEY)
        except NamesUnreachable:
            return unreachable()
        if got == "held" and holder != fingerprint:
            return taken_by_another(display_name(name))
        if got == "full":
            return too_many()
        if got not in ("taken", "held"):  # the book is being added again (Redis lost it)
            return unreachable()
        if got == "taken":
            log.info("the name %r now belongs to key %s", record["name"], fingerprint)
        elif self.taken.get(key, {}).get("key") == fingerprint:
            return None  # this machine's copy knows it already
        with self.locked():  # the copy: names taken here, or first used here
            self.refresh()
            self.taken[key] = record
            self.save_copy()
        return None

    def save(self) -> None:
        text = json.dumps({"version": 1, "names": self.taken}, indent=1, ensure_ascii=False)
        atomic_write(self.path, text + "\n")

    def save_copy(self) -> None:
        """Save this machine's copy of the shared book (Redis holds the names: a copy
        that cannot be written is only logged)."""
        try:
            self.save()
        except OSError as exc:
            log.error("the name book %s could not be saved: %s", self.path, exc)


def new_record(name: str, fingerprint: str) -> dict[str, str]:
    """What the book keeps of a name taken now by the key `fingerprint`."""
    stamp = dt.datetime.now(dt.UTC).replace(microsecond=0).isoformat()
    return {"key": fingerprint, "name": display_name(name), "since": stamp}


def taken_by_another(shown: str) -> str:
    return _(
        "The name {name} belongs to another key. Connect with your own name (ssh NAME@HOST)."
    ).format(name=shown)


def too_many() -> str:
    return _("This key has {n} names already: connect with one of them.").format(n=NAMES_PER_KEY)


def unreachable() -> str:
    return _("The server cannot check your name just now. Please try again in a minute.")
