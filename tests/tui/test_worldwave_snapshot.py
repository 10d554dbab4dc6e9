"""Snapshots of the World Wave match screen at 120×40 and at 80×24 (pytest-textual-snapshot,
sync tests): a shot being answered by Ann, with equipped skills, an injured goalkeeper, a
Suspension in a pending zone and Ann's hand."""

from __future__ import annotations

from footycards.core.worldwave import DECK
from footycards.match import Match
from footycards.seats import parse_players
from footycards.tui.app import FootyApp

TOP = ["longball", "longball", "longball", "powershot", "foul", "save", "shoot", "controversy",
       "suspension", "wall", "shoot"]  # fmt: skip
# Ann: three Long balls, Power shot equipped, a Foul on Dan; Bob: Wall equipped, a
# Suspension on Cleo, a Shoot that Cleo has passed on: Ann is asked for a Save.
MOVES = ["event 1", *["pass"] * 5, "event 1", *["pass"] * 5, "event 1", *["pass"] * 5,
         "equip 1", "pass", "pass", "event 1 P4", *["pass"] * 5, "end", "equip 2", "pass",
         "pass", "event 1 P3", *["pass"] * 5, "shoot", "pass"]  # fmt: skip


def worldwave_app() -> FootyApp:
    deal = list(DECK)
    for card in TOP:
        deal.remove(card)
    options = {"characters": ["rooney", "terry", "costa", "okafor"], "deal": [*TOP, *deal]}
    match = Match.start("worldwave", parse_players("Ann,Bob,Cleo,Dan"), 7, options)
    for move in MOVES:
        match.apply(move)
    assert match.state.windows[-1]["kind"] == "save" and match.due == 0
    return FootyApp(match=match, speed="instant", theme="textual-dark", local={0}, autosave=False)


def test_worldwave_screen_snapshot_120x40(snap_compare):
    """Both teams' cards around the pitch, the shot on the pitch, the prompt, the hand."""
    assert snap_compare(worldwave_app(), terminal_size=(120, 40))


def test_worldwave_screen_snapshot_80x24(snap_compare):
    """The compact layout: one line per player, the hand's names, the feed narrower."""
    assert snap_compare(worldwave_app(), terminal_size=(80, 24))
