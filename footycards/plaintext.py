"""Provides display-text cleaning for text typed by other people (user names, chat lines).

Over SSH a user name or a chat line reaches other people's terminals. Text from a person
may carry escape sequences (move the cursor, change the title, fake a prompt), control
characters, C1 controls and bidirectional overrides that reorder what others read. These
functions remove all of that and bound the length; what is left is plain printable text.

Pure standard library, below every front end: the table hub (`tables.py`) and the SSH
server (`footycards.ssh`) both use it. Rich/Textual markup is a
separate matter: put cleaned text into widgets as plain text, or escape it, never as markup.
"""

from __future__ import annotations

import re
import unicodedata

NAME_LIMIT = 20
LINE_LIMIT = 200

# Whole escape sequences first, so their parameters do not survive as visible junk:
# CSI (ESC [ ... final), OSC / DCS / SOS / PM / APC strings (up to BEL or ST), two-byte
# escapes (ESC + one character), and the 8-bit forms (CSI = U+009B, OSC = U+009D ...).
_SEQUENCES = re.compile(
    r"""
    (?:\x1b\[|\x9b)[0-?]*[ -/]*[@-~]?            # CSI ... final byte
  | (?:\x1b[\]PX^_]|[\x90\x98\x9d\x9e\x9f])      # OSC, DCS, SOS, PM, APC ...
        .*?(?:\x07|\x1b\\|\x9c|$)                #   ... up to BEL or ST (or the end)
  | \x1b[ -/]*[0-~]?                             # other escapes: ESC (intermediates) final
    """,
    re.VERBOSE | re.DOTALL,
)

# Characters that never belong in a name or a chat line, though not Cc: bidirectional
# embeddings, overrides and isolates, and the line/paragraph separators.
_INVISIBLE = {
    "\u061c",  # arabic letter mark
    "\u200e",  # left-to-right mark
    "\u200f",  # right-to-left mark
    "\u2028",  # line separator
    "\u2029",  # paragraph separator
    *(chr(c) for c in range(0x202A, 0x202F)),  # LRE RLE PDF LRO RLO
    *(chr(c) for c in range(0x2066, 0x206A)),  # LRI RLI FSI PDI
    "\ufeff",  # byte order mark / zero width no-break space
}


_JOINERS = {"\u200c", "\u200d"}  # zero-width (non-)joiner: emoji sequences, Persian
_MAX_MARKS = 2  # combining marks kept on one character (no towers of diacritics)


def _printable(text: str) -> str:
    out: list[str] = []
    marks = 0
    for ch in text:
        if ch in _INVISIBLE:
            continue
        category = unicodedata.category(ch)
        if ch in "\t\n\r" or category in ("Zs", "Zl", "Zp"):
            out.append(" ")
        elif category in ("Mn", "Me"):
            marks += 1
            if marks <= _MAX_MARKS:
                out.append(ch)
            continue
        # Cc: controls and DEL; Cf: format (soft hyphen, bidi...); Cs: lone surrogates;
        # Co: private use; Cn: unassigned.
        elif category[0] != "C" or ch in _JOINERS:
            out.append(ch)
        marks = 0
    return "".join(out)


def clean_text(text: str, limit: int = LINE_LIMIT) -> str:
    """`text` without escape sequences, control and bidi characters; one line, at most
    `limit` characters, runs of white space made one space, no space at either end."""
    text = _SEQUENCES.sub("", text)
    text = " ".join(part for part in _printable(text).split(" ") if part)
    return text[:limit].rstrip()


def clean_name(name: str, fallback: str = "player") -> str:
    """A user name fit to show to others: cleaned, at most NAME_LIMIT characters, never
    empty (`fallback` when nothing printable is left)."""
    cleaned = clean_text(name, NAME_LIMIT)
    return cleaned or fallback


def display_name(user: str) -> str:
    """A user name as tables and other people see it: cleaned display text, and no
    square brackets, which some screens would read as markup (styles, links)."""
    return clean_name(user).replace("[", "(").replace("]", ")")


def clean_line(text: str) -> str:
    """A chat line fit to show to others: cleaned and at most LINE_LIMIT characters."""
    return clean_text(text, LINE_LIMIT)
