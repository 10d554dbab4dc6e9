"""Helpers of the language tests: a pseudo-translated catalogue, the text of an app's screen,
and the checkers that find English on a screen shown in another language.

The pseudo catalogue translates every message of `footycards.pot` by writing each letter
with a diacritic (`Leave` → `Ĺêåṽê`), placeholders and markup kept: any plain English word
left on a screen shown in it was never marked for translation. The real catalogues are
checked with `english_fragments`: a translated message whose English words show on screen
was marked but is shown untranslated.
"""

from __future__ import annotations

import html
import re
from pathlib import Path

from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po

from footycards import i18n

POT = Path(i18n.LOCALE_DIR) / "footycards.pot"
_PLAIN = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"
_MARKED = "åƀçđêƒĝĥîĵķĺɱñôþǫŕšţûṽŵẋýžÅƁÇĐÊƑĜĤÎĴĶĹṀÑÔÞǪŔŠŢÛṼŴẊÝŽ"
_PSEUDO = str.maketrans(_PLAIN, _MARKED)
# what must stay as it is: {fields}, %(name)s, Rich markup, escapes such as \n
_KEEP = re.compile(r"\{[^{}]*\}|%\([a-z_]+\)[sd]|\[/?[a-z @=$#.,'()-]*\]|\\.")


def pseudo(text: str) -> str:
    """`text` with every letter outside its placeholders and markup written with a
    diacritic: the same width on screen, and no plain English word left."""
    out, last = [], 0
    for keep in _KEEP.finditer(text):
        out.append(text[last : keep.start()].translate(_PSEUDO))
        out.append(keep.group())
        last = keep.end()
    out.append(text[last:].translate(_PSEUDO))
    return "".join(out)


def write_pseudo_catalogue(locale_dir: Path, lang: str = "de") -> Path:
    """A compiled catalogue of `lang` under `locale_dir` translating every message of the
    .pot into its pseudo form (plural messages in each form)."""
    with POT.open("rb") as handle:
        catalogue = read_po(handle, locale=lang)
    for message in catalogue:
        if not message.id:
            continue
        if isinstance(message.id, tuple | list):
            forms = [pseudo(message.id[0])] + [pseudo(message.id[1])] * (catalogue.num_plurals - 1)
            message.string = tuple(forms)
        else:
            message.string = pseudo(message.id)
    path = locale_dir / lang / "LC_MESSAGES" / "footycards.mo"
    path.parent.mkdir(parents=True, exist_ok=True)
    with path.open("wb") as handle:
        write_mo(handle, catalogue)
    return path


_TEXT = re.compile(r'<text[^>]*\by="([0-9.]+)"[^>]*>(.*?)</text>', re.S)


def write_catalogue(locale_dir: Path, lang: str, messages: dict[str, str]) -> Path:
    """A compiled catalogue of `lang` under `locale_dir` with these translations."""
    from babel.messages.catalog import Catalog

    catalogue = Catalog(locale=lang, domain="footycards")
    for msgid, msgstr in messages.items():
        catalogue.add(msgid, msgstr)
    path = locale_dir / lang / "LC_MESSAGES" / "footycards.mo"
    path.parent.mkdir(parents=True, exist_ok=True)
    with path.open("wb") as handle:
        write_mo(handle, catalogue)
    return path


def screen_text(app) -> str:
    """What an app shows now, as plain text, one line per screen row (from the text
    elements of its SVG screenshot; its stylesheet left out)."""
    rows: dict[float, list[str]] = {}
    for y, content in _TEXT.findall(app.export_screenshot()):
        rows.setdefault(float(y), []).append(re.sub(r"<[^>]+>", "", content))
    lines = ("".join(parts) for _y, parts in sorted(rows.items()))
    return html.unescape("\n".join(lines)).replace("\xa0", " ")


WORD = re.compile(r"[A-Za-z][A-Za-z']+")
LETTERS = re.compile(r"[^\W\d_][^\W\d_']*")  # a word in any script


def english_words(text: str, allowed: set[str]) -> list[str]:
    """The plain-ASCII words of two letters or more in `text` that are not `allowed`
    (names, key names, notation): on a pseudo-translated screen, untranslated English."""
    found = []
    for word in LETTERS.findall(text):
        bare = word.strip("'")
        if not bare.isascii():  # Fußball, Ţýþê, 射門: not an English word
            continue
        # tab labels drawn side by side run together: StadiumBundesliga
        for part in (
            [bare] if bare in allowed else re.sub(r"([a-z])([A-Z])", r"\1 \2", bare).split()
        ):
            if len(part) < 2 or part in allowed or part.lower() in allowed:
                continue
            found.append(part)
    return found


def english_fragments(text: str, translation, names: set[str] = frozenset()) -> list[str]:
    """The English of translated messages that shows in `text`: each msgid's words between
    its placeholders (runs of two words or more, standing as words) where the catalogue
    says something else (and no translation of the catalogue says the same words); a run
    made only of `names` (a game's name) is no English."""
    catalog = getattr(translation, "_catalog", {})
    said = "\n".join(str(v) for v in catalog.values())
    found = []
    for msgid, msgstr in catalog.items():
        if isinstance(msgid, tuple):
            msgid = msgid[0]
        if not msgid or msgid == msgstr:
            continue
        for piece in re.split(r"\{[^{}]*\}|%\([a-z_]+\)[sd]", msgid):
            piece = piece.strip(" .,:;()·—-")
            if piece.count(" ") < 1 or len(piece) < 8 or piece not in text or piece in said:
                continue
            if all(word in names for word in WORD.findall(piece)):
                continue
            if re.search(rf"(?<!\w){re.escape(piece)}(?!\w)", text):
                found.append(piece)
    return sorted(set(found))
