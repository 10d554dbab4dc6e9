"""Provides AskMaster, the `master` level's own search in the Quartett ask game (Q4, Q5).

Its lead is `expert` (footycards/ai/quartett.py: hard's belief without hard's careless
asks). Its samples place the hidden hands as they fit what the view tells: with three to
six players placements from the joint belief (`quartett_hands`: who lacked which card, who
must hold which quartet, nobody holds a whole quartet), with two players the opponent's
whole hands met by the lead's chain (`OpponentBelief`, weighed by the opponent's asks; its
hand drawn by the sampled chance of each card when the chain kept none). The engine's hook
(`determinize`) builds each state, and those cards are then placed in it; a view the
belief cannot read keeps the hook's own deal. With three to six players the samples go to
master's determinized search (`MasterAgent.search`: the candidates played in the same
samples, rollouts by `normal`, the lead's ask kept unless another gains on it clearly),
with two players to `DuelSearch` (footycards/ai/quartett_duel.py: the likeliest asks,
quick rollouts to the end).
"""

from __future__ import annotations

import importlib
import random
from typing import Any

from .master import Budget, MasterAgent, Tuning
from .quartett import QuartettAgent, belief_known, deck_catalog, hands_belief
from .quartett_duel import DuelSearch, candidates

KEEP = 24  # placements kept from one chain per decision (three to six players)
DUEL_KEEP = 48  # two players: the opponent's hands kept from the lead's chain a decision
TRIES = 20  # two players: hands drawn before the hook's own deal is kept
# rollouts by normal judge asks poorly (what an ask tells the others is worth more than
# normal makes of it; measured before the belief samples: master at 1.5 standard errors
# lost to hard), so only a large gain replaces the lead's ask
ASK_SEARCH = Tuning(
    lead="expert",
    rollout="normal",
    candidates=6,
    proposals=1,
    horizon=30,
    margin_scale=1.0,
    switch_z=3.0,
)


class _Belief:
    """An engine module's stand-in whose `determinize` places the hidden cards as the
    lead's belief samples them (one decision's)."""

    def __init__(self, engine: Any, view: Any, lead: QuartettAgent, rng: random.Random) -> None:
        self.engine = engine
        self.view = view
        self.known = belief_known(view)
        self.samples: list[dict[str, int | None]] = []
        self.chance: dict[str, float] = {}
        if view["players"] > 2:
            belief = hands_belief(view, random.Random(rng.getrandbits(64)), keep=KEEP)
            if belief is not None:
                self.samples = belief.samples
        elif lead.held is not None:  # the lead's chain of this decision
            unseen = {c["id"] for c in deck_catalog(view)} - set(self.known)
            other = 1 - view["seat"]
            hands = lead.belief.hands if lead.belief is not None else []
            self.samples = [
                {c: (other if c in held else None) for c in unseen} for held in map(set, hands)
            ]
            self.chance = {c: p for c, p in lead.held.items() if c in unseen}

    def determinize(self, view: Any, rng: random.Random) -> Any:
        state = self.engine.determinize(view, rng)
        me = view["seat"]
        hidden = [s for s in range(view["players"]) if s != me]
        known = self.known
        for _try in range(TRIES):
            if self.samples:
                sample = self.samples[rng.randrange(len(self.samples))]
            elif self.chance:
                sample = self._two(view, rng)
            else:
                return state
            hands = {
                s: [c for c, w in known.items() if w == s]
                + [c for c, w in sample.items() if w == s]
                for s in hidden
            }
            if any(_whole_quartet(h) for h in hands.values()):
                continue  # it would lie on the table (Q4.6): not a deal that fits
            for s, hand in hands.items():
                state.hands[s] = hand
            stock = [c for c, w in sample.items() if w is None]
            rng.shuffle(stock)
            state.stock = stock
            state._forget_wanted()
            return state
        return state

    def _two(self, view: Any, rng: random.Random) -> dict[str, int | None]:
        """Two players: the opponent's unseen cards drawn one by one, each by its chance."""
        other = 1 - view["seat"]
        size = view["seats"][other]["cards"] - sum(1 for w in self.known.values() if w == other)
        pool = dict(self.chance)
        out: dict[str, int | None] = dict.fromkeys(pool)
        for _ in range(max(0, min(size, len(pool)))):
            cards = list(pool)
            pick = rng.choices(cards, [pool[c] + 1e-9 for c in cards])[0]
            out[pick] = other
            del pool[pick]
        return out


class _Search(MasterAgent):
    """MasterAgent's search, its samples from the belief (`_Belief`)."""

    def __init__(self, belief: _Belief, budget: Budget) -> None:
        super().__init__(think=budget.think, samples=budget.samples)
        self._game = "quartett"
        self.tuning = ASK_SEARCH
        self._belief = belief

    @property
    def _engine(self) -> Any:
        return self._belief


def _whole_quartet(hand: list[str]) -> bool:
    quartets: dict[str, int] = {}
    for c in hand:
        quartets[c[:-1]] = quartets.get(c[:-1], 0) + 1
    return 4 in quartets.values()


class AskMaster:
    """master's decision in the ask game: `expert`'s ask, searched over belief samples."""

    def __init__(self, engine: str) -> None:
        self.engine = importlib.import_module(engine)
        self.lead = QuartettAgent("expert")
        if self.lead.belief is not None:
            self.lead.belief.keep = DUEL_KEEP
        self.stats = {"decisions": 0, "samples": 0, "switched": 0}

    def choose(self, view: Any, legal: list[Any], rng: random.Random, budget: Budget) -> Any:
        first = self.lead.choose(view, legal, rng)
        self.stats["decisions"] += 1
        if len(legal) < 2:
            return first
        local = random.Random(rng.getrandbits(64))
        if view["players"] == 2:
            duel = DuelSearch(_Belief(self.engine, view, self.lead, local), budget)
            best = duel.best(view, candidates(legal, first, self.lead.held, view["hand"]), local)
            self.stats["samples"] += duel.samples
            self.stats["switched"] += best is not first
            return best
        search = _Search(_Belief(self.engine, view, self.lead, local), budget)
        cands = search.candidates(view, legal, first, local)
        if len(cands) < 2:
            return first
        best = search.search(view, cands, local, (budget.cpu0, budget.wall0))
        self.stats["samples"] += search.stats["samples"]
        if best is None:
            return first
        self.stats["switched"] += best is not first
        return best
