"""Bundesliga Quartett screens: the round's result in public before the pass screen, the
round history and step mode against AI, the card drawn after a miss told privately, and
words that read right with any name (Q2.8, Q5.2)."""

from __future__ import annotations

import io

from notices import notifications
from rich.console import Console
from textual.widget import Widget

from footycards.core import quartett as q
from footycards.core.assets import assets_dir
from footycards.match import Match
from footycards.seats import parse_players
from footycards.tui.app import FootyApp
from footycards.tui.screens.end import EndScreen
from footycards.tui.screens.quartett_ask import HandList, QuartettAskScreen
from footycards.tui.screens.quartett_trumps import StackList, TopTrumpsScreen
from footycards.tui.widgets.dialogs import ChoiceScreen
from footycards.tui.widgets.pass_device import PassDeviceScreen
from footycards.tui.widgets.quartett_card import QuartettCard


def start(players: str, seed: int = 3, **options) -> tuple[Match, FootyApp]:
    table = Match.start("quartett", parse_players(players), seed, options)
    return table, FootyApp(match=table, speed="instant")


def shown(widget: Widget) -> str:
    """The text a Static widget shows, laid out at its width."""
    console = Console(width=widget.size.width, record=True, file=io.StringIO())
    console.print(widget.content)
    return console.export_text()


def words(widget: Widget) -> str:
    """The text a Static widget shows, on one line."""
    return " ".join(shown(widget).split())


def trumps(app: FootyApp) -> TopTrumpsScreen:
    screen = next(s for s in app.screen_stack if isinstance(s, TopTrumpsScreen))
    return screen


async def settle(pilot, table: Match, turns: int = 30) -> None:
    for _ in range(turns):
        await pilot.pause()
        if table.state.is_over or not table.is_ai(table.state.to_move):
            break


# -- 1. hot-seat: the round's result in public, then the pass screen --------------------


async def test_Q2_8_hot_seat_round_result_is_public_then_the_pass_screen():
    """Ann calls and wins: the round table is shown with no top card, no pass screen yet;
    a key goes on, and only then the pass screen for Ann (a private card again). When
    the caller loses, everyone sees the round before the pass screen for Bob."""
    table, app = start("Ann,Bob", seed=3)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, PassDeviceScreen)
        await pilot.press("enter")
        await pilot.pause()
        screen = trumps(app)
        await pilot.press("4")  # Abwehr: Ann wins round 1
        await pilot.pause()
        assert table.state.round_no == 1 and table.due == 0
        assert app.screen is screen  # no pass screen yet: the result is public
        assert screen.query_one("#topcard", QuartettCard).card is None
        assert "Top cards are hidden" in shown(screen.query_one("#mine-title"))
        assert "Round 1 · Ann: Abwehr · winner: Ann" in shown(screen.query_one("#round"))
        assert "Enter or n: go on · to call next: Ann" in words(screen.query_one("#status"))
        await pilot.press("4")  # a category key does nothing while the result is shown
        await pilot.pause()
        assert table.state.round_no == 1
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, PassDeviceScreen) and app.screen.player_name == "Ann"
        await pilot.press("enter")
        await pilot.pause()
        await pilot.press("5")  # Angriff: Ann loses round 2 to Bob
        await pilot.pause()
        assert table.state.round_no == 2 and table.due == 1
        assert app.screen is screen
        assert screen.query_one("#topcard", QuartettCard).card is None
        assert "winner: Bob" in shown(screen.query_one("#round"))
        await pilot.press("n")
        await pilot.pause()
        assert isinstance(app.screen, PassDeviceScreen) and app.screen.player_name == "Bob"
        await pilot.press("enter")
        await pilot.pause()
        assert screen.query_one("#topcard", QuartettCard).card == table.view(1)["top_card"]


def tie_deal() -> list[str]:
    """Two players whose first cards tie on goals (Q2.6), every other card after them."""
    cards = q.catalog()
    pair = next(
        (a["id"], b["id"])
        for i, a in enumerate(cards)
        for b in cards[i + 1 :]
        if a["goals"] == b["goals"]
    )
    rest = [c["id"] for c in cards if c["id"] not in pair]
    return list(pair) + rest


async def test_Q2_6_hot_seat_stechen_result_is_public_too():
    """A tie: the round is shown in public, and the pass screen comes before the caller sees
    their next card for the Stechen — even though the same person calls again."""
    table, app = start("Ann,Bob", deal=tie_deal())
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        await pilot.press("enter")
        await pilot.pause()
        screen = trumps(app)
        await pilot.press("2")  # goals: a tie
        await pilot.pause()
        assert table.state.phase == "stechen" and table.due == 0
        assert app.screen is screen
        assert screen.query_one("#topcard", QuartettCard).card is None
        assert "tie: Ann, Bob" in shown(screen.query_one("#round"))
        assert screen.sub_title == "Round 1 · Stechen! To call: Ann"
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, PassDeviceScreen) and app.screen.player_name == "Ann"


# -- 3. against AI: round history and step mode ------------------------------------------


async def test_rounds_against_ai_stay_visible_newest_first():
    """Every round stays on screen: the latest as a table, the earlier ones below it,
    newest first, under a heading."""
    table, app = start("Ann,ai:normal", seed=5, round_limit=30)
    async with app.run_test(size=(120, 40)) as pilot:
        screen = trumps(app)
        for _ in range(6):
            await settle(pilot, table)
            if table.state.is_over or table.state.round_no >= 4:
                break
            await pilot.press("1")
            await pilot.pause()
        await settle(pilot, table)
        played = table.state.round_no
        assert played >= 4
        assert [r["round"] for r in screen.rounds] == list(range(1, played + 1))
        text = shown(screen.query_one("#round"))
        assert "Earlier rounds, newest first" in text
        earlier = [text.index(f"Round {n} · ") for n in range(played - 1, 0, -1)]
        assert earlier == sorted(earlier)  # newest first


async def test_step_mode_holds_each_ai_round_until_a_key():
    """`s` switches step mode on: an AI round then waits for Enter or n (the footer shows
    the key), one round per press."""
    table, app = start("Ann,ai:normal,ai:easy", seed=2, round_limit=30)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot, table)
        screen = trumps(app)
        await pilot.press("s")
        assert screen.step
        while table.due == 0:  # Ann calls until she loses a round
            await pilot.press("1")
            await pilot.pause()
        assert table.is_ai(table.due)
        moves = len(table.actions)
        for _ in range(5):
            await pilot.pause()
        assert len(table.actions) == moves  # the AI waits
        assert screen.waiting and "go_on" in {
            b.binding.action for b in screen.active_bindings.values()
        }
        assert "Enter or n: next call (by AI" in words(screen.query_one("#status"))
        await pilot.press("n")
        for _ in range(5):
            await pilot.pause()
        assert len(table.actions) == moves + 1 or table.due == 0
        await pilot.press("s")  # off again: the AI rounds follow by themselves
        await settle(pilot, table)
        assert table.due == 0 or table.state.is_over


# -- 2. the card drawn after a miss --------------------------------------------------------


async def miss_by_ann(pilot, table: Match) -> tuple[set[str], int]:
    """Ann asks (first offered card) until she misses; her hand before the miss."""
    for _ in range(20):
        before = {c["id"] for c in table.view(0)["hand"]}
        stack = table.state.public_view()["stack"]
        await pilot.press("a", "1")
        await pilot.pause()
        if table.due != 0:
            return before, stack
    raise AssertionError("Ann never missed")


async def test_Q5_2_hot_seat_asker_sees_the_drawn_card_privately_before_the_pass():
    """Two people: after a miss Ann is told which card she drew, over her own hand, before
    the pass screen for Bob; then nobody's hand is on screen."""
    table, app = start("Ann,Bob", mode="quartett", seed=3)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        await pilot.press("enter")
        await pilot.pause()
        before, stack = await miss_by_ann(pilot, table)
        assert stack > 0
        after = {c["id"] for c in table.view(0)["hand"]}
        drawn = after - before
        assert isinstance(app.screen, ChoiceScreen)
        assert app.screen.title_text == "Ann: your card from the stack"
        (card,) = drawn
        assert f"From the stack: {card} " in app.screen.body
        ask = next(s for s in app.screen_stack if isinstance(s, QuartettAskScreen))
        assert set(ask.drawn_hand or []) == after  # Ann's own hand under the dialog
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, PassDeviceScreen) and app.screen.player_name == "Bob"
        assert ask.drawn_hand is None


async def test_Q5_2_against_ai_the_drawn_card_is_a_notice_and_marked_new():
    """One person against AI: a notice says which card was drawn; the hand marks it."""
    table, _app = start("Ann,ai:easy", mode="quartett", seed=3)
    app = FootyApp(match=table, speed="slow")  # the AI's answer waits: Ann's hand stays
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        assert table.due == 0
        before, _stack = await miss_by_ann(pilot, table)
        after = {c["id"] for c in table.view(0)["hand"]}
        (card,) = after - before
        ask = next(s for s in app.screen_stack if isinstance(s, QuartettAskScreen))
        assert ask.fresh.get(0) == card
        assert any(f"From the stack: {card} " in n.message for n in notifications(app))
        assert f"{card} new " in shown(ask.query_one("#hand"))


# -- 4. the rules text -------------------------------------------------------------------


def test_Q4_1_rules_text_says_the_asker_draws_after_a_miss():
    """Q4.1, Q5.2: with 3–6 players the asker draws from the leftover stack after a miss;
    the engine does, and the in-app rules say so in the Quartett game's own steps."""
    s = q.new_game(3, seed=1, options={"mode": "quartett"})
    assert s.stock
    for a in s.legal_actions():
        if a.card not in s.hands[a.seat]:
            n = len(s.hands[0])
            s.apply(a)
            assert len(s.hands[0]) == n + 1 or any(e["event"] == "quartet" for e in s.log)
            break
    text = (assets_dir() / "rules" / "quartett.md").read_text(encoding="utf-8")
    section = text.split("## Quartett")[1].split("- **Two players**")[0]
    assert "draw the top" in section and "card of the stack" in section


# -- 5, 6. round numbers, plurals, long names, any name -----------------------------------


async def test_round_number_agrees_and_counts_are_singular_for_one():
    """After one round the header and the side panel both say round 2; one card is
    "1 card"."""
    table, app = start("Ann,ai:normal", seed=3)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot, table)
        if table.due == 0:
            await pilot.press("1")
        await settle(pilot, table)
        screen = trumps(app)
        n = table.state.round_no + 1
        assert screen.sub_title.startswith(f"Round {n} · to call: ")
        assert f"Round {n}" in shown(screen.query_one("#seats"))
    view = table.public_view()
    view["seats"][0]["cards"] = 1
    view["middle"] = 1
    assert StackList().holding(view["seats"][0]).plain == "1 card"
    assert "Middle: 1 card\n" in StackList().table_line(view)
    assert HandList().table_line({"stack": 1}) == "Stack: 1 card"
    assert HandList().holding({"cards": 1}).plain == "1 card"


async def test_long_names_are_cut_with_an_ellipsis():
    """A long player name is cut with "…" in the seat list and the round, never broken."""
    long = "Maximilian Alexander von Hohenzollern"
    table = Match.start("quartett", parse_players(f"{long},ai:normal"), 3, {})
    table.apply("call fairness")
    table.run_ai()
    app = FootyApp(match=table, speed="instant")
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        screen = trumps(app)
        seats = shown(screen.query_one("#seats"))
        assert "P1 Maximilian Alexa…" in seats.splitlines()[0]
        assert "Hohenzollern" not in seats
        header = shown(screen.query_one("#round")).split("Spiele")[0]
        assert "…" in header and "Hohenzollern\n" not in header


async def test_messages_read_right_when_a_player_is_called_you():
    """ "You" as a name: "to call: You", "To ask: You", never "You calls"."""
    table, app = start("You,ai:normal", seed=3)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot, table)
        screen = trumps(app)
        if table.due == 0:
            assert screen.sub_title.endswith("to call: You")
        feed = " ".join(screen.describe(e) for e in table.state.log)
        assert "You calls" not in feed and "calling first: You" in feed
    table, app = start("You,ai:normal,ai:easy", mode="quartett", seed=4)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot, table)
        assert table.due == 0
        assert app.screen.sub_title == "To ask: You"
        assert "Top card" not in str(app.screen.query_one("#mine-title").content)


async def test_final_round_of_a_hot_seat_game_is_shown_before_the_end():
    """The last round of a hot-seat game stays in public until a key; then the end."""
    table, app = start("Ann,Bob", seed=3, round_limit=1)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        await pilot.press("enter")
        await pilot.pause()
        await pilot.press("4")
        await pilot.pause()
        assert table.state.is_over and not isinstance(app.screen, EndScreen)
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, EndScreen)


async def test_round_history_scrolls_with_page_keys():
    """At 80×24 the rounds no longer fit: PgDn scrolls down to the earliest, PgUp back."""
    table, app = start("Ann,ai:normal", seed=5, round_limit=40)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = trumps(app)
        for _ in range(40):
            await settle(pilot, table)
            if table.state.is_over or table.state.round_no >= 12:
                break
            await pilot.press("1")
        await settle(pilot, table)
        box = screen.query_one("#roundbox")
        assert box.max_scroll_y > 0 and box.scroll_y == 0
        await pilot.press("pagedown")
        await pilot.wait_for_scheduled_animations()
        assert box.scroll_y > 0
        await pilot.press("pageup")
        await pilot.wait_for_scheduled_animations()
        assert box.scroll_y == 0


async def test_step_mode_in_hot_seat_each_ai_round_still_waits():
    """Two people and an AI, step mode on: going on from a public result never lets the
    AI's next round through without its own key press."""
    table, app = start("Ann,Bob,ai:normal", seed=4, round_limit=30)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        screen = trumps(app)
        screen.step = True
        for _ in range(60):
            if table.is_ai(table.due):
                break
            if isinstance(app.screen, PassDeviceScreen) or screen.waiting:
                await pilot.press("enter")
            else:
                await pilot.press("1")
            await pilot.pause()
        assert table.is_ai(table.due) and not table.state.is_over
        moves = len(table.actions)
        for _ in range(5):
            await pilot.pause()
        assert len(table.actions) == moves and screen.waiting
        await pilot.press("enter")
        for _ in range(5):
            await pilot.pause()
        assert len(table.actions) == moves + 1


async def test_step_mode_keeps_the_last_round_before_the_end():
    """Against AI with step mode on, the final round stays until a key; then the end."""
    table, app = start("Ann,ai:normal", seed=3, round_limit=1)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot, table)
        screen = trumps(app)
        await pilot.press("s")
        await pilot.press("1")
        await pilot.pause()
        assert table.state.is_over and screen.waiting
        assert not isinstance(app.screen, EndScreen)
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, EndScreen)


async def test_a_replay_lists_the_rounds_before_the_one_on_screen():
    """Watch again opens at the end; at round 3 "Earlier rounds" lists rounds 2 and 1 —
    never the game's last round — and at round 1 there are none."""
    from footycards.record import GameRecord
    from footycards.replay import Replay

    table = Match.start("quartett", parse_players("Ann,ai:normal"), 5, {"mode": "fussball"})
    table.agents[0] = table.agents[1]
    table.run_ai()
    del table.agents[0]
    replay = Replay(GameRecord.of(table))
    last_round = table.public_view()["last_round"]["round"]
    assert last_round > 4
    replay.goto(replay.total)  # as Watch again opens it
    app = FootyApp(replay=replay, speed="instant")
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        screen = trumps(app)

        def goto_round(n: int) -> str:
            for position in range(replay.total + 1):
                replay.goto(position)
                view = replay.view()
                if view["last_round"] and view["last_round"]["round"] == n:
                    screen.render_view()
                    return words(screen.query_one("#round"))
            raise AssertionError(f"no round {n}")

        await pilot.pause()
        text = goto_round(3)
        assert "Earlier rounds" in text
        assert "Round 2" in text and "Round 1" in text
        assert f"Round {last_round}" not in text
        assert "Earlier rounds" not in goto_round(1)


async def test_category_hints_keep_each_key_with_its_label():
    """The call keys under the top card wrap between hints, never between a number and
    its category (" 1 Bundesliga-Spiele  2" / "Bundesliga-Tore" was the bug)."""
    import re

    for size in [(80, 24), (100, 30), (120, 40)]:
        table, app = start("Ann,ai:normal", mode="fussball")
        async with app.run_test(size=size) as pilot:
            await settle(pilot, table)
            screen = trumps(app)
            hints = screen.query_one("#callhelp")
            lines = [line.strip() for line in shown(hints).splitlines() if line.strip()]
            assert lines, size
            for line in lines:
                assert re.fullmatch(r"\d [^\d]+?(  \d [^\d]+?)*", line), (size, lines)


async def test_the_caution_line_is_whole_on_the_card():
    """ "cards: 14× yellow, 0× yellow-red, 0× red" is shown whole, at 80×24 on two lines,
    never cut to "0× yellow-…"."""
    for size in [(80, 24), (120, 40)]:
        table, app = start("Ann,ai:normal", mode="fussball")
        async with app.run_test(size=size) as pilot:
            await settle(pilot, table)
            card = trumps(app).query_one("#topcard", QuartettCard)
            top = card.card
            assert top is not None
            text = " ".join(
                strip.text.strip("│ ") for strip in card.render_lines(card.region.reset_offset)
            )
            assert "…" not in text, text
            for part in (f"{top['yellow']}× yellow,", f"{top['yellow_red']}× yellow-red,"):
                assert part in text, (size, text)
            assert f"{top['red']}× red" in text


async def test_the_round_table_shows_names_and_clubs_whole():
    """Three cards side by side at 120×40: each footballer's name and club is shown whole
    (wrapped in its column when long), never cut to "Hauke Brink…" (a long player name
    above them is cut, see test_long_names_are_cut_with_an_ellipsis)."""
    table, app = start("Ann,ai:normal,ai:hard", mode="fussball")
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot, table)
        await pilot.press("1")
        await settle(pilot, table)
        screen = trumps(app)
        last = table.public_view()["last_round"]
        assert last is not None
        text = shown(screen.query_one("#round"))
        head = text.split("┡")[0]  # the column heads, above the rule under them
        cards = [line for line in head.splitlines() if " P1 " not in line]  # not the seats
        assert "…" not in "\n".join(cards), head
        for play in last["comparisons"][0]["plays"]:
            for word in (play["card"]["name"] + " " + play["card"]["club"]).split():
                assert word in head, (word, head)


async def test_the_asks_table_shows_each_answer_whole():
    """Quartett against two AIs: every answer in the asks table ("handed over", "no, drew
    from the stack"; at 80 columns "yes", "no, drew") is whole; long names give way."""
    for size in [(80, 24), (120, 40)]:
        table = Match.start(
            "quartett", parse_players("Ann,ai:normal,ai:hard"), 4, {"mode": "quartett"}
        )
        table.agents[0] = table.agents[1]
        for _ in range(40):  # some asks by everybody
            if table.is_over:
                break
            table.play_ai()
        del table.agents[0]
        while not table.is_over and table.is_ai(table.due):
            table.play_ai()
        app = FootyApp(match=table, speed="instant")
        async with app.run_test(size=size) as pilot:
            await pilot.pause()
            await pilot.pause()
            screen = next(s for s in app.screen_stack if isinstance(s, QuartettAskScreen))
            narrow = size[0] < 100
            assert screen.has_class("-narrow") == narrow
            lines = [line.rstrip() for line in shown(screen.query_one("#round")).splitlines()]
            rows = [line for line in lines[1:] if line.strip()]
            history = table.public_view()["history"][-12:]
            assert len(rows) == len(history)
            for h, line in zip(history, rows, strict=True):
                if h["target"] is None:
                    answer = "drew" if narrow else "drew from the stack"
                elif h["hit"]:
                    answer = "yes" if narrow else "handed over"
                elif h["drew"]:
                    answer = "no, drew" if narrow else "no, drew from the stack"
                else:
                    answer = "no"
                assert line.endswith(answer), (size, line)
