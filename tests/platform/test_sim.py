"""`footycards.sim`: AI-against-AI runs returned as data, without any UI library."""

from __future__ import annotations

import subprocess
import sys

import pytest

from footycards.match import Match
from footycards.registry import get_spec
from footycards.seats import parse_players
from footycards.sim import SimResult, simulate


def test_simulate_returns_the_figures_of_every_game():
    """Wins add up to the games played, lengths are counted and the mode is named."""
    spec = get_spec("stadium")
    seats = parse_players("ai:normal,ai:random")
    seen: list[int] = []
    result = simulate(spec, seats, 6, 1, {"rows": 2, "cols": 3}, lambda: seen.append(1))
    assert isinstance(result, SimResult)
    assert result.game == spec.name and result.asked == 6 and result.played == 6
    assert len(seen) == 6 and not result.stopped
    assert abs(sum(result.wins) - 6) < 1e-9
    assert abs(sum(result.win_rate(s) for s in range(2)) - 100) < 1e-6
    assert result.actions == sum(result.lengths) and result.longest == max(result.lengths)
    assert result.mean_length == result.actions / 6
    assert result.elapsed > 0 and result.actions_per_second > 0
    assert result.tables == []  # Stadium has no sim_report


def test_simulate_is_repeatable_by_seed():
    """The same seed plays the same games."""
    spec = get_spec("quartett")
    seats = parse_players("ai:easy,ai:random")
    one = simulate(spec, seats, 3, 5, {})
    two = simulate(spec, seats, 3, 5, {})
    assert one.lengths == two.lengths and one.wins == two.wins
    assert one.mode == str(spec.option(spec.mode_option).default)


def test_a_game_with_a_sim_report_returns_its_tables():
    """World Wave's own figures come back as the game's SimTables."""
    spec = get_spec("worldwave")
    result = simulate(spec, parse_players("ai:normal,ai:normal"), 2, 1, {})
    assert result.played == 2 and result.tables
    assert all(t.title and t.columns for t in result.tables)


def test_ctrl_c_returns_the_games_so_far(monkeypatch):
    """A KeyboardInterrupt ends the run with the figures of the games finished."""
    real = Match.run_ai
    calls = {"n": 0}

    def run_ai(self, limit=None):
        calls["n"] += 1
        if calls["n"] == 3:
            raise KeyboardInterrupt
        return real(self, limit)

    monkeypatch.setattr(Match, "run_ai", run_ai)
    result = simulate(get_spec("stadium"), parse_players("ai:easy,ai:easy"), 9, 1, {})
    assert result.stopped and result.played == 2 and result.asked == 9


def test_the_simulator_loads_no_ui_library():
    """Importing and running `footycards.sim` imports neither textual, rich nor click."""
    code = (
        "import sys; from footycards.sim import simulate;"
        "from footycards.registry import get_spec; from footycards.seats import parse_players;"
        "simulate(get_spec('stadium'), parse_players('ai:easy,ai:easy'), 1, 1, {});"
        "print(sorted(m for m in ('textual', 'rich', 'click') if m in sys.modules))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"


def test_workers_give_the_figures_of_one_process():
    """Shared over 2 or 3 processes, the games are those of one: wins, lengths, tables."""
    spec = get_spec("worldwave")
    seats = parse_players("ai:normal,ai:easy")
    one = simulate(spec, seats, 5, 2, {})
    seen: list[int] = []
    for workers in (2, 3):
        seen.clear()
        many = simulate(spec, seats, 5, 2, {}, lambda: seen.append(1), workers=workers)
        assert many.workers == workers and len(seen) == 5 and not many.stopped
        assert many.lengths == one.lengths and many.wins == one.wins
        assert many.tables == one.tables


def test_more_workers_than_games_play_each_game_once():
    result = simulate(get_spec("stadium"), parse_players("ai:easy,ai:easy"), 2, 1, {}, workers=8)
    assert result.workers == 2 and result.played == 2


def test_ctrl_c_with_workers_returns_the_games_finished(monkeypatch):
    """Ctrl+C in the parent while workers play: the pool ends, the finished games count."""
    calls = {"n": 0}

    def on_game():
        calls["n"] += 1
        if calls["n"] == 2:
            raise KeyboardInterrupt

    spec = get_spec("stadium")
    result = simulate(spec, parse_players("ai:easy,ai:easy"), 40, 1, {"rows": 2, "cols": 3},
                      on_game, workers=2)  # fmt: skip
    assert result.stopped and 2 <= result.played < 40
    assert result.actions == sum(result.lengths)


@pytest.mark.parametrize("workers", [0, -1, 257])
def test_bad_worker_counts_are_refused(workers):
    with pytest.raises(ValueError, match="workers must be from 1 to 256"):
        simulate(get_spec("stadium"), parse_players("ai:easy,ai:easy"), 2, 1, {}, workers=workers)
