"""The registry's games and options and the seats are frozen values, as frozen dataclasses
were: set once, compared and hashed by their fields, copied with changes, pickled."""

from __future__ import annotations

import copy
import pickle
from dataclasses import FrozenInstanceError

import pytest

from footycards.options import ChoiceOption, IntOption, SeatOption
from footycards.registry import GameSpec, SetupQuestion, SimTable, get_spec
from footycards.seats import SeatSpec


def test_a_value_is_set_once():
    seat = SeatSpec("Ann")
    with pytest.raises(FrozenInstanceError):
        seat.name = "Bob"  # type: ignore[misc]
    with pytest.raises(FrozenInstanceError):
        del seat.ai  # type: ignore[misc]
    assert seat.name == "Ann" and seat.ai is None


def test_values_are_equal_and_hashed_by_their_fields_and_kind():
    assert SeatSpec("Ann", "easy") == SeatSpec("Ann", "easy")
    assert SeatSpec("Ann", "easy") != SeatSpec("Ann", "hard")
    assert len({SeatSpec("Ann"), SeatSpec("Ann"), SeatSpec("Bob")}) == 2
    rows = IntOption("rows", "Rows", "", minimum=2, maximum=26)
    assert rows == IntOption("rows", "Rows", "", minimum=2, maximum=26)
    assert rows != IntOption("rows", "Rows", "", minimum=2, maximum=25)
    # another kind with the same common fields is another value
    assert SeatOption("first", "Who", "") != ChoiceOption("first", "Who", "", choices=())
    assert SimTable("t", ("a",), (("1",),)) == SimTable("t", ("a",), (("1",),), "", ())


def test_a_value_shows_its_fields():
    assert repr(SeatSpec("Ann", "easy")) == "SeatSpec(name='Ann', ai='easy')"
    question = SetupQuestion("dates", ("first", "stadium"), "Title", "Prompt")
    assert repr(question) == (
        "SetupQuestion(option='dates', when=('first', 'stadium'), title='Title', "
        "prompt='Prompt', kind='date')"
    )


def test_replace_copies_with_changes_and_refuses_unknown_fields():
    spec = get_spec("stadium")
    bare = spec.replace(id="bare", screen=None)
    assert isinstance(bare, GameSpec) and bare.id == "bare" and bare.screen is None
    assert bare.options == spec.options and spec.id == "stadium"
    with pytest.raises(TypeError, match="colour"):
        spec.replace(colour="red")


def test_values_survive_pickling_and_copying():
    spec = get_spec("quartett")
    for again in (pickle.loads(pickle.dumps(spec)), copy.deepcopy(spec), copy.copy(spec)):
        assert again == spec and again.options == spec.options
    seat = SeatSpec("Ann", "hard")
    assert pickle.loads(pickle.dumps(seat)) == seat
