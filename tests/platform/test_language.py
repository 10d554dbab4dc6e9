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


def test_language_choice_order(monkeypatch):
    """--lang first, then FOOTYCARDS_LANG, then the locale."""
    monkeypatch.setenv("FOOTYCARDS_LANG", "uk")
    monkeypatch.setenv("LANG", "pl_PL.UTF-8")
    assert pick_language("de") == "de"
    assert pick_language(None) == "uk"
    monkeypatch.delenv("FOOTYCARDS_LANG")
    assert pick_language(None) == "pl_PL"


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


def test_a_language_without_a_translation_is_refused_with_the_list(footycards_home):
    """`--lang de` while only English ships: refused, naming the languages there are
    (it showed English and said nothing); a shipped catalogue is accepted, also as de_DE."""
    from click.testing import CliRunner

    from footycards.cli import main

    for args in (["--lang", "de", "stats"], ["replay", "--lang", "de", "no-such-file.json"]):
        result = CliRunner().invoke(main, args)
        assert result.exit_code == 2
        assert "'de' has no translation yet; the languages there are: en" in result.output
    assert CliRunner().invoke(main, ["--lang", "en", "stats"]).exit_code == 0
    assert "one of en" in CliRunner().invoke(main, ["--help"]).output


def test_a_shipped_catalogue_is_a_language(german):
    assert i18n.available_languages() == ["de", "en"]
    assert i18n.language_problem("de") is None and i18n.language_problem("de_DE") is None
    assert "de, en" in (i18n.language_problem("pl") or "")
