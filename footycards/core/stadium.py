"""Provides the Stadium engine: the football memory game of rules/stadium.md (S1–S7).

Read top to bottom as a turn happens: the deck (S1), the shapes of views and events,
notation (S6), the state and its turn structure (S3), reward cards and response windows
(S4), the end (S5), views, the JSON round trip and set-up (S2).

The engine emits data, never words: `state.log` holds event dicts (`StadiumEvent`), the
result's tie-break is data, and an `IllegalAction` carries a code, an English template
and its parameters. Front ends put them into words (`footycards.textmode.stadium`).
"""

from __future__ import annotations

import datetime as dt
import json
import random
import re
from bisect import bisect_left
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, NoReturn, NotRequired, Required, TypedDict, cast, overload

from .assets import deck_path, read_toml, require
from .contract import EventLog
from .errors import (
    N_,
    DeckError,
    IllegalAction,
    OptionError,
    check_view_seat,
    checked_options,
    not_an_action,
    typed,
)
from .rng import GameRng

ID = "stadium"
MIN_PLAYERS = 2
MAX_PLAYERS = 6
# new_game's options (stadium_dates and ai_seats answer S2.2's question)
OPTIONS = ("rows", "cols", "deck", "deal", "dice", "names", "first", "stadium_dates", "ai_seats")

YELLOW, RED, VAR, GAME = "YELLOW", "RED", "VAR", "GAME"
REWARDS = (YELLOW, RED, VAR, GAME)
REWARD_NAMES = {YELLOW: "YELLOW", RED: "RED", VAR: "VAR", GAME: "PLAY GAME"}
_NO_CARD = {  # the refusals for a reward card not held (one template each, to translate)
    YELLOW: N_("{player} holds no YELLOW card"),
    RED: N_("{player} holds no RED card"),
    VAR: N_("{player} holds no VAR card"),
    GAME: N_("{player} holds no PLAY GAME card"),
}
MAX_ROWS = 26
MAX_COLS = 99
SAVE_VERSION = 2  # version 2: the log holds event data, not sentences


# ---------------------------------------------------------------------------
# The shapes of views, events and results (all plain JSON data)
# ---------------------------------------------------------------------------


class CardInfo(TypedDict):
    """A card as views show it (S7): id, name, stars (0 for rewards) and kind."""

    id: str
    name: str
    stars: int
    kind: str  # "footballer" | "reward"


class Cell(TypedDict):
    """One table position: `down` (pos only, S1.1), `up` (with the card) or `empty`."""

    pos: str
    state: str  # "down" | "up" | "empty"
    id: NotRequired[str]
    name: NotRequired[str]
    stars: NotRequired[int]
    kind: NotRequired[str]


class Area(TypedDict):
    """A player's public area (S4): pairs, reward cards held and the marks on them."""

    name: str
    pairs: list[CardInfo]
    rewards: list[str]
    score: int
    cards: int  # pairs × 2 + rewards held (S5.3)
    yellows: int
    cancelled: bool


class Window(TypedDict):
    """An open response window (S4.6): `start` or `flip`, and the seat asked now."""

    kind: str
    asking: int


class MatchInfo(TypedDict):
    """The latest PLAY GAME match (S4.2)."""

    challenger: int
    opponent: int
    rolls: list[list[int]]  # [challenger's roll, opponent's roll] per throw
    winner: int
    loser: int
    taken: str | None


class Reveal(TypedDict):
    """A card turned over in public (S3.1): when, where and what."""

    turn: int
    pos: str
    id: str
    name: str
    stars: int


class Tiebreak(TypedDict):
    """S5.3: the star total the leaders tied on, the most cards among them, and whether
    they were still tied on cards (a shared win)."""

    stars: int
    cards: int
    shared: bool


class StadiumResult(TypedDict):
    """`result()`: scores and winners; once over also the S5.3 tie-break and card counts."""

    scores: list[int]
    winners: list[int]
    over: bool
    tiebreak: NotRequired[Tiebreak | None]
    cards: NotRequired[list[int]]


class StadiumEvent(TypedDict, total=False):
    """One entry of `state.log`: an event kind and its arguments, never words.

    Kinds and their fields (seats are 0-based ints, positions S6 labels):
    `kickoff` cards, rows, cols, seat, how ("seat" | "random" | "stadium"), date, among ·
    `flip` seat, at, card, name, stars · `pair` seat, card, name, stars ·
    `take` seat, card · `back` at · `var` seat, at, at2 · `match` seat, target, rolls,
    winner · `steal` seat, target, card, name, stars · `yellow` seat, target, effect
    ("turn_ends" | "next_turn" | "second") · `red` seat · `cancelled` seat · `end`.
    """

    event: Required[str]
    seat: int
    target: int
    at: str
    at2: str
    card: str
    name: str
    stars: int
    effect: str
    rolls: list[list[int]]
    winner: int
    cards: int
    rows: int
    cols: int
    how: str
    date: str | None
    among: list[int]


class StadiumView(TypedDict):
    """`view(seat)`: what one seat (or, for None, a spectator) may know."""

    game: str
    seat: int | None
    players: int
    names: list[str]
    rows: int
    cols: int
    table: list[Cell]
    cards_left: int
    areas: list[Area]
    turn: int
    turn_no: int
    to_move: int | None
    phase: str
    window: Window | None
    var_used: bool
    match: MatchInfo | None
    reveals: list[Reveal]
    log: list[StadiumEvent]
    peeked: dict[str, CardInfo]
    discarded: int
    # every card of the game, each copy, sorted: (id, name, stars); public (S1.5), and
    # shared by the views of a game (a tuple: nothing can change it)
    deck: tuple[tuple[str, str, int], ...]
    is_over: bool
    result: NotRequired[StadiumResult]


_NESTED_EVENTS = frozenset({"kickoff", "match"})  # events holding lists


def _copy_log(log: list[StadiumEvent]) -> list[StadiumEvent]:
    """A deep copy of the log (views share no object with the state)."""
    out = []
    for e in log:
        c = e.copy()
        if e["event"] in _NESTED_EVENTS:
            if "rolls" in c:
                c["rolls"] = [list(r) for r in c["rolls"]]
            if "among" in c:
                c["among"] = list(c["among"])
        out.append(c)
    return out


# ---------------------------------------------------------------------------
# S1. Components: the deck file
# ---------------------------------------------------------------------------


@dataclass(frozen=True)
class Deck:
    """A Stadium deck: footballers in file order (each printed twice) and reward counts."""

    name: str
    footballers: tuple[tuple[str, str, int], ...]  # (id, name, stars)
    rewards: dict[str, int]

    @property
    def size(self) -> int:
        return 2 * len(self.footballers) + sum(self.rewards.values())


_DECKS: dict[tuple[str, int, int], Deck] = {}  # (file, modified in ns, size) -> validated deck


def load_deck(path: str | Path | None = None) -> Deck:
    """Load and validate a Stadium deck file (S1.4); the default deck when no path is given.

    A file is read once and kept while it stays unchanged on disk.
    """
    if path is not None and not isinstance(path, str | Path):
        raise OptionError("deck must be the path of a deck file", "deck_not_path")
    p = Path(path) if path else deck_path("stadium")
    try:
        st = p.stat()
        key: tuple[str, int, int] | None = (str(p.resolve()), st.st_mtime_ns, st.st_size)
    except (OSError, ValueError):  # not there, or not a usable name: read_toml says which
        key = None
    if key in _DECKS:
        return _DECKS[key]
    deck = _read_deck(p)
    if key is not None:
        _DECKS[key] = deck
    return deck


def _read_deck(p: Path) -> Deck:
    file = str(p)
    data = read_toml(p)
    title = data.get("name", p.stem)
    if not isinstance(title, str) or not title.strip():
        raise DeckError(file, "name", "must be text")
    raw = data.get("footballer")
    if not isinstance(raw, list) or not raw:
        raise DeckError(file, "", "no [[footballer]] entries")
    seen: set[str] = set()
    footballers = []
    for i, entry in enumerate(raw, 1):
        label = f"footballer #{i}"
        if not isinstance(entry, dict):
            raise DeckError(file, label, "must be a table")
        fid = require(entry, "id", str, file, label)
        label = f"footballer {fid}"
        if not re.fullmatch(r"[A-Z0-9][A-Z0-9_-]*", fid):
            # S6: `steal <id>` is upper-cased one word, so the id must survive that
            raise DeckError(file, label, "id must be capital letters and digits, like F07")
        name = require(entry, "name", str, file, label)
        stars = require(entry, "stars", int, file, label)
        if fid in seen:
            raise DeckError(file, label, "duplicate id")
        if fid in REWARDS:
            raise DeckError(file, label, "id is the name of a reward card")
        if not 1 <= stars <= 3:
            raise DeckError(file, label, "stars must be 1, 2 or 3, not {stars}", stars=stars)
        seen.add(fid)
        footballers.append((fid, name, stars))
    rewards_raw = data.get("rewards", {})
    if not isinstance(rewards_raw, dict):
        raise DeckError(file, "rewards", "must be a table of counts")
    rewards = {}
    for kind in REWARDS:
        count = rewards_raw.get(kind, 0)
        if isinstance(count, bool) or not isinstance(count, int) or count < 0:
            raise DeckError(
                file,
                f"rewards.{kind}",
                "must be a whole number >= 0, not {count}",
                count=repr(count),
            )
        rewards[kind] = count
    unknown = set(rewards_raw) - set(REWARDS)
    if unknown:
        raise DeckError(
            file,
            "rewards",
            "no reward kind {unknown}; the kinds are {kinds}",
            unknown=", ".join(sorted(unknown)),
            kinds=", ".join(REWARDS),
        )
    return Deck(title.strip(), tuple(footballers), rewards)


def table_cards(deck: Deck, rows: int, cols: int) -> list[str]:
    """Return the card ids for an R×C table, scaled from the deck (S1.5)."""
    n = rows * cols
    if n == deck.size:
        cards = [f for f, _n, _s in deck.footballers for _ in (0, 1)]
        for kind in REWARDS:
            cards += [kind] * deck.rewards[kind]
        return cards
    total_rewards = sum(deck.rewards.values())
    r = (n * 12) // 100
    if n >= 16:
        r = max(r, sum(1 for k in REWARDS if deck.rewards[k] > 0))
    if (n - r) % 2:
        r += 1  # S1.5: an odd table gets one more reward card
    pairs = (n - r) // 2
    if r > total_rewards or pairs > len(deck.footballers):
        raise OptionError(
            "a {rows}×{cols} table needs {pairs} footballer pairs and {rewards} rewards; "
            "the deck has {has_pairs} and {has_rewards}",
            "deck_too_small",
            rows=rows,
            cols=cols,
            pairs=pairs,
            rewards=r,
            has_pairs=len(deck.footballers),
            has_rewards=total_rewards,
        )
    counts = _share_rewards(deck.rewards, r, at_least_one=n >= 16)
    cards = [f for f, _n, _s in deck.footballers[:pairs] for _ in (0, 1)]
    for kind in REWARDS:
        cards += [kind] * counts[kind]
    return cards


def _share_rewards(available: dict[str, int], r: int, at_least_one: bool) -> dict[str, int]:
    """Split r reward cards over the kinds in the deck's proportions (largest remainder)."""
    kinds = [k for k in REWARDS if available[k] > 0]
    total = sum(available[k] for k in kinds)
    counts = dict.fromkeys(REWARDS, 0)
    if at_least_one and r >= len(kinds):
        for k in kinds:
            counts[k] = 1
    left = r - sum(counts.values())
    while left > 0:
        # give the next card to the kind furthest below its share
        best = max(
            (k for k in kinds if counts[k] < available[k]),
            key=lambda k: (r * available[k] / total - counts[k], -REWARDS.index(k)),
        )
        counts[best] += 1
        left -= 1
    return counts


# ---------------------------------------------------------------------------
# S6. Actions and their notation
# ---------------------------------------------------------------------------


def pos_label(row: int, col: int) -> str:
    """Return the S6 label of a table position: row letter and 1-based seat, e.g. `C7`."""
    return f"{chr(65 + row)}{col + 1}"


_LABELS: dict[tuple[int, int], tuple[str, ...]] = {}


def _labels(rows: int, cols: int) -> tuple[str, ...]:
    """The labels of an R×C table's positions, in table order (made once per size)."""
    labels = _LABELS.get((rows, cols))
    if labels is None:
        labels = _LABELS[rows, cols] = tuple(
            pos_label(i // cols, i % cols) for i in range(rows * cols)
        )
    return labels


def parse_pos(text: str) -> tuple[int, int]:
    """Parse an S6 position label such as `C7`; IllegalAction when it is not one."""
    t = text.strip().upper()
    # at most 3 digits: int() refuses numbers of over 4,300 digits with a plain ValueError
    if not 2 <= len(t) <= 4 or not ("A" <= t[0] <= "Z") or not t[1:].isdecimal():
        raise IllegalAction("'{text}' is not a table position like C7", "bad_position", text=text)
    if int(t[1:]) < 1:
        raise IllegalAction("'{text}' is not a table position like C7", "bad_position", text=text)
    return ord(t[0]) - 65, int(t[1:]) - 1


@dataclass(frozen=True, slots=True)
class Action:
    """One Stadium action; `str(action)` is its notation (S6)."""

    kind: str  # flip | var | match | yellow | red | steal | pass
    row: int = -1
    col: int = -1
    row2: int = -1
    col2: int = -1
    seat: int = -1  # target seat (match, yellow)
    card: str = ""  # footballer id (steal)

    def __str__(self) -> str:
        k = self.kind
        if k == "flip":
            return f"flip {pos_label(self.row, self.col)}"
        if k == "var":
            return f"var {pos_label(self.row, self.col)} {pos_label(self.row2, self.col2)}"
        if k in ("match", "yellow"):
            return f"{k} P{self.seat + 1}"
        if k == "steal":
            return f"steal {self.card}"
        return k


PASS = Action("pass")
RED_ACTION = Action("red")


def parse(text: str) -> Action:
    """Parse one line of S6 notation into an Action; IllegalAction on bad text."""
    words = text.strip().split()
    if not words:
        raise IllegalAction("empty move; try 'flip C7' or 'pass'", "empty_move")
    verb, args = words[0].lower(), words[1:]

    def want(n: int, usage: str) -> None:
        if len(args) != n:
            raise IllegalAction("usage: {usage}", "usage", usage=usage)

    def seat_arg(word: str) -> int:
        w = word.upper()
        if not (w.startswith("P") and w[1:].isdecimal() and len(w) <= 3 and int(w[1:]) >= 1):
            raise IllegalAction("'{word}' is not a seat like P2", "bad_seat", word=word)
        return int(w[1:]) - 1

    if verb == "flip":
        want(1, "flip C7")
        r, c = parse_pos(args[0])
        return Action("flip", r, c)
    if verb == "var":
        want(2, "var B2 H9")
        r, c = parse_pos(args[0])
        r2, c2 = parse_pos(args[1])
        return Action("var", r, c, r2, c2)
    if verb in ("match", "yellow"):
        want(1, f"{verb} P2")
        return Action(verb, seat=seat_arg(args[0]))
    if verb == "red":
        want(0, "red")
        return RED_ACTION
    if verb == "steal":
        want(1, "steal F07")
        return Action("steal", card=args[0].upper())
    if verb == "pass":
        want(0, "pass")
        return PASS
    raise IllegalAction(
        "unknown move '{verb}'; moves are flip, var, match, yellow, red, steal, pass",
        "unknown_move",
        verb=words[0],
    )


_FLIPS: dict[tuple[int, int], list[Action]] = {}
_YELLOWS = [Action("yellow", seat=s) for s in range(MAX_PLAYERS)]  # by target seat
_MATCHES = [Action("match", seat=s) for s in range(MAX_PLAYERS)]  # by opponent


class Listed(Sequence[Action]):
    """The legal actions of a turn holding a VAR card: the flips, then every VAR pair of
    face-down positions (row by row: the first position, then each later one), then the
    other actions. A VAR pair is built only when it is read, so a turn with a VAR in hand
    does not build the ~5,000 pairs of a 10×10 table; `len()`, indexing and iteration
    work as on the list it stands for."""

    __slots__ = ("_before", "_down", "_cols", "_pairs", "_after")

    def __init__(self, before: list[Action], down: list[int], cols: int, after: list[Action]):
        self._before = before
        self._down = down  # the face-down positions, in table order
        self._cols = cols
        self._pairs = len(down) * (len(down) - 1) // 2
        self._after = after

    def __len__(self) -> int:
        return len(self._before) + self._pairs + len(self._after)

    @overload
    def __getitem__(self, index: int) -> Action: ...

    @overload
    def __getitem__(self, index: slice) -> list[Action]: ...

    def __getitem__(self, index: int | slice) -> Action | list[Action]:
        if isinstance(index, slice):
            return [self[i] for i in range(*index.indices(len(self)))]
        if index < 0:
            index += len(self)
        if not 0 <= index < len(self):
            raise IndexError("legal action index out of range")
        if index < len(self._before):
            return self._before[index]
        k = index - len(self._before)
        if k >= self._pairs:
            return self._after[k - self._pairs]
        down, x = self._down, 0
        while k >= len(down) - 1 - x:  # row x holds the pairs (down[x], a later one)
            k -= len(down) - 1 - x
            x += 1
        return self._var(down[x], down[x + 1 + k])

    def _var(self, a: int, b: int) -> Action:
        cols = self._cols
        return Action("var", a // cols, a % cols, b // cols, b % cols)

    def __iter__(self) -> Iterator[Action]:
        yield from self._before
        down = self._down
        for x, a in enumerate(down):
            for b in down[x + 1 :]:
                yield self._var(a, b)
        yield from self._after

    def __eq__(self, other: object) -> bool:
        if isinstance(other, Listed | list):
            return list(self) == list(other)
        return NotImplemented

    __hash__ = None  # type: ignore[assignment]  # compares by value, like a list

    def __repr__(self) -> str:
        return f"Listed({len(self)} actions)"


def _flip_actions(rows: int, cols: int) -> list[Action]:
    """Return the shared flip Action objects of an R×C table, indexed by position."""
    key = (rows, cols)
    if key not in _FLIPS:
        _FLIPS[key] = [Action("flip", i // cols, i % cols) for i in range(rows * cols)]
    return _FLIPS[key]


# ---------------------------------------------------------------------------
# The state
# ---------------------------------------------------------------------------

# phases
TURN = "turn"  # the player on turn may flip a first card (or VAR, PLAY GAME)
SECOND = "second"  # one card is face up; the player on turn flips the second
WINDOW = "window"  # S4.6: holders of YELLOW/RED are asked in seat order
STEAL = "steal"  # S4.2: the match winner picks a pair
OVER = "over"

FLIP, PAIR, TAKE, BACK = "flip", "pair", "take", "back"  # the events noted as tuples


@dataclass
class StadiumState:
    """The whole Stadium game; only `view()`/`public_view()` are meant for players' eyes."""

    players: int
    rows: int
    cols: int
    cards: dict[str, tuple[str, int]]  # id -> (name, stars); rewards have stars 0
    deck: list[str]  # the R×C card ids of this game (for conservation checks)
    table: list[str | None]  # card id per position; None once taken
    names: list[str]
    rng: GameRng
    dice: list[int] = field(default_factory=list)
    pairs: list[list[str]] = field(default_factory=list)
    rewards: list[list[str]] = field(default_factory=list)
    discarded: list[str] = field(default_factory=list)
    turn: int = 0
    phase: str = TURN
    up: list[int] = field(default_factory=list)  # positions face up this turn
    window: list[int] = field(default_factory=list)  # seats still to be asked
    window_kind: str = ""  # "start" or "flip"
    cancelled: list[bool] = field(default_factory=list)
    yellows: list[int] = field(default_factory=list)
    var_used: bool = False
    peeks: list[int] = field(default_factory=list)  # VAR positions seen by `turn` this turn
    match: MatchInfo | None = None
    turn_no: int = 0
    events: list[StadiumEvent] = field(default_factory=list)  # the log, as far as built
    records: list[StadiumEvent | tuple[Any, ...]] = field(default_factory=list)  # not yet
    reveals: list[tuple[int, int, str]] = field(default_factory=list)  # (turn_no, pos, id)
    _down: list[Action] | None = field(default=None, repr=False, compare=False)
    _down_at: list[int] = field(default_factory=list, repr=False, compare=False)
    _deck_view: tuple[tuple[str, str, int], ...] | None = field(
        default=None, repr=False, compare=False
    )
    # the views' entry of each of `reveals`, built once (a view copies each): a long game
    # has thousands of flips, and building them all anew was most of a view's cost
    _reveal_views: list[dict[str, Any]] = field(default_factory=list, repr=False, compare=False)

    def _flips_down(self) -> list[Action]:
        """The flip actions of every card still on the table (cached until one is taken);
        `_down_at` then holds their positions, in the same order."""
        if self._down is None:
            flips = _flip_actions(self.rows, self.cols)
            self._down_at = [i for i, c in enumerate(self.table) if c is not None]
            self._down = [flips[i] for i in self._down_at]
        return self._down

    def _remove(self, i: int) -> None:
        """Take the card at position i off the table."""
        self.table[i] = None
        self._down = None

    def _built(self) -> list[StadiumEvent]:
        """The engine's own list of events, with the records noted so far built.

        A move notes its frequent events (flip, pair, take, back) as plain tuples in
        `records` (see `_event_of`) and they become dicts here, when the log is read:
        simulations that never read it do not pay for building them.
        """
        if self.records:
            self.events.extend(map(self._event_of, self.records))
            self.records.clear()
        return self.events

    def _event_of(self, record: StadiumEvent | tuple[Any, ...]) -> StadiumEvent:
        """The event dict of one of `records`' entries (rare events are noted as dicts):
        `(FLIP, seat, position, card)`, `(PAIR, seat, card)`, `(TAKE, seat, card)` or
        `(BACK, position)`."""
        if not isinstance(record, tuple):
            return record
        kind = record[0]
        event: dict[str, Any]
        if kind == FLIP:
            _, seat, i, card = record
            name, stars = self.cards[card]
            at = pos_label(i // self.cols, i % self.cols)
            event = {"seat": seat, "at": at, "card": card, "name": name, "stars": stars}
        elif kind == PAIR:
            _, seat, card = record
            name, stars = self.cards[card]
            event = {"seat": seat, "card": card, "name": name, "stars": stars}
        elif kind == TAKE:
            event = {"seat": record[1], "card": record[2]}
        else:
            assert kind == BACK, f"unknown record {record!r}"
            event = {"at": pos_label(record[1] // self.cols, record[1] % self.cols)}
        return {"event": kind, **event}  # type: ignore[typeddict-item]

    def _card_at(self, i: int) -> str:
        """The card at position i, which must still be on the table."""
        card = self.table[i]
        assert card is not None, f"no card at {i}"
        return card

    def _match(self) -> MatchInfo:
        """The PLAY GAME match being settled (only while there is one)."""
        m = self.match
        assert m is not None, "no match"
        return m

    # -- the contract -------------------------------------------------------

    @property
    def to_move(self) -> int | None:
        """The seat that must decide now; None once the game is over."""
        return None if self.phase == OVER else self._mover()

    def _mover(self) -> int:
        """The seat that must decide now; only while the game is on."""
        p = self.phase
        if p == WINDOW:
            return self.window[0]
        if p == STEAL:
            return self._match()["winner"]
        assert p != OVER, "the game is over"
        return self.turn

    @property
    def is_over(self) -> bool:
        return self.phase == OVER

    @property
    def log(self) -> EventLog[StadiumEvent]:
        """The public events since the start, oldest first; read-only (each event read
        is a copy: nothing done to it changes the game or its save)."""
        return EventLog(self._built())

    def legal_actions(self) -> Sequence[Action]:
        """Every action the seat `to_move` may take now: a list, or with a VAR card in
        hand at the start of a turn a `Listed` sequence (its VAR pairs built when read)."""
        p = self.phase
        if p == OVER:
            return []
        me = self._mover()
        held = self.rewards[me]
        acts: list[Action]
        if p == WINDOW:
            acts = [PASS]
        elif p == STEAL:
            loser = self._match()["loser"]
            return [Action("steal", card=c) for c in sorted(set(self.pairs[loser]))]
        else:
            acts = self._flips_down().copy()
            if self.up:  # the second card: any face-down card but the first
                del acts[bisect_left(self._down_at, self.up[0])]
        if held:
            after = self._match_actions(me) if p == TURN else []
            if YELLOW in held:
                after += [_YELLOWS[s] for s in range(self.players) if s != me]
            if RED in held:
                after.append(RED_ACTION)
            if p == TURN and self._var_allowed(me):
                return Listed(acts, self._down_at, self.cols, after)
            acts += after
        return acts

    def _var_allowed(self, me: int) -> bool:
        """Whether VAR is among the legal actions (S4.1): held, unused, two cards down."""
        return not self.var_used and VAR in self.rewards[me] and len(self._flips_down()) >= 2

    def _match_actions(self, me: int) -> list[Action]:
        if self.var_used or GAME not in self.rewards[me] or not self.pairs[me]:
            return []
        return [_MATCHES[s] for s in range(self.players) if s != me and self.pairs[s]]

    def apply(self, action: Action | str) -> None:
        """Play an action (or its notation); IllegalAction leaves the state unchanged."""
        if type(action) is not Action:
            if not isinstance(action, str):
                raise not_an_action("Stadium", action)
            action = parse(action)
        p = self.phase
        if action.kind == "flip" and (p == TURN or p == SECOND):  # the usual move, in short
            row, col, cols = action.row, action.col, self.cols
            if type(row) is int and type(col) is int and 0 <= row < self.rows and 0 <= col < cols:
                i = row * cols + col
                if self.table[i] is not None and i not in self.up:
                    self._flip(i)
                    return
        try:
            self._check(action)
        except TypeError:  # an Action built by hand with fields of the wrong type
            raise not_an_action("Stadium", action) from None
        kind = action.kind
        me = self._mover()
        if kind == "flip":
            self._flip(action.row * self.cols + action.col)
        elif kind == "pass":
            self._close_window_step()
        elif kind == "yellow":
            self._yellow(me, action.seat)
        elif kind == "red":
            self._discard(me, RED)
            self.records.append({"event": "red", "seat": me})
            self._red(me)
        elif kind == "var":
            self._var(action)
        elif kind == "match":
            self._play_match(self.turn, action.seat)
        elif kind == "steal":
            self._steal(action.card)

    # -- legality (without building the whole list) -------------------------

    def _check(self, a: Action) -> None:
        p = self.phase
        if p == OVER:
            raise IllegalAction("the game is over", "game_over")
        me = self._mover()
        kind = a.kind
        if kind in ("yellow", "red"):
            if p == STEAL:
                raise IllegalAction("finish the match first: pick the pair to take", "in_match")
            card = YELLOW if kind == "yellow" else RED
            if card not in self.rewards[me]:
                self._no_card(me, card)
            if kind == "yellow" and not (0 <= a.seat < self.players):
                raise IllegalAction("there is no seat P{n}", "no_such_seat", n=a.seat + 1)
            if kind == "yellow" and a.seat == me:
                raise IllegalAction("you cannot show YELLOW to yourself", "yellow_self")
            return
        if p == WINDOW:
            if kind != "pass":
                raise IllegalAction(
                    "{player} may only answer now: yellow, red or pass",
                    "window_only",
                    seat=me,
                    player=self.names[me],
                )
            return
        if p == STEAL:
            if kind != "steal":
                raise IllegalAction("pick a pair to take from the loser: steal <id>", "pick_pair")
            loser = self._match()["loser"]
            if a.card not in self.pairs[loser]:
                raise IllegalAction(
                    "{player} has no pair {card}",
                    "no_such_pair",
                    seat=loser,
                    player=self.names[loser],
                    card=str(a.card),
                )
            return
        if kind == "pass":
            raise IllegalAction("there is nothing to pass: it is your turn", "nothing_to_pass")
        if kind == "steal":
            raise IllegalAction("there is no match to take a pair from", "no_match")
        if kind == "flip":
            self._check_down(a.row, a.col)
            return
        if p != TURN and kind in ("var", "match"):
            if kind == "var":
                raise IllegalAction("VAR is only allowed before the first card of a turn", "late")
            raise IllegalAction("PLAY GAME is only allowed before the first card of a turn", "late")
        if kind == "var":
            if VAR not in self.rewards[me]:
                self._no_card(me, VAR)
            if self.var_used:
                raise IllegalAction("VAR was already used this turn", "var_used")
            self._check_down(a.row, a.col)
            self._check_down(a.row2, a.col2)
            if (a.row, a.col) == (a.row2, a.col2):
                raise IllegalAction("VAR looks at two different cards", "var_same_card")
            return
        if kind == "match":
            if GAME not in self.rewards[me]:
                self._no_card(me, GAME)
            if self.var_used:
                raise IllegalAction("PLAY GAME replaces the turn; VAR was already used", "var_used")
            if not (0 <= a.seat < self.players) or a.seat == me:
                raise IllegalAction("challenge another player, e.g. match P2", "bad_opponent")
            if not self.pairs[me]:
                raise IllegalAction(
                    "you need at least one footballer pair to play a match", "need_pair"
                )
            if not self.pairs[a.seat]:
                raise IllegalAction(
                    "{player} has no footballer pair yet",
                    "opponent_no_pair",
                    seat=a.seat,
                    player=self.names[a.seat],
                )
            return
        raise IllegalAction("unknown action '{kind}'", "unknown_action", kind=str(kind))

    def _no_card(self, seat: int, card: str) -> NoReturn:
        raise IllegalAction(
            _NO_CARD[card], "no_card", seat=seat, player=self.names[seat], card=card
        )

    def _check_down(self, row: int, col: int) -> None:
        if not (0 <= row < self.rows and 0 <= col < self.cols):
            raise IllegalAction(
                "{pos} is not on the {rows}×{cols} table",
                "off_table",
                pos=pos_label(row, col),
                rows=self.rows,
                cols=self.cols,
            )
        i = row * self.cols + col
        if self.table[i] is None:
            raise IllegalAction("{pos} is empty", "cell_empty", pos=pos_label(row, col))
        if i in self.up:
            raise IllegalAction("{pos} is already face up", "face_up", pos=pos_label(row, col))

    # -- S3. A turn ---------------------------------------------------------

    def _begin_turn(self, seat: int, again: bool = False) -> None:
        """Start the turn of `seat`, skipping cancelled turns (S4.3), then open S4.6's window.

        `again`: the same player moves again after a pair (S3.2), still in their turn, so
        a VAR look stays (S4.1); any other start ends the look, even when a YELLOW or RED
        gives the same player the next turn.
        """
        self.up.clear()
        self.var_used = False
        if not again:
            self.peeks.clear()
        if not self._flips_down():
            self.phase = OVER  # S5.1
            self.records.append({"event": "end"})
            return
        n = self.players
        for _i in range(n):
            if not self.cancelled[seat]:
                break
            self.cancelled[seat] = False
            self.records.append({"event": "cancelled", "seat": seat})
            seat = (seat + 1) % n
        self.turn = seat
        self.turn_no += 1
        self._open_window("start")

    def _open_window(self, kind: str) -> None:
        """S4.6: ask the YELLOW/RED holders after the mover, nearest first."""
        n = self.players
        t = self.turn
        seats = []
        for k in range(1, n):
            s = (t + k) % n
            held = self.rewards[s]
            if YELLOW in held or RED in held:
                seats.append(s)
        if seats:
            self.window = seats
            self.window_kind = kind
            self.phase = WINDOW
        else:
            self.phase = TURN if kind == "start" else SECOND

    def _close_window_step(self) -> None:
        """Move the window on to the next holder, or back to the mover."""
        w = self.window
        w.pop(0)
        while w and YELLOW not in self.rewards[w[0]] and RED not in self.rewards[w[0]]:
            w.pop(0)
        if not w:
            self.phase = TURN if self.window_kind == "start" else SECOND

    def _flip(self, i: int) -> None:
        me = self.turn
        card = self._card_at(i)
        self.reveals.append((self.turn_no, i, card))
        self.records.append((FLIP, me, i, card))
        if self.phase == TURN:
            if len(self._flips_down()) == 1:
                # S3.5: the single last card is turned over and taken
                self._remove(i)
                self._take(me, card)
                self._begin_turn((me + 1) % self.players)
                return
            self.up.append(i)
            self._open_window("flip")
            return
        # second card
        j = self.up[0]
        first = self._card_at(j)
        if first == card and card not in REWARDS:
            # S3.2: a pair - take both and move again
            self._remove(i)
            self._remove(j)
            self.up.clear()
            self.pairs[me].append(card)
            self.records.append((PAIR, me, card))
            self._begin_turn(me, again=True)
            return
        # S3.3 / S3.4: each card on its own
        for pos, c in ((j, first), (i, card)):
            if c in REWARDS:
                self._remove(pos)
                self._take(me, c)
        self.up.clear()
        self._begin_turn((me + 1) % self.players)

    def _take(self, seat: int, card: str) -> None:
        self.rewards[seat].append(card)
        self.records.append((TAKE, seat, card))

    # -- S4. Reward cards ---------------------------------------------------

    def _discard(self, seat: int, card: str) -> None:
        self.rewards[seat].remove(card)
        self.discarded.append(card)

    def _var(self, a: Action) -> None:
        me = self.turn
        self._discard(me, VAR)
        self.var_used = True
        i, j = a.row * self.cols + a.col, a.row2 * self.cols + a.col2
        self.peeks[:] = [i, j]
        self.records.append(
            {
                "event": "var",
                "seat": me,
                "at": pos_label(a.row, a.col),
                "at2": pos_label(a.row2, a.col2),
            }
        )

    def _roll(self) -> int:
        if self.dice:
            return self.dice.pop(0)
        return self.rng.randint(1, 6)

    def _play_match(self, challenger: int, opponent: int) -> None:
        """S4.2: both roll (challenger first) until one is higher; the winner takes a pair."""
        self._discard(challenger, GAME)
        rolls = []
        while True:
            a = self._roll()
            b = self._roll()
            rolls.append([a, b])
            if a != b:
                break
        winner, loser = (challenger, opponent) if a > b else (opponent, challenger)
        self.match = {
            "challenger": challenger,
            "opponent": opponent,
            "rolls": rolls,
            "winner": winner,
            "loser": loser,
            "taken": None,
        }
        self.records.append(
            {
                "event": "match",
                "seat": challenger,
                "target": opponent,
                "rolls": [list(r) for r in rolls],
                "winner": winner,
            }
        )
        self.phase = STEAL

    def _steal(self, card: str) -> None:
        m = self._match()
        self.pairs[m["loser"]].remove(card)
        self.pairs[m["winner"]].append(card)
        m["taken"] = card
        name, stars = self.cards[card]
        self.records.append(
            {
                "event": "steal",
                "seat": m["winner"],
                "target": m["loser"],
                "card": card,
                "name": name,
                "stars": stars,
            }
        )
        self._begin_turn((m["challenger"] + 1) % self.players)  # S4.2 [decision]

    def _yellow(self, by: int, target: int) -> None:
        """S4.3 and S4.5: YELLOW cancels the target's turn (now, or their next one)."""
        self._discard(by, YELLOW)
        self.yellows[target] += 1
        if self.yellows[target] >= 2:
            self.yellows[target] = 0
            self.records.append(
                {"event": "yellow", "seat": by, "target": target, "effect": "second"}
            )
            self._red(by)  # S4.5
            return
        if target == self.turn and self.phase in (TURN, SECOND, WINDOW):
            self.records.append(
                {"event": "yellow", "seat": by, "target": target, "effect": "turn_ends"}
            )
            self._end_turn_now()
            self._begin_turn((target + 1) % self.players)
            return
        self.cancelled[target] = True
        self.records.append(
            {"event": "yellow", "seat": by, "target": target, "effect": "next_turn"}
        )
        if self.phase == WINDOW:
            self._close_window_step()

    def _red(self, owner: int) -> None:
        """S4.4: end the current turn; the RED's owner moves next; cancellations cleared."""
        self._end_turn_now()
        self.cancelled = [False] * self.players
        self._begin_turn(owner)

    def _end_turn_now(self) -> None:
        """A card turned over this turn and not taken goes back face down in place."""
        for i in self.up:
            self.records.append((BACK, i))
        self.up.clear()
        self.window = []

    # -- S5. End and scoring -----------------------------------------------

    def scores(self) -> list[int]:
        """Stars of the collected footballer pairs, per seat (S1.3, S5.2)."""
        cards = self.cards
        return [sum(cards[c][1] for c in ps) for ps in self.pairs]

    def cards_collected(self) -> list[int]:
        """Cards per seat for the S5.3 tie-break: two per pair plus unused rewards held."""
        return [2 * len(self.pairs[s]) + len(self.rewards[s]) for s in range(self.players)]

    def result(self) -> StadiumResult:
        """Scores and winners (S5.2, S5.3); winners is empty while the game goes on.

        Once over, `tiebreak` is None, or (a tie on stars) the stars tied on, the most cards
        collected among the tied players and whether they still tied (a shared win).
        """
        scores = self.scores()
        if not self.is_over:
            return {"scores": scores, "winners": [], "over": False}
        best = max(scores)
        tied = [s for s in range(self.players) if scores[s] == best]
        tiebreak: Tiebreak | None = None
        winners = tied
        counts = self.cards_collected()
        if len(tied) > 1:
            most = max(counts[s] for s in tied)
            winners = [s for s in tied if counts[s] == most]
            tiebreak = {"stars": best, "cards": most, "shared": len(winners) > 1}
        return {
            "scores": scores,
            "winners": winners,
            "over": True,
            "tiebreak": tiebreak,
            "cards": counts,
        }

    # -- views --------------------------------------------------------------

    def _deck_cards(self) -> tuple[tuple[str, str, int], ...]:
        """The game's cards as views show them (made once per state)."""
        if self._deck_view is None:
            cards = self.cards
            self._deck_view = tuple((c, *cards[c]) for c in self.deck)
        return self._deck_view

    def _card_info(self, cid: str) -> CardInfo:
        name, stars = self.cards[cid]
        return {
            "id": cid,
            "name": name,
            "stars": stars,
            "kind": "reward" if cid in REWARDS else "footballer",
        }

    def public_view(self) -> StadiumView:
        """What a spectator may know: face-down cards are hidden (S7)."""
        return self.view(None)

    def review_view(self) -> StadiumView:
        """Every card, for post-game review (replays): the public view with each face-down
        card shown as a look (`peeked`, the shape of a VAR look). Never for a player."""
        view = self.view(None)
        cols = self.cols
        view["peeked"] = {
            pos_label(i // cols, i % cols): self._card_info(c)
            for i, c in enumerate(self.table)
            if c is not None and i not in self.up
        }
        return view

    def _reveal_entries(self) -> list[dict[str, Any]]:
        """The views' entries of `reveals` (shared: a view gets copies), built up to date."""
        built = self._reveal_views
        reveals = self.reveals
        if len(built) > len(reveals):  # never so while reveals only grow; rebuild to be safe
            built.clear()
        cols, cards = self.cols, self.cards
        for t, i, c in reveals[len(built) :]:
            name, stars = cards[c]
            built.append(
                {
                    "turn": t,
                    "pos": pos_label(i // cols, i % cols),
                    "id": c,
                    "name": name,
                    "stars": stars,
                }
            )
        return built

    def view(self, seat: int | None, *, log: bool = True) -> StadiumView:
        """What `seat` may know: the public table plus that seat's own VAR peek (S4.1).

        `None` is the public view; any other value that is not a seat of this table raises
        IllegalAction. The view is fresh data: changing it never changes the game.
        `log=False` leaves the log out (an empty list): for AI players, which never read it,
        since copying a long log is most of the cost of a view.
        """
        check_view_seat(seat, self.players)
        cols = self.cols
        table: list[Cell] = []
        labels = _labels(self.rows, cols)
        for i, c in enumerate(self.table):
            pos = labels[i]
            if c is None:
                table.append({"pos": pos, "state": "empty"})
            elif i in self.up:
                name, stars = self.cards[c]
                kind = "reward" if c in REWARDS else "footballer"
                table.append(
                    {"pos": pos, "state": "up", "id": c, "name": name, "stars": stars, "kind": kind}
                )
            else:
                table.append({"pos": pos, "state": "down"})
        areas: list[Area] = []
        for s in range(self.players):
            areas.append(
                {
                    "name": self.names[s],
                    "pairs": [self._card_info(c) for c in self.pairs[s]],
                    "rewards": list(self.rewards[s]),
                    "score": sum(self.cards[c][1] for c in self.pairs[s]),
                    "cards": 2 * len(self.pairs[s]) + len(self.rewards[s]),
                    "yellows": self.yellows[s],
                    "cancelled": self.cancelled[s],
                }
            )
        m = self.match
        match: MatchInfo | None = None
        if m is not None:
            match = {**m, "rolls": [list(r) for r in m["rolls"]]}
        peeked: dict[str, CardInfo] = {}
        if seat is not None and seat == self.turn and self.phase != OVER:
            for i in self.peeks:
                c = self.table[i]
                if c is not None:
                    peeked[pos_label(i // cols, i % cols)] = self._card_info(c)
        v: StadiumView = {
            "game": ID,
            "seat": seat,
            "players": self.players,
            "names": list(self.names),
            "rows": self.rows,
            "cols": cols,
            "table": table,
            "cards_left": len(self._flips_down()),
            "areas": areas,
            "turn": self.turn,
            "turn_no": self.turn_no,
            "to_move": self.to_move,
            "phase": self.phase,
            "window": {"kind": self.window_kind, "asking": self.window[0]}
            if self.phase == WINDOW
            else None,
            "var_used": self.var_used,
            "match": match,
            "reveals": cast(list[Reveal], list(map(dict.copy, self._reveal_entries()))),
            "log": _copy_log(self._built()) if log else [],
            "peeked": peeked,
            "discarded": len(self.discarded),
            "deck": self._deck_cards(),
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
            "players": self.players,
            "rows": self.rows,
            "cols": self.cols,
            "cards": {k: [v[0], v[1]] for k, v in self.cards.items()},
            "deck": self.deck,
            "table": self.table,
            "names": self.names,
            "rng": self.rng.state,
            "dice": self.dice,
            "pairs": self.pairs,
            "rewards": self.rewards,
            "discarded": self.discarded,
            "turn": self.turn,
            "phase": self.phase,
            "up": self.up,
            "window": self.window,
            "window_kind": self.window_kind,
            "cancelled": self.cancelled,
            "yellows": self.yellows,
            "var_used": self.var_used,
            "peeks": self.peeks,
            "match": self.match,
            "turn_no": self.turn_no,
            "log": self._built(),
            "reveals": [list(r) for r in self.reveals],
        }
        return json.dumps(d, ensure_ascii=False, sort_keys=True)

    def clone(self) -> StadiumState:
        """An independent copy."""
        return from_json(self.to_json())

    def reshuffled(self, seat: int | None, rng: random.Random) -> StadiumState:
        """A copy with the face-down cards `seat` has not peeked at (S4.1) dealt again
        among their places: the test that a view shows no hidden card."""
        new = self.clone()
        peeked = set(self.peeks) if seat == self.turn and self.phase != OVER else set()
        places = [
            i
            for i, c in enumerate(new.table)
            if c is not None and i not in new.up and i not in peeked
        ]
        cards = [new.table[i] for i in places]
        rng.shuffle(cards)
        for i, c in zip(places, cards, strict=True):
            new.table[i] = c
        return new


def from_json(text: str) -> StadiumState:
    """Rebuild a state from `to_json()` output."""
    try:
        d = json.loads(text)
        if d.get("game") != ID:
            raise ValueError("not a Stadium game")
        if d.get("version") != SAVE_VERSION:
            raise ValueError(
                f"saved in format version {d.get('version')}; this version reads {SAVE_VERSION}"
            )
        rng = GameRng()
        rng.state = d["rng"]
        return StadiumState(
            players=d["players"],
            rows=d["rows"],
            cols=d["cols"],
            cards={k: (v[0], v[1]) for k, v in d["cards"].items()},
            deck=d["deck"],
            table=d["table"],
            names=d["names"],
            rng=rng,
            dice=d["dice"],
            pairs=d["pairs"],
            rewards=d["rewards"],
            discarded=d["discarded"],
            turn=d["turn"],
            phase=d["phase"],
            up=d["up"],
            window=d["window"],
            window_kind=d["window_kind"],
            cancelled=d["cancelled"],
            yellows=d["yellows"],
            var_used=d["var_used"],
            peeks=d["peeks"],
            match=d["match"],
            turn_no=d["turn_no"],
            events=d["log"],
            reveals=[(t, i, c) for t, i, c in d["reveals"]],
        )
    except (KeyError, TypeError, ValueError, AttributeError) as exc:
        raise ValueError(f"not a saved Stadium game: {exc}") from None


# ---------------------------------------------------------------------------
# S2. Set-up
# ---------------------------------------------------------------------------

_ISO_DATE = re.compile(r"\d{4}-\d{2}-\d{2}")


def _stadium_dates(raw: Any, players: int) -> list[str | None]:
    """Option `stadium_dates` (S2.2): one ISO date or None per seat, none in the future."""
    if raw is None:
        return [None] * players
    if not isinstance(raw, list | tuple) or len(raw) != players:
        raise OptionError(
            "stadium_dates must list one entry per seat ({players}): "
            "a date like 2026-05-17, or None for an AI player or someone who never went",
            "bad_stadium_dates",
            players=players,
        )
    today = dt.date.today()
    dates: list[str | None] = []
    for seat, value in enumerate(raw):
        if value is None:
            dates.append(None)
            continue
        try:
            if not isinstance(value, str) or not _ISO_DATE.fullmatch(value):
                raise ValueError
            day = dt.date.fromisoformat(value)
        except ValueError:
            raise OptionError(
                "stadium_dates: {value} for P{seat} is not a date like 2026-05-17",
                "bad_stadium_date",
                value=typed(repr(value)),
                seat=seat + 1,
            ) from None
        if day > today:
            raise OptionError(
                "stadium_dates: {value} for P{seat} is in the future",
                "future_stadium_date",
                value=value,
                seat=seat + 1,
            )
        dates.append(day.isoformat())
    return dates


def _ai_seats(raw: Any, players: int) -> list[int]:
    """Option `ai_seats`: the seats played by AI players (absent: none)."""
    if raw is None:
        return []
    if (
        not isinstance(raw, list | tuple)
        or not all(type(s) is int and 0 <= s < players for s in raw)
        or len(set(raw)) != len(raw)
    ):
        raise OptionError(
            "ai_seats must list different seats from 0 to {last}", "bad_ai_seats", last=players - 1
        )
    return sorted(raw)


def _first_player(
    o: dict[str, Any], players: int, rng: GameRng
) -> tuple[int, str, str | None, list[int]]:
    """S2.2: who starts and why: (seat, how, date, the seats drawn among).

    Option `first`: a seat (how "seat"); "random" (drawn among all seats); or "stadium":
    the most recent date of option `stadium_dates` starts. [decision] The draw is among
    the seats tied on the most recent date and every AI seat (option `ai_seats`); when
    nobody gave a date, among all seats.
    """
    first = o.get("first", 0)
    if isinstance(first, str) and first == "random":
        return rng.randbelow(players), "random", None, list(range(players))
    if isinstance(first, str) and first == "stadium":
        dates = _stadium_dates(o.get("stadium_dates"), players)
        ai = _ai_seats(o.get("ai_seats"), players)
        given = [d for d in dates if d is not None]
        latest = max(given) if given else None  # ISO dates sort as dates
        if latest is None:
            among = list(range(players))
        else:
            among = [s for s in range(players) if dates[s] == latest or s in ai]
        seat = among[rng.randbelow(len(among))] if len(among) > 1 else among[0]
        return seat, "stadium", latest, among
    if isinstance(first, bool) or not isinstance(first, int) or not 0 <= first < players:
        raise OptionError(
            "first must be a seat from 0 to {last}, 'random' or 'stadium'",
            "bad_first",
            last=players - 1,
        )
    return first, "seat", None, [first]


def new_game(
    players: int = 2, seed: int | None = None, options: dict[str, Any] | None = None
) -> StadiumState:
    """Deal a new game (S2).

    Options: rows, cols, deck, deal, dice, names, first (a seat, "random" or "stadium"),
    stadium_dates and ai_seats (for first = "stadium", S2.2).
    """
    o = checked_options("Stadium", options, OPTIONS)
    if (
        isinstance(players, bool)
        or not isinstance(players, int)
        or not MIN_PLAYERS <= players <= MAX_PLAYERS
    ):
        raise OptionError(  # S2.3
            "{game} is for {low} to {high} players",
            "players",
            game="Stadium",
            low=MIN_PLAYERS,
            high=MAX_PLAYERS,
        )
    rows, cols = o.get("rows", 10), o.get("cols", 10)
    for key, value, top in (("rows", rows, MAX_ROWS), ("cols", cols, MAX_COLS)):
        if isinstance(value, bool) or not isinstance(value, int) or not 2 <= value <= top:
            raise OptionError(  # S1.5
                "{key} must be a whole number from 2 to {top}", f"bad_{key}", key=key, top=top
            )
    deck = load_deck(o.get("deck"))
    if rows * cols > deck.size:
        raise OptionError(
            "the deck holds {n} cards; a {rows}×{cols} table needs {need}",
            "deck_too_small",
            n=deck.size,
            rows=rows,
            cols=cols,
            need=rows * cols,
        )
    cards_in_game = table_cards(deck, rows, cols)
    if seed is None:
        seed = random.SystemRandom().getrandbits(63)
    rng = GameRng(seed)
    if "deal" in o:
        deal = o["deal"]
        if not isinstance(deal, list) or sorted(map(str, deal)) != sorted(cards_in_game):
            raise OptionError(
                "deal must list the {n} card ids of a {rows}×{cols} table "
                "(each footballer twice, rewards as in S1.5)",
                "bad_deal",
                n=len(cards_in_game),
                rows=rows,
                cols=cols,
            )
        table: list[str | None] = [str(c) for c in deal]
    else:
        shuffled = list(cards_in_game)
        rng.shuffle(shuffled)  # S2.1
        table = list(shuffled)
    dice = o.get("dice", [])
    if not isinstance(dice, list) or not all(
        isinstance(x, int) and not isinstance(x, bool) and 1 <= x <= 6 for x in dice
    ):
        raise OptionError("dice must be a list of die results from 1 to 6", "bad_dice")
    names = o.get("names") or [f"P{i + 1}" for i in range(players)]
    if not isinstance(names, list) or len(names) != players:
        raise OptionError("names must list one name per seat", "bad_names")
    first, how, date, among = _first_player(o, players, rng)
    info = {fid: (name, stars) for fid, name, stars in deck.footballers}
    for kind in REWARDS:
        info[kind] = (REWARD_NAMES[kind], 0)
    state = StadiumState(
        players=players,
        rows=rows,
        cols=cols,
        cards=info,
        deck=sorted(cards_in_game),
        table=table,
        names=[str(n) for n in names],
        rng=rng,
        dice=list(dice),
        pairs=[[] for _ in range(players)],
        rewards=[[] for _ in range(players)],
        cancelled=[False] * players,
        yellows=[0] * players,
    )
    state.records.append(
        {
            "event": "kickoff",
            "cards": rows * cols,
            "rows": rows,
            "cols": cols,
            "seat": first,
            "how": how,
            "date": date,
            "among": among,
        }
    )
    state._begin_turn(first)
    return state


def catalog(options: dict[str, Any] | None = None) -> list[dict[str, Any]]:
    """One item per distinct card id: id, kind, name, stars (S7)."""
    deck = load_deck((options or {}).get("deck"))
    items: list[dict[str, Any]] = [
        {"id": f, "kind": "footballer", "name": n, "stars": s} for f, n, s in deck.footballers
    ]
    items += [
        {"id": k, "kind": "reward", "name": REWARD_NAMES[k], "stars": 0}
        for k in REWARDS
        if deck.rewards[k] > 0
    ]
    return items


# ---------------------------------------------------------------------------
# Undo against the AI: which events no undo may cross
# ---------------------------------------------------------------------------

_UNDO_BARRIERS = {
    "kickoff": "chance",  # S2: the deal
    "flip": "reveal",  # S3.1: a card turned over in public
    "var": "look",  # S4.1: a private look at two face-down cards
    "match": "chance",  # S4.2: the dice
}


def undo_barrier(event: StadiumEvent) -> str | None:
    """The kind of barrier an event is for undo ("reveal", "look", "chance"), or None.

    Pairs, reward cards taken, YELLOW, RED, a pair taken after a match, cancelled turns
    and cards going back face down show nothing new: a move that logged only those may be
    taken back.
    """
    return _UNDO_BARRIERS.get(event["event"])


from .stadium_determinize import determinize as determinize  # noqa: E402  (the hook)
