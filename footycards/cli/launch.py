"""Provides what the `footycards` command does before and when it opens the launcher, shared
by the script's start (`start.run`, no click) and the click group (`app.main`): the
command's language made current, and the launcher run. Imports neither click nor the
terminal app until the launcher opens."""

from __future__ import annotations

import gc
import gettext
import os

from .. import i18n


def use_cli_language(code: str) -> None:
    """Make `code` the language of this command: footycards' messages and click's own
    (click looks its words up with gettext in the process's global domain)."""
    i18n.use_language(code)
    gettext.bindtextdomain(i18n.DOMAIN, str(i18n.LOCALE_DIR))
    gettext.textdomain(i18n.DOMAIN)
    os.environ["LANGUAGE"] = code  # the language gettext's global functions look up


def open_launcher(lang: str, remember_lang: str | None = None) -> None:
    """Run the terminal app on its launcher in `lang` (`remember_lang`: a language chosen
    with --lang, to remember)."""
    from ..tui.app import FootyApp

    app = FootyApp(lang=lang, remember_lang=remember_lang)
    # What start-up made (modules, classes, the registry) lives as long as the process:
    # frozen, the collector no longer walks it, so the full collection that building the
    # launcher would set off costs next to nothing (`gc.freeze()`'s documented use).
    gc.freeze()
    app.run()
