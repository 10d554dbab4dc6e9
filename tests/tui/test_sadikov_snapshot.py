"""Snapshot of the Sadikov's Football screen (pytest-textual-snapshot, a sync test)."""

from __future__ import annotations

from footycards.core.sadikov import KEEPER_DECK, MAIN_DECK
from footycards.match import Match
from footycards.seats import parse_players
from footycards.tui.app import FootyApp
from footycards.tui.screens.sadikov import SadikovScreen


class SadikovApp(FootyApp):
    """The app, opening Sadikov matches on SadikovScreen whatever the registry says yet."""

    def open_game(self, match: Match) -> None:
        self.push_screen(SadikovScreen(match, self.local, self.drive_ai))


def sadikov_app() -> FootyApp:
    """A fixed deal, part-played: a saved free kick (a penalty card, an added card, the
    keeper discard), an attack in the aktiv, a closed column."""
    deal = list(MAIN_DECK)
    # column tops (positions 8, 17, 26, 35, 44): 9♠, 9♠, 6♥, 7♦, K♣; then Bob's 10♥ on 9♥
    for pos, card in {8: "9S", 17: "9S", 26: "6H", 35: "7D", 44: "KC"}.items():
        j = next(i for i, c in enumerate(deal) if c == card and i not in (8, 17, 26, 35, 44))
        deal[pos], deal[j] = deal[j], deal[pos]
    keeper = ["3H", "4S"] + [c for c in KEEPER_DECK if c not in ("3H", "4S")]
    options = {"deal": deal, "keeper": keeper}
    table = Match.start("sadikov", parse_players("Ann,Bob"), 5, options)
    for move in ["take 1", "take 3", "take 2", "take 4", "take 3"]:
        table.apply(move)
    return SadikovApp(match=table, speed="instant", theme="textual-dark")


def test_sadikov_screen_snapshot(snap_compare):
    """Five columns as a cascade, both aktivs, the score, reserve and keeper cards."""
    assert snap_compare(sadikov_app(), terminal_size=(120, 40))
