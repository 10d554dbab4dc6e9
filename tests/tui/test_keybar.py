"""KeyBar (the one-line key bar that replaced Textual's Footer) and TitleBar: they show
the screen's keys and titles, follow changes, run a key's action on click, and pack
closer on narrow terminals."""

from __future__ import annotations

import contextvars

import pytest
from textual.app import App, ComposeResult
from textual.binding import Binding
from textual.screen import Screen

from footycards.match import Match
from footycards.seats import parse_players
from footycards.tui.app import FootyApp
from footycards.tui.widgets.keybar import KeyBar
from footycards.tui.widgets.titlebar import TitleBar


class Board(Screen):
    """A screen with a key that can be switched off (hidden) or greyed out."""

    BINDINGS = [
        Binding("s", "shout", "Shout"),
        Binding("w", "whisper", "Whisper"),
        Binding("h", "hidden", "Hidden", show=False),
    ]

    def __init__(self) -> None:
        super().__init__()
        self.whisper: bool | None = True  # True: offered; None: greyed out; False: hidden
        self.shouts = 0
        self.whispers = 0

    def compose(self) -> ComposeResult:
        yield TitleBar()
        yield KeyBar()

    def on_mount(self) -> None:
        self.title = "Board"
        self.sub_title = "first"

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "whisper":
            return self.whisper
        return True

    def action_shout(self) -> None:
        self.shouts += 1

    def action_whisper(self) -> None:
        self.whispers += 1


class BoardApp(App):
    def on_mount(self) -> None:
        self.push_screen(Board())


def board_and_bar(app: App) -> tuple[Board, KeyBar]:
    """The Board on screen and its key bar."""
    screen = app.screen
    assert isinstance(screen, Board)
    return screen, screen.query_one(KeyBar)


def bar_text(bar: KeyBar) -> str:
    return str(bar.render())


def span_of(bar: KeyBar, key: str) -> tuple[int, int]:
    for start, end, k in bar.spans:
        if k.key == key:
            return start, end
    raise AssertionError(f"{key} not on the bar: {[k.key for _s, _e, k in bar.spans]}")


async def test_shows_the_keys_and_the_titles():
    app = BoardApp()
    async with app.run_test(size=(100, 10)) as pilot:
        await pilot.pause()
        bar = app.screen.query_one(KeyBar)
        text = bar_text(bar)
        assert " s Shout " in text and " w Whisper " in text
        assert "Hidden" not in text  # show=False
        assert text.rstrip().endswith("palette")  # the command palette key on the right
        assert len(text) == 100
        title = str(app.screen.query_one(TitleBar).render())
        assert "Board — first" in title and title.startswith(" ⭘")
        app.screen.sub_title = "second"
        await pilot.pause()
        assert "Board — second" in str(app.screen.query_one(TitleBar).render())


async def test_follows_binding_changes_and_redraws_only_then():
    app = BoardApp()
    async with app.run_test(size=(100, 10)) as pilot:
        await pilot.pause()
        screen, bar = board_and_bar(app)
        before = bar.entries
        refreshes: list[int] = []
        original = bar.refresh

        def counting(*args, **kwargs):
            refreshes.append(1)
            return original(*args, **kwargs)

        bar.refresh = counting  # type: ignore[method-assign]
        screen.refresh_bindings()  # nothing changed: no redraw
        await pilot.pause()
        assert bar.entries == before and not refreshes
        screen.whisper = None  # greyed out: still shown, disabled
        screen.refresh_bindings()
        await pilot.pause()
        assert refreshes
        (whisper,) = [e for e in bar.entries if e.keys[0].key == "w"]
        assert not whisper.keys[0].enabled
        assert "Whisper" in bar_text(bar)
        screen.whisper = False  # hidden
        screen.refresh_bindings()
        await pilot.pause()
        assert "Whisper" not in bar_text(bar)
        assert all(e.keys[0].key != "w" for e in bar.entries)


async def test_click_runs_the_keys_action_and_a_disabled_key_only_rings():
    app = BoardApp()
    async with app.run_test(size=(100, 10)) as pilot:
        await pilot.pause()
        screen, bar = board_and_bar(app)
        bar_text(bar)
        start, end = span_of(bar, "s")
        await pilot.click(KeyBar, offset=(start + 1, 0))
        await pilot.pause()
        assert screen.shouts == 1
        await pilot.click(KeyBar, offset=(end - 1, 0))
        await pilot.pause()
        assert screen.shouts == 2 and screen.whispers == 0
        screen.whisper = None
        screen.refresh_bindings()
        await pilot.pause()
        bar_text(bar)
        start, _end = span_of(bar, "w")
        await pilot.click(KeyBar, offset=(start + 1, 0))
        await pilot.pause()
        assert screen.whispers == 0


async def test_narrow_game_screen_packs_the_keys_and_keeps_leave():
    match = Match.start("stadium", parse_players("Ann,Bob"), 1)
    for size, compact in (((120, 40), False), ((80, 24), True)):
        app = FootyApp(match=match, speed="instant")
        async with app.run_test(size=size) as pilot:
            await pilot.pause()
            bar = app.screen.query_one(KeyBar)
            assert bar.compact is compact
            assert bar.show_command_palette is not compact
            text = bar_text(bar)
            assert len(text) <= size[0]
            assert ("q Leave" if compact else " q Leave ") in text
            assert ("palette" in text) is not compact
            start, end = span_of(bar, "q")
            assert end <= size[0]
            # the stands' arrows come first: the focused widget's keys lead, as in Footer
            assert bar.entries[0].keys[0].display == "←↑↓→"
            assert "Stadium — Turn: Ann" in str(app.screen.query_one(TitleBar).render())


async def test_a_full_bar_leaves_keys_out_but_keeps_keys_help_and_leave():
    """Against the AI at 80×24 `u Undo` joins Stadium's many keys: the bar leaves keys out
    from the right (they are in `?`), and "? Keys" and "q Leave" stay whole."""
    deal = (
        ["F01", "F02", "YELLOW", "F03"]
        + ["F01", "F02", "F03", "F04"]
        + ["F04", "F05", "F05", "F06"]
        + ["F06", "RED", "VAR", "GAME"]
    )
    options = {"rows": 4, "cols": 4, "deal": deal, "first": 0}
    match = Match.start("stadium", parse_players("Ann,ai:easy"), 1, options)
    match.apply("flip A1")
    app = FootyApp(match=match, speed="instant")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        bar = app.screen.query_one(KeyBar)
        text = bar_text(bar)
        assert len(text) <= 80
        assert "u Undo" in text and "? Keys" in text and text.rstrip().endswith("q Leave")
        assert "h Hint" in text
        start, end = span_of(bar, "q")
        assert end <= 80


@pytest.mark.parametrize("players", ["Ann,Bob", "Ann,ai:easy"])
async def test_the_hint_key_stays_on_stadiums_bar_at_80_columns(players):
    """Stadium's keys fill an 80-column bar: the keys left out for room are never the
    hint (`h Hint`, a key everyone should see), which stays whole and clickable."""
    match = Match.start("stadium", parse_players(players), 1)
    app = FootyApp(match=match, speed="instant", autosave=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        bar = app.screen.query_one(KeyBar)
        text = bar_text(bar)
        assert len(text) <= 80
        assert "h Hint" in text and "? Keys" in text and text.rstrip().endswith("q Leave")
        shown = {label for label in (e.label for e in bar.entries) if f" {label}" in text}
        assert len(shown) < len(bar.entries)  # some keys were left out for room
        assert span_of(bar, "h")[1] <= 80


@pytest.mark.parametrize(
    ("lang", "game"), [("pl", "stadium"), ("uk", "stadium"), ("uk", "quartett")]
)
async def test_the_rules_key_stays_on_a_full_bar_in_every_language(lang, game):
    """Longer translations of the key labels at 80×24 leave other keys out, never F1."""
    from footycards import i18n

    with i18n.language(lang):
        seats = parse_players("Ann,ai:easy")
    options = {"rows": 4, "cols": 4} if game == "stadium" else {}
    match = Match.start(game, seats, 1, options)
    app = contextvars.copy_context().run(
        lambda: FootyApp(match=match, speed="instant", lang=lang, autosave=False)
    )
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        bar = app.screen.query_one(KeyBar)
        text = bar_text(bar)
        assert len(text) <= 80
        start, end = span_of(bar, "f1")
        assert end <= 80 and "f1" in text
        assert span_of(bar, "question_mark")[1] <= 80
        assert span_of(bar, "h")[1] <= 80  # the hint too
