"""The Stadium status line names the highlighted card at every moment (screen readers read
it): after each arrow or hjkl key, a click, or a cursor moved in code, with no lag."""

from __future__ import annotations

from textual.app import App, ComposeResult

from footycards.tui.app import FootyApp
from footycards.tui.widgets.stands import Stands

DEAL_4X4 = (
    ["F01", "F02", "YELLOW", "F03"]
    + ["F01", "F02", "F03", "F04"]
    + ["F04", "F05", "F05", "F06"]
    + ["F06", "RED", "VAR", "GAME"]
)


def status(app: FootyApp) -> str:
    return str(app.screen.query_one("#status").render())


def highlighted(app: FootyApp) -> str:
    """The label of the cell under the cursor (A1 is row 0, seat 0)."""
    r, c = app.screen.query_one(Stands).cursor
    return f"{chr(65 + r)}{c + 1}"


async def test_status_follows_every_key_at_once(make_table):
    """After → the highlight is on A2 and the status line says A2 (not A1, one key late)."""
    table = make_table("Ann,Bob", DEAL_4X4, 4, 4)
    app = FootyApp(match=table, speed="instant")
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        assert status(app).startswith("A1:")
        for key, where in [("right", "A2"), ("up", "B2"), ("l", "B3"), ("k", "C3"),
                           ("left", "C2"), ("j", "B2"), ("left", "B1"), ("down", "A1"),
                           ("left", "A4"), ("down", "D4")]:  # fmt: skip
            await pilot.press(key)
            assert highlighted(app) == where
            assert status(app).startswith(f"{where}:"), (key, status(app))


async def test_status_follows_a_click_and_a_cursor_set_in_code(make_table):
    """A mouse click (which also flips) and a cursor moved by code update the line too."""
    table = make_table("Ann,Bob", DEAL_4X4, 4, 4)
    app = FootyApp(match=table, speed="instant")
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        stands = app.screen.query_one(Stands)
        x0, y0, w, h = stands._geometry
        await pilot.click(Stands, offset=(x0 + 2 * w + 1, y0 + 1 * h + h // 2))  # C3
        await pilot.pause()
        assert highlighted(app) == "C3"
        assert status(app).startswith("C3: F05 Kuba Lewandowicz ★★")
        stands.cursor = (3, 0)
        await pilot.pause()
        assert status(app).startswith("D1: Nit")


class StandsOnly(App):
    """The stands alone, recording what they say."""

    def __init__(self, view: dict) -> None:
        super().__init__()
        self.view = view
        self.heard: list[tuple[int, int]] = []

    def compose(self) -> ComposeResult:
        yield Stands(self.view)

    def on_mount(self) -> None:
        self.query_one(Stands).focus()

    def on_stands_highlighted(self, message: Stands.Highlighted) -> None:
        assert message.control is self.query_one(Stands)
        self.heard.append((message.row, message.col))


async def test_cursor_change_posts_a_message(make_table):
    """The stands say when their cursor moves (Stands.Highlighted, with the cell), whatever
    moved it: keys, a click, code."""
    table = make_table("Ann,Bob", DEAL_4X4, 4, 4)
    app = StandsOnly(table.public_view())
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("right", "k")
        await pilot.pause()
        assert app.heard == [(0, 0), (0, 1), (1, 1)]  # the first on mount
        stands = app.query_one(Stands)
        stands.cursor = (3, 3)
        await pilot.pause()
        assert app.heard[-1] == (3, 3)
        x0, y0, w, h = stands._geometry
        await pilot.click(Stands, offset=(x0 + 1, y0 + 3 * h + h // 2))  # A1
        await pilot.pause()
        assert app.heard[-1] == (0, 0)
