"""Stadium screen driven by key presses and clicks: whole games, YELLOW, VAR, quitting."""

from __future__ import annotations

import ast
import re
from pathlib import Path

from notices import notifications
from rich.color import ColorType
from rich.style import Style

import footycards.tui.screens
from footycards.match import Match
from footycards.narration import event_text
from footycards.seats import parse_players
from footycards.tui.app import FootyApp
from footycards.tui.screens.end import EndScreen
from footycards.tui.screens.game import GameScreen
from footycards.tui.screens.stadium import Scoreboard, StadiumScreen
from footycards.tui.widgets.dialogs import ChoiceScreen, ConfirmScreen
from footycards.tui.widgets.pass_device import PassDeviceScreen
from footycards.tui.widgets.stands import Stands

DEAL_2X2 = ["F01", "F02", "F01", "F02"]
# row A: F01 F02 YELLOW F03 / B: F01 F02 F03 F04 / C: F04 F05 F05 F06 / D: F06 RED VAR GAME
DEAL_4X4 = (
    ["F01", "F02", "YELLOW", "F03"]
    + ["F01", "F02", "F03", "F04"]
    + ["F04", "F05", "F05", "F06"]
    + ["F06", "RED", "VAR", "GAME"]
)


def told(match: Match) -> list[str]:
    """The match's public log in words, as the feed shows it."""
    return [event_text(match.spec, e, match.names()) for e in match.state.log]


async def click_cell(pilot, row: int, col: int) -> None:
    """Click the middle of a table cell, as a mouse user would."""
    stands = pilot.app.screen.query_one(Stands)
    x0, y0, w, h = stands._geometry
    rows = stands.view["rows"]
    await pilot.click(Stands, offset=(x0 + col * w + 1, y0 + (rows - 1 - row) * h + h // 2))
    await pilot.pause()


async def test_whole_2x2_game_by_keys(make_table):
    """Two people clear a 2×2 table with arrows and Enter; the end screen names the winner."""
    table = make_table("Ann,Bob", DEAL_2X2, 2, 2)
    app = FootyApp(match=table, speed="instant")
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, StadiumScreen)
        await pilot.press("enter")  # A1
        await pilot.press("up", "enter")  # B1: the pair F01, Ann moves again
        assert table.state.view(0)["areas"][0]["pairs"][0]["id"] == "F01"
        await pilot.press("right", "space")  # B2
        await pilot.press("down", "enter")  # A2: F02
        await pilot.pause()
        assert table.state.is_over
        assert isinstance(app.screen, EndScreen)
        assert table.state.result()["winners"] == [0]
        await pilot.press("a")  # play again
        await pilot.pause()
        assert isinstance(app.screen, StadiumScreen)
        assert app.screen.match is not table
        assert not app.screen.match.state.is_over


async def test_mouse_click_flips(make_table):
    """Clicking a face-down card flips it."""
    table = make_table("Ann,Bob", DEAL_4X4, 4, 4)
    app = FootyApp(match=table, speed="instant")
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        await click_cell(pilot, 2, 1)  # C2
        view = table.state.public_view()
        assert view["table"][9]["state"] == "up" and view["table"][9]["id"] == "F05"


async def test_yellow_interrupt_after_first_flip(make_table):
    """S4.6 in the UI: Bob is asked at Ann's turn start and after her first card; his YELLOW
    ends her turn and the card goes back face down."""
    table = make_table("Ann,Bob", DEAL_4X4, 4, 4)
    app = FootyApp(match=table, speed="instant")
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        await pilot.press("enter", "right", "enter")  # Ann: A1, A2 — no pair
        await pilot.press("right", "enter", "right", "enter")  # Bob: A3 YELLOW, A4
        await pilot.pause()
        assert table.state.public_view()["areas"][1]["rewards"] == ["YELLOW"]
        assert isinstance(app.screen, ChoiceScreen)  # Ann's turn start: Bob may interrupt
        await pilot.press("2")  # pass
        await pilot.pause()
        assert isinstance(app.screen, StadiumScreen)
        await click_cell(pilot, 1, 0)  # Ann flips B1
        assert isinstance(app.screen, ChoiceScreen)
        await pilot.press("1")  # YELLOW to Ann
        await pilot.pause()
        view = table.state.public_view()
        assert view["turn"] == 1
        assert view["table"][4]["state"] == "down"
        assert view["areas"][1]["rewards"] == []
        assert any("YELLOW" in line for line in told(table))


async def test_prompts_can_be_switched_off(make_table):
    """'Don't ask me again' passes every later window for that player."""
    table = make_table("Ann,Bob", DEAL_4X4, 4, 4)
    app = FootyApp(match=table, speed="instant")
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        await pilot.press("enter", "right", "enter")
        await pilot.press("right", "enter", "right", "enter")
        await pilot.pause()
        await pilot.press("3")  # pass, and don't ask again
        await pilot.pause()
        await click_cell(pilot, 1, 0)
        assert isinstance(app.screen, StadiumScreen)
        assert table.state.phase == "second"


async def test_var_peek_behind_pass_device_screen(make_table):
    """S4.1: with two people at the keyboard the VAR look waits behind the pass screen."""
    table = make_table("Ann,Bob", DEAL_4X4, 4, 4)
    app = FootyApp(match=table, speed="instant")
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        await click_cell(pilot, 3, 2)  # Ann: D3 VAR
        await click_cell(pilot, 3, 3)  # D4 GAME
        await click_cell(pilot, 0, 0)  # Bob: A1
        await click_cell(pilot, 0, 1)  # A2
        assert table.state.public_view()["areas"][0]["rewards"] == ["VAR", "GAME"]
        await pilot.press("v")
        await click_cell(pilot, 1, 0)  # B1
        await click_cell(pilot, 1, 1)  # B2
        assert isinstance(app.screen, PassDeviceScreen)
        await pilot.press("enter")
        await pilot.pause()
        stands = app.screen.query_one(Stands)
        assert set(stands.view["peeked"]) == {"B1", "B2"}
        assert stands.view["peeked"]["B1"]["id"] == "F01"
        stands.cursor = (1, 0)
        app.screen.update_status()
        assert "your VAR look" in str(app.screen.query_one("#status").render())
        await click_cell(pilot, 1, 0)
        await click_cell(pilot, 0, 0)  # the F01 pair, found thanks to VAR
        assert [p["id"] for p in table.state.public_view()["areas"][0]["pairs"]] == ["F01"]


async def test_against_ai_at_instant_speed(make_table):
    """An AI seat moves by itself; the human only ever acts on their own turn."""
    table = make_table("Ann,ai:hard", DEAL_4X4, 4, 4)
    app = FootyApp(match=table, speed="instant")
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        await pilot.press("enter", "right", "enter")  # A1, A2: no pair, AI moves
        for _ in range(20):
            await pilot.pause()
            if table.state.to_move == 0 or table.state.is_over:
                break
        assert table.state.to_move == 0 or table.state.is_over
        assert any("by AI hard" in line for line in told(table))


async def test_quit_asks_first(make_table):
    """Leaving a game in progress asks; 'n' keeps playing."""
    table = make_table("Ann,Bob", DEAL_4X4, 4, 4)
    app = FootyApp(match=table, speed="instant")
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        await pilot.press("q")
        assert isinstance(app.screen, ConfirmScreen)
        await pilot.press("n")
        assert isinstance(app.screen, StadiumScreen)
        await pilot.press("ctrl+q")
        assert isinstance(app.screen, ConfirmScreen)
        await pilot.press("y")
        await pilot.pause()
    assert app.return_code in (0, None)


async def test_illegal_action_changes_nothing(make_table):
    """Flipping a card that is already face up is refused with a message."""
    table = make_table("Ann,Bob", DEAL_4X4, 4, 4)
    app = FootyApp(match=table, speed="instant")
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        await pilot.press("enter")
        before = table.state.to_json()
        await pilot.press("enter")  # same card again
        await pilot.pause()
        assert table.state.to_json() == before
        assert notifications(app)  # the reason was shown


async def test_compact_layout_at_80x24():
    """At 80×24 the whole 10×10 table still fits, one line per row."""
    table = Match.start("stadium", parse_players("Ann,Bob"), 3, {})
    app = FootyApp(match=table, speed="instant")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        stands = app.screen.query_one(Stands)
        x0, y0, w, h = stands._geometry
        assert h == 1 and w >= 4
        assert x0 + 10 * w <= stands.size.width
        assert stands.size.height >= 12


async def test_help_and_rules_screens(make_table):
    """'?' lists the keys, F1 shows the rules with the house rulings."""
    from footycards.tui.screens.info import KeysScreen, RulesScreen

    table = make_table("Ann,Bob", DEAL_4X4, 4, 4)
    app = FootyApp(match=table, speed="instant")
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        await pilot.press("question_mark")
        assert isinstance(app.screen, KeysScreen)
        await pilot.press("escape")
        await pilot.press("f1")
        assert isinstance(app.screen, RulesScreen)
        await pilot.press("escape")
        assert isinstance(app.screen, StadiumScreen)


async def leave_game(pilot) -> None:
    """Leave the game on screen (it asks first): back to the launcher."""
    await pilot.press("q", "y")
    await pilot.pause()
    assert not isinstance(pilot.app.screen, GameScreen)


async def stadium_side_after_quartett(size: tuple[int, int]) -> int:
    """Open Stadium, then Quartett, then Stadium again: the width of Stadium's side panel."""
    app = FootyApp(speed="instant")
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        for game, options in [("stadium", {"rows": 4, "cols": 4}), ("quartett", {})]:
            app.open_game(Match.start(game, parse_players("Ann,Bob"), 3, options))
            await pilot.pause()
            await leave_game(pilot)
        app.open_game(Match.start("stadium", parse_players("Ann,Bob"), 3, {"rows": 4, "cols": 4}))
        await pilot.pause()
        assert isinstance(app.screen, StadiumScreen)
        return app.screen.query_one("#side").size.width


async def test_stadium_styles_unchanged_after_a_quartett_game():
    """Each screen's styles are its own: Quartett's `#side` does not resize Stadium's."""
    assert await stadium_side_after_quartett((120, 40)) == 40
    assert await stadium_side_after_quartett((80, 24)) == 30


def test_every_game_style_rule_names_its_screen():
    """Every rule in the game screens' .tcss files starts with the screen's type."""
    screens = Path(footycards.tui.screens.__file__).parent
    for name, screen in [("stadium.tcss", "StadiumScreen"), ("quartett.tcss", "QuartettScreen")]:
        css = re.sub(r"/\*.*?\*/", "", (screens / name).read_text(), flags=re.S)
        for rule in re.findall(r"([^{}]+)\{", css):
            for selector in rule.split(","):
                assert re.match(rf"{screen}\b", selector.strip()), (name, selector.strip())


async def test_screen_listens_to_its_match_once(make_table):
    """The screen subscribes to its match once (Textual runs every class's on_mount), and
    unsubscribes when it closes."""
    table = make_table("Ann,Bob", DEAL_4X4, 4, 4)
    app = FootyApp(match=table, speed="instant")
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert [hears(listener, screen) for listener in table.listeners].count(True) == 1
        await pilot.press("enter")
        assert app.screen.moves == 1
        await leave_game(pilot)
        assert not any(hears(listener, screen) for listener in table.listeners)


def hears(listener, screen) -> bool:
    """Whether a match's listener calls `screen.heard` (weakly: tui/weak_listener.py)."""
    import weakref

    cells = getattr(listener, "__closure__", None) or ()
    return any(
        isinstance(cell.cell_contents, weakref.WeakMethod) and cell.cell_contents() == screen.heard
        for cell in cells
    )


def style_of(stands: Stands, label: str) -> Style:
    """The style the stands draw a label in (its first occurrence), as the terminal gets it."""
    text = stands.render()
    at = text.plain.index(label)
    return text.get_style_at_offset(stands.app.console, at)


async def test_theme_switch_recolours_the_stands(make_table):
    """The board's colours come from the theme: Ctrl+T recolours a face-down card, and an
    ANSI theme draws it in ANSI colours; rewards keep their labels whatever the colours."""
    table = make_table("Ann,Bob", DEAL_4X4, 4, 4)
    for move in ["flip D3", "flip D4", "flip A1", "flip B1", "flip A3"]:
        table.apply(move)
    app = FootyApp(match=table, speed="instant", theme="textual-dark")
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        stands = app.screen.query_one(Stands)
        dark = style_of(stands, "Nit")
        badge = app.screen.query_one(Scoreboard).get_component_rich_style("scoreboard--var")
        await pilot.press("ctrl+t")
        await pilot.pause()
        assert app.theme != "textual-dark"
        assert style_of(stands, "Nit") != dark
        assert app.screen.query_one(Scoreboard).get_component_rich_style("scoreboard--var") != badge
        app.theme = "ansi-dark"
        await pilot.pause()
        back = style_of(stands, "Nit")
        assert back.bgcolor is not None and back.bgcolor.type == ColorType.STANDARD
        assert "YEL" in stands.render().plain


def state_reads(source: str) -> list[int]:
    """Lines where code reads `.state` of a match (`self.match.state`, `table.state`,
    `getattr(match, "state")`)."""

    def matchlike(node: ast.expr) -> bool:
        name = node.attr if isinstance(node, ast.Attribute) else getattr(node, "id", "")
        return "match" in name.lower() or "table" in name.lower()

    lines = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Attribute) and node.attr == "state" and matchlike(node.value):
            lines.append(node.lineno)
        elif (
            isinstance(node, ast.Call)
            and getattr(node.func, "id", "") == "getattr"
            and len(node.args) >= 2
            and isinstance(node.args[1], ast.Constant)
            and node.args[1].value == "state"
        ):
            lines.append(node.lineno)
    return sorted(lines)


def test_screens_read_views_not_the_state():
    """Screens and widgets read views, legal actions and the engines' constants, never the
    match's state (`self.match.state.phase` would show what a seat may not see)."""
    assert state_reads("x = self.match.state.phase\ny = getattr(table, 'state')") == [1, 2]
    tui = Path(footycards.tui.screens.__file__).parent.parent
    found = {
        f"{path.relative_to(tui)}:{line}"
        for path in sorted(tui.rglob("*.py"))
        for line in state_reads(path.read_text())
    }
    assert not found
