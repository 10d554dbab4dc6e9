"""Display text from other people: escape sequences, controls and bidi overrides removed."""

from __future__ import annotations

import string

from hypothesis import given
from hypothesis import strategies as st

from footycards.plaintext import LINE_LIMIT, NAME_LIMIT, clean_line, clean_name, clean_text


def test_escape_sequences_removed_whole() -> None:
    assert clean_text("\x1b[31mred\x1b[0m") == "red"
    assert clean_text("a\x1b]0;pwned title\x07b") == "ab"
    assert clean_text("a\x1b]8;;http://x\x1b\\link\x1b]8;;\x1b\\b") == "alinkb"
    assert clean_text("x\x1bPq#0;2;0;0;0\x1b\\y") == "xy"
    assert clean_text("\x9b2J\x9dtitle\x9cok") == "ok"
    assert clean_text("a\x1b(Bb\x1bc") == "ab"


def test_controls_and_bidi_removed() -> None:
    assert clean_text("a\x00b\x07c\x08d\x7fe") == "abcde"
    assert clean_text("evil\u202egnp.exe") == "evilgnp.exe"
    assert clean_text("l1\nl2\r\nl3\tx") == "l1 l2 l3 x"
    assert clean_text("  spaced   out  ") == "spaced out"


def test_ordinary_text_kept() -> None:
    for text in ("Zoë Müller", "世界波", "Łukasz", "Kowalski ⚽", "Bob-2 (guest)"):
        assert clean_text(text) == text


def test_no_towers_of_combining_marks() -> None:
    assert clean_text("Z\u0301\u0302\u0303\u0304a") == "Z\u0301\u0302a"
    assert clean_text("Zoe\u0308") == "Zoe\u0308"


def test_name_bounded_and_never_empty() -> None:
    assert clean_name("\x1b[2J\x1b[H") == "player"
    assert clean_name("", fallback="guest") == "guest"
    assert len(clean_name("x" * 500)) == NAME_LIMIT
    assert len(clean_line("y" * 5000)) == LINE_LIMIT


@given(st.text(alphabet=st.characters(), max_size=300))
def test_anything_comes_out_printable(text: str) -> None:
    out = clean_line(text)
    assert len(out) <= LINE_LIMIT
    assert "\x1b" not in out
    assert all(ch.isprintable() or ch in " \u200c\u200d" for ch in out), repr(out)
    assert clean_line(out) == out


@given(st.text(alphabet=string.printable + "\x1b[];?0123456789\x07\x9b", max_size=200))
def test_no_escape_survives(text: str) -> None:
    out = clean_name(text)
    assert not any(ch in out for ch in "\x1b\x07\x9b\n\r\t")
