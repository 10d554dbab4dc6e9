"""`footycards sim worldwave`: the game's own table through the registry's sim hook (per
character games, win rate and goals; the first team's win rate; turns and actions)."""

from __future__ import annotations

import random

from click.testing import CliRunner

from footycards.cli import main
from footycards.core import worldwave as ww
from footycards.registry import REGISTRY, get_spec
from footycards.textmode.worldwave_sim import WorldWaveReport


def test_sim_prints_the_character_table_and_match_figures():
    result = CliRunner().invoke(
        main,
        ["sim", "worldwave", "--games", "4", "--players", "ai:easy,ai:easy,ai:easy,ai:easy",
         "--quiet"],
    )  # fmt: skip
    assert result.exit_code == 0, result.output
    out = result.output
    assert "World Wave characters over 4 matches" in out
    assert "Goals/game" in out and "First team (seat 1's) win rate:" in out
    assert "Per match:" in out and "turns" in out


def test_only_games_with_a_report_print_one():
    """The hook is the registry's: a game without `sim_report` prints no such table."""
    assert get_spec("worldwave").new_sim_report() is not None
    others = [s for s in REGISTRY if s.id != "worldwave"]
    assert others and all(s.new_sim_report() is None for s in others)
    result = CliRunner().invoke(main, ["sim", "sadikov", "--games", "2", "--quiet"])
    assert result.exit_code == 0 and "characters over" not in result.output


def finished(seed: int, characters: list[str]) -> ww.WorldWaveState:
    state = ww.new_game(len(characters), seed=seed, options={"characters": characters})
    rng = random.Random(seed)
    while not state.is_over:
        state.apply(rng.choice(state.legal_actions()))
    return state


def test_report_counts_games_wins_draws_and_goals():
    """A win counts 1 for each of the team's characters, a draw half; goals by shooter."""
    report = WorldWaveReport()
    states = [finished(seed, ["rooney", "terry"]) for seed in range(12)]
    for state in states:
        report.add(state.public_view(), 100)
    rooney = sum(
        0.5
        if len({w % 2 for w in s.result()["winners"]}) == 2
        else float(0 in s.result()["winners"])
        for s in states
    )
    assert report.games["rooney"] == 12 and report.wins["rooney"] == rooney
    assert report.wins["rooney"] + report.wins["terry"] == 12
    assert report.goals["rooney"] == sum(s.goals[0] for s in states)
    assert report.first_team == rooney and report.actions == 1200
    (table,) = report.tables()
    assert {row[0] for row in table.rows} == {"魯尼 Rooney", "特里 Terry"}
    assert table.notes[1].startswith("Per match: ")
