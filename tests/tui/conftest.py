"""Fixtures for the UI tests: tables with fixed deals, apps with instant AI."""

from __future__ import annotations

import pytest

from footycards.match import Match
from footycards.seats import parse_players


@pytest.fixture
def make_table():
    """Build a Match from a seat list, a fixed deal and the table size."""

    def make(players: str, deal: list[str], rows: int, cols: int, **opts) -> Match:
        options = {"rows": rows, "cols": cols, "deal": deal, **opts}
        return Match.start("stadium", parse_players(players), 1, options)

    return make
