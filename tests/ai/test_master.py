"""The master level (footycards.ai.master): offered everywhere, reads only its view, its
samples come from the view alone, keeps to its budget, and `--think` is checked."""

from __future__ import annotations

import copy
import json
import math
import random
import time
from dataclasses import replace
from typing import Any

import pytest
from click.testing import CliRunner

from footycards.ai import LEVELS, master
from footycards.ai.master import MasterAgent
from footycards.cli import main
from footycards.registry import REGISTRY
from footycards.seats import parse_players
from footycards.tui.screens.launcher import KINDS
from footycards.tui.screens.tables import SEAT_KINDS


@pytest.fixture(autouse=True)
def master_knows_every_game() -> None:
    """Agents built here directly (not by make_agent) are taught the registry's games."""
    for spec in REGISTRY:
        master.learn_game(spec.id, master.GameParts(spec.engine, dict(spec.agents), spec.team_play))


def test_make_agent_teaches_master_its_game_and_the_ai_layer_needs_no_registry():
    from footycards.match import make_agent

    master.GAMES.clear()
    agent = make_agent("sadikov", "master")
    assert master.GAMES["sadikov"].engine == REGISTRY.get("sadikov").engine
    state = REGISTRY.get("sadikov").engine_module().new_game(2, 1, {})
    action = agent.choose(state.view(0), list(state.legal_actions()), random.Random(1))
    assert str(action) in {str(a) for a in state.legal_actions()}
    master.GAMES.clear()
    with pytest.raises(LookupError):
        MasterAgent(samples=1).choose(state.view(0), list(state.legal_actions()), random.Random(1))


@pytest.fixture(autouse=True)
def search_every_decision(monkeypatch) -> None:
    """Top trumps' master searches a share of its calls only (issue 22's ladder): here
    every decision is searched, so that the search itself is what is tested."""
    tuning = master.TUNING["quartett"]
    monkeypatch.setitem(master.TUNING, "quartett", replace(tuning, search_share=1.0))


def test_a_decision_it_does_not_search_is_the_leads_choice_and_costs_no_sample(monkeypatch):
    """search_share: at 0 master plays its lead's choice and makes no sample; at ½ it
    searches about half its decisions; top trumps' own share is between."""
    real = master.TUNING["quartett"]
    state = position("quartett", 2, {"mode": "fussball"}, 11, 2)
    seat = state.to_move
    view, legal = state.view(seat), list(state.legal_actions())
    hard = REGISTRY.get("quartett").agent_factory("hard")
    monkeypatch.setitem(master.TUNING, "quartett", replace(real, search_share=0.0))
    for k in range(10):
        agent = MasterAgent(samples=4)
        lead = hard("hard").choose(view, legal, random.Random(k))
        assert str(agent.choose(view, legal, random.Random(k))) == str(lead)
        assert agent.stats["samples"] == 0
    monkeypatch.setitem(master.TUNING, "quartett", replace(real, search_share=0.5))
    searched = 0
    for k in range(60):
        agent = MasterAgent(samples=2)
        agent.choose(view, legal, random.Random(k))
        searched += agent.stats["samples"] > 0
    assert 15 <= searched <= 45
    monkeypatch.undo()
    assert 0 < master.TUNING["quartett"].search_share < 1
    assert master.TUNING["stadium"].search_share == 1


def norm(view: Any) -> Any:
    return json.loads(json.dumps(view))


def position(game: str, players: int, options: dict, seed: int, moves: int) -> Any:
    """A state after `moves` random moves where the seat to move has a choice (and, in World
    Wave, an action phase with no window open: where the engine builds states)."""
    engine = REGISTRY.get(game).engine_module()
    state = engine.new_game(players, seed, dict(options))
    rng = random.Random(seed)
    n = 0
    while not state.is_over:
        if n >= moves and len(state.legal_actions()) > 1:
            if game != "worldwave" or (state.phase == "action" and not state.windows):
                return state
        state.apply(rng.choice(state.legal_actions()))
        n += 1
    raise AssertionError("the game ended before a choice")


SETUPS = [
    pytest.param("stadium", 2, {"rows": 4, "cols": 6}, 9, id="stadium"),
    pytest.param("quartett", 3, {"mode": "fussball"}, 4, id="fussball"),
    pytest.param("quartett", 2, {"mode": "abwehr-angriff"}, 4, id="abwehr-angriff"),
    pytest.param("quartett", 3, {"mode": "quartett"}, 6, id="quartett"),
    pytest.param("quartett", 2, {"mode": "quartett"}, 6, id="quartett-2p"),
    pytest.param("sadikov", 2, {}, 10, id="sadikov"),
    pytest.param("worldwave", 4, {}, 30, id="worldwave"),
]


def test_master_is_a_level_of_every_game_and_offered_everywhere():
    assert "master" in LEVELS
    for spec in REGISTRY:
        assert spec.agents["master"] == "footycards.ai.master:MasterAgent", spec.id
    assert [s.ai for s in parse_players("You,ai:master")] == [None, "master"]
    assert "master" in [value for _label, value in KINDS]
    assert "master" in [value for _label, value in SEAT_KINDS]


@pytest.mark.parametrize("game,players,options,moves", SETUPS)
def test_master_reads_only_its_view(game, players, options, moves, monkeypatch):
    """Two states with the same view for the seat to move but other hidden cards (the
    second built from the view by the engine's hook): the same samples, each one showing
    that view, and the same choice, with the same random source."""
    state = position(game, players, options, 5, moves)
    engine = REGISTRY.get(game).engine_module()
    seat = state.to_move
    view = state.view(seat)
    twin = engine.determinize(view, random.Random(99))
    assert norm(twin.view(seat)) == norm(view)
    built: list[list[Any]] = [[], []]
    real = engine.determinize

    def spy(which: int):
        def determinize(v: Any, rng: random.Random) -> Any:
            out = real(v, rng)
            built[which].append(out.clone())
            return out

        return determinize

    choices = []
    for which, s in enumerate((state, twin)):
        monkeypatch.setattr(engine, "determinize", spy(which))
        agent = MasterAgent(samples=5)
        choices.append(str(agent.choose(s.view(seat), list(s.legal_actions()), random.Random(7))))
    assert choices[0] == choices[1]
    assert built[0], "master made no sample"
    assert [b.to_json() for b in built[0]] == [b.to_json() for b in built[1]]
    for b in built[0]:  # each sample: the seat's view, nothing it cannot know
        assert norm(b.view(seat)) == norm(view)
    assert any(b.to_json() != state.to_json() for b in built[0])


def test_master_decides_alike_from_views_that_hide_different_cards():
    """The decision distribution: over many random sources, the choices from a view and
    from its twin (other hidden cards) are the same, source by source."""
    state = position("quartett", 2, {"mode": "fussball"}, 11, 2)
    seat = state.to_move
    twin = state.reshuffled(seat, random.Random(3))
    assert twin.to_json() != state.to_json()
    for k in range(12):
        a = MasterAgent(samples=4).choose(state.view(seat), state.legal_actions(), random.Random(k))
        b = MasterAgent(samples=4).choose(twin.view(seat), twin.legal_actions(), random.Random(k))
        assert str(a) == str(b)


@pytest.mark.parametrize("game,players,options,moves", SETUPS)
def test_the_budget_is_kept(game, players, options, moves):
    """A decision at think 0.05 s takes about that much CPU time (a rollout's worth over
    at most) and a bounded wall time; it searched where the engine builds states."""
    state = position(game, players, options, 8, moves)
    seat = state.to_move
    # warm up first: a first decision also imports the game's agents and loads its data
    MasterAgent(samples=1).choose(state.view(seat), list(state.legal_actions()), random.Random(0))
    agent = MasterAgent(think=0.05)
    cpu0, wall0 = time.thread_time(), time.monotonic()
    action = agent.choose(state.view(seat), list(state.legal_actions()), random.Random(1))
    cpu, wall = time.thread_time() - cpu0, time.monotonic() - wall0
    assert str(action) in {str(a) for a in state.legal_actions()}
    assert cpu < 0.05 + 0.25, cpu
    assert wall < master.WALL_FACTOR * 0.05 + 2.0, wall
    if game == "stadium" or options.get("mode") in ("fussball", "abwehr-angriff"):
        assert agent.stats["samples"] > 0


def test_more_time_more_samples():
    """The budget is time, not a count: ten times the time, more samples."""
    state = position("quartett", 3, {"mode": "fussball"}, 8, 4)
    seat = state.to_move
    counts = []
    for think in (0.02, 0.2):
        agent = MasterAgent(think=think)
        agent.choose(state.view(seat), list(state.legal_actions()), random.Random(1))
        counts.append(agent.stats["samples"])
    assert counts[1] > counts[0] >= 1, counts


def test_master_agents_copy_for_undo():
    """Undo keeps deep copies of the agents: a master agent copies, memory and all."""
    state = position("stadium", 2, {"rows": 4, "cols": 4}, 2, 3)
    agent = MasterAgent(samples=2)
    agent.choose(state.view(state.to_move), list(state.legal_actions()), random.Random(1))
    twin = copy.deepcopy(agent)
    assert twin.tuning == agent.tuning and twin is not agent


@pytest.mark.parametrize(
    "game,players,options",
    [
        ("stadium", 2, {"rows": 2, "cols": 4}),
        ("quartett", 2, {"mode": "fussball", "round_limit": 6}),
        ("quartett", 2, {"mode": "quartett"}),
    ],
)
def test_master_plays_a_whole_game(game, players, options):
    engine = REGISTRY.get(game).engine_module()
    state = engine.new_game(players, 3, dict(options))
    agents = [MasterAgent(think=0.01), REGISTRY.get(game).agent_factory("hard")("hard")]
    rng = random.Random(3)
    while not state.is_over:
        seat = state.to_move
        agent = agents[seat]
        view = state.view(seat, log=agent.uses_log)
        state.apply(agent.choose(view, list(state.legal_actions()), rng))
    assert state.result()["winners"]


@pytest.mark.parametrize("bad", ["0", "-1", "nan", "61", "1e9", "abc", ""])
def test_think_refuses_bad_values(bad, monkeypatch):
    monkeypatch.setattr(master, "_think", master.DEFAULT_THINK)
    """0, negative, nan, too long, not a number, empty: refused by name (exit 2), in `sim`
    and `text` alike, and the budget stays."""
    for command in (["sim", "stadium", "--players", "ai:master,ai:hard"], ["text", "stadium"]):
        result = CliRunner().invoke(main, [*command, "--think", bad])
        assert result.exit_code == 2, result.output
        assert "--think" in result.output, result.output
        assert "Traceback" not in result.output
    assert master.think() == master.DEFAULT_THINK


def test_think_sets_the_budget(monkeypatch):
    monkeypatch.setattr(master, "_think", master.DEFAULT_THINK)
    result = CliRunner().invoke(
        main,
        ["sim", "stadium", "--players", "ai:master,ai:hard", "--games", "1", "--rows", "2",
         "--cols", "2", "--workers", "1", "--quiet", "--think", "0.02"],
    )  # fmt: skip
    assert result.exit_code == 0, result.output
    assert math.isclose(master.think(), 0.02)
    assert MasterAgent().think == 0.02
    with pytest.raises(ValueError):
        master.set_think(0)


def test_master_thinks_off_the_event_loop(monkeypatch):
    """The TUI and shared tables ask through `Match.decide_paced`, which runs the decision
    in a worker thread: the event loop keeps running while master searches."""
    import asyncio

    from footycards.match import Match
    from footycards.seats import SeatSpec

    monkeypatch.setattr(master, "_think", 0.3)
    seats = [SeatSpec("AI master", "master"), SeatSpec("AI hard", "hard")]
    match = Match.start("quartett", seats, seed=4, options={"mode": "fussball"})

    async def run() -> tuple[Any, int]:
        ticks = 0

        async def ticker() -> None:
            nonlocal ticks
            while True:
                ticks += 1
                await asyncio.sleep(0.01)

        task = asyncio.create_task(ticker())
        action = await match.decide_paced(0.0)
        task.cancel()
        return action, ticks

    action, ticks = asyncio.run(run())
    assert str(action) in {str(a) for a in match.state.legal_actions()}
    assert ticks >= 5, ticks
