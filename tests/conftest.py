"""Fixtures for every test: the user folders live in a temporary folder (FOOTYCARDS_HOME)."""

from __future__ import annotations

import pytest


@pytest.fixture(autouse=True)
def footycards_home(tmp_path, monkeypatch):
    """Saves, history, statistics and settings go to a fresh folder, never the user's."""
    home = tmp_path / "footycards-home"
    monkeypatch.setenv("FOOTYCARDS_HOME", str(home))
    return home
