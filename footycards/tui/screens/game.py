"""Provides GameScreen: the habits every game screen shares, as a front end of the match loop.

The screen listens to its `Match` and keeps only drawing and input: whose view is on
screen (hot-seat privacy behind the pass-device screen when several people share the
keys), AI decisions in a worker off the event loop with the pace applied after, sending
a person's notation with a clear message when it is refused, asking before leaving a
game in progress, and the end screen. A game screen subclasses it and implements
`draw(view)`, `show_status(text)` (its status line) and, where the game asks people
questions outside their own turn, `prompt(seat, view)`. The keys help (`?`), the game's
rules (`F1`) and leaving (`q`) are bound here for every game, after the game's own keys.

Two modes every game screen gets from here: undo against the AI (`u`: `Match.undo`,
refused with the reason, e.g. with two people at the keys; across a card seen it asks
first, and the game then counts as practice), and replay mode
(`start_review`, see review.py): the same screen on a recorded game, read-only.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from typing import Any

from textual.binding import Binding
from textual.message import Message
from textual.screen import Screen
from textual.signal import Signal

from ...ai.hints import hint
from ...core import IllegalAction
from ...i18n import N_, _
from ...match import Applied, Match, Undone, UndoRefused, make_agent
from ...narration import event_text, refusal, undo_question, undone_text
from ...replay import Replay
from ...stats import record_finished
from ..hint_words import hint_text
from ..host import FootyHost
from ..ladder import suggestion, suggestion_text
from ..styled_once import StyledOnce
from ..textual_internals import app_closing, being_removed, current_app
from ..translate import add_bindings, translate_bindings
from ..weak_listener import weakly
from ..widgets.dialogs import ChoiceScreen, ConfirmScreen
from ..widgets.keybar import KeyBar
from ..widgets.pass_device import PassDeviceScreen
from .end import EndScreen
from .review import (
    JumpScreen,
    mount_review,
    replay_screen,
    review_bindings,
    show_review,
    viewpoint_text,
)
from .too_small import check_size


def game_keys(game_id: str) -> list[Binding]:
    """The keys every game screen has, after the game's own in the key bar: the keys
    help, the rules of this game (F1) and leaving the game."""
    return [
        Binding("question_mark", "app.show_keys", N_("Keys"), id="game.keys", key_display="?"),
        Binding("f1", f"app.rules({game_id!r})", N_("Rules"), id="game.rules"),
        Binding(
            "h",
            "hint",
            N_("Hint"),
            id="game.hint",
            tooltip=N_("What the pro AI would play for you now, and why"),
        ),
        # `h` where no hint is ever given (a shared table, a replay): not on the key bar,
        # and the key still says why
        Binding("h", "hint_refused", N_("Hint"), id="game.hint_refused", show=False),
        Binding("q,escape", "leave", N_("Leave"), id="game.quit"),
    ]


class GameScreen(StyledOnce, Screen):
    """A screen that plays one Match; subclasses draw views and offer the game's actions.

    `local` are the human seats answered at this terminal: every human for hot-seat play
    (the default), one seat for a player with a terminal of their own. The pass-device
    screen is only needed when more than one person shares the keys. Of several front ends
    of one match, one `drive_ai`: it lets the AI seats move.
    """

    # `u` is in the key bar while an undo is possible; otherwise the second binding of
    # the key (not shown) says why not, and the keys help (`?`) says so too.
    class PlayAgain(Message):
        """The players chose to play again: the app opens the new match's screen."""

        def __init__(self, match: Match) -> None:
            super().__init__()
            self.match = match

    class Left(Message):
        """The game (or its replay) was left with nothing under it: the app goes on (the
        launcher; `footycards replay FILE` ends)."""

        def __init__(self, replay: bool) -> None:
            super().__init__()
            self.replay = replay

    BINDINGS = [
        Binding(
            "u",
            "undo",
            N_("Undo"),
            id="game.undo",
            tooltip=N_("Undo your last move and the AI's replies"),
        ),
        Binding(
            "u",
            "undo_refused",
            N_("Undo"),
            id="game.undo_refused",
            show=False,
            tooltip=N_("Undo your last move (one person against the AI)"),
        ),
    ]

    def __init__(self, match: Match, local: set[int] | None = None, drive_ai: bool = True) -> None:
        super().__init__()
        add_bindings(self, game_keys(match.spec.id))  # after the game's own keys
        translate_bindings(self)
        self.match = match
        self.local = set(match.humans) if local is None else set(local)
        self.drive_ai = drive_ai  # one front end of a shared match lets the AI seats move
        self.viewer: int | None = None  # whose view is on screen (None: the public view)
        self.private_ok: int | None = None  # who confirmed the pass-device screen
        self.busy = False  # a dialog is open or an AI decision is on its way
        self.ended = False
        self.moves = 0  # actions applied since this screen opened
        self.unsubscribe: Callable[[], None] | None = None
        self.unsubscribe_undo: Callable[[], None] | None = None
        self.review: Replay | None = None  # replay mode: a recorded game, read-only
        self.own_app: Any = None  # the app this screen runs in (set when mounted)
        # Told when the game ended on this screen (its last move shown): a plain observer
        # (a shared table's session subscribes its room to show the result there).
        self.game_over: Signal[GameScreen] = Signal(self, "game_over")
        # Whether this screen shows the result and offers the next game itself; at a
        # shared table the table's session does, told through `game_over`.
        self.ends_here = True
        self.last_hint = ""  # the last hint shown (`h`), in words
        self.ladder_note = ""  # the next AI level to try, once the statistics say so

    # -- hooks for each game -------------------------------------------------

    def draw(self, view: dict) -> None:
        """Render a view (the seat's own, or the public one)."""
        raise NotImplementedError

    def show_status(self, text: str) -> None:
        """Put `text` on the screen's status line (replay mode says its keys there)."""
        raise NotImplementedError

    def private_what(self, seat: int, view: dict) -> str:
        """What the pass-device screen says is due for that seat."""
        return _("{name}: your turn").format(name=self.seat_name(seat))

    def prompt(self, seat: int, view: dict) -> None:
        """Ask a human a question the game needs now (a response, a choice); default none."""

    def end_table(self, view: dict) -> tuple[list[str], list[list[str]]]:
        """Column headers and one row per seat for the end screen."""
        return [_("Score")], [[str(x)] for x in view["result"]["scores"]]

    def after_action(self, applied: Applied) -> None:
        """Called after every applied action (a person's or an AI's), before the redraw."""

    def after_undo(self, undone: Undone) -> None:
        """Called after an undo, before the redraw: forget what was drawn of the moves gone."""

    # -- the flow ---------------------------------------------------------------

    def seat_name(self, seat: int) -> str:
        return self.match.name(seat)

    def describe(self, event: Any) -> str:
        """A log entry of the game in words (the session's language)."""
        return event_text(self.match.spec, event, self.match.names())

    def on_mount(self) -> None:
        """Listen to the match and ask whoever is due. Textual calls `on_mount` of every
        class in the chain, so a subclass must not call it again; a second call is ignored."""
        if self.unsubscribe is not None:
            return
        self.own_app = self.app
        if self.review is not None:
            self.unsubscribe = lambda: None
            mount_review(self)
            self.call_after_refresh(self.advance)
            return
        # weakly: a screen dropped without its Unmount is not kept by the match
        self.unsubscribe = self.match.subscribe(weakly(self.heard))
        self.unsubscribe_undo = self.match.subscribe_undo(weakly(self.on_undone))
        self.advance()

    def heard(self, applied: Applied) -> None:
        """The match's listener. An action applied elsewhere (another terminal's app, a
        shared table's AI) runs in another context: handle it on this screen's own queue."""
        if current_app() is self.own_app:
            self.on_applied(applied)
        else:
            self.call_later(self.on_applied, applied)

    def on_unmount(self) -> None:
        if self.unsubscribe is not None:
            self.unsubscribe()
            self.unsubscribe = None
        if self.unsubscribe_undo is not None:
            self.unsubscribe_undo()
            self.unsubscribe_undo = None

    def on_resize(self, event) -> None:
        """Below 100 columns the screens switch to their narrow layout (80×24 works): the
        footer packs its keys closer and leaves out the palette, so "q Leave" stays."""
        narrow = event.size.width < 100
        self.set_class(narrow, "-narrow")
        check_size(self, event.size)
        for footer in self.query(KeyBar):
            footer.compact = narrow
            footer.show_command_palette = not narrow

    def on_screen_resume(self) -> None:
        """Back from a help or rules screen: carry on where the game stands."""
        if self.is_mounted and not self.busy:
            self.advance()

    def leaving(self) -> bool:
        """Whether this screen is being taken down (the app quits or the screen is popped):
        its widgets may already be gone, so nothing is drawn or played from it."""
        return not self.is_mounted or being_removed(self) or app_closing(self.app)

    def on_applied(self, applied: Applied) -> None:
        """The match applied an action (from this screen, an AI, or another front end)."""
        self.moves += 1
        if self.leaving():
            return  # the match goes on without this screen (another front end, a save)
        if applied.is_over and self.drive_ai:  # one front end of a match records it
            self.app.run_worker(self.record_stats(), group="stats")
        self.after_action(applied)
        self.advance()

    async def record_stats(self) -> None:
        """Add the finished game to the statistics (off the event loop); a problem is told
        once per session and never stops the game."""
        app = self.app
        # the game's save file names it in the stats
        saver = app.autosaver if isinstance(app, FootyHost) else None
        record_id = saver.id if saver is not None and saver.match is self.match else None
        message = await asyncio.to_thread(record_finished, self.match, None, record_id)
        if not message and self.ends_here:  # recorded: a run of wins suggests the next level
            found = await asyncio.to_thread(suggestion, self.match)
            if found is not None:
                self.show_ladder(suggestion_text(*found))
        if not message or (isinstance(app, FootyHost) and app.stats_told):
            return
        app.notify(message, title=_("Statistics"), severity="warning", timeout=10)
        if isinstance(app, FootyHost):
            app.stats_told = True

    def show_ladder(self, text: str) -> None:
        """The next AI level to try, on this match's end screen (now or once it opens)."""
        self.ladder_note = text
        for screen in self.app.screen_stack:
            if isinstance(screen, EndScreen) and screen.match is self.match:
                screen.suggest(text)

    def is_local(self, seat: int | None) -> bool:
        """Whether `seat` is a person at this terminal."""
        return seat is not None and seat in self.local

    def choose_viewer(self) -> int | None:
        """The person at the keyboard: the one to move, or the only local person, else nobody."""
        seat = self.match.due
        if self.is_local(seat):
            return seat
        if len(self.local) == 1:
            return next(iter(self.local))
        return None

    def render_view(self) -> dict:
        """Draw the view of the seat at the keyboard, private parts only once confirmed."""
        if self.review is not None:
            return self.render_review()
        viewer = self.choose_viewer()
        if viewer != self.viewer:
            self.private_ok = None
        self.viewer = viewer
        match = self.match
        if viewer is None or self.needs_pass(viewer):
            view = match.public_view()
        else:
            view = match.view(viewer)
        self.draw(view)
        return view

    def needs_pass(self, seat: int | None) -> bool:
        """Private parts wait for the pass-device screen when several people share the keys."""
        return (
            seat is not None
            and len(self.local) > 1
            and self.private_ok != seat
            and self.match.has_private(seat)
        )

    def advance(self) -> None:
        """After any change: redraw, then ask whoever must act next."""
        self.render_view()
        self.refresh_bindings()  # `u` shows while an undo is possible
        match = self.match
        if self.review is not None:
            return  # a replay: nobody is asked, nothing ends
        if self.busy:
            return  # a dialog is open or an AI move is on its way; it will call back
        if match.is_over:
            self.finish()
            return
        seat = match.due
        if match.is_ai(seat):
            if self.drive_ai:
                self.schedule_ai()
            return
        if not self.is_local(seat):
            return  # a person at another terminal decides; their move reaches us as an event
        assert seat is not None
        own = match.view(seat)
        if self.needs_pass(seat):
            self.ask_pass_device(seat, self.private_what(seat, own))
            return
        self.prompt(seat, own)

    def send(self, notation: str) -> bool:
        """Apply a person's action; a refused one is explained and changes nothing."""
        if self.review is not None:
            self.action_review_refused()
            return False
        try:
            self.match.apply(notation, seat=self.match.due)
        except IllegalAction as exc:
            self.notify(refusal(exc), title=_("Not allowed"), severity="warning")
            self.app.bell()
            return False
        return True

    def can_act(self) -> bool:
        """Whether a person at the keyboard may act now."""
        match = self.match
        if self.review is not None:
            return False
        return not (self.busy or match.is_over or not self.is_local(match.due))

    def say_whose_move(self) -> None:
        """A key for a move while another terminal's player is due (a shared table): say
        whose move it is, instead of doing nothing without a word."""
        match = self.match
        seat = match.due
        if self.review is not None or seat is None or self.busy or self.is_local(seat):
            return
        if match.is_ai(seat):
            return  # the AI is thinking; the status line says so
        self.notify(
            _("It is {name}'s move.").format(name=self.seat_name(seat)),
            title=_("Wait"),
            markup=False,
        )

    # -- AI seats -------------------------------------------------------------------

    def schedule_ai(self) -> None:
        """Let the AI seat due decide in a worker thread; its move is applied at the pace."""
        self.busy = True
        self.run_worker(self.ai_turn(len(self.match.actions)), group="ai", exclusive=True)

    def ai_pace(self) -> float:
        """The least time the AI seat due takes to decide (the app's pace); a game may
        want another for some decisions (World Wave: every answer in a response window
        takes the same time, W5.2)."""
        return self.app.ai_delay() if isinstance(self.app, FootyHost) else 0.0

    async def ai_turn(self, number: int) -> None:
        match = self.match
        try:
            action = await match.decide_paced(self.ai_pace())
        except asyncio.CancelledError:
            # The screen or the app closes: nothing to apply. Not raised on: Textual's
            # worker would keep it, and its traceback (the frames of this turn) would
            # lead back to the ended app outside the app's own objects (a server then
            # frees that app only with a full collection).
            return
        finally:
            self.busy = False
        if len(match.actions) != number or match.is_over:
            return  # something else moved meanwhile: nothing to apply
        if self.leaving():
            return  # the app quits while the AI was thinking: its move is not played
        if not self.is_current:
            return  # a help screen is open: the decision is made again on return
        match.apply(action)

    # -- hints ----------------------------------------------------------------------

    def hint_refusal(self) -> str | None:
        """Why `h` gives no hint now, in words; None when it can."""
        if self.review is not None:
            return _("this is a replay")
        if not self.ends_here:
            return _("hints are off at a shared table")
        if not self.can_act():
            return _("wait until it is your move")
        return None

    def action_hint_refused(self) -> None:
        """`h` where hints are never given: say why."""
        self.action_hint()

    def action_hint(self) -> None:
        """`h`: what `hard` would play for the seat to move, and why, on the status line
        (worked out off the event loop); the game is then marked as hinted."""
        why = self.hint_refusal()
        if why is not None:
            self.notify(_("No hint: {why}.").format(why=why), title=_("Hint"))
            return
        seat = self.match.due
        assert seat is not None
        self.run_worker(self.hint_turn(seat, len(self.match.actions)), group="hint", exclusive=True)

    async def hint_turn(self, seat: int, number: int) -> None:
        match = self.match
        view = match.view(seat)
        legal = match.legal_actions()
        try:
            agent = make_agent(match.game_id, "hard")  # fresh: it reads the view alone
            seed = number * 7 + seat
            found = await asyncio.to_thread(hint, match.game_id, view, legal, agent, seed)
        except asyncio.CancelledError:
            return  # the screen closes: no hint to show
        if len(match.actions) != number or self.leaving():
            return  # a move was played meanwhile: the hint is for a position gone
        match.hinted = True
        self.last_hint = _("Hint: {text}").format(text=hint_text(found, match.names()))
        self.show_status(self.last_hint)

    # -- dialogs ------------------------------------------------------------------

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
        self.game_over.publish(self)
        if not self.ends_here:
            return
        view = self.match.public_view()
        headers, rows = self.end_table(view)
        end = EndScreen(self.match, headers, rows)
        end.ladder = self.ladder_note
        self.app.push_screen(end, self.after_end)

    def after_end(self, answer: str | None) -> None:
        if answer == "again":
            match = self.match.restart()
            if isinstance(self.app, FootyHost):  # the app opens it (saved as it goes)
                self.post_message(self.PlayAgain(match))
            else:
                factory = self.match.spec.screen_factory()
                self.app.switch_screen(factory(match, self.local, self.drive_ai))
        elif answer == "quit":
            self.app.exit()
        elif answer == "watch":
            self.watch_again()
        else:
            self.leave()

    def watch_again(self) -> None:
        """Replace this screen by the replay of the game just finished (at its last move)."""
        try:
            replay = Replay.of_match(self.match)
        except ValueError as exc:  # RecordError/ReplayError: should not happen, but say it
            self.notify(str(exc), title=_("No replay"), severity="error")
            self.leave()
            return
        replay.goto(replay.total)
        self.app.switch_screen(replay_screen(replay))

    def leave(self) -> None:
        self.app.pop_screen()
        if len(self.app.screen_stack) <= 1:
            if isinstance(self.app, FootyHost):  # the app says what comes next
                self.app.post_message(self.Left(replay=self.review is not None))
            else:
                self.app.exit()

    def action_leave(self) -> None:
        if self.match.is_over or self.review is not None:
            self.leave()
            return

        def done(yes: bool | None) -> None:
            if yes:
                self.leave()

        text = _("Leave this game? It is not finished.")
        if isinstance(self.app, FootyHost):
            text += " " + self.app.save_note(self.match)
        self.app.push_screen(ConfirmScreen(text, _("Leave"), _("Keep playing")), done)

    # -- undo against the AI ----------------------------------------------------------

    def undo_refusal(self) -> str | None:
        """Why `u` cannot undo now, in words; None when it can (maybe after asking)."""
        if self.review is not None:
            return _("this is a replay")
        if self.busy:
            return _("wait until it is your move again")
        refused = self.match.undo_refusal(anyway=True)
        return None if refused is None else refusal(refused)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "undo":
            return self.undo_refusal() is None  # False: the key falls to `undo_refused`
        if action == "hint":  # False: the key falls to `hint_refused`
            return self.ends_here and self.review is None
        return True

    def key_help(self, action: str, text: str) -> str:
        """What the keys help (`?`) says of an action: undo says when it is not possible."""
        if action == "undo_refused":
            why = self.undo_refusal()
            if why is not None:
                return _("Undo is not possible now: {why}").format(why=why)
        if action == "undo" and self.match.undo_crossing() and not self.match.practice:
            return _(
                "Undo your last move and the AI's replies (asks first: you have seen "
                "something hidden, and the game then counts as practice)"
            )
        return text

    def action_undo(self) -> None:
        """Take back the person's last move and the AI's replies; across something hidden
        the person is asked once whether the game may count as practice."""
        kind = self.match.undo_crossing()
        if kind is None or self.match.practice:
            self.undo_now(anyway=True)
            return
        self.busy = True

        def answered(yes: bool | None) -> None:
            self.busy = False
            if yes:
                self.undo_now(anyway=True)
            else:
                self.advance()

        self.app.push_screen(
            ConfirmScreen(undo_question(kind), _("Undo"), _("Keep playing")), answered
        )

    def action_undo_refused(self) -> None:
        """`u` when no undo is possible: say why."""
        if self.review is not None:
            self.action_review_refused()
            return
        if self.busy:
            self.notify(_("Wait until it is your move again."), title=_("No undo"))
            return
        self.undo_now(anyway=False)

    def undo_now(self, anyway: bool) -> None:
        try:
            removed = self.match.undo(anyway=anyway)
        except UndoRefused as exc:
            self.notify(refusal(exc), title=_("No undo"), severity="warning")
            self.app.bell()
            return
        text = undone_text(removed)
        if self.match.practice:
            text += " " + _("This game counts as practice.")
        self.notify(text, title=_("Undo"))

    def on_undone(self, undone: Undone) -> None:
        """The match took moves back (from this screen or another front end)."""
        self.after_undo(undone)
        self.advance()

    # -- replay mode ------------------------------------------------------------------

    def start_review(self, replay: Replay) -> None:
        """Make this screen a read-only replay of `replay` (before it is mounted)."""
        self.review = replay
        self.local = set()
        self.drive_ai = False
        review_bindings(self)

    def render_review(self) -> dict:
        replay = self.review
        assert replay is not None
        view = replay.view()
        self.viewer = replay.viewpoint if isinstance(replay.viewpoint, int) else None
        self.draw(view)
        show_review(self, replay)
        return view

    def action_review_step(self, by: int) -> None:
        if self.review is not None:
            self.review.step(by)
            self.render_view()

    def action_review_goto(self, where: str) -> None:
        if self.review is not None:
            self.review.goto(0 if where == "start" else self.review.total)
            self.render_view()

    def action_review_jump(self) -> None:
        replay = self.review
        if replay is None:
            return

        def chosen(number: int | None) -> None:
            if number is not None:
                replay.goto(number)
                self.render_view()

        self.app.push_screen(JumpScreen(replay.total), chosen)

    def action_review_viewpoint(self) -> None:
        if self.review is not None:
            self.review.next_viewpoint()
            self.render_view()
            self.notify(viewpoint_text(self.review), title=_("Replay"))

    def action_review_refused(self) -> None:
        self.notify(
            _("This is a replay: no move can be played. ← → step, g goes to a move, q leaves."),
            title=_("Replay"),
            severity="warning",
        )
        self.app.bell()
