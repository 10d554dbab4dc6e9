"""Provides the engine of Sadikov's Football, a two-deck patience duel (rules/sadikov.md, F1–F8).

Read top to bottom: the cards (F1, F8), the shapes of views and events, notation (F7),
the state with a move (F3), what a placed card does (F4), penalty cards (F5), half time
(F2.4) and the end with its shoot-out (F6), views, the JSON round trip and set-up with
fixed deals (F8).

Columns are numbered 1–5 in notation, events and views; each column is kept bottom
first, so its last card is the takeable top. The engine emits data, never words:
`state.log` holds event dicts (`SadikovEvent`) and an `IllegalAction` carries a code,
an English template and its parameters.
"""

from __future__ import annotations

import itertools
import json
import random
from collections import Counter
from dataclasses import dataclass, field
from typing import Any, NotRequired, Required, TypedDict

from .contract import EventLog
from .errors import (
    N_,
    IllegalAction,
    OptionError,
    check_view_seat,
    checked_options,
    not_an_action,
    shown,
    shown_word,
)
from .rng import GameRng

ID = "sadikov"
MIN_PLAYERS = 2
MAX_PLAYERS = 2
OPTIONS = ("deal", "deal2", "keeper", "shootout", "letters", "names")  # new_game's options

SAVE_VERSION = 1

# ---------------------------------------------------------------------------
# F1, F8. The cards
# ---------------------------------------------------------------------------

SUITS = ("S", "H", "D", "C")  # F8: ♠ ♥ ♦ ♣
MAIN_RANKS = ("6", "7", "8", "9", "10", "J", "Q", "K", "A")  # F1.1
KEEPER_RANKS = ("2", "3", "4", "5")  # F1.2
JOKER = "JOKER"
RANK_ORDER = ("2", "3", "4", "5", *MAIN_RANKS, JOKER)  # F1.3: low to high
_RANK_VALUE = {r: i + 2 for i, r in enumerate(RANK_ORDER)}

MAIN_IDS = tuple(f"{r}{s}" for s in SUITS for r in MAIN_RANKS)  # each twice in the game
KEEPER_IDS = (*(f"{r}{s}" for s in SUITS for r in KEEPER_RANKS), JOKER)  # JOKER twice
MAIN_DECK = tuple(sorted(MAIN_IDS * 2))  # the 72 main cards (F1.1)
KEEPER_DECK = tuple(sorted((*KEEPER_IDS, JOKER)))  # the 18 keeper cards (F1.2)

COLUMNS = 5  # F2.2
COLUMN_DEPTH = 9
DEALT = COLUMNS * COLUMN_DEPTH  # 45; the other 27 are the reserve
FACE_UP = 3  # F2.3: the top 3 cards of a column lie face up
MAX_ADDED = 10  # F4.7
SHOOTOUT_KICKS = 5  # F6.2
LETTERS = ("en", "uk")  # F1.3: J Q K A or В Д К Т; only views echo it, no rule changes

LONG, FREE, CORNER, SHOT, KICK = "long", "free", "corner", "shot", "kick"  # kinds of shot


# Per-card lookups for the hot path (a move is resolved millions of times in simulations)
_ALL_IDS = (*(f"{r}{s}" for s in SUITS for r in (*KEEPER_RANKS, *MAIN_RANKS)), JOKER)
_RANK = {c: (JOKER if c == JOKER else c[:-1]) for c in _ALL_IDS}
_SUIT = {c: (None if c == JOKER else c[-1]) for c in _ALL_IDS}
_VALUE = {c: _RANK_VALUE[_RANK[c]] for c in _ALL_IDS}
_MAIN_SUIT = {c: c[-1] for c in MAIN_IDS}  # main cards always have a suit
# F4.5: the card an attack needs below a main card (same suit, one rank lower); "" for a 6
_BELOW_ATTACK = {
    c: (MAIN_RANKS[MAIN_RANKS.index(_RANK[c]) - 1] + c[-1] if _RANK[c] != "6" else "")
    for c in MAIN_IDS
}


def rank_of(card: str) -> str:
    """The rank of a card id: `10S` -> `10`, `JOKER` -> `JOKER`."""
    return JOKER if card == JOKER else card[:-1]


def suit_of(card: str) -> str | None:
    """The suit letter of a card id (`S`, `H`, `D`, `C`); None for the joker."""
    return None if card == JOKER else card[-1]


def rank_value(card: str) -> int:
    """F1.3: 2 < 3 < … < 10 < J < Q < K < A < Joker, as 2 … 15."""
    return _RANK_VALUE[rank_of(card)]


# ---------------------------------------------------------------------------
# The shapes of views and events (all plain JSON data)
# ---------------------------------------------------------------------------


class CatalogItem(TypedDict):
    """F8: one distinct card id of the game."""

    id: str
    rank: str
    suit: str | None
    pile: str  # main | keeper
    copies: int


class ColumnCard(TypedDict):
    """A card of a column as a view shows it: its id only when face up."""

    id: str | None
    up: bool


class ColumnView(TypedDict):
    """One column (F2.2), bottom first; `closed` is for the seat to move (F3.3)."""

    column: int
    cards: list[ColumnCard]
    size: int
    closed: bool


class PileCard(TypedDict):
    """A card of an aktiv pile; `attack` if it was an attack when placed (F4.5)."""

    id: str
    attack: bool


class SeatInfo(TypedDict):
    """One player as everyone sees them: aktiv, penalty cards, removed suits, closed columns."""

    seat: int
    name: str
    goals: int
    aktiv: dict[str, list[PileCard]]
    penalties: dict[str, int]
    removed: list[str]
    closed: list[int]


class SadikovResult(TypedDict):
    """`result()`: goals per seat, winners; `shootout` goals when one was played (F6.2)."""

    scores: list[int]
    winners: list[int]
    over: bool
    shootout: NotRequired[list[int]]


class SadikovEvent(TypedDict, total=False):
    """One entry of `state.log`: an event kind and its arguments, never words.

    Kinds and their fields (seats 0-based, columns 1-5): `half` half, seat (who starts) ·
    `take` seat, column, card, revealed (the card turned face up in that column, or
    None) and, only when true, attack, void (a removed suit: it does nothing) and extra
    (earns an extra move) · `shot` seat (shooter), kind (long, free, corner, shot, kick),
    suit, card, keeper (keeper cards allowed) and for a long shot cards · `keeper` seat
    (defender), card, save · `reshuffle` count (the keeper discard became the keeper deck) ·
    `goal` seat, kind, suit, goals (the match score) or, for a kick, shootout (the shoot-out
    score) · `save` seat (defender), kind, suit, card · `penalty` seat (penalised), suit,
    count (cards given), total · `removed` seat, suit, cards (the pile discarded) ·
    `discard` seat, cards, why (long or shot) · `add` column, count (added this half), card
    (None when it lies face down) · `half_time` half, goals · `shootout` (a shoot-out
    begins) · `end` goals, winners, shootout (when played).
    """

    event: Required[str]
    seat: int
    half: int
    column: int
    card: str | None
    cards: list[str]
    suit: str | None
    attack: bool
    void: bool
    extra: bool
    revealed: str | None
    kind: str
    keeper: int
    save: bool
    goals: list[int]
    shootout: list[int]
    total: int
    why: str
    count: int
    winners: list[int]


class SadikovView(TypedDict):
    """`view(seat)`: what one seat (or, for None, a spectator) may know.

    Both aktivs are face up; only column cards below the top three, the reserve and the
    keeper deck are hidden (counts only).
    """

    game: str
    seat: int | None
    players: int
    names: list[str]
    letters: str  # F1.3: how front ends letter J Q K A ("en") or В Д К Т ("uk")
    shootout_option: bool  # F6.2: whether a shoot-out decides a draw (the game's option)
    to_move: int | None
    half: int
    turn: int
    extra: bool
    columns: list[ColumnView]
    reserve: int
    added: int
    keeper_deck: int
    keeper_discard: list[str]
    discard: list[str]
    seats: list[SeatInfo]
    scores: list[int]
    shootout: list[int] | None
    log: list[SadikovEvent]
    is_over: bool
    result: NotRequired[SadikovResult]


# ---------------------------------------------------------------------------
# F7. Actions and their notation
# ---------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Action:
    """One Sadikov action: take the top card of a column (1–5); `str()` is its notation."""

    kind: str  # take
    column: int = 0

    def __str__(self) -> str:
        return f"take {self.column}" if self.kind == "take" else self.kind


TAKES = {c: Action("take", c) for c in range(1, COLUMNS + 1)}
_TAKE_PAIRS = tuple(TAKES.items())
_OTHER_SUITS = {s: tuple(o for o in SUITS if o != s) for s in SUITS}
_COLUMN_NUMBERS = tuple(TAKES)


def _open_when_full() -> dict[tuple[int, ...], list[Action]]:
    """F3.3 while every column holds cards: the takes left open by each run of closed
    columns (last turn's, then this turn's), every take when all five are closed."""
    table = {}
    for n in range(COLUMNS + 1):
        for closed in itertools.permutations(_COLUMN_NUMBERS, n):
            table[closed] = [a for c, a in _TAKE_PAIRS if c not in closed] or list(TAKES.values())
    return table


_OPEN_WHEN_FULL = _open_when_full()  # legal_actions' fast path: one lookup per move


def parse(text: str) -> Action:
    """Parse one line of F7 notation (`take 3`) into an Action; IllegalAction on bad text."""
    if not isinstance(text, str):
        raise IllegalAction("not a move: {text}", "not_an_action", text=shown(text))
    words = text.strip().split()
    if not words:
        raise IllegalAction("empty move; try 'take 3'", "empty_move")
    verb, args = words[0].lower(), words[1:]
    if verb != "take":
        raise IllegalAction(
            "unknown move '{verb}'; the move is take", "unknown_move", verb=words[0]
        )
    if len(args) != 1:
        raise IllegalAction("usage: {usage}", "usage", usage="take 3")
    word = args[0]
    # a short word first: int() refuses over 4,300 digits with a plain ValueError
    if not (word.isascii() and word.isdigit() and len(word) <= 2 and int(word) in TAKES):
        raise IllegalAction(
            "'{word}' is not a column; columns are 1 to {last}", "bad_column", word=word, last=5
        )
    return TAKES[int(word)]


# ---------------------------------------------------------------------------
# The state
# ---------------------------------------------------------------------------


Pile = list[tuple[str, bool]]  # an aktiv pile: (card, attack) pairs, bottom first


def _empty_aktiv() -> dict[str, Pile]:
    return {s: [] for s in SUITS}


@dataclass(slots=True, eq=False)
class SadikovState:
    """The whole game; only `view()`/`public_view()` are meant for players' eyes.

    States compare by identity; compare `to_json()` for equal positions.

    An aktiv pile holds `(card, attack)` pairs, bottom first (F3.2, F4.5).
    """

    names: list[str]
    rng: GameRng
    deal2: list[str] | None = None  # F8: the second half's fixed deal, if given
    shootout_option: bool = False  # F6.2
    letters: str = "en"  # F1.3: echoed in views for front ends
    half: int = 1
    turn: int = 0
    extra: bool = False  # F3.4: the player on turn is making an extra move
    columns: list[list[str]] = field(default_factory=list)  # bottom first
    reserve: list[str] = field(default_factory=list)  # top first (F4.7)
    added: int = 0  # F4.7: cards added this half
    keeper: list[str] = field(default_factory=list)  # the keeper deck, top first (F1.2)
    keeper_discard: list[str] = field(default_factory=list)  # face up (F4.6)
    discard: list[str] = field(default_factory=list)  # main cards out of play this half
    aktiv: list[dict[str, Pile]] = field(default_factory=list)
    penalties: list[dict[str, int]] = field(default_factory=list)  # F5
    removed: list[list[str]] = field(default_factory=list)  # F5.2
    previous: list[list[int]] = field(default_factory=list)  # F3.3: columns of the last turn
    this_turn: list[list[int]] = field(default_factory=list)  # F3.3: columns this turn
    goals: list[int] = field(default_factory=lambda: [0, 0])
    shootout: list[int] | None = None  # F6.2: shoot-out goals, once played
    is_over: bool = False  # a plain field: simulations ask it after every move
    events: list[SadikovEvent] = field(default_factory=list)  # the log, as far as built
    records: list[SadikovEvent | tuple[Any, ...]] = field(default_factory=list)  # not yet

    @property
    def log(self) -> EventLog[SadikovEvent]:
        """The public events since the start (`SadikovEvent` dicts), oldest first; read-only
        (each event read is a copy: nothing done to it changes the game or its save).

        A move notes its frequent events as plain tuples in `records` (see `_EVENT_FIELDS`)
        and they become dicts here, when the log is read: simulations that never read it
        do not pay for building them.
        """
        return EventLog(self._built())

    def _built(self) -> list[SadikovEvent]:
        """The engine's own list of events, with the records noted so far built."""
        if self.records:
            self.events.extend(map(_event_of, self.records))
            self.records.clear()
        return self.events

    players = 2

    # -- the contract -------------------------------------------------------

    @property
    def to_move(self) -> int | None:
        """The seat that must decide now; None once the game is over."""
        return None if self.is_over else self.turn

    def closed_columns(self, seat: int) -> list[int]:
        """F3.3: the columns (1–5) closed to `seat`: those of its previous turn and this one."""
        return sorted(set(self.previous[seat]) | set(self.this_turn[seat]))

    def _open_columns(self, seat: int) -> list[int]:
        """F3.3: the non-empty columns open to `seat`; all non-empty ones if none is open."""
        cols = self.columns
        prev, cur = self.previous[seat], self.this_turn[seat]
        open_ = [c for c in _COLUMN_NUMBERS if cols[c - 1] and c not in prev and c not in cur]
        return open_ or [c for c in _COLUMN_NUMBERS if cols[c - 1]]

    def legal_actions(self) -> list[Action]:
        """Every action the seat `to_move` may take now (F3.1, F3.3)."""
        if self.is_over:
            return []
        cols = self.columns
        me = self.turn
        if cols[0] and cols[1] and cols[2] and cols[3] and cols[4]:
            open_ = _OPEN_WHEN_FULL.get((*self.previous[me], *self.this_turn[me]))
            if open_ is not None:  # None: a column repeats (taken under the F3.3 exception)
                return open_.copy()
        closed = self.previous[me] + self.this_turn[me]
        legal = [a for c, a in _TAKE_PAIRS if c not in closed and cols[c - 1]]
        return legal or [a for c, a in _TAKE_PAIRS if cols[c - 1]]

    def apply(self, action: Action | str) -> None:
        """Play an action (or its notation); IllegalAction leaves the state unchanged.

        F3.1: take the top card of the column; F3.2, F4: place it and resolve what it
        does. The usual move (a card that starts nothing) is resolved here; a long shot,
        free kick, corner or shot goes on to `_resolve`.
        """
        if type(action) is not Action:
            if not isinstance(action, str):
                raise not_an_action("Sadikov", action)
            action = parse(action)
        c = action.column
        me = self.turn
        if not (  # the usual legal move passes these at once; anything else is examined
            not self.is_over
            and action.kind == "take"
            and type(c) is int
            and 1 <= c <= COLUMNS
            and self.columns[c - 1]
            and c not in self.previous[me]
            and c not in self.this_turn[me]
        ):
            self._check(action)
        col = self.columns[c - 1]
        card = col.pop()
        self.this_turn[me].append(c)  # F3.3
        suit = _MAIN_SUIT[card]
        revealed = col[-FACE_UP] if len(col) >= FACE_UP else None  # F2.3: turned face up
        records = self.records
        scored = attack = False
        if suit in self.removed[me]:  # F5.2: the card does nothing
            records.append((TAKE, me, c, card, revealed, "void"))
            self.discard.append(card)
        else:
            at = len(records)
            records.append((TAKE, me, c, card, revealed))
            aktiv = self.aktiv[me]
            pile = aktiv[suit]
            below = pile[-1][0] if pile else None
            attack = below == _BELOW_ATTACK[card]  # F4.5
            pile.append((card, attack))
            # F4: every test on the aktiv with the new card in place, before any discard
            rank = _RANK[card]
            o1, o2, o3 = _OTHER_SUITS[suit]
            long_shot = bool(aktiv[o1] and aktiv[o2] and aktiv[o3])
            if long_shot:  # F4.1: the rank in every other suit's pile
                for s in (o1, o2, o3):
                    for entry in aktiv[s]:
                        if _RANK[entry[0]] == rank:
                            break
                    else:
                        long_shot = False
                        break
            free = below == card  # F4.2: same rank and same suit
            n = len(pile)
            corner = n == 3 and _RANK[pile[0][0]] == rank  # F4.3
            if long_shot or free or corner or n == 4:
                scored = self._resolve(me, card, suit, long_shot, free, corner)
            if attack:  # F4.5, F4.8: an attack that does not score earns an extra move,
                # F2.4: unless this move ends the half (the extra move is lost)
                earned = not scored and any(self.columns)
                flags = ("attack", "extra") if earned else ("attack",)
                records[at] = (TAKE, me, c, card, revealed, *flags)
        # F3.4, F4.8, F2.4: the next move, or half time, or the end
        if not col and not any(self.columns):  # F2.4: checked once the move is resolved
            self._half_over()
        elif attack and not scored:  # F3.4: one extra move, used by the very next move
            self.extra = True
        else:
            self.extra = False
            self.previous[me] = self.this_turn[me]  # F3.3
            self.this_turn[me] = []
            self.turn = 1 - me

    def _check(self, a: Action) -> None:
        """Raise IllegalAction unless `a` may be played now; never changes the state."""
        if self.is_over:
            raise IllegalAction("the game is over", "game_over")
        if a.kind != "take":
            raise IllegalAction(
                "unknown action '{kind}'", "unknown_action", kind=shown_word(a.kind)
            )
        c = a.column
        if type(c) is not int or c not in TAKES:
            raise IllegalAction(
                "'{word}' is not a column; columns are 1 to {last}",
                "bad_column",
                word=shown_word(c),
                last=COLUMNS,
            )
        if not self.columns[c - 1]:
            raise IllegalAction("column {column} is empty", "column_empty", column=c)
        if c not in self._open_columns(self.turn):  # F3.3
            raise IllegalAction(
                "column {column} is closed to you: you took from it this turn or last turn",
                "column_closed",
                column=c,
            )

    # -- F3, F4. A move -------------------------------------------------------

    def _resolve(
        self, me: int, card: str, suit: str, long_shot: bool, free: bool, corner: bool
    ) -> bool:
        """F4.1–F4.4 in order for the card just placed on `suit`'s pile; whether it scored."""
        pile = self.aktiv[me][suit]
        rank = _RANK[card]
        shot = len(pile) == 4  # F4.4
        long_cards: list[tuple[str, int]] | None = None  # (suit, index) of the four cards
        if long_shot:
            long_cards = [(suit, len(pile) - 1)]
            for s in _OTHER_SUITS[suit]:
                other = self.aktiv[me][s]
                i = len(other) - 1
                while _RANK[other[i][0]] != rank:  # [decision] the topmost copy of the rank
                    i -= 1
                long_cards.append((s, i))
        scored = False
        if long_cards is not None:  # F4.1: cannot be saved
            cards = [self.aktiv[me][s][i][0] for s, i in long_cards]
            self.records.append((SHOT_EVENT, me, LONG, suit, card, 0, cards))
            self._goal(me, LONG, suit)
            scored = True
        if free:  # F4.2, F5.1
            goal = self._shot(me, FREE, suit, card, 2)
            scored = scored or goal
            self._penalise(1 - me, suit, 2 if goal else 1)
        if corner:  # F4.3
            scored = self._shot(me, CORNER, suit, card, 3) or scored
        if shot:  # F4.4
            attacks = [a for _cid, a in pile].count(True)
            scored = self._shot(me, SHOT, suit, card, max(1, 4 - attacks)) or scored
        if long_cards is not None:  # F4.1: the four cards leave the piles
            gone = []
            for s, i in sorted(long_cards, key=lambda x: -x[1]):
                gone.append(self.aktiv[me][s].pop(i)[0])
            self.discard.extend(gone)
            self.records.append((DISCARD, me, gone, LONG))
        if shot and pile:  # F4.4: the pile that shot is discarded, goal or not
            gone = [cid for cid, _a in pile]
            pile.clear()
            self.discard.extend(gone)
            self.records.append((DISCARD, me, gone, SHOT))
        return scored

    def _shot(self, shooter: int, kind: str, suit: str, card: str, n: int) -> bool:
        """F4.6: the defender turns up to `n` keeper cards; a save adds a card (F4.7)."""
        records = self.records
        records.append((SHOT_EVENT, shooter, kind, suit, card, n))
        saver = self._keeper_save(1 - shooter, suit, n)
        if saver is None:
            self._goal(shooter, kind, suit)
            return True
        records.append((SAVE, 1 - shooter, kind, suit, saver))
        if self.added < MAX_ADDED:  # F4.7 [decision]: the ball stays in play
            self._add_card()
        return False

    def _keeper_save(self, defender: int, suit: str, n: int) -> str | None:
        """F4.6: turn keeper cards one by one; the first of the suit, or a joker, saves."""
        keeper, records = self.keeper, self.records
        for _ in range(n):
            if not keeper:  # [decision] the discard becomes a new keeper deck
                keeper = self.keeper = self.keeper_discard
                self.keeper_discard = []
                self.rng.shuffle_batched(keeper)
                records.append((RESHUFFLE, len(keeper)))
            k = keeper.pop(0)
            self.keeper_discard.append(k)
            save = k == JOKER or _SUIT[k] == suit
            records.append((KEEPER, defender, k, save))
            if save:
                return k
        return None

    def _goal(self, seat: int, kind: str, suit: str) -> None:
        self.goals[seat] += 1
        self.records.append(
            {"event": "goal", "seat": seat, "kind": kind, "suit": suit, "goals": list(self.goals)}
        )

    def _penalise(self, seat: int, suit: str, n: int) -> None:
        """F5.1, F5.2: penalty cards; at 4 the suit is removed and its pile discarded."""
        had = self.penalties[seat][suit]
        total = self.penalties[seat][suit] = had + n
        self.records.append(
            {"event": "penalty", "seat": seat, "suit": suit, "count": n, "total": total}
        )
        if total >= 4 and suit not in self.removed[seat]:
            self.removed[seat].append(suit)
            pile = self.aktiv[seat][suit]
            gone = [cid for cid, _a in pile]
            pile.clear()
            self.discard.extend(gone)
            self.records.append({"event": "removed", "seat": seat, "suit": suit, "cards": gone})

    def _add_card(self) -> None:
        """F4.7: the reserve's top card to the bottom of column 1 (odd) or 2 (even)."""
        if self.added >= MAX_ADDED:
            return
        self.added += 1
        c = 1 if self.added % 2 else 2
        card = self.reserve.pop(0)
        col = self.columns[c - 1]
        col.insert(0, card)
        up = len(col) <= FACE_UP
        self.records.append((ADD, c, self.added, card if up else None))

    # -- F2.4, F6. Half time and the end -----------------------------------------

    def _half_over(self) -> None:
        if self.half == 1:
            self.records.append({"event": "half_time", "half": 1, "goals": list(self.goals)})
            order = list(self.deal2) if self.deal2 is not None else _shuffled(self.rng, MAIN_DECK)
            self._deal_half(2, order)
            return
        self.is_over = True
        self.extra = False
        if self.goals[0] == self.goals[1] and self.shootout_option:
            self._shootout()
        res = self.result()
        end: SadikovEvent = {"event": "end", "goals": list(self.goals), "winners": res["winners"]}
        if self.shootout is not None:
            end["shootout"] = list(self.shootout)
        self.records.append(end)

    def _deal_half(self, half: int, order: list[str]) -> None:
        """F2.2, F2.4: deal 5 columns of 9 and the reserve; reset what a half resets."""
        self.half = half
        self.columns = [order[i * COLUMN_DEPTH : (i + 1) * COLUMN_DEPTH] for i in range(COLUMNS)]
        self.reserve = order[DEALT:]
        self.added = 0
        self.discard = []
        self.aktiv = [_empty_aktiv(), _empty_aktiv()]
        self.penalties = [dict.fromkeys(SUITS, 0), dict.fromkeys(SUITS, 0)]
        self.removed = [[], []]
        self.previous = [[], []]
        self.this_turn = [[], []]
        self.extra = False
        self.turn = half - 1  # P1 starts the first half, P2 the second
        self.records.append({"event": "half", "half": half, "seat": self.turn})

    def _shootout(self) -> None:
        """F6.2: five kicks each from P1, stopping when decided; then one kick each."""
        self.records.append({"event": "shootout"})
        score = [0, 0]
        kicks = [0, 0]
        self.shootout = score

        def kick(seat: int) -> None:
            card = self.reserve.pop(0)
            self.reserve.append(card)  # the kick's card goes to the bottom of the reserve
            suit = suit_of(card)
            assert suit is not None
            kicks[seat] += 1
            self.records.append(
                {
                    "event": "shot",
                    "seat": seat,
                    "kind": KICK,
                    "suit": suit,
                    "card": card,
                    "keeper": 1,
                }
            )
            saver = self._keeper_save(1 - seat, suit, 1)
            if saver is None:
                score[seat] += 1
                self.records.append(
                    {
                        "event": "goal",
                        "seat": seat,
                        "kind": KICK,
                        "suit": suit,
                        "shootout": list(score),
                    }
                )
            else:
                self.records.append(
                    {"event": "save", "seat": 1 - seat, "kind": KICK, "suit": suit, "card": saver}
                )

        def decided() -> bool:
            left = [SHOOTOUT_KICKS - kicks[0], SHOOTOUT_KICKS - kicks[1]]
            return score[0] + left[0] < score[1] or score[1] + left[1] < score[0]

        for _round in range(SHOOTOUT_KICKS):
            kick(0)
            if decided():
                return
            kick(1)
            if decided():
                return
        while score[0] == score[1]:
            kick(0)
            kick(1)

    def scores(self) -> list[int]:
        """Goals per seat (F1.4); shoot-out goals are not counted (F6.2)."""
        return list(self.goals)

    def result(self) -> SadikovResult:
        """F6.1, F6.2: more goals wins; a draw is `[0, 1]` unless a shoot-out decided it."""
        scores = self.scores()
        if not self.is_over:
            return {"scores": scores, "winners": [], "over": False}
        res: SadikovResult = {"scores": scores, "winners": [], "over": True}
        if self.shootout is not None:
            res["shootout"] = list(self.shootout)
            res["winners"] = [0 if self.shootout[0] > self.shootout[1] else 1]
        elif scores[0] == scores[1]:
            res["winners"] = [0, 1]
        else:
            res["winners"] = [0 if scores[0] > scores[1] else 1]
        return res

    # -- views --------------------------------------------------------------

    def public_view(self) -> SadikovView:
        """What a spectator may know."""
        return self.view(None)

    def review_view(self) -> SadikovView:
        """Every column card face up, for post-game review (replays); never for a player.

        The public view otherwise: the reserve and the keeper deck stay counts.
        """
        view = self.view(None)
        for col, shown_col in zip(self.columns, view["columns"], strict=True):
            shown_col["cards"] = [{"id": cid, "up": True} for cid in col]
        return view

    def view(self, seat: int | None, *, log: bool = True) -> SadikovView:
        """What `seat` may know; every seat knows the same (both aktivs lie face up).

        `None` is the public view; any other value that is not a seat raises IllegalAction.
        The view is fresh data. `log=False` leaves the log out (an empty list).
        """
        check_view_seat(seat, self.players)
        # F3.3: a column is shown closed only while the seat to move may not take from it
        closed = set() if self.is_over else set(self.closed_columns(self.turn))
        closed -= set(self._open_columns(self.turn))
        columns: list[ColumnView] = []
        for i, col in enumerate(self.columns):
            n = len(col)
            columns.append(
                {
                    "column": i + 1,
                    "cards": [
                        {"id": cid, "up": True} if k >= n - FACE_UP else {"id": None, "up": False}
                        for k, cid in enumerate(col)
                    ],
                    "size": n,
                    "closed": (i + 1) in closed,
                }
            )
        seats: list[SeatInfo] = [
            {
                "seat": s,
                "name": self.names[s],
                "goals": self.goals[s],
                "aktiv": {
                    suit: [{"id": cid, "attack": a} for cid, a in self.aktiv[s][suit]]
                    for suit in SUITS
                },
                "penalties": dict(self.penalties[s]),
                "removed": list(self.removed[s]),
                "closed": self.closed_columns(s),
            }
            for s in range(self.players)
        ]
        v: SadikovView = {
            "game": ID,
            "seat": seat,
            "players": self.players,
            "names": list(self.names),
            "letters": self.letters,
            "shootout_option": self.shootout_option,
            "to_move": self.to_move,
            "half": self.half,
            "turn": self.turn,
            "extra": self.extra,
            "columns": columns,
            "reserve": len(self.reserve),
            "added": self.added,
            "keeper_deck": len(self.keeper),
            "keeper_discard": list(self.keeper_discard),
            "discard": list(self.discard),
            "seats": seats,
            "scores": self.scores(),
            "shootout": list(self.shootout) if self.shootout is not None else None,
            "log": [_copy_event(e) for e in self._built()] if log else [],
            "is_over": self.is_over,
        }
        if self.is_over:
            v["result"] = self.result()
        return v

    # -- persistence ----------------------------------------------------------

    def to_json(self) -> str:
        """The exact state as JSON, RNG position included."""
        d = {
            "game": ID,
            "version": SAVE_VERSION,
            "names": self.names,
            "rng": self.rng.state,
            "deal2": self.deal2,
            "shootout_option": self.shootout_option,
            "letters": self.letters,
            "half": self.half,
            "turn": self.turn,
            "extra": self.extra,
            "columns": self.columns,
            "reserve": self.reserve,
            "added": self.added,
            "keeper": self.keeper,
            "keeper_discard": self.keeper_discard,
            "discard": self.discard,
            "aktiv": self.aktiv,
            "penalties": self.penalties,
            "removed": self.removed,
            "previous": self.previous,
            "this_turn": self.this_turn,
            "goals": self.goals,
            "shootout": self.shootout,
            "over": self.is_over,
            "log": self._built(),
        }
        return json.dumps(d, ensure_ascii=False, sort_keys=True)

    def clone(self) -> SadikovState:
        """An independent copy."""
        return from_json(self.to_json())

    def reshuffled(self, seat: int | None, rng: random.Random) -> SadikovState:
        """A copy with the cards nobody sees dealt again among their places (every seat
        sees the same): the face-down column cards and the reserve (F2.2, F4.7), and the
        keeper deck (F1.2); the test that a view hides them."""
        new = self.clone()
        places = [(col, k) for col in new.columns for k in range(max(0, len(col) - FACE_UP))]
        main = [col[k] for col, k in places] + new.reserve
        rng.shuffle(main)
        for (col, k), card in zip(places, main, strict=False):
            col[k] = card
        new.reserve = main[len(places) :]
        rng.shuffle(new.keeper)
        return new


# The frequent events as `records` notes them: (kind, *values), the values in this order.
# A take's note ends with the names of its flags that are true (void, attack, extra).
TAKE, SHOT_EVENT, KEEPER, SAVE, DISCARD, ADD, RESHUFFLE = (
    "take", "shot", "keeper", "save", "discard", "add", "reshuffle"
)  # fmt: skip
_EVENT_FIELDS: dict[str, tuple[str, ...]] = {
    TAKE: ("seat", "column", "card", "revealed"),
    SHOT_EVENT: ("seat", "kind", "suit", "card", "keeper", "cards"),  # cards: long shots
    KEEPER: ("seat", "card", "save"),
    SAVE: ("seat", "kind", "suit", "card"),
    DISCARD: ("seat", "cards", "why"),
    ADD: ("column", "count", "card"),
    RESHUFFLE: ("count",),
}


def _event_of(record: SadikovEvent | tuple[Any, ...]) -> SadikovEvent:
    """The event dict of one of `records`' entries (rare events are noted as dicts)."""
    if type(record) is dict:
        return record
    kind, *values = record
    names = _EVENT_FIELDS[kind]
    event: dict[str, Any] = {"event": kind}
    event.update(zip(names, values, strict=False))
    for flag in values[len(names) :]:  # a take's true flags
        event[flag] = True
    return event  # type: ignore[return-value]


def _copy_event(e: SadikovEvent) -> SadikovEvent:
    c = e.copy()
    if "cards" in c:
        c["cards"] = list(c["cards"])
    if "goals" in c:
        c["goals"] = list(c["goals"])
    if "shootout" in c:
        c["shootout"] = list(c["shootout"])
    if "winners" in c:
        c["winners"] = list(c["winners"])
    return c


def from_json(text: str) -> SadikovState:
    """Rebuild a state from `to_json()` output."""
    try:
        d = json.loads(text)
        if d.get("game") != ID:
            raise ValueError("not a Sadikov game")
        if d.get("version") != SAVE_VERSION:
            raise ValueError(
                f"saved in format version {d.get('version')}; this version reads {SAVE_VERSION}"
            )
        rng = GameRng()
        rng.state = d["rng"]
        return SadikovState(
            names=d["names"],
            rng=rng,
            deal2=d["deal2"],
            shootout_option=d["shootout_option"],
            letters=d.get("letters", "en"),  # saves made before the option: English
            half=d["half"],
            turn=d["turn"],
            extra=d["extra"],
            columns=d["columns"],
            reserve=d["reserve"],
            added=d["added"],
            keeper=d["keeper"],
            keeper_discard=d["keeper_discard"],
            discard=d["discard"],
            aktiv=[
                {suit: [(str(cid), bool(a)) for cid, a in pile] for suit, pile in piles.items()}
                for piles in d["aktiv"]
            ],
            penalties=d["penalties"],
            removed=d["removed"],
            previous=d["previous"],
            this_turn=d["this_turn"],
            goals=d["goals"],
            shootout=d["shootout"],
            is_over=d["over"],
            events=d["log"],
        )
    except (KeyError, TypeError, ValueError, AttributeError) as exc:
        raise ValueError(f"not a saved Sadikov game: {exc}") from None


# ---------------------------------------------------------------------------
# F8. Set-up: options and fixed deals
# ---------------------------------------------------------------------------


def _shuffled(rng: GameRng, cards: tuple[str, ...]) -> list[str]:
    order = list(cards)
    rng.shuffle_batched(order)
    return order


def _fixed(o: dict[str, Any], key: str, deck: tuple[str, ...], what: str) -> list[str] | None:
    """A fixed order of card ids (F8), or None; OptionError unless a permutation of `deck`."""
    value = o.get(key)
    if value is None:
        return None
    if (
        not isinstance(value, list)
        or not all(isinstance(c, str) for c in value)
        or Counter(value) != Counter(deck)
    ):
        template = (
            N_("{key} must list the {n} main-deck card ids, each as often as in the game")
            if what == "main"
            else N_("{key} must list the {n} keeper-deck card ids, each as often as in the game")
        )
        raise OptionError(template, "bad_deal", key=key, n=len(deck))
    return list(value)


def new_game(
    players: int = 2, seed: int | None = None, options: dict[str, Any] | None = None
) -> SadikovState:
    """Start a match (F2.2, F8). Options: deal, deal2, keeper, shootout, letters, names."""
    o = checked_options("Sadikov's Football", options, OPTIONS)
    if type(players) is not int or players != 2:
        raise OptionError(  # F1.4
            "{game} is for {n} players", "players", game="Sadikov's Football", n=2
        )
    deal = _fixed(o, "deal", MAIN_DECK, "main")
    deal2 = _fixed(o, "deal2", MAIN_DECK, "main")
    keeper = _fixed(o, "keeper", KEEPER_DECK, "keeper")
    shootout = o.get("shootout", False)
    if not isinstance(shootout, bool):
        raise OptionError("shootout must be true or false", "bad_shootout")
    letters = o.get("letters", "en")
    if letters not in LETTERS:
        raise OptionError("letters must be en (J Q K A) or uk (В Д К Т)", "bad_letters")
    names = o.get("names") or ["P1", "P2"]
    if not isinstance(names, list) or len(names) != 2:
        raise OptionError("names must list one name per seat", "bad_names")
    if seed is None:
        seed = random.SystemRandom().getrandbits(63)
    rng = GameRng(seed)
    state = SadikovState(
        names=[str(n) for n in names],
        rng=rng,
        deal2=deal2,
        shootout_option=shootout,
        letters=letters,
    )
    state.keeper = keeper if keeper is not None else _shuffled(rng, KEEPER_DECK)  # F1.2
    state._deal_half(1, deal if deal is not None else _shuffled(rng, MAIN_DECK))
    return state


def catalog(options: dict[str, Any] | None = None) -> list[CatalogItem]:
    """F8: one item per distinct card id: id, rank, suit, pile, copies."""
    items: list[CatalogItem] = [
        {"id": cid, "rank": rank_of(cid), "suit": suit_of(cid), "pile": "main", "copies": 2}
        for cid in MAIN_IDS
    ]
    items += [
        {"id": cid, "rank": rank_of(cid), "suit": suit_of(cid), "pile": "keeper", "copies": 1}
        for cid in KEEPER_IDS[:-1]
    ]
    items.append({"id": JOKER, "rank": JOKER, "suit": None, "pile": "keeper", "copies": 2})
    return items


# ---------------------------------------------------------------------------
# Undo against the AI: which events no undo may cross
# ---------------------------------------------------------------------------


def undo_barrier(event: SadikovEvent) -> str | None:
    """The kind of barrier an event is for undo ("reveal", "chance"), or None.

    A take that turns no new card face up (F2.3), the shot it starts, goals, penalties and
    discards show nothing hidden; a keeper card turned (F4.6), a card turned face up in a
    column, a new half's deal, a reshuffle and a shoot-out kick do.
    """
    kind = event["event"]
    if kind in ("half", "reshuffle", "shootout"):
        return "chance"
    if kind == "keeper":
        return "reveal"
    if kind == "take":
        return "reveal" if event.get("revealed") else None
    if kind == "add":
        return "reveal" if event.get("card") else None
    if kind == "shot" and event.get("kind") == KICK:
        return "reveal"
    return None


from .sadikov_determinize import determinize as determinize  # noqa: E402  (the hook)
