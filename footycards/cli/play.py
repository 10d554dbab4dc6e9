"""Provides the commands that play a game with people: `play` (the terminal UI), `text`
(plain text on stdin/stdout) and `resume` (an unfinished game, or the list of them)."""

from __future__ import annotations

import sys
from typing import Any

import click

from ..i18n import N_, _
from ..match import Match
from ..registry import GameSpec
from .options import (
    SPEEDS,
    GameGroup,
    engine_options,
    parse_seats,
    seat_options,
    start_match,
    with_game_options,
)
from .texts import TextCommand

# ---------------------------------------------------------------------------
# play
# ---------------------------------------------------------------------------


def build_play(spec: GameSpec) -> click.Command:
    @click.command(
        name=spec.id,
        cls=TextCommand,
        help=_("Play {game} in the terminal UI.").format(game=spec.label),
    )
    @seat_options(spec)
    @with_game_options(spec, "play")
    @click.option(
        "--speed",
        type=click.Choice(SPEEDS),
        default="normal",
        show_default=True,
        help=_("How fast AI players move."),
    )
    @click.option(
        "--theme", default=None, help=_("Colour theme, e.g. ansi-dark (ANSI colours only).")
    )
    @click.pass_context
    def play_game(
        ctx: click.Context, players: str, seed: int | None, speed: str, theme: str | None, **given
    ) -> None:
        from ..tui.app import FootyApp, PendingGame

        seats = parse_seats(players, spec)
        opts = engine_options(spec, given, len(seats), "play")
        start_match(spec, seats, seed, opts)  # every option checked before anyone is asked
        app = FootyApp(
            pending=PendingGame(spec.id, seats, seed, opts),
            speed=speed,
            lang=ctx.find_root().obj,
        )
        check_theme(app, theme)
        app.run()

    return play_game


@click.command(
    cls=GameGroup,
    build=build_play,
    needs_screen=True,
    subcommand_metavar="GAME [OPTIONS]",
    help=N_("Play a game in the terminal UI, skipping the launcher."),
)
def play() -> None:
    """Play a game in the terminal UI, skipping the launcher."""


# ---------------------------------------------------------------------------
# text
# ---------------------------------------------------------------------------
# text
# ---------------------------------------------------------------------------


def build_text(spec: GameSpec) -> click.Command:
    @click.command(
        cls=TextCommand,
        name=spec.id,
        help=_("Play {game} in plain text: one line of notation per move, read from stdin.").format(
            game=spec.label
        )
        + "\n\n"
        + privacy_note(),
    )
    @seat_options(spec)
    @with_game_options(spec, "text")
    def text_game(players: str, seed: int | None, **given) -> None:
        from ..textmode import ask_setup

        seats = parse_seats(players, spec)
        opts = engine_options(spec, given, len(seats), "text")
        start_match(spec, seats, seed, opts)  # every option checked before anyone is asked
        answers = ask_setup(spec, seats, opts, sys.stdin, sys.stdout)
        if answers is None:
            sys.exit(1)
        match = start_match(spec, seats, seed, {**opts, **answers})
        sys.exit(play_text(match))

    return text_game


def play_text(match: Match, record: Any = None) -> int:
    """Play `match` in plain text on stdin/stdout, saved after every move."""
    from ..textmode import autosave, run, save_note

    saver = autosave(match, sys.stdout, record)
    code = run(match, sys.stdin, sys.stdout)
    note = save_note(saver)
    if note and not match.is_over:
        click.echo(note)
    if saver is not None and saver.failed and not match.is_over:
        return 1  # the game left unfinished could not be saved: an error
    return code


def privacy_note() -> str:
    """What the text mode does to keep hands private when people share one terminal."""
    return _(PRIVACY_NOTE)


PRIVACY_NOTE = N_(
    "With several people at one terminal, each private view waits for its person to "
    "press Enter. When the output is a terminal, the screen and its scrollback are "
    "cleared before each pass prompt; when it is not (piped to a script or read by a "
    "screen reader), nothing is cleared and earlier hands stay readable."
)


@click.command(
    cls=GameGroup,
    build=build_text,
    subcommand_metavar="GAME [OPTIONS]",
    help=N_("Play a game in plain text (works with piped input, scripts and screen readers)."),
    epilog=PRIVACY_NOTE,
)
def text() -> None:
    pass


# ---------------------------------------------------------------------------
# resume
# ---------------------------------------------------------------------------


def check_theme(app: Any, theme: str | None) -> None:
    if theme:
        if theme not in app.available_themes:
            raise click.BadParameter(
                _("unknown theme; themes are: {t}").format(
                    t=", ".join(sorted(app.available_themes))
                ),
                param_hint="--theme",
            )
        app.theme = theme


@click.command(
    cls=TextCommand,
    help=N_(
        "Continue an unfinished game; without ID, list them.\n\n"
        "ID is the game's id as listed (a unique start of it is enough)."
    ),
)
@click.argument("game_id", metavar="[ID]", required=False)
@click.option(
    "--speed",
    type=click.Choice(SPEEDS),
    default="normal",
    show_default=True,
    help=N_("How fast AI players move."),
)
@click.option("--theme", default=None, help=N_("Colour theme, e.g. ansi-dark (ANSI colours only)."))
@click.option("--text", "as_text", is_flag=True, help=N_("Continue in plain text instead."))
@click.pass_context
def resume(
    ctx: click.Context, game_id: str | None, speed: str, theme: str | None, as_text: bool
) -> None:
    """Continue an unfinished game; without ID, list them.

    ID is the game's id as listed (a unique start of it is enough).
    """
    from ..saves import SaveError, SaveStore

    store = SaveStore()
    if game_id is None:
        list_saves(store)
        return
    try:
        entry = store.find(game_id)
        if entry.damaged:
            raise SaveError(entry.problem or entry.path.name)
        record, match = store.load(entry.id)
    except SaveError as exc:
        raise click.ClickException(
            _("cannot resume: {why} (saves are in {dir})").format(why=exc, dir=store.saves_dir)
        ) from None
    if as_text:
        sys.exit(play_text(match, record))
    if not match.spec.has_screen:
        raise click.UsageError(
            _("{game} has no screen yet; resume it with 'footycards resume {id} --text'").format(
                game=match.spec.label, id=entry.id
            )
        )
    from ..tui.app import FootyApp

    app = FootyApp(match, speed=speed, lang=ctx.find_root().obj, record=record)
    check_theme(app, theme)
    app.run()


def list_saves(store: Any) -> None:
    """Print the unfinished games as a table, the damaged saves with the reason."""
    from rich.console import Console
    from rich.table import Table as RichTable
    from rich.text import Text

    from ..saves import when

    out = Console()
    entries = store.list()
    good = [e for e in entries if not e.damaged]
    bad = [e for e in entries if e.damaged]
    if not entries:
        out.print(_("No unfinished games (saves are in {dir}).").format(dir=store.saves_dir))
        return
    if good:
        t = RichTable(title=_("Unfinished games"))
        # Narrow terminals (80 columns): the players go under the game and "Started" is
        # left out, so that no id or date is cut; the game and the players wrap.
        wide = out.width >= 110
        t.add_column(_("ID"), no_wrap=True, min_width=max(len(e.id) for e in good))
        t.add_column(_("Game") if wide else _("Game, players"), ratio=1)
        if wide:
            t.add_column(_("Players"), ratio=1)
            t.add_column(_("Started"), no_wrap=True)
        t.add_column(_("Last move"), no_wrap=True)
        t.add_column(_("Moves"), justify="right", no_wrap=True)
        for e in good:
            players = Text(", ".join(e.players))  # names as typed, never markup
            if wide:
                cells = [Text(e.title()), players, Text(when(e.started))]
            else:
                cells = [Text.assemble(e.title(), "\n", players)]
            t.add_row(Text(e.id), *cells, Text(when(e.updated)), Text(str(e.moves)))
        out.print(t)
        out.print(_("Resume one with: footycards resume ID (the start of the ID is enough)."))
    if bad:
        out.print(_("Damaged saves (they cannot be resumed):"), style="bold")
        for e in bad:
            out.print(f"  {e.problem}", markup=False, highlight=False)
        out.print(_("The launcher's Continue screen (Ctrl+O) can move them aside or delete them."))
