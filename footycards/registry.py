"""Provides the game registry: one `GameSpec` per game, read by every front end.

A spec names its engine, agents, screen, text renderer and rules text by dotted path,
imported only when used, so starting the app does not import every game. Its options are
declared once here, each an instance of its kind (footycards/options.py), and become
CLI flags and the fields of the launcher and the Host form. Adding a
game means writing its modules and one entry in `GAME_SPECS`; the launcher, `play`,
`text`, `sim`, `rules` and the SSH server find it here.
"""

from __future__ import annotations

import datetime as dt
import importlib
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any, Protocol, cast, runtime_checkable

from .core.contract import Engine
from .i18n import N_, _, list_text, sentences_text
from .options import (
    ChoiceOption,
    FilesOption,
    IntOption,
    OptionSpec,
    OptionValueError,
    SeatOption,
)
from .values import Frozen


class TextRenderer(Protocol):
    """A game's text renderer module (`footycards.textmode.<id>`): views, events and
    results in words, in the session's language."""

    @property
    def EXAMPLES(self) -> Sequence[str]:
        """Moves the text mode's help shows."""
        ...

    def render(self, view: Any) -> str: ...

    def describe(self, event: Any, names: Sequence[str]) -> str: ...

    def describe_result(self, result: Any, names: Sequence[str]) -> list[str]: ...


@runtime_checkable
class PrivateNews(Protocol):
    """A text renderer that tells a person what their own move showed only them."""

    def private_news(self, before: Any, after: Any) -> list[str]: ...


class SimTable(Frozen):
    """A table a game adds to `footycards sim`'s figures (see `SimReport`)."""

    FIELDS = ("title", "columns", "rows", "caption", "notes")
    title: str
    columns: tuple[str, ...]
    rows: tuple[tuple[str, ...], ...]
    caption: str
    notes: tuple[str, ...]  # lines printed under the table

    def __init__(
        self,
        title: str,
        columns: tuple[str, ...],
        rows: tuple[tuple[str, ...], ...],
        caption: str = "",
        notes: tuple[str, ...] = (),
    ) -> None:
        self._set(title=title, columns=columns, rows=rows, caption=caption, notes=notes)


class SimReport(Protocol):
    """A game's own figures for `sim` (named by `GameSpec.sim_report`): it is given the
    final public view of every match played and the match's number of actions."""

    def add(self, view: Any, actions: int) -> None: ...

    def tables(self) -> list[SimTable]: ...


@runtime_checkable
class PlayerCounts(Protocol):
    """An engine played only by some numbers of players between its MIN_PLAYERS and
    MAX_PLAYERS (World Wave: two equal teams)."""

    PLAYER_COUNTS: tuple[int, ...]


class SetupQuestion(Frozen):
    """A question the game asks each person before the deal (e.g. Stadium's S2.2).

    Asked when option `when[0]` has the value `when[1]`; each human's answer (a date, or
    empty) is collected into a list, one entry per seat (None for AI seats and empty
    answers), and given to the engine as option `option`.
    """

    FIELDS = ("option", "when", "title", "prompt", "kind")
    option: str
    when: tuple[str, Any]
    title: str
    prompt: str
    kind: str  # the only kind so far: "date", an ISO date, not in the future

    def __init__(
        self, option: str, when: tuple[str, Any], title: str, prompt: str, kind: str = "date"
    ) -> None:
        self._set(option=option, when=when, title=title, prompt=prompt, kind=kind)

    def check(self, text: str) -> str | None:
        """The answer as the engine takes it (None when empty); OptionValueError if bad."""
        text = text.strip()
        if not text:
            return None
        try:
            day = dt.date.fromisoformat(text)
        except ValueError:
            raise OptionValueError(
                _("'{text}' is not a date like 2026-05-17").format(text=text)
            ) from None
        if day > dt.date.today():
            raise OptionValueError(_("{text} is in the future").format(text=text))
        return day.isoformat()


class GameSpec(Frozen):
    """One game as the front ends see it."""

    FIELDS = (
        "id",
        "name",
        "description",
        "engine",
        "agents",
        "screen",
        "text",
        "rules",
        "options",
        "setup",
        "mode_option",
        "mode_names",
        "default_players",
        "seat_groups",
        "team_play",
        "min_pace",
        "sim_report",
        "players",
    )
    id: str
    name: str  # English, N_-marked (logs, records); `label` is the name as shown
    description: str  # one line, N_-marked (the engine states no name or description)
    engine: str  # dotted path of the engine module (footycards.core.<game>)
    agents: dict[str, str]  # AI level -> "module:factory" (called with the level)
    screen: str | None  # "module:factory" called with (match, local, drive_ai) -> a Screen;
    # None while the game has no screen yet: it is then offered in text mode, sim and
    # rules, but not in the launcher or `play`
    text: str  # dotted path of the text renderer module (render, describe, …)
    rules: str  # the rules text, a path under assets/
    options: tuple[OptionSpec, ...]
    setup: tuple[SetupQuestion, ...]
    mode_option: str | None  # the option that picks the game's mode, if any
    mode_names: tuple[tuple[str, str], ...]  # (mode, its short name, N_-marked)
    default_players: str
    # the group each seat plays in, cycled over the seats (N_-marked; World Wave: the
    # teams A B A B …), shown beside the seats in the launcher; empty: no groups
    seat_groups: tuple[str, ...]
    # several winners (not every seat) share one win: a team won (World Wave); otherwise
    # several winners are a draw between them
    team_play: bool
    # the least time any paced AI decision takes, in seconds (when pacing is on at all):
    # World Wave's answers in response windows must not tell by their speed (W5.2), so
    # every decision takes at least this long, an auto-pass too
    min_pace: float
    sim_report: str | None  # "module:factory" of the game's SimReport, if it has one
    # every number of players the game is played by, smallest first, as its engine has
    # them (MIN_PLAYERS to MAX_PLAYERS, or its PLAYER_COUNTS): declared here too, so that
    # the launcher offers the seats without importing the engine (a test checks that the
    # two agree); empty: read from the engine
    players: tuple[int, ...]

    def __init__(
        self,
        id: str,
        name: str,
        description: str,
        engine: str,
        agents: dict[str, str],
        screen: str | None,
        text: str,
        rules: str,
        options: tuple[OptionSpec, ...] = (),
        setup: tuple[SetupQuestion, ...] = (),
        mode_option: str | None = None,
        mode_names: tuple[tuple[str, str], ...] = (),
        default_players: str = "You,ai:normal",
        seat_groups: tuple[str, ...] = (),
        team_play: bool = False,
        min_pace: float = 0.0,
        sim_report: str | None = None,
        players: tuple[int, ...] = (),
    ) -> None:
        self._set(
            id=id,
            name=name,
            description=description,
            engine=engine,
            agents=agents,
            screen=screen,
            text=text,
            rules=rules,
            options=options,
            setup=setup,
            mode_option=mode_option,
            mode_names=mode_names,
            default_players=default_players,
            seat_groups=seat_groups,
            team_play=team_play,
            min_pace=min_pace,
            sim_report=sim_report,
            players=players,
        )

    def mode_of(self, options: dict[str, Any]) -> str | None:
        """The mode engine `options` pick (the default when they name none); None for a
        game without modes."""
        if not self.mode_option:
            return None
        value = options.get(self.mode_option)
        return str(value) if value is not None else self.option(self.mode_option).default

    def mode_name(self, mode: str | None) -> str:
        """A mode's short name in this session's language ("" when the game has none)."""
        names = dict(self.mode_names)
        if mode is None:
            return ""
        return _(names[mode]) if mode in names else mode

    @property
    def label(self) -> str:
        """The game's name in this session's language ("世界波" in Traditional Chinese;
        Quartett's stays German in every language)."""
        return _(self.name)

    def title(self, mode: str | None = None) -> str:
        """The game's name with its mode: "Bundesliga Quartett — Abwehr-Angriff" (for a
        game with modes and no mode given: the mode is not known, e.g. old statistics)."""
        name = self.mode_name(mode)
        if not name and self.mode_option:
            name = _("mode not recorded")
        return _("{game} — {mode}").format(game=self.label, mode=name) if name else self.label

    def engine_module(self) -> Engine:
        return cast(Engine, importlib.import_module(self.engine))

    def text_module(self) -> TextRenderer:
        return cast(TextRenderer, importlib.import_module(self.text))

    @property
    def min_players(self) -> int:
        """The fewest players, as the engine has it."""
        return self.counts()[0]

    @property
    def max_players(self) -> int:
        """The most players, as the engine has it."""
        return self.counts()[-1]

    def counts(self) -> tuple[int, ...]:
        """Every number of players the game is played by, smallest first: `players` where
        declared, else the engine's (its module is imported): its PLAYER_COUNTS where it
        has them (World Wave: even numbers), else every number from MIN_PLAYERS to
        MAX_PLAYERS."""
        if self.players:
            return self.players
        return self.engine_counts()

    def engine_counts(self) -> tuple[int, ...]:
        """The numbers of players as the engine module has them (it is imported)."""
        engine = self.engine_module()
        if isinstance(engine, PlayerCounts):
            return tuple(sorted(engine.PLAYER_COUNTS))
        return tuple(range(engine.MIN_PLAYERS, engine.MAX_PLAYERS + 1))

    def fit_count(self, n: int) -> int:
        """The allowed number of players nearest to `n` (the smaller one on a tie)."""
        return min(self.counts(), key=lambda k: (abs(k - n), k))

    def seat_group(self, seat: int) -> str:
        """The group (team) seat `seat` (from 0) plays in, in words; "" when none."""
        if not self.seat_groups:
            return ""
        return _(self.seat_groups[seat % len(self.seat_groups)])

    @property
    def has_screen(self) -> bool:
        return self.screen is not None

    def screen_factory(self) -> Callable[..., Any]:
        if self.screen is None:
            raise LookupError(f"{self.name} has no screen yet")
        return load(self.screen)

    def agent_factory(self, level: str) -> Callable[..., Any]:
        return load(self.agents[level])

    def new_sim_report(self) -> SimReport | None:
        """A fresh collector of the game's own `sim` figures (None: the game has none)."""
        return cast(SimReport, load(self.sim_report)()) if self.sim_report else None

    def option(self, name: str) -> OptionSpec:
        for o in self.options:
            if o.name == name:
                return o
        raise KeyError(name)

    def options_for(self, front: str, *, remote: bool = False) -> tuple[OptionSpec, ...]:
        """The options offered at `front`; for a remote user (a server's session) none
        that names files: nobody makes a server read a file of their choice."""
        return tuple(
            o for o in self.options if front in o.fronts and not (remote and o.names_files)
        )

    def rules_path(self) -> Path:
        from .core.assets import assets_dir

        return assets_dir() / self.rules

    def questions(self, options: dict[str, Any]) -> tuple[SetupQuestion, ...]:
        """The set-up questions these options call for."""
        return tuple(q for q in self.setup if options.get(q.when[0]) == q.when[1])

    def convert(self, given: dict[str, Any], players: int, front: str) -> dict[str, Any]:
        """Engine options from the values people gave, by option name (empty ones left out).

        Options that do not belong to the chosen mode are refused with a message.
        """
        out: dict[str, Any] = {}
        mode = None
        if self.mode_option:
            mode_spec = self.option(self.mode_option)
            out.update(mode_spec.convert(given.get(self.mode_option), players))
            mode = out.get(self.mode_option, mode_spec.default)
        for o in self.options_for(front):
            if o.name == self.mode_option:
                continue
            values = o.convert(given.get(o.name), players)
            if values and not o.applies(mode):
                raise OptionValueError(_("{opt} is not used in this game").format(opt=_(o.label)))
            out.update(values)
        return out


def load(path: str) -> Any:
    """Import `module:attribute` and return the attribute."""
    module, _sep, attr = path.partition(":")
    obj: Any = importlib.import_module(module)
    return getattr(obj, attr) if attr else obj


class Registry:
    """The registered games in launcher order."""

    def __init__(self, specs: list[GameSpec] | None = None) -> None:
        self.specs: list[GameSpec] = [] if specs is None else specs

    def __repr__(self) -> str:
        return f"Registry({self.specs!r})"

    def __iter__(self):
        return iter(self.specs)

    def __contains__(self, game_id: object) -> bool:
        return any(s.id == game_id for s in self.specs)

    def ids(self) -> list[str]:
        return [s.id for s in self.specs]

    def most_seats(self) -> int:
        """The most players of any game with a screen."""
        return max(s.max_players for s in self.with_screens())

    def with_screens(self) -> list[GameSpec]:
        """The games the launcher and `play` offer: those with a screen."""
        return [s for s in self.specs if s.has_screen]

    def get(self, game_id: str) -> GameSpec:
        for s in self.specs:
            if s.id == game_id:
                return s
        raise KeyError(
            _("unknown game '{game}'; games are: {games}").format(
                game=game_id, games=", ".join(self.ids())
            )
        )


# ---------------------------------------------------------------------------
# The games
# ---------------------------------------------------------------------------

STADIUM = GameSpec(
    id="stadium",
    name=N_("Stadium"),
    description=N_(
        "Polish memory game: find footballer pairs among the Nit cards; YELLOW, RED, VAR."
    ),
    engine="footycards.core.stadium",
    players=(2, 3, 4, 5, 6),
    agents={
        "random": "footycards.ai.base:RandomAgent",
        "easy": "footycards.ai.stadium:StadiumAgent",
        "normal": "footycards.ai.stadium:StadiumAgent",
        "hard": "footycards.ai.stadium:StadiumAgent",
        "master": "footycards.ai.master:MasterAgent",
    },
    screen="footycards.tui.screens.stadium:StadiumScreen",
    text="footycards.textmode.stadium",
    rules="rules/stadium.md",
    options=(
        IntOption(
            "rows",
            N_("Table rows"),
            N_("Table rows (2-26)."),
            default=10,
            minimum=2,
            maximum=26,
        ),
        IntOption(
            "cols",
            N_("Cards per row"),
            N_("Cards per row (2-99)."),
            default=10,
            minimum=2,
            maximum=99,
        ),
        SeatOption(
            "first",
            N_("Who starts"),
            N_(
                "Who starts: a seat number (1 = first), 'random', or 'stadium' "
                "(who was most recently at a stadium? each person is asked)."
            ),
            choices=(
                ("stadium", N_("Most recently at a stadium?")),
                ("random", N_("Random")),
            ),
            fronts=("play", "text", "launcher"),
            launcher_default="stadium",
        ),
        FilesOption(
            "deck",
            N_("Deck file"),
            N_("A Stadium deck file (TOML)."),
        ),
    ),
    setup=(
        SetupQuestion(
            "stadium_dates",
            ("first", "stadium"),
            N_("Who was most recently at a stadium?"),
            N_(
                "Date of your last match at a stadium (YYYY-MM-DD); leave empty if never. "
                "The most recent starts; ties and AI players are drawn at random."
            ),
        ),
    ),
)

QUARTETT = GameSpec(
    id="quartett",
    name=N_("Bundesliga Quartett"),
    description=N_(
        "German card classic: top trumps with Tore, Spiele and Fairness-Punkte, "
        "Abwehr against Angriff, or collect quartets by asking for cards."
    ),
    engine="footycards.core.quartett",
    players=(2, 3, 4, 5, 6),
    agents={
        "random": "footycards.ai.base:RandomAgent",
        "easy": "footycards.ai.quartett:QuartettAgent",
        "normal": "footycards.ai.quartett:QuartettAgent",
        "hard": "footycards.ai.quartett:QuartettAgent",
        "master": "footycards.ai.master:MasterAgent",
    },
    screen="footycards.tui.screens.quartett:quartett_screen",
    text="footycards.textmode.quartett",
    rules="rules/quartett.md",
    mode_option="mode",
    mode_names=(
        ("fussball", N_("Fußball")),
        ("abwehr-angriff", N_("Abwehr-Angriff")),
        ("quartett", N_("Quartett")),
    ),
    options=(
        ChoiceOption(
            "mode",
            N_("Game"),
            N_("Which game: fussball (default), abwehr-angriff or quartett."),
            default="fussball",
            choices=(
                ("fussball", N_("Fußball — top trumps, 2–6 players")),
                ("abwehr-angriff", N_("Abwehr-Angriff — top trumps on Abwehr and Angriff")),
                ("quartett", N_("Quartett — collect quartets (2–6 players)")),
            ),
        ),
        IntOption(
            "round_limit",
            N_("Round limit"),
            N_("End after this many rounds (most cards wins); empty: no limit."),
            minimum=1,
            maximum=9999,
        ),
        FilesOption(
            "deck",
            N_("Deck files"),
            N_("A deck file (TOML); in top trumps repeat it to combine decks (Fan-Freundschaft)."),
            several_key="decks",
        ),
    ),
)

SADIKOV = GameSpec(
    id="sadikov",
    name=N_("Sadikov's Football"),
    description=N_(
        "Ukrainian two-deck duel: take cards from five columns, build attacks, corners "
        "and free kicks, and beat the keeper deck."
    ),
    engine="footycards.core.sadikov",
    players=(2,),
    agents={
        "random": "footycards.ai.base:RandomAgent",
        "easy": "footycards.ai.sadikov:SadikovAgent",
        "normal": "footycards.ai.sadikov:SadikovAgent",
        "hard": "footycards.ai.sadikov:SadikovAgent",
        "master": "footycards.ai.master:MasterAgent",
    },
    screen="footycards.tui.screens.sadikov:SadikovScreen",
    text="footycards.textmode.sadikov",
    rules="rules/sadikov.md",
    options=(
        ChoiceOption(
            "letters",
            N_("Rank letters"),
            N_("Rank letters: en (J Q K A, default) or uk (В Д К Т)."),
            default="en",
            choices=(
                ("en", N_("English: J Q K A")),
                ("uk", N_("Ukrainian: В Д К Т")),
            ),
        ),
        ChoiceOption(
            "shootout",
            N_("Penalty shoot-out"),
            N_("on: a shoot-out decides a draw; off (default): level goals are a draw."),
            default="off",
            choices=(
                ("off", N_("Off: level goals are a draw")),
                ("on", N_("On: a shoot-out decides")),
            ),
            values=(("on", True), ("off", False)),
        ),
    ),
)

WORLDWAVE = GameSpec(
    id="worldwave",
    name=N_("World Wave"),
    description=N_(
        "Chinese team card battler: two teams seated alternately shoot, save and scheme "
        "with events and skill cards, Sanguosha style, until the match deck runs out."
    ),
    engine="footycards.core.worldwave",
    players=(2, 4, 6, 8, 10),
    agents={
        "random": "footycards.ai.base:RandomAgent",
        "easy": "footycards.ai.worldwave:WorldWaveAgent",
        "normal": "footycards.ai.worldwave:WorldWaveAgent",
        "hard": "footycards.ai.worldwave:WorldWaveAgent",
        "master": "footycards.ai.master:MasterAgent",
    },
    screen="footycards.tui.screens.worldwave:worldwave_screen",
    seat_groups=(N_("Team A"), N_("Team B")),
    team_play=True,
    min_pace=1.0,
    text="footycards.textmode.worldwave",
    rules="rules/worldwave.md",
    sim_report="footycards.textmode.worldwave_sim:WorldWaveReport",
    options=(
        ChoiceOption(
            "halves",
            N_("Halves"),
            N_("Two halves (W6.2): auto (default: with 8-10 players), on or off."),
            default="auto",
            choices=(
                ("auto", N_("Auto: two halves with 8–10 players")),
                ("on", N_("On: two halves")),
                ("off", N_("Off: one half")),
            ),
            values=(("auto", None), ("on", True), ("off", False)),
        ),
    ),
)

REGISTRY = Registry([STADIUM, QUARTETT, SADIKOV, WORLDWAVE])

# Games of footycards not playable yet (named in the launcher and `--help`); a game
# leaves this list when its entry joins the registry.
COMING: tuple[str, ...] = ()


def playable_now() -> str:
    """One line saying which games can be played now and which are coming."""
    said = [
        _("Playable now: {games}.").format(
            games=list_text(s.label for s in REGISTRY.with_screens())
        )
    ]
    text_only = [s.label for s in REGISTRY if not s.has_screen]
    if text_only:
        said.append(_("In text mode only so far: {games}.").format(games=list_text(text_only)))
    if COMING:
        said.append(_("Coming: {games}.").format(games=list_text(_(g) for g in COMING)))
    return sentences_text(said)


def get_spec(game_id: str) -> GameSpec:
    """The spec of a registered game; KeyError with the list of games otherwise."""
    return REGISTRY.get(game_id)
