"""Provides `run`, what the `footycards` script runs (pyproject's [project.scripts]).

Without an argument `run` opens the launcher as the click group (`app.main`) does — the
language chosen the same way (FOOTYCARDS_LANG, then the language last chosen, then the
locale), the same app — but without importing click, which the launcher's first frame
does not need (about 2 % of the start, counted in instructions). Any argument, or a
FOOTYCARDS_LANG that has to be refused, goes to the click group, which reads the line
and says what is wrong. This module imports only footycards' language code until the
launcher opens (tests/tui/test_startup_imports.py keeps it so).
"""

from __future__ import annotations

import os
import sys

from .. import i18n
from .launch import open_launcher, use_cli_language


def run() -> None:
    """The `footycards` command: the launcher straight away when nothing is given, else
    the click group (see the module)."""
    wanted = os.environ.get("FOOTYCARDS_LANG")
    if sys.argv[1:] or (wanted and i18n.language_problem(wanted)):
        from .app import main

        main()
        return
    from ..settings import peek_language

    code = i18n.pick_language(None, peek_language())
    use_cli_language(code)
    try:
        open_launcher(code)
    except (KeyboardInterrupt, EOFError):  # as click says it for the other commands
        print(i18n._("Aborted!"), file=sys.stderr)
        sys.exit(1)
