"""Replays: a recorded game stepped forward and back, for every game, equals its replay."""

from __future__ import annotations

import time

import pytest

from footycards.match import Match
from footycards.record import GameRecord, RecordError, ReplayError
from footycards.registry import REGISTRY, get_spec
from footycards.replay import ALL, Replay
from footycards.seats import parse_players


@pytest.fixture(autouse=True)
def _home(tmp_path, monkeypatch):
    monkeypatch.setenv("FOOTYCARDS_HOME", str(tmp_path / "home"))


def finished(game_id: str, seed: int = 5) -> GameRecord:
    n = max(k for k in get_spec(game_id).counts() if k <= 3)  # World Wave: even
    seats = parse_players("Ann,ai:easy,ai:normal")[:n]
    seats[0] = parse_players("ai:random")[0]
    match = Match.start(game_id, seats, seed)
    match.run_ai()
    return GameRecord.of(match)


@pytest.mark.parametrize("game_id", REGISTRY.ids())
def test_stepping_forward_and_back_equals_the_replay(game_id, monkeypatch):
    """Every position reached by →, ←, Home, End or a jump is the record replayed to it."""
    record = finished(game_id)
    # several kept states and checked positions however short the game (a game added later
    # may end in a few actions)
    every = max(1, min(4, len(record.actions) // 3))
    monkeypatch.setattr("footycards.replay.CHECKPOINT", every)
    replay = Replay(record)
    total = replay.total
    assert total == len(record.actions) > every
    step = max(1, min(7, total // 3))
    expected = {k: record.replay(upto=k).state.to_json() for k in range(0, total + 1, step)}
    expected[total] = record.replay().state.to_json()
    for _k in range(total):  # forward, one action at a time
        replay.step(1)
        if replay.position in expected:
            assert replay.match.state.to_json() == expected[replay.position]
    assert replay.position == total and replay.match.is_over
    for k in sorted(expected, reverse=True):  # back, by jumps and single steps
        replay.goto(k + 1 if k < total else k)
        if k < total:
            replay.step(-1)
        assert replay.position == k
        assert replay.match.state.to_json() == expected[k]
        assert replay.match.actions == record.actions[:k]
    assert replay.step(-1) == 0 and replay.goto(total + 5) == total


@pytest.mark.parametrize("game_id", REGISTRY.ids())
def test_each_move_keeps_its_seat_and_events(game_id):
    """The narration of move n is what the action logged when it was played."""
    record = finished(game_id, seed=8)
    replay = Replay(record)
    match = record.replay(upto=0)
    for n, action in enumerate(record.actions, start=1):
        applied = match.apply(action)
        move = replay.moves[n - 1]
        assert (move.number, move.seat, move.action) == (n, applied.seat, action)
        assert move.events == applied.events


@pytest.mark.parametrize("game_id", REGISTRY.ids())
def test_viewpoints_cycle_public_all_then_each_seat(game_id):
    """`v` shows the public view, every card (where the engine has `review_view`), then
    each seat's own view, then the public view again."""
    replay = Replay(finished(game_id))
    replay.goto(replay.total // 2)
    state = replay.match.state
    assert replay.view() == replay.match.public_view()
    if hasattr(state, "review_view"):
        assert replay.next_viewpoint() == ALL
        assert replay.view() == state.review_view()
    for seat in range(len(replay.record.seats)):
        assert replay.next_viewpoint() == seat
        assert replay.view() == state.view(seat)
    assert replay.next_viewpoint() is None


def test_stadium_review_view_shows_every_card():
    """Stadium's review view: the public view with every face-down card shown as a look."""
    record = finished("stadium")
    for k in (0, 5, len(record.actions) // 2):
        state = record.replay(upto=k).state
        view = state.review_view()
        public = state.public_view()
        assert {**view, "peeked": {}} == {**public, "peeked": {}}
        down = {c["pos"] for c in view["table"] if c["state"] == "down"}
        assert set(view["peeked"]) == down and down
        ids = sorted(c["id"] for c in view["peeked"].values())
        ids += [c["id"] for c in view["table"] if c["state"] == "up"]
        for area in view["areas"]:
            ids += [p["id"] for p in area["pairs"] for _ in (0, 1)] + area["rewards"]
        assert len(ids) + view["discarded"] == view["rows"] * view["cols"]


def test_sadikov_review_view_turns_every_column_card_face_up():
    """Sadikov's review view: the public view with the face-down column cards shown."""
    record = finished("sadikov")
    for k in (0, 7, len(record.actions) // 2):
        state = record.replay(upto=k).state
        view, public = state.review_view(), state.public_view()
        assert {**view, "columns": []} == {**public, "columns": []}
        for col, shown, seen in zip(state.columns, view["columns"], public["columns"], strict=True):
            assert [c["id"] for c in shown["cards"]] == col and all(c["up"] for c in shown["cards"])
            assert shown["size"] == seen["size"] and shown["closed"] == seen["closed"]
        assert any(not c["up"] for col in public["columns"] for c in col["cards"])


def test_a_record_that_no_longer_replays_names_the_move():
    record = finished("stadium")
    record.actions[10] = "flip Z9"
    with pytest.raises(ReplayError) as err:
        Replay(record)
    assert err.value.move == 11 and "Z9" in str(err.value)


def test_an_unknown_game_is_a_record_error():
    record = finished("stadium")
    record.game = "chess"
    with pytest.raises(RecordError):
        Replay(record)


def test_stepping_back_is_fast():
    """Measured: a step back rebuilds from the nearest kept state, never from the deal."""
    replay = Replay(finished("quartett"))
    replay.goto(replay.total)
    started = time.perf_counter()
    for _ in range(50):
        replay.step(-1)
    assert (time.perf_counter() - started) / 50 < 0.05


def unfinished(players: str, moves: int = 12) -> GameRecord:
    match = Match.start("quartett", parse_players(players), 5, {"mode": "quartett"})
    for _ in range(moves):
        match.apply(match.legal_actions()[0])
    assert not match.is_over
    return GameRecord.of(match)


def test_an_unfinished_game_of_two_people_shows_the_public_view_only():
    """Ann and Bob stopped mid-game: `v` offers no hand (nor every card) to either of
    them; the views open once the game is finished."""
    record = unfinished("Ann,Bob")
    replay = Replay(record)
    assert replay.hands_hidden
    replay.goto(replay.total)
    assert replay.viewpoints() == [None]
    assert replay.next_viewpoint() is None
    replay.viewpoint = 0  # even when set from outside, no private view comes out
    assert replay.view() == replay.match.public_view()
    match = record.replay()
    while not match.is_over:
        match.apply(match.legal_actions()[0])
    done = Replay(GameRecord.of(match))
    assert not done.hands_hidden and len(done.viewpoints()) > 1


def test_an_unfinished_game_of_one_person_keeps_every_view():
    """One person against the AI: reviewing their own unfinished game hides nothing."""
    replay = Replay(unfinished("Ann,ai:easy", moves=6))
    assert not replay.hands_hidden and replay.viewpoints()[1:] == [0, 1]
