"""MatchFeed: the newest entry stays whole in view, also when the feed gets lower at the
moment it grows (a players panel above it taking a line more)."""

from __future__ import annotations

from textual.app import App, ComposeResult
from textual.containers import Vertical
from textual.widgets import Static

from footycards.tui.widgets.feed import MatchFeed


class FeedApp(App):
    """A panel above a feed, as the game screens' side column has it."""

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Static("one line", id="panel")
            yield MatchFeed(id="feed")


def last_line_in_view(feed: MatchFeed) -> bool:
    height = feed.scrollable_content_region.height
    return feed.scroll_offset.y + height >= len(feed.lines)


async def test_the_newest_entry_is_whole_when_the_panel_above_grows():
    app = FeedApp()
    async with app.run_test(size=(40, 14)) as pilot:
        feed = app.query_one(MatchFeed)
        log = [f"entry {n} with enough words to wrap over two lines here" for n in range(12)]
        feed.sync(log[:10], str)
        await pilot.pause()
        assert last_line_in_view(feed)
        panel = app.query_one("#panel", Static)
        panel.update("one line\nand another\nand a third")  # the panel grows ...
        feed.sync(log, str)  # ... as the new entries come in
        await pilot.pause()
        await pilot.pause()
        assert feed.scrollable_content_region.height < 10
        assert last_line_in_view(feed), (feed.scroll_offset.y, len(feed.lines))
        panel.update("one line\nand another\nand a third\nand a fourth")
        await pilot.pause()
        await pilot.pause()
        assert last_line_in_view(feed)
