"""Rules of Bundesliga Quartett (rules/quartett.md): one test or more per rule id, Q1.1-Q8."""

from __future__ import annotations

import copy
import json
import math
import random
from pathlib import Path

import pytest

from footycards.core import GAMES, get_game
from footycards.core import quartett as q
from footycards.core.errors import DeckError, IllegalAction, OptionError

DEFAULT_IDS = [f"{letter}{n}" for letter in "ABCDEFGH" for n in "1234"]
CATALOG_KEYS = {
    "id", "name", "club", "position", "games", "goals", "yellow", "yellow_red", "red",
    "fairness", "abwehr", "angriff",
}  # fmt: skip


# -- helpers ------------------------------------------------------------------


def write_deck(path: Path, stats: dict[str, dict], deck: str = "T", name: str = "Test") -> str:
    """A deck file whose cards take the given figures (code -> overrides)."""
    lines = [f"name = {json.dumps(name)}", f"deck = {json.dumps(deck)}"]
    for code, over in stats.items():
        card = {
            "code": code, "name": f"Star {deck} {code}", "club": f"Club {code[0]}",
            "position": "Forward", "games": 100, "goals": 10, "yellow": 5, "yellow_red": 0,
            "red": 0, "abwehr": 50, "angriff": 50,
        }  # fmt: skip
        card.update(over)
        lines.append("[[card]]")
        lines += [
            f"{k} = {json.dumps(v, ensure_ascii=False)}" for k, v in card.items() if v is not None
        ]
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return str(path)


def small_deck(tmp_path: Path, letters: str = "ABC", **figures: dict) -> str:
    """A deck of whole quartets; `figures` maps a code to its overrides."""
    stats = {f"{c}{n}": dict(figures.get(f"{c}{n}", {})) for c in letters for n in "1234"}
    return write_deck(tmp_path / f"deck_{letters}.toml", stats)


def deal_of(hands: list[list[str]], rest: list[str] = ()) -> list[str]:
    """The `deal` option that gives each seat its hand (dealt one at a time from P1)."""
    per = len(hands[0])
    assert all(len(h) == per for h in hands)
    return [h[i] for i in range(per) for h in hands] + list(rest)


def quartett_game(hands, rest=(), deck=None, players=None):
    options = {"mode": "quartett", "deal": deal_of(hands, rest)}
    if deck:
        options["deck"] = deck
    return q.new_game(players or len(hands), seed=1, options=options)


def hand(state, seat: int) -> list[str]:
    return [c["id"] for c in state.view(seat)["hand"]]


# -- Q1. The cards -------------------------------------------------------------


def test_Q1_1_cards_show_the_five_categories():
    """Q1.1: every card shows games, goals, Fairness-Punkte, Abwehr and Angriff."""
    assert q.CATEGORIES == ("games", "goals", "fairness", "abwehr", "angriff")
    for item in q.catalog():
        for cat in q.CATEGORIES:
            assert isinstance(item[cat], int | float)
    assert get_game("quartett") is q and GAMES["quartett"] is q


def test_Q1_2_default_deck_has_eight_quartets_of_one_club_each():
    """Q1.2: 32 cards A1-H4; each quartet is one club; F3 is card 3 of quartet F."""
    items = q.catalog()
    assert [c["id"] for c in items] == DEFAULT_IDS
    for letter in "ABCDEFGH":
        clubs = {c["club"] for c in items if c["id"][0] == letter}
        assert len(clubs) == 1
    assert len({c["club"] for c in items}) == 8
    assert q.quartet_of("F3") == "F" and q.quartet_of("BL:F3") == "BL:F"


def test_Q1_3_card_fields_and_fairness_is_computed_not_stored():
    """Q1.3: the deck file stores the figures; Fairness-Punkte are computed from them."""
    text = (Path(q.deck_path("quartett"))).read_text(encoding="utf-8")
    assert "fairness" not in text.lower().replace("fairness-punkte", "")
    deck = q.load_deck()
    assert deck.id == "BL" and deck.name
    for card, item in zip(deck.cards, q.catalog(), strict=True):
        assert set(item) == CATALOG_KEYS
        assert 1 <= card.abwehr <= 99 and 1 <= card.angriff <= 99
        assert item["fairness"] == q.fairness_points(
            card.games, card.yellow, card.yellow_red, card.red
        )
    assert len({c.name for c in deck.cards}) == 32  # every star is a different person


@pytest.mark.parametrize(
    ("change", "problem", "entry"),
    [
        (lambda s: s["A2"].update(goals=None), "missing field 'goals'", "card A2"),
        (lambda s: s["B1"].update(code="A1"), "duplicate code", "card A1"),
        (lambda s: s.pop("C4"), "missing C4", "quartet C"),
        (lambda s: s["A3"].update(yellow=-1), "must not be negative", "card A3"),
        (lambda s: s["A3"].update(games="many"), "whole number", "card A3"),
        (lambda s: s["A3"].update(name=7), "must be text", "card A3"),
        (lambda s: s["B2"].update(code="b2"), "quartet letter", "card #6"),
        (lambda s: s["B2"].update(code="B5"), "quartet letter", "card #6"),
        (lambda s: s["C1"].update(abwehr=0), "from 1 to 99", "card C1"),
        (lambda s: s["C1"].update(angriff=100), "from 1 to 99", "card C1"),
    ],
)
def test_Q1_4_deck_validation_names_file_card_and_problem(tmp_path, change, problem, entry):
    """Q1.4: a user's deck file is validated with clear errors naming file, card and problem."""
    stats = {f"{c}{n}": {"code": f"{c}{n}"} for c in "ABC" for n in "1234"}
    change(stats)
    path = write_deck(tmp_path / "bad.toml", stats)
    with pytest.raises(DeckError) as err:
        q.load_deck(path)
    assert err.value.file == path
    assert entry in err.value.entry
    assert problem in err.value.problem
    assert path in str(err.value)


def test_Q1_4_missing_file_and_empty_deck(tmp_path):
    """Q1.4: a missing file or a file without cards is a DeckError too, also from new_game."""
    with pytest.raises(DeckError, match="file not found"):
        q.new_game(2, options={"deck": str(tmp_path / "nope.toml")})
    empty = tmp_path / "empty.toml"
    empty.write_text('name = "Empty"\n', encoding="utf-8")
    with pytest.raises(DeckError, match=r"no \[\[card\]\] entries"):
        q.load_deck(empty)


def test_Q1_4_default_deck_is_valid_and_a_custom_deck_loads(tmp_path):
    """Q1.4: the shipped deck loads; a valid user deck plays with its own figures."""
    assert len(q.load_deck().cards) == 32
    path = small_deck(tmp_path, "AB", A1={"goals": 77})
    assert [c["goals"] for c in q.catalog({"deck": path}) if c["id"] == "A1"] == [77]


def test_Q1_5_fairness_three_cases():
    """Q1.5: games ÷ (yellow×1 + yellow-red×2 + red×3); no games 8.0; no cautions games+8.0."""
    assert q.fairness_points(0, 0, 0, 0) == 8.0
    assert q.fairness_points(0, 3, 1, 0) == 8.0  # house ruling: no games is always 8.0
    assert q.fairness_points(143, 0, 0, 0) == 151.0
    assert q.fairness_points(60, 1, 1, 1) == 10.0  # 60 / (1 + 2 + 3)
    assert q.fairness_points(90, 0, 3, 0) == 15.0  # yellow-red counts twice
    assert q.fairness_points(90, 0, 0, 3) == 10.0  # red counts three times
    cases = {
        "zero": [c for c in q.catalog() if c["games"] == 0],
        "clean": [c for c in q.catalog() if c["games"] and not (c["yellow"] + c["red"])],
    }
    assert all(c["fairness"] == 8.0 for c in cases["zero"]) and cases["zero"]
    assert all(c["fairness"] == c["games"] + 8.0 for c in cases["clean"]) and cases["clean"]


def test_Q1_5_fairness_shown_with_one_decimal_compared_at_full_precision(tmp_path):
    """Q1.5: 100/3 and 233/7 both show 33.3, but 33.33… beats 33.29…."""
    assert q.format_fairness(100 / 3) == q.format_fairness(233 / 7) == "33.3"
    path = small_deck(
        tmp_path, "A",
        A1={"games": 233, "yellow": 7}, A2={"games": 100, "yellow": 3},
        A3={"games": 10, "yellow": 10}, A4={"games": 10, "yellow": 10},
    )  # fmt: skip
    s = q.new_game(2, options={"deck": path, "deal": ["A1", "A2", "A3", "A4"]})
    s.apply("call fairness")
    comp = s.view(0)["last_round"]["comparisons"][0]
    assert comp["winner"] == 1 and comp["tied"] == []
    call = s.log[-2]
    assert call["event"] == "call" and call["category"] == "fairness"
    assert [(p["seat"], p["card"], p["value"]) for p in call["plays"]] == [
        (0, "A1", 233 / 7), (1, "A2", 100 / 3),
    ]  # fmt: skip


# -- Q2. Fußball-Spielregeln -----------------------------------------------------


def test_Q2_1_players_and_leftover_cards_start_in_the_middle():
    """Q2.1: 2-6 players; all cards dealt; leftovers start in the middle for a winner."""
    for bad in (1, 7, True, "3"):
        with pytest.raises(OptionError):
            q.new_game(bad, seed=1)
    s = q.new_game(3, options={"deal": DEFAULT_IDS})
    v = s.public_view()
    assert [p["cards"] for p in v["seats"]] == [10, 10, 10] and v["middle"] == 2
    s.apply("call games")  # A1 312, A2 241, A3 198: P1 wins three cards and the middle
    assert s.public_view()["middle"] == 0 and s.scores() == [14, 9, 9]
    assert [p["cards"] for p in q.new_game(6, seed=3).public_view()["seats"]] == [5] * 6


def test_Q2_2_each_player_sees_only_their_own_top_card():
    """Q2.2: a face-down stack; only its top card is seen, by its owner."""
    s = q.new_game(2, options={"deal": DEFAULT_IDS})
    assert s.view(0)["top_card"]["id"] == "A1"
    assert s.view(1)["top_card"]["id"] == "A2"
    assert s.public_view()["top_card"] is None
    assert "A2" not in json.dumps(s.view(0)) and "Ole Fenske" not in json.dumps(s.view(0))
    assert "A1" not in json.dumps(s.public_view())


def test_Q2_3_only_the_called_category_is_compared():
    """Q2.3: the caller picks; A4 (276 games, 118 goals) v C1 (401 games, 1 goal)."""
    ids = ["A4", "C1"] + [c for c in DEFAULT_IDS if c not in ("A4", "C1")]
    s = q.new_game(2, options={"deal": ids})
    assert s.to_move == 0 and s.view(0)["phase"] == "call"
    s.apply("call goals")
    assert s.view(0)["last_round"]["comparisons"][0]["winner"] == 0
    s = q.new_game(2, options={"deal": ids})
    s.apply(q.parse("call games"))
    lr = s.public_view()["last_round"]["comparisons"][0]
    assert lr["winner"] == 1 and lr["category"] == "games"
    assert [p["value"] for p in lr["plays"]] == [276, 401]


def test_Q2_4_winner_puts_cards_under_own_stack_own_card_first():
    """Q2.4: highest value wins; cards go under the stack in seat order from the winner."""
    s = q.new_game(3, options={"deal": DEFAULT_IDS})  # P1 A1 (312), P2 A2 (241), P3 A3 (198)
    s.apply("call angriff")  # angriff: A1 9, A2 34, A3 70 -> P3
    assert s.stacks[2][-5:] == ["A3", "A1", "A2", "H3", "H4"]  # own, P1, P2, then the middle
    assert s.scores() == [9, 9, 14]


def test_Q2_5_winner_calls_next():
    """Q2.5: the winner of a round calls the next category."""
    s = q.new_game(3, options={"deal": DEFAULT_IDS})
    s.apply("call angriff")
    assert s.to_move == 2 and s.view(2)["phase"] == "call"
    assert all(a.kind == "call" for a in s.legal_actions())


def test_Q2_6_two_way_tie_goes_to_stechen():
    """Q2.6: a tie sends the cards to the middle; the tied players play a Stechen."""
    ids = ["A1", "D1", "A4", "F1"] + [c for c in DEFAULT_IDS if c not in ("A1", "D1", "A4", "F1")]
    s = q.new_game(2, options={"deal": ids})
    s.apply("call goals")  # both keepers: 0 goals
    v = s.public_view()
    assert v["phase"] == "stechen" and v["stechen"] == [0, 1] and v["middle"] == 2
    assert v["to_move"] == 0  # the same caller picks again
    s.apply("call goals")  # A4 118 v F1 0
    assert s.scores() == [18, 14] and s.to_move == 0
    assert s.stacks[0][-4:] == ["A4", "F1", "A1", "D1"]  # Stechen cards, then the middle
    comps = s.public_view()["last_round"]["comparisons"]
    assert [c["stechen"] for c in comps] == [False, True] and comps[1]["took"] == 4


def test_Q2_6_three_way_tie_stechen_with_caller_outside():
    """Q2.6: three keepers tie on goals; then two tie on games while the caller looks on."""
    ids = ["A1", "D1", "E1", "B1", "A4", "E2"]
    ids += [c for c in DEFAULT_IDS if c not in ids]
    s = q.new_game(3, options={"deal": ids})
    s.apply("call goals")
    v = s.public_view()
    assert v["stechen"] == [0, 1, 2] and v["middle"] == 2 + 3
    s.apply("call games")  # B1 0, A4 276, E2 276: P2 and P3 tie again
    v = s.public_view()
    assert v["stechen"] == [1, 2] and v["middle"] == 8 and v["to_move"] == 0
    assert v["last_round"]["comparisons"][-1]["tied"] == [1, 2]
    s.apply("call goals")  # P2's and P3's next cards decide; P1 plays no card
    assert sum(s.scores()) == 32 and s.public_view()["middle"] == 0
    assert len(s.public_view()["last_round"]["comparisons"][-1]["plays"]) == 2


def test_Q2_6_a_tied_player_out_of_cards_ends_the_game(tmp_path):
    """Q2.6 [decision], Q2.7: a tie in which a tied player plays their last card ends the
    game at once, with no Stechen; the cards in the middle count for nobody."""
    goals = dict(A1=1, A2=9, A3=2, A4=9, B1=1, B2=2, B3=9, B4=1, C1=2, C2=5, C3=5, C4=5)
    path = small_deck(tmp_path, "ABC", **{k: {"goals": v} for k, v in goals.items()})
    s = q.new_game(3, options={"deck": path, "deal": list(goals)})
    for _ in range(4):
        s.apply("call goals")
    v = s.public_view()  # the three-way tie at 5: P3 played their last card
    assert v["last_round"]["comparisons"][0]["tied"] == [0, 1, 2]
    assert s.is_over and v["stechen"] == [] and v["middle"] == 3
    assert s.scores() == [6, 3, 0] and s.result()["winners"] == [0]
    assert s.result()["reason"] == {"event": "out_of_cards", "seats": [2]}
    assert s.log[-2] == {
        "event": "tie", "seats": [0, 1, 2], "category": "goals", "value": 5, "middle": 3,
        "seat": 0, "stechen": False,
    }  # fmt: skip


def test_Q2_6_stechen_ends_when_a_tied_player_runs_out(tmp_path):
    """Q2.6 [decision]: a Stechen that ties again as a tied player plays their last card
    ends the game; the player left with cards does not take the middle."""
    goals = {"A1": 9, "A2": 1, "A3": 5, "A4": 5, "B1": 1, "B2": 1, "B3": 1, "B4": 1}
    path = small_deck(tmp_path, "AB", **{k: {"goals": v} for k, v in goals.items()})
    # P1: A1 A3 B1 B3, P2: A2 A4 B2 B4
    s = q.new_game(2, options={"deck": path, "deal": list(goals)})
    s.apply("call goals")  # A1 9 beats A2 1: P1 has 5, P2 has 3
    s.apply("call goals")  # A3 5 v A4 5: tie; both still hold cards
    assert s.public_view()["stechen"] == [0, 1]
    s.apply("call goals")  # B1 1 v B2 1: tie again
    assert not s.is_over
    s.apply("call goals")  # B3 1 v B4 1: tie; P2 is out, P1 still holds A1 A2
    assert s.is_over and s.scores() == [2, 0] and s.result()["winners"] == [0]
    assert s.public_view()["middle"] == 6  # the middle stays and counts for nobody
    assert [e["event"] for e in s.log[-2:]] == ["tie", "end"]


def test_Q2_6_all_tied_players_out_the_middle_stays(tmp_path):
    """Q2.6: if all tied players run out, the middle stays (and counts for nobody)."""
    goals = {"A1": 5, "A2": 5, "A3": 1, "A4": 3, "B1": 3, "B2": 1, "B3": 1, "B4": 1}
    path = small_deck(tmp_path, "AB", **{k: {"goals": v} for k, v in goals.items()})
    # P1: A1 A4, P2: A2 B1, P3: A3 B2; B3 B4 in the middle
    s = q.new_game(3, options={"deck": path, "deal": list(goals)})
    s.apply("call goals")  # 5, 5, 1: P1 and P2 tie
    s.apply("call goals")  # Stechen 3 v 3: tie, both out of cards
    assert s.is_over and s.scores() == [0, 0, 1] and s.result()["winners"] == [2]
    assert s.public_view()["middle"] == 7
    assert s.log[-2]["event"] == "tie" and s.log[-2]["stechen"] is False
    assert s.log[-1]["reason"] == {"event": "out_of_cards", "seats": [0, 1]}


def test_Q2_7_the_end_comes_also_for_a_player_outside_the_tie(tmp_path):
    """Q2.7 with the Q2.6 [decision]: P1 and P2 tie on games while P3, not in the tie,
    plays their last card: the game ends right there, without a Stechen; the middle counts
    for nobody."""
    games = dict(A1=9, B1=1, C1=1, A2=1, B2=9, C2=1, A3=9, B3=1, C3=1, A4=5, B4=5, C4=1)
    path = small_deck(tmp_path, "ABC", **{k: {"games": v} for k, v in games.items()})
    # P1: A1 A2 A3 A4, P2: B1 B2 B3 B4, P3: C1 C2 C3 C4
    s = q.new_game(3, options={"deck": path, "deal": list(games)})
    s.apply("call games")  # P1 wins: 6, 3, 3
    s.apply("call games")  # P2 wins: 5, 5, 2
    s.apply("call games")  # P1 wins: 7, 4, 1
    assert not s.is_over and s.scores() == [7, 4, 1]
    s.apply("call games")  # A4 5 v B4 5 tie; P3 plays C4, their last card
    assert s.is_over and s.to_move is None and s.public_view()["stechen"] == []
    assert s.scores() == [6, 3, 0] and s.result()["winners"] == [0]
    assert s.public_view()["middle"] == 3
    assert s.result()["reason"] == {"event": "out_of_cards", "seats": [2]}


def test_Q2_7_game_ends_as_soon_as_a_player_has_no_card(tmp_path):
    """Q2.7: the end comes when one player is out, though others still hold cards."""
    path = small_deck(tmp_path, "ABC", A1={"goals": 50}, A4={"goals": 40})
    # P1: A1 A4 B3 C2, P2: A2 B1 B4 C3, P3: A3 B2 C1 C4
    s = q.new_game(3, options={"deck": path, "deal": [f"{c}{n}" for c in "ABC" for n in "1234"]})
    s.apply("call goals")  # P1 wins
    s.apply("call goals")  # P1 wins again
    assert not s.is_over
    s.apply("call abwehr")  # 50 v 50 v 50 tie, Stechen P1 P2 P3
    s.apply("call angriff")  # tie again: P2 and P3 are out, P1 is alone
    assert s.is_over and s.to_move is None and s.legal_actions() == []
    assert s.result()["winners"] == [0]
    with pytest.raises(IllegalAction, match="over"):
        s.apply("call goals")


def test_Q2_7_most_cards_wins_equal_counts_share_and_round_limit():
    """Q2.7: the round limit ends the game; most cards wins; equal counts share the win."""
    ids = ["A4", "C1", "C4", "A1"] + [c for c in DEFAULT_IDS if c not in ("A4", "C1", "C4", "A1")]
    s = q.new_game(2, options={"deal": ids, "round_limit": 2})
    s.apply("call goals")  # A4 118 beats C1 1
    s.apply("call games")  # C4 184 loses to A1 312
    assert s.is_over and s.scores() == [16, 16]
    assert s.result()["winners"] == [0, 1]
    assert s.result()["reason"] == {"event": "round_limit", "limit": 2}
    for bad in (0, -1, 1.5, True, "3"):
        with pytest.raises(OptionError):
            q.new_game(2, options={"round_limit": bad})


def test_Q2_8_round_result_shows_all_played_cards_and_nothing_else():
    """Q2.8: every view shows the last round's cards with values; each sees only their top."""
    s = q.new_game(3, options={"deal": DEFAULT_IDS})
    s.apply("call goals")
    pub = s.public_view()
    plays = pub["last_round"]["comparisons"][0]["plays"]
    assert [(p["seat"], p["card"]["id"], p["value"]) for p in plays] == [
        (0, "A1", 0), (1, "A2", 11), (2, "A3", 37),
    ]  # fmt: skip
    assert pub["top_card"] is None and pub["hand"] is None
    tops = {s.view(i)["top_card"]["id"] for i in range(3)}
    assert len(tops) == 3
    for i in range(3):
        other = tops - {s.view(i)["top_card"]["id"]}
        assert not any(t in json.dumps(s.view(i)) for t in other)


# -- Q3. Abwehr-Angriff --------------------------------------------------------------


def test_Q3_1_abwehr_angriff_allows_only_two_categories():
    """Q3.1: only Abwehr and Angriff may be called."""
    s = q.new_game(2, seed=4, options={"mode": "abwehr-angriff"})
    assert [str(a) for a in s.legal_actions()] == ["call abwehr", "call angriff"]
    before = s.to_json()
    for cat in ("games", "goals", "fairness"):
        with pytest.raises(IllegalAction, match="cannot be called"):
            s.apply(f"call {cat}")
    assert s.to_json() == before
    s.apply("call abwehr")
    assert s.view(0)["category"] == "abwehr"


# -- Q4. Quartett, three or more -------------------------------------------------


def test_Q4_1_equal_hands_leftovers_form_a_stack():
    """Q4.1: 3-6 players get equal hands; the rest is a face-down stack."""
    for players, per, rest in ((3, 10, 2), (4, 8, 0), (5, 6, 2), (6, 5, 2)):
        v = q.new_game(players, seed=9, options={"mode": "quartett"}).public_view()
        held = [p["cards"] + 4 * len(p["quartets"]) for p in v["seats"]]
        assert held == [per] * players and v["stack"] == rest


def test_Q4_1_leftover_stack_is_drawn_after_a_miss():
    """Q4.1 with Q5.2: with three players a miss draws from the leftover stack."""
    hands = [
        ["A1", "B1", "C1", "D1", "E1", "F1", "G1", "H1", "A2", "B2"],
        ["C2", "D2", "E2", "F2", "G2", "H2", "A3", "B3", "C3", "D3"],
        ["E3", "F3", "G3", "H3", "B4", "C4", "D4", "E4", "F4", "G4"],
    ]
    s = quartett_game(hands, ["A4", "H4"])
    s.apply("ask P2 A4")  # A4 is the top of the stack
    assert s.to_move == 1 and "A4" in hand(s, 0) and s.public_view()["stack"] == 1


def test_Q4_2_first_player_asks_any_other_player():
    """Q4.2: P1 (left of the dealer, P3) asks first, any other player, for one card."""
    s = q.new_game(3, seed=2, options={"mode": "quartett"})
    assert s.to_move == 0 and s.public_view()["phase"] == "ask"
    targets = {a.seat for a in s.legal_actions()}
    assert targets == {1, 2}
    with pytest.raises(IllegalAction, match="another player"):
        s.apply(f"ask P1 {s.legal_actions()[0].card}")


def test_Q4_3_ask_only_for_a_quartet_you_hold_and_not_your_own_card():
    """Q4.3: a card of a quartet you hold a card of; not a card you hold yourself."""
    hands = [
        ["A1", "B1", "C1", "D1", "E1", "F1", "G1", "A2", "A3", "B2"],
        ["C2", "D2", "E2", "F2", "G2", "A4", "B3", "C3", "D3", "E3"],
        ["F3", "G3", "B4", "C4", "D4", "E4", "F4", "G4", "H1", "H2"],
    ]
    s = quartett_game(hands, ["H3", "H4"])
    before = s.to_json()
    for bad, why in (
        ("ask P2 A1", "yourself"),
        ("ask P3 H3", "you hold no H card"),
        ("ask P2 Z1", "no card Z1"),
        ("ask P5 A4", "another player"),
        ("ask P7 A4", "not a seat"),
        ("ask P1 A4", "another player"),
    ):
        with pytest.raises(IllegalAction, match=why):
            s.apply(bad)
        assert s.to_json() == before
    assert q.parse("ask P2 F3") in s.legal_actions()  # P1 holds F1
    assert not any(a.card[0] == "H" or a.card in hands[0] for a in s.legal_actions())


def test_Q4_4_a_hit_hands_the_card_over_and_the_asker_asks_again():
    """Q4.4: the asked player must hand the card over; the asker goes on asking."""
    hands = [
        ["A1", "B1", "C1", "D1", "E1", "F1", "G1", "H1", "A2", "B2"],
        ["C2", "D2", "E2", "F2", "G2", "H2", "A3", "B3", "C3", "D3"],
        ["E3", "F3", "G3", "H3", "B4", "C4", "D4", "E4", "F4", "G4"],
    ]
    s = quartett_game(hands, ["A4", "H4"])
    s.apply("ask P2 A3")
    assert s.to_move == 0 and "A3" in hand(s, 0) and "A3" not in json.dumps(s.view(1)["hand"])
    s.apply("ask P3 B4")
    assert s.to_move == 0
    assert s.public_view()["history"][:2] == [
        {"asker": 0, "target": 1, "card": "A3", "hit": True, "drew": False},
        {"asker": 0, "target": 2, "card": "B4", "hit": True, "drew": False},
    ]


def test_Q4_5_a_miss_puts_the_asked_player_on_turn():
    """Q4.5: the asked player who does not have the card is now on turn."""
    hands = [
        ["A1", "B1", "C1", "D1", "E1", "F1", "G1", "H1", "A2", "B2"],
        ["C2", "D2", "E2", "F2", "G2", "H2", "A3", "B3", "C3", "D3"],
        ["E3", "F3", "G3", "H3", "B4", "C4", "D4", "E4", "F4", "G4"],
    ]
    s = quartett_game(hands, ["A4", "H4"])
    s.apply("ask P3 C2")  # C2 is with P2
    assert s.to_move == 2
    assert s.public_view()["history"][-1]["hit"] is False


def test_Q4_6_complete_quartets_are_laid_down_at_once():
    """Q4.6: a completed quartet goes face up on the table (also from the deal or a draw)."""
    hands = [
        ["A1", "A2", "A3", "B1", "B2", "B3", "C1", "C2", "C3", "C4"],  # C complete at the deal
        ["A4", "B4", "D1", "D2", "D3", "E1", "E2", "E3", "F1", "F2"],
    ]
    rest = ["D4", "E4", "F3", "F4", "G1", "G2", "G3", "G4", "H1", "H2", "H3", "H4"]
    s = quartett_game(hands, rest)
    v = s.public_view()
    assert v["seats"][0]["quartets"] == ["C"] and v["seats"][0]["cards"] == 6
    s.apply("ask P2 A4")
    assert s.public_view()["seats"][0]["quartets"] == ["C", "A"] and s.scores() == [2, 0]
    assert s.to_move == 0 and "A4" not in hand(s, 0)


def test_Q4_6_a_drawn_card_completes_a_quartet():
    """Q4.6: a quartet completed by the card drawn after a miss is laid down too."""
    hands = [
        ["A1", "A2", "A3", "B1", "B2", "B3", "C1", "C2", "C3", "D1"],
        ["B4", "C4", "D2", "D3", "D4", "E1", "E2", "E3", "F1", "F2"],
    ]
    rest = ["A4", "E4", "F3", "F4", "G1", "G2", "G3", "G4", "H1", "H2", "H3", "H4"]
    s = quartett_game(hands, rest)
    s.apply("ask P2 A4")  # a miss: P1 draws A4 and lays down A, yet the turn passes
    assert s.public_view()["seats"][0]["quartets"] == ["A"] and s.to_move == 1


def test_Q4_7_players_without_cards_are_skipped(tmp_path):
    """Q4.7: a player with no cards cannot ask nor be asked, and is skipped."""
    path = small_deck(tmp_path, "ABCDEF")
    hands = [
        ["A1", "A2", "A3", "F1", "F2", "E1"],
        ["B1", "B2", "B3", "C1", "C2", "C3"],
        ["D1", "D2", "D3", "D4", "E2", "E3"],
        ["A4", "B4", "C4", "E4", "F3", "F4"],
    ]
    s = quartett_game(hands, deck=path)
    assert s.public_view()["seats"][2]["quartets"] == ["D"]
    s.apply("ask P3 E2")
    s.apply("ask P3 E3")  # P3's hand is empty now
    t = s.clone()  # P3 may still be asked (Q4.2: any other player): a sure miss
    t.apply("ask P3 A4")  # P3 would be on turn (Q4.5) but is skipped: P4 asks
    assert t.to_move == 3 and t.log[-1] == {"event": "skip", "seats": [2]}
    s.apply("ask P2 A4")  # a miss: P2 is on turn
    assert s.to_move == 1
    s.apply("ask P4 B4")
    s.apply("ask P4 C4")  # P2 lays B and C down and has no cards: P3 is skipped, P4 asks
    assert s.to_move == 3 and s.log[-1] == {"event": "skip", "seats": [2]}


def test_Q4_7_game_ends_when_every_quartet_is_on_the_table(tmp_path):
    """Q4.7: the end comes when every quartet lies on the table."""
    path = small_deck(tmp_path, "AB")
    s = quartett_game([["A1", "A2", "A3", "B1"], ["A4", "B2", "B3", "B4"]], deck=path)
    for move in ("ask P2 A4", "ask P2 B2", "ask P2 B3"):
        s.apply(move)
    assert not s.is_over
    s.apply("ask P2 B4")
    assert s.is_over and s.scores() == [2, 0]
    assert s.result()["reason"] == {"event": "all_quartets"}


def test_Q4_8_most_quartets_wins_equal_counts_share(tmp_path):
    """Q4.8: most quartets wins; equal counts share the win."""
    path = small_deck(tmp_path, "ABC")
    s = quartett_game(
        [["A1", "A2", "B1", "C4"], ["A3", "A4", "B2", "C3"], ["B3", "B4", "C1", "C2"]], deck=path
    )
    for move in ("ask P2 A3", "ask P2 A4", "ask P2 B2", "ask P3 B3", "ask P3 B4"):
        s.apply(move)
    assert s.scores() == [2, 0, 0] and not s.is_over
    assert s.to_move == 0
    s.apply("ask P2 C1")  # a miss: P2 holds C3, P3 holds C1 C2
    s.apply("ask P3 C1")
    s.apply("ask P3 C2")
    s.apply("ask P1 C4")  # P2 completes C
    assert s.is_over and s.result()["winners"] == [0] and s.scores() == [2, 1, 0]
    t = quartett_game([["A1", "A2", "A3", "A4"], ["B1", "B2", "B3", "B4"]],
                      deck=small_deck(tmp_path, "AB"))  # fmt: skip
    assert t.is_over and t.scores() == [1, 1] and t.result()["winners"] == [0, 1]


# -- Q5. Quartett for two ------------------------------------------------------------


TWO_HANDS = [
    ["A1", "A2", "A3", "B1", "B2", "B3", "C1", "C2", "C3", "D1"],
    ["A4", "B4", "C4", "D2", "D3", "D4", "E1", "E2", "E3", "F1"],
]
TWO_REST = ["E4", "F2", "F3", "F4", "G1", "G2", "G3", "G4", "H1", "H2", "H3", "H4"]


def test_Q5_1_two_players_get_ten_cards_and_the_rest_is_the_stack():
    """Q5.1: ten cards each; the other twelve are the stack, top first as dealt."""
    s = quartett_game(TWO_HANDS, TWO_REST)
    assert hand(s, 0) == TWO_HANDS[0] and hand(s, 1) == TWO_HANDS[1]
    assert s.public_view()["stack"] == 12 and s.stock == TWO_REST
    v = q.new_game(2, seed=5, options={"mode": "quartett"}).public_view()
    assert [p["cards"] + 4 * len(p["quartets"]) for p in v["seats"]] == [10, 10]


def test_Q5_2_a_miss_draws_the_top_card_and_the_other_player_asks():
    """Q5.2: a miss draws the top of the stack; the drawn card never extends the turn."""
    hands = [
        ["A1", "A2", "A3", "B1", "B2", "C1", "C2", "C3", "D1", "E1"],
        ["A4", "B3", "C4", "D2", "D3", "D4", "E2", "E3", "F1", "F2"],
    ]
    rest = ["B4", "E4", "F3", "F4", "G1", "G2", "G3", "G4", "H1", "H2", "H3", "H4"]
    s = quartett_game(hands, rest)
    s.apply("ask P2 B4")  # a miss; P1 draws B4 - the very card - but P2 asks next
    assert "B4" in hand(s, 0) and s.to_move == 1 and s.public_view()["stack"] == 11
    assert s.public_view()["history"][-1] == {
        "asker": 0, "target": 1, "card": "B4", "hit": False, "drew": True,
    }  # fmt: skip
    assert "B4" not in hand(s, 1) and s.view(1)["seats"][0]["cards"] == 11


def test_Q5_2_empty_stack_nobody_draws_but_the_turn_passes(tmp_path):
    """Q5.2: once the stack is empty nobody draws after a miss; the turn still passes.

    (With two players and no stack every ask hits, so three players show it.)"""
    path = small_deck(tmp_path, "ABC")  # 12 cards: four each, no stack
    s = quartett_game([["A1", "A2", "B1", "C4"], ["A3", "A4", "B2", "C3"],
                       ["B3", "B4", "C1", "C2"]], deck=path)  # fmt: skip
    assert s.public_view()["stack"] == 0
    s.apply("ask P2 C1")  # a miss: C1 is with P3
    assert s.to_move == 1 and hand(s, 0) == ["A1", "A2", "B1", "C4"]
    assert s.public_view()["history"][-1]["drew"] is False


def test_Q5_3_otherwise_as_Q4_with_empty_handed_opponent():
    """Q5.3 and house rulings: a player out of cards is skipped; the other asks them anyway
    and draws; when nobody holds a card, the player on turn draws and asks."""
    s = quartett_game(TWO_HANDS, TWO_REST)
    for card in ("A4", "B4", "C4", "D2", "D3", "D4"):
        s.apply(f"ask P2 {card}")  # Q4.4: hits go on; A, B, C, D laid down
    assert s.public_view()["seats"][0]["quartets"] == ["A", "B", "C", "D"]
    assert s.to_move == 1 and hand(s, 0) == []  # P1's hand emptied on their own turn
    assert [str(a) for a in s.legal_actions()] == ["ask P1 E4", "ask P1 F2", "ask P1 F3",
                                                    "ask P1 F4"]  # fmt: skip
    s.apply("ask P1 E4")  # a miss; P2 draws E4 and lays E; P1 is skipped
    assert s.to_move == 1 and s.public_view()["seats"][1]["quartets"] == ["E"]
    for card in ("F2", "F3", "F4"):
        s.apply(f"ask P1 {card}")  # each miss draws the next F card
    assert s.public_view()["seats"][1]["quartets"] == ["E", "F"]
    assert s.to_move == 0 and hand(s, 0) == ["G1"]  # nobody held a card: P1 drew
    assert {"event": "restock", "seat": 0, "stack": 7} in s.log
    while not s.is_over:
        s.apply(s.legal_actions()[0])
    assert s.scores() == [5, 3] and s.result()["winners"] == [0]


# -- Q6. Fan-Freundschaft ---------------------------------------------------------------


def test_Q6_1_decks_combine_with_deck_prefixed_ids(tmp_path):
    """Q6.1: several decks combine in the top-trumps games; ids become DECK:CODE."""
    other = write_deck(
        tmp_path / "fcb.toml", {f"{c}{n}": {"goals": 99} for c in "AB" for n in "1234"}, deck="FCB"
    )
    options = {"decks": [str(q.deck_path("quartett")), other]}
    ids = [c["id"] for c in q.catalog(options)]
    assert len(ids) == 40 and ids[0] == "BL:A1" and ids[-1] == "FCB:B4"
    s = q.new_game(2, seed=1, options=options)
    assert sum(s.scores()) + s.public_view()["middle"] == 40
    assert s.view(0)["top_card"]["id"].split(":")[0] in ("BL", "FCB")
    s = q.new_game(2, seed=1, options={**options, "mode": "abwehr-angriff"})
    s.apply("call angriff")
    assert [c["id"] for c in q.catalog({"decks": [other]})][0] == "A1"  # one deck: plain ids


def test_Q6_1_fan_freundschaft_refusals(tmp_path):
    """Q6.1: not in the Quartett game; deck and decks not both."""
    a = write_deck(tmp_path / "a.toml", {f"A{n}": {} for n in "1234"}, deck="X")
    c = write_deck(tmp_path / "c.toml", {f"C{n}": {} for n in "1234"}, deck="Y")
    with pytest.raises(OptionError, match="Fan-Freundschaft"):
        q.new_game(2, options={"mode": "quartett", "decks": [a, c]})
    with pytest.raises(OptionError, match="not both"):
        q.new_game(2, options={"deck": a, "decks": [c]})
    with pytest.raises(OptionError):
        q.new_game(2, options={"decks": "a.toml"})


# -- Q7. Notation ------------------------------------------------------------------------


def test_Q7_notation_round_trip():
    """Q7: `call goals`, `ask P2 F3`; parse(str(a)) == a for every legal action."""
    for mode, players in (("fussball", 3), ("abwehr-angriff", 2), ("quartett", 4)):
        s = q.new_game(players, seed=11, options={"mode": mode})
        for a in s.legal_actions():
            assert q.parse(str(a)) == a
    assert str(q.parse("  ASK p2 f3 ")) == "ask P2 F3"
    assert str(q.parse("Call Goals")) == "call goals"
    assert q.parse("ask P2 bl:f3").card == "bl:F3"
    for bad in ("", "call", "call tore", "ask P2", "ask 2 F3", "ask P0 F3", "ask P2 F9",
                "pass", "ask P2 F3 now"):  # fmt: skip
        with pytest.raises(IllegalAction):
            q.parse(bad)


def test_Q7_wrong_kind_of_move_for_the_mode():
    """Q7: `call` only in the top-trumps games, `ask` only in the Quartett game."""
    tt = q.new_game(2, seed=1)
    with pytest.raises(IllegalAction, match="call a category"):
        tt.apply("ask P2 F3")
    qt = q.new_game(2, seed=1, options={"mode": "quartett"})
    with pytest.raises(IllegalAction, match="ask for a card"):
        qt.apply("call goals")
    with pytest.raises(IllegalAction):
        qt.apply(42)


# -- Q8. Card ids and fixed deals ------------------------------------------------------


def test_Q8_deal_one_at_a_time_from_P1_first_card_on_top():
    """Q8: the deal lists card ids top first, dealt one at a time from P1."""
    deal = list(reversed(DEFAULT_IDS))
    s = q.new_game(4, options={"deal": deal})
    assert [s.view(i)["top_card"]["id"] for i in range(4)] == ["H4", "H3", "H2", "H1"]
    assert s.stacks[0] == deal[0::4]


def test_Q8_deal_must_be_a_permutation():
    """Q8: a deal that is not a permutation of the deck's ids is refused."""
    for bad in (DEFAULT_IDS[:-1], DEFAULT_IDS + ["A1"], DEFAULT_IDS[:-1] + ["Z9"],
                "A1 A2", [1] * 32):  # fmt: skip
        with pytest.raises(OptionError, match="deal"):
            q.new_game(2, options={"deal": bad})


def test_Q8_modes_and_catalog_keys():
    """Q8: modes fussball (default), abwehr-angriff, quartett; catalog keys; categories."""
    assert q.new_game(2, seed=1).mode == "fussball"
    with pytest.raises(OptionError, match="mode"):
        q.new_game(2, options={"mode": "skat"})
    assert all(set(item) == CATALOG_KEYS for item in q.catalog())
    assert [a.category for a in q.new_game(2, seed=1).legal_actions()] == list(q.CATEGORIES)


def test_Q8_json_round_trip_and_clone_are_exact():
    """Q8: a saved game (to_json/from_json) and a clone continue exactly like the original."""
    s = q.new_game(3, seed=21, options={"mode": "quartett", "round_limit": 300})
    for _ in range(5):
        s.apply(s.legal_actions()[-1])
    t = q.from_json(s.to_json())
    c = s.clone()
    assert t.to_json() == s.to_json() == c.to_json()
    for state in (s, t, c):
        rng = random.Random(5)
        while not state.is_over:
            state.apply(rng.choice(state.legal_actions()))
    assert s.to_json() == t.to_json() == c.to_json()
    with pytest.raises(ValueError):
        q.from_json('{"game": "stadium"}')


# -- Fan-Freundschaft with the same deck twice, deck ids in views ---------------------------


def test_Q6_1_the_same_deck_twice_gets_a_second_prefix():
    """Q6.1: the same deck given twice is combined; the second copy's cards are BL2:…, and
    the game plays to its end."""
    shipped = str(q.deck_path("quartett"))
    options = {"decks": [shipped, shipped]}
    ids = [c["id"] for c in q.catalog(options)]
    assert len(ids) == len(set(ids)) == 64
    assert ids[0] == "BL:A1" and ids[32] == "BL2:A1" and ids[-1] == "BL2:H4"
    for mode in ("fussball", "abwehr-angriff"):
        s = q.new_game(4, seed=3, options={**options, "mode": mode})
        v = s.public_view()
        assert v["decks"] == [
            {"id": "BL", "name": "Bundesliga Quartett (invented stars)", "prefix": "BL"},
            {"id": "BL", "name": "Bundesliga Quartett (invented stars)", "prefix": "BL2"},
        ]
        assert sum(p["cards"] for p in v["seats"]) + v["middle"] == 64
        rng = random.Random(3)
        while not s.is_over:
            s.apply(rng.choice(s.legal_actions()))
        assert s.result()["winners"]
        assert q.from_json(s.to_json()).to_json() == s.to_json()


def test_Q6_1_decks_sharing_an_id_get_numbered_prefixes(tmp_path):
    """Q6.1 [house ruling]: two different decks with the same deck id combine as X and X2."""
    a = write_deck(tmp_path / "a.toml", {f"A{n}": {} for n in "1234"}, deck="X")
    b = write_deck(tmp_path / "b.toml", {f"A{n}": {"goals": 1} for n in "1234"}, deck="X")
    ids = [c["id"] for c in q.catalog({"decks": [a, b]})]
    assert ids == [f"{p}:A{n}" for p in ("X", "X2") for n in "1234"]
    s = q.new_game(2, seed=1, options={"decks": [a, b]})
    assert [d["prefix"] for d in s.public_view()["decks"]] == ["X", "X2"]


def test_Q8_views_carry_no_file_path_and_deck_ids_find_the_cards(tmp_path):
    """Q8: no view holds a file-system path; `deck_catalog` finds the cards by deck id."""
    other = write_deck(
        tmp_path / "fcb.toml", {f"{c}{n}": {"goals": 99} for c in "AB" for n in "1234"}, deck="FCB"
    )
    shipped = str(q.deck_path("quartett"))
    for options in ({}, {"deck": other}, {"decks": [shipped, other]}):
        s = q.new_game(2, seed=1, options=options)
        for view in (s.public_view(), s.view(0)):
            text = json.dumps(view, ensure_ascii=False)
            assert str(tmp_path) not in text and "quartett.toml" not in text
            assert "/" not in json.dumps(view["decks"])
            ids = [d["id"] for d in view["decks"]]
            assert q.deck_catalog(ids) == q.catalog(options)
    assert [c["id"] for c in q.deck_catalog(["BL"])] == DEFAULT_IDS  # shipped: always
    with pytest.raises(KeyError):
        q.deck_catalog(["NO-SUCH-DECK"])


def test_Q1_4_a_changed_deck_with_the_same_id_gets_its_own_key(tmp_path):
    """Q1.4: a deck id that another deck (other cards) already holds in this process gets a
    key of its own, so a view never finds the wrong cards by its deck id."""
    path = tmp_path / "same.toml"
    first = q.load_deck(write_deck(path, {f"A{n}": {} for n in "1234"}, deck="SAME"))
    again = q.load_deck(tmp_path / "same.toml")
    assert again.key == first.key == "SAME"
    other = q.load_deck(
        write_deck(tmp_path / "o.toml", {f"A{n}": {"goals": 7} for n in "1234"}, deck="SAME")
    )
    assert other.key == "SAME~2"
    assert [c["goals"] for c in q.deck_catalog(["SAME~2"])] == [7] * 4
    assert [c["goals"] for c in q.deck_catalog(["SAME"])] == [10] * 4


# -- the engine contract: actions, seats, views, the log ---------------------------------------


@pytest.mark.parametrize("junk", [None, 123, 4.5, object(), ["call", "goals"], b"call goals"])
def test_Q7_apply_refuses_what_is_not_an_action(junk):
    """Q7: apply takes an Action or its notation; anything else is an IllegalAction."""
    for mode in q.MODES:
        s = q.new_game(3, seed=2, options={"mode": mode})
        before = s.to_json()
        with pytest.raises(IllegalAction) as err:
            s.apply(junk)
        assert err.value.code == "not_an_action" and s.to_json() == before


def test_Q7_hand_built_actions_with_wrong_field_types_are_refused():
    """Q7: an Action built by hand with fields of the wrong type is refused, state unchanged."""
    s = q.new_game(3, seed=2, options={"mode": "quartett"})
    before = s.to_json()
    bad_actions = (
        q.Action("ask", seat="2", card="A1"),
        q.Action("ask", seat=1, card=["A1"]),
        q.Action("ask", seat=None, card="A1"),
        q.Action("call", category=["x"]),
    )
    for bad in bad_actions:
        with pytest.raises(IllegalAction):
            s.apply(bad)
        assert s.to_json() == before


@pytest.mark.parametrize("seat", [-1, 3, 99, "0", 1.0, True, [0]])
def test_Q2_2_view_refuses_a_seat_outside_the_table(seat):
    """Q2.2: a view is only for a seat of the table; -1 never hands out the last hand."""
    for mode in q.MODES:
        s = q.new_game(3, seed=5, options={"mode": mode})
        with pytest.raises(IllegalAction) as err:
            s.view(seat)
        assert err.value.code == "bad_view_seat"
        assert s.view(None) == s.public_view()


def test_Q8_illegal_action_carries_code_template_and_params():
    """Q8: a refusal is data: a code, an English template and its parameters."""
    s = q.new_game(3, seed=1, options={"mode": "quartett", "deal": DEFAULT_IDS})
    with pytest.raises(IllegalAction) as err:
        s.apply("ask P2 Z1")
    exc = err.value
    assert exc.code == "no_such_card" and exc.params == {"card": "Z1"}
    assert str(exc) == exc.template.format(**exc.params) == "there is no card Z1 in this deck"
    with pytest.raises(IllegalAction) as err:
        q.parse("call tore")
    assert err.value.code == "bad_category" and err.value.params["cat"] == "tore"


def test_Q2_3_log_events_are_data_with_seats_as_numbers():
    """Q2.3: each call logs the category and every card shown, seats as 0-based ints."""
    s = q.new_game(3, options={"deal": DEFAULT_IDS, "names": ["Ann", "Bob", "Cy"]})
    s.apply("call goals")  # A1 0, A2 11, A3 37: P3 wins
    assert s.log[0] == {
        "event": "deal", "decks": ["Bundesliga Quartett (invented stars)"], "mode": "fussball",
        "cards": 10, "rest": 2, "seat": 0,
    }  # fmt: skip
    call, win = s.log[1:]
    assert call["event"] == "call" and call["seat"] == 0 and call["stechen"] is False
    assert [(p["seat"], p["card"], p["value"]) for p in call["plays"]] == [
        (0, "A1", 0), (1, "A2", 11), (2, "A3", 37),
    ]  # fmt: skip
    assert win == {"event": "win", "seat": 2, "cards": 5, "gain": 4}  # A3 comes back
    assert "Ann" not in json.dumps(list(s.log)) and "Cy" not in json.dumps(list(s.log))
    assert json.loads(json.dumps(list(s.log))) == s.log


def test_Q8_house_rulings_live_in_the_rules_text():
    """Q8: the engine keeps no rulings of its own; the in-app rules text lists them."""
    from footycards.core.assets import assets_dir

    assert not hasattr(q, "HOUSE_RULINGS")
    text = (assets_dir() / "rules" / "quartett.md").read_text(encoding="utf-8")
    assert "## House rulings" in text
    for rule in ("Q2.6", "Q2.7", "Q4.2", "Q4.5", "Q5.1", "Q5.2", "Q6.1"):
        assert rule in text


def test_Q2_8_a_view_without_the_log_is_the_same_view():
    """Q2.8: view(seat, log=False) is the same view with an empty log (for AI players)."""
    for mode in q.MODES:
        s = q.new_game(3, seed=8, options={"mode": mode})
        for a in s.legal_actions()[:1] * 3:
            if not s.is_over and a in s.legal_actions():
                s.apply(a)
        for seat in (None, 0, 1, 2):
            full, lean = s.view(seat), s.view(seat, log=False)
            assert lean["log"] == [] and full["log"] == s.log
            assert {**full, "log": []} == lean


def test_Q2_4_a_win_says_how_much_the_stack_grew():
    """Q2.4/Q2.6: the winner takes every card of the round, their own back among them:
    two players, no tie: 2 cards taken, the stack grows by 1; after a tie and a Stechen:
    4 taken, 2 of them the winner's own, the stack grows by 2."""
    s = q.new_game(2, seed=3)
    s.apply("call games")
    win = s.log[-1]
    assert win["event"] == "win" and (win["cards"], win["gain"]) == (2, 1)
    assert s.public_view()["last_round"]["comparisons"][-1]["gain"] == 1
    s = q.new_game(2, seed=4)
    s.apply("call goals")
    assert s.log[-1]["event"] == "tie"
    s.apply(str(s.legal_actions()[0]))
    win = s.log[-1]
    assert win["event"] == "win" and (win["cards"], win["gain"]) == (4, 2)


# -- The deal as it always was, built without the field-by-field constructor (issue 20) ------


def test_Q8_a_seed_deals_as_it_always_did():
    """Q8: the seeded shuffle (one uniform number below n! read digit by digit, in groups
    and a looked-up tail) deals what it dealt before it was made faster."""
    s = q.new_game(2, seed=0)
    assert s.stacks[0] == "B4 F4 G2 C4 B3 E1 F3 F1 A3 F2 G4 G1 H1 D3 B1 E4".split()
    assert s.stacks[1] == "C3 H3 E3 H2 D1 A1 C1 H4 E2 G3 A2 D2 B2 C2 A4 D4".split()
    s = q.new_game(6, seed=7)
    assert s.stacks[0] == "H4 F1 A4 F4 H3".split() and s.stacks[5] == "D3 F2 E3 C4 B4".split()
    assert s.middle == ["D2", "A3"]
    s = q.new_game(2, seed=42, options={"mode": "quartett"})
    assert s.hands[1] == "G4 B1 D1 G3 C1 F4 E4 H1 B3 D3".split()
    assert s.stock == "H4 B4 G1 D2 A1 H2 C2 E2 F2 F1 A3 E3".split()
    assert s.rng.state == 15755400384260043881
    for n in range(1, 40):  # every size: a permutation, the same for the same seed
        a, b = list(range(n)), list(range(n))
        q._shuffle(q.GameRng(n), a)
        q._shuffle(q.GameRng(n), b)
        assert a == b and sorted(a) == list(range(n))


@pytest.mark.parametrize("mode", q.MODES)
@pytest.mark.parametrize("players", [2, 3, 6])
def test_Q8_a_new_game_is_the_state_its_fields_make(mode, players):
    """new_game builds its state from what every such deal shares and the game's own piles;
    that is the state QuartettState makes of the same fields (a whole quartet dealt is laid
    down and the turn passes as before), and two games share no list that play changes."""
    for seed in range(12):
        s = q.new_game(players, seed=seed, options={"mode": mode})
        fields = {k: getattr(s, k) for k in q.QuartettState.__dataclass_fields__}
        fields["rng"] = q.GameRng(s.rng.state)
        made = q.QuartettState(**copy.deepcopy({k: v for k, v in fields.items() if k != "rng"}),
                               rng=fields["rng"])  # fmt: skip
        mine, theirs = vars(s), vars(made)
        assert mine.keys() == theirs.keys()
        for key in mine:
            if key != "rng":
                assert mine[key] == theirs[key], key
        other = q.new_game(players, seed=seed + 100, options={"mode": mode})
        for key, value in vars(s).items():
            if isinstance(value, list | set | dict) and key in q._OWN:
                assert value is not vars(other)[key], key


def _reference_shuffle(rng, items):
    """Fisher-Yates read from one uniform number below n!, a digit at a time (as `_shuffle`
    was first written): the permutation every seed has always dealt."""
    n = len(items)
    if n < 2:
        return
    f = math.factorial(n)
    words = (f.bit_length() + 63) // 64 + 1
    whole = 1 << (64 * words)
    while True:
        x = 0
        for _ in range(words):
            x = (x << 64) | rng.next64()
        if x < whole - whole % f:
            break
    x %= f
    for i in range(n - 1, 0, -1):
        j = x % (i + 1)
        x //= i + 1
        items[i], items[j] = items[j], items[i]


def test_Q8_the_shuffle_read_two_digits_at_a_time_deals_as_one_at_a_time():
    """Q8: `_shuffle` (digits read in pairs looked up, a lone digit, the looked-up tail)
    gives the same order and RNG position as reading one digit at a time, for every size."""
    for n in range(0, 90):
        for seed in range(25):
            a, b = list(range(n)), list(range(n))
            ra, rb = q.GameRng(seed * 7919 + n), q.GameRng(seed * 7919 + n)
            q._shuffle(ra, a)
            _reference_shuffle(rb, b)
            assert (a, ra.state) == (b, rb.state), (n, seed)


def test_Q8_options_checked_once_are_found_again_only_for_the_same_values_and_types():
    """A new game's checked options are kept by value and type: round_limit True after 1,
    or 2.0 players after 2, is still refused."""
    assert q.new_game(2, seed=1, options={"round_limit": 1}).round_limit == 1
    with pytest.raises(OptionError):
        q.new_game(2, seed=1, options={"round_limit": True})
    q.new_game(2, seed=1, options={"mode": "fussball"})
    with pytest.raises(OptionError):
        q.new_game(2.0, seed=1, options={"mode": "fussball"})  # type: ignore[arg-type]
    a = q.new_game(6, seed=9, options={"mode": "fussball", "round_limit": 3})
    b = q.new_game(6, seed=9, options={"mode": "fussball", "round_limit": 3})
    assert a.stacks == b.stacks and a.stacks is not b.stacks and a.round_limit == 3
