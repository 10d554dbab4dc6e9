"""Provides the AI ladder in words: each level's strength beside its name in seat fields.

"AI easy · beginner", "AI hard · pro": a person choosing an opponent sees how strong it
is (issue 22: random, beginner, club, pro, legend), and the next rung (`next_level`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..ai import LEVELS
from ..i18n import N_, _
from ..seats import ai_label

if TYPE_CHECKING:  # the launcher's first frame imports no statistics (sqlite3)
    from ..match import Match
    from ..stats import Stats

STRENGTHS = {
    "random": N_("random"),
    "easy": N_("beginner"),
    "normal": N_("club"),
    "hard": N_("pro"),
    "master": N_("legend"),
}


def strength(level: str) -> str:
    """An AI level's strength in a word, translated; "" for anything else (a person)."""
    word = STRENGTHS.get(level)
    return _(word) if word else ""


def kind_text(label: str, value: str) -> str:
    """A seat field's choice: its label translated, with the level's strength beside it."""
    word = strength(value)
    if not word:
        return _(label)
    return _("{kind} · {strength}").format(kind=_(label), strength=word)


def next_level(level: str) -> str | None:
    """The level above `level` (from easy up the ladder), or None at the top."""
    if level not in LEVELS:
        return None
    i = LEVELS.index(level)
    return LEVELS[i + 1] if i + 1 < len(LEVELS) else None


RUN = 3  # wins in a row at one level before the next level is suggested


def suggestion(match: Match, stats: Stats | None = None) -> tuple[str, str] | None:
    """After the person's third win in a row against one AI level (their last games of
    this game in the statistics, this one recorded): that level and the next; else None."""
    from ..stats import Stats, StatsError, player_key

    humans = match.humans
    if len(humans) != 1 or not match.is_over:
        return None
    player = player_key(match.seats, humans[0])
    try:
        level = (stats or Stats()).level_run(match.game_id, player, RUN)
    except StatsError:
        return None
    above = next_level(level) if level is not None else None
    return (level, above) if level is not None and above is not None else None


def suggestion_text(level: str, above: str) -> str:
    """The end screen's line suggesting the next level, in words."""
    return _("{n} wins in a row against {level}: try {above} ({strength}) next time.").format(
        n=RUN, level=ai_label(level), above=ai_label(above), strength=strength(above)
    )
