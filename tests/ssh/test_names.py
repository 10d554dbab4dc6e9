"""With `--authorized-keys` a name belongs to a key: the key that first used it, or the
one its authorized_keys line gives it to; every other key is refused, in words."""

from __future__ import annotations

import json
import os
import stat
import subprocess
from pathlib import Path

import asyncssh
import pytest
from conftest import SSH, Client

from footycards.ssh.names import NameBook, key_names
from footycards.ssh.server import FootyServer, ServeError, ServerOptions

LAUNCHER = "pick a game"


class Banner(asyncssh.SSHClient):
    """A client that keeps the banners the server sends while logging in."""

    def __init__(self) -> None:
        self.banners: list[str] = []

    def auth_banner_received(self, msg: str, lang: str) -> None:
        self.banners.append(msg)


async def refused(port: int, user: str, key: asyncssh.SSHKey) -> str:
    """Log in as `user` with `key`, expecting a refusal; the banner the server sent."""
    client = Banner()
    with pytest.raises(asyncssh.PermissionDenied):
        await asyncssh.connect(
            "127.0.0.1",
            port,
            username=user,
            known_hosts=None,
            client_keys=[key],
            agent_path=None,
            client_factory=lambda: client,
        )
    return "".join(client.banners)


def keys_file(tmp_path: Path, *lines: bytes) -> Path:
    path = tmp_path / "authorized_keys"
    path.write_bytes(b"".join(lines))
    return path


@pytest.fixture
def ann_bob() -> tuple[asyncssh.SSHKey, asyncssh.SSHKey]:
    return asyncssh.generate_private_key("ssh-ed25519"), asyncssh.generate_private_key(
        "ssh-ed25519"
    )


async def test_a_name_belongs_to_the_key_that_first_used_it(
    start_server, clients, tmp_path, footy_home, ann_bob
) -> None:
    ann, bob = ann_bob
    auth = keys_file(tmp_path, ann.export_public_key(), bob.export_public_key())
    st = start_server(authorized_keys=auth)
    first = await clients(st.port, user="ann", keys=[ann])
    await first.wait_for(LAUNCHER)
    (await clients(st.port, user="bob", keys=[bob])).screen  # noqa: B018
    said = await refused(st.port, "bob", ann)  # Ann's key cannot be Bob...
    assert "belongs to another key" in said
    assert "belongs to another key" in await refused(st.port, "Ann", bob)  # ...nor Bob Ann
    again = await clients(st.port, user="ann", keys=[ann])  # her own name, again
    await again.wait_for(LAUNCHER)
    book = footy_home / "data" / "names.json"
    assert stat.S_IMODE(book.stat().st_mode) == 0o600
    names = json.loads(book.read_text())["names"]
    assert names["ann"]["key"] == ann.get_fingerprint()
    assert names["bob"]["key"] == bob.get_fingerprint()
    log = (footy_home / "data" / "server.log").read_text()
    assert f"as 'ann' with key {ann.get_fingerprint()}" in log
    assert f"as 'bob' refused: key {ann.get_fingerprint()}" in log


async def test_names_outlive_a_restart(start_server, clients, tmp_path, ann_bob) -> None:
    ann, bob = ann_bob
    auth = keys_file(tmp_path, ann.export_public_key(), bob.export_public_key())
    st = start_server(authorized_keys=auth)
    client = await clients(st.port, user="ann", keys=[ann])
    await client.wait_for(LAUNCHER)
    await client.close()
    st.run(st.server.stop())
    st = start_server(authorized_keys=auth)
    assert "belongs to another key" in await refused(st.port, "ann", bob)


async def test_the_authorized_keys_line_says_which_names_a_key_may_use(
    start_server, clients, tmp_path, ann_bob
) -> None:
    ann, bob = ann_bob
    line = b'footycards-names="ann,Annie" ' + ann.export_public_key()
    st = start_server(authorized_keys=keys_file(tmp_path, line, bob.export_public_key()))
    # Ann's names are hers before she ever used them...
    assert "belongs to another key" in await refused(st.port, "annie", bob)
    # ...and her key may use no other name.
    said = await refused(st.port, "carol", ann)
    assert "only use the names" in said and "Annie" in said
    client = await clients(st.port, user="ANNIE", keys=[ann])
    await client.wait_for(LAUNCHER)
    other = await clients(st.port, user="carol", keys=[bob])  # a name nobody holds
    await other.wait_for(LAUNCHER)


def test_a_name_given_to_two_keys_is_refused_at_start(tmp_path, ann_bob) -> None:
    ann, bob = ann_bob
    auth = keys_file(
        tmp_path,
        b'footycards-names="ann" ' + ann.export_public_key(),
        b'footycards-names="ANN,bob" ' + bob.export_public_key(),
    )
    server = FootyServer(ServerOptions(port=0, authorized_keys=auth))
    with pytest.raises(ServeError, match="given to two keys"):
        import asyncio

        asyncio.run(server.start())


def test_a_key_takes_a_bounded_number_of_names(tmp_path, ann_bob) -> None:
    ann, bob = ann_bob
    book = NameBook.load(tmp_path / "names.json", "")
    fp = ann.get_fingerprint()
    for i in range(10):
        assert book.claim(f"ann{i}", fp) is None
    assert "10 names already" in (book.claim("one-more", fp) or "")
    assert book.claim("ann3", fp) is None  # her own, still
    assert book.claim("bob", bob.get_fingerprint()) is None


def test_a_damaged_name_book_stops_the_server_with_a_reason(tmp_path, footy_home, ann_bob):
    ann, _bob = ann_bob
    (footy_home / "data").mkdir(parents=True)
    (footy_home / "data" / "names.json").write_text("{not json")
    server = FootyServer(
        ServerOptions(port=0, authorized_keys=keys_file(tmp_path, ann.export_public_key()))
    )
    with pytest.raises(ServeError, match="cannot read the name book"):
        import asyncio

        asyncio.run(server.start())


@pytest.mark.skipif(SSH is None, reason="no OpenSSH client")
def test_real_openssh_clients_cannot_take_each_other_s_names(
    start_server, tmp_path, ann_bob
) -> None:
    ann, bob = ann_bob
    files = {}
    for who, key in (("ann", ann), ("bob", bob)):
        files[who] = tmp_path / f"id_{who}"
        key.write_private_key(str(files[who]))
        files[who].chmod(0o600)
    line = b'footycards-names="bob" ' + bob.export_public_key()
    st = start_server(authorized_keys=keys_file(tmp_path, ann.export_public_key(), line))

    def ssh(key: Path, user: str) -> subprocess.CompletedProcess[bytes]:
        opts = ["-o", "StrictHostKeyChecking=no", "-o", "UserKnownHostsFile=/dev/null"]
        opts += ["-o", "BatchMode=yes", "-F", "/dev/null", "-i", str(key)]
        opts += ["-o", "IdentitiesOnly=yes", "-o", "ConnectTimeout=10"]
        return subprocess.run(
            [SSH, "-tt", *opts, "-p", str(st.port), f"{user}@127.0.0.1"],
            stdin=subprocess.DEVNULL,
            capture_output=True,
            timeout=30,
            env={**os.environ, "TERM": "xterm"},
        )

    done = ssh(files["ann"], "bob")
    assert done.returncode == 255
    assert b"The name bob belongs to another key" in done.stderr
    assert b"Permission denied" in done.stderr
    done = ssh(files["bob"], "ann")
    assert b"This key may only use the names bob" in done.stderr


async def test_without_keys_a_name_is_only_a_claim(start_server, clients) -> None:
    st = start_server()
    first = await clients(st.port, user="ann")
    await first.wait_for(LAUNCHER)
    second = Client()
    await second.connect(st.port, user="ann")  # loopback, no keys: nothing checks names
    await second.wait_for(LAUNCHER)
    await second.close()


def test_the_names_option_is_read_as_openssh_reads_options(ann_bob) -> None:
    ann, bob = ann_bob
    text = (
        b'command="echo footycards-names=eve",from="127.0.0.1" '
        + ann.export_public_key()
        + b'no-pty,footycards-names="bob,Bobby",footycards-names=rob '
        + bob.export_public_key()
        + b"# footycards-names=x\n"
    ).decode()
    names = key_names(text)
    assert names == {bob.get_fingerprint(): ["bob", "Bobby", "rob"]}


def test_workers_sharing_one_name_book_see_each_other_s_names(tmp_path) -> None:
    """The workers of `serve --workers N` each hold a NameBook of one names.json: a name
    taken in one is refused to another key in the others, and two names taken at once
    in two of them are both kept."""
    path = tmp_path / "names.json"
    one, two = NameBook.load(path, ""), NameBook.load(path, "")
    assert one.claim("Ann", "SHA256:a") is None
    assert two.refusal("ann", "SHA256:b") is not None  # the other worker knows it now
    assert two.claim("Bob", "SHA256:b") is None  # two had not read Ann's line before
    assert one.refusal("bob", "SHA256:a") is not None
    again = NameBook.load(path, "")
    assert again.owner("ann") == "SHA256:a" and again.owner("bob") == "SHA256:b"
