"""Sadikov's Football in words (footycards/textmode/sadikov.py): every event kind told as a
sentence naming the right players with any name, the view drawn without a face-down
card, suits by symbol and letter, ranks in English or Ukrainian letters (F1.3)."""

from __future__ import annotations

import json
import random
import re

import pytest
from test_describe import check_sentence
from test_stadium_names import misread

from footycards.core import OptionError
from footycards.core import sadikov as sk
from footycards.textmode import sadikov as text

NAME_SETS = (["Ann", "Bob"], ["You", "Bob"], ["Bob", "You"], ["You", "They"])
BOTH = {0, 1}
NAMED = {  # the seats each event kind names: the score names both sides
    "goal": BOTH,
    "half_time": BOTH,
    "end": BOTH,
    "reshuffle": set(),
    "add": set(),
    "shootout": set(),
}


def random_game(seed: int, **options) -> sk.SadikovState:
    state = sk.new_game(2, seed=seed, options=options)
    rng = random.Random(seed)
    while not state.is_over:
        state.apply(rng.choice(state.legal_actions()))
    return state


def sadikov_events() -> list[dict]:
    """Events of every kind: random matches with a shoot-out, and some ending in a draw."""
    events: list[dict] = []
    for seed in range(60):
        events += random_game(seed, shootout=True).log
    draws = 0
    for seed in range(300):
        state = random_game(seed)
        if len(state.result()["winners"]) == 2:
            events += state.log
            draws += 1
            if draws == 2:
                break
    return events


EVENTS = sadikov_events()


def named(event: dict) -> dict:
    """The event with the seats its sentence names, in the form check_sentence reads."""
    seats = NAMED.get(event["event"], {event.get("seat")})
    return {"event": event["event"], "seats": sorted(s for s in seats if s is not None)}


def test_every_sadikov_event_kind_is_told_naming_its_players():
    """F7: each event kind of the engine becomes a sentence naming exactly its seats."""
    kinds = {e["event"] for e in EVENTS}
    assert kinds == set(text.DESCRIBE), kinds ^ set(text.DESCRIBE)
    variants = {(e["event"], e.get("kind"), e.get("why")) for e in EVENTS}
    for kind in (sk.LONG, sk.FREE, sk.CORNER, sk.SHOT, sk.KICK):
        assert ("shot", kind, None) in variants and ("goal", kind, None) in variants
    assert {("discard", None, sk.LONG), ("discard", None, sk.SHOT)} <= variants
    takes = [e for e in EVENTS if e["event"] == "take"]
    assert any(e.get("void") for e in takes) and any(e.get("extra") for e in takes)
    assert any(e.get("attack") and not e.get("extra") for e in takes)  # an attack that scored
    ends = [e for e in EVENTS if e["event"] == "end"]
    assert {len(e["winners"]) for e in ends} == {1, 2} and any("shootout" in e for e in ends)
    adds = [e for e in EVENTS if e["event"] == "add"]
    assert any(e["card"] for e in adds) and any(e["card"] is None for e in adds)
    for names in NAME_SETS:
        for e in EVENTS:
            said = text.describe(e, names, letters="en")  # type: ignore[arg-type]
            check_sentence(said, named(e), names)
            assert not misread(said, names), said


def test_sadikov_sentences_read_right():
    """F4, F5: some sentences word for word; suits by symbol and letter, never colour."""
    names = ["You", "Bob"]
    take = {"event": "take", "seat": 0, "column": 3, "card": "9S", "suit": "S", "attack": True,
            "void": False, "extra": True, "revealed": "QH"}  # fmt: skip
    assert text.describe(take, names, letters="en") == (
        "9♠S taken from column 3 by You: an attack, one extra move; Q♥H turned face up in column 3"
    )
    goal = {"event": "goal", "seat": 1, "kind": "free", "suit": "H", "goals": [0, 2]}
    assert text.describe(goal, names) == (
        "GOAL by Bob from a free kick in ♥ H! Score: You 0 – 2 Bob"
    )
    shot = {"event": "shot", "seat": 0, "kind": "shot", "suit": "D", "card": "AD", "keeper": 1}
    assert text.describe(shot, names, letters="uk") == (
        "Shot by You with Т♦D in ♦ D: the keeper may turn 1 card"
    )
    penalty = {"event": "penalty", "seat": 0, "suit": "C", "count": 2, "total": 4}
    assert text.describe(penalty, names) == "2 penalty cards in ♣ C for You (4 in that suit)"
    for e in EVENTS:
        said = text.describe(e, names, letters="en")  # type: ignore[arg-type]
        assert not re.search(r"\b(red|black|spades|hearts|diamonds|clubs)\b", said, re.I), said


def test_sadikov_result_explained():
    """F6.1, F6.2: the score, a draw, or the shoot-out that decided it."""
    names = ["You", "Bob"]
    won = {"scores": [3, 1], "winners": [0], "over": True}
    draw = {"scores": [2, 2], "winners": [0, 1], "over": True}
    shootout = {"scores": [2, 2], "winners": [1], "over": True, "shootout": [3, 4]}
    assert text.describe_result(won, names) == ["Final score: You 3 – 1 Bob."]  # type: ignore[arg-type]
    assert text.describe_result(draw, names) == [  # type: ignore[arg-type]
        "Level at 2 – 2 after two halves: a draw."
    ]
    assert text.describe_result(shootout, names) == [  # type: ignore[arg-type]
        "Level at 2 – 2 after two halves; the shoot-out decided it: You 3 – 4 Bob."
    ]
    assert text.describe_result({"scores": [0, 0], "winners": [], "over": False}, names) == []  # type: ignore[arg-type]


# -- the view --------------------------------------------------------------------------


def column_tokens(rendered: str) -> dict[int, list[str]]:
    """The cards of each column line of a rendered view."""
    cols: dict[int, list[str]] = {}
    for line in rendered.splitlines():
        m = re.match(r"  ([1-5]): (?:\d+ cards?: (.*?))?(?:empty)?(?:  \(closed\))?$", line)
        if m:
            cols[int(m.group(1))] = (m.group(2) or "").split()
    return cols


def states(seed: int, **options):
    """A match after each random move (the same object)."""
    state = sk.new_game(2, seed=seed, options=options)
    rng = random.Random(seed)
    yield state
    while not state.is_over:
        state.apply(rng.choice(state.legal_actions()))
        yield state


@pytest.mark.parametrize("letters", ["en", "uk"])
def test_render_shows_no_face_down_card(letters):
    """F2.2, F2.3: each column as the engine's view has it: face-up cards named, the rest
    `##`, top card last; nothing of the reserve or the keeper deck."""
    for seed in range(6):
        for state in states(seed, letters=letters):
            for seat in (None, 0, 1):
                view = state.view(seat)
                shown = text.render(view)
                cols = column_tokens(shown)
                assert sorted(cols) == [1, 2, 3, 4, 5], shown
                for col in view["columns"]:
                    want = [text.card_text(c["id"], letters) for c in col["cards"]]
                    assert cols[col["column"]] == want, shown
                    assert want.count("##") == sum(not c["up"] for c in col["cards"])
                    assert ("(closed)" in shown) == any(c["closed"] for c in view["columns"])


def test_render_shows_both_aktivs_and_whose_move():
    """F3-F5: piles by suit with attacks marked, penalty cards, sent-off suits, goals,
    half, reserve and added cards, keeper deck and discard, extra and closed columns."""
    seen = {"extra": False, "closed": False, "removed": False, "attack": False}
    for seed in range(60):
        for state in states(seed):
            view = state.view(0)
            shown = text.render(view)
            assert f"Half {view['half']} of 2" in shown
            assert f"added under the columns this half: {view['added']} of 10" in shown
            assert f"Keeper deck: {view['keeper_deck']} card" in shown
            for s in (0, 1):
                info = view["seats"][s]
                assert f"P{s + 1} {info['name']}: {info['goals']} goal" in shown
                for suit in sk.SUITS:
                    if suit in info["removed"]:
                        seen["removed"] = True
                        assert "sent off" in shown
                    if any(c["attack"] for c in info["aktiv"][suit]):
                        seen["attack"] = True
                        card = next(c["id"] for c in info["aktiv"][suit] if c["attack"])
                        assert text.card_text(card, "en") + "+" in shown
                    if info["penalties"][suit]:
                        assert "penalty card" in shown
            if view["extra"] and not view["is_over"]:
                seen["extra"] = True
                assert "an extra move" in shown
            closed = [c["column"] for c in view["columns"] if c["closed"]]
            if closed and not view["is_over"]:
                seen["closed"] = True
                assert "Closed to " in shown
            if all(seen.values()):
                return
    pytest.fail(f"not every situation was seen: {seen}")


def test_render_names_the_players_and_the_end():
    """F6: the winner or the draw at the end, with the players' own names."""
    for seed in range(20):
        state = random_game(seed)
        names = ["You", "They"]
        state.names = names
        shown = text.render(state.public_view())
        res = state.result()
        if len(res["winners"]) == 1:
            assert f"Final whistle. Winner: {names[res['winners'][0]]}." in shown
        else:
            assert "Final whistle: a draw." in shown
        assert not misread(shown, names)


def test_letters_uk_and_en():
    """F1.3: `letters` uk shows В Д К Т for J Q K A; en (default) shows J Q K A."""
    deal = list(sk.MAIN_DECK)
    state_en = sk.new_game(2, seed=1, options={"deal": deal})
    state_uk = sk.new_game(2, seed=1, options={"deal": deal, "letters": "uk"})
    en, uk = text.render(state_en.view(0)), text.render(state_uk.view(0))
    tops = [c["id"] for col in state_en.view(0)["columns"] for c in col["cards"] if c["up"]]
    pictures = [c for c in tops if sk.rank_of(c) in "JQKA"]
    assert pictures
    for card in pictures:
        rank, suit = sk.rank_of(card), sk.suit_of(card)
        assert f"{rank}{text.SYMBOLS[suit]}{suit}" in en
        assert f"{text.UK_RANKS[rank]}{text.SYMBOLS[suit]}{suit}" in uk
    assert not re.search("[ВДКТ]", en)
    assert not re.search(r"\b[JQKA][♠♥♦♣]", uk)
    assert text.card_text("QH", "uk") == "Д♥H" and text.card_text("10S", "uk") == "10♠S"
    assert text.card_text("AC", "en") == "A♣C" and text.card_text(None) == "##"


def test_events_follow_the_letters_of_the_view():
    """Events name cards with the same letters as the view last drawn (or as asked)."""
    take = {"event": "take", "seat": 0, "column": 1, "card": "KS", "suit": "S",
            "attack": False, "void": False, "extra": False, "revealed": None}  # fmt: skip
    state = sk.new_game(2, seed=2, options={"letters": "uk"})
    text.render(state.view(0))
    assert text.describe(take, ["Ann", "Bob"]).startswith("К♠S taken")  # type: ignore[arg-type]
    assert text.describe(take, ["Ann", "Bob"], letters="en").startswith("K♠S taken")  # type: ignore[arg-type]
    text.render(sk.new_game(2, seed=2).view(0))
    assert text.describe(take, ["Ann", "Bob"]).startswith("K♠S taken")  # type: ignore[arg-type]


# -- the engine's `letters` option ------------------------------------------------------


def test_F1_3_engine_accepts_and_echoes_letters():
    """F1.3: option `letters` ("en" default, or "uk") is echoed in every view, kept in a
    saved game, and changes no rule; anything else is refused."""
    assert sk.new_game(2, seed=1).view(0)["letters"] == "en"
    uk = sk.new_game(2, seed=1, options={"letters": "uk"})
    en = sk.new_game(2, seed=1, options={"letters": "en"})
    assert uk.view(None)["letters"] == uk.view(1)["letters"] == "uk"
    assert sk.from_json(uk.to_json()).view(0)["letters"] == "uk"
    rng = random.Random(5)
    while not uk.is_over:
        move = rng.choice(uk.legal_actions())
        assert uk.legal_actions() == en.legal_actions()
        uk.apply(move)
        en.apply(move)
    assert uk.log == en.log and uk.result() == en.result()
    old = json.loads(en.to_json())
    del old["letters"]  # a game saved before the option existed
    assert sk.from_json(json.dumps(old)).view(0)["letters"] == "en"
    for bad in ("ru", "UK", 1, None, ["uk"]):
        with pytest.raises(OptionError):
            sk.new_game(2, seed=1, options={"letters": bad})
