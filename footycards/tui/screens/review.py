"""Provides replay mode for every game screen: the review keys, the move bar, the jump dialog.

`open_replay(app, replay)` opens the game's own screen (from the registry) on a
`Replay`, read-only: → and ← step one action, Home and End go to the deal and the last
action, `g` jumps to a move number, `v` cycles whose cards are shown (the public view,
then every card where the engine offers `review_view()` (Stadium, Sadikov), then each seat's own
view; an unfinished game with more than one person shows the public view only). The keys
that would play are refused with a message; no AI runs and no pass-device screen comes
(it is post-game review).
"""

from __future__ import annotations

from typing import Any, Protocol, runtime_checkable

from textual.app import App, ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen, Screen
from textual.widgets import Button, Input, Static

from ...i18n import N_, _
from ...narration import event_text
from ...replay import ALL, Replay
from ..styled_once import StyledOnce
from ..textual_internals import clear_bindings, key_bindings
from ..widgets.dialogs import DIALOG_CSS
from ..widgets.keybar import KeyBar


@runtime_checkable
class Reviewed(Protocol):
    """What replay mode asks of a game screen beyond a Screen (every GameScreen has it)."""

    def show_status(self, text: str) -> None: ...

    def describe(self, event: Any) -> str: ...

    def start_review(self, replay: Replay) -> None: ...


# The review keys: (keys, action, description, tooltip for the keys help, in the footer).
# Priority bindings: they come before whatever the game screen or its widgets bind.
REVIEW_KEYS = [
    ("left", "review_step(-1)", N_("Back"), N_("One action back"), True),
    ("right", "review_step(1)", N_("Next"), N_("One action forward"), True),
    ("home", "review_goto('start')", N_("Start"), N_("To the deal"), False),
    ("end", "review_goto('end')", N_("End"), N_("To the last action"), False),
    ("g", "review_jump", N_("Go to"), N_("Go to move number N"), True),
    (
        "v",
        "review_viewpoint",
        N_("Whose cards"),
        N_(
            "Whose cards are shown: public view → all cards (where the game can show them) "
            "→ P1's → P2's …"
        ),
        True,
    ),
]
# Keys game screens and their widgets use to play, refused in a replay with a message.
PLAY_KEYS = ["enter", "space", *[str(n) for n in range(1, 10)]]
# Game-screen actions a replay keeps: leaving, the keys help, the rules, app actions.
KEPT_ACTIONS = ("leave",)


def review_bindings(screen: Screen) -> None:
    """Turn the screen's bindings into the replay's: review keys added, play keys refused."""
    table = key_bindings(screen)
    for key, items in list(table.items()):
        kept = [b for b in items if b.action in KEPT_ACTIONS or b.action.startswith("app.")]
        if kept:
            table[key] = kept
        else:
            table[key] = [Binding(key, "review_refused", "", show=False, priority=True)]
    for key in PLAY_KEYS:
        table[key] = [Binding(key, "review_refused", "", show=False, priority=True)]
    for key, action, description, tooltip, show in REVIEW_KEYS:
        table[key] = [
            Binding(
                key,
                action,
                _(description),
                tooltip=_(tooltip),
                id=f"review.{key}",
                priority=True,
                show=show,
            )
        ]


def position_text(replay: Replay) -> str:
    """The position indicator: "move 12 / 80", or the deal."""
    if replay.position == 0:
        return _("the deal · move 0 / {total}").format(total=replay.total)
    return _("move {n} / {total}").format(n=replay.position, total=replay.total)


def viewpoint_text(replay: Replay) -> str:
    point = replay.viewpoint
    if replay.hands_hidden:
        return _("public view only: the game is not finished, so no hand is shown")
    if point is None:
        return _("public view")
    if point == ALL:
        return _("all cards shown (face-down cards as looks)")
    assert isinstance(point, int)
    names = [s.name for s in replay.record.seats]
    return _("cards of P{n} {name}").format(n=point + 1, name=names[point])


def narration_text(replay: Replay, describe: Any = None) -> str:
    """What the action at this position did, in words."""
    move = replay.current()
    if move is None:
        return _("The deal. → steps forward.")
    names = [s.name for s in replay.record.seats]
    said = [
        describe(e) if describe else event_text(replay.match.spec, e, names) for e in move.events
    ]
    who = names[move.seat]
    text = _("{name}: {move}").format(name=who, move=move.action)
    if said:
        text += " — " + " ".join(said)
    return text


class ReviewBar(Static):
    """The replay's line above the key bar: position, viewpoint, and the action's narration."""

    DEFAULT_CSS = """
    ReviewBar { height: auto; max-height: 4; background: $boost; padding: 0 1; }
    """


def mount_review(screen: Screen) -> None:
    """Once the screen's widgets exist: their own keys (a cursor, a call) are off, as the
    screen's review keys rule a replay, and the move bar goes above the key bar."""
    for widget in screen.query("*"):
        clear_bindings(widget)
    bar = ReviewBar(id="review-bar")
    keys = list(screen.query(KeyBar))
    if keys:
        screen.mount(bar, before=keys[0])
    else:
        screen.mount(bar)


def show_review(screen: Screen, replay: Replay) -> None:
    """The replay's words on a drawn screen: its keys on the status line (not the game's
    play hint), its position and narration on the move bar."""
    assert isinstance(screen, Reviewed), "a game screen shows replays"
    screen.show_status(_("Replay: ← → step, Home/End, g go to a move, v whose cards, q leave"))
    for bar in screen.query(ReviewBar):
        bar.update(
            f"{position_text(replay)} · {viewpoint_text(replay)}\n"
            + narration_text(replay, screen.describe)
        )


class JumpScreen(StyledOnce, ModalScreen[int | None]):
    """Asks for a move number; returns it, or None when cancelled."""

    DEFAULT_CSS = "JumpScreen {" + DIALOG_CSS + "}"
    BINDINGS = [Binding("escape", "cancel", N_("Cancel"), id="jump.cancel")]

    def __init__(self, total: int) -> None:
        super().__init__()
        self.total = total

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Static(
                _("Go to move (0 to {total})").format(total=self.total),
                classes="title",
                markup=False,
            )
            yield Input(placeholder=_("move number"), id="move")
            yield Static("", id="jump-error", classes="body", markup=False)
            yield Button(_("Go"), variant="primary", id="go")

    def on_mount(self) -> None:
        self.query_one(Input).focus()

    def on_input_submitted(self, event: Input.Submitted) -> None:
        event.stop()
        self.submit()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        self.submit()

    def submit(self) -> None:
        text = self.query_one(Input).value.strip()
        if text.isdecimal() and 0 <= int(text) <= self.total:
            self.dismiss(int(text))
            return
        self.query_one("#jump-error", Static).update(
            _("'{text}' is not a move number from 0 to {total}").format(text=text, total=self.total)
        )
        self.app.bell()

    def action_cancel(self) -> None:
        self.dismiss(None)


def replay_screen(replay: Replay) -> Screen:
    """The game's own screen (from the registry) in replay mode on `replay`."""
    factory = replay.match.spec.screen_factory()
    screen = factory(replay.match, set(), False)
    assert isinstance(screen, Screen) and isinstance(screen, Reviewed)
    screen.start_review(replay)
    return screen


def open_replay(app: App, replay: Replay) -> None:
    app.push_screen(replay_screen(replay))
