"""Provides the `footycards` command line: launcher, play, text, sim and rules."""

from __future__ import annotations

import sys
import time

import click

from .core import GAMES, DeckError, OptionError
from .i18n import _
from .seats import SeatSpec, Table, parse_players

GAME_CHOICE = click.Choice(sorted(GAMES), case_sensitive=False)


def _seats(text: str) -> list[SeatSpec]:
    try:
        return parse_players(text)
    except ValueError as exc:
        raise click.BadParameter(str(exc), param_hint="--players") from None


def _options(
    game: str, rows=None, cols=None, decks=(), first=None, mode=None, round_limit=None
) -> dict:
    """Turn command-line options into the engine's options for `game`."""
    opts: dict = {}
    if game == "stadium":
        if rows is not None:
            opts["rows"] = rows
        if cols is not None:
            opts["cols"] = cols
        if len(decks) > 1:
            raise click.BadParameter(_("Stadium takes one deck file"), param_hint="--deck")
        if decks:
            opts["deck"] = decks[0]
        if first:
            if first != "random" and not first.isdigit():
                raise click.BadParameter(_("a seat number or 'random'"), param_hint="--first")
            opts["first"] = "random" if first == "random" else int(first) - 1
    elif game == "quartett":
        if mode:
            opts["mode"] = mode
        if len(decks) == 1:
            opts["deck"] = decks[0]
        elif decks:
            opts["decks"] = list(decks)  # Q6: Fan-Freundschaft
        if round_limit is not None:
            opts["round_limit"] = round_limit
    return opts


def _start(game: str, seats: list[SeatSpec], seed: int | None, opts: dict) -> Table:
    try:
        return Table.start(game, seats, seed, opts)
    except (OptionError, DeckError) as exc:
        raise click.UsageError(str(exc)) from None


def seat_options(f):
    """The seats and the seed of a game played by people (play, text)."""
    f = click.option(
        "--seed", type=int, default=None, help=_("Shuffle seed (same seed, same deal).")
    )(f)
    return click.option(
        "--players",
        default="You,ai:normal",
        show_default=True,
        help=_(
            "Seats, comma-separated: a name for a person, ai:LEVEL for an AI "
            "(random, easy, normal, hard)."
        ),
    )(f)


def game_options(f):
    """The options every command that deals a game accepts."""
    options = [
        click.option("--rows", type=int, default=None, help=_("Stadium: table rows.")),
        click.option("--cols", type=int, default=None, help=_("Stadium: cards per row.")),
        click.option(
            "--first",
            default=None,
            help=_("Stadium: who starts, a seat number (1 = first) or 'random'."),
        ),
        click.option(
            "--mode",
            type=click.Choice(["fussball", "abwehr-angriff", "quartett"]),
            default=None,
            help=_("Quartett: which game (default fussball)."),
        ),
        click.option(
            "--round-limit",
            type=click.IntRange(1),
            default=None,
            help=_("Quartett: end after this many rounds (most cards wins)."),
        ),
        click.option(
            "--deck",
            "decks",
            multiple=True,
            type=click.Path(dir_okay=False),
            help=_("Deck file; Quartett top trumps: repeat to combine decks."),
        ),
    ]
    for option in reversed(options):
        f = option(f)
    return f


@click.group(invoke_without_command=True)
@click.version_option(package_name="footycards")
@click.pass_context
def main(ctx: click.Context) -> None:
    """footycards — four football card games for the terminal.

    Run without a command to open the game launcher.
    """
    if ctx.invoked_subcommand is None:
        from .tui.app import FootyApp

        FootyApp().run()


@main.command()
@click.argument("game", type=GAME_CHOICE)
@seat_options
@game_options
@click.option(
    "--speed",
    type=click.Choice(["instant", "fast", "normal", "slow"]),
    default="normal",
    show_default=True,
    help=_("How fast AI players move."),
)
@click.option("--theme", default=None, help=_("Colour theme, e.g. ansi-dark (ANSI colours only)."))
def play(game, players, seed, rows, cols, first, mode, round_limit, decks, speed, theme) -> None:
    """Play GAME in the terminal UI, skipping the launcher."""
    from .tui.app import PLAYABLE, FootyApp

    if game not in PLAYABLE:
        raise click.UsageError(
            _("{game} has no screen yet; try 'footycards text {game}'").format(game=game)
        )
    opts = _options(game, rows, cols, decks, first, mode, round_limit)
    table = _start(game, _seats(players), seed, opts)
    app = FootyApp(table=table, speed=speed)
    if theme:
        if theme not in app.available_themes:
            raise click.BadParameter(
                _("unknown theme; themes are: {t}").format(
                    t=", ".join(sorted(app.available_themes))
                ),
                param_hint="--theme",
            )
        app.theme = theme
    app.run()


@main.command()
@click.argument("game", type=GAME_CHOICE)
def rules(game) -> None:
    """Show the rules of GAME."""
    from rich.console import Console
    from rich.markdown import Markdown

    from .rulesdoc import rules_markdown

    Console().print(Markdown(rules_markdown(game)))


@main.command()
@click.argument("game", type=GAME_CHOICE)
@seat_options
@game_options
def text(game, players, seed, rows, cols, first, mode, round_limit, decks) -> None:
    """Play GAME in plain text: one line of notation per move, read from stdin."""
    from .textmode import run

    opts = _options(game, rows, cols, decks, first, mode, round_limit)
    table = _start(game, _seats(players), seed, opts)
    sys.exit(run(table, sys.stdin, sys.stdout))


@main.command()
@click.argument("game", type=GAME_CHOICE)
@click.option(
    "--games",
    "count",
    type=click.IntRange(1),
    default=100,
    show_default=True,
    help=_("How many games to play."),
)
@click.option(
    "--players",
    default="ai:normal,ai:random",
    show_default=True,
    help=_("AI seats, e.g. ai:hard,ai:random."),
)
@click.option("--seed", type=int, default=1, show_default=True, help=_("Seed of the first game."))
@game_options
@click.option("--quiet", is_flag=True, help=_("No progress bar."))
def sim(game, count, players, seed, rows, cols, first, mode, round_limit, decks, quiet) -> None:
    """Play AI-against-AI games of GAME and print win rates and speed.

    The seats rotate from game to game so no player keeps the first move.
    """
    from rich.console import Console
    from rich.progress import Progress
    from rich.table import Table as RichTable

    seats = _seats(players)
    humans = [s.name for s in seats if s.is_human]
    if humans:
        raise click.BadParameter(_("sim needs AI seats only (ai:LEVEL)"), param_hint="--players")
    wins = [0.0] * len(seats)
    lengths: list[int] = []
    actions = 0
    console = Console(stderr=True)
    start = time.perf_counter()
    with Progress(console=console, disable=quiet, transient=True) as progress:
        task = progress.add_task(_("Simulating"), total=count)
        for i in range(count):
            opts = _options(game, rows, cols, decks, None, mode, round_limit)
            shift = i % len(seats)  # rotate the seats: nobody keeps the first move
            table = _start(game, seats[shift:] + seats[:shift], seed + i, opts)
            n = 0
            while not table.state.is_over:
                table.play_ai()
                n += 1
            res = table.state.result()
            for w in res["winners"]:
                wins[(w + shift) % len(seats)] += 1 / len(res["winners"])
            lengths.append(n)
            actions += n
            progress.advance(task)
    elapsed = time.perf_counter() - start
    out = Console()
    t = RichTable(
        title=_("{n} games of {game}").format(n=count, game=GAMES[game].NAME),
        caption=_("a shared win counts half"),
    )
    t.add_column(_("Seat"))
    t.add_column(_("Player"))
    t.add_column(_("Win rate"), justify="right")
    for s, spec in enumerate(seats):
        t.add_row(f"P{s + 1}", spec.name, f"{100 * wins[s] / count:.1f} %")
    out.print(t)
    out.print(
        _("Mean game length: {m:.1f} actions (longest {x})").format(
            m=sum(lengths) / count, x=max(lengths)
        )
    )
    out.print(
        _("Speed: {a:,.0f} actions/s, {g:,.1f} games/s (AI decisions included)").format(
            a=actions / elapsed, g=count / elapsed
        )
    )


if __name__ == "__main__":
    main()
