"""The games' names in the session's language: 世界波 in Traditional Chinese, Sadikov's
Football as Футбол Садикова in Ukrainian, Bundesliga Quartett in German everywhere
(issue 21)."""

from __future__ import annotations

import contextvars

import pytest
from click.testing import CliRunner
from language_check import screen_text

from footycards import i18n
from footycards.registry import get_spec
from footycards.tui.app import FootyApp
from footycards.tui.screens.stats import StatsScreen

NAMES = {
    "zh_Hant": {"worldwave": "世界波", "stadium": "Stadium 球場"},
    "uk": {"sadikov": "Футбол Садикова", "quartett": "Bundesliga Quartett"},
    "pl": {"sadikov": "Futbol Sadikowa", "worldwave": "World Wave 世界波"},
    "de": {"sadikov": "Sadikovs Fußball", "quartett": "Bundesliga Quartett"},
}


@pytest.mark.parametrize("lang", sorted(NAMES))
def test_each_game_has_its_name_in_the_language(lang: str) -> None:
    with i18n.language(lang):
        for game, name in NAMES[lang].items():
            assert get_spec(game).label == name
            assert get_spec(game).title("quartett" if game == "quartett" else None).startswith(name)
    assert get_spec("worldwave").label == "World Wave"  # English outside a session


async def test_the_launcher_and_the_statistics_name_the_games_in_chinese() -> None:
    app = contextvars.copy_context().run(lambda: FootyApp(lang="zh_Hant", autosave=False))
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        text = screen_text(app)
        assert "世界波" in text and "World Wave" not in text
        app.push_screen(StatsScreen("worldwave"))
        await pilot.pause(0.3)
        text = screen_text(app)
        assert "世界波" in text and "World Wave" not in text
        assert "Sadikov's Football" not in text and "Sadikov 足球" in text


def test_the_help_lists_the_games_in_the_language() -> None:
    from footycards.cli import main

    result = CliRunner().invoke(main, ["--lang", "zh-Hant", "play", "--help"], terminal_width=100)
    assert result.exit_code == 0, result.output
    assert "世界波：" in result.output and "World Wave" not in result.output
