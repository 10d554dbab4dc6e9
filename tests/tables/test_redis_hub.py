"""Shared tables through a real redis-server (no stand-in): two `RedisTableHub`s play the
part of two server processes, each with its own replica of every table it has."""

from __future__ import annotations

import asyncio
import json
import time
from typing import Any

import pytest

pytest.importorskip("redis")

from footycards.core import IllegalAction  # noqa: E402
from footycards.match import Match  # noqa: E402
from footycards.seats import SeatSpec, ai_label  # noqa: E402
from footycards.table import check_table  # noqa: E402
from footycards.tables import Change, TableError  # noqa: E402
from footycards.tables_redis import RedisTableHub, SharedTable  # noqa: E402

TRUMPS = {"round_limit": 3}


class Inbox:
    def __init__(self) -> None:
        self.changes: list[Change] = []

    def __call__(self, change: Change) -> None:
        self.changes.append(change)

    def kinds(self) -> list[str]:
        return [c.kind for c in self.changes]


async def wait_for(condition, seconds: float = 15.0) -> None:
    deadline = time.monotonic() + seconds
    while not condition():
        if time.monotonic() > deadline:
            raise AssertionError("timed out")
        await asyncio.sleep(0.02)


@pytest.fixture
async def hubs(redis_server) -> Any:
    made: list[RedisTableHub] = []

    def make(**kw: Any) -> RedisTableHub:
        kw.setdefault("ai_delay", 0.0)
        hub = RedisTableHub(redis_server.url, **kw)
        hub.start()
        made.append(hub)
        return hub

    yield make
    for hub in made:
        hub.stop()


def play_one(tables: list[SharedTable], seats: dict[int, SharedTable]) -> None:
    """The seat due makes its first legal move, from its own process's replica."""
    table = next(iter(seats.values()))
    due = table.match.due
    mine = seats[due].match
    mine.apply(str(mine.legal_actions()[0]), seat=due)


async def test_two_processes_one_table(hubs) -> None:
    one, two = hubs(), hubs()
    table = one.open_table("Ann", "quartett", [None, None], TRUMPS)
    there = two.find(table.code.lower())
    assert there is not table and there.code == table.code
    assert [t.code for t in two.open_tables()] == [table.code]
    ann, bob = Inbox(), Inbox()
    table.sit("Ann", ann)
    there.sit("Bob", bob)
    await wait_for(lambda: table.match is not None)
    assert there.match is not None
    # the same deal in both processes: seed + actions = game
    assert table.match.seed == there.match.seed
    assert table.match.view(0) == there.match.view(0)
    assert table.seat_names() == there.seat_names() == ["Ann", "Bob"]
    for _move in range(6):
        if table.match.is_over:
            break
        play_one([table, there], {0: table, 1: there})
        await wait_for(lambda: table.match.actions == there.match.actions)
    assert table.match.actions and table.match.public_view() == there.match.public_view()
    assert "applied" in ann.kinds() and "applied" in bob.kinds()
    # chat reaches the other process, cleaned
    there.say(there.chairs[1].presence, "hi \x1b[31mann")
    await wait_for(lambda: any(c.kind == "chat" for c in ann.changes))
    line = next(c for c in ann.changes if c.kind == "chat")
    assert line.who == "Bob" and "\x1b" not in line.text


async def test_last_seat_taken_once_and_names_kept(hubs) -> None:
    one, two = hubs(), hubs()
    table = one.open_table("Ann", "quartett", [None, None, None], TRUMPS)
    table.sit("Ann", Inbox())
    there = two.find(table.code)
    there.sit("Bob", Inbox())
    with pytest.raises(TableError, match="already playing"):
        table.sit("bob", Inbox())
    await wait_for(lambda: table.seat_names() == ["Ann", "Bob", ""])
    # the last seat: one of two processes gets it, the other is told
    table.sit("Cem", Inbox())
    with pytest.raises(TableError, match="started|full"):
        there.sit("Dan", Inbox())
    assert there.seat_names() == ["Ann", "Bob", "Cem"]


async def test_a_move_on_an_old_position_is_dropped_and_a_wrong_one_never_sent(hubs) -> None:
    one, two = hubs(), hubs()
    table = one.open_table("Ann", "quartett", [None, None], TRUMPS)
    table.sit("Ann", Inbox())
    there = two.find(table.code)
    there.sit("Bob", Inbox())
    await wait_for(lambda: there.match is not None and table.match is not None)
    due = table.match.due
    mine = (table if due == 0 else there).match
    with pytest.raises(IllegalAction):
        mine.apply("no such move", seat=due)
    assert one.client.xlen(one.log_key(table.code)) == 2  # two sits, nothing else
    action = str(mine.legal_actions()[0])
    mine.apply(action, seat=due)
    # the same move once more with the number already taken: dropped everywhere
    one.append(
        table.code,
        {"k": "act", "n": 1, "seat": due, "a": action, "proc": "x", "nonce": "y", "t": 0},
    )
    await wait_for(lambda: there.match is not None and len(there.match.actions) == 1)
    await asyncio.sleep(0.3)
    assert len(table.match.actions) == len(there.match.actions) == 1
    assert not table.closed and not there.closed


async def test_bad_data_closes_that_table_only(hubs, caplog) -> None:
    one, two = hubs(), hubs()
    bad = one.open_table("Ann", "quartett", [None, None], TRUMPS)
    good = one.open_table("Ann", "quartett", [None, None], TRUMPS)
    inbox = Inbox()
    bad.sit("Ann", inbox)
    good.sit("Ann", Inbox())
    there = two.find(bad.code)
    there.sit("Bob", Inbox())
    await wait_for(lambda: bad.match is not None)
    due = bad.match.due
    # a log entry that is no legal action, and one that is no JSON at all
    one.client.xadd(
        one.log_key(bad.code), {"e": json.dumps({"k": "act", "n": 1, "seat": due, "a": "zz"})}
    )
    await wait_for(lambda: bad.closed and there.closed)
    assert "closed" in inbox.kinds()
    assert any("bad data" in r.getMessage() for r in caplog.records)
    assert not good.closed and two.find(good.code).code == good.code
    # a truncated record: the table is refused, nothing crashes
    other = one.open_table("Ann", "quartett", [None, None], TRUMPS)
    one.client.set(one.record_key(other.code), '{"game": "quartett", "pl')
    with pytest.raises(TableError, match="no table"):
        hubs().find(other.code)
    one.client.xadd(one.log_key(good.code), {"e": "{not json"})
    await wait_for(lambda: good.closed)


def seed_with_the_ai_due_after_three_calls() -> int:
    """A deal on which, Ann calling the first category each time, the easy AI seat is
    due again after Ann's third call (the owner is gone by then): the test deals its
    table so (FOOTYCARDS_TABLE_SEED), or the AI might never win a round after it."""
    options = check_table("quartett", [None, "easy"], {"round_limit": 30})
    seats = [SeatSpec("Ann"), SeatSpec(ai_label("easy", 1), "easy")]
    for seed in range(1, 1000):
        match, calls = Match.start("quartett", seats, seed, options), 0
        while not match.is_over:
            if match.due == 0:
                match.apply(str(match.legal_actions()[0]), seat=0)
                calls += 1
            elif calls >= 3:
                return seed
            else:
                match.apply(match.decide())
    raise AssertionError("no deal has the AI seat due late")


async def test_the_owner_dies_and_another_process_goes_on(hubs, monkeypatch) -> None:
    """The owner's lease ends with it: the other process takes it and the AI seat moves
    on from the log, nothing dealt again."""
    monkeypatch.setenv("FOOTYCARDS_TABLE_SEED", str(seed_with_the_ai_due_after_three_calls()))
    one = hubs()
    table = one.open_table("Ann", "quartett", [None, "easy"], {"round_limit": 30})
    table.sit("Ann", Inbox())
    await wait_for(lambda: table.owned)
    two = hubs()
    there = two.find(table.code)
    there.watch("Cleo", Inbox())  # a process with a session there may take the table on
    await wait_for(lambda: table.match is not None and there.match is not None)
    seed = there.match.seed

    def drive(replica: SharedTable) -> None:
        match = replica.match
        if match is not None and not match.is_over and match.due == 0:
            match.apply(str(match.legal_actions()[0]), seat=0)

    for _i in range(3):
        drive(table)
        await wait_for(lambda: table.match.is_over or table.match.due == 0)
    moves = len(table.match.actions)
    assert moves >= 2 and not there.owned
    # the owner process is gone without a word: no lease handed over, no leave sent
    one.running = False
    one.tick_task.cancel()
    one.tables.clear()
    started = time.monotonic()
    await wait_for(lambda: there.owned, seconds=12)
    took = time.monotonic() - started
    assert took < 8
    # the game goes on from the same position, Ann still seated
    assert there.match.seed == seed and len(there.match.actions) >= moves
    before = len(there.match.actions)

    def ai_moved() -> bool:
        drive(there)
        return any(seat == 1 for seat, _at in there.match.marks[before:])

    await wait_for(ai_moved)  # the AI seat's moves now come from this process
    assert there.chairs[0].user == "Ann"


async def test_a_dead_process_seat_is_away_then_played_by_the_ai(hubs) -> None:
    one, two = hubs(takeover_wait=1.0), hubs(takeover_wait=1.0)
    table = one.open_table("Ann", "quartett", [None, None], {"round_limit": 30})
    table.sit("Ann", Inbox())
    await wait_for(lambda: table.owned)
    there = two.find(table.code)
    there.sit("Bob", Inbox())
    await wait_for(lambda: table.match is not None and there.match is not None)
    # Bob's process dies: its alive key expires, the owner marks Bob away, then the AI
    two.running = False
    two.tick_task.cancel()
    two.client.delete(two.proc_key(two.proc))
    await wait_for(lambda: table.is_away(1), seconds=10)
    await wait_for(lambda: table.chairs[1].taken_over, seconds=10)
    # Bob comes back through a new process: his seat, from the AI
    three = hubs(takeover_wait=1.0)
    again = three.find(table.code)
    assert [t.code for t in three.open_tables("bob")] == [table.code]
    again.sit("Bob", Inbox())
    await wait_for(lambda: not table.chairs[1].taken_over and not table.is_away(1))


async def test_limits_count_over_processes(hubs) -> None:
    one, two = hubs(), hubs()
    one.limits.publish(3)
    two.limits.publish(4)
    assert one.limits.open_sessions() == 7
    counts = [one.limits.connections("192.0.2.7") for _i in range(3)]
    counts += [two.limits.connections("192.0.2.7")]
    assert counts[-1] >= 4 and counts == sorted(counts)
    assert two.limits.connections("192.0.2.8") == 1


async def test_redis_restarted_without_its_data_and_the_game_goes_on(hubs, redis_server) -> None:
    one, two = hubs(), hubs()
    table = one.open_table("Ann", "quartett", [None, None], {"round_limit": 30})
    ann, bob = Inbox(), Inbox()
    table.sit("Ann", ann)
    there = two.find(table.code)
    there.sit("Bob", bob)
    await wait_for(lambda: table.match is not None and there.match is not None)
    seats = {0: table, 1: there}
    for _i in range(3):
        play_one([table, there], seats)
        await wait_for(lambda: table.match.actions == there.match.actions)
    moves = list(table.match.actions)
    redis_server.stop()
    due = table.match.due
    with pytest.raises(IllegalAction):  # said to the player; nothing changes
        seats[due].match.apply(str(seats[due].match.legal_actions()[0]), seat=due)
    for inbox in (ann, bob):  # each process says so to its own sessions
        await wait_for(lambda inbox=inbox: any("waits" in c.text for c in inbox.changes))
    redis_server.start()  # the same port, nothing in it
    await wait_for(lambda: one.client.exists(one.record_key(table.code)), seconds=20)
    await wait_for(lambda: any("goes on" in c.text for c in ann.changes), seconds=20)
    await wait_for(lambda: any("goes on" in c.text for c in bob.changes), seconds=20)
    assert table.match.actions == there.match.actions == moves
    for _i in range(2):
        play_one([table, there], seats)
        await wait_for(lambda: table.match.actions == there.match.actions)
    assert table.match.actions[: len(moves)] == moves and len(table.match.actions) == len(moves) + 2
    # a process that reads the table afresh sees the whole game, and both seats taken
    fresh = hubs().find(table.code)
    assert fresh.match is not None and fresh.match.actions == table.match.actions
    assert fresh.seat_names() == ["Ann", "Bob"] and not fresh.is_away(0) and not fresh.is_away(1)


async def test_log_entries_that_are_no_event_close_the_table(hubs) -> None:
    one = hubs()
    entries = [
        json.dumps({"k": "applied", "n": 1}),  # a method's name, not an event
        json.dumps(["sit"]),
        json.dumps({"k": "sit", "seat": 1}),  # who sits there?
        json.dumps({"no": "kind"}),
    ]
    for text in entries:
        table = one.open_table("Ann", "quartett", [None, None], TRUMPS)
        inbox = Inbox()
        table.sit("Ann", inbox)
        one.client.xadd(one.log_key(table.code), {"e": text})
        await wait_for(lambda table=table: table.closed)
        assert "closed" in inbox.kinds(), text
    # a record another program wrote as a list: that table is refused, the hub goes on
    one.client.set(one.record_key("AAAA"), json.dumps(["quartett"]))
    one.client.sadd(one.codes_key, "AAAA")
    assert all(t.code != "AAAA" for t in one.open_tables())


async def test_rematch_asked_in_two_processes(hubs) -> None:
    one, two = hubs(), hubs()
    table = one.open_table("Ann", "quartett", [None, None], TRUMPS)
    ann = table.sit("Ann", Inbox())
    there = two.find(table.code)
    bob = there.sit("Bob", Inbox())
    await wait_for(lambda: table.match is not None and there.match is not None)
    seats = {0: table, 1: there}
    while not table.match.is_over:
        play_one([table, there], seats)
        await wait_for(lambda: table.match.actions == there.match.actions)
    await wait_for(lambda: there.match.is_over)
    first = table.match.seed
    assert not there.rematch(bob)  # Bob asks: waits for the host
    await wait_for(lambda: table.rematch_votes == {1})
    assert table.rematch(ann)  # the host asks: a new game at once, in both processes
    await wait_for(lambda: there.match is not None and not there.match.is_over)
    assert table.match.seed == there.match.seed != first
    assert table.games == there.games == 2
    # Bob drops in the new game: his seat waits for him, seen in the other process
    there.leave(bob)
    await wait_for(lambda: table.is_away(1))


async def test_spectators_are_counted_over_every_process(hubs) -> None:
    one, two, three = hubs(), hubs(), hubs()
    table = one.open_table("Ann", "quartett", [None, None], TRUMPS)
    ann = Inbox()
    table.sit("Ann", ann)
    await wait_for(lambda: table.owned)
    there, third = two.find(table.code), three.find(table.code)
    cleo = there.watch("Cleo", Inbox())
    third.watch("Dan", Inbox())
    table.watch("Eve", Inbox())
    for replica in (table, there, third):
        await wait_for(lambda replica=replica: replica.spectator_count() == 3)
    assert len(table.spectators) == 1  # its own sessions; the count is everyone's
    assert "seats" in ann.kinds()  # the room is told to show the new count
    there.leave(cleo)
    await wait_for(lambda: table.spectator_count() == 2 and third.spectator_count() == 2)
    # Dan's process dies without a word: the owner counts its spectators out
    three.running = False
    three.tick_task.cancel()
    three.client.delete(three.proc_key(three.proc))
    await wait_for(lambda: table.spectator_count() == 1, seconds=10)
    await wait_for(lambda: there.spectator_count() == 1)
    # a process reading the table afresh counts the same
    assert hubs().find(table.code).spectator_count() == 1


async def test_replicas_nobody_here_uses_are_dropped_and_read_again(hubs) -> None:
    one = hubs()
    two = hubs(idle_keep_s=60.0, idle_keep=1)
    made = []
    for name in ("Ann", "Bob", "Cem"):
        table = one.open_table(name, "quartett", [None, None], TRUMPS)
        table.sit(name, Inbox())
        made.append(table)
    await wait_for(lambda: all(t.owned for t in made))
    # listing keeps at most `idle_keep` replicas that nobody here sits at or watches
    assert {t.code for t in two.open_tables()} == {t.code for t in made}
    assert len(two.tables) == 3
    await wait_for(lambda: len(two.tables) == 1, seconds=5)
    # one with a spectator here stays whatever the bound; idle ones go after idle_keep_s
    watched = two.find(made[0].code)
    watched.watch("Dan", Inbox())
    await asyncio.sleep(1.5)
    assert made[0].code in two.tables and len(two.tables) <= 2
    two.idle_keep_s = 0.5
    await wait_for(lambda: set(two.tables) == {made[0].code}, seconds=5)
    # a dropped replica is read again when wanted: the same table
    again = two.find(made[1].code)
    assert again.seat_names() == ["Bob", ""] and again.host == "Bob"
    again.sit("Eve", Inbox())
    await wait_for(lambda: made[1].match is not None and again.match is not None)
    assert again.match.seed == made[1].match.seed and made[1].seat_names() == ["Bob", "Eve"]
