"""The game registry: every registered game through launcher, CLI help, text mode, sim and rules."""

from __future__ import annotations

import io
import subprocess
import sys

import pytest
from click.testing import CliRunner
from textual.widgets import OptionList

from footycards.cli import main
from footycards.match import Match
from footycards.options import SeatOption
from footycards.registry import REGISTRY, OptionValueError, get_spec
from footycards.seats import parse_players
from footycards.textmode import run as run_text
from footycards.tui.app import FootyApp
from footycards.tui.screens.game import GameScreen
from footycards.tui.screens.launcher import LauncherScreen, widget_id

GAME_IDS = REGISTRY.ids()


def cli(args: list[str], stdin: str = "") -> tuple[int, str]:
    result = CliRunner().invoke(main, args, input=stdin)
    return result.exit_code, result.output


def test_registry_names_every_part_of_a_game():
    """Each spec's engine, agents, screen, text renderer and rules text can be loaded."""
    for spec in REGISTRY:
        engine = spec.engine_module()
        assert engine.ID == spec.id and callable(engine.new_game) and callable(engine.parse)
        for level in ("random", "easy", "normal", "hard"):
            assert callable(spec.agent_factory(level))
        if spec.has_screen:
            assert callable(spec.screen_factory())
        text = spec.text_module()
        assert callable(text.render) and callable(text.describe)
        assert spec.rules_path().is_file()
        assert spec.min_players <= spec.max_players


def test_starting_the_app_imports_no_game():
    """The registry names games by dotted path: importing the CLI and app loads no engine."""
    code = (
        "import sys, footycards.cli, footycards.tui.app, footycards.tui.screens.launcher;"
        "print(sorted(m for m in sys.modules if m.startswith('footycards.core.')"
        " or m.startswith('footycards.ai.') or m.startswith('footycards.tui.screens.')))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    loaded = out.stdout
    for spec in REGISTRY:
        assert spec.engine not in loaded
        if spec.screen:
            assert spec.screen.split(":")[0] not in loaded


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_cli_help_shows_the_game_options_only(game_id):
    """`footycards play GAME --help` lists that game's options and no other game's."""
    spec = get_spec(game_id)
    for command in ("play", "text", "sim") if spec.has_screen else ("text", "sim"):
        code, out = cli([command, game_id, "--help"])
        assert code == 0, out
        mine = {o.flag for o in spec.options_for(command)}
        for flag in mine:
            assert flag in out
        others = {o.flag for s in REGISTRY for o in s.options if s.id != game_id} - {
            o.flag for o in spec.options
        }
        for flag in others:
            assert flag not in out, (command, flag)


def test_quartett_help_has_no_table_size():
    """The example of the issue: no --rows/--cols for Quartett."""
    code, out = cli(["play", "quartett", "--help"])
    assert code == 0 and "--rows" not in out and "--cols" not in out and "--mode" in out


def test_play_lists_the_games():
    """`footycards play --help` lists every game with a screen, with its description;
    `text --help` lists every registered game."""
    code, out = cli(["play", "--help"])
    assert code == 0
    for spec in REGISTRY.with_screens():
        assert spec.id in out
    code, out = cli(["text", "--help"])
    for spec in REGISTRY:
        assert spec.id in out


def test_a_game_without_a_screen_is_not_offered_to_play(monkeypatch):
    """A registered game with no screen yet: `play` explains where to play it, the
    launcher leaves it out, text mode has it."""
    from footycards import registry

    bare = get_spec("stadium").replace(id="bare", name="Bare", screen=None)
    monkeypatch.setattr(registry.REGISTRY, "specs", [*registry.REGISTRY.specs, bare])
    code, out = cli(["play", "bare"])
    assert code != 0 and "no screen yet" in out and "footycards text bare" in out
    assert "bare" not in [s.id for s in registry.REGISTRY.with_screens()]
    assert "text mode only" in registry.playable_now() and "Bare" in registry.playable_now()


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_rules_of_every_game(game_id):
    """`footycards rules GAME` prints the game's rules text."""
    code, out = cli(["rules", game_id])
    assert code == 0 and len(out) > 500


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_sim_of_every_game(game_id):
    """`footycards sim GAME` plays AI games of every registered game."""
    code, out = cli(["sim", game_id, "--games", "2", "--players", "ai:easy,ai:random", "--quiet"])
    assert code == 0, out
    assert "Win rate" in out


class LegalAnswers(io.StringIO):
    """A person at the keyboard who always types the first legal move."""

    def __init__(self, match: Match) -> None:
        super().__init__()
        self.match = match

    def readline(self, *args: object) -> str:
        return str(self.match.legal_actions()[0]) + "\n"


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_text_mode_of_every_game(game_id):
    """Text mode plays every registered game to the end with a person and an AI seat."""
    match = Match.start(game_id, parse_players("Ann,ai:easy"), 4)
    out = io.StringIO()
    assert run_text(match, LegalAnswers(match), out) == 0
    assert match.is_over
    assert "Ann (P1) to move>" in out.getvalue()


@pytest.mark.parametrize("game_id", [s.id for s in REGISTRY.with_screens()])
async def test_launcher_offers_and_starts_every_game(game_id):
    """The launcher lists every game, shows a widget for each of its options, and starts it."""
    app = FootyApp(speed="instant")
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        launcher = app.screen
        assert isinstance(launcher, LauncherScreen)
        games = launcher.query_one("#gamelist", OptionList)
        ids = [games.get_option_at_index(i).id for i in range(games.option_count)]
        assert ids[: len(REGISTRY.with_screens())] == [s.id for s in REGISTRY.with_screens()]
        games.highlighted = ids.index(game_id)
        await pilot.pause()
        spec = get_spec(game_id)
        for opt in spec.options_for("launcher"):
            assert launcher.query_one(f"#{widget_id(spec, opt)}")
        for other in REGISTRY.with_screens():  # only the highlighted game's options built
            if other.id != game_id:
                assert not launcher.query(f".opts-{other.id}")
        for opt in spec.options_for("launcher"):
            if isinstance(opt, SeatOption):
                launcher.query_one(f"#{widget_id(spec, opt)}").value = "1"
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert isinstance(app.screen, GameScreen)
        assert app.screen.match.game_id == game_id


def test_option_values_are_checked_with_clear_messages():
    """A value outside an option's range names the option and what fits."""
    stadium = get_spec("stadium")
    with pytest.raises(OptionValueError, match="Table rows must be a whole number from 2 to 26"):
        stadium.convert({"rows": "40"}, 2, "play")
    with pytest.raises(OptionValueError, match="a seat number from 1 to 2"):
        stadium.convert({"first": "9"}, 2, "play")
    assert stadium.convert({"first": "2", "rows": "4"}, 2, "play") == {"first": 1, "rows": 4}
    quartett = get_spec("quartett")
    assert quartett.convert({"deck": ["a.toml", "b.toml"]}, 2, "play") == {
        "decks": ["a.toml", "b.toml"]
    }


def test_first_seat_out_of_range_on_the_command_line():
    """`--first 9` names seats from 1, as people count them."""
    code, out = cli(["text", "stadium", "--players", "Ann,Bob", "--first", "9"])
    assert code != 0 and "from 1 to 2" in out


def test_help_names_the_registry_s_games_and_counts_none():
    """`footycards --help` lists every game from the registry and gives no fixed count."""
    code, out = cli(["--help"])
    assert code == 0
    flat = " ".join(out.split())
    for spec in REGISTRY:
        assert spec.name in flat
    for count in ("two", "three", "four", "five", "six"):
        assert f"{count} football" not in flat.lower()


def test_player_counts_are_the_ones_the_engine_deals():
    """`counts` lists every count in the range that deals and no other."""
    from footycards.core import OptionError

    for spec in REGISTRY:
        counts = spec.counts()
        assert counts and set(counts) <= set(range(spec.min_players, spec.max_players + 1))
        for n in range(spec.min_players, spec.max_players + 1):
            if n in counts:
                assert spec.engine_module().new_game(n, 1).to_move is not None
            else:
                with pytest.raises(OptionError):
                    spec.engine_module().new_game(n, 1)


def test_the_launcher_has_a_seat_row_for_every_seat_of_every_game():
    """The launcher's seat list (a number, so building it imports no engine) holds the
    largest game's seats."""
    from footycards.tui.screens.launcher import SEAT_ROWS

    assert REGISTRY.most_seats() <= SEAT_ROWS
