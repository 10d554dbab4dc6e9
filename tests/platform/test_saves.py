"""Saved games: atomic writes, damaged files listed with the reason, failing disks, the
round trip of every registered game, autosave after each action and the history."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from footycards import paths
from footycards.match import Match
from footycards.paths import atomic_write
from footycards.record import FORMAT, GameRecord
from footycards.registry import REGISTRY
from footycards.saves import Autosaver, SaveError, SaveStore
from footycards.seats import SeatSpec, parse_players

GAMES = [spec.id for spec in REGISTRY]


def random_seats(game_id: str) -> list[SeatSpec]:
    spec = next(s for s in REGISTRY if s.id == game_id)
    return parse_players(",".join(["ai:random"] * spec.min_players))


def started_match(game_id: str, moves: int = 12, seed: int = 5) -> Match:
    """A game of `game_id` between random AI seats, `moves` actions in (and not over)."""
    match = Match.start(game_id, random_seats(game_id), seed, {})
    match.run_ai(limit=moves)
    assert not match.is_over and len(match.actions) == moves
    return match


def saved(store: SaveStore, match: Match) -> GameRecord:
    record = GameRecord.of(match)
    store.save(record)
    return record


def test_the_store_lives_in_the_data_folder(footycards_home):
    """By default saves go under the user data folder (FOOTYCARDS_HOME in tests)."""
    store = SaveStore()
    assert store.saves_dir == paths.data_dir() / "saves"
    assert str(store.saves_dir).startswith(str(footycards_home))


@pytest.mark.parametrize("game_id", GAMES)
def test_round_trip_of_every_game(tmp_path, game_id):
    """Random games of every registered game, saved and loaded at several points: the same
    state (RNG included) and the same view for every seat; then both play on alike."""
    store = SaveStore(tmp_path)
    for seed, moves in ((1, 0), (2, 7), (3, 40)):
        match = Match.start(game_id, random_seats(game_id), seed, {})
        match.run_ai(limit=moves)
        record = saved(store, match)
        loaded_record, loaded = store.load(record.id)
        assert loaded_record.actions == match.actions
        assert loaded.state.to_json() == match.state.to_json()
        for seat in range(len(match.seats)):
            assert loaded.view(seat) == match.view(seat)
        assert loaded.seats == match.seats and loaded.due == match.due
        # the AI seats get their agents back, and the loaded game goes on like the original
        assert sorted(loaded.agents) == sorted(match.agents)
        for _ in range(5):
            if match.is_over:
                break
            action = match.decide()
            match.apply(action)
            loaded.apply(str(action))
        assert loaded.state.to_json() == match.state.to_json()


def test_a_save_is_readable_json_named_by_its_id(tmp_path):
    store = SaveStore(tmp_path)
    record = saved(store, started_match("quartett"))
    path = tmp_path / "saves" / f"{record.id}.json"
    data = json.loads(path.read_text(encoding="utf-8"))
    assert data["format"] == FORMAT and data["game"] == "quartett"
    assert data["actions"] == record.actions and len(data["actions"]) == 12


def test_the_listing_says_game_players_times_and_moves(tmp_path):
    store = SaveStore(tmp_path)
    match = Match.start("stadium", parse_players("Ann,ai:easy"), 3, {"rows": 2, "cols": 3})
    match.apply("flip A1")
    record = saved(store, match)
    [entry] = store.list()
    assert entry.id == record.id and entry.path == store.path_for(record.id)
    assert entry.game == "stadium" and entry.players == ("Ann", "AI easy")
    assert entry.started == record.started and entry.updated == record.updated
    assert entry.moves == 1 and not entry.damaged


# -- atomic writes -------------------------------------------------------------------


def test_a_kill_during_the_rename_leaves_the_previous_save(tmp_path, monkeypatch):
    """The process dies just before the rename: the old save is whole, no temp file left."""
    store = SaveStore(tmp_path)
    match = started_match("stadium", moves=4)
    record = saved(store, match)
    before = store.path_for(record.id).read_text(encoding="utf-8")
    match.run_ai(limit=3)

    def killed(src, dst):
        raise KeyboardInterrupt  # the process is stopped mid-save

    monkeypatch.setattr(os, "replace", killed)
    with pytest.raises(KeyboardInterrupt):
        store.save(GameRecord.of(match, record.id, record.started))
    monkeypatch.undo()
    assert store.path_for(record.id).read_text(encoding="utf-8") == before
    assert [p.name for p in store.saves_dir.iterdir()] == [f"{record.id}.json"]
    _rec, loaded = store.load(record.id)
    assert loaded.actions == match.actions[:4]


def test_a_failure_in_the_middle_of_writing_leaves_the_previous_save(tmp_path, monkeypatch):
    """The disk fills up while the new text is written: the old file is untouched."""
    target = tmp_path / "game.json"
    atomic_write(target, "old and whole\n")
    real_fsync = os.fsync

    def full(fd):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "fsync", full)
    with pytest.raises(OSError):
        atomic_write(target, "new text that never lands\n")
    monkeypatch.setattr(os, "fsync", real_fsync)
    assert target.read_text(encoding="utf-8") == "old and whole\n"
    assert [p.name for p in tmp_path.iterdir()] == ["game.json"]


# -- damaged files --------------------------------------------------------------------


def write(path: Path, text: str) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")
    return path


@pytest.fixture
def mixed_store(tmp_path) -> tuple[SaveStore, dict[str, GameRecord]]:
    """A store with two good saves and four damaged ones, each damaged its own way."""
    store = SaveStore(tmp_path)
    good = {g: saved(store, started_match(g, moves=6, seed=11)) for g in ("stadium", "quartett")}
    text = GameRecord.of(started_match("sadikov", moves=9)).to_json()
    write(store.saves_dir / "cut.json", text[: len(text) // 2])
    write(store.saves_dir / "notjson.json", "this is { not json at all\n" + text)
    edited = json.loads(text)
    edited["id"] = "edited"
    edited["actions"][4] = "flip Z99"
    write(store.saves_dir / "edited.json", json.dumps(edited))
    newer = json.loads(text)
    newer["format"] = FORMAT + 1
    write(store.saves_dir / "newer.json", json.dumps(newer))
    return store, good


def test_damaged_saves_are_listed_with_the_reason(mixed_store):
    store, good = mixed_store
    entries = {e.id: e for e in store.list()}
    assert set(entries) == {good["stadium"].id, good["quartett"].id, "cut", "notjson"} | {
        "edited",
        "newer",
    }
    assert not entries[good["stadium"].id].damaged
    problems = {k: e.problem or "" for k, e in entries.items() if e.damaged}
    assert set(problems) == {"cut", "notjson", "edited", "newer"}
    assert problems["cut"].startswith("cut.json") and "truncated" in problems["cut"]
    assert problems["notjson"].startswith("notjson.json") and "not JSON" in problems["notjson"]
    assert problems["edited"].startswith("edited.json")
    assert "move 5 (flip Z99)" in problems["edited"]
    assert "newer" in problems["newer"] and f"format {FORMAT + 1}" in problems["newer"]
    # what can be read of an edited file is still shown
    assert entries["edited"].game == "sadikov" and entries["edited"].moves == 9
    # the games that load come first
    assert [e.damaged for e in store.list()] == [False, False, True, True, True, True]


def test_damaged_saves_do_not_stop_the_others_from_loading(mixed_store):
    store, good = mixed_store
    for record in good.values():
        _rec, match = store.load(record.id)
        assert match.actions == record.actions
    with pytest.raises(SaveError, match="move 5 \\(flip Z99\\)"):
        store.load("edited")
    with pytest.raises(SaveError, match="cut.json"):
        store.load("cut")


def test_listing_never_raises_on_strange_files(tmp_path):
    store = SaveStore(tmp_path)
    write(store.saves_dir / "empty.json", "")
    write(store.saves_dir / "list.json", "[1, 2]")
    write(store.saves_dir / "nogame.json", json.dumps({"format": 1, "id": "x"}))
    (store.saves_dir / "binary.json").write_bytes(b"\xff\xfe\x00garbage")
    write(
        store.saves_dir / "unknown.json", json.dumps({**GameRecord("nogame", [], 1, {}).to_dict()})
    )
    (store.saves_dir / "folder.json").mkdir()
    write(store.saves_dir / ".tmp-leftover.json.123.tmp", "{")
    write(store.saves_dir / "notes.txt", "not a save")
    entries = {e.id: e for e in store.list()}
    assert set(entries) == {"empty", "list", "nogame", "binary", "unknown", "folder"}
    assert all(e.damaged for e in entries.values())
    assert "empty" in (entries["empty"].problem or "")
    assert "unknown game 'nogame'" in (entries["unknown"].problem or "")


def test_nothing_there_is_an_empty_list(tmp_path):
    assert SaveStore(tmp_path / "never-created").list() == []


def test_moving_a_damaged_save_aside_only_on_request(mixed_store):
    store, _good = mixed_store
    cut = store.saves_dir / "cut.json"
    text = cut.read_text(encoding="utf-8")
    store.list()
    store.list()
    assert cut.exists()  # listing never renames anything
    aside = store.move_aside(cut)
    assert aside.name == "cut.corrupt" and aside.read_text(encoding="utf-8") == text
    assert not cut.exists() and "cut" not in {e.id for e in store.list()}
    write(cut, "again")
    assert store.move_aside(cut).name == "cut.2.corrupt"


def test_find_by_a_unique_prefix(tmp_path):
    store = SaveStore(tmp_path)
    write(store.saves_dir / "abc-1.json", GameRecord.of(started_match("quartett")).to_json())
    write(store.saves_dir / "abd-2.json", GameRecord.of(started_match("quartett")).to_json())
    assert store.find("abc").id == "abc-1"
    with pytest.raises(SaveError, match="several"):
        store.find("ab")
    with pytest.raises(SaveError, match="no saved game"):
        store.find("zzz")
    with pytest.raises(SaveError, match="no saved game"):
        store.load("../abc-1")


def test_a_file_renamed_by_hand_saves_on_to_its_own_name(tmp_path):
    store = SaveStore(tmp_path)
    match = started_match("quartett")
    write(store.saves_dir / "mine.json", GameRecord.of(match).to_json())
    record, loaded = store.load("mine")
    assert record.id == "mine"
    saver = Autosaver(loaded, store, record)
    loaded.play_ai() if loaded.is_ai(loaded.due) else None
    assert saver.path == store.saves_dir / "mine.json"
    assert [p.name for p in store.saves_dir.iterdir()] == ["mine.json"]


# -- autosave ---------------------------------------------------------------------------


def test_autosave_after_every_action_and_history_at_the_end(tmp_path):
    store = SaveStore(tmp_path)
    match = Match.start("quartett", random_seats("quartett"), 4, {})
    saver = Autosaver(match, store)
    assert not store.path_for(saver.id).exists()  # no file before the first move
    assert store.list() == []
    for n in range(1, 6):
        match.play_ai()
        record = GameRecord.from_json(store.path_for(saver.id).read_text(encoding="utf-8"))
        assert record.actions == match.actions and len(record.actions) == n
    match.run_ai()
    assert match.is_over and saver.finished
    assert not store.path_for(saver.id).exists()
    done = GameRecord.from_json((store.history_dir / f"{saver.id}.json").read_text("utf-8"))
    assert done.finished and done.actions == match.actions
    assert store.list() == []


def test_a_resumed_game_saves_to_the_same_file(tmp_path):
    store = SaveStore(tmp_path)
    match = started_match("sadikov", moves=5)
    first = Autosaver(match, store)
    first.stop()
    record, resumed = store.load(first.id)
    again = Autosaver(resumed, store, record)
    resumed.play_ai()
    assert again.id == first.id
    [entry] = store.list()
    assert entry.id == first.id and entry.moves == 6 and entry.started == record.started


def test_a_failing_disk_does_not_stop_the_game(tmp_path):
    """Disk full, then read-only: the game goes on, the front end hears once, the save made
    before stays whole, and a later save retries and works once the disk is back."""
    state = {"broken": False, "attempts": 0}

    def writer(path: Path, text: str) -> None:
        state["attempts"] += 1
        if state["broken"]:
            raise OSError(28, "No space left on device")
        atomic_write(path, text)

    store = SaveStore(tmp_path, writer=writer)
    match = Match.start("stadium", random_seats("stadium"), 6, {})
    told: list[OSError] = []
    saver = Autosaver(match, store, on_error=told.append)
    match.run_ai(limit=3)
    good = store.path_for(saver.id).read_text(encoding="utf-8")
    state["broken"] = True
    attempts = state["attempts"]
    match.run_ai(limit=10)  # the game goes on
    assert len(match.actions) == 13
    assert len(told) == 1 and told[0].errno == 28
    assert saver.failed and state["attempts"] == attempts + 10  # every action retried
    assert store.path_for(saver.id).read_text(encoding="utf-8") == good
    state["broken"] = False
    match.play_ai()
    assert not saver.failed
    assert GameRecord.from_json(store.path_for(saver.id).read_text("utf-8")).actions == (
        match.actions
    )


def test_a_read_only_folder_does_not_stop_the_game(tmp_path):
    store = SaveStore(tmp_path)
    match = started_match("quartett", moves=2)
    told: list[OSError] = []
    saver = Autosaver(match, store, on_error=told.append)
    good = saver.path.read_text(encoding="utf-8")

    def read_only(path: Path, text: str) -> None:
        raise PermissionError(13, "Read-only file system")

    store.writer = read_only
    match.run_ai()  # to the end: the history cannot be written either
    assert match.is_over and len(told) == 1
    assert saver.path.read_text(encoding="utf-8") == good


def test_a_finished_game_left_in_saves_goes_to_the_history(tmp_path):
    """A crash between writing the history and removing the save: the next listing tidies
    up instead of offering a game that is over."""
    store = SaveStore(tmp_path)
    match = Match.start("quartett", random_seats("quartett"), 9, {})
    match.run_ai()
    assert match.is_over
    record = GameRecord.of(match)
    write(store.path_for(record.id), record.to_json())
    assert store.list() == []
    assert not store.path_for(record.id).exists()
    assert (store.history_dir / f"{record.id}.json").exists()


def test_a_game_with_a_deck_file_given_by_a_relative_path_resumes_from_another_folder(
    tmp_path, monkeypatch
):
    """A deck file is recorded by its absolute path, so the save deals again anywhere."""
    import shutil

    from footycards.core.assets import deck_path
    from footycards.record import GameRecord
    from footycards.registry import get_spec
    from footycards.seats import parse_players

    game_dir = tmp_path / "decks"
    game_dir.mkdir()
    shutil.copy(deck_path("quartett"), game_dir / "mine.toml")
    monkeypatch.chdir(game_dir)
    spec = get_spec("quartett")
    deck_opt = next(o for o in spec.options if o.names_files)
    opts = spec.convert({deck_opt.name: "mine.toml"}, 2, "play")
    seats = parse_players("Ann,ai:easy")
    match = Match.start("quartett", seats, 5, opts)
    match.run_ai()
    record = GameRecord.of(match)
    monkeypatch.chdir(tmp_path)
    again = GameRecord.from_json(record.to_json()).replay()
    assert again.state.to_json() == match.state.to_json()


def test_a_hinted_game_stays_hinted_when_resumed(tmp_path):
    """A game in which someone asked for a hint is still marked after a save and a load
    (statistics then mark it); an older save without the field loads as not hinted."""
    store = SaveStore(tmp_path)
    match = started_match("sadikov", moves=4)
    match.hinted = True
    record = saved(store, match)
    assert json.loads(record.to_json())["hinted"] is True
    _record, loaded = store.load(record.id)
    assert loaded.hinted
    plain = started_match("sadikov", moves=4)
    data = json.loads(GameRecord.of(plain).to_json())
    del data["hinted"]
    assert not GameRecord.from_dict(data).replay().hinted
