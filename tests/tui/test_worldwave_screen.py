"""World Wave's screen driven by keys: the draft, a shot answered by a Save, an event
cancelled by Controversy, the end screen, the prompts naming what is answered, the keys
refused with a reason, and the team result."""

from __future__ import annotations

import html
import re
import time
from collections.abc import Callable
from typing import Any

from notices import notifications

from footycards.core.worldwave import DECK, ROSTER
from footycards.match import Match, make_agent
from footycards.registry import get_spec
from footycards.seats import parse_players
from footycards.stats import Stats
from footycards.tui.app import FootyApp
from footycards.tui.screens.end import EndScreen
from footycards.tui.screens.worldwave import WorldWaveScreen, new_slots, window_question
from footycards.tui.widgets.dialogs import ChoiceScreen
from footycards.tui.widgets.pass_device import PassDeviceScreen
from footycards.tui.widgets.worldwave_cards import DraftPanel, HandPanel
from footycards.tui.widgets.worldwave_pitch import PitchPanel

SIZE = (120, 40)


def deal(*top: str) -> list[str]:
    """The whole match deck with `top` first (W8: top first)."""
    rest = list(DECK)
    for card in top:
        rest.remove(card)
    return [*top, *rest]


def start(players: str, seed: int = 3, **options: Any) -> tuple[Match, FootyApp]:
    match = Match.start("worldwave", parse_players(players), seed, options)
    app = FootyApp(match=match, speed="instant", theme="textual-dark", autosave=False)
    return match, app


def screen_text(app: FootyApp) -> str:
    svg = app.export_screenshot()
    parts = re.findall(r"<text[^>]*>(.*?)</text>", svg, re.S)
    return html.unescape("".join(parts)).replace("\xa0", " ")


async def wait_for(condition: Callable[[], Any], pilot, seconds: float = 10.0) -> None:
    deadline = time.monotonic() + seconds
    while not condition():
        if time.monotonic() > deadline:
            raise AssertionError("timed out")
        await pilot.pause(0.01)


async def confirm_pass(app: FootyApp, pilot, name: str) -> None:
    """The pass-device screen for `name` is up: confirm it."""
    await wait_for(lambda: isinstance(app.screen, PassDeviceScreen), pilot)
    assert app.screen.player_name == name
    await pilot.press("enter")
    await wait_for(lambda: isinstance(app.screen, WorldWaveScreen), pilot)


async def test_the_registry_opens_this_screen():
    spec = get_spec("worldwave")
    assert spec.has_screen
    match, _app = start("Ann,ai:normal", characters=["rooney", "terry"])
    assert isinstance(spec.screen_factory()(match, None, True), WorldWaveScreen)


async def test_draft_by_keys_shows_the_offer_and_the_earlier_picks():
    """W3.2 by keys: the offered characters as cards (names, position, stamina, costs,
    skill), 1–4 and Enter pick; the AI's pick is shown to Ann after it."""
    match, app = start("Ann,ai:normal", seed=8)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, WorldWaveScreen)
        draft = screen.query_one(DraftPanel)
        offered = match.view(0)["draft"]["offered"]
        assert draft.offered == offered and len(offered) == 4
        shown = screen_text(app)

        for cid in offered:
            char = ROSTER[cid]
            assert char.name in shown and char.name_zh in shown
        assert "shoot " in shown and "save " in shown and "⚽" in shown
        await pilot.press("3", "enter")
        await wait_for(lambda: match.state.phase != "draft", pilot)
        assert match.actions[0] == "pick 3"
        assert match.state.characters[0] == offered[2]
        await pilot.pause()
        assert ROSTER[match.state.characters[1]].name in screen_text(app)


async def test_shot_saved_controversy_cancels_a_foul_and_prompts_name_the_answer():
    """Ann (Rooney) and Bob (Terry) at one keyboard: Bob shoots, Ann is asked behind the
    pass screen with a prompt naming the shot, saves with Enter; Bob's Foul is cancelled
    by Ann's Controversy (W2.2)."""
    top = ["save", "controversy", "shoot", "foul", "longball"]
    match, app = start("Ann,Bob", characters=["rooney", "terry"], deal=deal(*top))
    async with app.run_test(size=SIZE) as pilot:
        await confirm_pass(app, pilot, "Ann")
        await pilot.press("x")  # Ann ends her first action phase
        await confirm_pass(app, pilot, "Bob")
        screen = app.screen
        assert match.state.hands[1] == ["shoot", "foul", "longball"]
        await pilot.press("1", "enter")  # Shoot
        await wait_for(lambda: isinstance(app.screen, PassDeviceScreen), pilot)
        assert "Bob shoots (needs 1 Save)" in app.screen.what
        await confirm_pass(app, pilot, "Ann")
        prompt = str(screen.query_one("#prompt").render())
        assert (
            "Asked: Ann" in prompt and "Bob shoots (needs 1 Save): play a Save, or pass" in prompt
        )
        await pilot.press("2", "enter")  # the Controversy answers no shot: refused
        await pilot.pause()
        assert match.actions[-1] == "shoot" and match.state.windows[-1]["kind"] == "save"
        await pilot.press("1", "enter")  # the Save
        await wait_for(lambda: match.actions[-1] == "save 1", pilot)
        assert any(e["event"] == "stopped" for e in match.state.log)
        # the Misjudgement window for Bob's team, then the Whistle window for Ann
        while match.state.windows:
            seat = match.due
            await confirm_pass(app, pilot, match.name(seat))
            await pilot.press("p")
            await pilot.pause()
        await confirm_pass(app, pilot, "Bob")
        await pilot.press("1", "enter")  # the Foul, on Ann (the only opponent)
        await wait_for(lambda: match.actions[-1] == "event 1 P1", pilot)
        await confirm_pass(app, pilot, "Ann")
        assert "Bob plays 犯規 Foul on Ann" in str(screen.query_one("#prompt").render())
        await pilot.press("1", "enter")  # Controversy
        await wait_for(lambda: match.actions[-1] == "event 1", pilot)
        await confirm_pass(app, pilot, "Bob")
        assert "Controversy" in str(screen.query_one("#prompt").render())
        await pilot.press("p")
        await wait_for(lambda: any(e["event"] == "cancelled" for e in match.state.log), pilot)
        assert not match.state.injured[0] and match.state.stamina[0] == 2  # saved at cost 2
        texts = [screen.describe(e) for e in match.state.log]
        assert len(texts) == len(match.state.log)


async def test_keys_refused_with_the_reason_change_nothing():
    """A Save in one's own action phase is refused in words; `p` and `d` are not keys of
    the action phase (left out of the key bar, they do nothing); the state is unchanged."""
    match, app = start("Ann,ai:normal", characters=["rooney", "terry"], deal=deal("save", "foul"))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        before = match.state.to_json()
        app.clear_notifications()
        await pilot.press("1", "enter", "p", "d")
        await pilot.pause()
        assert match.state.to_json() == before
        messages = " ".join(n.message for n in notifications(app))
        assert "救險 Save is played only when the other team shoots." in messages
        shown = {b.binding.action for b in app.screen.active_bindings.values() if b.enabled}
        assert {"equip", "end", "skill"} <= shown and not {"pass", "discard", "mark"} & shown


async def test_target_chosen_in_a_dialog_with_four_players():
    """A Foul with two opponents asks on whom (a dialog); the choice is sent."""
    match, app = start(
        "Ann,ai:easy,ai:easy,ai:easy",
        characters=["rooney", "terry", "costa", "novak"],
        deal=deal("foul", "longball"),
    )
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("1", "enter")
        await wait_for(lambda: isinstance(app.screen, ChoiceScreen), pilot)
        assert [v for v, _label in app.screen.choices] == ["event 1 P2", "event 1 P4"]
        await pilot.press("2")
        await wait_for(lambda: "event 1 P4" in match.actions, pilot)


async def test_discard_phase_by_marks_and_a_whole_match_to_the_end_screen():
    """Ann plays a whole match against the AI by keys (ends her phases, passes, marks
    and discards down to the hand limit) until the end screen names the result."""
    match, app = start("Ann,ai:easy", seed=11, characters=["rooney", "terry"])
    async with app.run_test(size=SIZE) as pilot:
        discarded = 0
        for _ in range(3000):
            if isinstance(app.screen, EndScreen) or match.is_over:
                break
            await wait_for(
                lambda: match.is_over or (match.due == 0 and app.screen.can_act()), pilot
            )
            if match.is_over:
                break
            state = match.state
            if state.windows:
                await pilot.press("p")
            elif state.phase == "discard":
                excess = len(state.hands[0]) - state.hand_limit(0)
                for slot in range(1, excess + 1):
                    await pilot.press(str(slot), "space")
                await pilot.press("d")
                discarded += 1
            else:
                await pilot.press("x")
            await pilot.pause()
        await wait_for(lambda: isinstance(app.screen, EndScreen), pilot)
        assert match.is_over and discarded >= 1
        text = screen_text(app)
        assert "Final whistle" in text and "Team A" in text and "Team B" in text


async def test_window_question_names_every_window():
    """Each window kind in words, from the public view only."""
    match = Match.start(
        "worldwave",
        parse_players("Ann,Bob"),
        1,
        {"characters": ["rooney", "terry"], "deal": deal("shoot", "whistle", "save")},
    )
    match.apply("shoot")
    # Bob holds no card yet: he is asked all the same (W5.2)
    view = match.public_view()
    assert window_question(view, match.names()) == "Ann shoots (needs 1 Save): play a Save, or pass"
    match.apply("pass")
    view = match.public_view()
    assert view["windows"][-1]["kind"] == "misjudgement"
    assert window_question(view, match.names()).startswith("Ann scored:")
    match.apply("pass")
    view = match.public_view()
    assert view["windows"][-1]["kind"] == "whistle"
    assert window_question(view, match.names()) == (
        "after Ann's 射門 Shoot: play Biased whistle to end their action phase, or pass"
    )


def test_every_world_wave_decision_is_paced_at_least_one_second():
    """W5.2: with any pace at all, a World Wave decision takes at least 1 s (the same for
    an answer, a pass and an auto-pass); other games keep their pace; none stays none."""
    ww = Match.start("worldwave", parse_players("Ann,ai:easy"), 1, {})
    other = Match.start("sadikov", parse_players("Ann,ai:easy"), 1, {})
    assert ww.pace(0.25) == 1.0 and ww.pace(1.4) == 1.4 and ww.pace(0) == 0
    assert other.pace(0.25) == 0.25


async def test_hand_hidden_when_nobody_may_see_it():
    """A spectator's screen (no local seat) shows no hand, only that it is hidden."""
    match = Match.start(
        "worldwave", parse_players("Ann,Bob"), 2, {"characters": ["rooney", "terry"]}
    )
    app = FootyApp(match=match, speed="instant", local=set(), drive_ai=False, autosave=False)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        hand = app.screen.query_one(HandPanel)
        assert hand.cards is None
        assert "Hands are hidden" in screen_text(app)


def finished_four_player_match(want_draw: bool) -> Match:
    """A 4-player match the AI plays to the end, decided (or drawn) as wanted."""
    for seed in range(1, 200):
        match = Match.start(
            "worldwave",
            parse_players("Ann,Bob,Cleo,Dan"),
            seed,
            {"characters": ["rooney", "terry", "costa", "novak"]},
        )
        agents = {s: make_agent("worldwave", "easy") for s in range(4)}
        match.agents = agents
        match.run_ai()
        a, b = match.result()["goals"]
        if (a == b) == want_draw:
            match.agents = {}
            return match
    raise AssertionError("no such match in 200 seeds")


def test_a_team_win_is_a_win_for_each_of_its_players_a_draw_a_draw(tmp_path):
    """Statistics and the end screen: the winning team's players each won (not a draw
    between them); equal goals are a draw for all four."""
    stats = Stats(tmp_path / "s.sqlite3")
    won = finished_four_player_match(want_draw=False)
    stats.record_match(won)
    winners = set(won.result()["winners"])
    assert len(winners) == 2
    rows = {p.player: p for p in stats.players("worldwave")}
    for seat, name in enumerate(won.names()):
        assert (rows[name].won, rows[name].drawn, rows[name].lost) == (
            (1, 0, 0) if seat in winners else (0, 0, 1)
        )
    names = " & ".join(won.name(s) for s in sorted(winners))
    assert EndScreen(won, [], [[]] * 4).headline() == f"Final whistle! Winners: {names}"
    drawn = finished_four_player_match(want_draw=True)
    stats.record_match(drawn)
    rows = {p.player: p for p in stats.players("worldwave")}
    assert all(p.drawn == 1 for p in rows.values())
    assert EndScreen(drawn, [], [[]] * 4).headline() == "Final whistle! A draw."


async def test_the_launcher_offers_even_counts_and_shows_each_seats_team(tmp_path):
    """World Wave in the launcher: 2, 4, 6, 8 or 10 players (an odd count from another
    game becomes the nearest even one), each seat labelled with its team (A B A B …);
    another game's seats have no team."""
    from footycards.tui.screens.launcher import LauncherScreen
    from footycards.tui.widgets.choice import Choice

    app = FootyApp(speed="instant", home=tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, LauncherScreen)
        seats = screen.query_one("#seatcount", Choice)
        seats.value = 3
        await pilot.pause()
        await screen.pick_game("worldwave")
        await pilot.pause()
        assert [v for _text, v in seats.choices] == [2, 4, 6, 8, 10]
        assert seats.value == 2
        seats.value = 4
        await pilot.pause()
        labels = [screen.query_one(f"#kind-{i}", Choice).label for i in range(4)]
        assert labels == ["P1 Team A", "P2 Team B", "P3 Team A", "P4 Team B"]
        assert screen.query_one("#kind-0", Choice).size.width >= len("P1 Team A ‹ AI normal ›")
        seats.focus()
        await pilot.pause()
        from textual.widgets import Static

        help_text = str(screen.query_one("#fieldhelp", Static).render())
        assert "How many play World Wave: 2, 4, 6, 8, 10." in help_text
        await screen.pick_game("stadium")
        await pilot.pause()
        assert screen.query_one("#kind-0", Choice).label == "P1"


async def test_replay_v_cycles_public_every_hand_and_each_seat(tmp_path, monkeypatch):
    """A finished match replayed on this screen: `v` goes from the public view (no hand)
    to every hand, then to P1's own hand; no key plays."""
    from footycards.record import GameRecord
    from footycards.replay import Replay

    monkeypatch.setenv("FOOTYCARDS_HOME", str(tmp_path))
    match = Match.start(
        "worldwave", parse_players("Ann,ai:easy"), 6, {"characters": ["rooney", "terry"]}
    )
    match.agents[0] = make_agent("worldwave", "easy")
    match.run_ai()
    del match.agents[0]
    replay = Replay(GameRecord.of(match))
    app = FootyApp(replay=replay, speed="instant")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("g")
        await pilot.pause()
        await pilot.press(*"20", "enter")
        await pilot.pause()
        hand = app.screen.query_one(HandPanel)
        assert hand.cards is None and hand.every is None
        await pilot.press("v")
        await pilot.pause()
        state = replay.view()
        assert hand.every == [("P1 Ann", state["hands"][0]), ("P2 AI easy", state["hands"][1])]
        await pilot.press("v")
        await pilot.pause()
        assert hand.every is None and hand.cards == replay.view()["hand"]
        before = replay.position
        await pilot.press("enter", "p", "x")
        await pilot.pause()
        assert replay.position == before


async def test_a_saved_match_resumes_on_this_screen():
    """Ann's match against the AI is saved as it goes; Continue resumes it on the World
    Wave screen with the same state, her own hand shown."""
    from footycards.saves import Autosaver, SaveStore
    from footycards.tui.screens.resume import ResumeScreen

    store = SaveStore()
    match = Match.start(
        "worldwave", parse_players("Ann,ai:easy"), 5, {"characters": ["rooney", "terry"]}
    )
    saver = Autosaver(match, store)
    match.apply("end")
    match.run_ai()
    saver.stop()
    app = FootyApp(speed="instant")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("ctrl+o")
        await wait_for(lambda: isinstance(app.screen, ResumeScreen), pilot)
        await pilot.press("enter")
        await wait_for(lambda: isinstance(app.screen, WorldWaveScreen), pilot)
        game = app.screen
        assert game.match.state.to_json() == match.state.to_json()
        await pilot.pause()
        assert game.query_one(HandPanel).cards == match.state.hands[0]


async def test_terry_saves_by_discarding_two_cards_with_the_skill_key():
    """W1.4 through `s`: Terry's two-card Save is offered in words and sent."""
    top = ["foul", "longball", "shoot", "save", "save"]
    match, app = start("Ann,Bob", characters=["terry", "rooney"], deal=deal(*top))
    async with app.run_test(size=SIZE) as pilot:
        await confirm_pass(app, pilot, "Ann")
        await pilot.press("x")
        await confirm_pass(app, pilot, "Bob")
        await pilot.press("1", "enter")  # Bob shoots
        await confirm_pass(app, pilot, "Ann")
        await pilot.press("s")
        await wait_for(lambda: isinstance(app.screen, ChoiceScreen), pilot)
        assert app.screen.choices == [
            ("terry 1 2", "特里 Terry: discard 1. 犯規 Foul, 2. 長傳 Long ball as a Save")
        ]
        await pilot.press("1")
        await wait_for(lambda: match.actions[-1] == "terry 1 2", pilot)
        assert match.state.hands[0] == [] and match.state.stamina[0] == 3


async def test_a_click_chooses_a_card_and_a_second_click_plays_it():
    match, app = start(
        "Ann,ai:easy", characters=["rooney", "terry"], deal=deal("longball", "shoot")
    )
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        hand = app.screen.query_one(HandPanel)
        assert hand.cards == ["longball", "shoot"] and hand.cursor == 0
        await pilot.click(HandPanel, offset=(6, 2))  # the border, then card 1, card 2
        await pilot.pause()
        assert hand.cursor == 1 and match.actions == []
        await pilot.click(HandPanel, offset=(6, 2))
        await wait_for(lambda: match.actions[:1] == ["shoot"], pilot)


async def test_a_click_on_a_player_tells_their_character_and_skills():
    match, app = start("Ann,ai:easy", characters=["rooney", "okonkwo"])
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        app.clear_notifications()
        await pilot.click(PitchPanel, offset=(6, 2))  # team B's first card: P2
        await pilot.pause()
        [note] = list(notifications(app))
        assert note.title == "P2 AI easy"
        assert "奧孔沃 Okonkwo · FW · Team B" in note.message
        assert ROSTER["okonkwo"].text in note.message


async def test_half_time_is_told_with_the_score_and_who_starts():
    """W6.2 with `halves`: a few moves before half time the AI seats play on, on the
    screen; half time is told with the score and who starts the 2nd half."""
    options = {"characters": ["rooney", "terry"], "halves": True}
    whole = Match.start("worldwave", parse_players("ai:easy,ai:easy"), 3, options)
    whole.run_ai()
    log = whole.state.log
    second = next(i for i, e in enumerate(log) if e["event"] == "half" and e["half"] == 2)
    replay = Match.start("worldwave", parse_players("ai:easy,ai:easy"), 3, options)
    for action in whole.actions:
        if len(replay.state.log) >= second - 20:
            break
        replay.apply(action)
    assert replay.state.half == 1
    told: list[tuple[str, str]] = []
    app = FootyApp(match=replay, speed="instant", autosave=False)
    original = app.notify

    def notify(message: str, **kwargs: Any) -> None:
        told.append((str(kwargs.get("title")), message))
        original(message, **kwargs)

    app.notify = notify  # type: ignore[method-assign]
    async with app.run_test(size=SIZE) as pilot:
        await wait_for(lambda: replay.state.half == 2, pilot, seconds=20)
        await pilot.pause()
        half = [message for title, message in told if title == "Half time"]
        a, b = next(e for e in log if e["event"] == "half_time")["goals"]
        assert half == [
            f"Half time: Team A {a} : {b} Team B. Every card is shuffled back into the "
            "deck; AI easy 2 starts the 2nd half."
        ]


def test_new_slots_are_the_cards_that_joined_the_hand():
    assert new_slots([], ["shoot", "save"]) == {1, 2}
    assert new_slots(["shoot", "save"], ["shoot", "save", "foul"]) == {3}
    assert new_slots(["shoot", "save"], ["save", "shoot"]) == {2}  # shoot taken, drawn again
    assert new_slots(["shoot", "save", "foul"], ["save"]) == set()


async def test_cards_drawn_since_your_last_move_are_marked_new():
    match, app = start(
        "Ann,ai:easy", characters=["rooney", "terry"], deal=deal("longball", "shoot")
    )
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        hand = app.screen.query_one(HandPanel)
        assert hand.fresh == {1, 2}  # her first draw
        await pilot.press("1", "enter")  # Long ball: two more cards
        await wait_for(lambda: len(match.state.hands[0]) == 3 and not match.state.windows, pilot)
        await pilot.pause()
        assert hand.fresh == {2, 3}  # the Long ball's draw; the Shoot was there already
        assert "✦" in str(hand.render())


async def test_undo_takes_back_an_equip_and_the_ai_answer():
    """`u` against the AI: the equipped Power shot and the AI's pass in the Whistle
    window go; the hand and the pitch show the card back in the hand."""
    match, app = start(
        "Ann,ai:easy", characters=["rooney", "terry"], deal=deal("powershot", "foul")
    )
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        before = match.state.to_json()
        await pilot.press("1", "e")
        await wait_for(lambda: match.actions == ["equip 1", "pass"], pilot)
        await wait_for(lambda: app.screen.can_act(), pilot)
        await pilot.press("u")
        await wait_for(lambda: match.actions == [], pilot)
        await pilot.pause()
        assert match.state.to_json() == before
        assert app.screen.query_one(HandPanel).cards == ["powershot", "foul"]
