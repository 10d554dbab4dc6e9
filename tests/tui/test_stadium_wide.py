"""Every allowed table size (S1.5: 2–26 rows × 2–99 seats) is drawn legibly at 120×40 and
80×24: no line of the stands wraps, every drawn row keeps its labels, and the stands
scroll to keep the cursor's card in view (keys and clicks)."""

from __future__ import annotations

from pathlib import Path

import pytest
from textual.geometry import Region

from footycards.match import Match
from footycards.seats import parse_players
from footycards.tui.app import FootyApp
from footycards.tui.widgets.stands import REWARD_LOOK, Stands, fit


def big_deck(folder: Path, pairs: int = 1300) -> str:
    """A deck for the largest tables (26×99 needs 1,133 pairs and 308 rewards)."""
    path = folder / "big.toml"
    lines = ['name = "Big"', "[rewards]", "YELLOW = 100", "RED = 60", "VAR = 90", "GAME = 90"]
    for i in range(1, pairs + 1):
        lines += [
            "[[footballer]]",
            f'id = "F{i:04}"',
            f'name = "Player {i}"',
            f"stars = {i % 3 + 1}",
        ]
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return str(path)


def stands_lines(stands: Stands) -> list[str]:
    """The stands as drawn on screen, one string per screen line."""
    w, h = stands.size
    return [strip.text for strip in stands.render_lines(Region(0, 0, w, h))]


def check_drawing(stands: Stands) -> None:
    """No line longer than the widget; each drawn row is labelled on both sides; the
    cursor's card is on screen and shows its face."""
    lines = stands_lines(stands)
    width = stands.size.width
    rows = stands.view["rows"]
    assert all(len(line) <= width for line in lines)
    rendered = stands.render().plain.split("\n")
    assert all(len(line) <= width for line in rendered), "a line would wrap"
    col0, line0, vis_cols, vis_lines = stands.window
    x0, y0, w, h = stands._geometry
    for i in range(vis_lines):
        label = chr(65 + rows - 1 - (line0 + i))
        mid = lines[y0 + i * h + h // 2]
        assert mid.strip().startswith(label) and mid.strip().endswith(label), mid
    header = lines[0]
    assert str(col0 + 1) in header and str(col0 + vis_cols) in header
    assert ("◀" in header) == (col0 > 0)
    assert ("▶" in header) == (col0 + vis_cols < stands.view["cols"])
    r, c = stands.cursor
    where = stands.cell_region(r, c)
    assert where is not None, "the cursor's card is scrolled out of view"
    x, y, cw, ch = where
    assert x + cw <= width and y + ch <= stands.size.height
    face = lines[y + ch // 2][x : x + cw]
    cell = stands.cell(r, c)
    if cell["state"] == "down":
        assert "Nit" in face
    elif cell["state"] == "up":
        label = REWARD_LOOK[cell["id"]][0] if cell["id"] in REWARD_LOOK else cell["id"]
        assert fit(label, stands.label_width).strip()[:3] in face


SIZES = [(2, 50), (2, 99), (26, 99), (26, 2), (13, 40), (10, 10), (2, 2)]


@pytest.mark.parametrize("screen", [(120, 40), (80, 24)], ids=["120x40", "80x24"])
@pytest.mark.parametrize("rows,cols", SIZES, ids=[f"{r}x{c}" for r, c in SIZES])
async def test_every_size_is_drawn_legibly(tmp_path, screen, rows, cols):
    """The table fits or scrolls; walking the cursor to every corner keeps it in view."""
    opts: dict = {"rows": rows, "cols": cols}
    if rows * cols > 100:
        opts["deck"] = big_deck(tmp_path)
    table = Match.start("stadium", parse_players("Ann,Bob"), 4, opts)
    app = FootyApp(match=table, speed="instant")
    async with app.run_test(size=screen) as pilot:
        await pilot.pause()
        stands = app.screen.query_one(Stands)
        check_drawing(stands)
        await pilot.press("enter")  # A1 face up
        await pilot.pause()
        check_drawing(stands)
        for key in ["left", "down", "right", "up", "left", "down"]:  # round the corners
            await pilot.press(key)
            await pilot.pause()
            check_drawing(stands)
        for _ in range(min(cols, 30)):
            await pilot.press("l")
        await pilot.pause()
        check_drawing(stands)
        for _ in range(min(rows, 20)):
            await pilot.press("k")
        await pilot.pause()
        check_drawing(stands)


async def test_wide_table_scrolls_and_clicks_hit_the_card_drawn(tmp_path):
    """2×50 at 80×24: the last seat is reached by ← (wrapping), the stands scroll to it,
    and a click on a drawn card flips that card, not one at the same screen place."""
    table = Match.start("stadium", parse_players("Ann,Bob"), 4, {"rows": 2, "cols": 50})
    app = FootyApp(match=table, speed="instant")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        stands = app.screen.query_one(Stands)
        assert stands.window[0] == 0 and stands.window[2] < 50
        await pilot.press("left")  # wraps to A50
        await pilot.pause()
        assert stands.cursor == (0, 49)
        col0, _line0, vis_cols, _ = stands.window
        assert col0 == 50 - vis_cols
        assert "A50:" in str(app.screen.query_one("#status").render())
        x, y, w, h = stands.cell_region(1, 48) or (0, 0, 0, 0)
        assert w
        await pilot.click(Stands, offset=(x + 1, y + h // 2))
        await pilot.pause()
        assert table.public_view()["table"][1 * 50 + 48]["state"] == "up"  # B49


async def test_tall_table_scrolls_at_80x24(tmp_path):
    """26 rows at 80×24: the back rows are reached by ↑ and the stands scroll up to them."""
    table = Match.start(
        "stadium", parse_players("Ann,Bob"), 4, {"rows": 26, "cols": 4, "deck": big_deck(tmp_path)}
    )
    app = FootyApp(match=table, speed="instant")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        stands = app.screen.query_one(Stands)
        assert stands.window[3] < 26  # not every row fits
        lines = stands_lines(stands)
        assert "▲" in lines[0] and "A" in lines[stands.window[3]]
        await pilot.press("down")  # wraps to Z, the back row
        await pilot.pause()
        assert stands.cursor == (25, 0) and stands.window[1] == 0
        assert stands_lines(stands)[1].strip().startswith("Z")
        check_drawing(stands)


async def test_long_card_ids_get_wider_cards(tmp_path):
    """A deck with 5-letter ids: the cards are wide enough to show a whole id."""
    deck = big_deck(tmp_path)
    table = Match.start(
        "stadium", parse_players("Ann,Bob"), 4, {"rows": 4, "cols": 30, "deck": deck}
    )
    app = FootyApp(match=table, speed="instant")
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        stands = app.screen.query_one(Stands)
        assert stands.label_width == 5
        await pilot.press("enter")
        await pilot.pause()
        card = table.public_view()["table"][0]["id"]
        assert card in stands_lines(stands)[stands.cell_region(0, 0)[1]]  # type: ignore[index]
        check_drawing(stands)


def test_fit_cuts_long_ids():
    assert fit("F01", 3) == "F01"
    assert fit("F01", 5) == " F01 "
    assert fit("ZLATAN", 4) == "ZLA…"


DEAL_4X4 = (
    ["F01", "F02", "YELLOW", "F03"]
    + ["F01", "F02", "F03", "F04"]
    + ["F04", "F05", "F05", "F06"]
    + ["F06", "RED", "VAR", "GAME"]
)


@pytest.mark.parametrize("screen", [(120, 40), (80, 24)], ids=["120x40", "80x24"])
async def test_a_small_table_gets_wider_cards(screen):
    """A 4×4 table leaves room: the cards grow, so YELLOW is shown whole (not "YEL"), the
    table stays inside the stands; the 10×10 table keeps its narrow cards at 80×24."""
    options = {"rows": 4, "cols": 4, "deal": DEAL_4X4, "first": 0}
    table = Match.start("stadium", parse_players("Ann,Bob"), 1, options)
    table.apply("flip A3")  # YELLOW
    app = FootyApp(match=table, speed="instant")
    async with app.run_test(size=screen) as pilot:
        await pilot.pause()
        stands = app.screen.query_one(Stands)
        lines = stands_lines(stands)
        assert any("YELLOW" in line for line in lines), lines
        x0, _y0, w, h = stands._geometry
        assert h == 3 and w > stands.label_width + 3
        check_drawing(stands)
