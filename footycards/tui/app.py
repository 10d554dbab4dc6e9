"""Provides FootyApp: the Textual application (launcher, game screens, settings)."""

from __future__ import annotations

from textual.app import App
from textual.binding import Binding

from ..i18n import _
from ..seats import Table
from .screens.info import KeysScreen, RulesScreen
from .widgets.dialogs import ConfirmScreen

AI_DELAYS = {"instant": 0.0, "fast": 0.25, "normal": 0.7, "slow": 1.4}


PLAYABLE = ("stadium", "quartett")  # games with a screen; the launcher offers only these


def game_screen(table: Table):
    """Return the screen that plays `table`'s game."""
    if table.game_id == "stadium":
        from .screens.stadium import StadiumScreen

        return StadiumScreen(table)
    if table.game_id == "quartett":
        from .screens.quartett import QuartettScreen

        return QuartettScreen(table)
    raise ValueError(f"no screen for game {table.game_id}")


class FootyApp(App):
    """The footycards terminal app: opens on the launcher, or straight into a game."""

    TITLE = "footycards"
    BINDINGS = [
        Binding("ctrl+q", "quit", _("Quit"), id="app.quit", priority=True, show=False),
        Binding("ctrl+t", "next_theme", _("Theme"), id="app.theme", show=False),
    ]

    def __init__(
        self, table: Table | None = None, speed: str = "normal", theme: str | None = None
    ) -> None:
        super().__init__()
        self.initial_table = table
        self.speed = speed
        if theme:
            self.theme = theme

    def on_mount(self) -> None:
        if self.initial_table is not None:
            self.open_game(self.initial_table)
        else:
            self.show_launcher()

    def show_launcher(self) -> None:
        from .screens.launcher import LauncherScreen

        self.push_screen(LauncherScreen())

    def open_game(self, table: Table) -> None:
        self.push_screen(game_screen(table))

    def ai_delay(self) -> float:
        return AI_DELAYS.get(self.speed, 0.0)

    def game_in_progress(self) -> bool:
        table = getattr(self.screen, "table", None)
        return table is not None and not table.state.is_over

    async def action_quit(self) -> None:
        if not self.game_in_progress():
            self.exit()
            return

        def done(yes: bool | None) -> None:
            if yes:
                self.exit()

        self.push_screen(
            ConfirmScreen(
                _("Quit footycards? The game in progress is lost."), _("Quit"), _("Keep playing")
            ),
            done,
        )

    def action_rules(self, game_id: str) -> None:
        self.push_screen(RulesScreen(game_id))

    def action_show_keys(self) -> None:
        seen = [("↑ ↓ ← → / h j k l", _("Move the cursor"))]
        for node in [self.screen.focused, self.screen, self]:
            if node is None:
                continue
            for b in node.BINDINGS:
                if isinstance(b, Binding):
                    keys = b.key_display or b.key
                    entry = (keys, b.description)
                    if entry not in seen:
                        seen.append(entry)
        seen.append(("ctrl+t", _("Next colour theme")))
        seen.append(("ctrl+p", _("Command palette (themes and more)")))
        seen.append(("ctrl+q", _("Quit footycards (asks first during a game)")))
        self.push_screen(KeysScreen(seen))

    def action_next_theme(self) -> None:
        themes = sorted(self.available_themes)
        self.theme = themes[(themes.index(self.theme) + 1) % len(themes)]
        self.notify(_("Theme: {t}").format(t=self.theme))
