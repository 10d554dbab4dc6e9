"""Words on the game screens (issue 16's list): plural forms, no rule ids first, labels
that say what the key does."""

from __future__ import annotations

from notices import notifications

from footycards.match import Match
from footycards.seats import parse_players
from footycards.tui.app import FootyApp


async def test_stadium_turn_line_says_1_card_left():
    """One card left on the table is "1 card left", never "1 cards left"."""
    match = Match.start("stadium", parse_players("Ann,Bob"), 3, {"rows": 2, "cols": 2})
    app = FootyApp(match, speed="instant")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        view = match.view(0)
        assert app.screen.turn_text({**view, "cards_left": 1}).endswith("· 1 card left")
        assert app.screen.turn_text({**view, "cards_left": 3}).endswith("· 3 cards left")


def screen_text(app: FootyApp) -> str:
    import html
    import re

    return html.unescape(re.sub(r"<[^>]+>", "", app.export_screenshot())).replace("\xa0", " ")


async def test_a_won_two_player_round_says_plus_1_card():
    """Ann wins a top-trumps round against one opponent: her stack grows by one card (her
    own comes back), so the round says "+1 card", not "+2 cards"."""
    match = Match.start("quartett", parse_players("Ann,ai:random"), 3, {})
    app = FootyApp(match, speed="instant")
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        assert app.screen.send("call games")  # Ann's 134 beats 112 (seed 3)
        await pilot.pause()
        [comp] = match.view(0)["last_round"]["comparisons"]
        assert app.screen.outcome(comp) == "winner: Ann (+1 card)"  # the round's title
        assert "(+1 card)" in screen_text(app) and "+2 cards" not in screen_text(app)


async def test_the_drawn_card_notice_neither_cancels_nor_hands_over_early():
    """Ann misses and draws: her private notice has nothing to cancel (no "Esc cancels"),
    and while it is open the status line does not yet tell Bob to press a key."""
    from textual.widgets import Static

    from footycards.tui.widgets.dialogs import ChoiceScreen
    from footycards.tui.widgets.pass_device import PassDeviceScreen

    match = Match.start("quartett", parse_players("Ann,Bob"), 5, {"mode": "quartett"})
    app = FootyApp(match, speed="instant")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("enter")  # Ann at the keyboard
        await pilot.pause()
        screen = app.screen
        assert screen.send("ask P2 A1")  # a miss: Ann draws from the stack
        await pilot.pause()
        notice = app.screen
        assert isinstance(notice, ChoiceScreen) and match.due == 1
        words = " ".join(str(s.render()) for s in notice.query(Static))
        assert "Esc cancels" not in words and "Enter or Esc closes this." in words
        status = str(screen.query_one("#status").render())
        assert "Bob" not in status and "Ann reads the card they drew" in status
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, PassDeviceScreen)  # now the keyboard goes to Bob


async def test_stadium_key_bar_names_the_play_game_card():
    """The key for the PLAY GAME card says "g Game" (it said "g Match"), and the keys help
    says what it does; `q Leave` still fits at 80 columns."""
    from footycards.tui.widgets.keybar import KeyBar

    match = Match.start("stadium", parse_players("Ann,Bob"), 3, {})
    app = FootyApp(match, speed="instant")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        bar = str(app.screen.query_one(KeyBar).render())
        assert "g Game" in bar and "Match" not in bar and "q Leave" in bar
        await pilot.press("question_mark")
        await pilot.pause()
        rows = app.screen.rows  # the keys help: (group, keys, what they do)
        assert any(keys == "g" and "Play your PLAY GAME card" in what for _g, keys, what in rows)


async def test_a_closed_sadikov_column_is_said_in_words_not_a_rule_id():
    """F3.3 in words: "Column 1 ✕ closed to Ann: taken from this turn or last turn", and
    the refusal says why, with no "(F3.3)" for people to look up."""
    match = Match.start("sadikov", parse_players("Ann,Bob"), 3, {})
    app = FootyApp(match, speed="instant")
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        await pilot.press("1")  # Ann: column 1
        await pilot.pause()
        await pilot.press("3")  # Bob: column 3
        await pilot.pause()
        assert match.due == 0 and match.public_view()["columns"][0]["closed"]
        app.clear_notifications()
        await pilot.press("1")  # refused: Ann took from it on her previous turn
        await pilot.pause()
        status = str(app.screen.query_one("#status").render())
        notes = " ".join(n.message for n in notifications(app))
        assert "Column 1 ✕ closed to Ann: taken from this turn or last turn" in status
        assert "you took from it this turn or on your previous turn" in notes
        assert "F3.3" not in status + notes


async def test_a_sadikov_column_of_one_card_says_1_card():
    match = Match.start("sadikov", parse_players("Ann,Bob"), 3, {})
    app = FootyApp(match, speed="instant")
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        view = match.view(0)
        first = view["columns"][0]
        one = {**first, "size": 1, "cards": first["cards"][-1:], "closed": False}
        app.screen.update_status({**view, "columns": [one, *view["columns"][1:]]})
        status = str(app.screen.query_one("#status").render())
        assert "· 1 card (0 face down)" in status


async def test_every_launcher_value_starts_in_one_column():
    """Each field's value (a choice's ‹, a text field) starts in the same column for every
    game, "Penalty shoot-out" (17 cells, one more than the others had) included."""

    from footycards.registry import REGISTRY

    for size in ((120, 40), (80, 24)):
        app = FootyApp(speed="instant")
        async with app.run_test(size=size) as pilot:
            await pilot.pause()
            for spec in REGISTRY.with_screens():
                await app.screen.pick_game(spec.id)
                await pilot.pause()
                starts = set()
                for choice in app.screen.query("#setup > Choice"):
                    if "seat" in choice.classes or not choice.display:
                        continue
                    text = str(choice.render())
                    starts.add(choice.content_region.x + text.index("‹"))
                for field in app.screen.query("#setup > Input"):
                    if field.region.width and not str(field.id).startswith("name-"):
                        starts.add(field.region.x)
                assert len(starts) == 1, (spec.id, size, starts)
