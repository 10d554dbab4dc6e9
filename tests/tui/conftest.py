"""Fixtures for the UI tests: tables with fixed deals, apps with instant AI."""

from __future__ import annotations

import pytest

from footycards.seats import Table, parse_players


@pytest.fixture
def make_table():
    """Build a Table from a seat list, a fixed deal and the table size."""

    def make(players: str, deal: list[str], rows: int, cols: int, **opts) -> Table:
        options = {"rows": rows, "cols": cols, "deal": deal, **opts}
        return Table.start("stadium", parse_players(players), 1, options)

    return make
