"""`footycards replay FILE`: the moves and result as text, and clear messages for bad files."""

from __future__ import annotations

import json

import pytest
from click.testing import CliRunner

from footycards.cli import main
from footycards.match import Match
from footycards.record import GameRecord
from footycards.registry import REGISTRY, get_spec
from footycards.replay import Replay
from footycards.seats import parse_players


@pytest.fixture(autouse=True)
def _home(tmp_path, monkeypatch):
    monkeypatch.setenv("FOOTYCARDS_HOME", str(tmp_path / "home"))


def run(args: list[str]) -> tuple[int, str, str]:
    result = CliRunner().invoke(main, args)
    return result.exit_code, result.stdout, result.stderr


def saved(tmp_path, game_id: str, seed: int = 4) -> tuple[str, Match]:
    seats = parse_players("ai:easy,ai:normal")
    match = Match.start(
        game_id, seats, seed, {"rows": 4, "cols": 4} if game_id == "stadium" else {}
    )
    match.run_ai()
    path = tmp_path / f"{game_id}.json"
    path.write_text(GameRecord.of(match).to_json(), encoding="utf-8")
    return str(path), match


@pytest.mark.parametrize("game_id", REGISTRY.ids())
def test_replay_text_lists_every_move_and_the_result(tmp_path, game_id):
    path, match = saved(tmp_path, game_id)
    code, out, _err = run(["replay", path, "--text"])
    assert code == 0
    lines = out.splitlines()
    assert lines[0].startswith(get_spec(game_id).name)
    for n, action in enumerate(match.actions, start=1):
        assert f"{n:4}. " in out and action in out
    events = sum(len(m.events) for m in Replay(GameRecord.of(match)).moves)
    assert sum(1 for line in lines if line.startswith("      * ")) == events > 0
    names = match.names()
    winners = " & ".join(names[w] for w in match.result()["winners"])
    assert f"winner: {winners}" in out


def test_replay_text_at_a_move_shows_the_public_view(tmp_path):
    path, match = saved(tmp_path, "sadikov")
    code, out, _err = run(["replay", path, "--text", "--move", "3"])
    assert code == 0
    assert "   3. " in out and "   4. " not in out
    assert "At move 3 of" in out and "Columns" in out


def test_replay_move_out_of_range(tmp_path):
    path, match = saved(tmp_path, "stadium")
    code, _out, err = run(["replay", path, "--text", "--move", "9999"])
    assert code == 1 and "--move 9999" in err and str(len(match.actions)) in err


@pytest.mark.parametrize(
    ("damage", "said"),
    [
        (lambda text: "{", "not valid JSON"),
        (lambda text: "[1, 2]", "not a footycards game record"),
        (lambda text: text.replace('"format": 1', '"format": 99'), "newer footycards"),
        (lambda text: text.replace('"game": "stadium"', '"game": "chess"'), "unknown game"),
    ],
)
def test_a_damaged_file_gets_a_message_and_exit_code_1(tmp_path, damage, said):
    path, _match = saved(tmp_path, "stadium")
    with open(path, encoding="utf-8") as f:
        text = f.read()
    with open(path, "w", encoding="utf-8") as f:
        f.write(damage(text))
    code, out, err = run(["replay", path, "--text"])
    assert code == 1 and path in err and said in err
    assert "Traceback" not in out + err


def test_a_record_that_no_longer_replays_names_the_move(tmp_path):
    path, _match = saved(tmp_path, "stadium")
    data = json.loads(open(path, encoding="utf-8").read())
    data["actions"][6] = "flip Z9"
    with open(path, "w", encoding="utf-8") as f:
        json.dump(data, f)
    code, _out, err = run(["replay", path, "--text"])
    assert code == 1 and path in err and "move 7 (flip Z9)" in err


def test_a_missing_file(tmp_path):
    code, _out, err = run(["replay", str(tmp_path / "nope.json")])
    assert code == 1 and "nope.json" in err and "cannot be read" in err


def test_replay_text_says_a_practice_game_is_one(tmp_path):
    """A game with a move taken back across a card seen: its replay says it is practice."""
    path, match = saved(tmp_path, "stadium")
    record = GameRecord.of(match)
    record.practice = True
    (tmp_path / "practice.json").write_text(record.to_json(), encoding="utf-8")
    code, out, _err = run(["replay", str(tmp_path / "practice.json"), "--text"])
    assert code == 0 and "A practice game" in out.splitlines()[1]
    code, out, _err = run(["replay", path, "--text"])
    assert "practice" not in out
