"""Plurals, contexts, joiners and AI seat names in each language (issue 21)."""

from __future__ import annotations

import pickle

import pytest
from click.testing import CliRunner

from footycards.core import IllegalAction
from footycards.i18n import _, clauses_text, labelled, language, list_text, pgettext
from footycards.match import Match
from footycards.narration import explain
from footycards.registry import playable_now
from footycards.seats import parse_players
from footycards.stats import streak_label
from footycards.tui.screens.sadikov import reshuffled_text
from footycards.tui.screens.stadium import reward_badge


def discard_refusal(n: int) -> IllegalAction:
    from footycards.core.worldwave.state import DISCARD_COUNT

    one, many = DISCARD_COUNT
    return IllegalAction(one, "discard_count", many, n=n)


@pytest.mark.parametrize(
    ("lang", "n", "said"),
    [
        ("pl", 1, "odrzuć dokładnie 1 kartę"),
        ("pl", 3, "odrzuć dokładnie 3 karty"),
        ("pl", 5, "odrzuć dokładnie 5 kart"),
        ("uk", 2, "скинь рівно 2 карти"),
        ("uk", 11, "скинь рівно 11 карт"),
        ("de", 1, "wirf genau 1 Karte ab"),
        ("zh_Hant", 2, "請剛好棄 2 張牌"),
    ],
)
def test_a_counted_refusal_takes_the_languages_plural(lang: str, n: int, said: str) -> None:
    exc = discard_refusal(n)
    with language(lang):
        assert explain(exc) == said
    assert str(exc) == ("discard exactly 1 card" if n == 1 else f"discard exactly {n} cards")
    back = pickle.loads(pickle.dumps(exc))
    with language(lang):
        assert explain(back) == said


def test_the_keeper_deck_reshuffle_and_a_streak_count_in_the_language() -> None:
    with language("pl"):
        assert reshuffled_text(2) == "talia bramkarza przetasowana (2 karty)"
        assert reshuffled_text(5) == "talia bramkarza przetasowana (5 kart)"
        assert streak_label("W5") == "5 wygranych" and streak_label("L2") == "2 porażki"
    with language("zh_Hant"):
        assert streak_label("W3") == "3連勝"
    assert streak_label("D1") == "1 drawn"


def test_games_has_a_meaning_for_each_place() -> None:
    with language("pl"):
        assert pgettext("list of games", "Games") == "Gry"
        assert pgettext("matches played", "Games") == "Mecze"


def test_lists_clauses_and_labels_are_joined_as_the_language_writes() -> None:
    with language("zh_Hant"):
        assert list_text(["甲", "乙", "丙"]) == "甲、乙、丙"
        assert clauses_text(["甲", "乙"]) == "甲；乙"
        assert labelled("Ann", "你好") == "Ann：你好"
        line = playable_now()
        assert ", " not in line and ". " not in line and "、" in line
    with language("de"):
        assert list_text(["A", "B"]) == "A, B" and labelled("Ann", "hallo") == "Ann: hallo"


def test_the_badges_of_the_reward_cards_are_the_languages_letters() -> None:
    with language("uk"):
        assert [reward_badge(k) for k in ("YELLOW", "RED", "VAR", "GAME")] == [
            " Ж ",
            " Ч ",
            " V ",
            " Г ",
        ]
    assert reward_badge("YELLOW") == " Y "
    with language("de"):  # GELB and PLAY GAME do not share a letter
        assert reward_badge("YELLOW") != reward_badge("GAME")


def test_an_ai_seat_is_named_in_each_viewers_language() -> None:
    with language("de"):
        seats = parse_players("Ann,ai:normal,ai:normal")
    match = Match.start("stadium", seats, 1, {"rows": 4, "cols": 4})
    assert match.seats[1].name == "KI normal"  # the host's language named it
    with language("zh_Hant"):
        assert match.names() == ["Ann", "電腦 普通", "電腦 普通 2"]
    with language("uk"):
        assert match.name(2) == _("AI {level}").format(level=_("normal")) + " 2"
    assert match.names() == ["Ann", "AI normal", "AI normal 2"]


def test_a_person_named_like_an_ai_keeps_the_name() -> None:
    seats = parse_players("AI normal,ai:easy")
    match = Match.start("stadium", seats, 1, {"rows": 4, "cols": 4})
    with language("zh_Hant"):
        assert match.name(0) == "AI normal"


def test_clicks_did_you_mean_counts_in_the_language() -> None:
    from footycards.cli import main

    def said(word: str) -> str:
        return CliRunner().invoke(main, ["--lang", "pl", "sim", "stadium", word]).output

    assert "Czy chodziło o '--rows'?" in said("--rowz")
    two = said("--cows")
    assert "(Czy chodziło o jedno z: '--cols', '--rows'?)" in two, two
    assert "Did you mean" not in two


def test_help_headings_take_the_languages_colon() -> None:
    from footycards.cli import main

    said = CliRunner().invoke(main, ["--lang", "zh-Hant", "play", "--help"]).output
    assert "選項：" in said and "選項:" not in said, said
    english = CliRunner().invoke(main, ["play", "--help"]).output
    assert "\nOptions:\n" in english
