"""Provides hints: what the `hard` agent would play for one seat, and why, as data.

`hint(game_id, view, legal_actions, agent, seed)` asks a fresh `hard` agent of the game
(the caller builds it: `match.make_agent(game_id, "hard")`; it reads only the seat's view,
like every agent) and returns a `Hint`: the action, a reason code
and the values the reason names. One explainer per game (`EXPLAINERS`) turns the view and
the action into the reason, from the view alone: the cells of a known pair and how many
turns ago a card was seen (Stadium), the share of the cards still unseen a category beats
(top trumps). Codes without a game-specific reason fall back to "play". The words are the
front end's (footycards/tui/hint_words.py), through `_()`.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from .base import Agent

Reason = tuple[str, dict[str, Any]]


@dataclass(frozen=True)
class Hint:
    """The hinted action (an element of the legal actions), its reason code and values."""

    action: Any
    code: str
    params: dict[str, Any] = field(default_factory=dict)


def hard_choice(agent: Agent[Any], view: Any, legal_actions: list[Any], seed: int) -> Any:
    """The choice of a fresh `hard` agent for this view (its own generator, so asking for
    a hint never changes the match's random numbers)."""
    return agent.choose(view, list(legal_actions), random.Random(seed))


def hint(
    game_id: str, view: Any, legal_actions: list[Any], agent: Agent[Any], seed: int = 0
) -> Hint:
    """What `agent` (a fresh `hard` one) would play from `view` and why (data; the front
    end says it)."""
    action = hard_choice(agent, view, legal_actions, seed)
    explain = EXPLAINERS.get(game_id, explain_plain)
    code, params = explain(view, action)
    return Hint(action, code, params)


def explain_plain(view: Any, action: Any) -> Reason:
    """No reason of the game's own: the action alone."""
    return "play", {"action": str(action)}


# -- Stadium ----------------------------------------------------------------------


def _stadium_seen(view: Any) -> dict[str, tuple[str, int]]:
    """Face-down cells whose card the seat has seen: label -> (card id, turn seen)."""
    down = {c["pos"] for c in view["table"] if c["state"] == "down"}
    seen: dict[str, tuple[str, int]] = {}
    for r in view["reveals"]:
        if r["pos"] in down:
            seen[r["pos"]] = (r["id"], int(r.get("turn", 0)))
    now = int(view.get("turn_no", 0))
    for label, info in (view.get("peeked") or {}).items():
        if label in down:
            seen[label] = (info["id"], now)
    return seen


def explain_stadium(view: Any, action: Any) -> Reason:
    """Stadium: a known pair, the partner of the card turned, a card not seen yet."""
    kind = getattr(action, "kind", "")
    if kind != "flip":
        return kind if kind in ("var", "match", "yellow", "red", "steal", "pass") else "play", {
            "action": str(action)
        }
    cols = view["cols"]
    cell = view["table"][action.row * cols + action.col]["pos"]
    now = int(view.get("turn_no", 0))
    seen = _stadium_seen(view)
    if cell not in seen:
        return "fresh", {"cell": cell}
    cid, turn = seen[cell]
    ago = max(0, now - turn)
    up = [c for c in view["table"] if c["state"] == "up" and c.get("id") == cid]
    if view["phase"] == "second" and up:
        return "partner", {"cell": cell, "other": up[0]["pos"], "ago": ago}
    for label, (other_id, other_turn) in seen.items():
        if label != cell and other_id == cid:
            return "pair", {"cell": cell, "other": label, "ago": max(0, now - other_turn)}
    if view["phase"] == "second":
        return "known", {"cell": cell, "ago": ago}
    return "seen", {"cell": cell, "ago": ago}


# -- Bundesliga Quartett ------------------------------------------------------------


def explain_quartett(view: Any, action: Any) -> Reason:
    """Top trumps: how much of what is still unseen the called value beats; the ask game:
    whom to ask for which card."""
    from footycards.core import quartett as quartett_rules  # one game's screen loads no other

    from .quartett import deck_catalog

    kind = getattr(action, "kind", "")
    top = view.get("top_card")
    if kind == "call" and top is not None:
        category = action.category
        value = quartett_rules.value_getter(category)
        seen = {top["id"], *view.get("revealed", ())}
        pool = [c for c in deck_catalog(view) if c["id"] not in seen]
        mine = value(top)
        beaten = sum(1 for c in pool if value(c) < mine)
        share = round(100 * beaten / len(pool)) if pool else 100
        return "call", {"category": category, "value": mine, "percent": share}
    if kind == "ask":
        return "ask", {"card": action.card, "seat": action.seat}
    return explain_plain(view, action)


# -- Sadikov's Football -------------------------------------------------------------


def explain_sadikov(view: Any, action: Any) -> Reason:
    """Sadikov: the column to take, after looking a few moves ahead."""
    if getattr(action, "kind", "") == "take":
        return "take", {"column": action.column}
    return explain_plain(view, action)


EXPLAINERS: dict[str, Callable[[Any, Any], Reason]] = {
    "stadium": explain_stadium,
    "quartett": explain_quartett,
    "sadikov": explain_sadikov,
}
