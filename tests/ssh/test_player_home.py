"""Each SSH user has their own folder: their settings and unfinished games are theirs."""

from __future__ import annotations

from footycards.match import Match
from footycards.saves import Autosaver
from footycards.savethread import shared_save_thread
from footycards.seats import parse_players
from footycards.ssh.session import SessionInfo, default_app, player_home


def info(user: str) -> SessionInfo:
    return SessionInfo(1, user, "127.0.0.1", "xterm-256color", "256", None, 80, 24)


def test_each_user_continues_only_their_own_games():
    ann, bob = default_app(info("ann")), default_app(info("bob"))
    assert ann.store.root != bob.store.root
    assert ann.settings_file != bob.settings_file
    match = Match.start("sadikov", parse_players("ann,ai:easy"), 3, {})
    Autosaver(match, ann.store)
    match.apply(match.legal_actions()[0])
    assert shared_save_thread().drain(5)  # a session's saves are written off its loop
    assert [e.id for e in ann.store.list()] and not bob.store.list()


def test_player_folders_are_safe_names_and_keep_lookalikes_apart():
    odd = player_home("../../etc")
    assert odd.parent.name == "players" and "/" not in odd.name and ".." not in odd.name
    assert player_home("Ann") != player_home("ann") != player_home("Ann_")
    assert player_home("Ann").name.startswith("Ann-")
