"""World Wave at one keyboard and the responses without tells (W5.2): every asked person
gets the pass-device screen, no hand shows before it is confirmed (not for one frame),
auto-pass skips it after the same wait as any answer, and the setting is remembered."""

from __future__ import annotations

import json
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from notices import notifications

from footycards.core.worldwave import DECK
from footycards.match import Applied, Match
from footycards.registry import get_spec
from footycards.seats import parse_players
from footycards.settings import load as load_settings
from footycards.tui.app import FootyApp
from footycards.tui.screens.worldwave import WorldWaveScreen
from footycards.tui.widgets.pass_device import PassDeviceScreen
from footycards.tui.widgets.worldwave_cards import DraftPanel, HandPanel, card_name

SIZE = (120, 40)
FOUR = ["rooney", "terry", "costa", "novak"]


def deal(*top: str) -> list[str]:
    rest = list(DECK)
    for card in top:
        rest.remove(card)
    return [*top, *rest]


async def wait_for(condition: Callable[[], Any], pilot, seconds: float = 10.0) -> None:
    deadline = time.monotonic() + seconds
    while not condition():
        if time.monotonic() > deadline:
            raise AssertionError("timed out")
        await pilot.pause(0.01)


def remember_auto_pass(home: Path, names: list[str]) -> None:
    home.mkdir(parents=True, exist_ok=True)
    (home / "settings.json").write_text(json.dumps({"version": 1, "auto_pass": names}))


def watch_draws(monkeypatch) -> list[tuple[int | None, int | None, list | None]]:
    """Every view drawn: (whose view, who confirmed the pass screen, the hand shown)."""
    drawn: list[tuple[int | None, int | None, list | None]] = []
    original = WorldWaveScreen.draw

    def draw(self: WorldWaveScreen, view: dict) -> None:
        drawn.append((view["seat"], self.private_ok, view["hand"]))
        original(self, view)

    monkeypatch.setattr(WorldWaveScreen, "draw", draw)
    return drawn


async def test_four_people_each_response_behind_the_pass_screen(monkeypatch, tmp_path):
    """Ann shoots; Bob is asked behind the pass screen (his hand hidden until he
    confirms), passes with p; Dan has auto-pass on and no answer: no pass screen for him,
    his pass comes by itself. No view of a hand is ever drawn before its owner confirmed."""
    drawn = watch_draws(monkeypatch)
    home = tmp_path / "home"
    remember_auto_pass(home, ["Dan"])
    top = ["shoot", "save", "foul", "save", "longball", "shoot", "save", "foul"]
    match = Match.start(
        "worldwave", parse_players("Ann,Bob,Cleo,Dan"), 4, {"characters": FOUR, "deal": deal(*top)}
    )
    app = FootyApp(match=match, speed="instant", autosave=False, home=home)
    pass_screens: list[str] = []
    async with app.run_test(size=SIZE) as pilot:
        await wait_for(lambda: isinstance(app.screen, PassDeviceScreen), pilot)
        screen = next(s for s in app.screen_stack if isinstance(s, WorldWaveScreen))
        assert screen.query_one(HandPanel).cards is None  # under the pass screen: hidden
        pass_screens.append(app.screen.player_name)
        await pilot.press("enter")
        await wait_for(lambda: screen.query_one(HandPanel).cards == ["shoot", "save"], pilot)
        await pilot.press("1", "enter")  # Ann shoots: Bob, then Dan are asked (W5.1)
        await wait_for(lambda: isinstance(app.screen, PassDeviceScreen), pilot)
        assert app.screen.player_name == "Bob"
        assert "Ann shoots (needs 1 Save)" in app.screen.what
        assert screen.query_one(HandPanel).cards is None
        pass_screens.append("Bob")
        await pilot.press("enter")
        await wait_for(lambda: screen.private_ok == 1, pilot)
        assert screen.query_one(HandPanel).cards == []  # Bob holds nothing yet
        await pilot.press("p")
        # Dan: auto-pass, no pass screen; then Bob and Dan for the Misjudgement window
        await wait_for(lambda: match.due == 1 or isinstance(app.screen, PassDeviceScreen), pilot)
        while match.state.windows:
            await wait_for(lambda: isinstance(app.screen, PassDeviceScreen), pilot)
            pass_screens.append(app.screen.player_name)
            await pilot.press("enter")
            await pilot.pause()
            await pilot.press("p")
            await pilot.pause()
        passes = [e for e in match.state.log if e["event"] == "pass"]
        assert [e["seat"] for e in passes] == [1, 3, 1, 3, 1, 3]  # save, misjudgement, whistle
        assert "Dan" not in pass_screens and pass_screens.count("Bob") == 3
        assert match.state.goals == [1, 0]
    for seat, confirmed, hand in drawn:
        assert seat is None or seat == confirmed, "a hand was drawn before its pass screen"
        if seat is None:
            assert hand is None


async def test_draft_offer_behind_the_pass_screen(monkeypatch):
    """W3.2 at one keyboard: each choice behind the pass screen; the offer is drawn only
    for the drafter once confirmed; the next drafter sees the earlier pick."""
    drawn = watch_draws(monkeypatch)
    match = Match.start("worldwave", parse_players("Ann,Bob,Cleo,Dan"), 6, {})
    app = FootyApp(match=match, speed="instant", autosave=False)
    async with app.run_test(size=SIZE) as pilot:
        for seat, name in enumerate(["Ann", "Bob", "Cleo", "Dan"]):
            await wait_for(lambda: isinstance(app.screen, PassDeviceScreen), pilot)
            screen = next(s for s in app.screen_stack if isinstance(s, WorldWaveScreen))
            assert app.screen.player_name == name and "choose your character" in app.screen.what
            panel = screen.query_one(DraftPanel)
            assert panel.offered is None  # hidden under the pass screen
            await pilot.press("enter")
            await wait_for(
                lambda seat=seat, panel=panel: (
                    panel.offered == match.view(seat)["draft"]["offered"]
                ),
                pilot,
            )
            assert [c for _label, c in panel.chosen][:seat] == match.state.characters[:seat]
            await pilot.press("2", "enter")
            await wait_for(lambda seat=seat: len(match.actions) == seat + 1, pilot)
        assert all(match.state.characters)
    for seat, confirmed, _hand in drawn:
        assert seat is None or seat == confirmed


async def test_auto_pass_waits_as_long_as_an_ai_answer(tmp_path):
    """At the `fast` pace the AI's answers in windows and Ann's auto-pass (she holds no
    answer) each take at least the game's least pace (1 s, W5.2), AI decisions outside
    the windows too; no pass-device screen (one person)."""
    home = tmp_path / "home"
    remember_auto_pass(home, ["Ann"])
    top = ["shoot", "longball", "shoot", "shoot", "shoot"]
    match = Match.start(
        "worldwave",
        parse_players("Ann,ai:easy"),
        2,
        {"characters": ["rooney", "terry"], "deal": deal(*top)},
    )
    times: list[tuple[float, Applied]] = []
    match.subscribe(lambda applied: times.append((time.monotonic(), applied)))
    app = FootyApp(match=match, speed="fast", autosave=False, home=home)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("1", "enter")  # Ann shoots: the AI is asked three times
        await wait_for(lambda: not match.state.windows and match.due == 0, pilot)
        await pilot.press("x")  # Ann ends; the AI shoots at her: she auto-passes
        await wait_for(lambda: any(a.seat == 0 and a.action == "pass" for _t, a in times), pilot)
    started = times[0][0]
    in_windows = [(t, a) for t, a in times if a.action == "pass"]
    assert len(in_windows) >= 4
    wait = get_spec("worldwave").min_pace
    assert wait == 1.0
    previous = started
    for t, applied in times[1:]:
        if applied.action == "pass" or applied.by_ai:
            assert t - previous >= wait - 0.05, applied
        previous = t
    assert any(a.seat == 0 for _t, a in in_windows)


async def test_a_key_turns_auto_pass_on_and_off_and_it_is_remembered(tmp_path):
    home = tmp_path / "home"
    match = Match.start(
        "worldwave", parse_players("Ann,ai:easy"), 2, {"characters": ["rooney", "terry"]}
    )
    app = FootyApp(match=match, speed="instant", autosave=False, home=home)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("a")
        await pilot.pause()
        settings, _notice = load_settings(home / "settings.json")
        assert settings.auto_pass == ["Ann"]
        messages = " ".join(n.message for n in notifications(app))
        assert "shows the others you had no answer" in messages
        await pilot.press("a")
        await pilot.pause()
        settings, _notice = load_settings(home / "settings.json")
        assert settings.auto_pass == []


async def test_a_tackles_card_is_told_only_to_the_two_players(monkeypatch):
    """W2.2 Tackle at one keyboard: the card taken is told to Ann (who took it) and to
    Bob (who lost it), each on their own hand once they confirmed the pass screen."""
    top = ["longball", "whistle", "save", "shoot", "foul", "tackle", "misjudgement"]
    match = Match.start(
        "worldwave",
        parse_players("Ann,Bob"),
        4,
        {"characters": ["rooney", "terry"], "deal": deal(*top)},
    )
    app = FootyApp(match=match, speed="instant", autosave=False)

    async def confirm(name: str) -> WorldWaveScreen:
        await wait_for(lambda: isinstance(app.screen, PassDeviceScreen), pilot)
        assert app.screen.player_name == name
        await pilot.press("enter")
        await wait_for(lambda: isinstance(app.screen, WorldWaveScreen), pilot)
        screen = app.screen
        assert isinstance(screen, WorldWaveScreen)
        return screen

    async with app.run_test(size=SIZE) as pilot:
        await confirm("Ann")
        await pilot.press("x")
        await confirm("Bob")
        await pilot.press("x")
        screen = await confirm("Ann")
        hand = screen.query_one(HandPanel)
        assert hand.cards == ["longball", "whistle", "tackle", "misjudgement"]
        await pilot.press("3", "enter")  # the Tackle on Bob (the only opponent)
        await confirm("Bob")
        assert hand.border_subtitle == ""
        await pilot.press("p")  # no Controversy: the Tackle resolves
        await wait_for(lambda: any(e["event"] == "take" for e in match.state.log), pilot)
        took = next(e for e in match.view(0)["private"] if e["event"] == "took")
        card = card_name(took["card"])
        await wait_for(lambda: hand.border_subtitle == f"Ann took your {card}.", pilot)
        await pilot.press("p")  # Bob: no Biased whistle
        await confirm("Ann")
        assert hand.border_subtitle == f"You took {card} from Bob."
