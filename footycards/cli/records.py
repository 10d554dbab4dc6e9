"""Provides the commands that read what was played: `stats` (the figures of games played by
people) and `replay` (a game record, in the terminal UI or as text)."""

from __future__ import annotations

import sys
from typing import Any, NoReturn

import click

from ..i18n import N_, _, pick_language, use_language
from ..registry import REGISTRY, get_spec
from .texts import TextCommand

# ---------------------------------------------------------------------------
# stats
# ---------------------------------------------------------------------------


@click.command(
    cls=TextCommand,
    help=N_(
        "Show the statistics of games played by people: played, won, drawn, lost, best "
        "score, current streak and form."
    ),
)
@click.option(
    "--game",
    "game",
    type=click.Choice(REGISTRY.ids(), case_sensitive=False),
    default=None,
    help=N_("Only this game."),
)
@click.option("--reset", is_flag=True, help=N_("Forget every recorded game (asks first)."))
@click.option("--yes", is_flag=True, help=N_("With --reset: do not ask."))
def stats(game: str | None, reset: bool, yes: bool) -> None:
    """Show the statistics of games played by people: played, won, drawn, lost, best
    score, current streak and form."""
    from rich.console import Console

    from ..stats import Stats, StatsError

    book = Stats()
    out = Console()
    try:
        if reset:
            if game:
                raise click.UsageError(_("--reset forgets every game; leave out --game"))
            if not yes and not click.confirm(
                _("Forget all {n} recorded games in {path}?").format(
                    n=book.count(), path=book.path
                ),
                default=False,
            ):
                out.print(_("Nothing was changed."))
                return
            n = book.reset()
            out.print(_("Statistics cleared ({n} games forgotten).").format(n=n))
            return
        rows = book.players(game.lower() if game else None)
    except StatsError as exc:
        raise click.ClickException(str(exc)) from None
    if book.notice:
        out.print(book.notice, style="yellow")
    if not rows:
        out.print(_("No games recorded yet: finish a game with people at the table."))
        return
    for table in stats_tables(rows):
        out.print(table)


def stats_tables(rows: list[Any]) -> list[Any]:
    """One Rich table per game and mode (Quartett's three games apart), a row per player."""
    from ..stats import tables_of_modes

    tables = []
    for game_id in dict.fromkeys(r.game for r in rows):
        spec = get_spec(game_id) if game_id in REGISTRY else None
        modes = [mode for mode, _name in spec.mode_names] if spec else []
        for table_rows in tables_of_modes([r for r in rows if r.game == game_id], modes):
            title = spec.title(table_rows[0].mode) if spec else game_id
            tables.append(stats_table(title, table_rows))
    return tables


def stats_table(title: str, rows: list[Any]) -> Any:
    """One game's (or mode's) figures: a row per player."""
    from rich.table import Table as RichTable
    from rich.text import Text

    from ..stats import fmt_score, form_text, hinted_text, practice_text, streak_label

    t = RichTable(title=title)
    t.add_column(_("Player"))
    t.add_column(_("Played"), justify="right")
    t.add_column(_("Won"), justify="right")
    t.add_column(_("Drawn"), justify="right")
    t.add_column(_("Lost"), justify="right")
    t.add_column(_("Best"), justify="right")
    t.add_column(_("Streak"))
    t.add_column(_("Form"))
    for r in rows:
        t.add_row(
            Text(r.name),  # as typed, never markup
            str(r.played),
            str(r.won),
            str(r.drawn),
            str(r.lost),
            fmt_score(r.best),
            streak_label(r.streak),
            form_text(r.form, r.form_hinted),
        )
    notes = [line for line in (practice_text(rows), hinted_text(rows)) if line]
    t.caption = Text("\n".join(notes)) if notes else None  # names inside: never markup
    return t


# ---------------------------------------------------------------------------
# replay
# ---------------------------------------------------------------------------


@click.command(cls=TextCommand, help=N_("Replay a saved game (a game record file), read-only."))
@click.argument("file", type=click.Path(dir_okay=False))
@click.option("--text", "as_text", is_flag=True, help=N_("Print the moves and the result."))
@click.option("--move", "move", type=int, default=None, help=N_("Open the replay at move N."))
@click.option(
    "--lang",
    default=None,
    metavar="LANG",
    help=N_("Language of the interface (as footycards --lang; footycards --help lists them)."),
)
@click.pass_context
def replay(
    ctx: click.Context, file: str, as_text: bool, move: int | None, lang: str | None
) -> None:
    """Replay a saved game (a game record file), read-only."""
    from ..record import RecordError, ReplayError
    from ..replay import Replay, read_record

    if lang:  # checked and chosen with footycards' own --lang (cli/texts.py)
        ctx.find_root().obj = pick_language(lang)
        use_language(ctx.find_root().obj)
    try:
        review = Replay(read_record(file))
    except OSError as exc:
        fail(_("{file}: cannot be read ({why})").format(file=file, why=exc.strerror or exc))
    except ReplayError as exc:
        fail(
            _("{file}: the game no longer replays at move {n} ({action}): {why}").format(
                file=file, n=exc.move, action=exc.action, why=exc
            )
        )
    except RecordError as exc:
        fail(_("{file}: not a game this version can replay: {why}").format(file=file, why=exc))
    if move is not None:
        if not 0 <= move <= review.total:
            fail(
                _("{file}: --move {n}: the game has moves 0 to {total}").format(
                    file=file, n=move, total=review.total
                )
            )
        review.goto(move)
    if as_text:
        print_replay(review, move)
        return
    from ..tui.app import FootyApp

    FootyApp(replay=review, lang=ctx.find_root().obj).run()


def fail(message: str) -> NoReturn:
    """End the command with a message on stderr and exit code 1 (no traceback)."""
    click.echo(message, err=True)
    sys.exit(1)


def print_replay(review: Any, upto: int | None) -> None:
    """The moves with the public events each logged, then the result (or the view at N)."""
    from ..narration import event_text, result_lines

    record = review.record
    spec = get_spec(record.game)
    names = [s.name for s in record.seats]
    seats = ", ".join(
        f"P{i + 1} {s.name}" + (f" (ai:{s.ai})" if s.ai else "") for i, s in enumerate(record.seats)
    )
    click.echo(f"{spec.label} · {seats} · " + _("seed {seed}").format(seed=record.seed))
    if record.practice:
        click.echo(_("A practice game: a move was taken back after something hidden was seen."))
    first = review.kept[0].log  # the deal's events
    for event in first:
        click.echo("  * " + event_text(spec, event, names))
    last = review.total if upto is None else upto
    for m in review.moves[:last]:
        click.echo(f"{m.number:4}. P{m.seat + 1} {names[m.seat]}: {m.action}")
        for event in m.events:
            click.echo("      * " + event_text(spec, event, names))
    if upto is not None and upto < review.total:
        click.echo(_("At move {n} of {total}, the public view:").format(n=upto, total=review.total))
        click.echo(spec.text_module().render(review.match.public_view()))
        return
    if review.result is None:
        click.echo(_("The game was not finished ({n} moves).").format(n=review.total))
        return
    res = review.result
    scores = ", ".join(f"{names[i]} {x}" for i, x in enumerate(res["scores"]))
    winners = " & ".join(names[w] for w in res["winners"])
    click.echo(_("Result: {scores} · winner: {w}").format(scores=scores, w=winners))
    for line in result_lines(spec, res, names):
        click.echo(line)
