"""Engines are found by looking in footycards.core: a new game needs no list edited there."""

from __future__ import annotations

import sys
import textwrap

import pytest

import footycards.core
from footycards.core import GAMES, SHARED, game_ids, get_game


@pytest.fixture
def fifth_game(tmp_path, monkeypatch):
    """A trivial engine `fifthgame` (and a helper module of it) on footycards.core's path."""
    (tmp_path / "fifthgame.py").write_text(
        textwrap.dedent(
            """
            ID = "fifthgame"

            def new_game(players=2, seed=None, options=None):
                return None
            """
        ),
        encoding="utf-8",
    )
    (tmp_path / "fifthgame_cards.py").write_text("CARDS = ()\n", encoding="utf-8")
    monkeypatch.setattr(footycards.core, "__path__", [*footycards.core.__path__, str(tmp_path)])
    yield "fifthgame"
    for name in ("footycards.core.fifthgame", "footycards.core.fifthgame_cards"):
        sys.modules.pop(name, None)


def test_a_new_engine_module_is_found(fifth_game):
    """A module with an ID and new_game is a game: get_game, GAMES and game_ids know it."""
    assert fifth_game in game_ids()
    assert fifth_game in GAMES
    assert get_game(fifth_game).ID == fifth_game


def test_helper_and_shared_modules_are_no_games(fifth_game):
    """A helper module without an ID and the shared modules are not offered as games."""
    assert "fifthgame_cards" not in game_ids()
    with pytest.raises(KeyError, match="unknown game 'fifthgame_cards'"):
        get_game("fifthgame_cards")
    for name in SHARED:
        assert name not in GAMES


@pytest.mark.parametrize("bad", ["", "..", "stadium.x", "_private", "contract", "nosuchgame"])
def test_unknown_ids_are_refused(bad):
    """Ids that name no engine give a KeyError listing the games (never an ImportError)."""
    with pytest.raises(KeyError, match="games are: .*stadium"):
        get_game(bad)
    assert bad not in GAMES


def test_the_shared_modules_are_the_import_contract_s():
    """`SHARED` (no games) and the engine-independence contract's ignored imports name the
    same modules, and each of them exists."""
    import tomllib
    from pathlib import Path

    pyproject = Path(footycards.core.__file__).parents[2] / "pyproject.toml"
    contracts = tomllib.loads(pyproject.read_text(encoding="utf-8"))["tool"]["importlinter"]
    [independence] = [c for c in contracts["contracts"] if c["type"] == "independence"]
    ignored = set()
    for rule in independence["ignore_imports"]:
        source, target = (side.strip().rsplit(".", 1)[1] for side in rule.split("->"))
        if source != "**":  # a game and its own helper module (stadium_determinize)
            assert source.split("_")[0] == target.split("_")[0], rule
            continue
        ignored.add(target)
    assert ignored == set(SHARED)
    for name in SHARED:
        assert (Path(footycards.core.__file__).parent / f"{name}.py").is_file()
