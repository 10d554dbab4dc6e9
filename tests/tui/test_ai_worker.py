"""AI decisions run in a worker: a slow one never delays a key press; the pace still applies."""

from __future__ import annotations

import asyncio
import time

from footycards.match import Match
from footycards.seats import parse_players
from footycards.tui.app import FootyApp
from footycards.tui.screens.info import KeysScreen


class SlowAgent:
    """Thinks for a while (like `hard` Quartett), then plays the first legal action."""

    name = "slow"

    def __init__(self, seconds: float) -> None:
        self.seconds = seconds
        self.calls = 0
        self.started: list[float] = []

    def choose(self, view, legal_actions, rng):
        self.calls += 1
        self.started.append(time.monotonic())
        time.sleep(self.seconds)  # blocking, as a real search is
        return legal_actions[0]


def slow_match(seconds: float) -> tuple[Match, SlowAgent]:
    match = Match.start("quartett", parse_players("ai:normal,Ann"), 2, {"round_limit": 3})
    agent = SlowAgent(seconds)
    match.agents[0] = agent
    return match, agent


async def test_key_press_answered_while_the_ai_thinks():
    """While an AI seat thinks for 0.8 s, `?` opens the keys screen at once."""
    match, agent = slow_match(0.8)
    app = FootyApp(match, speed="instant")
    async with app.run_test(size=(120, 40)) as pilot:
        for _ in range(20):
            await asyncio.sleep(0.01)
            if agent.calls:
                break
        assert agent.calls == 1 and not match.actions  # the AI is thinking now
        pressed = time.monotonic()
        await pilot.press("question_mark")
        while not isinstance(app.screen, KeysScreen) and time.monotonic() - pressed < 2:
            await asyncio.sleep(0.01)
        assert isinstance(app.screen, KeysScreen)
        assert time.monotonic() - pressed < 0.4
        assert not match.actions  # the decision is still being made


async def test_pace_applies_after_the_decision():
    """At the "fast" pace an AI move waits 0.25 s in all; thinking time counts towards it."""
    match, agent = slow_match(0.05)
    applied_at: list[float] = []
    match.subscribe(lambda applied: applied_at.append(time.monotonic()))
    app = FootyApp(match, speed="fast")
    async with app.run_test(size=(120, 40)):
        started = time.monotonic()
        while not applied_at and time.monotonic() - started < 5:
            await asyncio.sleep(0.01)
        assert applied_at, "the AI never moved"
        waited = applied_at[0] - agent.started[0]
        assert 0.24 <= waited < 1.5
