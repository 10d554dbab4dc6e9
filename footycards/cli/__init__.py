"""Provides the `footycards` command line: launcher, play, text, resume, sim, rules, stats,
replay and serve, one module per command group (`app` holds the group itself).

Every game comes from the registry: `play`, `text` and `sim` have one subcommand per
registered game, made from the options the game declares, so `footycards play quartett
--help` lists Quartett's options only.
"""

from __future__ import annotations

from .app import main

__all__ = ["main"]
