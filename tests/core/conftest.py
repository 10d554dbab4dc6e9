"""Shared checks of the engine tests."""

from __future__ import annotations

import copy
import json
from collections.abc import Callable
from typing import Any

import pytest


def _mutate(value: Any) -> None:
    """Change every list and dict inside `value`, at every depth."""
    if isinstance(value, dict):
        for key in list(value):
            _mutate(value[key])
            value[key] = ["changed", value[key]]
        value["added"] = {"by": "the test"}
    elif isinstance(value, list):
        for item in value:
            _mutate(item)
        value.append("added")
        value.reverse()


def check_view_is_detached(state: Any, seat: int | None) -> None:
    """A view is fresh data: changing every list and dict in it changes neither the game
    (`to_json()`) nor the next view."""
    saved = state.to_json()
    view = state.view(seat)
    kept = copy.deepcopy(view)
    json.dumps(view)  # JSON-ready
    _mutate(view)
    assert state.to_json() == saved
    assert state.view(seat) == kept


@pytest.fixture(scope="session")
def view_is_detached() -> Callable[[Any, int | None], None]:
    return check_view_is_detached
