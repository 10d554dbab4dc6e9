"""Deck files that cannot be used (S1.4, Q1.4): whatever a deck path holds — a folder, an
empty or binary file, random bytes, random TOML in a deck's shape, a damaged shipped
deck — `load_deck` of either game raises DeckError naming the file, never anything else."""

from __future__ import annotations

import itertools
import random
import sys
from collections.abc import Callable
from pathlib import Path

import pytest
from click.testing import CliRunner
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from footycards.cli import main
from footycards.core import DeckError, quartett, stadium
from footycards.core.assets import deck_path

LOADERS: dict[str, Callable[[str | Path], object]] = {
    "stadium": stadium.load_deck,
    "quartett": quartett.load_deck,
}
FUZZ = settings(max_examples=150, deadline=None, suppress_health_check=list(HealthCheck))
_names = itertools.count()


def fresh_file(folder: Path, data: bytes) -> Path:
    """A deck file with a name used once (the loaders keep decks by file and stamp)."""
    path = folder / f"deck{next(_names)}.toml"
    path.write_bytes(data)
    return path


def check_load(game: str, path: Path) -> None:
    """The deck loads, or a DeckError names the file (a bug shows as any other exception)."""
    try:
        LOADERS[game](path)
    except DeckError as exc:
        assert exc.file == str(path)
        assert str(exc).startswith(f"{path}: ")
        assert exc.problem


# -- files that are no deck at all ---------------------------------------------------------


@pytest.mark.parametrize("game", LOADERS)
@pytest.mark.parametrize(
    ("data", "problem"),
    [
        (b"\xff\xfe garbage", "not a text file in UTF-8"),
        (b'name = "caf\xe9"\n', "not a text file in UTF-8"),
        ("name = 'x'".encode("utf-16"), "not a text file in UTF-8"),
        (b"", "the file is empty"),
        (b"  \n\t\n", "the file is empty"),
        (b"\x00\x01\x02", "not valid TOML"),
        (b"x = " + b"[" * 5000 + b"]" * 5000, "nested too deeply"),
        (b"x = " + b"{a = " * 3000 + b"1" + b"}" * 3000, "nested too deeply"),
        (b"x = " + b"9" * 5000, "not valid TOML"),
    ],
    ids=[
        "binary",
        "latin-1",
        "utf-16",
        "empty",
        "blank",
        "control",
        "deep-array",
        "deep-table",
        "huge-int",
    ],  # fmt: skip
)
def test_unreadable_deck_is_a_deck_error(tmp_path, game, data, problem):
    """S1.4/Q1.4: a file that is not a UTF-8 TOML document is refused with file and problem.

    Python's own recursion limit is set for the call: Hypothesis may leave a raised one
    behind in a test worker, and then the deep files parse (and are refused for having no
    cards instead)."""
    path = fresh_file(tmp_path, data)
    limit = sys.getrecursionlimit()
    sys.setrecursionlimit(1000)
    try:
        with pytest.raises(DeckError) as info:
            LOADERS[game](path)
    finally:
        sys.setrecursionlimit(limit)
    assert info.value.file == str(path)
    assert info.value.entry == ""
    assert problem in info.value.problem
    assert str(info.value) == f"{path}: {info.value.problem}"


@pytest.mark.parametrize("game", LOADERS)
def test_a_folder_is_no_deck(tmp_path, game):
    """A folder given as the deck is named as such."""
    folder = tmp_path / "deck.toml"
    folder.mkdir()
    with pytest.raises(DeckError, match="is a folder, not a deck file") as info:
        LOADERS[game](folder)
    assert info.value.file == str(folder)


@pytest.mark.parametrize("game", LOADERS)
def test_unusable_paths(tmp_path, game):
    """A missing file, a path through a file, a name with a NUL character: DeckError."""
    plain = fresh_file(tmp_path, b"x = 1\n")
    for path in (tmp_path / "nope.toml", plain / "inside.toml", "bad\x00name.toml"):
        with pytest.raises(DeckError):
            LOADERS[game](path)


@pytest.mark.parametrize("game", LOADERS)
def test_too_large_file(tmp_path, game):
    """A file far larger than any deck is not read whole."""
    path = fresh_file(tmp_path, b"# " + b"x" * 4_100_000 + b"\n")
    with pytest.raises(DeckError, match="too large"):
        LOADERS[game](path)


@pytest.mark.parametrize("game", LOADERS)
def test_byte_order_mark_is_accepted(tmp_path, game):
    """A deck saved with a UTF-8 byte-order mark (Windows editors) loads like any other."""
    text = deck_path(game).read_text(encoding="utf-8")
    path = fresh_file(tmp_path, b"\xef\xbb\xbf" + text.encode("utf-8"))
    if game == "stadium":
        assert stadium.load_deck(path) == stadium.load_deck()
    else:
        assert quartett.load_deck(path).cards == quartett.load_deck().cards


def test_stadium_deck_name_must_be_text(tmp_path):
    """S1.4: the deck's name, when given, is text (like the Quartett deck's)."""
    path = fresh_file(tmp_path, b'name = 5\n[[footballer]]\nid = "F01"\nname = "A"\nstars = 1\n')
    with pytest.raises(DeckError) as info:
        stadium.load_deck(path)
    assert (info.value.entry, info.value.problem) == ("name", "must be text")


@pytest.mark.parametrize("game", LOADERS)
def test_binary_deck_on_the_command_line(tmp_path, game):
    """`footycards text GAME --deck bin.toml` says what is wrong instead of a traceback."""
    path = fresh_file(tmp_path, b"\xff\xfe garbage")
    result = CliRunner().invoke(main, ["text", game, "--deck", str(path)])
    assert result.exit_code != 0
    assert not isinstance(result.exception, UnicodeDecodeError)
    assert f"{path}: not a text file in UTF-8" in result.output
    assert "Traceback" not in result.output


# -- fuzzing ----------------------------------------------------------------------------------


@FUZZ
@given(game=st.sampled_from(sorted(LOADERS)), data=st.binary(max_size=300))
def test_random_bytes(tmp_path_factory, game, data):
    """Any bytes at all: a deck or a DeckError."""
    check_load(game, fresh_file(tmp_path_factory.mktemp("bytes"), data))


TEXT = st.text(st.characters(blacklist_categories=("Cs",)), max_size=12)
SCALARS = st.one_of(
    st.integers(-(10**20), 10**20),
    st.integers(-5, 120),
    st.booleans(),
    st.floats(allow_nan=True, allow_infinity=True),
    TEXT,
    st.sampled_from(["F01", "F02", "A1", "B4", "YELLOW", "Z9", "", " "]),
    st.dates(),
    st.datetimes(),
    st.times(),
)
VALUES = st.recursive(
    SCALARS,
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(TEXT, inner, max_size=4),
    max_leaves=12,
)
PLAUSIBLE = {
    "id": st.sampled_from(["F01", "F02", "F03", "F1_X", "f01", "A1", "YELLOW", "F 1"]),
    "name": st.sampled_from(["Keeper Kowalski", "", " ", "Ü"]) | TEXT,
    "stars": st.integers(-1, 4),
    "code": st.sampled_from([f"{q}{n}" for q in "AB" for n in "12345"] + ["a1", "AA1"]),
    "club": TEXT,
    "position": TEXT,
    **{k: st.integers(-2, 500) for k in ("games", "goals", "yellow", "yellow_red", "red")},
    "abwehr": st.integers(-1, 120),
    "angriff": st.integers(-1, 120),
}


def entry_strategy(keys: tuple[str, ...]) -> st.SearchStrategy[dict]:
    """One [[footballer]] or [[card]] entry: mostly every field with a value of the right
    kind (so the checks after the first are reached too), sometimes any value or none."""
    fields = {k: PLAUSIBLE[k] | PLAUSIBLE[k] | PLAUSIBLE[k] | VALUES for k in keys}
    full = st.fixed_dictionaries(fields, optional={"other": VALUES})  # type: ignore[arg-type]
    sparse = st.fixed_dictionaries({}, optional={**fields, "other": VALUES})  # type: ignore[arg-type]
    return full | full | sparse


FOOTBALLER = entry_strategy(("id", "name", "stars"))
CARD = entry_strategy(tuple(k for k in PLAUSIBLE if k not in ("id", "stars")))
NAME = st.sampled_from(["My deck"])

DOCUMENTS = st.fixed_dictionaries(
    {},
    optional={
        "name": NAME | NAME | st.sampled_from(["", " "]) | VALUES,
        "deck": st.sampled_from(["MY", "BL"]) | st.sampled_from(["x y", ""]) | VALUES,
        "rewards": st.dictionaries(
            st.sampled_from(["YELLOW", "RED", "VAR", "GAME"]) | TEXT,
            st.integers(-1, 5) | VALUES,
            max_size=5,
        )
        | VALUES,
        "footballer": st.lists(FOOTBALLER, max_size=6) | st.lists(FOOTBALLER, max_size=6) | VALUES,
        "card": st.lists(CARD, max_size=8) | st.lists(CARD, max_size=8) | VALUES,
        "extra": VALUES,
    },
)


def toml_string(text: str) -> str:
    """A TOML basic string: quotes, backslashes and control characters escaped."""
    out = []
    for ch in text:
        if ch in '"\\':
            out.append("\\" + ch)
        elif ord(ch) < 0x20 or ord(ch) == 0x7F:
            out.append(f"\\u{ord(ch):04x}")
        else:
            out.append(ch)
    return '"' + "".join(out) + '"'


def toml_value(value: object) -> str:
    """A value as TOML (inline tables and arrays)."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return str(value)
    if isinstance(value, float):
        if value != value:
            return "nan"
        if value in (float("inf"), float("-inf")):
            return "inf" if value > 0 else "-inf"
        return repr(value)
    if isinstance(value, str):
        return toml_string(value)
    if isinstance(value, list):
        return "[" + ", ".join(toml_value(v) for v in value) + "]"
    if isinstance(value, dict):
        pairs = (f"{toml_string(k)} = {toml_value(v)}" for k, v in value.items())
        return "{" + ", ".join(pairs) + "}"
    return value.isoformat()  # type: ignore[attr-defined]  # dates and times


def toml_document(doc: dict) -> str:
    """A document as a deck file is written: scalars first, [rewards], then [[entries]]."""
    lines, tables = [], []
    for key, value in doc.items():
        if isinstance(value, dict) and value:
            tables.append(f"[{toml_string(key)}]")
            tables += [f"{toml_string(k)} = {toml_value(v)}" for k, v in value.items()]
        elif isinstance(value, list) and value and all(isinstance(v, dict) for v in value):
            for entry in value:
                tables.append(f"[[{toml_string(key)}]]")
                tables += [f"{toml_string(k)} = {toml_value(v)}" for k, v in entry.items()]
        else:
            lines.append(f"{toml_string(key)} = {toml_value(value)}")
    return "\n".join(lines + tables) + "\n"


def test_the_toml_writer_writes_what_tomllib_reads():
    """The fuzzer's documents are real TOML (else the fuzzing would only test the parser)."""
    import tomllib

    doc = {"name": "X", "rewards": {"VAR": 1}, "footballer": [{"id": "F01", "stars": 1.5}]}
    assert tomllib.loads(toml_document(doc)) == doc


@FUZZ
@given(game=st.sampled_from(sorted(LOADERS)), doc=DOCUMENTS)
def test_random_toml_documents_in_the_deck_shape(tmp_path_factory, game, doc):
    """Random tables, arrays and values where the deck's fields go: a deck or a DeckError."""
    folder = tmp_path_factory.mktemp("toml")
    check_load(game, fresh_file(folder, toml_document(doc).encode("utf-8")))


@FUZZ
@given(game=st.sampled_from(sorted(LOADERS)), seed=st.integers(0, 2**32), edits=st.integers(1, 8))
def test_damaged_shipped_decks(tmp_path_factory, game, seed, edits):
    """The shipped deck with lines dropped, doubled or changed: a deck or a DeckError."""
    rng = random.Random(seed)
    lines = deck_path(game).read_text(encoding="utf-8").splitlines()
    replacements = ["", "[[footballer]]", "[[card]]", "[rewards]", "stars = 9", 'id = "F01"',
                    'code = "A1"', "games = -1", "abwehr = 0", "name = 1", "x = [", "= 3",
                    'deck = "BAD ID"', "YELLOW = -1", "BLUE = 1", "angriff = 1.5"]  # fmt: skip
    for _ in range(edits):
        i = rng.randrange(len(lines))
        kind = rng.randrange(3)
        if kind == 0:
            del lines[i]
        elif kind == 1:
            lines.insert(i, lines[i])
        else:
            lines[i] = rng.choice(replacements)
    check_load(game, fresh_file(tmp_path_factory.mktemp("damaged"), "\n".join(lines).encode()))
