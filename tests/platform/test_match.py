"""The match loop: whose decision is due, AI seats, applying actions, telling listeners."""

from __future__ import annotations

import pytest

from footycards.core import IllegalAction
from footycards.match import Applied, Match, make_agent
from footycards.registry import REGISTRY, get_spec
from footycards.seats import SeatSpec, parse_players


def test_due_is_the_engine_seat_to_move():
    """`due` is the seat whose decision the engine waits for; None once over."""
    match = Match.start("stadium", parse_players("Ann,Bob"), 3, {"rows": 2, "cols": 2})
    assert match.due == match.state.to_move == 0
    assert match.humans == [0, 1] and not match.is_ai(0)


def test_apply_tells_every_listener_with_the_events():
    """Each applied action reaches every listener with its notation and its log entries."""
    match = Match.start("stadium", parse_players("Ann,Bob"), 3, {"rows": 2, "cols": 2})
    heard: list[Applied] = []
    also: list[Applied] = []
    match.subscribe(heard.append)
    stop = match.subscribe(also.append)
    before = len(match.state.log)
    applied = match.apply("flip A1")
    assert heard == [applied] and also == [applied]
    assert applied.seat == 0 and applied.action == "flip A1" and not applied.by_ai
    assert applied.events == match.state.log[before:] and applied.events
    assert applied.number == 1 and match.actions == ["flip A1"]
    stop()
    match.apply("flip A2")
    assert len(heard) == 2 and len(also) == 1


def test_a_seat_that_is_not_due_is_refused_and_nothing_changes():
    """A front end answering for one seat cannot move for another."""
    match = Match.start("stadium", parse_players("Ann,Bob"), 3, {"rows": 2, "cols": 2})
    before = match.state.to_json()
    with pytest.raises(IllegalAction) as err:
        match.apply("flip A1", seat=1)
    assert err.value.code == "not_your_turn"
    assert match.state.to_json() == before and match.actions == []


def test_an_illegal_action_changes_nothing_and_tells_nobody():
    """The engine's refusal passes through; listeners hear nothing."""
    match = Match.start("stadium", parse_players("Ann,Bob"), 3, {"rows": 2, "cols": 2})
    heard: list[Applied] = []
    match.subscribe(heard.append)
    before = match.state.to_json()
    with pytest.raises(IllegalAction):
        match.apply("flip Z9")
    assert match.state.to_json() == before and heard == []


def test_ai_decision_changes_no_state():
    """`decide` only reads the AI seat's view: a front end may run it in a worker."""
    match = Match.start("quartett", parse_players("ai:hard,ai:normal"), 5, {"mode": "quartett"})
    before = match.state.to_json()
    action = match.decide()
    assert match.state.to_json() == before
    assert str(action) in {str(a) for a in match.legal_actions()}


@pytest.mark.parametrize("game_id", REGISTRY.ids())
def test_ai_seats_play_a_whole_game(game_id):
    """With AI seats only, `run_ai` plays to the end and the record replays it exactly."""
    n = max(k for k in get_spec(game_id).counts() if k <= 3)  # World Wave: even
    seats = parse_players("ai:normal,ai:random,ai:easy")[:n]
    match = Match.start(game_id, seats, 7)
    played = match.run_ai()
    assert match.is_over and match.due is None
    assert len(played) == len(match.actions)
    people = [SeatSpec(s.name) for s in seats]  # the same names, typed in by people
    replay = Match.start(game_id, people, 7)
    for notation in match.actions:
        replay.apply(notation)
    assert replay.state.to_json() == match.state.to_json()


def test_restart_keeps_seats_and_options_with_a_new_deal():
    """Play again: same seats and options, a fresh seed."""
    match = Match.start("stadium", parse_players("Ann,ai:easy"), 3, {"rows": 4, "cols": 4})
    again = match.restart()
    assert again.seats == match.seats and again.options["rows"] == 4
    assert again.state is not match.state and not again.actions


def test_make_agent_reads_the_registry():
    """Every registered game has an agent per level; an unknown level is refused."""
    for spec in REGISTRY:
        for level in ("random", "easy", "normal", "hard"):
            assert hasattr(make_agent(spec.id, level), "choose")
    with pytest.raises(ValueError, match="unknown AI level"):
        make_agent("stadium", "genius")


def test_has_private_compares_with_the_public_view():
    """A Quartett top card is private; a Stadium seat without a VAR look has nothing private."""
    q = Match.start("quartett", parse_players("Ann,Bob"), 2)
    assert q.has_private(0) and q.has_private(1)
    s = Match.start("stadium", parse_players("Ann,Bob"), 2, {"rows": 2, "cols": 2})
    assert not s.has_private(0)


async def test_paced_decision_takes_its_time_and_changes_nothing():
    """`decide_paced`: the AI's action (a legal one), no sooner than the pace, the state
    untouched until the caller applies it (the TUI and shared tables both use it)."""
    import time

    match = Match.start("sadikov", parse_players("ai:normal,ai:random"), 4)
    before = match.state.to_json()
    started = time.monotonic()
    action = await match.decide_paced(0.2)
    assert time.monotonic() - started >= 0.2
    assert match.state.to_json() == before and not match.actions
    assert str(action) in {str(a) for a in match.legal_actions()}
