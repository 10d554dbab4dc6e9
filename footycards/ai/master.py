"""Provides MasterAgent, the `master` level of every game: a determinized search over what
its seat cannot see, within a time budget.

Per decision it reads only its view (with the log) and:

1. lists a few candidate actions: the choices of the game's rollout policy (its `hard`
   or `normal` agent, asked with several random sources) first, then other legal actions
   of other kinds, up to `Tuning.candidates`;
2. samples a state consistent with the view through the engine's hook
   (`determinize(view, rng)`, contract.Determinize): the cards the seat cannot know dealt
   at random, never from the real state;
3. plays each candidate in that same sample (common random numbers), then every seat by
   the rollout policy until the game ends or `Tuning.horizon` actions have passed, and
   scores the outcome for its seat: 1 a win (of its team), ½ a shared win, 0 a loss;
   before the end, the score margin through a squashing function;
4. repeats 2–3 while the budget lasts, and plays the candidate with the best mean
   (the policy's own choice when the means tie, or when no sample could be made: the
   engine cannot build a state from this view, e.g. World Wave's response windows).

The budget (`think`, seconds, default `DEFAULT_THINK`; `footycards play|text|sim
--think`) is CPU time of the deciding thread, so a busy machine does not make the level
weaker, with a wall-clock cap (`WALL_FACTOR` × think) so a decision never waits on a
loaded machine for long; a sample still running at the cap is dropped. It gets stronger
on faster machines. `samples` fixes the number of samples instead (tests, reproducible
decisions). Matches run `Match.decide` in a worker thread (TUI and shared tables), so
the event loop never waits on the search.
"""

from __future__ import annotations

import importlib
import math
import random
import time
from dataclasses import dataclass
from typing import Any

from footycards.core.contract import Determinize

DEFAULT_THINK = 1.0  # seconds of CPU time per decision
THINK_RANGE = (0.01, 60.0)  # what --think accepts
WALL_FACTOR = 3.0  # the wall-clock cap, in budgets
_think = DEFAULT_THINK  # the process's budget (set_think: the command line's --think)


def set_think(seconds: float) -> None:
    """Set the budget of master agents made from now on in this process (--think)."""
    global _think
    low, high = THINK_RANGE
    if not (isinstance(seconds, int | float) and low <= seconds <= high):
        raise ValueError(f"think must be from {low} to {high} seconds, not {seconds!r}")
    _think = float(seconds)


def think() -> float:
    """The budget new master agents get (seconds)."""
    return _think


@dataclass(frozen=True)
class Tuning:
    """A game's search settings."""

    rollout: str = "hard"  # the level of the rollout policy (and of the first candidate)
    candidates: int = 6  # actions compared at most
    proposals: int = 4  # times the policy is asked for its choice (random sources differ)
    horizon: int = 400  # actions a rollout plays at most before the score margin judges
    margin_scale: float = 3.0  # the score margin worth about 3/4 of a win (tanh)


TUNING: dict[str, Tuning] = {
    # a long game of many small decisions: the hard memory player, margins in stars
    "stadium": Tuning(rollout="hard", candidates=5, proposals=3, horizon=60, margin_scale=4.0),
    # top trumps ends by cards; the ask game by quartets (each worth 1)
    "quartett": Tuning(rollout="normal", candidates=6, proposals=3, horizon=120, margin_scale=6.0),
    # a short duel: rollouts to the end of the match (goals)
    "sadikov": Tuning(rollout="normal", candidates=5, proposals=1, horizon=200, margin_scale=1.0),
    # the search of hard plays on top of normal; rollouts by normal for a round or two
    "worldwave": Tuning(rollout="normal", candidates=6, proposals=2, horizon=60, margin_scale=1.0),
}


def _kind(action: Any) -> str:
    """What sort of action it is, for variety among the candidates: its verb."""
    text = str(action)
    return text.split()[0] if text else text


class MasterAgent:
    """The `master` level: determinized search with the game's own agents as rollouts."""

    name = "master"
    uses_view = True
    uses_log = True  # the engine hook replays the log (turn bookkeeping, known places)

    def __init__(
        self, level: str = "master", *, think: float | None = None, samples: int | None = None
    ) -> None:
        if level != "master":
            raise ValueError(f"MasterAgent plays the master level, not '{level}'")
        self.think = _think if think is None else think
        self.samples = samples  # a fixed number of samples instead of the clock
        self._game: str | None = None
        self._engine: Any = None
        self._policy: Any = None  # the rollout level's agent for this seat (its memory)
        self.tuning = Tuning()
        self.stats = {"decisions": 0, "samples": 0, "fallbacks": 0}

    # -- set-up --------------------------------------------------------------------

    def _setup(self, view: dict[str, Any]) -> None:
        from footycards.registry import get_spec

        game = view["game"]
        if self._game == game:
            return
        spec = get_spec(game)
        self._game = game
        self._spec = spec
        self._engine = importlib.import_module(spec.engine)
        self.tuning = TUNING.get(game, Tuning())
        self._policy = self._new_policy()

    def _new_policy(self) -> Any:
        level = self.tuning.rollout
        return self._spec.agent_factory(level)(level)

    # -- the decision --------------------------------------------------------------

    def choose(self, view: dict[str, Any], legal_actions: list[Any], rng: random.Random) -> Any:
        self._setup(view)
        self.stats["decisions"] += 1
        policy_view = view if self._policy.uses_log else {**view, "log": []}
        first = self._policy.choose(policy_view, legal_actions, rng)
        if len(legal_actions) < 2 or not isinstance(self._engine, Determinize):
            return first
        local = random.Random(rng.getrandbits(64))
        cands = self.candidates(view, legal_actions, first, local)
        if len(cands) < 2:
            return first
        best = self.search(view, cands, local)
        if best is None:
            self.stats["fallbacks"] += 1
            return first
        return best

    def candidates(
        self, view: dict[str, Any], legal: list[Any], first: Any, rng: random.Random
    ) -> list[Any]:
        """The policy's choice first, then its other choices, then one legal action of
        each kind not yet in, then others at random, up to `Tuning.candidates`."""
        tuning = self.tuning
        out = [first]
        keys = {str(first)}
        for _ in range(tuning.proposals - 1):
            fresh = self._new_policy()
            pv = view if fresh.uses_log else {**view, "log": []}
            a = fresh.choose(pv, legal, random.Random(rng.getrandbits(32)))
            if str(a) not in keys:
                keys.add(str(a))
                out.append(a)
        kinds = {_kind(a) for a in out}
        for a in legal:
            if len(out) >= tuning.candidates:
                break
            if _kind(a) not in kinds:
                kinds.add(_kind(a))
                keys.add(str(a))
                out.append(a)
        rest = [a for a in legal if str(a) not in keys]
        rng.shuffle(rest)
        out += rest[: max(0, tuning.candidates - len(out))]
        return out

    def search(self, view: dict[str, Any], cands: list[Any], rng: random.Random) -> Any | None:
        """The candidate with the best mean over samples; None with no sample made."""
        seat = view["seat"]
        totals = [0.0] * len(cands)
        samples = 0
        limit = self.samples
        budget = self.think
        cpu0, wall0 = time.thread_time(), time.monotonic()
        wall_cap = wall0 + WALL_FACTOR * budget if limit is None else math.inf
        cpu_cap = cpu0 + budget if limit is None else math.inf

        def out_of_time() -> bool:
            return time.thread_time() > cpu_cap or time.monotonic() > wall_cap

        while limit is None or samples < limit:
            seed = rng.getrandbits(64)
            try:
                base = self._engine.determinize(view, random.Random(seed))
            except ValueError:
                return None  # not a view the engine builds from: the policy decides
            values: list[float] = []
            for i, action in enumerate(cands):
                state = base.clone() if i < len(cands) - 1 else base
                value = self.rollout(state, action, seat, random.Random(seed + i), out_of_time)
                if value is None:
                    break  # out of time: this sample is dropped
                values.append(value)
            if len(values) < len(cands):
                break
            totals = [t + v for t, v in zip(totals, values, strict=True)]
            samples += 1
            if limit is None:
                cpu = time.thread_time() - cpu0
                if cpu + cpu / samples > budget or time.monotonic() > wall_cap:
                    break  # another sample would likely pass the budget
        self.stats["samples"] += samples
        if samples == 0:
            return None
        best = max(range(len(cands)), key=lambda i: (totals[i], i == 0))
        if totals[best] <= totals[0] + 1e-9:
            return cands[0]
        return cands[best]

    def rollout(
        self, state: Any, action: Any, seat: int, rng: random.Random, out_of_time: Any
    ) -> float | None:
        """Play `action`, then every seat by the rollout policy (fresh agents: a memory
        of the sample only) until the end or the horizon; the value for `seat`, or None
        once out of time (checked every few actions)."""
        state.apply(action)
        agents: dict[int, Any] = {}
        for step in range(self.tuning.horizon):
            if state.is_over:
                break
            if step % 8 == 7 and out_of_time():
                return None
            mover = state.to_move
            legal = list(state.legal_actions())
            if len(legal) == 1:
                state.apply(legal[0])
                continue
            agent = agents.get(mover)
            if agent is None:
                agent = agents[mover] = self._new_policy()
            if not agent.uses_view:
                pv: Any = {}
            else:
                pv = state.view(mover, log=agent.uses_log)
            state.apply(agent.choose(pv, legal, rng))
        if out_of_time():
            return None
        return self.value(state, seat)

    def value(self, state: Any, seat: int) -> float:
        """1 for a win (of the seat's team), ½ a shared win, 0 a loss; before the end,
        ½ plus the score margin over the best other (tanh, `Tuning.margin_scale`)."""
        if state.is_over:
            winners = state.result()["winners"]
            if seat not in winners:
                return 0.0
            return 1.0 if len(winners) == 1 or self._spec.team_play else 0.5
        scores = state.scores()
        if self._spec.team_play:
            mine = scores[seat]
            others = [s for i, s in enumerate(scores) if i % 2 != seat % 2]
        else:
            mine = scores[seat]
            others = [s for i, s in enumerate(scores) if i != seat]
        margin = mine - max(others, default=0)
        return 0.5 + 0.5 * math.tanh(margin / self.tuning.margin_scale)
