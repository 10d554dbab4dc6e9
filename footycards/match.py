"""Provides Match, the one headless loop that runs every game, whoever plays it.

A Match holds the state, the seats and an agent per AI seat. It says whose decision is
due, lets an AI seat decide (from its view only), applies actions and tells every front
end that listens what happened (`Applied`: the action, its log entries, whose turn is
next, whether the game ended). Human seats are answered by front ends: the TUI (hot-seat
or one seat per SSH client), the text mode. `sim` runs it with AI seats only.

Nothing here imports Textual, Rich or Click; an AI decision (`Match.decide`) touches no
state, so a front end may run it in a worker thread and apply the result afterwards.

Undo against the AI (`Match.undo`): with exactly one person at the table, their last
decision and the AI moves after it are taken back, unless one of those moves logged an
event the game's engine module declares an undo barrier (`undo_barrier(event)`: a shuffle,
a die roll, a card turned over or drawn, a private look). A game that declares nothing
cannot be undone. The state is rebuilt by dealing again with the seed and replaying the
actions kept; the AI's random generator and the agents' memories are put back as they
were when the person decided, so the same move gets the same AI reply. Listeners of
`subscribe_undo` hear `Undone` (how many actions went, the actions now kept): an autosave
rewrites its file from `match.actions` then, as after an `Applied`.

Across a barrier the person may still undo when they ask for it knowingly
(`undo(anyway=True)`, after `undo_crossing` named what they have seen): the game then
counts as practice (`Match.practice`), in its record and in the statistics.
"""

from __future__ import annotations

import asyncio
import copy
import random
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from .ai import LEVELS
from .ai.base import Agent
from .core import IllegalAction
from .core.contract import GameState, UndoBarriers
from .i18n import N_
from .registry import GameSpec, get_spec
from .seats import SeatSpec, ai_name_here


def make_agent(game_id: str, level: str = "normal") -> Agent[Any]:
    """A fresh agent for one seat of `game_id` at `level` (random/easy/normal/hard)."""
    if level not in LEVELS:
        raise ValueError(f"unknown AI level '{level}'; levels are: {', '.join(LEVELS)}")
    spec = get_spec(game_id)
    if level == "master":  # it searches with the game's engine and agents: tell it them
        from .ai.master import GameParts, learn_game

        learn_game(game_id, GameParts(spec.engine, dict(spec.agents), spec.team_play))
    factory = spec.agent_factory(level)
    return factory() if level == "random" else factory(level)


@dataclass(frozen=True)
class Applied:
    """What one action did: who played what, the public events it logged, what is next."""

    number: int  # 1 for the first action of the match
    seat: int
    action: str  # its notation
    events: list[Any]  # the log entries it added
    by_ai: bool
    to_move: int | None  # whose decision is due now (None once over)
    is_over: bool


Listener = Callable[[Applied], None]
UNDO_DEPTH = 100  # how many of the person's moves can be taken back, one after another


@dataclass(frozen=True)
class Undone:
    """An undo: `removed` actions were taken back; `actions` is the list kept (notation)."""

    removed: int
    actions: list[str]
    to_move: int | None


UndoListener = Callable[[Undone], None]


class UndoRefused(IllegalAction):
    """Why an undo is not possible now (a code, an English template and its parameters)."""


# What each barrier kind an engine declares means, as the refusal says it.
BARRIER_REASONS = {
    "reveal": N_("a card was turned over since your move"),
    "draw": N_("a card was drawn since your move"),
    "chance": N_("the dice were rolled or the cards shuffled since your move"),
    "look": N_("hidden cards were looked at since your move"),
    "answer": N_("an answer told something about a hidden hand since your move"),
}
HIDDEN_CAME_OUT = N_("something hidden came out since your move")
# What the person has seen, for the question before an undo across a barrier.
BARRIER_SEEN = {
    "reveal": N_("a card that was turned over"),
    "draw": N_("a card that was drawn"),
    "chance": N_("how the dice fell or the cards were shuffled"),
    "look": N_("hidden cards"),
    "answer": N_("an answer about a hidden hand"),
}
HIDDEN_SEEN = N_("something that was hidden")


@dataclass
class Match:
    """A game being played: the state, the seats, one agent per AI seat, and listeners."""

    spec: GameSpec
    seats: list[SeatSpec]
    state: GameState
    seed: int | None = None
    options: dict[str, Any] = field(default_factory=dict)
    agents: dict[int, Agent[Any]] = field(default_factory=dict)
    rng: random.Random = field(default_factory=random.Random)
    actions: list[str] = field(default_factory=list)  # every action applied, in notation
    listeners: list[Listener] = field(default_factory=list, repr=False)
    undo_listeners: list[UndoListener] = field(default_factory=list, repr=False)
    # per action applied: (seat, length of state.log before it), for undo
    marks: list[tuple[int, int]] = field(default_factory=list, repr=False)
    # action index -> (AI rng state, agents) when the only person decided it, for undo
    undo_points: dict[int, tuple[Any, dict[int, Any]]] = field(default_factory=dict, repr=False)
    practice: bool = False  # an undo crossed something hidden: the game is practice
    hinted: bool = False  # a person asked for a hint (`h`): marked in the statistics

    @classmethod
    def start(
        cls,
        game_id: str,
        seats: Sequence[SeatSpec],
        seed: int | None = None,
        options: dict[str, Any] | None = None,
    ) -> Match:
        """Deal a new game for these seats (their names go to the engine).

        Raises the engine's OptionError or DeckError when the options cannot start a game.
        """
        spec = get_spec(game_id)
        if seed is None:  # a game is replayable only with its seed: always have one
            seed = random.SystemRandom().getrandbits(31)
        opts = dict(options or {})
        opts.setdefault("names", [s.name for s in seats])
        for q in spec.questions(opts):  # a set-up question nobody answered: no answers
            opts.setdefault(q.option, [None] * len(seats))
            opts.setdefault("ai_seats", [i for i, s in enumerate(seats) if s.ai])
        state = spec.engine_module().new_game(players=len(seats), seed=seed, options=opts)
        agents = {i: make_agent(game_id, s.ai) for i, s in enumerate(seats) if s.ai}
        return cls(spec, list(seats), state, seed, opts, agents, random.Random(seed))

    # -- what front ends read ---------------------------------------------------

    @property
    def game_id(self) -> str:
        return self.spec.id

    @property
    def due(self) -> int | None:
        """The seat whose decision is due; None once the game is over."""
        seat: int | None = self.state.to_move
        return seat

    @property
    def is_over(self) -> bool:
        return bool(self.state.is_over)

    @property
    def humans(self) -> list[int]:
        return [i for i, s in enumerate(self.seats) if s.is_human]

    def is_ai(self, seat: int | None) -> bool:
        return seat is not None and seat in self.agents

    def name(self, seat: int) -> str:
        """The seat's name as this session shows it (an AI seat's default name in its
        language, see `ai_name_here`)."""
        s = self.seats[seat]
        return ai_name_here(s.name) if s.ai is not None else s.name

    def names(self) -> list[str]:
        return [self.name(seat) for seat in range(len(self.seats))]

    def view(self, seat: int | None) -> dict[str, Any]:
        """What `seat` may know (the public view for None)."""
        view: dict[str, Any] = self.state.view(seat)  # fresh data: engines share nothing
        return view

    def public_view(self) -> dict[str, Any]:
        view: dict[str, Any] = self.state.public_view()
        return view

    def has_private(self, seat: int) -> bool:
        """Whether `seat`'s view now shows something a spectator may not see."""
        own = {**self.view(seat), "seat": None}
        return own != self.public_view()

    def legal_actions(self, seat: int | None = None) -> list[Any]:
        """The legal actions of `seat` (default: the seat due); [] when it is not due."""
        due = self.due
        if due is None or (seat is not None and seat != due):
            return []
        return list(self.state.legal_actions())

    def result(self) -> dict[str, Any]:
        result: dict[str, Any] = self.state.result()
        return result

    # -- listeners -----------------------------------------------------------------

    def subscribe(self, listener: Listener) -> Callable[[], None]:
        """Call `listener` after every action; returns a function that unsubscribes."""
        self.listeners.append(listener)

        def unsubscribe() -> None:
            if listener in self.listeners:
                self.listeners.remove(listener)

        return unsubscribe

    def subscribe_undo(self, listener: UndoListener) -> Callable[[], None]:
        """Call `listener` after every undo; returns a function that unsubscribes."""
        self.undo_listeners.append(listener)

        def unsubscribe() -> None:
            if listener in self.undo_listeners:
                self.undo_listeners.remove(listener)

        return unsubscribe

    # -- playing ---------------------------------------------------------------------

    def asked(self, action: Any, seat: int | None = None) -> tuple[int, Any]:
        """The seat due and the action (parsed from its notation) that `apply` is asked
        for; IllegalAction when the game is over, `seat` is not due or the notation does
        not parse."""
        due = self.due
        if due is None:
            raise IllegalAction("the game is over", code="game_over")
        if seat is not None and seat != due:
            raise IllegalAction("it is not your decision now", code="not_your_turn")
        if isinstance(action, str):
            action = self.spec.engine_module().parse(action)
        return due, action

    def apply(self, action: Any, seat: int | None = None) -> Applied:
        """Apply an action (or its notation) for the seat due.

        `seat`, when given, must be the seat due (a front end answering for one seat);
        otherwise IllegalAction, and nothing changes. An illegal action raises the
        engine's IllegalAction and changes nothing.
        """
        due, action = self.asked(action, seat)
        before = len(self.state.log)
        point = None
        if self.undo_offered() and due not in self.agents:
            point = (self.rng.getstate(), copy.deepcopy(self.agents))
        self.state.apply(action)
        if point is not None:
            self.undo_points[len(self.actions)] = point
            for old in sorted(self.undo_points)[:-UNDO_DEPTH]:
                del self.undo_points[old]
        self.marks.append((due, before))
        applied = Applied(
            number=len(self.actions) + 1,
            seat=due,
            action=str(action),
            events=list(self.state.log[before:]),
            by_ai=due in self.agents,
            to_move=self.due,
            is_over=self.is_over,
        )
        self.actions.append(applied.action)
        for listener in list(self.listeners):
            listener(applied)
        return applied

    def decide(self) -> Any:
        """The action the AI seat due chooses, from its own view; changes no state."""
        seat = self.due
        if seat is None or seat not in self.agents:
            raise ValueError("no AI seat is due")
        agent = self.agents[seat]
        if not agent.uses_view:
            view = {}
        elif agent.uses_log:
            view = self.state.view(seat)
        else:
            view = self.state.view(seat, log=False)  # the agent reads no log: skip copying it
        # a list for the agent (an engine may hand out a sequence built when read)
        return agent.choose(view, list(self.state.legal_actions()), self.rng)

    async def decide_paced(self, pace: float) -> Any:
        """The action of the AI seat due, decided in a worker thread (an event loop stays
        free) and returned no sooner than `pace` seconds after it was asked, so people can
        follow AI moves. Changes no state: the caller applies it if nothing moved meanwhile
        (the TUI and shared tables both pace their AI seats this way). A game's
        `min_pace` is the least pace whenever there is one (World Wave: 1 s, W5.2)."""
        pace = self.pace(pace)
        started = time.monotonic()
        action = await asyncio.to_thread(self.decide)
        wait = pace - (time.monotonic() - started)
        if wait > 0:
            await asyncio.sleep(wait)
        return action

    def pace(self, pace: float) -> float:
        """The pace of a decision: `pace`, but at least the game's `min_pace` when there
        is a pace at all (none, as in tests at the instant pace, stays none)."""
        return max(pace, self.spec.min_pace) if pace > 0 else pace

    def play_ai(self) -> Applied:
        """Let the AI seat due decide and apply its action."""
        return self.apply(self.decide())

    def run_ai(self, limit: int | None = None) -> list[Applied]:
        """Play AI seats until a human is due or the game ends (at most `limit` actions)."""
        done: list[Applied] = []
        while not self.is_over and self.is_ai(self.due):
            if limit is not None and len(done) >= limit:
                break
            done.append(self.play_ai())
        return done

    # -- undo against the AI -----------------------------------------------------------

    def undo_offered(self) -> bool:
        """Whether this match has undo at all: one person against AI seats only."""
        return len(self.humans) == 1 and bool(self.agents)

    def undo_refusal(self, anyway: bool = False) -> UndoRefused | None:
        """Why `undo` is not possible now, or None when it is (`anyway`: across a barrier,
        see `undo_crossing`)."""
        humans = self.humans
        if len(humans) > 1:
            return UndoRefused(
                "no undo with {n} people at the table: a move another person has seen stays",
                "undo_hot_seat",
                n=len(humans),
            )
        if not humans or not self.agents:
            return UndoRefused("undo is for a person playing against the AI", "undo_no_person")
        if self.is_over:
            return UndoRefused("the game is over", "game_over")
        person = humans[0]
        if self.due != person:
            return UndoRefused("wait until it is your move again", "undo_not_now")
        k = self.last_undo_point()
        if k is None:
            return UndoRefused("there is no move of yours to take back", "undo_nothing")
        if not isinstance(self.spec.engine_module(), UndoBarriers):
            return UndoRefused(
                "{game} does not offer undo", "undo_unsupported", game=self.spec.name
            )
        if anyway:
            return None
        kind = self.undo_crossing()
        if kind:
            template = BARRIER_REASONS.get(kind, HIDDEN_CAME_OUT)
            return UndoRefused(template, "undo_barrier", barrier=kind)
        return None

    def undo_crossing(self) -> str | None:
        """The kind of barrier (`reveal`, `draw`…) the next undo would cross, or None."""
        k = self.last_undo_point()
        engine = self.spec.engine_module()
        if k is None or not isinstance(engine, UndoBarriers):
            return None
        for event in self.state.log[self.marks[k][1] :]:
            kind = engine.undo_barrier(event)
            if kind:
                return str(kind)
        return None

    def last_undo_point(self) -> int | None:
        """The index of the person's last action that can be taken back (None: none)."""
        if len(self.marks) != len(self.actions):
            return None  # actions added behind the match's back: do not guess
        for k in range(len(self.actions) - 1, -1, -1):
            if self.marks[k][0] not in self.agents:
                return k if k in self.undo_points else None
        return None

    def undo(self, anyway: bool = False) -> int:
        """Take back the person's last decision and the AI moves after it.

        Raises UndoRefused (an IllegalAction: `narration.refusal` says it in words) and
        changes nothing when undo is not possible; returns how many actions went.
        `anyway` crosses a barrier (the person has been asked): the game becomes practice.
        """
        refusal = self.undo_refusal(anyway)
        if refusal is not None:
            raise refusal
        if anyway and self.undo_crossing():
            self.practice = True
        k = self.last_undo_point()
        assert k is not None
        kept = self.actions[:k]
        state = self.spec.engine_module().new_game(
            players=len(self.seats), seed=self.seed, options=copy.deepcopy(self.options)
        )
        for action in kept:
            state.apply(action)
        rng_state, agents = self.undo_points[k]
        removed = len(self.actions) - k
        self.state = state
        self.rng.setstate(rng_state)
        self.agents = agents
        del self.actions[k:]
        del self.marks[k:]
        for index in [i for i in self.undo_points if i > k]:
            del self.undo_points[index]
        del self.undo_points[k]
        undone = Undone(removed=removed, actions=list(self.actions), to_move=self.due)
        for listener in list(self.undo_listeners):
            listener(undone)
        return removed

    def restart(self) -> Match:
        """A new game with the same seats and options (a fresh seed)."""
        seed = random.SystemRandom().getrandbits(31)
        opts = {
            k: v for k, v in self.options.items() if k not in ("deal", "dice", "keeper", "names")
        }
        return Match.start(self.game_id, self.seats, seed, opts)
