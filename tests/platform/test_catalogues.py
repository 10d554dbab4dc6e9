"""The message catalogues: the .pot says what the code marks today, and each language's
catalogue has every message of it translated (none missing, stale, empty or fuzzy), with
the same {placeholders}, every plural form of its language, and a compiled .mo saying the
same. A failure names the language and the message."""

from __future__ import annotations

import configparser
import gettext
import re
import string
from pathlib import Path

import pytest
from babel.messages.extract import extract_from_dir
from babel.messages.pofile import read_po

from footycards import i18n

ROOT = Path(__file__).resolve().parents[2]
LOCALE_DIR = Path(i18n.LOCALE_DIR)
POT = LOCALE_DIR / "footycards.pot"
WANTED = [code for code in i18n.LANGUAGES if code != "en"]
SHIPPED = [c for c in WANTED if (LOCALE_DIR / c / "LC_MESSAGES" / "footycards.po").is_file()]
# the keywords of `make pot` (Makefile): Babel's defaults and ours
KEYWORDS = {
    "_": None,
    "gettext": None,
    "ngettext": (1, 2),
    "N_": None,
    "NP_": (1, 2),
    "IllegalAction": None,
    "UndoRefused": None,
    "DeckError": (3,),
    "OptionError": None,
    "pgettext": ((1, "c"), 2),
}
NPLURALS = {"pl": 3, "uk": 3, "zh_Hant": 1, "de": 2}
# n -> plural form index, the way each language counts (1 kot, 2 koty, 5 kotów, 22 koty …)
PLURAL_CASES = {
    "pl": {1: 0, 2: 1, 4: 1, 5: 2, 11: 2, 12: 2, 21: 2, 22: 1, 25: 2, 102: 1, 112: 2},
    "uk": {1: 0, 2: 1, 4: 1, 5: 2, 11: 2, 12: 2, 21: 0, 22: 1, 25: 2, 101: 0, 111: 2},
    "zh_Hant": {1: 0, 2: 0, 5: 0, 21: 0},
    "de": {0: 1, 1: 0, 2: 1, 21: 1},
}


def message_key(msgid: str | tuple[str, ...]) -> str:
    return msgid[0] if isinstance(msgid, tuple | list) else msgid


def read_catalogue(path: Path, lang: str | None = None):
    with path.open("rb") as handle:
        return read_po(handle, locale=lang)


def extracted() -> set[str]:
    """The message ids the code and data files mark now (as `make pot` extracts them)."""
    cfg = configparser.RawConfigParser()
    cfg.read(ROOT / "babel.cfg", encoding="utf-8")
    from footycards.assetwords import extract_toml

    found: set[str] = set()
    python_map = [("**.py", "python")]
    for _name, _line, message, _comments, _context in extract_from_dir(
        str(ROOT / "footycards"), python_map, keywords=KEYWORDS, comment_tags=()
    ):
        found.add(message_key(message))
    toml_map, options = [], {}
    for section in cfg.sections():
        if section.startswith("toml:"):
            pattern = section.split(":", 1)[1].strip()
            toml_map.append((pattern, extract_toml))
            options[pattern] = dict(cfg.items(section))
    for _name, _line, message, _comments, _context in extract_from_dir(
        str(ROOT / "assets"), toml_map, options_map=options, comment_tags=()
    ):
        found.add(message_key(message))
    found.discard("")
    return found


@pytest.fixture(scope="module")
def pot_ids() -> set[str]:
    return {message_key(m.id) for m in read_catalogue(POT) if m.id}


def fields(text: str) -> list[str]:
    """The {placeholders} (and %(name)s) of a message, sorted."""
    names = [name for _lit, name, _spec, _conv in string.Formatter().parse(text) if name]
    names += re.findall(r"%\((\w+)\)[sd]", text)
    return sorted(names)


def test_the_pot_is_what_the_code_marks(pot_ids):
    """`make pot` was run after the last marked message changed: no message of the code
    is missing from footycards.pot and none of it is stale."""
    try:
        now = extracted()
    except ValueError as exc:  # a placeholder field the formatter cannot read
        pytest.fail(str(exc))
    assert sorted(now - pot_ids) == [], "marked in the code, missing from the .pot: make pot"
    assert sorted(pot_ids - now) == [], "in the .pot, no longer in the code: make pot"


def test_every_language_has_a_catalogue():
    """Polish, Traditional Chinese, Ukrainian and German each ship a catalogue."""
    assert sorted(set(WANTED) - set(SHIPPED)) == []


@pytest.mark.parametrize("lang", SHIPPED)
def test_the_catalogue_has_every_message_and_no_stale_one(lang, pot_ids):
    ids = {message_key(m.id) for m in read_catalogue(po_path(lang), lang) if m.id}
    missing = sorted(pot_ids - ids)
    stale = sorted(ids - pot_ids)
    assert missing == [], f"{lang}: missing from the catalogue (make messages): {missing[:20]}"
    assert stale == [], f"{lang}: stale in the catalogue (make messages): {stale[:20]}"


@pytest.mark.parametrize("lang", SHIPPED)
def test_every_message_is_translated_and_none_is_fuzzy(lang):
    problems = []
    for m in read_catalogue(po_path(lang), lang):
        if not m.id:
            continue
        forms = m.string if isinstance(m.string, tuple | list) else (m.string,)
        if not all(forms):
            problems.append(f"untranslated: {message_key(m.id)!r}")
        if m.fuzzy:
            problems.append(f"fuzzy: {message_key(m.id)!r}")
    assert problems == [], f"{lang}: " + "; ".join(problems[:20])


@pytest.mark.parametrize("lang", SHIPPED)
def test_placeholders_are_the_same_in_every_translation(lang):
    problems = []
    for m in read_catalogue(po_path(lang), lang):
        if not m.id:
            continue
        ids = m.id if isinstance(m.id, tuple | list) else (m.id,)
        forms = m.string if isinstance(m.string, tuple | list) else (m.string,)
        want = fields(ids[-1])
        for form in forms:
            if not form:
                continue
            try:
                got = fields(form)
            except ValueError as exc:
                problems.append(f"{message_key(m.id)!r}: {form!r} ({exc})")
                continue
            # a singular form may leave out the count ("one card"), never add a field
            if got != want and not (len(ids) > 1 and set(got) <= set(want)):
                problems.append(f"{message_key(m.id)!r}: {want} but {got} in {form!r}")
    assert problems == [], f"{lang}: " + "; ".join(problems[:20])


@pytest.mark.parametrize("lang", SHIPPED)
def test_plural_forms_are_the_languages_own(lang):
    """Polish and Ukrainian have three forms, German two, Chinese one; each plural message
    has them all, and the rule picks the right one (2 karty, 5 kart, 22 karty)."""
    catalogue = read_catalogue(po_path(lang), lang)
    assert catalogue.num_plurals == NPLURALS[lang], f"{lang}: {catalogue.plural_forms}"
    short = [
        message_key(m.id)
        for m in catalogue
        if isinstance(m.id, tuple | list) and len(m.string) != NPLURALS[lang]
    ]
    assert short == [], f"{lang}: plural messages without every form: {short[:20]}"
    with mo_path(lang).open("rb") as handle:
        compiled = gettext.GNUTranslations(handle)
    plural = compiled.plural  # type: ignore[attr-defined]
    for n, form in PLURAL_CASES[lang].items():
        assert plural(n) == form, f"{lang}: {n} takes form {plural(n)}, not {form}"


@pytest.mark.parametrize("lang", SHIPPED)
def test_the_compiled_catalogue_says_what_the_po_says(lang):
    """The .mo the build ships (compiled by hatch_build.py, as the wheel build does) gives
    every translation of the .po."""
    with mo_path(lang).open("rb") as handle:
        compiled = gettext.GNUTranslations(handle)
    wrong = []
    for m in read_catalogue(po_path(lang), lang):
        if not m.id or m.fuzzy:
            continue
        if isinstance(m.id, tuple | list):
            said = (
                compiled.npgettext(m.context, m.id[0], m.id[1], 1)
                if m.context
                else compiled.ngettext(m.id[0], m.id[1], 1)
            )
            if m.string and m.string[0] and said != m.string[0]:
                wrong.append(m.id[0])
        elif m.string:  # a message with a context (pgettext) is looked up in it
            said = compiled.pgettext(m.context, m.id) if m.context else compiled.gettext(m.id)
            if said != m.string:
                wrong.append(m.id)
    assert wrong == [], f"{lang}: the .mo differs from the .po: {wrong[:20]}"
    assert lang in i18n.available_languages()


def po_path(lang: str) -> Path:
    return LOCALE_DIR / lang / "LC_MESSAGES" / "footycards.po"


def mo_path(lang: str) -> Path:
    return po_path(lang).with_suffix(".mo")
