"""Provides MasterAgent, the `master` level of every game: a determinized search over what
its seat cannot see, within a time budget.

Per decision it reads only its view (with the log) and:

1. lists a few candidate actions: the choice of the game's `hard` agent (the lead) first,
   its choices with other random sources, then legal actions of other kinds and others
   at random, up to `Tuning.candidates`;
2. samples a state consistent with the view through the engine's hook
   (`determinize(view, rng)`, contract.Determinize): the cards the seat cannot know dealt
   at random, never from the real state;
3. plays each candidate in that same sample (common random numbers), then every seat by
   the rollout policy until the game ends or `Tuning.horizon` actions have passed, and
   scores the outcome for its seat: 1 a win (of its team), ½ a shared win, 0 a loss;
   before the end, the score margin through a squashing function;
4. repeats 2–3 while the budget lasts, and plays the lead's choice unless another
   candidate gains on it clearly (mean gain, paired by sample, `Tuning.switch_z` standard
   errors above 0): few samples are noisy, and a noisy switch is worse than hard's move. With
   no sample (the engine cannot build a state from this view, e.g. World Wave's response
   windows) the lead's choice stands.

The budget (`think`, seconds, default `DEFAULT_THINK`; `footycards play|text|sim
--think`) is CPU time of the deciding thread, so a busy machine does not make the level
weaker, with a wall-clock cap (`WALL_FACTOR` × think) so a decision never waits on a
loaded machine for long; a sample still running at the cap is dropped. It gets stronger
on faster machines. `samples` fixes the number of samples instead (tests, reproducible
decisions). Matches run `Match.decide` in a worker thread (TUI and shared tables), so
the event loop never waits on the search.

A game may bring a search of its own (`Tuning.own`, "module:Class", built with the dotted
path of the game's engine): it then gets the whole decision and its `Budget` (Sadikov's
Football: hard's expectimax, deeper and on determinizations; World Wave: hard's search
with many more samples, ai/worldwave_search.py).
"""

from __future__ import annotations

import importlib
import math
import random
import time
from collections.abc import Mapping
from dataclasses import dataclass, field
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

    lead: str = "hard"  # the level whose choice is the first candidate (and the default);
    # a level the registry does not list (Stadium's "perfect") is built by hard's factory
    rollout: str = "normal"  # the level of the rollout policy (every seat)
    candidates: int = 6  # actions compared at most
    proposals: int = 3  # times the lead level is asked for its choice (random sources differ)
    horizon: int = 400  # actions a rollout plays at most before the score margin judges
    margin_scale: float = 3.0  # the score margin worth about 3/4 of a win (tanh)
    switch_z: float = 1.5  # another candidate replaces the lead's choice only when its mean
    # gain over it (paired by sample) is this many standard errors above 0
    own: str = ""  # "module:Class": the game's own search, given the whole decision
    search_share: float = 1.0  # the share of decisions searched; at the others the lead's
    # choice stands (top trumps: master beat hard 90 % and more, out of issue 22's 65–85 %)


TUNING: dict[str, Tuning] = {
    # a long game of many small decisions: led by the perfect memory (hard forgets a little,
    # footycards/ai/stadium.py), which also plays the rollouts (cheap) for a few turns, the
    # margin in stars
    "stadium": Tuning(
        lead="perfect", rollout="perfect", candidates=4, horizon=24, margin_scale=4.0
    ),
    # top trumps: the next rounds by hard (cheap), the margin in cards; the ask game: hard
    # is a belief sampler (slow), so normal plays the rollouts, the margin in quartets
    "quartett": Tuning(rollout="hard", candidates=6, horizon=6, margin_scale=4.0, search_share=0.2),
    # a duel of few decisions: hard's expectimax, deeper, over determinizations
    "sadikov": Tuning(own="footycards.ai.sadikov:SadikovMaster"),
    # hard is normal plus a determinized search: the same search with far more samples
    "worldwave": Tuning(own="footycards.ai.worldwave_search:MasterSearch"),
}
# the ask game: its own search, led by hard without careless asks, its samples from the
# belief over the hidden hands (footycards/ai/quartett_master.py)
ASK_GAME = Tuning(own="footycards.ai.quartett_master:AskMaster")
MIN_SAMPLES = 4  # samples before anything but the lead's choice is played


@dataclass(frozen=True)
class Budget:
    """One decision's budget for a game's own search: `think` seconds of the thread's CPU
    time from `cpu0` (wall clock capped at `WALL_FACTOR` × think from `wall0`), or a fixed
    count of `samples` (no clock)."""

    think: float
    cpu0: float
    wall0: float
    samples: int | None = None

    def fraction(self) -> float:
        """The share of the budget used so far (0 with a fixed count)."""
        if self.samples is not None:
            return 0.0
        cpu = (time.thread_time() - self.cpu0) / self.think
        wall = (time.monotonic() - self.wall0) / (WALL_FACTOR * self.think)
        return max(cpu, wall)

    def over(self) -> bool:
        """Whether the budget is spent."""
        return self.fraction() > 1.0

    def ends(self) -> tuple[float, float]:
        """When the budget ends: (thread CPU time, wall clock on `time.monotonic`);
        infinite with a fixed count."""
        if self.samples is not None:
            return math.inf, math.inf
        return self.cpu0 + self.think, self.wall0 + WALL_FACTOR * self.think


@dataclass(frozen=True)
class GameParts:
    """What master needs of a game beside its view, by dotted path (so an agent that
    names them still deep-copies for undo): the engine module, the levels' agents
    (level -> "module:factory", as the registry names them) and whether teams win."""

    engine: str
    agents: Mapping[str, str] = field(default_factory=dict)
    team_play: bool = False


GAMES: dict[str, GameParts] = {}  # game id -> its parts, taught by learn_game


def learn_game(game: str, parts: GameParts) -> None:
    """Teach master a game's parts (footycards.match.make_agent does, from the registry:
    the AI layer itself never imports the registry)."""
    GAMES[game] = parts


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
        self._game: str | None = None  # (no module is kept: agents are deep-copied for undo)
        self._lead: Any = None  # the lead level's agent for this seat (with its memory)
        self._own: Any = None  # the game's own search (Tuning.own), if it has one
        self.tuning = Tuning()
        self.stats = {"decisions": 0, "samples": 0, "fallbacks": 0}

    # -- set-up --------------------------------------------------------------------

    def _setup(self, view: dict[str, Any]) -> None:
        game = view["game"]
        if self._game == game:
            return
        self._game = game
        self.tuning = TUNING.get(game, Tuning())
        if game == "quartett" and view.get("mode") == "quartett":
            self.tuning = ASK_GAME
        self._lead = self._new_agent(self.tuning.lead)
        self._own = None
        if self.tuning.own:
            module, _sep, name = self.tuning.own.partition(":")
            self._own = getattr(importlib.import_module(module), name)(self._spec.engine)

    @property
    def _spec(self) -> GameParts:
        assert self._game is not None
        try:
            return GAMES[self._game]
        except KeyError:
            raise LookupError(
                f"master knows no game '{self._game}': footycards.match.make_agent "
                "teaches it the registry's games (learn_game)"
            ) from None

    @property
    def _engine(self) -> Any:
        return importlib.import_module(self._spec.engine)

    def _new_agent(self, level: str) -> Any:
        agents = self._spec.agents
        module, _sep, name = (agents.get(level) or agents["hard"]).partition(":")
        factory = getattr(importlib.import_module(module), name)
        return factory() if level == "random" else factory(level)

    # -- the decision --------------------------------------------------------------

    def choose(self, view: dict[str, Any], legal_actions: list[Any], rng: random.Random) -> Any:
        clock = (time.thread_time(), time.monotonic())  # the budget covers the whole decision
        self._setup(view)
        self.stats["decisions"] += 1
        if self._own is not None:
            return self._own.choose(
                view, legal_actions, rng, Budget(self.think, *clock, samples=self.samples)
            )
        first = self._lead.choose(view, legal_actions, rng)
        if len(legal_actions) < 2 or not isinstance(self._engine, Determinize):
            return first
        share = self.tuning.search_share
        if share < 1.0 and rng.random() >= share:
            return first
        local = random.Random(rng.getrandbits(64))
        # a lead with a memory of its own (Stadium's) hands over the view as it recalls it:
        # the samples and the other proposals start from what master remembers
        recalled = getattr(self._lead, "recalled", None)
        if recalled is not None:
            view = recalled(view)
        cands = self.candidates(view, legal_actions, first, local)
        if len(cands) < 2:
            return first
        best = self.search(view, cands, local, clock)
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
            fresh = self._new_agent(tuning.lead)
            a = fresh.choose(view, legal, random.Random(rng.getrandbits(32)))
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

    def search(
        self,
        view: dict[str, Any],
        cands: list[Any],
        rng: random.Random,
        clock: tuple[float, float] | None = None,
    ) -> Any | None:
        """The lead's choice (`cands[0]`) unless another candidate gains on it clearly
        (`Tuning.switch_z`, paired by sample); None with no sample made. `clock`: (thread CPU
        time, wall time) when the decision began (default: now)."""
        seat = view["seat"]
        gains: list[list[float]] = [[] for _ in cands]  # value - the lead's, per sample
        samples = 0
        limit = self.samples
        budget = self.think
        cpu0, wall0 = clock or (time.thread_time(), time.monotonic())
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
            for g, v in zip(gains, values, strict=True):
                g.append(v - values[0])
            samples += 1
            if limit is None:
                cpu = time.thread_time() - cpu0
                if cpu + cpu / samples > budget or time.monotonic() > wall_cap:
                    break  # another sample would likely pass the budget
        self.stats["samples"] += samples
        if samples == 0:
            return None
        if samples < MIN_SAMPLES:
            return cands[0]
        best = max(range(len(cands)), key=lambda i: (sum(gains[i]), i == 0))
        g = gains[best]
        mean = sum(g) / samples
        var = sum((x - mean) ** 2 for x in g) / (samples - 1)
        if mean <= 0 or mean <= self.tuning.switch_z * math.sqrt(var / samples):
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
            legal = state.legal_actions()
            if isinstance(legal, list):
                legal = list(legal)  # a copy the policy may not share with the engine
            # (another Sequence, such as Stadium's Listed of VAR pairs built when read, is
            # passed as it is: listing its ~5,000 pairs at every step was most of a rollout)
            if len(legal) == 1:
                state.apply(legal[0])
                continue
            agent = agents.get(mover)
            if agent is None:
                agent = agents[mover] = self._new_agent(self.tuning.rollout)
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
