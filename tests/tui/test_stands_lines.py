"""The Stadium stands are drawn line by line: a cursor move or a flip redraws only the
screen lines of the rows that changed, and what is on screen is always what a fresh
drawing of the whole stands gives (no stale line left behind)."""

from __future__ import annotations

from rich.style import Style
from textual.geometry import Region
from textual.strip import Strip
from textual.visual import Visual, visualize

from footycards.match import Match
from footycards.seats import parse_players
from footycards.tui.app import FootyApp
from footycards.tui.widgets.stands import Stands


def ten_by_ten() -> Match:
    return Match.start("stadium", parse_players("Ann,Bob"), 1, {"rows": 10, "cols": 10})


def count_redraws(stands: Stands, monkeypatch) -> list[int]:
    """The screen lines the stands draw afresh from now on (cached lines are not counted)."""
    drawn: list[int] = []
    draw = stands._line_strip

    def counting(y, frame):
        drawn.append(y)
        return draw(y, frame)

    monkeypatch.setattr(stands, "_line_strip", counting)
    return drawn


def row_lines(stands: Stands, row: int) -> set[int]:
    """The screen lines a table row is drawn on."""
    region = stands.cell_region(row, 0)
    assert region is not None
    _x, y, _w, h = region
    return set(range(y, y + h))


def assert_drawn_as_fresh(stands: Stands) -> None:
    """Every line on screen (as Textual keeps it) equals the whole stands drawn afresh in
    one go, and each line drawn alone equals its part of the whole."""
    width, height = stands.size
    whole = Visual.to_strips(
        stands, visualize(stands, stands.render()), width, height, stands.visual_style
    )
    base = stands.visual_style.rich_style  # Textual fills a short line with it
    blank = Strip.blank(width, base)
    for y in range(height):
        fresh = whole[y] if y < len(whole) else blank
        drawn = stands.render_line(y)
        assert cells(drawn.extend_cell_length(width, base)) == cells(
            fresh.extend_cell_length(width, base)
        ), f"line {y} is drawn wrong"
    region = Region(0, 0, width, height)
    shown = stands.render_lines(region)  # the lines kept from earlier draws
    stands._styles_cache.clear()
    again = stands.render_lines(region)  # every line drawn afresh
    for y in range(height):
        assert cells(shown[y]) == cells(again[y]), f"line {y} is stale"


def cells(strip: Strip) -> list[tuple[str, Style | None]]:
    """A line as its characters and their looks (how segments are cut does not matter)."""
    return [
        (char, segment.style.clear_meta_and_links() if segment.style else None)
        for segment in strip
        for char in segment.text
    ]


async def test_cursor_move_redraws_only_the_rows_it_leaves_and_enters(monkeypatch):
    app = FootyApp(match=ten_by_ten(), speed="instant")
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        stands = app.screen.query_one(Stands)
        assert stands._geometry[3] == 3  # boxed cards: three lines a row
        drawn = count_redraws(stands, monkeypatch)
        await pilot.press("right")
        await pilot.pause()
        r, c = stands.cursor
        assert (r, c) == (0, 1)
        # one row changed (the cursor left A1 for A2): its three lines, nothing else
        assert sorted(drawn) == sorted(row_lines(stands, 0))
        drawn.clear()
        await pilot.press("up")
        await pilot.pause()
        assert stands.cursor == (1, 1)
        assert sorted(drawn) == sorted(row_lines(stands, 0) | row_lines(stands, 1))
        assert len(drawn) < stands.size.height // 4
        assert_drawn_as_fresh(stands)


async def test_compact_cursor_move_redraws_one_line_a_row(monkeypatch):
    app = FootyApp(match=ten_by_ten(), speed="instant")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        stands = app.screen.query_one(Stands)
        assert stands._geometry[3] == 1  # compact cards: one line a row
        drawn = count_redraws(stands, monkeypatch)
        await pilot.press("down")  # from A to J: the stands scroll only if J is off screen
        await pilot.pause()
        if stands.window[1] == 0:
            assert sorted(drawn) == sorted(row_lines(stands, 0) | row_lines(stands, 9))
        drawn.clear()
        await pilot.press("left")
        await pilot.pause()
        assert sorted(drawn) == sorted(row_lines(stands, 9))
        assert_drawn_as_fresh(stands)


async def test_flips_and_moves_leave_no_stale_line(monkeypatch):
    """A flip redraws the rows whose cards changed, not the whole stands; after moves,
    flips, a turn over and a theme switch the screen shows what a fresh drawing does."""
    match = ten_by_ten()
    app = FootyApp(match=match, speed="instant")
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        stands = app.screen.query_one(Stands)
        drawn = count_redraws(stands, monkeypatch)
        await pilot.press("enter")  # A1 face up
        await pilot.pause()
        assert match.public_view()["table"][0]["state"] == "up"
        assert set(drawn) <= row_lines(stands, 0), "a flip in row A redrew other rows"
        assert drawn
        for key in ["right", "enter", "up", "right", "enter", "enter", "ctrl+t", "left"]:
            await pilot.press(key)
            await pilot.pause()
            assert_drawn_as_fresh(stands)
