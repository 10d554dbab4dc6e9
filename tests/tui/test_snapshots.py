"""Snapshots of the launcher and the Stadium screen (pytest-textual-snapshot, sync tests)."""

from __future__ import annotations

from footycards import registry
from footycards.match import Match
from footycards.seats import parse_players
from footycards.tui.app import FootyApp

DEAL_4X4 = (
    ["F01", "F02", "YELLOW", "F03"]
    + ["F01", "F02", "F03", "F04"]
    + ["F04", "F05", "F05", "F06"]
    + ["F06", "RED", "VAR", "GAME"]
)


def stadium_app(size_rows: int = 4, seed: int = 5) -> FootyApp:
    """A Stadium game with a fixed deal, part-played so faces, rewards and the feed show."""
    if size_rows == 4:
        opts = {"rows": 4, "cols": 4, "deal": DEAL_4X4}
    else:
        opts = {}
    table = Match.start("stadium", parse_players("Ann,Bob"), seed, opts)
    if size_rows == 4:
        for move in ["flip D3", "flip D4", "flip A1", "flip B1", "flip A3"]:
            table.state.apply(move)
    return FootyApp(match=table, speed="instant", theme="textual-dark")


def test_launcher_snapshot(snap_compare, monkeypatch):
    """The launcher: games, seats, table size, who starts, speed and theme. The registry is
    held to the games of the picture, so adding a game does not change it (that every
    registered game is offered is test_registry's test)."""
    monkeypatch.setattr(registry.REGISTRY, "specs", [registry.STADIUM, registry.QUARTETT,
                                                     registry.SADIKOV])  # fmt: skip
    monkeypatch.setattr(registry, "COMING", ("World Wave 世界波",))
    assert snap_compare(FootyApp(speed="instant", theme="textual-dark"), terminal_size=(120, 40))


def test_stadium_screen_snapshot(snap_compare):
    """A 4×4 table mid-game: a pair taken, rewards held, a face-up card, the feed."""
    assert snap_compare(stadium_app(), terminal_size=(120, 40))


def test_stadium_full_table_compact_snapshot(snap_compare):
    """The 10×10 table at 80×24: compact cards, every row visible."""
    assert snap_compare(stadium_app(10), terminal_size=(80, 24))


def quartett_app(mode: str) -> FootyApp:
    table = Match.start("quartett", parse_players("Ann,ai:normal,ai:hard"), 3, {"mode": mode})
    if mode == "fussball":
        table.state.apply("call fairness")
        while table.is_ai(table.state.to_move) and not table.state.is_over:
            table.play_ai()
    return FootyApp(match=table, speed="instant", theme="textual-dark")


def test_quartett_card_snapshot(snap_compare):
    """Top trumps: the caller's card with every category, and the last round's cards."""
    assert snap_compare(quartett_app("fussball"), terminal_size=(120, 40))


def test_quartett_ask_picker_snapshot(snap_compare):
    """Quartett: the hand grouped by quartet and the second step of the ask picker."""
    assert snap_compare(quartett_app("quartett"), terminal_size=(120, 40), press=["a", "1"])
