"""Provides hint_text: a hint (footycards/ai/hints.py, data) in one line of words."""

from __future__ import annotations

from ..ai.hints import Hint
from ..i18n import _, format_number, list_text, ngettext


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
    if code.startswith("ask_"):
        return _ask(code, p, names)
    if code == "take":
        return _("take column {column}: the best after looking a few moves ahead").format(
            column=p["column"]
        )
    if code.startswith("take_"):
        return _take(code, p, names)
    if code.startswith("ww_"):
        return _worldwave(code, p, names)
    return _("{action}: what the pro AI would play now").format(action=p.get("action", ""))


def _take(code: str, p: dict, names: list[str]) -> str:
    """Sadikov's reasons (footycards/ai/hints.py, explain_sadikov)."""
    from ..textmode.sadikov import card_text  # the session's rank letters

    said = {  # in the session's language, looked up when said
        "take_long": _("take column {column}: {card} completes a long shot, a sure goal"),
        "take_free_kick": _(
            "take column {column}: {card} lands on its twin, a free kick ({share} to score)"
        ),
        "take_corner": _("take column {column}: {card} makes a corner ({share} to score)"),
        "take_shot": _(
            "take column {column}: {card} is the fourth of its pile, a shot ({share} to score)"
        ),
        "take_attack": _("take column {column}: {card} is an attack, so you move again"),
        "take_deny": _(
            "take column {column}: left there, {card} would give {name} {share} to score"
        ),
        "take_deny_attack": _(
            "take column {column}: left there, {card} would be an attack for {name}"
        ),
        "take_removed": _(
            "take column {column}: {card} does nothing (its suit is removed from you)"
        ),
    }
    template = said.get(code) or _("take column {column}: {card} builds your pile of its suit")
    seat = int(p.get("seat", 0))
    return template.format(
        column=p["column"],
        card=card_text(p["card"]),
        share=format_number(p.get("percent", 0)) + "\u00a0%",
        name=names[seat] if 0 <= seat < len(names) else f"P{seat + 1}",
    )


def _ask(code: str, p: dict, names: list[str]) -> str:
    """The ask game's reasons (footycards/ai/hints.py, explain_ask)."""
    seat = int(p["seat"])
    name = names[seat] if 0 <= seat < len(names) else f"P{seat + 1}"
    card, quartet = p["card"], p["quartet"]
    if code == "ask_known":
        return _("ask {name} for {card}: you saw {name} take it, and it is still there").format(
            name=name, card=card
        )
    if code == "ask_only":
        return _("ask {name} for {card}: every other player lacks it").format(name=name, card=card)
    if code == "ask_signal":
        times = int(p["times"])
        return ngettext(
            "ask {name} for {card}: {name} asked for a card of {quartet} once",
            "ask {name} for {card}: {name} asked for cards of {quartet} {times} times",
            times,
        ).format(name=name, card=card, quartet=quartet, times=times)
    if code == "ask_complete":
        return _("ask {name} for {card}: it completes your quartet {quartet}").format(
            name=name, card=card, quartet=quartet
        )
    return _("ask {name} for {card}: the likeliest to hold it among the cards you need").format(
        name=name, card=card
    )


def _worldwave(code: str, p: dict, names: list[str]) -> str:
    """World Wave's reasons (footycards/ai/hints.py, explain_worldwave)."""
    from ..textmode.worldwave import (
        card_name,
        cards_text,
        character_name,
        player,
        shot_kind,
    )

    def who(key: str) -> str:
        seat = p.get(key)
        return player(names, int(seat)) if isinstance(seat, int) else "?"

    if code == "ww_pick":
        return _("{character}: among the strongest characters offered").format(
            character=character_name(p["character"])
        )
    if code == "ww_shot_clear":
        return _(
            "{shot} now: none of them can make a Save (too little stamina or no cards)"
        ).format(shot=shot_kind(p["shot"]))
    if code == "ww_shot":
        share = format_number(p["percent"]) + "\u00a0%"
        savers = list_text(player(names, s) for s in p["savers"])
        return _(
            "{shot} now: a goal about {share} likely against the Saves {names} may hold"
        ).format(shot=shot_kind(p["shot"]), share=share, names=savers)
    if code == "ww_save":
        return _("{card}: it stops the shot of {name}").format(
            card=card_name(p["card"]), name=who("shooter")
        )
    if code == "ww_pass_mate":
        return _("pass: {name} can make this Save, and you keep your cards").format(
            name=who("mate")
        )
    if code == "ww_pass_save":
        return _("pass: keep your cards and stamina; this Save is not worth them now")
    if code == "ww_pass":
        return _("pass: answering would not help your team now")
    if code == "ww_skill":
        return _("the skill of {character}: it pays now").format(
            character=character_name(p["character"])
        )
    if code == "ww_foul":
        share = format_number(p["percent"]) + "\u00a0%"
        return _("{card} on {name}: the likeliest of them to make a Save ({share})").format(
            card=card_name(p["card"]), name=who("target"), share=share
        )
    if code == "ww_tackle":
        n = int(p["hand"])
        return ngettext(
            "{card} on {name}: the fullest hand ({n} card)",
            "{card} on {name}: the fullest hand ({n} cards)",
            n,
        ).format(card=card_name(p["card"]), name=who("target"), n=n)
    if code == "ww_event_on":
        return _("{card} on {name}: the best target now").format(
            card=card_name(p["card"]), name=who("target")
        )
    if code == "ww_event":
        return _("{card}: worth more played now than kept in your hand").format(
            card=card_name(p["card"])
        )
    if code == "ww_equip":
        if p.get("old"):
            return _("equip {card}: better than your {old}").format(
                card=card_name(p["card"]), old=card_name(p["old"])
            )
        return _("equip {card}: that slot is empty").format(card=card_name(p["card"]))
    if code == "ww_discard":
        return _("discard {cards}: the least useful cards in your hand").format(
            cards=cards_text(p["cards"])
        )
    if code == "ww_end_keep":
        return _("end the turn: keep {n} stamina for a Save on their turns").format(n=p["stamina"])
    return _("end the turn: nothing worth playing now")
