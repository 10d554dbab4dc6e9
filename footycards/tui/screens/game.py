"""Provides GameScreen: the habits every game screen shares.

Whose view is on screen (hot-seat privacy behind the pass-device screen), AI moves at a
human pace, sending a human's notation to the engine with a clear message when it is
illegal, asking before leaving a game in progress, and the end screen. A game screen
subclasses it and implements `draw(view)` and, where the game asks people questions
outside their own turn, `prompt(seat, view)`.
"""

from __future__ import annotations

from textual.screen import Screen

from ...core import IllegalAction
from ...i18n import _
from ...seats import Table
from ..widgets.dialogs import ChoiceScreen, ConfirmScreen
from ..widgets.pass_device import PassDeviceScreen
from .end import EndScreen


class GameScreen(Screen):
    """A screen that plays one Table; subclasses draw views and offer the game's actions."""

    def __init__(self, table: Table) -> None:
        super().__init__()
        self.table = table
        self.viewer: int | None = None  # whose view is on screen (None: the public view)
        self.private_ok: int | None = None  # who confirmed the pass-device screen
        self.busy = False  # a dialog is open or an AI move is scheduled
        self.ended = False
        self.moves = 0  # actions applied through this screen

    # -- hooks for each game -------------------------------------------------

    def draw(self, view: dict) -> None:
        """Render a view (the seat's own, or the public one)."""
        raise NotImplementedError

    def has_private(self, view: dict) -> bool:
        """Whether this seat's view shows something the other people must not see."""
        return False

    def private_what(self, seat: int, view: dict) -> str:
        """What the pass-device screen says is due for that seat."""
        return _("{name}: your turn").format(name=self.seat_name(seat))

    def prompt(self, seat: int, view: dict) -> None:
        """Ask a human a question the game needs now (a response, a choice); default none."""

    def end_table(self, view: dict) -> tuple[list[str], list[list[str]]]:
        """Column headers and one row per seat for the end screen."""
        return [_("Score")], [[str(x)] for x in view["result"]["scores"]]

    # -- the flow ---------------------------------------------------------------

    @property
    def state(self):
        return self.table.state

    def seat_name(self, seat: int) -> str:
        return self.table.seats[seat].name

    def on_mount(self) -> None:
        self.advance()

    def on_resize(self, event) -> None:
        """Below 100 columns the screens switch to their narrow layout (80×24 works)."""
        self.set_class(event.size.width < 100, "-narrow")

    def on_screen_resume(self) -> None:
        """Back from a help or rules screen: carry on where the game stands."""
        if self.is_mounted and not self.busy:
            self.advance()

    def choose_viewer(self) -> int | None:
        """The human at the keyboard: the one to move, or the only human, else nobody."""
        seat = self.state.to_move
        humans = self.table.humans
        if seat is not None and not self.table.is_ai(seat):
            return seat
        if len(humans) == 1:
            return humans[0]
        return None

    def render_view(self) -> dict:
        """Draw the view of the seat at the keyboard, private parts only once confirmed."""
        viewer = self.choose_viewer()
        if viewer != self.viewer:
            self.private_ok = None
        self.viewer = viewer
        st = self.state
        view = st.view(viewer) if viewer is not None else st.public_view()
        if self.needs_pass(viewer, view):
            view = st.public_view()
        self.draw(view)
        return view

    def needs_pass(self, seat: int | None, view: dict) -> bool:
        """Private parts wait for the pass-device screen when several people share the keys."""
        return (
            seat is not None
            and len(self.table.humans) > 1
            and self.private_ok != seat
            and self.has_private(view)
        )

    def advance(self) -> None:
        """After any change: redraw, then ask whoever must act next."""
        self.render_view()
        st = self.state
        if self.busy:
            return  # a dialog is open or an AI move is on its way; it will call back
        if st.is_over:
            self.finish()
            return
        seat = st.to_move
        if self.table.is_ai(seat):
            self.schedule_ai()
            return
        own = st.view(seat)
        if self.needs_pass(seat, own):
            self.ask_pass_device(seat, self.private_what(seat, own))
            return
        self.prompt(seat, own)

    def send(self, notation: str) -> bool:
        """Apply a human's action; an illegal one is explained and changes nothing."""
        try:
            self.state.apply(notation)
        except IllegalAction as exc:
            self.notify(str(exc), title=_("Not allowed"), severity="warning")
            self.app.bell()
            return False
        self.moves += 1
        self.after_action(notation)
        self.advance()
        return True

    def after_action(self, action) -> None:
        """Called after every applied action (human or AI), before the redraw."""

    def can_act(self) -> bool:
        """Whether a human at the keyboard may act now."""
        st = self.state
        return not (self.busy or st.is_over or self.table.is_ai(st.to_move))

    def schedule_ai(self) -> None:
        self.busy = True
        delay = self.app.ai_delay() if hasattr(self.app, "ai_delay") else 0.0
        if delay <= 0:
            self.call_after_refresh(self.ai_step)
        else:
            self.set_timer(delay, self.ai_step)

    def ai_step(self) -> None:
        self.busy = False
        if not self.is_current or self.state.is_over or not self.table.is_ai(self.state.to_move):
            if self.is_current and not self.state.is_over:
                self.advance()
            return
        action = self.table.play_ai()
        self.moves += 1
        self.after_action(action)
        self.advance()

    def ask(self, screen, then) -> None:
        """Open a dialog; `then(answer)` runs when it closes and the flow goes on."""
        self.busy = True

        def done(answer) -> None:
            self.busy = False
            before = self.moves
            then(answer)
            if self.moves == before:
                self.advance()  # nothing was played (a confirmation, a cancel): carry on

        self.app.push_screen(screen, done)

    def ask_pass_device(self, seat: int, what: str) -> None:
        def confirmed(_ok) -> None:
            self.private_ok = seat

        self.ask(PassDeviceScreen(self.seat_name(seat), what), confirmed)

    def choose(
        self, title: str, choices: list[tuple[str, str]], body: str = "", cancellable: bool = True
    ) -> None:
        """Offer notation choices; the chosen one is sent (Esc sends nothing)."""

        def chosen(answer: str | None) -> None:
            if answer:
                self.send(answer)

        self.ask(ChoiceScreen(title, choices, body=body, cancellable=cancellable), chosen)

    # -- the end ------------------------------------------------------------------

    def finish(self) -> None:
        if self.ended:
            return
        self.ended = True
        view = self.state.public_view()
        headers, rows = self.end_table(view)
        self.app.push_screen(EndScreen(self.table, headers, rows), self.after_end)

    def after_end(self, answer: str | None) -> None:
        if answer == "again":
            self.app.switch_screen(type(self)(self.table.restart()))
        elif answer == "quit":
            self.app.exit()
        else:
            self.leave()

    def leave(self) -> None:
        self.app.pop_screen()
        if len(self.app.screen_stack) <= 1:
            self.app.show_launcher()

    def action_leave(self) -> None:
        if self.state.is_over:
            self.leave()
            return

        def done(yes: bool | None) -> None:
            if yes:
                self.leave()

        self.app.push_screen(
            ConfirmScreen(_("Leave this game? It is not finished."), _("Leave"), _("Keep playing")),
            done,
        )
