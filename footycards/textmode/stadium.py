"""Provides the plain-text rendering of a Stadium view (no colour, screen-reader friendly),
and the words for what the engine reports: `describe` (one log event) and
`describe_result` (the tie-break at the end), in the session's language."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from ..core.stadium import REWARD_NAMES, REWARDS, Cell, StadiumEvent, StadiumResult, StadiumView
from ..i18n import N_, _, clauses_text, list_text, ngettext
from ..narration import tell

SHORT = {"YELLOW": "YEL", "RED": "RED", "VAR": "VAR", "GAME": "GAM"}
EXAMPLES = ("flip C7", "var B2 H9", "pass")  # text mode's help shows these moves


def cell_text(cell: Cell) -> str:
    """Three characters for one table cell: Nit, a card id, or blanks."""
    if cell["state"] == "down":
        return "Nit"
    if cell["state"] == "empty":
        return " . "
    cid = cell.get("id", "")
    return SHORT.get(cid, cid)


def render(view: StadiumView) -> str:
    """The table as stands (row A at the front, nearest the pitch), then each player's area."""
    rows, cols = view["rows"], view["cols"]
    lines = ["    " + " ".join(f"{c + 1:>3}" for c in range(cols))]
    for r in reversed(range(rows)):
        cells = view["table"][r * cols : (r + 1) * cols]
        lines.append(f" {chr(65 + r)}  " + " ".join(cell_text(c) for c in cells))
    lines.append("    " + "=" * (4 * cols - 1) + "  " + _("pitch"))
    for pos, card in view["peeked"].items():
        lines.append(
            _("Your VAR look: {pos} is {name} ({id})").format(
                pos=pos, name=card["name"], id=card["id"]
            )
        )
    for s, area in enumerate(view["areas"]):
        marker = ">" if s == view["turn"] and not view["is_over"] else " "
        pairs = list_text(f"{p['id']} {p['name']} ({'*' * p['stars']})" for p in area["pairs"])
        pairs = pairs or "-"
        rewards = list_text(reward_name(r) for r in area["rewards"]) or "-"
        extra = ""
        if area["yellows"]:
            extra += _(" yellows:{n}").format(n=area["yellows"])
        if area["cancelled"]:
            extra += _(" next turn cancelled")
        lines.append(
            ngettext(
                "{m} P{n} {name}: {score} star; pairs {pairs}; rewards {rewards}{extra}",
                "{m} P{n} {name}: {score} stars; pairs {pairs}; rewards {rewards}{extra}",
                area["score"],
            ).format(
                m=marker,
                n=s + 1,
                name=area["name"],
                score=area["score"],
                pairs=pairs,
                rewards=rewards,
                extra=extra,
            )
        )
    res = view.get("result")
    if view["is_over"] and res is not None:
        names = list_text(view["areas"][w]["name"] for w in res["winners"])
        lines.append(_("Final whistle. Winner: {names}.").format(names=names))
        lines += describe_result(res, view["names"])
    elif view["phase"] == "window":
        lines.append(_("Response window: YELLOW/RED holders may interrupt (or 'pass')."))
    elif view["phase"] == "steal":
        lines.append(_("Match won: pick a pair to take with 'steal <id>'."))
    return "\n".join(lines)


# ---------------------------------------------------------------------------
# Events and the result in words
# ---------------------------------------------------------------------------


def player(names: Sequence[str], seat: int) -> str:
    """The name of a seat (P1, P2, … when the list has none for it)."""
    return names[seat] if 0 <= seat < len(names) else f"P{seat + 1}"


def players(names: Sequence[str], seats: Sequence[int]) -> str:
    return list_text(player(names, s) for s in seats)


# The reward cards' names (the engine's REWARD_NAMES), marked for the catalogue.
REWARD_WORDS = {
    "YELLOW": N_("YELLOW"),
    "RED": N_("RED"),
    "VAR": N_("VAR"),
    "GAME": N_("PLAY GAME"),
}


def reward_name(card: str) -> str:
    """A reward card's name in the session's language (YELLOW, RED, VAR, PLAY GAME)."""
    return _(REWARD_WORDS.get(card, REWARD_NAMES[card]))


def card_text(card: str, name: str, stars: int) -> str:
    """A card as the feed names it: a footballer with stars, or the reward's name."""
    if card in REWARDS:
        return reward_name(card)
    return f"{name} {'★' * stars}"


# Every sentence works whatever a player is called ("You", "Ann", "AI hard"): a name is
# never the subject of a verb in the third person and never takes "'s".


def _kickoff(e: StadiumEvent, names: Sequence[str]) -> str:
    args = {
        "n": e["cards"],
        "rows": e["rows"],
        "cols": e["cols"],
        "p": player(names, e["seat"]),
        "date": e.get("date"),
        "seats": players(names, e.get("among", [])),
    }
    how = e.get("how")
    if how == "random":
        text = _("Kick-off: {n} cards on a {rows}×{cols} table. Starting: {p} (drawn at random)")
    elif how == "stadium" and not e.get("date"):
        text = _(
            "Kick-off: {n} cards on a {rows}×{cols} table. Starting: {p} (drawn at random; "
            "nobody gave the date of a match at a stadium)"
        )
    elif how == "stadium" and len(e.get("among", [])) > 1:
        text = _(
            "Kick-off: {n} cards on a {rows}×{cols} table. Starting: {p}, drawn from {seats} "
            "(the most recent match at a stadium: {date})"
        )
    elif how == "stadium":
        text = _(
            "Kick-off: {n} cards on a {rows}×{cols} table. Starting: {p} (most recently at a "
            "stadium: {date})"
        )
    else:
        text = _("Kick-off: {n} cards on a {rows}×{cols} table. Starting: {p}")
    return text.format(**args)


def _flip(e: StadiumEvent, names: Sequence[str]) -> str:
    return _("{pos} turned over by {p}: {card}").format(
        p=player(names, e["seat"]), pos=e["at"], card=card_text(e["card"], e["name"], e["stars"])
    )


def _pair(e: StadiumEvent, names: Sequence[str]) -> str:
    return _("Pair {card} taken by {p}: one more move").format(
        p=player(names, e["seat"]), card=card_text(e["card"], e["name"], e["stars"])
    )


def _take(e: StadiumEvent, names: Sequence[str]) -> str:
    return _("{card} card taken by {p}").format(
        p=player(names, e["seat"]), card=reward_name(e["card"])
    )


def _back(e: StadiumEvent, names: Sequence[str]) -> str:
    return _("{pos} turned back face down").format(pos=e["at"])


def _var(e: StadiumEvent, names: Sequence[str]) -> str:
    return _("VAR used by {p}: a secret look at {a} and {b}").format(
        p=player(names, e["seat"]), a=e["at"], b=e["at2"]
    )


def rolls_said(rolls: Sequence[Sequence[int]], a: str, b: str) -> str:
    """The dice of a match naming who rolled what: `Ann rolled 3, Bob rolled 5`."""
    return clauses_text(
        _("{a} rolled {x}, {b} rolled {y}").format(a=a, b=b, x=x, y=y) for x, y in rolls
    )


def _match(e: StadiumEvent, names: Sequence[str]) -> str:
    a, b = player(names, e["seat"]), player(names, e["target"])
    return _("PLAY GAME, {a} v {b}: {rolls}. Winner: {w}").format(
        a=a, b=b, rolls=rolls_said(e["rolls"], a, b), w=player(names, e["winner"])
    )


def _steal(e: StadiumEvent, names: Sequence[str]) -> str:
    return _("Pair {card} taken from {l} by {w}").format(
        w=player(names, e["seat"]),
        card=card_text(e["card"], e["name"], e["stars"]),
        l=player(names, e["target"]),
    )


def _yellow(e: StadiumEvent, names: Sequence[str]) -> str:
    effect = e.get("effect")
    if effect == "second":
        text = _("Second YELLOW for {b}, shown by {a}: red card rules; next to move: {a}")
    elif effect == "turn_ends":
        text = _("YELLOW for {b}, shown by {a}: their turn ends now")
    else:
        text = _("YELLOW for {b}, shown by {a}: their next turn is cancelled")
    return text.format(a=player(names, e["seat"]), b=player(names, e["target"]))


def _red(e: StadiumEvent, names: Sequence[str]) -> str:
    return _("RED card shown by {p}: everyone loses the right to move").format(
        p=player(names, e["seat"])
    )


def _cancelled(e: StadiumEvent, names: Sequence[str]) -> str:
    return _("Turn cancelled by a yellow card: {p}").format(p=player(names, e["seat"]))


def _end(e: StadiumEvent, names: Sequence[str]) -> str:
    return _("The last card is gone: final whistle.")


DESCRIBE: dict[str, Callable[[StadiumEvent, Sequence[str]], str]] = {
    "kickoff": _kickoff,
    "flip": _flip,
    "pair": _pair,
    "take": _take,
    "back": _back,
    "var": _var,
    "match": _match,
    "steal": _steal,
    "yellow": _yellow,
    "red": _red,
    "cancelled": _cancelled,
    "end": _end,
}


def describe(event: StadiumEvent, names: Sequence[str]) -> str:
    """One log event in words, in the session's language (`names`: the view's seat names)."""
    return tell(DESCRIBE, event, names)


def describe_result(result: StadiumResult, names: Sequence[str]) -> list[str]:
    """How the end was decided, in words: the S5.3 tie-break; empty without a tie."""
    tb = result.get("tiebreak")
    if not result.get("over") or not tb:
        return []
    tied = [s for s, score in enumerate(result["scores"]) if score == tb["stars"]]
    lines = [
        _("Tied on {stars} stars: {players}; the most cards collected decide.").format(
            players=players(names, tied), stars=tb["stars"]
        )
    ]
    if tb["shared"]:
        lines.append(
            _("{cards} cards collected by each of {players}: a shared win.").format(
                players=players(names, result["winners"]), cards=tb["cards"]
            )
        )
    else:
        lines.append(
            _("Most cards collected ({cards}): {p}, the winner.").format(
                p=players(names, result["winners"]), cards=tb["cards"]
            )
        )
    return lines
