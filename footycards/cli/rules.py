"""Provides `footycards rules GAME`: a game's rules printed as Markdown."""

from __future__ import annotations

import click

from ..i18n import N_
from ..registry import REGISTRY
from .texts import TextCommand


@click.command(cls=TextCommand, help=N_("Show the rules of GAME."))
@click.argument("game", type=click.Choice(REGISTRY.ids(), case_sensitive=False))
def rules(game: str) -> None:
    """Show the rules of GAME."""
    from rich.console import Console

    from ..rulesdoc import rules_document

    Console().print(rules_document(game.lower()))
