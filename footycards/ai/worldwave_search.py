"""Provides the World Wave hard AI's determinized search: states built from one view with
the unseen cards dealt at random, and candidate actions judged by short rollouts.

The view shows every public fact of the match: characters, stamina, injuries, equipment,
pending zones, hand sizes, the deck's size, the discard pile, the goals and the log. Only
the other hands and the deck's order are hidden; their cards together are the deck's copies
minus every card seen. `determinize` deals those at random (each hand as large as the view
says, the rest into the deck) and rebuilds the turn's bookkeeping from the log (once-per-turn
skills used, first draws, goals conceded), so a state can be built at any decision of an
action phase (no response window open). `Search` plays each candidate action in the same
few determinizations (common random numbers), then every seat by the normal policy until
the round is over, and scores the goal difference with a little for cards and stamina;
another candidate replaces the normal choice only when it gains more than `MARGIN` goals
per sample (less is the rollouts' noise).
Its clock: no new sample once another would likely end past `TIME_BUDGET`, and a hard stop
at `DEADLINE` (checked at every rollout step; the unfinished sample is dropped, and with
no sample finished the normal choice stands), so a decision never runs much past it.
"""

from __future__ import annotations

import random
import time
from collections import Counter
from typing import Any

from footycards.core.rng import GameRng
from footycards.core.worldwave import DECK, WorldWaveState

SAMPLES = 12  # determinizations per decision (shared by all candidates)
MARGIN = 0.05  # goals per sample another candidate must gain over the normal choice
MAX_CANDIDATES = 6
TIME_BUDGET = 0.12  # seconds per decision: no new sample that would likely end past it
DEADLINE = 0.15  # seconds per decision, a hard stop: a sample still running is dropped
CARD_WORTH = 0.04  # the judgement at the horizon: goals, plus a little per card and stamina
STAMINA_WORTH = 0.01


def unseen_cards(view: dict[str, Any]) -> list[str]:
    """The cards this seat has not seen: the deck's copies minus its hand, the discard pile,
    the table, and every equipped and pending card (sorted, so a deal is reproducible)."""
    seen = Counter(view["hand"] or [])
    seen.update(view["discard"])
    seen.update(view["table"])
    for info in view["seats"]:
        seen.update(c for c in info["equipped"].values() if c)
        seen.update(info["pending"])
    rest = Counter(DECK)
    rest.subtract(seen)
    return sorted((+rest).elements())


def _this_turn(log: list[dict]) -> list[dict]:
    for i in range(len(log) - 1, -1, -1):
        if log[i]["event"] == "turn":
            return log[i + 1 :]
    return []


ONCE_SKILLS = ("pickpocket", "recycle", "outside_foot", "lucky_hands", "pressure")


def bookkeeping(view: dict[str, Any]) -> dict[str, Any]:
    """The state's turn bookkeeping the log tells: once-per-turn tokens, who had turns,
    whose team conceded since their last turn, the big first draw, a card played."""
    log = view["log"]
    n = view["players"]
    turns_taken = [0] * n
    last_turn = [-1] * n
    half_at = 0
    for i, e in enumerate(log):
        if e["event"] == "turn":
            turns_taken[e["seat"]] += 1
            last_turn[e["seat"]] = i
        elif e["event"] == "half":
            half_at = i
    conceded = [False] * n
    until_next: list[list[str]] = [[] for _ in range(n)]
    for i, e in enumerate(log):
        if e["event"] == "goal":
            for s in range(n):
                if s % 2 != e["team"] and i > last_turn[s]:
                    conceded[s] = True
        elif e["event"] == "skill" and e["skill"] == "quick_release" and i > last_turn[e["seat"]]:
            until_next[e["seat"]] = ["quick_release"]
    used: list[str] = []
    active = False
    for e in _this_turn(log):
        kind = e["event"]
        if kind == "skill" and e["skill"] in ONCE_SKILLS:
            used.append(f"{e['skill']}:{e['seat']}")
        elif kind == "retrieve" and e["why"] == "rebound":
            used.append(f"rebound:{e['seat']}")
        elif kind == "save" and e["how"] in ("anticipation", "last_ditch"):
            used.append(f"{e['how']}:{e['seat']}")
        if kind in ("play", "equip", "shot", "save") or (kind == "discard" and e["why"] != "limit"):
            active = True
    big = 1 if view["half"] == 1 else 0
    had_turn = any(e["event"] == "turn" and e["seat"] == big for e in log[half_at:])
    return {
        "turns_taken": turns_taken,
        "conceded": conceded,
        "until_next": until_next,
        "used": used,
        "active": active,
        "big_draw": None if had_turn else big,
    }


def determinize(view: dict[str, Any], rng: random.Random, book: dict[str, Any]) -> WorldWaveState:
    """A state consistent with `view` (an action or discard phase, no window open): the
    unseen cards dealt at random into the other hands and the deck."""
    me = view["seat"]
    cards = unseen_cards(view)
    rng.shuffle(cards)
    hands: list[list[str]] = []
    for info in view["seats"]:
        if info["seat"] == me:
            hands.append(list(view["hand"]))
        else:
            k = info["hand"]
            hands.append(cards[:k])
            cards = cards[k:]
    seats = view["seats"]
    return WorldWaveState(
        players=view["players"],
        names=list(view["names"]),
        rng=GameRng(rng.getrandbits(62)),
        halves=view["halves"],
        characters=[info["character"] for info in seats],
        deck=cards,
        stamina=[info["stamina"] for info in seats],
        injured=[info["injured"] for info in seats],
        hands=hands,
        equipped=[
            [info["equipped"][m] for m in ("attack", "defence", "stamina")] for info in seats
        ],
        pending=[list(info["pending"]) for info in seats],
        discard=list(view["discard"]),
        table=list(view["table"]),
        goals=list(view["goals"]),
        half=view["half"],
        turn=view["turn"],
        turn_number=view["turn_number"],
        phase=view["phase"],
        big_draw=book["big_draw"],
        turns_taken=list(book["turns_taken"]),
        conceded=list(book["conceded"]),
        used=list(book["used"]),
        until_next=[list(u) for u in book["until_next"]],
        exhausted=view["exhausted"],
        quiet=view["quiet_turns"],
        active=book["active"],
    )


def candidates(legal: list[Any], first: Any) -> list[Any]:
    """A few distinct actions worth comparing: the normal choice first, `end`, then one of
    each kind of card (by verb and target), in the order the engine lists them."""
    out = [first]
    seen = {(first.kind, first.target)}
    for a in legal:
        key = (a.kind, a.target)
        if a.kind == "end" and a not in out:
            out.insert(1, a)
            seen.add(key)
        elif key not in seen and a.kind not in ("discard",):
            seen.add(key)
            out.append(a)
    return out[:MAX_CANDIDATES]


class Search:
    """The determinized search of the hard level, on top of a normal agent's policy."""

    def __init__(self, agent: Any) -> None:
        self.agent = agent

    def choose(self, view: dict[str, Any], legal: list[Any], rng: random.Random) -> Any:
        """The best candidate by rollouts, or None where the normal policy decides (the
        draft, response windows, the discard phase, a lone sensible action)."""
        if view["phase"] != "action" or view["windows"] or view["to_move"] != view["seat"]:
            return None
        first = self.agent.policy(view, legal, rng)
        cands = candidates(legal, first)
        if len(cands) < 2:
            return first
        book = bookkeeping(view)
        me = view["seat"]
        horizon = view["turn_number"] + min(view["players"], 4)
        totals = [0.0] * len(cands)
        local = random.Random(rng.getrandbits(32))
        start = time.perf_counter()
        deadline = start + DEADLINE
        samples = 0
        while samples < SAMPLES:
            seed = local.getrandbits(32)
            base = determinize(view, random.Random(seed), book)
            values: list[float] = []
            for i, action in enumerate(cands):
                state = base.clone() if i < len(cands) - 1 else base
                value = self.rollout(state, action, me, horizon, random.Random(seed + i), deadline)
                if value is None:
                    break  # past the deadline: this sample is dropped
                values.append(value)
            if len(values) < len(cands):
                break
            totals = [t + v for t, v in zip(totals, values, strict=True)]
            samples += 1
            spent = time.perf_counter() - start
            if spent + spent / samples > TIME_BUDGET:
                break  # another sample would likely pass the budget
        if samples == 0:
            return first
        best = max(range(len(cands)), key=lambda i: (totals[i], i == 0))
        if totals[best] - totals[0] <= MARGIN * samples:
            return first  # within the rollouts' noise: the normal choice stands
        return cands[best]

    def rollout(
        self,
        state: WorldWaveState,
        action: Any,
        me: int,
        horizon: int,
        rng: random.Random,
        deadline: float = float("inf"),
    ) -> float | None:
        """Play `action`, then the normal policy for everyone until the horizon turn; the
        value for `me`'s team, or None if the clock passed `deadline` first."""
        state.apply(action)
        policy = self.agent.policy
        clock = time.perf_counter
        while not state.is_over and state.turn_number <= horizon:
            if clock() > deadline:
                return None
            seat = state.to_move
            legal = state.legal_actions()
            if len(legal) == 1:
                state.apply(legal[0])
                continue
            state.apply(policy(state.view(seat, log=False), legal, rng))
        return judge(state, me)


def judge(state: WorldWaveState, me: int) -> float:
    """The goal difference for `me`'s team, plus a little for its cards and stamina."""
    team = me % 2
    value = float(state.goals[team] - state.goals[1 - team])
    if state.is_over:
        return value
    for s in range(state.players):
        sign = 1.0 if s % 2 == team else -1.0
        value += sign * (CARD_WORTH * len(state.hands[s]) + STAMINA_WORTH * state.stamina[s])
    return value
