"""AI decisions run in a worker: a slow one never delays a key press; the pace still applies."""

from __future__ import annotations

import asyncio
import threading
import time

from footycards.match import Match
from footycards.seats import parse_players
from footycards.tui.app import FootyApp
from footycards.tui.screens.info import KeysScreen
from footycards.tui.textual_internals import app_closing, being_removed


class SlowAgent:
    """Thinks for a while (like `hard` Quartett), then plays the first legal action."""

    name = "slow"
    uses_view = True  # the Agent contract (footycards.ai.base)
    uses_log = True

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


class BlockedAgent(SlowAgent):
    """Thinks until the test lets it answer (a search that takes as long as needed)."""

    def __init__(self) -> None:
        super().__init__(0.0)
        self.release = threading.Event()

    def choose(self, view, legal_actions, rng):
        self.calls += 1
        self.started.append(time.monotonic())
        self.release.wait(10)  # blocking, as a real search is
        return legal_actions[0]


async def test_key_press_answered_while_the_ai_thinks():
    """While an AI seat is still thinking, `?` opens the keys screen; the AI then moves."""
    match = Match.start("quartett", parse_players("ai:normal,Ann"), 2, {"round_limit": 3})
    agent = BlockedAgent()
    match.agents[0] = agent
    app = FootyApp(match, speed="instant")
    try:
        async with app.run_test(size=(120, 40)) as pilot:
            started = time.monotonic()
            while not agent.calls and time.monotonic() - started < 10:
                await asyncio.sleep(0.01)
            assert agent.calls == 1 and not match.actions  # the AI is thinking now
            await pilot.press("question_mark")
            pressed = time.monotonic()
            while not isinstance(app.screen, KeysScreen) and time.monotonic() - pressed < 5:
                await asyncio.sleep(0.01)
            assert isinstance(app.screen, KeysScreen)
            assert not match.actions  # answered while the decision is still being made
            agent.release.set()
            while not match.actions and time.monotonic() - pressed < 10:
                await asyncio.sleep(0.01)
            assert match.actions  # and the AI's move arrives once it has decided
    finally:
        agent.release.set()


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


class UntilClosingAgent(SlowAgent):
    """Thinks until the app starts closing, then answers (the race CI once lost)."""

    def __init__(self, app_box: list) -> None:
        super().__init__(0.0)
        self.app_box = app_box

    def choose(self, view, legal_actions, rng):
        self.calls += 1
        started = time.monotonic()
        while time.monotonic() - started < 10:
            app = self.app_box[0]
            screens = [s for s in app.screen_stack if hasattr(s, "match")]
            if app_closing(app) or any(being_removed(s) for s in screens):
                break
            time.sleep(0.001)
        return legal_actions[0]


async def test_quitting_while_the_ai_thinks_plays_and_draws_nothing():
    """The app quits while an AI seat thinks: its answer arrives as the screen is taken down,
    and is neither played nor drawn (drawing on a half-removed screen used to fail)."""
    match = Match.start("quartett", parse_players("ai:normal,Ann"), 2, {"round_limit": 3})
    app = FootyApp(match, speed="instant")
    agent = UntilClosingAgent([app])
    match.agents[0] = agent
    async with app.run_test(size=(120, 40)):
        started = time.monotonic()
        while not agent.calls and time.monotonic() - started < 10:
            await asyncio.sleep(0.01)
        assert agent.calls == 1
    await asyncio.sleep(0.1)
    assert not match.actions


async def test_an_ai_turn_cancelled_with_its_screen_keeps_no_traceback():
    """The app ends while an AI seat's move waits for its pace: the turn's worker is
    cancelled and ends without an error. Kept, that CancelledError's traceback (the turn's
    frames) led from outside the app back to it, and only a full collection freed an
    ended SSH session's app."""
    match, agent = slow_match(0.0)
    app = FootyApp(match, speed="slow")  # the move waits for the pace after deciding
    workers = []
    async with app.run_test(size=(120, 40)):
        started = time.monotonic()
        while not agent.calls and time.monotonic() - started < 10:
            await asyncio.sleep(0.01)
        assert agent.calls == 1
        workers = [w for w in app.workers if w.group == "ai"]
        assert workers
    await asyncio.sleep(0.1)
    assert all(w.is_finished and w.error is None for w in workers)
