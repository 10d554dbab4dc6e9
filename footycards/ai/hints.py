"""Provides hints: what the `hard` agent would play for one seat, and why, as data.

`hint(game_id, view, legal_actions, agent, seed)` asks a fresh `hard` agent of the game
(the caller builds it: `match.make_agent(game_id, "hard")`; it reads only the seat's view,
like every agent) and returns a `Hint`: the action, a reason code
and the values the reason names. One explainer per game (`EXPLAINERS`) turns the view and
the action into the reason, from the view alone: the cells of a known pair and how many
turns ago a card was seen (Stadium), the share of the cards still unseen a category beats
(top trumps), a shot's chance against the Saves still possible (World Wave). Codes without
a game-specific reason fall back to "play". The words are the
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
    a hint never changes the match's random numbers). An agent whose level has lapses (top
    trumps' careless calls) gives its considered choice (`considered`): a hint is advice."""
    considered = getattr(agent, "considered", None)
    choose = considered if callable(considered) else agent.choose
    return choose(view, list(legal_actions), random.Random(seed))


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
        return explain_ask(view, action)
    return explain_plain(view, action)


def explain_ask(view: Any, action: Any) -> Reason:
    """The ask game (Q4, Q5): why that seat for that card, from the public asks and
    answers: the asked seat took the card in public; every other player lacks it; the
    seat asked for cards of its quartet (so holds one, Q4.3); it completes a quartet."""
    from .quartett import Memory

    card, seat = action.card, action.seat
    q = card[:-1]
    base = {"card": card, "seat": seat, "quartet": q}
    mem = Memory(view)
    if mem.known.get(card) == seat:
        return "ask_known", base
    me = view["seat"]
    others = [s for s in range(view["players"]) if s not in (me, seat)]
    if others and view["stack"] == 0 and all(_lacks(mem, card, s) for s in others):
        return "ask_only", base
    times = sum(
        1
        for h in view["history"]
        if h["asker"] == seat and h["card"] is not None and h["card"][:-1] == q
    )
    if times and q in mem.signals[seat]:
        return "ask_signal", {**base, "times": times}
    mine = sum(1 for c in view["hand"] or () if c["id"][:-1] == q)
    if mine == 3:
        return "ask_complete", base
    return "ask", {"card": card, "seat": seat}


def _lacks(mem: Any, card: str, seat: int) -> bool:
    """Whether `seat` is known not to hold `card`: it lacked it, and has drawn no card
    since (or it holds no card at all)."""
    lack = mem.lacks.get((card, seat))
    if lack is None:
        return False
    return mem.draws[seat] == lack[1]


# -- Sadikov's Football -------------------------------------------------------------


DENY_GOALS = 0.2  # expected goals of the card for the opponent that a hint names


def explain_sadikov(view: Any, action: Any) -> Reason:
    """Sadikov: what the card taken does (F4: a long shot, a free kick, a corner, a shot
    with its chance of a goal, an attack's extra move), else what it would do for the
    opponent if left there, else the pile it builds; "take" alone for a face-down card."""
    if getattr(action, "kind", "") != "take":
        return explain_plain(view, action)
    from .sadikov import take_outcome  # one game's screen loads no other

    column = action.column
    out = take_outcome(view, column)
    base = {"column": column, "card": out.card}
    if out.card is None or out.effect == "unknown":
        return "take", {"column": column}
    percent = min(100, round(100 * out.goals))
    if out.effect in ("long", "free_kick", "corner", "shot") and out.goals > 0:
        return f"take_{out.effect}", {**base, "percent": percent}
    if out.effect == "attack":
        return "take_attack", base
    opponent = 1 - view["to_move"]
    if out.their_goals >= DENY_GOALS:
        their = min(100, round(100 * out.their_goals))
        return "take_deny", {**base, "seat": opponent, "percent": their}
    if out.their_extra > 0:
        return "take_deny_attack", {**base, "seat": opponent}
    if out.effect == "removed":
        return "take_removed", base
    return "take_pile", base


# -- World Wave -------------------------------------------------------------------

SHOTS = ("shoot", "freekick", "penalty")


def explain_worldwave(view: Any, action: Any) -> Reason:
    """World Wave: a shot's chance of a goal against the Saves the defenders may still
    hold (their stamina, hand sizes and the cards unseen), a Foul on the likeliest to
    save, a Tackle on the fullest hand, a Save that stops whose shot, the stamina an
    `end` keeps for a Save, the least useful cards discarded."""
    from .worldwave import Info, WorldWaveAgent  # one game's screen loads no other

    kind = getattr(action, "kind", "")
    if kind == "pick" or view.get("phase") == "draft":
        offered = (view.get("draft") or {}).get("offered") or []
        slot = action.slots[0] if getattr(action, "slots", ()) else 0
        if 1 <= slot <= len(offered):
            return "ww_pick", {"character": offered[slot - 1]}
        return explain_plain(view, action)
    info = Info(view)
    me = info.me
    hand = info.hand
    card = hand[action.slots[0] - 1] if action.slots and action.slots[0] <= len(hand) else None
    if kind in SHOTS:
        chance = info.goal_chance(me, kind)
        can_save = [s for s in info.opponents() if info.save_chance(s, kind) > 0.0]
        if not can_save:
            return "ww_shot_clear", {"shot": kind, "stamina": info.seats[me]["stamina"]}
        return "ww_shot", {"shot": kind, "percent": round(100 * chance), "savers": can_save}
    if kind == "save" and card is not None:
        shot = view.get("shot") or {}
        return "ww_save", {"card": card, "shooter": shot.get("shooter")}
    if kind == "pass" and view.get("windows") and view["windows"][-1]["kind"] == "save":
        mates = [s for s in info.mates() if info.save_chance(s) > 0.0]
        if mates:
            return "ww_pass_mate", {"mate": mates[0]}
        return "ww_pass_save", {"stamina": info.seats[me]["stamina"]}
    if kind == "pass":
        return "ww_pass", {}
    if kind == "skill":
        return "ww_skill", {"character": info.seats[me]["character"]}
    if kind == "event" and card is not None:
        t = action.target
        if t is None:
            return "ww_event", {"card": card}
        if card == "foul":
            return "ww_foul", {
                "card": card, "target": t, "percent": round(100 * info.save_chance(t))
            }  # fmt: skip
        if card == "tackle":
            return "ww_tackle", {"card": card, "target": t, "hand": info.seats[t]["hand"]}
        return "ww_event_on", {"card": card, "target": t}
    if kind == "equip" and card is not None:
        from .worldwave import MARK_OF

        old = info.seats[me]["equipped"].get(MARK_OF.get(card, ""))
        return "ww_equip", {"card": card, "old": old}
    if kind == "discard":
        return "ww_discard", {"cards": [hand[i - 1] for i in action.slots if i <= len(hand)]}
    if kind == "end":
        keep = WorldWaveAgent("normal").reserve(info)
        if keep > 0:
            return "ww_end_keep", {"stamina": keep}
        return "ww_end", {}
    return explain_plain(view, action)


EXPLAINERS: dict[str, Callable[[Any, Any], Reason]] = {
    "stadium": explain_stadium,
    "quartett": explain_quartett,
    "sadikov": explain_sadikov,
    "worldwave": explain_worldwave,
}
