"""The end-of-game dialog: every button shows at 80×24 (the result scrolls), and a draw
is shown as a draw."""

from __future__ import annotations

import pytest
from textual.widgets import Button

from footycards.match import Match
from footycards.seats import parse_players
from footycards.tui.app import FootyApp
from footycards.tui.screens.end import EndScreen


@pytest.fixture(autouse=True)
def _home(tmp_path, monkeypatch):
    monkeypatch.setenv("FOOTYCARDS_HOME", str(tmp_path / "home"))


def finished(game_id: str, seed: int, options: dict | None = None) -> Match:
    """A game Ann (a person) and the AI played to the end, by the AI for both."""
    match = Match.start(game_id, parse_players("Ann,ai:easy"), seed, options)
    match.agents[0] = match.agents[1]
    match.run_ai()
    del match.agents[0]
    assert match.is_over
    return match


async def end_screen(app: FootyApp, pilot) -> EndScreen:
    for _ in range(20):
        await pilot.pause()
        if isinstance(app.screen, EndScreen):
            break
    screen = app.screen
    assert isinstance(screen, EndScreen)
    return screen


@pytest.mark.parametrize("size", [(80, 24), (120, 40)])
@pytest.mark.parametrize(
    ("game_id", "options"), [("stadium", {"rows": 4, "cols": 4}), ("sadikov", None)]
)
async def test_every_button_of_the_end_dialog_shows(game_id, options, size):
    """All four choices are on screen, whole, at 80×24 as at 120×40."""
    app = FootyApp(match=finished(game_id, 1, options), speed="instant")
    async with app.run_test(size=size) as pilot:
        screen = await end_screen(app, pilot)
        width, height = size
        buttons = list(screen.query(Button))
        assert [b.id for b in buttons] == ["again", "watch", "launcher", "quit"]
        for button in buttons:
            region = button.region
            assert region.height >= 1 and region.bottom <= height and region.right <= width
        await pilot.press("l")
        await pilot.pause()
        assert not isinstance(app.screen, EndScreen)


async def test_a_draw_is_a_draw():
    """Sadikov ending level: "A draw.", and nobody gets a trophy."""
    match = finished("sadikov", 0)
    assert match.result()["winners"] == [0, 1]
    app = FootyApp(match=match, speed="instant")
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await end_screen(app, pilot)
        assert screen.headline() == "Final whistle! A draw."
        table = screen.query_one("#result .body").render()
        assert "🏆" not in str(table) and "🏆" not in app.export_screenshot()


async def test_a_screen_that_does_not_end_here_tells_its_observers_and_shows_no_result():
    """At a shared table the result is the table's: a game screen with `ends_here` off
    publishes `game_over` (to a subscribed node: a table's session subscribes its app)
    and opens no result of its own; one that ends here publishes it, then shows it."""
    from textual.screen import Screen

    heard: list[object] = []
    for ends_here in (False, True):
        match = finished("stadium", 1, {"rows": 4, "cols": 4})
        app = FootyApp(speed="instant")
        async with app.run_test(size=(120, 40)) as pilot:
            await pilot.pause()
            room = Screen()
            await app.switch_screen(room)
            game = match.spec.screen_factory()(match, {0}, False)
            game.ends_here = ends_here
            game.game_over.subscribe(room, heard.append, immediate=True)
            await app.push_screen(game)
            for _ in range(20):
                await pilot.pause()
                if heard and heard[-1] is game:
                    break
            await pilot.pause()
            assert heard[-1] is game and game.ended
            assert isinstance(app.screen, EndScreen) is ends_here
    assert len(heard) == 2
