"""Words on the game screens (issue 16's list): plural forms, no rule ids first, labels
that say what the key does."""

from __future__ import annotations

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
