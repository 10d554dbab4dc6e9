"""Provides WorldWaveScreen: playing World Wave 世界波 in the terminal (hot-seat or against AI).

The draft first: the characters offered to the drafter as cards, the choices so far
below (W3.2). Then the match: both teams around the pitch (`PitchPanel`), the score and
the phase on top, a prompt naming what every response window answers, the hand of the
person at the keys at the bottom (`HandPanel`) and the feed on the right. A card is
chosen with ←/→ or 1–9 and played with Enter (a target seat is asked for when the card
needs one); `e` equips, `s` uses a skill, `p` passes, `x` ends the action phase; in the
discard phase Space marks cards and `d` discards them. Everything works by mouse too
(a click picks a card, a second click plays it; the key bar's keys are buttons).

Responses without tells (W5.2): every seat the engine asks is asked. "Auto-pass when I
have no legal answer" (`a`, remembered per player name in the settings) passes for that
person after the same wait an AI decision takes (at least the game's `min_pace`, 1 s),
without the pass-device screen; otherwise, with several people at one keyboard, every
asked person gets the pass-device screen first, and nobody's hand, draft offer or taken
card shows before they confirm.
"""

from __future__ import annotations

import asyncio
from typing import Any

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.content import Content
from textual.widgets import Static

from ...core.worldwave import CARDS, ROSTER
from ...i18n import N_, _, labelled, list_text, ngettext
from ...match import Applied, Match, Undone
from ...settings import load as load_settings
from ...settings import update as update_settings
from ...textmode.worldwave import own_texts
from ..widgets.feed import MatchFeed
from ..widgets.keybar import KeyBar
from ..widgets.titlebar import TitleBar
from ..widgets.worldwave_cards import (
    CardList,
    DraftPanel,
    HandPanel,
    card_name,
    character_name,
    costs_text,
)
from ..widgets.worldwave_pitch import TEAM_NAMES, PitchPanel, team_name
from .game import GameScreen

SHOTS = ("shoot", "freekick", "penalty")
WINDOW_CARDS = ("controversy", "misjudgement", "whistle")  # played only to answer (W2.2)
SKILL_VERBS = ("skill", "terry", "anticipation")
PHASE_WORDS = {
    "draft": N_("draft"),
    "action": N_("action phase"),
    "discard": N_("discard phase"),
    "over": N_("full time"),
}


def half_name(half: int) -> str:
    return _("1st half") if half == 1 else _("2nd half")


def window_question(view: dict, names: list[str]) -> str:
    """What the top response window answers, in words (W5.1), as everyone may read it."""
    w = view["windows"][-1]
    kind = w["kind"]
    shot = view["shot"]
    if kind == "controversy":
        first = w["chain"][0]
        who = names[first["seat"]]
        card = card_name(first["card"])
        if len(w["chain"]) > 1:
            last = names[w["seat"]]
            return _(
                "{last} plays Controversy on {who}'s {card} (chain of {n}): "
                "play a Controversy, or pass"
            ).format(last=last, who=who, card=card, n=len(w["chain"]) - 1)
        target = event_target(view, first["seat"], first["card"])
        if target is not None:
            return _(
                "{who} plays {card} on {target}: cancel it with a Controversy, or pass"
            ).format(who=who, card=card, target=names[target])
        return _("{who} plays {card}: cancel it with a Controversy, or pass").format(
            who=who, card=card
        )
    if kind in ("save", "shot_skill") and shot is not None:
        who = names[shot["shooter"]]
        needed = shot["needed"]
        made = len(shot["saves"])
        if kind == "shot_skill":
            return _("{who} shoots ({card}): use your skill now (s), or pass").format(
                who=who, card=card_name(shot["card"])
            )
        need = ngettext("needs {n} Save", "needs {n} Saves", needed).format(n=needed)
        if made:
            need += ", " + _("{m} made").format(m=made)
        if shot["kind"] == "penalty":
            return _(
                "{who} takes a Penalty ({need}; goalkeepers only): play a Save, or pass"
            ).format(who=who, need=need)
        if shot["kind"] == "freekick":
            return _("{who} takes a Free kick ({need}): play a Save, or pass").format(
                who=who, need=need
            )
        return _("{who} shoots ({need}): play a Save, or pass").format(who=who, need=need)
    if kind == "misjudgement":
        who = names[w["shooter"]]
        if w.get("stopped"):
            return _(
                "{who}'s shot was stopped: play Misjudgement to make it a goal, or pass"
            ).format(who=who)
        return _("{who} scored: play Misjudgement to make the goal void, or pass").format(who=who)
    if kind == "whistle":
        answered = last_card(view, w["seat"])
        if answered is not None:
            return _(
                "after {who}'s {card}: play Biased whistle to end their action phase, or pass"
            ).format(who=names[w["seat"]], card=card_name(answered))
        return _(
            "{who} played a card: play Biased whistle to end their action phase, or pass"
        ).format(who=names[w["seat"]])
    return _("Answer, or pass")


def last_card(view: dict, seat: int) -> str | None:
    """The card `seat` last played, shot or equipped (from the public log)."""
    for e in reversed(view["log"]):
        if e.get("seat") == seat and e.get("event") in ("play", "equip", "shot"):
            card: str | None = e.get("card")
            return card
    return None


def new_slots(before: list[str], hand: list[str]) -> set[int]:
    """The slots (from 1) of `hand` that came in since it was `before`: cards only join
    a hand at its end, so the cards of `before` still held come first, in order."""
    fresh: set[int] = set()
    j = 0
    for slot, card in enumerate(hand, 1):
        while j < len(before) and before[j] != card:
            j += 1
        if j < len(before):
            j += 1
        else:
            fresh.add(slot)
    return fresh


def event_target(view: dict, seat: int, card: str) -> int | None:
    """The target of the last `card` event `seat` played (from the public log)."""
    for e in reversed(view["log"]):
        if e.get("event") == "play" and e.get("seat") == seat and e.get("card") == card:
            target: int | None = e.get("target")
            return target
    return None


class WorldWaveScreen(GameScreen):
    """One match of World Wave: the draft, then the match."""

    CSS_PATH = "worldwave.tcss"

    BINDINGS = [
        Binding("e", "equip", N_("Equip"), id="worldwave.equip", tooltip=N_("Equip a skill card")),
        Binding("s", "skill", N_("Skill"), id="worldwave.skill", tooltip=N_("Use a skill")),
        Binding("p", "pass", N_("Pass"), id="worldwave.pass", tooltip=N_("No response")),
        Binding(
            "x", "end", N_("End phase"), id="worldwave.end", tooltip=N_("End your action phase")
        ),
        Binding(
            "space",
            "mark",
            N_("Mark"),
            id="worldwave.mark",
            tooltip=N_("Mark or unmark the card to discard"),
        ),
        Binding(
            "d", "discard", N_("Discard"), id="worldwave.discard", tooltip=N_("Discard the marked")
        ),
        Binding(
            "a",
            "auto_pass",
            N_("Auto-pass"),
            id="worldwave.autopass",
            tooltip=N_(
                "Auto-pass when I have no legal answer (remembered). At one keyboard the "
                "pass screen is then skipped, which shows the others you had no answer."
            ),
        ),
        *[
            Binding(
                str(n),
                f"select({n})",
                N_("Choose"),
                id=f"worldwave.select{n}",
                show=False,
                tooltip=N_("Choose card (or character) N"),
            )
            for n in range(1, 10)
        ],
    ]

    def __init__(self, match: Match, local: set[int] | None = None, drive_ai: bool = True) -> None:
        super().__init__(match, local, drive_ai)
        self.marked: set[int] = set()  # discard phase: slots from 1 marked to go
        self.news: dict[int, str] = {}  # per local seat: what only they saw (a Tackle)
        self.private_seen = {s: len(match.view(s)["private"]) for s in self.local}
        # per local seat: the hand as it was at their last move (cards since are new)
        self.hand_seen: dict[int, list[str]] = {}
        self.auto_names: set[str] = set()  # the names with auto-pass on (from the settings)
        self.drawn: dict | None = None  # the view on screen

    # -- layout ---------------------------------------------------------------

    def compose(self) -> ComposeResult:
        yield TitleBar()
        with Horizontal(id="worldwave"):
            with VerticalScroll(id="board", can_focus=False):
                yield Static(id="scoreline", markup=False)
                yield PitchPanel(id="pitch")
                yield Static(id="prompt", markup=False)
                yield DraftPanel(id="draft")
                yield HandPanel(id="hand")
            with Vertical(id="side"):
                feed = MatchFeed(id="feed")
                feed.can_focus = False  # the arrow keys stay with the cards
                yield feed
        yield Static(id="status", markup=False)
        yield KeyBar()

    def on_mount(self) -> None:
        # Textual then calls GameScreen.on_mount too, which starts the game flow.
        self.title = _("World Wave 世界波")
        self.auto_names = set(self.remembered_auto_pass())

    def on_resize(self, event) -> None:
        # GameScreen.on_resize (called after this one) sets -narrow; draw again after it.
        self.call_later(self.redraw)

    def redraw(self) -> None:
        if self.drawn is not None and not self.leaving():
            self.draw(self.drawn)

    @property
    def narrow(self) -> bool:
        return self.has_class("-narrow")

    # -- GameScreen hooks -------------------------------------------------------

    def show_status(self, text: str) -> None:
        self.query_one("#status", Static).update(text)

    def draw(self, view: dict) -> None:
        self.drawn = view
        names = self.match.names()
        drafting = view["phase"] == "draft"
        pitch = self.query_one(PitchPanel)
        pitch.show(view, names, set(self.match.agents), self.narrow)
        pitch.display = not drafting  # the draft lists the choices so far itself
        self.query_one("#scoreline", Static).update(self.score_text(view))
        self.query_one(MatchFeed).sync(view["log"], self.describe)
        prompt = self.query_one("#prompt", Static)
        if view["windows"]:
            due = view["windows"][-1]["due"]
            text = Text(_("Asked: {name} · ").format(name=names[due]), style="bold")
            text.append(window_question(view, names))
            prompt.update(text)
            prompt.display = True
        else:
            prompt.display = False
        draft = self.query_one(DraftPanel)
        hand = self.query_one(HandPanel)
        draft.display = drafting
        hand.display = not drafting
        if drafting:
            d = view["draft"]
            chosen = [
                (f"P{s + 1} {names[s]} · {team_name(s % 2)}", c) for s, c in enumerate(d["chosen"])
            ]
            draft.border_title = Content(  # a name is never markup
                _("Draft: {name} chooses a character").format(name=names[d["seat"]])
            )
            draft.show(
                d["offered"],
                chosen,
                _("The characters offered are shown only to {name}.").format(name=names[d["seat"]]),
            )
            if not draft.has_focus and self.review is None:
                draft.focus()
        else:
            self.draw_hand(view, hand)
            if not hand.has_focus and self.review is None:
                hand.focus()
        self.sub_title = self.turn_text(view)
        self.update_status(view)

    def draw_hand(self, view: dict, hand: HandPanel) -> None:
        seat = view["seat"]
        if view.get("hands") is not None:  # a replay showing every card
            hand.border_title = _("Every hand (replay)")
            hand.border_subtitle = ""
            names = self.match.names()
            labels = [f"P{s + 1} {names[s]}" for s in range(len(view["hands"]))]
            hand.show_every(list(zip(labels, view["hands"], strict=True)), self.narrow)
            return
        if seat is None or view["hand"] is None:
            hand.border_title = _("Hand")
            hand.border_subtitle = ""
            hand.show(None, hidden_text=_("Hands are hidden: each player sees only their own."))
            return
        info = view["seats"][seat]
        cid = info["character"]
        title = _("Hand · {name} · {n}/{limit}").format(
            name=self.seat_name(seat), n=len(view["hand"]), limit=info["hand_limit"]
        )
        if cid:
            char = ROSTER[cid]
            title += f" · {character_name(cid)}: {own_texts(char.text, char.text_zh)[0]}"
        hand.border_title = Content(title)  # names and card texts are never markup
        hand.border_subtitle = Content(self.news.get(seat, ""))
        marked = self.marked if view["phase"] == "discard" and view["turn"] == seat else set()
        fresh = new_slots(self.hand_seen.get(seat, []), view["hand"])
        hand.show(view["hand"], marked=marked, fresh=fresh, narrow=self.narrow)

    def private_what(self, seat: int, view: dict) -> str:
        name = self.seat_name(seat)
        if view["phase"] == "draft":
            return _("{name}: choose your character").format(name=name)
        if view["windows"]:
            return _("{name}, you are asked: {question}").format(
                name=name, question=window_question(view, self.match.names())
            )
        if view["phase"] == "discard":
            return _("{name}: discard down to your hand limit").format(name=name)
        return _("{name}: your turn").format(name=name)

    def end_table(self, view: dict) -> tuple[list[str], list[list[str]]]:
        goals = view["goals"]
        rows = []
        for info in view["seats"]:
            cid = info["character"]
            rows.append(
                [
                    team_name(info["team"]),
                    character_name(cid) if cid else "",
                    str(goals[info["team"]]),
                ]
            )
        return [_("Team"), _("Character"), _("Goals")], rows

    def after_action(self, applied: Applied) -> None:
        """Forget the discard marks once the phase moved on; tell a person at this
        terminal, and only them, what a Tackle (or a skill) let them see."""
        if self.match.is_over or self.table()["phase"] != "discard":
            self.marked = set()
        if applied.seat in self.news:
            del self.news[applied.seat]
        if applied.seat in self.local:  # what they hold now is no longer new to them
            self.hand_seen[applied.seat] = list(self.match.view(applied.seat)["hand"] or [])
        names = self.match.names()
        for e in applied.events:
            if e.get("event") == "half" and e.get("half") == 2:  # W6.2, told to everyone
                a, b = self.match.public_view()["goals"]
                self.notify(
                    _(
                        "Half time: Team A {a} : {b} Team B. Every card is shuffled back "
                        "into the deck; {name} starts the 2nd half."
                    ).format(a=a, b=b, name=names[e["seat"]]),
                    title=_("Half time"),
                    timeout=10,
                    markup=False,
                )
        for seat in sorted(self.local):
            private = self.match.view(seat)["private"]
            new = private[self.private_seen.get(seat, 0) :]
            self.private_seen[seat] = len(private)
            for e in new:
                if e.get("event") != "took":
                    continue
                if e["seat"] == seat:
                    text = _("You took {card} from {name}.").format(
                        card=card_name(e["card"]), name=names[e["target"]]
                    )
                else:
                    text = _("{name} took your {card}.").format(
                        card=card_name(e["card"]), name=names[e["seat"]]
                    )
                self.news[seat] = text
                if len(self.local) == 1:
                    self.notify(text, title=_("Only you see this"), timeout=8, markup=False)

    def after_undo(self, undone: Undone) -> None:
        self.marked = set()
        self.news.clear()
        self.private_seen = {s: len(self.match.view(s)["private"]) for s in self.local}
        self.hand_seen = {s: list(self.match.view(s)["hand"] or []) for s in self.local}

    # -- responses without tells (W5.2) ------------------------------------------------

    def remembered_auto_pass(self) -> list[str]:
        path = getattr(self.app, "settings_file", None)
        settings, _notice = load_settings(path)
        return list(settings.auto_pass)

    def auto_pass_on(self, seat: int) -> bool:
        return self.seat_name(seat) in self.auto_names

    def response_wait(self) -> float:
        """How long an auto-pass waits: as long as an AI decision takes here (at a shared
        table the table's pace, the same for everyone; alone the app's), at least the
        game's least pace (1 s, W5.2); none at the instant pace, as in tests."""
        session = getattr(self.app, "table_session", None)
        if session is not None and session.table.match is self.match:
            base = float(session.table.hub.ai_delay)
        else:
            base = float(getattr(self.app, "ai_delay", lambda: 0.0)())
        return self.match.pace(base)

    def auto_pass_due(self) -> bool:
        """Whether the person due is asked in a window, has no legal answer but `pass`,
        and wants auto-pass."""
        match = self.match
        seat = match.due
        if self.review is not None or self.busy or match.is_over or not self.is_local(seat):
            return False
        assert seat is not None
        if not self.table()["windows"] or not self.auto_pass_on(seat):
            return False
        return [str(a) for a in match.legal_actions()] == ["pass"]

    def advance(self) -> None:
        if self.auto_pass_due():
            self.render_view()
            self.refresh_bindings()
            self.busy = True
            self.run_worker(self.auto_pass(len(self.match.actions)), group="ai", exclusive=True)
            return
        super().advance()

    async def auto_pass(self, number: int) -> None:
        """Pass for the person due after the response wait (no pass-device screen)."""
        try:
            wait = self.response_wait()
            if wait > 0:
                await asyncio.sleep(wait)
        except asyncio.CancelledError:
            return  # the screen or the app closes (not raised on: see GameScreen.ai_turn)
        finally:
            self.busy = False
        match = self.match
        if len(match.actions) != number or match.is_over or self.leaving():
            return
        if not self.is_current:
            return  # a help screen is open: asked again on return
        self.send("pass")

    def action_auto_pass(self) -> None:
        seat = self.keyboard_seat()
        if seat is None:
            self.notify(
                _("Auto-pass is set by the person at the keys: show your cards first."),
                title=_("Auto-pass"),
            )
            return
        name = self.seat_name(seat)
        if name in self.auto_names:
            self.auto_names.discard(name)
            text = _("Auto-pass is off for {name}: you are asked in every window.")
        else:
            self.auto_names.add(name)
            text = _(
                "Auto-pass is on for {name}: with no legal answer you pass after the usual "
                "wait. At one keyboard the pass screen is then skipped, which shows the "
                "others you had no answer."
            )
        problem = update_settings(
            getattr(self.app, "settings_file", None), auto_pass=sorted(self.auto_names)
        )
        self.notify(text.format(name=name), title=_("Auto-pass"), markup=False)
        if problem:
            self.notify(problem, title=_("Settings"), severity="warning", markup=False)
        self.update_status()
        if not self.busy:
            self.advance()

    # -- words -----------------------------------------------------------------

    def score_text(self, view: dict) -> Text:
        g = view["goals"]
        narrow = self.narrow
        text = Text(f" {half_name(view['half'])} ", style="bold reverse")
        text.append(" " if narrow else "  ")
        text.append(f"{TEAM_NAMES[0] if narrow else team_name(0)} ")
        text.append(f"{g[0]} : {g[1]}", style="bold")
        text.append(f" {TEAM_NAMES[1] if narrow else team_name(1)}")
        if view["phase"] not in ("draft", "over"):
            text.append(
                " · "
                + _("turn {n}: {name} · {phase}").format(
                    n=view["turn_number"],
                    name=self.seat_name(view["turn"]),
                    phase=_(PHASE_WORDS[view["phase"]]),
                )
            )
        if view["exhausted"]:
            text.append("  · " + _("deck empty"), style="bold")
        return text

    def turn_text(self, view: dict) -> str:
        if view["is_over"]:
            return _("Full time")
        if view["phase"] == "draft":
            return _("Draft · {name} chooses").format(name=self.seat_name(view["to_move"]))
        return _("{half} · to move: {name}").format(
            half=half_name(view["half"]), name=self.seat_name(view["to_move"])
        )

    def update_status(self, view: dict | None = None) -> None:
        view = view or self.drawn
        if view is None:
            return
        seat = self.match.due
        names = self.match.names()
        if view["is_over"] or seat is None:
            doing = _("The match is over.")
        elif self.match.is_ai(seat):
            doing = _("Thinking: {name} (AI)…").format(name=names[seat])
        elif not self.is_local(seat) and self.review is None:
            doing = _("Waiting for {name}…").format(name=names[seat])
        elif self.review is not None:
            doing = ""
        elif self.busy and self.auto_pass_on(seat):
            doing = _("{name}: …").format(name=names[seat])
        elif view["phase"] == "draft":
            doing = _("{name}: choose a character (←→ or 1–4, Enter, or click)").format(
                name=names[seat]
            )
        elif view["windows"]:
            doing = _("{name}: Enter plays the card chosen, s a skill, p passes").format(
                name=names[seat]
            )
        elif view["phase"] == "discard":
            excess = self.excess(view, seat)
            doing = ngettext(
                "{name}: mark {n} card to discard (Space), then d",
                "{name}: mark {n} cards to discard (Space), then d",
                excess,
            ).format(name=names[seat], n=excess)
        else:
            doing = (
                _("{name}: Enter plays · e equip · s skill · x ends")
                if self.narrow
                else _(
                    "{name}: Enter plays the card chosen (←→ or 1–9) · e equips · s skill · "
                    "x ends the action phase"
                )
            ).format(name=names[seat])
        if seat is not None and self.is_local(seat) and self.auto_pass_on(seat):
            doing += "  " + _("[auto-pass on]")
        self.query_one("#status", Static).update(Text(doing, no_wrap=True, overflow="ellipsis"))

    # -- the person's actions -------------------------------------------------------------

    def keyboard_seat(self) -> int | None:
        """The person whose own view is on screen now (None: the public view)."""
        view = self.drawn
        if view is None or view["seat"] is None or not self.is_local(view["seat"]):
            return None
        seat: int = view["seat"]
        return seat

    def acting_seat(self) -> int | None:
        """The seat due, when its person is at the keys and sees their cards; else None
        (and a key for a move says whose move it is)."""
        if not self.can_act():
            self.say_whose_move()
            return None
        seat = self.match.due
        if seat is None or self.keyboard_seat() != seat:
            return None
        return seat

    def table(self) -> dict:
        """What everyone may know now (the match's public view)."""
        return self.match.public_view()

    def excess(self, view: dict, seat: int) -> int:
        """How many cards `seat` must discard down to the hand limit."""
        info = view["seats"][seat]
        return max(0, int(info["hand"]) - int(info["hand_limit"] or 0))

    def legal(self) -> list[Any]:
        return list(self.match.legal_actions())

    def hand_cards(self) -> list[str]:
        seat = self.match.due
        view = self.drawn
        if seat is None or view is None or view["hand"] is None:
            return []
        return list(view["hand"])

    def refuse(self, text: str) -> None:
        self.notify(text, title=_("Not allowed"), severity="warning", markup=False)
        self.app.bell()

    def play_slot(self, slot: int) -> None:
        """Enter (or a second click) on a hand card: play it as the moment allows."""
        seat = self.acting_seat()
        if seat is None:
            return
        state = self.table()
        cards = self.hand_cards()
        if not 1 <= slot <= len(cards):
            return
        card = cards[slot - 1]
        if state["phase"] == "discard" and not state["windows"]:
            self.toggle_mark(slot)
            return
        legal = self.legal()
        if state["windows"]:
            found = [a for a in legal if a.slots == (slot,) and a.kind in ("save", "event")]
            if not found:
                question = window_question(self.match.public_view(), self.match.names())
                self.refuse(
                    _("{card} does not answer this. {question} (p passes)").format(
                        card=card_name(card), question=question
                    )
                )
                return
        elif card in SHOTS:
            found = [a for a in legal if a.kind == card]
            if not found:
                self.send(card)  # the engine says why (a goalkeeper, stamina)
                return
        else:
            found = [a for a in legal if a.slots == (slot,) and a.kind in ("equip", "event")]
            if not found:
                if card in WINDOW_CARDS:
                    self.refuse(
                        _("{card} is played only to answer, in its response window.").format(
                            card=card_name(card)
                        )
                    )
                elif CARDS[card].kind == "action":
                    self.refuse(
                        _("{card} is played only when the other team shoots.").format(
                            card=card_name(card)
                        )
                    )
                else:
                    self.send(f"event {slot}")  # the engine says why
                return
        if len(found) == 1:
            self.send(str(found[0]))
            return
        names = self.match.names()
        view = self.match.public_view()
        choices = []
        for a in found:
            info = view["seats"][a.target]
            cid = info["character"]
            label = f"P{a.target + 1} {names[a.target]}"
            if cid:
                label += f" · {character_name(cid)} · " + _("hand {n}").format(n=info["hand"])
            choices.append((str(a), label))
        self.choose(_("{card}: on whom?").format(card=card_name(card)), choices)

    def toggle_mark(self, slot: int) -> None:
        if slot in self.marked:
            self.marked.discard(slot)
        else:
            self.marked.add(slot)
        self.render_view()

    @on(PitchPanel.SeatClicked)
    def seat_clicked(self, message: PitchPanel.SeatClicked) -> None:
        """A click on a player's card: their character and equipped skills in words
        (public: everybody may know them)."""
        view = self.drawn
        if view is None:
            return
        info = view["seats"][message.seat]
        cid = info["character"]
        if cid is None:
            return
        char = ROSTER[cid]
        lines = [
            f"{character_name(cid)} · {char.position} · {team_name(info['team'])}",
            costs_text(cid),
            *own_texts(char.text, char.text_zh),
        ]
        for card in info["equipped"].values():
            if card is not None:
                said = own_texts(CARDS[card].text, CARDS[card].text_zh)[0]
                lines.append(labelled(card_name(card), said))
        title = f"P{message.seat + 1} {self.seat_name(message.seat)}"
        self.notify("\n".join(lines), title=title, timeout=12, markup=False)

    @on(CardList.Picked, "#hand")
    def hand_picked(self, message: CardList.Picked) -> None:
        self.play_slot(message.index + 1)

    @on(CardList.Picked, "#draft")
    def draft_picked(self, message: CardList.Picked) -> None:
        if self.acting_seat() is not None:
            self.send(f"pick {message.index + 1}")

    @on(CardList.Highlighted)
    def card_highlighted(self, message: CardList.Highlighted) -> None:
        self.update_status()

    def action_select(self, n: int) -> None:
        drafting = self.table()["phase"] == "draft"
        panel: CardList = self.query_one(DraftPanel if drafting else HandPanel)
        if n <= panel.count:
            panel.move_to(n - 1)
            panel.focus()
        else:
            self.app.bell()

    def action_equip(self) -> None:
        seat = self.acting_seat()
        if seat is None:
            return
        hand = self.query_one(HandPanel)
        card = hand.card
        if card is None or CARDS[card].kind != "skill":
            self.refuse(_("Only skill cards (攻 防 體) can be equipped: choose one first."))
            return
        self.send(f"equip {hand.cursor + 1}")

    def action_skill(self) -> None:
        seat = self.acting_seat()
        if seat is None:
            return
        found = [a for a in self.legal() if a.kind in SKILL_VERBS]
        if not found:
            self.refuse(_("No skill can be used now."))
            return
        cards = self.hand_cards()
        choices = [(str(a), self.skill_label(seat, a, cards)) for a in found]
        self.choose(_("Use which skill?"), choices)

    def skill_label(self, seat: int, action: Any, cards: list[str]) -> str:
        """A skill action in words: whose skill, what it does, with which cards or on whom."""
        names = self.match.names()
        used = list_text(f"{s}. {card_name(cards[s - 1])}" for s in action.slots if s <= len(cards))
        if action.kind in ("terry", "anticipation"):
            what = character_name("terry") if action.kind == "terry" else card_name("anticipation")
            return _("{what}: discard {cards} as a Save").format(what=what, cards=used)
        cid = self.table()["seats"][seat]["character"]
        label = (
            labelled(character_name(cid), own_texts(ROSTER[cid].text, ROSTER[cid].text_zh)[0])
            if cid
            else _("skill")
        )
        if action.target is not None:
            label += " → " + f"P{action.target + 1} {names[action.target]}"
        if used:
            label += " · " + used
        return label

    def action_pass(self) -> None:
        if self.acting_seat() is None:
            return
        if "pass" not in [str(a) for a in self.legal()]:
            self.refuse(_("Nothing to answer now: p passes only when you are asked."))
            return
        self.send("pass")

    def action_end(self) -> None:
        if self.acting_seat() is None:
            return
        if "end" not in [str(a) for a in self.legal()]:
            self.refuse(_("x ends your action phase; it is not your action phase now."))
            return
        self.send("end")

    def action_mark(self) -> None:
        if self.acting_seat() is None:
            return
        state = self.table()
        if state["phase"] != "discard" or state["windows"]:
            return
        self.toggle_mark(self.query_one(HandPanel).cursor + 1)

    def action_discard(self) -> None:
        seat = self.acting_seat()
        if seat is None:
            return
        state = self.table()
        if state["phase"] != "discard" or state["windows"]:
            self.refuse(_("d discards in your discard phase, down to your hand limit."))
            return
        excess = self.excess(state, seat)
        if len(self.marked) != excess:
            self.refuse(
                ngettext(
                    "Mark exactly {n} card (Space), then press d.",
                    "Mark exactly {n} cards (Space), then press d.",
                    excess,
                ).format(n=excess)
            )
            return
        slots = " ".join(str(s) for s in sorted(self.marked))
        if self.send(f"discard {slots}"):
            self.marked = set()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """The key bar shows the keys of the moment (the others are left out)."""
        if action in ("mark", "discard", "pass", "end", "equip", "skill"):
            state = self.table() if self.review is None else None
            if state is None or state["is_over"] or state["phase"] == "draft":
                return False
            if action in ("mark", "discard"):
                return state["phase"] == "discard" and not state["windows"]
            if action == "pass":
                return bool(state["windows"])
            if action in ("end", "equip"):
                return state["phase"] == "action" and not state["windows"]
        return super().check_action(action, parameters)


def worldwave_screen(
    match: Match, local: set[int] | None = None, drive_ai: bool = True
) -> WorldWaveScreen:
    """The screen of a World Wave match (the registry's factory)."""
    return WorldWaveScreen(match, local, drive_ai)
