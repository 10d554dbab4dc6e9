"""World Wave in words (footycards/textmode/worldwave.py): every event kind told as a sentence
naming the right players with any name, the view with stamina gauges, equipment, pending
zones and the open window, your own hand only, and whole matches through the text mode."""

from __future__ import annotations

import io
import random
import re
from collections import Counter

from test_describe import check_sentence
from test_stadium_names import misread

from footycards.core import worldwave as ww
from footycards.match import Match
from footycards.registry import get_spec
from footycards.seats import parse_players
from footycards.textmode import TextFront
from footycards.textmode import run as run_text
from footycards.textmode import worldwave as text

NAME_SETS = (
    ["Ann", "Bob", "Cyd", "Dee"],
    ["You", "They", "We", "Bob"],
    ["Bob", "You", "Ann", "They"],
)


def random_game(players: int, seed: int, **options) -> ww.WorldWaveState:
    state = ww.new_game(players, seed=seed, options=options)
    rng = random.Random(seed)
    while not state.is_over:
        state.apply(rng.choice(state.legal_actions()))
    return state


def world_events() -> tuple[list[dict], list[dict]]:
    """Public and private events of many random 2- and 4-player matches, some with halves."""
    public: list[dict] = []
    private: list[dict] = []
    for seed in range(40):
        players = 4 if seed % 2 else 2
        state = random_game(players, seed, halves=seed % 4 == 1)
        public += state.log
        for seat in range(players):
            private += state.view(seat)["private"]
    return public, private


PUBLIC, PRIVATE = world_events()


def named(event: dict) -> dict:
    """The event with the seats its sentence names, as check_sentence reads them."""
    kind = event["event"]
    seats: set[int] = set()
    if kind == "end":
        if len({w % 2 for w in event["winners"]}) == 1:
            seats = set(event["winners"])  # a team won: its players are named
    elif kind not in ("exhausted", "half_time"):
        seats = {event["seat"]}
        if event.get("target") is not None:
            seats.add(event["target"])
        if kind == "whistle":
            seats.add(event["turn"])
    return {"event": kind, "seats": sorted(seats)}


def test_every_event_kind_is_told_naming_its_players():
    """W7: each public event kind of the engine becomes a sentence naming exactly its seats."""
    kinds = {e["event"] for e in PUBLIC}
    assert kinds == set(text.DESCRIBE), kinds ^ set(text.DESCRIBE)
    assert {e["event"] for e in PRIVATE} == set(text.PRIVATE)
    hows = {e["how"] for e in PUBLIC if e["event"] == "save"}
    assert {"card", "terry", "anticipation", "last_ditch", "lucky_hands"} <= hows, hows
    ends = [e for e in PUBLIC if e["event"] == "end"]
    assert {len({w % 2 for w in e["winners"]}) for e in ends} == {1, 2}  # wins and draws
    for names in NAME_SETS:
        for e in PUBLIC + PRIVATE:
            said = text.describe(e, names)
            check_sentence(said, named(e), names)
            assert not misread(said, names), said


def test_sentences_read_right():
    """Some sentences word for word: cards in Chinese and English, passes alike (W5.2)."""
    names = ["You", "Bob"]
    foul = {"event": "play", "seat": 0, "card": "foul", "target": 1}
    assert text.describe(foul, names) == "犯規 Foul played by You on Bob"
    shot = {"event": "shot", "seat": 1, "kind": "shoot", "card": "shoot", "needed": 2}
    assert text.describe(shot, names) == "Shoot by Bob: 2 Saves needed to stop it"
    outside = {"event": "shot", "seat": 1, "kind": "shoot", "card": "save", "needed": 1}
    assert text.describe(outside, names) == "Shoot by Bob, with 救險 Save: 1 Save needed to stop it"
    for window in ("save", "controversy", "whistle", "misjudgement"):
        assert text.describe({"event": "pass", "seat": 0, "window": window}, names) == (
            "You: no response"
        )
    goal = {"event": "goal", "seat": 0, "team": 0, "goals": [2, 1]}
    assert text.describe(goal, names) == "GOAL by You for Team A! Score: Team A 2 – 1 Team B"
    draw = {"scores": [1, 1], "winners": [0, 1], "over": True, "goals": [1, 1]}
    assert text.describe_result(draw, names) == ["Final score: Team A 1 – 1 Team B, a draw."]
    won = {"scores": [0, 2, 0, 2], "winners": [1, 3], "over": True, "goals": [0, 2]}
    assert text.describe_result(won, ["A", "B", "C", "D"]) == [
        "Final score: Team A 0 – 2 Team B. Winners: Team B (B, D)."
    ]


# -- the view --------------------------------------------------------------------------


def rest_of_deck(*top: str) -> list[str]:
    """A whole match deck (W8) with `top` first."""
    rest = Counter(ww.DECK)
    rest.subtract(top)
    return list(top) + sorted(rest.elements())


def test_render_shows_seats_hand_and_the_window_answered():
    """W2.1, W5.1: gauges, costs, the hand with slots in 中文 and English, the window named."""
    deal = rest_of_deck("shoot", "foul", "save", "controversy", "save")
    state = ww.new_game(2, seed=1, options={"characters": ["rooney", "dubois"], "deal": deal,
                                           "names": ["Ann", "Bob"]})  # fmt: skip
    shown = text.render(state.view(0))
    assert "魯尼 Rooney FW · stamina ●●●● 4/4" in shown
    assert "hand 2 cards (limit 6)" in shown and "hand 0 cards (limit 4)" in shown
    assert "  1. 射門 Shoot:" in shown and "  2. 犯規 Foul:" in shown
    assert "To move: Ann" in shown
    state.apply("event 2 P2")  # Foul on Bob: Bob may answer with Controversy
    bob = text.render(state.view(1))
    assert "Controversy window: answering 犯規 Foul played by Ann" in bob
    assert "Asked: Bob" in bob
    state.apply("pass")  # Bob lets it stand: injured, 2 stamina lost
    state.apply("pass")  # the Whistle window after the Foul
    assert "INJURED" in text.render(state.view(0))
    assert "●●○○ 2/4" in text.render(state.view(0))
    state.apply("shoot")
    bob = text.render(state.view(1))
    assert "Save window: the Shoot of Ann needs 1 Save to stop it; 0 made so far" in bob


def test_draft_offer_shown_only_to_the_drafter():
    """W3.2: the drafter sees the offer with every character's numbers and skill."""
    state = ww.new_game(4, seed=2, options={"names": ["Ann", "Bob", "Cyd", "Dee"]})
    offer = state.view(0)["draft"]["offered"]
    mine = text.render(state.view(0))
    assert "choose one with 'pick N'" in mine
    for cid in offer:
        assert ww.ROSTER[cid].name in mine
    other = text.render(state.view(1))
    assert "Choosing: Ann, among 4 characters." in other
    for cid in offer:
        assert ww.ROSTER[cid].name not in other


def hidden_shuffled(state: ww.WorldWaveState, seat: int, seed: int) -> ww.WorldWaveState:
    """The same match with every card `seat` cannot see dealt again at random."""
    other = state.clone()
    hidden = list(other.deck)
    for s in range(other.players):
        if s != seat:
            hidden += other.hands[s]
    random.Random(seed).shuffle(hidden)
    for s in range(other.players):
        if s != seat:
            k = len(other.hands[s])
            other.hands[s], hidden = hidden[:k], hidden[k:]
    other.deck = hidden
    return other


def test_no_other_hand_is_rendered():
    """W1.7: what is printed for a seat does not change when the cards it cannot see move."""
    for seed in range(6):
        state = ww.new_game(4, seed=seed)
        rng = random.Random(seed)
        for _ in range(120):
            if state.is_over:
                break
            seat = state.to_move
            assert seat is not None
            shown = text.render(state.view(seat, log=False))
            again = hidden_shuffled(state, seat, seed)
            assert text.render(again.view(seat, log=False)) == shown
            state.apply(rng.choice(state.legal_actions()))


# -- the text mode -----------------------------------------------------------------------


def test_a_whole_match_by_notation_with_moves_and_help():
    """`footycards text worldwave`: a person plays a whole match against an AI by typing
    notation (here the first legal move each time, after 'moves' and 'help' once)."""
    match = Match.start("worldwave", parse_players("Ann,ai:normal"), 7)
    out = io.StringIO()
    asked = []

    class Person(io.StringIO):
        def readline(self, *args: object) -> str:
            if match.is_over:
                return ""
            asked.append(1)
            if len(asked) == 1:
                return "moves\n"
            if len(asked) == 2:
                return "help\n"
            return str(match.legal_actions()[0]) + "\n"

    assert run_text(match, Person(), out) == 0
    said = out.getvalue()
    assert match.is_over
    assert "Legal moves (4):\n  pick: 1 2 3 4" in said
    assert "'shoot', 'save 3'" in said  # the help's examples
    assert "Final whistle. Score: Team A" in said
    assert "Final score: Team A" in said
    assert "Character chosen by Ann" in said


def test_two_people_each_see_only_their_own_hand():
    """Hot seat at one terminal: a hand is printed only after its person says they are
    there, and never another person's."""
    match = Match.start("worldwave", parse_players("Ann,Bob"), 4,
                        {"characters": ["rooney", "dubois"]})  # fmt: skip
    out = io.StringIO()

    class People(io.StringIO):
        moves = 0

        def readline(self, *args: object) -> str:
            prompt = out.getvalue().rstrip()
            if prompt.endswith("press Enter to see your cards>"):
                return "\n"
            if match.is_over or self.moves > 150:
                return ""
            self.moves += 1
            return str(match.legal_actions()[-1]) + "\n"

    run_text(match, People(), out)
    blocks = out.getvalue().split("Pass the keyboard to ")
    assert len(blocks) > 3
    for block in blocks[1:]:
        name = block.split(".")[0]
        hands = re.findall(r"Your hand, P\d (\w+)", block)
        assert set(hands) <= {name}, (name, hands)


def test_private_news_after_own_move():
    """A Long ball's two cards are told to its player right after the move."""
    deal = rest_of_deck("longball", "shoot", "save", "save", "save", "penalty", "foul")
    match = Match.start("worldwave", parse_players("Ann,Bob"), 1,
                        {"characters": ["rooney", "dubois"], "deal": deal})  # fmt: skip
    out = io.StringIO()
    front = TextFront(match, io.StringIO(), out)
    front.answer(0, "event 1")
    front.answer(1, "pass")  # Bob lets the Long ball stand
    said = out.getvalue()
    assert "Only you see:" not in said  # Bob's pass showed Bob nothing new
    match.apply("pass")  # the Whistle window
    before = match.view(0)
    assert text.private_news(match.view(0), before) == []
    news = text.private_news({**before, "private": before["private"][:-1]}, before)
    assert news and news[0].startswith("Only you see: Drawn by Ann:")


def test_halves_option_reaches_the_engine():
    """W6.2: `--halves on|off` set it; `auto` (the default) leaves the engine's own rule:
    two halves with 8-10 players."""
    spec = get_spec("worldwave")
    assert spec.convert({"halves": "on"}, 2, "text") == {"halves": True}
    assert spec.convert({"halves": "off"}, 8, "text") == {"halves": False}
    auto = spec.convert({"halves": "auto"}, 8, "text")
    for players, halves in ((2, False), (8, True)):
        match = Match.start("worldwave", parse_players(",".join(["ai:easy"] * players)), 1, auto)
        assert match.state.halves is halves
