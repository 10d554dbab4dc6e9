"""Provides the plain-text mode: one line of notation per move, the seat's view after each.

It reads stdin line by line (so it works piped, for scripts and screen readers) and
writes plain text without colour or cursor tricks, with one exception: with several people
at one terminal, the screen and its scrollback are cleared before each pass prompt when
the output is a terminal (never when it is piped). It is a front end of the match loop:
AI seats move through `Match`, people type notation. With several people at one
terminal, a private view is only printed after the named person says they are at the
keyboard (as the TUI's pass-device screen does).
"""

from __future__ import annotations

import textwrap
from collections.abc import Sequence
from typing import IO, Any

from ..core import IllegalAction
from ..i18n import _, list_text
from ..match import Applied, Match, UndoRefused
from ..narration import event_text, refusal, undo_question, undone_text
from ..record import GameRecord
from ..registry import GameSpec, OptionValueError, PrivateNews
from ..saves import Autosaver, SaveStore, error_text
from ..seats import SeatSpec
from ..stats import record_finished

# Cursor home, clear the screen, clear the scrollback (xterm's ED 3): what the last person
# saw is gone before the next one comes to the keyboard.
CLEAR_SCREEN = "\x1b[H\x1b[2J\x1b[3J"


def help_text(undo: bool = False, examples: Sequence[str] = ()) -> str:
    """What a person may type; `undo` when the match offers undo (one person against AI),
    `examples` of the game's moves (its text renderer's `EXAMPLES`)."""
    if examples:
        text = _("Type one move per line in the game's notation (e.g. {examples}).").format(
            examples=list_text(f"'{move}'" for move in examples)
        )
    else:
        text = _("Type one move per line in the game's notation.")
    text += "\n" + _(
        "Other commands: 'moves' lists your legal moves, 'board' shows the game again,\n"
        "'help' shows this, 'quit' ends (the game is saved)."
    )
    if undo:
        text += "\n" + _(
            "'undo' takes back your last move and the AI's replies (after a card was shown it\n"
            "asks first: the game then counts as practice)."
        )
    return text


class TextFront:
    """One text terminal answering the human seats of a match."""

    def __init__(self, match: Match, inp: IO[str], out: IO[str]) -> None:
        self.match = match
        self.inp = inp
        self.out = out
        self.render = match.spec.text_module().render
        self.at_keys: int | None = None  # the person who confirmed being at the keyboard
        self.shown_for: int | None = None
        self.stale = True  # the game changed since its view was last printed
        self.news: list[str] = []  # public event lines since the last pass prompt
        self.stats_message = ""  # a problem recording the finished game, said at the end
        match.subscribe(self.on_applied)

    def say(self, text: str = "") -> None:
        self.out.write(text + "\n")
        self.out.flush()

    def help(self) -> str:
        """The help for this game: its own example moves, `undo` where it is offered."""
        return help_text(self.match.undo_offered(), self.match.spec.text_module().EXAMPLES)

    def read(self) -> str | None:
        line = self.inp.readline()
        return line if line else None

    def is_terminal(self) -> bool:
        isatty = getattr(self.out, "isatty", None)
        return bool(isatty and isatty())

    def on_applied(self, applied: Applied) -> None:
        self.stale = True
        names = self.match.names()
        lines = []
        if applied.by_ai and not applied.events:
            lines.append(
                _("{name}: {move}").format(name=self.match.name(applied.seat), move=applied.action)
            )
        lines += ["* " + event_text(self.match.spec, event, names) for event in applied.events]
        for line in lines:
            self.say(line)
        self.news += lines  # public: said again to the next person after a clear
        if applied.is_over:  # games with people go into the statistics (never `sim`)
            self.stats_message = record_finished(self.match)

    def private_ok(self, seat: int) -> bool:
        """Several people at this terminal: the seat's person must say they are here."""
        match = self.match
        if len(match.humans) < 2 or self.at_keys == seat or not match.has_private(seat):
            return True
        if self.is_terminal():
            self.out.write(CLEAR_SCREEN)  # the last person's cards leave the screen
            for line in self.news:  # what everyone may know of the moves since
                self.say(line)
        self.news = []
        self.say()
        self.say(
            _("Pass the keyboard to {name}. Everyone else: please look away.").format(
                name=match.name(seat)
            )
        )
        self.out.write(_("{name}, press Enter to see your cards> ").format(name=match.name(seat)))
        self.out.flush()
        if self.read() is None:
            return False
        self.at_keys = seat
        return True

    def run(self) -> int:
        """Play to the end, or until a person quits or the input ends; 0 (a game left
        unfinished is saved by the caller's autosaver)."""
        match = self.match
        self.say(self.help())
        for event in match.state.log:
            self.news.append("* " + event_text(match.spec, event, match.names()))
            self.say(self.news[-1])
        while not match.is_over:
            seat = match.due
            assert seat is not None
            if match.is_ai(seat):
                match.play_ai()
                continue
            if self.at_keys is not None and self.at_keys != seat:
                self.at_keys = None  # somebody else's decision: the last person is done
            if not self.private_ok(seat):
                return self.ran_out()
            if self.stale or self.shown_for != seat:
                self.show(seat)
            self.out.write(_("{name} (P{n}) to move> ").format(name=match.name(seat), n=seat + 1))
            self.out.flush()
            line = self.read()
            if line is None:
                return self.ran_out()
            if not self.answer(seat, line.strip()):
                self.say(_("Game left unfinished."))
                return 0
        self.say()
        self.say(self.render(match.public_view()))  # names the winners and the tie-break
        if self.stats_message:
            self.say(self.stats_message)
        return 0

    def show(self, seat: int) -> None:
        """Print the game as `seat` sees it."""
        self.say()
        self.say(self.render(self.match.view(seat)))
        self.shown_for = seat
        self.stale = False

    def undo(self) -> None:
        """Take back the person's last move and the AI's replies, or say why not. Across
        something hidden the person is asked once (the game then counts as practice)."""
        match = self.match
        kind = match.undo_crossing() if match.undo_refusal(anyway=True) is None else None
        if kind is not None and not match.practice:
            self.out.write(undo_question(kind) + " " + _("(yes/no)") + "> ")
            self.out.flush()
            answer = (self.read() or "").strip().casefold()
            if answer not in {"y", "yes", _("y").casefold(), _("yes").casefold()}:
                self.say(_("Nothing changed."))
                return
        try:
            removed = match.undo(anyway=kind is not None)
        except UndoRefused as exc:
            self.say(_("No undo: {reason}. Nothing changed.").format(reason=refusal(exc)))
            return
        text = undone_text(removed)
        if match.practice:
            text += " " + _("This game counts as practice.")
        self.say(text)
        self.stale = True

    def ran_out(self) -> int:
        self.say()
        self.say(_("Input ended; the game is left unfinished."))
        return 0

    def answer(self, seat: int, text: str) -> bool:
        """Handle one line typed by the person of `seat`; False when they quit."""
        if not text or text.startswith("#"):
            return True
        word = text.lower()
        if word in ("quit", "exit"):
            return False
        if word in ("help", "?"):
            self.say(self.help())
            return True
        if word == "undo":
            self.undo()
            return True
        if word == "board":
            self.show(seat)
            return True
        if word in ("moves", "legal"):
            moves = [str(a) for a in self.match.legal_actions(seat)]
            self.say(_("Legal moves ({n}):").format(n=len(moves)))
            for line in move_lines(moves):
                self.say(line)
            return True
        renderer = self.match.spec.text_module()
        before = self.match.view(seat) if isinstance(renderer, PrivateNews) else None
        try:
            self.match.apply(text, seat=seat)
            if isinstance(renderer, PrivateNews) and before is not None:
                for line in renderer.private_news(before, self.match.view(seat)):
                    self.say(line)  # the person who moved still has the keyboard
        except IllegalAction as exc:
            self.say(
                _("Not allowed: {reason}. Nothing changed; try again ('moves' lists them).").format(
                    reason=refusal(exc)
                )
            )
        return True


def move_lines(moves: list[str], width: int = 78) -> list[str]:
    """Every legal move, grouped: one line (wrapped) per move with the same leading words,
    e.g. "flip: A1 A2 B7"; moves that take any two different of some values (Stadium's
    VAR) are said so once, followed by those values."""
    groups: dict[str, list[str]] = {}
    for move in moves:
        words = move.split()
        head = " ".join(words[:-1]) if len(words) > 1 else ""
        groups.setdefault(head, []).append(words[-1] if len(words) > 1 else move)
    lines: list[str] = []
    pairs: dict[str, list[list[str]]] = {}
    for head, lasts in groups.items():
        words = head.split()
        if len(words) == 2:  # verb + first argument: maybe "any two of"
            pairs.setdefault(words[0], []).append([words[1], *lasts])
            continue
        label = f"{head}:" if head else "•"
        lines += textwrap.wrap(
            " ".join(lasts), width, initial_indent=f"  {label} ", subsequent_indent="    "
        )
    for verb, rows in pairs.items():
        values = sorted(
            {v for row in rows for v in row}, key=[v for row in rows for v in row].index
        )
        n = len(values)
        count = sum(len(row) - 1 for row in rows)
        if n > 2 and count == n * (n - 1) // 2 and len(rows) > 8:
            lines.append("  " + _("{verb} X Y — any two different of:").format(verb=verb))
            lines += textwrap.wrap(
                " ".join(values), width, initial_indent="    ", subsequent_indent="    "
            )
            continue
        for row in rows:
            lines += textwrap.wrap(
                " ".join(row[1:]),
                width,
                initial_indent=f"  {verb} {row[0]}: ",
                subsequent_indent="    ",
            )
    return lines


def run(match: Match, inp: IO[str], out: IO[str]) -> int:
    """Play `match` on text streams until it ends, a person quits or the input ends: 0."""
    return TextFront(match, inp, out).run()


def autosave(
    match: Match, out: IO[str], record: GameRecord | None = None, store: SaveStore | None = None
) -> Autosaver | None:
    """Save a game with people in it after every move (to `record`'s file when resumed).

    A failed save is said once on `out` and the game goes on."""
    if not match.humans:
        return None

    def failed(exc: OSError) -> None:
        out.write(
            _("Could not save the game ({why}); play goes on and every move tries again.").format(
                why=error_text(exc)
            )
            + "\n"
        )
        out.flush()

    return Autosaver(match, store or SaveStore(), record, on_error=failed)


def save_note(saver: Autosaver | None) -> str:
    """What became of an unfinished game's save, for the last line of the text mode."""
    if saver is None or saver.finished:
        return ""
    if saver.failed and saver.saves == 0:
        return _("The game could not be saved ({why}).").format(
            why=error_text(saver.error) if saver.error else "?"
        )
    if saver.saves == 0:
        return _("No move has been made yet, so there is nothing to save.")
    note = _("The game is saved; continue it with: footycards resume {id}").format(id=saver.id)
    if saver.failed:
        note = _("The last moves could not be saved.") + " " + note
    return note


def ask_setup(
    spec: GameSpec, seats: list[SeatSpec], opts: dict[str, Any], inp: IO[str], out: IO[str]
) -> dict[str, Any] | None:
    """Ask each person the game's set-up questions (e.g. Stadium's S2.2 date).

    Returns the engine options the answers make, or None when the input ran out.
    """
    answers: dict[str, Any] = {}
    for q in spec.questions(opts):
        out.write(_(q.title) + "\n" + _(q.prompt) + "\n")
        values: list[str | None] = []
        for seat in seats:
            if not seat.is_human:
                values.append(None)
                continue
            while True:
                out.write(_("{name}> ").format(name=seat.name))
                out.flush()
                line = inp.readline()
                if not line:
                    return None
                try:
                    values.append(q.check(line))
                    break
                except OptionValueError as exc:
                    out.write(_("{why}; try again.").format(why=exc) + "\n")
        answers[q.option] = values
    return answers
