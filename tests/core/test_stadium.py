"""Rules tests for the Stadium engine: one or more tests per rule id of rules/stadium.md.

Each scenario is a fixed deal (option `deal`, card ids in table order, row A first) and a
short script of notation; the asserts read the views, scores, result, `to_move`,
`legal_actions()` and the log.
"""

from __future__ import annotations

import json
import pickle
from collections import Counter
from pathlib import Path

import pytest

from footycards.core import DeckError, IllegalAction, OptionError, get_game, stadium
from footycards.core.assets import deck_path

game = get_game("stadium")
DECK = stadium.load_deck()


# ---------------------------------------------------------------------------
# helpers
# ---------------------------------------------------------------------------


def new(
    rows: int, cols: int, table: str, players: int = 2, seed: int = 7, **options
) -> stadium.StadiumState:
    """A game on a fixed deal written as rows of card ids."""
    opts = {"rows": rows, "cols": cols, "deal": table.split(), **options}
    return game.new_game(players=players, seed=seed, options=opts)


def play(state: stadium.StadiumState, *moves: str) -> stadium.StadiumState:
    """Apply a script of notation lines."""
    for move in moves:
        state.apply(move)
    return state


def cell(view: dict, pos: str) -> dict:
    """The table cell of a view at a position label such as `C7`."""
    return next(c for c in view["table"] if c["pos"] == pos)


def legal(state: stadium.StadiumState) -> set[str]:
    """The notation of every legal action."""
    return {str(a) for a in state.legal_actions()}


def all_views(state: stadium.StadiumState) -> list[dict]:
    """The public view and every seat's view."""
    return [state.public_view()] + [state.view(s) for s in range(state.players)]


def pair_ids(view: dict, seat: int) -> list[str]:
    return sorted(p["id"] for p in view["areas"][seat]["pairs"])


def write_deck(tmp_path: Path, text: str, name: str = "deck.toml") -> Path:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


# ---------------------------------------------------------------------------
# S1. Components
# ---------------------------------------------------------------------------

T44 = """
    F01 F02 YELLOW F03
    F04 F05 F06 RED
    VAR GAME F01 F02
    F03 F04 F05 F06
"""


def test_S1_1_face_down_cards_show_no_identity():
    """S1.1: a face-down (Nit) cell shows its position only, in every view."""
    state = new(4, 4, T44, players=3)
    for view in all_views(state):
        assert all(c == {"pos": c["pos"], "state": "down"} for c in view["table"])
    state.apply("flip A1")
    for view in all_views(state):
        assert cell(view, "A1")["state"] == "up"
        down = [c for c in view["table"] if c["state"] == "down"]
        assert len(down) == 15
        assert all("id" not in c and "name" not in c and "stars" not in c for c in down)
    state.apply("flip A2")  # mismatch: F01 goes back face down
    for view in all_views(state):
        assert cell(view, "A1") == {"pos": "A1", "state": "down"}


def test_S1_2_footballer_pairs_and_four_reward_kinds():
    """S1.2: footballers come in identical pairs; rewards are YELLOW, RED, VAR, PLAY GAME."""
    cards = Counter(stadium.table_cards(DECK, 10, 10))
    footballers = {c: n for c, n in cards.items() if c.startswith("F")}
    assert set(footballers.values()) == {2}
    assert set(cards) - set(footballers) == {"YELLOW", "RED", "VAR", "GAME"}
    items = {i["id"]: i for i in game.catalog()}
    rewards = {k for k, i in items.items() if i["kind"] == "reward"}
    assert rewards == {"YELLOW", "RED", "VAR", "GAME"}
    assert items["GAME"]["name"] == "PLAY GAME"
    assert all(items[k]["stars"] == 0 for k in ("YELLOW", "RED", "VAR", "GAME"))
    assert len(items) == len(cards)  # one catalog item per distinct id


def test_S1_3_pair_is_worth_the_footballers_stars():
    """S1.3: every footballer has 1–3 stars and a collected pair scores them."""
    items = game.catalog()
    assert all(1 <= i["stars"] <= 3 for i in items if i["kind"] == "footballer")
    stars = {i["id"]: i["stars"] for i in items}
    state = play(new(2, 3, "F01 F02 F03 F03 F02 F01"), "flip A3", "flip B1")
    assert state.scores() == [stars["F03"], 0] == [3, 0]
    view = state.public_view()
    assert view["areas"][0]["score"] == 3
    assert view["areas"][0]["pairs"][0]["stars"] == 3


def test_S1_4_default_deck_mix_from_data_file():
    """S1.4: the default deck file holds 44 pairs (20/16/8 by stars) and 4/2/3/3 rewards."""
    assert deck_path("stadium").is_file()
    deck = stadium.load_deck(deck_path("stadium"))
    assert deck == DECK
    assert deck.size == 100
    assert len(deck.footballers) == 44
    assert Counter(s for _i, _n, s in deck.footballers) == {1: 20, 2: 16, 3: 8}
    assert deck.rewards == {"YELLOW": 4, "RED": 2, "VAR": 3, "GAME": 3}
    state = game.new_game(players=2, seed=1)  # 10×10 by default
    view = state.public_view()
    assert (view["rows"], view["cols"], view["cards_left"]) == (10, 10, 100)


@pytest.mark.parametrize(
    ("text", "entry", "problem"),
    [
        ('[[footballer]]\nid = "F01"\nname = "A"\n', "footballer F01", "missing field 'stars'"),
        ('[[footballer]]\nname = "A"\nstars = 1\n', "footballer #1", "missing field 'id'"),
        (
            '[[footballer]]\nid = "F01"\nname = "A"\nstars = 1\n'
            '[[footballer]]\nid = "F02"\nname = "B"\nstars = 2\n'
            '[[footballer]]\nid = "F01"\nname = "C"\nstars = 3\n',
            "footballer F01",
            "duplicate id",
        ),
        ('[[footballer]]\nid = "F01"\nname = "A"\nstars = 4\n', "footballer F01", "stars"),
        ('[[footballer]]\nid = "F01"\nname = "A"\nstars = 0\n', "footballer F01", "stars"),
        ('[[footballer]]\nid = "F01"\nname = "A"\nstars = "3"\n', "footballer F01", "stars"),
        ('[[footballer]]\nid = "F01"\nname = ""\nstars = 1\n', "footballer F01", "empty"),
        ('[[footballer]]\nid = "VAR"\nname = "A"\nstars = 1\n', "footballer VAR", "reward"),
        ('[[footballer]]\nid = "f01"\nname = "A"\nstars = 1\n', "footballer f01", "capital"),
        ('[[footballer]]\nid = "F 1"\nname = "A"\nstars = 1\n', "footballer F 1", "capital"),
        (
            '[rewards]\nYELLOW = -1\n[[footballer]]\nid = "F01"\nname = "A"\nstars = 1\n',
            "rewards.YELLOW",
            "whole number",
        ),
        (
            '[rewards]\nBLUE = 1\n[[footballer]]\nid = "F01"\nname = "A"\nstars = 1\n',
            "rewards",
            "BLUE",
        ),
        ('name = "empty"\n', "", "no [[footballer]]"),
        ('[[footballer]\nid = "F01"\n', "", "not valid TOML"),
    ],
    ids=[
        "missing-stars",
        "missing-id",
        "duplicate-id",
        "stars-4",
        "stars-0",
        "stars-text",
        "empty-name",
        "reward-id",
        "lower-case-id",
        "id-with-space",
        "negative-reward",
        "unknown-reward",
        "no-footballers",
        "bad-toml",
    ],
)
def test_S1_4_broken_deck_file_names_file_and_entry(tmp_path, text, entry, problem):
    """S1.4: a broken deck file raises DeckError naming the file, the entry and the problem."""
    path = write_deck(tmp_path, text)
    with pytest.raises(DeckError) as info:
        stadium.load_deck(path)
    err = info.value
    assert err.file == str(path)
    assert str(path) in str(err)
    assert err.entry == entry
    assert entry in str(err)
    assert problem in str(err)
    with pytest.raises(DeckError):  # also when a game is started with it
        game.new_game(players=2, seed=1, options={"rows": 2, "cols": 2, "deck": str(path)})


def test_S1_4_missing_deck_file(tmp_path):
    """S1.4: a deck path that does not exist raises DeckError naming the file."""
    path = tmp_path / "nope.toml"
    with pytest.raises(DeckError, match="file not found") as info:
        stadium.load_deck(path)
    assert info.value.file == str(path)


def _reward_count(cards: list[str]) -> int:
    return sum(1 for c in cards if c in stadium.REWARDS)


@pytest.mark.parametrize(
    ("rows", "cols", "rewards", "pairs"),
    [
        (2, 2, 0, 2),
        (2, 3, 0, 3),
        (3, 3, 1, 4),
        (3, 4, 2, 5),
        (4, 4, 4, 6),
        (5, 5, 5, 10),
        (6, 6, 4, 16),
        (9, 11, 11, 44),
        (10, 10, 12, 44),
    ],
)
def test_S1_5_table_size_scales_the_deck(rows, cols, rewards, pairs):
    """S1.5: an R×C table gets ≈12 % rewards (≥1 per kind from 16 cards) and the first pairs."""
    cards = stadium.table_cards(DECK, rows, cols)
    counts = Counter(cards)
    assert len(cards) == rows * cols
    assert _reward_count(cards) == rewards
    footballers = sorted(c for c in counts if c not in stadium.REWARDS)
    assert footballers == [f for f, _n, _s in DECK.footballers[:pairs]]
    assert all(counts[f] == 2 for f in footballers)
    if rows * cols >= 16:
        assert all(counts[k] >= 1 for k in stadium.REWARDS)
    state = game.new_game(players=2, seed=3, options={"rows": rows, "cols": cols})
    view = state.public_view()
    assert (view["rows"], view["cols"], view["cards_left"]) == (rows, cols, rows * cols)
    assert sorted(state.deck) == sorted(cards)


def test_S1_5_reward_share_for_every_table_size():
    """S1.5: for every table from 2×2 to the deck size: rewards = 12 % rounded down, evened."""
    for rows in range(2, 27):
        for cols in range(2, 51):
            n = rows * cols
            if n > DECK.size:
                continue
            r = _reward_count(stadium.table_cards(DECK, rows, cols))
            base = n * 12 // 100
            if n >= 16:
                base = max(base, 4)
            # one more reward card only when the rest could not be all pairs
            assert r == (base if (n - base) % 2 == 0 else base + 1), (rows, cols)


@pytest.mark.parametrize(
    "options",
    [
        {"rows": 1, "cols": 4},
        {"rows": 4, "cols": 1},
        {"rows": 10, "cols": 11},
        {"rows": 2.0, "cols": 2},
        {"rows": True, "cols": 2},
        {"rows": 27, "cols": 2},
    ],
)
def test_S1_5_bad_table_size_is_an_option_error(options):
    """S1.5: tables smaller than 2×2 or larger than the deck are rejected."""
    with pytest.raises(OptionError):
        game.new_game(players=2, seed=1, options=options)


def test_S1_5_custom_deck_file_sets_the_largest_table(tmp_path):
    """S1.5: at most as many cards as the deck file holds; a full-size table uses all of it."""
    path = write_deck(
        tmp_path,
        "[rewards]\nVAR = 1\nGAME = 1\n"
        '[[footballer]]\nid = "X1"\nname = "A"\nstars = 3\n'
        '[[footballer]]\nid = "X2"\nname = "B"\nstars = 1\n',
    )
    full = game.new_game(players=2, seed=1, options={"rows": 2, "cols": 3, "deck": str(path)})
    assert Counter(full.deck) == Counter(["X1", "X1", "X2", "X2", "VAR", "GAME"])
    small = game.new_game(players=2, seed=1, options={"rows": 2, "cols": 2, "deck": str(path)})
    assert Counter(small.deck) == Counter(["X1", "X1", "X2", "X2"])
    for rows, cols in ((3, 3), (2, 4)):
        with pytest.raises(OptionError):
            game.new_game(
                players=2, seed=1, options={"rows": rows, "cols": cols, "deck": str(path)}
            )
    assert [i["id"] for i in game.catalog({"deck": str(path)})] == ["X1", "X2", "VAR", "GAME"]


MATCH_DEAL = """
    F01 F01 GAME F02
    F03 F03 F04 F05
    F02 F04 F05 F06
    F06 YELLOW RED VAR
"""


def match_ready(seed: int = 7, **options) -> stadium.StadiumState:
    """3 players, 4×4: P1 holds GAME and the pair F01, P3 holds F03, P2 has nothing; P1 to move."""
    state = new(4, 4, MATCH_DEAL, players=3, seed=seed, **options)
    play(state, "flip A1", "flip A2", "flip A3", "flip A4")  # P1: pair F01, then GAME + F02
    play(state, "flip B3", "flip B4")  # P2: F04, F05
    play(state, "flip B1", "flip B2", "flip C1", "flip C2")  # P3: pair F03, then F02, F04
    assert state.to_move == 0
    return state


def test_S1_6_die_rolls_one_to_six():
    """S1.6: without the dice option PLAY GAME rolls a six-sided die from the game's RNG."""
    seen = set()
    for seed in range(40):
        state = match_ready(seed=seed)  # the deal is fixed; the seed drives the die
        state.apply("match P3")
        rolls = state.public_view()["match"]["rolls"]
        assert all(1 <= x <= 6 for pair in rolls for x in pair)
        assert all(a == b for a, b in rolls[:-1]) and rolls[-1][0] != rolls[-1][1]
        seen.update(x for pair in rolls for x in pair)
    assert seen == {1, 2, 3, 4, 5, 6}


@pytest.mark.parametrize("dice", [[0], [7], [True], ["6"], 6, [2.5]])
def test_S1_6_bad_dice_option(dice):
    """S1.6: the dice option takes die results 1–6 only."""
    with pytest.raises(OptionError):
        game.new_game(players=2, seed=1, options={"rows": 2, "cols": 2, "dice": dice})


# ---------------------------------------------------------------------------
# S2. Set-up
# ---------------------------------------------------------------------------


def _layout(state: stadium.StadiumState) -> list[str]:
    return json.loads(state.to_json())["table"]


def test_S2_1_shuffled_face_down_rows_of_seats():
    """S2.1: all cards are shuffled from the seed and laid face down in R rows of C seats."""
    a = game.new_game(players=2, seed=11, options={"rows": 3, "cols": 4})
    b = game.new_game(players=2, seed=11, options={"rows": 3, "cols": 4})
    layouts = {
        tuple(_layout(game.new_game(players=2, seed=s, options={"rows": 3, "cols": 4})))
        for s in range(10)
    }
    assert _layout(a) == _layout(b)
    assert len(layouts) > 1
    assert sorted(_layout(a)) == sorted(stadium.table_cards(DECK, 3, 4))
    view = a.public_view()
    assert [c["pos"] for c in view["table"]] == [f"{r}{s}" for r in "ABC" for s in range(1, 5)]
    assert all(c["state"] == "down" for c in view["table"])


def test_S2_1_fixed_deal_is_laid_in_table_order():
    """S2.1/S7: option deal lays the ids row A first, seat 1 first."""
    state = new(2, 3, "F01 F02 F03 F03 F02 F01")
    state.apply("flip B1")
    assert cell(state.public_view(), "B1")["id"] == "F03"


@pytest.mark.parametrize(
    "bad",
    [
        "F01 F02 F03 F03 F02",  # too short
        "F01 F02 F03 F03 F02 F01 F01",  # too long
        "F01 F02 F03 F03 F02 F02",  # not the multiset
        "F01 F02 F04 F04 F02 F01",  # a card not in this table
        "F01 F02 F03 F03 F02 YELLOW",  # a reward a 2×3 table does not have
    ],
)
def test_S2_1_deal_must_be_a_permutation(bad):
    """S2.1/S7: a deal that is not a permutation of the table's cards is an OptionError."""
    with pytest.raises(OptionError, match="deal"):
        new(2, 3, bad)
    with pytest.raises(OptionError):
        game.new_game(players=2, seed=1, options={"rows": 2, "cols": 3, "deal": "F01"})


def test_S2_2_first_player_option():
    """S2.2: option first picks the starting seat; "random" draws it from the seed."""
    state = game.new_game(players=4, seed=1, options={"rows": 2, "cols": 2, "first": 2})
    assert state.to_move == 2
    assert state.public_view()["turn"] == 2
    assert state.log[0] == {
        "event": "kickoff", "cards": 4, "rows": 2, "cols": 2,
        "seat": 2, "how": "seat", "date": None, "among": [2],
    }  # fmt: skip
    starts = []
    for seed in range(30):
        opts = {"rows": 2, "cols": 2, "first": "random"}
        s1 = game.new_game(players=4, seed=seed, options=opts)
        s2 = game.new_game(players=4, seed=seed, options=opts)
        assert s1.to_move == s2.to_move
        starts.append(s1.to_move)
    assert set(starts) == {0, 1, 2, 3}
    assert game.new_game(players=3, seed=1, options={"rows": 2, "cols": 2}).to_move == 0


@pytest.mark.parametrize("first", [3, -1, "P1", True, 1.0, None])
def test_S2_2_bad_first_option(first):
    """S2.2: first must be a seat number or "random"."""
    with pytest.raises(OptionError):
        game.new_game(players=3, seed=1, options={"rows": 2, "cols": 2, "first": first})


def stadium_start(dates, ai=None, seed=1, players=None):
    options = {"rows": 2, "cols": 2, "first": "stadium", "stadium_dates": dates}
    if ai is not None:
        options["ai_seats"] = ai
    return game.new_game(players=players or len(dates), seed=seed, options=options)


def test_S2_2_most_recent_stadium_visit_starts():
    """S2.2: with first = "stadium" the most recent date starts; the kickoff event says so."""
    state = stadium_start(["2024-05-01", "2025-03-09", None, "2023-12-31"])
    assert state.to_move == 1
    assert state.log[0] == {
        "event": "kickoff", "cards": 4, "rows": 2, "cols": 2,
        "seat": 1, "how": "stadium", "date": "2025-03-09", "among": [1],
    }  # fmt: skip


def test_S2_2_ties_and_ai_players_are_drawn_at_random():
    """S2.2 [decision]: the draw is among the seats tied on the most recent date and every
    AI seat; seats without a date that are not AI players stay out of it."""
    dates = ["2025-03-09", None, "2025-03-09", None, "2020-01-01"]
    starts = set()
    for seed in range(60):
        state = stadium_start(dates, ai=[3], seed=seed)
        assert state.log[0]["among"] == [0, 2, 3]
        assert state.log[0]["date"] == "2025-03-09"
        starts.add(state.to_move)
        again = stadium_start(dates, ai=[3], seed=seed)
        assert again.to_move == state.to_move  # the game's own seeded RNG
    assert starts == {0, 2, 3}


def test_S2_2_nobody_gave_a_date_everyone_is_drawn():
    """S2.2 [decision]: when nobody gave a date, every seat joins the draw."""
    starts = set()
    for seed in range(40):
        state = stadium_start([None, None, None], ai=[2], seed=seed)
        assert state.log[0]["among"] == [0, 1, 2] and state.log[0]["date"] is None
        starts.add(state.to_move)
    assert starts == {0, 1, 2}
    state = game.new_game(players=2, seed=3, options={"rows": 2, "cols": 2, "first": "stadium"})
    assert state.log[0]["how"] == "stadium" and state.log[0]["among"] == [0, 1]


@pytest.mark.parametrize(
    ("dates", "ai", "problem"),
    [
        (["2024-13-01", None], None, "not a date"),
        (["01.05.2024", None], None, "not a date"),
        (["20240501", None], None, "not a date"),
        ([20240501, None], None, "not a date"),
        (["2999-01-01", None], None, "in the future"),
        (["2024-05-01"], None, "one entry per seat"),
        ("2024-05-01", None, "one entry per seat"),
        ([None, None], [2], "ai_seats"),
        ([None, None], [0, 0], "ai_seats"),
        ([None, None], "1", "ai_seats"),
    ],
)
def test_S2_2_bad_stadium_dates_are_option_errors(dates, ai, problem):
    """S2.2: a malformed date, a date in the future or a wrong list is an OptionError."""
    options = {"rows": 2, "cols": 2, "first": "stadium", "stadium_dates": dates}
    if ai is not None:
        options["ai_seats"] = ai
    with pytest.raises(OptionError, match=problem):
        game.new_game(players=2, seed=1, options=options)


def test_S2_2_every_way_to_start_is_logged_as_data():
    """S2.2: the kickoff event says who starts and how: a seat, a random draw, a date."""
    chosen = game.new_game(players=3, seed=1, options={"rows": 2, "cols": 2, "first": 1})
    assert (chosen.log[0]["how"], chosen.log[0]["seat"], chosen.log[0]["among"]) == (
        "seat", 1, [1],
    )  # fmt: skip
    drawn = game.new_game(players=3, seed=1, options={"rows": 2, "cols": 2, "first": "random"})
    assert drawn.log[0]["how"] == "random" and drawn.log[0]["among"] == [0, 1, 2]
    assert drawn.log[0]["seat"] == drawn.to_move


def test_S2_3_two_to_six_players():
    """S2.3: Stadium takes 2 to 6 players."""
    for n in range(2, 7):
        state = game.new_game(players=n, seed=1, options={"rows": 2, "cols": 2})
        assert len(state.public_view()["areas"]) == n
        assert state.scores() == [0] * n
    for n in (0, 1, 7, "3"):
        with pytest.raises(OptionError):
            game.new_game(players=n, seed=1, options={"rows": 2, "cols": 2})


# ---------------------------------------------------------------------------
# S3. A turn
# ---------------------------------------------------------------------------


def test_S3_1_two_cards_shown_to_everyone():
    """S3.1: the mover turns over two cards of their choice, one after the other, seen by all."""
    state = new(2, 3, "F01 F02 F03 F03 F02 F01")
    assert legal(state) == {"flip A1", "flip A2", "flip A3", "flip B1", "flip B2", "flip B3"}
    state.apply("flip B2")
    assert state.to_move == 0
    assert legal(state) == {"flip A1", "flip A2", "flip A3", "flip B1", "flip B3"}
    for view in all_views(state):
        assert cell(view, "B2") == {
            "pos": "B2",
            "state": "up",
            "id": "F02",
            "name": "Bartek Nowicki",
            "stars": 2,
            "kind": "footballer",
        }
    with pytest.raises(IllegalAction, match="already face up"):
        state.apply("flip B2")
    state.apply("flip A1")
    assert state.log[-2:] == [
        {"event": "flip", "seat": 0, "at": "B2", "card": "F02", "name": "Bartek Nowicki",
         "stars": 2},
        {"event": "flip", "seat": 0, "at": "A1", "card": "F01", "name": "Keeper Kowalski",
         "stars": 1},
    ]  # fmt: skip
    reveals = state.public_view()["reveals"]
    assert [(r["pos"], r["id"]) for r in reveals] == [("B2", "F02"), ("A1", "F01")]


def test_views_build_each_reveal_once_and_share_none(monkeypatch):
    """A view's `reveals` are fresh copies (changing one never changes the game), built
    from entries made once per flip: a long game's views do not rebuild every earlier
    flip (the cost of near-random AI games, issue 22)."""
    state = game.new_game(2, seed=3, options={"rows": 4, "cols": 4})
    for _ in range(30):
        state.apply(state.legal_actions()[0] if state.phase != "window" else "pass")
        if state.is_over:
            break
    want = [
        {"turn": t, "pos": stadium.pos_label(i // 4, i % 4), "id": c, "name": state.cards[c][0],
         "stars": state.cards[c][1]}
        for t, i, c in state.reveals
    ]  # fmt: skip
    first = state.view(0)
    assert len(want) > 4 and first["reveals"] == want
    first["reveals"][0]["id"] = "changed"
    first["reveals"].append(first["reveals"][0])
    labels: list[tuple[int, int]] = []
    real = stadium.pos_label
    monkeypatch.setattr(stadium, "pos_label", lambda r, c: labels.append((r, c)) or real(r, c))
    again = state.view(1)
    assert again["reveals"] == want
    assert len(labels) <= 16  # the table's cells at most: no earlier flip's label again


def test_S3_2_pair_is_taken_and_player_moves_again():
    """S3.2: two cards of the same footballer: the mover takes both and moves again."""
    state = new(2, 3, "F01 F02 F03 F03 F02 F01")
    turn_no = state.public_view()["turn_no"]
    play(state, "flip A2", "flip B2")
    view = state.public_view()
    assert state.to_move == 0
    assert view["turn_no"] == turn_no + 1
    assert cell(view, "A2")["state"] == cell(view, "B2")["state"] == "empty"
    assert pair_ids(view, 0) == ["F02"]
    assert view["cards_left"] == 4
    assert "flip A2" not in legal(state)
    assert state.log[-1] == {
        "event": "pair", "seat": 0, "card": "F02", "name": "Bartek Nowicki", "stars": 2,
    }  # fmt: skip


def test_S3_3_mismatch_back_in_place_reward_taken_turn_passes():
    """S3.3: a footballer goes back face down in the same place, a reward is taken; next player."""
    deal = """
        F01 YELLOW F02 F03
        F04 F05 VAR F01
        F02 F03 F04 F05
    """
    state = new(3, 4, deal, players=3)
    play(state, "flip A1", "flip A2")  # F01 + YELLOW
    view = state.public_view()
    assert cell(view, "A1") == {"pos": "A1", "state": "down"}
    assert cell(view, "A2")["state"] == "empty"
    assert view["areas"][0]["rewards"] == ["YELLOW"]
    assert view["areas"][0]["cards"] == 1
    assert view["turn"] == 1
    # the footballer is still exactly where it was
    play(state, "pass")  # P1's YELLOW window at the start of P2's turn
    assert state.to_move == 1
    state.apply("flip A1")
    assert cell(state.public_view(), "A1")["id"] == "F01"
    state.apply("pass")  # window after the first card
    state.apply("flip A3")  # F02: two footballers, both go back
    view = state.public_view()
    assert cell(view, "A1")["state"] == cell(view, "A3")["state"] == "down"
    assert view["turn"] == 2


def test_S3_4_two_rewards_even_same_kind_are_no_match():
    """S3.4: two reward cards, even two YELLOWs, are both taken and the turn passes."""
    deal = """
        YELLOW F01 YELLOW F02 F03
        F04 F05 F06 F07 F08
        F09 F10 RED VAR GAME
        F01 F02 F03 F04 F05
        F06 F07 F08 F09 F10
    """
    state = new(5, 5, deal)
    play(state, "flip A1", "flip A3")
    view = state.public_view()
    assert view["areas"][0]["rewards"] == ["YELLOW", "YELLOW"]
    assert view["areas"][0]["pairs"] == []
    assert view["turn"] == 1
    assert cell(view, "A1")["state"] == cell(view, "A3")["state"] == "empty"
    # different kinds too
    play(state, "pass")  # P1 may show a yellow at the start of P2's turn
    play(state, "flip C4", "pass", "flip C5")
    assert state.public_view()["areas"][1]["rewards"] == ["VAR", "GAME"]
    assert state.public_view()["turn"] == 0


def test_S3_5_single_last_card_is_taken():
    """S3.5: the single card left (a reward) is turned over alone and taken; the game ends."""
    deal = """
        F01 F02 F03
        F04 YELLOW F04
        F03 F02 F01
    """
    state = new(3, 3, deal)
    play(state, "flip A1", "flip C3", "flip A2", "flip C2", "flip A3", "flip C1")
    play(state, "flip B1", "flip B3")
    assert state.public_view()["cards_left"] == 1
    assert legal(state) == {"flip B2"}
    state.apply("flip B2")
    view = state.public_view()
    assert view["cards_left"] == 0
    assert view["areas"][0]["rewards"] == ["YELLOW"]
    assert state.is_over
    assert {"event": "take", "seat": 0, "card": "YELLOW"} in state.log


def test_S3_6_var_only_before_the_first_card_yellow_any_moment():
    """S3.6: VAR only before the owner's first card; YELLOW in the turn, mid-turn and windows."""
    deal = """
        YELLOW VAR F01 F02
        F03 F04 F05 F01
        F02 F03 F04 F05
    """
    state = new(3, 4, deal)
    play(state, "flip A1", "flip A2")  # P1 takes YELLOW and VAR
    assert state.to_move == 0 and legal(state) == {"pass", "yellow P2"}  # window, P2's turn
    play(state, "pass", "flip A3")
    assert legal(state) == {"pass", "yellow P2"}  # window after P2's first card
    play(state, "pass", "flip A4")
    acts = legal(state)  # P1's own turn
    assert "var B1 B2" in acts and "yellow P2" in acts and "flip B1" in acts
    state.apply("flip B1")
    acts = legal(state)
    assert not any(a.startswith("var") for a in acts)
    assert "yellow P2" in acts
    before = state.to_json()
    with pytest.raises(IllegalAction, match="before the first card"):
        state.apply("var B2 B3")
    assert state.to_json() == before


def test_S3_6_play_game_replaces_the_turn():
    """S3.6: PLAY GAME is offered only before the first card and never after VAR."""
    state = match_ready()
    assert "match P3" in legal(state)
    state.apply("flip B3")
    assert "match P3" not in legal(state)
    with pytest.raises(IllegalAction):
        state.apply("match P3")


# ---------------------------------------------------------------------------
# S4. Reward cards
# ---------------------------------------------------------------------------

VAR_DEAL = """
    VAR F01 F02 F03
    F04 F05 YELLOW F01
    F02 F03 F04 F05
"""


def test_S4_1_var_peek_is_private_and_lasts_the_turn():
    """S4.1: VAR before the turn: the owner alone sees two face-down cards for that turn."""
    state = play(new(3, 4, VAR_DEAL), "flip A1", "flip A2", "flip A3", "flip A4")
    assert state.to_move == 0
    assert state.public_view()["areas"][0]["rewards"] == ["VAR"]
    state.apply("var B1 C4")
    mine = state.view(0)
    assert mine["peeked"] == {
        "B1": {"id": "F04", "name": "Staszek Zieliński", "stars": 1, "kind": "footballer"},
        "C4": {"id": "F05", "name": "Kuba Lewandowicz", "stars": 2, "kind": "footballer"},
    }
    for view in (state.view(1), state.public_view()):
        assert view["peeked"] == {}
    for view in all_views(state):
        assert cell(view, "B1") == {"pos": "B1", "state": "down"}
        assert view["areas"][0]["rewards"] == []
        assert view["discarded"] == 1
    assert state.log[-1] == {"event": "var", "seat": 0, "at": "B1", "at2": "C4"}
    assert "Staszek" not in json.dumps(list(state.log)) and "F04" not in json.dumps(list(state.log))
    assert not any(str(a).startswith("var") for a in state.legal_actions())
    state.apply("flip B1")
    assert set(state.view(0)["peeked"]) == {"B1", "C4"}  # still known for the rest of the turn
    state.apply("flip A2")  # F04 + F01: turn over
    assert state.view(0)["peeked"] == {} and state.view(1)["peeked"] == {}


def test_S4_1_var_look_lasts_through_extra_moves_after_a_pair():
    """S4.1 [decision]: the look stays with its owner while they keep moving after a pair,
    and ends when the turn passes to someone else."""
    state = play(new(3, 4, VAR_DEAL), "flip A1", "flip A2", "flip A3", "flip A4")
    state.apply("var B1 C4")
    state.apply("flip A4")
    state.apply("flip C2")  # F03 pair: P1 moves again
    assert state.to_move == 0
    assert set(state.view(0)["peeked"]) == {"B1", "C4"}
    assert state.view(1)["peeked"] == {}
    state.apply("flip B1")
    state.apply("flip C4")  # F04 + F05: the turn passes
    assert state.to_move == 1
    assert state.view(0)["peeked"] == {}


VAR_RED_DEAL = """
    VAR RED F01 F02
    F03 F04 F05 F06
    F01 F02 F03 F04
    F05 F06 YELLOW GAME
"""


def test_S4_1_var_look_ends_with_the_turn_even_when_red_gives_the_next_move():
    """S4.1: the look is for the rest of its owner's turn only: after a RED the owner moves
    next, but in a new turn, without the look."""
    state = play(new(4, 4, VAR_RED_DEAL), "flip A1", "flip A2")  # P1 takes VAR and RED
    play(state, "pass", "flip A3", "pass", "flip A4")  # P2: F01, F02; P1 passes twice
    assert state.to_move == 0 and state.public_view()["phase"] == "turn"
    state.apply("var B1 C4")
    state.apply("flip B1")
    assert set(state.view(0)["peeked"]) == {"B1", "C4"}
    state.apply("red")  # P1 ends their own turn; the RED's owner moves next
    assert state.to_move == 0 and state.public_view()["turn"] == 0
    assert state.view(0)["peeked"] == {}


def test_S4_1_var_look_ends_when_the_turn_comes_back_after_a_cancelled_turn():
    """S4.1: P1 cancels P2's next turn, then ends their own turn; the next turn is P1's
    again, but a new one: the look is gone."""
    deal = VAR_RED_DEAL.replace("RED", "YEL").replace("YELLOW", "RED").replace("YEL", "YELLOW")
    state = play(new(4, 4, deal), "flip A1", "flip A2")  # P1 takes VAR and YELLOW
    play(state, "pass", "flip A3", "pass", "flip A4")  # P2: F01, F02
    state.apply("var B1 C4")
    state.apply("yellow P2")  # P1, on turn, cancels P2's next turn; P1 plays on
    assert set(state.view(0)["peeked"]) == {"B1", "C4"}
    play(state, "flip B2", "flip B3")  # F04, F05: the turn passes; P2's turn is skipped
    assert state.to_move == 0 and {"event": "cancelled", "seat": 1} in state.log
    assert state.view(0)["peeked"] == {}


def test_S4_1_var_needs_the_card_and_two_down_cards():
    """S4.1: VAR needs a VAR card and two different face-down cards on the table."""
    state = new(3, 4, VAR_DEAL)
    with pytest.raises(IllegalAction, match="no VAR"):
        state.apply("var B1 B2")
    play(state, "flip A1", "flip A2", "flip A3", "flip A4")
    for bad in ("var B1 B1", "var B1 D1", "var A1 B1", "var B1 B5"):
        with pytest.raises(IllegalAction):
            state.apply(bad)


def test_S4_1_var_pairs_listed_lazily_as_the_full_list():
    """S4.1: with a VAR in hand the legal actions are the flips, then every VAR pair of
    face-down cards (each once, in table order), then the others; the lazy sequence
    answers len(), indexing, slices, iteration and `in` as the list it stands for."""
    deal = """
        YELLOW VAR F01 F02
        F03 F04 F05 F01
        F02 F03 F04 F05
    """
    state = play(new(3, 4, deal), "flip A1", "flip A2", "pass", "flip A3", "pass", "flip A4")
    acts = state.legal_actions()
    down = ["A3", "A4"] + [f"{r}{c}" for r in "BC" for c in "1234"]  # A3, A4: back down
    pairs = [f"var {a} {b}" for x, a in enumerate(down) for b in down[x + 1 :]]
    expected = [f"flip {p}" for p in down] + pairs + ["yellow P2"]
    assert isinstance(acts, stadium.Listed) and len(acts) == len(expected) == 10 + 45 + 1
    assert [str(a) for a in acts] == expected
    assert [str(acts[i]) for i in range(len(acts))] == expected
    assert [str(acts[i]) for i in range(-len(acts), 0)] == expected
    assert [str(a) for a in acts[5:40:3]] == expected[5:40:3]
    assert acts == list(acts) and stadium.parse("var B2 C4") in acts
    with pytest.raises(IndexError):
        acts[len(acts)]
    for i in (10, 11, 30, 54):  # listed VAR pairs, each legal
        state.clone().apply(acts[i])


def test_S4_2_match_tie_reroll_steal_turn_after_challenger():
    """S4.2: dice tie re-rolled, the higher roll steals a pair, the turn passes after challenger."""
    state = match_ready(dice=[3, 3, 2, 5])
    assert {a for a in legal(state) if a.startswith("match")} == {"match P3"}
    with pytest.raises(IllegalAction, match="no footballer pair"):
        state.apply("match P2")
    state.apply("match P3")
    view = state.public_view()
    assert view["match"]["rolls"] == [[3, 3], [2, 5]]
    assert (view["match"]["winner"], view["match"]["loser"]) == (2, 0)
    assert state.log[-1] == {
        "event": "match", "seat": 0, "target": 2, "rolls": [[3, 3], [2, 5]], "winner": 2,
    }  # fmt: skip
    assert state.to_move == 2
    assert legal(state) == {"steal F01"}
    with pytest.raises(IllegalAction):
        state.apply("steal F03")
    with pytest.raises(IllegalAction):
        state.apply("flip C3")
    state.apply("steal F01")
    view = state.public_view()
    assert pair_ids(view, 2) == ["F01", "F03"]
    assert pair_ids(view, 0) == []
    assert state.scores() == [0, 0, 4]
    assert view["areas"][0]["rewards"] == [] and view["discarded"] == 1
    assert state.to_move == 1 and view["turn"] == 1


def test_S4_2_challenger_wins_and_takes_any_pair():
    """S4.2: the challenger rolls first; a higher roll lets the challenger take the pair."""
    state = match_ready(dice=[6, 1])
    state.apply("match P3")
    assert state.public_view()["match"]["rolls"] == [[6, 1]]
    assert state.to_move == 0
    assert legal(state) == {"steal F03"}
    state.apply("steal F03")
    assert pair_ids(state.public_view(), 0) == ["F01", "F03"]
    assert state.scores() == [4, 0, 0]
    assert state.to_move == 1


def test_S4_2_challenger_needs_a_pair():
    """S4.2: a PLAY GAME holder without a footballer pair cannot challenge."""
    state = new(4, 4, MATCH_DEAL, players=2)
    play(state, "flip A3", "flip B1")  # P1 takes GAME, no pair
    play(state, "flip A1", "flip A2", "flip B3", "flip B4")  # P2: pair F01
    assert state.to_move == 0
    assert not any(a.startswith("match") for a in legal(state))
    with pytest.raises(IllegalAction, match="at least one footballer pair"):
        state.apply("match P2")


YELLOW_DEAL = """
    YELLOW F01 F02 F03
    F04 F05 VAR F01
    F02 F03 F04 F05
"""


def yellow_ready() -> stadium.StadiumState:
    """3 players, 3×4: P1 holds YELLOW; P2's turn starts with P1's window open."""
    state = play(new(3, 4, YELLOW_DEAL, players=3), "flip A1", "flip A2")
    view = state.public_view()
    assert view["phase"] == "window"
    assert view["window"] == {"kind": "start", "asking": 0}
    assert view["turn"] == 1
    return state


def test_S4_3_yellow_mid_turn():
    """S4.3: YELLOW on the mover after their first card: the card goes back, next player moves."""
    state = yellow_ready()
    play(state, "pass", "flip A3")
    view = state.public_view()
    assert view["window"] == {"kind": "flip", "asking": 0}
    assert cell(view, "A3")["id"] == "F02"
    assert state.to_move == 0
    state.apply("yellow P2")
    view = state.public_view()
    assert cell(view, "A3") == {"pos": "A3", "state": "down"}
    assert state.log[-2:] == [
        {"event": "yellow", "seat": 0, "target": 1, "effect": "turn_ends"},
        {"event": "back", "at": "A3"},
    ]
    assert state.to_move == 2 and view["turn"] == 2
    assert view["areas"][1]["yellows"] == 1
    assert view["areas"][0]["rewards"] == [] and view["discarded"] == 1
    assert view["areas"][1]["rewards"] == [] and view["areas"][1]["pairs"] == []
    state.apply("flip A3")  # still in its place
    assert cell(state.public_view(), "A3")["id"] == "F02"


def test_S4_3_yellow_before_first_card_ends_the_turn():
    """S4.3: YELLOW on the mover in the start window: that turn is lost."""
    state = yellow_ready()
    state.apply("yellow P2")
    view = state.public_view()
    assert state.to_move == 2 and view["phase"] == "turn"
    assert view["areas"][1]["yellows"] == 1
    assert view["areas"][1]["cancelled"] is False


def test_S4_3_yellow_on_non_mover_cancels_next_turn():
    """S4.3: YELLOW on a player not on turn cancels that player's next turn."""
    state = yellow_ready()
    state.apply("yellow P3")
    view = state.public_view()
    assert view["areas"][2]["cancelled"] is True
    assert view["areas"][2]["yellows"] == 1
    assert state.to_move == 1 and view["phase"] == "turn"  # P2 plays on
    play(state, "flip A3", "flip A4")  # F02, F03
    view = state.public_view()
    assert state.to_move == 0 and view["turn"] == 0  # P3 skipped
    assert view["areas"][2]["cancelled"] is False
    assert {"event": "cancelled", "seat": 2} in state.log


def test_S4_3_mover_may_show_yellow_in_own_turn():
    """S4.3: the holder on turn may show YELLOW to another player; their own turn goes on."""
    state = yellow_ready()
    play(state, "pass", "flip A3", "pass", "flip A4")  # P2: F02, F03
    play(state, "pass", "flip B1", "pass", "flip C3")  # P3: pair F04
    assert pair_ids(state.public_view(), 2) == ["F04"]
    play(state, "pass", "flip B2", "pass", "flip B4")  # P3 again: F05 + F01
    assert state.to_move == 0
    state.apply("yellow P2")
    view = state.public_view()
    assert view["areas"][1]["cancelled"] is True
    assert state.to_move == 0 and view["phase"] == "turn"
    with pytest.raises(IllegalAction, match="no YELLOW"):
        state.apply("yellow P3")


RED_DEAL = """
    YELLOW F01 RED F02
    F03 F04 F05 F06
    F01 F02 F03 F04
    F05 F06 VAR GAME
"""


def test_S4_4_red_ends_turn_owner_moves_marks_cleared():
    """S4.4: RED ends the current turn at once, its owner moves next, cancellations cleared."""
    state = new(4, 4, RED_DEAL, players=3)
    play(state, "flip A1", "flip A2")  # P1 takes YELLOW
    play(state, "pass", "flip A3", "pass", "flip A4")  # P2 takes RED
    view = state.public_view()
    assert view["turn"] == 2 and view["window"] == {"kind": "start", "asking": 0}
    state.apply("yellow P2")  # P1 marks P2's next turn
    assert state.public_view()["areas"][1]["cancelled"] is True
    assert state.to_move == 1  # the window moves on to P2, who holds RED
    play(state, "pass", "flip B1")  # P3 turns over F03
    assert state.to_move == 1 and legal(state) == {"pass", "red"}
    state.apply("red")
    view = state.public_view()
    assert cell(view, "B1") == {"pos": "B1", "state": "down"}
    assert state.to_move == 1 and view["turn"] == 1 and view["phase"] == "turn"
    assert all(not a["cancelled"] for a in view["areas"])
    assert view["areas"][1]["rewards"] == [] and view["discarded"] == 2
    assert state.log[-2:] == [{"event": "red", "seat": 1}, {"event": "back", "at": "B1"}]


def test_S4_4_red_by_the_mover():
    """S4.4: RED may be played by the player on turn: their turn restarts."""
    state = new(4, 4, RED_DEAL, players=2)
    play(state, "flip A3", "flip A2")  # P1 takes RED
    play(state, "pass", "flip B1", "pass", "flip B2")  # P2; P1 is asked twice
    assert state.to_move == 0
    turn_no = state.public_view()["turn_no"]
    play(state, "flip C1", "red")
    view = state.public_view()
    assert cell(view, "C1")["state"] == "down"
    assert state.to_move == 0 and view["turn_no"] == turn_no + 1


FIVE_DEAL = """
    YELLOW F01 YELLOW F02 F03
    F04 F05 F06 F07 F08
    F09 F10 RED VAR GAME
    F01 F02 F03 F04 F05
    F06 F07 F08 F09 F10
"""


def test_S4_5_two_yellows_act_as_red():
    """S4.5: a second YELLOW on a player acts as RED by its shower; the count resets."""
    state = new(5, 5, FIVE_DEAL, players=3)
    play(state, "flip A1", "flip A2")  # P1 takes a YELLOW
    play(state, "pass", "flip A3", "pass", "flip A4")  # P2 takes the other YELLOW
    view = state.public_view()
    assert view["turn"] == 2 and view["window"] == {"kind": "start", "asking": 0}
    state.apply("yellow P3")  # first yellow on P3, on turn: turn passes to P1
    view = state.public_view()
    assert view["areas"][2]["yellows"] == 1
    assert view["turn"] == 0 and view["window"] == {"kind": "start", "asking": 1}
    state.apply("yellow P3")  # P2's yellow: the second on P3
    view = state.public_view()
    assert view["areas"][2]["yellows"] == 0
    assert view["areas"][2]["cancelled"] is False  # RED rules, not a cancelled turn
    assert state.to_move == 1 and view["turn"] == 1 and view["phase"] == "turn"
    assert view["discarded"] == 2
    assert {"event": "yellow", "seat": 1, "target": 2, "effect": "second"} in state.log


def test_S4_5_second_yellow_clears_pending_marks():
    """S4.5: as a RED, the second YELLOW clears every "next turn cancelled" mark."""
    state = new(5, 5, FIVE_DEAL, players=3)
    play(state, "flip A1", "flip A2")  # P1 takes a YELLOW
    play(state, "pass", "flip A3", "pass", "flip A4")  # P2 takes the other YELLOW
    play(state, "pass", "pass", "flip B1", "pass", "pass", "flip B2")  # P3: F04, F05
    assert state.public_view()["window"] == {"kind": "start", "asking": 1}  # P1's turn
    state.apply("yellow P3")  # P2 marks P3's next turn
    view = state.public_view()
    assert view["areas"][2]["cancelled"] is True and view["areas"][2]["yellows"] == 1
    assert state.to_move == 0 and view["phase"] == "turn"
    turn_no = view["turn_no"]
    state.apply("yellow P3")  # P1, on turn, shows P3 the second yellow
    view = state.public_view()
    assert view["areas"][2]["cancelled"] is False and view["areas"][2]["yellows"] == 0
    assert state.to_move == 0 and view["turn_no"] == turn_no + 1
    play(state, "flip B3", "flip B4")  # P1: F06, F07
    play(state, "flip B5", "flip C1")  # P2: F08, F09
    assert state.to_move == 2  # P3's turn is no longer cancelled


def test_S4_6_window_order_nearest_after_mover_only_holders():
    """S4.6: windows at turn start and after the first card ask holders in seat order."""
    state = new(4, 4, RED_DEAL, players=4, first=3)
    play(state, "flip A1", "flip A2")  # P4 takes YELLOW
    assert state.public_view()["window"] == {"kind": "start", "asking": 3}  # P1's turn
    play(state, "pass", "flip A3")
    assert state.public_view()["window"] == {"kind": "flip", "asking": 3}
    play(state, "pass", "flip A4")  # P1 takes RED; P2's turn
    asked = []
    for _ in range(2):
        view = state.public_view()
        assert view["phase"] == "window" and view["turn"] == 1
        asked.append(state.to_move)
        assert "pass" in legal(state)
        state.apply("pass")
    assert asked == [3, 0]  # P3 holds nothing and is never asked
    assert state.to_move == 1 and state.public_view()["phase"] == "turn"
    state.apply("flip B1")
    asked = []
    while state.public_view()["phase"] == "window":
        asked.append(state.to_move)
        state.apply("pass")
    assert asked == [3, 0]
    assert state.public_view()["phase"] == "second"


def test_S4_6_nearest_holder_acts_first():
    """S4.6: when the nearest holder ends the turn, later holders are not asked in it."""
    state = new(4, 4, RED_DEAL, players=4, first=3)
    play(state, "flip A1", "flip A2", "pass", "flip A3", "pass", "flip A4")
    assert state.to_move == 3
    state.apply("yellow P2")  # P4 ends P2's turn
    view = state.public_view()
    assert view["turn"] == 2
    assert view["window"] == {"kind": "start", "asking": 0}  # new turn, new window


def test_S4_6_window_answers_only():
    """S4.6: in a window the asked player may only pass, show YELLOW or play RED."""
    state = yellow_ready()
    for bad in ("flip B1", "var B1 B2", "match P2", "steal F01", "red"):
        before = state.to_json()
        with pytest.raises(IllegalAction):
            state.apply(bad)
        assert state.to_json() == before
    with pytest.raises(IllegalAction, match="yourself"):
        state.apply("yellow P1")
    with pytest.raises(IllegalAction, match="no seat"):
        state.apply("yellow P4")


# ---------------------------------------------------------------------------
# S5. End and scoring
# ---------------------------------------------------------------------------


def test_S5_1_game_ends_when_table_is_empty():
    """S5.1: the game ends when the last card is taken, not before."""
    state = new(2, 2, "F01 F02 F02 F01")
    play(state, "flip A1", "flip B2")
    assert not state.is_over and state.result()["winners"] == []
    state.apply("flip A2")
    state.apply("flip B1")
    view = state.public_view()
    assert state.is_over and view["is_over"]
    assert state.to_move is None and view["to_move"] is None
    assert state.legal_actions() == []
    assert view["cards_left"] == 0
    assert state.log[-1] == {"event": "end"}
    with pytest.raises(IllegalAction, match="over"):
        state.apply("flip A1")
    with pytest.raises(IllegalAction):
        state.apply("pass")


def test_S5_2_highest_star_score_wins():
    """S5.2: the winner has the most stars, even with fewer cards."""
    deal = """
        F03 F05 F01 F04
        F03 F05 F02 YELLOW
        F01 F04 F02 VAR
    """
    state = new(3, 4, deal)
    play(state, "flip A1", "flip B1", "flip A2", "flip B2", "flip A3", "flip A4")
    play(state, "flip A3", "flip C1", "flip A4", "flip C2", "flip B3", "flip C3")
    play(state, "flip B4", "flip C4")
    assert state.is_over
    result = state.result()
    assert result["scores"] == state.scores() == [5, 4]
    assert result["winners"] == [0]
    assert result["cards"] == [4, 8]
    assert state.public_view()["result"]["winners"] == [0]


TIE_DECK = """
name = "tie deck"
[rewards]
VAR = 2
GAME = 1
[[footballer]]
id = "F01"
name = "Ace"
stars = 2
[[footballer]]
id = "F02"
name = "Bee"
stars = 1
[[footballer]]
id = "F03"
name = "Cee"
stars = 1
"""

TIE_DEAL = """
    VAR VAR F02
    F02 F03 F01
    F01 GAME F03
"""


def test_S5_3_tie_broken_by_cards_incl_unused_rewards(tmp_path):
    """S5.3: tied on stars, the player with more cards (unused rewards count) wins."""
    deck = write_deck(tmp_path, TIE_DECK)
    state = new(3, 3, TIE_DEAL, deck=str(deck))
    play(state, "flip A1", "flip A2")  # P1 takes two VARs
    play(state, "flip A3", "flip B1", "flip B2", "flip B3")  # P2: pair F02, then F03 + F01
    play(state, "flip B3", "flip C1", "flip C2", "flip B2")  # P1: pair F01, then GAME + F03
    play(state, "flip B2", "flip C3")  # P2: pair F03
    assert state.is_over
    result = state.result()
    assert result["scores"] == [2, 2]
    assert result["cards"] == [5, 4]  # 2 + three unused rewards vs 4
    assert result["winners"] == [0]
    assert result["tiebreak"] == {"stars": 2, "cards": 5, "shared": False}


def test_S5_3_used_rewards_do_not_count_still_tied_is_shared(tmp_path):
    """S5.3: a used reward no longer counts; tied on stars and cards is a shared win."""
    deck = write_deck(tmp_path, TIE_DECK)
    state = new(3, 3, TIE_DEAL, deck=str(deck))
    play(state, "flip A1", "flip A2")
    play(state, "flip A3", "flip B1", "flip B2", "flip B3")
    play(state, "var C2 C3")  # P1 uses a VAR: it is discarded
    play(state, "flip B3", "flip C1", "flip C2", "flip B2")
    play(state, "flip B2", "flip C3")
    result = state.result()
    assert result["scores"] == [2, 2]
    assert result["cards"] == [4, 4]
    assert result["winners"] == [0, 1]
    assert result["tiebreak"] == {"stars": 2, "cards": 4, "shared": True}


# ---------------------------------------------------------------------------
# S6. Notation
# ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    "text",
    ["flip C7", "var B2 H9", "match P3", "yellow P2", "red", "steal F07", "pass", "flip Z99"],
)
def test_notation_round_trip(text):
    """S6: parse(text) gives an action whose str() is the same notation."""
    action = game.parse(text)
    assert str(action) == text
    assert game.parse(str(action)) == action


@pytest.mark.parametrize(
    ("text", "norm"),
    [
        ("FLIP c7", "flip C7"),
        ("  var b2   h9 ", "var B2 H9"),
        ("Match p3", "match P3"),
        ("steal f07", "steal F07"),
        ("PASS", "pass"),
        ("flip C07", "flip C7"),
    ],
)
def test_notation_is_case_and_space_tolerant(text, norm):
    """S6: notation ignores case and extra spaces."""
    assert str(game.parse(text)) == norm


@pytest.mark.parametrize(
    "text",
    [
        "",
        "   ",
        "jump A1",
        "flip",
        "flip A1 B1",
        "flip 7C",
        "flip A0",
        "flip A",
        "flip 11",
        "flip AA1",
        "var A1",
        "var A1 B",
        "match 3",
        "match P0",
        "match P",
        "yellow",
        "yellow Q2",
        "red now",
        "pass A1",
        "steal",
        "flip A²",
        "yellow P²",
        "flip A①",
    ],
)
def test_bad_notation_is_illegal_action(text):
    """S6: text that is not notation raises IllegalAction, and apply leaves the state alone."""
    with pytest.raises(IllegalAction):
        game.parse(text)
    state = new(2, 2, "F01 F02 F02 F01")
    before = state.to_json()
    with pytest.raises(IllegalAction):
        state.apply(text)
    assert state.to_json() == before


def test_notation_round_trips_every_legal_action_of_a_custom_deck(tmp_path):
    """S6/S7: deck ids are notation-safe, so `steal <id>` of a custom deck parses back."""
    deck = write_deck(tmp_path, TIE_DECK.replace('"F0', '"XY-'))
    deal = TIE_DEAL.replace("F0", "XY-")
    state = new(3, 3, deal, deck=str(deck), dice=[6, 1])
    play(state, "flip B3", "flip C1", "flip C2", "flip A1")  # P1: pair, then GAME + VAR
    play(state, "flip A3", "flip B1", "flip B2", "flip A2")  # P2: pair, then F03 + VAR
    play(state, "match P2")
    assert legal(state) == {"steal XY-2"}
    for action in state.legal_actions():
        assert game.parse(str(action)) == action
    state.apply("steal xy-2")
    assert pair_ids(state.public_view(), 0) == ["XY-1", "XY-2"]


def test_notation_drives_the_engine():
    """S6: apply takes an Action or its notation; legal actions print as notation."""
    a = new(2, 3, "F01 F02 F03 F03 F02 F01")
    b = new(2, 3, "F01 F02 F03 F03 F02 F01")
    a.apply("flip A3")
    b.apply(game.parse("flip A3"))
    assert a.to_json() == b.to_json()
    assert all(game.parse(str(x)) == x for x in a.legal_actions())
    with pytest.raises(IllegalAction, match="not on the"):
        a.apply("flip C1")
    with pytest.raises(IllegalAction, match="nothing to pass"):
        a.apply("pass")
    with pytest.raises(IllegalAction, match="no match"):
        a.apply("steal F01")


# ---------------------------------------------------------------------------
# The engine contract: what is not an action, seats of views, refusals as data
# ---------------------------------------------------------------------------


@pytest.mark.parametrize("junk", [None, 123, 4.5, object(), ["flip", "A1"], b"flip A1"])
def test_notation_apply_refuses_what_is_not_an_action(junk):
    """S6: apply takes an Action or its notation; anything else is an IllegalAction."""
    state = new(2, 2, "F01 F02 F02 F01")
    before = state.to_json()
    with pytest.raises(IllegalAction) as err:
        state.apply(junk)
    assert err.value.code == "not_an_action"
    assert state.to_json() == before


def test_notation_hand_built_actions_with_wrong_field_types_are_refused():
    """S6: an Action with fields of the wrong type is refused and changes nothing."""
    state = match_ready()
    before = state.to_json()
    for bad in (
        stadium.Action("flip", row="A", col=1),
        stadium.Action("flip", row=None, col=None),
        stadium.Action("var", 0, 0, "B", 2),
        stadium.Action("match", seat="P3"),
        stadium.Action("steal", card=["F01"]),
        stadium.Action(None),
    ):
        with pytest.raises(IllegalAction):
            state.apply(bad)
        assert state.to_json() == before


@pytest.mark.parametrize("seat", [-1, 2, 99, "0", 1.0, True, [0]])
def test_S1_1_view_refuses_a_seat_outside_the_table(seat):
    """S1.1: a view is only for a seat of the table (or None, the public view)."""
    state = new(2, 2, "F01 F02 F02 F01")
    with pytest.raises(IllegalAction) as err:
        state.view(seat)
    assert err.value.code == "bad_view_seat"
    assert state.view(None) == state.public_view()


def test_S6_views_name_the_seats():
    """S6: every view carries the seat names, so an event can be told in words."""
    state = new(2, 2, "F01 F02 F02 F01", names=["Ann", "Bob"])
    for view in all_views(state):
        assert view["names"] == ["Ann", "Bob"]
    assert "Ann" not in json.dumps(list(state.log))  # events name seats by number


def test_S6_refusals_carry_code_template_and_params():
    """S6: an IllegalAction is data: a code, an English template and its parameters."""
    state = new(2, 3, "F01 F02 F03 F03 F02 F01")
    state.apply("flip B2")
    with pytest.raises(IllegalAction) as err:
        state.apply("flip B2")
    exc = err.value
    assert (exc.code, exc.params) == ("face_up", {"pos": "B2"})
    assert exc.template == "{pos} is already face up"
    assert str(exc) == exc.template.format(**exc.params) == "B2 is already face up"
    with pytest.raises(IllegalAction) as err:
        state.apply("yellow P2")
    assert err.value.code == "no_card" and err.value.params["card"] == "YELLOW"
    assert err.value.params["seat"] == 0 and str(err.value) == "P1 holds no YELLOW card"
    with pytest.raises(IllegalAction) as err:
        game.parse("jump A1")
    assert err.value.code == "unknown_move" and err.value.params == {"verb": "jump"}
    copy = pickle.loads(pickle.dumps(err.value))
    assert (copy.code, copy.params, str(copy)) == (
        "unknown_move", {"verb": "jump"}, str(err.value),
    )  # fmt: skip


def test_S5_3_result_tiebreak_is_none_without_a_tie():
    """S5.3: with a single leader on stars there is no tie-break to tell."""
    state = play(new(2, 2, "F01 F02 F02 F01"), "flip A1", "flip B2", "flip A2", "flip B1")
    assert state.result()["tiebreak"] is None and state.result()["winners"] == [0]
    assert state.public_view()["result"]["tiebreak"] is None


def test_S4_2_a_view_of_the_match_is_a_copy():
    """S4.2: changing the rolls of a view's match (or its log) leaves the game alone."""
    state = match_ready(dice=[3, 3, 2, 5])
    state.apply("match P3")
    saved = state.to_json()
    view = state.view(1)
    view["match"]["rolls"].append([6, 6])
    view["match"]["rolls"][0][0] = 6
    view["log"][-1]["rolls"].clear()
    view["areas"][0]["pairs"][0]["stars"] = 9
    assert state.to_json() == saved
    assert state.view(1)["match"]["rolls"] == [[3, 3], [2, 5]]


def test_S6_a_view_without_the_log_is_the_same_view():
    """S6: view(seat, log=False) is the same view with an empty log (for AI players)."""
    state = match_ready()
    for seat in (None, 0, 1, 2):
        full, lean = state.view(seat), state.view(seat, log=False)
        assert lean["log"] == [] and full["log"] == state.log
        assert {**full, "log": []} == lean
