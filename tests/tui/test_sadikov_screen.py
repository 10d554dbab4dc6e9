"""Sadikov's Football screen driven by keys and clicks: takes, closed columns, the shot
animation, half time, layouts at 80×24 and 120×40, no pass screen (every card is public)."""

from __future__ import annotations

from notices import notifications

from footycards.core.sadikov import KEEPER_DECK, MAIN_DECK
from footycards.match import Match
from footycards.registry import get_spec
from footycards.seats import parse_players
from footycards.tui.app import FootyApp
from footycards.tui.screens.info import RulesScreen
from footycards.tui.screens.sadikov import SadikovScreen
from footycards.tui.widgets.dialogs import ChoiceScreen
from footycards.tui.widgets.pass_device import PassDeviceScreen
from footycards.tui.widgets.sadikov_table import AktivPanel, SadikovTable, card_text


def deal_with(tops: dict[int, str]) -> list[str]:
    """A fixed deal (F8) with the given cards at the given 0-based positions: position
    9·c + 8 is the top card of column c + 1."""
    deck = list(MAIN_DECK)
    fixed: set[int] = set()
    for pos, card in tops.items():
        j = next(i for i, c in enumerate(deck) if c == card and i not in fixed and i != pos)
        if deck[pos] != card:
            deck[pos], deck[j] = deck[j], deck[pos]
        fixed.add(pos)
    assert sorted(deck) == sorted(MAIN_DECK)
    return deck


def top(column: int) -> int:
    return 9 * (column - 1) + 8


# Column 1 and 2 both show 9♠ on top: taking both is a free kick (F4.2, 2 keeper cards).
FREE_KICK_DEAL = deal_with({top(1): "9S", top(2): "9S", top(3): "6H", top(4): "7D", top(5): "KC"})


def keeper(first: list[str]) -> list[str]:
    rest = list(KEEPER_DECK)
    for card in first:
        rest.remove(card)
    return first + rest


class SadikovApp(FootyApp):
    """The app, opening Sadikov matches on SadikovScreen whatever the registry says yet."""

    def open_game(self, match: Match) -> None:
        self.push_screen(SadikovScreen(match, self.local, self.drive_ai))


def start(players: str, seed: int = 3, **options) -> tuple[Match, FootyApp]:
    table = Match.start("sadikov", parse_players(players), seed, options)
    return table, SadikovApp(match=table, speed="instant", theme="textual-dark")


def table_lines(table: SadikovTable) -> list[str]:
    return table.render().plain.split("\n")


async def test_nothing_is_private_so_no_pass_screen():
    """Every card is public: with two people at one keyboard there is no pass screen; once
    registered, the registry's screen for the game is this one."""
    spec = get_spec("sadikov")
    if spec.has_screen:
        assert spec.screen_factory() is SadikovScreen
    table, app = start("Ann,Bob")
    assert not table.has_private(0) and not table.has_private(1)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, SadikovScreen)
        for column in (1, 2, 3, 4):
            await pilot.press(str(column))
            await pilot.pause()
            assert not isinstance(app.screen, PassDeviceScreen)
        assert table.actions == ["take 1", "take 2", "take 3", "take 4"]


async def test_part_of_a_half_by_keys_against_ai():
    """Ann takes with ←/→ and Enter; the AI answers at instant speed, every move legal."""
    table, app = start("Ann,ai:normal", deal=FREE_KICK_DEAL)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        for _ in range(8):
            assert table.state.to_move == 0
            legal = [a.column for a in table.legal_actions()]
            cursor = app.screen.query_one(SadikovTable).cursor + 1
            steps = legal[0] - cursor
            await pilot.press(*(["right"] * steps if steps > 0 else ["left"] * -steps), "enter")
            for _ in range(10):
                await pilot.pause()
                if table.state.to_move == 0:
                    break
        assert len(table.actions) >= 16
        assert sum(1 for e in table.state.log if e["event"] == "take" and e["seat"] == 1) >= 8


async def test_closed_column_refused_with_the_reason():
    """F3.3: the column Ann took from last turn is dimmed and refused; nothing changes."""
    table, app = start("Ann,Bob", deal=FREE_KICK_DEAL)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        await pilot.press("1")  # Ann: column 1
        await pilot.press("3")  # Bob: column 3
        await pilot.pause()
        view = table.public_view()
        assert view["columns"][0]["closed"]
        screen = app.screen
        tbl = screen.query_one(SadikovTable)
        assert "✕" in table_lines(tbl)[0]
        before = table.state.to_json()
        app.clear_notifications()
        assert tbl.cursor == 2  # the cursor follows the last take (column 3)
        await pilot.press("left", "left", "enter")
        await pilot.pause()
        assert tbl.cursor == 0
        assert table.state.to_json() == before
        messages = [n.message for n in notifications(app)]
        assert any("closed" in m and "1" in m for m in messages)
        assert "closed" in str(screen.query_one("#status").render())


async def test_a_click_takes_from_that_column():
    table, app = start("Ann,Bob", deal=FREE_KICK_DEAL)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        tbl = app.screen.query_one(SadikovTable)
        await pilot.click(SadikovTable, offset=(tbl.x0 + 3 * 9 + 2, 3))
        await pilot.pause()
        assert table.actions == ["take 4"]
        assert tbl.cursor == 3
        assert table.public_view()["seats"][0]["aktiv"]["D"][0]["id"] == "7D"


async def free_kick(app: FootyApp, pilot, step: float) -> SadikovScreen:
    """Ann 9♠, Bob column 3, Ann 9♠ again: a free kick with two keeper cards."""
    await pilot.pause()
    screen = app.screen
    assert isinstance(screen, SadikovScreen)
    screen.animation = step
    await pilot.press("1", "3", "2")
    await pilot.pause()
    return screen


async def test_goal_animated_step_by_step_and_skipped():
    """The free kick is shown step by step; `s` ends the animation: GOAL! and the score."""
    table, app = start("Ann,Bob", deal=FREE_KICK_DEAL, keeper=keeper(["2H", "3D"]))
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await free_kick(app, pilot, 30.0)
        panel = str(screen.query_one("#shot").render())
        assert "FREE KICK! Ann · 9♠S" in panel  # the first step only
        assert "2 cards" not in panel and "GOAL" not in panel
        assert screen.animating and not screen.can_act()
        await pilot.press("s")
        await pilot.pause()
        panel = str(screen.query_one("#shot").render())
        assert "GOAL! Ann · 1 : 0" in panel
        assert "the keeper may turn 2 cards" in panel and "2♥H" in panel and "3♦D" in panel
        assert not screen.animating and screen.can_act()
        assert table.public_view()["scores"] == [1, 0]
        assert "1 : 0" in str(screen.query_one("#scoreline").render())


async def test_save_animated_to_the_end():
    """A keeper card of the shot's suit saves it; the animation runs out by itself."""
    table, app = start("Ann,Bob", deal=FREE_KICK_DEAL, keeper=keeper(["3H", "4S"]))
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await free_kick(app, pilot, 0.01)
        for _ in range(50):
            await pilot.pause(0.02)
            if not screen.animating:
                break
        assert not screen.animating
        panel = str(screen.query_one("#shot").render())
        assert "SAVED by Bob" in panel and "4♠S" in panel
        assert "penalty card" in panel  # F5.1: one penalty card to Bob in spades
        bob = screen.query_one("#aktiv-1", AktivPanel)
        assert "1 pen." in str(bob.render())
        assert table.public_view()["added"] == 1


async def test_extra_move_announced():
    """F4.5: an attack (10 on 9 of its suit) earns an extra move, and it is said."""
    deal = deal_with({top(1): "9S", top(2): "10S", top(3): "6H"})
    table, app = start("Ann,Bob", deal=deal)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        await pilot.press("1", "3", "2")  # Ann 9♠, Bob 6♥, Ann 10♠ on 9♠
        await pilot.pause()
        assert table.public_view()["extra"]
        assert any("extra move" in n.message for n in notifications(app))
        assert "extra move" in str(app.screen.query_one("#status").render())


async def test_half_time_notice_then_second_half():
    """The first half played out through the UI: a half-time notice, then half 2."""
    table, app = start("Ann,ai:random", seed=8)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        for _ in range(80):
            if isinstance(app.screen, ChoiceScreen) or table.public_view()["half"] == 2:
                break
            if table.state.to_move == 0 and app.screen.can_act():
                column = table.legal_actions()[0].column
                await pilot.press(str(column))
            await pilot.pause()
        assert isinstance(app.screen, ChoiceScreen)
        assert "Half time" in app.screen.title_text
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, SadikovScreen)
        assert table.public_view()["half"] == 2
        assert "2nd half" in str(app.screen.query_one("#scoreline").render())


async def test_layouts_show_every_top_card_unwrapped():
    """At 80×24 and 120×40 the five columns fit, unwrapped, with every top card visible;
    the aktiv panels fit too; F1 opens the rules."""
    deal = deal_with({top(1): "10S", top(2): "QH", top(3): "KD", top(4): "AC", top(5): "JS"})
    for size in ((80, 24), (120, 40)):
        table, app = start("Ann,Bob", deal=deal, letters="uk")
        async with app.run_test(size=size) as pilot:
            await pilot.pause()
            tbl = app.screen.query_one(SadikovTable)
            lines = table_lines(tbl)
            assert all(len(line) <= tbl.size.width for line in lines), size
            assert len(lines) <= tbl.size.height, size
            text = "\n".join(lines)
            for card in ("10S", "QH", "KD", "AC", "JS"):
                assert card_text(card, "uk") in text, (size, card)
            assert "Д♥H" in text and "Т♣C" in text  # Ukrainian letters (F1.3)
            for panel in app.screen.query(AktivPanel):
                assert panel.size.height >= 4
            await pilot.press("f1")
            await pilot.pause()
            assert isinstance(app.screen, RulesScreen)
            await pilot.press("escape")
            await pilot.pause()
            assert isinstance(app.screen, SadikovScreen)


def test_style_rules_name_the_screen():
    """Every rule of sadikov.tcss starts with SadikovScreen (a screen's CSS is global)."""
    import re
    from pathlib import Path

    import footycards.tui.screens

    path = Path(footycards.tui.screens.__file__).parent / "sadikov.tcss"
    css = re.sub(r"/\*.*?\*/", "", path.read_text(), flags=re.S)
    for rule in re.findall(r"([^{}]+)\{", css):
        for selector in rule.split(","):
            assert re.match(r"SadikovScreen\b", selector.strip()), selector.strip()


async def test_shootout_kicks_are_listed_with_their_score():
    """F6.2: the shoot-out's kicks are animated one under the other, each SAVED or GOAL."""
    table, app = start("Ann,Bob")
    events = [
        {"event": "end_of_half_placeholder"},
        {"event": "shootout"},
        {"event": "shot", "seat": 0, "kind": "kick", "suit": "S", "card": "7S", "keeper": 1},
        {"event": "keeper", "seat": 1, "card": "2H", "save": False},
        {"event": "goal", "seat": 0, "kind": "kick", "suit": "S", "shootout": [1, 0]},
        {"event": "shot", "seat": 1, "kind": "kick", "suit": "D", "card": "QD", "keeper": 1},
        {"event": "keeper", "seat": 0, "card": "JOKER", "save": True},
        {"event": "save", "seat": 0, "kind": "kick", "suit": "D", "card": "JOKER"},
        {"event": "end", "goals": [2, 2], "winners": [0], "shootout": [1, 0]},
    ]
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, SadikovScreen)
        frames = screen.shot_frames(events)
        lines = [line.plain for _clear, line in frames]
        assert [clear for clear, _line in frames].count(True) == 1  # the kicks stay listed
        assert lines[0] == "PENALTY SHOOT-OUT"
        assert "PENALTY KICK! Ann · 7♠S" in lines
        assert "GOAL! Ann · 1 : 0" in lines
        assert "SAVED by Ann!" in lines and "FULL TIME" in lines
        assert any("JOKER" in line and "✓" in line for line in lines)


async def test_random_keys_keep_the_game_consistent():
    """Random keys (animations on) never crash the screen or corrupt the game."""
    import json
    import random

    from footycards.core.sadikov import from_json

    rng = random.Random(5)
    keys = ["left", "right", "enter", "space", "s", "1", "2", "3", "4", "5", "h", "l", "n",
            "escape", "question_mark", "f1", "up", "down"]  # fmt: skip
    table, app = start("Ann,ai:easy", seed=11)
    async with app.run_test(size=(100, 32)) as pilot:
        await pilot.pause()
        app.screen.animation = 0.01
        for _ in range(100):
            await pilot.press(rng.choice(keys))
            if app.return_code is not None:
                break
        await pilot.pause()
        state = table.state
        assert json.loads(from_json(state.to_json()).to_json()) == json.loads(state.to_json())


async def test_feed_letters_ranks_as_the_table():
    """F1.3: with letters uk the feed names a queen Д, as the table and aktivs do."""
    table, app = start("Ann,Bob", deal=deal_with({top(1): "QS"}), letters="uk")
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        await pilot.press("1")
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, SadikovScreen)
        assert "Д♠S" in screen.describe(table.public_view()["log"][-1])
        assert "Д♠" in str(screen.query_one("#aktiv-0", AktivPanel).render())


def level_match_before_the_last_take() -> tuple[Match, str]:
    """A real game with the shoot-out on that ends level at full time (F6.2): every move
    but the last is played; returns the match and the last move."""
    import random

    for seed in range(500):
        probe = Match.start("sadikov", parse_players("Ann,Bob"), seed, {"shootout": True})
        rng = random.Random(seed)
        while not probe.is_over:
            probe.apply(rng.choice(probe.legal_actions()))
        if probe.result().get("shootout"):
            table = Match.start("sadikov", parse_players("Ann,Bob"), seed, {"shootout": True})
            for action in probe.actions[:-1]:
                table.apply(action)
            return table, probe.actions[-1]
    raise AssertionError("no level game in 500 seeds")


async def test_F6_2_a_real_shootout_is_shown_kick_by_kick_and_on_the_end_screen():
    """F6.2 through the screen: the last take of a level game starts the engine's own
    shoot-out; its kicks are animated (s skips), then the end screen shows both scores."""
    from footycards.tui.screens.end import EndScreen

    table, last = level_match_before_the_last_take()
    app = SadikovApp(match=table, speed="normal", theme="textual-dark")
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, SadikovScreen)
        await pilot.press(last.split()[1])
        await pilot.pause()
        assert table.is_over and screen.animating  # the kicks are being animated
        await pilot.press("s")
        await pilot.pause()
        shown = "\n".join(line.plain for line in screen.shot_lines)
        kicks = [e for e in table.state.log if e.get("kind") == "kick" and e["event"] == "shot"]
        assert "PENALTY SHOOT-OUT" in shown and len(kicks) >= 10
        goals, shootout = table.result()["scores"], table.result()["shootout"]
        assert goals[0] == goals[1] and shootout[0] != shootout[1]
        assert f"{shootout[0]} : {shootout[1]}" in shown
        for _ in range(5):
            if isinstance(app.screen, EndScreen):
                break
            await pilot.pause(0.2)
        assert isinstance(app.screen, EndScreen)
        assert app.screen.rows == [[str(g), str(k)] for g, k in zip(goals, shootout, strict=True)]
        winner = table.names()[table.result()["winners"][0]]
        assert winner in str(app.screen.query_one(".title").render())


def match_before_a_last_shot() -> tuple[Match, str]:
    """A real hot-seat game whose last take fires a shot: every move but the last is
    played; returns the match and the last move."""
    import random

    for seed in range(500):
        probe = Match.start("sadikov", parse_players("Ann,Bob"), seed)
        rng = random.Random(seed)
        while not probe.is_over:
            before = len(probe.state.log)
            probe.apply(rng.choice(probe.legal_actions()))
        last = probe.state.log[before:]
        if any(e.get("event") == "shot" for e in last):
            table = Match.start("sadikov", parse_players("Ann,Bob"), seed)
            for action in probe.actions[:-1]:
                table.apply(action)
            return table, probe.actions[-1]
    raise AssertionError("no game ending on a shot in 500 seeds")


async def test_the_end_waits_for_the_last_shot():
    """While the game's last shot is animated neither the title, the status, the score nor
    an end screen gives the ending away; skipping it (s) shows the end."""
    from footycards.tui.screens.end import EndScreen

    table, last = match_before_a_last_shot()
    app = SadikovApp(match=table, speed="normal", theme="textual-dark")
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, SadikovScreen)
        score_before = str(screen.query_one("#scoreline").render())
        await pilot.press(last.split()[1])
        await pilot.pause()
        assert table.is_over and screen.animating
        assert "Full time" not in screen.sub_title
        status = str(screen.query_one("#status").render())
        assert "game is over" not in status and "Shot in progress" in status
        assert str(screen.query_one("#scoreline").render()) == score_before
        assert not isinstance(app.screen, EndScreen)
        await pilot.press("s")
        for _ in range(5):
            await pilot.pause()
        assert isinstance(app.screen, EndScreen)
        assert screen.sub_title == "Full time"
        assert "game is over" in str(screen.query_one("#status").render())
