"""The words for what the engines report (footycards/textmode): every event kind of both
games told as a sentence that names the right players, the end explained, refusals
explained, all through the session's translation."""

from __future__ import annotations

import gettext
import json
import random
import re

import pytest

import footycards.i18n
from footycards.core import IllegalAction, quartett, stadium
from footycards.narration import explain
from footycards.textmode import quartett as quartett_text
from footycards.textmode import stadium as stadium_text

NAMES = ["Ann", "Bob", "Cyd", "Dee", "Eve", "Fay"]
SEAT_FIELDS = ("seat", "target", "winner")
SEAT_LISTS = ("seats", "among", "winners")


def named_seats(event: dict) -> set[int]:
    """Every seat an event names."""
    seats = {event[k] for k in SEAT_FIELDS if k in event}
    for k in SEAT_LISTS:
        seats.update(event.get(k, ()))
    if event["event"] == "kickoff" and not (event["date"] and len(event["among"]) > 1):
        seats = {event["seat"]}  # a draw among everybody names only who starts
    seats.update(event.get("reason", {}).get("seats", ()))
    seats.update(p["seat"] for p in event.get("plays", ()))
    return seats


def check_sentence(text: str, event: dict, names: list[str]) -> None:
    assert isinstance(text, str) and text.strip(), event
    assert not re.search(r"\{\w*\}", text), (text, event)  # no field left unfilled
    for seat in named_seats(event):
        assert names[seat] in text, (text, event)
    for seat in set(range(len(names))) - named_seats(event):
        assert names[seat] not in text, (text, event)


# -- Stadium ---------------------------------------------------------------------------


def stadium_events() -> list[dict]:
    """Events of many kinds: scripted situations and random games."""
    events: list[dict] = []
    deal = """
        VAR RED F01 F02
        F03 F04 F05 F06
        F01 F02 F03 F04
        F05 F06 YELLOW GAME
    """.split()
    s = stadium.new_game(2, seed=1, options={"rows": 4, "cols": 4, "deal": deal})
    for move in ("flip A1", "flip A2", "pass", "flip A3", "pass", "flip A4", "var B1 C4",
                 "flip B1", "red", "flip C1", "flip A3"):  # fmt: skip
        s.apply(move)
    events += s.log
    five = """
        YELLOW F01 YELLOW F02 F03
        F04 F05 F06 F07 F08
        F09 F10 RED VAR GAME
        F01 F02 F03 F04 F05
        F06 F07 F08 F09 F10
    """.split()
    s = stadium.new_game(3, seed=1, options={"rows": 5, "cols": 5, "deal": five})
    for move in ("flip A1", "flip A2", "pass", "flip A3", "pass", "flip A4", "yellow P3",
                 "yellow P3"):  # fmt: skip
        s.apply(move)
    events += s.log
    for seed in range(40):
        first = ["stadium", "random", 1][seed % 3]
        options = {"rows": 4, "cols": 5, "first": first}
        if first == "stadium":
            options["stadium_dates"] = [["2024-01-01", "2024-01-01", None], [None] * 3][seed % 2]
            options["ai_seats"] = [2]
        s = stadium.new_game(3, seed=seed, options=options)
        rng = random.Random(seed)
        while not s.is_over:
            s.apply(rng.choice(s.legal_actions()))
        events += s.log
    return events


def test_every_stadium_event_kind_is_told_naming_its_players():
    """S6: each event kind becomes a sentence that names exactly the seats it involves."""
    events = stadium_events()
    kinds = {e["event"] for e in events}
    assert kinds == set(stadium_text.DESCRIBE), set(stadium_text.DESCRIBE) ^ kinds
    effects = {e["effect"] for e in events if e["event"] == "yellow"}
    assert effects == {"turn_ends", "next_turn", "second"}
    hows = {(e["how"], e["date"] is None, len(e["among"]) > 1) for e in events if "how" in e}
    assert {("stadium", False, True), ("stadium", True, True), ("random", True, True),
            ("seat", True, False)} <= hows  # fmt: skip
    for e in events:
        check_sentence(stadium_text.describe(e, NAMES[:3]), e, NAMES[:3])


def test_stadium_sentences_read_right():
    """S3.1, S4.2: the feed's sentences, which read right with any name."""
    flip = {"event": "flip", "seat": 0, "at": "B2", "card": "F02", "name": "Bartek Nowicki",
            "stars": 2}  # fmt: skip
    assert stadium_text.describe(flip, ["P1", "P2"]) == "B2 turned over by P1: Bartek Nowicki ★★"
    reward = {"event": "flip", "seat": 1, "at": "A1", "card": "GAME", "name": "PLAY GAME",
              "stars": 0}  # fmt: skip
    assert stadium_text.describe(reward, ["Ann", "Bob"]) == "A1 turned over by Bob: PLAY GAME"
    match = {"event": "match", "seat": 0, "target": 2, "rolls": [[3, 3], [2, 5]], "winner": 2}
    assert stadium_text.describe(match, ["Ann", "Bob", "Cyd"]) == (
        "PLAY GAME, Ann v Cyd: Ann rolled 3, Cyd rolled 3; Ann rolled 2, Cyd rolled 5. Winner: Cyd"
    )
    kickoff = {"event": "kickoff", "cards": 100, "rows": 10, "cols": 10, "seat": 1,
               "how": "stadium", "date": "2025-03-09", "among": [1]}  # fmt: skip
    assert stadium_text.describe(kickoff, ["Ann", "Bob"]) == (
        "Kick-off: 100 cards on a 10×10 table. Starting: Bob (most recently at a stadium: "
        "2025-03-09)"
    )
    assert stadium_text.describe({"event": "end"}, []) == "The last card is gone: final whistle."


def test_S5_3_stadium_result_explains_the_tie_break():
    """S5.3: the tie on stars and how the cards decided, or that the win is shared."""
    won = {"scores": [2, 2, 1], "winners": [0], "over": True, "cards": [5, 4, 2],
           "tiebreak": {"stars": 2, "cards": 5, "shared": False}}  # fmt: skip
    lines = stadium_text.describe_result(won, NAMES[:3])
    assert lines == [
        "Tied on 2 stars: Ann, Bob; the most cards collected decide.",
        "Most cards collected (5): Ann, the winner.",
    ]
    shared = {**won, "winners": [0, 1], "tiebreak": {"stars": 2, "cards": 4, "shared": True}}
    assert stadium_text.describe_result(shared, NAMES[:3])[-1] == (
        "4 cards collected by each of Ann, Bob: a shared win."
    )
    assert stadium_text.describe_result({**won, "tiebreak": None}, NAMES[:3]) == []
    assert stadium_text.describe_result({"scores": [0, 0], "winners": [], "over": False}, []) == []


def test_stadium_render_shows_the_tie_break_at_the_end():
    """S5.3: the text view ends with the winner and the tie-break in words."""
    deck_deal = "F01 F02 F02 F01"
    s = stadium.new_game(2, seed=1, options={"rows": 2, "cols": 2, "deal": deck_deal.split(),
                                             "names": ["Ann", "Bob"]})  # fmt: skip
    for move in ("flip A1", "flip A2", "flip A1", "flip B2", "flip A2", "flip B1"):
        s.apply(move)
    view = s.view(0)
    assert stadium_text.render(view).endswith("Final whistle. Winner: Bob.")
    view["result"] = {"scores": [3, 3], "winners": [0, 1], "over": True, "cards": [4, 4],
                      "tiebreak": {"stars": 3, "cards": 4, "shared": True}}  # fmt: skip
    assert stadium_text.render(view).endswith(
        "Final whistle. Winner: Ann, Bob.\n"
        "Tied on 3 stars: Ann, Bob; the most cards collected decide.\n"
        "4 cards collected by each of Ann, Bob: a shared win."
    )


# -- Quartett ----------------------------------------------------------------------------


def quartett_events() -> list[dict]:
    events: list[dict] = []
    hands = [
        ["A1", "A2", "A3", "B1", "B2", "B3", "C1", "C2", "C3", "D1"],
        ["A4", "B4", "C4", "D2", "D3", "D4", "E1", "E2", "E3", "F1"],
    ]
    rest = ["E4", "F2", "F3", "F4", "G1", "G2", "G3", "G4", "H1", "H2", "H3", "H4"]
    deal = [h[i] for i in range(10) for h in hands] + rest
    s = quartett.new_game(2, seed=1, options={"mode": "quartett", "deal": deal})
    for move in ("A4", "B4", "C4", "D2", "D3", "D4"):
        s.apply(f"ask P2 {move}")
    for move in ("E4", "F2", "F3", "F4"):
        s.apply(f"ask P1 {move}")  # then nobody holds a card: P1 draws (restock)
    events += [dict(e, _players=2) for e in s.log]
    for seed in range(60):
        mode = quartett.MODES[seed % 3]
        players = 2 + seed % 5
        options = {"mode": mode}
        if seed % 4 == 0:
            options["round_limit"] = 3 + seed % 7
        s = quartett.new_game(players, seed=seed, options=options)
        rng = random.Random(seed)
        while not s.is_over:
            s.apply(rng.choice(s.legal_actions()))
        events += [dict(e, _players=players) for e in s.log]
    return events


def test_every_quartett_event_kind_is_told_naming_its_players():
    """Q7: each event kind becomes a sentence that names exactly the seats it involves."""
    events = quartett_events()
    kinds = {e["event"] for e in events}
    assert kinds == set(quartett_text.DESCRIBE), set(quartett_text.DESCRIBE) ^ kinds
    reasons = {e["reason"]["event"] for e in events if e["event"] == "end"}
    assert reasons == {"out_of_cards", "round_limit", "all_quartets", "ask_limit"}
    for e in events:
        names = NAMES[: e.pop("_players")]
        check_sentence(quartett_text.describe(e, names), e, names)


def test_quartett_sentences_read_right_with_any_name():
    """Q2.3, Q4.4, Q4.7: each sentence reads right whatever the name, "You" included (no
    "You calls", "You asks"); counts of one are singular."""
    s = quartett.new_game(2, options={"deal": [c["id"] for c in quartett.catalog()]})
    s.apply("call fairness")
    assert quartett_text.describe(s.log[0], ["You", "Bob"]).endswith(
        "16 cards each, 0 cards in the middle; calling first: You"
    )
    assert quartett_text.describe(s.log[1], ["You", "Bob"]).startswith(
        "Called by You: Fairness-Punkte — You "
    )
    assert quartett_text.describe(s.log[2], ["You", "Bob"]) == "Round won by You: +1 card"
    ask = {"event": "ask", "seat": 0, "target": 1, "card": "F3", "name": "X", "hit": False,
           "drew": True, "stack": 4}  # fmt: skip
    assert quartett_text.describe(ask, ["You", "Bob"]) == (
        "Ask by You of Bob for F3 (X): not there; a card from the stack goes to You (4 left)"
    )
    hit = {**ask, "hit": True, "drew": False}
    assert (
        quartett_text.describe(hit, ["Ann", "You"]) == "Ask by Ann of You for F3 (X): handed over"
    )
    deal = {"event": "deal", "decks": ["BL"], "mode": "quartett", "cards": 10, "rest": 1,
            "seat": 0}  # fmt: skip
    assert quartett_text.describe(deal, ["You", "Bob"]) == (
        "BL: 10 cards each, 1 card on the stack; asking first: You"
    )
    tie = {"event": "tie", "seats": [0, 1], "category": "goals", "value": 3, "middle": 1,
           "seat": 1, "stechen": True}  # fmt: skip
    assert quartett_text.describe(tie, ["Ann", "You"]) == (
        "Tie at 3 between Ann, You: 1 card in the middle; Stechen, to call: You"
    )
    quartet = {"event": "quartet", "seat": 0, "quartet": "F", "club": "VfL"}
    assert quartett_text.describe(quartet, ["You"]) == "Quartet F (VfL) laid down by You"
    skip = {"event": "skip", "seats": [1, 2]}
    assert quartett_text.describe(skip, NAMES[:4]) == "No cards, so skipped: Bob, Cyd"
    assert quartett_text.describe({"event": "skip", "seats": [2]}, NAMES[:4]) == (
        "No cards, so skipped: Cyd"
    )
    restock = {"event": "restock", "seat": 0, "stack": 1}
    assert quartett_text.describe(restock, ["You"]) == (
        "Nobody holds a card: one from the stack goes to You (1 left)"
    )


def test_quartett_render_counts_in_the_singular_for_one():
    """The text view: "1 card", never "1 cards"."""
    s = quartett.new_game(2, seed=1, options={"names": ["Ann", "Bob"]})
    view = s.view(0)
    view["seats"][0]["cards"] = 1
    view["middle"] = 1
    text = quartett_text.render(view)
    assert "> P1 Ann: 1 card\n" in text and "Middle: 1 card\n" in text
    assert "1 cards" not in text
    q = quartett.new_game(3, seed=1, options={"names": ["Ann", "Bob", "Cyd"], "mode": "quartett"})
    qview = q.view(0)
    qview["seats"][1]["cards"] = 1
    qview["stack"] = 1
    text = quartett_text.render(qview)
    assert "P2 Bob: 1 card in hand" in text and "Stack: 1 card\n" in text
    assert "1 cards" not in text


def test_Q1_5_fairness_is_told_with_one_decimal():
    """Q1.5: the feed shows Fairness-Punkte with one decimal."""
    call = {"event": "call", "seat": 0, "category": "fairness", "stechen": False,
            "plays": [{"seat": 0, "card": "A1", "name": "Star", "value": 100 / 3}]}  # fmt: skip
    assert "Star (A1) 33.3" in quartett_text.describe(call, ["Ann"])


def test_Q2_7_quartett_result_says_why_and_who_shares():
    """Q2.7, Q4.8: why the game ended; equal counts share the win."""
    res = {"scores": [5, 5, 0], "winners": [0, 1], "over": True, "rounds": 9, "asks": 0,
           "reason": {"event": "out_of_cards", "seats": [2]}}  # fmt: skip
    assert quartett_text.describe_result(res, NAMES[:3]) == [
        "Game over: no card left for Cyd.",
        "Shared win, 5 each: Ann, Bob.",
    ]
    limit = {**res, "winners": [0], "scores": [6, 4, 0],
             "reason": {"event": "round_limit", "limit": 30}}  # fmt: skip
    assert quartett_text.describe_result(limit, NAMES[:3]) == [
        "Game over: the round limit of 30 is reached."
    ]
    assert quartett_text.describe_result({"scores": [1], "winners": [], "over": False}, []) == []


def test_quartett_render_explains_the_end():
    """Q2.7: the text view ends with the winner and the reason."""
    s = quartett.new_game(2, seed=4, options={"round_limit": 1, "names": ["Ann", "Bob"]})
    s.apply(s.legal_actions()[0])
    while not s.is_over:
        s.apply(s.legal_actions()[0])
    text = quartett_text.render(s.view(0))
    assert "Game over: the round limit of 1 is reached." in text


# -- the session's language -----------------------------------------------------------------


class Shouting(gettext.NullTranslations):
    """A stand-in catalogue: every message upper-cased, fields kept."""

    def gettext(self, message: str) -> str:
        return re.sub(r"(^|\})([^{]*)", lambda m: m.group(1) + m.group(2).upper(), message)

    def ngettext(self, singular: str, plural: str, n: int) -> str:
        return self.gettext(singular if n == 1 else plural)


@pytest.fixture
def shouting(monkeypatch):
    monkeypatch.setattr(footycards.i18n, "current", lambda: Shouting())


def test_describe_and_explain_use_the_session_language(shouting):
    """Events, results and refusals are translated when told, never in the engine."""
    e = {"event": "red", "seat": 1}
    assert stadium_text.describe(e, ["Ann", "Bob"]) == (
        "RED CARD SHOWN BY Bob: EVERYONE LOSES THE RIGHT TO MOVE"
    )
    e = {"event": "win", "seat": 0, "cards": 3}
    assert quartett_text.describe(e, ["Ann", "Bob"]) == "ROUND WON BY Ann: +3 CARDS"
    s = stadium.new_game(2, seed=1, options={"rows": 2, "cols": 2})
    with pytest.raises(IllegalAction) as err:
        s.apply("flip C9")
    assert str(err.value) == "C9 is not on the 2×2 table"  # the engine stays English
    assert explain(err.value) == "C9 IS NOT ON THE 2×2 TABLE"


def test_explain_falls_back_to_the_english_sentence():
    """A refusal without a template (or with a broken one) is told as its English text."""
    assert explain(IllegalAction("plain words")) == "plain words"
    exc = IllegalAction("{missing} field", "odd")
    assert explain(exc) == str(exc) == "{missing} field"


def test_events_are_json_ready_and_wordless():
    """Events are data: JSON round trips them, and no player name is in them."""
    s = stadium.new_game(2, seed=3, options={"rows": 3, "cols": 4, "names": ["Zed", "Quo"]})
    rng = random.Random(3)
    while not s.is_over:
        s.apply(rng.choice(s.legal_actions()))
    text = json.dumps(list(s.log), ensure_ascii=False)
    assert json.loads(text) == s.log and "Zed" not in text and "Quo" not in text
