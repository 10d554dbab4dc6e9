"""Tests of the Stadium AI (footycards/ai/stadium.py): legal moves, memory, rewards, no cheating.

Scenarios are fixed 4×4 deals (option `deal`, card ids in table order, row A first) and short
scripts of notation; the agent under test is then asked for its choice from `view(seat)`.
Stars in the default deck: F01 1, F02 2, F03 3, F04 1, F05 2, F06 1.
"""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

from footycards.ai import LEVELS as OFFERED
from footycards.ai.base import RandomAgent
from footycards.ai.master import TUNING
from footycards.ai.stadium import LEVELS as LEVELS_CFG
from footycards.ai.stadium import REWARD_VALUE, StadiumAgent, _Board, _Level, _MemoryGame
from footycards.core import get_game, stadium
from footycards.match import make_agent

game = get_game("stadium")
LEVELS = ("easy", "normal", "hard")

# A1..A4 rewards; the pairs are spread over rows B–D.
DEAL = """
VAR    GAME   YELLOW RED
F01    F02    F03    F04
F05    F06    F01    F02
F03    F04    F05    F06
"""


class NoForget(random.Random):
    """An rng whose `random()` never triggers easy's random forgetting."""

    def random(self) -> float:
        return 0.999


def new(table: str = DEAL, players: int = 2, **options) -> stadium.StadiumState:
    """A 4×4 game on a fixed deal written as rows of card ids."""
    opts = {"rows": 4, "cols": 4, "deal": table.split(), **options}
    return game.new_game(players=players, seed=1, options=opts)


def play(state: stadium.StadiumState, *moves: str) -> stadium.StadiumState:
    """Apply a script of notation lines, answering `pass` in any response window first."""
    for move in moves:
        while state.phase == "window":
            state.apply("pass")
        state.apply(move)
    return state


def ask(state: stadium.StadiumState, level: str, rng: random.Random | None = None) -> str:
    """A fresh agent's choice for the seat to move, as notation; checks it is legal."""
    legal = state.legal_actions()
    action = StadiumAgent(level).choose(state.view(state.to_move), legal, rng or NoForget(0))
    assert action in legal
    return str(action)


# ---------------------------------------------------------------------------
# whole games
# ---------------------------------------------------------------------------


@pytest.mark.parametrize("level", LEVELS)
def test_legal_action_in_every_phase_over_whole_games(level: str) -> None:
    """Three players (two agents and a random one) on 6×6 tables; agents are reused across
    games, and seat 0 gets a fresh agent in the middle of each game."""
    phases: set[str] = set()
    agents = [StadiumAgent(level), StadiumAgent(level), RandomAgent()]
    for g in range(24):  # a won match (steal phase) comes in about one game in three
        state = game.new_game(3, seed=g, options={"rows": 6, "cols": 6})
        rng = random.Random(g)
        steps = 0
        while not state.is_over:
            steps += 1
            assert steps < 5000, "game does not end"
            if steps == 40:
                agents[0] = StadiumAgent(level)  # created mid-game
            seat = state.to_move
            view = state.view(seat)
            legal = state.legal_actions()
            action = agents[seat].choose(view, legal, rng)
            assert action in legal, (view["phase"], action)
            if seat < 2:
                phases.add(view["phase"])
            state.apply(action)
    assert {"turn", "second", "window", "steal"} <= phases


def test_make_agent_builds_stadium_agents() -> None:
    for level in LEVELS:
        agent = make_agent("stadium", level)
        assert isinstance(agent, StadiumAgent)
        assert agent.name == f"stadium-{level}"
    with pytest.raises(ValueError):
        StadiumAgent("expert")


def test_hard_beats_random_on_6x6() -> None:
    wins = 0.0
    for g in range(50):
        state = game.new_game(2, seed=100 + g, options={"rows": 6, "cols": 6})
        hard_seat = g % 2
        agents = [RandomAgent(), RandomAgent()]
        agents[hard_seat] = StadiumAgent("hard")
        rng = random.Random(g)
        while not state.is_over:
            seat = state.to_move
            state.apply(agents[seat].choose(state.view(seat), state.legal_actions(), rng))
        winners = state.result()["winners"]
        if hard_seat in winners:
            wins += 1 / len(winners)
    assert wins >= 45


def test_hard_beats_easy_on_8x8() -> None:
    """hard's edge over easy's decaying memory (issue 22: 65-85 % a step on 10×10, so two
    steps more); 8×8 keeps the test short: 29 of 40 is measured (31 before the levels were
    re-spaced), 26 (65 %) must hold."""
    wins = 0.0
    for g in range(40):
        state = game.new_game(2, seed=200 + g, options={"rows": 8, "cols": 8})
        hard_seat = g % 2
        agents = [StadiumAgent("easy"), StadiumAgent("easy")]
        agents[hard_seat] = StadiumAgent("hard")
        rng = random.Random(g)
        while not state.is_over:
            seat = state.to_move
            state.apply(agents[seat].choose(state.view(seat), state.legal_actions(), rng))
        winners = state.result()["winners"]
        if hard_seat in winners:
            wins += 1 / len(winners)
    assert wins >= 26


# ---------------------------------------------------------------------------
# memory: known pairs and known partners
# ---------------------------------------------------------------------------


@pytest.mark.parametrize("level", ["normal", "hard"])
def test_takes_a_known_pair(level: str) -> None:
    # P1 sees F01 at B1; P2 turns up its partner at C3: P1 now knows the pair B1 + C3.
    state = play(new(), "flip B1", "flip B2", "flip C1", "flip C3")
    assert state.to_move == 0
    first = ask(state, level)
    assert first in ("flip B1", "flip C3")
    state.apply(first)
    second = ask(state, level)
    assert {first, second} == {"flip B1", "flip C3"}
    state.apply(second)
    assert state.view(0)["areas"][0]["pairs"][0]["id"] == "F01"


@pytest.mark.parametrize("level", LEVELS)
def test_flips_the_known_partner_of_its_first_card(level: str) -> None:
    state = play(new(), "flip B1", "flip B2", "flip C3")  # P2's first card: F01
    assert state.to_move == 1 and state.phase == "second"
    assert ask(state, level) == "flip B1"


def test_fresh_agent_mid_game_reads_the_whole_history() -> None:
    """A hard agent created late still knows every card shown so far."""
    state = play(new(), "flip B1", "flip B2", "flip C1", "flip B3", "flip C2", "flip D1")
    # P2 (seat 1) to move; public: B1 F01, B2 F02, C1 F05, B3 F03, C2 F06, D1 F03
    assert state.to_move == 1
    assert ask(state, "hard") in ("flip B3", "flip D1")


def test_forgets_cards_that_were_taken() -> None:
    agent = StadiumAgent("hard")
    state = play(new(), "flip B1", "flip B2", "flip C1", "flip C3")
    rng = NoForget(0)
    for _ in range(2):  # P1 takes the pair F01 with the agent's own choices
        state.apply(agent.choose(state.view(0), state.legal_actions(), rng))
    assert state.view(0)["areas"][0]["pairs"]
    agent.choose(state.view(0), state.legal_actions(), rng)
    assert set(agent._known.values()) <= {"F02", "F05"}


# ---------------------------------------------------------------------------
# hard's second card
# ---------------------------------------------------------------------------


def _no_rewards_left() -> stadium.StadiumState:
    """All four rewards taken; P1 showed F01 (B1) and F02 (B2); P2 turns up a new F05 (D3).

    Memory-game position: 6 pairs, 2 known singles, no unknown reward: turning another new
    card loses on average (the parity rule), so a perfect player turns a known card.
    """
    state = play(new(), "flip A1", "flip A2", "flip A3", "flip A4", "flip B1", "flip B2")
    play(state, "flip D3")
    assert state.to_move == 1 and state.phase == "second"
    return state


def test_hard_flips_a_known_card_second_when_the_first_is_new() -> None:
    state = _no_rewards_left()
    for seed in range(5):
        assert ask(state, "hard", random.Random(seed)) in ("flip B1", "flip B2")


def test_normal_flips_a_new_card_second() -> None:
    state = _no_rewards_left()
    for seed in range(5):
        assert ask(state, "normal", random.Random(seed)) not in ("flip B1", "flip B2")


def test_memory_game_values() -> None:
    table = _MemoryGame.get(2, 1, REWARD_VALUE)
    assert table.value[1][0][0] == pytest.approx(1.0)  # one pair left: the mover takes it
    assert table.value[1][1][0] == pytest.approx(1.0)
    assert table.value[0][0][1] == pytest.approx(REWARD_VALUE)  # S3.5: the last card
    # two unknown pairs: first card new, second a gamble that matches 1 time in 3;
    # otherwise the opponent knows a pair and takes both
    assert table.value[2][0][0] == pytest.approx(1 / 3 * (1 + 1) + 2 / 3 * (-2))
    gamble, safe = table.after_fresh(6, 2, 0)
    assert safe > gamble


# ---------------------------------------------------------------------------
# reward cards
# ---------------------------------------------------------------------------


def _var_turn() -> stadium.StadiumState:
    """P1 holds VAR and knows no pair (public: B1 F01, B2 F02, B3 F03)."""
    state = play(new(), "flip A1", "flip B1", "flip B2", "flip B3")
    assert state.to_move == 0 and state.phase == "turn"
    return state


@pytest.mark.parametrize("level", LEVELS)
def test_uses_var_when_no_pair_is_known_then_uses_the_peek(level: str) -> None:
    used_peek = 0
    for seed in range(12):
        state = _var_turn()
        rng = NoForget(seed)
        agent = StadiumAgent(level)
        action = agent.choose(state.view(0), state.legal_actions(), rng)
        assert action.kind == "var"
        state.apply(action)
        peeked = {p: c["id"] for p, c in state.view(0)["peeked"].items()}
        known = {"B1": "F01", "B2": "F02", "B3": "F03", **peeked}
        pairs = {
            p for p, c in known.items() if c.startswith("F") and list(known.values()).count(c) == 2
        }
        if not (level == "easy" and any(c.startswith("F") for c in peeked.values())):
            # (easy holds only three cards: the peek pushes public ones out)
            action = agent.choose(state.view(0), state.legal_actions(), rng)
            assert action in state.legal_actions()
            if pairs:
                used_peek += 1
                assert stadium.pos_label(action.row, action.col) in pairs
    if level != "easy":
        assert used_peek > 0


# P1 holds a 1-star pair and PLAY GAME; P2 holds a 3-star pair; nobody knows a pair.
MATCH_DEAL = """
GAME F01    F01    F03
F03  F02    F04    F05
F02  F04    F05    F06
F06  YELLOW RED    VAR
"""


@pytest.mark.parametrize("level", LEVELS)
def test_plays_a_match_for_a_better_pair_and_steals_the_best(level: str) -> None:
    state = new(MATCH_DEAL, dice=[6, 1])
    play(state, "flip A2", "flip A3", "flip A1", "flip B2", "flip A4", "flip B1")
    play(state, "flip B3", "flip B4")
    assert state.to_move == 0 and state.phase == "turn"
    action = ask(state, level)
    assert action == "match P2"
    state.apply(action)
    assert state.phase == "steal" and state.to_move == 0
    assert ask(state, level) == "steal F03"


def test_no_match_when_own_pair_is_as_good() -> None:
    table = MATCH_DEAL.replace("F01", "FXX").replace("F03", "F01").replace("FXX", "F03")
    state = new(table, dice=[6, 1])
    play(state, "flip A2", "flip A3", "flip A1", "flip B2", "flip A4", "flip B1")
    play(state, "flip B3", "flip B4")
    assert state.to_move == 0
    for level in LEVELS:
        assert not ask(state, level).startswith("match")


def _yellow_window() -> stadium.StadiumState:
    """P2 holds YELLOW; P1 (public F01 at B1) starts a turn."""
    state = play(new(), "flip B1", "flip B2", "flip A3", "flip C1")
    assert state.phase == "window" and state.to_move == 1
    return state


@pytest.mark.parametrize("level", LEVELS)
def test_passes_in_a_window_without_a_threat(level: str) -> None:
    assert ask(_yellow_window(), level) == "pass"


@pytest.mark.parametrize("level", ["normal", "hard"])  # easy has forgotten B1 by now
def test_shows_yellow_when_the_mover_turns_up_a_known_partner(level: str) -> None:
    state = _yellow_window()
    state.apply("pass")
    state.apply("flip C3")  # F01: its partner B1 is known to everyone
    assert state.phase == "window" and state.to_move == 1
    assert ask(state, level) == "yellow P1"


def test_shows_red_when_it_knows_a_pair_at_the_start_of_a_turn() -> None:
    # P1 shows F01 (B1) and F02 (B2); P2 takes RED and shows F02 (C4): the pair F02
    # (B2 + C4) is known to all. RED at P1's start gives P2 the move (S4.4).
    state = play(new(), "flip B1", "flip B2", "flip A4", "flip C4")
    assert state.phase == "window" and state.to_move == 1
    assert ask(state, "hard") == "red"
    state.apply("red")
    assert state.to_move == 1 and state.phase == "turn"


# ---------------------------------------------------------------------------
# no hidden information
# ---------------------------------------------------------------------------

# DEAL with the never-shown D3 and D4 swapped: same public history, different hidden cards.
SWAPPED = DEAL.replace("F05    F06\n", "F06    F05\n")


@pytest.mark.parametrize("level", LEVELS)
def test_choice_does_not_depend_on_hidden_cards(level: str) -> None:
    assert SWAPPED != DEAL
    a = play(new(DEAL), "flip A1", "flip B1", "flip B2", "flip B3")
    b = play(new(SWAPPED), "flip A1", "flip B1", "flip B2", "flip B3")
    assert a.table != b.table and a.view(0) == b.view(0)
    for seed in range(8):
        assert ask(a, level, NoForget(seed)) == ask(b, level, NoForget(seed))


def test_whole_games_agree_while_the_views_agree() -> None:
    """Two games whose deals differ only in hidden cards: the agents decide the same while
    what they may see is the same."""
    steps_compared = 0
    for g in range(6):
        a, b = new(DEAL), new(SWAPPED)
        agents_a = [StadiumAgent("hard"), StadiumAgent("normal")]
        agents_b = [StadiumAgent("hard"), StadiumAgent("normal")]
        rng_a, rng_b = random.Random(g), random.Random(g)
        while not a.is_over:
            seat = a.to_move
            view = a.view(seat)
            if b.to_move != seat or b.view(seat) != view:
                break
            act_a = agents_a[seat].choose(view, a.legal_actions(), rng_a)
            act_b = agents_b[seat].choose(b.view(seat), b.legal_actions(), rng_b)
            assert act_a == act_b
            a.apply(act_a)
            b.apply(act_b)
            steps_compared += 1
    assert steps_compared > 20


def test_the_agent_never_reads_the_log() -> None:
    """StadiumAgent.uses_log is False: a view without the log gives the same choices."""
    assert StadiumAgent.uses_log is False
    for g in range(3):
        full, lean = new(DEAL), new(DEAL)
        agents = [StadiumAgent("hard"), StadiumAgent("hard")]
        twins = [StadiumAgent("hard"), StadiumAgent("hard")]
        rng_a, rng_b = random.Random(g), random.Random(g)
        while not full.is_over:
            seat = full.to_move
            a = agents[seat].choose(full.view(seat), full.legal_actions(), rng_a)
            b = twins[seat].choose(lean.view(seat, log=False), lean.legal_actions(), rng_b)
            assert a == b
            full.apply(a)
            lean.apply(b)


# ---------------------------------------------------------------------------
# memory that decays (issue 22)
# ---------------------------------------------------------------------------


class Always(random.Random):
    """An rng whose `random()` is always `x`: 0.0 fires every chance, 0.999 none."""

    def __init__(self, x: float, seed: int = 0) -> None:
        super().__init__(seed)
        self.x = x

    def random(self) -> float:
        return self.x


def _seen_four() -> stadium.StadiumState:
    """P1 showed F01 (B1) and F02 (B2), P2 F05 (C1) and F01 (C3): P1 to move."""
    return play(new(), "flip B1", "flip B2", "flip C1", "flip C3")


def test_levels_differ_in_how_much_they_hold_and_how_fast_they_forget() -> None:
    """Issue 22: each level forgets and misplaces less than the one below, hard a little
    (so master, which leads with the perfect memory, is a step above it)."""
    cfg = {lv: LEVELS_CFG[lv] for lv in (*LEVELS, "perfect")}
    perfect = cfg["perfect"]
    assert perfect.capacity is None and perfect.forget == perfect.misplace == 0
    assert perfect.careful and cfg["hard"].careful and not cfg["normal"].careful
    for low, high in (("easy", "normal"), ("normal", "hard"), ("hard", "perfect")):
        assert cfg[low].forget > cfg[high].forget
        assert cfg[low].misplace > cfg[high].misplace
        assert (cfg[high].capacity or 10**9) >= (cfg[low].capacity or 10**9)
    assert "perfect" not in OFFERED  # not a level people choose


def test_master_leads_with_the_perfect_memory() -> None:
    assert TUNING["stadium"].lead == TUNING["stadium"].rollout == "perfect"


def test_each_remembered_card_can_be_forgotten_at_a_turn(monkeypatch) -> None:
    monkeypatch.setitem(LEVELS_CFG, "normal", _Level(None, 0.5, 0.0, False))
    agent = StadiumAgent("normal")
    state = play(new(), "flip B1", "flip B2")  # turn 1: P1 sees F01, F02; now P2's turn
    agent.choose(state.view(1), state.legal_actions(), Always(0.999))
    assert set(agent._known.values()) == {"F01", "F02"}
    play(state, "flip C1", "flip C3")  # turn 2 ends: B1, B2 decay once, then C1, C3 seen
    agent.choose(state.view(1), state.legal_actions(), Always(0.0))
    # C1 and C3 were shown in turn 2 and it is turn 3: they too had a turn to be forgotten
    assert agent._known == {}


def test_a_card_shown_turns_ago_has_had_those_turns_to_be_forgotten(monkeypatch) -> None:
    """Cards first read now were shown some turns ago: each is exposed to every turn since
    (so a level that forgets at every turn remembers only what it sees in its own turn)."""
    monkeypatch.setitem(LEVELS_CFG, "normal", _Level(None, 0.5, 0.0, False))
    state = play(new(), "flip B1", "flip B2", "flip C1")  # P1 showed B1, B2; P2 turns C1
    agent = StadiumAgent("normal")
    agent.choose(state.view(1), state.legal_actions(), Always(0.0))
    assert agent._known == {8: "F05"}  # B1, B2 were shown a turn ago: forgotten
    never = StadiumAgent("normal")
    never.choose(state.view(1), state.legal_actions(), Always(0.999))
    assert never._known == {4: "F01", 5: "F02", 8: "F05"}


def test_recalled_view_holds_what_the_memory_holds(monkeypatch) -> None:
    """master's samples start from its lead's memory (`recalled`): the public flips it
    remembers, its own VAR look apart, nothing it forgot; the engine builds a state from it."""
    from footycards.core.stadium_determinize import determinize

    monkeypatch.setitem(LEVELS_CFG, "normal", _Level(None, 0.5, 0.0, False))
    state = play(new(), "flip B1", "flip B2", "flip C1")
    agent = StadiumAgent("normal")
    view = state.view(1)
    agent.choose(view, state.legal_actions(), Always(0.0))
    recalled = agent.recalled(view)
    assert [(r["pos"], r["id"]) for r in recalled["reveals"]] == [("C1", "F05")]
    assert recalled["peeked"] == {}
    sample = determinize(recalled, random.Random(1))
    assert sample.view(1)["reveals"][0]["pos"] == "C1"
    perfect = StadiumAgent("perfect")
    perfect.choose(view, state.legal_actions(), random.Random(0))
    assert perfect.recalled(view) is view  # it holds every card shown
    later = play(state, "flip D4")  # F06 at D4: no pair, P1's turn; P2's lead forgot all
    agent.choose(later.view(1), later.legal_actions(), Always(0.0))
    # C1 and D4 are face down again, and forgotten (no card has left the table yet)
    assert agent.recalled(later.view(1))["reveals"] == []
    determinize(agent.recalled(later.view(1)), random.Random(2))


def test_a_card_can_be_misremembered_at_a_neighbouring_cell(monkeypatch) -> None:
    monkeypatch.setitem(LEVELS_CFG, "normal", _Level(None, 0.0, 0.5, False))
    agent = StadiumAgent("normal")
    state = play(new(), "flip B1", "flip B2")  # B1 (4) F01, B2 (5) F02
    view = state.view(1)
    agent.choose(view, state.legal_actions(), Always(0.999))
    assert agent._known == {4: "F01", 5: "F02"}
    agent._decay(1, _Board(view), Always(0.0))
    assert sorted(agent._known.values()) == ["F01", "F02"]  # none lost, each one moved once
    neighbours = {4: {0, 8, 5}, 5: {1, 9, 4, 6}}
    for i, cid in {4: "F01", 5: "F02"}.items():
        (j,) = [k for k, c in agent._known.items() if c == cid]
        assert j in neighbours[i]


def test_the_perfect_memory_never_forgets_over_a_whole_game() -> None:
    """perfect (master's lead) holds every card shown: at every decision it knows each
    face-down card shown since (its memory equals the public record of the cells down)."""
    state = game.new_game(2, seed=7, options={"rows": 6, "cols": 6})
    agents = [StadiumAgent("perfect"), RandomAgent()]
    rng = random.Random(3)
    while not state.is_over:
        seat = state.to_move
        view = state.view(seat)
        action = agents[seat].choose(view, state.legal_actions(), rng)
        if seat == 0:
            down = {i for i, cell in enumerate(view["table"]) if cell["state"] == "down"}
            index = {cell["pos"]: i for i, cell in enumerate(view["table"])}
            shown = {index[r["pos"]]: r["id"] for r in view["reveals"]}
            expect = {i: cid for i, cid in shown.items() if i in down}
            got = {i: cid for i, cid in agents[0]._known.items() if i in down}
            assert expect.items() <= got.items()  # and its own VAR peeks
        state.apply(action)


@pytest.mark.parametrize("level", [*LEVELS, "perfect"])
def test_memory_holds_only_cards_its_seat_has_seen(level: str) -> None:
    """Over whole 6×6 games against random play, at every decision of the level: each card
    its memory holds is one its seat has seen (shown in public or peeked by itself), it
    holds at most its capacity, and a level that never misplaces holds each card where it
    was seen (issue 22's decaying memory may lose or move a card, never invent one)."""
    cfg = LEVELS_CFG[level]
    decisions = 0
    for g in range(4):
        state = game.new_game(2, seed=300 + g, options={"rows": 6, "cols": 6})
        agent = StadiumAgent(level)
        agents = [agent, RandomAgent()] if g % 2 == 0 else [RandomAgent(), agent]
        me = g % 2
        seen: dict[int, set[str]] = {}  # position -> card ids the seat has seen there
        rng = random.Random(g)
        while not state.is_over:
            seat = state.to_move
            view = state.view(seat)
            action = agents[seat].choose(view, state.legal_actions(), rng)
            if seat == me:
                decisions += 1
                index = {cell["pos"]: i for i, cell in enumerate(view["table"])}
                for r in view["reveals"]:
                    seen.setdefault(index[r["pos"]], set()).add(r["id"])
                for label, info in (view.get("peeked") or {}).items():
                    seen.setdefault(index[label], set()).add(info["id"])
                ids_seen = set().union(*seen.values()) if seen else set()
                known = agent._known
                assert set(known.values()) <= ids_seen
                assert cfg.capacity is None or len(known) <= cfg.capacity
                if cfg.misplace == 0:
                    assert all(cid in seen.get(i, ()) for i, cid in known.items())
            state.apply(action)
    assert decisions > 100


def test_master_samples_from_what_its_lead_remembers(monkeypatch) -> None:
    """master's samples start from its lead's memory, not from every public flip: with a
    lead that forgot the cards shown before this turn they are dealt at random."""
    from footycards.ai import master
    from footycards.core import stadium_determinize

    monkeypatch.setitem(LEVELS_CFG, "forgetful", _Level(None, 0.999, 0.0, True))
    monkeypatch.setitem(master.TUNING, "stadium", replace(TUNING["stadium"], lead="forgetful"))
    seen: list[list[str]] = []
    real = stadium_determinize.determinize

    def spy(view, rng):
        seen.append([r["pos"] for r in view["reveals"]])
        return real(view, rng)

    monkeypatch.setattr(stadium_determinize, "determinize", spy)
    monkeypatch.setattr(stadium, "determinize", spy)
    state = play(new(), "flip B1", "flip B2", "flip C1")  # P2 to turn its second card
    agent = make_agent("stadium", "master")
    agent.samples = 4
    agent.choose(state.view(1), state.legal_actions(), random.Random(2))
    assert seen and all(pos == ["C1"] for pos in seen)  # B1, B2 forgotten: not placed


def test_a_hint_remembers_every_card_shown_whatever_hard_forgets(monkeypatch) -> None:
    """A hint is hard's considered move (footycards/ai/hints.py): it takes a pair shown
    turns ago even when hard's memory would have lost it (issue 22: advice, not a lapse)."""
    from footycards.ai.hints import hint

    monkeypatch.setitem(LEVELS_CFG, "hard", _Level(None, 0.999, 0.0, True))
    # P1 showed F01 at B1 and F02 at B2, P2 F05 and F06, P1 F01 again at C3 and F03: P2 to
    # move knows the pair of F01 at B1 and C3 (shown one and two turns ago)
    state = play(new(), "flip B1", "flip B2", "flip C1", "flip C2", "flip C3", "flip D1")
    while state.phase == "window":
        state.apply("pass")
    view, legal = state.view(state.to_move), state.legal_actions()
    assert ask(state, "hard", Always(0.0)) not in ("flip B1", "flip C3")  # forgot it
    for seed in range(5):
        found = hint("stadium", view, legal, StadiumAgent("hard"), seed)
        assert str(found.action) in ("flip B1", "flip C3")


@pytest.mark.parametrize(
    ("levels", "seed", "size", "moves", "digest"),
    [
        (("easy", "random"), 1, 8, 2067, "9682734c2d8400c8"),
        (("hard", "normal"), 2, 8, 376, "a57fdab0f7e13919"),
        (("master", "hard"), 4, 6, 191, "7407e331641d44cb"),
    ],
)
def test_the_same_seeds_play_the_same_games_as_before_the_speed_ups(
    monkeypatch, levels, seed, size, moves, digest
) -> None:
    """Whole games with fixed forgetful levels (a master whose lead forgets, 4 samples a
    decision) move for move as before issue 22's speed-ups (views' cached reveals, VAR
    pairs skipped by index, master's samples from the last flip of each card gone): the
    digests were taken from the code before them."""
    import hashlib

    from footycards.ai import master

    monkeypatch.setitem(LEVELS_CFG, "easy", _Level(None, 0.9, 0.03, False))
    monkeypatch.setitem(LEVELS_CFG, "normal", _Level(8, 0.3, 0.1, False))
    monkeypatch.setitem(LEVELS_CFG, "hard", _Level(None, 0.2, 0.05, True))
    monkeypatch.setitem(LEVELS_CFG, "lead", _Level(None, 0.5, 0.05, True))
    monkeypatch.setitem(
        master.TUNING, "stadium", replace(TUNING["stadium"], lead="lead", rollout="perfect")
    )
    agents = []
    for lv in levels:
        agent = make_agent("stadium", lv) if lv != "random" else RandomAgent()
        if lv == "master":
            agent.samples = 4
        agents.append(agent)
    state = game.new_game(2, seed=seed, options={"rows": size, "cols": size})
    rng = random.Random(seed)
    played = []
    while not state.is_over:
        agent = agents[state.to_move]
        view = state.view(state.to_move, log=agent.uses_log) if agent.uses_view else None
        action = agent.choose(view, state.legal_actions(), rng)
        played.append(str(action))
        state.apply(action)
    assert len(played) == moves
    assert hashlib.sha256("\n".join(played).encode()).hexdigest()[:16] == digest
