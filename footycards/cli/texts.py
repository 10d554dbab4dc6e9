"""Provides the language of a command line and the click classes whose help is shown in it.

The language is chosen before click reads the rest of the line (`MainGroup` calls
`choose_language` first): `--lang` wherever it stands, then FOOTYCARDS_LANG, the remembered
setting, the locale. An explicit `--lang` or FOOTYCARDS_LANG with no catalogue is refused,
naming the languages there are. So `--help`, every error and click's own words ("Usage:",
"Show this message and exit.") come out in the chosen language.

Help texts are marked with `N_()` where a command is declared (the declaration runs at
import time, before anyone chose a language) and translated when the help is shown, by
`TextCommand` and `TextGroup`. Click looks its own words up with `gettext` in the process's
global domain: `use_cli_language` (launch.py) points that domain at footycards' catalogue, and
`CLICK_MESSAGES` names those words so that `make pot` extracts them.
"""

from __future__ import annotations

import inspect
import os
import re
from collections.abc import Iterable, Sequence

import click
from rich.cells import cell_len

from .. import i18n
from ..i18n import N_, NP_, _, labelled
from .launch import use_cli_language

# click's own messages that a person meets (looked up by click through gettext).
CLICK_MESSAGES = (
    N_("Usage:"),
    N_("Options"),
    N_("Commands"),
    N_("Show this message and exit."),
    N_("Show the version and exit."),
    N_("%(prog)s, version %(version)s"),
    N_("Error: {message}"),
    N_("Try '{command} {option}' for help."),
    N_("No such command {name!r}."),
    N_("No such option {name!r}."),
    NP_("Did you mean {possibility}?", "(Did you mean one of: {possibilities}?)"),
    N_("Option {name!r} requires an argument."),
    N_("Option {name!r} does not take a value."),
    N_("Missing argument"),
    N_("Missing option"),
    N_("Missing parameter"),
    N_("Missing command."),
    N_("Invalid value for {param_hint}: {message}"),
    N_("Invalid value: {message}"),
    N_("Got unexpected extra argument ({args})"),
    N_("Got unexpected extra arguments ({args})"),
    N_("default: {default}"),
    N_("required"),
    N_("Aborted!"),
    N_("{value!r} is not a valid {number_type}."),
    N_("{value!r} is not one of {choices}."),
    N_("{value!r} is not {choice}."),
    N_("{value} is not in the range {range}."),
    N_("{name} {filename!r} does not exist."),
    N_("{name} {filename!r} is a directory."),
    N_("{name} {filename!r} is not readable."),
    N_("integer"),
    N_("file"),
)


def requested_language(args: Sequence[str]) -> str | None:
    """The value of `--lang LANG` or `--lang=LANG` on the command line (None if absent)."""
    for i, arg in enumerate(args):
        if arg == "--":
            break
        if arg == "--lang":
            return args[i + 1] if i + 1 < len(args) else None
        if arg.startswith("--lang="):
            return arg.partition("=")[2]
    return None


def choose_language(ctx: click.Context, args: Sequence[str]) -> str:
    """The language of this command line, made current; an explicit request (`--lang`,
    FOOTYCARDS_LANG) that has no catalogue is refused, naming the languages there are."""
    from ..settings import peek_language

    use_cli_language("en")  # what the refusal is said in
    requested = requested_language(args)
    for given, hint in ((requested, "--lang"), (os.environ.get("FOOTYCARDS_LANG"), None)):
        if given:
            problem = i18n.language_problem(given)
            if problem and hint:
                raise click.BadParameter(problem, ctx=ctx, param_hint=hint)
            if problem:
                raise click.UsageError(
                    _("FOOTYCARDS_LANG: {problem}").format(problem=problem), ctx=ctx
                )
            break
    code = i18n.pick_language(requested, peek_language())
    use_cli_language(code)
    return code


def help_text(msgid: str | None) -> str:
    """A help text declared with N_(), in this command's language."""
    if not msgid:
        return ""
    return _(inspect.cleandoc(msgid))


def short_text(text: str, limit: int) -> str:
    """The first sentence of `text`, cut at a word to at most `limit` characters."""
    first = text.split("\n\n")[0].replace("\n", " ").strip()
    for end in (". ", "。", "! "):
        if end in first:
            first = first.split(end)[0] + end.strip()
            break
    if len(first) <= limit:
        return first
    cut = first[: limit - 3].rsplit(" ", 1)[0] if " " in first[: limit - 3] else ""
    return (cut or first[: limit - 3]) + "..."


def option_records(ctx: click.Context, command: click.Command) -> list[tuple[str, str]]:
    """The rows of a command's options section with each help translated."""
    rows = []
    for param in command.get_params(ctx):
        record = param.get_help_record(ctx)
        if record is None or isinstance(param, click.Argument):
            continue
        english = getattr(param, "help", None)
        if english and record[1].startswith(english):
            record = (record[0], help_text(english) + record[1][len(english) :])
        rows.append(record)
    return rows


# a character written two cells wide, or its punctuation: a line may break before each
# (but not before closing punctuation, nor after opening punctuation)
_WIDE = "\u2e80-\u9fff\u3000-\u303f\uac00-\ud7af\uff00-\uffef"
_CLOSING = "」』】》〉〕］｝，。）、；：！？)]}"  # punctuation that never starts a line
_OPENING = "「『【《〈〔［｛（([{"  # punctuation that never ends a line
# a pattern, compiled where help is wrapped (compiling its wide ranges takes milliseconds
# that the launcher, which wraps nothing, would pay at every start): a token is one wide
# character or a run of others (not ending in opening punctuation), with the opening
# punctuation before it and the closing punctuation after it; opening punctuation with
# nothing after it is a token of its own
_OPEN, _CLOSE = re.escape(_OPENING), re.escape(_CLOSING)
_TOKEN = (
    rf"[{_OPEN}]*(?:[{_WIDE}]|[^\s{_WIDE}]*[^\s{_WIDE}{_OPEN}])[{_CLOSE}]*"
    rf"|[{_OPEN}]+"
)


def wrap_cells(text: str, width: int) -> list[str]:
    """`text` in lines of at most `width` cells, paragraphs kept: words stay whole, and
    Chinese, which has no spaces, breaks between any two characters, but never after an
    opening bracket or quote nor before a closing one (nor before its comma or stop)."""
    lines: list[str] = []
    for n, paragraph in enumerate(text.split("\n\n")):
        if n:
            lines.append("")
        line = ""
        for match in re.finditer(rf"(\s*)({_TOKEN})", paragraph):
            space, token = match.group(1), match.group(2)
            joint = " " if space and line else ""
            if line and cell_len(line + joint + token) > width:
                lines.append(line)
                line, joint = "", ""
            line += joint + token
        lines.append(line)
    return lines


class CellFormatter(click.HelpFormatter):
    """Click's help formatter, measuring by terminal cells where the help has characters
    two cells wide (Chinese): click measures by characters, so a Chinese help line would
    run past the terminal's edge. Text of one-cell characters is left to click."""

    def write_text(self, text: str) -> None:
        if cell_len(text) == len(text):
            super().write_text(text)
            return
        indent = " " * self.current_indent
        for line in wrap_cells(text, max(self.width - self.current_indent, 20)):
            self.write(f"{indent}{line}\n" if line else "\n")

    def write_heading(self, heading: str) -> None:
        """A section's heading ("Options:"; "選項：" in Chinese, with its own colon)."""
        self.write(f"{'':>{self.current_indent}}{labelled(heading, '').rstrip()}\n")

    def write_dl(
        self, rows: Iterable[tuple[str, str]], col_max: int = 30, col_spacing: int = 2
    ) -> None:
        rows = list(rows)
        if all(cell_len(a) == len(a) and cell_len(b) == len(b) for a, b in rows):
            super().write_dl(rows, col_max, col_spacing)
            return
        first_col = min(max((cell_len(a) for a, _b in rows), default=0), col_max) + col_spacing
        for first, second in rows:
            self.write(f"{'':>{self.current_indent}}{first}")
            if not second:
                self.write("\n")
                continue
            if cell_len(first) <= first_col - col_spacing:
                self.write(" " * (first_col - cell_len(first)))
            else:
                self.write("\n" + " " * (first_col + self.current_indent))
            lines = wrap_cells(second, max(self.width - first_col - 2 - self.current_indent, 10))
            self.write(f"{lines[0]}\n")
            for line in lines[1:]:
                self.write(f"{'':>{first_col + self.current_indent}}{line}\n")


class TextContext(click.Context):
    """A click context whose help is laid out by terminal cells (CellFormatter)."""

    formatter_class = CellFormatter


class TextCommand(click.Command):
    """A click command whose help (declared with N_()) is shown in the chosen language."""

    context_class = TextContext

    def format_help_text(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        write_help_text(self, formatter)

    def get_short_help_str(self, limit: int = 45) -> str:
        return short_text(help_text(self.short_help or self.help), limit)

    def format_options(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        write_options(ctx, self, formatter)

    def format_epilog(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        write_epilog(self, formatter)


class TextGroup(TextCommand, click.Group):
    """A click group whose help, options and commands are shown in the chosen language
    (TextCommand's help, then the list of commands after the options)."""

    def format_options(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        write_options(ctx, self, formatter)
        self.format_commands(ctx, formatter)


def write_help_text(command: click.Command, formatter: click.HelpFormatter) -> None:
    """A command's help paragraph, translated."""
    text = help_text(command.help).partition("\f")[0]
    if text:
        formatter.write_paragraph()
        with formatter.indentation():
            formatter.write_text(text)


def write_options(
    ctx: click.Context, command: click.Command, formatter: click.HelpFormatter
) -> None:
    """A command's options section, each help translated."""
    rows = option_records(ctx, command)
    if rows:
        with formatter.section(_("Options")):
            formatter.write_dl(rows)


def write_epilog(command: click.Command, formatter: click.HelpFormatter) -> None:
    """A command's epilog, translated."""
    if command.epilog:
        formatter.write_paragraph()
        with formatter.indentation():
            formatter.write_text(help_text(command.epilog))
