"""Provides the exceptions the engines raise.

Engines never translate. `IllegalAction` carries its reason as data: a short `code`, the
English `template` with `{named}` fields and the `params` that fill them, so a front end
can say it in the session's language (`_(exc.template).format(**exc.params)`, see
`footycards.narration.explain`); `str(exc)` is the English sentence, for scripts and logs.
"""

from __future__ import annotations

from typing import Any


def N_(template: str) -> str:
    """Mark an English template kept in a table, for the message extraction (`make pot`
    reads `IllegalAction(...)`, `UndoRefused(...)` and `N_(...)`); front ends translate it."""
    return template


def NP_(singular: str, plural: str) -> tuple[str, str]:
    """Mark a refusal with a plural form (its count is the parameter `n`): the pair is
    given to an IllegalAction as its `template` and its `plural`."""
    return singular, plural


class IllegalAction(ValueError):
    """An action or notation the current state does not allow; the state is left unchanged.

    `template` is an English format string, `params` the values of its `{named}` fields
    (plain JSON values: seats as 0-based ints, positions and card ids as text) and `code` a
    short slug such as `cell_empty`; `str(exc) == form.format(**params)`. A refusal
    that counts something has a `plural` template too (`NP_`), chosen by parameter `n`
    (a front end picks the plural form for n).
    """

    def __init__(
        self, template: str, code: str = "illegal", plural: str | None = None, **params: Any
    ) -> None:
        self.template = template
        self.plural = plural
        self.code = code
        self.params = {k: typed(v) if type(v) is str else v for k, v in params.items()}
        chosen = self.form
        try:
            text = chosen.format(**self.params)
        except (KeyError, IndexError, ValueError):
            text = chosen
        super().__init__(text)

    @property
    def form(self) -> str:
        """The English template that applies: the plural one when `n` is not 1."""
        if self.plural is not None and self.params.get("n") != 1:
            return self.plural
        return self.template

    def __reduce__(self) -> tuple[Any, ...]:
        return (_rebuild, (type(self), self.template, self.code, self.params, self.plural))


def _rebuild(
    cls: type[IllegalAction],
    template: str,
    code: str,
    params: dict[str, Any],
    plural: str | None = None,
) -> IllegalAction:
    """Unpickle an IllegalAction (it takes keyword arguments, which pickle cannot pass)."""
    if plural is None:
        return cls(template, code, **params)
    return cls(template, code, plural, **params)


TYPED_LIMIT = 160  # characters of a text a refusal repeats (long enough for a list of moves)


def typed(text: str) -> str:
    """Text someone typed, fit to repeat in a refusal: at most TYPED_LIMIT characters, and
    control and format characters (escape sequences, bidi overrides) shown as '?'."""
    if len(text) > TYPED_LIMIT:
        text = text[: TYPED_LIMIT - 3] + "..."
    return printable(text)


def printable(text: str) -> str:
    """`text` with control and format characters shown as '?'."""
    if text.isprintable():
        return text
    return "".join(ch if ch.isprintable() or ch == " " else "?" for ch in text)


def shown(value: object) -> str:
    """A short printable form of a value that is not what was expected (for a refusal)."""
    text = repr(value)
    return text if len(text) <= 40 else text[:37] + "..."


def shown_word(value: object) -> str:
    """Like `shown`, but a string comes without quotes, for messages that quote it
    themselves (`'{word}' is not a seat`): a word is shown once quoted, not twice."""
    if not isinstance(value, str) or not value.isprintable():
        return shown(value)
    return value if len(value) <= 40 else value[:37] + "..."


def not_an_action(game: str, action: object) -> IllegalAction:
    """The refusal of something given to `apply` that is not one of `game`'s actions."""
    return IllegalAction(
        "not a {game} action: {action}", "not_an_action", game=game, action=shown(action)
    )


def check_view_seat(seat: object, players: int) -> None:
    """Refuse a view for anything but None (the public view) or a seat of the table."""
    if seat is not None and (type(seat) is not int or not 0 <= seat < players):
        raise IllegalAction(
            "there is no seat {seat} at this table (seats are 0 to {last})",
            "bad_view_seat",
            seat=shown(seat),
            last=players - 1,
        )


class OptionError(ValueError):
    """A game option (players, table size, deal, dice …) that cannot start a game.

    Like an IllegalAction's, its reason is data: the English `template` with `{named}`
    fields, the `params` that fill them and a short `code`, so a front end says it in the
    session's language (`footycards.narration.problem_text`); `str(exc)` is the English."""

    def __init__(self, template: str, code: str = "option", **params: Any) -> None:
        self.template = template
        self.code = code
        self.params = params
        text = template
        if params:
            try:
                text = template.format(**params)
            except (KeyError, IndexError, ValueError):
                pass
        super().__init__(text)

    def __reduce__(self) -> tuple[Any, ...]:
        return (_rebuild_option, (self.template, self.code, self.params))


def _rebuild_option(template: str, code: str, params: dict[str, Any]) -> OptionError:
    """Unpickle an OptionError (it takes keyword arguments, which pickle cannot pass)."""
    return OptionError(template, code, **params)


def checked_options(game: str, options: object, known: tuple[str, ...]) -> dict[str, Any]:
    """A copy of a game's `options` ({} for None); OptionError when they are not a table of
    option names and values, or name an option the game does not have: a typo must not
    silently play another game."""
    if options is None:
        return {}
    if not isinstance(options, dict):
        raise OptionError("options must be a table of option names and values", "not_a_table")
    unknown_option(game, [k for k in options if not (type(k) is str and k in known)], known)
    return dict(options)


def unknown_option(game: str, given: list[Any], known: tuple[str, ...] | list[str]) -> None:
    """OptionError naming the options in `given` (not among `known`) that `game` lacks."""
    if not given:
        return
    unknown = sorted(typed(str(k)) for k in given)
    raise OptionError(
        "{game} has no option {unknown}; the options are {known}",
        "unknown_option",
        game=game,
        unknown=", ".join(unknown)[:200],
        known=", ".join(known),
    )


FILE_LIMIT = 120  # characters of a file name a DeckError's message repeats


class DeckError(ValueError):
    """A deck file that cannot be used: names the file, the entry and the problem.

    `problem` may be an English template with `{named}` fields filled from `params` (as
    an IllegalAction's): `template` and `params` let a front end say it in the session's
    language; `problem` and `str(exc)` are the English."""

    def __init__(self, file: str, entry: str, problem: str, **params: Any) -> None:
        self.file = file
        self.entry = entry
        self.template = problem
        self.params = params
        if params:
            try:
                problem = problem.format(**params)
            except (KeyError, IndexError, ValueError):
                pass
        self.problem = problem
        if len(file) > FILE_LIMIT:  # the end of a long path says most
            file = "..." + file[-(FILE_LIMIT - 3) :]
        file = printable(file)
        self.where = f"{file}: {entry}: " if entry else f"{file}: "
        super().__init__(self.where + problem)

    def __reduce__(self) -> tuple[Any, ...]:
        return (_rebuild_deck, (self.file, self.entry, self.template, self.params))


def _rebuild_deck(file: str, entry: str, template: str, params: dict[str, Any]) -> DeckError:
    """Unpickle a DeckError (it takes keyword arguments, which pickle cannot pass)."""
    return DeckError(file, entry, template, **params)
