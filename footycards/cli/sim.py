"""Provides `footycards sim GAME`: AI-against-AI games run by `footycards.sim`, printed as
tables (win rate per seat, game length, speed and the game's own figures)."""

from __future__ import annotations

import click

from ..core import DeckError, OptionError
from ..i18n import N_, _, format_number, ngettext
from ..narration import problem_text
from ..registry import GameSpec
from ..seats import SeatSpec
from ..sim import MAX_WORKERS, SimResult, available_cores, simulate
from .options import (
    GameGroup,
    engine_options,
    parse_seats,
    start_match,
    think_option,
    with_game_options,
)
from .texts import TextCommand

WORKERS = click.IntRange(1, MAX_WORKERS)  # 0, -1, abc or 10**9 are refused by name


def build_sim(spec: GameSpec) -> click.Command:
    @click.command(
        cls=TextCommand,
        name=spec.id,
        help=_(
            "Play AI-against-AI games of {game} and print win rates and speed. "
            "The seats rotate from game to game so no player keeps the first move."
        ).format(game=spec.label),
    )
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
    @click.option(
        "--seed", type=int, default=1, show_default=True, help=_("Seed of the first game.")
    )
    @with_game_options(spec, "sim")
    @click.option(
        "--workers",
        type=WORKERS,
        default=None,
        help=_(
            "Processes to share the games over (default: every core). Game g is always "
            "played on seed + g, so the figures do not depend on it."
        ),
    )
    @click.option("--quiet", is_flag=True, help=_("No progress bar."))
    @think_option
    def sim_game(
        count: int, players: str, seed: int, workers: int | None, quiet: bool, **given
    ) -> None:
        seats = parse_seats(players, spec)
        if any(s.is_human for s in seats):
            raise click.BadParameter(
                _("sim needs AI seats only (ai:LEVEL)"), param_hint="--players"
            )
        opts = engine_options(spec, given, len(seats), "sim")
        start_match(spec, seats, seed, opts)
        n = available_cores() if workers is None else workers
        print_sim(run_sim(spec, seats, count, seed, opts, quiet, n))

    return sim_game


def run_sim(
    spec: GameSpec,
    seats: list[SeatSpec],
    count: int,
    seed: int,
    opts: dict,
    quiet: bool,
    workers: int = 1,
) -> SimResult:
    """Run the games with one progress bar on stderr (none with `quiet`), over `workers`
    processes."""
    from rich.console import Console
    from rich.progress import Progress

    console = Console(stderr=True)
    # no bar where stderr is not a terminal (piped or a file: nothing there to redraw); no
    # refresh thread either: the worker processes are forked from this one, so the bar is
    # drawn after each game instead
    with Progress(
        console=console,
        disable=quiet or not console.is_terminal,
        transient=True,
        auto_refresh=False,
    ) as progress:
        task = progress.add_task(_("Simulating"), total=count)

        def advance() -> None:
            progress.advance(task)
            progress.refresh()

        try:
            return simulate(spec, seats, count, seed, opts, advance, workers)
        except (OptionError, DeckError) as exc:
            raise click.UsageError(problem_text(exc)) from None


def print_sim(result: SimResult) -> None:
    """Print the figures of a run: win rates, length, speed, then the game's own tables."""
    from rich.console import Console
    from rich.table import Table as RichTable

    out = Console()
    played = result.played
    if not played:
        out.print(_("Stopped before the first game ended."))
        return
    title = _("{n} games of {game}").format(n=played, game=result.game)
    if result.mode is not None:
        title += f" ({result.mode})"
    t = RichTable(
        title=title,
        caption=_("seats rotate from game to game; a shared win counts half"),
    )
    t.add_column(_("Seat"))
    t.add_column(_("Player"))
    t.add_column(_("Win rate"), justify="right")
    for s, seat in enumerate(result.seats):
        t.add_row(f"P{s + 1}", seat.name, format_number(result.win_rate(s), decimals=1) + " %")
    out.print(t)
    if result.stopped:
        out.print(_("Stopped with Ctrl+C after {n} of {m} games.").format(n=played, m=result.asked))
    out.print(
        _("Mean game length: {m} actions (longest {x})").format(
            m=format_number(result.mean_length, decimals=1), x=format_number(result.longest)
        )
    )
    out.print(
        ngettext(
            "Speed: {a} actions/s, {g} games/s (AI decisions included; {w} worker)",
            "Speed: {a} actions/s, {g} games/s (AI decisions included; {w} workers)",
            result.workers,
        ).format(
            a=format_number(result.actions_per_second, decimals=0),
            g=format_number(result.games_per_second, decimals=1),
            w=result.workers,
        )
    )
    for table in result.tables:
        rich_table = RichTable(title=table.title, caption=table.caption or None)
        for i, column in enumerate(table.columns):
            rich_table.add_column(column, justify="left" if i == 0 else "right")
        for row in table.rows:
            rich_table.add_row(*row)
        out.print(rich_table)
        for line in table.notes:
            out.print(line)


@click.command(
    cls=GameGroup,
    build=build_sim,
    subcommand_metavar="GAME [OPTIONS]",
    help=N_("Play AI-against-AI games and print win rates and speed."),
)
def sim() -> None:
    """Play AI-against-AI games and print win rates and speed."""
