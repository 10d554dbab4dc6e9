"""A client that froze at a table (SIGSTOP, a dead link) no longer blocks its seat: a new
session with the same key takes the seat at once; another key cannot."""

from __future__ import annotations

import asyncssh
from conftest import wait_until
from test_tables_ssh import join

from footycards.tables import TableHub

LAUNCHER = "pick a game"
SIZE = (120, 40)


async def test_a_new_session_with_the_same_key_takes_the_frozen_seat(
    start_server, clients, tmp_path
) -> None:
    ann = asyncssh.generate_private_key("ssh-ed25519")
    auth = tmp_path / "authorized_keys"
    auth.write_bytes(ann.export_public_key())
    hub = TableHub(ai_delay=0)
    st = start_server(hub=hub, authorized_keys=auth)
    table = st.call(lambda: hub.open_table("ann", "quartett", [None, "random"], {}))
    frozen = await clients(st.port, user="ann", keys=[ann], size=SIZE)
    await frozen.wait_for(LAUNCHER)
    await join(frozen, table.code)
    await wait_until(lambda: st.call(lambda: table.match is not None))
    first = st.call(lambda: table.chairs[0].presence)
    assert first is not None and first.owner == ann.get_fingerprint()
    # the client stops here (nothing it sends or reads any more); the same person again:
    again = await clients(st.port, user="ann", keys=[ann], size=SIZE)
    await again.wait_for(LAUNCHER)
    await join(again, table.code)
    await wait_until(lambda: st.call(lambda: table.chairs[0].presence is not first))
    assert not first.live
    await again.wait_for("Top card")  # ann's own top card, in the new session
    await frozen.wait_for("from another session")  # if it ever wakes up, it is told
