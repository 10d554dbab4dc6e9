"""Provides the click side of the registry: a game's declared options as click options, the
seats and seed options, `GameGroup` (one subcommand per game), and the checks that turn
what was typed into seats, engine options and a dealt match."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import click

from ..core import DeckError, OptionError
from ..i18n import N_, _, pgettext
from ..match import Match
from ..narration import problem_text
from ..registry import REGISTRY, GameSpec, OptionSpec, OptionValueError, get_spec
from ..seats import SeatSpec, parse_players, players_range_text, seats_range_text
from .texts import TextGroup

SPEEDS = ("instant", "fast", "normal", "slow")


def parse_seats(text: str, spec: GameSpec) -> list[SeatSpec]:
    """The seats of --players, refused unless `spec` can be played by that many."""
    try:
        seats = parse_players(text)
    except ValueError as exc:
        raise click.BadParameter(str(exc), param_hint="--players") from None
    if not spec.min_players <= len(seats) <= spec.max_players:
        raise click.BadParameter(
            players_range_text(spec.label, spec.min_players, spec.max_players),
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
        raise click.UsageError(problem_text(exc)) from None


def option_decorator(opt: OptionSpec) -> Callable:
    """The click option of a declared game option: it takes text (the flag repeated when
    the kind takes several values); the option's kind checks it, with its own message,
    when the engine options are made (`engine_options`), as the launcher's are."""
    return click.option(
        opt.flag,
        opt.name,
        default=None,
        multiple=opt.multiple,
        metavar=opt.metavar(),
        help=_(opt.help),
    )


def with_game_options(spec: GameSpec, front: str) -> Callable:
    """Decorate a command with the options `spec` declares for `front`."""

    def decorate(f: Callable) -> Callable:
        for opt in reversed(spec.options_for(front)):
            f = option_decorator(opt)(f)
        return f

    return decorate


YOU = N_("You")  # the person's name when --players is not given


def default_players(spec: GameSpec) -> str:
    """The seats when --players is not given ("You,ai:normal"), the person's name in the
    chosen language."""
    return ",".join(_(YOU) if seat == "You" else seat for seat in spec.default_players.split(","))


def set_think(ctx: click.Context, param: click.Parameter, value: float | None) -> None:
    """--think: the master AI's budget per move for this run; refused outside its range."""
    if value is None:
        return
    from ..ai import master

    low, high = master.THINK_RANGE
    if not low <= value <= high:  # also refuses nan
        raise click.BadParameter(
            _("{value} is not a number of seconds from {low} to {high}").format(
                value=value, low=low, high=format(high, "g")
            ),
            ctx=ctx,
            param=param,
        )
    master.set_think(value)


def think_option(f: Callable) -> Callable:
    """The --think option (play, text, sim): seconds a master AI thinks per move."""
    return click.option(
        "--think",
        type=float,
        default=None,
        expose_value=False,
        callback=set_think,
        metavar="SECONDS",
        help=_("Seconds of CPU time an AI master thinks per move (default 1; more is stronger)."),
    )(f)


def seat_options(spec: GameSpec) -> Callable:
    """The seats, the seed and the master AI's budget of a game played by people (play,
    text)."""

    def decorate(f: Callable) -> Callable:
        f = think_option(f)
        f = click.option(
            "--seed", type=int, default=None, help=_("Shuffle seed (same seed, same deal).")
        )(f)
        return click.option(
            "--players",
            default=default_players(spec),
            show_default=True,
            help=_(
                "Seats, comma-separated: a name for a person, ai:LEVEL for an AI "
                "(random, easy, normal, hard, master); {seats}."
            ).format(seats=seats_range_text(spec.min_players, spec.max_players)),
        )(f)

    return decorate


class GameGroup(TextGroup):
    """A command with one subcommand per registered game, built when asked for (its help
    shown in the chosen language)."""

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
                    game=spec.label, id=spec.id
                )
            )

        return not_yet

    def format_commands(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        rows = [
            # TRANSLATORS: a game's name and its one-line description (`footycards --help`)
            (
                spec.id,
                _("{game}: {description}").format(game=spec.label, description=_(spec.description)),
            )
            for spec in self.games()
        ]
        with formatter.section(pgettext("list of games", "Games")):
            formatter.write_dl(rows)
