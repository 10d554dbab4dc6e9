"""Provides SharedNames: the name book of every server process that shares one Redis
(`serve --hub`), on one machine or several, so that a name belongs to the key that first
used it anywhere.

What Redis holds (fixed key names under the hub's prefix, `fc:`; what a remote user
types is only ever a field or a value, the cleaned name key of names.py):

- `fc:names` a hash, name key -> the JSON record names.json keeps (`key`: the
  fingerprint, `name`, `since`); a name is taken atomically (a script: taken unless
  another key holds it or the key has its `NAMES_PER_KEY` already);
- `fc:names:count` a hash, fingerprint -> how many names that key took;
- `fc:names:book` a token set when the book was begun. A process that finds it gone or
  changed (Redis restarted without its data) adds its machine's names again (from
  names.json, which every process keeps as its copy) and sets `fc:names:wait` for a few
  seconds, during which nobody takes a new name, so every other process has added its
  names again first (each looks once a second).

A Redis that cannot be reached refuses the login with words ("try again"); nothing is
let through unchecked.
"""

from __future__ import annotations

import json
import logging
import uuid
from dataclasses import dataclass, field
from typing import Any

import redis

log = logging.getLogger("footycards.ssh")

WAIT_MS = 3000  # after Redis lost the book: no new name taken meanwhile (> a tick)

# Take a name. KEYS: names, counts, book, wait; ARGV: name key, record, fingerprint, the
# most names a key may take (0: any number, when names.json's names are added again).
# Returns {"taken"}, {"held", record of the holder}, {"full"}, {"wait"} or {"unbegun"}.
TAKE = """
if redis.call('exists', KEYS[3]) == 0 then return {'unbegun'} end
local had = redis.call('hget', KEYS[1], ARGV[1])
if had then return {'held', had} end
local cap = tonumber(ARGV[4])
if cap > 0 then
    if redis.call('exists', KEYS[4]) == 1 then return {'wait'} end
    if tonumber(redis.call('hget', KEYS[2], ARGV[3]) or '0') >= cap then return {'full'} end
end
redis.call('hset', KEYS[1], ARGV[1], ARGV[2])
redis.call('hincrby', KEYS[2], ARGV[3], 1)
return {'taken'}
"""


class NamesUnreachable(Exception):
    """Redis cannot be reached: no name can be checked or taken just now."""


@dataclass
class Lookup:
    """What the shared book says of one name and one key."""

    owner: str | None  # the fingerprint holding the name (None: nobody's)
    count: int  # names the key has taken


@dataclass
class SharedNames:
    """The name book in Redis, for the NameBook of a process with `--hub` (`hub` is the
    process's RedisTableHub: its client, key prefix and whether Redis answers)."""

    hub: Any
    token: str | None = None  # the book's token when last seen (None: never)
    local: dict[str, dict[str, str]] = field(default_factory=dict)  # this machine's names

    def __post_init__(self) -> None:
        self.take_script = self.hub.client.register_script(TAKE)

    @property
    def keys(self) -> list[str]:
        prefix = self.hub.prefix
        return [
            f"{prefix}names",
            f"{prefix}names:count",
            f"{prefix}names:book",
            f"{prefix}names:wait",
        ]

    def _call(self, what: Any) -> Any:
        if not self.hub.reachable:
            raise NamesUnreachable
        try:
            return what()
        except redis.RedisError:
            self.hub.lost()
            raise NamesUnreachable from None

    def begin(self, local: dict[str, dict[str, str]]) -> dict[str, dict[str, str]]:
        """Add this machine's names (names.json's records) where no other key holds them
        (the first claim wins); begins the book in Redis if it has none. Returns the
        records of the names that turned out to be another key's (for the local copy)."""
        self.local = dict(local)
        return self._call(self._add_again)

    def tick(self) -> None:
        """Once a second: add this machine's names again if Redis lost the book."""
        try:
            if self._call(lambda: self.hub.client.get(self.keys[2])) != self.token:
                self._call(self._add_again)
        except NamesUnreachable:
            pass

    def _add_again(self) -> dict[str, dict[str, str]]:
        """Add this machine's names to the book (beginning it if Redis has none)."""
        client = self.hub.client
        _names, _counts, book, wait = self.keys
        token = client.get(book)
        if token != self.token and self.token is not None:
            # Redis lost the book: nobody takes a new name before every process has
            # added its names again (each looks once a second)
            client.set(wait, "1", px=WAIT_MS)
            log.warning("the shared name book was lost: this machine's names added again")
        if token is None:
            client.set(book, uuid.uuid4().hex, nx=True)
            token = client.get(book)
        others: dict[str, dict[str, str]] = {}
        records = sorted(self.local.items())
        for start in range(0, len(records), 500):
            pipe = client.pipeline(transaction=False)
            batch = records[start : start + 500]
            for key, record in batch:
                args = [key, json.dumps(record), record["key"], 0]
                self.take_script(keys=self.keys, args=args, client=pipe)
            for (key, record), got in zip(batch, pipe.execute(), strict=True):
                holder = _record(got[1]) if got[0] == "held" else None
                if holder is not None and holder["key"] != record["key"]:
                    others[key] = holder
        for key, holder in others.items():
            log.warning(
                "the name %r of names.json belongs to key %s in the shared book (first claim)",
                holder.get("name", key),
                holder["key"],
            )
            self.local[key] = holder
        self.token = token
        return others

    def lookup(self, key: str, fingerprint: str) -> Lookup:
        """Who holds the name key `key`, and how many names `fingerprint` took.
        Raises NamesUnreachable."""
        names, counts, book, _wait = self.keys

        def read() -> tuple[Any, Any, Any]:
            pipe = self.hub.client.pipeline(transaction=False)
            pipe.hget(names, key)
            pipe.hget(counts, fingerprint)
            pipe.get(book)
            return tuple(pipe.execute())

        text, count, token = self._call(read)
        if token != self.token:  # Redis lost the book: added again first
            self._call(self._add_again)
            text, count, _token = self._call(read)
        owner = None
        if text is not None:
            record = _record(text)
            if record is None:  # not what a book writes: nobody may take the name
                log.error("the shared name book's record of %r is not one: %r", key, text[:80])
            owner = record["key"] if record is not None else "?"
        return Lookup(owner, int(count) if str(count).isdigit() else 0)

    def take(self, key: str, record: dict[str, str], cap: int) -> tuple[str, str | None]:
        """Take the name key `key` for `record["key"]`: ("taken", None), ("held", the
        holder's fingerprint), ("full", None) or ("wait", None). Raises
        NamesUnreachable."""
        for _try in range(2):
            got = self._call(
                lambda: self.take_script(
                    keys=self.keys, args=[key, json.dumps(record), record["key"], cap]
                )
            )
            if got[0] == "unbegun":  # Redis lost the book: added again, then once more
                self._call(self._add_again)
                continue
            if got[0] == "held":
                holder = _record(got[1])
                return "held", holder["key"] if holder is not None else "?"
            if got[0] == "taken":
                self.local[key] = record
            return str(got[0]), None
        return "wait", None


def _record(text: str) -> dict[str, str] | None:
    """A record of the shared book (None: not one)."""
    try:
        data = json.loads(text)
    except (TypeError, ValueError):
        return None
    if not isinstance(data, dict) or not isinstance(data.get("key"), str):
        return None
    return {k: str(v) for k, v in data.items()}
