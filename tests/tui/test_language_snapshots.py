"""Snapshots in Traditional Chinese and Ukrainian: the launcher and the Stadium screen at
120×40 and 80×24 (wide characters and longer words in their columns, nothing cut).

They show the shipped catalogues: after a translation changes, look at the new pictures
and update these (pytest --snapshot-update tests/tui/test_language_snapshots.py)."""

from __future__ import annotations

import contextvars

import pytest

from footycards import i18n, registry
from footycards.match import Match
from footycards.seats import parse_players
from footycards.tui.app import FootyApp

DEAL_4X4 = (
    ["F01", "F02", "YELLOW", "F03"]
    + ["F01", "F02", "F03", "F04"]
    + ["F04", "F05", "F05", "F06"]
    + ["F06", "RED", "VAR", "GAME"]
)
SIZES = [(120, 40), (80, 24)]
LANGS = ["zh_Hant", "uk"]


def in_language(lang: str, make):
    """Build an app the way a session in `lang` does (its seats named in it)."""

    def build():
        i18n.use_language(lang)
        return make()

    return contextvars.copy_context().run(build)


def stadium_app(lang: str) -> FootyApp:
    def make() -> FootyApp:
        table = Match.start(
            "stadium", parse_players("Ann,ai:easy"), 5, {"rows": 4, "cols": 4, "deal": DEAL_4X4}
        )
        for move in ["flip D3", "flip D4", "flip A1", "flip B1", "flip A3"]:
            table.state.apply(move)
        return FootyApp(match=table, speed="instant", theme="textual-dark", lang=lang)

    return in_language(lang, make)


@pytest.fixture
def three_games(monkeypatch):
    """The registry held to the games of the pictures (a new game changes none of them)."""
    monkeypatch.setattr(registry.REGISTRY, "specs", [registry.STADIUM, registry.QUARTETT,
                                                     registry.SADIKOV])  # fmt: skip
    monkeypatch.setattr(registry, "COMING", ("World Wave 世界波",))


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("lang", LANGS)
def test_launcher_in_language(snap_compare, three_games, lang, size):
    assert lang in i18n.available_languages(), f"no {lang} catalogue"
    app = in_language(lang, lambda: FootyApp(speed="instant", theme="textual-dark", lang=lang))
    assert snap_compare(app, terminal_size=size)


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("lang", LANGS)
def test_stadium_screen_in_language(snap_compare, lang, size):
    assert lang in i18n.available_languages(), f"no {lang} catalogue"
    assert snap_compare(stadium_app(lang), terminal_size=size)
