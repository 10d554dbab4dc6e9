"""Bundesliga Quartett screen: short games of each mode through the UI, hot-seat privacy."""

from __future__ import annotations

import io

from rich.console import Console
from textual.widget import Widget

from footycards.core.quartett import CATEGORIES
from footycards.match import Match
from footycards.narration import event_text
from footycards.seats import parse_players
from footycards.tui.app import FootyApp
from footycards.tui.screens.end import EndScreen
from footycards.tui.screens.quartett import QuartettScreen, quartett_screen
from footycards.tui.screens.quartett_ask import QuartettAskScreen
from footycards.tui.screens.quartett_trumps import TopTrumpsScreen
from footycards.tui.textual_internals import key_bindings
from footycards.tui.widgets.dialogs import ChoiceScreen
from footycards.tui.widgets.pass_device import PassDeviceScreen
from footycards.tui.widgets.quartett_card import HEAD_LINES, QuartettCard


def told(match: Match) -> list[str]:
    """The match's public log in words, as the feed shows it."""
    return [event_text(match.spec, e, match.names()) for e in match.state.log]


def start(players: str, seed: int = 4, **options) -> tuple[Match, FootyApp]:
    table = Match.start("quartett", parse_players(players), seed, options)
    return table, FootyApp(match=table, speed="instant")


def shown(widget: Widget) -> str:
    """The text a Static widget shows, laid out at its width."""
    console = Console(width=widget.size.width, record=True, file=io.StringIO())
    console.print(widget.content)
    return console.export_text()


async def settle(pilot, table: Match, turns: int = 30) -> None:
    """Let AI seats move until a human must act (or the game ends)."""
    for _ in range(turns):
        await pilot.pause()
        if table.state.is_over or not table.is_ai(table.state.to_move):
            break


async def test_fussball_short_game_by_keys():
    """Top trumps: the caller picks a category with the arrow keys and Enter; the round's
    cards are shown together; with a round limit the game ends on the end screen."""
    table, app = start("Ann,ai:normal", mode="fussball", round_limit=3)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, QuartettScreen)
        card = app.screen.query_one("#topcard", QuartettCard)
        assert card.card is not None and card.card == table.state.view(0)["top_card"]
        for _ in range(3):
            await settle(pilot, table)
            if table.state.is_over:
                break
            await pilot.press("down", "enter")  # goals
            await pilot.pause()
        await settle(pilot, table)
        assert table.state.is_over
        assert table.state.public_view()["round"] == 3
        assert isinstance(app.screen, EndScreen)
        assert any(line.startswith("Called by Ann: Bundesliga-Tore") for line in told(table)), told(
            table
        )


async def test_abwehr_angriff_number_keys_and_click():
    """Abwehr-Angriff: only the two categories can be called; 1 calls Abwehr, a click on a
    greyed-out category is refused with a message."""
    table, app = start("Ann,ai:hard", mode="abwehr-angriff", round_limit=2)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        await settle(pilot, table)
        assert not table.state.is_over
        before = table.state.to_json()
        await pilot.click("#topcard", offset=(5, 5))  # the Bundesliga-Spiele row
        await pilot.pause()
        assert table.state.to_json() == before
        await pilot.press("1")
        await pilot.pause()
        assert any(line.startswith("Called by Ann: Abwehr") for line in told(table))
        await settle(pilot, table)
        if not table.state.is_over:
            await pilot.press("2")
            await settle(pilot, table)
        assert table.state.is_over


async def test_quartett_ask_picker_offers_only_legal_asks():
    """Quartett: the two-step picker (player, then card) offers exactly the legal asks."""
    table, app = start("Ann,ai:normal,ai:easy", mode="quartett")
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        await settle(pilot, table)
        assert table.state.to_move == 0
        legal = {str(a) for a in table.state.legal_actions()}
        await pilot.press("a")
        await pilot.pause()
        assert isinstance(app.screen, ChoiceScreen)
        targets = {v for v, _label in app.screen.choices}
        assert targets == {str(a.seat) for a in table.state.legal_actions()}
        await pilot.press("1")
        await pilot.pause()
        assert isinstance(app.screen, ChoiceScreen)
        offered = {v for v, _label in app.screen.choices}
        assert offered and offered <= legal
        seat = next(iter(offered)).split()[1]
        assert offered == {a for a in legal if a.split()[1] == seat}
        asks_before = len(table.state.public_view()["history"])
        await pilot.press("1")
        await pilot.pause()
        assert len(table.state.public_view()["history"]) == asks_before + 1


async def test_quartett_hot_seat_hands_behind_pass_device():
    """Two people: each hand is shown only after the pass-device screen for its owner."""
    table, app = start("Ann,Bob", mode="quartett", seed=9)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, PassDeviceScreen)
        assert "Ann" in app.screen.player_name
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, QuartettScreen)
        ann_hand = {c["id"] for c in table.state.view(0)["hand"]}
        assert set(app.screen.drawn_hand) == ann_hand
        # Ann asks until she misses; then Bob is on turn and must confirm first
        for _ in range(20):
            if table.state.to_move != 0:
                break
            await pilot.press("a", "1", "1")
            await pilot.pause()
        assert table.state.to_move == 1
        if isinstance(app.screen, ChoiceScreen):  # Ann reads which card she drew
            await pilot.press("enter")
            await pilot.pause()
        assert isinstance(app.screen, PassDeviceScreen)
        assert "Bob" in app.screen.player_name
        assert app.screen_stack[-2].drawn_hand is None  # nobody's hand behind the screen
        await pilot.press("enter")
        await pilot.pause()
        bob_hand = {c["id"] for c in table.state.view(1)["hand"]}
        assert set(app.screen.drawn_hand) == bob_hand


async def test_fussball_hot_seat_top_card_private():
    """Top trumps with two people: the public view (between turns) shows no top card."""
    table, app = start("Ann,Bob", mode="fussball", seed=2)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, PassDeviceScreen)
        screen = app.screen_stack[-2]
        assert screen.query_one("#topcard", QuartettCard).card is None
        await pilot.press("enter")
        await pilot.pause()
        assert screen.query_one("#topcard", QuartettCard).card == table.state.view(0)["top_card"]


async def test_quartett_two_player_short_game_to_the_end():
    """Two-player Quartett through the UI: Enter opens the card picker straight away (one
    opponent), a number asks; with a limit on asks the game reaches the end screen."""
    table, app = start("Ann,ai:easy", mode="quartett", round_limit=8, seed=6)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        for _ in range(12):
            await settle(pilot, table)
            if table.state.is_over:
                break
            await pilot.press("enter")
            await pilot.pause()
            assert isinstance(app.screen, ChoiceScreen)
            assert app.screen.title_text.startswith("Ask AI easy for")
            await pilot.press("1")
            await pilot.pause()
        await settle(pilot, table)
        assert table.state.is_over
        assert isinstance(app.screen, EndScreen)
        assert any(h["asker"] == 0 for h in table.state.public_view()["history"])


async def test_click_on_a_callable_category_calls_it():
    """A click on a category row of your top card calls it, in the wide and narrow layout."""
    for size in [(120, 40), (80, 24)]:
        table, app = start("Ann,ai:normal", mode="fussball", round_limit=2)
        async with app.run_test(size=size) as pilot:
            await pilot.pause()
            await settle(pilot, table)
            assert table.due == 0
            row = HEAD_LINES + 1 + CATEGORIES.index("goals")
            await pilot.click("#topcard", offset=(5, row))
            await pilot.pause()
            assert any(line.startswith("Called by Ann: Bundesliga-Tore") for line in told(table)), (
                told(table)
            )


async def test_each_mode_has_its_own_screen_and_keys():
    """Top trumps and Quartett are two screens: category keys only on the top-trumps
    screen, the `a` ask key only on the Quartett screen; Enter calls or asks."""
    for mode, screen_type in [
        ("fussball", TopTrumpsScreen),
        ("abwehr-angriff", TopTrumpsScreen),
        ("quartett", QuartettAskScreen),
    ]:
        table, app = start("Ann,Bob", mode=mode)
        assert type(quartett_screen(table)) is screen_type
        async with app.run_test(size=(120, 40)) as pilot:
            await pilot.pause()
            screen = app.screen_stack[1]
            assert type(screen) is screen_type
            actions = {b.action for items in key_bindings(screen).values() for b in items}
            if screen_type is TopTrumpsScreen:
                assert {"cursor(-1)", "cursor(1)", "call"} <= actions and "ask" not in actions
            else:
                assert "ask" in actions and not {"cursor(-1)", "cursor(1)", "call"} & actions
            assert key_bindings(screen)["enter"][0].action in ("call", "ask")


async def test_narrow_layout_shows_the_round_in_lines():
    """At 80×24 the round's cards are one line each (the wide table does not fit); at
    120×40 they are columns with every category."""
    for size, narrow in [((80, 24), True), ((120, 40), False)]:
        table = Match.start("quartett", parse_players("Ann,ai:normal,ai:hard"), 3, {})
        table.apply("call fairness")
        table.run_ai()
        app = FootyApp(match=table, speed="instant")
        async with app.run_test(size=size) as pilot:
            await pilot.pause()
            await pilot.pause()
            text = shown(app.screen.query_one("#round"))
            assert ("Round 1 · Fairness · " in text) is narrow
            assert ("Ann: Fairness-Punkte" in text) is not narrow
