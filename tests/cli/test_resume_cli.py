"""Saves from the command line: the text mode saves after every move, `sim` never saves,
`footycards resume` lists the unfinished games and continues one (TUI or --text)."""

from __future__ import annotations

import io
import json
from pathlib import Path

from click.testing import CliRunner

from footycards.cli import main
from footycards.match import Match
from footycards.paths import atomic_write
from footycards.record import GameRecord
from footycards.saves import Autosaver, SaveStore
from footycards.seats import parse_players
from footycards.textmode import autosave, run


def invoke(args: list[str], stdin: str = "") -> tuple[int, str]:
    result = CliRunner().invoke(main, args, input=stdin, env={"COLUMNS": "200"})
    return result.exit_code, result.output


def files(folder: Path) -> list[str]:
    return sorted(p.name for p in folder.iterdir()) if folder.exists() else []


class CheckingInput(io.StringIO):
    """Stdin that checks, before each line is read, that the save holds every action."""

    def __init__(self, text: str, store: SaveStore) -> None:
        super().__init__(text)
        self.store = store
        self.match: Match | None = None
        self.saver: Autosaver | None = None
        self.checked = 0

    def readline(self, *args) -> str:  # type: ignore[override]
        assert self.match is not None and self.saver is not None
        if not self.match.actions:  # saved from the first move on
            assert not self.saver.path.exists()
            return super().readline(*args)
        record = GameRecord.from_json(self.saver.path.read_text(encoding="utf-8"))
        assert record.actions == self.match.actions
        self.checked += 1
        return super().readline(*args)


def test_text_mode_saves_after_every_move(tmp_path):
    store = SaveStore(tmp_path)
    match = Match.start("quartett", parse_players("Ann,ai:random"), 3, {})
    moves = "\n".join(["moves", "call goals", "call games", "call goals", "call games"])
    inp = CheckingInput(moves + "\n", store)
    out = io.StringIO()
    saver = autosave(match, out, store=store)
    inp.match, inp.saver = match, saver
    assert run(match, inp, out) == 0  # input ran out: the game is saved, no error
    assert inp.checked >= 4 and len(match.actions) >= 2
    assert saver is not None and [e.id for e in store.list()] == [saver.id]


def test_text_command_says_where_the_game_is_saved(footycards_home):
    args = ["text", "quartett", "--players", "Ann,ai:easy", "--seed", "2"]
    code, out = invoke(args, "call goals\nquit\n")
    assert code == 0 and "Game left unfinished." in out
    [entry] = SaveStore().list()
    assert f"footycards resume {entry.id}" in out


def test_a_game_left_before_its_first_move_is_not_saved(footycards_home):
    """Quit (or the input ends) before anyone moved: no "0 moves" save is left behind."""
    args = ["text", "quartett", "--players", "Ann,ai:easy", "--seed", "2"]
    for stdin in ("quit\n", ""):
        code, out = invoke(args, stdin)
        assert code == 0 and "nothing to save" in out and "footycards resume" not in out
        assert SaveStore().list() == []


def test_text_mode_failing_disk_is_said_once(tmp_path):
    def full(path: Path, text: str) -> None:
        raise OSError(28, "No space left on device")

    store = SaveStore(tmp_path, writer=full)
    match = Match.start("quartett", parse_players("Ann,ai:random"), 3, {})
    out = io.StringIO()
    autosave(match, out, store=store)
    run(match, io.StringIO("call goals\ncall games\ncall goals\n"), out)
    assert len(match.actions) >= 2
    assert out.getvalue().count("Could not save the game (No space left on device)") == 1


def test_sim_saves_nothing(footycards_home):
    code, _out = invoke(["sim", "quartett", "--games", "2", "--quiet"])
    assert code == 0
    store = SaveStore()
    assert files(store.saves_dir) == [] and files(store.history_dir) == []


def test_resume_without_id_lists_games_and_damaged_files(footycards_home):
    store = SaveStore()
    match = Match.start("sadikov", parse_players("Ann,ai:easy"), 3, {})
    match.apply(str(match.legal_actions()[0]))
    saver = Autosaver(match, store)
    text = GameRecord.of(match).to_json()
    data = json.loads(text)
    data["actions"] = ["take 99"]
    atomic_write(store.saves_dir / "edited.json", json.dumps(data))
    code, out = invoke(["resume"])
    assert code == 0
    assert saver.id in out and "Sadikov" in out and "Ann, AI easy" in out
    assert "footycards resume ID" in out
    assert "edited.json" in out and "move 1 (take 99)" in out


def test_resume_with_nothing_saved(footycards_home):
    code, out = invoke(["resume"])
    assert code == 0 and "No unfinished games" in out


def test_resume_unknown_and_damaged_ids_are_explained(footycards_home):
    store = SaveStore()
    atomic_write(store.saves_dir / "broken.json", '{"format": 1, "id": "bro')
    code, out = invoke(["resume", "nothing-like-it"])
    assert code == 1 and "no saved game with the id 'nothing-like-it'" in out
    code, out = invoke(["resume", "bro"])
    assert code == 1 and "broken.json" in out and "truncated" in out


def test_resume_opens_the_tui_on_the_game(footycards_home, monkeypatch):
    from footycards.tui.app import FootyApp

    store = SaveStore()
    match = Match.start("quartett", parse_players("Ann,ai:easy"), 3, {})
    saver = Autosaver(match, store)
    match.apply(str(match.legal_actions()[0]))
    opened: list[FootyApp] = []
    monkeypatch.setattr(FootyApp, "run", lambda self: opened.append(self))
    monkeypatch.setattr("footycards.i18n.available_languages", lambda: ["de", "en"])
    code, out = invoke(["--lang", "de", "resume", saver.id[:17], "--speed", "fast"])
    assert code == 0, out
    [app] = opened
    assert app.initial_match is not None and app.initial_match.actions == match.actions
    assert app.initial_record is not None and app.initial_record.id == saver.id
    assert app.speed == "fast" and app.lang == "de"
    code, out = invoke(["resume", saver.id, "--theme", "no-such-theme"])
    assert code != 0 and "unknown theme" in out


def test_resume_in_text_goes_on_saving_to_the_same_file(footycards_home):
    store = SaveStore()
    match = Match.start("quartett", parse_players("Ann,ai:random"), 3, {})
    match.apply(str(match.legal_actions()[0]))
    saver = Autosaver(match, store)
    saver.stop()
    code, out = invoke(["resume", saver.id, "--text"], "call goals\nquit\n")
    assert code == 0
    [entry] = store.list()
    assert entry.id == saver.id and entry.moves >= 1


def saved_quartett(mode: str) -> Autosaver:
    match = Match.start("quartett", parse_players("Ann,[red]Bob"), 3, {"mode": mode})
    match.apply(str(match.legal_actions()[0]))
    saver = Autosaver(match, SaveStore())
    saver.stop()
    return saver


def test_resume_list_names_the_quartett_mode_and_fits_80_columns(footycards_home):
    """Each Quartett game says its mode; at 80 columns ids and dates are whole, nothing is
    wider than the terminal, and a name is shown as typed (not as markup)."""
    from footycards.saves import when

    savers = [saved_quartett("abwehr-angriff"), saved_quartett("quartett")]
    stamp = when(SaveStore().list()[0].updated)
    for columns in ("80", "200"):
        result = CliRunner().invoke(main, ["resume"], env={"COLUMNS": columns})
        out = result.output
        assert result.exit_code == 0
        assert all(len(line) <= int(columns) for line in out.splitlines())
        assert "Abwehr-Angriff" in out
        assert out.count("Quartett") == 3  # two games' name, one game's mode
        assert stamp in out and "…" not in out
        assert all(s.id in out for s in savers)
        assert "[red]Bob" in out
