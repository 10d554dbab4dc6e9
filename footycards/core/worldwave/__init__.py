"""Provides the engine of World Wave 世界波, the team card battler (rules/worldwave.md, W1–W8).

The package: `data` (the roster and match deck from `assets/worldwave/`, validated),
`skills` (character skills and skill cards as triggers), `notation` (actions, W7) and
`state` (the match: turn, response windows, views, JSON). This module is the contract:
`new_game`, `from_json`, `parse`, `catalog`, `undo_barrier`, and the constants
(`PLAYER_COUNTS`: the even table sizes 2–10). The state also offers `review_view()`
(the public view plus every hand, for replays) and `view(seat, log=False)`.

Notation (W7; seats are `P1`… in notation, 0-based in code; hand slots count from 1 in
the order the cards came in): `pick 2` (draft) · `shoot` / `freekick` / `penalty` (the
first such card of the hand) · `equip 4` · `event 1 P3` (an event on seat 3) · `event 2`
(an event with no target, or a Controversy, Misjudgement or Biased whistle in its window) ·
`skill`, `skill P3`, `skill 2`, `skill 2 4` (character skills: Okafor and Mwangi in the
shot-played window, Hagen on a seat, Ferreira with 1–2 cards, Dubois's Save as a Shoot,
Baptiste's Shoot as a Save) · `save 3` (a Save, or a goalkeeper's Shoot, as a Save) ·
`terry 2 5` · `anticipation 2 5` · `discard 2 4` (the discard phase: exactly down to the
hand limit) · `end` (end the action phase) · `pass` (no response; always legal when asked).

`view(seat)`: see `WorldWaveState.view` for every key. In short: `phase` (draft, action,
discard, over), `turn`, `to_move`, `goals` [A, B], `scores` per seat, `deck` (a count),
`discard` (the pile, top last), `table` (a Suspension being answered), `seats` (per seat:
team, character, position, stamina, max_stamina, injured, equipped {attack, defence,
stamina}, pending, hand = count, hand_limit), `hand` (your cards), `draft` (seat, count,
offered — yours only — chosen), `windows` (bottom first; the last is the one being asked:
kind controversy | shot_skill | save | misjudgement | whistle, asked, due, passes, and
chain / card / seat for a Controversy window, shooter (and stopped for a Misjudgement
window), seat for a Whistle window), `shot` (shooter, kind, card, needed, saves [{seat,
how, card}], extra_cost, stopped, reversed), `log`, `private`, `exhausted`,
`quiet_turns`, `is_over`, `result`.

Event kinds in `state.log` (seats 0-based): `offer` seat, count · `pick` seat, character ·
`half` half, seat (who starts), shuffled (second half) · `turn` seat, number ·
`suspension` seat, card (turned over, or None), skip · `recover` seat, stamina, healed ·
`draw` seat, count · `skip` seat (no action phase) · `end_action` seat · `play` seat,
card, target? · `equip` seat, card, replaced · `pass` seat, window ·
`chain` card, seat, length, cancelled · `cancelled` seat, card · `injured` seat ·
`pending` seat, card · `take` seat, target, why (tackle, pickpocket), took ·
`retrieve` seat, card, why · `shot` seat, kind, card, needed ·
`save` seat, how (card, terry, anticipation, last_ditch, lucky_hands), card, saves,
needed · `stopped` / `unsaved` seat (shooter) · `reversed` seat (the Misjudgement's
player) · `goal` seat, team, goals · `saved` seat · `no_goal` seat (a goal reversed) ·
`whistle` seat, turn · `stamina` seat, change, stamina · `discard` seat, cards, why
(limit, terry, anticipation, recycle) · `turn_over` seat, card, why (suspension,
lucky_hands) · `skill` seat, skill, target? · `exhausted` · `half_time` goals ·
`end` goals, winners. Private events (in `view(seat)["private"]` of the seats that saw
them): `offered` seat, characters · `drew` seat, cards · `took` seat, target, card.
"""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

from ..errors import OptionError, typed, unknown_option
from ..rng import GameRng
from .data import CARD_IDS, CardKind, Character, load_deck, load_roster
from .determinize import determinize
from .notation import Action, parse
from .skills import SKILLS
from .state import CARDS, DECK, ROSTER, EventLog, WorldWaveState, from_json

ID = "worldwave"
MIN_PLAYERS = 2
MAX_PLAYERS = 10
PLAYER_COUNTS = (2, 4, 6, 8, 10)  # W3.1: two equal teams

OPTIONS = ("deal", "characters", "halves", "names")


def _players(players: object) -> int:
    if (
        isinstance(players, bool)
        or not isinstance(players, int)
        or not MIN_PLAYERS <= players <= MAX_PLAYERS
        or players not in PLAYER_COUNTS
    ):
        raise OptionError(
            "{game} is for 2, 4, 6, 8 or 10 players (two equal teams)", "players", game="World Wave"
        )
    return players


def new_game(
    players: int = 2, seed: int | None = None, options: dict[str, Any] | None = None
) -> WorldWaveState:
    """Start a match (W3). Options: deal (the whole match deck, top first), characters
    (one id per seat: skips the draft), halves (bool; default true with 8–10 players),
    names."""
    n = _players(players)
    if options is not None and not isinstance(options, dict):
        raise OptionError("options must be a table of option names and values", "not_a_table")
    o = dict(options or {})
    unknown_option("World Wave", [k for k in o if k not in OPTIONS], OPTIONS)
    halves = o.get("halves")
    if halves is None:
        halves = n >= 8
    if not isinstance(halves, bool):
        raise OptionError("halves must be true or false", "bad_halves")
    names = o.get("names")
    if names is None:
        names = [f"P{i + 1}" for i in range(n)]
    if not isinstance(names, list) or len(names) != n or not all(isinstance(x, str) for x in names):
        raise OptionError("names must list one name (text) per seat", "bad_names")
    deal = o.get("deal")
    if deal is not None and (
        not isinstance(deal, list)
        or not all(isinstance(c, str) for c in deal)
        or Counter(deal) != Counter(DECK)
    ):
        raise OptionError(
            "deal must list the whole match deck, top first: the {n} card ids "
            "({cards}), each as often as the deck holds it",
            "bad_deal",
            n=len(DECK),
            cards=", ".join(CARD_IDS),
        )
    chars = o.get("characters")
    if chars is not None:
        if not isinstance(chars, list) or len(chars) != n:
            raise OptionError("characters must list one character id per seat", "bad_characters")
        bad = [c for c in chars if not isinstance(c, str) or c not in ROSTER]
        if bad:
            raise OptionError(
                "there is no character {unknown}; the characters are {known}",
                "unknown_character",
                unknown=", ".join(typed(str(c)) for c in bad)[:200],
                known=", ".join(ROSTER),
            )
        if len(set(chars)) != n:
            raise OptionError("characters must all be different", "same_character")
    if seed is not None and (isinstance(seed, bool) or not isinstance(seed, int)):
        raise OptionError("seed must be a whole number", "bad_seed")
    if seed is None:
        seed = random.SystemRandom().getrandbits(63)
    rng = GameRng(seed)
    if deal is not None:
        deck = list(reversed(deal))  # the top card last
    else:
        deck = list(DECK)
        rng.shuffle_batched(deck)
    state = WorldWaveState(
        players=n,
        names=list(names),
        rng=rng,
        halves=halves,
        characters=[None] * n,
        deck=deck,
        stamina=[0] * n,
        injured=[False] * n,
        hands=[[] for _ in range(n)],
        equipped=[[None, None, None] for _ in range(n)],
        pending=[[] for _ in range(n)],
        turns_taken=[0] * n,
        conceded=[False] * n,
        until_next=[[] for _ in range(n)],
    )
    if len(state._draft_pool()) < n:
        raise OptionError(
            "the roster has too few characters for this many players", "roster_too_small"
        )
    if chars is not None:
        state.characters = list(chars)
        state._kick_off()
    else:
        state._offer()
    state._run()
    return state


def catalog(options: dict[str, Any] | None = None) -> list[dict[str, Any]]:
    """W8: every character, then every kind of match card, with exactly the keys W8 names
    (the Chinese texts, marks and skill timings are in `ROSTER` and `CARDS`)."""
    items: list[dict[str, Any]] = []
    for char in ROSTER.values():
        skill = SKILLS[char.skill]
        bonus = skill.bonus(None, 0, "hand_limit") if skill.bonus else 0
        items.append(
            {
                "id": char.id,
                "kind": "character",
                "name": char.name,
                "name_zh": char.name_zh,
                "position": char.position,
                "stamina": char.stamina,
                "shoot_cost": char.shoot_cost,
                "save_cost": char.save_cost,
                "hand_limit": char.hand_limit + bonus,
                "skill": char.text,
            }
        )
    for card in CARDS.values():
        items.append(
            {
                "id": card.id,
                "kind": card.kind,
                "name": card.name,
                "name_zh": card.name_zh,
                "copies": card.copies,
                "text": card.text,
            }
        )
    return items


def undo_barrier(event: dict) -> str | None:
    """The kind of barrier an event is for undo, or None: draws, shuffles (a new half,
    the draft's offer), a look at a taken card and every card turned over."""
    kind = event.get("event")
    if kind == "draw":
        return "draw"
    if kind == "offer" or (kind == "half" and "shuffled" in event):
        return "chance"
    if kind == "take":
        return "look" if event.get("took") else None
    if kind == "turn_over":
        return "reveal"
    return None


__all__ = [
    "ID", "MIN_PLAYERS", "MAX_PLAYERS", "PLAYER_COUNTS", "Action",
    "CardKind", "Character", "EventLog", "WorldWaveState", "CARDS", "DECK", "ROSTER", "SKILLS",
    "catalog", "determinize",
    "from_json", "load_deck", "load_roster", "new_game", "parse", "undo_barrier",
]  # fmt: skip
