"""Rules of Sadikov's Football (rules/sadikov.md): one test or more per rule id, F1.1-F8.5."""

from __future__ import annotations

import json
import random
from collections import Counter
from collections.abc import Sequence
from typing import Any

import pytest

from footycards.core import get_game
from footycards.core import sadikov as sk
from footycards.core.errors import IllegalAction, OptionError

# -- helpers ------------------------------------------------------------------


def make_deal(
    cols: dict[int, Sequence[str]] | None = None, reserve: Sequence[str] = ()
) -> list[str]:
    """A `deal` option: `cols` maps a column (1-5) to its top cards, the first taken first;
    `reserve` is the top of the reserve; every other place is filled from the rest."""
    cols = cols or {}
    pool = Counter(sk.MAIN_DECK)
    wanted = Counter(reserve)
    for cards in cols.values():
        wanted.update(cards)
    assert not wanted - pool, "a card is asked for more often than the game has it"
    pool -= wanted
    filler = sorted(pool.elements(), key=lambda c: (sk.suit_of(c), sk.rank_value(c)))
    out: list[str] = []
    for c in range(1, sk.COLUMNS + 1):
        tops = list(cols.get(c, ()))
        below = [filler.pop() for _ in range(sk.COLUMN_DEPTH - len(tops))]
        out += below + tops[::-1]  # bottom first, the first card to take last
    return out + list(reserve) + filler


def keeper_order(top: Sequence[str] = ()) -> list[str]:
    """A `keeper` option: these cards on top, then the rest (no save among the next few)."""
    pool = Counter(sk.KEEPER_DECK)
    pool.subtract(top)
    assert all(v >= 0 for v in pool.values())
    rest = sorted(pool.elements(), key=lambda c: (c == sk.JOKER, sk.suit_of(c) or "", c))
    return list(top) + rest


NO_SAVE_S = ["2H", "3H", "4H", "5H", "2D", "3D", "4D", "5D"]  # no spade, no joker


def game(cols=None, reserve=(), keeper=NO_SAVE_S, **options: Any) -> sk.SadikovState:
    opts = {"deal": make_deal(cols, reserve), "keeper": keeper_order(keeper), **options}
    return sk.new_game(2, seed=1, options=opts)


def position(state: sk.SadikovState, **changes: Any) -> sk.SadikovState:
    """The state as a saved game with some fields changed (a puzzle position)."""
    d = json.loads(state.to_json())
    d.update(changes)
    return sk.from_json(json.dumps(d))


def aktiv(state, seat: int, suit: str) -> list[str]:
    return [c["id"] for c in state.view(seat)["seats"][seat]["aktiv"][suit]]


def events(state, kind: str, since: int = 0) -> list[dict]:
    return [e for e in state.log[since:] if e["event"] == kind]


def play(state, *moves: str) -> sk.SadikovState:
    for m in moves:
        state.apply(m)
    return state


def random_game(seed: int, **options: Any) -> sk.SadikovState:
    state = sk.new_game(2, seed=seed, options=options)
    rng = random.Random(seed)
    while not state.is_over:
        state.apply(rng.choice(state.legal_actions()))
    return state


# -- F1. Cards ------------------------------------------------------------------


def test_F1_1_main_cards_are_two_36_card_decks():
    """F1.1: ranks 6-A in four suits, every card twice: 72 main cards."""
    main = [i for i in sk.catalog() if i["pile"] == "main"]
    assert len(main) == 36 and all(i["copies"] == 2 for i in main)
    assert {i["rank"] for i in main} == set(sk.MAIN_RANKS) == {
        "6", "7", "8", "9", "10", "J", "Q", "K", "A"
    }  # fmt: skip
    assert {i["suit"] for i in main} == {"S", "H", "D", "C"}
    assert len(sk.MAIN_DECK) == 72 and Counter(Counter(sk.MAIN_DECK).values()) == {2: 36}
    state = sk.new_game(2, seed=5)
    view = state.public_view()
    assert sum(c["size"] for c in view["columns"]) + view["reserve"] == 72


def test_F1_2_keeper_deck_is_shared_and_not_reshuffled_at_half_time():
    """F1.2: 2-5 of each suit and two jokers; one keeper deck for both halves and both
    players: the cards turned follow the dealt keeper order straight across half time."""
    assert Counter(sk.KEEPER_DECK) == Counter(
        [f"{r}{s}" for r in "2345" for s in "SHDC"] + ["JOKER", "JOKER"]
    )
    for seed in range(20):
        order = list(sk.KEEPER_DECK)
        random.Random(seed).shuffle(order)
        state = sk.new_game(2, seed=seed, options={"keeper": order})
        rng = random.Random(seed)
        while not state.is_over:
            before = state.public_view()
            n = len(state.log)
            state.apply(rng.choice(state.legal_actions()))
            if events(state, "half_time", n) and not events(state, "reshuffle", n):
                after = state.public_view()
                turned = [e["card"] for e in events(state, "keeper", n)]
                assert after["keeper_discard"] == before["keeper_discard"] + turned
                assert after["keeper_deck"] == before["keeper_deck"] - len(turned)
        kinds = [e["event"] for e in state.log]
        cut = kinds.index("reshuffle") if "reshuffle" in kinds else len(kinds)
        turned = [e["card"] for e in state.log[:cut] if e["event"] == "keeper"]
        assert turned == order[: len(turned)]  # one deck, dealt once, top first
        assert {e["seat"] for e in events(state, "keeper")} == {0, 1}  # both defend with it


def test_F1_3_rank_order_from_two_to_joker():
    """F1.3: 2 < 3 < ... < 10 < J < Q < K < A < Joker."""
    ids = ["2S", "3S", "4S", "5S", "6S", "7S", "8S", "9S", "10S", "JS", "QS", "KS", "AS", "JOKER"]
    values = [sk.rank_value(c) for c in ids]
    assert values == sorted(values) and len(set(values)) == len(values)
    assert sk.RANK_ORDER[-1] == sk.JOKER and sk.rank_of("10H") == "10"


def test_F1_4_two_players_score_goals():
    """F1.4: exactly two players; the score is goals."""
    for n in (1, 3, 4, True):
        with pytest.raises(OptionError):
            sk.new_game(n, seed=1)
    state = sk.new_game(2, seed=1)
    assert state.scores() == [0, 0] and state.public_view()["players"] == 2
    assert get_game("sadikov") is sk


# -- F2. A half -------------------------------------------------------------------


def test_F2_1_a_match_is_two_halves():
    """F2.1: a half is dealt twice; the match ends after the second."""
    state = random_game(11)
    assert [e["half"] for e in events(state, "half")] == [1, 2]
    assert len(events(state, "half_time")) == 1 and state.log[-1]["event"] == "end"
    assert state.public_view()["half"] == 2


def test_F2_2_five_columns_of_nine_top_three_face_up_reserve_27():
    """F2.2: 45 cards in 5 columns of 9, the top 3 face up; 27 in the reserve."""
    deal = make_deal()
    state = sk.new_game(2, seed=1, options={"deal": deal})
    for seat in (None, 0, 1):
        view = state.view(seat)
        assert view["reserve"] == 27
        for i, col in enumerate(view["columns"]):
            assert col["size"] == 9
            ids = [c["id"] for c in col["cards"]]
            assert ids[:6] == [None] * 6
            assert ids[6:] == deal[i * 9 + 6 : i * 9 + 9]
            assert [c["up"] for c in col["cards"]] == [False] * 6 + [True] * 3


def test_F2_3_taking_turns_the_next_card_face_up():
    """F2.3: after a take the top 3 are face up again; under 3 cards, all face up."""
    deal = make_deal({1: ["6S"], 2: ["QD"], 3: ["8H"]})
    state = sk.new_game(2, seed=1, options={"deal": deal})
    assert state.public_view()["columns"][0]["cards"][5] == {"id": None, "up": False}
    state.apply("take 1")
    col = state.public_view()["columns"][0]
    assert [c["id"] for c in col["cards"]][5:] == deal[5:8]
    assert state.log[-1]["event"] == "take" and state.log[-1]["revealed"] == deal[5]
    short = position(state, columns=[["6H", "7H"], ["9C"], [], [], ["KD"]])
    for col in short.public_view()["columns"]:
        assert all(c["up"] for c in col["cards"])


def test_F2_4_half_time_resets_and_p2_starts():
    """F2.4: when every column is empty the half ends: aktivs discarded, penalties, removed
    suits, closed columns and the added count reset; the keeper deck carries over; deal2
    is dealt and P2 starts, even if P1 had earned an extra move."""
    deal2 = make_deal({1: ["AC"]})
    state = game({1: ["7S"]}, deal2=deal2)
    state = position(
        state,
        columns=[["7S"], [], [], [], []],
        aktiv=[{"S": [["6S", False]], "H": [["9H", False]], "D": [], "C": []}, sk._empty_aktiv()],
        penalties=[{"S": 0, "H": 0, "D": 0, "C": 0}, {"S": 3, "H": 1, "D": 0, "C": 0}],
        removed=[[], ["D"]],
        previous=[[2], [3]],
        added=4,
    )
    keeper_before = state.public_view()["keeper_deck"]
    state.apply("take 1")  # 7S on 6S: an attack, so an extra move, but the half is over
    take = events(state, "take")[-1]
    assert take["attack"] and "extra" not in take  # the extra move is lost: not logged
    assert [e["event"] for e in state.log[-2:]] == ["half_time", "half"]
    view = state.public_view()
    assert view["half"] == 2 and view["to_move"] == 1 and not view["extra"]
    assert view["added"] == 0 and view["keeper_deck"] == keeper_before
    assert [c["id"] for c in view["columns"][0]["cards"]][6:] == deal2[6:9]
    for seat in view["seats"]:
        assert all(pile == [] for pile in seat["aktiv"].values())
        assert set(seat["penalties"].values()) == {0}
        assert seat["removed"] == [] and seat["closed"] == []


def test_F2_4_a_take_that_ends_the_half_announces_no_extra_move():
    """F2.4: an attack taken from the last card of the half earns an extra move that is
    lost at half time: the log does not say "extra", so no front end announces one."""
    from footycards.textmode.sadikov import describe

    state = game({1: ["7S"]}, deal2=make_deal({1: ["AC"]}))
    state = position(
        state,
        columns=[["7S"], [], [], [], []],
        aktiv=[{"S": [["6S", False]], "H": [], "D": [], "C": []}, sk._empty_aktiv()],
    )
    state.apply("take 1")
    take = events(state, "take")[-1]
    assert take["attack"] and "extra" not in take
    assert "extra" not in describe(take, ["Ann", "Bob"])
    assert state.to_move == 1 and not state.public_view()["extra"]


def test_F2_4_a_card_added_after_a_save_keeps_the_half_going():
    """F2.4: the end is checked after the move is resolved: a save that adds a card to an
    empty column (F4.7) keeps the half going."""
    state = game(keeper=["2S"])
    state = position(
        state,
        columns=[[], [], [], [], ["10S"]],
        aktiv=[{"S": [["6S", False], ["8S", False], ["QS", False]], "H": [], "D": [], "C": []},
               sk._empty_aktiv()],
    )  # fmt: skip
    state.apply("take 5")  # the fourth card: a shot, saved by 2S
    assert events(state, "save") and events(state, "add")[-1]["column"] == 1
    view = state.public_view()
    assert view["half"] == 1 and not events(state, "half_time")
    assert view["columns"][0]["size"] == 1 and view["to_move"] == 1


# -- F3. A move -------------------------------------------------------------------


def test_F3_1_a_move_takes_the_top_card_into_the_aktiv():
    """F3.1: the top card of the column goes to the mover's aktiv; players alternate."""
    state = game({3: ["8H"]})
    assert state.to_move == 0 and sk.Action("take", 3) in state.legal_actions()
    state.apply("take 3")
    assert aktiv(state, 0, "H") == ["8H"] and state.to_move == 1
    assert state.public_view()["columns"][2]["size"] == 8


def test_F3_2_the_card_goes_on_the_pile_of_its_suit():
    """F3.2: four piles, one per suit; the only choice is the column."""
    state = game({1: ["6S"], 2: ["8C"], 3: ["KH"], 4: ["7D"], 5: ["QS"]})
    play(state, "take 1", "take 2", "take 3", "take 4", "take 5")
    assert aktiv(state, 0, "S") == ["6S", "QS"] and aktiv(state, 0, "H") == ["KH"]
    assert aktiv(state, 1, "C") == ["8C"] and aktiv(state, 1, "D") == ["7D"]
    assert set(state.public_view()["seats"][0]["aktiv"]) == {"S", "H", "D", "C"}


def test_F3_3_closed_column_refused():
    """F3.3: the column of your previous turn is closed to you; the state is unchanged."""
    state = play(game({1: ["6S", "QD"], 2: ["8C"]}), "take 1", "take 2")
    assert sk.Action("take", 1) not in state.legal_actions()
    assert state.public_view()["columns"][0]["closed"]
    before = state.to_json()
    with pytest.raises(IllegalAction) as exc:
        state.apply("take 1")
    assert exc.value.code == "column_closed" and exc.value.params == {"column": 1}
    assert state.to_json() == before
    state.apply("take 3")
    assert state.public_view()["seats"][0]["closed"] == [3]


def test_F3_3_every_column_of_a_turn_of_several_moves_is_closed():
    """F3.3: after a turn of several moves every column of those moves is closed, and a
    column taken from this turn is closed for the extra move."""
    state = game({1: ["6S"], 2: ["QD"], 3: ["7S"], 4: ["8S"], 5: ["KH"]})
    play(state, "take 1", "take 2", "take 3")  # 7S on 6S: extra move
    assert state.to_move == 0 and sk.Action("take", 3) not in state.legal_actions()
    state.apply("take 4")  # 8S on 7S: another extra move
    assert [a.column for a in state.legal_actions()] == [2, 5]
    state.apply("take 5")
    state.apply("take 1")  # P2
    assert state.to_move == 0
    assert [a.column for a in state.legal_actions()] == [1, 2]
    assert state.public_view()["seats"][0]["closed"] == [3, 4, 5]


def test_F3_3_all_closed_means_any_column_and_refilled_stays_closed():
    """F3.3: if every non-empty column is closed, any may be used; a closed column stays
    closed when a card is added to it (F4.7)."""
    state = position(game(), columns=[["6H"], ["9C"], [], [], []], previous=[[1, 2], []])
    assert [a.column for a in state.legal_actions()] == [1, 2]
    assert not any(c["closed"] for c in state.public_view()["columns"])
    # P1 emptied column 1 last turn; P2's saved shot adds a card there: still closed to P1
    state = position(
        game(keeper=["2S"]),
        columns=[[], ["9C"], ["JD"], ["KC", "10S"], []],
        aktiv=[sk._empty_aktiv(),
               {"S": [["6S", False], ["8S", False], ["QS", False]], "H": [], "D": [], "C": []}],
        previous=[[1], [2]],
        turn=1,
    )  # fmt: skip
    state.apply("take 4")
    assert events(state, "add")[-1]["column"] == 1 and state.to_move == 0
    assert [a.column for a in state.legal_actions()] == [2, 3, 4]


def test_F3_4_extra_moves_do_not_bank():
    """F3.4: an attack earns one extra move, used at once; without one the turn passes."""
    state = game({1: ["6S"], 2: ["QD"], 3: ["7S"], 4: ["KC"]})
    play(state, "take 1", "take 2", "take 3")
    assert state.to_move == 0 and state.public_view()["extra"]
    state.apply("take 4")  # no attack: the turn passes
    assert state.to_move == 1 and not state.public_view()["extra"]


# -- F4. What a placed card does ------------------------------------------------------


def test_F4_1_long_shot_scores_without_keeper_and_discards_four():
    """F4.1: four of a rank, one of each suit, the taken card among them: a goal; no
    keeper card is turned; the four cards are discarded."""
    state = game({1: ["9S", "9D"], 2: ["6H", "QD"], 3: ["9H", "9C"], 4: ["8C"]})
    play(state, "take 1", "take 2", "take 3", "take 4", "take 1", "take 2")
    assert aktiv(state, 0, "S") == ["9S"] and state.to_move == 0
    n = len(state.log)
    state.apply("take 3")
    shots = events(state, "shot", n)
    assert [s["kind"] for s in shots] == ["long"] and shots[0]["keeper"] == 0
    assert sorted(shots[0]["cards"]) == ["9C", "9D", "9H", "9S"]
    assert not events(state, "keeper", n)
    assert state.scores() == [1, 0] and state.to_move == 1
    view = state.public_view()
    assert all(pile == [] for pile in view["seats"][0]["aktiv"].values())
    assert sorted(view["discard"]) == ["9C", "9D", "9H", "9S"]
    assert events(state, "discard", n)[0]["why"] == "long"


def test_F4_1_long_shot_needs_the_taken_card():
    """F4.1: four of a rank already in the aktiv do not shoot again on another card."""
    state = position(
        game({1: ["KS"]}),
        aktiv=[{"S": [["9S", False]], "H": [["9H", False]], "D": [["9D", False]],
                "C": [["9C", False]]}, sk._empty_aktiv()],
    )  # fmt: skip
    state.apply("take 1")
    assert not events(state, "shot") and state.scores() == [0, 0]


def test_F4_2_free_kick_two_keeper_cards_and_penalty_cards():
    """F4.2, F5.1: the same card on its twin is a free kick with 2 keeper cards; scored,
    the opponent gets 2 penalty cards in the suit."""
    state = game({1: ["9S"], 2: ["6H"], 3: ["9S"]})
    play(state, "take 1", "take 2")
    n = len(state.log)
    state.apply("take 3")
    assert [s["kind"] for s in events(state, "shot", n)] == ["free"]
    assert events(state, "shot", n)[0]["keeper"] == 2
    assert [e["card"] for e in events(state, "keeper", n)] == ["2H", "3H"]
    assert state.scores() == [1, 0] and state.to_move == 1
    assert events(state, "penalty", n) == [
        {"event": "penalty", "seat": 1, "suit": "S", "count": 2, "total": 2}
    ]
    assert state.public_view()["seats"][1]["penalties"]["S"] == 2
    assert aktiv(state, 0, "S") == ["9S", "9S"]  # [decision] the free kick's pile stays


def test_F4_3_corner_three_keeper_cards_pile_stays():
    """F4.3: the third card of a pile, of the first card's rank: 3 keeper cards; the pile
    stays."""
    state = game({1: ["9S", "9S"], 2: ["6H"], 3: ["7S"], 4: ["QD"]})
    play(state, "take 1", "take 2", "take 3", "take 4")
    n = len(state.log)
    state.apply("take 1")
    shot = events(state, "shot", n)
    assert [s["kind"] for s in shot] == ["corner"] and shot[0]["keeper"] == 3
    assert len(events(state, "keeper", n)) == 3 and state.scores() == [1, 0]
    assert aktiv(state, 0, "S") == ["9S", "7S", "9S"]


def test_F4_4_shot_four_minus_attacks_and_pile_discarded():
    """F4.4: the fourth card shoots with 4 - A keeper cards (A: attacks in the pile,
    the shooting card included); the pile is discarded, goal or not."""
    state = game({1: ["6S"], 2: ["QD"], 3: ["7S"], 4: ["8S"], 5: ["9S"]}, keeper=["2H", "2S"])
    play(state, "take 1", "take 2", "take 3", "take 4")
    assert [c["attack"] for c in state.public_view()["seats"][0]["aktiv"]["S"]] == [
        False, True, True
    ]  # fmt: skip
    n = len(state.log)
    state.apply("take 5")
    shot = events(state, "shot", n)
    assert [s["kind"] for s in shot] == ["shot"] and shot[0]["keeper"] == 1
    assert [e["card"] for e in events(state, "keeper", n)] == ["2H"]
    assert state.scores() == [1, 0] and aktiv(state, 0, "S") == []
    assert sorted(events(state, "discard", n)[0]["cards"]) == ["6S", "7S", "8S", "9S"]
    # no attack: 4 keeper cards; saved, the pile goes all the same
    state = position(
        game({5: ["QS"]}, keeper=["2S"]),
        aktiv=[{"S": [["6S", False], ["8S", False], ["10S", False]], "H": [], "D": [], "C": []},
               sk._empty_aktiv()],
    )  # fmt: skip
    state.apply("take 5")
    assert events(state, "shot")[0]["keeper"] == 4 and events(state, "save")
    assert state.scores() == [0, 0] and aktiv(state, 0, "S") == []


def test_F4_4_a_free_kick_on_the_fourth_card_is_then_a_shot():
    """F4: a pile's 4th card that lands on its twin is a free kick, then a shot."""
    state = position(
        game({1: ["QS"]}),
        aktiv=[{"S": [["6S", False], ["8S", False], ["QS", False]], "H": [], "D": [], "C": []},
               sk._empty_aktiv()],
    )  # fmt: skip
    state.apply("take 1")
    assert [s["kind"] for s in events(state, "shot")] == ["free", "shot"]
    assert state.scores() == [2, 0] and aktiv(state, 0, "S") == []


def test_F4_5_attack_is_one_rank_higher_on_its_suit():
    """F4.5: 9 on 8, J on 10, A on K of the suit are attacks and earn an extra move;
    a lower card or a gap is not."""
    cases = [("8S", "9S", True), ("10H", "JH", True), ("KD", "AD", True),
             ("9S", "8S", False), ("10C", "QC", False), ("6H", "6H", False)]  # fmt: skip
    for low, high, attack in cases:
        state = position(game({1: [high]}), aktiv=[
            {s: [[low, False]] if s == sk.suit_of(low) else [] for s in sk.SUITS},
            sk._empty_aktiv(),
        ])  # fmt: skip
        state.apply("take 1")
        take = events(state, "take")[-1]
        assert take.get("attack", False) is attack, (low, high)
        if high != low:
            assert (state.to_move == 0) is attack


def test_F4_6_keeper_cards_one_by_one_first_of_suit_or_joker_saves():
    """F4.6: keeper cards are turned until one of the shot's suit or a joker saves; each
    goes face up to the keeper discard."""
    state = game({1: ["9S"], 2: ["6H"], 3: ["9S"]}, keeper=["2H", "JOKER", "3S"])
    play(state, "take 1", "take 2", "take 3")
    turned = events(state, "keeper")
    assert [(e["card"], e["save"], e["seat"]) for e in turned] == [
        ("2H", False, 1), ("JOKER", True, 1)
    ]  # fmt: skip
    assert events(state, "save")[0]["card"] == "JOKER" and state.scores() == [0, 0]
    view = state.public_view()
    assert view["keeper_discard"] == ["2H", "JOKER"] and view["keeper_deck"] == 16


def test_F4_6_empty_keeper_deck_reshuffles_the_discard():
    """F4.6: when a card must be turned and the keeper deck is empty, the discard (cards
    of this shot included) becomes the new keeper deck."""
    state = game({1: ["9S"], 2: ["6H"], 3: ["9S"]})
    state = play(state, "take 1", "take 2")
    rest = [c for c in sk.KEEPER_DECK if c != "2H"]
    state = position(state, keeper=["2H"], keeper_discard=rest)
    state.apply("take 3")
    kinds = [e["event"] for e in state.log]
    assert kinds.count("reshuffle") == 1
    assert kinds.index("reshuffle") > kinds.index("keeper")
    assert events(state, "reshuffle")[0]["count"] == 18
    view = state.public_view()
    assert view["keeper_deck"] + len(view["keeper_discard"]) == 18
    assert view["keeper_discard"] == [events(state, "keeper")[-1]["card"]]


def test_F4_7_a_save_adds_the_reserve_top_to_columns_1_and_2_up_to_ten():
    """F4.7: after each save the reserve's top card goes under column 1 (1st, 3rd, ...)
    or column 2 (2nd, 4th, ...), at most 10 a half."""
    state = game({1: ["9S"], 2: ["6H"], 3: ["9S"]}, reserve=["KH", "AC"], keeper=["2S"])
    play(state, "take 1", "take 2", "take 3")
    add = events(state, "add")
    assert add == [{"event": "add", "column": 1, "count": 1, "card": None}]
    view = state.public_view()
    assert view["added"] == 1 and view["reserve"] == 26 and view["columns"][0]["size"] == 9
    assert state.clone().columns[0][0] == "KH"  # the bottom card: the reserve's top
    # the second goes to column 2, even an empty one, and shows face up there
    state = position(game({1: ["9S"]}, reserve=["AC"], keeper=["2S"]), added=1,
                     columns=[["9S"], [], ["7D"], [], []],
                     aktiv=[{"S": [["9S", False]], "H": [], "D": [], "C": []},
                            sk._empty_aktiv()])  # fmt: skip
    state.apply("take 1")
    assert events(state, "add") == [{"event": "add", "column": 2, "count": 2, "card": "AC"}]
    assert state.public_view()["columns"][1]["cards"] == [{"id": "AC", "up": True}]
    # the tenth was added: no more this half
    state = position(game({1: ["9S"]}, keeper=["2S"]), added=10,
                     aktiv=[{"S": [["9S", False]], "H": [], "D": [], "C": []},
                            sk._empty_aktiv()])  # fmt: skip
    state.apply("take 1")
    assert events(state, "save") and not events(state, "add")


def test_F4_8_after_a_goal_the_opponent_moves_and_extra_moves_are_lost():
    """F4.8: an attack that scores earns no extra move; the opponent kicks off."""
    state = game({1: ["6S"], 2: ["QD"], 3: ["7S"], 4: ["8S"], 5: ["9S"]})
    play(state, "take 1", "take 2", "take 3", "take 4", "take 5")  # 9S: attack and shot
    take = events(state, "take")[-1]
    assert take["attack"] and "extra" not in take
    assert state.scores() == [1, 0] and state.to_move == 1


# -- F5. Penalty cards ------------------------------------------------------------


def test_F5_1_one_penalty_card_for_a_saved_free_kick():
    """F5.1: a saved free kick gives the opponent one penalty card in its suit."""
    state = game({1: ["9S"], 2: ["6H"], 3: ["9S"]}, keeper=["2S"])
    play(state, "take 1", "take 2", "take 3")
    assert state.scores() == [0, 0]
    assert events(state, "penalty")[0]["count"] == 1
    assert state.public_view()["seats"][1]["penalties"] == {"S": 1, "H": 0, "D": 0, "C": 0}


def test_F5_2_four_penalty_cards_remove_the_suit():
    """F5.2: at 4 penalty cards the suit's pile is discarded and later cards of that
    suit count as a move but go straight to the discard and do nothing."""
    state = position(
        game({1: ["9S"], 2: ["6S"], 3: ["KC"], 4: ["7S"]}, keeper=["2S"]),
        aktiv=[{"S": [["9S", False]], "H": [], "D": [], "C": []},
               {"S": [["QS", False], ["KS", False]], "H": [], "D": [], "C": []}],
        penalties=[{"S": 0, "H": 0, "D": 0, "C": 0}, {"S": 3, "H": 0, "D": 0, "C": 0}],
    )  # fmt: skip
    state.apply("take 1")  # free kick, saved: one card makes 4
    assert events(state, "removed") == [
        {"event": "removed", "seat": 1, "suit": "S", "cards": ["QS", "KS"]}
    ]
    view = state.public_view()
    assert view["seats"][1]["removed"] == ["S"] and aktiv(state, 1, "S") == []
    assert view["discard"] == ["QS", "KS"]
    state.apply("take 2")  # P2 takes 6S: it does nothing
    take = events(state, "take")[-1]
    assert take["void"] and aktiv(state, 1, "S") == [] and state.to_move == 0
    assert state.public_view()["discard"] == ["QS", "KS", "6S"]
    state.apply("take 3")
    state.apply("take 4")  # 7S: would be an attack on 6S, but the suit is removed for P2
    assert events(state, "take")[-1]["void"] and state.to_move == 0


# -- F6. End ------------------------------------------------------------------------


def end_position(goals: list[int], **options: Any) -> sk.SadikovState:
    """The last card of the second half is to be taken, at the given score."""
    state = game({1: ["6H"]}, **options)
    return position(state, half=2, goals=goals, columns=[["6H"], [], [], [], []])


def test_F6_1_more_goals_wins():
    """F6.1: after two halves the player with more goals wins."""
    state = end_position([3, 1])
    state.apply("take 1")
    assert state.is_over and state.to_move is None and state.legal_actions() == []
    assert state.result() == {"scores": [3, 1], "winners": [0], "over": True}
    assert state.log[-1] == {"event": "end", "goals": [3, 1], "winners": [0]}
    assert state.public_view()["result"]["winners"] == [0]
    with pytest.raises(IllegalAction) as exc:
        state.apply("take 1")
    assert exc.value.code == "game_over"
    state = end_position([0, 2])
    state.apply("take 1")
    assert state.result()["winners"] == [1]


def test_F6_2_equal_goals_is_a_draw():
    """F6.2: without the shootout option equal goals is a draw: winners [0, 1]."""
    state = end_position([2, 2])
    state.apply("take 1")
    assert state.result() == {"scores": [2, 2], "winners": [0, 1], "over": True}
    assert not events(state, "shootout")


def test_F6_2_shootout_stops_when_one_side_cannot_catch_up():
    """F6.2: P1 kicks first; the suit is the reserve's top card, which goes under it;
    the opponent turns one keeper card; stop as soon as it is decided."""
    state = end_position([1, 1], shootout=True)
    reserve = ["6S", "7S", "8S", "9S", "10S", "JS", "QS", "KS"] + state.reserve[:19]
    keeper = ["2H", "2S", "3H", "3S", "4H", "4S", "5H", "5S", "2D"]
    state = position(state, reserve=reserve, keeper=keeper_order(keeper))
    state.apply("take 1")
    kicks = [e for e in state.log if e["event"] == "shot" and e["kind"] == "kick"]
    assert [k["seat"] for k in kicks] == [0, 1, 0, 1, 0, 1]
    assert [k["card"] for k in kicks] == reserve[:6]
    assert state.result() == {"scores": [1, 1], "winners": [0], "over": True, "shootout": [3, 0]}
    assert state.scores() == [1, 1] and state.public_view()["shootout"] == [3, 0]
    assert state.clone().reserve == reserve[6:] + reserve[:6]
    assert state.log[-1] == {"event": "end", "goals": [1, 1], "winners": [0], "shootout": [3, 0]}


def test_F6_2_shootout_goes_to_sudden_death():
    """F6.2: five each all scored, then one kick each until exactly one side scores."""
    state = end_position([0, 0], shootout=True)
    spades = [f"{r}S" for r in sk.MAIN_RANKS] * 2
    reserve = spades[:14] + state.reserve[:13]
    keeper = [*"2H 3H 4H 5H 2D 3D 4D 5D 2C 3C".split(), "2S", "4C"]
    state = position(state, reserve=reserve, keeper=keeper_order(keeper))
    state.apply("take 1")
    goals = [e for e in state.log if e["event"] == "goal" and e["kind"] == "kick"]
    assert len(goals) == 11 and goals[-1] == {
        "event": "goal", "seat": 1, "kind": "kick", "suit": "S", "shootout": [5, 6]
    }  # fmt: skip
    assert state.result()["winners"] == [1] and state.scores() == [0, 0]


# -- F7. Notation ------------------------------------------------------------------


def test_F7_notation_take_column():
    """F7: `take 3` takes the top card of column 3; bad text is refused with a code."""
    assert str(sk.Action("take", 3)) == "take 3" and sk.parse(" TAKE 3 ") == sk.Action("take", 3)
    for text, code in [("", "empty_move"), ("take", "usage"), ("take 1 2", "usage"),
                       ("take 0", "bad_column"), ("take 6", "bad_column"),
                       ("take x", "bad_column"), ("take ٣", "bad_column"),
                       ("flip A1", "unknown_move")]:  # fmt: skip
        with pytest.raises(IllegalAction) as exc:
            sk.parse(text)
        assert exc.value.code == code, text
    state = game()
    assert [str(a) for a in state.legal_actions()] == [f"take {c}" for c in range(1, 6)]
    for bad in (sk.Action("take", 7), sk.Action("pass"), "take 9", 3, None):
        before = state.to_json()
        with pytest.raises(IllegalAction):
            state.apply(bad)  # type: ignore[arg-type]
        assert state.to_json() == before


def test_F7_log_records_each_shot_keeper_card_and_goal():
    """F7: the public log records each shot, every keeper card turned and each goal."""
    state = game({1: ["9S"], 2: ["6H"], 3: ["9S"]})
    play(state, "take 1", "take 2", "take 3")
    kinds = [e["event"] for e in state.log]
    assert kinds[-6:] == ["take", "shot", "keeper", "keeper", "goal", "penalty"]
    assert events(state, "goal")[0] == {
        "event": "goal", "seat": 0, "kind": "free", "suit": "S", "goals": [1, 0]
    }  # fmt: skip


# -- F8. Card ids and fixed deals ---------------------------------------------------------


def test_F8_1_card_ids():
    """F8.1: main ids 6S ... AS in suits S H D C; keeper ids 2S ... 5C and JOKER twice."""
    ids = [i["id"] for i in sk.catalog()]
    assert len(ids) == len(set(ids)) == 36 + 16 + 1
    assert {"6S", "10H", "JD", "QC", "KS", "AH", "2S", "5C", "JOKER"} <= set(ids)
    assert sk.suit_of("10D") == "D" and sk.suit_of("JOKER") is None


def test_F8_2_deal_fills_columns_from_the_bottom_and_the_reserve_top_first():
    """F8.2: deal ids 1-9 are column 1 bottom to top, ...; 46-72 the reserve, top first;
    a deal that is not the 72 main cards is refused."""
    deal = make_deal({2: ["AH"]}, reserve=["KD"])
    state = sk.new_game(2, seed=1, options={"deal": deal})
    assert deal[17] == "AH" and deal[45] == "KD"
    assert state.public_view()["columns"][1]["cards"][-1]["id"] == "AH"
    state.apply("take 2")
    assert aktiv(state, 0, "H") == ["AH"]
    for bad in (deal[:-1], [*deal[:-1], "JOKER"], [*deal[:-1], deal[0]], "6S", [1] * 72):
        with pytest.raises(OptionError):
            sk.new_game(2, seed=1, options={"deal": bad})
    with pytest.raises(OptionError):
        sk.new_game(2, seed=1, options={"deal2": deal[1:]})


def test_F8_2_deal2_fixes_the_second_half_and_seeds_shuffle_otherwise():
    """F8.2: deal2 is the second half's deal; without it the second half is shuffled."""
    deal2 = make_deal({5: ["QC"]})
    state = end_position([0, 0], deal2=deal2)
    state = position(state, half=1)
    state.apply("take 1")
    assert state.public_view()["columns"][4]["cards"][-1]["id"] == "QC"
    a, b = (random_game(3), random_game(3))
    assert a.to_json() == b.to_json()


def test_F8_3_keeper_option_is_top_first():
    """F8.3: keeper lists the 18 keeper ids, top first; anything else is refused."""
    order = keeper_order(["5C", "JOKER"])
    state = game({1: ["9S"], 2: ["6H"], 3: ["9S"]}, keeper=["5C", "JOKER"])
    play(state, "take 1", "take 2", "take 3")
    assert [e["card"] for e in events(state, "keeper")] == ["5C", "JOKER"]
    for bad in (order[:-1], [*order[:-1], "6S"], [*order[:-1], "5C"]):
        with pytest.raises(OptionError):
            sk.new_game(2, seed=1, options={"keeper": bad})


def test_F8_4_shootout_option_true_or_false():
    """F8.4: shootout is true or false, default false."""
    for value in ("yes", 1, 0):
        with pytest.raises(OptionError):
            sk.new_game(2, seed=1, options={"shootout": value})
    state = end_position([1, 1], shootout=False)
    state.apply("take 1")
    assert state.result()["winners"] == [0, 1]


def test_F8_5_catalog_items():
    """F8.5: catalog items have id, rank, suit, pile and copies; JOKER: suit null, 2."""
    items = sk.catalog()
    assert all(set(i) == {"id", "rank", "suit", "pile", "copies"} for i in items)
    joker = [i for i in items if i["id"] == "JOKER"]
    assert joker == [{"id": "JOKER", "rank": "JOKER", "suit": None, "pile": "keeper", "copies": 2}]
    keeper = [i for i in items if i["pile"] == "keeper"]
    assert sum(i["copies"] for i in keeper) == 18
    assert sum(i["copies"] for i in items if i["pile"] == "main") == 72
    json.dumps(items)


# -- views and saves -------------------------------------------------------------------


def test_views_hide_face_down_cards_and_refuse_bad_seats(view_is_detached):
    """A view shows column cards only face up, never the reserve or keeper order."""
    state = game()
    for seat in (None, 0, 1):
        view_is_detached(state, seat)
    with pytest.raises(IllegalAction) as exc:
        state.view(2)
    assert exc.value.code == "bad_view_seat"
    assert state.view(0, log=False)["log"] == []


def test_saved_game_round_trip_and_bad_saves():
    """to_json/from_json keep the exact game; other text is refused with ValueError."""
    state = play(game({1: ["9S"], 2: ["6H"], 3: ["9S"]}), "take 1", "take 2", "take 3")
    assert sk.from_json(state.to_json()).to_json() == state.to_json()
    for bad in ("{}", "[]", '{"game": "sadikov", "version": 99}', "nope"):
        with pytest.raises(ValueError):
            sk.from_json(bad)
