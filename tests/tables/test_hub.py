"""The table hub without any UI: codes, seats, reconnect, AI takeover, rematch, chat."""

from __future__ import annotations

import asyncio
import random
import time

import pytest

from footycards.core import OptionError
from footycards.tables import CODE_ALPHABET, CODE_LENGTH, Change, TableError, TableHub

TRUMPS = {"round_limit": 3}  # Quartett top trumps: three calls and the game is over


class Inbox:
    """A session's listener: keeps every change pushed to it."""

    def __init__(self) -> None:
        self.changes: list[Change] = []

    def __call__(self, change: Change) -> None:
        self.changes.append(change)

    def kinds(self) -> list[str]:
        return [c.kind for c in self.changes]


async def wait_for(condition, seconds: float = 15.0) -> None:  # generous: CI is loaded
    deadline = time.monotonic() + seconds
    while not condition():
        if time.monotonic() > deadline:
            raise AssertionError("timed out")
        await asyncio.sleep(0.01)


def two_player_table(hub: TableHub, **options):
    table = hub.open_table("Ann", "quartett", [None, None], {**TRUMPS, **options})
    ann, bob = Inbox(), Inbox()
    ann_at = table.sit("Ann", ann)
    bob_at = table.sit("Bob", bob)
    return table, ann_at, bob_at, ann, bob


def test_codes_are_short_unambiguous_and_unique():
    """A code is four letters from the unambiguous alphabet; a code in use is never reused."""
    hub = TableHub(rng=random.Random(3))
    codes = [hub.open_table("Ann", "quartett", [None, "easy"]).code for _i in range(60)]
    assert len(set(codes)) == len(codes)
    for code in codes:
        assert len(code) == CODE_LENGTH and set(code) <= set(CODE_ALPHABET)
    assert not set(CODE_ALPHABET) & set("0O1IL2Z5S8B")

    class Repeats(random.Random):
        """Gives the first code twice: the hub must draw again."""

        def __init__(self) -> None:
            super().__init__(1)
            self.calls = 0

        def choice(self, seq):
            self.calls += 1
            return seq[0] if self.calls <= 2 * CODE_LENGTH else super().choice(seq)

    hub = TableHub(rng=Repeats())
    first = hub.open_table("Ann", "quartett", [None, "easy"]).code
    second = hub.open_table("Ann", "quartett", [None, "easy"]).code
    assert first == CODE_ALPHABET[0] * CODE_LENGTH and second != first


def test_find_by_code_in_any_case_and_unknown_code():
    hub = TableHub()
    table = hub.open_table("Ann", "sadikov", [None, None])
    assert hub.find(table.code.lower()) is table
    assert hub.find(" ".join(table.code)) is table
    with pytest.raises(TableError, match="no table"):
        hub.find("QQQQ" if table.code != "QQQQ" else "XXXX")


def test_open_table_refuses_bad_requests():
    """Unknown game, wrong seat count, no seat for people, options that cannot deal."""
    hub = TableHub()
    with pytest.raises(TableError):
        hub.open_table("Ann", "chess", [None, None])
    with pytest.raises(TableError):
        hub.open_table("Ann", "sadikov", [None, None, None])
    with pytest.raises(TableError):
        hub.open_table("Ann", "quartett", ["easy", "normal"])
    with pytest.raises(OptionError):
        hub.open_table("Ann", "stadium", [None, None], {"rows": 0})
    assert hub.tables == {}


def test_join_fills_seats_then_starts_and_leaves_the_list():
    hub = TableHub()
    table = hub.open_table("Ann", "quartett", [None, "easy", None], TRUMPS)
    ann = Inbox()
    table.sit("Ann", ann)
    assert hub.open_tables() == [table] and table.free_seats() == [2]
    assert table.status == "waiting" and table.match is None
    table.sit("Bob", Inbox())
    assert table.status == "playing" and table.match is not None
    assert table.match.names() == ["Ann", "AI easy", "Bob"]
    assert hub.open_tables() == [] and hub.watchable() == [table]
    assert "seats" in ann.kinds() and ann.kinds()[-1] == "start"
    with pytest.raises(TableError):
        table.sit("Cleo", Inbox())  # started: watch it instead


def test_a_presence_that_left_holds_its_listener_no_longer():
    """Whatever still holds a presence that has left (its own session, a replaced seat's
    note) holds no listener, and so no session's app through it: the SSH server frees
    an ended app at once only when nothing shared leads to it."""
    import weakref

    hub = TableHub()
    table = hub.open_table("Ann", "quartett", [None, None, None], TRUMPS)
    ann, bob = Inbox(), Inbox()
    ann_at = table.sit("Ann", ann, owner="SHA256:ann")
    bob_at = table.sit("Bob", bob)
    bob_ref = weakref.ref(bob)
    bob_at.leave()
    del bob
    assert bob_ref() is None and not bob_at.live
    again = Inbox()
    # from another session: the one here is told, then let go
    table.sit("Ann", again, owner="SHA256:ann")
    assert ann.kinds()[-1] == "replaced"
    ann_ref = weakref.ref(ann)
    del ann
    assert ann_ref() is None and not ann_at.live


def test_leaving_before_the_start_frees_the_seat_and_an_empty_table_closes():
    hub = TableHub()
    table = hub.open_table("Ann", "quartett", [None, None, None], TRUMPS)
    ann_at = table.sit("Ann", Inbox())
    bob_at = table.sit("Bob", Inbox())
    bob_at.leave()
    assert table.free_seats() == [1, 2] and table.seat_names()[1] == ""
    ann_at.leave()
    assert table.closed and table.code not in hub.tables


def test_a_seated_name_is_refused_to_another_live_session():
    hub = TableHub()
    table = hub.open_table("Ann", "quartett", [None, None, None], TRUMPS)
    table.sit("Ann", Inbox())
    with pytest.raises(TableError, match="already playing"):
        table.sit("ann", Inbox())  # names compare without case
    assert table.free_seats() == [1, 2]


async def test_a_dropped_player_keeps_the_seat_and_reconnects():
    """Same user name + code puts the player back in their seat with their own view."""
    hub = TableHub(takeover_wait=60)
    table, ann_at, bob_at, ann, bob = two_player_table(hub)
    match = table.match
    assert match is not None
    bob_at.leave()
    assert table.is_away(1) and table.chairs[1].user == "Bob"
    assert hub.find(table.code) is table  # kept while its game waits for Bob
    with pytest.raises(TableError):
        table.sit("Cleo", Inbox())  # the seat is Bob's, not free
    again = table.sit("Bob", Inbox())
    assert again.seat == 1 and not table.is_away(1)
    assert table.view(again) == match.view(1)
    assert table.chairs[1].timer is None  # the takeover was called off


async def test_ai_takes_a_seat_after_the_wait_and_the_player_takes_it_back():
    # the AI is paced (0.3 s a move): unpaced, an AI that keeps winning its calls could
    # play all 30 rounds before Ann is back, and a finished game gives no seat back
    hub = TableHub(takeover_wait=0.05, ai_delay=0.3)
    table = hub.open_table("Ann", "quartett", [None, None], {"round_limit": 30})
    ann = Inbox()
    table.sit("Ann", ann)
    ann_at = table.presences()[0]
    bob = Inbox()
    bob_at = table.sit("Bob", bob)
    match = table.match
    assert match is not None and match.due == 0
    ann_at.leave()  # Ann, due to call, drops
    await wait_for(lambda: table.chairs[0].taken_over)
    assert match.is_ai(0)
    await wait_for(lambda: len(match.actions) > 0)  # the AI played for Ann
    assert match.actions and not match.is_ai(1)
    back = table.sit("Ann", Inbox())
    assert back.seat == 0 and not match.is_ai(0) and not table.chairs[0].taken_over
    assert bob_at.live and {"takeover", "takeback"} <= set(bob.kinds())


async def test_rematch_when_every_player_asks_or_at_once_when_the_host_asks():
    hub = TableHub(ai_delay=0)
    table, ann_at, bob_at, ann, bob = two_player_table(hub, round_limit=1)
    first = table.match
    assert first is not None
    first.apply(first.legal_actions()[0])
    assert table.status == "over" and "over" in bob.kinds()
    assert not table.rematch(bob_at)  # Bob asks; Ann has not
    assert "rematch" in ann.kinds() and table.match is first
    assert table.rematch(ann_at)
    assert table.match is not first and table.status == "playing" and table.games == 2
    second = table.match
    second.apply(second.legal_actions()[0])
    assert table.rematch(ann_at)  # the host starts it alone
    assert table.games == 3


async def test_tests_can_fix_the_seeds_tables_are_dealt_with(monkeypatch):
    """FOOTYCARDS_TABLE_SEED (set by tests in the servers they start, for a particular
    course of play) deals every table's first match with that seed and each rematch
    with one more; without it every table is dealt at random."""
    monkeypatch.setenv("FOOTYCARDS_TABLE_SEED", "4242")
    hub = TableHub(ai_delay=0)
    tables = [two_player_table(hub, round_limit=1) for _i in range(2)]
    assert [t[0].match.seed for t in tables] == [4242, 4242]
    table, ann_at = tables[0][0], tables[0][1]
    table.match.apply(table.match.legal_actions()[0])
    assert table.rematch(ann_at) and table.match.seed == 4243
    monkeypatch.delenv("FOOTYCARDS_TABLE_SEED")
    seeds = {two_player_table(hub)[0].match.seed for _i in range(5)}
    assert len(seeds) > 1


def test_names_and_chat_are_display_text():
    """Escape sequences and control characters never reach other sessions."""
    hub = TableHub()
    table = hub.open_table("\x1b]0;pwned\x07Ann\x1b[2J", "quartett", [None, None, None], TRUMPS)
    ann, bob = Inbox(), Inbox()
    ann_at = table.sit("\x1b]0;pwned\x07Ann\x1b[2J", ann)
    table.sit("Bob\x07\r\n", bob)
    assert table.host == "Ann" and table.seat_names()[:2] == ["Ann", "Bob"]
    line = table.say(ann_at, "hi \x1b[31mred\x1b[0m\x1b]8;;http://x\x07link\x1b]8;;\x07\x00")
    assert line is not None and line.text == "hi redlink"
    assert bob.changes[-1].kind == "chat" and "\x1b" not in bob.changes[-1].text
    assert table.say(ann_at, "\x1b[2J\x07") is None  # nothing left to say
    eve = table.sit("[@click=app.quit]Eve[/]", Inbox())
    assert eve.user.startswith("(@click=app.quit)Eve")  # no markup in names
    assert not set("[]") & set("".join(table.seat_names()))
    assert [c.text for c in table.chat] == ["hi redlink"]


def test_spectators_get_the_public_view_only():
    hub = TableHub()
    table, ann_at, bob_at, ann, bob = two_player_table(hub)
    match = table.match
    assert match is not None
    eve = table.watch("Eve", Inbox())
    assert table.view(eve) == match.public_view()
    assert table.view(eve)["top_card"] is None
    assert table.view(ann_at)["top_card"] is not None
    match.apply(match.legal_actions()[0])
    assert table.view(eve) == match.public_view()


def test_a_failing_listener_does_not_stop_the_others():
    hub = TableHub()
    table = hub.open_table("Ann", "quartett", [None, None, None], TRUMPS)

    def broken(change: Change) -> None:
        raise RuntimeError("gone")

    table.sit("Ann", broken)
    bob = Inbox()
    table.sit("Bob", bob)
    table.sit("Cleo", Inbox())
    assert bob.kinds()[-1] == "start"


class SlowAgent:
    """An agent that thinks for a while (like `hard` on a busy machine)."""

    uses_view = False

    def choose(self, view, legal, rng):
        time.sleep(0.4)
        return legal[0]


async def test_ai_decisions_never_hold_up_the_event_loop():
    """A slow AI at one table: the loop (other tables' keys) keeps ticking meanwhile."""
    hub = TableHub(ai_delay=0)
    table = hub.open_table("Ann", "quartett", ["easy", None], TRUMPS)
    table.sit("Bob", Inbox())
    match = table.match
    assert match is not None
    match.agents[0] = SlowAgent()
    gaps: list[float] = []
    last = time.monotonic()
    while not match.actions:
        await asyncio.sleep(0.01)
        now = time.monotonic()
        gaps.append(now - last)
        last = now
    assert sum(gaps) >= 0.35  # the decision did take its time…
    assert len(gaps) >= 5 and max(gaps) < 0.3  # …and the loop ran all along (on the loop,
    # the decision would have been one gap of 0.4 s)


def test_leaving_a_finished_table_frees_the_seat_and_the_rematch_waits_for_a_player():
    """After the final whistle a player who leaves gives the seat up; the host's rematch
    then reopens the table, listed again, and the next player to sit starts the game."""
    hub = TableHub(ai_delay=0)
    table, ann_at, bob_at, ann, bob = two_player_table(hub, round_limit=1)
    match = table.match
    assert match is not None
    match.apply(match.legal_actions()[0])
    assert table.status == "over" and hub.open_tables() == []
    bob_at.leave()
    assert table.free_seats() == [1] and hub.open_tables() == [table]
    assert table.rematch(ann_at)  # the host: back to waiting, a seat open
    assert table.status == "waiting" and ann.kinds()[-1] == "reopen"
    table.sit("Cleo", Inbox())
    assert table.status == "playing" and table.match is not None
    assert table.match.names() == ["Ann", "Cleo"]


async def test_a_player_away_at_the_end_gives_up_the_seat():
    hub = TableHub(ai_delay=0, takeover_wait=60)
    table, ann_at, bob_at, ann, bob = two_player_table(hub, round_limit=1)
    match = table.match
    assert match is not None
    bob_at.leave()  # dropped mid-game: the seat is kept…
    assert table.is_away(1) and table.chairs[1].timer is not None
    match.apply(match.legal_actions()[0])
    assert table.free_seats() == [1]  # …until the game is over
    assert table.chairs[1].timer is None
