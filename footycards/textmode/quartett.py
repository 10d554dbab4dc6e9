"""Provides the plain-text rendering of a Bundesliga Quartett view, and the words for what
the engine reports: `describe` (one log event) and `describe_result` (why the game ended),
in the session's language."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from ..cells import pad
from ..core.quartett import CATEGORY_LABELS as LABELS
from ..core.quartett import (
    QuartettCard,
    QuartettEvent,
    QuartettResult,
    QuartettView,
    Reason,
    category_value,
    deck_catalog,
)
from ..i18n import _, clauses_text, format_number, labelled, list_text, ngettext
from ..narration import tell

EXAMPLES = ("call goals", "ask P2 F3")  # text mode's help shows these moves


def card_lines(card: QuartettCard) -> list[str]:
    """A card as text: code, player, club, position, then each category."""
    lines = [f"[{card['id']}] {card['name']} — {card['club']}, {_(card['position'])}"]
    for key, label in LABELS.items():
        lines.append(
            f"    {pad(_(label), 18)} {value(key, category_value(card, key)):>6}   ({key})"
        )
    return lines


def render(view: QuartettView) -> str:
    lines: list[str] = []
    tt = view["mode"] != "quartett"
    lr = view["last_round"]
    if tt and lr:
        for comp in lr["comparisons"]:
            kind = _("Stechen") if comp["stechen"] else _("Round {n}").format(n=lr["round"])
            plays = clauses_text(
                f"{player(view['names'], p['seat'])} {p['card']['id']} "
                f"{value(comp['category'], p['value'])}"
                for p in comp["plays"]
            )
            lines.append(labelled(f"{kind}, {_(LABELS[comp['category']])}", plays))
    for s, info in enumerate(view["seats"]):
        mark = ">" if s == view["to_move"] else " "
        k = info["cards"]
        if tt:
            lines.append(
                ngettext("{m} P{n} {name}: {c} card", "{m} P{n} {name}: {c} cards", k).format(
                    m=mark, n=s + 1, name=info["name"], c=k
                )
            )
        else:
            q = " ".join(info["quartets"]) or "-"
            lines.append(
                ngettext(
                    "{m} P{n} {name}: {c} card in hand; quartets {q}",
                    "{m} P{n} {name}: {c} cards in hand; quartets {q}",
                    k,
                ).format(m=mark, n=s + 1, name=info["name"], c=k, q=q)
            )
    if tt:
        n = view["middle"]
        lines.append(ngettext("Middle: {n} card", "Middle: {n} cards", n).format(n=n))
    else:
        n = view["stack"]
        lines.append(ngettext("Stack: {n} card", "Stack: {n} cards", n).format(n=n))
    top = view["top_card"]
    if top:
        lines.append(_("Your top card:"))
        lines += card_lines(top)
        lines.append(_("Call one of: {cats}").format(cats=", ".join(view["categories"])))
    hand = view["hand"]
    if hand is not None:
        lines.append(_("Your hand:"))
        for c in hand:
            lines.append(f"    {c['id']}  {c['name']} ({c['club']})")
    res = view.get("result")
    if view["is_over"] and res is not None:
        names = list_text(view["names"][w] for w in res["winners"])
        lines.append(_("Game over. Winner: {names}.").format(names=names))
        lines += describe_result(res, view["names"])
    return "\n".join(lines)


# ---------------------------------------------------------------------------
# Events and the result in words
# ---------------------------------------------------------------------------


def player(names: Sequence[str], seat: int) -> str:
    """The name of a seat (P1, P2, … when the list has none for it)."""
    return names[seat] if 0 <= seat < len(names) else f"P{seat + 1}"


def players(names: Sequence[str], seats: Sequence[int]) -> str:
    return list_text(player(names, s) for s in seats)


def value(category: str, number: float) -> str:
    """A category value as the language writes numbers: fairness with one decimal (8.0,
    8,0 in German), the others whole (1.234 games in German)."""
    return format_number(number, decimals=1 if category == "fairness" else None)


def category(key: str) -> str:
    """A category's label (Bundesliga-Tore, Abwehr, …) in the session's language."""
    return _(LABELS[key]) if key in LABELS else key


def _deal(e: QuartettEvent, names: Sequence[str]) -> str:
    per, rest = e["cards"], e["rest"]
    each = ngettext("{n} card each", "{n} cards each", per).format(n=per)
    if e.get("mode") == "quartett":
        left = ngettext("{n} card on the stack", "{n} cards on the stack", rest).format(n=rest)
        text = _("{deck}: {each}, {rest}; asking first: {p}")
    else:
        left = ngettext("{n} card in the middle", "{n} cards in the middle", rest).format(n=rest)
        text = _("{deck}: {each}, {rest}; calling first: {p}")
    return text.format(
        deck=" + ".join(_(d) for d in e["decks"]), each=each, rest=left, p=player(names, e["seat"])
    )


def _call(e: QuartettEvent, names: Sequence[str]) -> str:
    cat = e["category"]
    plays = clauses_text(
        f"{player(names, p['seat'])} {p['name']} ({p['card']}) {value(cat, p['value'])}"
        for p in e["plays"]
    )
    if e.get("stechen"):
        text = _("Stechen, called by {p}: {cat} — {plays}")
    else:
        text = _("Called by {p}: {cat} — {plays}")
    return text.format(p=player(names, e["seat"]), cat=category(cat), plays=plays)


def _tie(e: QuartettEvent, names: Sequence[str]) -> str:
    m = e["middle"]
    middle = ngettext("{n} card in the middle", "{n} cards in the middle", m).format(n=m)
    if e.get("stechen"):
        text = _("Tie at {v} between {seats}: {middle}; Stechen, to call: {p}")
    else:
        text = _("Tie at {v} between {seats}: {middle}")
    return text.format(
        v=value(e["category"], e["value"]),
        seats=players(names, e["seats"]),
        middle=middle,
        p=player(names, e["seat"]),
    )


def _win(e: QuartettEvent, names: Sequence[str]) -> str:
    n = e.get("gain", e["cards"])  # what the winner's stack grew by (own cards come back)
    return ngettext("Round won by {p}: +{n} card", "Round won by {p}: +{n} cards", n).format(
        p=player(names, e["seat"]), n=n
    )


def _ask(e: QuartettEvent, names: Sequence[str]) -> str:
    if e.get("hit"):
        text = _("Ask by {a} of {b} for {card} ({name}): handed over")
    elif e.get("drew"):
        text = _(
            "Ask by {a} of {b} for {card} ({name}): not there; "
            "a card from the stack goes to {a} ({n} left)"
        )
    else:
        text = _("Ask by {a} of {b} for {card} ({name}): not there")
    return text.format(
        a=player(names, e["seat"]),
        b=player(names, e["target"]),
        card=e["card"],
        name=e["name"],
        n=e.get("stack", 0),
    )


def _quartet(e: QuartettEvent, names: Sequence[str]) -> str:
    return _("Quartet {q} ({club}) laid down by {p}").format(
        p=player(names, e["seat"]), q=e["quartet"], club=e["club"]
    )


def _skip(e: QuartettEvent, names: Sequence[str]) -> str:
    seats = e["seats"]
    return _("No cards, so skipped: {p}").format(p=players(names, seats))


def _restock(e: QuartettEvent, names: Sequence[str]) -> str:
    return _("Nobody holds a card: one from the stack goes to {p} ({n} left)").format(
        p=player(names, e["seat"]), n=e["stack"]
    )


def reason_text(reason: Reason, names: Sequence[str]) -> str:
    """Why the game ended, as a clause ("P3 has no card left")."""
    kind = reason.get("event")
    if kind == "out_of_cards":
        seats = reason.get("seats", [])
        return _("no card left for {p}").format(p=players(names, seats))
    if kind == "round_limit":
        return _("the round limit of {n} is reached").format(n=reason.get("limit"))
    if kind == "ask_limit":
        return _("the limit of {n} asks is reached").format(n=reason.get("limit"))
    if kind == "all_quartets":
        return _("every quartet is on the table")
    return str(kind)


def _end(e: QuartettEvent, names: Sequence[str]) -> str:
    return _("Final whistle: {reason}. Winner: {won}").format(
        reason=reason_text(e["reason"], names), won=players(names, e["winners"])
    )


DESCRIBE: dict[str, Callable[[QuartettEvent, Sequence[str]], str]] = {
    "deal": _deal,
    "call": _call,
    "tie": _tie,
    "win": _win,
    "ask": _ask,
    "quartet": _quartet,
    "skip": _skip,
    "restock": _restock,
    "end": _end,
}


def describe(event: QuartettEvent, names: Sequence[str]) -> str:
    """One log event in words, in the session's language (`names`: the view's seat names)."""
    return tell(DESCRIBE, event, names)


def private_news(before: QuartettView, after: QuartettView) -> list[str]:
    """What a person's own move told only them: the card drawn from the stack after a
    miss (Q5.2), also when it completed a quartet at once (Q4.6). Printed to that person
    only, right after their move, while they still have the keyboard."""
    seat = after["seat"]
    if seat is None or before["hand"] is None or after["hand"] is None:
        return []
    last = after["history"][-1] if after["history"] else None
    if last is None or last["asker"] != seat or not last["drew"]:
        return []
    had = {c["id"] for c in before["hand"]}
    names = {c["id"]: c["name"] for c in after["hand"]}
    new = [c["id"] for c in after["hand"] if c["id"] not in had]
    laid = set(after["seats"][seat]["quartets"]) - set(before["seats"][seat]["quartets"])
    if laid:
        try:
            catalog = deck_catalog([d["id"] for d in after["decks"]])
        except KeyError:
            catalog = []
        for card in catalog:
            if card["id"][:-1] in laid and card["id"] not in had:
                new.append(card["id"])
                names[card["id"]] = card["name"]
    return [
        _("Your card from the stack: {card} {name}").format(card=cid, name=names.get(cid, ""))
        for cid in new
    ]


def describe_result(result: QuartettResult, names: Sequence[str]) -> list[str]:
    """Why the game ended and, for equal counts, that the win is shared (Q2.7, Q4.8)."""
    reason = result.get("reason")
    if not result.get("over") or reason is None:
        return []
    lines = [_("Game over: {reason}.").format(reason=reason_text(reason, names))]
    winners = result["winners"]
    if len(winners) > 1:
        lines.append(
            _("Shared win, {n} each: {players}.").format(
                players=players(names, winners), n=result["scores"][winners[0]]
            )
        )
    return lines
