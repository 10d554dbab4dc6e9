"""S4.6 in the UI: "don't ask me again" for the YELLOW/RED questions can be switched back
on with `a` (in the footer and the keys help); the scores show who is not asked."""

from __future__ import annotations

from notices import notifications
from textual.geometry import Region

from footycards.tui.app import FootyApp
from footycards.tui.screens.stadium import Scoreboard, StadiumScreen
from footycards.tui.widgets.dialogs import ChoiceScreen

DEAL_4X4 = (
    ["F01", "F02", "YELLOW", "F03"]
    + ["F01", "F02", "F03", "F04"]
    + ["F04", "F05", "F05", "F06"]
    + ["F06", "RED", "VAR", "GAME"]
)


async def bob_switches_prompts_off(pilot) -> None:
    """Ann misses; Bob takes YELLOW; at Ann's turn start Bob is asked and says 'never'."""
    await pilot.pause()
    await pilot.press("enter", "right", "enter")  # Ann: A1, A2
    await pilot.press("right", "enter", "right", "enter")  # Bob: A3 YELLOW, A4
    await pilot.pause()
    assert isinstance(pilot.app.screen, ChoiceScreen)
    await pilot.press("3")  # pass, and don't ask me again
    await pilot.pause()
    assert isinstance(pilot.app.screen, StadiumScreen)


def scores_text(app: FootyApp) -> str:
    board = app.screen.query_one(Scoreboard)
    w, h = board.outer_size
    return "\n".join(strip.text for strip in board.render_lines(Region(0, 0, w, h)))


async def test_prompts_switched_back_on_with_a(make_table):
    """Two people at one keyboard: `a` lists both; Bob is asked again at the next window."""
    table = make_table("Ann,Bob", DEAL_4X4, 4, 4)
    app = FootyApp(match=table, speed="instant")
    async with app.run_test(size=(120, 40)) as pilot:
        await bob_switches_prompts_off(pilot)
        screen = app.screen
        assert isinstance(screen, StadiumScreen)
        assert screen.prompts_off == {1}
        assert "not asked (a)" in scores_text(app)
        await pilot.press("a")
        await pilot.pause()
        assert isinstance(app.screen, ChoiceScreen)
        labels = str(app.screen.choices)
        assert "Bob: ask me again" in labels and "Ann: don't ask me" in labels
        await pilot.press("2")  # Bob
        await pilot.pause()
        assert isinstance(app.screen, StadiumScreen)
        assert screen.prompts_off == set()
        assert "not asked" not in scores_text(app)
        await pilot.press("up", "left", "enter")  # Ann: B1, F01 …
        await pilot.pause()
        assert isinstance(app.screen, ChoiceScreen)  # … and Bob is asked after her first card
        assert "Bob, interrupt?" in str(app.screen.title_text)


async def test_one_person_toggles_at_once(make_table):
    """Against an AI, `a` switches the one person's prompts on and off directly."""
    table = make_table("Ann,ai:random", DEAL_4X4, 4, 4)
    app = FootyApp(match=table, speed="instant")
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, StadiumScreen)
        await pilot.press("a")
        await pilot.pause()
        assert screen.prompts_off == {0}
        await pilot.press("a")
        await pilot.pause()
        assert screen.prompts_off == set()
        assert any("asked again" in n.message for n in notifications(app))


async def test_prompts_key_in_footer_and_keys_help(make_table):
    """The key is offered where keys are listed: the footer (whole at 120×40; at 80×24 the
    bar keeps h Hint and q Leave and leaves Prompts to the keys help) and `?`."""
    from footycards.tui.screens.info import KeysScreen
    from footycards.tui.widgets.keybar import KeyBar

    for size in [(120, 40), (80, 24)]:
        app = FootyApp(match=make_table("Ann,Bob", DEAL_4X4, 4, 4), speed="instant")
        async with app.run_test(size=size) as pilot:
            await pilot.pause()
            bar = app.screen.query_one(KeyBar)
            keys = {k.key: (start, end, k) for start, end, k in bar.spans}
            for key in ("a", "q") if size[0] >= 120 else ("h", "q"):
                assert key in keys, (size, sorted(keys))
                start, end, _k = keys[key]
                assert 0 <= start < end <= size[0], (size, key, start, end)
            if "a" in keys:
                assert keys["a"][2].description == "Prompts"
            await pilot.press("question_mark")
            assert isinstance(app.screen, KeysScreen)
            assert any("Prompts" in what for _g, _k, what in app.screen.rows)
            await pilot.press("escape")
