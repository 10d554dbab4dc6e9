"""The text mode in every language: the view, the help, the moves, refusals and the end
of a whole game come out in the chosen language (no English but names and the notation
typed); a pseudo-translated catalogue shows that every line of it is marked."""

from __future__ import annotations

import io
import re
import tomllib
from pathlib import Path

import pytest
from language_check import english_fragments, english_words, write_pseudo_catalogue

from footycards import i18n
from footycards.match import Match, make_agent
from footycards.registry import REGISTRY
from footycards.seats import parse_players
from footycards.textmode import run

ASSETS = Path(__file__).resolve().parents[2] / "assets"
GAMES = [spec.id for spec in REGISTRY]
LANGS = [code for code in i18n.LANGUAGES if code != "en"]
QUICK = {"stadium": {"rows": 4, "cols": 4}, "quartett": {"round_limit": 20}}
# the commands of the text mode and the verbs of the four notations: typed as they are
COMMANDS = {"moves", "legal", "board", "help", "undo", "quit", "exit", "notation", "xyzzy"}
VERBS = {"flip", "var", "match", "yellow", "red", "steal", "pass", "call", "ask", "take"}
VERBS |= {"shoot", "freekick", "penalty", "end", "save", "equip", "pick", "terry", "event"}
VERBS |= {"anticipation", "skill", "discard", "games", "goals", "fairness", "abwehr", "angriff"}


class Typist:
    """The input of a text-mode game: a few commands and a mistake, then each move of the
    seat due as a random agent chooses it from the match being played (line by line)."""

    def __init__(self, match: Match) -> None:
        self.match = match
        self.agent = make_agent(match.game_id, "random")
        self.first = ["help", "moves", "xyzzy", "board"]  # xyzzy: a mistake

    def readline(self) -> str:
        if self.first:
            return self.first.pop(0) + "\n"
        if self.match.is_over:
            return ""
        view = self.match.view(self.match.due)
        return f"{self.agent.choose(view, self.match.legal_actions(), self.match.rng)}\n"


def notation_words(game_id: str) -> set[str]:
    """The words of the game's notation (flip, call, goals …) met in a whole game."""
    words: set[str] = COMMANDS | VERBS
    match = Match.start(game_id, parse_players("ai:random,ai:random"), 1, QUICK.get(game_id))
    while not match.is_over:
        for action in list(match.legal_actions())[:200]:
            words.update(re.findall(r"[A-Za-z]+", str(action)))
        match.play_ai()
    return words


def names() -> set[str]:
    """Names shown as they are: footballers, clubs, characters, games, German labels."""
    words = {"Ann", "footycards", "Nit", "VAR", "PLAY", "GAME", "JOKER", "GK", "DF", "MF", "FW"}
    for path in [*ASSETS.glob("decks/*.toml"), ASSETS / "worldwave" / "roster.toml"]:
        for entries in tomllib.loads(path.read_text(encoding="utf-8")).values():
            for entry in entries if isinstance(entries, list) else []:
                for key in ("name", "club"):
                    words.update(re.findall(r"[A-Za-z']+", str(entry.get(key, ""))))
    for spec in REGISTRY:
        words.update(re.findall(r"[A-Za-z']+", spec.name))
    from footycards.textmode.quartett import LABELS

    for label in LABELS.values():
        words.update(re.findall(r"[A-Za-z']+", label))
    words |= {a + b for r in "JQKA" for s in "SHDC" for a, b in ((r, s), (s, r))}
    return words


def played(game_id: str, lang: str) -> str:
    """The output of a whole text-mode game in `lang`, Ann against a random AI."""
    with i18n.language(lang):
        match = Match.start(game_id, parse_players("Ann,ai:random"), 3, QUICK.get(game_id))
        out = io.StringIO()
        run(match, Typist(match), out)  # type: ignore[arg-type]
    assert match.is_over
    return out.getvalue()


def unquoted(text: str) -> str:
    """The text without what it quotes ('flip C7', 「moves」): notation typed as it is."""
    return re.sub(r"'[^'\n]*'|「[^」\n]*」|“[^”\n]*”|„[^“\n]*“|«[^»\n]*»", " ", text)


def leaks(out: str, found: list[str]) -> str:
    return "\n".join([ln for ln in out.splitlines() if any(f in ln for f in found)][:15])


@pytest.mark.parametrize("game_id", GAMES)
def test_every_text_mode_line_is_marked(game_id, tmp_path, monkeypatch):
    write_pseudo_catalogue(tmp_path, "de")
    monkeypatch.setattr(i18n, "LOCALE_DIR", tmp_path)
    i18n.translation.cache_clear()
    try:
        out = played(game_id, "de")
    finally:
        i18n.translation.cache_clear()
    found = english_words(unquoted(out), names() | notation_words(game_id))
    assert found == [], leaks(unquoted(out), found)


@pytest.mark.parametrize("game_id", GAMES)
@pytest.mark.parametrize("lang", LANGS)
def test_the_text_mode_in_each_language(lang, game_id):
    if lang not in i18n.available_languages():
        pytest.fail(f"no {lang} catalogue")
    out = played(game_id, lang)
    allowed = names() | notation_words(game_id)
    found = english_fragments(out, i18n.translation(lang), allowed)
    if lang in ("zh_Hant", "uk"):  # no Latin word in these but names and notation
        found += english_words(unquoted(out), allowed)
    assert found == [], f"{lang}: " + leaks(out, found)
