"""master's own searches in Sadikov's Football (ai/sadikov.py, SadikovMaster: hard's
expectimax by alpha-beta, deeper, on determinizations) and World Wave
(ai/worldwave_search.py, MasterSearch: hard's search with the budget's samples)."""

from __future__ import annotations

import math
import random
import time

import pytest

from footycards.ai import master
from footycards.ai.master import Budget, MasterAgent
from footycards.ai.sadikov import SadikovAgent, SadikovMaster, _Keeper, _Pos
from footycards.registry import REGISTRY


@pytest.fixture(autouse=True)
def master_knows_every_game() -> None:
    for spec in REGISTRY:
        master.learn_game(spec.id, master.GameParts(spec.engine, dict(spec.agents), spec.team_play))


def sadikov_positions(n: int) -> list:
    """States of Sadikov's Football after some random takes, seat to move with a choice."""
    engine = REGISTRY.get("sadikov").engine_module()
    out = []
    for seed in range(n):
        state = engine.new_game(2, seed, {})
        rng = random.Random(seed)
        for _ in range(3 + 7 * seed % 30):
            if state.is_over:
                break
            state.apply(rng.choice(state.legal_actions()))
        if not state.is_over and len(state.legal_actions()) > 1:
            out.append(state)
    return out


@pytest.mark.parametrize("depth", [1, 2, 3, 4])
def test_alpha_beta_values_are_hards_expectimax_values(depth):
    """With the whole window at the root, every take's value is exactly hard's (the
    pruning never changes a value, only skips work), at every depth."""
    for state in sadikov_positions(12):
        view = state.view(state.to_move, log=False)
        pos, keeper = _Pos.of(view), _Keeper(view)
        hard, mine = SadikovAgent("hard"), SadikovMaster()
        for i in pos.legal():
            want = hard._after(pos, i, keeper, depth, pos.mover)
            got = mine._after(pos, i, keeper, depth, pos.mover, -math.inf, math.inf, timed=False)
            assert math.isclose(got, want, rel_tol=1e-9, abs_tol=1e-9), (depth, i, got, want)
        assert mine.takes <= hard.takes


def test_sadikov_master_searches_deeper_with_more_time_and_keeps_the_budget(monkeypatch):
    monkeypatch.setattr(master, "WALL_FACTOR", 100.0)  # CPU time decides, whatever the load
    state = sadikov_positions(4)[1]
    view = state.view(state.to_move)
    legal = list(state.legal_actions())
    depths = []
    for think in (0.01, 0.3):
        agent = MasterAgent(think=think)
        cpu0 = time.thread_time()
        action = agent.choose(view, legal, random.Random(2))
        cpu = time.thread_time() - cpu0
        assert action in legal
        assert cpu < think + 0.25, (think, cpu)
        depths.append(agent._own.depth)
    assert depths[1] > depths[0] >= 4, depths


def test_sadikov_master_samples_face_down_cards_from_the_view_only():
    """Its determinizations come from the engine's hook and the view: two states with the
    same view (other face-down cards) give the same choice with the same random source."""
    engine = REGISTRY.get("sadikov").engine_module()
    for state in sadikov_positions(6)[:3]:
        seat = state.to_move
        twin = engine.determinize(state.view(seat), random.Random(5))
        assert twin.to_json() != state.to_json()
        for k in range(3):
            a = MasterAgent(samples=2).choose(
                state.view(seat), state.legal_actions(), random.Random(k)
            )
            b = MasterAgent(samples=2).choose(
                twin.view(seat), twin.legal_actions(), random.Random(k)
            )
            assert str(a) == str(b)


def worldwave_position(seed: int):
    engine = REGISTRY.get("worldwave").engine_module()
    state = engine.new_game(4, seed, {})
    rng = random.Random(seed)
    n = 0
    while not state.is_over:
        if n >= 30 and len(state.legal_actions()) > 2 and state.phase == "action":
            if not state.windows:
                return state
        state.apply(rng.choice(state.legal_actions()))
        n += 1
    raise AssertionError("no position")


def test_world_wave_master_takes_more_samples_with_more_time(monkeypatch):
    monkeypatch.setattr(master, "WALL_FACTOR", 100.0)  # CPU time decides, whatever the load
    state = worldwave_position(4)
    seat = state.to_move
    legal = list(state.legal_actions())
    counts = []
    for think in (0.02, 0.3):
        agent = MasterAgent(think=think)
        cpu0 = time.thread_time()
        action = agent.choose(state.view(seat), legal, random.Random(1))
        assert action in legal
        assert time.thread_time() - cpu0 < think + 0.25
        counts.append(agent._own.samples)
    assert counts[1] > counts[0], counts
    assert counts[1] > 16  # more than hard's 16 determinizations


def test_a_fixed_count_budget_has_no_clock():
    budget = Budget(1.0, time.thread_time(), time.monotonic(), samples=3)
    assert budget.fraction() == 0.0 and not budget.over()
    assert budget.ends() == (math.inf, math.inf)
    timed = Budget(0.001, time.thread_time() - 1.0, time.monotonic())
    assert timed.over()


def test_sadikov_master_stops_a_depth_once_its_budget_is_spent():
    from footycards.ai.sadikov import _OutOfTime

    state = sadikov_positions(4)[1]
    view = state.view(state.to_move, log=False)
    pos, keeper = _Pos.of(view), _Keeper(view)
    mine = SadikovMaster()
    mine.budget = Budget(0.001, time.thread_time() - 1.0, time.monotonic())  # spent
    with pytest.raises(_OutOfTime):
        mine._after(pos, pos.legal()[0], keeper, 6, pos.mover, -math.inf, math.inf)
    assert mine.takes == 128  # checked every 128 takes
    untimed = SadikovMaster()
    untimed.budget = mine.budget
    untimed._after(pos, pos.legal()[0], keeper, 3, pos.mover, -math.inf, math.inf, timed=False)


@pytest.mark.parametrize("depth", [2, 3, 4, 5])
def test_sadikov_master_root_take_is_the_best_of_hards_values_with_fewer_takes(depth):
    """The bounds carried across the root takes never change the choice's value: the take
    master's root picks has the highest of hard's expectimax values at that depth, and
    the search makes fewer takes than valuing every root take with the whole window."""
    narrow = wide = 0
    for state in sadikov_positions(12):
        view = state.view(state.to_move, log=False)
        pos, keeper = _Pos.of(view), _Keeper(view)
        hard = SadikovAgent("hard")
        values = {i: hard._after(pos, i, keeper, depth, pos.mover) for i in pos.legal()}
        whole = SadikovMaster()
        for i in pos.legal():
            whole._after(pos, i, keeper, depth, pos.mover, -math.inf, math.inf, timed=False)
        mine = SadikovMaster()
        picked = mine._root(pos, keeper, depth, pos.legal(), timed=False)
        assert math.isclose(values[picked], max(values.values()), abs_tol=1e-9)
        narrow, wide = narrow + mine.takes, wide + whole.takes
    assert narrow < 0.8 * wide, (narrow, wide)  # the bounds cut off work


def scripted_master(monkeypatch, value):
    """A World Wave MasterSearch whose samples are `value(candidate, sample)` (no rollout),
    and a position with at least three candidates."""
    from footycards.ai import worldwave_search as ws

    def sample_values(self, base, alive, cands, me, horizon, seed):
        self.sample_no = getattr(self, "sample_no", -1) + 1
        return {i: value(i, self.sample_no) for i in alive}

    monkeypatch.setattr(ws.MasterSearch, "sample_values", sample_values)
    for seed in range(4, 60):
        state = worldwave_position(seed)
        view = state.view(state.to_move)
        legal = list(state.legal_actions())
        search = ws.MasterSearch()
        first = search.agent.policy(view, legal, random.Random(0))
        cands = ws.candidates(legal, first, view["hand"], ws.MASTER_CANDIDATES)
        if len(cands) >= 3:
            return search, view, legal, cands
    raise AssertionError("no position with three candidates")


def test_world_wave_master_switches_for_a_small_steady_gain(monkeypatch):
    """Many samples: a candidate that gains 0.01 goals a sample on the normal choice (give
    or take 0.1) is played (hard's rule, 0.02 goals and 1 standard error, kept normal's)."""

    def value(i, k):
        return (0.01 + (0.1 if k % 2 else -0.1)) if i == 1 else 0.0

    search, view, legal, cands = scripted_master(monkeypatch, value)
    budget = Budget(1.0, time.thread_time(), time.monotonic(), samples=64)
    assert search.master_search(view, legal, random.Random(1), budget) == cands[1]
    assert search.samples == 64


def test_world_wave_master_keeps_a_candidate_half_a_goal_behind(monkeypatch):
    """A candidate 0.5 goals a sample behind the best after the first samples stays in the
    race (hard's cut, 0.4, dropped it) and is played once the leader falls back."""

    def value(i, k):
        if i == 1:
            return 1.0 if k < 8 else -1.0
        return 0.5 if i == 2 else 0.0

    search, view, legal, cands = scripted_master(monkeypatch, value)
    budget = Budget(1.0, time.thread_time(), time.monotonic(), samples=64)
    assert search.master_search(view, legal, random.Random(1), budget) == cands[2]


def test_world_wave_master_rolls_out_two_rounds(monkeypatch):
    """master's rollouts play past the end of the round (hard's stop there), to the end of
    the next: the states it judges are more than one round after the decision's turn."""
    from footycards.ai import worldwave_search as ws

    judged: list[int] = []
    real = ws.judge

    def judge(state, me):
        if not state.is_over:
            judged.append(state.turn_number)
        return real(state, me)

    monkeypatch.setattr(ws, "judge", judge)
    state = worldwave_position(4)
    view = state.view(state.to_move)
    search = ws.MasterSearch()
    budget = Budget(1.0, time.thread_time(), time.monotonic(), samples=4)
    search.master_search(view, list(state.legal_actions()), random.Random(1), budget)
    rounds = min(view["players"], 4)
    assert judged and min(judged) >= view["turn_number"] + 2 * rounds + 1  # one round: + 5
