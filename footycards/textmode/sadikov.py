"""Provides the plain-text rendering of a Sadikov's Football view (no colour, screen-reader
friendly), and the words for what the engine reports: `describe` (one log event) and
`describe_result` (how the match ended), in the session's language.

Suits are always shown by symbol and letter (`♠ S`), never by colour alone. Ranks follow
the game's `letters` option (F1.3): English J Q K A, or Ukrainian В Д К Т.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from contextvars import ContextVar

from ..core.sadikov import (
    CORNER,
    FREE,
    JOKER,
    KICK,
    LONG,
    MAX_ADDED,
    SHOT,
    SUITS,
    SadikovEvent,
    SadikovResult,
    SadikovView,
    rank_of,
    suit_of,
)
from ..i18n import N_, NP_, _, clauses_text, ngettext
from ..narration import tell

SYMBOLS = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}
EXAMPLES = ("take 3",)  # text mode's help shows these moves
UK_RANKS = {"J": "В", "Q": "Д", "K": "К", "A": "Т"}  # F1.3: валет, дама, король, туз
FACE_DOWN = "##"
ATTACK = "+"  # after a card of an aktiv pile that was an attack when placed (F4.5)

# The rank letters of the view last rendered in this context: `describe` names cards the
# way the board shows them. A caller that knows the game's option may pass it instead.
_letters: ContextVar[str] = ContextVar("sadikov_letters", default="en")


def suit_text(suit: str | None) -> str:
    """A suit by symbol and letter: `♠ S`."""
    if suit is None:
        return _("Joker")
    return f"{SYMBOLS.get(suit, '?')} {suit}"


def card_text(card: str | None, letters: str | None = None) -> str:
    """A card by rank, suit symbol and suit letter: `10♠S`, `Q♥H` (`Д♥H` with letters "uk")."""
    if card is None:
        return FACE_DOWN
    if card == JOKER:
        return _("Joker")
    rank, suit = rank_of(card), suit_of(card) or ""
    if (letters or _letters.get()) == "uk":
        rank = UK_RANKS.get(rank, rank)
    return f"{rank}{SYMBOLS.get(suit, '?')}{suit}"


def cards_text(cards: Sequence[str], letters: str | None = None) -> str:
    return " ".join(card_text(c, letters) for c in cards) or "—"


def score_text(names: Sequence[str], goals: Sequence[int]) -> str:
    """Both sides and their goals: `Ann 1 – 0 Bob`."""
    return f"{player(names, 0)} {goals[0]} – {goals[1]} {player(names, 1)}"


# ---------------------------------------------------------------------------
# The view
# ---------------------------------------------------------------------------


def render(view: SadikovView) -> str:
    """The five columns, the reserve and keeper deck, both aktivs, and whose move it is."""
    letters = view.get("letters", "en")
    _letters.set(letters)
    names = view["names"]
    lines = [
        _("Half {half} of 2 · Goals: {score}").format(
            half=view["half"], score=score_text(names, view["scores"])
        )
    ]
    if view["shootout"] is not None:
        lines.append(_("Shoot-out: {score}").format(score=score_text(names, view["shootout"])))
    lines.append(_("Columns, top card last ({down} face down):").format(down=FACE_DOWN))
    for col in view["columns"]:
        cards = " ".join(card_text(c["id"], letters) for c in col["cards"])
        size = col["size"]
        text = (
            ngettext("{n} card", "{n} cards", size).format(n=size) + ": " + cards
            if size
            else _("empty")
        )
        tag = "  " + _("(closed)") if col["closed"] else ""
        lines.append(f"  {col['column']}: {text}{tag}")
    n = view["reserve"]
    lines.append(
        ngettext("Reserve: {n} card", "Reserve: {n} cards", n).format(n=n)
        + " · "
        + _("added under the columns this half: {added} of {most}").format(
            added=view["added"], most=MAX_ADDED
        )
    )
    k = view["keeper_deck"]
    lines.append(
        ngettext("Keeper deck: {n} card", "Keeper deck: {n} cards", k).format(n=k)
        + " · "
        + _("keeper discard: {cards}").format(cards=cards_text(view["keeper_discard"], letters))
    )
    d = len(view["discard"])
    lines.append(ngettext("Discard: {n} card", "Discard: {n} cards", d).format(n=d))
    for info in view["seats"]:
        s = info["seat"]
        mark = ">" if s == view["to_move"] else " "
        g = info["goals"]
        lines.append(
            ngettext(
                "{m} P{n} {name}: {g} goal; aktiv:", "{m} P{n} {name}: {g} goals; aktiv:", g
            ).format(m=mark, n=s + 1, name=info["name"], g=g)
        )
        for suit in SUITS:
            if suit in info["removed"]:
                pile = _("sent off")
            else:
                pile = " ".join(
                    card_text(c["id"], letters) + (ATTACK if c["attack"] else "")
                    for c in info["aktiv"][suit]
                )
                pile = pile or "—"
            p = info["penalties"][suit]
            if p:
                pile += " · " + ngettext("{n} penalty card", "{n} penalty cards", p).format(n=p)
            lines.append(f"    {suit_text(suit)}: {pile}")
    lines.append(_("{mark} marks an attack.").format(mark=ATTACK))
    res = view.get("result")
    if view["is_over"] and res is not None:
        if len(res["winners"]) == 1:
            lines.append(
                _("Final whistle. Winner: {name}.").format(name=player(names, res["winners"][0]))
            )
        else:
            lines.append(_("Final whistle: a draw."))
        lines += describe_result(res, names)
    elif view["to_move"] is not None:
        who = player(names, view["to_move"])
        if view["extra"]:
            lines.append(_("To move: {name}, an extra move (after an attack).").format(name=who))
        else:
            lines.append(_("To move: {name}.").format(name=who))
        closed = [c["column"] for c in view["columns"] if c["closed"]]
        if closed:
            lines.append(
                ngettext(
                    "Closed to {name}: column {columns}.",
                    "Closed to {name}: columns {columns}.",
                    len(closed),
                ).format(name=who, columns=", ".join(str(c) for c in closed))
            )
    return "\n".join(lines)


# ---------------------------------------------------------------------------
# Events and the result in words
# ---------------------------------------------------------------------------


def player(names: Sequence[str], seat: int) -> str:
    """The name of a seat (P1, P2 when the list has none for it)."""
    return names[seat] if 0 <= seat < len(names) else f"P{seat + 1}"


# Every sentence works whatever a player is called ("You", "Ann", "AI hard"): a name is
# never the subject of a verb in the third person and never takes "'s".


def _half(e: SadikovEvent, names: Sequence[str]) -> str:
    if e["half"] == 1:
        text = _("First half kicks off. First move: {p}")
    else:
        text = _("Second half kicks off, with a fresh deal. First move: {p}")
    return text.format(p=player(names, e["seat"]))


def _take(e: SadikovEvent, names: Sequence[str]) -> str:
    args = {
        "card": card_text(e["card"]),
        "column": e["column"],
        "p": player(names, e["seat"]),
        "suit": suit_text(suit_of(e["card"] or "") or ""),
    }
    if e.get("void"):
        text = _(
            "{card} taken from column {column} by {p}: {suit} is sent off, "
            "so the card goes to the discard"
        )
    elif e.get("extra"):
        text = _("{card} taken from column {column} by {p}: an attack, one extra move")
    elif e.get("attack"):
        text = _("{card} taken from column {column} by {p}: an attack")
    else:
        text = _("{card} taken from column {column} by {p}")
    said = text.format(**args)
    if e.get("revealed"):
        turned = _("{card} turned face up in column {column}").format(
            card=card_text(e["revealed"]), column=e["column"]
        )
        said = clauses_text([said, turned])
    return said


SHOTS = {
    FREE: NP_(
        "Free kick by {p} with {card} in {suit}: the keeper may turn {n} card",
        "Free kick by {p} with {card} in {suit}: the keeper may turn {n} cards",
    ),
    CORNER: NP_(
        "Corner by {p} with {card} in {suit}: the keeper may turn {n} card",
        "Corner by {p} with {card} in {suit}: the keeper may turn {n} cards",
    ),
    SHOT: NP_(
        "Shot by {p} with {card} in {suit}: the keeper may turn {n} card",
        "Shot by {p} with {card} in {suit}: the keeper may turn {n} cards",
    ),
    KICK: NP_(
        "Shoot-out kick by {p}, {card} from the reserve, in {suit}: the keeper may turn {n} card",
        "Shoot-out kick by {p}, {card} from the reserve, in {suit}: the keeper may turn {n} cards",
    ),
}


def _shot(e: SadikovEvent, names: Sequence[str]) -> str:
    p = player(names, e["seat"])
    if e["kind"] == LONG:
        return _("Long shot by {p}: {cards}, four of a rank; no keeper can stop it").format(
            p=p, cards=cards_text(e.get("cards", []))
        )
    one, many = SHOTS[e["kind"]]
    n = e["keeper"]
    return ngettext(one, many, n).format(
        p=p, card=card_text(e["card"]), suit=suit_text(e["suit"]), n=n
    )


def _keeper(e: SadikovEvent, names: Sequence[str]) -> str:
    if e["save"]:
        text = _("Keeper card turned for {p}: {card}, a save")
    else:
        text = _("Keeper card turned for {p}: {card}, no save")
    return text.format(p=player(names, e["seat"]), card=card_text(e["card"]))


def _reshuffle(e: SadikovEvent, names: Sequence[str]) -> str:
    n = e["count"]
    return ngettext(
        "The keeper deck is empty: its discard is shuffled into a new keeper deck of {n} card",
        "The keeper deck is empty: its discard is shuffled into a new keeper deck of {n} cards",
        n,
    ).format(n=n)


GOALS = {
    LONG: N_("GOAL by {p} with a long shot! Score: {score}"),
    FREE: N_("GOAL by {p} from a free kick in {suit}! Score: {score}"),
    CORNER: N_("GOAL by {p} from a corner in {suit}! Score: {score}"),
    SHOT: N_("GOAL by {p} with a shot in {suit}! Score: {score}"),
    KICK: N_("Shoot-out goal by {p} in {suit}! Shoot-out: {score}"),
}


def _goal(e: SadikovEvent, names: Sequence[str]) -> str:
    score = e["shootout"] if e["kind"] == KICK else e["goals"]
    return _(GOALS[e["kind"]]).format(
        p=player(names, e["seat"]), suit=suit_text(e["suit"]), score=score_text(names, score)
    )


SAVES = {
    FREE: N_("Free kick in {suit} saved by {p} with {card}"),
    CORNER: N_("Corner in {suit} saved by {p} with {card}"),
    SHOT: N_("Shot in {suit} saved by {p} with {card}"),
    KICK: N_("Shoot-out kick in {suit} saved by {p} with {card}"),
}


def _save(e: SadikovEvent, names: Sequence[str]) -> str:
    return _(SAVES[e["kind"]]).format(
        p=player(names, e["seat"]), suit=suit_text(e["suit"]), card=card_text(e["card"])
    )


def _penalty(e: SadikovEvent, names: Sequence[str]) -> str:
    n = e["count"]
    return ngettext(
        "{n} penalty card in {suit} for {p} ({total} in that suit)",
        "{n} penalty cards in {suit} for {p} ({total} in that suit)",
        n,
    ).format(n=n, suit=suit_text(e["suit"]), p=player(names, e["seat"]), total=e["total"])


def _removed(e: SadikovEvent, names: Sequence[str]) -> str:
    args = {"suit": suit_text(e["suit"]), "p": player(names, e["seat"])}
    if e.get("cards"):
        text = _(
            "{suit} sent off for {p} after four penalty cards: "
            "its pile is discarded ({cards}) and its cards do nothing until half time"
        )
        return text.format(cards=cards_text(e["cards"]), **args)
    text = _(
        "{suit} sent off for {p} after four penalty cards: its cards do nothing until half time"
    )
    return text.format(**args)


def _discard(e: SadikovEvent, names: Sequence[str]) -> str:
    if e["why"] == LONG:
        text = _("Discarded after the long shot by {p}: {cards}")
    else:
        text = _("Discarded after the shot by {p}, the whole pile: {cards}")
    return text.format(p=player(names, e["seat"]), cards=cards_text(e["cards"]))


def _add(e: SadikovEvent, names: Sequence[str]) -> str:
    args = {"column": e["column"], "n": e["count"], "most": MAX_ADDED}
    if e.get("card"):
        text = _(
            "The ball stays in play: {card} added under column {column} ({n} of {most} this half)"
        )
        return text.format(card=card_text(e["card"]), **args)
    text = _(
        "The ball stays in play: a card added face down under column {column} "
        "({n} of {most} this half)"
    )
    return text.format(**args)


def _half_time(e: SadikovEvent, names: Sequence[str]) -> str:
    return _("Half time. Score: {score}").format(score=score_text(names, e["goals"]))


def _shootout(e: SadikovEvent, names: Sequence[str]) -> str:
    return _("Level after two halves: a penalty shoot-out decides")


def _end(e: SadikovEvent, names: Sequence[str]) -> str:
    score = score_text(names, e["goals"])
    winners = e["winners"]
    if "shootout" in e:
        return _("Final whistle. Score: {score}; shoot-out: {kicks}. Winner: {w}").format(
            score=score, kicks=score_text(names, e["shootout"]), w=player(names, winners[0])
        )
    if len(winners) != 1:
        return _("Final whistle. Score: {score}. A draw").format(score=score)
    return _("Final whistle. Score: {score}. Winner: {w}").format(
        score=score, w=player(names, winners[0])
    )


DESCRIBE: dict[str, Callable[[SadikovEvent, Sequence[str]], str]] = {
    "half": _half,
    "take": _take,
    "shot": _shot,
    "keeper": _keeper,
    "reshuffle": _reshuffle,
    "goal": _goal,
    "save": _save,
    "penalty": _penalty,
    "removed": _removed,
    "discard": _discard,
    "add": _add,
    "half_time": _half_time,
    "shootout": _shootout,
    "end": _end,
}


def describe(event: SadikovEvent, names: Sequence[str], letters: str | None = None) -> str:
    """One log event in words, in the session's language (`names`: the view's seat names).

    Cards are lettered by `letters` ("en" or "uk"); by default as in the last view rendered.
    """
    if letters is None:
        return tell(DESCRIBE, event, names)
    token = _letters.set(letters)
    try:
        return tell(DESCRIBE, event, names)
    finally:
        _letters.reset(token)


def describe_result(result: SadikovResult, names: Sequence[str]) -> list[str]:
    """How the match ended: the score, and for level goals the draw or the shoot-out (F6)."""
    if not result.get("over"):
        return []
    goals = result["scores"]
    kicks = result.get("shootout")
    if kicks is not None:
        return [
            _("Level at {x} – {y} after two halves; the shoot-out decided it: {kicks}.").format(
                x=goals[0], y=goals[1], kicks=score_text(names, kicks)
            )
        ]
    if len(result["winners"]) != 1:
        return [_("Level at {x} – {y} after two halves: a draw.").format(x=goals[0], y=goals[1])]
    return [_("Final score: {score}.").format(score=score_text(names, goals))]
