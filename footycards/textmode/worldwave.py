"""Provides the plain-text rendering of a World Wave 世界波 view (no colour, screen-reader
friendly) and the words for what the engine reports: `describe` (one log event),
`describe_result` (how the match ended) and `private_news` (what only the mover saw), in the
session's language.

Cards and characters are named in Chinese and English (`射門 Shoot`); stamina is a gauge of
filled and empty marks with its numbers (`●●●○ 3/4`), so nothing is said by colour alone.
Every sentence works whatever a player is called: a name is never the subject of a verb
in the third person and never takes "'s".
"""

from __future__ import annotations

import textwrap
from collections.abc import Callable, Sequence
from typing import Any

from ..core.worldwave import CARDS, ROSTER, catalog
from ..i18n import N_, _, clauses_text, current_language, labelled, list_text, ngettext
from ..narration import tell

EXAMPLES = ("shoot", "save 3", "event 1 P2", "end", "pass")  # text mode's help shows these
FULL, EMPTY = "●", "○"
MARK_SIGNS = {"attack": "攻", "defence": "防", "stamina": "體"}
MARK_NAMES = {"attack": N_("attack"), "defence": N_("defence"), "stamina": N_("stamina")}
TEAMS = (N_("Team A"), N_("Team B"))
WIDTH = 78
# the hand limits as the catalog states them (Rooney's skill included)
HAND_LIMITS = {c["id"]: int(c["hand_limit"]) for c in catalog() if c["kind"] == "character"}

View = dict[str, Any]
Event = dict[str, Any]


# ---------------------------------------------------------------------------
# Names of things
# ---------------------------------------------------------------------------


def player(names: Sequence[str], seat: int) -> str:
    """The name of a seat (P1, P2 … when the list has none for it)."""
    return names[seat] if 0 <= seat < len(names) else f"P{seat + 1}"


def team_name(team: int) -> str:
    return _(TEAMS[team]) if team in (0, 1) else "?"


def in_chinese() -> bool:
    """Whether this session reads Chinese: then the cards' own words stand alone."""
    return current_language() == "zh_Hant"


def beside(zh: str, english: str) -> str:
    """A Chinese name with its translation beside it (`射門 Shoot`, `射門 Torschuss`), or
    alone in Chinese."""
    return zh if in_chinese() else f"{zh} {_(english)}"


def own_texts(english: str, zh: str) -> list[str]:
    """A card's or a skill's text: in the session's language with the Chinese original
    after it, or the Chinese alone."""
    return [zh] if in_chinese() else [_(english), zh]


def card_name(card: str | None) -> str:
    """A match card by its Chinese name and its translation: `射門 Shoot`."""
    if card is None:
        return "—"
    kind = CARDS.get(card)
    if kind is None:
        return card
    return beside(kind.name_zh, kind.name)


def cards_text(cards: Sequence[str]) -> str:
    return list_text(card_name(c) for c in cards) or "—"


def card_line(card: str) -> str:
    """A card with what it does, in Chinese and English."""
    kind = CARDS.get(card)
    if kind is None:
        return card
    mark = f" [{MARK_SIGNS[kind.mark]} {_(MARK_NAMES[kind.mark])}]" if kind.mark else ""
    return labelled(f"{card_name(card)}{mark}", " ".join(own_texts(kind.text, kind.text_zh)))


def character_name(cid: str | None) -> str:
    """A character by Chinese and English name: `魯尼 Rooney`."""
    if cid is None:
        return _("(not chosen yet)")
    char = ROSTER.get(cid)
    if char is None:
        return cid
    return char.name_zh if in_chinese() else f"{char.name_zh} {char.name}"  # a name


def character_line(cid: str) -> str:
    """A character card: name, position, stamina, costs, hand limit and skill."""
    char = ROSTER.get(cid)
    if char is None:
        return cid
    shoot = "−X" if char.shoot_cost is None else str(char.shoot_cost)
    limit = HAND_LIMITS.get(cid, char.hand_limit)
    return _(
        "{name} {pos} · stamina {st} · shoot {shoot} · save {save} · hand limit {limit}"
        " · skill: {text}"
    ).format(
        name=character_name(cid),
        pos=char.position,
        st=char.stamina,
        shoot=shoot,
        save=char.save_cost,
        limit=limit,
        text=" ".join(own_texts(char.text, char.text_zh)),
    )


def gauge(stamina: int | None, top: int | None) -> str:
    """Stamina as filled and empty marks with the numbers: `●●●○ 3/4`."""
    if stamina is None or top is None:
        return "—"
    full = max(0, min(stamina, top))
    return f"{FULL * full}{EMPTY * max(0, top - full)} {stamina}/{top}"


def score_text(goals: Sequence[int]) -> str:
    """Both teams and their goals: `Team A 1 – 0 Team B`."""
    return f"{team_name(0)} {goals[0]} – {goals[1]} {team_name(1)}"


def is_draw(winners: Sequence[int]) -> bool:
    """W6.3: equal goals list every seat, so both teams (no winners at all: no result)."""
    return len({s % 2 for s in winners}) != 1


def players_text(names: Sequence[str], seats: Sequence[int]) -> str:
    return list_text(player(names, s) for s in seats)


SHOT_KINDS = {"shoot": N_("Shoot"), "freekick": N_("Free kick"), "penalty": N_("Penalty")}
SKILL_NAMES = {
    "clean_sheet": N_("Clean sheet"),
    "comeback": N_("Comeback"),
    "pickpocket": N_("Pickpocket"),
    "recycle": N_("Recycle"),
    "outside_foot": N_("Outside of the foot"),
    "lucky_hands": N_("Lucky hands"),
    "pressure": N_("Pressure"),
    "thunderbolt": N_("Thunderbolt"),
    "tiring_save": N_("Tiring save"),
    "quick_release": N_("Quick release"),
    "rebound": N_("Rebound"),
    "second_wind": N_("Second wind"),
    "celebration": N_("Celebration"),
    "poacher": N_("Poacher"),
}


def skill_name(skill: str) -> str:
    return _(SKILL_NAMES[skill]) if skill in SKILL_NAMES else skill


def shot_kind(kind: str) -> str:
    return _(SHOT_KINDS[kind]) if kind in SHOT_KINDS else kind


# ---------------------------------------------------------------------------
# The view
# ---------------------------------------------------------------------------


def render(view: View) -> str:
    """The score and phase, every seat's player, the open window, and your own hand."""
    names = view["names"]
    lines: list[str] = []
    halves = _("half {h} of 2").format(h=view["half"]) if view["halves"] else _("one half")
    lines.append(
        _("World Wave 世界波 · {halves} · {score}").format(
            halves=halves, score=score_text(view["goals"])
        )
    )
    if view["phase"] == "draft":
        lines += _draft_lines(view)
        return "\n".join(lines)
    deck = view["deck"]
    pile = len(view["discard"])
    deck_text = ngettext("Deck: {n} card", "Deck: {n} cards", deck).format(n=deck)
    if view["exhausted"]:
        deck_text += " " + _("(ran out; the match ends after a round with no card played)")
    lines.append(
        deck_text
        + " · "
        + ngettext("discard pile: {n} card", "discard pile: {n} cards", pile).format(n=pile)
        + (" " + _("(top: {card})").format(card=card_name(view["discard_top"])) if pile else "")
    )
    for team in (0, 1):
        lines.append(team_name(team) + ":")
        for info in view["seats"]:
            if info["team"] == team:
                lines += _seat_lines(view, info)
    lines += _situation_lines(view)
    lines += _hand_lines(view)
    private = view.get("private") or []
    if private:
        lines.append(_("Last seen only by you: {news}").format(news=describe(private[-1], names)))
    return "\n".join(lines)


def _draft_lines(view: View) -> list[str]:
    names = view["names"]
    draft = view["draft"]
    lines = [_("The draft: each player in seat order picks one of the characters offered.")]
    for s, cid in enumerate(draft["chosen"]):
        if cid is not None:
            lines.append(
                "  "
                + _("P{n} {name} ({team}): {character}").format(
                    n=s + 1,
                    name=player(names, s),
                    team=team_name(s % 2),
                    character=character_line(cid),
                )
            )
    who = draft["seat"]
    if draft["offered"] is not None:
        lines.append(
            _("Your offer, {name} ({team}) — choose one with 'pick N':").format(
                name=player(names, who), team=team_name(who % 2)
            )
        )
        for i, cid in enumerate(draft["offered"], 1):
            lines += textwrap.wrap(
                character_line(cid), WIDTH, initial_indent=f"  {i}. ", subsequent_indent="     "
            )
    else:
        lines.append(
            ngettext(
                "Choosing: {name}, among {n} character.",
                "Choosing: {name}, among {n} characters.",
                draft["count"],
            ).format(name=player(names, who), n=draft["count"])
        )
    return lines


def _seat_lines(view: View, info: dict) -> list[str]:
    names = view["names"]
    s = info["seat"]
    mark = ">" if s == view["to_move"] else " "
    char = ROSTER.get(info["character"] or "")
    pos = char.position if char else "?"
    head = _("{m} P{n} {name}: {character} {pos} · stamina {gauge}").format(
        m=mark,
        n=s + 1,
        name=player(names, s),
        character=character_name(info["character"]),
        pos=pos,
        gauge=gauge(info["stamina"], info["max_stamina"]),
    )
    if info["injured"]:
        head += " · " + _("INJURED (no Save, no 防 skill)")
    hand = info["hand"]
    parts = [
        ngettext("hand {n} card", "hand {n} cards", hand).format(n=hand)
        + " "
        + _("(limit {n})").format(n=info["hand_limit"])
    ]
    for mark_id in ("attack", "defence", "stamina"):
        parts.append(f"{MARK_SIGNS[mark_id]} {card_name(info['equipped'][mark_id])}")
    if info["pending"]:
        parts.append(_("pending: {cards}").format(cards=cards_text(info["pending"])))
    return [head, "      " + " · ".join(parts)]


def _window_line(view: View, w: dict) -> str:
    """What an open response window answers."""
    names = view["names"]
    kind = w["kind"]
    if kind == "controversy":
        chain = w["chain"]
        text = _("Controversy window: answering {card} played by {p}").format(
            card=card_name(w["card"]), p=player(names, w["seat"])
        )
        if len(chain) > 1:
            text += " " + _("(the chain is {n} long, on {card} played by {p})").format(
                n=len(chain), card=card_name(chain[0]["card"]), p=player(names, chain[0]["seat"])
            )
        return clauses_text([text, _("a Controversy cancels it")])
    shot = view.get("shot") or {}
    shooter = player(names, w.get("shooter", shot.get("shooter", 0)))
    if kind == "shot_skill":
        return _("Shot played by {p}: skills that answer a shot may be used now").format(p=shooter)
    if kind == "save":
        saves = len(shot.get("saves", []))
        return ngettext(
            "Save window: the {kind} of {p} needs {needed} Save to stop it; {saves} made so far",
            "Save window: the {kind} of {p} needs {needed} Saves to stop it; {saves} made so far",
            shot.get("needed", 1),
        ).format(
            kind=shot_kind(shot.get("kind", "shoot")),
            p=shooter,
            needed=shot.get("needed", 1),
            saves=saves,
        )
    if kind == "misjudgement":
        if w.get("stopped"):
            return _(
                "Misjudgement window: shot of {p} stopped; a Misjudgement makes it a goal"
            ).format(p=shooter)
        return _("Misjudgement window: a goal by {p}; a Misjudgement makes it void").format(
            p=shooter
        )
    if kind == "whistle":
        return _(
            "Whistle window: after the card of {p}; a Biased whistle ends that action phase"
        ).format(p=player(names, w["seat"]))
    return kind


def _situation_lines(view: View) -> list[str]:
    names = view["names"]
    lines = []
    if view["table"]:
        lines.append(_("Being answered: {cards}").format(cards=cards_text(view["table"])))
    res = view.get("result")
    if view["is_over"] and res is not None:
        lines += describe_result(res, names)
        return lines
    turn = view["turn"]
    phase = {"action": _("action phase"), "discard": _("discard phase")}.get(
        view["phase"], view["phase"]
    )
    lines.append(
        _("Turn {n}: {p} ({team}), {phase}.").format(
            n=view["turn_number"], p=player(names, turn), team=team_name(turn % 2), phase=phase
        )
    )
    for w in view["windows"]:
        lines.append(_window_line(view, w) + ".")
    due = view["to_move"]
    if due is None:
        return lines
    who = player(names, due)
    if view["windows"]:
        lines.append(_("Asked: {p} — answer or 'pass'.").format(p=who))
    elif view["phase"] == "discard":
        info = view["seats"][due]
        n = info["hand"] - info["hand_limit"]
        lines.append(
            ngettext(
                "To move: {p}, discard {n} card down to the hand limit ('discard N').",
                "To move: {p}, discard {n} cards down to the hand limit ('discard N M').",
                n,
            ).format(p=who, n=n)
        )
    else:
        lines.append(_("To move: {p} ('end' ends the action phase).").format(p=who))
    return lines


def _hand_lines(view: View) -> list[str]:
    hand = view.get("hand")
    seat = view.get("seat")
    if hand is None or seat is None:
        return []
    if not hand:
        return [_("Your hand is empty.")]
    lines = [
        _("Your hand, P{n} {name} (slot: card):").format(
            n=seat + 1, name=player(view["names"], seat)
        )
    ]
    for i, card in enumerate(hand, 1):
        lines += textwrap.wrap(
            card_line(card), WIDTH, initial_indent=f"  {i}. ", subsequent_indent="     "
        )
    return lines


# ---------------------------------------------------------------------------
# Events in words
# ---------------------------------------------------------------------------


def _p(e: Event, names: Sequence[str], key: str = "seat") -> str:
    return player(names, e[key])


def _offer(e: Event, names: Sequence[str]) -> str:
    return ngettext(
        "Draft: {n} character offered to {p}", "Draft: {n} characters offered to {p}", e["count"]
    ).format(n=e["count"], p=_p(e, names))


def _pick(e: Event, names: Sequence[str]) -> str:
    return _("Character chosen by {p}: {character}").format(
        p=_p(e, names), character=character_name(e["character"])
    )


def _half(e: Event, names: Sequence[str]) -> str:
    if "shuffled" in e:
        return ngettext(
            "Second half: {n} match card shuffled into the deck; first turn: {p}",
            "Second half: all {n} match cards shuffled into the deck; first turn: {p}",
            e["shuffled"],
        ).format(n=e["shuffled"], p=_p(e, names))
    if e["half"] == 2:
        return _("Second half; first turn: {p}").format(p=_p(e, names))
    return _("Kick-off; first turn: {p}").format(p=_p(e, names))


def _turn(e: Event, names: Sequence[str]) -> str:
    return _("Turn {n}: {p}").format(n=e["number"], p=_p(e, names))


def _suspension(e: Event, names: Sequence[str]) -> str:
    if e["card"] is None:
        return _("Suspension for {p}: the deck is empty, so it has no effect").format(
            p=_p(e, names)
        )
    if e["skip"]:
        return _("Suspension for {p}: {card} turned over, not a Save, so no action phase").format(
            p=_p(e, names), card=card_name(e["card"])
        )
    return _("Suspension for {p}: {card} turned over, a Save, so the action phase stays").format(
        p=_p(e, names), card=card_name(e["card"])
    )


def _recover(e: Event, names: Sequence[str]) -> str:
    text = _("Recovery for {p}: stamina {n}").format(p=_p(e, names), n=e["stamina"])
    if e["healed"]:
        text += ", " + _("healthy again")
    return text


def _draw(e: Event, names: Sequence[str]) -> str:
    return ngettext("{n} card drawn by {p}", "{n} cards drawn by {p}", e["count"]).format(
        n=e["count"], p=_p(e, names)
    )


def _skip(e: Event, names: Sequence[str]) -> str:
    return _("No action phase for {p}").format(p=_p(e, names))


def _end_action(e: Event, names: Sequence[str]) -> str:
    return _("Action phase ended by {p}").format(p=_p(e, names))


def _play(e: Event, names: Sequence[str]) -> str:
    if e.get("target") is not None:
        return _("{card} played by {p} on {t}").format(
            card=card_name(e["card"]), p=_p(e, names), t=_p(e, names, "target")
        )
    return _("{card} played by {p}").format(card=card_name(e["card"]), p=_p(e, names))


def _equip(e: Event, names: Sequence[str]) -> str:
    text = _("{card} equipped by {p}").format(card=card_name(e["card"]), p=_p(e, names))
    if e.get("replaced"):
        text += ", " + _("replacing {card}").format(card=card_name(e["replaced"]))
    return text


def _pass(e: Event, names: Sequence[str]) -> str:
    return _("{p}: no response").format(p=_p(e, names))  # W5.2: alike for every window


def _chain(e: Event, names: Sequence[str]) -> str:
    n = e["length"]
    if e["cancelled"]:
        text = ngettext(
            "{n} Controversy on {card} played by {p}: {card} is cancelled",
            "A chain of {n} Controversies on {card} played by {p}: {card} is cancelled",
            n,
        )
    else:
        text = ngettext(
            "{n} Controversy on {card} played by {p}: {card} stands",
            "A chain of {n} Controversies on {card} played by {p}: {card} stands",
            n,
        )
    return text.format(n=n, card=card_name(e["card"]), p=_p(e, names))


def _cancelled(e: Event, names: Sequence[str]) -> str:
    return _("Cancelled: {card} played by {p}").format(card=card_name(e["card"]), p=_p(e, names))


def _injured(e: Event, names: Sequence[str]) -> str:
    return _("Injured: {p} (no Save of any kind until the next recovery)").format(p=_p(e, names))


def _pending(e: Event, names: Sequence[str]) -> str:
    return _("{card} placed in the pending zone of {p}").format(
        card=card_name(e["card"]), p=_p(e, names)
    )


TAKE_WHY = {"tackle": N_("Tackle"), "pickpocket": N_("Pickpocket")}


def _take(e: Event, names: Sequence[str]) -> str:
    why = _(TAKE_WHY[e["why"]]) if e["why"] in TAKE_WHY else e["why"]
    if e["took"]:
        return _("{why}: a random card taken from {t} by {p}").format(
            why=why, t=_p(e, names, "target"), p=_p(e, names)
        )
    return _("{why}: nothing to take from {t} for {p}, the hand is empty").format(
        why=why, t=_p(e, names, "target"), p=_p(e, names)
    )


def _retrieve(e: Event, names: Sequence[str]) -> str:
    return _("{why}: {card} taken back from the discard pile by {p}").format(
        why=skill_name(e["why"]), card=card_name(e["card"]), p=_p(e, names)
    )


def _shot(e: Event, names: Sequence[str]) -> str:
    n = e["needed"]
    if e["card"] != e["kind"]:
        text = ngettext(
            "{kind} by {p}, with {card}: {n} Save needed to stop it",
            "{kind} by {p}, with {card}: {n} Saves needed to stop it",
            n,
        )
    else:
        text = ngettext(
            "{kind} by {p}: {n} Save needed to stop it",
            "{kind} by {p}: {n} Saves needed to stop it",
            n,
        )
    return text.format(kind=shot_kind(e["kind"]), p=_p(e, names), card=card_name(e["card"]), n=n)


SAVE_HOW = {
    "terry": N_("Save by {p}, discarding two cards (Terry): {saves} of {needed}"),
    "anticipation": N_("Save by {p}, discarding two cards (Anticipation): {saves} of {needed}"),
    "last_ditch": N_("Save by {p} with {card} (Last-ditch): {saves} of {needed}"),
    "lucky_hands": N_("Save by {p} with {card} turned over (Lucky hands): {saves} of {needed}"),
    "card": N_("Save by {p} with {card}: {saves} of {needed}"),
}


def _save(e: Event, names: Sequence[str]) -> str:
    text = SAVE_HOW.get(e["how"], SAVE_HOW["card"])
    return _(text).format(
        p=_p(e, names), card=card_name(e["card"]), saves=e["saves"], needed=e["needed"]
    )


def _stopped(e: Event, names: Sequence[str]) -> str:
    return _("Shot of {p} stopped").format(p=_p(e, names))


def _unsaved(e: Event, names: Sequence[str]) -> str:
    return _("Nobody stops the shot of {p}").format(p=_p(e, names))


def _reversed(e: Event, names: Sequence[str]) -> str:
    return _("Misjudgement by {p}: the result is reversed, for good").format(p=_p(e, names))


def _goal(e: Event, names: Sequence[str]) -> str:
    return _("GOAL by {p} for {team}! Score: {score}").format(
        p=_p(e, names), team=team_name(e["team"]), score=score_text(e["goals"])
    )


def _saved(e: Event, names: Sequence[str]) -> str:
    return _("No goal for {p}: the save stands").format(p=_p(e, names))


def _no_goal(e: Event, names: Sequence[str]) -> str:
    return _("No goal for {p}: the goal is void").format(p=_p(e, names))


def _whistle(e: Event, names: Sequence[str]) -> str:
    if e["turn"] == e["seat"]:
        return _("Biased whistle by {p}: the action phase ends at once").format(p=_p(e, names))
    return _("Biased whistle by {p}: the action phase of {t} ends at once").format(
        p=_p(e, names), t=_p(e, names, "turn")
    )


def _stamina(e: Event, names: Sequence[str]) -> str:
    n = e["change"]
    if n < 0:
        text = ngettext(
            "{n} stamina spent or lost by {p}, now {left}",
            "{n} stamina spent or lost by {p}, now {left}",
            -n,
        )
    else:
        text = ngettext(
            "{n} stamina regained by {p}, now {left}", "{n} stamina regained by {p}, now {left}", n
        )
    return text.format(n=abs(n), p=_p(e, names), left=e["stamina"])


DISCARD_WHY = {
    "limit": N_("Discarded by {p} down to the hand limit: {cards}"),
    "terry": N_("Discarded by {p} for a Save (Terry): {cards}"),
    "anticipation": N_("Discarded by {p} for a Save (Anticipation): {cards}"),
    "recycle": N_("Discarded by {p} to draw as many (Recycle): {cards}"),
}


def _discard(e: Event, names: Sequence[str]) -> str:
    text = DISCARD_WHY.get(e["why"], N_("Discarded by {p}: {cards}"))
    return _(text).format(p=_p(e, names), cards=cards_text(e["cards"]))


TURN_OVER_WHY = {"suspension": N_("Suspension"), "lucky_hands": N_("Lucky hands")}


def _turn_over(e: Event, names: Sequence[str]) -> str:
    why = _(TURN_OVER_WHY[e["why"]]) if e["why"] in TURN_OVER_WHY else e["why"]
    return _("Top deck card turned over for {p} ({why}): {card}").format(
        p=_p(e, names), why=why, card=card_name(e["card"])
    )


def _skill(e: Event, names: Sequence[str]) -> str:
    if e.get("target") is not None:
        return _("Skill {skill} used by {p} on {t}").format(
            skill=skill_name(e["skill"]), p=_p(e, names), t=_p(e, names, "target")
        )
    return _("Skill {skill} used by {p}").format(skill=skill_name(e["skill"]), p=_p(e, names))


def _exhausted(e: Event, names: Sequence[str]) -> str:
    return _(
        "The match deck is empty: play goes on without draws until a round with no card played"
    )


def _half_time(e: Event, names: Sequence[str]) -> str:
    return _("Half time. Score: {score}").format(score=score_text(e["goals"]))


def _end(e: Event, names: Sequence[str]) -> str:
    score = score_text(e["goals"])
    winners = e["winners"]
    if not is_draw(winners):
        team = winners[0] % 2
        return _("Final whistle. Score: {score}. Winners: {team} ({players})").format(
            score=score, team=team_name(team), players=players_text(names, winners)
        )
    return _("Final whistle. Score: {score}. A draw").format(score=score)


def _offered(e: Event, names: Sequence[str]) -> str:
    return _("Offered to {p}: {characters}").format(
        p=_p(e, names), characters=list_text(character_name(c) for c in e["characters"])
    )


def _drew(e: Event, names: Sequence[str]) -> str:
    return _("Drawn by {p}: {cards}").format(p=_p(e, names), cards=cards_text(e["cards"]))


def _took(e: Event, names: Sequence[str]) -> str:
    return _("Taken from {t} by {p}: {card}").format(
        t=_p(e, names, "target"), p=_p(e, names), card=card_name(e["card"])
    )


DESCRIBE: dict[str, Callable[[Event, Sequence[str]], str]] = {
    "offer": _offer,
    "pick": _pick,
    "half": _half,
    "turn": _turn,
    "suspension": _suspension,
    "recover": _recover,
    "draw": _draw,
    "skip": _skip,
    "end_action": _end_action,
    "play": _play,
    "equip": _equip,
    "pass": _pass,
    "chain": _chain,
    "cancelled": _cancelled,
    "injured": _injured,
    "pending": _pending,
    "take": _take,
    "retrieve": _retrieve,
    "shot": _shot,
    "save": _save,
    "stopped": _stopped,
    "unsaved": _unsaved,
    "reversed": _reversed,
    "goal": _goal,
    "saved": _saved,
    "no_goal": _no_goal,
    "whistle": _whistle,
    "stamina": _stamina,
    "discard": _discard,
    "turn_over": _turn_over,
    "skill": _skill,
    "exhausted": _exhausted,
    "half_time": _half_time,
    "end": _end,
}
PRIVATE: dict[str, Callable[[Event, Sequence[str]], str]] = {
    "offered": _offered,
    "drew": _drew,
    "took": _took,
}


def describe(event: Event, names: Sequence[str]) -> str:
    """One log event (public or private) in words, in the session's language."""
    if event.get("event") in PRIVATE:
        return tell(PRIVATE, event, names)
    return tell(DESCRIBE, event, names)


def describe_result(result: dict[str, Any], names: Sequence[str]) -> list[str]:
    """How the match ended (W6.3): the winning team and its players, or a draw."""
    if not result.get("over"):
        return []
    goals = result.get("goals") or [0, 0]
    winners = result["winners"]
    if is_draw(winners):
        return [_("Final score: {score}, a draw.").format(score=score_text(goals))]
    team = winners[0] % 2
    return [
        _("Final score: {score}. Winners: {team} ({players}).").format(
            score=score_text(goals), team=team_name(team), players=players_text(names, winners)
        )
    ]


def private_news(before: View, after: View) -> list[str]:
    """What a person's own move showed only them (the cards drawn, a card taken), printed
    right after the move while they still have the keyboard."""
    old = before.get("private") or []
    new = after.get("private") or []
    if after.get("seat") is None or len(new) <= len(old):
        return []
    return [
        _("Only you see: {news}").format(news=describe(e, after["names"])) for e in new[len(old) :]
    ]
