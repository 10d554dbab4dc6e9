"""At 80×24 in every language no message is cut off: the launcher, Quartett's call
prompt, World Wave's draft figures; and no Chinese line starts with a closing
punctuation mark (issue 21, checked by hand in a terminal first)."""

from __future__ import annotations

import contextvars

import pytest
from language_check import screen_text
from rich.text import Text

from footycards import i18n
from footycards.match import Match
from footycards.seats import parse_players
from footycards.tui.app import FootyApp
from footycards.tui.widgets.packing import NO_LINE_START
from footycards.tui.widgets.worldwave_cards import wrap

LANGS = ["pl", "uk", "zh_Hant", "de"]


def app_in(lang: str, match: Match | None = None) -> FootyApp:
    return contextvars.copy_context().run(
        lambda: FootyApp(match, speed="instant", lang=lang, autosave=False)
    )


def match_in(lang: str, game: str, options: dict | None = None) -> Match:
    with i18n.language(lang):
        seats = parse_players("Ann,ai:normal")
    return Match.start(game, seats, 1, options or {})


@pytest.mark.parametrize("lang", LANGS)
async def test_the_launcher_cuts_no_word(lang: str) -> None:
    app = app_in(lang)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert "…" not in screen_text(app), screen_text(app)


@pytest.mark.parametrize("lang", LANGS)
async def test_quartetts_call_prompt_is_shown_whole(lang: str) -> None:
    match = match_in(lang, "quartett")
    app = app_in(lang, match)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        with i18n.language(lang):
            hint = app.screen.hint(0, match.view(0))
        shown = " ".join(screen_text(app).split())
        last = hint.split()[-1]
        assert last in shown, (hint, shown[-300:])


@pytest.mark.parametrize("lang", LANGS)
async def test_world_waves_draft_figures_are_not_cut(lang: str) -> None:
    match = match_in(lang, "worldwave")
    app = app_in(lang, match)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        lines = [ln for ln in screen_text(app).splitlines() if "⚽" in ln]
        assert lines and not any("…" in ln for ln in lines), lines


def test_no_chinese_line_starts_with_closing_punctuation() -> None:
    text = Text("行動階段限一次，棄置一至兩張手牌並抓同樣數量的牌。每回合限一次，己方打出射門時。")
    for width in range(12, 60):
        lines = [line.plain.strip() for line in wrap(text, width, indent=3)]
        assert "".join(lines) == text.plain  # nothing lost or added
        assert not any(line[:1] in NO_LINE_START for line in lines), (width, lines)


def test_text_modes_reward_list_says_the_cards_in_the_language() -> None:
    from footycards.textmode.stadium import render

    deal = ["RED", "F01", "F02", "F03", "F01", "F02", "F03", "F04"]
    deal += ["F04", "F05", "F05", "F06", "F06", "YELLOW", "VAR", "GAME"]
    match = Match.start(
        "stadium", parse_players("Ann,Bob"), 1, {"rows": 4, "cols": 4, "deal": deal}
    )
    match.apply("flip A1")
    match.apply("flip A2")
    with i18n.language("pl"):
        text = render(match.view(0))
    line = next(ln for ln in text.splitlines() if "Ann" in ln and "nagrody" in ln)
    assert "nagrody CZERWONA" in line and "RED" not in line, line


async def test_the_feed_starts_no_line_with_closing_punctuation() -> None:
    from textual.app import App, ComposeResult

    from footycards.tui.widgets.feed import MatchFeed

    class FeedApp(App):
        def compose(self) -> ComposeResult:
            yield MatchFeed(id="feed")

    app = FeedApp()
    async with app.run_test(size=(40, 10)) as pilot:
        feed = app.query_one(MatchFeed)
        entry = "最後一張牌被拿走：終場哨響。開球：2×2 看台上共 4 張牌。"
        for width in range(20, 40):
            lines = feed.wrap(entry, width)
            assert "".join(lines).replace(" ", "") == entry.replace(" ", "")
            assert not any(line[:1] in NO_LINE_START for line in lines), (width, lines)
        await pilot.pause()
