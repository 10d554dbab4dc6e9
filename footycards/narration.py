"""Provides the words for what an engine reports: its events, its result and its refusals.

Engines emit data (an event kind and its arguments, reason codes); each game's text
renderer module turns them into sentences in the session's language. Every front end
(the TUI, the text mode, later each SSH client) goes through these functions.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from .core import DeckError, IllegalAction, OptionError
from .i18n import _, ngettext
from .match import BARRIER_SEEN, HIDDEN_SEEN
from .registry import GameSpec


def event_text(spec: GameSpec, event: Any, names: list[str]) -> str:
    """One log entry of `spec`'s engine in words."""
    if isinstance(event, str):
        return event
    text: str = spec.text_module().describe(event, names)
    return text


def result_lines(spec: GameSpec, result: dict[str, Any], names: list[str]) -> list[str]:
    """Why the game ended and how a tie was broken, in words (may be empty)."""
    return spec.text_module().describe_result(result, names)


def explain(exc: IllegalAction | OptionError) -> str:
    """Why an action was refused, in the session's language: the engine's English template
    translated, then filled with its arguments (the plain English `str()` if that fails)."""
    template = getattr(exc, "template", None)
    params = getattr(exc, "params", None)
    if not template or params is None:
        return str(exc)
    if isinstance(params.get("game"), str):  # a game's name ("{game} does not offer undo")
        params = {**params, "game": _(params["game"])}
    plural = getattr(exc, "plural", None)
    try:
        if plural and isinstance(params.get("n"), int):
            return ngettext(template, plural, params["n"]).format(**params)
        return _(template).format(**params)
    except (KeyError, IndexError, ValueError):
        return str(exc)


refusal = explain  # the name the front ends use


def problem_text(exc: Exception) -> str:
    """A problem with a game's options or deck file in the session's language: an
    engine's refusal, OptionError or DeckError translated from its template (a game's
    name among its arguments in the language too), else its own words."""
    if isinstance(exc, IllegalAction | OptionError):
        return explain(exc)
    if isinstance(exc, DeckError):
        try:
            return exc.where + _(exc.template).format(**exc.params)
        except (KeyError, IndexError, ValueError):
            return str(exc)
    return str(exc)


def undone_text(removed: int) -> str:
    """What an undo took back, as every front end says it."""
    return ngettext("Took back {n} move.", "Took back {n} moves.", removed).format(n=removed)


def undo_question(kind: str) -> str:
    """The question before an undo across a barrier of `kind` (see `Match.undo_crossing`)."""
    what = _(BARRIER_SEEN.get(kind, HIDDEN_SEEN))
    return _("You have seen {what}; undo anyway? This game then counts as practice.").format(
        what=what
    )


def tell(
    tellers: Mapping[str, Callable[[Any, Sequence[str]], str]],
    event: Mapping[str, Any],
    names: Sequence[str],
) -> str:
    """An event in words by the teller of its kind (a text renderer's table of them);
    an unknown kind is shown as its data rather than lost."""
    teller = tellers.get(str(event.get("event", "")))
    if teller is None:
        return " ".join(f"{k}={v}" for k, v in event.items())
    return teller(event, names)
