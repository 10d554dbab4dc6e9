"""Every game played in every language, and no English on screen but names.

Two checkers (tests/language_check.py). In a pseudo-translated catalogue every message is
written with diacritics (`Leave` → `Ĺêåṽê`): a whole game of each game is played in it, and
any plain word left on the screen (names, keys and card faces aside) was never marked for
translation. In each shipped language (pl, zh-Hant, uk, de) the start and the end of a game
of each game are played, and no translated message may show its English words; in
Chinese and Ukrainian no Latin word but a name may show at all.
"""

from __future__ import annotations

import contextvars
import re
import tomllib
from pathlib import Path

import pytest
from language_check import english_fragments, english_words, screen_text, write_pseudo_catalogue

from footycards import i18n
from footycards.match import Match, make_agent
from footycards.registry import REGISTRY
from footycards.seats import parse_players
from footycards.tui.app import FootyApp
from footycards.tui.screens.game import GameScreen

ASSETS = Path(__file__).resolve().parents[2] / "assets"
GAMES = [spec.id for spec in REGISTRY.with_screens()]
LANGS = [code for code in i18n.LANGUAGES if code != "en"]
QUICK = {"stadium": {"rows": 4, "cols": 4}, "quartett": {"round_limit": 20}}
KEY_NAMES = {"esc", "tab", "shift", "space", "enter", "ctrl", "Pg", "Up", "Dn", "pgup", "pgdn"}
KEY_NAMES |= {"Home", "End"}
# Sadikov's rank and suit letters (`♥HQ♥`, `Q♥H`: --letters, not the language), World
# Wave's position codes
CARD_FACES = {a + b for r in "JQKA" for s in "SHDC" for a, b in ((r, s), (s, r))}
CARD_FACES |= {"GK", "DF", "MF", "FW"}


def names_in_the_data() -> set[str]:
    """The words of the names the games show as they are: footballers, clubs, Quartett's
    German category labels, World Wave's characters (in Latin letters), the game names."""
    # Stadium's and Sadikov's card names as printed on the cards (kept by translators)
    words: set[str] = {"footycards", "Nit", "VAR", "PLAY", "GAME", "JOKER", "Ann", "Bob"}
    words |= set(i18n.LANGUAGE_NAMES.values())
    for path in [*ASSETS.glob("decks/*.toml"), ASSETS / "worldwave" / "roster.toml"]:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
        for entries in data.values():
            if not isinstance(entries, list):
                continue
            for entry in entries:
                for key in ("name", "club"):
                    if isinstance(entry.get(key), str):
                        words.update(re.findall(r"[A-Za-z']+", entry[key]))
    for spec in REGISTRY:
        words.update(re.findall(r"[A-Za-z']+", spec.name))
    from footycards.textmode.quartett import LABELS

    for label in LABELS.values():
        words.update(re.findall(r"[A-Za-z']+", label))
    return words


def allowed_words(app: FootyApp) -> set[str]:
    """Names, keys, card faces and themes, and the start and end of each name (a panel
    too narrow cuts a name, not a message: `…nn`)."""
    themes = {part for name in app.available_themes for part in name.split("-")}
    names = names_in_the_data()
    cut = {w[:k] for w in names for k in range(2, len(w))}
    cut |= {w[-k:] for w in names for k in range(2, len(w))}
    return names | cut | KEY_NAMES | CARD_FACES | themes


def seats(lang: str, players: str = "Ann,ai:random"):
    """The seats as a session in `lang` makes them (the AI seats named in it)."""
    with i18n.language(lang):
        return parse_players(players)


def new_app(match: Match | None, lang: str) -> FootyApp:
    return contextvars.copy_context().run(
        lambda: FootyApp(match, speed="instant", lang=lang, autosave=False)
    )


class Screens:
    """What a checker found on the screens of one app, with the line each was on."""

    def __init__(self, app: FootyApp, check) -> None:
        self.app, self.check, self.found = app, check, {}

    def look(self, where: str) -> None:
        text = screen_text(self.app)
        for bad in self.check(text):
            line = next((ln for ln in text.splitlines() if bad in ln), "")
            self.found.setdefault(bad, f"{where}: {line.strip()[:120]}")


async def play(app: FootyApp, pilot, match: Match, screens: Screens, tag: str, limit: int):
    """Ann's moves chosen by a random agent and sent through the game screen, the AI's
    played by the app, up to `limit` actions or the end; the screen is looked at as it
    goes, at the end, and with its keys shown."""
    helper = make_agent(match.game_id, "random")
    await pilot.pause()
    screens.look(f"{tag} start")
    start = len(match.actions)
    for step in range(600):
        if match.is_over or len(match.actions) - start >= limit:
            break
        if not isinstance(app.screen, GameScreen):  # a question or notice: read, answer
            screens.look(f"{tag} {type(app.screen).__name__}")
            await pilot.press("enter")
        elif match.due == 0:
            action = helper.choose(match.view(0), match.legal_actions(), match.rng)
            assert app.screen.send(str(action)), action
        await pilot.pause(0.02)
        if step % 8 == 0:
            screens.look(f"{tag} move {len(match.actions)}")
    await pilot.pause(0.2)
    await app.workers.wait_for_complete()
    await pilot.pause()
    screens.look(f"{tag} {'end' if match.is_over else 'later'}")
    await pilot.press("question_mark")
    await pilot.pause()
    screens.look(f"{tag} keys")
    await pilot.press("escape")


def near_the_end(game_id: str, seed: int, left: int, lang: str) -> Match:
    """Ann against an AI, dealt and played up to the last `left` actions of the game."""
    table = seats(lang)
    whole = Match.start(game_id, table, seed, QUICK.get(game_id))
    whole.agents[0] = make_agent(game_id, "random")
    whole.run_ai()
    match = Match.start(game_id, table, seed, QUICK.get(game_id))
    for action in whole.actions[: max(0, len(whole.actions) - left)]:
        match.apply(action)
    return match


@pytest.fixture
def pseudo(tmp_path, monkeypatch):
    """Every message pseudo-translated, as the session language "de"."""
    write_pseudo_catalogue(tmp_path, "de")
    monkeypatch.setattr(i18n, "LOCALE_DIR", tmp_path)
    i18n.translation.cache_clear()
    yield "de"
    i18n.translation.cache_clear()


@pytest.mark.parametrize("game_id", GAMES)
async def test_a_whole_game_shows_no_unmarked_english(game_id, pseudo):
    match = Match.start(game_id, seats(pseudo), 5, QUICK.get(game_id))
    app = new_app(match, pseudo)
    async with app.run_test(size=(120, 40)) as pilot:
        screens = Screens(app, lambda text: english_words(text, allowed_words(app)))
        await play(app, pilot, match, screens, game_id, limit=400)
        assert match.is_over
    assert screens.found == {}, "\n".join(f"{w!r} at {at}" for w, at in screens.found.items())


async def test_the_launcher_shows_no_unmarked_english(pseudo):
    app = new_app(None, pseudo)
    async with app.run_test(size=(80, 24)) as pilot:
        screens = Screens(app, lambda text: english_words(text, allowed_words(app)))
        await pilot.pause()
        screens.look("launcher")
        for key in ("f2", "escape", "f3", "escape", "ctrl+o", "escape"):
            await pilot.press(key)
            await pilot.pause()
            screens.look(f"launcher {key}")
    assert screens.found == {}, "\n".join(f"{w!r} at {at}" for w, at in screens.found.items())


def language_checker(app: FootyApp, lang: str):
    """English fragments of translated messages; in Chinese and Ukrainian any Latin word
    that is not a name."""
    catalogue = i18n.translation(lang)
    allowed = allowed_words(app)
    if lang in ("zh_Hant", "uk"):
        return lambda text: (
            english_fragments(text, catalogue, allowed) + english_words(text, allowed)
        )
    return lambda text: english_fragments(text, catalogue, allowed)


@pytest.mark.parametrize("game_id", GAMES)
@pytest.mark.parametrize("lang", LANGS)
async def test_a_game_in_each_language_shows_no_english(lang, game_id):
    if lang not in i18n.available_languages():
        pytest.fail(f"no {lang} catalogue")
    found: dict[str, str] = {}
    for tag, match, limit in (
        ("start", Match.start(game_id, seats(lang), 3, QUICK.get(game_id)), 12),
        ("end", near_the_end(game_id, 3, 6, lang), 50),
    ):
        app = new_app(match, lang)
        async with app.run_test(size=(120, 40)) as pilot:
            screens = Screens(app, language_checker(app, lang))
            await play(app, pilot, match, screens, f"{game_id} {tag}", limit)
            if tag == "end":
                assert match.is_over
        found.update(screens.found)
    assert found == {}, f"{lang}:\n" + "\n".join(f"{w!r} at {at}" for w, at in found.items())


@pytest.mark.parametrize("lang", LANGS)
async def test_the_launcher_in_each_language_shows_no_english(lang):
    if lang not in i18n.available_languages():
        pytest.fail(f"no {lang} catalogue")
    app = new_app(None, lang)
    async with app.run_test(size=(80, 24)) as pilot:
        screens = Screens(app, language_checker(app, lang))
        await pilot.pause()
        screens.look("launcher")
        for key in ("f1", "escape", "f2", "escape", "f3", "escape", "ctrl+o", "escape"):
            await pilot.press(key)
            await pilot.pause()
            screens.look(f"launcher {key}")
    assert screens.found == {}, f"{lang}:\n" + "\n".join(
        f"{w!r} at {at}" for w, at in screens.found.items()
    )
