"""A session's key parser is its own: Textual's XTermParser caches parsed function keys
for the whole process (`functools.lru_cache` on a method), and each cache entry kept a
parser and its Key events, and through their sender a whole app, alive after the session
ended (a server's memory grew with every session that pressed F1, ↓ or Esc)."""

from __future__ import annotations

import gc
import weakref

from footycards.ssh.driver import KeyParser


def test_a_parser_and_its_keys_are_freed_with_their_session() -> None:
    parser = KeyParser()
    keys = [k for k in parser.feed("\x1b[15~\x1b[A\x1bOPa") if hasattr(k, "key")]
    assert [k.key for k in keys] == ["f5", "up", "f1", "a"]
    gone = weakref.ref(parser)
    key_gone = weakref.ref(keys[0])
    del parser, keys
    gc.collect()
    assert gone() is None and key_gone() is None
