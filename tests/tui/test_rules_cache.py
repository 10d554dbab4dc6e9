"""The rules screen draws lines rendered once per process (RulesText): they are what a
Static with the game's Markdown draws, in the session's own language, and a second
session (an SSH server's) gets the same lines without rendering them again."""

from __future__ import annotations

from textual.app import App, ComposeResult
from textual.visual import Visual, visualize

from footycards.i18n import language
from footycards.rulesdoc import rules_document
from footycards.tui.app import FootyApp
from footycards.tui.screens import info
from footycards.tui.screens.info import RulesScreen, RulesText


def screen_text(app: App) -> str:
    return "\n".join(strip.text for strip in app.screen._compositor.render_strips())


async def test_the_lines_are_those_a_static_draws(tmp_path, monkeypatch) -> None:
    monkeypatch.setenv("FOOTYCARDS_HOME", str(tmp_path))
    app = FootyApp(speed="instant")
    async with app.run_test(size=(100, 30)) as pilot:
        while app.held_input is not None:  # the launcher's fields first: keys wait for them
            await pilot.pause()
        app.push_screen(RulesScreen("quartett"))
        await pilot.pause()
        text = app.screen.query_one(RulesText)
        width = text.size.width
        lines = text.rendered(width)
        with language("en"):
            expected = Visual.to_strips(
                text, visualize(text, rules_document("quartett")), width, None, text.visual_style
            )
        assert [strip.text for strip in lines] == [strip.text for strip in expected]
        assert lines == expected  # the same segments: text and styles
        assert text.size.height == len(lines)  # all of it, in the scroll container
        await pilot.press("end")  # the scroll container still scrolls it
        await pilot.pause()
        assert lines[-1].text.strip() in screen_text(app)


class OneRules(App[None]):
    def __init__(self, lang: str) -> None:
        super().__init__()
        self.lang = lang

    def compose(self) -> ComposeResult:
        with language(self.lang):
            yield RulesText("stadium")


async def test_each_language_has_its_own_lines_shared_by_sessions() -> None:
    info._rendered.clear()
    seen: dict[str, list] = {}
    for lang in ("de", "en", "de"):
        app = OneRules(lang)
        async with app.run_test(size=(90, 20)) as pilot:
            await pilot.pause()
            widget = app.query_one(RulesText)
            lines = widget.rendered(widget.size.width)
            if lang in seen:
                assert lines is seen[lang]  # the second German session: not rendered again
            seen[lang] = lines
    german = " ".join(strip.text for strip in seen["de"])
    english = " ".join(strip.text for strip in seen["en"])
    assert german != english
    with language("de"):
        first_heading = rules_document("stadium").markup.lstrip("# ").splitlines()[0]
    assert first_heading.split()[0] in german
    assert len({key[0] for key in info._rendered}) == 2  # a rules file per language
