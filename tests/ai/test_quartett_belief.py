"""Tests of OpponentBelief, the `hard` Quartett AI's reading of the two-player game (Q4, Q5).

The belief is checked three ways: the true placement of a real game always fits the record
read from the view; on a small deck its chances match an exact count of every placement;
and in play it hears what the public record says.
"""

from __future__ import annotations

import itertools
import json
import math
import random

from footycards.ai.quartett import deck_catalog
from footycards.ai.quartett_belief import (
    AskModel,
    OpponentBelief,
    _Timelines,
    log_weight,
    read_record,
    replay,
)
from footycards.core import get_game

game = get_game("quartett")


def ids_of(view: dict) -> list[str]:
    return [c["id"] for c in deck_catalog(view)]


def true_placement(state, deal: list[str], seat: int, per_hand: int) -> list[str]:
    """The cards dealt to the opponent, then those it drew in order, then the stack."""
    opp = 1 - seat
    dealt = deal[opp : 2 * per_hand : 2]
    stack = deal[2 * per_hand :]
    drawn = []
    for k, h in enumerate(h for h in state.history if h["drew"]):
        if h["asker"] == opp:
            drawn.append(stack[k])
    return dealt + drawn + list(state.stock)


def test_the_true_placement_always_fits_the_record():
    """Replaying the record with the real deal gives no contradiction and the real hand."""
    deck = [c["id"] for c in game.catalog()]
    for g in range(40):
        deal = deck[:]
        random.Random(g).shuffle(deal)
        state = game.new_game(2, options={"mode": "quartett", "deal": deal})
        rng = random.Random(g)
        while not state.is_over:
            seat = state.to_move
            view = json.loads(json.dumps(state.view(seat)))
            record = read_record(view, ids_of(view))
            assert record is not None and record.dealt == 10
            place = true_placement(state, deal, seat, 10)
            index = {c: i for i, c in enumerate(record.ids)}
            assert sorted(index[c] for c in place) == sorted(record.unknown)
            bad, has = replay(record, [index[c] for c in place])
            assert bad == 0
            assert {record.ids[i] for i, h in enumerate(has) if h} == set(state.hands[1 - seat])
            where = [-1] * len(record.ids)
            for k, c in enumerate(place):
                where[index[c]] = k
            lines = _Timelines(record)
            checked = [lines.check(q, where) for q in range(len(record.ids) // 4)]
            assert sum(b for b, _h in checked) == 0
            assert {record.ids[c] for _b, hold in checked for c in hold} == set(
                state.hands[1 - seat]
            )
            state.apply(rng.choice(state.legal_actions()))


def small_deck(tmp_path) -> str:
    """Six quartets, 24 cards: ten each and a stack of four."""
    lines = ['name = "Small"', 'deck = "S"']
    for q in "ABCDEF":
        for n in range(1, 5):
            lines += [
                "[[card]]",
                f'code = "{q}{n}"',
                f'name = "Star {q}{n}"',
                f'club = "Club {q}"',
                'position = "Forward"',
                "games = 10",
                "goals = 1",
                "yellow = 1",
                "yellow_red = 0",
                "red = 0",
                "abwehr = 50",
                "angriff = 50",
            ]
    path = tmp_path / "small.toml"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return str(path)


def exact_chances(view: dict, model: AskModel | None = None) -> dict[str, float]:
    """Every placement of the unknown cards that fits the record counted (weighed by
    `model`, by the plain reading `log_weight`, when given)."""
    record = read_record(view, ids_of(view))
    total = 0.0
    held = [0.0] * len(record.ids)
    for dealt in itertools.combinations(record.unknown, record.dealt):
        rest = [c for c in record.unknown if c not in dealt]
        for drawn in itertools.permutations(rest, record.draws):
            stack = [c for c in rest if c not in drawn]
            place = list(dealt) + list(drawn) + stack
            bad, has = replay(record, place)
            if bad:
                continue
            w = math.exp(log_weight(record, place, model)) if model else 1.0
            total += w
            for i, h in enumerate(has):
                if h:
                    held[i] += w
    return {c: held[i] / total for i, c in enumerate(record.ids)}


def small_deck_positions(tmp_path, count: int):
    """(game number, view) of the first `count` games on the small deck, played at random,
    each at its first position with a draw and four asks behind it (one per game)."""
    deck = small_deck(tmp_path)
    found = 0
    for g in range(30):
        state = game.new_game(2, seed=g, options={"mode": "quartett", "deck": deck})
        rng = random.Random(g)
        while not state.is_over and found < count:
            view = state.view(state.to_move)
            record = read_record(view, ids_of(view))
            if record.draws >= 1 and len(record.history) >= 4:
                found += 1
                yield g, view
                break
            state.apply(rng.choice(state.legal_actions()))


def test_chances_match_an_exact_count_on_a_small_deck(tmp_path):
    """The chain's chances agree with counting every placement that fits (within sampling
    noise)."""
    checked = 0
    for g, view in small_deck_positions(tmp_path, 4):
        exact = exact_chances(view)
        got = OpponentBelief().chances(view, ids_of(view), random.Random(g), 20000)
        assert got is not None
        assert max(abs(got[c] - exact[c]) for c in exact) < 0.06
        checked += 1
    assert checked == 4


def test_a_card_taken_in_public_is_certain_and_a_missed_card_is_not_there():
    """P2 took A1 from P1 (Q4.4): certain. P1 asked P2 for E4 and missed, and P2 has not
    drawn since: P2 does not hold it. P2 lacked A4 when it asked (Q4.3) but drew after."""
    hands = [
        ["A1", "A2", "B1", "B2", "C1", "C2", "D1", "E1", "F1", "G1"],
        ["A3", "B3", "C3", "D2", "D3", "E2", "E3", "F2", "G2", "H1"],
    ]
    rest = ["H2", "A4", "B4", "C4", "D4", "E4", "F3", "F4", "G3", "G4", "H3", "H4"]
    deal = [h[i] for i in range(10) for h in hands] + rest
    state = game.new_game(2, options={"mode": "quartett", "deal": deal})
    state.apply("ask P2 F3")  # a miss: P1 draws H2
    state.apply("ask P1 A1")  # P2 takes A1 and goes on
    state.apply("ask P1 A4")  # a miss: P2 draws A4 (P1 cannot see which card)
    state.apply("ask P2 E4")  # a miss: P1 draws B4
    view = state.view(0)
    got = OpponentBelief().chances(view, ids_of(view), random.Random(1), 3000)
    assert got["A1"] == 1.0
    assert got["E4"] == 0.0
    assert 0.0 < got["A4"] < 0.3  # one draw from a stack of eleven could have brought it
    assert got["A2"] == 0.0  # P1's own card


def test_the_check_by_quartet_agrees_with_the_whole_replay():
    """The chain checks a placement quartet by quartet; on random placements of real games
    that finds a contradiction exactly when replaying the whole record does (the true
    placement, which fits, is checked in the test above)."""
    for g in range(20):
        state = game.new_game(2, seed=g, options={"mode": "quartett"})
        rng = random.Random(g)
        while not state.is_over:
            view = state.view(state.to_move)
            record = read_record(view, ids_of(view))
            lines = _Timelines(record)
            for _ in range(5):
                place = list(record.unknown)
                rng.shuffle(place)
                where = [-1] * len(record.ids)
                for k, c in enumerate(place):
                    where[c] = k
                checked = [lines.check(q, where) for q in range(len(record.ids) // 4)]
                bad, has = replay(record, place)
                assert (sum(b for b, _h in checked) == 0) == (bad == 0)
                if not bad:
                    hand = sorted(c for _b, hold in checked for c in hold)
                    assert hand == [c for c, h in enumerate(has) if h]
            state.apply(rng.choice(state.legal_actions()))


def test_the_same_quartet_pairs_are_those_of_the_groups():
    """The chain's same-quartet pairs, listed by the shape of each quartet (which of its
    cards were dealt, drawn, lie in the stack or were seen), are exactly the pairs of
    places of one quartet's cards in different groups with at least one dealt or drawn."""
    from footycards.ai.quartett_belief import _Moves

    for g in range(12):
        state = game.new_game(2, seed=g, options={"mode": "quartett"})
        rng = random.Random(g)
        while not state.is_over:
            view = state.view(state.to_move)
            record = read_record(view, ids_of(view))
            place = list(record.unknown)
            rng.shuffle(place)
            moves = _Moves(record, place)
            moves.list_pairs()
            slots = record.dealt + record.draws
            group = [0] * record.dealt + list(range(1, record.draws + 1))
            group += [-1] * (len(place) - slots)
            where = {c: k for k, c in enumerate(place)}
            expected = []
            for b in range(0, len(record.ids), 4):
                ks = [where[c] for c in range(b, b + 4) if c in where]
                expected += [
                    (i, j)
                    for x, i in enumerate(ks)
                    for j in ks[x + 1 :]
                    if group[i] != group[j] and (i < slots or j < slots)
                ]
            assert [p for q in range(len(record.ids) // 4) for p in moves.pairs_of(q)] == expected
            assert moves.npairs == len(expected)
            state.apply(rng.choice(state.legal_actions()))


MODEL = AskModel((0.0, 0.0, 1.0, 2.0), (0.0, 0.0, -0.5, -1.5), shown=0.5, passed=-1.5)


def test_the_weight_by_quartet_agrees_with_the_plain_reading():
    """The chain weighs a placement quartet by quartet; for the true placement of real
    games (which fits) and for random placements that fit, the factors add up to the
    weight of reading the opponent's asks in order (`log_weight`)."""
    deck = [c["id"] for c in game.catalog()]
    compared = 0
    for g in range(20):
        deal = deck[:]
        random.Random(g).shuffle(deal)
        state = game.new_game(2, options={"mode": "quartett", "deal": deal})
        rng = random.Random(g)
        while not state.is_over:
            seat = state.to_move
            view = state.view(seat)
            record = read_record(view, ids_of(view))
            lines = _Timelines(record, MODEL)
            index = {c: i for i, c in enumerate(record.ids)}
            places = [[index[c] for c in true_placement(state, deal, seat, 10)]]
            for _ in range(5):
                place = list(record.unknown)
                rng.shuffle(place)
                places.append(place)
            for place in places:
                if replay(record, place)[0]:
                    continue
                where = [-1] * len(record.ids)
                for k, c in enumerate(place):
                    where[c] = k
                by_quartet = sum(lines.factor(q, where) for q in range(len(record.ids) // 4))
                assert math.isclose(by_quartet, log_weight(record, place, MODEL), abs_tol=1e-9)
                compared += 1
            state.apply(rng.choice(state.legal_actions()))
    assert compared > 500


def test_weighed_chances_match_an_exact_weighed_count_on_a_small_deck(tmp_path):
    """With an AskModel the chain's chances agree with every fitting placement counted
    with its weight, and differ from the count of all alike where the asks tell."""
    checked = 0
    apart = 0.0
    for g, view in small_deck_positions(tmp_path, 4):
        exact = exact_chances(view, MODEL)
        plain = exact_chances(view)
        belief = OpponentBelief(model=MODEL)
        got = belief.chances(view, ids_of(view), random.Random(g), 60000)
        assert got is not None
        assert max(abs(got[c] - exact[c]) for c in exact) < 0.05
        apart = max(apart, max(abs(plain[c] - exact[c]) for c in exact))
        checked += 1
    assert checked == 4
    assert apart > 0.05  # the weights change what is believed


def test_asks_for_a_quartet_make_a_fuller_hand_of_it_likelier():
    """P2 asked twice for cards of quartet H and missed (P1 holds none of H): the weighed
    belief holds P2 to more of H's cards than counting every history that fits alike does
    (about 2.4 of them against 1.9)."""
    hands = [
        ["A1", "A2", "B1", "B2", "C1", "C2", "D1", "E1", "F1", "G1"],
        ["A3", "H1", "H2", "D2", "D3", "E2", "E3", "F2", "G2", "B3"],
    ]
    rest = ["C3", "C4", "D4", "A4", "B4", "E4", "F3", "F4", "G3", "G4", "H3", "H4"]
    deal = [h[i] for i in range(10) for h in hands] + rest
    state = game.new_game(2, options={"mode": "quartett", "deal": deal})
    state.apply("ask P2 G3")  # a miss: P1 draws C3
    state.apply("ask P1 H3")  # a miss: P2 draws C4
    state.apply("ask P2 F3")  # a miss: P1 draws D4
    state.apply("ask P1 H4")  # a miss: P2 draws A4
    view = state.view(0)
    ids = ids_of(view)
    alike = OpponentBelief().chances(view, ids, random.Random(3), 40000)
    weighed = OpponentBelief(model=MODEL).chances(view, ids, random.Random(3), 40000)
    assert alike is not None and weighed is not None
    h_alike = sum(alike[c] for c in ("H1", "H2", "H3", "H4"))
    h_weighed = sum(weighed[c] for c in ("H1", "H2", "H3", "H4"))
    assert h_alike >= 1.0 - 1e-9 and h_weighed >= 1.0 - 1e-9  # Q4.3: it holds one at least
    assert h_weighed > h_alike + 0.15


def test_the_hands_kept_are_whole_hands_that_fit():
    """`keep`: the opponent's hands met by the chain have its size, hold no card the seat
    holds or saw leave the opponent, every card it took in public, and on average hold
    each card about as often as the chances say."""
    reads = read = 0
    for g in range(6):
        state = game.new_game(2, seed=g, options={"mode": "quartett"})
        rng = random.Random(g)
        belief = OpponentBelief(model=MODEL, keep=40)
        while not state.is_over:
            seat = state.to_move
            view = state.view(seat)
            got = belief.chances(view, ids_of(view), random.Random(g), 12000)
            reads += 1
            if got is None:  # no placement met fits (hard then counts per seat)
                state.apply(rng.choice(state.legal_actions()))
                continue
            read += 1
            assert 0 < len(belief.hands) <= 40
            mine = {c["id"] for c in view["hand"]}
            sure = {c for c, p in got.items() if p == 1.0}
            for hand in belief.hands:
                assert sorted(hand) == sorted(set(hand))
                assert len(hand) == view["seats"][1 - seat]["cards"]
                assert not mine & set(hand)
                assert sure <= set(hand)
            if len(belief.hands) == 40:
                for c, p in got.items():
                    share = sum(c in hand for hand in belief.hands) / 40
                    assert abs(share - p) < 0.35
            state.apply(rng.choice(state.legal_actions()))
    assert read > 0.9 * reads


def test_hard_reads_only_its_view_with_two_players():
    """The same decisions and the same kept hands when the cards its seat cannot see are
    dealt again (`reshuffled`): hard's decisions of a two-player game (its belief weighed
    by the opponent's asks), ten seeds each, played against normal."""
    from footycards.ai.quartett import QuartettAgent

    state = game.new_game(2, seed=11, options={"mode": "quartett"})
    rng = random.Random(11)
    checked = 0
    while not state.is_over and checked < 12:
        m = state.to_move
        legal = state.legal_actions()
        twin = state.reshuffled(m, random.Random(checked))
        view, twin_view = state.view(m, log=False), twin.view(m, log=False)
        assert view == twin_view
        if len(legal) > 1 and m == 0:
            picks, again = [], []
            for k in range(10):
                one, two = QuartettAgent("hard"), QuartettAgent("hard")
                assert one.belief is not None and two.belief is not None
                one.belief.keep = two.belief.keep = 8
                picks.append(str(one.choose(view, legal, random.Random(k))))
                again.append(str(two.choose(twin_view, twin.legal_actions(), random.Random(k))))
                assert one.belief.hands == two.belief.hands
            assert picks == again
            checked += 1
        state.apply(QuartettAgent("normal").choose(view, legal, rng))
    assert checked >= 5
