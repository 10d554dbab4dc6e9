"""The supervisor's hand-off of connections to its workers (footycards/ssh/handoff.py)."""

from __future__ import annotations

import asyncio
import socket

from footycards.ssh.handoff import Receiver, hand, pair
from footycards.ssh.server import ServerOptions
from footycards.ssh.supervisor import Supervisor


class FakeProcess:
    returncode = None


def tcp_pair() -> tuple[socket.socket, socket.socket]:
    with socket.create_server(("127.0.0.1", 0)) as listener:
        client = socket.create_connection(listener.getsockname())
        server, _address = listener.accept()
    return client, server


async def test_a_passed_connection_is_served_and_its_end_reported() -> None:
    channel, worker_end = pair()
    served: list[bytes] = []
    ended: list[int] = []
    done = asyncio.Event()

    async def serve(connection: socket.socket) -> None:
        loop = asyncio.get_running_loop()
        served.append(await loop.sock_recv(connection, 10))
        connection.close()

    def report(count: int) -> None:
        ended.append(count)
        done.set()

    receiver = Receiver(worker_end.detach(), serve, report)
    receiver.start()
    client, server = tcp_pair()
    try:
        assert hand(channel, server)
        server.close()  # the supervisor's copy: the worker's copy stays open
        client.sendall(b"hello")
        await asyncio.wait_for(done.wait(), 5)
        assert served == [b"hello"] and ended == [1]
    finally:
        client.close()
        receiver.close()
        channel.close()
    assert not hand(channel, client)  # a closed channel takes nothing: False, no exception


def test_the_least_busy_worker_that_takes_connections_gets_the_next_one() -> None:
    supervisor = Supervisor(ServerOptions(port=0), 3)
    ends = []
    for worker, (handed, ended) in zip(supervisor.workers, [(5, 1), (3, 0), (9, 8)], strict=True):
        worker.channel, far = pair()
        ends.append(far)
        worker.process = FakeProcess()  # type: ignore[assignment]
        worker.ready.set()
        worker.handed, worker.ended = handed, ended
    first, second, third = supervisor.workers
    client, server = tcp_pair()
    try:
        assert supervisor.pass_on(server)  # open: 4, 3, 1 -> the third
        assert third.handed == 10 and first.handed == 5 and second.handed == 3
        third.retiring = True  # draining for recycling: passed nothing
        assert supervisor.pass_on(server)
        assert second.handed == 4 and third.handed == 10
        second.process = None  # not running (it died; it is being started again)
        first.ready.clear()  # started, not yet ready
        assert not supervisor.pass_on(server)  # nobody takes it: the caller closes it
        assert (first.handed, second.handed, third.handed) == (5, 4, 10)
    finally:
        for sock in [client, server, *ends]:
            sock.close()
        for worker in supervisor.workers:
            if worker.channel is not None:
                worker.channel.close()
