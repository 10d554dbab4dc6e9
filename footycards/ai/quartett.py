"""Provides QuartettAgent, the heuristic AI player of Bundesliga Quartett (rules/quartett.md).

It reads only views. The deck's catalog (the cards of the decks a view names by id,
`quartett.deck_catalog`) is public knowledge; so are the cards revealed in top-trumps
rounds and the asks and answers of the Quartett game.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any, cast

from footycards.core import quartett
from footycards.core.quartett import QuartettCard, QuartettView, value_getter

from .quartett_belief import AskModel, OpponentBelief
from .quartett_hands import HandsBelief, placement, sample

COMPLETE_BONUS = 0.1  # measured: 0.1-0.15 best against random play; 0.3 and more hurt
BELIEF_STEPS = 12000  # chain steps per decision of `hard` in the two-player game (~25 ms)
HANDS_STEPS = 3000  # chain steps per decision of `hard` with three to six players
# how `hard` and `master` weigh the opponent's histories by its asks in the two-player game
# (quartett_belief.AskModel: log weights by the cards held of the quartet asked for, of each
# other quartet with as likely a hit, and per quartet with a likelier hit passed over),
# tuned with benchmarks/bench_belief.py on seeds 5000-5059 (README, Quartett AI)
ASK_MODEL = AskModel(asked=(0.0, 0.0, 1.0, 2.0), other=(0.0, 0.0, -0.3, -0.3), passed=-2.0)


@dataclass(frozen=True)
class _Level:
    """The parameters of one level (issue 22: each beats the one below 65–85 %)."""

    careless: float  # top trumps: the chance of calling a category at random
    seen: bool  # top trumps: rank its card among the cards not yet seen (else: the deck)
    memory: int | None  # the ask game: how many of the latest asks it recalls (None: all)
    slip: float  # the ask game: the chance of asking for its fullest quartet, whoever holds it
    belief: bool  # the ask game with two players: sample the opponent's histories


# Tuned with benchmarks/bench_ladder.py (two players, 1,000 games per pair). Top trumps
# is a long race (until one player holds every card), so a small edge a round compounds: a
# level that calls well 4 rounds in 10 more often than another beats it nearly always
# (hard with no careless call beat one careless half the time 97.7 %). Issue 22's ladder
# (each level 65–85 % above the one below, from easy v random up to master v hard) is so
# about 14 careless calls in 100 a step: easy 87 %, normal 72 %, hard 57 %.
LEVELS: dict[str, _Level] = {
    "easy": _Level(careless=0.87, seen=False, memory=4, slip=0.0, belief=False),
    "normal": _Level(careless=0.72, seen=True, memory=8, slip=0.0, belief=False),
    "hard": _Level(careless=0.57, seen=True, memory=None, slip=0.0, belief=True),
}


@dataclass(frozen=True)
class _Asks:
    """How a level asks in the Quartett game (Q4, Q5), with two or with three to six players."""

    memory: int | None  # how many of the latest asks it recalls (None: all)
    wild: float  # the chance of an ask at random among the legal ones (a careless moment)
    belief: bool  # sample the hidden hands (two players: OpponentBelief, else HandsBelief)
    model: AskModel | None = None  # two players: how the belief weighs the opponent's asks


# Tuned with 200-400 games a pair, measured with benchmarks/bench_ladder.py (README, AI
# ladder); with three to six players hard asks at random 30 % (at 25 % master, hard without
# lapses and a search, beat it 63.3 %; at 30 % 70.0 % over 150 games, and hard beat normal
# 69.0 % over 200). With three to six players every card but the stack's (two at most) changes
# hands in public, so memory hardly tells the levels apart: careless asks do (the joint
# belief of hard and master is what makes their asks good). `expert` is no level of the
# launcher: it is master's lead (footycards/ai/quartett_master.py), hard without lapses.
# With two players the levels above easy lie close (tuning seeds 5000-5999: careful normal
# beat easy 68.5 %, hard beat easy only 71.9 % and careful normal 53.6 %), so normal asks at
# random 8 % (v easy: 5 % 71.0 %, 8 % 68.0 %, 10 % 66.7 %, 18 % 63.3 %; hard v normal at
# 10 % 56.8 %, at 18 % 62.6 %): normal v easy in range, hard v normal not. Since hard weighs
# the opponent's histories by its asks (ASK_MODEL; 600 games on seeds 5000-5599: 66.2 % v
# normal at 8 %, 56.9 % without the weights), normal asks at random 12 % (1,000 games v
# easy from seed 5000: 10 % 66.7 %, 12 % 65.8 %, 15 % 64.3 %; hard v normal at 12 % 67.1 %).
ASKS: dict[str, tuple[_Asks, _Asks]] = {  # level -> (two players, three to six players)
    "easy": (_Asks(4, 0.0, False), _Asks(4, 0.75, False)),
    "normal": (_Asks(None, 0.12, False), _Asks(8, 0.45, False)),
    "hard": (_Asks(None, 0.0, True, ASK_MODEL), _Asks(None, 0.3, True)),
    "expert": (_Asks(None, 0.0, True, ASK_MODEL), _Asks(None, 0.0, True)),
}


class QuartettAgent:
    """Top trumps (Q2, Q3): calls the category where its top card ranks best among the cards
    not yet seen. Quartett (Q4, Q5): replays every public ask and answer, then asks where a
    card is known to be, otherwise the player most likely to hold it (a card that would
    complete a quartet gets a small bonus, `COMPLETE_BONUS`); ties go to the quartet it holds
    most of, then to the quartet the asked player likely holds most of.

    Levels differ in care and memory. In top trumps every level often calls at random
    (`LEVELS`: easy most often, hard least; the game compounds a small edge, see there);
    `easy` ranks its card against the whole deck, the others among the cards not yet seen.
    A hint shows the call without the lapse (`considered`). In the Quartett game `easy` recalls no
    ask and often simply asks for its fullest quartet; `normal` recalls the latest asks
    and answers (`LEVELS`): known places, who lacks which card (softened once that player
    has drawn from the stack) and which quartets each player must hold a card of, because
    they asked for one (Q4.3); its chances come from an exact, weighted count of the hands
    that fit. `hard` recalls every ask; with two players its chances come from sampling
    whole histories of the opponent's hand that fit the record exactly (`OpponentBelief`):
    when each card came, what the opponent held at each ask, each history weighed by how
    likely the opponent's asks were had it held so (`ASK_MODEL`: a player asks for the
    likeliest hit first, and among those for its fullest quartet); with three to six players
    from a chain over every opponent's hand at once (`quartett_hands`: a card two of
    three opponents lack is with the third). Once the stack is empty every level recalls
    every ask since; so with three to six players, whose stack holds at most two cards,
    what sets the levels apart is how often they ask at random (`ASKS`).
    """

    uses_view = True
    uses_log = False  # it never reads view["log"]: view(seat, log=False) will do

    def __init__(self, level: str = "normal") -> None:
        if level not in LEVELS and level not in ASKS:
            raise ValueError(
                f"unknown Quartett AI level '{level}'; levels are: {', '.join(LEVELS)}"
            )
        self.level = level
        self.name = f"quartett-{level}"
        self.cfg = LEVELS.get(level) or LEVELS["hard"]
        self.asks = ASKS[level]
        two = self.asks[0]
        self.belief = OpponentBelief(model=two.model) if two.belief else None
        self.held: dict[str, float] | None = None  # the latest sampled chances (two players)

    def choose(self, view: QuartettView, legal_actions: list[Any], rng: random.Random) -> Any:
        if not legal_actions:
            raise ValueError("no legal action to choose from")
        if len(legal_actions) == 1:
            return legal_actions[0]
        if view["mode"] == "quartett":
            return self._ask(view, legal_actions, rng, careful=False)
        return self._call(view, legal_actions, rng, self.cfg.careless)

    def considered(self, view: QuartettView, legal_actions: list[Any], rng: random.Random) -> Any:
        """The level's choice without a careless moment: what a hint shows (the call its
        ranking advises, footycards/ai/hints.py), not one of its lapses."""
        if view["mode"] != "quartett" and len(legal_actions) > 1:
            return self._call(view, legal_actions, rng, 0.0)
        if view["mode"] == "quartett" and len(legal_actions) > 1:
            return self._ask(view, legal_actions, rng, careful=True)  # no careless ask
        return self.choose(view, legal_actions, rng)

    # -- Q2, Q3: which category to call --------------------------------------

    def _call(
        self, view: QuartettView, legal: list[Any], rng: random.Random, careless: float
    ) -> Any:
        top = view.get("top_card")
        if top is None or (careless and rng.random() < careless):
            return rng.choice(legal)  # out of cards (calling a Stechen) or a careless moment
        catalog = deck_catalog(view)
        seen = {top["id"]}
        if self.cfg.seen:
            seen.update(view["revealed"])
        pool = [c for c in catalog if c["id"] not in seen]
        if len(pool) < 4:
            pool = [c for c in catalog if c["id"] != top["id"]]
        best: list[Any] = []
        best_score = -1.0
        for a in legal:
            cat = a.category
            value = value_getter(cat)
            mine = value(top)
            values = [value(c) for c in pool]
            below = sum(1 for x in values if x < mine)
            equal = sum(1 for x in values if x == mine)
            score = round((below + 0.5 * equal) / len(pool), 9)  # percentile of my card
            if score > best_score:
                best, best_score = [a], score
            elif score == best_score:
                best.append(a)
        return rng.choice(best)

    # -- Q4, Q5: whom to ask for which card ----------------------------------

    def _ask(
        self, view: QuartettView, legal: list[Any], rng: random.Random, *, careful: bool
    ) -> Any:
        """Q4, Q5: the ask; `careful` leaves out the level's careless asks (a hint)."""
        asks = self.asks[0 if view["players"] == 2 else 1]
        if asks.wild and not careful and rng.random() < asks.wild:
            return rng.choice(legal)  # a careless ask
        chance = self.chances(view, legal, rng)
        return rng.choice(self.best_asks(view, legal, chance))

    def chances(
        self, view: QuartettView, legal: list[Any], rng: random.Random
    ) -> dict[tuple[int, str], float]:
        """The chance that each asked seat holds each card of `legal`, as this level sees it
        (its memory; hard and master: the sampled belief)."""
        asks = self.asks[0 if view["players"] == 2 else 1]
        wanted: dict[int, set[str]] = {}
        for a in legal:
            wanted.setdefault(a.seat, set()).add(a.card)
        recalled = view
        memory = asks.memory
        history = view["history"]
        start = len(history) - memory if memory is not None else 0
        if start > 0 and view["stack"] == 0:
            # once the stack is empty no card changes hands unseen, and every ask since is
            # recalled: two players who forgot each other's misses would ask each other
            # for the same cards for ever
            last_draw = max((i for i, h in enumerate(history) if h["drew"]), default=-1)
            start = min(start, last_draw + 1)
        if start > 0:
            # the asks it no longer recalls: as if the game had started with the latest ones
            recalled = cast(QuartettView, {**view, "history": history[start:]})
        chance = self._believed(view, wanted, rng)
        if chance is None and asks.belief and view["players"] > 2:
            chance = joint_chances(view, wanted, random.Random(rng.getrandbits(64)))
        if chance is None:
            chance = hold_chances(recalled, wanted)
        return chance

    def best_asks(
        self, view: QuartettView, legal: list[Any], chance: dict[tuple[int, str], float]
    ) -> list[Any]:
        """The asks of `legal` that are best by `chance` (equal ones: any of them)."""
        mine_in: dict[str, int] = {}
        for card in view["hand"] or ():
            q = card["id"][:-1]
            mine_in[q] = mine_in.get(q, 0) + 1
        held: dict[tuple[int, str], float] = {}  # expected cards of a quartet a seat holds
        for (s, c), p in chance.items():
            held[(s, c[:-1])] = held.get((s, c[:-1]), 0.0) + p
        best: list[Any] = []
        best_key: tuple[float, int, float] | None = None
        for a in legal:
            q = a.card[:-1]
            mine = mine_in.get(q, 0)
            # most likely hit first (a hit keeps the turn, Q4.4), a card that completes a
            # quartet counting a little more (Q4.6: laid down, it is safe); then the fullest
            # quartet; then the quartet the asked player holds most of
            hit = chance[(a.seat, a.card)] + (COMPLETE_BONUS if mine == 3 else 0.0)
            key = (round(hit, 9), mine, round(held[(a.seat, q)], 9))
            if best_key is None or key > best_key:
                best, best_key = [a], key
            elif key == best_key:
                best.append(a)
        return best

    def _believed(
        self, view: QuartettView, wanted: dict[int, set[str]], rng: random.Random
    ) -> dict[tuple[int, str], float] | None:
        """`hard`, two players: the sampled chances that the opponent holds each card."""
        if self.belief is None or view["players"] != 2:
            return None
        ids = [c["id"] for c in deck_catalog(view)]
        chain_rng = random.Random(rng.getrandbits(64))  # the chain's own stream
        held = self.belief.chances(view, ids, chain_rng, BELIEF_STEPS)
        self.held = held  # every card's chance (master's samples, quartett_master.py)
        if held is None:
            return None
        return {(s, c): held.get(c, 0.0) for s, cards in wanted.items() for c in cards}


_CATALOGS: dict[tuple[str, ...], list[QuartettCard]] = {}


def deck_catalog(view: QuartettView) -> list[QuartettCard]:
    """The public card list of the game's decks, found by the deck ids the view names;
    the cards in sight when this process never loaded such a deck (a saved game)."""
    ids = tuple(d["id"] for d in view["decks"])
    items = _CATALOGS.get(ids)
    if items is None:
        try:
            items = quartett.deck_catalog(ids)
        except KeyError:
            return _cards_in_sight(view)
        _CATALOGS[ids] = items
    return items


def _cards_in_sight(view: QuartettView) -> list[QuartettCard]:
    seen: dict[str, QuartettCard] = {}
    for c in [view["top_card"], *(view["hand"] or ())]:
        if c:
            seen[c["id"]] = c
    lr = view["last_round"]
    for comp in lr["comparisons"] if lr else ():
        for play in comp["plays"]:
            seen[play["card"]["id"]] = play["card"]
    return list(seen.values())


# ---------------------------------------------------------------------------
# What the public history tells (Q4.3-Q4.5, Q5.2)
# ---------------------------------------------------------------------------


class Memory:
    """Known places of cards, who lacked a card (and how many draws ago), and which quartets
    each seat must hold a card of, rebuilt from a view's public history."""

    def __init__(self, view: QuartettView) -> None:
        n = view["players"]
        history = view["history"]
        stack = view["stack"] + sum(1 for h in history if h["drew"])
        self.known: dict[str, int] = {}
        self.lacks: dict[tuple[str, int], tuple[int, int]] = {}  # (card, seat) -> stack, draws
        self.draws = [0] * n
        self.signals: list[set[str]] = [set() for _s in range(n)]
        known, lacks, signals = self.known, self.lacks, self.signals
        for h in history:
            a, t, c = h["asker"], h["target"], h["card"]
            if c is not None and t is not None:
                q = c[:-1]
                if not any(k[:-1] == q and s == a for k, s in known.items()):
                    signals[a].add(q)  # Q4.3: a holds a card of q that nobody has seen
                if h["hit"]:
                    known[c] = a  # Q4.4: handed over in public
                    for s in range(n):
                        lacks.pop((c, s), None)
                    signals[t].discard(q)  # what t held of q may have been this card
                else:
                    for s in (a, t):  # Q4.3: the asker lacks it; the asked player too
                        lacks[(c, s)] = (stack, self.draws[s])
                    if known.get(c) in (a, t):
                        del known[c]
            if h["drew"]:
                self.draws[a] += 1
                stack -= 1
        laid = {q for s in view["seats"] for q in s["quartets"]}
        for c in [c for c in known if c[:-1] in laid]:
            del known[c]
        for sig in signals:
            sig -= laid
        me = view["seat"]
        if me is not None:
            for card in view["hand"] or ():
                known[card["id"]] = me
        self.laid = laid


def joint_chances(
    view: QuartettView,
    wanted: dict[int, set[str]],
    rng: random.Random,
    steps: int = HANDS_STEPS,
    keep: int = 0,
) -> dict[tuple[int, str], float] | None:
    """Three to six players: the chance each seat holds each card asked about, from a
    chain over every opponent's hand at once (`quartett_hands`); None when no placement
    fits the record as read (the per-seat count then decides)."""
    belief = hands_belief(view, rng, steps, keep)
    if belief is None:
        return None
    mem_known = belief_known(view)
    out: dict[tuple[int, str], float] = {}
    for s, cards in wanted.items():
        for c in cards:
            where = mem_known.get(c, -1)
            if where != -1:
                out[(s, c)] = 1.0 if where == s else 0.0
            else:
                out[(s, c)] = belief.chances.get((s, c), 0.0)
    return out


def belief_known(view: QuartettView) -> dict[str, int | None]:
    """Cards whose place the view tells: a seat, or None for a quartet on the table."""
    mem = Memory(view)
    out: dict[str, int | None] = dict(mem.known)
    for c in deck_catalog(view):
        if c["id"][:-1] in mem.laid:
            out[c["id"]] = None
    return out


def hands_belief(
    view: QuartettView, rng: random.Random, steps: int = HANDS_STEPS, keep: int = 0
) -> HandsBelief | None:
    """The joint belief over the hidden hands (`quartett_hands.sample`), with `keep`
    sampled placements; None when it does not fit the view as read."""
    mem = Memory(view)
    known = mem.known
    unknown = [
        c["id"] for c in deck_catalog(view) if c["id"][:-1] not in mem.laid and c["id"] not in known
    ]
    counts = [s["cards"] for s in view["seats"]]
    weights: dict[tuple[str, int], float] = {}
    for (c, s), (stack_then, draws_then) in mem.lacks.items():
        if c in known or s == view["seat"]:
            continue
        h = counts[s] - sum(1 for w in known.values() if w == s)
        d = mem.draws[s] - draws_then
        if d > 0 and stack_then > 0 and h > 0:
            drawn = min(0.99, d / stack_then)  # chance one of s's draws brought c
            weights[(c, s)] = drawn * max(len(unknown) - h, 1) / (h * (1 - drawn))
        else:
            weights[(c, s)] = 0.0
    problem = placement(view, mem, unknown, weights)
    if problem is None:
        return None
    return sample(problem, rng, steps, keep)


def hold_chances(view: QuartettView, wanted: dict[int, set[str]]) -> dict[tuple[int, str], float]:
    """For each seat and card asked about, the chance the seat holds the card now.

    Per seat, every hand that fits what is known is counted, weighted: a card the seat
    lacked before drawing from the stack counts with the chance that a draw brought it.
    """
    mem = Memory(view)
    known, lacks, draws = mem.known, mem.lacks, mem.draws
    unknown = [
        c["id"] for c in deck_catalog(view) if c["id"][:-1] not in mem.laid and c["id"] not in known
    ]
    counts = [s["cards"] for s in view["seats"]]
    out: dict[tuple[int, str], float] = {}
    for s, cards in wanted.items():
        open_cards = []
        for c in cards:
            where = known.get(c)
            if where is None:
                open_cards.append(c)
            else:
                out[(s, c)] = 1.0 if where == s else 0.0
        if not open_cards:
            continue
        h = counts[s] - sum(1 for w in known.values() if w == s)  # cards of s nobody has seen
        weight: dict[str, float] = {}
        for c in unknown:
            lack = lacks.get((c, s))
            if lack is None:
                weight[c] = 1.0
                continue
            stack_then, draws_then = lack
            d = draws[s] - draws_then
            if d > 0 and stack_then > 0 and h > 0:
                drawn = min(0.99, d / stack_then)  # chance one of s's draws brought c
                weight[c] = drawn * max(len(unknown) - h, 1) / (h * (1 - drawn))
        if h <= 0:
            for c in open_cards:
                out[(s, c)] = 0.0
            continue
        known_q = {c[:-1] for c, w in known.items() if w == s}
        groups: dict[str, list[str]] = {}
        for q in mem.signals[s] - known_q:
            g = [c for c in weight if c[:-1] == q]
            if g:
                groups[q] = g
        grouped = {c for g in groups.values() for c in g}
        rest = [c for c in weight if c not in grouped]
        rest_poly = _poly([weight[c] for c in rest], h)
        group_poly = {q: _at_least_one([weight[c] for c in g], h) for q, g in groups.items()}
        total = rest_poly
        for p in group_poly.values():
            total = _mul(total, p, h)
        hands = _coef(total, h)
        for c in open_cards:
            w = weight.get(c, 0.0)
            if not w or hands <= 0:
                out[(s, c)] = 0.0
                continue
            q = c[:-1]
            if q in groups:  # holding c satisfies "at least one of q"
                p = _mul(rest_poly, _poly([weight[d] for d in groups[q] if d != c], h), h)
                others = [gp for g, gp in group_poly.items() if g != q]
            else:
                p = _poly([weight[d] for d in rest if d != c], h)
                others = list(group_poly.values())
            for gp in others:
                p = _mul(p, gp, h)
            out[(s, c)] = min(1.0, w * _coef(p, h - 1) / hands)
    return out


def _mul(a: list[float], b: list[float], h: int) -> list[float]:
    """Product of two polynomials (coefficient lists), cut after degree h."""
    out = [0.0] * min(len(a) + len(b) - 1, h + 1)
    for i, x in enumerate(a):
        if i > h:
            break
        if x:
            for j in range(min(len(b), h + 1 - i)):
                out[i + j] += x * b[j]
    return out


def _poly(weights: list[float], h: int) -> list[float]:
    """The product of (1 + w·x): coefficient k weighs the ways to choose k of the cards."""
    p = [1.0]
    for w in weights:
        p = _mul(p, [1.0, w], h)
    return p


def _at_least_one(weights: list[float], h: int) -> list[float]:
    p = list(_poly(weights, h))
    p[0] -= 1.0
    return p


def _coef(p: list[float], k: int) -> float:
    return p[k] if 0 <= k < len(p) else 0.0
