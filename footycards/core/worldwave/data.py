"""Provides the World Wave roster and match deck, read from `assets/worldwave/` and validated.

Both files are TOML (W1.5, W2, W8). A problem in either is a DeckError naming the file, the
entry and the problem; a character whose skill id has no skill function is refused.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

from ..assets import assets_dir, read_toml, require
from ..errors import DeckError
from .skills import SKILLS, TIMINGS

POSITIONS = ("GK", "DF", "MF", "FW")
CARD_KINDS = ("event", "skill", "action", "setpiece")
MARKS = ("attack", "defence", "stamina")  # 攻 防 體 (W2.3)
# W8: the card kinds the rules name; each must be in the deck file, and nothing else
CARD_IDS = (
    "shoot", "save", "freekick", "penalty", "controversy", "misjudgement", "whistle",
    "foul", "tackle", "longball", "suspension", "waterbreak", "powershot", "poacher",
    "wall", "anticipation", "ironlungs", "depth",
)  # fmt: skip
_ID = re.compile(r"[a-z][a-z0-9_]{0,31}")


@dataclass(frozen=True, slots=True)
class Character:
    """One character card (W1.1): position, stamina, costs, hand limit and skill."""

    id: str
    name: str
    name_zh: str
    position: str
    stamina: int
    shoot_cost: int | None  # None for goalkeepers (W1.2)
    save_cost: int
    hand_limit: int
    skill: str
    timing: str
    text: str
    text_zh: str


@dataclass(frozen=True, slots=True)
class CardKind:
    """One kind of match card (W2) and how many copies the deck holds."""

    id: str
    kind: str
    name: str
    name_zh: str
    copies: int
    mark: str | None  # skill cards only (W2.3)
    text: str
    text_zh: str


def roster_path() -> Path:
    """The shipped roster file."""
    return assets_dir() / "worldwave" / "roster.toml"


def deck_file_path() -> Path:
    """The shipped match deck file."""
    return assets_dir() / "worldwave" / "deck.toml"


def _entries(data: dict, key: str, file: str) -> list:
    raw = data.get(key)
    if not isinstance(raw, list) or not raw:
        raise DeckError(file, "", "no [[{key}]] entries", key=key)
    return raw


def _text(entry: dict, key: str, file: str, label: str, limit: int = 400) -> str:
    value = require(entry, key, str, file, label)
    if len(value) > limit:
        raise DeckError(
            file, label, "field '{key}' is longer than {limit} characters", key=key, limit=limit
        )
    return value


def load_roster(path: str | Path | None = None) -> dict[str, Character]:
    """Read and check a roster file (the shipped one by default): characters by id, in
    file order."""
    p = Path(path) if path else roster_path()
    file = str(p)
    data = read_toml(p)
    out: dict[str, Character] = {}
    for i, entry in enumerate(_entries(data, "character", file), 1):
        label = f"character #{i}"
        if not isinstance(entry, dict):
            raise DeckError(file, label, "must be a table")
        cid = require(entry, "id", str, file, label)
        label = f"character {cid}"
        if not _ID.fullmatch(cid):
            raise DeckError(file, label, "id must be lower-case letters and digits, like rooney")
        if cid in out:
            raise DeckError(file, label, "duplicate id")
        position = require(entry, "position", str, file, label)
        if position not in POSITIONS:
            raise DeckError(
                file, label, "position must be one of {values}", values=", ".join(POSITIONS)
            )
        numbers = {}
        for key, low, high in (("stamina", 1, 9), ("save_cost", 0, 9), ("hand_limit", 0, 20)):
            value = require(entry, key, int, file, label)
            if not low <= value <= high:
                raise DeckError(
                    file,
                    label,
                    "{key} must be {low} to {high}, not {value}",
                    key=key,
                    low=low,
                    high=high,
                    value=value,
                )
            numbers[key] = value
        shoot_cost: int | None = None
        if position == "GK":
            if "shoot_cost" in entry:
                raise DeckError(file, label, "a goalkeeper has no shoot_cost (W1.2)")
        else:
            shoot_cost = require(entry, "shoot_cost", int, file, label)
            if not 0 <= shoot_cost <= 9:
                raise DeckError(
                    file, label, "shoot_cost must be 0 to 9, not {value}", value=shoot_cost
                )
        skill = require(entry, "skill", str, file, label)
        if skill not in SKILLS or SKILLS[skill].card:
            raise DeckError(file, label, "skill '{skill}' has no skill function", skill=skill)
        timing = require(entry, "timing", str, file, label)
        if timing not in TIMINGS:
            raise DeckError(
                file, label, "timing must be one of {values}", values=", ".join(TIMINGS)
            )
        if SKILLS[skill].timing != timing:
            raise DeckError(
                file,
                label,
                "skill '{skill}' triggers at {timing}, not {given}",
                skill=skill,
                timing=SKILLS[skill].timing,
                given=timing,
            )
        out[cid] = Character(
            id=cid,
            name=_text(entry, "name", file, label, 40),
            name_zh=_text(entry, "name_zh", file, label, 20),
            position=position,
            stamina=numbers["stamina"],
            shoot_cost=shoot_cost,
            save_cost=numbers["save_cost"],
            hand_limit=numbers["hand_limit"],
            skill=skill,
            timing=timing,
            text=_text(entry, "text", file, label),
            text_zh=_text(entry, "text_zh", file, label),
        )
    return out


def load_deck(path: str | Path | None = None) -> dict[str, CardKind]:
    """Read and check a match deck file (the shipped one by default): card kinds by id."""
    p = Path(path) if path else deck_file_path()
    file = str(p)
    data = read_toml(p)
    out: dict[str, CardKind] = {}
    for i, entry in enumerate(_entries(data, "card", file), 1):
        label = f"card #{i}"
        if not isinstance(entry, dict):
            raise DeckError(file, label, "must be a table")
        cid = require(entry, "id", str, file, label)
        label = f"card {cid}"
        if cid not in CARD_IDS:
            raise DeckError(
                file, label, "unknown card id; the cards are {values}", values=", ".join(CARD_IDS)
            )
        if cid in out:
            raise DeckError(file, label, "duplicate id")
        kind = require(entry, "kind", str, file, label)
        if kind not in CARD_KINDS:
            raise DeckError(
                file, label, "kind must be one of {values}", values=", ".join(CARD_KINDS)
            )
        copies = require(entry, "copies", int, file, label)
        if not 0 <= copies <= 60:
            raise DeckError(file, label, "copies must be 0 to 60, not {value}", value=copies)
        mark = None
        if kind == "skill":
            mark = require(entry, "mark", str, file, label)
            if mark not in MARKS:
                raise DeckError(
                    file, label, "mark must be one of {values}", values=", ".join(MARKS)
                )
            if cid not in SKILLS or not SKILLS[cid].card:
                raise DeckError(file, label, "this skill card has no skill function")
        elif "mark" in entry:
            raise DeckError(file, label, "only skill cards have a mark")
        out[cid] = CardKind(
            id=cid,
            kind=kind,
            name=_text(entry, "name", file, label, 40),
            name_zh=_text(entry, "name_zh", file, label, 20),
            copies=copies,
            mark=mark,
            text=_text(entry, "text", file, label),
            text_zh=_text(entry, "text_zh", file, label),
        )
    missing = [c for c in CARD_IDS if c not in out]
    if missing:
        raise DeckError(file, "", "cards missing: {cards}", cards=", ".join(missing))
    expected = {
        "shoot": "action", "save": "action", "freekick": "setpiece", "penalty": "setpiece",
        "powershot": "skill", "poacher": "skill", "wall": "skill", "anticipation": "skill",
        "ironlungs": "skill", "depth": "skill",
    }  # fmt: skip
    for cid, card in out.items():
        if card.kind != expected.get(cid, "event"):
            raise DeckError(
                file, f"card {cid}", "must be of kind {kind}", kind=expected.get(cid, "event")
            )
    if sum(c.copies for c in out.values()) == 0:
        raise DeckError(file, "", "the deck has no cards")
    return out
