"""With `--hub`, the names keys hold are shared through Redis by every server process of
every machine (names_shared.py): two NameBooks on two data directories (two machines)
share one real redis-server; a name belongs to the key that first used it anywhere, the
names.json each machine had is added (first claim wins), the per-key cap counts over
both, a Redis that is down refuses logins in words, one that lost its data gets every
machine's names back before anyone takes a new one."""

from __future__ import annotations

import json
import os
import subprocess
import threading
from pathlib import Path

import asyncssh
import pytest
from conftest import SSH

pytest.importorskip("redis")

from test_workers_redis import LAUNCHER, ServerProcess  # noqa: E402

from footycards.ssh.names import NAMES_PER_KEY, NameBook  # noqa: E402
from footycards.tables_redis import RedisTableHub  # noqa: E402

ANN, BOB, CLEO = "SHA256:ann", "SHA256:bob", "SHA256:cleo"


def machine(tmp_path: Path, name: str, url: str, names: dict[str, str] | None = None):
    """A machine's name book (its own data directory, names.json with `names`: name ->
    fingerprint) sharing the hub at `url`."""
    path = tmp_path / name / "names.json"
    if names:
        path.parent.mkdir(parents=True)
        records = {n.casefold(): {"key": fp, "name": n, "since": "x"} for n, fp in names.items()}
        path.write_text(json.dumps({"version": 1, "names": records}))
    book = NameBook.load(path, "")
    hub = RedisTableHub(url)
    book.share(hub)
    return book, hub


def copy_of(book: NameBook) -> dict[str, str]:
    """name key -> fingerprint, as this machine's names.json says."""
    return {k: r["key"] for k, r in json.loads(book.path.read_text())["names"].items()}


def test_a_name_taken_on_one_machine_is_refused_to_another_key_on_the_other(
    redis_server, tmp_path
) -> None:
    one, _hub1 = machine(tmp_path, "one", redis_server.url)
    two, _hub2 = machine(tmp_path, "two", redis_server.url)
    assert one.claim("Ann", ANN) is None
    said = two.refusal("ann", BOB)
    assert said is not None and "belongs to another key" in said
    assert "belongs to another key" in (two.claim("ANN", BOB) or "")
    assert two.refusal("ann", ANN) is None and two.claim("ann", ANN) is None  # her own
    assert copy_of(one) == copy_of(two) == {"ann": ANN}  # each machine keeps its copy


def test_two_machines_taking_one_new_name_at_once_give_it_to_one_key(
    redis_server, tmp_path
) -> None:
    books = [machine(tmp_path, f"m{i}", redis_server.url)[0] for i in range(2)]
    for book, fp in zip(books, (ANN, BOB), strict=True):
        assert book.refusal("dan", fp) is None  # both asked before either took it
    said: list[str | None] = [None, None]
    start = threading.Barrier(2)

    def take(i: int, fp: str) -> None:
        start.wait()
        said[i] = books[i].claim("dan", fp)

    threads = [threading.Thread(target=take, args=(i, fp)) for i, fp in enumerate((ANN, BOB))]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(10)
    assert sorted(s is None for s in said) == [False, True]  # exactly one got it
    winner = ANN if said[0] is None else BOB
    loser = BOB if winner == ANN else ANN
    assert all("belongs to another key" in (b.refusal("dan", loser) or "") for b in books)
    assert all(b.refusal("dan", winner) is None for b in books)


def test_each_machine_s_names_json_is_added_and_the_first_claim_wins(
    redis_server, tmp_path
) -> None:
    one, _hub1 = machine(tmp_path, "one", redis_server.url, {"Cleo": CLEO, "Ann": ANN})
    two, _hub2 = machine(tmp_path, "two", redis_server.url, {"cleo": BOB, "Bob": BOB})
    # Cleo was the name of two keys on two machines: machine one shared first, so
    # Cleo's key keeps it everywhere, and machine two's copy says so now.
    assert "belongs to another key" in (two.refusal("cleo", BOB) or "")
    assert two.refusal("cleo", CLEO) is None
    assert copy_of(two) == {"cleo": CLEO, "bob": BOB}
    assert "belongs to another key" in (one.refusal("bob", ANN) or "")  # two's names too


def test_the_names_a_key_may_take_are_counted_over_every_machine(redis_server, tmp_path) -> None:
    one, _hub1 = machine(tmp_path, "one", redis_server.url)
    two, _hub2 = machine(tmp_path, "two", redis_server.url)
    for i in range(NAMES_PER_KEY):
        assert (one if i % 2 else two).claim(f"ann{i}", ANN) is None
    for book in (one, two):
        said = book.claim("one-more", ANN)
        assert said is not None and f"has {NAMES_PER_KEY} names already" in said
        assert book.claim("ann3", ANN) is None  # her names still hers
    assert two.claim("one-more", BOB) is None  # the cap is the key's


def test_a_redis_that_is_down_refuses_the_login_in_words(redis_server, tmp_path) -> None:
    one, hub = machine(tmp_path, "one", redis_server.url)
    assert one.claim("ann", ANN) is None
    redis_server.stop()
    for name, fp in (("ann", ANN), ("bob", BOB)):
        said = one.refusal(name, fp)
        assert said is not None and "try again" in said  # never let through unchecked
        assert "try again" in (one.claim(name, fp) or "")
    assert copy_of(one) == {"ann": ANN}  # nothing taken meanwhile
    assert not hub.reachable
    said = one.refusal("ann", ANN)  # told at once while the hub says Redis is away
    assert said is not None and "try again" in said


def test_a_redis_that_lost_its_data_gets_every_machine_s_names_back_first(
    redis_server, tmp_path
) -> None:
    one, hub1 = machine(tmp_path, "one", redis_server.url)
    two, hub2 = machine(tmp_path, "two", redis_server.url)
    assert one.claim("ann", ANN) is None
    assert two.claim("bob", BOB) is None
    redis_server.stop()
    redis_server.start()  # the same port, nothing in it
    for hub in (hub1, hub2):
        hub.reachable = True  # as the hub's tick finds it
    # A login through machine one sees the book gone: one adds its names and nobody
    # takes a new name until every process has added its own (each does it at its tick).
    said = one.refusal("bob", ANN)
    assert one.claim("bob", ANN) is not None  # refused: bob's machine has not ticked yet
    assert said is None or "try again" in said
    for book in (one, two):
        book.tick_shared()  # every process's tick
    assert "belongs to another key" in (one.refusal("bob", ANN) or "")
    assert "belongs to another key" in (two.refusal("ann", BOB) or "")
    assert one.refusal("ann", ANN) is None and two.refusal("bob", BOB) is None


@pytest.mark.skipif(SSH is None, reason="no OpenSSH client")
async def test_a_real_openssh_login_as_another_key_s_name_through_another_process_is_refused(
    redis_server, tmp_path, clients
) -> None:
    """Two `serve --hub` processes with data directories of their own (two machines) and
    one keys file: Ann's name, taken through the first, is refused to Bob's key through
    the second, in words OpenSSH shows; Bob's own name works there, and is then Bob's
    through the first too."""
    ann, bob = (asyncssh.generate_private_key("ssh-ed25519") for _i in range(2))
    files = {}
    for who, key in (("ann", ann), ("bob", bob)):
        files[who] = tmp_path / f"id_{who}"
        key.write_private_key(str(files[who]))
        files[who].chmod(0o600)
    auth = tmp_path / "authorized_keys"
    auth.write_bytes(ann.export_public_key() + bob.export_public_key())
    servers = [
        ServerProcess(tmp_path / f"machine{i}", redis_server.url, "--authorized-keys", str(auth))
        for i in range(2)
    ]
    try:
        for server in servers:
            server.wait_ready()
        one, two = servers
        first = await clients(one.port, user="ann", keys=[ann])
        await first.wait_for(LAUNCHER)

        def ssh(port: int, key: Path, user: str) -> subprocess.CompletedProcess[bytes]:
            opts = ["-o", "StrictHostKeyChecking=no", "-o", "UserKnownHostsFile=/dev/null"]
            opts += ["-o", "BatchMode=yes", "-F", "/dev/null", "-i", str(key)]
            opts += ["-o", "IdentitiesOnly=yes", "-o", "ConnectTimeout=10"]
            return subprocess.run(
                [SSH or "ssh", "-tt", *opts, "-p", str(port), f"{user}@127.0.0.1"],
                stdin=subprocess.DEVNULL,
                capture_output=True,
                timeout=30,
                env={**os.environ, "TERM": "xterm"},
            )

        done = ssh(two.port, files["bob"], "ann")
        assert done.returncode == 255
        assert b"The name ann belongs to another key" in done.stderr
        assert b"Permission denied" in done.stderr
        second = await clients(two.port, user="bob", keys=[bob])  # his own name
        await second.wait_for(LAUNCHER)
        done = ssh(one.port, files["ann"], "bob")
        assert b"The name bob belongs to another key" in done.stderr
        log = (two.home / "data" / "server.log").read_text()
        assert f"refused: key {bob.get_fingerprint()}" in log
    finally:
        for server in servers:
            server.stop()


def test_a_record_in_redis_that_is_not_one_gives_the_name_to_nobody(redis_server, tmp_path) -> None:
    one, hub = machine(tmp_path, "one", redis_server.url)
    hub.client.hset("fc:names", "eve", "not json")
    for fp in (ANN, BOB):
        assert "belongs to another key" in (one.refusal("Eve", fp) or "")
        assert "belongs to another key" in (one.claim("Eve", fp) or "")
    assert one.claim("ann", ANN) is None  # every other name as before
