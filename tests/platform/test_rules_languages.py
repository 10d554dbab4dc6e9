"""The in-app rules (F1, `footycards rules`) in every language: each translation exists and
names every rule id the English text names (a house ruling is never lost in translation),
and the rules screen and command show the session's language."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from footycards import i18n
from footycards.registry import REGISTRY

RULE_ID = re.compile(r"\b[A-Z][0-9]+\.[0-9]+\b")  # S2.2, Q4.1, F3.3, W6.2
LANGS = [code for code in i18n.LANGUAGES if code != "en"]
GAMES = [spec.id for spec in REGISTRY]


def english(game: str) -> Path:
    return REGISTRY.get(game).rules_path()


def translated(game: str, lang: str) -> Path:
    path = english(game)
    return path.with_name(f"{path.stem}.{lang}{path.suffix}")


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("game", GAMES)
def test_the_rules_in_each_language_name_every_rule_id(game, lang):
    path = translated(game, lang)
    assert path.is_file(), f"{game} has no rules in {lang}: {path.name}"
    want = set(RULE_ID.findall(english(game).read_text(encoding="utf-8")))
    got = set(RULE_ID.findall(path.read_text(encoding="utf-8")))
    assert sorted(want - got) == [], f"{path.name} leaves out rule ids"
    assert "House ruling" not in path.read_text(encoding="utf-8")  # said in the language


@pytest.mark.parametrize("lang", LANGS)
def test_the_rules_shown_are_the_sessions_language(lang):
    from footycards.rulesdoc import rules_markdown

    with i18n.language(lang):
        text = rules_markdown("stadium")
    assert text == translated("stadium", lang).read_text(encoding="utf-8")
    with i18n.language("en"):
        assert rules_markdown("stadium") == english("stadium").read_text(encoding="utf-8")


def test_footycards_rules_prints_them_in_the_chosen_language():
    from click.testing import CliRunner

    from footycards.cli import main

    if "de" not in i18n.available_languages():
        pytest.fail("no German catalogue: the rules command cannot be asked for German")
    out = CliRunner().invoke(main, ["--lang", "de", "rules", "quartett"]).output
    first = translated("quartett", "de").read_text(encoding="utf-8").splitlines()[0]
    assert first.lstrip("# ").strip() in out
