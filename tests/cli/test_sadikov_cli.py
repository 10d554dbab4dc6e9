"""Sadikov's Football on the command line: a scripted text game to the end, sim, rules,
its options, and `play` refused cleanly while the game has no screen."""

from __future__ import annotations

import re

from click.testing import CliRunner

from footycards.cli import main
from footycards.registry import COMING, REGISTRY, get_spec, playable_now

# One human decision consumes these lines until one is legal (every five lines name every
# column), so the same script plays any deal to the end; the rest is never read.
SCRIPT = "".join(f"take {c}\n" for c in (1, 2, 3, 4, 5)) * 200


def run(args: list[str], stdin: str = "") -> tuple[int, str]:
    result = CliRunner().invoke(main, args, input=stdin)
    assert result.exception is None or isinstance(result.exception, SystemExit), result.output
    return result.exit_code, result.output


def test_text_mode_plays_a_scripted_game_to_the_end():
    """`footycards text sadikov --players me,ai:random` with `take N` lines: a whole match."""
    code, out = run(["text", "sadikov", "--players", "me,ai:random", "--seed", "5"], SCRIPT)
    assert code == 0, out[-2000:]
    assert "me (P1) to move>" in out
    assert "First half kicks off. First move: me" in out
    assert "Second half kicks off" in out and "Half time. Score: me " in out
    assert re.search(r"taken from column [1-5] by me", out)
    assert re.search(r"taken from column [1-5] by AI random", out)
    assert "Final whistle" in out
    assert "Not allowed" in out  # a closed column or an empty one is refused, then the next


def test_text_mode_letters_and_shootout_options():
    """`--letters uk` names the pictures В Д К Т; `--shootout on` is accepted."""
    code, out = run(
        ["text", "sadikov", "--players", "me,ai:random", "--seed", "5", "--letters", "uk",
         "--shootout", "on"],
        SCRIPT,
    )  # fmt: skip
    assert code == 0, out[-2000:]
    assert re.search("[ВДКТ][♠♥♦♣]", out) and not re.search(r"\b[JQKA][♠♥♦♣]", out)
    code, out = run(["text", "sadikov", "--letters", "ru"])
    assert code != 0 and "ru" in out and "Traceback" not in out


def test_options_reach_the_engine_as_it_takes_them():
    """The shoot-out is chosen as on/off and reaches the engine as true/false."""
    spec = get_spec("sadikov")
    assert spec.convert({"shootout": "on", "letters": "uk"}, 2, "text") == {
        "shootout": True,
        "letters": "uk",
    }
    assert spec.convert({"shootout": "off"}, 2, "sim") == {"shootout": False}
    assert spec.convert({}, 2, "text") == {}


def test_sim():
    """`footycards sim sadikov` plays AI games, with and without a shoot-out."""
    code, out = run(["sim", "sadikov", "--games", "3", "--players", "ai:easy,ai:random",
                     "--quiet"])  # fmt: skip
    assert code == 0, out
    assert "3 games of Sadikov's Football" in out and "Win rate" in out
    code, out = run(["sim", "sadikov", "--games", "2", "--shootout", "on", "--quiet"])
    assert code == 0, out


def test_rules():
    """`footycards rules sadikov` prints the rules and every house ruling."""
    code, out = run(["rules", "sadikov"])
    assert code == 0
    assert "Long shot" in out and "Keeper deck" in out and "House rulings" in out
    for rule in ("F2.4", "F3.3", "F4.1", "F4.7", "F5.2", "F6.2"):
        assert rule in out


def test_play_offers_sadikov_with_its_options():
    """Sadikov's Football has a screen: `play sadikov --help` offers its options, `play
    --help` lists it, and it is no longer "coming"."""
    spec = get_spec("sadikov")
    assert spec.has_screen
    code, out = run(["play", "sadikov", "--help"])
    assert code == 0 and "--letters" in out and "--shootout" in out
    code, out = run(["play", "--help"])
    assert code == 0 and "sadikov" in out
    assert "sadikov" in REGISTRY.ids() and "Sadikov's Football" not in COMING
    assert "Sadikov's Football" in playable_now() and "text mode only" not in playable_now()


def test_a_two_player_game_says_2_seats_not_2_to_2():
    """Sadikov's Football has exactly two seats: said as "2 seats", "for 2 players"."""
    code, out = run(["text", "sadikov", "--help"])
    assert code == 0 and "2 seats." in out and "2 to 2" not in out
    code, out = run(["text", "sadikov", "--players", "Ann,Bob,Cleo"])
    assert code != 0 and "Sadikov's Football is for 2 players" in out and "2 to 2" not in out
    code, out = run(["text", "stadium", "--players", "Ann"])
    assert code != 0 and "Stadium is for 2 to 6 players" in out
