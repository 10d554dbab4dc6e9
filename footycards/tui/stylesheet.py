"""Provides SharedStylesheet: a Textual stylesheet whose parsed rules are shared by every
app of the process.

Each Textual app parses the same CSS (the widgets' DEFAULT_CSS, our .tcss files) into
rule sets of its own: about 0.5 MB per app. The SSH server runs one app per session in
one process, so it parses the same text hundreds of times. The rules depend only on the
CSS, where it was read from, its place among the sources and the theme's variables;
parsed once for a given combination, they are read, never changed, so the apps share
them. A new theme's variables make a new combination (a few themes at most).
"""

from __future__ import annotations

from textual.css.model import RuleSet
from textual.css.stylesheet import CSSLocation, Stylesheet

from .textual_internals import adopt_rules, note_invalid_css, stylesheet_variables

# (theme variables, css, location, default rules?, tie breaker, scope) -> parsed rules
_PARSED: dict[tuple[object, ...], list[RuleSet]] = {}


class SharedStylesheet(Stylesheet):
    """A Stylesheet that parses each source once per process and theme (see the module)."""

    def _parse_rules(
        self,
        css: str,
        read_from: CSSLocation,
        is_default_rules: bool = False,
        tie_breaker: int = 0,
        scope: str = "",
    ) -> list[RuleSet]:
        variables = tuple(sorted(stylesheet_variables(self).items()))
        key = (variables, css, read_from, is_default_rules, tie_breaker, scope)
        rules = _PARSED.get(key)
        if rules is None:
            rules = super()._parse_rules(css, read_from, is_default_rules, tie_breaker, scope)
            _PARSED[key] = rules
        return rules

    def reparse(self) -> None:
        """Parse every source again with the current variables (a theme change), through
        the shared rules; on an error this stylesheet is left as it was."""
        fresh = SharedStylesheet(variables=stylesheet_variables(self))
        for location, source in self.source.items():
            fresh.add_source(
                source.content,
                read_from=location,
                is_default_css=source.is_defaults,
                tie_breaker=source.tie_breaker,
                scope=source.scope,
            )
        try:
            fresh.parse()
        except Exception:
            note_invalid_css(self, fresh)  # not parsed again and again
            raise
        adopt_rules(self, fresh)
