"""Provides World Wave actions and their notation (rules W7): `Action` and `parse`."""

from __future__ import annotations

from dataclasses import dataclass

from ..errors import IllegalAction, shown, shown_word

MAX_TEXT = 200  # no move is longer; anything longer is refused before it is read
MAX_SLOT = 999
MAX_SEATS = 10

NO_ARGS = ("shoot", "freekick", "penalty", "end", "pass")
ONE_SLOT = ("save", "equip", "pick")
TWO_SLOTS = ("terry", "anticipation")
VERBS = (*NO_ARGS, *ONE_SLOT, *TWO_SLOTS, "event", "skill", "discard")
USAGE = {
    "shoot": "shoot",
    "freekick": "freekick",
    "penalty": "penalty",
    "end": "end",
    "pass": "pass",
    "save": "save 3",
    "equip": "equip 4",
    "pick": "pick 2",
    "terry": "terry 2 5",
    "anticipation": "anticipation 2 5",
    "event": "event 1 P3 or event 2",
    "skill": "skill, skill P3 or skill 2 4",
    "discard": "discard 2 4",
}


@dataclass(frozen=True, slots=True)
class Action:
    """One World Wave action: a verb, hand slots (from 1, ascending) and a target seat
    (0-based; `P3` in notation is seat 2). `str()` is its notation."""

    kind: str
    slots: tuple[int, ...] = ()
    target: int | None = None

    def __str__(self) -> str:
        words = [self.kind, *(str(s) for s in self.slots)]
        if self.target is not None:
            words.append(f"P{self.target + 1}")
        return " ".join(words)


def _slot(word: str) -> int:
    if not (word.isascii() and word.isdecimal() and len(word) <= 3 and 1 <= int(word)):
        raise IllegalAction(
            "'{word}' is not a hand slot; slots count from 1", "bad_slot", word=shown_word(word)
        )
    return int(word)


def _seat(word: str) -> int:
    digits = word[1:]
    if not (digits.isascii() and digits.isdecimal() and len(digits) <= 2):
        raise IllegalAction("'{word}' is not a seat like P3", "bad_seat", word=shown_word(word))
    n = int(digits)
    if not 1 <= n <= MAX_SEATS:
        raise IllegalAction("'{word}' is not a seat like P3", "bad_seat", word=shown_word(word))
    return n - 1


def parse(text: object) -> Action:
    """Parse one line of W7 notation into an Action; IllegalAction on bad text."""
    if not isinstance(text, str):
        raise IllegalAction("not a move: {text}", "not_an_action", text=shown(text))
    if len(text) > MAX_TEXT:
        raise IllegalAction("a move is at most {limit} characters", "too_long", limit=MAX_TEXT)
    if any(ord(ch) < 32 and ch not in "\t\n\r" or ord(ch) == 127 for ch in text):
        raise IllegalAction("a move has no control characters", "bad_text")
    words = text.strip().split()
    if not words:
        raise IllegalAction("empty move; try 'pass' or 'end'", "empty_move")
    verb, args = words[0].lower(), words[1:]
    if verb not in VERBS:
        raise IllegalAction(
            "unknown move '{verb}'; the moves are {verbs}",
            "unknown_move",
            verb=shown_word(words[0]),
            verbs=", ".join(VERBS),
        )
    usage = IllegalAction("usage: {usage}", "usage", usage=USAGE[verb])
    target = None
    if args and args[-1][:1] in ("P", "p") and verb in ("event", "skill"):
        target = _seat(args.pop())
    slots = tuple(_slot(w) for w in args)
    if len(set(slots)) != len(slots):
        raise IllegalAction("a hand slot is named twice", "slot_twice")
    if verb in NO_ARGS and slots:
        raise usage
    if verb in ONE_SLOT and len(slots) != 1:
        raise usage
    if verb in TWO_SLOTS and len(slots) != 2:
        raise usage
    if verb == "event" and len(slots) != 1:
        raise usage
    if verb == "skill" and len(slots) > 2:
        raise usage
    if verb == "discard" and not slots:
        raise usage
    return Action(verb, tuple(sorted(slots)), target)
