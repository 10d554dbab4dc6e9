"""Provides `main`, the `footycards` click group: the global --lang option, the launcher when
no command is given, and the commands of the other modules of this package."""

from __future__ import annotations

import click

from ..i18n import _, available_languages, pick_language, use_language
from ..registry import playable_now
from .options import check_language
from .play import play, resume, text
from .records import replay, stats
from .rules import rules
from .serve import serve
from .sim import sim


class MainGroup(click.Group):
    """The `footycards` command: its help says which games can be played now."""

    def format_epilog(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        formatter.write_paragraph()
        formatter.write_text(playable_now())


@click.group(cls=MainGroup, invoke_without_command=True)
@click.version_option(package_name="footycards")
@click.option(
    "--lang",
    default=None,
    help=_(
        "Language of the interface: one of {known} (more as translations ship); "
        "default FOOTYCARDS_LANG, then the locale."
    ).format(known=", ".join(available_languages())),
)
@click.pass_context
def main(ctx: click.Context, lang: str | None) -> None:
    """footycards — football card games for the terminal.

    Run without a command to open the game launcher.
    """
    from ..settings import peek_language

    check_language(lang)
    ctx.obj = pick_language(lang, peek_language())
    use_language(ctx.obj)
    if ctx.invoked_subcommand is None:
        from ..tui.app import FootyApp

        FootyApp(lang=ctx.obj, remember_lang=lang).run()


for command in (play, text, resume, sim, rules, stats, replay, serve):
    main.add_command(command)
