"""Provides seat specifications: a person's name or an AI level per seat ("Ann,Bob,ai:normal")."""

from __future__ import annotations

from functools import lru_cache

from .ai import LEVELS
from .i18n import N_, _, available_languages, ngettext, translation
from .values import Frozen


class SeatSpec(Frozen):
    """One seat: a human with a name, or an AI player with a level."""

    FIELDS = ("name", "ai")
    name: str
    ai: str | None  # None for a human, else an AI level

    def __init__(self, name: str, ai: str | None = None) -> None:
        self._set(name=name, ai=ai)

    @property
    def is_human(self) -> bool:
        return self.ai is None

    def __str__(self) -> str:
        return f"ai:{self.ai}" if self.ai else self.name


def parse_players(text: str) -> list[SeatSpec]:
    """Parse a seat list such as "Ann,Bob,ai:normal"; ValueError with a clear message."""
    seats: list[SeatSpec] = []
    parts = [p.strip() for p in text.split(",")]
    if not text.strip() or any(not p for p in parts):
        raise ValueError(_("players: give a comma-separated list such as 'Ann,Bob,ai:normal'"))
    ai_count: dict[str, int] = {}
    for p in parts:
        if p.lower().startswith("ai:") or p.lower() == "ai":
            level = p[3:].strip().lower() if ":" in p else "normal"
            if level not in LEVELS:
                raise ValueError(
                    _("unknown AI level '{level}'; levels are: {levels}").format(
                        level=level, levels=", ".join(LEVELS)
                    )
                )
            ai_count[level] = ai_count.get(level, 0) + 1
            seats.append(SeatSpec(ai_label(level, ai_count[level]), level))
        else:
            seats.append(SeatSpec(p))
    check_names(seats)
    return seats


def check_names(seats: list[SeatSpec]) -> None:
    """Refuse two seats with the same name: the pass-device screen must name one person."""
    seen: set[str] = set()
    for seat in seats:
        key = seat.name.casefold()
        if key in seen:
            raise ValueError(
                _("two seats are called '{name}'; give each seat its own name").format(
                    name=seat.name
                )
            )
        seen.add(key)


LEVEL_WORDS = {  # the AI levels as an AI seat's name says them ("AI normal")
    "random": N_("random"),
    "easy": N_("easy"),
    "normal": N_("normal"),
    "hard": N_("hard"),
    "master": N_("master"),
}


def says_ai(name: str) -> bool:
    """Whether a seat's name already says it is an AI player ("AI normal 2", or its
    default name in any language: at a shared table the host's session named the AI
    seats), so no "(AI)" is added after it."""
    return name.startswith("AI") or name.startswith(ai_labels(tuple(available_languages())))


@lru_cache(maxsize=4)
def ai_labels(langs: tuple[str, ...]) -> tuple[str, ...]:
    """The default names of the AI seats in each of `langs`."""
    labels = []
    for lang in langs:
        catalogue = translation(lang)
        for level in LEVELS:
            word = catalogue.gettext(LEVEL_WORDS[level])
            labels.append(catalogue.gettext("AI {level}").format(level=word))
    return tuple(labels)


@lru_cache(maxsize=4)
def _default_ai_names(langs: tuple[str, ...]) -> dict[str, tuple[str, int]]:
    """Every default name of an AI seat in each of `langs` ("AI normal 2", "電腦 普通"):
    its level and its number among the seats of that level."""
    found: dict[str, tuple[str, int]] = {}
    for lang in langs:
        catalogue = translation(lang)
        for level in LEVELS:
            word = catalogue.gettext(LEVEL_WORDS[level])
            base = catalogue.gettext("AI {level}").format(level=word)
            found.setdefault(base, (level, 1))
            for n in range(2, 11):
                found.setdefault(f"{base} {n}", (level, n))
    return found


def ai_name_here(name: str) -> str:
    """An AI seat's default name in this session's language, whatever language named it
    ("AI normal 2" is "電腦 普通 2" to a Chinese viewer at a table a German opened); any
    other name as it was given. Only for seats known to be AI players."""
    found = _default_ai_names(tuple(available_languages())).get(name)
    return ai_label(*found) if found else name


def ai_mark() -> str:
    """What follows the name of an AI seat whose name does not say so: "(AI)"."""
    return _("(AI)")


def ai_label(level: str, n: int = 1) -> str:
    """A display name for an AI seat, e.g. 'AI normal' or 'AI normal 2'."""
    base = _("AI {level}").format(level=_(LEVEL_WORDS.get(level, level)))
    return base if n == 1 else f"{base} {n}"


def players_range_text(game: str, fewest: int, most: int) -> str:
    """Who may play a game, in words: "X is for 2 to 6 players", "X is for 2 players"."""
    if fewest == most:
        return ngettext("{game} is for {n} player", "{game} is for {n} players", most).format(
            game=game, n=most
        )
    return _("{game} is for {a} to {b} players").format(game=game, a=fewest, b=most)


def seats_range_text(fewest: int, most: int) -> str:
    """How many seats a game has, in words: "2 to 6 seats", "2 seats"."""
    if fewest == most:
        return ngettext("{n} seat", "{n} seats", most).format(n=most)
    return _("{a} to {b} seats").format(a=fewest, b=most)
