"""Languages per session: each app (each SSH client) translates into its own language."""

from __future__ import annotations

import contextvars
import struct
from pathlib import Path

import pytest

from footycards import i18n
from footycards.core import IllegalAction
from footycards.i18n import _, pick_language, use_language
from footycards.narration import explain
from footycards.tui.textual_internals import key_bindings

GERMAN = {
    "Leave": "Verlassen",
    "Keys": "Tasten",
    "Not allowed": "Nicht erlaubt",
    "{pos} is already face up": "{pos} ist schon aufgedeckt",
    "Usage:": "Aufruf:",
    "Options": "Optionen",
    "Show this message and exit.": "Diese Hilfe zeigen und beenden.",
    "No such option {name!r}.": "Keine Option {name!r}.",
    "Replay a saved game (a game record file), read-only.": "Eine gespeicherte Partie ansehen.",
    "Open the replay at move N.": "Die Wiederholung bei Zug N öffnen.",
    "Play AI-against-AI games and print win rates and speed.": "KI gegen KI spielen.",
}


def write_mo(path: Path, messages: dict[str, str]) -> None:
    """A gettext catalogue (.mo) with these translations."""
    entries = {"": "Content-Type: text/plain; charset=UTF-8\n", **messages}
    keys = sorted(entries)
    ids = b"".join(k.encode() + b"\0" for k in keys)
    strs = b"".join(entries[k].encode() + b"\0" for k in keys)
    n = len(keys)
    start = 7 * 4 + 16 * n
    id_table, str_table = [], []
    offset = start
    for k in keys:
        id_table += [len(k.encode()), offset]
        offset += len(k.encode()) + 1
    for k in keys:
        str_table += [len(entries[k].encode()), offset]
        offset += len(entries[k].encode()) + 1
    header = struct.pack("<7I", 0x950412DE, 0, n, 28, 28 + 8 * n, 0, 0)
    body = struct.pack(f"<{2 * n}I", *id_table) + struct.pack(f"<{2 * n}I", *str_table)
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(header + body + ids + strs)


@pytest.fixture
def german(tmp_path, monkeypatch):
    write_mo(tmp_path / "de" / "LC_MESSAGES" / "footycards.mo", GERMAN)
    monkeypatch.setattr(i18n, "LOCALE_DIR", tmp_path)
    i18n.translation.cache_clear()
    yield "de"
    i18n.translation.cache_clear()


def in_language(lang: str, fn):
    """Run fn in a fresh context whose language is `lang` (as an app session does)."""

    def run():
        use_language(lang)
        return fn()

    return contextvars.copy_context().run(run)


def test_two_sessions_two_languages(german):
    """One context in German and one in English translate the same message differently."""
    assert in_language("de", lambda: _("Leave")) == "Verlassen"
    assert in_language("en", lambda: _("Leave")) == "Leave"
    assert in_language("pl", lambda: _("Leave")) == "Leave"  # no catalogue: English


def test_language_choice_order(monkeypatch, german):
    """--lang first, then FOOTYCARDS_LANG, then the remembered one, then the locale; a
    locale or a remembered language with no catalogue falls through (at last English)."""
    for var in ("LC_ALL", "LC_MESSAGES"):
        monkeypatch.delenv(var, raising=False)
    monkeypatch.setenv("FOOTYCARDS_LANG", "zh-TW")
    monkeypatch.setenv("LANG", "de_DE.UTF-8")
    assert pick_language("de-AT") == "de"
    assert pick_language(None) == "zh_Hant"
    monkeypatch.delenv("FOOTYCARDS_LANG")
    assert pick_language(None, remembered="de") == "de"
    assert pick_language(None) == "de"
    monkeypatch.setenv("LANG", "pl_PL.UTF-8")  # no Polish catalogue in this test
    assert pick_language(None) == "en"
    assert pick_language(None, remembered="pl") == "en"


@pytest.mark.parametrize(
    ("given", "code"),
    [
        ("pl", "pl"),
        ("pl_PL.UTF-8", "pl"),
        ("zh-Hant", "zh_Hant"),
        ("zh_Hant", "zh_Hant"),
        ("zh-TW", "zh_Hant"),
        ("zh_HK.UTF-8", "zh_Hant"),
        ("zh-Hant-TW", "zh_Hant"),
        ("uk", "uk"),
        ("uk_UA.UTF-8", "uk"),
        ("DE", "de"),
        ("de_DE.UTF-8", "de"),
        ("de_CH@euro", "de"),
        ("en_GB", "en"),
        ("C", "en"),
        ("zh_CN", None),
        ("zh-Hans", None),
        ("fr", None),
        ("", None),
    ],
)
def test_language_forms(given, code):
    """Every way of naming a language that people and systems use."""
    assert i18n.normalize_language(given) == code


def test_refusal_reason_translated_from_its_code_and_arguments(german):
    """An engine refusal keeps English for scripts; the front end says it in its language."""
    from footycards.match import Match
    from footycards.seats import parse_players

    match = Match.start("stadium", parse_players("Ann,Bob"), 1, {"rows": 2, "cols": 2})
    match.apply("flip A1")
    with pytest.raises(IllegalAction) as err:
        match.apply("flip A1")
    assert str(err.value) == "A1 is already face up" and err.value.params == {"pos": "A1"}
    assert in_language("de", lambda: explain(err.value)) == "A1 ist schon aufgedeckt"


async def test_app_bindings_in_the_session_language(german):
    """An app started with --lang de shows its key descriptions in German."""
    from footycards.seats import parse_players
    from footycards.tui.app import FootyApp

    def make():
        from footycards.match import Match

        match = Match.start("stadium", parse_players("Ann,ai:easy"), 1, {"rows": 4, "cols": 4})
        return FootyApp(match, speed="instant", lang="de")

    app = contextvars.copy_context().run(make)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        descriptions = {b.description for items in key_bindings(app.screen).values() for b in items}
        assert "Verlassen" in descriptions and "Tasten" in descriptions
    english = contextvars.copy_context().run(lambda: FootyApp(lang="en"))
    assert english.lang == "en"


def test_no_text_is_translated_at_import_time():
    """Labels defined at import time are only marked (N_) and translated when shown, so
    each session gets its own language: no `_()` call at module or class level."""
    import ast
    from pathlib import Path

    import footycards

    found = []
    for path in Path(footycards.__file__).parent.rglob("*.py"):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        top = list(tree.body)
        for node in tree.body:
            if isinstance(node, ast.ClassDef):
                top += [n for n in node.body if not isinstance(n, ast.FunctionDef)]
        for node in top:
            if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
                continue
            for sub in ast.walk(node):
                if (
                    isinstance(sub, ast.Call)
                    and isinstance(sub.func, ast.Name)
                    and sub.func.id in ("_", "ngettext")
                ):
                    found.append(f"{path.name}:{sub.lineno}")
    assert found == []


def test_a_language_without_a_translation_is_refused_with_the_list(footycards_home, german):
    """A language with no catalogue is refused, naming the languages there are (it used to
    show English and say nothing): with --lang (before or after the command) and with
    FOOTYCARDS_LANG; a shipped catalogue is accepted, also as de_DE.UTF-8."""
    from click.testing import CliRunner

    from footycards.cli import main

    for args in (["--lang", "fr", "stats"], ["replay", "--lang", "fr", "no-such-file.json"]):
        result = CliRunner().invoke(main, args)
        assert result.exit_code == 2
        assert "'fr' has no translation yet; the languages there are: de, en" in result.output
    result = CliRunner().invoke(main, ["stats"], env={"FOOTYCARDS_LANG": "xx"})
    assert result.exit_code == 2 and "FOOTYCARDS_LANG: 'xx' has no translation" in result.output
    assert CliRunner().invoke(main, ["--lang", "en", "stats"]).exit_code == 0
    assert CliRunner().invoke(main, ["--lang", "de_DE.UTF-8", "stats"]).exit_code == 0
    assert "de (Deutsch), en (English)" in CliRunner().invoke(main, ["--help"]).output


def test_a_shipped_catalogue_is_a_language(german):
    assert i18n.available_languages() == ["de", "en"]
    assert i18n.language_problem("de") is None and i18n.language_problem("de_DE") is None
    assert "de, en" in (i18n.language_problem("pl") or "")


def test_help_and_errors_in_the_chosen_language(footycards_home, german, monkeypatch):
    """`--help`, the commands listed, click's own words and its errors are in the language
    chosen with --lang or FOOTYCARDS_LANG (the language is chosen before click reads the
    rest of the line, and help texts are translated when shown)."""
    from click.testing import CliRunner

    from footycards.cli import main

    monkeypatch.setenv("LANGUAGE", "en")  # gettext's global language, put back afterwards
    monkeypatch.delenv("FOOTYCARDS_LANG", raising=False)
    out = CliRunner().invoke(main, ["--lang", "de", "replay", "--help"]).output
    assert "Aufruf:" in out and "Optionen" in out
    assert "Eine gespeicherte Partie ansehen." in out and "Die Wiederholung bei Zug N" in out
    assert "Diese Hilfe zeigen und beenden." in out and "Show this message" not in out
    top = CliRunner().invoke(main, ["--help"], env={"FOOTYCARDS_LANG": "de"}).output
    assert "Eine gespeicherte Partie ansehen." in top and "Aufruf:" in top
    assert "KI gegen KI spielen." in top  # a command with one subcommand per game
    sim_help = CliRunner().invoke(main, ["--lang", "de", "sim", "--help"]).output
    assert "KI gegen KI spielen." in sim_help
    wrong = CliRunner().invoke(main, ["--lang", "de", "stats", "--no-such"])
    assert wrong.exit_code == 2 and "Keine Option '--no-such'." in wrong.output
    english = CliRunner().invoke(main, ["--lang", "en", "replay", "--help"]).output
    assert "Usage:" in english and "Replay a saved game" in english


def test_chinese_help_fits_the_terminal_by_cells(footycards_home, monkeypatch):
    """Chinese help is wrapped by terminal cells (click counts characters, and a Chinese
    character takes two cells): no line of any `--help` runs past 80 columns, no word of a
    one-cell language is broken, no line ends with an opening bracket or quote and none
    starts with a closing one."""
    from click.testing import CliRunner
    from rich.cells import cell_len

    from footycards.cli import main
    from footycards.cli.texts import wrap_cells

    assert wrap_cells("誰先開始：座位號碼（1 = 第一位）", 10) == [
        "誰先開始：",
        "座位號碼",
        "（1 = 第一",  # an opening bracket never ends a line
        "位）",  # nor does a closing one start one
    ]
    assert wrap_cells("one two three", 7) == ["one two", "three"]
    assert wrap_cells("顯示「規則」與（說明）", 6) == ["顯示", "「規", "則」與", "（說", "明）"]
    if "zh_Hant" not in i18n.available_languages():
        pytest.fail("no zh_Hant catalogue")
    monkeypatch.setenv("LANGUAGE", "en")  # gettext's global language, put back afterwards
    commands = [[], ["play"], ["play", "stadium"], ["text", "worldwave"], ["sim", "quartett"]]
    commands += [["serve"], ["stats"], ["replay"], ["resume"], ["rules"]]
    for command in commands:
        for width in (80, 52):
            out = CliRunner().invoke(
                main, ["--lang", "zh-Hant", *command, "--help"], terminal_width=width
            )
            assert out.exit_code == 0, out.output
            lines = [line.strip() for line in out.output.splitlines() if line.strip()]
            if width == 80:  # (narrower, a long option value alone fills a line)
                wide = [line for line in out.output.splitlines() if cell_len(line) > width]
                assert wide == [], (command, wide)
            # an opening bracket or quote never ends a line, a closing one never starts one
            opening = [line for line in lines if line[-1] in "（「『【《"]
            closing = [line for line in lines if line[0] in "）」』】》，。、；：！？"]
            assert opening == [] and closing == [], (command, width, opening, closing)


def test_the_shipped_languages_are_looked_for_once_per_catalogue_folder(tmp_path, monkeypatch):
    """Every AI seat's name asks which languages there are, at every redraw: the folder is
    looked through once (a glob of the disk per name before), and again when told."""
    write_mo(tmp_path / "de" / "LC_MESSAGES" / "footycards.mo", GERMAN)
    monkeypatch.setattr(i18n, "LOCALE_DIR", tmp_path)
    assert i18n.available_languages() == ["de", "en"]
    write_mo(tmp_path / "pl" / "LC_MESSAGES" / "footycards.mo", GERMAN)
    assert i18n.available_languages() == ["de", "en"]  # not looked for again
    i18n.look_for_languages_again()
    assert i18n.available_languages() == ["de", "en", "pl"]
