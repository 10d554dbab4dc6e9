"""Provides the plain-text rendering of a Stadium view (no colour, screen-reader friendly)."""

from __future__ import annotations

from ..i18n import _

SHORT = {"YELLOW": "YEL", "RED": "RED", "VAR": "VAR", "GAME": "GAM"}


def cell_text(cell: dict) -> str:
    """Three characters for one table cell: Nit, a card id, or blanks."""
    if cell["state"] == "down":
        return "Nit"
    if cell["state"] == "empty":
        return " . "
    return SHORT.get(cell["id"], cell["id"])


def render(view: dict) -> str:
    """The table as stands (row A at the front, nearest the pitch), then each player's area."""
    rows, cols = view["rows"], view["cols"]
    lines = ["    " + " ".join(f"{c + 1:>3}" for c in range(cols))]
    for r in reversed(range(rows)):
        cells = view["table"][r * cols : (r + 1) * cols]
        lines.append(f" {chr(65 + r)}  " + " ".join(cell_text(c) for c in cells))
    lines.append("    " + "=" * (4 * cols - 1) + "  " + _("pitch"))
    for pos, card in view.get("peeked", {}).items():
        lines.append(
            _("Your VAR look: {pos} is {name} ({id})").format(
                pos=pos, name=card["name"], id=card["id"]
            )
        )
    for s, area in enumerate(view["areas"]):
        marker = ">" if s == view["turn"] and not view["is_over"] else " "
        pairs = ", ".join(f"{p['id']}({'*' * p['stars']})" for p in area["pairs"]) or "-"
        rewards = ", ".join(area["rewards"]) or "-"
        extra = ""
        if area["yellows"]:
            extra += _(" yellows:{n}").format(n=area["yellows"])
        if area["cancelled"]:
            extra += _(" next turn cancelled")
        lines.append(
            _("{m} P{n} {name}: {score} stars; pairs {pairs}; rewards {rewards}{extra}").format(
                m=marker,
                n=s + 1,
                name=area["name"],
                score=area["score"],
                pairs=pairs,
                rewards=rewards,
                extra=extra,
            )
        )
    if view["is_over"]:
        res = view["result"]
        names = ", ".join(view["areas"][w]["name"] for w in res["winners"])
        lines.append(_("Final whistle. Winner: {names}.").format(names=names))
        if res.get("tiebreak"):
            lines.append(res["tiebreak"])
    elif view["phase"] == "window":
        lines.append(_("Response window: YELLOW/RED holders may interrupt (or 'pass')."))
    elif view["phase"] == "steal":
        lines.append(_("Match won: pick a pair to take with 'steal <id>'."))
    return "\n".join(lines)
