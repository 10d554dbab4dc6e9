"""Undo against the AI: the person's last move and the AI's replies, never across a barrier."""

from __future__ import annotations

import random

import pytest

from footycards.match import Match, Undone, UndoRefused
from footycards.registry import REGISTRY, get_spec
from footycards.seats import parse_players

OPTIONS = {"stadium": {"rows": 4, "cols": 4}, "quartett": {"mode": "quartett"}}
DEAL_4X4 = (
    ["F01", "F02", "YELLOW", "F03"]
    + ["F01", "F02", "F03", "F04"]
    + ["F04", "F05", "F05", "F06"]
    + ["F06", "RED", "VAR", "GAME"]
)


def against_ai(game_id: str, seed: int) -> Match:
    match = Match.start(game_id, parse_players("Ann,ai:normal"), seed, OPTIONS.get(game_id))
    match.run_ai()
    return match


def play_until_undo(game_id: str, seeds: range) -> tuple[Match, str, str, object] | None:
    """Random moves by the person until an undo is possible: (match, state before the
    person's move, state after the AI replied, the move); None if no game offered one."""
    for seed in seeds:
        match = against_ai(game_id, seed)
        rng = random.Random(seed)
        while not match.is_over:
            before = match.state.to_json()
            move = rng.choice(match.legal_actions())
            match.apply(move)
            match.run_ai()
            if not match.is_over and match.undo_refusal() is None:
                return match, before, match.state.to_json(), move
    return None


@pytest.mark.parametrize("game_id", ["stadium", "sadikov"])
def test_undo_takes_back_the_move_and_the_ai_replies(game_id):
    """Where nothing hidden came out, undo restores the state before the person's move; the
    same move then gets the same AI reply (the AI's random generator is put back too)."""
    found = play_until_undo(game_id, range(40))
    assert found is not None, "no position with an undo in 40 games"
    match, before, after, move = found
    heard: list[Undone] = []
    match.subscribe_undo(heard.append)
    count = len(match.actions)
    removed = match.undo()
    assert removed >= 1 and match.state.to_json() == before
    assert heard == [Undone(removed, match.actions, match.due)]
    assert len(match.actions) == count - removed and match.due == 0
    match.apply(move)
    match.run_ai()
    assert match.state.to_json() == after


@pytest.mark.parametrize("game_id", REGISTRY.ids())
def test_undo_works_for_every_game_without_barriers(game_id, monkeypatch):
    """The mechanism is the same for every game: with no barrier declared as crossed, any
    of the person's moves can be taken back, several in a row (`undo_barrier` is an
    optional hook: a game without it gets one here)."""
    monkeypatch.setattr(
        get_spec(game_id).engine_module(), "undo_barrier", lambda e: None, raising=False
    )
    match = against_ai(game_id, 3)
    rng = random.Random(3)
    states = []
    for _ in range(3):
        if match.is_over:
            break
        states.append(match.state.to_json())
        match.apply(rng.choice(match.legal_actions()))
        match.run_ai()
    if match.is_over:  # the last move ended the game: nothing to take back then
        pytest.skip("the game ended within three moves")
    for before in reversed(states):
        match.undo()
        assert match.state.to_json() == before
    with pytest.raises(UndoRefused) as err:
        match.undo()
    assert err.value.code == "undo_nothing"


@pytest.mark.parametrize("game_id", REGISTRY.ids())
def test_no_undo_with_two_people(game_id):
    """Hot-seat with two people: a move another person has seen stays, and undo says so."""
    match = Match.start(game_id, parse_players("Ann,Bob"), 1, OPTIONS.get(game_id))
    match.apply(match.legal_actions()[0])
    before = match.state.to_json()
    with pytest.raises(UndoRefused) as err:
        match.undo()
    assert err.value.code == "undo_hot_seat" and "2 people" in str(err.value)
    assert match.state.to_json() == before


@pytest.mark.parametrize("game_id", REGISTRY.ids())
def test_a_game_that_declares_no_barriers_has_no_undo(game_id, monkeypatch):
    """Safe by default: an engine without `undo_barrier` offers no undo."""
    monkeypatch.delattr(get_spec(game_id).engine_module(), "undo_barrier", raising=False)
    match = against_ai(game_id, 2)
    match.apply(match.legal_actions()[0])
    match.run_ai()
    if match.is_over:
        pytest.skip("the game ended at once")
    with pytest.raises(UndoRefused) as err:
        match.undo()
    assert err.value.code == "undo_unsupported"


def stadium_table() -> Match:
    options = {"rows": 4, "cols": 4, "deal": DEAL_4X4, "first": 0}
    return Match.start("stadium", parse_players("Ann,ai:normal"), 1, options)


def test_stadium_yellow_can_be_taken_back():
    """Ann's YELLOW at the AI's turn start logs no card: it can be undone (S4.3)."""
    match = stadium_table()
    for move in ("flip A3", "flip A4"):  # Ann takes YELLOW; she is asked at the AI's turn
        match.apply(move)
    assert match.due == 0 and match.state.view(0)["phase"] == "window"
    before = match.state.to_json()
    match.apply("yellow P2")
    assert match.due == 0 and match.undo_refusal() is None
    assert match.undo() == 1 and match.state.to_json() == before


@pytest.mark.parametrize(
    ("moves", "reason"),
    [
        (["flip A1"], "a card was turned over since your move"),
        (
            ["flip D3", "flip A1", "flip A2", "flip A4", "var B3 B4"],
            "hidden cards were looked at since your move",
        ),
    ],
)
def test_stadium_refuses_across_a_card_shown(moves, reason):
    """A flip shows a card to everyone, a VAR look shows two to the player: no undo."""
    match = stadium_table()
    for move in moves:
        match.apply(move)
    assert match.due == 0
    before = match.state.to_json()
    with pytest.raises(UndoRefused) as err:
        match.undo()
    assert str(err.value) == reason and err.value.code == "undo_barrier"
    assert match.state.to_json() == before


@pytest.mark.parametrize(
    ("event", "kind"),
    [
        ({"event": "kickoff"}, "chance"),
        ({"event": "flip"}, "reveal"),
        ({"event": "var"}, "look"),
        ({"event": "match"}, "chance"),
        ({"event": "yellow"}, None),
        ({"event": "steal"}, None),
    ],
)
def test_stadium_barriers(event, kind):
    from footycards.core import stadium

    assert stadium.undo_barrier(event) == kind


@pytest.mark.parametrize(
    ("event", "kind"),
    [
        ({"event": "half"}, "chance"),
        ({"event": "reshuffle"}, "chance"),
        ({"event": "keeper"}, "reveal"),
        ({"event": "take", "revealed": "QS"}, "reveal"),
        ({"event": "take", "revealed": None}, None),
        ({"event": "add", "card": None}, None),
        ({"event": "add", "card": "7H"}, "reveal"),
        ({"event": "shot", "kind": "kick"}, "reveal"),
        ({"event": "shot", "kind": "corner"}, None),
        ({"event": "goal"}, None),
    ],
)
def test_sadikov_barriers(event, kind):
    from footycards.core import sadikov

    assert sadikov.undo_barrier(event) == kind


@pytest.mark.parametrize(
    ("event", "kind"),
    [
        ({"event": "deal"}, "chance"),
        ({"event": "call"}, "reveal"),
        ({"event": "ask", "hit": True, "drew": False}, "reveal"),
        ({"event": "ask", "hit": False, "drew": True}, "draw"),
        ({"event": "ask", "hit": False, "drew": False}, "answer"),
        ({"event": "restock"}, "draw"),
        ({"event": "skip"}, None),
    ],
)
def test_quartett_barriers(event, kind):
    from footycards.core import quartett

    assert quartett.undo_barrier(event) == kind


@pytest.mark.parametrize("mode", ["fussball", "quartett"])
def test_quartett_refuses_after_a_call_or_an_ask(mode):
    """Every Quartett move shows cards or tells about a hand: the refusal says which."""
    match = Match.start("quartett", parse_players("Ann,ai:normal"), 4, {"mode": mode})
    match.run_ai()
    match.apply(match.legal_actions()[0])
    match.run_ai()
    if match.is_over:
        pytest.skip("over at once")
    with pytest.raises(UndoRefused) as err:
        match.undo()
    assert err.value.code == "undo_barrier"
    assert "since your move" in str(err.value)


def test_sadikov_refuses_across_each_barrier_met():
    """In random games every refusal names a barrier that really happened since the move."""
    from footycards.core import sadikov

    seen = set()
    for seed in range(6):
        match = against_ai("sadikov", seed)
        rng = random.Random(seed)
        while not match.is_over:
            match.apply(rng.choice(match.legal_actions()))
            start = match.marks[match.last_undo_point() or 0][1]
            match.run_ai()
            if match.is_over:
                break
            refusal = match.undo_refusal()
            kinds = {sadikov.undo_barrier(e) for e in match.state.log[start:]} - {None}
            assert (refusal is None) == (not kinds)
            if refusal is not None:
                seen.add(refusal.params["barrier"])
                assert refusal.params["barrier"] in kinds
    assert {"reveal", "chance"} <= seen


def test_no_undo_while_the_ai_is_due():
    match = Match.start("sadikov", parse_players("Ann,ai:normal"), 1)
    match.apply(match.legal_actions()[0])
    if match.due == 1:
        with pytest.raises(UndoRefused) as err:
            match.undo()
        assert err.value.code == "undo_not_now"


def test_undo_rewrites_the_autosave(tmp_path):
    """The save file follows an undo at once: it holds the shorter action list, and it
    deals again to the state after the undo."""
    from footycards.record import GameRecord
    from footycards.saves import Autosaver, SaveStore

    found = play_until_undo("sadikov", range(40))
    assert found is not None
    match = found[0]
    store = SaveStore(tmp_path)
    saver = Autosaver(match, store)
    match.undo()
    saved = GameRecord.from_json(saver.path.read_text(encoding="utf-8"))
    assert saved.actions == match.actions
    assert saved.replay().state.to_json() == match.state.to_json()


def test_a_game_undone_back_to_no_move_leaves_no_file(tmp_path):
    """Every move undone: the save file goes, as for a game left before its first move
    (Continue would offer a game of 0 moves); the next move writes it again. A game saved
    before its first move (a shared table's, given its record) keeps its file."""
    from footycards.record import GameRecord
    from footycards.saves import Autosaver, SaveStore

    store = SaveStore(tmp_path)
    match = stadium_table()
    saver = Autosaver(match, store)
    match.apply("flip A3")
    match.apply("flip A4")
    assert [e.moves for e in store.list()] == [2]
    match.undo(anyway=True)
    assert [e.moves for e in store.list()] == [1]
    match.undo(anyway=True)
    assert match.actions == [] and store.list() == [] and saver.saves == 0
    match.apply("flip A3")
    assert [e.moves for e in store.list()] == [1]

    table = stadium_table()
    kept = Autosaver(table, store, GameRecord.of(table, "table-ABC-1"))
    assert kept.path.exists()
    table.apply("flip A3")
    table.undo(anyway=True)
    assert kept.path.exists() and GameRecord.from_json(kept.path.read_text("utf-8")).actions == []


# -- undo across a barrier, when the person asks for it: a practice game ----------------


def test_undo_anyway_crosses_a_card_shown_and_makes_the_game_practice():
    """Across a flip the plain undo is refused; `undo_crossing` names what was seen and
    `undo(anyway=True)` takes the move back: the game then counts as practice."""
    match = stadium_table()
    before = match.state.to_json()
    match.apply("flip A1")
    assert match.due == 0 and match.undo_crossing() == "reveal" and not match.practice
    assert match.undo_refusal(anyway=True) is None
    assert match.undo(anyway=True) == 1
    assert match.state.to_json() == before and match.practice


def test_undo_anyway_without_a_barrier_stays_a_real_game():
    """Nothing hidden came out (Stadium's YELLOW): asking anyway changes nothing about the
    game's standing."""
    match = stadium_table()
    for move in ("flip A3", "flip A4"):
        match.apply(move)
    match.apply("yellow P2")
    assert match.undo_crossing() is None
    assert match.undo(anyway=True) == 1 and not match.practice


def test_undo_anyway_is_still_refused_between_people():
    """Two people at the keys: never, not even when asked."""
    match = Match.start("stadium", parse_players("Ann,Bob"), 1, OPTIONS["stadium"])
    match.apply(match.legal_actions()[0])
    with pytest.raises(UndoRefused) as err:
        match.undo(anyway=True)
    assert err.value.code == "undo_hot_seat" and not match.practice


def test_a_practice_game_says_so_in_its_record_and_after_a_resume(tmp_path):
    """The record (save file, history) keeps the practice mark; a resumed game keeps it."""
    from footycards.record import GameRecord
    from footycards.saves import Autosaver, SaveStore

    match = stadium_table()
    saver = Autosaver(match, SaveStore(tmp_path))
    match.apply("flip A1")
    match.undo(anyway=True)
    match.apply("flip A2")  # (undone back to no move, the game had no file)
    saved = GameRecord.from_json(saver.path.read_text(encoding="utf-8"))
    assert saved.practice and saved.to_dict()["practice"] is True
    assert saved.replay().practice
    assert not GameRecord.of(stadium_table()).practice


def test_the_question_names_what_was_seen():
    from footycards.narration import undo_question

    text = undo_question("reveal")
    assert "a card that was turned over" in text and "practice" in text
    assert "something that was hidden" in undo_question("unknown")
