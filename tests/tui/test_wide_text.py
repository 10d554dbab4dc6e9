"""Chinese text is two cells a character: it is padded, centred and cut by cells (Rich's
`cell_len`), never cut in half, and lines up in the key bar, the stands and the tables."""

from __future__ import annotations

import contextvars

import pytest
from language_check import screen_text
from rich.cells import cell_len

from footycards import i18n
from footycards.cells import center, cut, pad
from footycards.match import Match
from footycards.seats import parse_players
from footycards.tui.app import FootyApp
from footycards.tui.widgets.keybar import KeyBar
from footycards.tui.widgets.stands import fit, reward_label


def test_cells_pad_centre_and_cut_by_cells():
    assert cell_len(pad("射門", 6)) == 6 and pad("射門", 6) == "射門  "
    assert center("黃牌", 8) == "  黃牌  "
    assert cut("自由球射門", 5) == "自由…" and cell_len(cut("自由球射門", 6)) <= 6
    assert cut("自由球", 3, ellipsis="") == "自"  # a half character is left out, not drawn
    assert cut("Ann", 5) == "Ann" and pad("Ann", 5) == "Ann  "
    for width in range(0, 12):
        assert cell_len(cut("世界波 World Wave", width)) <= width
        assert cell_len(pad("世界波", width)) == max(width, 0) or width < 1


def test_the_stands_show_a_reward_by_cells_in_chinese():
    with i18n.language("zh_Hant"):
        for width in (3, 4, 5, 8):
            label = reward_label("YELLOW", width)
            assert cell_len(label) <= width and "\ufffd" not in label
            assert cell_len(fit(label, width)) == width


def rows_of(app: FootyApp) -> list[str]:
    return screen_text(app).splitlines()


@pytest.mark.parametrize("size", [(80, 24), (120, 40)])
@pytest.mark.parametrize("game_id", ["stadium", "quartett", "sadikov", "worldwave"])
async def test_chinese_screens_fit_their_width(game_id, size):
    """Every line of a game screen in Chinese is as wide as the terminal at most, and the
    key bar shows each key's whole label (or leaves the key out)."""
    if "zh_Hant" not in i18n.available_languages():
        pytest.fail("no zh_Hant catalogue")
    with i18n.language("zh_Hant"):
        seats = parse_players("Ann,ai:random")
    options = {"rows": 4, "cols": 4} if game_id == "stadium" else None
    match = Match.start(game_id, seats, 3, options)
    app = contextvars.copy_context().run(
        lambda: FootyApp(match, speed="instant", lang="zh_Hant", autosave=False)
    )
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        rows = rows_of(app)
        assert all(cell_len(row) <= size[0] for row in rows), [
            (cell_len(r), r) for r in rows if cell_len(r) > size[0]
        ]
        bar_row = rows[-1]
        entries, _palette = app.screen.query_one(KeyBar).collect()
        for entry in entries:
            first = entry.keys[0]
            if f"{first.display} " in bar_row:  # shown: its whole label beside it
                assert f"{first.display} {entry.label}" in bar_row, (entry.label, bar_row)
