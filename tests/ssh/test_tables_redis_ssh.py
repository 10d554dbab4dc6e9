"""Shared tables through Redis, end to end: server processes' worth of FootyServers (each
with its own hub on one real redis-server), people at their own SSH terminals on
different servers hosting, joining, watching and playing one table by key presses."""

from __future__ import annotations

import asyncio

import asyncssh
import pytest
from conftest import wait_until
from test_tables_ssh import LAUNCHER, SIZE, host_quartett, in_game, join

pytest.importorskip("redis")

from footycards.tables_redis import RedisTableHub  # noqa: E402


async def test_players_on_two_servers_and_a_spectator_on_a_third(
    start_server, clients, redis_server
) -> None:
    servers = [
        start_server(hub=RedisTableHub(redis_server.url, ai_delay=0), freeze_gc=False)
        for _i in range(3)
    ]
    one, two, three = servers
    ann = await clients(one.port, user="ann", size=SIZE)
    bob = await clients(two.port, user="bob", size=SIZE)
    cleo = await clients(three.port, user="cleo", size=SIZE)
    for c in (ann, bob, cleo):
        await c.wait_for(LAUNCHER)
    table = await host_quartett(one, ann, "ann", rounds=3)
    code = table.code
    await ann.wait_for(code)
    await join(bob, code)
    await wait_until(lambda: one.call(lambda: table.match is not None))
    for st, user in ((one, "ann"), (two, "bob")):
        await wait_until(lambda st=st, user=user: in_game(st, user))
    await join(cleo, code, watch=True)
    await wait_until(lambda: in_game(three, "cleo"))
    match = table.match
    people = {0: ann, 1: bob}
    while not one.call(lambda: match.is_over):
        number = one.call(lambda: len(match.actions))
        await asyncio.sleep(0.3)
        due = one.call(lambda: match.due)
        people[due].send("1")  # call the first category
        await wait_until(
            lambda number=number: one.call(lambda: len(match.actions) > number or match.is_over)
        )
    for client in (ann, bob, cleo):
        await client.wait_for("Final whistle")
    # every process's replica holds the same game
    there = two.call(lambda: two.server.hub.tables[code].match.actions)
    assert there == one.call(lambda: list(match.actions))


async def test_session_cap_and_rate_limit_count_over_servers(
    start_server, clients, redis_server
) -> None:
    one, two = (
        start_server(
            hub=RedisTableHub(redis_server.url), max_sessions=2, rate_limit=3, freeze_gc=False
        )
        for _i in range(2)
    )
    first = await clients(one.port, user="a")
    second = await clients(two.port, user="b")
    for client in (first, second):
        await client.wait_for(LAUNCHER)
    third = await clients(one.port, user="c")  # one server has room, the two have not
    await third.wait_for("server is full")
    await third.wait_closed()
    # three connections a minute from this address were made: the fourth, on the other
    # server, is refused as it would be on one
    with pytest.raises((asyncssh.Error, OSError)):
        await asyncssh.connect(
            "127.0.0.1",
            two.port,
            username="d",
            known_hosts=None,
            client_keys=None,
            agent_path=None,
        )
