"""One match, several front ends: each person at their own terminal sees only their seat."""

from __future__ import annotations

import asyncio

from notices import notifications

from footycards.match import Match
from footycards.seats import parse_players
from footycards.tui.app import FootyApp
from footycards.tui.screens.game import GameScreen
from footycards.tui.widgets.pass_device import PassDeviceScreen


async def wait_for(condition, seconds: float = 10.0) -> None:
    for _ in range(int(seconds / 0.02)):
        if condition():
            return
        await asyncio.sleep(0.02)
    raise AssertionError("timed out")


async def test_two_terminals_share_a_match_without_pass_screens():
    """Ann and Bob each play Quartett from their own app: no pass-device screen, each app
    shows its own seat's hand, and a move made in one app reaches the other."""
    match = Match.start("quartett", parse_players("Ann,Bob"), 5, {"mode": "quartett"})
    ann = FootyApp(match, speed="instant", local={0})
    bob = FootyApp(match, speed="instant", local={1}, drive_ai=False)
    async with ann.run_test(size=(120, 40)) as ann_keys, bob.run_test(size=(120, 40)):
        await ann_keys.pause()
        for app in (ann, bob):
            assert isinstance(app.screen, GameScreen)
            assert not isinstance(app.screen, PassDeviceScreen)
        ann_screen, bob_screen = ann.screen, bob.screen
        assert ann_screen.viewer == 0 and bob_screen.viewer == 1
        assert ann_screen.can_act() and not bob_screen.can_act()  # Ann asks first
        seen_by_bob = bob_screen.moves
        ask = str(match.legal_actions()[0])
        assert ann_screen.send(ask)
        # each app handles the move on its own message queue (the test runs in Bob's)
        await wait_for(lambda: bob_screen.moves > seen_by_bob and ann_screen.moves > 0)
        assert ann_screen.moves == bob_screen.moves == 1
        for app in (ann, bob):
            assert not isinstance(app.screen, PassDeviceScreen)


async def test_the_player_waiting_is_told_whose_move_it_is():
    """At a shared Sadikov table the waiting player's status line says whom they wait
    for, and a take pressed out of turn says whose move it is and changes nothing."""
    from textual.widgets import Static

    match = Match.start("sadikov", parse_players("Ann,Bob"), 5, {})
    ann = FootyApp(match, speed="instant", local={0}, autosave=False)
    bob = FootyApp(match, speed="instant", local={1}, drive_ai=False, autosave=False)
    async with ann.run_test(size=(120, 40)), bob.run_test(size=(120, 40)) as bob_keys:
        await bob_keys.pause()
        status = str(bob.screen.query_one("#status", Static).render())
        assert "Waiting for Ann to move" in status and "take a card" not in status
        assert "Ann: take a card" in str(ann.screen.query_one("#status", Static).render())
        await bob_keys.press("3")
        await bob_keys.pause()
        assert not match.actions
        assert any("It is Ann's move" in n.message for n in notifications(bob))


async def test_quartett_waiting_player_is_told_whom_they_wait_for():
    """The same at a shared Quartett table (both the ask game and top trumps)."""
    from textual.widgets import Static

    for mode in ("quartett", "fussball"):
        match = Match.start("quartett", parse_players("Ann,Bob"), 5, {"mode": mode})
        ann = FootyApp(match, speed="instant", local={0}, autosave=False)
        bob = FootyApp(match, speed="instant", local={1}, drive_ai=False, autosave=False)
        async with ann.run_test(size=(120, 40)), bob.run_test(size=(120, 40)) as bob_keys:
            await bob_keys.pause()
            first = match.names()[match.due]
            waiter = bob if match.due == 0 else ann
            status = str(waiter.screen.query_one("#status", Static).render())
            assert f"Waiting for {first} to move" in status, (mode, status)
