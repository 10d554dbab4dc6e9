"""Statistics: outcomes from every game's result, streaks, best, form, writers at once,
a damaged database set aside."""

from __future__ import annotations

import datetime as dt
import multiprocessing
import sqlite3
import threading
from pathlib import Path

import pytest

from footycards.match import Match
from footycards.registry import REGISTRY
from footycards.seats import parse_players
from footycards.stats import (
    DRAWN,
    LOST,
    SCHEMA_VERSION,
    WON,
    SeatResult,
    Stats,
    StatsError,
    default_path,
    outcomes,
    record_finished,
    seat_results,
    streak_text,
    tables_of_modes,
)

QUICK = {"stadium": {"rows": 4, "cols": 4}}  # small tables keep AI games short


def ai_game(game_id: str, seed: int, players: str = "ai:random,ai:easy") -> Match:
    match = Match.start(game_id, parse_players(players), seed, dict(QUICK.get(game_id, {})))
    match.run_ai()
    assert match.is_over
    return match


def one(players: list, game: str, name: str):
    found = [p for p in players if p.game == game and p.player == name]
    assert len(found) == 1, (name, players)
    return found[0]


# -- outcomes -------------------------------------------------------------------


def test_one_winner_wins_and_the_others_lose():
    """A single winner: won for that seat, lost for every other."""
    assert outcomes({"scores": [1, 5, 2], "winners": [1], "over": True}, 3) == [LOST, WON, LOST]


def test_several_winners_draw_and_the_rest_lose():
    """A shared result is a draw for those who share it; the others lost."""
    assert outcomes({"winners": [0, 2], "over": True}, 3) == [DRAWN, LOST, DRAWN]
    assert outcomes({"winners": [1, 0], "over": True}, 2) == [DRAWN, DRAWN]


def test_a_team_game_shares_a_win_among_the_winning_team():
    """team_play (World Wave): several winners short of every seat won together; every
    seat winning is still a draw."""
    assert outcomes({"winners": [0, 2], "over": True}, 4, team_play=True) == [WON, LOST, WON, LOST]
    assert outcomes({"winners": [0, 1, 2, 3], "over": True}, 4, team_play=True) == [DRAWN] * 4


def test_a_game_not_over_has_no_outcome():
    """No winners yet (or over=False): nothing to record."""
    with pytest.raises(ValueError):
        outcomes({"scores": [0, 0], "winners": [], "over": False}, 2)
    with pytest.raises(ValueError):
        outcomes({"winners": [3], "over": True}, 2)


@pytest.mark.parametrize("game_id", REGISTRY.ids())
def test_real_ai_games_of_every_game_are_counted_from_their_results(game_id, tmp_path):
    """For every registered game: each seat's W/D/L and best score follow its engine's
    result() over several AI games (seats as the engine reports them)."""
    stats = Stats(tmp_path / "s.sqlite3")
    expected = {"AI random": [0, 0, 0, []], "AI easy": [0, 0, 0, []]}
    for seed in range(6):
        match = ai_game(game_id, seed)
        res = match.result()
        stats.record_match(match, record_id=f"rec-{seed}")
        for seat, name in enumerate(["AI random", "AI easy"]):
            e = expected[name]
            if seat in res["winners"]:
                e[0 if len(res["winners"]) == 1 else 1] += 1
            else:
                e[2] += 1
            e[3].append(res["scores"][seat])
    rows = stats.players(game_id)
    assert {r.player for r in rows} == set(expected)
    for name, (won, drawn, lost, scores) in expected.items():
        r = one(rows, game_id, name)
        assert (r.played, r.won, r.drawn, r.lost) == (6, won, drawn, lost)
        assert r.best == max(scores)
        assert r.ai == name.split()[1]
    with sqlite3.connect(stats.path) as con:
        ids = [row[0] for row in con.execute("SELECT record_id FROM games ORDER BY id")]
    assert ids == [f"rec-{s}" for s in range(6)]


def test_ai_seats_are_kept_under_a_stable_name_and_numbered():
    """Two AIs of one level are two players ("AI normal", "AI normal 2"), whatever the
    session language named them."""
    seats = parse_players("Ann,ai:normal,ai:normal")
    got = seat_results(seats, {"scores": [3, 1, 2], "winners": [0], "over": True})
    assert [g.player for g in got] == ["Ann", "AI normal", "AI normal 2"]
    assert [g.outcome for g in got] == [WON, LOST, LOST]
    assert [g.score for g in got] == [3, 1, 2]


# -- streaks, best, form ------------------------------------------------------------


def play(stats: Stats, game: str, ann: str, score: int, when: int = 0) -> None:
    other = {WON: LOST, LOST: WON, DRAWN: DRAWN}[ann]
    stamp = dt.datetime(2026, 1, 1, tzinfo=dt.UTC) + dt.timedelta(minutes=when)
    stats.record(
        game,
        [SeatResult("Ann", None, ann, score), SeatResult("Bob", None, other, 10 - score)],
        when=stamp,
    )


def test_streak_best_and_form_per_player_and_game(tmp_path):
    """The current run, the best score and the last results as league points, oldest first;
    each game counted on its own."""
    stats = Stats(tmp_path / "s.sqlite3")
    for i, (mark, score) in enumerate([(WON, 4), (WON, 9), (LOST, 2), (DRAWN, 5), (DRAWN, 5)]):
        play(stats, "stadium", mark, score, i)
    play(stats, "quartett", LOST, 1)
    ann = one(stats.players(), "stadium", "Ann")
    assert (ann.played, ann.won, ann.drawn, ann.lost) == (5, 2, 2, 1)
    assert ann.streak == "D2" and ann.best == 9
    assert ann.form == [3, 3, 0, 1, 1]
    bob = one(stats.players("stadium"), "stadium", "Bob")
    assert bob.streak == "D2" and bob.best == 8 and bob.form == [0, 0, 3, 1, 1]
    assert one(stats.players("quartett"), "quartett", "Ann").streak == "L1"
    assert stats.games() == ["stadium", "quartett"]


def test_form_keeps_the_last_twenty_games(tmp_path):
    """After 25 games the form holds the 20 latest; a long run is counted whole."""
    stats = Stats(tmp_path / "s.sqlite3")
    for i in range(5):
        play(stats, "sadikov", LOST, 0, i)
    for i in range(20):
        play(stats, "sadikov", WON, 3, 10 + i)
    ann = one(stats.players(), "sadikov", "Ann")
    assert ann.form == [3] * 20 and ann.streak == "W20" and ann.played == 25
    play(stats, "sadikov", LOST, 0, 99)
    ann = one(stats.players(), "sadikov", "Ann")
    assert ann.form == [3] * 19 + [0] and ann.streak == "L1"


def test_streak_text():
    """Newest first: the run of equal results at the front."""
    assert streak_text([WON, WON, WON, LOST]) == "W3"
    assert streak_text([LOST]) == "L1"
    assert streak_text([]) == ""


def test_names_are_one_player_whatever_the_case(tmp_path):
    """'ann' and 'Ann' are one person (as the seat names are checked)."""
    stats = Stats(tmp_path / "s.sqlite3")
    stats.record("stadium", [SeatResult("Ann", None, WON, 3), SeatResult("Bob", None, LOST, 1)])
    stats.record("stadium", [SeatResult("ann", None, LOST, 1), SeatResult("Bob", None, WON, 3)])
    rows = stats.players("stadium")
    assert sorted(r.player.casefold() for r in rows) == ["ann", "bob"]
    assert one(rows, "stadium", "ann").played == 2


def test_reset_forgets_every_game(tmp_path):
    """reset() clears the games and says how many."""
    stats = Stats(tmp_path / "s.sqlite3")
    play(stats, "stadium", WON, 3)
    play(stats, "stadium", WON, 3)
    assert stats.reset() == 2
    assert stats.players() == [] and stats.count() == 0


# -- what gets recorded ---------------------------------------------------------------


def test_a_game_with_people_is_recorded_and_one_of_ai_only_is_not():
    """record_finished: people at the table -> recorded in the user data folder; AI
    watching AI -> not (sim never records either)."""
    match = Match.start("sadikov", parse_players("Ann,ai:random"), 2)
    match.agents[0] = match.agents[1]  # let an AI play Ann's moves to the end
    match.run_ai()
    assert record_finished(match) == ""
    assert default_path().exists()
    watched = ai_game("sadikov", 3)
    assert record_finished(watched) == ""
    rows = Stats().players()
    assert {r.player for r in rows} == {"Ann", "AI random"}
    assert all(r.played == 1 for r in rows)


def test_a_failure_to_record_is_a_message_not_a_crash(tmp_path):
    """A folder where the file should be: the game is not recorded and the reason is
    returned in words."""
    where = tmp_path / "s.sqlite3"
    where.mkdir()
    match = Match.start("sadikov", parse_players("Ann,ai:random"), 2)
    match.agents[0] = match.agents[1]
    match.run_ai()
    message = record_finished(match, Stats(where))
    assert "could not be added" in message


# -- several writers -------------------------------------------------------------------


def write_many(path: str, who: str, count: int) -> None:
    stats = Stats(Path(path))
    for i in range(count):
        stats.record(
            "stadium",
            [SeatResult(who, None, WON, i), SeatResult(f"{who}-rival", None, LOST, 0)],
        )


def test_writers_in_separate_processes_lose_nothing(tmp_path):
    """Four processes (as four SSH sessions) record at once: every game is there."""
    path = tmp_path / "s.sqlite3"
    ctx = multiprocessing.get_context("spawn")
    procs = [ctx.Process(target=write_many, args=(str(path), f"P{n}", 25)) for n in range(4)]
    for p in procs:
        p.start()
    for p in procs:
        p.join(120)
        assert p.exitcode == 0
    stats = Stats(path)
    assert stats.count() == 100
    for n in range(4):
        row = one(stats.players(), "stadium", f"P{n}")
        assert (row.played, row.won, row.best) == (25, 25, 24)
    with sqlite3.connect(path) as con:
        assert con.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
        assert con.execute("SELECT version FROM schema_version").fetchall() == [(SCHEMA_VERSION,)]


def test_writers_in_threads_lose_nothing(tmp_path):
    """One Stats shared by threads: every game recorded once."""
    path = tmp_path / "s.sqlite3"
    threads = [threading.Thread(target=write_many, args=(str(path), f"T{n}", 20)) for n in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert Stats(path).count() == 80


# -- damaged files ---------------------------------------------------------------------


def test_a_damaged_database_is_set_aside_and_a_fresh_one_used(tmp_path):
    """A file that is not a database: kept under another name, reported, fresh start."""
    path = tmp_path / "stats.sqlite3"
    junk = b"this is not a database at all" * 100
    path.write_bytes(junk)
    stats = Stats(path)
    play(stats, "stadium", WON, 3)
    assert stats.notice and "damaged" in stats.notice
    aside = list(tmp_path.glob("stats.sqlite3.damaged-*"))
    assert len(aside) == 1 and aside[0].read_bytes() == junk
    assert aside[0].name in stats.notice
    assert Stats(path).count() == 1
    assert Stats(path).notice is None


def test_a_newer_schema_is_refused_and_left_alone(tmp_path):
    """Statistics from a newer footycards: an error in words, the file untouched."""
    path = tmp_path / "stats.sqlite3"
    Stats(path).count()
    with sqlite3.connect(path) as con:
        con.execute("UPDATE schema_version SET version = ?", (SCHEMA_VERSION + 1,))
    before = path.read_bytes()
    with pytest.raises(StatsError, match="newer"):
        Stats(path).count()
    assert path.read_bytes() == before


def test_a_database_with_scribbled_pages_is_set_aside(tmp_path):
    """SQLite's integrity check fails: the file is kept aside, games go to a fresh one."""
    path = tmp_path / "stats.sqlite3"
    stats = Stats(path)
    for i in range(120):
        play(stats, "stadium", WON, i % 10, i)
    with sqlite3.connect(path) as con:
        con.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    data = bytearray(path.read_bytes())
    assert len(data) > 12000
    data[5000:9000] = b"\xff" * 4000  # the middle of the tables, not the header
    path.write_bytes(bytes(data))
    fresh = Stats(path)
    play(fresh, "stadium", LOST, 0)
    assert fresh.notice and "damaged" in fresh.notice and len(fresh.notice) < 400
    aside = tmp_path.glob("stats.sqlite3.damaged-*")
    assert len([p for p in aside if not p.name.endswith(("-wal", "-shm"))]) == 1
    assert fresh.count() == 1


def test_a_practice_game_counts_as_played_but_in_no_streak_form_or_best(tmp_path):
    """A game with a move taken back across a card seen is practice: played and won, but
    neither its streak, its form nor its score count."""
    book = Stats(tmp_path / "s.sqlite3")
    ann, ai = "Ann", "AI normal"

    def game(ann_won: bool, score: int, practice: bool) -> None:
        a, b = (WON, LOST) if ann_won else (LOST, WON)
        results = [SeatResult(ann, None, a, score), SeatResult(ai, "normal", b, 1)]
        book.record("stadium", results, practice=practice)

    game(False, 2, practice=False)
    game(True, 9, practice=True)
    row = one(book.players(), "stadium", ann)
    assert (row.played, row.won, row.lost, row.practice) == (2, 1, 1, 1)
    assert row.best == 2 and row.streak == "L1" and row.form == [0]


def test_a_practice_match_is_recorded_as_practice(tmp_path):
    book = Stats(tmp_path / "s.sqlite3")
    match = ai_game("sadikov", 3)
    match.practice = True
    book.record_match(match)
    assert one(book.players(), "sadikov", "AI random").practice == 1


def test_a_schema_1_database_gets_the_practice_column(tmp_path):
    """Statistics written before practice games existed are kept, their games real ones."""
    path = tmp_path / "old.sqlite3"
    con = sqlite3.connect(path)
    con.executescript(
        "CREATE TABLE schema_version (version INTEGER NOT NULL);"
        "INSERT INTO schema_version VALUES (1);"
        "CREATE TABLE games (id INTEGER PRIMARY KEY AUTOINCREMENT, game TEXT NOT NULL,"
        " played_at TEXT NOT NULL, record_id TEXT, seats INTEGER NOT NULL);"
        "CREATE TABLE seats (game_row INTEGER NOT NULL REFERENCES games(id) ON DELETE CASCADE,"
        " seat INTEGER NOT NULL, player TEXT NOT NULL COLLATE NOCASE, ai TEXT,"
        " outcome TEXT NOT NULL, score NUMERIC, PRIMARY KEY (game_row, seat));"
        "INSERT INTO games VALUES (1, 'stadium', '2026-01-01T00:00:00+00:00', NULL, 2);"
        "INSERT INTO seats VALUES (1, 0, 'Ann', NULL, 'won', 5);"
        "INSERT INTO seats VALUES (1, 1, 'AI easy', 'easy', 'lost', 1);"
    )
    con.commit()
    con.close()
    book = Stats(path)
    row = one(book.players(), "stadium", "Ann")
    assert (row.played, row.won, row.practice, row.best) == (1, 1, 0, 5)
    book.record("stadium", [SeatResult("Ann", None, WON, 7)], practice=True)
    assert one(book.players(), "stadium", "Ann").practice == 1
    with sqlite3.connect(path) as con:
        assert con.execute("SELECT version FROM schema_version").fetchall() == [(SCHEMA_VERSION,)]


def test_each_quartett_mode_keeps_its_own_figures(tmp_path):
    """A finished match is kept under its mode: top-trumps cards and quartets never share
    a best score; the mode of an old row (schema 2) is not known."""
    book = Stats(tmp_path / "s.sqlite3")
    for mode, seed in (("fussball", 3), ("quartett", 4), ("fussball", 5)):
        match = Match.start("quartett", parse_players("ai:random,ai:easy"), seed, {"mode": mode})
        match.run_ai()
        book.record_match(match)
    rows = [r for r in book.players() if r.player == "AI random"]
    assert sorted((r.mode, r.played) for r in rows) == [("fussball", 2), ("quartett", 1)]
    book.record("quartett", [SeatResult("AI random", "random", WON, 3)])
    modes = [r.mode for r in book.players("quartett") if r.player == "AI random"]
    assert sorted(modes, key=str) == [None, "fussball", "quartett"]
    grouped = tables_of_modes(book.players("quartett"), ["fussball", "abwehr-angriff", "quartett"])
    assert [t[0].mode for t in grouped] == ["fussball", "quartett", None]
