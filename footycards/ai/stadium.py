"""Provides StadiumAgent, the memory player of Stadium at three levels: easy, normal, hard.

The agent reads only `view(seat)` (architecture: "Agents see only views"). Its memory is
built from the public list of flips, `view["reveals"]`, read through a cursor, plus its own
VAR peek (`view["peeked"]`); a remembered card is forgotten once its cell is empty.

Levels differ the way people do, in memory, and in one decision. Memory decays: it holds at
most a number of cards (the oldest go first), and at every turn each remembered card may be
forgotten, or misremembered at a neighbouring cell (the agent then believes the card lies
there, and may flip the wrong card for a pair):

- easy: holds up to 30 cards and forgets or misplaces each about once in 65 turns;
- normal: holds every card, and forgets or misplaces each about once in 125 turns;
- hard: holds every card, forgets or misplaces each about once in 270 turns, and when its
  first flip shows a new card with no known partner, it weighs the second flip: turning a
  card everyone already knows reveals nothing, while a new card may match (or be a reward
  card) but may also hand an opponent a known pair;
- perfect (not offered to people; master's lead and rollouts): hard that keeps every card.

All levels take a known pair, flip the known partner of a first card, use VAR when they know
no pair, play PLAY GAME when the opponent's best pair is worth more than their own, take the
best pair after a won match, and show YELLOW or RED in response windows when the mover is
about to take a known pair or when they themselves know a pair to take (S4).
"""

from __future__ import annotations

import random
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, replace
from functools import lru_cache
from typing import Any, cast

from footycards.core import stadium as rules
from footycards.core.stadium import CardInfo, Cell, StadiumView

REWARDS = frozenset(rules.REWARDS)
DECAY_TURNS = 50  # turns of decay worked out at most per decision (older cards: as if 50)

# hard's value of a reward card taken (S3.3), in footballer pairs. More than the card
# itself: YELLOW and RED win turns, VAR and PLAY GAME win pairs. Measured: against the same
# perfect memory that always gambles, 3.0 did best of 0.5, 1, 1.5, 2, 3 and 5.
REWARD_VALUE = 3.0


@dataclass(frozen=True)
class _Level:
    """The parameters of one difficulty level."""

    capacity: int | None  # the most cards the memory holds (the oldest go first); None = all
    forget: float  # chance per turn that a remembered card is forgotten
    misplace: float  # chance per turn that a remembered card moves to a neighbouring cell
    careful: bool  # weigh the second flip (hard) instead of flipping a random new card


# Tuned with benchmarks/bench_ladder.py (10×10, two players; issue 22): each level beats
# the one below 65–85 % (tuning runs of 200 games: normal v easy 74.5 %, hard v normal
# 72.2 %, perfect v hard about 70 %; the README has the 1,000-game figures). The game is
# long (about 90 turns), so small chances add up: at easy's 1.5 % a turn a card stays about
# 65 turns. hard forgets a little, so that master (the perfect memory and a search) is a
# step above it. hard's edge from weighing the second flip alone, against the same perfect
# memory, is small (57 % over 60 games); its memory is what sets it apart.
LEVELS: dict[str, _Level] = {
    "easy": _Level(capacity=30, forget=0.01, misplace=0.005, careful=False),
    "normal": _Level(capacity=None, forget=0.005, misplace=0.003, careful=False),
    "hard": _Level(capacity=None, forget=0.0025, misplace=0.0012, careful=True),
    # not offered to people: the lead and the rollouts of `master` (footycards/ai/master.py)
    "perfect": _Level(capacity=None, forget=0.0, misplace=0.0, careful=True),
}

_STARS: dict[str, int] | None = None


def _catalog_stars() -> dict[str, int]:
    """Stars per footballer id from the default deck (public rules data), loaded once."""
    global _STARS
    if _STARS is None:
        try:
            _STARS = {item["id"]: item["stars"] for item in rules.catalog()}
        except Exception:  # a broken deck file must not stop the AI: learn stars from views
            _STARS = {}
    return _STARS


@lru_cache(maxsize=64)
def _rewards_in_game(rows: int, cols: int) -> int:
    """How many reward cards an R×C table holds (S1.4, S1.5), from the default deck."""
    try:
        return sum(1 for c in rules.table_cards(rules.load_deck(), rows, cols) if c in REWARDS)
    except Exception:  # custom deck or size: the S1.5 rule of thumb
        n = rows * cols
        r = n * 12 // 100
        if n >= 16:
            r = max(r, len(REWARDS))
        return r + (n - r) % 2


class _Board:
    """What one view shows of the table, indexed by table position (row * cols + col)."""

    __slots__ = ("state", "up", "down")

    def __init__(self, view: StadiumView) -> None:
        self.state: list[str] = [cell["state"] for cell in view["table"]]
        self.up: dict[int, str] = {}
        self.down: list[int] = []
        for i, s in enumerate(self.state):
            if s == "down":
                self.down.append(i)
            elif s == "up":
                self.up[i] = view["table"][i]["id"]


class _Legal:
    """The legal actions sorted by kind, so the agent returns elements of the list itself."""

    __slots__ = ("actions", "flips", "var", "match", "yellow", "red", "steal", "pass_")

    def __init__(self, actions: Sequence[Any], cols: int) -> None:
        self.actions = actions
        self.flips: dict[int, Any] = {}
        self.var = False
        self.match: dict[int, Any] = {}
        self.yellow: dict[int, Any] = {}
        self.red: Any = None
        self.steal: dict[str, Any] = {}
        self.pass_: Any = None
        for a in self._sorted_out(actions):
            k = a.kind
            if k == "flip":
                self.flips[a.row * cols + a.col] = a
            elif k == "match":
                self.match[a.seat] = a
            elif k == "yellow":
                self.yellow[a.seat] = a
            elif k == "red":
                self.red = a
            elif k == "steal":
                self.steal[a.card] = a
            elif k == "pass":
                self.pass_ = a

    def _sorted_out(self, actions: Sequence[Any]) -> Iterator[Any]:
        """Every action but the VAR pairs (noting whether there are any). The engine lists
        the ~5,000 pairs of a 10x10 table together, between the flips and the rest, in a
        sequence that builds each when read (core.stadium.Listed): they are skipped by
        index, not built; a plain list is read whole."""
        if isinstance(actions, list):
            for a in actions:
                if a.kind == "var":
                    self.var = True
                else:
                    yield a
            return
        n = len(actions)
        k = 0
        while k < n and actions[k].kind != "var":
            yield actions[k]
            k += 1
        if k == n:
            return
        self.var = True
        back = n - 1
        while back > k and actions[back].kind != "var":
            yield actions[back]
            back -= 1

    def var_action(self, i: int, j: int, cols: int) -> Any:
        """The legal `var` action looking at positions i and j, or None."""
        if not self.var:
            return None
        r1, c1, r2, c2 = i // cols, i % cols, j // cols, j % cols
        if not isinstance(self.actions, list):
            # the engine's Listed: every pair of face-down cards, the first in table order
            a, b = sorted(((r1, c1), (r2, c2)))
            return rules.Action("var", *a, *b)
        for a in self.actions:
            if a.kind == "var" and (
                (a.row, a.col, a.row2, a.col2) == (r1, c1, r2, c2)
                or (a.row, a.col, a.row2, a.col2) == (r2, c2, r1, c1)
            ):
                return a
        return None


class _MemoryGame:
    """Exact values of the two-player memory game, for hard's choice of a second card.

    A position is (n, k, r): n footballer pairs on the table, k of them with one card known
    to both players, r reward cards not yet seen; both players remember everything and take
    every known pair. `value[n][k][r]` is the expected lead (in pairs; a reward card counts
    `w`) of the player about to flip a first, unknown card. After a first card that is new
    (or a reward), the second card is either unknown (a gamble) or one that everyone knows
    (safe, possible when k >= 1); the table keeps the better one for both players.
    Stars and the uses of reward cards are left out: they change the stakes, not the race
    for information, which is what decides this choice (its parity pattern is the classic
    result for the memory game).
    """

    _cache: _MemoryGame | None = None

    def __init__(self, n_max: int, r_max: int, w: float) -> None:
        self.n_max, self.r_max, self.w = n_max, r_max, w
        self.value = [[[0.0] * (r_max + 1) for _k in range(n + 1)] for n in range(n_max + 1)]
        for n in range(n_max + 1):
            for r in range(r_max + 1):
                for k in range(n, -1, -1):
                    self.value[n][k][r] = self._solve(n, k, r)

    @classmethod
    def get(cls, n: int, r: int, w: float) -> _MemoryGame:
        """A table that covers (n, r), built once and reused."""
        c = cls._cache
        if c is None or c.n_max < n or c.r_max < r or c.w != w:
            c = cls(max(n, 50), max(r, 16), w)
            cls._cache = c
        return c

    def _v(self, n: int, k: int, r: int) -> float:
        return self.value[n][k][r]

    def after_fresh(self, n: int, k: int, r: int) -> tuple[float, float]:
        """(gamble, safe) after a first card that is new, from position (n, k, r)."""
        v, w = self._v, self.w
        u = 2 * n - k + r - 1  # unknown cards left for the second flip
        fresh = 2 * (n - k) - 2
        gamble = (1 + v(n - 1, k, r)) / u if u else 0.0
        if u:
            if k:
                gamble -= k / u * (1 + v(n - 1, k, r))
            if r:
                gamble += r / u * (w - v(n, k + 1, r - 1))
            if fresh:
                gamble -= fresh / u * v(n, k + 2, r)
        safe = -v(n, k + 1, r) if k else float("-inf")
        return gamble, safe

    def after_reward(self, n: int, k: int, r: int) -> tuple[float, float]:
        """(gamble, safe) after a first card that is a reward, from position (n, k, r)."""
        v, w = self._v, self.w
        u = 2 * n - k + r - 1
        if u == 0:
            return w, float("-inf")
        gamble = 0.0
        if k:
            gamble += k / u * (w - 1 - v(n - 1, k - 1, r - 1))
        if r > 1:
            gamble += (r - 1) / u * (2 * w - v(n, k, r - 2))
        if n - k:
            gamble += 2 * (n - k) / u * (w - v(n, k + 1, r - 1))
        safe = w - v(n, k, r - 1) if k else float("-inf")
        return gamble, safe

    def _solve(self, n: int, k: int, r: int) -> float:
        u = 2 * n - k + r
        if u == 0:
            return 0.0
        if n == 0 and r == 1:
            return self.w  # S3.5: the single last card is taken
        total = 0.0
        if k:
            total += k / u * (1 + self._v(n - 1, k - 1, r))
        if r:
            total += r / u * max(self.after_reward(n, k, r))
        if n - k:
            total += 2 * (n - k) / u * max(self.after_fresh(n, k, r))
        return total


class StadiumAgent:
    """A Stadium player that remembers the public flips (how well depends on its level)."""

    uses_view = True
    uses_log = False  # it never reads view["log"]: view(seat, log=False) will do

    def __init__(self, level: str = "normal") -> None:
        if level not in LEVELS:
            raise ValueError(f"unknown Stadium AI level '{level}'; levels are: {', '.join(LEVELS)}")
        self.level = level
        self.name = f"stadium-{level}"
        self._cfg = LEVELS[level]
        if self._cfg.careful:
            _MemoryGame.get(0, 0, REWARD_VALUE)  # build the table now, not mid-game
        self._reset()

    # -- memory ---------------------------------------------------------------

    def _reset(self) -> None:
        """Forget everything (a new game, or a view that does not continue the old one)."""
        self._cursor = 0
        self._first: tuple | None = None  # the first reveal seen, to notice a new game
        self._turn_no = 0  # the last turn number seen: a smaller one means a new game
        self._decayed = 0  # the turn number the memory has decayed up to
        self._size: tuple[int, int] | None = None
        self._index: dict[str, int] = {}
        self._known: dict[int, str] = {}  # position -> card id, oldest first
        self._private: set[int] = set()  # positions known from our own VAR peek only
        self._stars: dict[str, int] = dict(_catalog_stars())

    def _remember(self, i: int, cid: str) -> None:
        """Note (or refresh) the card at position i as the most recently seen."""
        self._known.pop(i, None)
        self._known[i] = cid

    def _seen(self, i: int, cid: str) -> None:
        """A public flip read: the card at position i is remembered, and known to all."""
        self._remember(i, cid)
        self._private.discard(i)

    def _trim(self) -> None:
        """Keep only as many cards as the level's memory holds, the most recent ones."""
        known = self._known
        cap = self._cfg.capacity
        if cap is not None:
            while len(known) > cap:
                old = next(iter(known))
                del known[old]
                self._private.discard(old)

    def _observe(self, view: StadiumView, board: _Board, rng: random.Random) -> None:
        """Read the new public flips, our own peek and the empty cells into memory."""
        size = (view["rows"], view["cols"])
        reveals = view["reveals"]
        first = None
        if reveals:
            r0 = reveals[0]
            first = (r0["turn"], r0["pos"], r0["id"])
        turn_no = view.get("turn_no", 0)
        if (
            size != self._size
            or self._cursor > len(reveals)
            or turn_no < self._turn_no
            or (self._first is not None and first != self._first)
        ):
            self._reset()
            self._size = size
            self._index = {cell["pos"]: i for i, cell in enumerate(view["table"])}
        self._first = first
        self._turn_no = turn_no
        index = self._index
        # the new flips in turn order, each card exposed to every turn since it was seen
        # (a card the opponent showed last turn has had one turn to be forgotten), so a
        # level that forgets at nearly every turn remembers nearly nothing
        new = reveals[self._cursor :]
        k = 0
        for t in range(max(self._decayed, turn_no - DECAY_TURNS), turn_no):
            while k < len(new) and new[k]["turn"] <= t:
                self._seen(index[new[k]["pos"]], new[k]["id"])
                k += 1
            self._decay(1, board, rng)
        self._decayed = max(self._decayed, turn_no)
        for r in new[k:]:
            self._seen(index[r["pos"]], r["id"])
        self._cursor = len(reveals)
        known = self._known
        state = board.state
        for i in [i for i in known if state[i] == "empty"]:
            del known[i]
            self._private.discard(i)
        self._trim()
        for label, info in (view.get("peeked") or {}).items():
            i = index[label]
            if known.get(i) != info["id"]:
                self._private.add(i)
            self._remember(i, info["id"])
            self._learn(info)
        self._trim()
        for cell in view["table"]:
            if cell["state"] == "up":
                self._learn(cell)
        for area in view["areas"]:
            for info in area["pairs"]:
                self._learn(info)

    def _decay(self, turns: int, board: _Board, rng: random.Random) -> None:
        """`turns` turns of decay: each remembered card, each turn, is forgotten with the
        level's chance, or else misremembered at a face-down neighbouring cell (swapped with
        what the agent believed was there)."""
        forget, misplace = self._cfg.forget, self._cfg.misplace
        if not (forget or misplace):
            return
        known, private = self._known, self._private
        rows, cols = self._size or (0, 0)
        state = board.state
        for _turn in range(turns):
            for i in list(known):
                if i not in known or state[i] != "down":
                    continue
                x = rng.random()
                if x < forget:
                    del known[i]
                    private.discard(i)
                elif x < forget + misplace:
                    r, c = divmod(i, cols)
                    near = [
                        (r + dr) * cols + c + dc
                        for dr, dc in ((-1, 0), (1, 0), (0, -1), (0, 1))
                        if 0 <= r + dr < rows and 0 <= c + dc < cols
                    ]
                    near = [j for j in near if state[j] == "down"]
                    if not near:
                        continue
                    j = rng.choice(near)
                    cid, other = known.pop(i), known.pop(j, None)
                    known[j] = cid
                    if other is not None:
                        known[i] = other
                    i_private, j_private = i in private, j in private
                    private.discard(i)
                    private.discard(j)
                    if i_private:
                        private.add(j)
                    if j_private and other is not None:
                        private.add(i)

    def _learn(self, info: CardInfo | Cell) -> None:
        cid = info.get("id")
        if cid and cid not in REWARDS and cid not in self._stars:
            self._stars[cid] = int(info.get("stars", 1))

    def _star(self, cid: str) -> int:
        return self._stars.get(cid, 1)

    def recalled(self, view: StadiumView) -> StadiumView:
        """`view` as this memory holds it (after `choose` read it): the public flips are
        the cards it remembers, where it believes they lie, and its VAR look the ones only
        it has seen. master's samples start from it (stadium_determinize: an agent that
        forgets hands over a view with fewer reveals), so master forgets as its lead does."""
        cfg = self._cfg
        if cfg.capacity is None and not (cfg.forget or cfg.misplace):
            return view  # it holds every card shown: the public record itself
        labels = [cell["pos"] for cell in view["table"]]
        info = {cid: (name, stars) for cid, name, stars in view["deck"]}
        turn_no = view.get("turn_no", 0)
        down = {cell["pos"] for cell in view["table"] if cell["state"] == "down"}
        # the cards that left the table (or lie face up) are in sight: the last flip of each
        # (a sample needs no more to know them; a long game flips each card many times)
        last: dict[str, Any] = {}
        for r in view["reveals"]:
            if r["pos"] not in down:
                last.pop(r["pos"], None)
                last[r["pos"]] = r
        reveals: list[Any] = sorted(last.values(), key=lambda r: r["turn"])
        peeked: dict[str, Any] = {}
        for i, cid in self._known.items():
            if labels[i] not in down:
                continue
            name, stars = info.get(cid, (cid, 1))
            kind = "reward" if cid in REWARDS else "footballer"
            card = {"id": cid, "name": name, "stars": stars, "kind": kind}
            if i in self._private:
                peeked[labels[i]] = card
            else:
                reveals.append({"turn": turn_no, "pos": labels[i], **card})
        # the log is left out: no sample reads it (a long game's log is most of a copy)
        return cast(StadiumView, {**view, "reveals": reveals, "peeked": peeked, "log": []})

    # -- what memory says about the table ----------------------------------

    def _down_known(self, board: _Board) -> dict[int, str]:
        """Remembered face-down cards: position -> id."""
        state = board.state
        return {i: c for i, c in self._known.items() if state[i] == "down"}

    def _pairs(self, known_down: dict[int, str]) -> list[tuple[int, int, int]]:
        """Known face-down pairs as (stars, pos, pos), best first."""
        seen: dict[str, int] = {}
        pairs = []
        for i, cid in known_down.items():
            if cid in REWARDS:
                continue
            if cid in seen:
                pairs.append((self._star(cid), seen[cid], i))
            else:
                seen[cid] = i
        pairs.sort(key=lambda p: (-p[0], p[1]))
        return pairs

    @staticmethod
    def _unknown(board: _Board, known_down: dict[int, str]) -> list[int]:
        return [i for i in board.down if i not in known_down]

    # -- the decision ----------------------------------------------------------

    def choose(self, view: StadiumView, legal_actions: list, rng: random.Random) -> Any:
        """Return one element of `legal_actions`, reading only `view` (never the state)."""
        board = _Board(view)
        self._observe(view, board, rng)
        legal = _Legal(legal_actions, view["cols"])
        phase = view["phase"]
        action = None
        if phase == "steal":
            action = self._steal(view, legal)
        elif phase == "window":
            action = self._respond(view, board, legal)
        elif phase == "turn":
            action = self._first_flip(view, board, legal, rng)
        elif phase == "second":
            action = self._second_flip(view, board, legal, rng)
        if action is None:
            action = legal.pass_ if legal.pass_ is not None else rng.choice(legal_actions)
        return action

    def considered(self, view: StadiumView, legal_actions: list, rng: random.Random) -> Any:
        """The level's choice with every card shown remembered where it was seen (no lapse
        of memory): what a hint shows (footycards/ai/hints.py), advice, not a slip."""
        sure = StadiumAgent(self.level)
        sure._cfg = replace(self._cfg, capacity=None, forget=0.0, misplace=0.0)
        return sure.choose(view, legal_actions, rng)

    def _steal(self, view: StadiumView, legal: _Legal) -> Any:
        """S4.2: after a won match take the pair with the most stars."""
        if not legal.steal:
            return None
        best = max(legal.steal, key=lambda cid: (self._star(cid), cid))
        return legal.steal[best]

    def _first_flip(
        self, view: StadiumView, board: _Board, legal: _Legal, rng: random.Random
    ) -> Any:
        """Start of our turn: a known pair, else PLAY GAME or VAR, else a new card."""
        known_down = self._down_known(board)
        pairs = self._pairs(known_down)
        if pairs:
            return legal.flips.get(pairs[0][1])
        match = self._match(view, legal)
        if match is not None:
            return match
        unknown = self._unknown(board, known_down)
        if legal.var and len(unknown) >= 2:
            i, j = rng.sample(unknown, 2)
            action = legal.var_action(i, j, view["cols"])
            if action is not None:
                return action
        if unknown:
            return legal.flips.get(rng.choice(unknown))
        rewards = [i for i, c in known_down.items() if c in REWARDS]
        if rewards:
            return legal.flips.get(rewards[0])
        return None

    def _match(self, view: StadiumView, legal: _Legal) -> Any:
        """S4.2 PLAY GAME when the opponent's best pair beats our own best pair.

        Each side wins half the time and a winner takes the loser's best pair, so the
        expected swing is (their best - our best) stars; the match also costs our turn,
        hence only when we know no pair to take.
        """
        if not legal.match:
            return None
        areas = view["areas"]
        me = view["seat"]
        if me is None:
            return None
        mine = max((p["stars"] for p in areas[me]["pairs"]), default=0)
        best = None
        for seat, action in legal.match.items():
            theirs = max((p["stars"] for p in areas[seat]["pairs"]), default=0)
            key = (theirs, areas[seat]["score"])
            if theirs > mine and (best is None or key > best[0]):
                best = (key, action)
        return best[1] if best else None

    def _second_flip(
        self, view: StadiumView, board: _Board, legal: _Legal, rng: random.Random
    ) -> Any:
        """Second card: the known partner, else a new card (hard weighs a safe known one)."""
        known_down = self._down_known(board)
        unknown = self._unknown(board, known_down)
        if not board.up:  # not a real second flip: any new card
            return legal.flips.get(rng.choice(unknown)) if unknown else None
        up_pos, up_id = next(iter(board.up.items()))
        if up_id not in REWARDS:
            for i, cid in known_down.items():
                if cid == up_id and i != up_pos:
                    return legal.flips.get(i)
        if self._cfg.careful:
            return self._careful_second(view, board, legal, rng, known_down, up_id, unknown)
        if unknown:
            return legal.flips.get(rng.choice(unknown))
        return None

    def _careful_second(
        self,
        view: StadiumView,
        board: _Board,
        legal: _Legal,
        rng: random.Random,
        known_down: dict[int, str],
        up_id: str,
        unknown: list[int],
    ) -> Any:
        """Hard: a new card, or a card everyone has already seen (which tells nobody anything).

        A new card may match the first card or be a reward card, but may also be the partner
        of a card everyone has seen (a gift to the next mover) or a new card (information
        the next mover uses first). The choice is read off `_MemoryGame`: the exact values
        of the memory game between two perfect memories, by pairs left, known single cards
        and unknown reward cards.
        """
        safe_rewards = [i for i, c in known_down.items() if c in REWARDS]
        # a card everyone has seen leaks nothing when flipped again
        safe_cards = [
            i for i, c in known_down.items() if c not in REWARDS and i not in self._private
        ]
        if not unknown or not (safe_rewards or safe_cards):
            pick = unknown or safe_rewards or safe_cards
            return legal.flips.get(rng.choice(pick)) if pick else None
        rewards_taken = view["discarded"] + sum(len(a["rewards"]) for a in view["areas"])
        on_table = max(0, _rewards_in_game(view["rows"], view["cols"]) - rewards_taken)
        first_reward = up_id in REWARDS
        r = max(0, on_table - len(safe_rewards) - first_reward)
        n = max(0, (len(board.down) + len(board.up) - on_table) // 2)
        k = len({c for c in known_down.values() if c not in REWARDS})
        k = min(k, max(0, n - (0 if first_reward else 1)))
        game = _MemoryGame.get(n, r + 1, REWARD_VALUE)
        if first_reward:
            gamble, safe = game.after_reward(n, k, r + 1)
        else:
            gamble, safe = game.after_fresh(n, k, r)
        if safe_rewards:
            safe += REWARD_VALUE
            if safe >= gamble:
                return legal.flips.get(safe_rewards[0])
        elif safe >= gamble:
            return legal.flips.get(rng.choice(safe_cards))
        return legal.flips.get(rng.choice(unknown))

    def _respond(self, view: StadiumView, board: _Board, legal: _Legal) -> Any:
        """S4.6 window: YELLOW or RED when the mover is about to take a known pair.

        At the start of a turn the threat is a pair we know on the table (the mover may know
        it too); after the mover's first card, it is that card's known partner. We interrupt
        only when the next move is then ours (YELLOW on the mover in a two-player game or
        when we sit next, a second YELLOW, or RED), so we take the pair instead.
        """
        me = view["seat"]
        mover = view["turn"]
        window = view["window"]
        known_down = self._down_known(board)
        if window is not None and window["kind"] == "flip":
            if not board.up:
                return None
            up_pos, up_id = next(iter(board.up.items()))
            threat = up_id not in REWARDS and any(
                cid == up_id and i != up_pos for i, cid in known_down.items()
            )
        else:
            threat = bool(self._pairs(known_down))
        if not threat:
            return None
        players = view["players"]
        yellow = legal.yellow.get(mover)
        if yellow is not None and (
            (mover + 1) % players == me or view["areas"][mover]["yellows"] >= 1
        ):
            return yellow
        if legal.red is not None:
            return legal.red
        return None
