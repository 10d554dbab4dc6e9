"""`footycards stats`: the table per game, --game, and --reset with its confirmation."""

from __future__ import annotations

from click.testing import CliRunner

from footycards.cli import main
from footycards.stats import DRAWN, LOST, WON, SeatResult, Stats


def run(args: list[str], stdin: str = "") -> tuple[int, str]:
    result = CliRunner().invoke(main, args, input=stdin)
    return result.exit_code, result.output


def some_games() -> Stats:
    stats = Stats()
    stats.record("stadium", [SeatResult("Ann", None, WON, 17), SeatResult("Bob", None, LOST, 4)])
    stats.record("stadium", [SeatResult("Ann", None, WON, 9), SeatResult("Bob", None, LOST, 12)])
    stats.record(
        "sadikov", [SeatResult("Cleo", None, DRAWN, 2), SeatResult("AI hard", "hard", DRAWN, 2)]
    )
    return stats


def test_stats_lists_every_game_and_player():
    """Each game a table: played, won, best score, streak and form per player."""
    some_games()
    code, out = run(["stats"])
    assert code == 0
    assert "Stadium" in out and "Sadikov's Football" in out
    ann = next(line for line in out.splitlines() if "Ann" in line)
    assert "17" in ann and "2 won" in ann and "WW" in ann
    assert "AI hard" in out and "1 drawn" in out


def test_stats_of_one_game():
    """--game shows that game only."""
    some_games()
    code, out = run(["stats", "--game", "sadikov"])
    assert code == 0
    assert "Cleo" in out and "Ann" not in out


def test_no_games_yet_says_so():
    """An empty database: a sentence, not an empty table."""
    code, out = run(["stats"])
    assert code == 0 and "No games recorded yet" in out


def test_reset_asks_first_and_no_changes_nothing():
    """--reset asks; answering no keeps every game."""
    stats = some_games()
    code, out = run(["stats", "--reset"], stdin="n\n")
    assert code == 0
    assert "Forget all 3 recorded games" in out and "Nothing was changed" in out
    assert stats.count() == 3


def test_reset_yes_clears():
    """Answering yes, or --yes, clears the statistics."""
    stats = some_games()
    code, out = run(["stats", "--reset"], stdin="y\n")
    assert code == 0 and "3 games forgotten" in out
    assert stats.count() == 0
    some_games()
    code, out = run(["stats", "--reset", "--yes"])
    assert code == 0 and stats.count() == 0


def test_a_text_mode_game_with_people_is_recorded():
    """Finishing `footycards text` with a person at the table adds it to the statistics;
    `sim` (AI only) adds nothing."""
    code, _out = run(["sim", "sadikov", "--games", "3", "--quiet"])
    assert code == 0 and Stats().count() == 0
    moves = "".join(f"take {c}\n" for c in [1, 2, 3, 4, 5] * 400)
    code, out = run(["text", "sadikov", "--players", "Ann,ai:random", "--seed", "4"], moves)
    assert code == 0, out
    rows = Stats().players("sadikov")
    assert sorted(r.player for r in rows) == ["AI random", "Ann"]
    assert all(r.played == 1 for r in rows)


def test_the_remembered_language_is_used_without_lang(monkeypatch):
    """No --lang and no FOOTYCARDS_LANG: the command runs in the remembered language."""
    import footycards.cli.app as cli
    from footycards.settings import Settings, save

    save(Settings(language="uk"))
    chosen: list[str | None] = []
    monkeypatch.setattr(cli, "use_language", chosen.append)
    monkeypatch.setattr(
        "footycards.i18n.available_languages", lambda: ["de", "en", "pl", "uk", "zh_Hant"]
    )
    monkeypatch.delenv("FOOTYCARDS_LANG", raising=False)
    assert run(["stats"])[0] == 0
    assert run(["--lang", "de", "stats"])[0] == 0
    monkeypatch.setenv("FOOTYCARDS_LANG", "pl")
    assert run(["stats"])[0] == 0
    assert chosen == ["uk", "de", "pl"]


def test_practice_games_are_named_under_the_table():
    """A practice game (a move taken back across a card seen) is said so under its table."""
    stats = some_games()
    stats.record(
        "stadium",
        [SeatResult("Ann", None, WON, 30), SeatResult("Bob", None, LOST, 1)],
        practice=True,
    )
    code, out = run(["stats", "--game", "stadium"])
    assert code == 0 and "Practice games" in out and "Ann 1" in out
    ann = next(line for line in out.splitlines() if "Ann" in line and "won" in line)
    assert "30" not in ann and "17" in ann  # its score is no best


def test_quartett_has_one_table_per_mode():
    """Cards (top trumps) and quartets are not one "Best" column: a table per mode."""
    stats = Stats()
    stats.record(
        "quartett",
        [SeatResult("Ann", None, WON, 32), SeatResult("Bob", None, LOST, 0)],
        mode="fussball",
    )
    stats.record(
        "quartett",
        [SeatResult("Ann", None, LOST, 2), SeatResult("Bob", None, WON, 6)],
        mode="quartett",
    )
    code, out = run(["stats"], "")
    assert code == 0
    assert "Bundesliga Quartett — Fußball" in out and "Bundesliga Quartett — Quartett" in out
    fussball, quartett = out.split("Bundesliga Quartett — Quartett")
    ann_cards = next(line for line in fussball.splitlines() if "Ann" in line)
    ann_quartets = next(line for line in quartett.splitlines() if "Ann" in line)
    assert "32" in ann_cards and ann_cards.split("│")[-2].strip() == "W"  # best, form
    assert "32" not in ann_quartets and ann_quartets.split("│")[-2].strip() == "L"


def test_stats_marks_games_with_hints_and_says_so_as_plain_text():
    """A game with hints is a small letter in the form, and the caption names who played
    such games; a name that looks like markup is printed as typed."""
    stats = Stats()
    name = "[bold]Ann[/]"
    stats.record("stadium", [SeatResult(name, None, WON, 17), SeatResult("Bob", None, LOST, 4)])
    stats.record(
        "stadium",
        [SeatResult(name, None, WON, 9), SeatResult("Bob", None, LOST, 2)],
        hinted=True,
    )
    code, out = run(["stats"])
    assert code == 0
    row = next(line for line in out.splitlines() if "Ann" in line and "17" in line)
    assert "[bold]Ann[/]" in row and "Ww" in row
    assert "Games with hints" in out and out.count("[bold]Ann[/]") == 2  # row and caption
