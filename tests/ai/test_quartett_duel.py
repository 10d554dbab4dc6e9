"""master's search in the two-player Quartett ask game (footycards/ai/quartett_duel.py): what
its rollout policy reads from the public record, its candidates, and a search that keeps
the lead's ask unless another gains on it clearly."""

from __future__ import annotations

import random

from footycards.ai import master
from footycards.ai import quartett_duel as duel
from footycards.ai.master import Budget, MasterAgent
from footycards.ai.quartett import QuartettAgent
from footycards.ai.quartett_duel import Public, Rollout, candidates, hit_chance, play_out
from footycards.core import quartett as q
from footycards.registry import REGISTRY


def two(seed: int = 4) -> q.QuartettState:
    return q.new_game(2, seed=seed, options={"mode": "quartett"})


def test_a_card_taken_in_public_is_a_sure_hit_and_a_lacked_card_none_until_a_draw():
    state = two()
    me = state.to_move
    other = 1 - me
    # the other seat takes a card from `me` in public: it holds that card now
    card = state.hands[me][0]
    state.hands[me].remove(card)
    state.hands[other].append(card)
    pub = Public()
    history = [
        {"asker": other, "target": me, "card": card, "hit": True, "drew": False},
        {"asker": me, "target": other, "card": "Z1", "hit": False, "drew": True},
    ]
    pub.update(history, stack=5)
    hand = state.hands[me]
    cards = len(state.hands[other])
    assert hit_chance(pub, me, hand, card, cards, 5, set()) == 1.0
    assert hit_chance(pub, me, hand, "Z1", cards, 5, set()) == 0.0  # it said it lacked Z1
    assert card[:-1] in pub.signals[other]  # it asked for a card of that quartet
    history.append({"asker": other, "target": me, "card": "Y1", "hit": False, "drew": True})
    pub.update(history, stack=4)
    assert 0.0 < hit_chance(pub, me, hand, "Z1", cards, 4, set()) < 1.0  # a draw since
    assert pub.read == 3


def test_a_quartet_the_other_seat_asked_for_makes_its_cards_likelier():
    pub = Public()
    pub.update([{"asker": 1, "target": 0, "card": "A1", "hit": False, "drew": True}], stack=9)
    hand = ["A2", "B1"]
    asked = hit_chance(pub, 0, hand, "A3", 10, 9, set())
    other = hit_chance(pub, 0, hand, "B2", 10, 9, set())
    assert 0.0 < other < asked < 1.0


def test_the_rollout_asks_for_the_card_it_saw_taken():
    state = two(6)
    me = state.to_move
    other = 1 - me
    # the other seat took a card of a quartet `me` still holds: `me` asks for it back
    mine = {c[:-1] for c in state.hands[me]}
    card = next(c for c in state.hands[other] if c[:-1] in mine)
    state.history.append({"asker": other, "target": me, "card": card, "hit": True, "drew": False})
    legal = state.legal_actions()
    assert card in {a.card for a in legal}
    for k in range(10):
        action = Rollout(Public()).choose(state, legal, random.Random(k))
        assert action.card == card


def test_a_rollout_plays_to_the_end():
    for seed in range(5):
        state = two(seed)
        value = play_out(state, Public(), random.Random(seed), 0)
        assert state.is_over
        winners = state.result()["winners"]
        assert value == (0.0 if 0 not in winners else 1.0 if len(winners) == 1 else 0.5)


def test_the_candidates_are_the_leads_ask_then_the_likeliest_hits():
    state = two()
    view = state.view(state.to_move)
    legal = list(state.legal_actions())
    lead = QuartettAgent("expert")
    first = lead.choose(view, legal, random.Random(1))
    cands = candidates(legal, first, lead.held, view["hand"])
    assert cands[0] is first
    assert len(cands) == min(duel.CANDIDATES, len(legal))
    assert len({str(a) for a in cands}) == len(cands)
    assert lead.held is not None
    chances = [lead.held[a.card] for a in cands[1:]]
    left = [lead.held[a.card] for a in legal if all(a is not c for c in cands)]
    assert chances == sorted(chances, reverse=True)
    assert not left or min(chances) >= max(left)


def test_two_player_master_searches_with_its_own_rollouts(monkeypatch):
    """With two players master's decision is DuelSearch's (its samples, a legal ask), and
    with one sample only it plays its lead's ask."""
    spec = REGISTRY.get("quartett")
    master.learn_game("quartett", master.GameParts(spec.engine, dict(spec.agents)))
    state = two(8)
    seat = state.to_move
    view, legal = state.view(seat), list(state.legal_actions())
    agent = MasterAgent(samples=12)
    action = agent.choose(view, legal, random.Random(3))
    assert action in legal
    assert agent._own.stats["samples"] == 12
    lone = MasterAgent(samples=1)
    lead = QuartettAgent("expert").choose(view, legal, random.Random(3))
    assert str(lone.choose(view, legal, random.Random(3))) == str(lead)


def test_the_lead_stands_unless_another_ask_gains_clearly(monkeypatch):
    """The search switches only on a paired gain above SWITCH_Z standard errors."""
    state = two(8)
    seat = state.to_move
    view, legal = state.view(seat), list(state.legal_actions())

    class Belief:
        def determinize(self, v, rng):
            return state.clone()

    cands = legal[:3]
    better = cands[2]

    def fake(st, pub, rng, s):  # the third ask wins, the others lose, with some noise
        return 1.0 if st.history[-1]["card"] == better.card else float(rng.random() < 0.1)

    monkeypatch.setattr(duel, "play_out", fake)
    budget = Budget(1.0, 0.0, 0.0, samples=30)
    assert duel.DuelSearch(Belief(), budget).best(view, cands, random.Random(1)) is better
    monkeypatch.setattr(duel, "play_out", lambda st, pub, rng, s: float(rng.random() < 0.5))
    assert duel.DuelSearch(Belief(), budget).best(view, cands, random.Random(1)) is cands[0]


def test_the_ladder_benchmark_keeps_one_table_by_its_whole_label(monkeypatch):
    """`--only "quartett ask game"` keeps the two-player ask game only (the four-player
    one's label holds the same text); other text keeps every label holding it."""
    import sys
    from pathlib import Path

    monkeypatch.syspath_prepend(str(Path(__file__).resolve().parents[2] / "benchmarks"))
    sys.modules.pop("bench_ladder", None)
    import bench_ladder

    labels = [t.label for t in bench_ladder.TABLES]
    assert [x for x in labels if bench_ladder.chosen(x, "quartett ask game")] == [
        "quartett ask game"
    ]
    assert [x for x in labels if bench_ladder.chosen(x, "ask game")] == [
        "quartett ask game",
        "quartett ask game 4p",
    ]
