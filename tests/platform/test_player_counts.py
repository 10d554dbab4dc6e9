"""The numbers of players each game declares in the registry (what the launcher offers
without importing an engine) are the ones its engine has."""

from __future__ import annotations

from footycards.registry import REGISTRY


def test_every_game_declares_the_player_counts_of_its_engine():
    for spec in REGISTRY:
        assert spec.players, f"{spec.id} declares no player counts"
        assert spec.counts() == spec.engine_counts(), spec.id
        assert (spec.min_players, spec.max_players) == (
            spec.engine_module().MIN_PLAYERS,
            spec.engine_module().MAX_PLAYERS,
        ), spec.id
