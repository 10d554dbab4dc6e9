"""A game in which a hint was asked for is marked in the statistics (games.hinted)."""

from __future__ import annotations

import sqlite3

from footycards.match import Match
from footycards.seats import parse_players
from footycards.stats import SCHEMA_VERSION, Stats


def finished(hinted: bool) -> Match:
    match = Match.start("sadikov", parse_players("ai:random,ai:easy"), 3)
    match.run_ai()
    assert match.is_over
    match.hinted = hinted
    return match


def test_hinted_games_are_marked(tmp_path):
    book = Stats(tmp_path / "s.sqlite3")
    book.record_match(finished(True))
    book.record_match(finished(False))
    with sqlite3.connect(tmp_path / "s.sqlite3") as con:
        rows = con.execute("SELECT hinted FROM games ORDER BY id").fetchall()
    assert rows == [(1,), (0,)]


def test_an_old_database_gets_the_column_with_no_hints(tmp_path):
    path = tmp_path / "old.sqlite3"
    con = sqlite3.connect(path)
    con.executescript(
        "CREATE TABLE schema_version (version INTEGER NOT NULL);"
        "INSERT INTO schema_version VALUES (3);"
        "CREATE TABLE games (id INTEGER PRIMARY KEY AUTOINCREMENT, game TEXT NOT NULL,"
        " played_at TEXT NOT NULL, record_id TEXT, seats INTEGER NOT NULL,"
        " practice INTEGER NOT NULL DEFAULT 0, mode TEXT);"
        "INSERT INTO games VALUES (1, 'stadium', '2026-01-01T00:00:00+00:00', NULL, 2, 0, NULL);"
    )
    con.commit()
    con.close()
    book = Stats(path)
    book.record_match(finished(True))
    with sqlite3.connect(path) as con:
        assert con.execute("SELECT hinted FROM games ORDER BY id").fetchall() == [(0,), (1,)]
        assert con.execute("SELECT version FROM schema_version").fetchall() == [(SCHEMA_VERSION,)]


def test_a_hinted_game_is_a_small_letter_in_the_form_and_counted(tmp_path):
    """The figures say which games had hints: a count per player, and in the form (oldest
    first) the letter of such a game small; a practice game stays out of the form."""
    from footycards.stats import LOST, WON, SeatResult, form_text, hinted_text

    book = Stats(tmp_path / "s.sqlite3")

    def game(ann_won: bool, hinted: bool, practice: bool = False) -> None:
        ann = SeatResult("Ann", None, WON if ann_won else LOST, None)
        ai = SeatResult("AI hard", "hard", LOST if ann_won else WON, None)
        book.record("sadikov", [ann, ai], practice=practice, hinted=hinted)

    game(True, hinted=False)
    game(False, hinted=True)
    game(True, hinted=True)
    game(True, hinted=True, practice=True)
    ann = next(r for r in book.players("sadikov") if r.player == "Ann")
    assert (ann.played, ann.hinted) == (4, 3)
    assert ann.form_hinted == [False, True, True]
    assert form_text(ann.form, ann.form_hinted) == "Wlw"
    assert form_text(ann.form) == "WLW"  # without the marks, as before
    ai = next(r for r in book.players("sadikov") if r.player == "AI hard")
    assert form_text(ai.form, ai.form_hinted) == "Lwl"
    text = hinted_text([ann, ai])
    assert "w, d, l" in text and "Ann 3" in text and "3" in text
    assert hinted_text([]) == ""
