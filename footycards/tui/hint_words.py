"""Provides hint_text: a hint (footycards/ai/hints.py, data) in one line of words."""

from __future__ import annotations

from ..ai.hints import Hint
from ..i18n import _, format_number, ngettext


def _ago(n: int) -> str:
    if n <= 0:
        return _("this turn")
    return ngettext("{n} turn ago", "{n} turns ago", n).format(n=n)


def hint_text(hint: Hint, names: list[str]) -> str:
    """The hint in the session's language: the action first, then why."""
    p = hint.params
    code = hint.code
    if code == "pair":
        return _("{cell}: you saw its pair at {other} {ago}").format(
            cell=p["cell"], other=p["other"], ago=_ago(p["ago"])
        )
    if code == "partner":
        return _("{cell}: you saw the partner of {other} there {ago}").format(
            cell=p["cell"], other=p["other"], ago=_ago(p["ago"])
        )
    if code == "fresh":
        return _("{cell}: a card nobody has seen yet; you know no pair").format(cell=p["cell"])
    if code == "known":
        return _("{cell}: a card everyone has seen ({ago}); it gives nothing away").format(
            cell=p["cell"], ago=_ago(p["ago"])
        )
    if code == "seen":
        return _("{cell}: you saw that card {ago}").format(cell=p["cell"], ago=_ago(p["ago"]))
    if code == "call":
        from ..textmode.quartett import category, value

        share = format_number(p["percent"]) + "\u00a0%"
        return _("call {category}: your {value} beats {share} of the cards still unseen").format(
            category=category(p["category"]), value=value(p["category"], p["value"]), share=share
        )
    if code == "ask":
        seat = int(p["seat"])
        name = names[seat] if 0 <= seat < len(names) else f"P{seat + 1}"
        return _("ask {name} for {card}: the likeliest to hold it among the cards you need").format(
            name=name, card=p["card"]
        )
    if code == "take":
        return _("take column {column}: the best after looking a few moves ahead").format(
            column=p["column"]
        )
    return _("{action}: what the pro AI would play now").format(action=p.get("action", ""))
