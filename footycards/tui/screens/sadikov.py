"""Provides SadikovScreen: playing Sadikov's Football in the terminal (hot-seat or against AI).

The five columns are drawn as a cascade in the middle (`SadikovTable`); each player's
aktiv is on the right with the match feed. A move is a column: ←/→ and Enter, a number
key 1–5, or a click; columns closed to the player to move (F3.3) are dimmed and refused
with the reason. The shots of an applied action are animated step by step from its
events (the kind of shot, how many keeper cards it allows, each keeper card, SAVED or
GOAL!); `s` skips the animation. A half-time notice follows the last move of the first
half; the end screen comes from GameScreen. Every card is public, so there is no
pass-device screen: the screen only ever reads views.
"""

from __future__ import annotations

from typing import Any

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.timer import Timer
from textual.widgets import Static

from ...i18n import N_, _, ngettext
from ...match import Applied, Match
from ...textmode import sadikov as sadikov_text
from ..host import FootyHost
from ..widgets.dialogs import ChoiceScreen
from ..widgets.feed import MatchFeed
from ..widgets.keybar import KeyBar
from ..widgets.sadikov_table import AktivPanel, SadikovTable, card_text, suit_text
from ..widgets.titlebar import TitleBar
from .game import GameScreen

KIND_NAMES = {
    "long": N_("LONG SHOT"),
    "free": N_("FREE KICK"),
    "corner": N_("CORNER"),
    "shot": N_("SHOT"),
    "kick": N_("PENALTY KICK"),
}

# Seconds between two steps of a shot's animation, by the app's AI speed (`--speed`).
ANIMATION_STEPS = {"instant": 0.0, "fast": 0.35, "normal": 0.7, "slow": 1.2}


def half_name(half: int) -> str:
    return _("1st half") if half == 1 else _("2nd half")


def reshuffled_text(n: int) -> str:
    """The keeper deck shuffled again from its discards (F4.4), in the right plural."""
    return ngettext(
        "keeper deck reshuffled ({n} card)", "keeper deck reshuffled ({n} cards)", n
    ).format(n=n)


class SadikovScreen(GameScreen):
    """One game of Sadikov's Football."""

    CSS_PATH = "sadikov.tcss"

    BINDINGS = [
        Binding("s", "skip", N_("Skip"), id="sadikov.skip", tooltip=N_("Skip the shot animation")),
        Binding(
            "1",
            "take(1)",
            N_("Take"),
            id="sadikov.take1",
            show=False,
            tooltip=N_("Take the top card of column 1"),
        ),
        Binding(
            "2",
            "take(2)",
            N_("Take"),
            id="sadikov.take2",
            show=False,
            tooltip=N_("Take the top card of column 2"),
        ),
        Binding(
            "3",
            "take(3)",
            N_("Take"),
            id="sadikov.take3",
            show=False,
            tooltip=N_("Take the top card of column 3"),
        ),
        Binding(
            "4",
            "take(4)",
            N_("Take"),
            id="sadikov.take4",
            show=False,
            tooltip=N_("Take the top card of column 4"),
        ),
        Binding(
            "5",
            "take(5)",
            N_("Take"),
            id="sadikov.take5",
            show=False,
            tooltip=N_("Take the top card of column 5"),
        ),
    ]

    def __init__(
        self,
        match: Match,
        local: set[int] | None = None,
        drive_ai: bool = True,
        *,
        animation: float | None = None,
    ) -> None:
        """`animation`: seconds per step of a shot's animation (0: none); by default from
        the app's speed (instant: none, so tests run at once)."""
        super().__init__(match, local, drive_ai)
        self.animation = animation
        self.frames: list[tuple[bool, Text]] = []  # (clears the panel first, the line)
        self.shot_lines: list[Text] = []  # what the shot panel shows
        self.animating = False
        self.timer: Timer | None = None
        self.half_time: dict[str, Any] | None = None  # a half-time notice still to show

    # -- layout ---------------------------------------------------------------

    def compose(self) -> ComposeResult:
        yield TitleBar()
        with Horizontal(id="sadikov"):
            with Vertical(id="board"):
                yield Static(id="scoreline", markup=False)
                yield SadikovTable(self.match.public_view(), id="table")
                yield Static(id="shot", markup=False)
                yield Static(id="decks", markup=False)
                yield Static(id="status", markup=False)
            with Vertical(id="side"):
                yield AktivPanel(0, id="aktiv-0")
                yield AktivPanel(1, id="aktiv-1")
                feed = MatchFeed(id="feed")
                feed.can_focus = False  # the arrow keys stay with the table
                yield feed
        yield KeyBar()

    def on_mount(self) -> None:
        # Textual then calls GameScreen.on_mount too, which starts the game flow.
        self.title = _("Sadikov's Football")
        self.query_one(SadikovTable).focus()
        self.query_one("#shot", Static).display = False

    def on_resize(self, event) -> None:
        # GameScreen.on_resize (called after this one) sets -narrow; the status follows it.
        self.call_later(self.update_status)

    def describe(self, event: Any) -> str:
        """A log entry in words, with the ranks lettered as on the table (F1.3)."""
        letters = self.match.public_view().get("letters", "en")
        return sadikov_text.describe(event, self.match.names(), letters)

    def step_seconds(self) -> float:
        if self.animation is not None:
            return self.animation
        speed = self.app.speed if isinstance(self.app, FootyHost) else "instant"
        return ANIMATION_STEPS.get(speed, 0.0)

    # -- GameScreen hooks -------------------------------------------------------

    def show_status(self, text: str) -> None:
        self.query_one("#status", Static).update(text)

    def draw(self, view: dict) -> None:
        self.query_one(SadikovTable).show(view)
        if not self.animating:  # the score, aktivs, keeper cards and feed tell the ending
            ai = set(self.match.agents)
            for panel in self.query(AktivPanel):
                panel.show(view, panel.seat in ai)
            self.query_one(MatchFeed).sync(view["log"], self.describe)
            self.query_one("#scoreline", Static).update(self.score_text(view))
            self.query_one("#decks", Static).update(self.decks_text(view))
        self.sub_title = self.turn_text(view)
        self.update_status(view)

    def end_table(self, view: dict) -> tuple[list[str], list[list[str]]]:
        res = view["result"]
        if res.get("shootout"):
            headers = [_("Goals"), _("Shoot-out")]
            return headers, [
                [str(g), str(k)] for g, k in zip(res["scores"], res["shootout"], strict=True)
            ]
        return [_("Goals")], [[str(g)] for g in res["scores"]]

    def after_action(self, applied: Applied) -> None:
        """Announce an extra move; animate the shots of the action from its events."""
        names = self.match.names()
        for e in applied.events:
            if e.get("event") == "take" and e.get("extra"):
                self.notify(
                    _("Attack! {name} has an extra move.").format(name=names[e["seat"]]),
                    title=_("Extra move"),
                )
            if e.get("event") == "half_time":
                self.half_time = e
        frames = self.shot_frames(applied.events)
        if not frames:
            return
        self.stop_timer()
        self.frames = frames
        if self.step_seconds() <= 0:
            self.play_frames(all_of_them=True)
            return
        self.animating = True
        self.busy = True
        self.refresh_bindings()
        self.play_frames()

    # -- the shot animation ---------------------------------------------------

    def shot_frames(self, events: list[Any]) -> list[tuple[bool, Text]]:
        """The animation of an action's shots: one line per step, from its events."""
        names = self.match.names()
        letters = self.match.public_view().get("letters", "en")
        frames: list[tuple[bool, Text]] = []
        kind = ""
        turned = 0
        for e in events:
            ev = e.get("event")
            if ev == "shot":
                kind = e["kind"]
                turned = 0
                head = Text(f"{_(KIND_NAMES[kind])}! ", style="bold")
                head.append(
                    _("{name} · {card}").format(
                        name=names[e["seat"]], card=card_text(e["card"], letters)
                    )
                )
                frames.append((kind != "kick", head))  # the shoot-out's kicks stay listed
                if kind == "kick":
                    continue
                if e["keeper"] == 0:
                    allows = _("cannot be saved")
                else:
                    allows = ngettext(
                        "the keeper may turn {n} card", "the keeper may turn {n} cards", e["keeper"]
                    ).format(n=e["keeper"])
                frames.append((False, Text("  " + allows, style="italic")))
            elif ev == "keeper":
                turned += 1
                line = Text(
                    f"  {turned}. "
                    + _("keeper card: {card}").format(card=card_text(e["card"], letters))
                )
                line.append(" ✓" if e["save"] else " ✗", style="bold")
                frames.append((False, line))
            elif ev == "reshuffle":
                frames.append(
                    (
                        False,
                        Text("  " + reshuffled_text(e["count"])),
                    )
                )
            elif ev == "save":
                frames.append(
                    (
                        False,
                        Text(_("SAVED by {name}!").format(name=names[e["seat"]]), "bold reverse"),
                    )
                )
            elif ev == "goal":
                score = e.get("shootout") or e.get("goals") or [0, 0]
                frames.append(
                    (
                        False,
                        Text(
                            _("GOAL! {name} · {a} : {b}").format(
                                name=names[e["seat"]], a=score[0], b=score[1]
                            ),
                            "bold reverse",
                        ),
                    )
                )
            elif ev == "penalty":
                frames.append(
                    (
                        False,
                        Text(
                            "  "
                            + ngettext(
                                "{name}: {n} penalty card in {suit} ({total} in all)",
                                "{name}: {n} penalty cards in {suit} ({total} in all)",
                                e["count"],
                            ).format(
                                name=names[e["seat"]],
                                n=e["count"],
                                suit=suit_text(e["suit"]),
                                total=e["total"],
                            )
                        ),
                    )
                )
            elif ev == "removed":
                frames.append(
                    (
                        False,
                        Text(
                            "  "
                            + _("{name}: {suit} sent off").format(
                                name=names[e["seat"]], suit=suit_text(e["suit"])
                            ),
                            "bold",
                        ),
                    )
                )
            elif ev == "half_time":
                frames.append(
                    (
                        not frames,
                        Text(
                            _("HALF TIME · {a} : {b}").format(a=e["goals"][0], b=e["goals"][1]),
                            "bold",
                        ),
                    )
                )
            elif ev == "shootout":
                frames.append((True, Text(_("PENALTY SHOOT-OUT"), "bold")))
            elif ev == "end":
                frames.append((False, Text(_("FULL TIME"), "bold")))
        return frames

    def play_frames(self, all_of_them: bool = False) -> None:
        """Show the next step of the animation (or every step left); then go on."""
        while self.frames:
            clear, line = self.frames.pop(0)
            if clear:
                self.shot_lines = []
            self.shot_lines.append(line)
            if not all_of_them:
                break
        self.show_shot()
        if self.frames:
            self.timer = self.set_timer(self.step_seconds(), self.play_frames)
            return
        self.timer = None
        was_animating = self.animating
        if was_animating:
            self.animating = False
            self.busy = False
            self.refresh_bindings()
            self.show_shot()
            self.render_view()  # now the score, the title and the status may tell the end
        if not self.notice_half_time() and was_animating:
            self.advance()  # the flow waited for the animation

    def show_shot(self) -> None:
        panel = self.query_one("#shot", Static)
        panel.display = bool(self.shot_lines)
        panel.update(Text("\n").join(self.shot_lines[-8:]))
        panel.border_title = _("Shot") if self.animating else _("Last shot")
        panel.border_subtitle = _("s: skip") if self.animating else ""

    def stop_timer(self) -> None:
        if self.timer is not None:
            self.timer.stop()
            self.timer = None

    def action_skip(self) -> None:
        """Show the rest of the animation at once."""
        if not self.animating:
            return
        self.stop_timer()
        self.play_frames(all_of_them=True)

    def notice_half_time(self) -> bool:
        """After the first half's last move: a notice with the score (Enter goes on);
        whether it was opened."""
        e = self.half_time
        if e is None or self.animating:
            return False
        self.half_time = None
        if not self.local or self.match.is_over:
            return False
        names = self.match.names()
        view = self.match.public_view()
        starts = names[view["to_move"]] if view["to_move"] is not None else ""
        body = _("{a} {x} : {y} {b}. The cards are dealt again; {who} kicks off.").format(
            a=names[0], b=names[1], x=e["goals"][0], y=e["goals"][1], who=starts
        )
        self.ask(
            ChoiceScreen(
                _("Half time"), [("go", _("Kick off the 2nd half"))], body=body, acknowledge=True
            ),
            lambda _answer: None,
        )
        return True

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "skip":
            return self.animating
        return super().check_action(action, parameters)

    # -- words -----------------------------------------------------------------

    def score_text(self, view: dict) -> Text:
        names = self.match.names()
        g = view["scores"]
        text = Text(f" {half_name(view['half'])} ", style="bold reverse")
        text.append("  ")
        text.append(f"{names[0]} ")
        text.append(f"{g[0]} : {g[1]}", style="bold")
        text.append(f" {names[1]}")
        if view.get("shootout"):
            k = view["shootout"]
            text.append("  · " + _("shoot-out {a} : {b}").format(a=k[0], b=k[1]), style="bold")
        return text

    def decks_text(self, view: dict) -> Text:
        letters = view.get("letters", "en")
        text = Text(
            _("Reserve {n} · added {k} of 10 · keeper deck {d}").format(
                n=view["reserve"], k=view["added"], d=view["keeper_deck"]
            ),
            style="dim",
        )
        kd = view["keeper_discard"]
        text.append("\n" + _("Keeper discard ({n}):").format(n=len(kd)), style="dim")
        for card in kd[-6:][::-1]:
            text.append(" " + card_text(card, letters))
        return text

    def turn_text(self, view: dict) -> str:
        if self.animating:  # the ending waits for the last shot: it may still change
            return _("{half} · shot in progress").format(half=half_name(view["half"]))
        if view["is_over"]:
            return _("Full time")
        name = self.seat_name(view["to_move"])
        if view["extra"]:
            return _("{half} · {name}: extra move").format(half=half_name(view["half"]), name=name)
        return _("{half} · to move: {name}").format(half=half_name(view["half"]), name=name)

    def update_status(self, view: dict | None = None) -> None:
        table = self.query_one(SadikovTable)
        view = view or table.view
        if view is None:
            return
        letters = view.get("letters", "en")
        col = view["columns"][table.cursor]
        n = col["column"]
        if not col["cards"]:
            here = _("Column {n}: empty").format(n=n)
        else:
            top = col["cards"][-1]["id"]
            down = sum(1 for c in col["cards"] if not c["up"])
            here = ngettext(
                "Column {n}: {card} on top · {size} card ({down} face down)",
                "Column {n}: {card} on top · {size} cards ({down} face down)",
                col["size"],
            ).format(n=n, card=card_text(top, letters), size=col["size"], down=down)
        if col["closed"]:
            here = _("Column {n} ✕ closed to {name}: taken from this turn or last turn").format(
                n=n, name=self.seat_name(view["to_move"])
            )
        seat = self.match.due
        if self.animating:
            doing = _("Shot in progress… s skips")
        elif view["is_over"] or seat is None:
            doing = _("The game is over.")
        elif self.match.is_ai(seat):
            doing = _("Thinking: {name} (AI)…").format(name=self.seat_name(seat))
        elif not self.is_local(seat) and self.review is None:  # a shared table's other player
            doing = _("Waiting for {name} to move…").format(name=self.seat_name(seat))
        elif view["extra"]:
            doing = _("{name}: extra move! Take from another column").format(
                name=self.seat_name(seat)
            )
        else:
            doing = (
                _("{name}: take a card (←→ ⏎, 1–5, click)")
                if self.has_class("-narrow")
                else _("{name}: take a card (←→ and Enter, 1–5, or click a column)")
            ).format(name=self.seat_name(seat))
        status = Text(no_wrap=True, overflow="ellipsis")
        status.append(here + "\n")
        status.append(doing)
        self.query_one("#status", Static).update(status)

    # -- taking a card ----------------------------------------------------------------

    def take(self, column: int) -> None:
        """Take from a column, unless it is closed or empty: then say why, change nothing."""
        table = self.query_one(SadikovTable)
        table.cursor = column - 1
        if not self.can_act():
            self.say_whose_move()
            return
        view = self.match.public_view()
        col = view["columns"][column - 1]
        if col["closed"]:
            self.notify(
                _(
                    "Column {n} is closed to you: you took from it this turn or on your "
                    "previous turn."
                ).format(n=column),
                title=_("Not allowed"),
                severity="warning",
            )
            self.app.bell()
            return
        if not col["cards"]:
            self.notify(_("Column {n} is empty.").format(n=column), severity="warning")
            return
        self.send(f"take {column}")

    @on(SadikovTable.Picked, "#table")
    def table_picked(self, message: SadikovTable.Picked) -> None:
        self.take(message.column)

    @on(SadikovTable.Highlighted, "#table")
    def table_highlighted(self, message: SadikovTable.Highlighted) -> None:
        self.update_status()

    def action_take(self, column: int) -> None:
        self.take(column)

    def on_unmount(self) -> None:
        self.stop_timer()
