"""Remembered settings: written atomically, read value by value, a damaged file set aside."""

from __future__ import annotations

import json

from footycards import settings
from footycards.i18n import LANGUAGES, pick_language
from footycards.settings import SeatSetting, Settings, load, save, settings_path, update


def test_settings_round_trip_in_the_config_folder():
    """What is saved comes back; the file lives in the user config folder."""
    kept = Settings(
        game="quartett",
        seat_count=3,
        seats=[SeatSetting("human", "Ann"), SeatSetting("hard", "Bob")],
        options={"quartett": {"mode": "quartett", "round_limit": "12"}},
        theme="nord",
        language="de",
        speed="fast",
    )
    assert save(kept) is None
    assert settings_path().parent.name == "config"
    back, notice = load()
    assert notice is None
    assert back == kept


def test_no_file_means_defaults_and_no_message():
    """A first start: nothing remembered, nothing to say."""
    assert load() == (Settings(), None)


def test_unknown_or_wrong_values_are_left_out_one_by_one():
    """A game gone, an option gone, a value an option no longer takes, a bad seat kind,
    a bad pace: each is dropped on its own and the rest is kept."""
    settings_path().parent.mkdir(parents=True)
    settings_path().write_text(
        json.dumps(
            {
                "game": "no-such-game",  # not registered (World Wave was, until it joined)
                "seat_count": "three",
                "seats": [{"kind": "human", "name": "Ann"}, {"kind": "genius", "name": "X"}],
                "options": {
                    "stadium": {"rows": "4", "cols": "999", "gone": 1, "first": "stadium"},
                    "quartett": {"mode": "chess"},
                    "nogame": {"x": 1},
                    "sadikov": "not a dict",
                },
                "theme": 7,
                "language": "pl",
                "speed": "warp",
            }
        )
    )
    got, notice = load()
    assert notice is None
    assert got.game is None and got.seat_count is None
    assert got.seats == [SeatSetting("human", "Ann")]
    assert got.options == {"stadium": {"rows": "4", "first": "stadium"}}
    assert got.theme is None and got.speed is None and got.language == "pl"


def test_a_damaged_file_is_set_aside_once_and_defaults_used():
    """Not JSON: kept as settings.json.damaged, said once, then defaults without a word."""
    path = settings_path()
    path.parent.mkdir(parents=True)
    path.write_text('{"game": "stadium", ')
    got, notice = load()
    assert got == Settings()
    assert notice and "settings.json.damaged" in notice
    assert (path.parent / "settings.json.damaged").read_text() == '{"game": "stadium", '
    assert not path.exists()
    assert load() == (Settings(), None)
    path.write_text("[1, 2]")  # JSON, but not an object
    got, notice = load()
    assert notice and (path.parent / "settings.json.damaged-2").exists()


def test_update_keeps_the_rest():
    """Changing the theme keeps the seats that were remembered."""
    save(Settings(game="sadikov", speed="slow"))
    assert update(theme="nord") is None
    got, _ = load()
    assert (got.game, got.speed, got.theme) == ("sadikov", "slow", "nord")


def test_a_failed_save_is_a_message(tmp_path, monkeypatch):
    """A config folder that cannot be written: a message, no exception, no file."""
    blocker = tmp_path / "blocker"
    blocker.write_text("a file where the folder should be")
    monkeypatch.setattr(settings, "settings_path", lambda: blocker / "settings.json")
    assert save(Settings(theme="nord"))


def test_remembered_language_comes_after_lang_and_the_environment(monkeypatch):
    """--lang, then FOOTYCARDS_LANG, then the remembered language, then the locale."""
    monkeypatch.setattr("footycards.i18n.available_languages", lambda: list(LANGUAGES))
    save(Settings(language="uk"))
    remembered = settings.peek_language()
    assert remembered == "uk"
    monkeypatch.setenv("LANG", "pl_PL.UTF-8")
    monkeypatch.delenv("LC_ALL", raising=False)
    monkeypatch.delenv("LC_MESSAGES", raising=False)
    monkeypatch.delenv("FOOTYCARDS_LANG", raising=False)
    assert pick_language(None, remembered) == "uk"
    assert pick_language("de", remembered) == "de"
    monkeypatch.setenv("FOOTYCARDS_LANG", "zh_Hant")
    assert pick_language(None, remembered) == "zh_Hant"
    monkeypatch.delenv("FOOTYCARDS_LANG")
    assert pick_language(None, None) == "pl"
