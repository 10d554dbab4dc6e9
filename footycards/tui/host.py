"""Provides FootyHost, what screens may ask of the footycards app, and PendingGame.

The screens run inside `FootyApp` (app.py), which imports them; so that no screen imports
the app module back, they ask the app through this base class, which `FootyApp`
implements: `isinstance(self.app, FootyHost)` (screens also run inside plain Textual apps
in tests, then without saves, statistics or tables). Navigation between the app's main
screens (the launcher, a game, the shared tables) is the app's: a screen asks for it
here (`show_launcher`, `start_game`, `open_tables`, `game_screen`).
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, Protocol, runtime_checkable

from textual import events
from textual.app import App
from textual.screen import Screen

from ..seats import SeatSpec

if TYPE_CHECKING:
    from ..match import Match
    from ..record import GameRecord
    from ..saves import Autosaver, SaveStore
    from ..settings import Settings
    from ..tables import TableHub


class PendingGame:
    """A game chosen but not dealt yet: its set-up questions may still be asked. (A plain
    class: a dataclass's generated methods would be compiled at every start.)"""

    def __init__(
        self,
        game_id: str,
        seats: list[SeatSpec],
        seed: int | None = None,
        options: dict[str, Any] | None = None,
    ) -> None:
        self.game_id = game_id
        self.seats = seats
        self.seed = seed
        self.options: dict[str, Any] = {} if options is None else options

    def __repr__(self) -> str:
        return (
            f"PendingGame({self.game_id!r}, {self.seats!r}, seed={self.seed!r}, "
            f"options={self.options!r})"
        )


@runtime_checkable
class KeyHelp(Protocol):
    """A screen whose keys help (`?`) says more of an action now (GameScreen: why `u`
    cannot undo)."""

    def key_help(self, action: str, text: str) -> str: ...


@runtime_checkable
class KeysHelpRows(Protocol):
    """A screen that adds rows of its own to the keys help: (group, keys, what)."""

    def keys_help_rows(self) -> list[tuple[str, str, str]]: ...


class FootyHost(App):
    """The footycards app as its screens see it (FootyApp fills in every member), and
    what the app does for them itself: input held while a screen is not ready for it."""

    # Input (keys, mouse, pastes) that came while a screen asked for it to wait (the
    # launcher until its fields are mounted, after its first frame); None: none waits.
    held_input: list[events.Event] | None = None
    input_holds = 0  # how many screens asked for it (hold_input, release_input)
    after_input: list[Callable[[], object]] | None = None  # run once the held input went on

    def hold_input(self) -> None:
        """Keep the input that comes from now on until `release_input`: it then goes on
        in the order it came, as if it came then (nothing typed is lost)."""
        self.input_holds += 1
        if self.held_input is None:
            self.held_input = []

    def release_input(self) -> None:
        """Let the held input go on, in order, once every hold is released (after what the
        app is handling now, before anything that comes later)."""
        self.input_holds = max(0, self.input_holds - 1)
        if self.input_holds == 0 and self.held_input is not None:
            self.call_later(self._replay_input)

    def when_input_flows(self, callback: Callable[[], object]) -> None:
        """Call `callback` once no input is held (now, if none is): after the screen that
        holds it is ready and the input held meanwhile has gone on."""
        if self.held_input is None:
            callback()
        else:
            self.after_input = [*(self.after_input or []), callback]

    async def _replay_input(self) -> None:
        held, self.held_input = self.held_input, None
        if self.input_holds:  # held again meanwhile: it waits on
            self.held_input = held
            return
        for at, event in enumerate(held or []):
            if self.held_input is not None:  # what it did holds input again: the rest waits
                self.held_input[:0] = (held or [])[at:]
                return
            await super().on_event(event)
            await asyncio.sleep(0)  # as between messages: other sessions' turn (SSH server)
        waiting, self.after_input = self.after_input or [], None
        for callback in waiting:
            callback()

    async def on_event(self, event: events.Event) -> None:
        if (
            self.held_input is not None
            and isinstance(event, (events.InputEvent, events.Paste))
            and not event.is_forwarded
        ):
            self.held_input.append(event)
            return
        await super().on_event(event)

    speed: str  # the AI's pace: instant, fast, normal, slow
    settings: Settings  # what the launcher remembers
    settings_file: Any  # where they are kept (None: the user's config folder)
    lang: str  # the session's language (a footycards.i18n.LANGUAGES code)
    remember_lang: str | None  # a language chosen with --lang or the launcher, to remember
    stats_told: bool  # a statistics problem was told this session
    autosaver: Autosaver | None  # the one saving the game being played
    initial_replay: Any  # `footycards replay FILE`: leaving the replay ends the app
    hub: TableHub | None  # shared tables (a server's sessions), None when alone
    user: str | None  # the session's user name (what others see at a table)
    owner: str  # who the session is (an SSH key's fingerprint), "" if unknown
    table_session: Any  # the shared table this app sits at (screens/tables.py)

    @property
    def is_remote(self) -> bool:
        """Whether this app serves a remote (SSH) user."""
        raise NotImplementedError

    @property
    def store(self) -> SaveStore:
        """Where this session's games are saved."""
        raise NotImplementedError

    def show_launcher(self) -> None:
        """Make the launcher the screen (built again from what was last started)."""
        raise NotImplementedError

    def start_game(self, pending: PendingGame, on_cancel: Callable[[], None] | None = None) -> None:
        """Ask the game's set-up questions, deal it and open its screen."""
        raise NotImplementedError

    def open_game(self, match: Match, record: GameRecord | None = None) -> None:
        """Open the screen of a dealt game (saved as it goes, on `record` if resumed)."""
        raise NotImplementedError

    def game_screen(self, match: Match, record: GameRecord | None = None) -> Screen:
        """The screen of a dealt game, its autosave started."""
        raise NotImplementedError

    def open_tables(self, what: str) -> None:
        """Open the shared tables' form: `host`, `join` or `watch`."""
        raise NotImplementedError

    def save_note(self, match: Match) -> str:
        """What leaving a game means for its save, in words."""
        raise NotImplementedError

    def ai_delay(self) -> float:
        """The least time an AI move takes at the app's pace."""
        raise NotImplementedError

    def remember_theme(self) -> None:
        """Keep the theme chosen for the next start."""
        raise NotImplementedError

    def action_rules(self, game_id: str) -> None:
        """Show the rules of a game."""
        raise NotImplementedError
