"""Choice, the launcher's one-line pick: keys, clicks, the Changed message, values set by
code and values refused."""

from __future__ import annotations

import pytest
from textual.app import App, ComposeResult
from textual.widgets import Input

from footycards.tui.widgets.choice import Choice

LEVELS = [("Easy", "easy"), ("Normal", "normal"), ("Hard", "hard")]


class ChoiceApp(App):
    """A Choice between two inputs, keeping every Changed it gets."""

    def __init__(self) -> None:
        super().__init__()
        self.changes: list[tuple[str | None, object]] = []

    def compose(self) -> ComposeResult:
        yield Input(id="above")
        yield Choice(LEVELS, "normal", label="Level", label_width=8, id="level")
        yield Input(id="below")

    def on_choice_changed(self, event: Choice.Changed) -> None:
        self.changes.append((event.control.id, event.value))


async def test_arrows_enter_and_space_step_through_the_choices_round_the_end():
    app = ChoiceApp()
    async with app.run_test() as pilot:
        choice = app.query_one(Choice)
        choice.focus()
        await pilot.press("right")
        assert choice.value == "hard"
        await pilot.press("right")  # round the end
        assert choice.value == "easy"
        await pilot.press("left", "left")
        assert choice.value == "normal"
        await pilot.press("enter")
        assert choice.value == "hard"
        await pilot.press("space")
        assert choice.value == "easy"
        await pilot.pause()
        assert app.changes == [
            ("level", "hard"),
            ("level", "easy"),
            ("level", "hard"),
            ("level", "normal"),
            ("level", "hard"),
            ("level", "easy"),
        ]


async def test_up_and_down_move_to_the_field_above_or_below():
    app = ChoiceApp()
    async with app.run_test() as pilot:
        app.query_one(Choice).focus()
        await pilot.press("down")
        assert app.focused is app.query_one("#below")
        app.query_one(Choice).focus()
        await pilot.press("up")
        assert app.focused is app.query_one("#above")
        assert app.query_one(Choice).value == "normal"


async def test_a_click_steps_on_and_a_click_on_the_back_arrow_steps_back():
    app = ChoiceApp()
    async with app.run_test() as pilot:
        choice = app.query_one(Choice)
        await pilot.click(Choice, offset=(14, 0))  # on the value
        assert choice.value == "hard"
        assert "‹ Hard   ›" in str(choice.render())
        # the ‹ sits after the padding (1) and the label padded to 8 cells and a space
        await pilot.click(Choice, offset=(1 + 8 + 1, 0))
        assert choice.value == "normal"


async def test_a_value_set_by_code_is_shown_and_announced_a_bad_one_refused():
    app = ChoiceApp()
    async with app.run_test() as pilot:
        choice = app.query_one(Choice)
        choice.value = "easy"
        await pilot.pause()
        assert app.changes == [("level", "easy")]
        assert str(choice.render()) == "Level    ‹ Easy   ›"
        with pytest.raises(ValueError, match="not one of the choices"):
            choice.value = "impossible"
        assert choice.value == "easy"  # nothing changed
        choice.value = "easy"  # the same value: no message
        await pilot.pause()
        assert app.changes == [("level", "easy")]


async def test_other_choices_keep_the_value_or_take_the_one_given():
    app = ChoiceApp()
    async with app.run_test() as pilot:
        choice = app.query_one(Choice)
        choice.set_choices([("One", 1), ("Two", 2)], 2)
        await pilot.pause()
        assert choice.value == 2 and choice.choices == [("One", 1), ("Two", 2)]
        assert app.changes == [("level", 2)]
        choice.set_choices([("One", 1), ("Two", 2), ("Three", 3)], 2, announce=False)
        with pytest.raises(ValueError):
            choice.set_choices([])
        await pilot.pause()
        assert app.changes == [("level", 2)]


async def test_a_disabled_choice_cannot_be_focused_or_changed():
    app = ChoiceApp()
    async with app.run_test() as pilot:
        choice = app.query_one(Choice)
        choice.disabled = True
        await pilot.click(Choice, offset=(14, 0))
        choice.focus()
        await pilot.pause()
        assert app.focused is not choice
        assert choice.value == "normal" and not app.changes


async def test_a_narrow_choice_shortens_the_value_not_the_arrows():
    class Narrow(App):
        CSS = "Choice { width: 16; }"

        def compose(self) -> ComposeResult:
            yield Choice([("A very long choice indeed", 1)], label="Who")

    app = Narrow()
    async with app.run_test() as pilot:
        await pilot.pause()
        shown = str(app.query_one(Choice).render())
        assert shown.startswith("Who ‹ ") and shown.endswith("… ›")
