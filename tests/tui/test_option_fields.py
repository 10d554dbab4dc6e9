"""Game options as typed kinds (issue 18): each kind converts what people typed or refuses
it with a message naming the option; the launcher and the Host form build the same
fields from them, and a seat option offers P1 … Pn for a table of n."""

from __future__ import annotations

import os

import pytest

from footycards.options import (
    ChoiceOption,
    FilesOption,
    IntOption,
    OptionSpec,
    OptionValueError,
    SeatOption,
)
from footycards.registry import REGISTRY, get_spec
from footycards.tables import TableHub
from footycards.tui.app import FootyApp
from footycards.tui.screens.launcher import LauncherScreen
from footycards.tui.screens.tables import HostScreen, host_options
from footycards.tui.widgets.choice import Choice
from footycards.tui.widgets.option_fields import field_id

ROWS = IntOption("rows", "Table rows", "", default=10, minimum=2, maximum=26)
SHOOTOUT = ChoiceOption(
    "shootout",
    "Penalty shoot-out",
    "",
    default="off",
    choices=(("off", "Off"), ("on", "On")),
    values=(("on", True), ("off", False)),
)
FIRST = SeatOption("first", "Who starts", "", choices=(("random", "Random"),))
DECKS = FilesOption("deck", "Deck files", "", several_key="decks")
ONE_DECK = FilesOption("deck", "Deck file", "")


def test_a_whole_number_is_taken_in_its_range_and_refused_outside_it():
    assert ROWS.convert("4", 2) == {"rows": 4} and ROWS.convert(" 26 ", 2) == {"rows": 26}
    assert ROWS.convert(7, 2) == {"rows": 7} and ROWS.convert("", 2) == {}
    for bad in ("1", "27", "-3"):
        with pytest.raises(
            OptionValueError, match="Table rows must be a whole number from 2 to 26"
        ):
            ROWS.convert(bad, 2)
    for bad in ("x", "4.5", True, [4]):
        with pytest.raises(OptionValueError, match="Table rows must be a whole number"):
            ROWS.convert(bad, 2)
    assert ROWS.offers(2) is None and ROWS.placeholder() == "2–26" and ROWS.metavar() == "2-26"
    assert ROWS.start() == "10"


def test_a_choice_is_one_of_its_values_and_reaches_the_engine_mapped():
    assert SHOOTOUT.convert("on", 2) == {"shootout": True}
    assert SHOOTOUT.convert("OFF", 2) == {"shootout": False}  # as click's case_sensitive=False
    with pytest.raises(
        OptionValueError, match=r"Penalty shoot-out must be one of: off, on \(not 'maybe'\)"
    ):
        SHOOTOUT.convert("maybe", 2)
    assert SHOOTOUT.offers(6) == (("off", "Off"), ("on", "On"))
    assert SHOOTOUT.fits("on", 2) and not SHOOTOUT.fits("maybe", 2)
    assert SHOOTOUT.form_value("maybe", 2) == "off"  # a saved misfit: the start


def test_a_seat_is_a_number_from_1_up_to_the_table_or_a_word():
    assert FIRST.convert("3", 3) == {"first": 2}  # seats from 1 for people, from 0 for engines
    assert FIRST.convert("Random", 2) == {"first": "random"}
    for bad in ("4", "0", "anyone"):
        with pytest.raises(
            OptionValueError, match="Who starts: a seat number from 1 to 3, or random"
        ):
            FIRST.convert(bad, 3)
    for n in (2, 6, 10):
        values = [value for value, _text in FIRST.offers(n)]
        assert values == ["random", *(str(k) for k in range(1, n + 1))]
    assert FIRST.offers(6)[-1] == ("6", "P6 starts")
    assert FIRST.form_value("6", 2) == "random"  # a sixth seat at a table of two: the start


def test_files_are_one_or_several_paths(tmp_path):
    deck = tmp_path / "mine.toml"
    deck.write_text("")
    assert DECKS.convert(str(deck), 2) == {"deck": os.path.abspath(deck)}
    assert DECKS.convert(("a.toml", "b.toml"), 2) == {"decks": ["a.toml", "b.toml"]}
    assert DECKS.convert("a.toml, b.toml", 2) == {"decks": ["a.toml", "b.toml"]}  # a form
    assert DECKS.convert(" , ", 2) == {}
    with pytest.raises(OptionValueError, match="Deck file: give one file"):
        ONE_DECK.convert("a.toml,b.toml", 2)
    with pytest.raises(OptionValueError, match="give file names"):
        DECKS.convert([3], 2)
    assert DECKS.multiple and not ONE_DECK.multiple and DECKS.names_files
    assert DECKS.engine_keys() == ("deck", "decks") and ROWS.engine_keys() == ("rows",)


def test_every_declared_option_is_of_a_kind():
    """Every registered option is one of the kinds (no option of a bare base class)."""
    kinds = (IntOption, ChoiceOption, SeatOption, FilesOption)
    for spec in REGISTRY:
        for opt in spec.options:
            assert isinstance(opt, kinds) and isinstance(opt, OptionSpec), (spec.id, opt.name)
            assert opt.fits(opt.start(), spec.min_players) or opt.offers(2) is None


async def host_form(app: FootyApp, pilot) -> HostScreen:
    await pilot.pause()
    await pilot.press("f5")
    while not isinstance(app.screen, HostScreen):
        await pilot.pause()
    await pilot.pause()
    return app.screen


async def test_the_host_form_offers_p1_to_pn_for_n_seats(tmp_path):
    """A 6-seat Stadium table can let any of its six start (it offered P1 and P2 only),
    and a smaller table no seat past its size."""
    stadium = get_spec("stadium")
    first = stadium.option("first")
    app = FootyApp(hub=TableHub(ai_delay=0), user="Ann", speed="instant", home=tmp_path)
    async with app.run_test(size=(80, 30)) as pilot:
        host = await host_form(app, pilot)
        assert host.game_id == "stadium"
        field_ = host.query_one(f"#{field_id(stadium, first)}", Choice)
        for n in (*stadium.counts(), 2):
            host.query_one("#seatcount", Choice).value = n
            await pilot.pause()
            seats = [value for _text, value in field_.choices if value.isdecimal()]
            assert seats == [str(k) for k in range(1, n + 1)]
            assert field_.choices[-1][0] == f"P{n} starts"
        host.query_one("#seatcount", Choice).value = 6
        await pilot.pause()
        field_.value = "6"
        host.query_one("#seatcount", Choice).value = 3
        await pilot.pause()
        assert field_.value == "stadium"  # the sixth seat is gone: the start again


async def test_launcher_and_host_form_offer_the_same_options_for_every_game(tmp_path):
    """For every game of the registry, at each of its table sizes: the same fields, with
    the same labels, choices and starting values, in the launcher of a remote session and
    on the Host form (both leave out file options)."""
    app = FootyApp(hub=TableHub(ai_delay=0), user="Ann", speed="instant", home=tmp_path)
    async with app.run_test(size=(100, 40)) as pilot:
        await pilot.pause()
        launcher = app.screen
        assert isinstance(launcher, LauncherScreen)
        host = await host_form(app, pilot)
        compared = 0
        for spec in REGISTRY.with_screens():
            host.query_one("#game", Choice).value = spec.id
            await launcher.pick_game(spec.id)
            await pilot.pause()
            offered = launcher.offered(spec)
            assert offered == host_options(spec)
            assert not any(opt.names_files for opt in offered)
            for n in spec.counts():
                host.query_one("#seatcount", Choice).value = n
                launcher.query_one("#seatcount", Choice).value = n
                await launcher.refresh_seats()
                await pilot.pause()
                for opt in offered:
                    wid = f"#{field_id(spec, opt)}"
                    mine, theirs = launcher.query_one(wid), host.query_one(wid)
                    assert type(mine) is type(theirs), wid
                    assert mine.value == theirs.value, wid  # type: ignore[attr-defined]
                    assert mine.display == theirs.display, wid
                    if isinstance(mine, Choice) and isinstance(theirs, Choice):
                        assert mine.choices == theirs.choices and mine.label == theirs.label
                    compared += 1
        assert compared >= sum(len(host_options(s)) for s in REGISTRY.with_screens())
