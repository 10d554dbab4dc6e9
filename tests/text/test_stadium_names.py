"""Stadium's sentences read right whatever the players are called: with "You" or "They" as
a name no sentence says "You starts", "You flips A1" or "You's turn" (a name is never the
subject of a third-person verb, never takes 's) — the feed, the text mode, the screen."""

from __future__ import annotations

import re

from notices import notifications
from test_describe import stadium_events  # the same scripted and random games

from footycards.match import Match
from footycards.seats import parse_players
from footycards.textmode import stadium as stadium_text
from footycards.tui.app import FootyApp
from footycards.tui.screens.stadium import MatchPanel, StadiumScreen
from footycards.tui.widgets.dialogs import ChoiceScreen

NAMES = ["You", "They", "We", "Ann", "Bob", "Cyd"]
VERBS = ("starts", "flips", "takes", "uses", "plays", "shows", "wins", "moves", "is", "has",
         "was", "picks", "rolls", "holds", "turns", "gets", "loses", "collects", "challenges",
         "looks", "decides", "shares", "steals", "passes")  # fmt: skip


def misread(text: str, names: list[str]) -> list[str]:
    """The places where a name is used as "he/she" would be: `You flips`, `You's`."""
    found = []
    for name in names:
        pattern = rf"\b{re.escape(name)}(?:'s\b|\s+(?:{'|'.join(VERBS)})\b)"
        found += [m.group(0) for m in re.finditer(pattern, text)]
    return found


def test_the_checker_finds_the_old_sentences():
    assert misread("You starts · You flips A1 · You's turn", ["You"]) == [
        "You starts",
        "You flips",
        "You's",
    ]
    assert misread("Starting: You · A1 turned over by You · Turn: You", ["You"]) == []


def test_every_event_reads_right_with_any_name():
    """Every event kind of many games, told with "You", "They", "We" as names."""
    for names in (NAMES[:3], NAMES[1:4], ["We", "You", "They"]):
        for e in stadium_events():
            text = stadium_text.describe(e, names)
            assert not misread(text, names), text


def test_tie_break_reads_right_with_any_name():
    won = {"scores": [2, 2, 1], "winners": [0], "over": True, "cards": [5, 4, 2],
           "tiebreak": {"stars": 2, "cards": 5, "shared": False}}  # fmt: skip
    shared = {**won, "winners": [0, 1], "tiebreak": {"stars": 2, "cards": 4, "shared": True}}
    for result in (won, shared):
        for line in stadium_text.describe_result(result, NAMES[:3]):  # type: ignore[arg-type]
            assert not misread(line, NAMES[:3]), line


DEAL_4X4 = (
    ["F01", "F02", "YELLOW", "F03"]
    + ["F01", "F02", "F03", "F04"]
    + ["F04", "F05", "F05", "F06"]
    + ["F06", "RED", "VAR", "GAME"]
)


def screen_words(app: FootyApp) -> str:
    """What the screen says in words: title line, status line, dialogs, the match panel."""
    screen = app.screen
    parts = [str(screen.sub_title), str(screen.title)]
    if isinstance(screen, ChoiceScreen):
        parts += [screen.title_text, screen.body] + [label for _v, label in screen.choices]
    else:
        parts.append(str(screen.query_one("#status").render()))
        panel = screen.query_one(MatchPanel)
        if panel.display:
            parts.append(str(panel.render()))
    parts += [f"{n.title} {n.message}" for n in notifications(app)]
    return "\n".join(parts)


async def test_the_screen_reads_right_with_you_as_a_name():
    """Hot seat with "You" and "They": turn line, status, the YELLOW question, the match
    dialog and panel, notices."""
    options = {"rows": 4, "cols": 4, "deal": DEAL_4X4, "dice": [6, 1]}
    table = Match.start("stadium", parse_players("You,They"), 1, options)
    app = FootyApp(match=table, speed="instant")
    names = ["You", "They"]
    said: list[str] = []
    async with app.run_test(size=(120, 40)) as pilot:

        async def step(*keys: str) -> None:
            await pilot.press(*keys)
            await pilot.pause()
            said.append(screen_words(app))

        await step()
        assert "Turn: You" in said[-1]
        await step("up", "up", "up", "right", "right", "enter")  # You: D3 VAR
        await step("right", "enter")  # D4 GAME: taken, They move
        assert "Turn: They" in said[-1]
        await step("down", "down", "down", "left", "left", "left", "enter")  # They: A1 F01
        await step("up", "enter")  # B1: the pair F01, They move again
        await step("down", "right", "right", "enter")  # A3 YELLOW
        await step("right", "enter")  # A4 F03: They take YELLOW, turn passes
        assert isinstance(app.screen, ChoiceScreen)  # They may interrupt your turn start
        assert "Turn about to start: You." in said[-1]
        await step("3")  # pass, and don't ask again
        await step("a")  # two people here: whose prompts?
        await step("escape")
        await step("up", "up", "left", "left", "enter")  # You: C2 F05
        await step("right", "enter")  # C3 F05: the pair, you move again
        await step("g")  # PLAY GAME
        await step("1")  # challenge They
        assert isinstance(app.screen, ChoiceScreen)
        assert "Match won by You: take a pair from They" in said[-1]
        await step("1")
        assert isinstance(app.screen, StadiumScreen)
        assert "You rolled ⚅ 6, They rolled ⚀ 1" in said[-1]
        feed = [stadium_text.describe(e, names) for e in table.public_view()["log"]]
    for text in said + feed:
        assert not misread(text, names), text
    assert "Starting: You" in feed[0]


def test_text_view_names_the_footballers_of_each_pair():
    """The plain-text view lists each pair with its footballer, as the side panel does."""
    table = Match.start("stadium", parse_players("You,They"), 1,
                        {"rows": 4, "cols": 4, "deal": DEAL_4X4})  # fmt: skip
    for move in ["flip A1", "flip B1"]:
        table.apply(move)
    text = stadium_text.render(table.view(0))  # type: ignore[arg-type]
    assert "pairs F01 Keeper Kowalski (*); rewards -" in text
