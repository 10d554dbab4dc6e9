"""Provides StadiumScreen: playing Stadium in the terminal (hot-seat, against AI, or both).

The screen keeps no game state of its own: it renders `view(seat)` of the Table's state
and sends notation back with `apply`. Between actions it decides whom to ask (a human
at the keyboard, an AI agent at a human pace, a response prompt, a pass-device screen).
"""

from __future__ import annotations

from rich.table import Table as RichTable
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.screen import Screen
from textual.widgets import Footer, Header, Static

from ...core import IllegalAction
from ...core.i18n import _
from ...core.stadium import REWARD_NAMES, pos_label
from ...seats import Table
from ..widgets.dialogs import ChoiceScreen, ConfirmScreen
from ..widgets.feed import MatchFeed
from ..widgets.pass_device import PassDeviceScreen
from ..widgets.stands import Stands
from .end import EndScreen

DICE = "⚀⚁⚂⚃⚄⚅"
REWARD_BADGE = {
    "YELLOW": "[black on yellow] Y [/]",
    "RED": "[white on red] R [/]",
    "VAR": "[white on blue] V [/]",
    "GAME": "[black on green] G [/]",
}


class Scoreboard(Static):
    """Each player's stars, pairs, reward cards, yellows and cancelled turns."""

    DEFAULT_CSS = "Scoreboard { height: auto; border: round $primary; padding: 0 1; }"

    def show(self, view: dict, seats) -> None:
        t = RichTable.grid(padding=(0, 1), expand=True)
        t.add_column(width=2)
        t.add_column(ratio=1)
        t.add_column(justify="right")
        for s, area in enumerate(view["areas"]):
            mark = "▶" if s == view["turn"] and not view["is_over"] else ""
            who = Text(f"P{s + 1} {area['name']}", style="bold" if mark else "")
            if seats[s].ai and not area["name"].startswith("AI"):
                who.append(" (AI)", style="dim")
            t.add_row(mark, who, Text(f"{area['score']}★", style="bold yellow"))
            pairs = " ".join(f"{p['id']}{'★' * p['stars']}" for p in area["pairs"]) or "—"
            rewards = " ".join(REWARD_BADGE[r] + r for r in area["rewards"]) or ""
            notes = []
            if area["yellows"]:
                notes.append(_("[yellow]{n} yellow[/]").format(n=area["yellows"]))
            if area["cancelled"]:
                notes.append(_("[red]next turn cancelled[/]"))
            t.add_row("", Text(_("pairs: ") + pairs, style="dim"), "")
            if rewards or notes:
                t.add_row("", Text.from_markup(" ".join(x for x in [rewards] + notes if x)), "")
        self.update(t)


class MatchPanel(Static):
    """The last PLAY GAME match with its dice rolls."""

    DEFAULT_CSS = "MatchPanel { height: auto; border: round $warning; padding: 0 1; }"

    def show(self, view: dict) -> None:
        m = view.get("match")
        self.display = bool(m)
        if not m:
            return
        a, b = view["areas"][m["challenger"]]["name"], view["areas"][m["opponent"]]["name"]
        lines = [_("PLAY GAME: {a} v {b}").format(a=a, b=b)]
        for x, y in m["rolls"]:
            tag = _(" (tie: roll again)") if x == y else ""
            lines.append(f"  {DICE[x - 1]} {x} : {y} {DICE[y - 1]}{tag}")
        w = view["areas"][m["winner"]]["name"]
        if m.get("taken"):
            lines.append(_("{w} took pair {card}").format(w=w, card=m["taken"]))
        else:
            lines.append(_("{w} wins and picks a pair").format(w=w))
        self.update("\n".join(lines))


class StadiumScreen(Screen):
    """One game of Stadium."""

    CSS_PATH = "stadium.tcss"

    BINDINGS = [
        Binding("v", "var", _("VAR"), id="stadium.var"),
        Binding("g", "match", _("Match"), id="stadium.match"),
        Binding("y", "yellow", _("Yellow"), id="stadium.yellow"),
        Binding("r", "red", _("Red"), id="stadium.red"),
        Binding("question_mark", "app.show_keys", _("Keys"), id="stadium.keys", key_display="?"),
        Binding("f1", "app.rules('stadium')", _("Rules"), id="stadium.rules"),
        Binding("q,escape", "leave", _("Leave"), id="stadium.quit"),
    ]

    def __init__(self, table: Table) -> None:
        super().__init__()
        self.table = table
        self.viewer: int | None = None  # whose view is on screen
        self.private_ok: int | None = None  # who confirmed the pass-device screen
        self.var_picks: list[tuple[int, int]] = []
        self.var_mode = False
        self.prompts_off: set[int] = set()
        self.busy = False  # a dialog is open or an AI move is scheduled
        self.ended = False

    # -- layout ---------------------------------------------------------------

    def compose(self) -> ComposeResult:
        yield Header(show_clock=False)
        with Horizontal(id="pitchside"):
            with Vertical(id="board"):
                yield Stands(self.table.state.public_view(), id="stands")
                yield Static(id="status")
            with Vertical(id="side"):
                yield Scoreboard(id="scores")
                yield MatchPanel(id="matchpanel")
                yield MatchFeed(id="feed")
        yield Footer()

    def on_screen_resume(self) -> None:
        """Back from the keys or rules screen: carry on where the game stands."""
        if self.is_mounted and not self.busy:
            self.advance()

    def on_resize(self, event) -> None:
        self.set_class(event.size.width < 100, "-narrow")

    def on_mount(self) -> None:
        self.title = _("Stadium")
        self.query_one(Stands).focus()
        self.advance()

    @property
    def state(self):
        return self.table.state

    def human_seats(self) -> list[int]:
        return self.table.humans

    def seat_name(self, seat: int) -> str:
        return self.table.seats[seat].name

    # -- the flow ---------------------------------------------------------------

    def render_view(self) -> dict:
        """Draw the view of the seat at the keyboard (or the public view)."""
        st = self.state
        seat = st.to_move
        humans = self.human_seats()
        if seat is not None and not self.table.is_ai(seat):
            viewer = seat
        elif len(humans) == 1:
            viewer = humans[0]
        else:
            viewer = None
        if viewer != self.viewer:
            self.private_ok = None
        self.viewer = viewer
        view = st.view(viewer) if viewer is not None else st.public_view()
        if view["peeked"] and len(humans) > 1 and self.private_ok != viewer:
            view = dict(view, peeked={})  # not until the pass-device screen is confirmed
        self.query_one(Stands).show(view, self.recent_cards(view))
        self.query_one(Scoreboard).show(view, self.table.seats)
        self.query_one(MatchPanel).show(view)
        self.query_one(MatchFeed).sync(view["log"])
        self.sub_title = self.turn_text(view)
        self.update_status(view)
        return view

    @staticmethod
    def recent_cards(view: dict) -> dict[str, dict]:
        """The cards turned over in the latest turn that flipped any, still face down."""
        reveals = view["reveals"]
        if not reveals:
            return {}
        last = reveals[-1]["turn"]
        down = {c["pos"] for c in view["table"] if c["state"] == "down"}
        recent = {}
        for r in reversed(reveals):
            if r["turn"] != last:
                break
            if r["pos"] in down:
                recent[r["pos"]] = r
        return recent

    def turn_text(self, view: dict) -> str:
        if view["is_over"]:
            return _("Final whistle")
        return _("{name}'s turn · {n} cards left").format(
            name=self.seat_name(view["turn"]), n=view["cards_left"]
        )

    def update_status(self, view: dict | None = None) -> None:
        view = view or self.state.public_view()
        stands = self.query_one(Stands)
        r, c = stands.cursor
        cell = stands.cell(r, c)
        pos = pos_label(r, c)
        recent = self.query_one(Stands).recent
        if pos in view.get("peeked", {}) and cell["state"] == "down":
            card = view["peeked"][pos]
            here = _("{pos}: your VAR look — {name} {stars}").format(
                pos=pos, name=card["name"], stars="★" * card["stars"]
            )
        elif cell["state"] == "down" and pos in recent:
            here = _("{pos}: Nit — just seen: {name} {stars}").format(
                pos=pos, name=recent[pos]["name"], stars="★" * recent[pos]["stars"]
            )
        elif cell["state"] == "down":
            here = _("{pos}: Nit (face down)").format(pos=pos)
        elif cell["state"] == "empty":
            here = _("{pos}: empty seat").format(pos=pos)
        else:
            here = _("{pos}: {name} {stars}").format(
                pos=pos, name=cell["name"], stars="★" * cell["stars"]
            )
        seat = self.state.to_move
        if view["is_over"]:
            doing = _("The game is over.")
        elif self.table.is_ai(seat):
            doing = _("{name} (AI) is thinking…").format(name=self.seat_name(seat))
        elif self.var_mode:
            doing = _("VAR: pick two face-down cards ({n}/2), Esc cancels").format(
                n=len(self.var_picks)
            )
        elif view["phase"] == "second":
            doing = _("{name}: flip a second card").format(name=self.seat_name(seat))
        elif view["phase"] == "turn":
            doing = _("{name}: flip a card").format(name=self.seat_name(seat))
        else:
            doing = ""
        self.query_one("#status", Static).update(f"{here}\n{doing}")

    def on_stands_picked(self, message: Stands.Picked) -> None:
        self.update_status()
        if self.busy or self.table.is_ai(self.state.to_move) or self.state.is_over:
            return
        if self.var_mode:
            self.pick_var(message.row, message.col)
            return
        if self.state.phase not in ("turn", "second"):
            return
        self.send(f"flip {pos_label(message.row, message.col)}")

    def on_key(self, event) -> None:
        if event.key in ("up", "down", "left", "right", "h", "j", "k", "l"):
            self.call_after_refresh(self.update_status)

    def send(self, notation: str) -> bool:
        """Apply a human's action; an illegal one is explained and changes nothing."""
        try:
            self.state.apply(notation)
        except IllegalAction as exc:
            self.notify(str(exc), title=_("Not allowed"), severity="warning")
            self.app.bell()
            return False
        self.advance()
        return True

    def advance(self) -> None:
        """After any change: redraw, then ask whoever must act next."""
        view = self.render_view()
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
        humans = self.human_seats()
        if st.view(seat)["peeked"] and len(humans) > 1 and self.private_ok != seat:
            self.ask_pass_device(
                seat, _("{name}: your VAR look at two cards").format(name=self.seat_name(seat))
            )
            return
        if st.phase == "window":
            self.ask_response(seat, view)
        elif st.phase == "steal":
            self.ask_steal(seat, view)

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
        if action.kind == "match":
            m = self.state.public_view()["match"]
            self.notify(
                _("PLAY GAME: {rolls}").format(rolls=", ".join(f"{a}:{b}" for a, b in m["rolls"])),
                title=_("Match"),
            )
        self.advance()

    def ask_pass_device(self, seat: int, what: str) -> None:
        self.busy = True

        def done(_ok: bool | None) -> None:
            self.busy = False
            self.private_ok = seat
            self.advance()

        self.app.push_screen(PassDeviceScreen(self.seat_name(seat), what), done)

    def ask_response(self, seat: int, view: dict) -> None:
        """S4.6: offer YELLOW/RED to a holder, or pass (automatically if prompts are off)."""
        if seat in self.prompts_off:
            self.state.apply("pass")
            self.advance()
            return
        held = view["areas"][seat]["rewards"]
        mover = view["turn"]
        if view["window"]["kind"] == "flip":
            up = [c for c in view["table"] if c["state"] == "up"]
            what = (
                _("{m} turned over {pos}: {card}.").format(
                    m=self.seat_name(mover), pos=up[0]["pos"], card=up[0]["name"]
                )
                if up
                else ""
            )
        else:
            what = _("{m}'s turn is about to start.").format(m=self.seat_name(mover))
        choices: list[tuple[str, str]] = []
        if "YELLOW" in held:
            for s in range(view["players"]):
                if s != seat:
                    tag = _(" (on turn: ends it now)") if s == mover else _(" (cancels next turn)")
                    choices.append(
                        (f"yellow P{s + 1}", _("YELLOW to {n}").format(n=self.seat_name(s)) + tag)
                    )
        if "RED" in held:
            choices.append(("red", _("RED: stop everyone, I move next")))
        choices.append(("pass", _("Pass")))
        choices.append(("off", _("Pass, and don't ask me again this game")))
        self.busy = True

        def done(answer: str | None) -> None:
            self.busy = False
            if answer == "off":
                self.prompts_off.add(seat)
                answer = "pass"
            self.send(answer or "pass")

        self.app.push_screen(
            ChoiceScreen(
                _("{name}, interrupt?").format(name=self.seat_name(seat)),
                choices,
                body=what
                + " "
                + _("You hold: {cards}.").format(cards=", ".join(REWARD_NAMES[c] for c in held)),
                cancellable=False,
            ),
            done,
        )

    def ask_steal(self, seat: int, view: dict) -> None:
        m = view["match"]
        loser = view["areas"][m["loser"]]
        choices = [
            (f"steal {p['id']}", f"{p['id']} {p['name']} {'★' * p['stars']}")
            for p in loser["pairs"]
        ]
        self.busy = True

        def done(answer: str | None) -> None:
            self.busy = False
            self.send(answer or choices[0][0])

        self.app.push_screen(
            ChoiceScreen(
                _("{name} wins the match! Take a pair from {loser}").format(
                    name=self.seat_name(seat), loser=self.seat_name(m["loser"])
                ),
                choices,
                body=_("Dice: {rolls}").format(
                    rolls=", ".join(f"{DICE[a - 1]}{a}:{b}{DICE[b - 1]}" for a, b in m["rolls"])
                ),
                cancellable=False,
            ),
            done,
        )

    def finish(self) -> None:
        if self.ended:
            return
        self.ended = True
        if hasattr(self.app, "record_result"):
            self.app.record_result(self.table)
        self.app.push_screen(EndScreen(self.table), self.after_end)

    def after_end(self, answer: str | None) -> None:
        if answer == "again":
            self.app.switch_screen(StadiumScreen(self.table.restart()))
        elif answer == "quit":
            self.app.exit()
        else:
            self.app.pop_screen()
            if not self.app.screen_stack or len(self.app.screen_stack) <= 1:
                self.app.show_launcher()

    # -- the player's own actions (keys) ----------------------------------------

    def held(self, seat: int) -> list[str]:
        """The reward cards a seat holds (public, S4)."""
        return self.state.public_view()["areas"][seat]["rewards"]

    def can_act(self) -> bool:
        st = self.state
        if self.busy or st.is_over or self.table.is_ai(st.to_move):
            return False
        return True

    def action_var(self) -> None:
        if not self.can_act():
            return
        if self.var_mode:
            self.var_mode = False
            self.var_picks.clear()
            self.query_one(Stands).marks.clear()
            self.render_view()
            return
        st = self.state
        if "VAR" not in self.held(st.to_move):
            self.notify(_("You hold no VAR card."), severity="warning")
            return
        if st.phase != "turn" or st.view(st.to_move)["var_used"]:
            self.notify(_("VAR is used before the first card of your turn."), severity="warning")
            return
        self.var_mode = True
        self.var_picks.clear()
        self.update_status()

    def pick_var(self, row: int, col: int) -> None:
        stands = self.query_one(Stands)
        if stands.cell(row, col)["state"] != "down" or (row, col) in self.var_picks:
            self.notify(_("Pick a face-down card you have not picked yet."), severity="warning")
            return
        self.var_picks.append((row, col))
        stands.marks.add((row, col))
        stands.refresh()
        self.update_status()
        if len(self.var_picks) == 2:
            (r1, c1), (r2, c2) = self.var_picks
            self.var_mode = False
            self.var_picks.clear()
            stands.marks.clear()
            self.send(f"var {pos_label(r1, c1)} {pos_label(r2, c2)}")

    def action_match(self) -> None:
        if not self.can_act():
            return
        targets = [a for a in self.state.legal_actions() if a.kind == "match"]
        if not targets:
            self.notify(
                _(
                    "PLAY GAME needs the card, a pair of your own, an opponent with a "
                    "pair, and must replace your whole turn."
                ),
                severity="warning",
            )
            return
        choices = [
            (str(a), _("Challenge {name}").format(name=self.seat_name(a.seat))) for a in targets
        ]
        self.busy = True

        def done(answer: str | None) -> None:
            self.busy = False
            if answer:
                self.send(answer)

        self.app.push_screen(ChoiceScreen(_("PLAY GAME: who do you challenge?"), choices), done)

    def action_yellow(self) -> None:
        if not self.can_act() or self.state.phase not in ("turn", "second"):
            return
        seat = self.state.to_move
        if "YELLOW" not in self.held(seat):
            self.notify(_("You hold no YELLOW card."), severity="warning")
            return
        choices = [
            (
                f"yellow P{s + 1}",
                _("YELLOW to {name} (cancels their next turn)").format(name=self.seat_name(s)),
            )
            for s in range(self.state.players)
            if s != seat
        ]
        self.busy = True

        def done(answer: str | None) -> None:
            self.busy = False
            if answer:
                self.send(answer)

        self.app.push_screen(ChoiceScreen(_("Show YELLOW to whom?"), choices), done)

    def action_red(self) -> None:
        if not self.can_act() or self.state.phase not in ("turn", "second"):
            return
        if "RED" not in self.held(self.state.to_move):
            self.notify(_("You hold no RED card."), severity="warning")
            return
        self.busy = True

        def done(yes: bool | None) -> None:
            self.busy = False
            if yes:
                self.send("red")

        self.app.push_screen(
            ConfirmScreen(
                _(
                    "Play RED? Your current turn ends and you move again; all cancelled turns are "
                    "restored."
                ),
                _("Play RED"),
                _("Keep it"),
            ),
            done,
        )

    def action_leave(self) -> None:
        if self.var_mode:
            self.action_var()
            return

        def done(yes: bool | None) -> None:
            if yes:
                self.app.pop_screen()
                if len(self.app.screen_stack) <= 1:
                    self.app.show_launcher()

        if self.state.is_over:
            done(True)
            return
        self.app.push_screen(
            ConfirmScreen(_("Leave this game? It is not finished."), _("Leave"), _("Keep playing")),
            done,
        )
