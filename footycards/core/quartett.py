"""Provides the Bundesliga Quartett engine: one deck, three games (rules/quartett.md, Q1–Q8).

Read top to bottom: the cards and their Fairness-Punkte (Q1), deck files and
Fan-Freundschaft (Q1.4, Q6), notation (Q7), the state with the top-trumps round (Q2, Q3)
and the Quartett ask (Q4, Q5), the end, views, the JSON round trip, and set-up with
fixed deals (Q8). Holes in the rules are filled by the rulings in `HOUSE_RULINGS`.
"""

from __future__ import annotations

import copy
import json
import math
import random
import re
from dataclasses import dataclass, field
from pathlib import Path

from .assets import deck_path, read_toml, require
from .errors import DeckError, IllegalAction, OptionError
from .i18n import _, ngettext
from .rng import GameRng

ID = "quartett"
NAME = "Bundesliga Quartett"
DESCRIPTION = (
    "German card classic: top trumps with Tore, Spiele and Fairness-Punkte, "
    "Abwehr against Angriff, or collect quartets by asking for cards."
)
MIN_PLAYERS = 2
MAX_PLAYERS = 6

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

HOUSE_RULINGS = [
    "Q2.6/Q2.7: the end of the game is checked once a round is settled, Stechen included: "
    "a player who played their last card into a tie drops out of the Stechen, and a "
    "Stechen still running is played out before the game ends.",
    "Q2.6: the caller of the tied round calls the Stechen too, even when not in it or out "
    "of cards.",
    "Q2.6: when only one tied player still has cards, that player wins the Stechen at once "
    "and takes the middle without playing another card.",
    "Q2.6: the cards of a tied comparison go to the middle in seat order starting with the caller.",
    "Q2.4/Q2.6: a winner puts the cards of the comparison just won under their stack first "
    "(seat order from their own card), then the middle in the order it was laid.",
    "Q2.1/Q2.6/Q2.7: cards still in the middle when the game ends belong to nobody and do "
    "not count.",
    "Q2.7: option round_limit counts rounds, a round and its Stechen counting once; in the "
    "Quartett game it counts asks, and the quartets on the table decide.",
    "Q4.2/Q4.3: `ask` must name another player who holds cards; only when no other player "
    "holds any may an empty-handed player be asked (the ask misses and the asker draws as "
    "in Q5.2).",
    "Q4.5/Q4.7: when the player now on turn has no cards, the next player after them in "
    "seat order who holds cards is on turn.",
    "Q4.4/Q4.7: a player whose hand empties on their own turn (by laying down a quartet) "
    "ends their turn; the next player in seat order who holds cards asks.",
    "Q4.6: quartets complete in the deal or completed by a drawn card are laid down at once.",
    "Q5.2: a card drawn after a miss never extends the turn, even when it is the card that "
    "was asked for; with three or more players the leftover stack is drawn the same way "
    "(Q4.1).",
    "Q4.7/Q5.2: when no player holds a card but the stack does, the player who would be on "
    "turn draws its top card and asks.",
    "Q5.1: with a deck of fewer than 20 cards, two players get half the deck each (rounded "
    "down) instead of ten.",
    "Q2.1/Q4.1: a deck must give every player at least one card.",
    "Q1.5: a player with no Bundesliga games gets 8.0 even when the card lists cautions.",
    "Q6.1: decks combined with option `decks` need different deck ids; `deck` and `decks` "
    "cannot both be given; the Quartett game takes one deck only.",
]


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
    """A validated deck file: short id (for `DECK:CODE`), title and cards in file order."""

    id: str
    name: str
    file: str  # as given (for messages)
    cards: tuple[Card, ...]
    path: str = ""  # the file's absolute path (kept in saves and views)


_CODE = re.compile(r"^[A-Z][1-4]$")
_DECK_ID = re.compile(r"^[A-Za-z0-9_-]{1,16}$")


_DECKS: dict[str, tuple[tuple[int, int], Deck]] = {}
_DEFAULT_DECK: Path | None = None


def load_deck(path: str | Path | None = None) -> Deck:
    """Load and validate a Quartett deck file (Q1.4); the default deck when no path is given."""
    global _DEFAULT_DECK
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
    except OSError:
        stamp = None
    cached = _DECKS.get(file)
    if stamp is not None and cached is not None and cached[0] == stamp:
        return cached[1]
    deck = _read_deck(p, file)
    if stamp is not None:
        _DECKS[file] = (stamp, deck)
    return deck


def _read_deck(p: Path, file: str) -> Deck:
    data = read_toml(p)
    title = data.get("name", p.stem)
    if not isinstance(title, str) or not title.strip():
        raise DeckError(file, "name", "must be text")
    deck_id = data.get("deck", p.stem)
    if not isinstance(deck_id, str) or not _DECK_ID.match(deck_id):
        raise DeckError(
            file, "deck", f"the deck id must be 1-16 letters, digits, '-' or '_', not {deck_id!r}"
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
                f"code must be a quartet letter A-Z and a number 1-4, like F3, not {code!r}",
            )
        label = f"card {code}"
        if code in seen:
            raise DeckError(file, label, f"duplicate code (also card #{seen[code]})")
        seen[code] = i
        texts = [require(entry, key, str, file, label) for key in TEXT_FIELDS]
        counts = []
        for key in COUNT_FIELDS:
            value = require(entry, key, int, file, label)
            if value < 0:
                raise DeckError(file, label, f"field '{key}' must not be negative, not {value}")
            counts.append(value)
        ratings = []
        for key in RATING_FIELDS:
            value = require(entry, key, int, file, label)
            if not 1 <= value <= 99:
                raise DeckError(file, label, f"field '{key}' must be from 1 to 99, not {value}")
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
                f"a quartet needs four cards; it has {len(have)} (missing {missing})",
            )
    return Deck(deck_id, title.strip(), file, tuple(cards), str(p.resolve()))


def _decks_from_options(o: dict, mode: str) -> list[Deck]:
    """The decks of a game: option `deck` (one path) or `decks` (Fan-Freundschaft, Q6.1)."""
    if o.get("deck") is not None and o.get("decks") is not None:
        raise OptionError(_("give either deck or decks, not both"))
    paths = o.get("decks")
    if paths is None:
        path = o.get("deck")
        if path is not None and not isinstance(path, str | Path):
            raise OptionError(_("deck must be the path of a deck file"))
        return [load_deck(path)]
    if not isinstance(paths, list | tuple) or not paths:
        raise OptionError(_("decks must be a list of deck file paths"))
    if not all(isinstance(x, str | Path) for x in paths):
        raise OptionError(_("decks must be a list of deck file paths"))
    if len(paths) > 1 and mode == QUARTETT:
        raise OptionError(
            _("Fan-Freundschaft (several decks) is for the fussball and abwehr-angriff games")
        )
    decks = [load_deck(x) for x in paths]
    ids = [d.id for d in decks]
    for d in decks:
        if ids.count(d.id) > 1:
            raise OptionError(
                _("two decks share the deck id '{id}'; each deck needs its own").format(id=d.id)
            )
    return decks


def _card_rows(decks: list[Deck]) -> list[list]:
    """Cards of the game as JSON rows: id (`F3`, or `DECK:F3` with several decks, Q8) + Q1.3."""
    multi = len(decks) > 1
    rows = []
    for d in decks:
        for c in d.cards:
            cid = f"{d.id}:{c.code}" if multi else c.code
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


def _info_of(row: list) -> dict:
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


class _CardTable:
    """Everything derived from a game's card rows: catalog items, values, quartets."""

    def __init__(self, rows: list[list]) -> None:
        self.rows = [list(r) for r in rows]
        self.ids = [r[0] for r in self.rows]
        self.info = {r[0]: _info_of(r) for r in self.rows}
        self.name = {cid: info["name"] for cid, info in self.info.items()}
        self.values = {cat: {cid: i[cat] for cid, i in self.info.items()} for cat in CATEGORIES}
        self.shown = {
            cat: {
                cid: f"{i['name']} ({cid}) {format_value(cat, i[cat])}"
                for cid, i in self.info.items()
            }
            for cat in CATEGORIES
        }
        self.rank = {cid: i for i, cid in enumerate(self.ids)}
        members: dict[str, list[str]] = {}
        for cid in self.ids:
            members.setdefault(quartet_of(cid), []).append(cid)
        self.members = {q: tuple(sorted(cs)) for q, cs in members.items()}
        self.quartets = list(members)  # deck order
        self.asks = {cid: _asks_for(cid) for cid in self.ids}


_TABLES: dict[tuple, _CardTable] = {}


_TABLE_OF_ROWS: dict[int, _CardTable] = {}  # id(table.rows) -> table


def _card_table(rows: list[list]) -> _CardTable:
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


_DECK_ROWS: dict[tuple[int, ...], tuple[list[Deck], list[list]]] = {}


def _game_rows(decks: list[Deck]) -> list[list]:
    """The shared card rows of a deck combination (rows are never changed)."""
    key = tuple(id(d) for d in decks)
    hit = _DECK_ROWS.get(key)
    if hit is not None and all(a is b for a, b in zip(hit[0], decks, strict=True)):
        return hit[1]
    if len(_DECK_ROWS) > 64:
        _DECK_ROWS.clear()
    rows = _card_table(_card_rows(decks)).rows
    _DECK_ROWS[key] = (list(decks), rows)
    return rows


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
        raise IllegalAction(_("empty move; try 'call goals' or 'ask P2 F3'"))
    verb, args = words[0].lower(), words[1:]
    if verb == "call":
        if len(args) != 1:
            raise IllegalAction(_("usage: call goals"))
        cat = args[0].lower()
        if cat not in CALLS:
            raise IllegalAction(
                _("'{cat}' is not a category; categories are: {cats}").format(
                    cat=args[0], cats=", ".join(CATEGORIES)
                )
            )
        return CALLS[cat]
    if verb == "ask":
        if len(args) != 2:
            raise IllegalAction(_("usage: ask P2 F3"))
        w = args[0].upper()
        if not (w.startswith("P") and w[1:].isdigit() and 1 <= int(w[1:]) <= MAX_PLAYERS):
            raise IllegalAction(_("'{word}' is not a seat like P2").format(word=args[0]))
        seat = int(w[1:]) - 1
        deck, sep, code = args[1].rpartition(":")
        code = code.upper()
        if not _CODE.match(code):
            raise IllegalAction(_("'{card}' is not a card like F3").format(card=args[1]))
        return _asks_for(f"{deck}{sep}{code}")[seat]
    raise IllegalAction(_("unknown move '{verb}'; moves are call and ask").format(verb=words[0]))


def _from_seat(plays: list[tuple[int, str]], seat: int) -> list[tuple[int, str]]:
    """Plays (in seat order) rotated to start at `seat` or the next seat after it (Q2.4)."""
    for i, (s, _c) in enumerate(plays):
        if s >= seat:
            return plays[i:] + plays[:i] if i else plays
    return plays


# ---------------------------------------------------------------------------
# The state
# ---------------------------------------------------------------------------

# phases
CALL = "call"  # Q2.3: the caller picks a category
STECHEN = "stechen"  # Q2.6: the caller picks the category of the Stechen
ASK = "ask"  # Q4.2: the player on turn asks for a card
OVER = "over"


@dataclass
class QuartettState:
    """The whole Quartett game; only `view()`/`public_view()` are meant for players' eyes."""

    players: int
    mode: str
    names: list[str]
    decks: list[list[str]]  # [deck id, deck title, deck file] per deck
    cards: list[list]  # one row per card in deck order: id and the Q1.3 fields
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
    last_round: dict | None = None  # the comparisons of the latest round (Q2.8)
    revealed: list[str] = field(default_factory=list)  # cards shown at least once (Q2)
    history: list[list] = field(default_factory=list)  # Q4: [asker, target, card, hit, drew]
    log: list[str] = field(default_factory=list)
    reason: str = ""  # why the game ended

    def __post_init__(self) -> None:
        t = _card_table(self.cards)  # derived card data, shared by every game of the deck
        self.cards = t.rows
        self._ids = t.ids
        self._info = t.info
        self._name = t.name
        self._values = t.values
        self._shown = t.shown
        self._rank = t.rank
        self._members = t.members
        self._quartets = t.quartets
        self._asks = t.asks
        self._calls = [CALLS[c] for c in MODE_CATEGORIES[self.mode]]
        self._seats = list(range(self.players))
        self._revealed = set(self.revealed)

    # -- the contract -------------------------------------------------------

    @property
    def to_move(self) -> int | None:
        """The seat that must decide now; None once the game is over."""
        return None if self.phase == OVER else self.turn

    @property
    def is_over(self) -> bool:
        return self.phase == OVER

    def legal_actions(self) -> list[Action]:
        """Every action the seat `to_move` may take now."""
        p = self.phase
        if p == OVER:
            return []
        if p != ASK:
            return list(self._calls)  # Q2.3, Q3.1
        me = self.turn
        hand = self.hands[me]
        hs = set(hand)
        held = {c[:-1] for c in hand}
        members = self._members
        wanted = [c for q in self._quartets if q in held for c in members[q] if c not in hs]
        asks = self._asks
        if self.players == 2:
            t = 1 - me  # Q5: the only other player (asked even with no cards: house ruling)
            return [asks[c][t] for c in wanted]
        return [asks[c][t] for t in self._targets(me) for c in wanted]

    def _targets(self, me: int) -> list[int]:
        """Q4.2 and the house ruling: other seats holding cards, else any other seat."""
        hands = self.hands
        n = self.players
        seats = [s for s in range(n) if s != me and hands[s]]
        return seats or [s for s in range(n) if s != me]

    def apply(self, action: Action | str) -> None:
        """Play an action (or its notation); IllegalAction leaves the state unchanged."""
        if isinstance(action, str):
            action = parse(action)
        elif not isinstance(action, Action):
            raise IllegalAction(_("not a Quartett action: {a!r}").format(a=action))
        self._check(action)
        if action.kind == "call":
            self._call(action.category)
        else:
            self._ask(action.seat, action.card)

    def _check(self, a: Action) -> None:
        """Raise IllegalAction unless `a` may be played now; never changes the state."""
        if self.phase == OVER:
            raise IllegalAction(_("the game is over"))
        if a.kind == "call":
            if self.phase == ASK:
                raise IllegalAction(_("this is the Quartett game: ask for a card, e.g. ask P2 F3"))
            if a.category not in MODE_CATEGORIES[self.mode]:
                raise IllegalAction(
                    _("'{cat}' cannot be called in this game; call one of: {cats}").format(
                        cat=a.category, cats=", ".join(MODE_CATEGORIES[self.mode])
                    )
                )  # Q3.1
            return
        if a.kind != "ask":
            raise IllegalAction(_("unknown action '{a}'").format(a=a))
        if self.phase != ASK:
            raise IllegalAction(_("in this game you call a category, e.g. call goals"))
        me = self.turn
        t = a.seat
        if not (0 <= t < self.players) or t == me:
            raise IllegalAction(_("ask another player, P1 to P{n}").format(n=self.players))
        if not self.hands[t] and t not in self._targets(me):
            raise IllegalAction(
                _("{p} has no cards; ask a player who holds cards").format(p=self._n(t))
            )
        card = a.card
        if card not in self._info:
            raise IllegalAction(_("there is no card {card} in this deck").format(card=card))
        hand = self.hands[me]
        if card in hand:
            raise IllegalAction(_("you hold {card} yourself").format(card=card))  # Q4.3
        q = card[:-1]
        a1, a2, a3, a4 = self._members[q]
        if not (a1 in hand or a2 in hand or a3 in hand or a4 in hand):
            raise IllegalAction(
                _(
                    "you may only ask for a card of a quartet you hold a card of; "
                    "you hold no {q} card"
                ).format(q=q)
            )  # Q4.3

    # -- Q2. A top-trumps round --------------------------------------------

    def _call(self, cat: str) -> None:
        """Q2.3: every player in the round shows the top card; the called value decides."""
        caller = self.turn
        stacks = self.stacks
        stechen = self.phase == STECHEN
        if stechen:
            seats = self.stechen  # Q2.6
        else:
            self.round_no += 1
            seats = self._seats  # a round starts only while everyone holds cards (Q2.7)
            self.last_round = {"round": self.round_no, "comparisons": []}
        self.category = cat
        vals = self._values[cat]
        names, shown = self.names, self._shown[cat]
        seen = self._revealed
        plays = []  # (seat, card) in seat order
        pairs = []  # the same as JSON rows
        shows = []
        best = None
        top: list[int] = []
        for s in seats:
            c = stacks[s].pop(0)
            plays.append((s, c))
            pairs.append([s, c])
            shows.append(f"{names[s]} {shown[c]}")
            if c not in seen:
                seen.add(c)
                self.revealed.append(c)
            v = vals[c]
            if best is None or v > best:
                best, top = v, [s]
            elif v == best:
                top.append(s)
        self.log.append(
            _("{p} calls {cat}: {plays}").format(
                p=names[caller], cat=_(CATEGORY_LABELS[cat]), plays="; ".join(shows)
            )
        )
        single = len(top) == 1
        comparison = {
            "category": cat,
            "caller": caller,
            "stechen": stechen,
            "plays": pairs,
            "winner": top[0] if single else None,
            "tied": [] if single else top,
        }
        self.last_round["comparisons"].append(comparison)
        if single:
            self._win(top[0], plays, comparison)  # Q2.4
            return
        # Q2.6: a tie; the round's cards go to the middle, from the caller on
        self.middle.extend(c for _s, c in _from_seat(plays, caller))
        alive = [s for s in top if stacks[s]]
        tied = ", ".join(names[s] for s in top)
        value = format_value(cat, best)
        if len(alive) >= 2:
            self.stechen = alive
            self.phase = STECHEN
            self._say(
                _("Tie at {v} between {seats}: {m} cards in the middle; Stechen, {p} calls").format(
                    v=value, seats=tied, m=len(self.middle), p=names[caller]
                )
            )
            return
        if len(alive) == 1:
            self._say(
                _(
                    "Tie at {v} between {seats}; only {w} has cards left and wins the Stechen"
                ).format(v=value, seats=tied, w=names[alive[0]])
            )
            self._win(alive[0], [], comparison)
            return
        self._say(
            _("Tie at {v} between {seats}, who have no cards left: the middle stays").format(
                v=value, seats=tied
            )
        )
        self._settle()

    def _win(self, w: int, plays: list[tuple[int, str]], comparison: dict) -> None:
        """Q2.4, Q2.6: the winner puts the cards won, then the middle, under their stack."""
        stack = self.stacks[w]
        stack.extend([c for _s, c in _from_seat(plays, w)])
        middle = self.middle
        won = len(plays) + len(middle)
        if middle:
            stack.extend(middle)
            middle.clear()
        comparison["took"] = won
        self.turn = w  # Q2.5: the winner calls next
        self.log.append(_("{p} wins {n} cards").format(p=self.names[w], n=won))
        self._settle()

    def _settle(self) -> None:
        """The round is over: Q2.7's end check and the round limit, else the next call."""
        self.stechen = []
        self.phase = CALL
        stacks = self.stacks
        empty = [s for s in range(self.players) if not stacks[s]]
        if empty:
            self._end(
                _("{p} has no card left").format(p=", ".join(self.names[s] for s in empty))
            )  # Q2.7
        elif self.round_limit is not None and self.round_no >= self.round_limit:
            self._end(_("the round limit of {n} is reached").format(n=self.round_limit))

    # -- Q4, Q5. The Quartett game ------------------------------------------

    def _ask(self, target: int, card: str) -> None:
        """Q4.4–Q4.6, Q5.2: hand the card over (ask again) or miss (draw, turn passes)."""
        me = self.turn
        hands = self.hands
        names = self.names
        self.asks += 1
        if card in hands[target]:  # Q4.4
            hands[target].remove(card)
            hands[me].append(card)
            self.history.append([me, target, card, True, False])
            self._say(
                _("{a} asks {b} for {card} ({name}): {b} hands it over").format(
                    a=names[me], b=names[target], card=card, name=self._name[card]
                )
            )
            self._lay_down(me, card[:-1])
            if self._ended():
                return
            if not hands[me]:
                self._pass_turn((me + 1) % self.players)
            return
        drew = bool(self.stock)
        self.history.append([me, target, card, False, drew])
        if drew:  # Q5.2
            self._say(
                _(
                    "{a} asks {b} for {card} ({name}): {b} does not have it; "
                    "{a} draws a card from the stack ({n} left)"
                ).format(
                    a=names[me],
                    b=names[target],
                    card=card,
                    name=self._name[card],
                    n=len(self.stock) - 1,
                )
            )
            self._draw(me, quiet=True)
        else:
            self._say(
                _("{a} asks {b} for {card} ({name}): {b} does not have it").format(
                    a=names[me], b=names[target], card=card, name=self._name[card]
                )
            )
        if self._ended():
            return
        self._pass_turn(target)  # Q4.5

    def _draw(self, seat: int, quiet: bool = False) -> None:
        c = self.stock.pop(0)
        self.hands[seat].append(c)
        if not quiet:
            self._say(
                _("{p} draws a card from the stack ({n} left)").format(
                    p=self.names[seat], n=len(self.stock)
                )
            )
        self._lay_down(seat, c[:-1])

    def _lay_down(self, seat: int, q: str) -> None:
        """Q4.6: a complete quartet goes face up on the table."""
        hand = self.hands[seat]
        members = self._members[q]
        a1, a2, a3, a4 = members
        if a1 in hand and a2 in hand and a3 in hand and a4 in hand:
            for c in members:
                hand.remove(c)
            self.laid[seat].append(q)
            self._say(
                _("{p} lays down quartet {q} ({club})").format(
                    p=self.names[seat], q=q, club=self._info[members[0]]["club"]
                )
            )

    def _pass_turn(self, start: int) -> None:
        """Q4.5, Q4.7: the first seat from `start` on that holds cards is on turn."""
        hands = self.hands
        n = self.players
        for k in range(n):
            s = (start + k) % n
            if hands[s]:
                if k:
                    skipped = [self.names[(start + i) % n] for i in range(k)]
                    self._say(
                        ngettext(
                            "{p} has no cards and is skipped",
                            "{p} have no cards and are skipped",
                            k,
                        ).format(p=", ".join(skipped))
                    )
                self.turn = s
                return
        # nobody holds a card: the stack is not empty, or the game would be over
        self.history.append([start, None, None, False, True])
        self._say(
            _("Nobody holds a card: {p} takes one from the stack").format(p=self.names[start])
        )
        self._draw(start)
        self.turn = start

    def _ended(self) -> bool:
        """Q4.7: over when every quartet is on the table; also the round limit."""
        if not self.stock and not any(self.hands):
            self._end(_("every quartet is on the table"))
            return True
        if self.round_limit is not None and self.asks >= self.round_limit:
            self._end(_("the limit of {n} asks is reached").format(n=self.round_limit))
            return True
        return False

    # -- The end and scoring ------------------------------------------------

    def _end(self, reason: str) -> None:
        self.phase = OVER
        self.reason = reason
        scores = self.scores()
        best = max(scores)
        won = ", ".join(self.names[s] for s in range(self.players) if scores[s] == best)
        self._say(_("Final whistle: {reason}. Winner: {won}").format(reason=reason, won=won))

    def scores(self) -> list[int]:
        """Cards held (Q2.7) or quartets on the table (Q4.8), per seat."""
        if self.mode == QUARTETT:
            return [len(q) for q in self.laid]
        return [len(s) for s in self.stacks]

    def result(self) -> dict:
        """Scores and winners (Q2.7, Q4.8: equal counts share); no winners before the end."""
        scores = self.scores()
        if not self.is_over:
            return {"scores": scores, "winners": [], "over": False}
        best = max(scores)
        return {
            "scores": scores,
            "winners": [s for s in range(self.players) if scores[s] == best],
            "over": True,
            "reason": self.reason,
            "rounds": self.round_no,
            "asks": self.asks,
        }

    # -- views --------------------------------------------------------------

    def card_info(self, card_id: str) -> dict:
        """The catalog item of a card (Q8), as a fresh dict."""
        return dict(self._info[card_id])

    def public_view(self) -> dict:
        """What a spectator may know: no face-down card (Q2.8)."""
        return self.view(None)

    def view(self, seat: int | None) -> dict:
        """What `seat` may know: the public table plus its own top card (Q2.2) or hand (Q4)."""
        tt = self.mode != QUARTETT
        scores = self.scores()
        seats = [
            {
                "seat": s,
                "name": self.names[s],
                "cards": len(self.stacks[s]) if tt else len(self.hands[s]),
                "quartets": [] if tt else list(self.laid[s]),
                "score": scores[s],
            }
            for s in range(self.players)
        ]
        v = {
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
            "revealed": list(self.revealed),
            "history": [
                {"asker": a, "target": t, "card": c, "hit": hit, "drew": drew}
                for a, t, c, hit, drew in self.history
            ],
            "decks": [{"id": d[0], "name": d[1], "file": d[2]} for d in self.decks],
            "log": list(self.log),
            "is_over": self.is_over,
            "top_card": None,
            "hand": None,
        }
        if seat is not None:
            if tt:
                stack = self.stacks[seat]
                v["top_card"] = dict(self._info[stack[0]]) if stack else None
            else:
                rank = self._rank
                v["hand"] = [
                    dict(self._info[c]) for c in sorted(self.hands[seat], key=rank.__getitem__)
                ]
        if self.is_over:
            v["result"] = self.result()
        return v

    def _last_round_view(self) -> dict | None:
        lr = self.last_round
        if lr is None:
            return None
        comps = []
        for comp in lr["comparisons"]:
            vals = self._values[comp["category"]]
            comps.append(
                {
                    **{k: v for k, v in comp.items() if k != "plays"},
                    "tied": list(comp["tied"]),
                    "plays": [
                        {"seat": s, "card": dict(self._info[c]), "value": vals[c]}
                        for s, c in comp["plays"]
                    ],
                }
            )
        return {"round": lr["round"], "comparisons": comps}

    # -- helpers ------------------------------------------------------------

    def _n(self, seat: int) -> str:
        return self.names[seat]

    def _say(self, text: str) -> None:
        self.log.append(text)

    # -- persistence ----------------------------------------------------------

    def to_json(self) -> str:
        """The exact state as JSON, RNG position included."""
        d = {
            "game": ID,
            "version": 1,
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
            "last_round": self.last_round,
            "revealed": self.revealed,
            "history": self.history,
            "log": self.log,
            "reason": self.reason,
        }
        return json.dumps(d, ensure_ascii=False, sort_keys=True)

    def clone(self) -> QuartettState:
        """An independent copy (the card data, which never changes, is shared)."""
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
        new.last_round = copy.deepcopy(self.last_round)
        new.revealed = list(self.revealed)
        new._revealed = set(self._revealed)
        new.history = [list(h) for h in self.history]
        new.log = list(self.log)
        return new


def from_json(text: str) -> QuartettState:
    """Rebuild a state from `to_json()` output."""
    try:
        d = json.loads(text)
        if d.get("game") != ID:
            raise ValueError("not a Quartett game")
        if d.get("mode") not in MODES:
            raise ValueError(f"unknown mode {d.get('mode')!r}")
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
            log=d["log"],
            reason=d["reason"],
        )
    except (KeyError, TypeError, ValueError, AttributeError, IndexError) as exc:
        raise ValueError(_("not a saved Quartett game: {err}").format(err=exc)) from None


# ---------------------------------------------------------------------------
# Q8. Set-up: deal and options
# ---------------------------------------------------------------------------

_SHUFFLE_SPACE: dict[int, tuple[int, int, int]] = {}  # n -> (n!, words, limit)


def _shuffle(rng: GameRng, items: list) -> None:
    """Shuffle in place with the game's RNG: one uniform number below n! (from a few 64-bit
    outputs) read digit by digit is a Fisher-Yates shuffle; fast for a 32-card deck."""
    n = len(items)
    if n < 2:
        return
    space = _SHUFFLE_SPACE.get(n)
    if space is None:
        f = math.factorial(n)
        words = (f.bit_length() + 63) // 64 + 1
        whole = 1 << (64 * words)
        space = _SHUFFLE_SPACE[n] = (f, words, whole - whole % f)
    f, words, limit = space
    while True:
        x = 0
        for _w in range(words):
            x = (x << 64) | rng.next64()
        if x < limit:  # rejection keeps x % n! uniform
            break
    x %= f
    for i in range(n - 1, 0, -1):
        x, j = divmod(x, i + 1)
        items[i], items[j] = items[j], items[i]


# ---------------------------------------------------------------------------


def new_game(
    players: int = 2, seed: int | None = None, options: dict | None = None
) -> QuartettState:
    """Deal a new game (Q2.1, Q4.1, Q5.1, Q8).

    Options: mode, deck, decks, deal, round_limit, names.
    """
    o = dict(options or {})
    if (
        isinstance(players, bool)
        or not isinstance(players, int)
        or not (MIN_PLAYERS <= players <= MAX_PLAYERS)
    ):
        raise OptionError(
            _("Quartett is for {a} to {b} players").format(a=MIN_PLAYERS, b=MAX_PLAYERS)
        )  # Q2.1, Q4.1, Q5
    mode = o.get("mode") or FUSSBALL
    if mode not in MODES:
        raise OptionError(_("mode must be one of: {modes}").format(modes=", ".join(MODES)))  # Q8
    decks = _decks_from_options(o, mode)
    rows = _game_rows(decks)
    ids = [r[0] for r in rows]
    if seed is None:
        seed = random.SystemRandom().getrandbits(63)
    rng = GameRng(seed)
    if o.get("deal") is not None:
        deal = o["deal"]
        if (
            not isinstance(deal, list)
            or not all(isinstance(c, str) for c in deal)
            or sorted(deal) != sorted(ids)
        ):
            raise OptionError(
                _(
                    "deal must list each of the {n} card ids of the deck exactly once, top first"
                ).format(n=len(ids))
            )  # Q8
        order = list(deal)
    else:
        order = list(ids)
        _shuffle(rng, order)  # Q2.1
    limit = o.get("round_limit")
    if limit is not None and (isinstance(limit, bool) or not isinstance(limit, int) or limit < 1):
        raise OptionError(_("round_limit must be a whole number of at least 1, or none"))
    names = o.get("names") or [f"P{i + 1}" for i in range(players)]
    if not isinstance(names, list) or len(names) != players:
        raise OptionError(_("names must list one name per seat"))
    if mode == QUARTETT:
        per = min(TWO_PLAYER_HAND, len(order) // 2) if players == 2 else len(order) // players
    else:
        per = len(order) // players
    if per < 1:
        raise OptionError(
            _("the deck holds {n} cards: too few for {p} players").format(n=len(order), p=players)
        )
    dealt = [order[i::players][:per] for i in range(players)]  # one at a time from P1 (Q8)
    rest = order[per * players :]
    state = QuartettState(
        players=players,
        mode=mode,
        names=[str(n) for n in names],
        decks=[[d.id, d.name, d.path] for d in decks],
        cards=rows,
        rng=rng,
        round_limit=limit,
    )
    title = " + ".join(d.name for d in decks)
    if mode == QUARTETT:
        state.phase = ASK
        state.hands = dealt
        state.stock = rest  # Q4.1, Q5.1
        state.stacks = [[] for _i in range(players)]
        state.laid = [[] for _i in range(players)]
        state._say(
            _("{deck}: {per} cards each, {rest} on the stack; {p} asks first").format(
                deck=title, per=per, rest=len(rest), p=state.names[0]
            )
        )
        for s in range(players):
            counts: dict[str, int] = {}
            for c in dealt[s]:
                counts[c[:-1]] = counts.get(c[:-1], 0) + 1
            for q, k in counts.items():
                if k == 4:
                    state._lay_down(s, q)  # Q4.6 (house ruling: right after the deal)
        if not state._ended() and not state.hands[0]:
            state._pass_turn(0)
    else:
        state.phase = CALL
        state.stacks = dealt  # Q2.2: the first card dealt is the top
        state.middle = rest  # Q2.1
        state.hands = [[] for _i in range(players)]
        state.laid = [[] for _i in range(players)]
        state._say(
            _("{deck}: {per} cards each, {rest} in the middle; {p} calls first").format(
                deck=title, per=per, rest=len(rest), p=state.names[0]
            )
        )
    return state


def catalog(options: dict | None = None) -> list[dict]:
    """One item per card of the game's deck(s), with the keys of Q8."""
    o = options or {}
    decks = _decks_from_options(o, o.get("mode") or FUSSBALL)
    return [_info_of(row) for row in _card_rows(decks)]
