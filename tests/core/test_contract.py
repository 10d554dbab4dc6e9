"""The engine contract, for every game of the registry in every mode: random play keeps
every invariant, bad input is refused and changes nothing, options are checked.

A new game gets all of this from its registry entry alone.
"""

from __future__ import annotations

import json
import random
import unicodedata
from pathlib import Path
from typing import Any

import pytest

import footycards
from footycards.core import get_game
from footycards.core.contract import (
    Determinize,
    EventLog,
    HiddenCards,
    ReviewViews,
    UndoBarriers,
)
from footycards.core.errors import DeckError, IllegalAction, OptionError
from footycards.registry import REGISTRY, GameSpec, PrivateNews

MESSAGE_LIMIT = 500  # characters a refusal may have
HIDDEN_MOVED: dict[str, int] = {}  # game -> reshuffles that moved a card (the check bites)
ACTION_LIMIT = 6000  # random play ends before this many actions (Quartett: ~2,000 at most)


def setups() -> list[Any]:
    """(spec, engine options, players) for every game and mode, at its fewest and most
    players (of the counts it is played by)."""
    out = []
    for spec in REGISTRY:
        mode_spec = spec.option(spec.mode_option) if spec.mode_option else None
        modes = [value for value, _label in mode_spec.choices] if mode_spec else [None]
        for mode in modes:
            given = {spec.mode_option: mode} if spec.mode_option else {}
            options = spec.convert(given, spec.min_players, "sim")
            for players in sorted({spec.counts()[0], spec.counts()[-1]}):
                tag = "-".join(str(x) for x in (spec.id, mode, players) if x is not None)
                out.append(pytest.param(spec, options, players, id=tag))
    return out


SETUPS = setups()


def printable(text: str) -> bool:
    return not any(unicodedata.category(ch) in ("Cc", "Cf") for ch in text)


def check_refusal(exc: IllegalAction) -> None:
    message = str(exc)
    assert len(message) <= MESSAGE_LIMIT, message[:100]
    assert printable(message), repr(message[:100])
    assert isinstance(exc.code, str) and exc.code


def refused(state: Any, action: Any) -> None:
    """`action` is refused with an IllegalAction that is short and printable, and the
    state is exactly as before."""
    before = state.to_json()
    with pytest.raises(IllegalAction) as info:
        state.apply(action)
    check_refusal(info.value)
    assert state.to_json() == before


def bad_inputs(spec: GameSpec) -> list[Any]:
    """What people (or a broken front end) may hand to `apply`: not strings, huge
    numbers, control characters, long text, other games' actions."""
    verbs = sorted({move.split()[0] for move in spec.text_module().EXAMPLES})
    huge = "9" * 5000
    bad: list[Any] = [
        None, 0, 7, -1, 3.5, True, b"pass", [], {}, ("take", 1), object(), huge,
        "", "   ", "\x00", "\x1b[31m", "\x1b]0;title\x07", "x" * 10_000, "\u202e" * 50,
        "take " + "9" * 4301, "flip " + huge, "call " + "x" * 10_000, "ask P" + huge + " A1",
    ]  # fmt: skip
    for verb in verbs:
        bad += [f"{verb} {huge}", f"{verb} P{huge}", f"{verb} -{huge}", f"{verb} \x1b[2J",
                f"{verb} " + "\x07" * 100, f"{verb} 1 " + "x" * 10_000]  # fmt: skip
    for other in REGISTRY:  # another game's action objects
        if other.id != spec.id:
            other_state = other.engine_module().new_game(other.min_players, 1)
            bad += other_state.legal_actions()[:2]
    return bad


def new_state(spec: GameSpec, options: dict[str, Any], players: int, seed: int) -> Any:
    return spec.engine_module().new_game(players, seed, dict(options))


def check_copies(state: Any, seat: int | None) -> None:
    """A view is fresh data and the log is read-only: changing them changes nothing."""
    before = state.to_json()
    view = state.view(seat)
    again = json.loads(json.dumps(view))
    for value in view.values():
        if isinstance(value, list):
            value.clear()
            value.append("junk")
        elif isinstance(value, dict):
            value.clear()
    view["junk"] = 1
    assert json.loads(json.dumps(state.view(seat))) == again
    log = state.log
    assert isinstance(log, EventLog) or not isinstance(log, list)
    if len(log):
        first = log[0]
        first["event"] = "junk"
        for value in first.values():
            if isinstance(value, list):
                value.append("junk")
        assert log[0]["event"] != "junk"
    assert not hasattr(log, "append")
    assert state.to_json() == before


def check_invariants(spec: GameSpec, state: Any, players: int, rng: random.Random) -> None:
    engine = spec.engine_module()
    text = state.to_json()
    # JSON round trip: the same position, and it plays on the same
    again = engine.from_json(text)
    assert again.to_json() == text
    # clone independence
    twin = state.clone()
    assert twin.to_json() == text
    if not twin.is_over:
        twin.apply(rng.choice(twin.legal_actions()))
        assert state.to_json() == text
    for seat in [None, *range(players)]:
        check_copies(state, seat)
    if isinstance(state, HiddenCards):  # what a seat cannot see, dealt again: same view
        for seat in [None, *range(players)]:
            other = state.reshuffled(seat, rng)
            assert state.to_json() == text
            assert json.loads(json.dumps(other.view(seat))) == json.loads(
                json.dumps(state.view(seat))
            ), seat
            HIDDEN_MOVED[spec.id] = HIDDEN_MOVED.get(spec.id, 0) + (other.to_json() != text)
    for seat in (-1, players, players + 3, "0", 1.0, True, None.__class__):
        with pytest.raises(IllegalAction) as info:
            state.view(seat)
        check_refusal(info.value)
    assert state.to_json() == text


@pytest.mark.parametrize("spec,options,players", SETUPS)
def test_random_play_keeps_every_invariant(spec, options, players):
    """Random legal play to the end: whose move, legal actions and their notation,
    round trips, clones, views and the log hold at checkpoints; the game ends."""
    engine = spec.engine_module()
    rng = random.Random(f"{spec.id}{players}{options}")
    state = new_state(spec, options, players, 7)
    checkpoints = {0, 1, 2, 5, 10, 20, 50, 100, 200, 500, 1000, 2000}
    steps = 0
    while not state.is_over:
        assert steps < ACTION_LIMIT, "the game does not end"
        seat = state.to_move
        assert type(seat) is int and 0 <= seat < players
        legal = state.legal_actions()
        assert legal, "no legal action although the game is on"
        if steps in checkpoints:
            for action in legal[:30]:
                assert str(engine.parse(str(action))) == str(action)
            check_invariants(spec, state, players, rng)
        action = rng.choice(legal)
        if steps % 7 == 0:
            state.apply(str(action))  # notation works as well as the object
        else:
            state.apply(action)
        steps += 1
    assert state.to_move is None and state.legal_actions() == []
    result = state.result()
    assert len(result["scores"]) == players == len(state.scores())
    assert set(result["winners"]) <= set(range(players))
    check_invariants(spec, state, players, rng)
    refused(state, legal[0])  # nothing is legal once over
    if isinstance(state, HiddenCards):
        assert HIDDEN_MOVED.get(spec.id), "reshuffled() never moved a hidden card"


@pytest.mark.parametrize("spec,options,players", SETUPS)
def test_bad_input_is_refused_and_changes_nothing(spec, options, players):
    """Non-strings, None, 5,000-digit numbers, control characters and 10 kB of text are
    refused with an IllegalAction (short, printable), by `apply` and `parse` alike."""
    engine = spec.engine_module()
    state = new_state(spec, options, players, 3)
    rng = random.Random(3)
    for _ in range(5):  # a little way in, so more than the first move is tried
        if not state.is_over:
            state.apply(rng.choice(state.legal_actions()))
    for bad in bad_inputs(spec):
        refused(state, bad)
        if isinstance(bad, str):
            with pytest.raises(IllegalAction) as info:
                engine.parse(bad)
            check_refusal(info.value)


@pytest.mark.parametrize("spec", list(REGISTRY), ids=lambda s: s.id)
def test_unknown_options_are_refused(spec):
    """A typo in an option name must not silently play another game: OptionError."""
    engine = spec.engine_module()
    for options in ({"colls": 4}, {"Deal": []}, {"": 1}, {7: 1}, {None: 1}):
        with pytest.raises(OptionError):
            engine.new_game(spec.min_players, 1, options)


WRONG_VALUES = [object(), [[]], {"a": 1}, "x" * 10_000, -1, 10**100, 1.5, "\x1b[2J", [None]]


@pytest.mark.parametrize("spec", list(REGISTRY), ids=lambda s: s.id)
def test_wrong_option_types_give_option_errors(spec):
    """Wrong players and wrong option values give OptionError (or DeckError for a deck
    that cannot be read), never TypeError or another crash; a value taken deals a game."""
    engine = spec.engine_module()
    for players in ("2", 2.0, None, True, -1, 10**100, [2]):
        with pytest.raises(OptionError):
            engine.new_game(players, 1, {})
    with pytest.raises(OptionError):
        engine.new_game(spec.min_players, 1, ["deal"])  # type: ignore[arg-type]
    names = {key for o in spec.options for key in o.engine_keys()} | {
        "deal", "names"
    }  # fmt: skip
    for name in sorted(n for n in names if n):
        for value in WRONG_VALUES:
            try:
                state = engine.new_game(spec.min_players, 1, {name: value})
            except (OptionError, DeckError) as exc:
                assert len(str(exc)) <= 2 * MESSAGE_LIMIT and printable(str(exc)), (name, value)
            else:
                assert state.legal_actions(), (name, value)


CONTRACT_IMPORTS = """\
from typing import Any

from footycards.ai.base import Agent
from footycards.core.contract import Determinize, Engine, HiddenCards, ReviewViews, UndoBarriers
from footycards.registry import PrivateNews, TextRenderer
"""


def contract_program(specs: list[GameSpec]) -> str:
    """A program that gives each game's parts to their contracts, for mypy: the engine
    module to `Engine` (its states, through `new_game`, to `GameState`), the optional
    hooks it offers to theirs, the text renderer to `TextRenderer` (and `PrivateNews`),
    each agent class to `Agent`. Built from the registry: a new game needs no edit."""
    lines = [CONTRACT_IMPORTS]
    agents: set[str] = set()
    for spec in specs:
        game = spec.id
        engine = spec.engine_module()
        state = engine.new_game(spec.min_players, 1, {})
        lines += [
            f"import {spec.engine} as {game}_engine",
            f"import {spec.text} as {game}_text",
            f"from {type(state).__module__} import {type(state).__name__} as {game}_State",
            f"{game.upper()}_ENGINE: Engine = {game}_engine",
            f"{game.upper()}_TEXT: TextRenderer = {game}_text",
        ]
        if isinstance(engine, UndoBarriers):
            lines.append(f"{game.upper()}_UNDO: UndoBarriers = {game}_engine")
        if isinstance(engine, Determinize):
            lines.append(f"{game.upper()}_DETERMINIZE: Determinize = {game}_engine")
        for hook in (ReviewViews, HiddenCards):
            if isinstance(state, hook):
                lines.append(
                    f"{game.upper()}_{hook.__name__.upper()}: type[{hook.__name__}] = {game}_State"
                )
        if isinstance(spec.text_module(), PrivateNews):
            lines.append(f"{game.upper()}_NEWS: PrivateNews = {game}_text")
        agents |= set(spec.agents.values())
    for i, path in enumerate(sorted(agents)):
        module, _sep, name = path.partition(":")
        lines += [
            f"from {module} import {name} as Agent{i}",
            f"AGENT_{i}: type[Agent[Any]] = Agent{i}",
        ]
    return "\n".join(lines) + "\n"


def run_mypy(program: str) -> tuple[int, str]:
    """mypy over `program` with the project's settings (pyproject.toml's [tool.mypy]);
    its exit status and report."""
    from mypy import api

    root = Path(footycards.__file__).parent.parent
    out, err, status = api.run(
        [
            "--config-file", "",
            "--python-version", "3.11",
            "--warn-unused-ignores",
            "--warn-redundant-casts",
            "--check-untyped-defs",
            "--cache-dir", str(root / ".mypy_cache"),
            "-c", program,
        ]
    )  # fmt: skip
    return status, out + err


def test_mypy_checks_every_game_against_the_typed_contract():
    """Every game of the registry, its engine, hooks, text renderer and agents, given to
    the typed contract (footycards/core/contract.py) and checked by mypy: a part that
    drifts from its contract fails here, and a new game is checked with no list to edit."""
    program = contract_program(list(REGISTRY))
    for spec in REGISTRY:
        assert f"{spec.id.upper()}_ENGINE: Engine" in program
    status, report = run_mypy(program)
    assert status == 0, report


def test_the_typed_contract_check_bites():
    """The same check fails for a module that is no engine and a class that is no agent
    (the check above proves something)."""
    program = CONTRACT_IMPORTS + (
        "import footycards.core.rng as not_an_engine\n"
        "WRONG: Engine = not_an_engine\n"
        "from footycards.core.rng import GameRng\n"
        "NO_AGENT: type[Agent[Any]] = GameRng\n"
    )
    status, report = run_mypy(program)
    assert status == 1, report
    assert 'variable has type "Engine"' in report, report
    assert 'variable has type "type[Agent[Any]]"' in report, report


def engine_params() -> list[Any]:
    known: dict[str, str] = {}  # a known defect, kept visible (strict xfail), by game id
    return [
        pytest.param(
            spec,
            id=spec.id,
            marks=[pytest.mark.xfail(strict=True, reason=known[spec.id])]
            if spec.id in known
            else [],
        )
        for spec in REGISTRY
    ]


@pytest.mark.parametrize("spec", engine_params())
def test_engines_are_found_by_core(spec):
    """`get_game` finds the engine of every game of the registry, which states no name or
    description of its own (the registry's are the ones shown)."""
    engine = get_game(spec.id)
    assert engine is spec.engine_module()
    assert not hasattr(engine, "NAME") and not hasattr(engine, "DESCRIPTION"), spec.id
