"""Provides the `footycards` command line: launcher, play, text, resume, sim, rules, stats
and replay.

Every game comes from the registry: `play`, `text` and `sim` have one subcommand per
registered game, made from the options the game declares, so `footycards play quartett
--help` lists Quartett's options only.
"""

from __future__ import annotations

import sys
import time
from collections.abc import Callable
from typing import Any, NoReturn

import click

from .core import DeckError, OptionError
from .i18n import _, available_languages, language_problem, pick_language, use_language
from .match import Match
from .registry import (
    REGISTRY,
    GameSpec,
    OptionSpec,
    OptionValueError,
    get_spec,
    playable_now,
)
from .seats import SeatSpec, parse_players, players_range_text, seats_range_text

SPEEDS = ("instant", "fast", "normal", "slow")


def check_language(lang: str | None) -> None:
    """Refuse a --lang that has no translation, naming the languages there are (until
    catalogues ship it would show English without a word)."""
    problem = language_problem(lang) if lang else None
    if problem:
        raise click.BadParameter(problem, param_hint="--lang")


def _seats(text: str, spec: GameSpec) -> list[SeatSpec]:
    try:
        seats = parse_players(text)
    except ValueError as exc:
        raise click.BadParameter(str(exc), param_hint="--players") from None
    if not spec.min_players <= len(seats) <= spec.max_players:
        raise click.BadParameter(
            players_range_text(spec.name, spec.min_players, spec.max_players),
            param_hint="--players",
        )
    return seats


def engine_options(spec: GameSpec, given: dict[str, Any], players: int, front: str) -> dict:
    """The engine options from the values given on the command line."""
    try:
        return spec.convert(given, players, front)
    except OptionValueError as exc:
        raise click.UsageError(str(exc)) from None


def start_match(spec: GameSpec, seats: list[SeatSpec], seed: int | None, opts: dict) -> Match:
    """Deal the game; a bad option or deck file ends the command with its message."""
    try:
        return Match.start(spec.id, seats, seed, opts)
    except (OptionError, DeckError) as exc:
        raise click.UsageError(str(exc)) from None


def option_decorator(opt: OptionSpec) -> Callable:
    """The click option of a declared game option."""
    help_text = _(opt.help)
    if opt.kind == "int":
        kind: Any = click.IntRange(opt.minimum, opt.maximum)
        return click.option(opt.flag, opt.name, type=kind, default=None, help=help_text)
    if opt.kind == "choice":
        kind = click.Choice([v for v, _label in opt.choices], case_sensitive=False)
        return click.option(opt.flag, opt.name, type=kind, default=None, help=help_text)
    if opt.kind == "files":
        return click.option(
            opt.flag,
            opt.name,
            multiple=opt.several_key is not None,
            type=click.Path(dir_okay=False),
            default=None,
            help=help_text,
        )
    words = "|".join(v for v, _label in opt.choices)
    return click.option(opt.flag, opt.name, default=None, metavar=f"N|{words}", help=help_text)


def with_game_options(spec: GameSpec, front: str) -> Callable:
    """Decorate a command with the options `spec` declares for `front`."""

    def decorate(f: Callable) -> Callable:
        for opt in reversed(spec.options_for(front)):
            f = option_decorator(opt)(f)
        return f

    return decorate


def seat_options(spec: GameSpec) -> Callable:
    """The seats and the seed of a game played by people (play, text)."""

    def decorate(f: Callable) -> Callable:
        f = click.option(
            "--seed", type=int, default=None, help=_("Shuffle seed (same seed, same deal).")
        )(f)
        return click.option(
            "--players",
            default=spec.default_players,
            show_default=True,
            help=_(
                "Seats, comma-separated: a name for a person, ai:LEVEL for an AI "
                "(random, easy, normal, hard); {seats}."
            ).format(seats=seats_range_text(spec.min_players, spec.max_players)),
        )(f)

    return decorate


class GameGroup(click.Group):
    """A command with one subcommand per registered game, built when asked for."""

    def __init__(
        self,
        *args: Any,
        build: Callable[[GameSpec], click.Command],
        needs_screen: bool = False,
        **kw: Any,
    ):
        super().__init__(*args, **kw)
        self.build = build
        self.needs_screen = needs_screen  # `play`: only games that have a screen

    def games(self) -> list[GameSpec]:
        return REGISTRY.with_screens() if self.needs_screen else list(REGISTRY)

    def list_commands(self, ctx: click.Context) -> list[str]:
        return [spec.id for spec in self.games()]

    def get_command(self, ctx: click.Context, cmd_name: str) -> click.Command | None:
        name = cmd_name.lower()
        if name not in REGISTRY:
            return None
        spec = get_spec(name)
        if self.needs_screen and not spec.has_screen:
            return self.no_screen(spec)
        return self.build(spec)

    @staticmethod
    def no_screen(spec: GameSpec) -> click.Command:
        """`play GAME` for a game with no screen yet: says where it can be played."""

        @click.command(
            name=spec.id,
            context_settings={"ignore_unknown_options": True, "help_option_names": []},
        )
        @click.argument("rest", nargs=-1, type=click.UNPROCESSED)
        def not_yet(rest: tuple[str, ...]) -> None:
            raise click.UsageError(
                _("{game} has no screen yet; play it with 'footycards text {id}'").format(
                    game=spec.name, id=spec.id
                )
            )

        return not_yet

    def format_commands(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        rows = [(spec.id, f"{spec.name}: {_(spec.description)}") for spec in self.games()]
        with formatter.section(_("Games")):
            formatter.write_dl(rows)


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
    from .settings import peek_language

    check_language(lang)
    ctx.obj = pick_language(lang, peek_language())
    use_language(ctx.obj)
    if ctx.invoked_subcommand is None:
        from .tui.app import FootyApp

        FootyApp(lang=ctx.obj, remember_lang=lang).run()


# ---------------------------------------------------------------------------
# play
# ---------------------------------------------------------------------------


def build_play(spec: GameSpec) -> click.Command:
    @click.command(name=spec.id, help=_("Play {game} in the terminal UI.").format(game=spec.name))
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
        from .tui.app import FootyApp, PendingGame

        seats = _seats(players, spec)
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


@main.command(
    cls=GameGroup, build=build_play, needs_screen=True, subcommand_metavar="GAME [OPTIONS]"
)
def play() -> None:
    """Play a game in the terminal UI, skipping the launcher."""


# ---------------------------------------------------------------------------
# text
# ---------------------------------------------------------------------------


def build_text(spec: GameSpec) -> click.Command:
    @click.command(
        name=spec.id,
        help=_("Play {game} in plain text: one line of notation per move, read from stdin.").format(
            game=spec.name
        )
        + "\n\n"
        + privacy_note(),
    )
    @seat_options(spec)
    @with_game_options(spec, "text")
    def text_game(players: str, seed: int | None, **given) -> None:
        from .textmode import ask_setup

        seats = _seats(players, spec)
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
    from .textmode import autosave, run, save_note

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
    return _(
        "With several people at one terminal, each private view waits for its person to "
        "press Enter. When the output is a terminal, the screen and its scrollback are "
        "cleared before each pass prompt; when it is not (piped to a script or read by a "
        "screen reader), nothing is cleared and earlier hands stay readable."
    )


@main.command(
    cls=GameGroup,
    build=build_text,
    subcommand_metavar="GAME [OPTIONS]",
    help=_("Play a game in plain text (works with piped input, scripts and screen readers).")
    + "\n\n"
    + privacy_note(),
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


@main.command()
@click.argument("game_id", metavar="[ID]", required=False)
@click.option(
    "--speed",
    type=click.Choice(SPEEDS),
    default="normal",
    show_default=True,
    help=_("How fast AI players move."),
)
@click.option("--theme", default=None, help=_("Colour theme, e.g. ansi-dark (ANSI colours only)."))
@click.option("--text", "as_text", is_flag=True, help=_("Continue in plain text instead."))
@click.pass_context
def resume(
    ctx: click.Context, game_id: str | None, speed: str, theme: str | None, as_text: bool
) -> None:
    """Continue an unfinished game; without ID, list them.

    ID is the game's id as listed (a unique start of it is enough).
    """
    from .saves import SaveError, SaveStore

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
                game=match.spec.name, id=entry.id
            )
        )
    from .tui.app import FootyApp

    app = FootyApp(match, speed=speed, lang=ctx.find_root().obj, record=record)
    check_theme(app, theme)
    app.run()


def list_saves(store: Any) -> None:
    """Print the unfinished games as a table, the damaged saves with the reason."""
    from rich.console import Console
    from rich.table import Table as RichTable
    from rich.text import Text

    from .saves import when

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


# ---------------------------------------------------------------------------
# sim
# ---------------------------------------------------------------------------


def build_sim(spec: GameSpec) -> click.Command:
    @click.command(
        name=spec.id,
        help=_(
            "Play AI-against-AI games of {game} and print win rates and speed. "
            "The seats rotate from game to game so no player keeps the first move."
        ).format(game=spec.name),
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
    @click.option("--quiet", is_flag=True, help=_("No progress bar."))
    def sim_game(count: int, players: str, seed: int, quiet: bool, **given) -> None:
        seats = _seats(players, spec)
        if any(s.is_human for s in seats):
            raise click.BadParameter(
                _("sim needs AI seats only (ai:LEVEL)"), param_hint="--players"
            )
        opts = engine_options(spec, given, len(seats), "sim")
        start_match(spec, seats, seed, opts)
        simulate(spec, seats, count, seed, opts, quiet)

    return sim_game


def simulate(
    spec: GameSpec, seats: list[SeatSpec], count: int, seed: int, opts: dict, quiet: bool
) -> None:
    """Play `count` AI games through the match loop and print the figures."""
    from rich.console import Console
    from rich.progress import Progress
    from rich.table import Table as RichTable

    wins = [0.0] * len(seats)
    report = spec.new_sim_report()  # the game's own figures, if it has any
    lengths: list[int] = []
    actions = 0
    console = Console(stderr=True)
    start = time.perf_counter()
    stopped = False
    with Progress(console=console, disable=quiet, transient=True) as progress:
        task = progress.add_task(_("Simulating"), total=count)
        try:
            for i in range(count):
                shift = i % len(seats)  # rotate the seats: nobody keeps the first move
                match = start_match(spec, seats[shift:] + seats[:shift], seed + i, dict(opts))
                n = len(match.run_ai())
                res = match.result()
                for w in res["winners"]:
                    wins[(w + shift) % len(seats)] += 1 / len(res["winners"])
                lengths.append(n)
                if report is not None:
                    report.add(match.public_view(), n)
                actions += n
                progress.advance(task)
        except KeyboardInterrupt:
            stopped = True  # Ctrl+C: the figures of the games finished so far
    elapsed = time.perf_counter() - start
    out = Console()
    played = len(lengths)
    if not played:
        out.print(_("Stopped before the first game ended."))
        return
    title = _("{n} games of {game}").format(n=played, game=spec.name)
    if spec.mode_option:
        mode = opts.get(spec.mode_option, spec.option(spec.mode_option).default)
        title += f" ({mode})"
    t = RichTable(
        title=title,
        caption=_("seats rotate from game to game; a shared win counts half"),
    )
    t.add_column(_("Seat"))
    t.add_column(_("Player"))
    t.add_column(_("Win rate"), justify="right")
    for s, seat in enumerate(seats):
        t.add_row(f"P{s + 1}", seat.name, f"{100 * wins[s] / played:.1f} %")
    out.print(t)
    if stopped:
        out.print(_("Stopped with Ctrl+C after {n} of {m} games.").format(n=played, m=count))
    out.print(
        _("Mean game length: {m:.1f} actions (longest {x})").format(
            m=sum(lengths) / played, x=max(lengths)
        )
    )
    out.print(
        _("Speed: {a:,.0f} actions/s, {g:,.1f} games/s (AI decisions included)").format(
            a=actions / elapsed, g=played / elapsed
        )
    )
    for table in report.tables() if report is not None else ():
        rich_table = RichTable(title=table.title, caption=table.caption or None)
        for i, column in enumerate(table.columns):
            rich_table.add_column(column, justify="left" if i == 0 else "right")
        for row in table.rows:
            rich_table.add_row(*row)
        out.print(rich_table)
        for line in table.notes:
            out.print(line)


@main.command(cls=GameGroup, build=build_sim, subcommand_metavar="GAME [OPTIONS]")
def sim() -> None:
    """Play AI-against-AI games and print win rates and speed."""


# ---------------------------------------------------------------------------
# rules
# ---------------------------------------------------------------------------


@main.command()
@click.argument("game", type=click.Choice(REGISTRY.ids(), case_sensitive=False))
def rules(game: str) -> None:
    """Show the rules of GAME."""
    from rich.console import Console
    from rich.markdown import Markdown

    from .rulesdoc import rules_markdown

    Console().print(Markdown(rules_markdown(game.lower())))


# ---------------------------------------------------------------------------
# stats
# ---------------------------------------------------------------------------


@main.command()
@click.option(
    "--game",
    "game",
    type=click.Choice(REGISTRY.ids(), case_sensitive=False),
    default=None,
    help=_("Only this game."),
)
@click.option("--reset", is_flag=True, help=_("Forget every recorded game (asks first)."))
@click.option("--yes", is_flag=True, help=_("With --reset: do not ask."))
def stats(game: str | None, reset: bool, yes: bool) -> None:
    """Show the statistics of games played by people: played, won, drawn, lost, best
    score, current streak and form."""
    from rich.console import Console

    from .stats import Stats, StatsError

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
    from .stats import tables_of_modes

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

    from .stats import fmt_score, form_text, practice_text, streak_label

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
            form_text(r.form),
        )
    t.caption = practice_text(rows) or None
    return t


# ---------------------------------------------------------------------------
# replay
# ---------------------------------------------------------------------------


@main.command()
@click.argument("file", type=click.Path(dir_okay=False))
@click.option("--text", "as_text", is_flag=True, help=_("Print the moves and the result."))
@click.option("--move", "move", type=int, default=None, help=_("Open the replay at move N."))
@click.option(
    "--lang",
    default=None,
    help=_("Language of the interface: one of {known}.").format(
        known=", ".join(available_languages())
    ),
)
@click.pass_context
def replay(
    ctx: click.Context, file: str, as_text: bool, move: int | None, lang: str | None
) -> None:
    """Replay a saved game (a game record file), read-only."""
    from .record import RecordError, ReplayError
    from .replay import Replay, read_record

    if lang:
        check_language(lang)
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
    from .tui.app import FootyApp

    FootyApp(replay=review, lang=ctx.find_root().obj).run()


def fail(message: str) -> NoReturn:
    """End the command with a message on stderr and exit code 1 (no traceback)."""
    click.echo(message, err=True)
    sys.exit(1)


def print_replay(review: Any, upto: int | None) -> None:
    """The moves with the public events each logged, then the result (or the view at N)."""
    from .narration import event_text, result_lines

    record = review.record
    spec = get_spec(record.game)
    names = [s.name for s in record.seats]
    seats = ", ".join(
        f"P{i + 1} {s.name}" + (f" (ai:{s.ai})" if s.ai else "") for i, s in enumerate(record.seats)
    )
    click.echo(f"{spec.name} · {seats} · " + _("seed {seed}").format(seed=record.seed))
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


# ---------------------------------------------------------------------------
# serve
# ---------------------------------------------------------------------------


@main.command()
@click.option("--host", default="127.0.0.1", show_default=True, help=_("Address to listen on."))
@click.option("--port", type=click.IntRange(0, 65535), default=2222, show_default=True)
@click.option(
    "--host-key",
    type=click.Path(dir_okay=False),
    default=None,
    help=_("Host key file (default: created on first run in the user data directory)."),
)
@click.option(
    "--authorized-keys",
    type=click.Path(dir_okay=False),
    default=None,
    help=_("Only the public keys in this file may connect."),
)
@click.option(
    "--open",
    "open_",
    is_flag=True,
    help=_("Anyone may connect (the user name is only a display name)."),
)
@click.option("--max-sessions", type=click.IntRange(1), default=100, show_default=True)
@click.option(
    "--max-per-address",
    type=click.IntRange(1),
    default=10,
    show_default=True,
    help=_("Sessions open at once from one address."),
)
@click.option(
    "--idle-timeout",
    type=click.FloatRange(0),
    default=30.0,
    show_default=True,
    metavar="MIN",
    help=_("Close a session after this many minutes without a key (0: never)."),
)
@click.option(
    "--takeover-wait",
    type=click.FloatRange(0),
    default=3.0,
    show_default=True,
    metavar="MIN",
    help=_("Minutes before an AI takes the seat of a player who dropped out of a table."),
)
@click.option(
    "--rate-limit",
    type=click.IntRange(1),
    default=20,
    show_default=True,
    help=_("New connections a minute from one address."),
)
@click.option(
    "--gc",
    "gc_mode",
    type=click.Choice(["freeze", "python"]),
    default="freeze",
    show_default=True,
    help=_(
        "Garbage collection: 'freeze' keeps key presses quick with many sessions (the "
        "server frees dropped screens in rare deep collections); 'python' is Python's own "
        "(less memory, but pauses of a second or more for everyone from about 50 sessions)."
    ),
)
@click.pass_context
def serve(
    ctx: click.Context,
    host: str,
    port: int,
    host_key: str | None,
    authorized_keys: str | None,
    open_: bool,
    max_sessions: int,
    max_per_address: int,
    idle_timeout: float,
    takeover_wait: float,
    rate_limit: int,
    gc_mode: str,
) -> None:
    """Let people play over SSH: ssh -p PORT NAME@HOST opens the launcher."""
    from pathlib import Path

    from .ssh.server import ServeError, ServerOptions, check_options
    from .ssh.server import serve as run_server

    options = ServerOptions(
        host=host,
        port=port,
        host_key=Path(host_key) if host_key else None,
        authorized_keys=Path(authorized_keys) if authorized_keys else None,
        open=open_,
        max_sessions=max_sessions,
        max_per_address=max_per_address,
        idle_timeout=idle_timeout,
        rate_limit=rate_limit,
        takeover_wait=takeover_wait,
        lang=ctx.find_root().obj,
        freeze_gc=gc_mode == "freeze",
    )
    try:
        check_options(options)
        run_server(options)
    except ServeError as exc:
        raise click.UsageError(str(exc)) from None
    except OSError as exc:
        raise click.ClickException(
            _("cannot listen on {host} port {port}: {why}").format(
                host=host, port=port, why=exc.strerror or exc
            )
        ) from None


if __name__ == "__main__":
    main()
