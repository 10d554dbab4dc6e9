"""The launcher's first frame imports only what it draws: `footycards` (no command) started
in a fresh process as its script starts it, its modules listed when the launcher is first
painted. No command-line parser (click: there is nothing to parse), no engine (the
seat counts it draws are declared in the registry), no match, no AI player, no game
screen, no saves, statistics or shared tables (sqlite3), no SSH server (asyncssh), no
simulator, no other command of the command line, no rules or keys screen, no dialog, no
Markdown renderer (the rules screen's). Not timed: the time is measured by
benchmarks/bench_startup.py."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import tomllib
from pathlib import Path

from footycards.registry import REGISTRY

# Runs the `footycards` command as its script does (the entry point pyproject names, with
# no argument), with Textual's App.run made headless and stopped at the first frame
# (patched on Textual's class, so the patch itself imports nothing of footycards before
# the command does).
CHILD = """
import json, sys
from textual.app import App

real_run = App.run

def run(self, *args, **kwargs):
    async def first_frame(pilot):
        await pilot.pause()
        screen = pilot.app.screen
        print(json.dumps({"screen": type(screen).__name__,
                          "game": getattr(screen, "game_id", None),
                          "modules": sorted(sys.modules)}), flush=True)
        pilot.app.exit()
    return real_run(self, headless=True, size=(120, 40), auto_pilot=first_frame)

App.run = run
sys.argv = ["footycards"]
from ENTRY_MODULE import ENTRY_NAME
ENTRY_NAME()
"""

# never before the first frame, whatever the game
NEVER = (
    "click",  # the command line's parser: nothing to parse
    "sqlite3",
    "asyncssh",
    "multiprocessing",
    "rich.markdown",
    "markdown_it",
    "footycards.ssh",
    "footycards.match",
    "footycards.narration",
    "footycards.record",
    "footycards.rulesdoc",
    "footycards.tui.screens.info",
    "footycards.tui.widgets.dialogs",
    "footycards.tables",
    "footycards.stats",
    "footycards.saves",
    "footycards.sim",
    "footycards.replay",
    "footycards.cli.play",
    "footycards.cli.sim",
    "footycards.cli.serve",
    "footycards.cli.records",
    "footycards.cli.rules",
    "footycards.textmode",
)


def script_entry() -> tuple[str, str]:
    """The module and function the `footycards` script runs (pyproject's [project.scripts])."""
    pyproject = Path(__file__).resolve().parents[2] / "pyproject.toml"
    entry = tomllib.loads(pyproject.read_text(encoding="utf-8"))["project"]["scripts"]
    module, _sep, name = entry["footycards"].partition(":")
    return module, name


def first_frame(home: str) -> dict:
    env = {**os.environ, "FOOTYCARDS_HOME": home}
    env.pop("FOOTYCARDS_LANG", None)
    module, name = script_entry()
    child = CHILD.replace("ENTRY_MODULE", module).replace("ENTRY_NAME", name)
    done = subprocess.run(
        [sys.executable, "-c", child], capture_output=True, text=True, env=env, timeout=120
    )
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout.strip().splitlines()[-1])


def module_of(path: str) -> str:
    """The module of a registry "module:attribute" path."""
    return path.split(":")[0]


def test_the_first_frame_imports_only_what_it_draws(tmp_path):
    seen = first_frame(str(tmp_path))
    assert seen["screen"] == "LauncherScreen"
    modules = set(seen["modules"])

    def loaded(name: str) -> bool:
        return name in modules or any(m.startswith(name + ".") for m in modules)

    assert [name for name in NEVER if loaded(name)] == []
    highlighted = [spec for spec in REGISTRY if spec.id == seen["game"]]
    assert len(highlighted) == 1, seen["game"]
    engines = {spec.engine for spec in REGISTRY}
    assert sorted(m for m in modules if m in engines) == []
    # of the core, only the engine contract and its errors (no engine's helper modules)
    core = {m for m in modules if m.startswith("footycards.core.")}
    assert core <= {"footycards.core.contract", "footycards.core.errors"}
    # the AI players' modules; not the package's base, which holds the Agent protocol and
    # the levels the seats offer (its random player is a few lines there)
    agents = {module_of(p) for spec in REGISTRY for p in spec.agents.values()}
    assert agents - {"footycards.ai.base"}, "no AI module to look for"
    assert sorted(modules & (agents - {"footycards.ai.base"})) == []
    screens = {module_of(spec.screen) for spec in REGISTRY if spec.screen}
    assert sorted(modules & screens) == []
    assert "footycards.tui.screens.launcher" in modules  # it did look at the launcher
