"""`footycards` as its script starts it (`footycards.cli.start.run`): with nothing given it
opens the launcher in the language the click group would choose (FOOTYCARDS_LANG, the
language last chosen, the locale); anything given, or a FOOTYCARDS_LANG to refuse, goes
to the click group. That it imports no click is tests/tui/test_startup_imports.py's."""

from __future__ import annotations

import contextvars
import gc
import json
import sys

import pytest

from footycards.cli import start
from footycards.tui.app import FootyApp


@pytest.fixture
def opened(monkeypatch, tmp_path) -> list[FootyApp]:
    """The apps `run` would run (not run), with an empty FOOTYCARDS_HOME."""
    apps: list[FootyApp] = []
    monkeypatch.setattr(FootyApp, "run", lambda self: apps.append(self))
    monkeypatch.setattr(gc, "freeze", lambda: None)  # not this test process's objects
    monkeypatch.setenv("FOOTYCARDS_HOME", str(tmp_path))
    monkeypatch.setenv("LANGUAGE", "")  # run sets it for click's words: put back after
    monkeypatch.delenv("FOOTYCARDS_LANG", raising=False)
    for var in ("LC_ALL", "LC_MESSAGES", "LANG"):
        monkeypatch.setenv(var, "C")
    return apps


def run(monkeypatch, *args: str) -> None:
    monkeypatch.setattr(sys, "argv", ["footycards", *args])
    contextvars.copy_context().run(start.run)  # its language stays in that context


def test_nothing_given_opens_the_launcher_in_footycards_lang(monkeypatch, opened):
    monkeypatch.setenv("FOOTYCARDS_LANG", "de_DE.UTF-8")
    run(monkeypatch)
    assert [(app.lang, app.remember_lang) for app in opened] == [("de", None)]


def test_nothing_given_opens_the_launcher_in_the_language_last_chosen(
    monkeypatch, opened, tmp_path
):
    (tmp_path / "config").mkdir()
    kept = tmp_path / "config" / "settings.json"  # where FOOTYCARDS_HOME keeps them
    kept.write_text(json.dumps({"language": "pl"}), encoding="utf-8")
    run(monkeypatch)
    assert [app.lang for app in opened] == ["pl"]


def test_a_footycards_lang_without_a_catalogue_is_refused_by_the_click_group(
    monkeypatch, opened, capsys
):
    monkeypatch.setenv("FOOTYCARDS_LANG", "xx")
    with pytest.raises(SystemExit) as ended:
        run(monkeypatch)
    assert ended.value.code == 2
    assert "FOOTYCARDS_LANG: 'xx' has no translation" in capsys.readouterr().err
    assert opened == []


def test_anything_given_goes_to_the_click_group(monkeypatch, opened, capsys):
    with pytest.raises(SystemExit) as ended:
        run(monkeypatch, "--version")
    assert ended.value.code == 0
    assert "version" in capsys.readouterr().out
    with pytest.raises(SystemExit):  # the launcher, through click, in the language given
        run(monkeypatch, "--lang", "uk")
    assert [(app.lang, app.remember_lang) for app in opened] == [("uk", "uk")]
