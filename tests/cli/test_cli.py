"""The command line: help, rules, plain-text mode (including bad input) and the simulator."""

from __future__ import annotations

import subprocess
import sys

from click.testing import CliRunner

from footycards.cli import main


def run(args: list[str], stdin: str = "") -> tuple[int, str]:
    result = CliRunner().invoke(main, args, input=stdin)
    return result.exit_code, result.output


def test_help_lists_every_command():
    """`footycards --help` names play, text, sim and rules."""
    code, out = run(["--help"])
    assert code == 0
    for command in ("play", "text", "sim", "rules"):
        assert command in out


def test_rules_rendered():
    """`footycards rules stadium` prints the rules with the house rulings."""
    code, out = run(["rules", "stadium"])
    assert code == 0
    assert "Nit" in out and "House ruling" in out


def test_text_mode_bad_lines_then_moves():
    """Bad lines get a clear message and the game goes on; moves are applied."""
    stdin = "dance\nflip Z9\nflip A1\nflip A1\nmoves\nflip A2\n"
    code, out = run(
        [
            "text",
            "stadium",
            "--players",
            "me,ai:normal",
            "--seed",
            "3",
            "--rows",
            "2",
            "--cols",
            "2",
        ],
        stdin,
    )
    assert "unknown move 'dance'" in out
    assert "Z9 is not on the 2×2 table" in out
    assert "already face up" in out
    assert "Legal moves (" in out
    assert "A1 turned over by me" in out and "A2 turned over by me" in out
    assert out.count("Nothing changed") == 3


def test_text_mode_plays_a_whole_game_from_a_script():
    """A piped script of moves plays a 2×2 game to the end (exit code 0)."""
    deal = ["F01", "F02", "F01", "F02"]
    from footycards.match import Match
    from footycards.seats import parse_players
    from footycards.textmode import run as run_text

    table = Match.start(
        "stadium", parse_players("Ann,Bob"), 1, {"rows": 2, "cols": 2, "deal": deal}
    )
    import io

    out = io.StringIO()
    code = run_text(table, io.StringIO("flip A1\nflip B1\nflip A2\nflip B2\n"), out)
    assert code == 0
    assert "Final whistle. Winner: Ann." in out.getvalue()


def test_text_mode_with_real_pipe():
    """`footycards text` reads piped stdin in a real process and stops cleanly at EOF."""
    proc = subprocess.run(
        [
            sys.executable,
            "-m",
            "footycards.cli",
            "text",
            "stadium",
            "--players",
            "me,ai:easy",
            "--rows",
            "2",
            "--cols",
            "3",
            "--seed",
            "1",
        ],
        input="flip A1\n",
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert "A1 turned over by me" in proc.stdout
    assert "Input ended" in proc.stdout
    assert proc.returncode == 0  # the end of input is no error: the game is saved


def test_bad_players_option():
    """An unknown AI level is refused with a clear message."""
    code, out = run(["text", "stadium", "--players", "me,ai:genius"])
    assert code != 0
    assert "unknown AI level 'genius'" in out


def test_bad_table_size():
    """A table larger than the deck is refused before the game starts."""
    code, out = run(["text", "stadium", "--rows", "20", "--cols", "20"], "")
    assert code != 0
    assert "deck holds 100 cards" in out


def test_sim_prints_win_rates_and_speed():
    """`footycards sim` plays AI games and reports win rates, game length and actions/s."""
    code, out = run(
        [
            "sim",
            "stadium",
            "--games",
            "5",
            "--players",
            "ai:hard,ai:random",
            "--seed",
            "1",
            "--rows",
            "4",
            "--cols",
            "4",
            "--quiet",
        ]
    )
    assert code == 0, out
    assert "Win rate" in out and "AI hard" in out
    assert "Mean game length" in out and "actions/s" in out


def test_sim_refuses_humans():
    """The simulator needs AI seats only."""
    code, out = run(["sim", "stadium", "--players", "Ann,ai:random", "--games", "1"])
    assert code != 0
    assert "AI seats only" in out


def test_quartett_text_mode_calls_and_bad_category():
    """Quartett in plain text: a bad category is refused, a good call plays the round."""
    code, out = run(
        ["text", "quartett", "--players", "me,ai:normal", "--seed", "2", "--round-limit", "1"],
        "call tore\ncall goals\n",
    )
    assert "'tore' is not a category" in out
    assert "Called by me: Bundesliga-Tore" in out
    assert "Game over. Winner:" in out
    assert code == 0


def test_quartett_text_mode_asks():
    """Quartett mode in plain text: `ask P2 <card>` is applied and answered in public."""
    from footycards.match import Match
    from footycards.seats import parse_players

    table = Match.start("quartett", parse_players("me,ai:normal"), 5, {"mode": "quartett"})
    ask = str(table.state.legal_actions()[0])
    code, out = run(
        ["text", "quartett", "--mode", "quartett", "--players", "me,ai:normal", "--seed", "5"],
        f"ask P2 Z9\n{ask}\n",
    )
    assert "Not allowed" in out and "Nothing changed" in out
    assert f"Ask by me of AI normal for {ask.split()[2]}" in out


def test_quartett_broken_deck_names_file_card_and_problem(tmp_path):
    """A broken deck file stops the game with the file, the card and the problem."""
    bad = tmp_path / "bad.toml"
    bad.write_text('name = "Bad"\ndeck = "BAD"\n[[card]]\ncode = "A1"\nname = "X"\n')
    code, out = run(["text", "quartett", "--deck", str(bad)])
    assert code != 0
    assert "bad.toml" in out and "card A1" in out and "missing field 'club'" in out


def test_quartett_fan_freundschaft_two_decks(tmp_path):
    """--deck twice combines decks in top trumps; card ids carry the deck id."""
    from footycards.core.assets import deck_path

    second = tmp_path / "second.toml"
    second.write_text(deck_path("quartett").read_text().replace('deck = "BL"', 'deck = "FCB"'))
    code, out = run(
        [
            "text",
            "quartett",
            "--players",
            "me,ai:easy",
            "--seed",
            "1",
            "--deck",
            str(deck_path("quartett")),
            "--deck",
            str(second),
            "--round-limit",
            "1",
        ],
        "call games\n",
    )
    assert code == 0, out
    assert "BL:" in out or "FCB:" in out


def test_quartett_sim_reports_longest_game():
    """`footycards sim quartett` reports win rates, the mean and the longest game."""
    code, out = run(
        [
            "sim",
            "quartett",
            "--games",
            "10",
            "--players",
            "ai:normal,ai:random",
            "--mode",
            "quartett",
            "--quiet",
        ]
    )
    assert code == 0, out
    assert "Win rate" in out and "longest" in out


def test_two_players_with_one_name_refused():
    """`--players Ann,ann` is refused: each seat needs its own name."""
    code, out = run(["text", "stadium", "--players", "Ann,ann"])
    assert code != 0 and "two seats are called 'ann'" in out


def test_sim_names_the_mode_and_the_rotation():
    """The sim table names the game's mode and says that seats rotate."""
    code, out = run(["sim", "quartett", "--games", "3", "--mode", "abwehr-angriff", "--quiet"])
    assert code == 0, out
    assert "(abwehr-angriff)" in out and "seats rotate" in out


def test_sim_ctrl_c_prints_the_games_so_far(monkeypatch):
    """Ctrl+C during `sim` prints the figures of the games finished so far."""
    from footycards.match import Match

    real = Match.run_ai
    calls = {"n": 0}

    def run_ai(self, limit=None):
        calls["n"] += 1
        if calls["n"] == 4:
            raise KeyboardInterrupt
        return real(self, limit)

    monkeypatch.setattr(Match, "run_ai", run_ai)
    code, out = run(
        ["sim", "stadium", "--games", "50", "--rows", "4", "--cols", "4", "--quiet",
         "--workers", "1"]
    )  # fmt: skip
    assert code == 0, out
    assert "3 games of Stadium" in out and "after 3 of 50 games" in out


def test_help_says_which_games_can_be_played():
    """`footycards --help` names the games playable now and those still to come."""
    from footycards.registry import COMING, REGISTRY

    code, out = run(["--help"])
    out = " ".join(out.split())  # the epilog is wrapped: a name may break across lines
    assert code == 0 and "Playable now:" in out
    for spec in REGISTRY:
        assert spec.name in out
    assert ("Coming:" in out) == bool(COMING)  # every seed game is in the registry now
