"""What every game screen gets from GameScreen: F1 for its own rules, the status-line hook."""

from __future__ import annotations

import pytest
from textual.app import App, ComposeResult

from footycards.match import Match
from footycards.record import GameRecord
from footycards.registry import REGISTRY
from footycards.replay import Replay
from footycards.seats import parse_players
from footycards.tui.app import FootyApp
from footycards.tui.screens.game import GameScreen
from footycards.tui.screens.info import RulesScreen
from footycards.tui.textual_internals import key_bindings
from footycards.tui.widgets.keybar import KeyBar

SCREEN_GAMES = [spec.id for spec in REGISTRY.with_screens()]


@pytest.fixture(autouse=True)
def _home(tmp_path, monkeypatch):
    monkeypatch.setenv("FOOTYCARDS_HOME", str(tmp_path / "home"))


def two_seats(game_id: str) -> Match:
    return Match.start(game_id, parse_players("Ann,ai:normal"), 3)


@pytest.mark.parametrize("game_id", SCREEN_GAMES)
async def test_f1_shows_the_rules_of_the_game_on_screen(game_id):
    """F1 on any game screen opens that game's rules; the binding is GameScreen's one."""
    app = FootyApp(match=two_seats(game_id), speed="instant")
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, GameScreen)
        [rules] = key_bindings(screen)["f1"]
        assert rules.id == "game.rules"
        await pilot.press("f1")
        await pilot.pause()
        assert isinstance(app.screen, RulesScreen) and app.screen.game_id == game_id


@pytest.mark.parametrize("game_id", SCREEN_GAMES)
async def test_shared_keys_come_after_the_game_s_own(game_id):
    """Keys, Rules and Leave close the key bar on every game screen, in that order."""
    app = FootyApp(match=two_seats(game_id), speed="instant")
    async with app.run_test(size=(160, 40)) as pilot:
        await pilot.pause()
        bar = str(app.screen.query_one(KeyBar).render())
        assert bar.index("Keys") < bar.index("Rules") < bar.index("Leave")


class BareScreen(GameScreen):
    """A game screen with no `#status` widget: its status line is its own business."""

    def __init__(self, match: Match) -> None:
        super().__init__(match, set(), False)
        self.statuses: list[str] = []

    def compose(self) -> ComposeResult:
        yield KeyBar()

    def draw(self, view: dict) -> None:
        pass

    def show_status(self, text: str) -> None:
        self.statuses.append(text)


async def test_replay_tells_its_keys_through_the_status_hook():
    """Replay mode writes its keys through `show_status`, not into a widget it assumes."""
    match = Match.start("sadikov", parse_players("Ann,ai:normal"), 6)
    match.agents[0] = match.agents[1]
    match.run_ai(limit=6)
    replay = Replay(GameRecord.of(match))
    screen = BareScreen(replay.match)
    screen.start_review(replay)

    class Host(App):
        def on_mount(self) -> None:
            self.push_screen(screen)

    async with Host().run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        await pilot.press("right")
        await pilot.pause()
    assert screen.statuses and screen.statuses[-1].startswith("Replay:")


def _reaches(start: object, target: object, depth: int = 4) -> bool:
    """Whether `target` is among what `start` holds, `depth` references deep (strong
    references only: a weak reference's target is not among its referents)."""
    import gc

    level = [start]
    for _ in range(depth):
        level = [child for obj in level for child in gc.get_referents(obj)]
        if any(obj is target for obj in level):
            return True
    return False


@pytest.mark.parametrize("game_id", SCREEN_GAMES)
async def test_the_match_keeps_no_game_screen_alive(game_id):
    """A game screen listens to its match weakly: a screen dropped without its Unmount (a
    session hung up mid-change) is not held by the match, which a shared table keeps and
    the SSH server's reclaim treats as alive (such screens waited for a deep collection)."""
    match = two_seats(game_id)
    app = FootyApp(match=match, speed="instant")
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, GameScreen)
        listeners = [*match.listeners, *match.undo_listeners]
        assert listeners  # it listens ...
        assert not any(_reaches(listener, screen) for listener in listeners)  # ... weakly


def test_a_weak_listener_calls_while_its_object_lives_and_not_after():
    import gc

    from footycards.tui.weak_listener import weakly

    class Screenish:
        def __init__(self) -> None:
            self.heard: list[int] = []

        def hear(self, n: int) -> None:
            self.heard.append(n)

    obj = Screenish()
    listener = weakly(obj.hear)
    listener(1)
    assert obj.heard == [1]
    heard = obj.heard
    del obj
    gc.collect()
    listener(2)  # its object is gone: nothing happens, nothing raises
    assert heard == [1]
