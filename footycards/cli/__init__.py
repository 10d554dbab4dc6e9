"""Provides the `footycards` command line: launcher, play, text, resume, sim, rules, stats,
replay and serve, one module per command group (`app` holds the group itself, `start`
what the `footycards` script runs, `launch` the launcher's start both share).

Every game comes from the registry: `play`, `text` and `sim` have one subcommand per
registered game, made from the options the game declares, so `footycards play quartett
--help` lists Quartett's options only.

`main`, the click group, is imported when first asked for (`from footycards.cli import
main`): the script's `start.run` opens the launcher without click when nothing is given.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from .app import main

__all__ = ["main"]


def __getattr__(name: str) -> Any:
    if name == "main":
        from .app import main

        return main
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
