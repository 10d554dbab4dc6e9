"""Tests of the Quartett ask game's belief over every opponent's hand (three to six players,
footycards/ai/quartett_hands.py), the levels' careless asks, master's samples and the
ask game's hints (issue 22).

Scenarios use fixed deals of the default deck (option `deal`: dealt one at a time from P1).
"""

from __future__ import annotations

import random

from footycards.ai import hints
from footycards.ai.quartett import (
    ASKS,
    QuartettAgent,
    hands_belief,
    hold_chances,
    joint_chances,
)
from footycards.ai.quartett_master import _Belief
from footycards.core import get_game, quartett_determinize
from footycards.core import quartett as q
from footycards.tui.hint_words import hint_text

game = get_game("quartett")
# four players, eight cards each: seat s holds card s + 1 of every quartet
HANDS4 = [[f"{x}{s + 1}" for x in "ABCDEFGH"] for s in range(4)]


def deal_of(hands: list[list[str]]) -> list[str]:
    return [h[i] for i in range(len(hands[0])) for h in hands]


def four() -> q.QuartettState:
    """P1 asks P2 for A3 (a miss: P2 lacks it), P2 takes B1 from P1 and asks P4 for A3 (a
    miss: P4 lacks it too): from P1's seat A3 can only be with P3."""
    state = game.new_game(4, options={"mode": "quartett", "deal": deal_of(HANDS4)})
    for ask in ("ask P2 A3", "ask P1 B1", "ask P4 A3"):
        state.apply(ask)
    return state


def test_the_joint_belief_knows_a_card_two_opponents_lack_is_with_the_third():
    """Q4.3/Q4.4: the seats share one set of cards. The per-seat count gives P3 only a
    share of A3; the chain over every hand at once finds it certain."""
    view = four().view(0)
    wanted = {1: {"A3"}, 2: {"A3"}, 3: {"A3"}}
    chances = joint_chances(view, wanted, random.Random(1))
    assert chances is not None
    assert chances[(2, "A3")] == 1.0
    assert chances[(1, "A3")] == chances[(3, "A3")] == 0.0
    assert hold_chances(view, wanted)[(2, "A3")] < 1.0


def test_the_joint_belief_puts_a_quartet_an_asker_must_hold_in_its_hand():
    """P2 asked for A3, so it holds an A card (Q4.3): A2 or A4 (A1 is P1's own, A3 is
    with P3), in every sample; each hand keeps its size (P2's B1, taken in public, is
    known, not sampled)."""
    view = four().view(0)
    belief = hands_belief(view, random.Random(2), steps=2000, keep=40)
    assert belief is not None and len(belief.samples) == 40
    for sample in belief.samples:
        assert sample["A3"] == 2
        assert any(sample[c] == 1 for c in ("A2", "A4"))
        sizes = {s: sum(1 for w in sample.values() if w == s) for s in (1, 2, 3)}
        assert sizes == {1: 8, 2: 8, 3: 8}


def test_hard_reads_only_its_view_with_three_to_six_players():
    """The same decision distribution when the cards its seat cannot see are dealt again
    (`reshuffled`): every hard decision of a four-player game, ten seeds each."""
    state = game.new_game(4, seed=5, options={"mode": "quartett"})
    rng = random.Random(5)
    checked = 0
    while not state.is_over and checked < 25:
        m = state.to_move
        legal = state.legal_actions()
        twin = state.reshuffled(m, random.Random(checked))
        view, twin_view = state.view(m, log=False), twin.view(m, log=False)
        assert view == twin_view
        if len(legal) > 1:
            picks = [QuartettAgent("hard").choose(view, legal, random.Random(k)) for k in range(10)]
            again = [
                QuartettAgent("hard").choose(twin_view, twin.legal_actions(), random.Random(k))
                for k in range(10)
            ]
            assert [str(a) for a in picks] == [str(a) for a in again]
            checked += 1
        state.apply(QuartettAgent("normal").choose(view, legal, rng))
    assert checked >= 10


def test_careless_asks_by_level_and_none_in_a_hint():
    """Levels differ by careless asks at random (wild) with three to six players; hard
    and master's lead never ask carelessly with two players; a hint (the considered ask)
    is never careless."""

    def wild(level: str, players: int) -> float:
        return ASKS[level][0 if players == 2 else 1].wild

    assert wild("easy", 4) > wild("normal", 4) > wild("hard", 4) > wild("expert", 4) == 0.0
    assert wild("hard", 2) == wild("expert", 2) == 0.0 < wild("normal", 2)
    state = game.new_game(4, seed=3, options={"mode": "quartett"})
    view, legal = state.view(0), state.legal_actions()
    agent = QuartettAgent("easy")
    careful = {str(agent.considered(view, legal, random.Random(k))) for k in range(30)}
    chosen = {str(agent.choose(view, legal, random.Random(k))) for k in range(30)}
    assert len(chosen) > len(careful)


def test_master_samples_fit_the_view_and_hide_nothing_it_cannot_know():
    """master's samples (belief placements in the engine's state): the seat's view of
    each is the view it came from; no hand holds a whole quartet (Q4.6); a card a seat
    lacked (no draw since) is never placed there."""
    state = four()
    view = state.view(0)
    belief = _Belief(quartett_determinize, view, QuartettAgent("expert"), random.Random(4))
    assert belief.samples
    for k in range(20):
        sample = belief.determinize(view, random.Random(k))
        assert sample.view(0) == view
        assert "A3" in sample.hands[2]
        for hand in sample.hands:
            assert not any(sum(c[:-1] == x for c in hand) == 4 for x in "ABCDEFGH")


def test_the_hint_says_why_that_seat_for_that_card():
    """Hints explain hard's ask from the view: a card taken in public, every other player
    lacks it, the seat asked for cards of its quartet."""
    names = ["Ann", "Ben", "Cem", "Dan"]
    state = four()
    state.apply("ask P1 A3")  # P4 asks P1 for A3 (a miss: P1 lacks it); P1 is on turn
    assert state.to_move == 0
    view = state.view(0)
    known = hints.explain_ask(view, q.Action("ask", seat=1, card="B1"))
    assert known[0] == "ask_known"
    only = hints.explain_ask(view, q.Action("ask", seat=2, card="A3"))
    assert only[0] == "ask_only"
    code, params = hints.explain_ask(view, q.Action("ask", seat=3, card="A2"))
    assert code == "ask_signal" and params["times"] == 1 and params["quartet"] == "A"
    assert hint_text(hints.Hint(q.Action("ask", seat=3, card="A2"), code, params), names) == (
        "ask Dan for A2: Dan asked for a card of A once"
    )
    hint = hints.hint("quartett", view, state.legal_actions(), QuartettAgent("hard"), seed=1)
    assert hint.code in ("ask_known", "ask_only")  # a sure hit
    assert "Ben" in hint_text(hint, names) or "Cem" in hint_text(hint, names)
