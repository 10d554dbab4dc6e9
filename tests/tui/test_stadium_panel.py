"""The Stadium side panel: pairs with the footballers' names, reward cards on a line of
their own (apart from the yellow cards received), and PLAY GAME dice naming who rolled."""

from __future__ import annotations

from textual.geometry import Region
from textual.widget import Widget

from footycards.tui.app import FootyApp
from footycards.tui.screens.stadium import MatchPanel, Scoreboard, StadiumScreen, rolls_text
from footycards.tui.widgets.dialogs import ChoiceScreen

DEAL_4X4 = (
    ["F01", "F02", "YELLOW", "F03"]
    + ["F01", "F02", "F03", "F04"]
    + ["F04", "F05", "F05", "F06"]
    + ["F06", "RED", "VAR", "GAME"]
)
# Ann takes VAR and GAME; Bob the pairs F01 and F02, then misses; Ann the pair F05.
TO_THE_MATCH = ["flip D4", "flip D3", "flip A1", "flip B1", "flip A2", "flip B2", "flip A4",
                "flip C1", "flip C2", "flip C3"]  # fmt: skip


def drawn(widget: Widget) -> list[str]:
    """A widget's lines as on screen (with its border)."""
    w, h = widget.outer_size
    return [strip.text.rstrip() for strip in widget.render_lines(Region(0, 0, w, h))]


async def test_pairs_named_and_rewards_apart_from_yellows(make_table):
    """Pairs read `F05 Kuba Lewandowicz ★★`; the reward cards held and the yellows
    received are on separate lines."""
    table = make_table("Ann,Bob", DEAL_4X4, 4, 4)
    for move in ["flip D4", "flip D3", "flip A3", "flip A4", "yellow P1", "flip C2", "flip C3"]:
        table.apply(move)
    view = table.public_view()
    assert view["areas"][0]["yellows"] == 1 and view["areas"][0]["rewards"] == ["GAME", "VAR"]
    app = FootyApp(match=table, speed="instant")
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        lines = drawn(app.screen.query_one(Scoreboard))
        text = "\n".join(lines)
        assert "F05 Lewandowicz★★" in text
        held = [line for line in lines if "holds:" in line]
        booked = [line for line in lines if "booked: 1 yellow" in line]
        assert len(held) == 1 and len(booked) == 1
        assert "VAR" in held[0] and "GAME" in held[0] and "yellow" not in held[0].lower()
        assert "VAR" not in booked[0]


async def test_match_dice_name_the_players(make_table):
    """PLAY GAME: the steal dialog and the match panel say who rolled what, ties included,
    and the pair taken by its footballer's name."""
    table = make_table("Ann,Bob", DEAL_4X4, 4, 4, dice=[3, 3, 4, 1])
    for move in TO_THE_MATCH:
        table.apply(move)
    app = FootyApp(match=table, speed="instant")
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, StadiumScreen)
        await pilot.press("g")
        await pilot.pause()
        assert isinstance(app.screen, ChoiceScreen)
        await pilot.press("1")  # challenge Bob
        await pilot.pause()
        assert isinstance(app.screen, ChoiceScreen)  # Ann won: which pair?
        body = str(app.screen.query_one(".body").render())
        assert "Ann rolled ⚂ 3, Bob rolled ⚂ 3 (tie)" in body
        assert "Ann rolled ⚃ 4, Bob rolled ⚀ 1" in body
        await pilot.press("1")  # F01
        await pilot.pause()
        panel = " ".join(line.strip("│ ") for line in drawn(app.screen.query_one(MatchPanel)))
        assert "Ann rolled ⚃ 4, Bob rolled ⚀ 1" in panel
        assert "Ann rolled ⚂ 3, Bob rolled ⚂ 3" in panel
        assert "F01 Keeper Kowalski ★" in panel


def test_rolls_name_who_rolled():
    """The words of the dice (also the notice when an AI plays a match)."""
    assert rolls_text([[2, 2], [6, 1]], "You", "AI hard", dice=False) == [
        "You rolled 2, AI hard rolled 2 (tie)",
        "You rolled 6, AI hard rolled 1",
    ]


async def test_a_reward_keeps_its_letter_when_the_holds_line_wraps(make_table):
    """In a narrow panel the holds line wraps between rewards, never between a reward's
    letter and its name."""
    from textual.app import App, ComposeResult

    table = make_table("Ann,Bob", DEAL_4X4, 4, 4)
    for move in ["flip D4", "flip D3", "flip A3", "flip A4", "yellow P1"]:
        table.apply(move)
    view = table.public_view()
    assert len(view["areas"][0]["rewards"]) >= 2

    class Narrow(App):
        def compose(self) -> ComposeResult:
            yield Scoreboard()

    for width in range(22, 34):
        app = Narrow()
        async with app.run_test(size=(width, 12)) as pilot:
            board = app.query_one(Scoreboard)
            board.show(view, set())
            await pilot.pause()
            lines = drawn(board)
            text = "\n".join(lines)
            assert "G PLAY GAME" in text and "V VAR" in text, (width, lines)
