"""Provides the Bundesliga Quartett engine: one deck, three games (rules/quartett.md, Q1–Q8).

Read top to bottom: the cards and their Fairness-Punkte (Q1), the shapes of views and
events, deck files, the deck registry and Fan-Freundschaft (Q1.4, Q6), notation (Q7), the
state with the top-trumps round (Q2, Q3) and the Quartett ask (Q4, Q5), the end, views,
the JSON round trip, and set-up with fixed deals (Q8). Holes in the rules are filled by
the house rulings of the in-app rules text (assets/rules/quartett.md).

The engine emits data, never words: `state.log` holds event dicts (`QuartettEvent`), the
result's `reason` is an event-like dict, and an `IllegalAction` carries a code, an
English template and its parameters. Front ends put them into words
(`footycards.textmode.quartett`).
"""

from __future__ import annotations

import copy
import json
import math
import random
import re
from bisect import bisect, bisect_left
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace
from operator import itemgetter
from pathlib import Path
from typing import Any, NotRequired, Required, TypedDict

from .assets import deck_path, read_toml, require
from .contract import EventLog
from .errors import (
    DeckError,
    IllegalAction,
    OptionError,
    check_view_seat,
    checked_options,
    not_an_action,
    typed,
)
from .rng import _GOLDEN, _MASK, _MIX1, _MIX2, GameRng

ID = "quartett"
MIN_PLAYERS = 2
MAX_PLAYERS = 6
OPTIONS = ("mode", "deck", "decks", "deal", "round_limit", "names")  # new_game's options

FUSSBALL, ABWEHR_ANGRIFF, QUARTETT = "fussball", "abwehr-angriff", "quartett"
MODES = (FUSSBALL, ABWEHR_ANGRIFF, QUARTETT)
CATEGORIES = ("games", "goals", "fairness", "abwehr", "angriff")  # Q8
MODE_CATEGORIES = {
    FUSSBALL: CATEGORIES,  # Q2.3
    ABWEHR_ANGRIFF: ("abwehr", "angriff"),  # Q3.1
    QUARTETT: (),
}
CATEGORY_LABELS = {
    "games": "Bundesliga-Spiele",
    "goals": "Bundesliga-Tore",
    "fairness": "Fairness-Punkte",
    "abwehr": "Abwehr",
    "angriff": "Angriff",
}
COUNT_FIELDS = ("games", "goals", "yellow", "yellow_red", "red")  # whole numbers >= 0
RATING_FIELDS = ("abwehr", "angriff")  # whole numbers 1-99
TEXT_FIELDS = ("name", "club", "position")
TWO_PLAYER_HAND = 10  # Q5.1

SAVE_VERSION = 2  # version 2: the log holds event data, not sentences


# ---------------------------------------------------------------------------
# The shapes of views, events and results (all plain JSON data)
# ---------------------------------------------------------------------------


class QuartettCard(TypedDict):
    """A card as the catalog and views show it (Q8): the Q1.3 figures and Fairness-Punkte."""

    id: str
    name: str
    club: str
    position: str
    games: int
    goals: int
    yellow: int
    yellow_red: int
    red: int
    fairness: float
    abwehr: int
    angriff: int


class SeatInfo(TypedDict):
    """One seat as everyone sees it: stack or hand size, quartets laid (Q4.6), score."""

    seat: int
    name: str
    cards: int
    quartets: list[str]
    score: int


class PlayView(TypedDict):
    """One card shown in a comparison, with the value of the called category."""

    seat: int
    card: QuartettCard
    value: float


class ComparisonView(TypedDict):
    """One comparison of a round (the round itself or a Stechen, Q2.3–Q2.6)."""

    category: str
    caller: int
    stechen: bool
    plays: list[PlayView]
    winner: int | None
    tied: list[int]
    took: NotRequired[int]  # the cards the winner put under their stack
    gain: NotRequired[int]  # how much their stack grew over the round (took − own cards)


class RoundView(TypedDict):
    """The comparisons of the latest top-trumps round (Q2.8)."""

    round: int
    comparisons: list[ComparisonView]


class HistoryEntry(TypedDict):
    """One ask of the Quartett game (Q4.4, Q5.2), or a draw when nobody held a card
    (target and card None)."""

    asker: int
    target: int | None
    card: str | None
    hit: bool
    drew: bool


class DeckInfo(TypedDict):
    """A deck of the game: `id` finds its cards with `deck_catalog`; `prefix` is what its
    card ids start with in Fan-Freundschaft (`BL` in `BL:F3`; empty with one deck)."""

    id: str
    name: str
    prefix: str


class Reason(TypedDict, total=False):
    """Why the game ended (`result()["reason"]`), an event-like dict:
    `out_of_cards` seats (Q2.7) · `round_limit` limit (Q2.7) · `all_quartets` (Q4.7) ·
    `ask_limit` limit (the round limit of the Quartett game)."""

    event: Required[str]
    seats: list[int]
    limit: int


class QuartettResult(TypedDict):
    """`result()`: scores and winners; once over also the reason, rounds and asks."""

    scores: list[int]
    winners: list[int]
    over: bool
    reason: NotRequired[Reason]
    rounds: NotRequired[int]
    asks: NotRequired[int]


class Play(TypedDict):
    """One card of a `call` event: who showed it, its id and name, the called value."""

    seat: int
    card: str
    name: str
    value: float


class QuartettEvent(TypedDict, total=False):
    """One entry of `state.log`: an event kind and its arguments, never words.

    Kinds and their fields (seats are 0-based ints):
    `deal` decks (titles), mode, cards (each), rest (left over), seat (who starts) ·
    `call` seat, category, stechen, plays · `tie` seats, category, value, middle, seat
    (the caller, who calls the Stechen) · `win` seat, cards (put under the stack), gain
    (how much the stack grew over the round: cards less the winner's own) · `ask` seat,
    target, card, name, hit, drew, stack (cards left on it) · `quartet` seat, quartet, club ·
    `skip` seats · `restock` seat, stack (nobody held a card: a draw) ·
    `end` reason, winners.
    """

    event: Required[str]
    seat: int
    seats: list[int]
    target: int
    decks: list[str]
    mode: str
    cards: int
    gain: int
    rest: int
    category: str
    stechen: bool
    plays: list[Play]
    value: float
    middle: int
    card: str
    name: str
    hit: bool
    drew: bool
    stack: int
    quartet: str
    club: str
    reason: Reason
    winners: list[int]


class QuartettView(TypedDict):
    """`view(seat)`: what one seat (or, for None, a spectator) may know."""

    game: str
    mode: str
    seat: int | None
    players: int
    names: list[str]
    to_move: int | None
    phase: str
    turn: int
    category: str | None
    categories: list[str]
    seats: list[SeatInfo]
    middle: int
    stack: int
    stechen: list[int]
    round: int
    asks: int
    round_limit: int | None
    last_round: RoundView | None
    revealed: list[str]
    history: list[HistoryEntry]
    decks: list[DeckInfo]
    log: list[QuartettEvent]
    is_over: bool
    top_card: QuartettCard | None
    hand: list[QuartettCard] | None
    result: NotRequired[QuartettResult]


def _copy_event(e: QuartettEvent) -> QuartettEvent:
    """A deep copy of one event (views share no object with the state)."""
    c = e.copy()
    if "plays" in c:
        c["plays"] = [p.copy() for p in c["plays"]]
    if "seats" in c:
        c["seats"] = list(c["seats"])
    if "decks" in c:
        c["decks"] = list(c["decks"])
    if "winners" in c:
        c["winners"] = list(c["winners"])
    if "reason" in c:
        r = c["reason"].copy()
        if "seats" in r:
            r["seats"] = list(r["seats"])
        c["reason"] = r
    return c


# ---------------------------------------------------------------------------
# Q1. The cards
# ---------------------------------------------------------------------------


def fairness_points(games: int, yellow: int, yellow_red: int, red: int) -> float:
    """Q1.5: games ÷ (yellow + 2 × yellow-red + 3 × red); 8.0 without games; games + 8.0
    without cautions. Higher is better; compared at full precision."""
    if games == 0:
        return 8.0
    weight = yellow + 2 * yellow_red + 3 * red
    if weight == 0:
        return games + 8.0
    return games / weight


def format_fairness(points: float) -> str:
    """Fairness-Punkte as printed on a card: one decimal (Q1.5)."""
    return f"{points:.1f}"


def format_value(category: str, value: float) -> str:
    """A category value as shown to people (fairness with one decimal)."""
    return format_fairness(value) if category == "fairness" else str(value)


@dataclass(frozen=True, slots=True)
class Card:
    """One Quartett card (Q1.3): a star and the figures printed on it."""

    code: str
    name: str
    club: str
    position: str
    games: int
    goals: int
    yellow: int
    yellow_red: int
    red: int
    abwehr: int
    angriff: int

    @property
    def fairness(self) -> float:
        return fairness_points(self.games, self.yellow, self.yellow_red, self.red)


@dataclass(frozen=True)
class Deck:
    """A validated deck file: short id (for `DECK:CODE`), title and cards in file order.

    `key` names the deck in the deck registry (`deck_catalog`): its id, unless a deck with
    other cards took that id first in this process (then `ID~2`, `ID~3`, …).
    """

    id: str
    name: str
    file: str  # as given (for messages)
    cards: tuple[Card, ...]
    key: str = ""


_CODE = re.compile(r"^[A-Z][1-4]$")
_DECK_ID = re.compile(r"^[A-Za-z0-9_-]{1,16}$")


_DECKS: dict[str, tuple[tuple[int, int], Deck]] = {}  # file -> (stamp, deck)
_DEFAULT_DECK: Path | None = None
_REGISTRY: dict[str, Deck] = {}  # deck key -> deck: every deck loaded in this process
_SHIPPED: list[Deck] = []  # the shipped deck, once registered (always under its own id)


def load_deck(path: str | Path | None = None) -> Deck:
    """Load and validate a Quartett deck file (Q1.4); the default deck when no path is given.

    A file is read again when it changed on disk; the shipped deck, which does not change
    while the program runs, is read once."""
    global _DEFAULT_DECK
    if not path and _SHIPPED:
        return _SHIPPED[0]
    if path:
        p = Path(path)
    else:
        if _DEFAULT_DECK is None:
            _DEFAULT_DECK = deck_path("quartett")
        p = _DEFAULT_DECK
    file = str(p)
    try:
        st = p.stat()
        stamp = (st.st_mtime_ns, st.st_size)
    except (OSError, ValueError):  # not there, or not a usable name: read_toml says which
        stamp = None
    cached = _DECKS.get(file)
    if stamp is not None and cached is not None and cached[0] == stamp:
        deck = cached[1]
    else:
        if path and not _SHIPPED:
            _shipped_deck()  # the shipped deck keeps its own id in the registry
        deck = _register(_read_deck(p, file))
        if stamp is not None:
            _DECKS[file] = (stamp, deck)
    if not path and not _SHIPPED:
        _SHIPPED.append(deck)
    return deck


def _shipped_deck() -> Deck | None:
    """The shipped deck, registered first so its id always finds it (None if broken)."""
    if not _SHIPPED:
        try:
            load_deck()  # keeps it in _SHIPPED
        except DeckError:
            return None
    return _SHIPPED[0]


def _register(deck: Deck) -> Deck:
    """The deck with its registry key: its id, or `ID~N` when other cards hold the id."""
    key, n = deck.id, 1
    while True:
        have = _REGISTRY.get(key)
        if have is None or (have.name, have.cards) == (deck.name, deck.cards):
            deck = replace(deck, key=key)
            _REGISTRY.setdefault(key, deck)
            return deck
        n += 1
        key = f"{deck.id}~{n}"


def deck_catalog(deck_ids: Sequence[str]) -> list[QuartettCard]:
    """The public card list (Q8 catalog items, in game order) of the decks a view names:
    `[d["id"] for d in view["decks"]]`. Every deck loaded in this process is found by its
    id, the shipped deck always; KeyError for an id that no loaded deck has."""
    decks = []
    for key in deck_ids:
        deck = _REGISTRY.get(key)
        if deck is None and _shipped_deck() is not None:
            deck = _REGISTRY.get(key)
        if deck is None:
            raise KeyError(key)
        decks.append(deck)
    if not decks:
        raise KeyError("no deck")
    return [_info_of(row) for row in _game_rows(decks)]


def _read_deck(p: Path, file: str) -> Deck:
    data = read_toml(p)
    title = data.get("name", p.stem)
    if not isinstance(title, str) or not title.strip():
        raise DeckError(file, "name", "must be text")
    deck_id = data.get("deck", p.stem)
    if not isinstance(deck_id, str) or not _DECK_ID.match(deck_id):
        raise DeckError(
            file,
            "deck",
            "the deck id must be 1-16 letters, digits, '-' or '_', not {value}",
            value=typed(repr(deck_id)),
        )
    raw = data.get("card")
    if not isinstance(raw, list) or not raw:
        raise DeckError(file, "", "no [[card]] entries")
    cards: list[Card] = []
    seen: dict[str, int] = {}
    for i, entry in enumerate(raw, 1):
        label = f"card #{i}"
        if not isinstance(entry, dict):
            raise DeckError(file, label, "must be a table")
        code = require(entry, "code", str, file, label)
        if not _CODE.match(code):
            raise DeckError(
                file,
                label,
                "code must be a quartet letter A-Z and a number 1-4, like F3, not {value}",
                value=typed(repr(code)),
            )
        label = f"card {code}"
        if code in seen:
            raise DeckError(file, label, "duplicate code (also card #{n})", n=seen[code])
        seen[code] = i
        texts = [require(entry, key, str, file, label) for key in TEXT_FIELDS]
        counts = []
        for key in COUNT_FIELDS:
            value = require(entry, key, int, file, label)
            if value < 0:
                raise DeckError(
                    file,
                    label,
                    "field '{key}' must not be negative, not {value}",
                    key=key,
                    value=value,
                )
            counts.append(value)
        ratings = []
        for key in RATING_FIELDS:
            value = require(entry, key, int, file, label)
            if not 1 <= value <= 99:
                raise DeckError(
                    file,
                    label,
                    "field '{key}' must be from 1 to 99, not {value}",
                    key=key,
                    value=value,
                )
            ratings.append(value)
        cards.append(Card(code, *texts, *counts, *ratings))
    letters = sorted({c.code[0] for c in cards})
    for letter in letters:
        have = {c.code[1] for c in cards if c.code[0] == letter}
        if len(have) != 4:
            missing = ", ".join(f"{letter}{n}" for n in "1234" if n not in have)
            raise DeckError(
                file,
                f"quartet {letter}",
                "a quartet needs four cards; it has {n} (missing {missing})",
                n=len(have),
                missing=missing,
            )
    return Deck(deck_id, title.strip(), file, tuple(cards))


def _decks_from_options(o: dict[str, Any], mode: str) -> list[Deck]:
    """The decks of a game: option `deck` (one path) or `decks` (Fan-Freundschaft, Q6.1)."""
    if o.get("deck") is not None and o.get("decks") is not None:
        raise OptionError("give either deck or decks, not both", "deck_and_decks")
    paths = o.get("decks")
    if paths is None:
        path = o.get("deck")
        if path is not None and not isinstance(path, str | Path):
            raise OptionError("deck must be the path of a deck file", "deck_not_path")
        return [load_deck(path)]
    if not isinstance(paths, list | tuple) or not paths:
        raise OptionError("decks must be a list of deck file paths", "bad_decks")
    if not all(isinstance(x, str | Path) for x in paths):
        raise OptionError("decks must be a list of deck file paths", "bad_decks")
    if len(paths) > 1 and mode == QUARTETT:
        raise OptionError(
            "Fan-Freundschaft (several decks) is for the fussball and abwehr-angriff games",
            "several_decks",
        )
    return [load_deck(x) for x in paths]


def deck_prefixes(decks: Sequence[Deck]) -> list[str]:
    """Q6.1: the prefix of each deck's card ids: its deck id, numbered when the id comes
    again (the same deck twice: `BL`, `BL2`); empty for a game of one deck."""
    if len(decks) == 1:
        return [""]
    used: set[str] = set()
    out = []
    for d in decks:
        prefix, n = d.id, 2
        while prefix in used:
            prefix, n = f"{d.id}{n}", n + 1
        used.add(prefix)
        out.append(prefix)
    return out


def _card_rows(decks: list[Deck]) -> list[list[Any]]:
    """Cards of the game as JSON rows: id (`F3`, or `DECK:F3` with several decks, Q8) + Q1.3."""
    rows = []
    for d, prefix in zip(decks, deck_prefixes(decks), strict=True):
        for c in d.cards:
            cid = f"{prefix}:{c.code}" if prefix else c.code
            rows.append(
                [
                    cid,
                    c.name,
                    c.club,
                    c.position,
                    c.games,
                    c.goals,
                    c.yellow,
                    c.yellow_red,
                    c.red,
                    c.abwehr,
                    c.angriff,
                ]
            )
    return rows


def _info_of(row: list[Any]) -> QuartettCard:
    """A catalog item (Q8) from a card row."""
    cid, name, club, position, games, goals, yellow, yellow_red, red, abwehr, angriff = row
    return {
        "id": cid,
        "name": name,
        "club": club,
        "position": position,
        "games": games,
        "goals": goals,
        "yellow": yellow,
        "yellow_red": yellow_red,
        "red": red,
        "fairness": fairness_points(games, yellow, yellow_red, red),
        "abwehr": abwehr,
        "angriff": angriff,
    }


def quartet_of(card_id: str) -> str:
    """The quartet key of a card id: `F3` -> `F`, `BL:F3` -> `BL:F` (Q1.2)."""
    return card_id[:-1]


_VALUE_OF: dict[str, Callable[[QuartettCard], float]] = {cat: itemgetter(cat) for cat in CATEGORIES}


def value_getter(category: str) -> Callable[[QuartettCard], float]:
    """A function that reads a category (a Q8 key such as `goals`) off a card."""
    return _VALUE_OF[category]


def category_value(card: QuartettCard, category: str) -> float:
    """The value of a category (a Q8 key such as `goals`) on a card; KeyError otherwise."""
    return _VALUE_OF[category](card)


class _CardTable:
    """Everything derived from a game's card rows: catalog items, values, quartets."""

    def __init__(self, rows: list[list[Any]]) -> None:
        self.rows = [list(r) for r in rows]
        self.ids: list[str] = [r[0] for r in self.rows]
        self.info = {r[0]: _info_of(r) for r in self.rows}
        self.name = {cid: info["name"] for cid, info in self.info.items()}
        self.values = {
            cat: {cid: category_value(i, cat) for cid, i in self.info.items()} for cat in CATEGORIES
        }
        self.rank = {cid: i for i, cid in enumerate(self.ids)}
        self.quartet = {cid: quartet_of(cid) for cid in self.ids}
        members: dict[str, list[str]] = {}
        for cid in self.ids:
            members.setdefault(self.quartet[cid], []).append(cid)
        self.members = {q: tuple(sorted(cs)) for q, cs in members.items()}
        self.quartets = list(members)  # deck order
        # the order of `QuartettState._cards_to_ask`: quartets in deck order, then members
        self.ask_order = {
            c: i for i, c in enumerate(c for q in self.quartets for c in self.members[q])
        }
        # Q4.6 at the deal: a bit per card, four bits per quartet, and the quartets' lowest
        self.bit = {c: 1 << i for c, i in self.ask_order.items()}
        self.fours = sum(1 << 4 * k for k in range(len(self.quartets)))
        self.qbits = {q: 15 << 4 * k for k, q in enumerate(self.quartets)}  # a quartet's bits
        # per quartet (deck order), by the four bits of its cards in a hand: the cards that
        # hand may ask for (Q4.3: the others, if it holds any), in `ask_order`
        self.wants = [
            [tuple(c for p, c in enumerate(self.members[q]) if nib and not nib >> p & 1)
             for nib in range(16)]
            for q in self.quartets
        ]  # fmt: skip
        self.asks = {cid: _asks_for(cid) for cid in self.ids}
        self.asks_to = [{c: a[s] for c, a in self.asks.items()} for s in range(MAX_PLAYERS)]


_TABLES: dict[tuple[tuple[Any, ...], ...], _CardTable] = {}


_TABLE_OF_ROWS: dict[int, _CardTable] = {}  # id(table.rows) -> table


def _card_table(rows: list[list[Any]]) -> _CardTable:
    t = _TABLE_OF_ROWS.get(id(rows))
    if t is not None and t.rows is rows:
        return t
    key = tuple(map(tuple, rows))
    t = _TABLES.get(key)
    if t is None:
        if len(_TABLES) > 64:
            _TABLES.clear()
            _TABLE_OF_ROWS.clear()
        t = _TABLES[key] = _CardTable(rows)
        _TABLE_OF_ROWS[id(t.rows)] = t
    return t


@dataclass(frozen=True, slots=True)
class _DeckSetup:
    """What every deal of a deck combination shares: the card rows (never changed), the
    card ids in deck order, the state's `decks` entries and the deck titles."""

    decks: tuple[Deck, ...]
    rows: list[list[Any]]
    ids: tuple[str, ...]
    entries: tuple[tuple[str, str, str], ...]  # (deck key, title, card id prefix)
    titles: tuple[str, ...]


_SETUPS: dict[tuple[int, ...], _DeckSetup] = {}


def _deck_setup(decks: list[Deck]) -> _DeckSetup:
    """The shared set-up of a deck combination (made once while its decks stay loaded)."""
    key = tuple(map(id, decks))
    hit = _SETUPS.get(key)
    if hit is not None and hit.decks == tuple(decks):  # the same decks (by identity first)
        return hit
    if len(_SETUPS) > 64:
        _SETUPS.clear()
    rows = _card_table(_card_rows(decks)).rows
    entries = tuple(
        (d.key, d.name, p) for d, p in zip(decks, deck_prefixes(decks), strict=True)
    )  # fmt: skip
    setup = _DeckSetup(
        tuple(decks), rows, tuple(r[0] for r in rows), entries, tuple(d.name for d in decks)
    )
    _SETUPS[key] = setup
    return setup


def _game_rows(decks: list[Deck]) -> list[list[Any]]:
    """The shared card rows of a deck combination (rows are never changed)."""
    return _deck_setup(decks).rows


# ---------------------------------------------------------------------------
# Q7. Actions and their notation
# ---------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Action:
    """One Quartett action; `str(action)` is its notation (Q7)."""

    kind: str  # call | ask
    category: str = ""  # call
    seat: int = -1  # ask: the seat asked
    card: str = ""  # ask: the card id asked for

    def __str__(self) -> str:
        if self.kind == "call":
            return f"call {self.category}"
        if self.kind == "ask":
            return f"ask P{self.seat + 1} {self.card}"
        return self.kind


CALLS = {c: Action("call", category=c) for c in CATEGORIES}
_MODE_CALLS = {mode: tuple(CALLS[c] for c in cats) for mode, cats in MODE_CATEGORIES.items()}
# per mode: the category of each call it may make, by the identity of the shared `CALLS`
# action (what `legal_actions()` lists and `parse` gives): `apply`'s check in short
_CALL_OF = {mode: {id(CALLS[c]): c for c in cats} for mode, cats in MODE_CATEGORIES.items()}
_SEATS = [list(range(n)) for n in range(MAX_PLAYERS + 1)]  # by players
_NAMES = [f"P{s + 1}" for s in range(MAX_PLAYERS)]  # the seats' names unless named
_OTHERS = [[[s for s in range(n) if s != me] for me in range(n)] for n in range(MAX_PLAYERS + 1)]
_TOPS = [(0,) * n for n in range(MAX_PLAYERS + 1)]  # by players
# by the number of cards shown and the winner's place among them: the cards in the order
# the winner puts them under the stack, from its own on (Q2.4)
_ROTATED = [
    [itemgetter(*range(k, n), *range(k)) for k in range(n)] if n > 1 else []
    for n in range(MAX_PLAYERS + 1)
]  # fmt: skip
_ASKS: dict[str, tuple[Action, ...]] = {}  # card id -> the ask Action per seat


def _asks_for(card: str) -> tuple[Action, ...]:
    acts = _ASKS.get(card)
    if acts is None:
        acts = _ASKS[card] = tuple(Action("ask", seat=s, card=card) for s in range(MAX_PLAYERS))
    return acts


def parse(text: str) -> Action:
    """Parse one line of Q7 notation into an Action; IllegalAction on bad text."""
    words = text.strip().split()
    if not words:
        raise IllegalAction("empty move; try 'call goals' or 'ask P2 F3'", "empty_move")
    verb, args = words[0].lower(), words[1:]
    if verb == "call":
        if len(args) != 1:
            raise IllegalAction("usage: {usage}", "usage", usage="call goals")
        cat = args[0].lower()
        if cat not in CALLS:
            raise IllegalAction(
                "'{cat}' is not a category; categories are: {cats}",
                "bad_category",
                cat=args[0],
                cats=", ".join(CATEGORIES),
            )
        return CALLS[cat]
    if verb == "ask":
        if len(args) != 2:
            raise IllegalAction("usage: {usage}", "usage", usage="ask P2 F3")
        w = args[0].upper()
        # a short number first: int() refuses over 4,300 digits with a plain ValueError
        if not (
            w.startswith("P")
            and w[1:].isdecimal()
            and len(w) <= 3
            and 1 <= int(w[1:]) <= MAX_PLAYERS
        ):
            raise IllegalAction("'{word}' is not a seat like P2", "bad_seat", word=args[0])
        seat = int(w[1:]) - 1
        deck, sep, code = args[1].rpartition(":")
        code = code.upper()
        if not _CODE.match(code):
            raise IllegalAction("'{card}' is not a card like F3", "bad_card", card=args[1])
        return _asks_for(f"{deck}{sep}{code}")[seat]
    raise IllegalAction(
        "unknown move '{verb}'; moves are call and ask", "unknown_move", verb=words[0]
    )


def _from_seat(seats: list[int], cards: list[str], seat: int) -> list[str]:
    """The cards shown by `seats` (in seat order), rotated to start at `seat` or the next
    seat after it (Q2.4)."""
    for i, s in enumerate(seats):
        if s >= seat:
            return cards[i:] + cards[:i] if i else cards
    return cards


# ---------------------------------------------------------------------------
# The state
# ---------------------------------------------------------------------------

# phases
CALL = "call"  # Q2.3: the caller picks a category
STECHEN = "stechen"  # Q2.6: the caller picks the category of the Stechen
ASK = "ask"  # Q4.2: the player on turn asks for a card
OVER = "over"

CALLED, ASKED, DEALT, ENDED = "call", "ask", "deal", "end"  # the events noted as tuples


class _Comparison(TypedDict):
    """A comparison as the state keeps it: who showed which card (in seat order)."""

    category: str
    caller: int
    stechen: bool
    seats: list[int]
    cards: list[str]
    winner: int | None
    tied: list[int]
    took: NotRequired[int]
    gain: NotRequired[int]


class _Round(TypedDict):
    round: int
    comparisons: list[_Comparison]


_FLAT_EVENTS = frozenset({"ask", "win", "quartet", "restock"})


def _copy_reason(r: Reason) -> Reason:
    c = r.copy()
    if "seats" in c:
        c["seats"] = list(c["seats"])
    return c


def _comparison_of(note: tuple[Any, ...]) -> _Comparison:
    """A comparison from its note, `(CALLED, caller, category, stechen, seats, cards,
    winner, cards won, gain)`, or for a tie `(…, cards, None, tied)` (see `_call`)."""
    _, caller, cat, stechen, seats, cards, winner, x = note[:8]
    c: _Comparison = {
        "category": cat, "caller": caller, "stechen": stechen, "seats": seats, "cards": cards,
        "winner": winner, "tied": x if winner is None else [],
    }  # fmt: skip
    if winner is not None:
        c["took"], c["gain"] = x, note[8]
    return c


@dataclass
class QuartettState:
    """The whole Quartett game; only `view()`/`public_view()` are meant for players' eyes."""

    players: int
    mode: str
    names: list[str]
    decks: list[list[str]]  # [deck key, deck title, card id prefix] per deck
    cards: list[list[Any]]  # one row per card in deck order: id and the Q1.3 fields
    rng: GameRng
    stacks: list[list[str]] = field(default_factory=list)  # Q2.2: stacks, top first
    middle: list[str] = field(default_factory=list)  # Q2.1, Q2.6
    hands: list[list[str]] = field(default_factory=list)  # Q4: cards in hand
    stock: list[str] = field(default_factory=list)  # Q4.1, Q5.1: the face-down stack
    laid: list[list[str]] = field(default_factory=list)  # Q4.6: quartet keys per seat
    turn: int = 0  # the caller (Q2.3, Q2.5) or the player asking (Q4.2, Q4.5)
    phase: str = CALL
    stechen: list[int] = field(default_factory=list)  # Q2.6: seats in the coming Stechen
    category: str | None = None  # the category of the latest comparison
    round_no: int = 0  # top-trumps rounds started
    asks: int = 0  # Quartett asks made
    round_limit: int | None = None  # Q2.7 option
    last_round: _Round | None = None  # the comparisons of the latest round (Q2.8)
    # the cards shown at least once (Q2); a call's cards are added when it is read, by
    # `_revealed_now()` (views, the JSON, clones)
    revealed: list[str] = field(default_factory=list)
    history: list[HistoryEntry] = field(default_factory=list)  # Q4: every ask, in order
    events: list[QuartettEvent] = field(default_factory=list)  # the log, as far as built
    reason: Reason | None = None  # why the game ended
    records: list[QuartettEvent | tuple[Any, ...]] = field(default_factory=list)  # not yet

    def __post_init__(self) -> None:
        t = _card_table(self.cards)  # derived card data, shared by every game of the deck
        self.cards = t.rows
        self._ids = t.ids
        self._info = t.info
        self._name = t.name
        self._values = t.values
        self._rank = t.rank
        self._members = t.members
        self._quartet = t.quartet
        self._quartets = t.quartets
        self._asks_to = t.asks_to
        self._ask_order = t.ask_order
        self._bit, self._qbits, self._wants = t.bit, t.qbits, t.wants
        self._calls = _MODE_CALLS[self.mode]  # shared by every game: never changed
        self._call_of = _CALL_OF[self.mode]
        self._seats = _SEATS[self.players]
        self._others = _OTHERS[self.players]
        self._tops = _TOPS[self.players]  # (0, 0, …): where each stack's top card is
        self._revealed = set(self.revealed)
        self._shown: list[list[str]] = []  # the cards of calls not yet added to `revealed`
        # the comparisons noted since `last_round` was built, and whether a round started
        # since (see `_last_round`)
        self._round_notes: list[tuple[Any, ...]] = []
        self._round_fresh = False
        self._forget_wanted()
        # the contract's `is_over`: a plain attribute, read before every move of a game
        self.is_over: bool = self.phase == OVER

    # -- the contract -------------------------------------------------------

    @property
    def to_move(self) -> int | None:
        """The seat that must decide now; None once the game is over."""
        return None if self.phase == OVER else self.turn

    @property
    def log(self) -> EventLog[QuartettEvent]:
        """The public events since the start, oldest first; read-only (each event read
        is a copy: nothing done to it changes the game or its save)."""
        return EventLog(self._built())

    def _built(self) -> list[QuartettEvent]:
        """The engine's own list of events, with the records noted so far built.

        A move notes its frequent events (deal, call and win, ask, end) as plain tuples in
        `records` (see `_events_of`) and they become dicts here, when the log is read:
        simulations that never read it do not pay for building them.
        """
        records = self.records
        if records:
            events = self.events
            for record in records:
                if isinstance(record, tuple):
                    events += self._events_of(record)
                else:
                    events.append(record)  # a rare event, noted as its dict
            records.clear()
        return self.events

    def _events_of(self, record: tuple[Any, ...]) -> list[QuartettEvent]:
        """The events of one of `records`' tuples:
        `(CALLED, seat, category, stechen, seats, cards, winner, cards won, gain)` a call
        and its win (`winner` None: a tie, whose event follows as a dict),
        `(ASKED, seat, target, card, hit, drew, stack)` an ask,
        `(DEALT, deck titles, mode, cards each, rest)` the deal and `(ENDED,)` the end
        (the state does not change once over: its reason and winners are the end's)."""
        kind = record[0]
        if kind == CALLED:
            caller, cat, stechen, seats, cards, winner = record[1:7]
            vals, names = self._values[cat], self._name
            plays: list[Play] = [
                {"seat": s, "card": c, "name": names[c], "value": vals[c]}
                for s, c in zip(seats, cards, strict=True)
            ]
            call: QuartettEvent = {
                "event": kind, "seat": caller, "category": cat, "stechen": stechen, "plays": plays
            }  # fmt: skip
            if winner is None:
                return [call]
            return [call, {"event": "win", "seat": winner, "cards": record[7], "gain": record[8]}]
        if kind == ASKED:
            _, me, target, card, hit, drew, stack = record
            name = self._name[card]
            return [
                {
                    "event": kind, "seat": me, "target": target, "card": card, "name": name,
                    "hit": hit, "drew": drew, "stack": stack,
                }
            ]  # fmt: skip
        if kind == DEALT:
            _, titles, mode, per, rest = record
            return [
                {"event": kind, "decks": list(titles), "mode": mode, "cards": per, "rest": rest,
                 "seat": 0}
            ]  # fmt: skip
        assert kind == ENDED and self.reason is not None, f"unknown record {record!r}"
        winners = self.result()["winners"]
        return [{"event": kind, "reason": _copy_reason(self.reason), "winners": winners}]

    def legal_actions(self) -> Sequence[Action]:
        """Every action the seat `to_move` may take now (a list, or a tuple of calls)."""
        p = self.phase
        if p == OVER:
            return []
        if p != ASK:
            return self._calls  # Q2.3, Q3.1 (a tuple: nothing done to it changes the game)
        me = self.turn
        asks_to = self._asks_to  # per seat: card -> the ask for it
        if self.players == 2:  # Q5: the only other one
            asks = self._asks[me]
            if asks is None:
                wanted = self._wanted[me]
                if wanted is None:
                    wanted = self._wanted[me] = self._cards_to_ask(me)
                asks = self._asks[me] = list(map(asks_to[1 - me].__getitem__, wanted))
            return tuple(asks)  # a copy: nothing done to it changes the game
        wanted = self._wanted[me]
        if wanted is None:
            wanted = self._wanted[me] = self._cards_to_ask(me)
        return [asks_to[t][c] for t in self._others[me] for c in wanted]  # Q4.2: any other

    def _cards_to_ask(self, seat: int) -> list[str]:
        """Q4.3: the cards `seat` may ask for: those it lacks of the quartets it holds a card
        of, quartets in deck order."""
        m = self._held[seat]
        wanted: list[str] = []
        for wants in self._wants:  # a quartet at a time: four bits of `_held`
            wanted += wants[m & 15]
            m >>= 4
        return wanted

    def _forget_wanted(self) -> None:
        """Every seat's `_cards_to_ask` is found again when next needed (hands changed)."""
        # per seat: the cards in its hand, a bit each (`_CardTable.bit`: four per quartet)
        bit = self._bit
        self._held = [sum(map(bit.__getitem__, hand)) for hand in self.hands]
        # per seat: its cards to ask for while its hand stays as it was, or None; with two
        # players also its asks for them (the same order), or None until next needed
        self._wanted: list[list[str] | None] = [None] * self.players
        self._asks: list[list[Action] | None] = [None] * self.players

    def _not_wanted(self, seat: int, card: str) -> None:
        """`card` is no longer among the cards `seat` wants (its list is kept)."""
        wanted = self._wanted[seat]
        assert wanted is not None
        i = wanted.index(card)
        del wanted[i]
        asks = self._asks[seat]
        if asks is not None:
            del asks[i]

    def apply(self, action: Action | str) -> None:
        """Play an action (or its notation); IllegalAction leaves the state unchanged."""
        p = self.phase
        if p == ASK:  # the Quartett game, in short
            if type(action) is Action and action.kind == "ask":
                me, t, wanted = self.turn, action.seat, self._wanted[self.turn]
                if wanted is not None and type(t) is int and 0 <= t < self.players and t != me:
                    if type(action.card) is str and action.card in wanted:
                        self._ask(t, action.card)
                        return
        elif p != OVER:  # top trumps, in short: one of the calls `legal_actions()` lists
            cat = self._call_of.get(id(action))
            if cat is not None:
                self._call(cat)
                return
        if type(action) is not Action:
            if not isinstance(action, str):
                raise not_an_action("Quartett", action)
            action = parse(action)
        try:
            self._check(action)
        except TypeError:  # an Action built by hand with fields of the wrong type
            raise not_an_action("Quartett", action) from None
        if action.kind == "call":
            self._call(action.category)
        else:
            self._ask(action.seat, action.card)

    def _check(self, a: Action) -> None:
        """Raise IllegalAction unless `a` may be played now; never changes the state."""
        if self.phase == OVER:
            raise IllegalAction("the game is over", "game_over")
        if a.kind == "call":
            if self.phase == ASK:
                raise IllegalAction(
                    "this is the Quartett game: ask for a card, e.g. ask P2 F3", "ask_game"
                )
            if a.category not in MODE_CATEGORIES[self.mode]:
                raise IllegalAction(
                    "'{cat}' cannot be called in this game; call one of: {cats}",
                    "not_callable",
                    cat=str(a.category),
                    cats=", ".join(MODE_CATEGORIES[self.mode]),
                )  # Q3.1
            return
        if a.kind != "ask":
            raise IllegalAction("unknown action '{kind}'", "unknown_action", kind=str(a.kind))
        if self.phase != ASK:
            raise IllegalAction("in this game you call a category, e.g. call goals", "call_game")
        me = self.turn
        t = a.seat
        if not (0 <= t < self.players) or t == me:
            raise IllegalAction("ask another player, P1 to P{n}", "bad_target", n=self.players)
        card = a.card
        if card not in self._info:
            raise IllegalAction("there is no card {card} in this deck", "no_such_card", card=card)
        hand = self.hands[me]
        if card in hand:
            raise IllegalAction("you hold {card} yourself", "own_card", card=card)  # Q4.3
        q = self._quartet[card]
        a1, a2, a3, a4 = self._members[q]
        if not (a1 in hand or a2 in hand or a3 in hand or a4 in hand):
            raise IllegalAction(
                "you may only ask for a card of a quartet you hold a card of; "
                "you hold no {quartet} card",
                "no_quartet_card",
                quartet=q,
            )  # Q4.3

    def _revealed_now(self) -> list[str]:
        """`revealed` (the cards shown at least once, in the order first shown), with the
        cards of the calls since it was last read added: a call only notes its cards."""
        if self._shown:
            seen, revealed = self._revealed, self.revealed
            for cards in self._shown:
                for c in cards:
                    if c not in seen:
                        seen.add(c)
                        revealed.append(c)
            self._shown.clear()
        return self.revealed

    # -- Q2. A top-trumps round --------------------------------------------

    def _call(self, cat: str) -> None:
        """Q2.3: every player in the round shows the top card; the called value decides.

        The whole round in one place, on the hot path of every simulation: the comparison
        is noted once, as a tuple, which is both its record for the log (`_events_of`) and
        its note for `last_round` (`_last_round`)."""
        caller = self.turn
        stacks = self.stacks
        stechen = self.phase == STECHEN
        if stechen:
            seats = self.stechen  # Q2.6
            cards = [stacks[s].pop(0) for s in seats]  # in seat order
        else:
            self.round_no += 1
            seats = self._seats  # a round starts only while everyone holds cards (Q2.7)
            cards = list(map(list.pop, stacks, self._tops))  # each stack's top card
        self.category = cat
        values = list(map(self._values[cat].__getitem__, cards))
        best = max(values)
        self._shown.append(cards)
        if values.count(best) == 1:  # Q2.4: the winner puts the cards won under the stack,
            k = values.index(best)  # from the winner's own on, in seat order, then the
            w = seats[k]  # middle (Q2.6)
            stack = stacks[w]
            stack += _ROTATED[len(cards)][k](cards)
            won = len(cards)
            middle = self.middle
            if middle:
                won += len(middle)
                stack += middle
                middle.clear()
            if stechen:
                # the winner's own cards of the round: one of each comparison it was in
                lr = self._last_round()
                assert lr is not None
                own = 1 + sum(c["seats"].count(w) for c in lr["comparisons"])
                note: tuple[Any, ...] = (CALLED, caller, cat, True, seats, cards, w, won, won - own)
                self._round_notes.append(note)
                self.stechen = []
                self.phase = CALL
            else:
                note = (CALLED, caller, cat, False, seats, cards, w, won, won - 1)
                self._round_notes = [note]
                self._round_fresh = True  # `last_round` is this round's once built
            self.records.append(note)
            self.turn = w  # Q2.5: the winner calls next
            if not all(stacks):  # Q2.7
                empty = [s for s in self._seats if not stacks[s]]
                self._end({"event": "out_of_cards", "seats": empty})
            elif self.round_limit is not None and self.round_no >= self.round_limit:
                self._end({"event": "round_limit", "limit": self.round_limit})
            return
        top = [s for s, v in zip(seats, values, strict=True) if v == best]
        note = (CALLED, caller, cat, stechen, seats, cards, None, top)
        if stechen:
            self._round_notes.append(note)
        else:
            self._round_notes = [note]
            self._round_fresh = True
        # Q2.6: a tie; the round's cards go to the middle, from the caller on
        self.middle.extend(_from_seat(seats, cards, caller))
        empty = [s for s in self._seats if not stacks[s]]
        self.records.append(note)
        self.records.append(
            {
                "event": "tie",
                "seats": list(top),
                "category": cat,
                "value": best,
                "middle": len(self.middle),
                "seat": caller,
                "stechen": not empty,
            }
        )
        if empty:
            # Q2.7 comes first (Q2.6 [decision]): a player - tied or not - has no card left,
            # so the game ends now; the cards in the middle count for nobody
            self.stechen = []
            self.phase = CALL
            self._end({"event": "out_of_cards", "seats": empty})
            return
        self.stechen = list(top)  # the same caller calls the Stechen (Q2.6 [decision])
        self.phase = STECHEN

    def _last_round(self) -> _Round | None:
        """`last_round` (the comparisons of the latest round, Q2.8), with the comparisons
        noted since it was last read built: a round only notes them (see `_call`)."""
        notes = self._round_notes
        if self._round_fresh:
            self.last_round = {"round": self.round_no, "comparisons": []}
            self._round_fresh = False
        if notes:
            lr = self.last_round
            assert lr is not None
            lr["comparisons"].extend(map(_comparison_of, notes))
            notes.clear()
        return self.last_round

    # -- Q4, Q5. The Quartett game ------------------------------------------

    def _ask(self, target: int, card: str) -> None:
        """Q4.4–Q4.6, Q5.2: hand the card over (ask again) or miss (draw, turn passes).

        On the hot path of every simulation: what is nearly always so is checked in line
        (a quartet to lay down, the end, the next seat holding cards) before the helpers
        that do it are called."""
        me = self.turn
        hands = self.hands
        hand = hands[me]
        stock = self.stock
        masks = self._held
        self.asks += 1
        b = self._bit[card]
        if masks[target] & b:  # Q4.4
            hands[target].remove(card)
            hand.append(card)
            q = self._quartet[card]
            qb = self._qbits[q]
            masks[target] ^= b
            mine = masks[me] = masks[me] | b
            theirs = self._wanted[target]
            if theirs is not None:  # the target lacks `card` now, or no longer holds q
                order = self._ask_order
                asks = self._asks[target]
                if masks[target] & qb:
                    i = bisect(theirs, order[card], key=order.__getitem__)
                    theirs.insert(i, card)
                    if asks is not None:
                        asks.insert(i, self._asks_to[me][card])
                else:  # it held only `card` of q: q's other three cards, in a row, go
                    b1, b2, _b3, _b4 = self._members[q]
                    i = bisect_left(theirs, order[b2 if b1 == card else b1], key=order.__getitem__)
                    del theirs[i : i + 3]
                    if asks is not None:
                        del asks[i : i + 3]
            wanted = self._wanted[me]
            if wanted is not None:  # its quartet was held: only `card` is no longer wanted
                i = wanted.index(card)
                del wanted[i]
                asks = self._asks[me]
                if asks is not None:
                    del asks[i]
            self.history.append(
                {"asker": me, "target": target, "card": card, "hit": True, "drew": False}
            )
            self.records.append((ASKED, me, target, card, True, False, len(stock)))
            if mine & qb == qb:
                self._lay_down(me, q)  # Q4.6
                if not stock and not any(hands) or self.round_limit is not None:
                    if self._ended():
                        return
                if not hand:
                    self._pass_turn((me + 1) % self.players)
            elif self.round_limit is not None:
                self._ended()
            return
        drew = bool(stock)
        self.history.append(
            {"asker": me, "target": target, "card": card, "hit": False, "drew": drew}
        )
        self.records.append((ASKED, me, target, card, False, drew, len(stock) - 1 if drew else 0))
        if drew:  # Q5.2
            self._draw(me)
            if not stock and not any(hands) or self.round_limit is not None:
                if self._ended():
                    return
        elif self.round_limit is not None and self._ended():
            return
        if hands[target]:
            self.turn = target  # Q4.5
        else:
            self._pass_turn(target)

    def _draw(self, seat: int) -> None:
        c = self.stock.pop(0)
        self.hands[seat].append(c)
        q = self._quartet[c]
        qb = self._qbits[q]
        masks = self._held
        before = masks[seat]
        m = masks[seat] = before | self._bit[c]
        wanted = self._wanted[seat]
        if wanted is not None:
            if before & qb:  # a card of a quartet it holds: no longer wanted
                self._not_wanted(seat, c)
            else:  # a new quartet: its other cards are wanted now
                self._wanted[seat] = self._asks[seat] = None
        if m & qb == qb:
            self._lay_down(seat, q)

    def _lay_down(self, seat: int, q: str) -> None:
        """Q4.6: a complete quartet goes face up on the table (the caller found all four
        in the seat's hand)."""
        hand = self.hands[seat]
        members = self._members[q]
        for c in members:
            hand.remove(c)
        self._held[seat] &= ~self._qbits[q]
        # the seat's wanted cards stay as they were: it held all four
        self.laid[seat].append(q)
        self.records.append(
            {"event": "quartet", "seat": seat, "quartet": q, "club": self._info[members[0]]["club"]}
        )

    def _pass_turn(self, start: int) -> None:
        """Q4.5, Q4.7: the first seat from `start` on that holds cards is on turn."""
        hands = self.hands
        n = self.players
        for k in range(n):
            s = (start + k) % n
            if hands[s]:
                if k:
                    self.records.append(
                        {"event": "skip", "seats": [(start + i) % n for i in range(k)]}
                    )
                self.turn = s
                return
        # nobody holds a card: the stack is not empty, or the game would be over
        self.history.append(
            {"asker": start, "target": None, "card": None, "hit": False, "drew": True}
        )
        self.records.append({"event": "restock", "seat": start, "stack": len(self.stock) - 1})
        self._draw(start)
        self.turn = start

    def _ended(self) -> bool:
        """Q4.7: over when every quartet is on the table; also the round limit."""
        if not self.stock and not any(self.hands):
            self._end({"event": "all_quartets"})
            return True
        if self.round_limit is not None and self.asks >= self.round_limit:
            self._end({"event": "ask_limit", "limit": self.round_limit})
            return True
        return False

    # -- The end and scoring ------------------------------------------------

    def _end(self, reason: Reason) -> None:
        self.phase = OVER
        self.is_over = True
        self.reason = reason
        self.records.append((ENDED,))  # its winners are found when the log is read

    def scores(self) -> list[int]:
        """Cards held (Q2.7) or quartets on the table (Q4.8), per seat."""
        if self.mode == QUARTETT:
            return [len(q) for q in self.laid]
        return [len(s) for s in self.stacks]

    def result(self) -> QuartettResult:
        """Scores and winners (Q2.7, Q4.8: equal counts share); no winners before the end.

        Once over, `reason` says why (an event-like dict, see `Reason`)."""
        scores = self.scores()
        if not self.is_over:
            return {"scores": scores, "winners": [], "over": False}
        best = max(scores)
        res: QuartettResult = {
            "scores": scores,
            "winners": [s for s in self._seats if scores[s] == best],
            "over": True,
            "rounds": self.round_no,
            "asks": self.asks,
        }
        if self.reason is not None:
            res["reason"] = _copy_reason(self.reason)
        return res

    # -- views --------------------------------------------------------------

    def card_info(self, card_id: str) -> QuartettCard:
        """The catalog item of a card (Q8), as a fresh dict."""
        return self._info[card_id].copy()

    def public_view(self) -> QuartettView:
        """What a spectator may know: no face-down card (Q2.8)."""
        return self.view(None)

    def view(self, seat: int | None, *, log: bool = True) -> QuartettView:
        """What `seat` may know: the public table plus its own top card (Q2.2) or hand (Q4).

        `None` is the public view; any other value that is not a seat of this table raises
        IllegalAction. The view is fresh data: changing it never changes the game.
        `log=False` leaves the log out (an empty list): for AI players, which never read it,
        since copying a long log is most of the cost of a view.
        """
        check_view_seat(seat, self.players)
        tt = self.mode != QUARTETT
        scores = self.scores()
        seats: list[SeatInfo] = [
            {
                "seat": s,
                "name": self.names[s],
                "cards": len(self.stacks[s]) if tt else len(self.hands[s]),
                "quartets": [] if tt else list(self.laid[s]),
                "score": scores[s],
            }
            for s in self._seats
        ]
        flat = _FLAT_EVENTS
        v: QuartettView = {
            "game": ID,
            "mode": self.mode,
            "seat": seat,
            "players": self.players,
            "names": list(self.names),
            "to_move": self.to_move,
            "phase": self.phase,
            "turn": self.turn,
            "category": self.category,
            "categories": list(MODE_CATEGORIES[self.mode]),
            "seats": seats,
            "middle": len(self.middle),
            "stack": len(self.stock),
            "stechen": list(self.stechen),
            "round": self.round_no,
            "asks": self.asks,
            "round_limit": self.round_limit,
            "last_round": self._last_round_view(),
            "revealed": list(self._revealed_now()),
            "history": [h.copy() for h in self.history],
            "decks": [{"id": k, "name": n, "prefix": p} for k, n, p in self.decks],
            "log": [e.copy() if e["event"] in flat else _copy_event(e) for e in self._built()]
            if log
            else [],
            "is_over": self.is_over,
            "top_card": None,
            "hand": None,
        }
        if seat is not None:
            if tt:
                stack = self.stacks[seat]
                v["top_card"] = self._info[stack[0]].copy() if stack else None
            else:
                rank = self._rank
                v["hand"] = [
                    self._info[c].copy() for c in sorted(self.hands[seat], key=rank.__getitem__)
                ]
        if self.is_over:
            v["result"] = self.result()
        return v

    def _last_round_view(self) -> RoundView | None:
        lr = self._last_round()
        if lr is None:
            return None
        comps: list[ComparisonView] = []
        info = self._info
        for comp in lr["comparisons"]:
            vals = self._values[comp["category"]]
            c: ComparisonView = {
                "category": comp["category"],
                "caller": comp["caller"],
                "stechen": comp["stechen"],
                "plays": [
                    {"seat": s, "card": info[c].copy(), "value": vals[c]}
                    for s, c in zip(comp["seats"], comp["cards"], strict=True)
                ],
                "winner": comp["winner"],
                "tied": list(comp["tied"]),
            }
            if "took" in comp:
                c["took"] = comp["took"]
            if "gain" in comp:
                c["gain"] = comp["gain"]
            comps.append(c)
        return {"round": lr["round"], "comparisons": comps}

    # -- persistence ----------------------------------------------------------

    def to_json(self) -> str:
        """The exact state as JSON, RNG position included."""
        d = {
            "game": ID,
            "version": SAVE_VERSION,
            "players": self.players,
            "mode": self.mode,
            "names": self.names,
            "decks": self.decks,
            "cards": self.cards,
            "rng": self.rng.state,
            "stacks": self.stacks,
            "middle": self.middle,
            "hands": self.hands,
            "stock": self.stock,
            "laid": self.laid,
            "turn": self.turn,
            "phase": self.phase,
            "stechen": self.stechen,
            "category": self.category,
            "round_no": self.round_no,
            "asks": self.asks,
            "round_limit": self.round_limit,
            "last_round": self._last_round(),
            "revealed": self._revealed_now(),
            "history": self.history,
            "log": self._built(),
            "reason": self.reason,
        }
        return json.dumps(d, ensure_ascii=False, sort_keys=True)

    def clone(self) -> QuartettState:
        """An independent copy (the card data, which never changes, is shared; so are the
        logged events, which are never changed once logged)."""
        new = copy.copy(self)
        new.rng = GameRng()
        new.rng.state = self.rng.state
        new.names = list(self.names)
        new.stacks = [list(s) for s in self.stacks]
        new.middle = list(self.middle)
        new.hands = [list(h) for h in self.hands]
        new.stock = list(self.stock)
        new.laid = [list(q) for q in self.laid]
        new.stechen = list(self.stechen)
        new.last_round = copy.deepcopy(self._last_round())
        new._round_notes, new._round_fresh = [], False
        new.revealed = list(self._revealed_now())
        new._revealed = set(self._revealed)
        new._shown = []
        new._forget_wanted()
        new.history = [h.copy() for h in self.history]
        new.events = list(self.events)
        new.records = list(self.records)
        return new

    def reshuffled(self, seat: int | None, rng: random.Random) -> QuartettState:
        """A copy with the cards `seat` cannot see dealt again among their places, each
        keeping its size: every stack and the middle but the seat's own top card (Q2.2),
        or every other hand and the stack (Q4); the test that a view hides them."""
        new = self.clone()
        if self.mode != QUARTETT:
            piles = [*new.stacks, new.middle]
            cut = [1 if i == seat and pile else 0 for i, pile in enumerate(piles)]
        else:
            piles = [*(h for s, h in enumerate(new.hands) if s != seat), new.stock]
            cut = [0] * len(piles)
        cards = [c for pile, k in zip(piles, cut, strict=True) for c in pile[k:]]
        rng.shuffle(cards)
        for pile, k in zip(piles, cut, strict=True):
            n = len(pile) - k
            pile[k:] = cards[:n]
            del cards[:n]
        new._forget_wanted()
        return new


def from_json(text: str) -> QuartettState:
    """Rebuild a state from `to_json()` output."""
    try:
        d = json.loads(text)
        if d.get("game") != ID:
            raise ValueError("not a Quartett game")
        if d.get("mode") not in MODES:
            raise ValueError(f"unknown mode {d.get('mode')!r}")
        if d.get("version") != SAVE_VERSION:
            raise ValueError(
                f"saved in format version {d.get('version')}; this version reads {SAVE_VERSION}"
            )
        rng = GameRng()
        rng.state = d["rng"]
        return QuartettState(
            players=d["players"],
            mode=d["mode"],
            names=d["names"],
            decks=d["decks"],
            cards=d["cards"],
            rng=rng,
            stacks=d["stacks"],
            middle=d["middle"],
            hands=d["hands"],
            stock=d["stock"],
            laid=d["laid"],
            turn=d["turn"],
            phase=d["phase"],
            stechen=d["stechen"],
            category=d["category"],
            round_no=d["round_no"],
            asks=d["asks"],
            round_limit=d["round_limit"],
            last_round=d["last_round"],
            revealed=d["revealed"],
            history=d["history"],
            events=d["log"],
            reason=d["reason"],
        )
    except (KeyError, TypeError, ValueError, AttributeError, IndexError) as exc:
        raise ValueError(f"not a saved Quartett game: {exc}") from None


# ---------------------------------------------------------------------------
# Q8. Set-up: deal and options
# ---------------------------------------------------------------------------

_ONE_DIGIT = 1 << 30  # below this an int is one CPython digit: its arithmetic is quickest
TAIL = 7  # the last swaps of a shuffle, on items 0..6: one of 7! orders, looked up


_Steps = tuple[tuple[int, int, int, list[tuple[int, int]]], ...]


@dataclass(frozen=True, slots=True)
class _ShufflePlan:
    """How `_shuffle` reads a uniform number x below n! for n items: as digits, x mod n
    first, then x // n mod n - 1, …, each digit the place item i (n - 1 first) swaps with.

    The digits come in groups whose product of ranges stays one CPython digit (a division
    of x by the group's product, then small numbers), two digits at a time: the pair's
    value (below m × (m - 1)) looks both places up at once (a lone digit's second swap
    is an item with itself); what is left of x at the end is the value of the last `TAIL`
    digits, whose swaps on items 0..TAIL-1 are looked up."""

    factorial: int
    words: int  # 64-bit outputs drawn for x
    limit: int  # outputs at or over it are drawn again (x % n! stays uniform)
    groups: tuple[tuple[int, _Steps], ...]  # product, (item, item, range, places)s
    tail: int  # the items the last swaps move: 0 .. tail - 1
    orders: tuple[Callable[[list[Any]], tuple[Any, ...]], ...]  # by the tail's value


_SHUFFLE_PLANS: dict[int, _ShufflePlan] = {}
_TAIL_ORDERS: dict[int, tuple[Callable[[list[Any]], tuple[Any, ...]], ...]] = {}
_PAIR_MAX = 4096  # the largest table of a pair of digits; above it one digit at a time
_PLACES: dict[tuple[int, int], list[tuple[int, int]]] = {}  # (range, ranges) -> places


def _places(m: int, pair: bool) -> list[tuple[int, int]]:
    """By the value v of a pair of digits (ranges m and m - 1): the places items m - 1
    and m - 2 swap with, (v % m, v // m); of a lone digit (range m): (v, m - 1)."""
    key = (m, pair)
    table = _PLACES.get(key)
    if table is None:
        if pair:
            table = [(v % m, v // m) for v in range(m * (m - 1))]
        else:
            table = [(v, m - 1) for v in range(m)]
        table = _PLACES[key] = table
    return table


def _shuffle_plan(n: int) -> _ShufflePlan:
    plan = _SHUFFLE_PLANS.get(n)
    if plan is None:
        f = math.factorial(n)
        words = (f.bit_length() + 63) // 64 + 1
        whole = 1 << (64 * words)
        tail = min(n, TAIL)
        groups: list[tuple[int, _Steps]] = []
        m = n
        while m > tail:
            bound, steps = 1, list[tuple[int, int, int, list[tuple[int, int]]]]()
            while m > tail:
                pair = m - 1 > tail and m * (m - 1) <= _PAIR_MAX
                size = m * (m - 1) if pair else m
                if steps and bound * size >= _ONE_DIGIT:
                    break
                bound *= size
                steps.append((m - 1, m - 2 if pair else m - 1, size, _places(m, pair)))
                m -= 2 if pair else 1
            groups.append((bound, tuple(steps)))
        orders = _TAIL_ORDERS.get(tail)
        if orders is None:
            found = []
            for x in range(math.factorial(tail)):
                at = list(range(tail))  # where each item of the tail comes from
                for m in range(tail, 1, -1):
                    j = x % m
                    x //= m
                    at[m - 1], at[j] = at[j], at[m - 1]
                found.append(itemgetter(*at))
            orders = _TAIL_ORDERS[tail] = tuple(found)
        plan = _SHUFFLE_PLANS[n] = _ShufflePlan(
            f, words, whole - whole % f, tuple(groups), tail, orders
        )
    return plan


def _shuffle(rng: GameRng, items: list[Any]) -> None:
    """Shuffle in place with the game's RNG: one uniform number below n! (from a few 64-bit
    outputs) read digit by digit is a Fisher-Yates shuffle (see `_ShufflePlan`); fast for
    a 32-card deck, and every seed deals as it always did."""
    n = len(items)
    if n < 2:
        return
    plan = _SHUFFLE_PLANS.get(n) or _shuffle_plan(n)
    words, limit = plan.words, plan.limit
    state = rng.state
    while True:
        x = 0
        for _w in range(words):  # rng.next64(), inlined: the same outputs and state
            state = z = (state + _GOLDEN) & _MASK
            z = ((z ^ (z >> 30)) * _MIX1) & _MASK
            z = ((z ^ (z >> 27)) * _MIX2) & _MASK
            x = (x << 64) | z ^ (z >> 31)
        if x < limit:  # rejection keeps x % n! uniform
            break
    rng.state = state
    x %= plan.factorial
    for bound, steps in plan.groups:
        x, r = divmod(x, bound)
        for i, h, size, places in steps:  # items i and h swap with one of items 0..i, 0..h
            j, k = places[r % size]
            r //= size
            items[i], items[j] = items[j], items[i]
            items[h], items[k] = items[k], items[h]
    items[: plan.tail] = plan.orders[x](items)  # the last swaps, at once


# ---------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class _Start:
    """What every new game of the same players and options has in common, checked and
    made once (`_start`): the decks, mode, names and round limit, how the deck is cut
    into the seats' piles, the deal's record and the attributes no game changes."""

    setup: _DeckSetup
    mode: str
    players: int
    names: tuple[str, ...]
    limit: int | None  # option round_limit (Q2.7)
    order: tuple[str, ...] | None  # option deal: the deck, top first; None: shuffled
    cut: tuple[slice, ...]  # each seat's cards in the deck: one at a time from P1 (Q8)
    rest: slice  # the cards left over: the middle (Q2.1) or the stack (Q4.1, Q5.1)
    record: tuple[Any, ...]  # the deal's record for the log (see `_events_of`)
    blank: dict[str, Any]  # the attributes of `QuartettState` that no game changes


_STARTS: dict[tuple[Any, ...], _Start] = {}


def _start(players: Any, options: Any) -> _Start:
    """The `_Start` of these players and options: found again for the same values of the
    same types (True is not 1); checked each time when an option names a deck file (read
    again when it changes) or is a list (decks, names, a deal)."""
    if options is None:
        key: tuple[Any, ...] = (players, type(players))
    elif type(options) is dict and "deck" not in options:
        key = (players, type(players), *options.items(), *map(type, options.values()))
    else:
        return _checked_start(players, options)
    try:
        return _STARTS[key]
    except KeyError:
        pass
    except TypeError:  # a list among the options: not a key
        return _checked_start(players, options)
    start = _checked_start(players, options)
    if len(_STARTS) > 256:
        _STARTS.clear()
    _STARTS[key] = start
    return start


def _checked_start(players: Any, options: Any) -> _Start:
    """Check the players and options of a new game (Q2.1, Q4.1, Q8); OptionError says
    what is wrong."""
    o = checked_options("Quartett", options, OPTIONS)
    if (
        isinstance(players, bool)
        or not isinstance(players, int)
        or not (MIN_PLAYERS <= players <= MAX_PLAYERS)
    ):
        raise OptionError(  # Q2.1, Q4.1
            "{game} is for {low} to {high} players",
            "players",
            game="Quartett",
            low=MIN_PLAYERS,
            high=MAX_PLAYERS,
        )
    mode = o.get("mode") or FUSSBALL
    if mode not in MODES:
        raise OptionError("mode must be one of: {modes}", "bad_mode", modes=", ".join(MODES))  # Q8
    setup = _deck_setup(_decks_from_options(o, mode))
    ids = setup.ids
    order = None
    if o.get("deal") is not None:
        deal = o["deal"]
        if (
            not isinstance(deal, list)
            or not all(isinstance(c, str) for c in deal)
            or sorted(deal) != sorted(ids)
        ):
            raise OptionError(  # Q8
                "deal must list each of the {n} card ids of the deck exactly once, top first",
                "bad_deal",
                n=len(ids),
            )
        order = tuple(deal)
    limit = o.get("round_limit")
    if limit is not None and (isinstance(limit, bool) or not isinstance(limit, int) or limit < 1):
        raise OptionError(
            "round_limit must be a whole number of at least 1, or none", "bad_round_limit"
        )
    names = o.get("names") or _NAMES[:players]
    if not isinstance(names, list) or len(names) != players:
        raise OptionError("names must list one name per seat", "bad_names")
    n = len(ids)
    if mode == QUARTETT:
        per = min(TWO_PLAYER_HAND, n // 2) if players == 2 else n // players
    else:
        per = n // players
    if per < 1:
        raise OptionError(
            "the deck holds {n} cards: too few for {players} players",
            "deck_too_small",
            n=n,
            players=players,
        )
    end = per * players
    return _Start(
        setup,
        mode,
        players,
        tuple(map(str, names)),
        limit,
        order,
        tuple(slice(i, end, players) for i in range(players)),
        slice(end, None),
        (DEALT, setup.titles, mode, per, n - end),
        _blank(setup, mode, players, limit),
    )


_BLANKS: dict[tuple[int, str, int, int | None], tuple[_DeckSetup, dict[str, Any]]] = {}


def _blank(setup: _DeckSetup, mode: str, players: int, limit: int | None) -> dict[str, Any]:
    """The attributes of a new game of these decks, mode, players and round limit that no
    game changes (the derived card data, the seats, the first phase), made once by
    `QuartettState` itself; `new_game` adds each game's own piles, lists and RNG."""
    key = (id(setup), mode, players, limit)
    hit = _BLANKS.get(key)
    if hit is not None and hit[0] is setup:
        return hit[1]
    if len(_BLANKS) > 256:
        _BLANKS.clear()
    proto = QuartettState(
        players=players,
        mode=mode,
        names=[],
        decks=[],
        cards=setup.rows,
        rng=GameRng(),
        phase=ASK if mode == QUARTETT else CALL,
        round_limit=limit,
    )
    blank = {k: v for k, v in vars(proto).items() if k not in _OWN}
    _BLANKS[key] = (setup, blank)
    return blank


# by players: that many new empty lists (written out: quicker than a comprehension)
_EMPTY_PILES: tuple[Callable[[], list[list[str]]], ...] = (
    lambda: [],
    lambda: [[]],
    lambda: [[], []],
    lambda: [[], [], []],
    lambda: [[], [], [], []],
    lambda: [[], [], [], [], []],
    lambda: [[], [], [], [], [], []],
)
assert len(_EMPTY_PILES) == MAX_PLAYERS + 1

# the attributes each game has of its own (lists changed in play, the RNG), set by new_game
_OWN = frozenset(
    {
        "names", "decks", "rng", "stacks", "middle", "hands", "stock", "laid", "records",
        "stechen", "revealed", "history", "events", "_revealed", "_shown", "_round_notes",
        "_wanted", "_asks", "_held",
    }
)  # fmt: skip


def new_game(
    players: int = 2, seed: int | None = None, options: dict[str, Any] | None = None
) -> QuartettState:
    """Deal a new game (Q2.1, Q4.1, Q5.1, Q8).

    Options: mode, deck, decks, deal, round_limit, names.
    """
    start = _start(players, options)
    if seed is None:
        seed = random.SystemRandom().getrandbits(63)
    rng = GameRng(seed)
    if start.order is None:
        order = list(start.setup.ids)
        _shuffle(rng, order)  # Q2.1
    else:
        order = list(start.order)
    dealt = list(map(order.__getitem__, start.cut))  # one at a time from P1 (Q8)
    rest = order[start.rest]
    ask = start.mode == QUARTETT
    state = QuartettState.__new__(QuartettState)
    vars(state).update(start.blank)  # the card data and the seats: shared
    # then what every game has of its own, as `QuartettState(...)` sets it
    state.names = list(start.names)
    state.decks = [list(e) for e in start.setup.entries]
    state.rng = rng
    none = _EMPTY_PILES[players]()  # the piles this game does not use
    state.stacks = none if ask else dealt  # Q2.2: the first card dealt is the top
    state.middle = [] if ask else rest  # Q2.1
    state.hands = dealt if ask else none
    state.stock = rest if ask else []  # Q4.1, Q5.1
    state.laid = _EMPTY_PILES[players]()
    state.records = [start.record]
    state.stechen, state.revealed, state.history, state.events = [], [], [], []
    state._revealed, state._shown, state._round_notes = set(), [], []
    state._wanted = [None] * players
    state._asks = [None] * players
    if not ask:
        state._held = [0] * players
    else:
        bit, fours = state._bit, _card_table(state.cards).fours
        state._held = [sum(map(bit.__getitem__, hand)) for hand in dealt]  # four bits a quartet
        for s, (hand, m) in enumerate(zip(dealt, state._held, strict=True)):
            if m & m >> 1 & m >> 2 & m >> 3 & fours:  # a whole quartet was dealt
                quartets = list(map(state._quartet.__getitem__, hand))
                for q in dict.fromkeys(quartets):  # in the order first dealt
                    if quartets.count(q) == 4:
                        state._lay_down(s, q)  # Q4.6 (house ruling: right after the deal)
        if not state._ended() and not state.hands[0]:
            state._pass_turn(0)
    return state


def catalog(options: dict[str, Any] | None = None) -> list[QuartettCard]:
    """One item per card of the game's deck(s), with the keys of Q8."""
    o = options or {}
    decks = _decks_from_options(o, o.get("mode") or FUSSBALL)
    return [_info_of(row) for row in _card_rows(decks)]


# ---------------------------------------------------------------------------
# Undo against the AI: which events no undo may cross
# ---------------------------------------------------------------------------


def undo_barrier(event: QuartettEvent) -> str | None:
    """The kind of barrier an event is for undo ("reveal", "draw", "answer", "chance").

    Almost every Quartett move shows hidden cards: a call turns the top cards over (Q2),
    an ask hands a card over in public, draws from the stack, or (a miss with an empty
    stack) tells that a hand lacks the card. So in practice Quartett offers no undo.
    """
    kind = event["event"]
    if kind in ("deal", "restock"):
        return "chance" if kind == "deal" else "draw"
    if kind in ("call", "quartet"):
        return "reveal"
    if kind == "ask":
        if event.get("hit"):
            return "reveal"
        return "draw" if event.get("drew") else "answer"
    return None


from .quartett_determinize import determinize as determinize  # noqa: E402  (the hook)
