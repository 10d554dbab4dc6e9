"""Provides `main`, the `footycards` click group: the global --lang option, the launcher when
no command is given, and the commands of the other modules of this package."""

from __future__ import annotations

import importlib

import click

from ..i18n import LANGUAGE_NAMES, N_, _, available_languages, language_tag, use_language
from ..registry import playable_now
from .launch import open_launcher
from .texts import TextGroup, choose_language

# The commands, by name: "module of this package:attribute", imported when the command is
# run or listed (`--help`). The launcher (no command) needs none of them, and importing
# them all (the simulator, the server, every game's options) slowed its start.
COMMANDS = {
    "play": "play:play",
    "text": "play:text",
    "resume": "play:resume",
    "sim": "sim:sim",
    "rules": "rules:rules",
    "stats": "records:stats",
    "replay": "records:replay",
    "serve": "serve:serve",
}


class MainGroup(TextGroup):
    """The `footycards` command: it chooses the language before it reads anything else
    (so that the help and every error are in it), and its help says which games can be
    played now and in which languages."""

    def list_commands(self, ctx: click.Context) -> list[str]:
        return sorted({*super().list_commands(ctx), *COMMANDS})

    def get_command(self, ctx: click.Context, cmd_name: str) -> click.Command | None:
        if cmd_name in COMMANDS and cmd_name not in self.commands:
            module, attribute = COMMANDS[cmd_name].split(":")
            loaded = importlib.import_module(f"{__package__}.{module}")
            self.add_command(getattr(loaded, attribute), cmd_name)
        return super().get_command(ctx, cmd_name)

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
        open_launcher(ctx.obj, remember_lang=ctx.obj if lang else None)
