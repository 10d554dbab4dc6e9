"""Engines' OptionError and DeckError carry templates and parameters; front ends say them
in the session's language (issue 21)."""

from __future__ import annotations

import ast
import pickle
from pathlib import Path

import pytest

import footycards
from footycards.core import DeckError, OptionError, get_game
from footycards.i18n import language
from footycards.narration import problem_text

CORE = Path(footycards.__file__).resolve().parent / "core"

# (game, players, options) that each game refuses with an OptionError
BAD = [
    ("stadium", 9, None),
    ("stadium", 2, {"rows": 1}),
    ("stadium", 2, {"dice": [7]}),
    ("stadium", 2, {"bogus": 1}),
    ("stadium", 2, {"first": "stadium", "stadium_dates": ["2999-01-01", None]}),
    ("quartett", 9, None),
    ("quartett", 2, {"mode": "skat"}),
    ("quartett", 2, {"round_limit": 0}),
    ("sadikov", 3, None),
    ("sadikov", 2, {"letters": "fr"}),
    ("sadikov", 2, {"keeper": ["x"]}),
    ("worldwave", 3, None),
    ("worldwave", 2, {"characters": ["nobody", "rooney"]}),
    ("worldwave", 2, {"halves": "yes"}),
]


def refusal(game: str, players: int, options: dict | None) -> OptionError:
    with pytest.raises(OptionError) as info:
        get_game(game).new_game(players, 1, options)
    return info.value


@pytest.mark.parametrize(("game", "players", "options"), BAD)
@pytest.mark.parametrize("lang", ["pl", "uk", "zh_Hant", "de"])
def test_an_option_refusal_is_said_in_the_language(
    game: str, players: int, options: dict | None, lang: str
) -> None:
    exc = refusal(game, players, options)
    assert exc.code != "option" and exc.template  # a reason code and a template
    assert str(exc) == exc.template.format(**exc.params)  # the English, for scripts
    with language(lang):
        said = problem_text(exc)
    assert said != str(exc), f"{lang}: still English: {said}"


def test_a_game_name_in_a_refusal_is_translated() -> None:
    with language("uk"):
        assert "Футбол Садикова" in problem_text(refusal("sadikov", 3, None))


def test_an_unknown_option_is_named_in_every_language() -> None:
    exc = refusal("quartett", 2, {"bogus": 1})
    with language("de"):
        text = problem_text(exc)
    assert text.startswith("Quartett hat keine Option bogus;") and "round_limit" in text


def test_a_refusal_survives_pickling_with_its_template() -> None:
    exc = refusal("stadium", 2, {"rows": 1})
    back = pickle.loads(pickle.dumps(exc))
    assert (back.template, back.code, back.params, str(back)) == (
        exc.template,
        exc.code,
        exc.params,
        str(exc),
    )


def test_a_deck_file_problem_is_said_in_the_language(tmp_path: Path) -> None:
    deck = tmp_path / "deck.toml"
    deck.write_text('name = "x"\n[[footballer]]\nid = "F1"\nname = "A"\nstars = 5\n')
    with pytest.raises(DeckError) as info:
        get_game("stadium").new_game(2, 1, {"deck": str(deck)})
    exc = info.value
    assert exc.params == {"stars": 5}
    with language("pl"):
        assert problem_text(exc).endswith("stars musi być 1, 2 albo 3, nie 5")


def templates(node: ast.Call) -> list[ast.expr]:
    """The template arguments of an OptionError(...) or DeckError(...) call."""
    name = node.func.id if isinstance(node.func, ast.Name) else ""
    if name == "OptionError":
        return node.args[:1]
    if name == "DeckError":
        return node.args[2:3]
    return []


def test_every_engine_refusal_of_options_and_decks_is_a_template() -> None:
    """No f-string or joined text as a template: Babel could not extract it, so it would
    stay English; the values go in as parameters."""
    found = []
    for path in sorted(CORE.rglob("*.py")):
        if path.name.startswith("_") and path.name != "__init__.py":
            continue  # not a module of the game (a scratch copy)
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.Call):
                for arg in templates(node):
                    plain = isinstance(arg, ast.Constant) and isinstance(arg.value, str)
                    if not (plain or isinstance(arg, ast.Name)):
                        found.append(f"{path.name}:{node.lineno}")
    assert found == []


def test_a_game_name_in_a_refusal_is_said_in_the_language() -> None:
    exc = refusal("worldwave", 3, None)
    assert exc.params["game"] == "World Wave"
    with language("zh_Hant"):
        said = problem_text(exc)
    assert "世界波" in said and "World Wave" not in said
