"""Provides StadiumScreen: playing Stadium in the terminal (hot-seat, against AI, or both).

The screen keeps no game state of its own: it renders `view(seat)` of its Match and sends
notation back through the match loop. Between actions it decides whom to ask (a human
at the keyboard, an AI agent at a human pace, a response prompt, a pass-device screen).
"""

from __future__ import annotations

from typing import Any

from rich.cells import cell_len
from rich.console import RenderableType
from rich.table import Table as RichTable
from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical, VerticalScroll
from textual.widget import Widget
from textual.widgets import Static

from ...core import get_game
from ...core.stadium import REWARD_NAMES, pos_label
from ...i18n import N_, _, clauses_text, list_text, ngettext, pgettext
from ...match import Applied, Match, Undone
from ...seats import ai_mark, ai_name_here, says_ai
from ...textmode.stadium import reward_name
from ..widgets.dialogs import ChoiceScreen, ConfirmScreen
from ..widgets.feed import MatchFeed
from ..widgets.keybar import KeyBar
from ..widgets.packing import pack
from ..widgets.stands import Stands
from ..widgets.titlebar import TitleBar
from .game import GameScreen

DICE = "⚀⚁⚂⚃⚄⚅"


def reward_badge(kind: str) -> str:
    """The coloured badge before a reward card's name in the scoreboard: one letter."""
    if kind == "YELLOW":
        # TRANSLATORS: the one-letter badge of the YELLOW reward card (on a yellow ground),
        # the first letter of the card's name in the language
        letter = pgettext("badge of the YELLOW card", "Y")
    elif kind == "RED":
        # TRANSLATORS: the one-letter badge of the RED reward card (on a red ground)
        letter = pgettext("badge of the RED card", "R")
    elif kind == "VAR":
        # TRANSLATORS: the one-letter badge of the VAR reward card
        letter = pgettext("badge of the VAR card", "V")
    else:
        # TRANSLATORS: the one-letter badge of the PLAY GAME reward card (not the same
        # letter as the YELLOW card's)
        letter = pgettext("badge of the PLAY GAME card", "G")
    return f" {letter} "


class Scoreboard(Widget):
    """Each player's stars, pairs, reward cards, yellows and cancelled turns."""

    COMPONENT_CLASSES = {
        "scoreboard--stars",
        "scoreboard--yellow",  # the reward badges
        "scoreboard--red",
        "scoreboard--var",
        "scoreboard--game",
        "scoreboard--yellows",  # yellows shown to the player
        "scoreboard--cancelled",  # their next turn is cancelled
    }

    DEFAULT_CSS = """
    Scoreboard { height: auto; border: round $primary; padding: 0 1; }
    Scoreboard > .scoreboard--stars { color: $warning; text-style: bold; }
    Scoreboard > .scoreboard--yellow { background: $warning; color: $text; }
    Scoreboard > .scoreboard--red { background: $error; color: $text; }
    Scoreboard > .scoreboard--var { background: $secondary; color: $text; }
    Scoreboard > .scoreboard--game { background: $success; color: $text; }
    Scoreboard > .scoreboard--yellows { color: $warning; }
    Scoreboard > .scoreboard--cancelled { color: $error; }
    """

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.view: dict | None = None
        self.ai_seats: set[int] = set()
        self.not_asked: set[int] = set()

    def show(self, view: dict, ai_seats: set[int], not_asked: set[int] | None = None) -> None:
        """Draw a view; `not_asked`: people who switched the YELLOW/RED questions off."""
        not_asked = set(not_asked or ())
        if self.view is not None and (view["areas"], view["turn"], view["is_over"]) == (
            self.view["areas"],
            self.view["turn"],
            self.view["is_over"],
        ):
            if (ai_seats, not_asked) == (self.ai_seats, self.not_asked):
                return  # nothing it shows changed: no redraw, no layout
        self.view = view
        self.ai_seats = set(ai_seats)
        self.not_asked = not_asked
        self.refresh(layout=True)

    def render(self) -> RenderableType:
        view = self.view
        if view is None:
            return ""
        look = self.get_component_rich_style
        t = RichTable.grid(padding=(0, 1), expand=True)
        t.add_column(width=2)
        t.add_column(ratio=1)
        t.add_column(justify="right")
        stars = max(cell_len(f"{area['score']}★") for area in view["areas"])
        middle = self.content_size.width - 2 - stars - 2  # the middle column's cells
        for s, area in enumerate(view["areas"]):
            mark = "▶" if s == view["turn"] and not view["is_over"] else ""
            name = ai_name_here(area["name"]) if s in self.ai_seats else area["name"]
            who = Text(f"P{s + 1} {name}", style="bold" if mark else "")
            if s in self.ai_seats and not says_ai(name):
                who.append(" " + ai_mark(), style="dim")
            t.add_row(mark, who, Text(f"{area['score']}★", style=look("scoreboard--stars")))
            t.add_row("", pairs_text(area["pairs"]), "")
            if area["rewards"]:
                pieces = [Text(_("holds:"), style="dim")]
                for r in area["rewards"]:  # a badge and its name stay on one line
                    piece = Text(reward_badge(r), look(f"scoreboard--{r.lower()}"))
                    piece.append(reward_name(r))
                    pieces.append(piece)
                t.add_row("", pack(pieces, middle, gap=1), "")
            marks = []
            if area["yellows"]:
                marks.append(
                    Text(
                        _("booked: {n} yellow").format(n=area["yellows"]),
                        look("scoreboard--yellows"),
                    )
                )
            if area["cancelled"]:
                marks.append(Text(_("next turn cancelled"), look("scoreboard--cancelled")))
            if s in self.not_asked:
                marks.append(Text(_("not asked (a)"), style="dim"))
            if marks:
                t.add_row("", Text(" · ").join(marks), "")
        return t


def short_name(name: str) -> str:
    """A footballer as the side panel names him: the last word of his name (Kowalski)."""
    words = name.split()
    return words[-1] if words else name


def pairs_text(pairs: list[dict]) -> Text:
    """A player's pairs with the footballers' names, short: `pairs: F01 Kowalski★ · …`."""
    text = Text(_("pairs:"), style="dim")
    if not pairs:
        text.append(" —", style="dim")
    for i, p in enumerate(pairs):
        text.append(" · " if i else " ", style="dim")
        text.append(f"{p['id']} {short_name(p['name'])}{'★' * p['stars']}")
    return text


def rolls_text(rolls: list[list[int]], a: str, b: str, dice: bool = True) -> list[str]:
    """The dice of a PLAY GAME match, naming who rolled what: one line per throw."""
    lines = []
    for x, y in rolls:
        line = _("{a} rolled {x}, {b} rolled {y}").format(
            a=a,
            b=b,
            x=f"{DICE[x - 1]} {x}" if dice else x,
            y=f"{DICE[y - 1]} {y}" if dice else y,
        )
        if x == y:
            line += _(" (tie)")  # both roll again: the next line
        lines.append(line)
    return lines


class MatchPanel(Static):
    """The last PLAY GAME match: who rolled what, who won, which pair changed hands."""

    DEFAULT_CSS = "MatchPanel { height: auto; border: round $warning; padding: 0 1; }"

    def show(self, view: dict) -> None:
        m = view.get("match")
        self.display = bool(m)
        if not m:
            return
        areas = view["areas"]
        # an AI seat's default name in this viewer's language (a shared table's host named it)
        a, b = (ai_name_here(areas[m[k]]["name"]) for k in ("challenger", "opponent"))
        lines = [_("PLAY GAME: {a} v {b}").format(a=a, b=b)]
        lines += ["  " + line for line in rolls_text(m["rolls"], a, b)]
        w = ai_name_here(areas[m["winner"]]["name"])
        if m.get("taken"):
            pair = next((p for p in areas[m["winner"]]["pairs"] if p["id"] == m["taken"]), None)
            card = f"{m['taken']} {pair['name']} {'★' * pair['stars']}" if pair else m["taken"]
            lines.append(_("Winner: {w}, who took the pair {card}").format(w=w, card=card))
        else:
            lines.append(_("Winner: {w} (a pair to take)").format(w=w))
        self.update("\n".join(lines))


class StadiumScreen(GameScreen):
    """One game of Stadium."""

    CSS_PATH = "stadium.tcss"

    BINDINGS = [
        Binding("v", "var", N_("VAR"), id="stadium.var"),
        Binding(
            "g",
            "match",
            N_("Game"),  # the PLAY GAME card, said short enough for an 80-column key bar
            id="stadium.match",
            tooltip=N_("Play your PLAY GAME card: a match against another player"),
        ),
        Binding("y", "yellow", N_("Yellow"), id="stadium.yellow"),
        Binding("r", "red", N_("Red"), id="stadium.red"),
        Binding("a", "prompts", N_("Prompts"), id="stadium.prompts"),
    ]

    def __init__(self, match: Match, local: set[int] | None = None, drive_ai: bool = True) -> None:
        super().__init__(match, local, drive_ai)
        self.var_picks: list[tuple[int, int]] = []
        self.var_mode = False
        self.prompts_off: set[int] = set()

    # -- layout ---------------------------------------------------------------

    def compose(self) -> ComposeResult:
        # A grid on the screen itself, not rows in columns: every container draws (and
        # Textual keeps) all its lines even where its children cover it, a cost per session.
        yield TitleBar()
        yield Stands(self.match.public_view(), self.card_ids(), id="stands")
        with Vertical(id="side"):
            with VerticalScroll(id="scores-box"):
                yield Scoreboard(id="scores")
            yield MatchPanel(id="matchpanel")
            yield MatchFeed(id="feed")
        yield Static(id="status", markup=False)
        yield KeyBar()

    def card_ids(self) -> list[str]:
        """Every footballer id of this game's deck (the stands make room for the longest)."""
        cards = get_game("stadium").catalog({"deck": self.match.options.get("deck")})
        return [c["id"] for c in cards if c["kind"] == "footballer"]

    def on_mount(self) -> None:
        # Textual then calls GameScreen.on_mount too, which starts the game flow.
        self.title = _("Stadium")
        stands = self.query_one(Stands)
        self.watch(stands, "cursor", self.cursor_moved, init=False)
        stands.focus()

    # -- GameScreen hooks -------------------------------------------------------

    def private_what(self, seat: int, view: dict) -> str:
        return _("{name}: your VAR look at two cards").format(name=self.seat_name(seat))

    def show_status(self, text: str) -> None:
        self.query_one("#status", Static).update(text)

    def draw(self, view: dict) -> None:
        self.query_one(Stands).show(view, self.recent_cards(view))
        self.query_one(Scoreboard).show(view, set(self.match.agents), self.prompts_off)
        self.query_one(MatchPanel).show(view)
        self.query_one(MatchFeed).sync(view["log"], self.describe)
        self.sub_title = self.turn_text(view)
        self.update_status(view)

    def prompt(self, seat: int, view: dict) -> None:
        if view["phase"] == "window":
            self.ask_response(seat, view)
        elif view["phase"] == "steal":
            self.ask_steal(seat, view)

    def after_action(self, applied: Applied) -> None:
        m = self.match.public_view()["match"]
        if applied.action.startswith("match") and self.match.is_ai(m["challenger"]):
            a, b = self.seat_name(m["challenger"]), self.seat_name(m["opponent"])
            rolls = clauses_text(rolls_text(m["rolls"], a, b, dice=False))
            self.notify(rolls, title=_("PLAY GAME: {a} v {b}").format(a=a, b=b), markup=False)

    def after_undo(self, undone: Undone) -> None:
        self.var_mode = False  # a VAR pick half made is dropped with the moves taken back
        self.var_picks = []

    def end_table(self, view: dict) -> tuple[list[str], list[list[str]]]:
        rows = [[str(a["score"]), str(a["cards"])] for a in view["areas"]]
        return [_("Stars"), _("Cards")], rows

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
        n = view["cards_left"]
        return ngettext("Turn: {name} · {n} card left", "Turn: {name} · {n} cards left", n).format(
            name=self.seat_name(view["turn"]), n=n
        )

    def update_status(self, view: dict | None = None) -> None:
        stands = self.query_one(Stands)
        view = view or stands.view  # the view on screen, with the viewer's own VAR look
        r, c = stands.cursor
        cell = stands.cell(r, c)
        pos = pos_label(r, c)
        recent = self.query_one(Stands).recent
        if pos in view.get("peeked", {}) and cell["state"] == "down":
            card = view["peeked"][pos]
            said = (
                _("{pos}: your VAR look — {name} {stars}")
                if self.review is None or view["seat"] is not None
                else _("{pos}: face down — {name} {stars}")  # a replay showing every card
            )
            here = said.format(pos=pos, name=card["name"], stars="★" * card["stars"])
        elif cell["state"] == "down" and pos in recent:
            here = _("{pos}: Nit — just seen: {name} {stars}").format(
                pos=pos, name=recent[pos]["name"], stars="★" * recent[pos]["stars"]
            )
        elif cell["state"] == "down":
            here = _("{pos}: Nit (face down)").format(pos=pos)
        elif cell["state"] == "empty":
            here = _("{pos}: empty seat").format(pos=pos)
        elif cell["id"] in REWARD_NAMES:
            here = _("{pos}: {name}").format(pos=pos, name=reward_name(cell["id"]))
        else:
            here = _("{pos}: {id} {name} {stars}").format(
                pos=pos, id=cell["id"], name=cell["name"], stars="★" * cell["stars"]
            )
        seat = self.match.due
        if view["is_over"] or seat is None:
            doing = _("The game is over.")
        elif self.match.is_ai(seat):
            name = self.seat_name(seat)
            if not says_ai(name):  # its default name says it is an AI player
                name = _("{name} (AI)").format(name=name)
            doing = _("Thinking: {name}…").format(name=name)
        elif not self.is_local(seat) and self.review is None:  # a shared table's other player
            doing = _("Waiting for {name} to move…").format(name=self.seat_name(seat))
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
        status = self.query_one("#status", Static)
        if status.content != f"{here}\n{doing}":
            # the line has a fixed height (stadium.tcss): no layout is needed
            status.update(f"{here}\n{doing}", layout=False)

    @on(Stands.Picked, "#stands")
    def stands_picked(self, message: Stands.Picked) -> None:
        self.update_status()
        if not self.can_act():
            self.say_whose_move()
            return
        if self.var_mode:
            self.pick_var(message.row, message.col)
            return
        if self.match.public_view()["phase"] not in ("turn", "second"):
            return
        self.send(f"flip {pos_label(message.row, message.col)}")

    def cursor_moved(self) -> None:
        """The status line names the highlighted card whatever moved the cursor: updated
        as the cursor moves (a watch, not the bubbling Highlighted message), so the stands
        and the status line reach the screen in one update."""
        self.update_status()

    def ask_response(self, seat: int, view: dict) -> None:
        """S4.6: offer YELLOW/RED to a holder, or pass (automatically if prompts are off)."""
        if seat in self.prompts_off:
            self.send("pass")
            return
        held = view["areas"][seat]["rewards"]
        mover = view["turn"]
        if view["window"]["kind"] == "flip":
            up = [c for c in view["table"] if c["state"] == "up"]
            what = (
                _("{pos} turned over by {m}: {card}.").format(
                    m=self.seat_name(mover), pos=up[0]["pos"], card=up[0]["name"]
                )
                if up
                else ""
            )
        else:
            what = _("Turn about to start: {m}.").format(m=self.seat_name(mover))
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
        choices.append(("off", _("Pass, and don't ask me again (a: ask again)")))

        def done(answer: str | None) -> None:
            if answer == "off":
                self.prompts_off.add(seat)
                self.notify(
                    _("Not asked any more: {name}. Press a to be asked again.").format(
                        name=self.seat_name(seat)
                    ),
                    title=_("YELLOW/RED prompts"),
                )
                answer = "pass"
            self.send(answer or "pass")

        self.ask(
            ChoiceScreen(
                _("{name}, interrupt?").format(name=self.seat_name(seat)),
                choices,
                body=what
                + " "
                + _("You hold: {cards}.").format(cards=list_text(reward_name(c) for c in held)),
                cancellable=False,
            ),
            done,
        )

    def action_prompts(self) -> None:
        """Switch the YELLOW/RED questions (S4.6) on or off for a person at this keyboard:
        at once when one person plays here, else they pick whose."""
        people = sorted(s for s in self.local if not self.match.is_ai(s))
        if not people or self.busy:
            return
        if len(people) == 1:
            self.toggle_prompts(people[0])
            return
        choices = [
            (
                str(s),
                (
                    _("{name}: ask me again (now not asked)")
                    if s in self.prompts_off
                    else _("{name}: don't ask me (now asked)")
                ).format(name=self.seat_name(s)),
            )
            for s in people
        ]

        def done(answer: str | None) -> None:
            if answer is not None:
                self.toggle_prompts(int(answer))

        self.ask(
            ChoiceScreen(
                _("YELLOW/RED prompts"),
                choices,
                body=_(
                    "Holders of YELLOW or RED are asked whether to play it at the start of "
                    "each turn and after its first card."
                ),
            ),
            done,
        )

    def toggle_prompts(self, seat: int) -> None:
        if seat in self.prompts_off:
            self.prompts_off.discard(seat)
            text = _("Asked again when YELLOW or RED could be played: {name}.")
        else:
            self.prompts_off.add(seat)
            text = _("Not asked any more: {name}. Press a to be asked again.")
        self.notify(
            text.format(name=self.seat_name(seat)), title=_("YELLOW/RED prompts"), markup=False
        )
        self.render_view()

    def ask_steal(self, seat: int, view: dict) -> None:
        m = view["match"]
        loser = view["areas"][m["loser"]]
        choices = [
            (f"steal {p['id']}", f"{p['id']} {p['name']} {'★' * p['stars']}")
            for p in loser["pairs"]
        ]

        def done(answer: str | None) -> None:
            self.send(answer or choices[0][0])

        self.ask(
            ChoiceScreen(
                _("Match won by {name}: take a pair from {loser}").format(
                    name=self.seat_name(seat), loser=self.seat_name(m["loser"])
                ),
                choices,
                body="\n".join(
                    rolls_text(
                        m["rolls"], self.seat_name(m["challenger"]), self.seat_name(m["opponent"])
                    )
                ),
                cancellable=False,
            ),
            done,
        )

    def acting(self) -> int | None:
        """The seat of the person at the keyboard when they may act now; else None."""
        seat = self.match.due
        return seat if seat is not None and self.can_act() else None

    def held(self, seat: int) -> list[str]:
        """The reward cards a seat holds (public, S4)."""
        return self.match.public_view()["areas"][seat]["rewards"]

    def action_var(self) -> None:
        seat = self.acting()
        if seat is None:
            return
        if self.var_mode:
            self.var_mode = False
            self.var_picks.clear()
            self.query_one(Stands).marks.clear()
            self.render_view()
            return
        view = self.match.public_view()
        if "VAR" not in self.held(seat):
            self.notify(_("You hold no VAR card."), severity="warning")
            return
        if view["phase"] != "turn" or view["var_used"]:
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
        stands.refresh_changes()
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
        targets = [a for a in self.match.legal_actions() if a.kind == "match"]
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
        self.choose(_("PLAY GAME: who do you challenge?"), choices)

    def action_yellow(self) -> None:
        view = self.match.public_view()
        seat = self.acting()
        if seat is None or view["phase"] not in ("turn", "second"):
            return
        if "YELLOW" not in self.held(seat):
            self.notify(_("You hold no YELLOW card."), severity="warning")
            return
        choices = [
            (
                f"yellow P{s + 1}",
                _("YELLOW to {name} (cancels their next turn)").format(name=self.seat_name(s)),
            )
            for s in range(view["players"])
            if s != seat
        ]
        self.choose(_("Show YELLOW to whom?"), choices)

    def action_red(self) -> None:
        seat = self.acting()
        if seat is None or self.match.public_view()["phase"] not in ("turn", "second"):
            return
        if "RED" not in self.held(seat):
            self.notify(_("You hold no RED card."), severity="warning")
            return

        def done(yes: bool | None) -> None:
            if yes:
                self.send("red")

        self.ask(
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
        super().action_leave()
