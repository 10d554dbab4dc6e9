"""Provides the kinds of game option a `GameSpec` declares: one class per kind.

Each kind knows what every front end needs of it, so none of them asks which kind an
option is: its starting value, how text people gave (a CLI flag, a form field, a saved
setting) becomes engine options or a clear `OptionValueError` (`convert`), what its
command-line flag looks like (`metavar`, `multiple`) and what its one-line form field
offers (`offers` for a pick among values, else a typed field with `placeholder`). The
click options (footycards/cli/options.py) and the shared option fields of the launcher
and the Host form (footycards/tui/widgets/option_fields.py) are built from these alone.
Nothing here imports a UI library.
"""

from __future__ import annotations

import os
from abc import ABC, abstractmethod
from typing import Any, ClassVar

from .i18n import _
from .values import Frozen

FRONTS = ("play", "text", "sim", "launcher")


class OptionValueError(ValueError):
    """A value given for a game option (on the command line or in a form) is wrong."""


def given_text(raw: Any) -> str | None:
    """A value people gave as text (None for a value that is no text or number)."""
    if isinstance(raw, bool) or not isinstance(raw, str | int):
        return None
    return str(raw)


class OptionSpec(Frozen, ABC):
    """One game option: how people give it and how it reaches the engine (a kind below).

    name: the engine option it sets; label: its heading in a form, help: its CLI help
    (both N_-marked, translated when shown); default: the engine's default (None: the
    engine's own); launcher_default: a form's starting value when it differs; modes: the
    game's modes it belongs to (empty: every mode); fronts: where it is offered.
    """

    FIELDS: ClassVar[tuple[str, ...]] = (
        "name",
        "label",
        "help",
        "default",
        "modes",
        "fronts",
        "launcher_default",
    )
    name: str
    label: str
    help: str
    default: Any
    modes: tuple[str, ...]
    fronts: tuple[str, ...]
    launcher_default: Any

    def __init__(
        self,
        name: str,
        label: str,
        help: str,
        *,
        default: Any = None,
        modes: tuple[str, ...] = (),
        fronts: tuple[str, ...] = FRONTS,
        launcher_default: Any = None,
    ) -> None:
        self._set(
            name=name,
            label=label,
            help=help,
            default=default,
            modes=modes,
            fronts=fronts,
            launcher_default=launcher_default,
        )

    names_files = False  # it makes the program read a file (never offered remotely)
    input_type = "text"  # a typed field's Input type

    @property
    def flag(self) -> str:
        return "--" + self.name.replace("_", "-")

    @property
    def multiple(self) -> bool:
        """Whether the flag may be given more than once."""
        return False

    def metavar(self) -> str:
        """What the flag takes, as `--help` shows it."""
        return "TEXT"

    def applies(self, mode: str | None) -> bool:
        """Whether the option belongs to the game's `mode` (every mode when unlisted)."""
        return not self.modes or mode is None or mode in self.modes

    def engine_keys(self) -> tuple[str, ...]:
        """The engine options it may set."""
        return (self.name,)

    def start(self) -> str:
        """A form field's starting text ("" when the engine's default is meant)."""
        start = self.launcher_default if self.launcher_default is not None else self.default
        return "" if start is None else str(start)

    def offers(self, players: int) -> tuple[tuple[str, str], ...] | None:
        """A form field's choices at a table of `players`: (value, text in this session's
        language) pairs; None: the field is typed."""
        return None

    def placeholder(self) -> str:
        """What a typed field shows while empty."""
        return ""

    def fits(self, raw: Any, players: int) -> bool:
        """Whether `raw` (a saved setting, a form's value) can be shown in the option's
        field (not whether it is valid: a number out of range is shown, and refused with
        a message at the start)."""
        text = given_text(raw)
        choices = self.offers(players)
        if text is None or choices is None:
            return text is not None
        return text in [value for value, _label in choices]

    def form_value(self, raw: Any, players: int) -> str:
        """What the option's field shows for `raw`: `raw` as text when it fits, else the
        start (else, for a pick, its first choice)."""
        text = given_text(raw)
        if text is not None and self.fits(text, players):
            return text
        start = self.start()
        choices = self.offers(players)
        if choices is not None and start not in [value for value, _label in choices]:
            return choices[0][0]
        return start

    def convert(self, raw: Any, players: int) -> dict[str, Any]:
        """Engine options from a value people gave; {} when left empty. Raises
        OptionValueError with a message that names the option."""
        if raw is None or raw == "" or raw == () or raw == []:
            return {}
        return self.take(raw, players)

    @abstractmethod
    def take(self, raw: Any, players: int) -> dict[str, Any]:
        """`convert` for a value that is not empty (each kind's own)."""

    def title(self) -> str:
        """The option's label in this session's language."""
        return _(self.label)

    def more_help(self) -> str:
        """What a form's field help adds to the option's help ("" for nothing)."""
        return ""


class IntOption(OptionSpec):
    """A whole number from `minimum` to `maximum` (either may be open)."""

    FIELDS = (*OptionSpec.FIELDS, "minimum", "maximum")
    minimum: int | None
    maximum: int | None

    def __init__(
        self,
        name: str,
        label: str,
        help: str,
        *,
        default: Any = None,
        modes: tuple[str, ...] = (),
        fronts: tuple[str, ...] = FRONTS,
        launcher_default: Any = None,
        minimum: int | None = None,
        maximum: int | None = None,
    ) -> None:
        super().__init__(
            name,
            label,
            help,
            default=default,
            modes=modes,
            fronts=fronts,
            launcher_default=launcher_default,
        )
        self._set(minimum=minimum, maximum=maximum)

    input_type = "integer"

    def metavar(self) -> str:
        if self.minimum is not None and self.maximum is not None:
            return f"{self.minimum}-{self.maximum}"
        return "N"

    def placeholder(self) -> str:
        if self.minimum is not None and self.maximum is not None:
            return f"{self.minimum}–{self.maximum}"
        return ""

    def take(self, raw: Any, players: int) -> dict[str, Any]:
        try:
            value = int((given_text(raw) or "").strip())
        except ValueError:
            raise OptionValueError(
                _("{opt} must be a whole number").format(opt=self.title())
            ) from None
        low, high = self.minimum, self.maximum
        if (low is not None and value < low) or (high is not None and value > high):
            raise OptionValueError(self.range_text())
        return {self.name: value}

    def range_text(self) -> str:
        low, high = self.minimum, self.maximum
        if low is not None and high is not None:
            return _("{opt} must be a whole number from {a} to {b}").format(
                opt=self.title(), a=low, b=high
            )
        return _("{opt} must be a whole number of at least {a}").format(
            opt=self.title(), a=low if low is not None else 0
        )


class ChoiceOption(OptionSpec):
    """One of `choices` ((value, label) pairs, labels N_-marked); the engine gets the
    value itself, or what `values` maps it to (e.g. "on" -> True)."""

    FIELDS = (*OptionSpec.FIELDS, "choices", "values")
    choices: tuple[tuple[str, str], ...]
    values: tuple[tuple[str, Any], ...]

    def __init__(
        self,
        name: str,
        label: str,
        help: str,
        *,
        default: Any = None,
        modes: tuple[str, ...] = (),
        fronts: tuple[str, ...] = FRONTS,
        launcher_default: Any = None,
        choices: tuple[tuple[str, str], ...],
        values: tuple[tuple[str, Any], ...] = (),
    ) -> None:
        super().__init__(
            name,
            label,
            help,
            default=default,
            modes=modes,
            fronts=fronts,
            launcher_default=launcher_default,
        )
        self._set(choices=choices, values=values)

    def words(self) -> list[str]:
        return [value for value, _label in self.choices]

    def metavar(self) -> str:
        return "[" + "|".join(self.words()) + "]"

    def offers(self, players: int) -> tuple[tuple[str, str], ...]:
        return tuple((value, _(label)) for value, label in self.choices)

    def take(self, raw: Any, players: int) -> dict[str, Any]:
        text = (given_text(raw) or "").strip().lower()
        if text not in self.words():
            raise OptionValueError(
                _("{opt} must be one of: {values} (not '{text}')").format(
                    opt=self.title(), values=", ".join(self.words()), text=given_text(raw)
                )
            )
        return {self.name: dict(self.values).get(text, text)}


class SeatOption(OptionSpec):
    """A seat number from 1, or one of the words of `choices` ((value, label) pairs,
    labels N_-marked: e.g. `random`); the engine gets the seat from 0, or the word."""

    FIELDS = (*OptionSpec.FIELDS, "choices")
    choices: tuple[tuple[str, str], ...]

    def __init__(
        self,
        name: str,
        label: str,
        help: str,
        *,
        default: Any = None,
        modes: tuple[str, ...] = (),
        fronts: tuple[str, ...] = FRONTS,
        launcher_default: Any = None,
        choices: tuple[tuple[str, str], ...] = (),
    ) -> None:
        super().__init__(
            name,
            label,
            help,
            default=default,
            modes=modes,
            fronts=fronts,
            launcher_default=launcher_default,
        )
        self._set(choices=choices)

    def words(self) -> list[str]:
        return [value for value, _label in self.choices]

    def metavar(self) -> str:
        return "N|" + "|".join(self.words())

    def offers(self, players: int) -> tuple[tuple[str, str], ...]:
        """The words, then a seat for each player: "P1 starts" … "P{players} starts"."""
        words = tuple((value, _(label)) for value, label in self.choices)
        seats = tuple((str(n), _("P{n} starts").format(n=n)) for n in range(1, players + 1))
        return words + seats

    def take(self, raw: Any, players: int) -> dict[str, Any]:
        text = (given_text(raw) or "").strip().lower()
        if text in self.words():
            return {self.name: text}
        if text.isdecimal() and 1 <= int(text) <= players:
            return {self.name: int(text) - 1}
        raise OptionValueError(
            _("{opt}: a seat number from 1 to {n}, or {words}").format(
                opt=self.title(), n=players, words=", ".join(self.words())
            )
        )


class FilesOption(OptionSpec):
    """One or more file paths (several in a form: separated by commas): one becomes
    engine option `name`, several `several_key` (None: only one file is taken)."""

    FIELDS = (*OptionSpec.FIELDS, "several_key")
    several_key: str | None

    def __init__(
        self,
        name: str,
        label: str,
        help: str,
        *,
        default: Any = None,
        modes: tuple[str, ...] = (),
        fronts: tuple[str, ...] = FRONTS,
        launcher_default: Any = None,
        several_key: str | None = None,
    ) -> None:
        super().__init__(
            name,
            label,
            help,
            default=default,
            modes=modes,
            fronts=fronts,
            launcher_default=launcher_default,
        )
        self._set(several_key=several_key)

    names_files = True

    @property
    def multiple(self) -> bool:
        return self.several_key is not None

    def metavar(self) -> str:
        return "FILE"

    def engine_keys(self) -> tuple[str, ...]:
        return (self.name,) if self.several_key is None else (self.name, self.several_key)

    def start(self) -> str:
        return ""  # empty: the game's own deck

    def placeholder(self) -> str:
        return _("empty: the game's deck")

    def take(self, raw: Any, players: int) -> dict[str, Any]:
        parts = raw.split(",") if isinstance(raw, str) else list(raw)
        if not all(isinstance(part, str) for part in parts):
            raise OptionValueError(_("{opt}: give file names").format(opt=self.title()))
        files = [part.strip() for part in parts if part.strip()]
        # a file that exists is kept by its absolute path: a saved game then deals again
        # from any folder (a name that is no file, e.g. a shipped deck, stays as given)
        files = [os.path.abspath(f) if os.path.isfile(f) else f for f in files]
        if not files:
            return {}
        if len(files) == 1 or self.several_key is None:
            if len(files) > 1:
                raise OptionValueError(_("{opt}: give one file").format(opt=self.title()))
            return {self.name: files[0]}
        return {self.several_key: files}

    def more_help(self) -> str:
        return _("Empty: the game's own deck; several separated by commas.")
