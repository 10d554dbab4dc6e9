"""The in-app rules texts name each game's options as the launcher and `--help` do."""

from __future__ import annotations

import re

import pytest

from footycards.registry import REGISTRY, get_spec


@pytest.mark.parametrize("game_id", REGISTRY.ids())
def test_options_named_in_the_rules_exist_under_that_name(game_id):
    """A rules text's "the option *Rank letters*" is the label of one of the game's
    options (it said "Suit letters" for Sadikov's `--letters`)."""
    spec = get_spec(game_id)
    text = spec.rules_path().read_text(encoding="utf-8")
    named = re.findall(r"option \*{1,2}([^*]+)\*{1,2}", text)
    labels = {o.label for o in spec.options}
    assert set(named) <= labels, f"{sorted(set(named) - labels)} are no options of {game_id}"
