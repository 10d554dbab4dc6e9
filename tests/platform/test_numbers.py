"""Numbers and dates as each language writes them (Babel's CLDR data): 1.234 and 8,0 in
German, 1 234 in Polish and Ukrainian, 2026年12月2日 in Chinese."""

from __future__ import annotations

import datetime as dt
import re

import pytest

from footycards import i18n
from footycards.i18n import format_moment, format_number

NBSP = "\xa0"


@pytest.mark.parametrize(
    ("lang", "thousands", "fairness"),
    [
        ("en", "1,234", "8.0"),
        ("de", "1.234", "8,0"),
        ("pl", f"1{NBSP}234", "8,0"),
        ("uk", f"1{NBSP}234", "8,0"),
        ("zh_Hant", "1,234", "8.0"),
    ],
)
def test_numbers_follow_the_language(lang, thousands, fairness):
    assert format_number(1234, lang) == thousands
    assert format_number(8.0, lang, decimals=1) == fairness
    with i18n.language(lang):
        assert format_number(1234) == thousands  # the session's language by default


@pytest.mark.parametrize(
    ("lang", "shown"),
    [
        ("en", "2026-12-02 14:28"),
        ("de", "02.12.2026 14:28"),
        ("zh_Hant", "2026年12月2日 14:28"),
    ],
)
def test_dates_follow_the_language(lang, shown):
    assert format_moment(dt.datetime(2026, 12, 2, 14, 28), lang) == shown


def test_quartett_figures_and_saves_in_german():
    """Quartett's figures and the saves' dates, as a German session shows them."""
    from footycards.saves import when
    from footycards.textmode.quartett import value

    with i18n.language("de"):
        assert value("fairness", 8.0) == "8,0" and value("games", 1234) == "1.234"
        assert when("2026-12-02T14:28:00").endswith(":28")
        assert "." in when("2026-12-02T14:28:00")
    with i18n.language("en"):
        assert value("fairness", 8.0) == "8.0" and value("games", 312) == "312"


def test_sim_figures_in_the_chosen_language(footycards_home):
    from click.testing import CliRunner

    from footycards.cli import main

    if "de" not in i18n.available_languages():
        pytest.fail("no German catalogue")
    out = CliRunner().invoke(main, ["--lang", "de", "sim", "stadium", "--games", "4", "--quiet"])
    assert out.exit_code == 0, out.output
    assert re.search(r"\d,\d %", out.output), out.output  # win rates: 50,0 %
