"""Provides the plain-text rendering of a Bundesliga Quartett view."""

from __future__ import annotations

from ..i18n import _
from ..core.quartett import CATEGORY_LABELS as LABELS
from ..core.quartett import format_value as value


def card_lines(card: dict) -> list[str]:
    """A card as text: code, player, club, position, then each category."""
    lines = [f"[{card['id']}] {card['name']} — {card['club']}, {card['position']}"]
    for key, label in LABELS.items():
        lines.append(f"    {label:<18} {value(key, card[key]):>6}   ({key})")
    return lines


def render(view: dict) -> str:
    lines: list[str] = []
    tt = view["mode"] != "quartett"
    lr = view.get("last_round")
    if tt and lr:
        for comp in lr["comparisons"]:
            kind = _("Stechen") if comp["stechen"] else _("Round {n}").format(n=lr["round"])
            plays = "; ".join(
                f"{view['names'][p['seat']]} {p['card']['id']} "
                f"{value(comp['category'], p['value'])}"
                for p in comp["plays"]
            )
            lines.append(f"{kind}, {LABELS[comp['category']]}: {plays}")
    for s, info in enumerate(view["seats"]):
        mark = ">" if s == view["to_move"] else " "
        if tt:
            lines.append(
                _("{m} P{n} {name}: {c} cards").format(
                    m=mark, n=s + 1, name=info["name"], c=info["cards"]
                )
            )
        else:
            q = " ".join(info["quartets"]) or "-"
            lines.append(
                _("{m} P{n} {name}: {c} in hand; quartets {q}").format(
                    m=mark, n=s + 1, name=info["name"], c=info["cards"], q=q
                )
            )
    if tt:
        lines.append(_("Middle: {n} cards").format(n=view["middle"]))
    else:
        lines.append(_("Stack: {n} cards").format(n=view["stack"]))
    if view.get("top_card"):
        lines.append(_("Your top card:"))
        lines += card_lines(view["top_card"])
        lines.append(_("Call one of: {cats}").format(cats=", ".join(view["categories"])))
    if view.get("hand") is not None:
        lines.append(_("Your hand:"))
        for c in view["hand"]:
            lines.append(f"    {c['id']}  {c['name']} ({c['club']})")
    if view["is_over"]:
        res = view["result"]
        names = ", ".join(view["names"][w] for w in res["winners"])
        lines.append(_("Game over. Winner: {names}.").format(names=names))
    return "\n".join(lines)
