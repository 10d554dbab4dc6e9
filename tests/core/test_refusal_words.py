"""A refused word is quoted once in the refusal, whatever the game (not ''xyzzy'')."""

from __future__ import annotations

import pytest

from footycards.core import sadikov
from footycards.core.errors import IllegalAction, shown_word
from footycards.core.worldwave import notation


@pytest.mark.parametrize(
    "line, word",
    [("xyzzy", "xyzzy"), ("save 0", "0"), ("event 1 Q7", "Q7"), ("event 1 P99", "P99")],
)
def test_a_mistyped_world_wave_word_is_quoted_once(line: str, word: str) -> None:
    with pytest.raises(IllegalAction) as refused:
        notation.parse(line)
    text = str(refused.value)
    assert f"'{word}'" in text
    assert "''" not in text


def test_a_sadikov_refusal_quotes_its_word_once() -> None:
    state = sadikov.new_game(2, seed=1)
    before = state.to_json()
    for action in (sadikov.Action("jump", 1), sadikov.Action("take", "x")):  # type: ignore[arg-type]
        with pytest.raises(IllegalAction) as refused:
            state.apply(action)
        assert "''" not in str(refused.value)
        assert "jump" in str(refused.value) or "'x'" in str(refused.value)
    assert state.to_json() == before


def test_shown_word_keeps_non_words_recognisable() -> None:
    assert shown_word("abc") == "abc"
    assert shown_word(3) == "3"
    assert shown_word("a\x1bb") == repr("a\x1bb")
    assert len(shown_word("w" * 500)) == 40
