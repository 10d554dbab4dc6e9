"""Provides the plain-text mode: one line of notation per move, the seat's view after each.

It reads stdin line by line (so it works piped, for scripts and screen readers) and
writes plain text without colour or cursor tricks.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import IO

from ..core import IllegalAction, get_game
from ..i18n import _
from ..seats import Table
from . import quartett as quartett_text
from . import stadium as stadium_text

RENDERERS: dict[str, Callable[[dict], str]] = {
    "stadium": stadium_text.render,
    "quartett": quartett_text.render,
}

HELP = _(
    "Type one move per line in the game's notation (e.g. 'flip C7', 'call goals').\n"
    "Other commands: 'moves' lists your legal moves, 'help' shows this, 'quit' ends."
)


def run(table: Table, inp: IO[str], out: IO[str]) -> int:
    """Play `table` on text streams; returns 0 when the game ended, 1 if input ran out."""
    game = get_game(table.game_id)
    render = RENDERERS[table.game_id]
    state = table.state
    seen = 0

    def say(text: str = "") -> None:
        out.write(text + "\n")
        out.flush()

    def feed() -> None:
        nonlocal seen
        for line in state.log[seen:]:
            say("* " + line)
        seen = len(state.log)

    say(HELP)
    shown_for: int | None = None
    while not state.is_over:
        seat = state.to_move
        if table.is_ai(seat):
            before = len(state.log)
            action = table.play_ai()
            if len(state.log) == before:
                say(_("{name} plays: {move}").format(name=table.seats[seat].name, move=action))
            feed()
            continue
        feed()
        say()
        say(render(state.view(seat)))
        shown_for = seat
        out.write(_("{name} (P{n}) to move> ").format(name=table.seats[seat].name, n=seat + 1))
        out.flush()
        line = inp.readline()
        if not line:
            say()
            say(_("Input ended; the game is left unfinished."))
            return 1
        text = line.strip()
        if not text or text.startswith("#"):
            continue
        word = text.lower()
        if word in ("quit", "exit"):
            say(_("Game abandoned."))
            return 1
        if word in ("help", "?"):
            say(HELP)
            continue
        if word in ("moves", "legal"):
            moves = [str(a) for a in state.legal_actions()]
            say(_("Legal moves: {moves}").format(moves=", ".join(moves[:60])))
            if len(moves) > 60:
                say(_("… and {n} more").format(n=len(moves) - 60))
            continue
        try:
            state.apply(game.parse(text))
        except IllegalAction as exc:
            say(
                _("Not allowed: {reason}. Nothing changed; try again ('moves' lists them).").format(
                    reason=exc
                )
            )
    feed()
    say()
    last = shown_for if shown_for is not None else 0
    say(render(state.view(last)))
    return 0
