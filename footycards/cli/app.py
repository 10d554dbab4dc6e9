"""Provides `main`, the `footycards` click group: the global --lang option, the launcher when
no command is given, and the commands of the other modules of this package."""

from __future__ import annotations

import click

from ..i18n import LANGUAGE_NAMES, N_, _, available_languages, language_tag, use_language
from ..registry import playable_now
from .play import play, resume, text
from .records import replay, stats
from .rules import rules
from .serve import serve
from .sim import sim
from .texts import TextGroup, choose_language


class MainGroup(TextGroup):
    """The `footycards` command: it chooses the language before it reads anything else
    (so that the help and every error are in it), and its help says which games can be
    played now and in which languages."""

    def parse_args(self, ctx: click.Context, args: list[str]) -> list[str]:
        ctx.obj = choose_language(ctx, args)
        return super().parse_args(ctx, args)

    def format_epilog(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        formatter.write_paragraph()
        formatter.write_text(playable_now())
        formatter.write_paragraph()
        known = ", ".join(
            f"{language_tag(code)} ({LANGUAGE_NAMES[code]})" for code in available_languages()
        )
        formatter.write_text(_("Languages (--lang): {known}.").format(known=known))


@click.group(
    cls=MainGroup,
    invoke_without_command=True,
    help=N_(
        "footycards — football card games for the terminal.\n\n"
        "Run without a command to open the game launcher."
    ),
)
@click.version_option(package_name="footycards")
@click.option(
    "--lang",
    default=None,
    metavar="LANG",
    help=N_(
        "Language of the interface (the languages are listed below); default "
        "FOOTYCARDS_LANG, then the language last chosen, then the locale."
    ),
)
@click.pass_context
def main(ctx: click.Context, lang: str | None) -> None:
    """footycards — football card games for the terminal; without a command, the launcher."""
    use_language(ctx.obj)  # chosen by MainGroup.parse_args, before anything else was read
    if ctx.invoked_subcommand is None:
        from ..tui.app import FootyApp

        FootyApp(lang=ctx.obj, remember_lang=ctx.obj if lang else None).run()


for command in (play, text, resume, sim, rules, stats, replay, serve):
    main.add_command(command)
