"""Shared tables are saved as they play; a restarted server deals them again for the same
players, who take their seats back by name (from the list or by code)."""

from __future__ import annotations

import asyncio

from footycards.saves import SaveStore
from footycards.tables import TableHub

TRUMPS = {"round_limit": 3}  # Quartett top trumps: three calls and the game is over


class Inbox:
    """A session's listener: keeps every change pushed to it."""

    def __init__(self) -> None:
        self.changes: list = []

    def __call__(self, change) -> None:
        self.changes.append(change)


def playing_table(store: SaveStore):
    hub = TableHub(takeover_wait=0.05, ai_delay=0, store=store)
    table = hub.open_table("Ann", "sadikov", [None, None], {})
    ann_at = table.sit("Ann", Inbox())
    bob_at = table.sit("Bob", Inbox())
    match = table.match
    assert match is not None
    for _ in range(6):
        match.apply(match.legal_actions()[0])
    return hub, table, ann_at, bob_at, match


def test_a_table_game_is_saved_after_every_move(tmp_path):
    store = SaveStore(tmp_path)
    hub, table, ann_at, bob_at, match = playing_table(store)
    (entry,) = store.list()
    assert entry.id == f"table-{table.code}-1" and entry.moves == len(match.actions) == 6
    match.apply(match.legal_actions()[0])
    (entry,) = store.list()
    assert entry.moves == 7


async def test_a_restarted_server_deals_the_tables_again_for_the_same_players(tmp_path):
    store = SaveStore(tmp_path)
    hub, table, ann_at, bob_at, match = playing_table(store)
    code, before = table.code, match.state.to_json()
    for table_ in list(hub.tables.values()):
        table_.close()  # the server stops

    again = TableHub(takeover_wait=0.05, ai_delay=0, store=SaveStore(tmp_path))
    (restored,) = again.restore()
    assert restored.code == code and restored.match is not None
    assert restored.match.state.to_json() == before
    assert restored.seat_names() == ["Ann", "Bob"] and restored.is_away(0) and restored.is_away(1)
    assert restored in again.open_tables("bob") and restored not in again.open_tables("Cleo")
    assert again.open_tables() == []  # no free seat for anybody else
    await asyncio.sleep(0.2)
    assert not restored.chairs[0].taken_over  # nobody back yet: no AI plays for them
    bob = restored.sit("Bob", Inbox())
    assert bob.seat == 1 and restored.view(bob) == restored.match.view(1)
    assert restored.chairs[0].timer is not None  # Bob is back: Ann's usual wait begins
    restored.match.apply(restored.match.legal_actions()[0])
    (entry,) = SaveStore(tmp_path).list()
    assert entry.id == f"table-{code}-1" and entry.moves == 7  # it goes on in the same file


def test_a_finished_table_game_goes_to_the_history_and_is_not_restored(tmp_path):
    store = SaveStore(tmp_path)
    hub = TableHub(takeover_wait=60, ai_delay=0, store=store)
    table = hub.open_table("Ann", "quartett", [None, None], TRUMPS)
    table.sit("Ann", Inbox())
    table.sit("Bob", Inbox())
    match = table.match
    assert match is not None
    while not match.is_over:
        match.apply(match.legal_actions()[0])
    assert store.list() == [] and list((tmp_path / "history").glob("table-*.json"))
    assert TableHub(store=SaveStore(tmp_path)).restore() == []


def test_a_damaged_table_save_is_left_alone(tmp_path):
    store = SaveStore(tmp_path)
    playing_table(store)
    (entry,) = store.list()
    entry.path.write_text("{broken", encoding="utf-8")
    assert TableHub(store=SaveStore(tmp_path)).restore() == []
    assert entry.path.exists()
