"""`footycards sim --workers N`: the games shared over N processes give the same figures as
one process, bad values are refused by name, and the progress bar stays off piped output."""

from __future__ import annotations

import os
import pty
import subprocess
import sys

import pytest
from click.testing import CliRunner

from footycards.cli import main

WORLD_WAVE = ["sim", "worldwave", "--games", "7", "--seed", "3", "--quiet",
              "--players", "ai:normal,ai:easy,ai:easy,ai:random"]  # fmt: skip


def figures(args: list[str]) -> list[str]:
    """The printed figures, without the speed line (the one line that may differ)."""
    result = CliRunner().invoke(main, args)
    assert result.exit_code == 0, result.output
    return [line for line in result.output.splitlines() if not line.startswith("Speed:")]


@pytest.mark.parametrize(
    "args",
    [
        WORLD_WAVE,  # the game's own per-character table merged over the workers
        [
            "sim",
            "stadium",
            "--games",
            "9",
            "--rows",
            "4",
            "--cols",
            "4",
            "--quiet",
            "--players",
            "ai:easy,ai:random,ai:normal",
        ],
        ["sim", "quartett", "--games", "6", "--mode", "quartett", "--quiet"],
        ["sim", "sadikov", "--games", "5", "--seed", "11", "--quiet"],
    ],  # fmt: skip
    ids=["worldwave", "stadium", "quartett", "sadikov"],
)
def test_one_and_two_workers_print_the_same_figures(args):
    one = figures([*args, "--workers", "1"])
    two = figures([*args, "--workers", "2"])
    assert one == two
    assert any("%" in line for line in one)


def test_the_speed_line_names_the_workers():
    result = CliRunner().invoke(main, [*WORLD_WAVE[:3], "2", *WORLD_WAVE[4:], "--workers", "2"])
    assert result.exit_code == 0, result.output
    assert "games/s (AI decisions included; 2 workers)" in result.output
    assert "World Wave characters over 2 matches" in result.output


@pytest.mark.parametrize(
    ("value", "message"),
    [
        ("0", "0 is not in the range 1<=x<=256"),
        ("-1", "-1 is not in the range 1<=x<=256"),
        ("abc", "'abc' is not a valid integer"),
        ("99999999999", "99999999999 is not in the range 1<=x<=256"),
    ],
)
def test_bad_worker_counts_are_refused_by_name(value, message):
    result = CliRunner().invoke(main, ["sim", "stadium", "--games", "2", "--workers", value])
    assert result.exit_code == 2
    assert "Invalid value for '--workers'" in result.output and message in result.output
    assert "games of Stadium" not in result.output  # nothing was played


def test_piped_output_has_no_progress_bar():
    """stdout and stderr both piped: the figures only, no control codes, nothing on stderr."""
    args = ["sim", "stadium", "--games", "6", "--rows", "4", "--cols", "4", "--workers", "2"]
    code = "import sys; from footycards.cli import main; main(sys.argv[1:])"
    done = subprocess.run([sys.executable, "-c", code, *args], capture_output=True, timeout=120)
    assert done.returncode == 0, done.stderr
    assert done.stderr == b""
    assert b"\x1b" not in done.stdout and b"6 games of Stadium" in done.stdout


def test_the_bar_goes_to_a_terminal_on_stderr_and_not_into_piped_stdout():
    """`footycards sim … > file` in a terminal: one bar on the terminal, clean figures."""
    args = ["sim", "stadium", "--games", "6", "--rows", "4", "--cols", "4", "--workers", "2"]
    code = "import sys; from footycards.cli import main; main(sys.argv[1:])"
    master, slave = pty.openpty()
    env = {**os.environ, "TERM": "xterm-256color", "COLUMNS": "100"}
    try:
        proc = subprocess.Popen(
            [sys.executable, "-c", code, *args], stdout=subprocess.PIPE, stderr=slave, env=env
        )
        os.close(slave)
        out, _ = proc.communicate(timeout=120)
        shown = b""
        while True:
            try:
                chunk = os.read(master, 65536)
            except OSError:  # the terminal's other side is closed
                break
            if not chunk:
                break
            shown += chunk
    finally:
        os.close(master)
    assert proc.returncode == 0
    assert b"\x1b" not in out and b"6 games of Stadium" in out
    assert b"Simulating" in shown


def test_every_game_report_can_be_merged_over_workers():
    """A game's own `sim_report` is counted per worker and merged: each one has `merge`."""
    from footycards.registry import REGISTRY

    reports = [r for r in (spec.new_sim_report() for spec in REGISTRY) if r is not None]
    assert reports and all(callable(getattr(r, "merge", None)) for r in reports)
