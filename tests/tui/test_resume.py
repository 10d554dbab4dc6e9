"""Saved games in the TUI: autosave after every action, Continue in the launcher (resume,
move a damaged save aside, delete), a failing disk told once, the history at the end."""

from __future__ import annotations

import asyncio
import json
import random
from pathlib import Path

from textual.widgets import DataTable, Static

from footycards.match import Match
from footycards.paths import atomic_write
from footycards.record import GameRecord
from footycards.saves import Autosaver, SaveStore, when
from footycards.seats import parse_players
from footycards.tui.app import FootyApp
from footycards.tui.screens.end import EndScreen
from footycards.tui.screens.game import GameScreen
from footycards.tui.screens.launcher import LauncherScreen
from footycards.tui.screens.resume import ResumeScreen
from footycards.tui.widgets.dialogs import ConfirmScreen


async def wait_for(condition, seconds: float = 10.0) -> None:
    for _ in range(int(seconds / 0.02)):
        if condition():
            return
        await asyncio.sleep(0.02)
    raise AssertionError("timed out")


def saved_actions(store: SaveStore, record_id: str) -> list[str]:
    """The actions in a save; none when there is no file (a game is saved from its first
    move on)."""
    path = store.path_for(record_id)
    if not path.exists():
        return []
    return GameRecord.from_json(path.read_text("utf-8")).actions


def quartett_vs_ai(seed: int = 3) -> Match:
    return Match.start("quartett", parse_players("Ann,ai:random"), seed, {})


async def test_every_action_is_saved_as_it_happens():
    """Ann against an AI: after each of her moves and each AI move, the file on disk holds
    exactly the actions played so far."""
    match = quartett_vs_ai()
    app = FootyApp(match, speed="instant")
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        saver = app.autosaver
        assert saver is not None and saver.match is match
        store = app.store
        assert saver.path.exists() == bool(match.actions)  # no file before the first move
        screen = app.screen
        assert isinstance(screen, GameScreen)
        for _ in range(4):
            await wait_for(lambda: screen.can_act() or match.is_over)
            if match.is_over:
                break
            assert saved_actions(store, saver.id) == match.actions
            assert screen.send(str(match.legal_actions()[0]))
            assert saved_actions(store, saver.id) == match.actions
        assert len(match.actions) >= 4


async def test_all_ai_games_and_second_front_ends_do_not_save():
    """Only a game with people in it is saved, and only by the front end driving it."""
    watched = Match.start("quartett", parse_players("ai:random,ai:random"), 3, {})
    app = FootyApp(watched, speed="instant")
    async with app.run_test(size=(120, 40)) as pilot:
        await wait_for(lambda: isinstance(app.screen, EndScreen), 30)
        assert app.autosaver is None and watched.is_over
    shared = quartett_vs_ai()
    second = FootyApp(shared, speed="instant", local={0}, drive_ai=False)
    async with second.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        assert second.autosaver is None
    assert SaveStore().list() == []


async def test_continue_lists_saves_and_resumes_one():
    """Ctrl+O in the launcher lists the games in progress and the damaged files with the
    reason; Enter resumes a game on its own screen, and it goes on saving to its file."""
    store = SaveStore()
    match = quartett_vs_ai(seed=8)
    saver = Autosaver(match, store)
    match.apply(str(match.legal_actions()[0]))
    match.run_ai()
    saver.stop()
    played = list(match.actions)
    atomic_write(store.saves_dir / "cut.json", GameRecord.of(match).to_json()[:200])

    app = FootyApp(speed="instant")
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, LauncherScreen)
        await pilot.press("ctrl+o")
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, ResumeScreen)
        table = screen.query_one("#saves", DataTable)
        assert table.row_count == 2
        assert [e.id for e in screen.entries] == [saver.id, "cut"]
        first = [str(c) for c in table.get_row_at(0)]
        assert "Bundesliga Quartett — Fußball" in first and "Ann, AI random" in first
        assert str(len(played)) in first
        await pilot.press("down")
        detail = str(screen.query_one("#detail", Static).render())
        assert "cut.json" in detail and "truncated" in detail
        await pilot.press("enter")  # a damaged save does not open
        await pilot.pause()
        assert app.screen is screen
        await pilot.press("up", "enter")
        await pilot.pause()
        game = app.screen
        assert isinstance(game, GameScreen) and game.match.actions == played
        assert game.match.seats == match.seats and game.match.is_ai(1)
        assert game.match.state.to_json() == match.state.to_json()
        assert app.autosaver is not None and app.autosaver.id == saver.id
        await wait_for(game.can_act)
        assert game.send(str(game.match.legal_actions()[0]))
        assert (
            saved_actions(store, saver.id)[: len(played) + 1]
            == game.match.actions[: len(played) + 1]
        )
        assert len(list(store.saves_dir.glob("*.json"))) == 2  # no new file: the same one


async def test_a_damaged_save_moved_aside_and_a_game_deleted_after_confirming():
    store = SaveStore()
    good = quartett_vs_ai()
    good.apply(str(good.legal_actions()[0]))
    saver = Autosaver(good, store)
    (store.saves_dir / "junk.json").write_text("not json", encoding="utf-8")
    app = FootyApp(speed="instant")
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        await pilot.press("ctrl+o")
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, ResumeScreen)
        await pilot.press("m")  # the cursor is on the good game: nothing is moved
        await pilot.pause()
        assert app.screen is screen
        await pilot.press("down", "m")
        await pilot.pause()
        assert isinstance(app.screen, ConfirmScreen)
        await pilot.press("n")  # changed their mind
        await pilot.pause()
        assert (store.saves_dir / "junk.json").exists()
        await pilot.press("m", "y")
        await pilot.pause()
        assert not (store.saves_dir / "junk.json").exists()
        assert (store.saves_dir / "junk.corrupt").read_text(encoding="utf-8") == "not json"
        assert [e.id for e in screen.entries] == [saver.id]
        await pilot.press("d")
        await pilot.pause()
        assert isinstance(app.screen, ConfirmScreen)
        await pilot.press("y")
        await pilot.pause()
        assert not saver.path.exists() and screen.entries == []
        assert screen.query_one("#empty").display
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, LauncherScreen)


async def test_a_failing_disk_is_told_once_and_the_game_goes_on(tmp_path):
    """The disk fills up after the first save: one notification, the game goes on, the
    earlier save is whole and the quit dialog says what is lost."""
    broken = {"on": False}

    def writer(path: Path, text: str) -> None:
        if broken["on"]:
            raise OSError(28, "No space left on device")
        atomic_write(path, text)

    store = SaveStore(tmp_path, writer=writer)
    match = quartett_vs_ai(seed=5)
    app = FootyApp(match, speed="instant", saves=store)
    told: list[str] = []
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        saver = app.autosaver
        assert saver is not None
        screen = app.screen
        assert isinstance(screen, GameScreen)
        await wait_for(lambda: screen.can_act() or match.is_over)
        assert screen.send(str(match.legal_actions()[0]))
        first = saver.path.read_text(encoding="utf-8")
        broken["on"] = True
        real_notify = app.notify

        def notify(message, *args, **kw):
            told.append(message)
            return real_notify(message, *args, **kw)

        app.notify = notify  # type: ignore[method-assign]
        screen = app.screen
        assert isinstance(screen, GameScreen)
        for _ in range(3):
            await wait_for(lambda: screen.can_act() or match.is_over)
            if match.is_over:
                break
            assert screen.send(str(match.legal_actions()[0]))
        assert len(match.actions) >= 3
        assert len([t for t in told if "could not be saved" in t]) == 1
        assert "No space left" in told[0]
        assert saver.path.read_text(encoding="utf-8") == first
        await pilot.press("ctrl+q")
        await pilot.pause()
        dialog = app.screen
        assert isinstance(dialog, ConfirmScreen)
        assert "could not be saved" in dialog.question and "last save" in dialog.question


async def test_quit_and_leave_say_the_game_is_saved():
    match = quartett_vs_ai()
    app = FootyApp(match, speed="instant")
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        await pilot.press("ctrl+q")
        await pilot.pause()
        assert isinstance(app.screen, ConfirmScreen)
        assert "No move has been made yet, so there is nothing to save." in app.screen.question
        await pilot.press("n")
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, GameScreen)
        await wait_for(lambda: screen.can_act() or match.is_over)
        assert screen.send(str(match.legal_actions()[0]))
        await pilot.pause()
        await pilot.press("ctrl+q")
        await pilot.pause()
        assert isinstance(app.screen, ConfirmScreen)
        assert "saved" in app.screen.question and "Continue" in app.screen.question
        assert "lost" not in app.screen.question
        await pilot.press("n")
        await pilot.pause()
        await pilot.press("q")
        await pilot.pause()
        assert isinstance(app.screen, ConfirmScreen)
        assert "Leave this game?" in app.screen.question and "Continue" in app.screen.question


async def test_a_finished_game_moves_to_the_history_and_play_again_saves_anew():
    """Two people play a small Stadium table to the end: the save moves to the history;
    "Play again" starts a new game with a file of its own."""
    match = Match.start("stadium", parse_players("Ann,Bob"), 4, {"rows": 2, "cols": 2})
    app = FootyApp(match, speed="instant")
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        saver = app.autosaver
        assert saver is not None
        store = app.store
        rng = random.Random(1)
        for _ in range(500):
            if match.is_over:
                break
            match.apply(rng.choice(match.legal_actions()))
        assert match.is_over
        await wait_for(lambda: isinstance(app.screen, EndScreen))
        assert not saver.path.exists()
        done = json.loads((store.history_dir / f"{saver.id}.json").read_text("utf-8"))
        assert done["finished"] and done["actions"] == match.actions
        await pilot.press("a")
        await pilot.pause()
        again = app.autosaver
        assert again is not None and again.id != saver.id and again.match is not match
        assert not again.path.exists() and store.list() == []  # nothing played yet
        again.match.apply(str(again.match.legal_actions()[0]))
        assert again.path.exists() and [e.id for e in store.list()] == [again.id]


async def test_continue_names_the_quartett_mode_and_shows_names_as_typed():
    """The Continue list says which Quartett game a save is; a name that looks like markup
    is shown as typed."""
    store = SaveStore()
    match = Match.start("quartett", parse_players("Ann,[red]Bob"), 3, {"mode": "abwehr-angriff"})
    match.apply(str(match.legal_actions()[0]))
    Autosaver(match, store).stop()
    app = FootyApp(speed="instant")
    for size in ((120, 40), (80, 24)):
        async with app.run_test(size=size) as pilot:
            await pilot.pause()
            await pilot.press("ctrl+o")
            await pilot.pause()
            screen = app.screen
            assert isinstance(screen, ResumeScreen)
            row = " | ".join(str(c) for c in screen.query_one("#saves", DataTable).get_row_at(0))
            assert "Bundesliga Quartett — Abwehr-Angriff" in row
            assert "Ann, [red]Bob" in row
            [entry] = store.list()
            assert when(entry.updated) in row  # the date whole, also at 80 columns
            shown = screen.query_one("#saves", DataTable).render_line(1).text
            assert when(entry.updated) in shown  # on screen, not beyond the table's edge
        app = FootyApp(speed="instant")


async def test_ctrl_q_in_a_hot_seat_game_asks_first():
    """Two people, the pass-device screen up: Ctrl+Q asks as `q` does, `n` goes back to
    the pass screen, a second Ctrl+Q while asking opens no second dialog."""
    from footycards.tui.widgets.pass_device import PassDeviceScreen

    match = Match.start("quartett", parse_players("Ann,Bob"), 5, {"mode": "quartett"})
    app = FootyApp(match, speed="instant")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, PassDeviceScreen)
        await pilot.press("ctrl+q")
        await pilot.pause()
        dialog = app.screen
        assert isinstance(dialog, ConfirmScreen) and "not finished" in dialog.question
        depth = len(app.screen_stack)
        await pilot.press("ctrl+q")
        await pilot.pause()
        assert app.screen is dialog and len(app.screen_stack) == depth
        await pilot.press("n")
        await pilot.pause()
        assert isinstance(app.screen, PassDeviceScreen) and app.is_running
        await pilot.press("ctrl+q")
        await pilot.pause()
        await pilot.press("y")
        await pilot.pause()
    assert app.return_code in (0, None)
