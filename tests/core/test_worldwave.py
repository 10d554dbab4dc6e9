"""Rules of World Wave 世界波 (rules/worldwave.md): one test or more per rule id, W1.1-W8."""

from __future__ import annotations

import json
from collections import Counter
from typing import Any

import pytest

from footycards.core import GAMES, get_game
from footycards.core import worldwave as ww
from footycards.core.errors import DeckError, IllegalAction, OptionError
from footycards.registry import REGISTRY

# -- helpers ------------------------------------------------------------------

# Filler cards come after the chosen top cards, quiet ones first, so a scenario's later
# draws hold no surprises for the first turns.
_FILLER = ("longball", "waterbreak", "ironlungs", "depth", "poacher", "freekick", "foul")


def deal(*top: str) -> list[str]:
    """A `deal` option: these cards on top of the deck, in draw order, then the rest;
    `-` in `top` is any card of the rest (the next one of the filler order)."""
    pool = Counter(ww.DECK)
    pool.subtract(c for c in top if c != "-")
    assert min(pool.values()) >= 0, "a card is asked for more often than the deck has it"
    rest = sorted(
        pool.elements(), key=lambda c: (_FILLER.index(c) if c in _FILLER else len(_FILLER), c)
    )
    out = [c if c != "-" else rest.pop(0) for c in top]
    return out + rest


def game(chars: list[str], *top: str, **options: Any) -> ww.WorldWaveState:
    opts: dict[str, Any] = {"characters": chars, "deal": deal(*top), **options}
    return ww.new_game(len(chars), seed=7, options=opts)


def play(state: ww.WorldWaveState, *moves: str) -> ww.WorldWaveState:
    for m in moves:
        state.apply(m)
    return state


def settle(state: ww.WorldWaveState) -> ww.WorldWaveState:
    """Pass every open response window."""
    while state.public_view()["windows"]:
        state.apply("pass")
    return state


def slot(state: ww.WorldWaveState, seat: int, card: str) -> int:
    """The hand slot (from 1) of the first card of a kind in a seat's hand."""
    return hand(state, seat).index(card) + 1


def hand(state: ww.WorldWaveState, seat: int) -> list[str]:
    return state.view(seat)["hand"]


def seat_info(state: ww.WorldWaveState, seat: int) -> dict:
    return state.public_view()["seats"][seat]


def window(state: ww.WorldWaveState) -> dict | None:
    w = state.public_view()["windows"]
    return w[-1] if w else None


def events(state: ww.WorldWaveState, kind: str, since: int = 0) -> list[dict]:
    return [e for e in state.log[since:] if e["event"] == kind]


def legal(state: ww.WorldWaveState) -> list[str]:
    return [str(a) for a in state.legal_actions()]


def asked_order(state: ww.WorldWaveState) -> list[int]:
    """The seats asked in the top window, one after another, as everyone passes."""
    order = []
    kind = window(state)["kind"]
    while window(state) and window(state)["kind"] == kind:
        order.append(state.to_move)
        state.apply("pass")
    return order


def refused(state: ww.WorldWaveState, move: object, code: str | None = None) -> IllegalAction:
    before = state.to_json()
    with pytest.raises(IllegalAction) as info:
        state.apply(move)  # type: ignore[arg-type]
    assert state.to_json() == before
    if code is not None:
        assert info.value.code == code, info.value
    return info.value


def two(first: str = "rooney", second: str = "terry", *top: str, **o: Any) -> ww.WorldWaveState:
    return game([first, second], *top, **o)


# Four players: P1 (A), P2 (B), P3 (A), P4 (B); draws: P1 2, P2 3, P3 2, P4 2, P1 2 …
FOUR = ["rooney", "terry", "novak", "costa"]


# -- the contract --------------------------------------------------------------


def test_the_engine_is_a_registered_game():
    assert get_game("worldwave") is ww and "worldwave" in GAMES
    assert (ww.ID, ww.MIN_PLAYERS, ww.MAX_PLAYERS) == ("worldwave", 2, 10)
    # the name and description shown are the registry's only (one source, issue 18)
    assert not hasattr(ww, "NAME") and not hasattr(ww, "DESCRIPTION")
    assert REGISTRY.get("worldwave").name == "World Wave"


def test_log_is_not_the_engine_list():
    s = two()
    log = s.log
    first = log[0]
    first["event"] = "changed"
    assert s.log[0]["event"] != "changed"
    assert not hasattr(log, "append")


def test_review_view_shows_every_hand_and_only_then():
    s = two("rooney", "terry", "shoot", "save", "wall", "foul", "tackle")
    play(s, "end")
    review = s.review_view()
    assert review["hands"] == [["shoot", "save"], ["wall", "foul", "tackle"]]
    assert "hands" not in s.public_view() and "hands" not in s.view(0)
    assert ww.PLAYER_COUNTS == (2, 4, 6, 8, 10)


def test_undo_barriers():
    """Draws, shuffles, a look at a taken card and every card turned over are barriers."""
    barrier = ww.undo_barrier
    assert barrier({"event": "draw", "seat": 0, "count": 2}) == "draw"
    assert barrier({"event": "offer", "seat": 0, "count": 4}) == "chance"
    assert barrier({"event": "half", "half": 2, "seat": 1, "shuffled": 90}) == "chance"
    assert barrier({"event": "half", "half": 1, "seat": 0}) is None
    assert barrier({"event": "take", "seat": 0, "target": 1, "took": True}) == "look"
    assert barrier({"event": "take", "seat": 0, "target": 1, "took": False}) is None
    assert barrier({"event": "turn_over", "seat": 0, "card": "save", "why": "x"}) == "reveal"
    assert barrier({"event": "pass", "seat": 1, "window": "save"}) is None
    s = two("rooney", "terry", "shoot", "-")
    n = len(s.log)
    play(s, "shoot")
    settle(s)
    assert not any(barrier(e) for e in s.log[n:])  # a shot shows nothing hidden
    play(s, "end")
    assert any(barrier(e) for e in s.log[n:])  # P2 drew


# -- W1 characters -------------------------------------------------------------


def test_W1_1_costs_are_paid_from_stamina():
    s = two("rooney", "terry", "-", "-", "save", "-", "-", "shoot", "-")
    cat = {i["id"]: i for i in ww.catalog()}
    rooney = cat["rooney"]
    assert (rooney["stamina"], rooney["shoot_cost"], rooney["save_cost"]) == (4, 2, 2)
    assert seat_info(s, 0)["stamina"] == 4
    play(s, "end", "end", "shoot")  # Rooney's shoot cost is 2
    assert seat_info(s, 0)["stamina"] == 2
    play(s, "save 1")  # Terry's save cost is 1
    assert seat_info(s, 1)["stamina"] == 3


def test_W1_2_goalkeepers_never_shoot_but_save_with_a_shoot():
    s = two("moreau", "rooney", "shoot", "shoot", "shoot", "save", "save", "shoot", "save")
    assert "shoot" not in legal(s)
    refused(s, "shoot", "keeper_shot")
    play(s, "end")  # P1 (Moreau) holds two Shoot cards
    play(s, "shoot")  # Rooney shoots; Moreau answers with a Shoot as a Save
    assert window(s)["kind"] == "save" and s.to_move == 0
    assert "save 1" in legal(s)
    play(s, "save 1")
    assert events(s, "save")[-1]["card"] == "shoot"
    settle(s)
    assert s.scores() == [0, 0]


def test_W1_3_hand_limit_four_and_rooney_six():
    s = two("rooney", "terry", *"-" * 13)
    assert seat_info(s, 0)["hand_limit"] == 6 and seat_info(s, 1)["hand_limit"] == 4
    play(s, "end", "end", "end")  # P1 2, P2 3, P1 4
    play(s, "end")  # P2: 5 cards, limit 4
    assert s.public_view()["phase"] == "discard" and s.to_move == 1
    refused(s, "discard 1 2", "discard_count")
    refused(s, "end", "discard_first")
    play(s, "discard 1")
    assert len(hand(s, 1)) == 4
    play(s, "end", "end")  # P1: 6 cards, limit 6: no discard; P2 discards
    assert len(hand(s, 0)) == 6 and s.to_move == 1 and s.public_view()["phase"] == "discard"


def test_W1_3_the_limit_as_it_is_then_squad_depth():
    top = ["depth", "save", *"-" * 11, "ironlungs", "save"]
    s = two("terry", "rooney", *top)
    play(s, "equip 1")
    settle(s)
    assert seat_info(s, 0)["hand_limit"] == 5
    play(s, "end", "end", "end")  # P1 T1, P2 T1, P1 T2 (3 cards)
    play(s, "end")  # P2 T2: 5 cards, Rooney keeps them
    assert len(hand(s, 1)) == 5 and s.public_view()["turn"] == 0
    play(s, "end")  # P1 T3: 5 cards and a limit of 5: no discard
    assert s.public_view()["turn"] == 1
    play(s, "end", "discard 1")  # P2 T3: 7 cards, limit 6
    assert len(hand(s, 1)) == 6
    # P1 T4: 7 cards; Iron lungs replaces Squad depth, so the limit is 4 again
    assert len(hand(s, 0)) == 7
    play(s, f"equip {slot(s, 0, 'ironlungs')}")
    settle(s)
    assert seat_info(s, 0)["hand_limit"] == 4
    play(s, "end")
    assert s.public_view()["phase"] == "discard"
    assert {len(a.slots) for a in s.legal_actions()} == {2}
    play(s, "discard 1 2")
    assert len(hand(s, 0)) == 4 and s.public_view()["turn"] == 1


def test_W1_4_terry_discards_two_as_a_save():
    s = two("rooney", "terry", "shoot", "shoot", "foul", "foul", "wall", "shoot", "shoot")
    play(s, "end", "end")  # P2 Terry holds foul, foul, wall
    play(s, "shoot")
    assert s.to_move == 1 and "terry 1 2" in legal(s) and "terry 2 3" in legal(s)
    play(s, "terry 1 3")
    assert hand(s, 1) == ["foul"]
    assert seat_info(s, 1)["stamina"] == 3  # his save cost, 1
    assert events(s, "save")[-1]["how"] == "terry"
    settle(s)
    assert s.scores() == [0, 0] and events(s, "saved")


def test_W1_5_roster():
    chars = [i for i in ww.catalog() if i["kind"] == "character"]
    assert len(chars) >= 16
    by_pos = Counter(c["position"] for c in chars)
    assert by_pos["GK"] >= 3 and by_pos["DF"] >= 4 and by_pos["MF"] >= 4 and by_pos["FW"] >= 4
    cat = {c["id"]: c for c in chars}
    assert (cat["rooney"]["position"], cat["rooney"]["hand_limit"]) == ("FW", 6)
    terry = cat["terry"]
    assert (terry["position"], terry["stamina"], terry["shoot_cost"], terry["save_cost"]) == (
        "DF",
        4,
        3,
        1,
    )
    first_gk = next(c for c in ww.ROSTER.values() if c.position == "GK")
    assert first_gk.timing != "start"
    for c in ww.ROSTER.values():
        assert c.timing in ("start", "action", "shot_played", "save", "save_made",
                            "goal_scored", "passive")  # fmt: skip
        assert c.name and c.name_zh and c.text and c.text_zh
        if c.id not in ("rooney", "terry"):
            assert c.timing != "passive"  # an invented player's skill has a W5.4 timing
        if c.timing == "start":  # W1.5: start-of-turn skills involve no choice
            assert ww.SKILLS[c.skill].offers is None


def test_W1_5_the_roster_loader_refuses_a_skill_without_function(tmp_path):
    text = ww.data.roster_path().read_text(encoding="utf-8")
    bad = tmp_path / "roster.toml"
    bad.write_text(text.replace('skill = "comeback"', 'skill = "no_such_skill"'), "utf-8")
    with pytest.raises(DeckError) as info:
        ww.load_roster(bad)
    assert "sandoval" in str(info.value) and "no skill function" in str(info.value)
    bad.write_text(text.replace("stamina = 5", "stamina = 0"), "utf-8")
    with pytest.raises(DeckError, match="costa"):
        ww.load_roster(bad)
    missing = tmp_path / "nothing.toml"
    with pytest.raises(DeckError, match="file not found"):
        ww.load_roster(missing)


def test_W1_5_the_deck_loader_checks_entries(tmp_path):
    text = ww.data.deck_file_path().read_text(encoding="utf-8")
    bad = tmp_path / "deck.toml"
    bad.write_text(text.replace("copies = 28", "copies = -1"), "utf-8")
    with pytest.raises(DeckError, match="card shoot"):
        ww.load_deck(bad)
    bad.write_text(text.replace('mark = "attack"', 'mark = "luck"', 1), "utf-8")
    with pytest.raises(DeckError, match="powershot"):
        ww.load_deck(bad)


def test_W1_6_costs_above_stamina_cannot_be_paid():
    # Terry (shoot 3) shoots once, then at 1 stamina cannot shoot again
    s = two("terry", "rooney", "shoot", "shoot", "save", "save", "save")
    play(s, "shoot")
    settle(s)
    assert seat_info(s, 0)["stamina"] == 1
    assert "shoot" not in legal(s)
    refused(s, "shoot", "no_stamina")


def test_W1_6_at_zero_stamina_events_and_equips_still_play():
    s = two("rooney", "terry", "-", "-", "-", "-", "-", "shoot", "shoot")
    play(s, "end", "end", "shoot")
    settle(s)
    play(s, "shoot")
    settle(s)
    assert seat_info(s, 0)["stamina"] == 0 and hand(s, 0) == ["longball", "longball"]
    play(s, "event 1")  # an event at 0 stamina
    settle(s)
    assert "ironlungs" in hand(s, 0)
    play(s, f"equip {slot(s, 0, 'ironlungs')}")  # and an equip
    settle(s)
    assert seat_info(s, 0)["equipped"]["stamina"] == "ironlungs"
    assert seat_info(s, 0)["stamina"] == 0


def test_W1_6_iron_lungs_maximum_at_next_recovery_and_lowered_maximum_cuts():
    s = two("terry", "rooney", "ironlungs", "depth")
    play(s, "equip 1")
    settle(s)
    assert (seat_info(s, 0)["stamina"], seat_info(s, 0)["max_stamina"]) == (4, 5)
    play(s, "end", "end")
    assert seat_info(s, 0)["stamina"] == 5  # reached at the recovery phase
    play(s, f"equip {slot(s, 0, 'depth')}")  # replaces Iron lungs: the maximum falls
    settle(s)
    assert (seat_info(s, 0)["stamina"], seat_info(s, 0)["max_stamina"]) == (4, 4)


def test_W1_7_hands_are_private_also_between_team_mates():
    s = game(FOUR, "shoot", "save")
    assert hand(s, 0) == ["shoot", "save"]
    mate = s.view(2)
    assert mate["hand"] == [] and mate["seats"][0]["hand"] == 2
    assert "shoot" not in json.dumps(mate["seats"]) and s.public_view()["hand"] is None
    assert all(e["event"] != "drew" for e in mate["private"])


# -- W2 other card kinds -------------------------------------------------------


def test_W2_1_stamina_shows_current_and_maximum():
    s = two("costa", "rooney")
    info = seat_info(s, 0)
    assert (info["stamina"], info["max_stamina"]) == (5, 5)


def test_W2_2_events_only_in_own_action_phase_except_the_three():
    s = two("rooney", "terry", "controversy", "whistle", "misjudgement", "foul", "foul")
    assert legal(s) == ["end"]  # the three are answers only
    refused(s, "event 1")


def test_W2_2_controversy_chain_of_three():
    top = ["-", "-", "controversy", "-", "-", "controversy", "-", "controversy", "-",
           "longball", "-"]  # fmt: skip
    s = game(FOUR, *top)
    play(s, "end", "end", "end", "end")
    before = len(hand(s, 0))
    play(s, f"event {slot(s, 0, 'longball')}")
    assert window(s)["asked"] == [1, 2, 3]
    play(s, "event 1")  # P2 cancels the Long ball
    w = window(s)
    assert w["kind"] == "controversy" and w["asked"] == [2, 3, 0]  # a window on itself
    assert [c["seat"] for c in w["chain"]] == [0, 1]
    play(s, "event 1")  # P3 cancels P2's Controversy
    assert window(s)["asked"] == [3, 0, 1]
    play(s, "event 1")  # P4 cancels P3's
    assert window(s)["asked"] == [0, 1, 2]
    play(s, "pass", "pass", "pass")
    chain = events(s, "chain")[-1]
    assert chain["length"] == 3 and chain["cancelled"]
    assert events(s, "cancelled")[-1]["card"] == "longball"
    settle(s)
    assert len(hand(s, 0)) == before - 1  # no cards drawn


def test_W2_2_controversy_never_answers_a_shot():
    s = two("rooney", "terry", "shoot", "-", "controversy", "save", "-", "shoot", "-")
    play(s, "end", "end")
    play(s, "shoot")
    assert window(s)["kind"] == "save"
    assert "event 1" not in legal(s) and "save 2" in legal(s)
    refused(s, "event 1", "not_an_answer")
    play(s, "pass")
    assert window(s)["kind"] == "misjudgement" and legal(s) == ["pass"]


def test_W2_2_foul_injures():
    s = two("rooney", "terry", "foul", "shoot", "save", "save", "save")
    play(s, "event 1 P2")
    assert window(s)["kind"] == "controversy"
    settle(s)
    info = seat_info(s, 1)
    assert info["stamina"] == 2 and info["injured"]


def test_W2_2_long_ball_draws_two():
    s = two("rooney", "terry", "longball", "shoot", "wall", "foul")
    play(s, "event 1")
    settle(s)
    assert hand(s, 0) == ["shoot", "wall", "foul"]
    assert s.public_view()["deck"] == 90 - 4


def test_W2_2_water_break_every_team_mate_regains_one():
    s = game(FOUR, "shoot", "waterbreak")
    play(s, "shoot")
    settle(s)
    assert [i["stamina"] for i in s.public_view()["seats"]] == [2, 4, 4, 5]
    play(s, "event 1")
    settle(s)
    assert [i["stamina"] for i in s.public_view()["seats"]] == [3, 4, 4, 5]


def test_W2_2_tackle_is_seen_by_the_two_players_only():
    s = game(FOUR, "tackle", "-", "save", "shoot", "wall", "-", "-", "-", "-", "-", "-")
    assert not [a for a in legal(s) if a.startswith("event 1")]  # nobody holds a card
    play(s, "end", "end", "end", "end")
    n = len(s.log)
    play(s, "event 1 P2")
    settle(s)
    take = events(s, "take", n)[-1]
    assert take["took"] and "card" not in take
    took = [e for e in s.view(0)["private"] if e["event"] == "took"]
    assert took == [e for e in s.view(1)["private"] if e["event"] == "took"]
    card = took[0]["card"]
    assert card in ("save", "shoot", "wall") and hand(s, 0)[-1] == card
    assert sorted(hand(s, 1) + [card]) == ["save", "shoot", "wall"]
    assert not [e for e in s.view(2)["private"] if e["event"] == "took"]
    assert s.public_view()["private"] == []
    assert ww.undo_barrier(take) == "look"


def test_W2_2_suspension():
    top = ["suspension", "-", "shoot", "-", "-", "-", "suspension", "-", "save", "-", "-"]
    s = two("rooney", "terry", *top)
    play(s, "event 1 P2")
    assert s.public_view()["table"] == ["suspension"]
    settle(s)
    assert seat_info(s, 1)["pending"] == ["suspension"]  # public once placed
    play(s, "end")
    e = events(s, "suspension")[-1]
    assert (e["seat"], e["card"], e["skip"]) == (1, "shoot", True)
    assert events(s, "skip")[-1]["seat"] == 1
    assert s.public_view()["turn"] == 0 and seat_info(s, 1)["pending"] == []
    assert len(hand(s, 1)) == 3  # the draw phase still happens
    play(s, f"event {slot(s, 0, 'suspension')} P2")
    settle(s)
    play(s, "end")
    e = events(s, "suspension")[-1]
    assert (e["card"], e["skip"]) == ("save", False)
    assert s.public_view()["turn"] == 1 and s.public_view()["phase"] == "action"


def test_W2_2_biased_whistle_ends_the_action_phase():
    s = two("rooney", "terry", "-", "-", "whistle", "-", "-", "wall", "shoot")
    play(s, "end", "end")
    play(s, f"equip {slot(s, 0, 'wall')}")
    assert window(s)["kind"] == "whistle" and window(s)["asked"] == [1]
    play(s, "event 1")
    assert window(s)["kind"] == "controversy"
    play(s, "pass")
    assert events(s, "whistle")[-1] == {"event": "whistle", "seat": 1, "turn": 0}
    assert s.public_view()["turn"] == 1 and "shoot" in hand(s, 0)
    assert seat_info(s, 0)["equipped"]["defence"] == "wall"  # the answered card stands


def test_W2_2_controversy_chain_of_two_lets_the_event_stand():
    top = ["-", "-", "controversy", "-", "-", "controversy", "-", "-", "-", "longball", "-"]
    s = game(FOUR, *top)
    play(s, "end", "end", "end", "end")
    before = len(hand(s, 0))
    play(s, f"event {slot(s, 0, 'longball')}", "event 1", "event 1")
    play(s, "pass", "pass", "pass")
    assert not events(s, "chain")[-1]["cancelled"]
    assert len(hand(s, 0)) == before - 1 + 2


def test_W2_2_suspension_at_most_one_per_zone():
    s = two("rooney", "terry", "suspension", "suspension")
    play(s, "event 1 P2")
    settle(s)
    assert "event 1 P2" not in legal(s)  # P2's zone already holds one


def test_W2_2_misjudgement_after_a_stop():
    s = two("rooney", "terry", "shoot", "misjudgement", "save", "-", "-", "shoot", "-")
    play(s, "end", "end")
    play(s, "shoot", "save 1")
    w = window(s)
    assert w["kind"] == "misjudgement" and w["stopped"] and w["asked"] == [0]
    play(s, f"event {slot(s, 0, 'misjudgement')}")
    assert window(s)["kind"] == "controversy" and window(s)["asked"] == [1]
    play(s, "pass")
    assert events(s, "reversed") and s.scores() == [1, 0]
    assert window(s)["kind"] == "whistle"


def test_W2_2_misjudgement_after_a_goal_and_cancelled_by_controversy():
    top = ["controversy", "-", "misjudgement", "misjudgement", "-", "shoot", "-"]
    s = two("rooney", "terry", *top)
    play(s, "end", "end")
    play(s, "shoot", "pass")  # no Save: a goal, unless …
    w = window(s)
    assert w["kind"] == "misjudgement" and not w["stopped"] and w["asked"] == [1]
    play(s, "event 1")  # P2: Misjudgement
    play(s, "event 1")  # P1: Controversy on it
    play(s, "pass")  # P2 does not answer the Controversy
    assert events(s, "cancelled")[-1]["card"] == "misjudgement"
    assert window(s)["kind"] == "misjudgement" and s.to_move == 1  # asked again
    play(s, "event 1")  # the second Misjudgement
    play(s, "pass")
    assert events(s, "no_goal") and s.scores() == [0, 0]
    assert window(s)["kind"] == "whistle"  # no Misjudgement on a Misjudgement


def test_W2_2_tackle_on_a_hand_emptied_in_the_window_does_nothing():
    """P2 answers the Tackle with her last card, a Controversy; P1 cancels that one, so
    the Tackle stands, but P2's hand is empty when it resolves: nothing happens."""
    top = ["controversy", "-", "wall", "ironlungs", "controversy", "tackle", "-"]
    s = two("rooney", "terry", *top)
    play(s, "end", "equip 1")
    settle(s)
    play(s, "equip 1")
    settle(s)
    play(s, "end")
    assert hand(s, 1) == ["controversy"]
    play(s, f"event {slot(s, 0, 'tackle')} P2", "event 1")
    play(s, f"event {slot(s, 0, 'controversy')}", "pass")
    settle(s)
    take = events(s, "take")[-1]
    assert take["took"] is False and hand(s, 1) == []
    assert not events(s, "cancelled")


def test_W2_2_a_cancelled_suspension_is_never_placed():
    s = two("rooney", "terry", "-", "-", "controversy", "-", "-", "suspension", "-")
    play(s, "end", "end")
    play(s, f"event {slot(s, 0, 'suspension')} P2", "event 1", "pass")
    v = s.public_view()
    assert v["seats"][1]["pending"] == [] and v["table"] == []
    assert v["discard"][-2:] == ["controversy", "suspension"]  # the answer went first
    assert events(s, "cancelled")[-1]["card"] == "suspension"


def test_W2_3_equip_one_per_mark():
    s = two("rooney", "terry", "powershot", "poacher", "save", "save", "save")
    play(s, "equip 1")
    settle(s)
    assert seat_info(s, 0)["equipped"]["attack"] == "powershot"
    assert s.public_view()["discard"] == []  # an equipped card is not discarded
    play(s, "equip 1")  # a second attack skill in the same phase replaces the first
    settle(s)
    assert seat_info(s, 0)["equipped"]["attack"] == "poacher"
    assert s.public_view()["discard_top"] == "powershot"


def test_W2_3_power_shot_needs_two_saves():
    top = ["-", "-", "save", "save", "-", "-", "-", "save", "-", "powershot", "shoot"]
    s = game(FOUR, *top)
    play(s, "end", "end", "end", "end")
    play(s, f"equip {slot(s, 0, 'powershot')}")
    settle(s)
    play(s, "shoot")
    assert s.public_view()["shot"]["needed"] == 2
    play(s, "save 1")  # P2
    assert window(s)["kind"] == "save" and s.to_move == 3
    play(s, "pass")  # P4 passes; P2 is asked again while a Save is still needed
    assert s.to_move == 1
    play(s, "save 1")
    assert window(s)["kind"] == "misjudgement"
    settle(s)
    assert s.scores() == [0, 0, 0, 0]


def test_W2_3_power_shot_saves_spent_stay_spent_when_it_scores():
    top = ["-", "-", "save", "-", "-", "-", "-", "-", "-", "powershot", "shoot"]
    s = game(FOUR, *top)
    play(s, "end", "end", "end", "end")
    play(s, f"equip {slot(s, 0, 'powershot')}")
    settle(s)
    play(s, "shoot", "save 1", "pass", "pass")
    settle(s)
    assert s.scores() == [1, 0, 1, 0]
    assert "save" not in hand(s, 1) and seat_info(s, 1)["stamina"] == 3


def test_W2_3_poacher_and_wall():
    top = ["poacher", "shoot", "shoot", "wall", "save", "-", "-", "-"]
    s = two("rooney", "costa", *top)
    play(s, "equip 1")
    settle(s)
    play(s, "shoot")
    settle(s)
    assert s.scores() == [1, 0] and hand(s, 0) == ["shoot"]  # Poacher drew 1
    play(s, "end")
    play(s, "equip 1")  # Costa: Wall
    settle(s)
    play(s, "end")
    play(s, "shoot")
    play(s, f"save {slot(s, 1, 'save')}")
    assert seat_info(s, 1)["stamina"] == 5  # Wall: 1 - 1 = 0
    settle(s)
    assert s.scores() == [1, 0]


def test_W2_3_anticipation_once_per_opponent_turn():
    s = two("rooney", "costa", "-", "-", "anticipation", "-", "-", "-", "-", "-", "-",
            "shoot", "shoot")  # fmt: skip
    play(s, "end", "equip 1")
    settle(s)
    play(s, "end", "end", "end")
    assert len(hand(s, 1)) == 4
    play(s, "shoot")
    assert "anticipation 1 2" in legal(s) and "anticipation 3 4" in legal(s)
    play(s, "anticipation 1 4")
    assert len(hand(s, 1)) == 2 and seat_info(s, 1)["stamina"] == 4
    assert events(s, "save")[-1]["how"] == "anticipation"
    settle(s)
    assert s.scores() == [0, 0]
    play(s, "shoot")
    assert not [a for a in legal(s) if a.startswith("anticipation")]


def test_W2_4_only_the_other_team_saves_and_unsaved_is_a_goal():
    s = game(FOUR, "shoot", "-")
    play(s, "shoot")
    w = window(s)
    assert w["kind"] == "save" and w["asked"] == [1, 3]
    settle(s)
    assert s.scores() == [1, 0, 1, 0]


def test_W2_5_set_pieces_cost_one_any_character():
    s = two("moreau", "terry", "freekick", "penalty", "save", "save", "save")
    assert "freekick" in legal(s) and "penalty" in legal(s)
    play(s, "freekick")
    assert seat_info(s, 0)["stamina"] == 3


def test_W2_5_penalty_without_a_goalkeeper_cannot_be_saved():
    s = two("rooney", "terry", "penalty", "-")
    n = len(s.log)
    play(s, "penalty")
    assert window(s)["kind"] == "misjudgement"  # no Save window: nobody may save
    settle(s)
    assert s.scores() == [1, 0]
    assert [e["window"] for e in events(s, "pass", n)] == ["misjudgement", "whistle"]


def test_W2_5_penalty_only_the_goalkeeper_saves():
    s = game(["rooney", "terry", "novak", "moreau"], "-", "-", *"-" * 5, "save", "-",
             "penalty", "-")  # fmt: skip
    play(s, "end", "end", "end", "end")
    play(s, "penalty")
    assert window(s)["asked"] == [3]
    play(s, "save 1")
    settle(s)
    assert s.scores() == [0, 0, 0, 0]
    assert seat_info(s, 0)["stamina"] == 2  # 1 for the Penalty, 1 by Moreau's skill


# -- W3 set-up -----------------------------------------------------------------


def test_W3_1_teams_alternate_and_even_numbers_only():
    s = ww.new_game(6, seed=1)
    assert s.public_view()["teams"] == [0, 1, 0, 1, 0, 1]
    for n in (0, 1, 3, 5, 11, 12, True, "4", None):
        with pytest.raises(OptionError):
            ww.new_game(n, seed=1)  # type: ignore[arg-type]


def test_W3_2_the_draft():
    s = ww.new_game(4, seed=3)
    v = s.view(0)
    assert v["phase"] == "draft" and s.to_move == 0
    assert len(v["draft"]["offered"]) == 4 and s.view(1)["draft"]["offered"] is None
    first = v["draft"]["offered"][1]
    play(s, "pick 2")
    assert s.to_move == 1
    v1 = s.view(1)
    assert v1["draft"]["chosen"][0] == first and first not in v1["draft"]["offered"]
    play(s, "pick 1", "pick 1", "pick 1")
    assert s.public_view()["phase"] == "action" and len(set(s.public_view()["teams"])) == 2
    assert len({i["character"] for i in s.public_view()["seats"]}) == 4


def test_W3_2_three_offered_at_ten_players_and_no_keepers_at_two():
    assert len(ww.new_game(10, seed=1).view(0)["draft"]["offered"]) == 3
    gks = {c["id"] for c in ww.catalog() if c.get("position") == "GK"}
    for seed in range(30):
        s = ww.new_game(2, seed=seed)
        assert not gks & set(s.view(0)["draft"]["offered"])
        s.apply("pick 1")
        assert not gks & set(s.view(1)["draft"]["offered"])


def test_W3_3_stamina_starts_at_maximum():
    s = game(FOUR)
    assert [i["stamina"] for i in s.public_view()["seats"]] == [4, 4, 4, 5]


def test_W3_4_the_match_deck():
    assert len(ww.DECK) == 90
    s = ww.new_game(2, seed=5, options={"characters": ["rooney", "terry"]})
    assert s.public_view()["deck"] == 90 - 2


def test_W3_5_seat_one_starts_seat_two_draws_three():
    s = two()
    assert s.to_move == 0 and len(hand(s, 0)) == 2 and len(hand(s, 1)) == 0
    play(s, "end")
    assert len(hand(s, 1)) == 3
    play(s, "end")
    assert len(hand(s, 0)) == 4
    play(s, "end")
    assert len(hand(s, 1)) == 5


# -- W4 a turn -----------------------------------------------------------------


def test_W4_1_phases_in_order():
    s = two()
    play(s, "end")
    kinds = [e["event"] for e in s.log]
    i = kinds.index("end_action")
    assert kinds[i + 1 : i + 4] == ["turn", "recover", "draw"]


def test_W4_2_pending_cards_then_start_skills():
    # Sandoval trails 0-2 and is suspended: the Suspension resolves, then his skill
    top = ["-", "-", "shoot", "shoot", "suspension"]
    s = two("sandoval", "rooney", *top)
    play(s, "end")
    play(s, "shoot")
    settle(s)
    play(s, "shoot")
    settle(s)
    play(s, "event 1 P1")
    settle(s)
    n = len(s.log)
    play(s, "end")
    kinds = [e["event"] for e in s.log[n:]]
    assert kinds.index("suspension") < kinds.index("skill") < kinds.index("recover")
    assert events(s, "skill", n)[0]["skill"] == "comeback"


def test_W4_3_recovery_and_injury_blocks_every_save():
    # Terry equips Wall and Anticipation, holds a Save and more; fouled, he saves nothing
    top = ["-", "-", "anticipation", "wall", "save", "-", "-", "save", "-", "foul", "shoot"]
    s = two("rooney", "terry", *top)
    play(s, "end", "equip 1")
    settle(s)
    play(s, "equip 1")
    settle(s)
    play(s, "end", "end", "end")
    assert len(hand(s, 1)) == 3
    play(s, f"event {slot(s, 0, 'foul')} P2")
    settle(s)
    assert seat_info(s, 1)["injured"] and seat_info(s, 1)["stamina"] == 2
    play(s, "shoot")
    assert legal(s) == ["pass"]  # no Save card, no Terry's skill, no Anticipation
    settle(s)
    assert s.scores() == [1, 0]
    play(s, "end")
    assert not seat_info(s, 1)["injured"] and seat_info(s, 1)["stamina"] == 4
    assert events(s, "recover")[-1] == {"event": "recover", "seat": 1, "stamina": 4,
                                        "healed": True}  # fmt: skip


def test_W4_3_an_injured_goalkeeper_saves_with_nothing():
    s = two("moreau", "rooney", "shoot", "save", "foul", "shoot", "-")
    play(s, "end")
    play(s, f"event {slot(s, 1, 'foul')} P1")
    settle(s)
    play(s, "shoot")
    assert legal(s) == ["pass"]
    s = two("okafor", "rooney", "-", "-", "foul", "shoot", "-", "save")
    play(s, "end", "event 1 P1")
    settle(s)
    play(s, "shoot")
    assert window(s)["kind"] == "save"  # no shot-played window for an injured Okafor


def test_W4_4_draw_two():
    s = two()
    play(s, "end", "end")
    assert len(hand(s, 0)) == 4


def test_W4_5_action_phase_ends_when_the_player_chooses():
    s = two("rooney", "terry", "wall", "poacher")
    assert legal(s) == ["equip 1", "equip 2", "end"]
    play(s, "end")
    assert s.public_view()["turn"] == 1


def test_W4_6_discard_down_to_the_limit():
    s = two("terry", "rooney", *"-" * 13)
    play(s, "end", "end", "end", "end", "end")  # Terry: 2 + 2 + 2 = 6 cards
    assert s.public_view()["phase"] == "discard" and s.to_move == 0
    assert len(s.legal_actions()) == 15  # any 2 of 6
    play(s, "discard 2 5")
    assert len(hand(s, 0)) == 4 and events(s, "discard")[-1]["why"] == "limit"


def test_W4_7_next_player_clockwise():
    s = game(FOUR)
    turns = []
    for _ in range(5):
        turns.append(s.public_view()["turn"])
        play(s, "end")
        while s.public_view()["phase"] == "discard":
            s.apply(s.legal_actions()[0])
    assert turns == [0, 1, 2, 3, 0]


# -- W5 timing and responses ---------------------------------------------------


def test_W5_1_controversy_window_order():
    s = game(FOUR, "longball", "-")
    play(s, "event 1")
    assert asked_order(s) == [1, 2, 3]


def test_W5_1_save_and_misjudgement_windows_order():
    top = ["-", "-", "save", "-", "-", "shoot", "-"]
    s = game(FOUR, *top)
    play(s, "end", "end")
    play(s, "shoot")  # P3 shoots: P4 then P2 are asked
    assert window(s)["asked"] == [3, 1]
    play(s, "pass", "save 1")
    w = window(s)
    assert w["kind"] == "misjudgement" and w["stopped"]
    assert asked_order(s) == [0, 2]  # the shooter's team, clockwise after P3
    assert window(s)["kind"] == "whistle"
    assert asked_order(s) == [3, 1]
    assert window(s) is None and s.to_move == 2


def test_W5_1_shot_played_window_before_the_save_window():
    s = two("mwangi", "terry", "-", "-", "save", "-", "-", "shoot", "-")
    play(s, "end", "end")
    play(s, "shoot")
    w = window(s)
    assert w["kind"] == "shot_skill" and w["asked"] == [0] and legal(s) == ["skill", "pass"]
    play(s, "skill")  # Mwangi pays 2: one more Save is needed
    assert seat_info(s, 0)["stamina"] == 0 and s.public_view()["shot"]["needed"] == 2
    assert window(s)["kind"] == "save"
    play(s, "save 1")
    assert window(s)["kind"] == "save"  # still open: one more Save needed
    play(s, "pass")
    settle(s)
    assert s.scores() == [1, 0]


def test_W5_2_every_eligible_seat_is_asked_whatever_it_holds():
    s = game(FOUR, "shoot", "-")
    play(s, "shoot")
    assert window(s)["asked"] == [1, 3]  # neither holds a card yet
    assert legal(s) == ["pass"]
    n = len(s.log)
    settle(s)
    passes = events(s, "pass", n)
    assert [(e["seat"], e["window"]) for e in passes] == [
        (1, "save"),
        (3, "save"),
        (1, "misjudgement"),
        (3, "misjudgement"),
        (1, "whistle"),
        (3, "whistle"),
    ]


def test_W5_3_stamina_spent_in_other_turns_is_not_restored():
    s = two("rooney", "terry", "-", "-", "save", "save", "-", "shoot", "shoot")
    play(s, "end", "end")
    play(s, "shoot", "save 1")
    settle(s)
    assert seat_info(s, 1)["stamina"] == 3
    play(s, "shoot", "save 1")
    settle(s)
    play(s, "end")
    assert seat_info(s, 1)["stamina"] == 4  # restored in his own recovery phase
    assert seat_info(s, 0)["stamina"] == 0  # Rooney waits for his own
    play(s, "end")
    assert seat_info(s, 0)["stamina"] == 4


def test_W5_4_moreau_tires_the_shooter():
    s = two("moreau", "rooney", "save", "-", "shoot", "-", "-")
    play(s, "end", "shoot", "save 1")
    settle(s)
    assert seat_info(s, 1)["stamina"] == 1
    assert events(s, "skill")[-1] == {"event": "skill", "seat": 0, "skill": "tiring_save"}


def test_W5_4_okafor_turns_over_a_save():
    s = two("okafor", "rooney", "-", "-", "shoot", "-", "-", "save")
    play(s, "end", "shoot")
    assert window(s)["kind"] == "shot_skill" and s.to_move == 0
    play(s, "skill")
    assert events(s, "turn_over")[-1]["card"] == "save"
    assert seat_info(s, 0)["stamina"] == 1
    w = window(s)
    assert w["kind"] == "misjudgement" and w["stopped"]  # no Save window needed
    settle(s)
    assert s.scores() == [0, 0]


def test_W5_4_lindqvist_clean_sheet():
    s = two("lindqvist", "rooney", *"-" * 8, "shoot", "-")
    assert len(hand(s, 0)) == 2  # not in his first turn
    play(s, "end", "end")
    assert len(hand(s, 0)) == 5  # no goal conceded: 2 + 2 + 1
    play(s, "end", "discard 1", "shoot")
    settle(s)
    play(s, "end")
    assert len(hand(s, 0)) == 6  # conceded: only the draw


def test_W5_4_tanaka_draws_once_until_his_next_turn():
    s = two("tanaka", "rooney", "save", "save", "shoot", "shoot", "-", "-")
    play(s, "end", "shoot", "save 1")
    settle(s)
    assert len(hand(s, 0)) == 2
    play(s, "shoot", "save 1")
    settle(s)
    assert len(hand(s, 0)) == 1


def test_W5_4_costa_regains_when_the_opponents_score():
    s = two("rooney", "costa", "foul", "shoot")
    play(s, "event 1 P2")
    settle(s)
    play(s, "shoot")
    settle(s)
    assert seat_info(s, 1)["stamina"] == 4


def test_W5_4_hagen_takes_a_card():
    s = two("hagen", "rooney", *"-" * 7)
    assert "skill P2" not in legal(s)  # P2 holds nothing
    play(s, "end", "end")
    play(s, "skill P2")
    assert seat_info(s, 0)["stamina"] == 1 and len(hand(s, 0)) == 5 and len(hand(s, 1)) == 2
    assert [e for e in s.view(0)["private"] if e["event"] == "took"]
    assert "skill P2" not in legal(s)  # once per turn


def test_W5_4_baptiste_saves_with_a_shoot_once_per_opponent_turn():
    s = two("rooney", "baptiste", "-", "-", "shoot", "shoot", "-", "shoot", "freekick")
    play(s, "end", "end")
    play(s, "shoot")
    assert "skill 1" in legal(s) and "save 1" not in legal(s)  # not a goalkeeper
    play(s, "skill 1")
    settle(s)
    assert s.scores() == [0, 0]
    play(s, "freekick")
    assert legal(s) == ["pass"]


def test_W5_4_ferreira_recycles_once_per_turn():
    s = two("ferreira", "rooney", "shoot", "save", "wall", "foul")
    play(s, "skill 1 2")
    assert hand(s, 0) == ["wall", "foul"]
    assert not [a for a in legal(s) if a.startswith("skill")]


def test_W5_4_novak_regains_when_his_team_scores():
    s = two("novak", "rooney", "shoot", "-")
    play(s, "shoot")
    settle(s)
    assert seat_info(s, 0)["stamina"] == 3


def test_W5_4_sandoval_draws_when_trailing_by_two():
    s = two("rooney", "sandoval", "shoot", "shoot", *"-" * 5)
    play(s, "shoot")
    settle(s)
    play(s, "shoot")
    settle(s)
    play(s, "end")
    assert len(hand(s, 1)) == 4


def test_W5_4_ricci_takes_the_save_back():
    s = two("ricci", "terry", "-", "-", "save", "-", "-", "shoot", "shoot")
    play(s, "end", "end", "shoot", "save 1")
    settle(s)
    assert hand(s, 0)[-1] == "save" and events(s, "retrieve")


def test_W5_4_dubois_plays_a_save_as_a_shoot():
    s = two("dubois", "terry", "save", "-")
    play(s, "skill 1")
    assert s.public_view()["shot"]["card"] == "save"
    settle(s)
    assert s.scores() == [1, 0] and seat_info(s, 0)["stamina"] == 2


def test_W5_4_okonkwo_saves_cost_more():
    s = two("okonkwo", "terry", "-", "-", "save", "-", "-", "shoot", "-")
    play(s, "end", "end", "shoot", "save 1")
    assert seat_info(s, 1)["stamina"] == 2


# -- W6 the end ----------------------------------------------------------------


def test_W6_1_the_match_ends_after_a_quiet_round_once_the_deck_is_empty():
    s = two()
    while not s.is_over:
        if s.public_view()["phase"] == "discard":
            s.apply(s.legal_actions()[0])
        else:
            s.apply("end" if not s.public_view()["windows"] else "pass")
    assert events(s, "exhausted") and events(s, "end")
    assert s.result()["winners"] == [0, 1]


def test_W6_2_halves():
    s = two("rooney", "terry", "shoot", "-", halves=True)
    play(s, "shoot")
    settle(s)
    while not events(s, "half_time"):
        if s.public_view()["phase"] == "discard":
            s.apply(s.legal_actions()[0])
        else:
            s.apply("end")
    v = s.public_view()
    assert v["half"] == 2 and v["goals"] == [1, 0] and v["turn"] == 1
    assert v["deck"] == 90 - 2 and v["discard"] == [] and len(hand(s, 0)) == 0
    assert all(i["equipped"] == {"attack": None, "defence": None, "stamina": None}
               for i in v["seats"])  # fmt: skip
    play(s, "end")
    assert len(hand(s, 0)) == 3  # seat 1's first draw of the second half
    while not s.is_over:
        if s.public_view()["phase"] == "discard":
            s.apply(s.legal_actions()[0])
        else:
            s.apply("end")
    assert s.result()["winners"] == [0] and len(events(s, "exhausted")) == 2


def test_W6_2_halves_default_with_eight_players():
    assert ww.new_game(8, seed=1).halves and not ww.new_game(6, seed=1).halves


def test_W6_3_equal_goals_is_a_draw_for_every_seat():
    s = game(FOUR)
    while not s.is_over:
        if s.public_view()["phase"] == "discard":
            s.apply(s.legal_actions()[0])
        else:
            s.apply("end")
    assert s.result()["winners"] == [0, 1, 2, 3] and s.scores() == [0, 0, 0, 0]


def test_W6_3_the_team_with_more_goals_wins():
    s = game(FOUR, "shoot", "-")
    play(s, "shoot")
    settle(s)
    while not s.is_over:
        if s.public_view()["phase"] == "discard":
            s.apply(s.legal_actions()[0])
        else:
            s.apply("end")
    assert s.result()["winners"] == [0, 2] and s.scores() == [1, 0, 1, 0]


# -- W7 notation ---------------------------------------------------------------


def test_W7_notation_round_trip():
    moves = ("shoot", "pass", "save 3", "terry 2 5", "event 1 P3", "skill P3", "skill 2 4",
             "discard 2 4", "pick 2", "equip 4", "end", "anticipation 2 5", "skill")  # fmt: skip
    for text in moves:
        assert str(ww.parse(text)) == text
    assert str(ww.parse("  TERRY 5 2 ")) == "terry 2 5"


def test_W7_bad_notation_is_refused():
    s = two()
    junk: list[object] = [
        None, 3, 2.5, b"shoot", ["shoot"], "", "  ", "shot", "save", "save 0", "save x",
        "save 1 2", "terry 2", "terry 2 2", "event", "event P3", "skill 1 2 3", "pick -1",
        "save " + "9" * 5000, "x" * 10_000, "pass\x00", "end\x1b[2J", "event 1 P0",
        "event 1 P11", "event 1 P" + "9" * 5000, "shoot 1", ww.Action("save", (0,)),
        ww.Action("fly"), ww.Action("end", (), 99), "pick 1", "discard 1", "pass",
    ]  # fmt: skip
    for move in junk:
        e = refused(s, move)
        assert len(str(e)) < 300 and e.code != "illegal", move
        assert str(e) == e.template.format(**e.params)
        json.dumps(e.params)


def test_W7_an_action_with_a_bool_slot_is_no_action():
    """True equals 1 in Python: an Action built with it is refused, not played as slot 1."""
    s = two("ferreira", "rooney", "shoot", "save")
    assert "skill 1" in legal(s)
    refused(s, ww.Action("skill", (True,)), "not_an_action")
    refused(s, ww.Action("event", (1,), True), "not_an_action")


def test_W7_refusals_say_why():
    """Common mistakes get a reason of their own, as data."""
    s = ww.new_game(2, seed=1)
    refused(s, "pick 5", "no_such_pick")
    refused(s, "end", "draft_first")
    s = two("rooney", "terry", "foul", "controversy", "save", "wall", "-", "shoot", "-")
    refused(s, "event 1", "needs_target")
    refused(s, "event 2 P2", "answer_only")
    refused(s, "equip 1", "wrong_card")
    refused(s, "event 9 P2", "slot_empty")
    refused(s, "save 1", "not_now")
    refused(s, "pick 1", "not_now")
    refused(s, "shoot", "no_card")
    play(s, "end", "end")
    refused(s, "event 1 P1", "bad_target")  # P1's own seat: a team-mate's, not an opponent's
    play(s, "shoot")
    refused(s, "save 2", "wrong_card")  # a Wall
    refused(s, "event 1", "not_an_answer")
    play(s, "save 1")
    assert window(s)["kind"] == "misjudgement"


# -- W8 card ids, fixed deals, catalog -----------------------------------------


def test_W8_deal_must_be_the_whole_deck():
    for bad in (["shoot"], deal()[:-1], [*deal()[:-1], "joker"], "shoot", [1] * 90):
        with pytest.raises(OptionError, match="deal"):
            ww.new_game(2, seed=1, options={"deal": bad})
    s = ww.new_game(2, seed=1, options={"deal": deal("penalty", "whistle")})
    assert hand(s, 0) == []  # the draft first
    s = two("rooney", "terry", "penalty", "whistle")
    assert hand(s, 0) == ["penalty", "whistle"]


def test_W8_options_are_checked():
    for opts in ({"colour": 1}, {"halves": "yes"}, {"characters": ["rooney"]},
                 {"characters": ["rooney", "nobody"]}, {"characters": ["rooney", "rooney"]},
                 {"names": "P1"}, {"characters": [1, 2]}, {"deal": {"a": 1}}):  # fmt: skip
        with pytest.raises(OptionError):
            ww.new_game(2, seed=1, options=opts)
    with pytest.raises(OptionError):
        ww.new_game(2, seed=1, options=["deal"])  # type: ignore[arg-type]


def test_W8_characters_skip_the_draft():
    s = ww.new_game(4, seed=2, options={"characters": FOUR})
    v = s.public_view()
    assert v["phase"] == "action" and [i["character"] for i in v["seats"]] == FOUR
    assert not events(s, "offer")


def test_W8_catalog_items():
    items = ww.catalog()
    chars = [i for i in items if i["kind"] == "character"]
    cards = [i for i in items if i["kind"] != "character"]
    for c in chars:
        assert set(c) == {"id", "kind", "name", "name_zh", "position", "stamina",
                          "shoot_cost", "save_cost", "hand_limit", "skill"}  # fmt: skip
        assert (c["shoot_cost"] is None) == (c["position"] == "GK")
    assert sorted(c["id"] for c in cards) == sorted(ww.data.CARD_IDS)
    for c in cards:
        assert set(c) == {"id", "kind", "name", "name_zh", "copies", "text"}
        assert c["kind"] in ("event", "skill", "action", "setpiece")
    assert sum(c["copies"] for c in cards) == len(ww.DECK)
    copies = {c["id"]: c["copies"] for c in cards}
    assert (copies["shoot"], copies["save"], copies["freekick"], copies["penalty"]) == (
        28,
        20,
        4,
        2,
    )
    json.dumps(items)
