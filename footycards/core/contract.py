"""Provides the engine contract as types: what every game's engine module and state offer.

`Engine` is an engine module (`footycards.core.<id>`), `GameState` the state it deals;
the optional hooks some engines offer are Protocols of their own, found with
`isinstance` (they are runtime-checkable) instead of by name: `UndoBarriers` (the
module's `undo_barrier(event)`), `ReviewViews` (the state's `review_view()`) and
`HiddenCards` (the state's `reshuffled(seat, rng)`, for the test that views hide cards)
and `Determinize` (the module's `determinize(view, rng)`: a whole state from one seat's
view, for AI players that search).
The contract suite (`tests/core/test_contract.py`) gives every registered engine to
`Engine` (and its hooks, text renderer and agents to theirs) in a program built from the
registry and has mypy check it, so no list of games is kept for the type check.
`EventLog` is the read-only log a state hands out as `state.log`.

The contract itself is described in README's "Adding a game" and the architecture
document; the test suite `tests/core/test_contract.py` plays every registered game
through it.
"""

from __future__ import annotations

import random
from collections.abc import Iterator, Mapping, Sequence
from typing import Any, Generic, Protocol, Self, TypeVar, overload, runtime_checkable

Event = Mapping[str, Any]  # one log entry: JSON data named by its "event" key
E = TypeVar("E", bound=Event)


def copy_data(value: Any) -> Any:
    """A deep copy of JSON data (dicts, lists, tuples, scalars)."""
    if type(value) is dict:
        return {k: copy_data(v) for k, v in value.items()}
    if type(value) is list or type(value) is tuple:
        return [copy_data(v) for v in value]
    return value


class EventLog(Sequence[E], Generic[E]):
    """A state's public events, read-only: every event read is a fresh copy, so nothing
    done to it outside changes the game (or its save)."""

    __slots__ = ("_events",)

    def __init__(self, events: list[E]) -> None:
        self._events = events

    def __len__(self) -> int:
        return len(self._events)

    @overload
    def __getitem__(self, index: int) -> E: ...

    @overload
    def __getitem__(self, index: slice) -> list[E]: ...

    def __getitem__(self, index: int | slice) -> E | list[E]:
        if isinstance(index, slice):
            return [copy_data(e) for e in self._events[index]]
        result: E = copy_data(self._events[index])
        return result

    def __iter__(self) -> Iterator[E]:
        return (copy_data(e) for e in self._events)

    def __eq__(self, other: object) -> bool:
        if isinstance(other, EventLog):
            return self._events == other._events
        if isinstance(other, list):
            return self._events == other
        return NotImplemented

    __hash__ = None  # type: ignore[assignment]  # compares by value, like a list

    def __repr__(self) -> str:
        return f"EventLog({self._events!r})"


class GameState(Protocol):
    """One game in progress: whose decision is due, the legal actions, views, the end."""

    @property
    def to_move(self) -> int | None:
        """The seat (0-based) that must decide now; None once the game is over."""
        ...

    @property
    def is_over(self) -> bool: ...

    @property
    def log(self) -> Sequence[Event]:
        """The public events since the start, oldest first (copies: read-only)."""
        ...

    def legal_actions(self) -> Sequence[Any]:
        """The actions of `to_move`; `str(action)` is its notation. A list, or a sequence
        that builds its actions when read (`len()`, indexing, slices, iteration, `in`)."""
        ...

    def apply(self, action: Any) -> None:
        """Apply an action or its notation; IllegalAction (state unchanged) if refused."""
        ...

    def view(self, seat: int | None, *, log: bool = True) -> Any:
        """What `seat` may know (None: a spectator), fresh JSON data; `log=False` leaves the
        log out (for AI players that never read it)."""
        ...

    def public_view(self) -> Any: ...

    def scores(self) -> list[int]: ...

    def result(self) -> Any:
        """Once over: {"scores": [per seat], "winners": [seats], …}."""
        ...

    def to_json(self) -> str: ...

    def clone(self) -> Self: ...


class Engine(Protocol):
    """A game's engine module: its id, player range, dealing, notation and components."""

    @property
    def ID(self) -> str: ...  # module constants, read-only

    @property
    def MIN_PLAYERS(self) -> int: ...

    @property
    def MAX_PLAYERS(self) -> int: ...

    def new_game(
        self, players: int = ..., seed: int | None = ..., options: dict[str, Any] | None = ...
    ) -> GameState:
        """Deal a game; OptionError (or DeckError) when the options cannot start one."""
        ...

    def from_json(self, text: str) -> GameState: ...

    def parse(self, text: str) -> Any:
        """Notation -> action; IllegalAction on bad text."""
        ...

    def catalog(self, options: dict[str, Any] | None = ...) -> Sequence[Mapping[str, Any]]:
        """The game's components (cards, characters) as JSON data."""
        ...


@runtime_checkable
class UndoBarriers(Protocol):
    """An engine module that says which events undo against the AI never crosses."""

    def undo_barrier(self, event: Any) -> str | None:
        """The kind of barrier an event is (reveal, draw, chance, look, answer), or None."""
        ...


@runtime_checkable
class HiddenCards(Protocol):
    """A state that can deal again what one seat cannot see: the test that a view hides
    it (`tests/core/test_contract.py`: the seat's view must not change)."""

    def reshuffled(self, seat: int | None, rng: random.Random) -> Self:
        """A copy with every card `seat` (None: a spectator) cannot see dealt again among
        the places it cannot see; the state itself is left as it is."""
        ...


@runtime_checkable
class Determinize(Protocol):
    """An engine module that builds a whole state from what one seat may know: the AI
    players that search (`footycards.ai.master`) sample what their seat cannot see."""

    def determinize(self, view: Any, rng: random.Random) -> GameState:
        """A state whose `view(seat)` for the view's seat equals `view` (the log too, when
        the view has it), every card the seat cannot know dealt at random: alike among
        the deals that fit what the view shows (cards seen and where they are known to
        be). Nothing but `view` is read. ValueError for a view it cannot build from."""
        ...


@runtime_checkable
class ReviewViews(Protocol):
    """A state that can show every hidden card at once (replays: "all cards")."""

    def review_view(self) -> Any: ...
