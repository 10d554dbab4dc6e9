"""Fixtures for every test: the user folders live in a temporary folder (FOOTYCARDS_HOME)."""

from __future__ import annotations

import importlib.util
from pathlib import Path

import pytest

from footycards import i18n

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture(scope="session", autouse=True)
def compiled_catalogues():
    """The message catalogues compiled as the wheel build compiles them (hatch_build.py), so
    that the tests see what the `.po` files say (a `.mo` older than its `.po` is rebuilt)."""
    spec = importlib.util.spec_from_file_location("hatch_build", ROOT / "hatch_build.py")
    assert spec is not None and spec.loader is not None
    build = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(build)
    compiled = build.compile_catalogues()
    i18n.look_for_languages_again()
    return compiled


@pytest.fixture(autouse=True)
def footycards_home(tmp_path, monkeypatch):
    """Saves, history, statistics and settings go to a fresh folder, never the user's."""
    home = tmp_path / "footycards-home"
    monkeypatch.setenv("FOOTYCARDS_HOME", str(home))
    return home


@pytest.fixture(autouse=True)
def english_unless_asked(monkeypatch):
    """Each test starts in English: a language an earlier test chose in this worker (the
    CLI's `use_language`, a launcher's Language field outside a session) never carries
    over, and neither does a FOOTYCARDS_LANG of the machine running the tests."""
    monkeypatch.delenv("FOOTYCARDS_LANG", raising=False)
    token = i18n.use_language("en")
    yield
    try:
        i18n.reset_language(token)
    except ValueError:  # the test ran in a context of its own; nothing to undo here
        pass


@pytest.fixture
def redis_server(tmp_path):
    """A redis-server of the test's own (tests/redis_server.py); skipped without one."""
    from redis_server import REDIS_SERVER, RedisServer

    if REDIS_SERVER is None:
        pytest.skip("redis-server is not installed")
    server = RedisServer(tmp_path / "redis")
    server.start()
    yield server
    server.stop()
