"""Provides FootyApp: the Textual application (launcher, game screens, settings).

Each app is one session: its language is chosen when it is created (`--lang`, then
FOOTYCARDS_LANG, then the locale), so every SSH client can have its own.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING, Any, Self

from textual.binding import Binding
from textual.notifications import Notification, Notify
from textual.screen import Screen

from .. import settings
from ..core import DeckError, OptionError
from ..i18n import N_, _, language, pick_language
from ..registry import get_spec
from .host import FootyHost, KeyHelp, KeysHelpRows, PendingGame
from .removal_redraw import RemovalRedraws
from .screen_watch import DroppedScreens
from .stylesheet import SharedStylesheet
from .textual_internals import closing_screens, stylesheet_variables, untie_strips
from .translate import translate_bindings

if TYPE_CHECKING:
    # the match (its AI and engine contract) is imported when a game is dealt or opened;
    # the saves (and the records, replays and shared tables behind them) are imported
    # when a game is saved or opened: the launcher's first frame needs none of them
    from ..match import Match
    from ..record import GameRecord
    from ..replay import Replay
    from ..saves import Autosaver, SaveStore
    from ..tables import TableHub
    from .screens.game import GameScreen
    from .screens.launcher import LauncherScreen
    from .widgets.dialogs import ConfirmScreen

AI_DELAYS = {"instant": 0.0, "fast": 0.25, "normal": 0.7, "slow": 1.4}
# Textual's own keys the keys help keeps, in our words (the others are left out).
TEXTUAL_KEYS_KEPT = {
    "app.focus_next": N_("Next field or panel"),
    "app.focus_previous": N_("Previous field or panel"),
}


class FootyApp(FootyHost):
    """The footycards terminal app: opens on the launcher, or straight into a game."""

    TITLE = "footycards"
    BINDINGS = [
        Binding("ctrl+q", "quit", N_("Quit"), id="app.quit", priority=True, show=False),
        Binding("ctrl+t", "next_theme", N_("Theme"), id="app.theme", show=False),
        Binding("c", "table_chat", N_("Chat"), id="app.chat"),
    ]

    def __init__(
        self,
        match: Match | None = None,
        speed: str = "normal",
        theme: str | None = None,
        *,
        pending: PendingGame | None = None,
        lang: str | None = None,
        local: set[int] | None = None,
        drive_ai: bool = True,
        record: GameRecord | None = None,
        saves: SaveStore | None = None,
        autosave: bool = True,
        remember_lang: str | None = None,
        replay: Replay | None = None,
        hub: TableHub | None = None,
        user: str | None = None,
        home: Path | None = None,
        owner: str = "",
    ) -> None:
        self.lang = pick_language(lang)
        self.remember_lang = remember_lang  # a language chosen with --lang, to remember
        self.removal_redraws = RemovalRedraws(self)  # the redraw a removal needs not
        untie_strips()  # no strip in a cycle of its own (textual_internals)
        with language(self.lang):
            super().__init__()
            translate_bindings(self)
        # parsed CSS shared with the other apps of the process (an SSH server's sessions),
        # with the theme's variables Textual's own stylesheet was just made with (made
        # once: generating them from the theme is no small part of the start)
        self.stylesheet = SharedStylesheet(variables=stylesheet_variables(self.stylesheet))
        self.initial_match = match
        self.initial_record = record  # the save `match` was resumed from (it saves on there)
        self.saves = saves  # where games are saved (default: the user data folder)
        self.autosave = autosave  # whether games with people in them are saved as they go
        self.autosaver: Autosaver | None = None  # the one saving the game being played
        self.quit_dialog: ConfirmScreen | None = None  # Ctrl+Q's question while it is open
        self.initial_replay = replay  # `footycards replay FILE`: open it, leave = exit
        self.local = local  # the seats of the people at this terminal (None: every human)
        self.drive_ai = drive_ai  # whether this app lets the AI seats move
        self.pending = pending
        self.speed = speed
        # the session's own folder (an SSH user's): its settings and saves live there
        self.settings_file = home / "settings.json" if home is not None else None
        if saves is None and home is not None:
            from ..saves import SaveStore  # imported when used (see TYPE_CHECKING above)

            self.saves = SaveStore(home)
        self.settings, self.settings_notice = settings.load(self.settings_file)
        self.stats_told = False  # a statistics problem is told once per session
        self.theme_notice: Notification | None = None  # Ctrl+T's notice, while shown
        self.hub = hub  # shared tables (a server's sessions share one), None when alone
        self.user = user  # the session's user name (what others see at a table)
        self.owner = owner  # who the session is (an SSH key's fingerprint), "" if unknown
        self.table_session: Any = None  # the shared table this app sits at (tables.py)
        # Told of each screen just before Textual removes it (the SSH server frees what
        # the screen leaves at once: footycards/ssh/reclaim.py); None: nobody is told.
        self.screen_dropped: Callable[[Screen[Any]], None] | None = None
        self.dropped_screens: DroppedScreens | None = None  # tells it (from on_mount)
        if theme:
            self.theme = theme
        elif self.settings.theme in self.available_themes:
            self.theme = self.settings.theme

    def tell_dropped(self, screen: Screen[Any]) -> None:
        """`screen_dropped` hears of a screen about to be removed (gone from the stack,
        not installed), before Textual prunes its widgets: `DroppedScreens` watches the
        stack through Textual's public `screen_change_signal` (tui/screen_watch.py)."""
        self.removal_redraws.dropped(screen)
        if self.screen_dropped is not None:
            self.screen_dropped(screen)

    async def _close_all(self) -> None:
        """Textual's step that closes every screen when the app ends (the stack changes
        without a signal): `screen_dropped` hears of each first. A private Textual step,
        checked by tests/tui/test_textual_internals.py."""
        if self.screen_dropped is not None:
            for screen in closing_screens(self):
                self.screen_dropped(screen)
        await super()._close_all()

    @contextmanager
    def _context(self) -> Iterator[None]:
        """Textual sets its per-app context variables here; the session language is one.
        A private Textual method, checked by tests/tui/test_textual_internals.py."""
        with language(self.lang), super()._context():
            yield

    def refresh(
        self, *, repaint: bool = True, layout: bool = False, recompose: bool = False
    ) -> Self:
        """Textual's whole refresh, but for the one it asks for after a screen's removal
        that the screen on top does not need (tui/removal_redraw.py)."""
        if layout and not recompose and self.removal_redraws.spared():
            return self
        return super().refresh(repaint=repaint, layout=layout, recompose=recompose)

    def on_mount(self) -> None:
        self.dropped_screens = DroppedScreens(self, self.tell_dropped)
        # the other screens' CSS once the first screen is drawn and ready (the launcher:
        # its fields, mounted after its first frame) (tui/stylesheet.py)
        if isinstance(self.stylesheet, SharedStylesheet):
            self.call_after_refresh(self.when_input_flows, self.stylesheet.read_screens_css)
        self.removal_redraws.listen()
        if self.settings_notice:
            self.notify(self.settings_notice, title=_("Settings"), severity="warning", timeout=10)
            self.settings_notice = None
        # the first screen is pushed once Textual's start-up is over: until then the app
        # holds back every update, so a screen pushed now would be laid out and drawn for
        # nothing (that frame is dropped), then drawn again for the terminal's first frame
        self.call_later(self.open_first_screen)

    def open_first_screen(self) -> None:
        """The replay, the game, its set-up questions or the launcher the app opens with."""
        if self.initial_replay is not None:
            from .screens.review import open_replay

            open_replay(self, self.initial_replay)
        elif self.initial_match is not None:
            if self.initial_record is None:
                self.open_game(self.initial_match)
            else:
                self.open_game(self.initial_match, self.initial_record)
        elif self.pending is not None:
            pending, self.pending = self.pending, None
            self.start_game(pending, on_cancel=self.exit)
        else:
            self.show_launcher()

    def show_launcher(self) -> None:
        from .screens.launcher import LauncherScreen

        self.push_screen(LauncherScreen())

    def start_game(self, pending: PendingGame, on_cancel=None) -> None:
        """Ask the game's set-up questions (if any), deal, and open the game's screen."""
        spec = get_spec(pending.game_id)
        questions = spec.questions(pending.options)
        humans = [(i, s.name) for i, s in enumerate(pending.seats) if s.is_human]
        if not questions or not humans:
            self.deal(pending, {})
            return
        from .screens.setup import SetupQuestionScreen

        def answered(answers: dict[str, Any] | None) -> None:
            if answers is None:
                if on_cancel is not None:
                    on_cancel()
                return
            self.deal(pending, answers)

        self.push_screen(SetupQuestionScreen(questions, pending.seats), answered)

    def deal(self, pending: PendingGame, answers: dict[str, Any]) -> bool:
        from ..match import Match  # imported when used (see TYPE_CHECKING above)
        from ..narration import problem_text

        options = {**pending.options, **answers}
        try:
            match = Match.start(pending.game_id, pending.seats, pending.seed, options)
        except (OptionError, DeckError, ValueError) as exc:
            self.notify(problem_text(exc), title=_("Cannot start"), severity="error")
            return False
        self.open_game(match)
        return True

    def open_game(self, match: Match, record: GameRecord | None = None) -> None:
        """Open the game's screen; `record` is the save it was resumed from."""
        self.push_screen(self.game_screen(match, record))

    def game_screen(self, match: Match, record: GameRecord | None = None) -> Screen:
        """The game's own screen for `match`, its autosave started."""
        self.start_autosave(match, record)
        factory = match.spec.screen_factory()
        screen: Screen = factory(match, self.local, self.drive_ai)
        return screen

    @property
    def is_remote(self) -> bool:
        """Whether this app is a server's session (an SSH user), not a local terminal."""
        return self.hub is not None or bool(self.user)

    # -- saving ----------------------------------------------------------------------

    @property
    def store(self) -> SaveStore:
        if self.saves is None:
            from ..saves import SaveStore  # imported when used (see TYPE_CHECKING above)

            self.saves = SaveStore()
        return self.saves

    def start_autosave(self, match: Match, record: GameRecord | None = None) -> None:
        """Save `match` after every action (to `record`'s file when resumed). Only the front
        end that drives the match saves it, and only games with people in them."""
        if self.autosaver is not None:
            self.autosaver.stop()
            self.autosaver = None
        if not (self.autosave and self.drive_ai and match.humans):
            return
        from ..saves import Autosaver  # imported when used (see TYPE_CHECKING above)

        self.autosaver = Autosaver(match, self.store, record, on_error=self.save_failed)

    def save_failed(self, exc: OSError) -> None:
        """Said once until a save works again; the game goes on."""
        from ..saves import error_text  # imported when used (see TYPE_CHECKING above)

        text = _(
            "The game could not be saved ({why}). Play goes on and every move tries again."
        ).format(why=error_text(exc))
        saver = self.autosaver  # None while the first save of a game is tried
        if saver is not None and saver.saves:
            text += " " + _("The last save is kept.")
        self.notify(
            text,
            title=_("Not saved"),
            severity="error",
            timeout=10,
        )

    def save_note(self, match: Match) -> str:
        """What happens to an unfinished `match` when it is left: the truth about its save."""
        session = self.table_session
        if session is not None and session.table.match is match:
            return _("It goes on at the table: g in the table's room brings you back to it.")
        saver = self.autosaver
        if saver is None or saver.match is not match:
            return _("This game is not saved: it is lost.")
        if saver.failed and saver.error is not None:
            from ..saves import error_text  # imported when used (see TYPE_CHECKING above)

            why = error_text(saver.error)
            if saver.saves == 0:
                return _("It could not be saved ({why}): it is lost.").format(why=why)
            return _(
                "The last moves could not be saved ({why}); Continue in the launcher "
                "resumes it from the last save."
            ).format(why=why)
        if saver.saves == 0 and not saver.writing:
            return _("No move has been made yet, so there is nothing to save.")
        return _("It is saved: resume it with Continue in the launcher.")

    def ai_delay(self) -> float:
        return AI_DELAYS.get(self.speed, 0.0)

    def playing(self) -> Match | None:
        """The unfinished match of the game screen on top, also under a dialog or a
        pass-device screen (hot-seat); None at the launcher, in a replay, after the end."""
        from .screens.game import GameScreen

        for screen in reversed(self.screen_stack):
            if isinstance(screen, GameScreen):
                if screen.review is not None:
                    return None  # a replay: nothing to lose
                return None if screen.match.is_over else screen.match
        return None

    def game_in_progress(self) -> bool:
        return self.playing() is not None

    async def action_quit(self) -> None:
        match = self.playing()
        if match is None:
            self.exit()
            return
        if self.quit_dialog is not None and self.screen is self.quit_dialog:
            return  # already asking

        def done(yes: bool | None) -> None:
            self.quit_dialog = None
            if yes:
                self.exit()

        note = self.save_note(match)
        from .widgets.dialogs import ConfirmScreen  # when asked (see TYPE_CHECKING above)

        self.quit_dialog = ConfirmScreen(
            _("Quit footycards? The game is not finished.") + " " + note,
            _("Quit"),
            _("Keep playing"),
        )
        self.push_screen(self.quit_dialog, done)

    def on_game_screen_play_again(self, message: GameScreen.PlayAgain) -> None:
        """Play again from the end screen: the new match on its screen, saved as it goes."""
        self.switch_screen(self.game_screen(message.match))

    def on_game_screen_left(self, message: GameScreen.Left) -> None:
        """A game was left with nothing under it: the launcher, or the end of `footycards
        replay FILE` when that replay was left."""
        if message.replay and self.initial_replay is not None:
            self.exit()
        else:
            self.show_launcher()

    def on_launcher_screen_start(self, message: LauncherScreen.Start) -> None:
        """The launcher started a game (its screen posts this; the app navigates)."""
        self.start_game(message.pending)

    def open_tables(self, what: str) -> None:
        """Host (`host`), join (`join`) or watch (`watch`) a shared table (tables.py)."""
        from .screens.tables import HostScreen, TableListScreen

        self.push_screen(HostScreen() if what == "host" else TableListScreen(what == "watch"))

    def action_rules(self, game_id: str) -> None:
        from .screens.info import RulesScreen  # when asked: not before the first frame

        self.push_screen(RulesScreen(game_id))

    def action_show_keys(self) -> None:
        """List every key that works now, each once, grouped by what it belongs to.

        Only the app's own keys (every one has an id): Textual's built-in ones (scroll a
        container, copy text, page left) are left out, but for Tab and Shift+Tab, told in
        our words. A screen may add rows of its own (`keys_help_rows`, e.g. the launcher's
        "← → change a choice" while a choice is not focused)."""
        screen = self.screen
        groups: dict[str, dict[tuple[str, str], list[str]]] = {}
        for key, active in screen.active_bindings.items():
            binding = active.binding
            node = active.node
            if binding.id is None:  # Textual's own binding
                kept = TEXTUAL_KEYS_KEPT.get(binding.action)
                if kept is None:
                    continue
                binding = dataclasses.replace(binding, description=kept, tooltip="")
                node = self
            if not binding.description:
                continue
            if node is self:
                group = _("Everywhere")
            elif node is screen:
                group = _("On this screen")
            else:
                title = getattr(node, "BINDING_GROUP_TITLE", None)
                group = _(title) if title else _("Where the cursor is")
            what = _(binding.tooltip or binding.description)
            if isinstance(node, KeyHelp):  # a screen may say more now (why no undo …)
                what = node.key_help(binding.action, what)
            entry = (binding.action, what)
            shown = self.key_name(key)
            keys = groups.setdefault(group, {}).setdefault(entry, [])
            if shown not in keys:
                keys.append(shown)
        extra = screen.keys_help_rows() if isinstance(screen, KeysHelpRows) else []
        for group, keys_shown, what in extra:
            entries = groups.setdefault(group, {})
            if not any(w == what for _action, w in entries):
                entries[("", what)] = [keys_shown]
        rows: list[tuple[str, str, str]] = []
        for group, entries in groups.items():
            for (_action, what), keys in entries.items():
                rows.append((group, " ".join(keys), what))
        from .screens.info import KeysScreen  # when asked: not before the first frame

        self.push_screen(KeysScreen(rows))

    def key_name(self, key: str) -> str:
        """A key as people know it: ↑ for up, ^s for ctrl+s, ⏎ for enter."""
        return self.get_key_display(Binding(key, ""))

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "table_chat":
            return self.table_session is not None  # the chat key only at a shared table
        return True

    def action_table_chat(self) -> None:
        if self.table_session is not None:
            self.table_session.open_chat()

    def action_next_theme(self) -> None:
        """The next colour theme; its name in one notice, which replaces the last one (Ctrl+T
        pressed again and again does not pile notices up over the board)."""
        themes = sorted(self.available_themes)
        self.theme = themes[(themes.index(self.theme) + 1) % len(themes)]
        previous = self.theme_notice
        if previous is not None and previous in self._notifications:
            self._unnotify(previous, refresh=False)  # Textual has no public "replace"
        notice = Notification(
            _("Theme: {t}").format(t=self.theme),
            "",
            "information",
            self.NOTIFICATION_TIMEOUT,
            markup=False,
        )
        self.theme_notice = notice
        self.post_message(Notify(notice))
        self.remember_theme()

    def remember_theme(self) -> None:
        """Keep the theme for the next session (a failure is only told)."""
        self.settings.theme = self.theme
        problem = settings.update(self.settings_file, theme=self.theme)
        if problem:
            self.notify(problem, title=_("Settings"), severity="warning")
