"""Provides SharedStylesheet: a Textual stylesheet whose parsed rules are shared by every
app of the process.

Each Textual app parses the same CSS (the widgets' DEFAULT_CSS, our .tcss files) into
rule sets of its own: about 0.5 MB per app. The SSH server runs one app per session in
one process, so it parses the same text hundreds of times. The rules depend only on the
CSS, where it was read from, its place among the sources and the theme's variables;
parsed once for a given combination, they are read, never changed, so the apps share
them. A new theme's variables make a new combination (a few themes at most).

Two more things a session would otherwise do on the event loop every session shares:

- Textual parses the whole stylesheet again whenever a source is added (a widget class
  seen for the first time in this app, a screen's CSS file): the combined rules and
  their map by selector are shared too, per list of sources and theme, so that an app
  taking the same steps as an earlier one finds them ready.
- Textual reads a screen's CSS file when that screen is first shown, then parses and
  styles every widget of the app again. The app reads the other screens' files once its
  first frame is drawn (`read_screens_css`; each file's rules name its own screen, so
  they change nothing shown and nothing is styled again): no restyle on the first visit
  of each screen, and the first frame parses and matches only the rules it can use
  (every widget's styling walks the whole list of rules).
"""

from __future__ import annotations

import os
from collections import OrderedDict
from collections.abc import Callable
from pathlib import Path

from textual.css.model import RuleSet
from textual.css.stylesheet import CSSLocation, Stylesheet
from textual.dom import DOMNode

from .textual_internals import (
    adopt_rules,
    component_style_nodes,
    detach_nodes,
    note_invalid_css,
    parsed_rules,
    stylesheet_variables,
    use_parsed,
)

# (theme variables, css, location, default rules?, tie breaker, scope) -> parsed rules
_PARSED: dict[tuple[object, ...], list[RuleSet]] = {}
# (theme variables, every source in order) -> (the rules, their map by selector name)
COMBINED_KEPT = 64
_COMBINED: OrderedDict[tuple[object, ...], tuple[list[RuleSet], dict[str, list[RuleSet]]]] = (
    OrderedDict()
)
SCREENS_CSS = Path(os.path.abspath(Path(__file__).parent / "screens"))  # their .tcss files


class SharedStylesheet(Stylesheet):
    """A Stylesheet that parses each source once per process and theme (see the module)."""

    def __init__(self, *, variables: dict[str, str] | None = None) -> None:
        super().__init__(variables=variables)
        self._keyed: object = None  # the variables dict `_key` was made from
        self._key: tuple[object, ...] = ()
        # told of the component-style nodes a restyle replaced (the SSH server frees them)
        self.nodes_dropped: Callable[[list[DOMNode]], None] | None = None

    def variables_key(self) -> tuple[object, ...]:
        """The theme's variables as a key (made again only when they are replaced)."""
        variables = stylesheet_variables(self)
        if variables is not self._keyed:
            self._key = tuple(sorted(variables.items()))
            self._keyed = variables
        return self._key

    def _parse_rules(
        self,
        css: str,
        read_from: CSSLocation,
        is_default_rules: bool = False,
        tie_breaker: int = 0,
        scope: str = "",
    ) -> list[RuleSet]:
        key = (self.variables_key(), css, read_from, is_default_rules, tie_breaker, scope)
        rules = _PARSED.get(key)
        if rules is None:
            rules = super()._parse_rules(css, read_from, is_default_rules, tie_breaker, scope)
            _PARSED[key] = rules
        return rules

    def _process_component_classes(self, node: DOMNode) -> None:
        """Style `node`'s component classes, as Textual does, by small nodes made anew at
        every restyle (a focus, a hover); the ones they replace are taken off `node` and
        told of (`nodes_dropped`): each is a cycle of its own, and a server that froze it
        could only free it in a deep collection (ssh/memory.py)."""
        before = component_style_nodes(node)
        super()._process_component_classes(node)
        if before:
            now = {id(small) for small in component_style_nodes(node)}
            replaced = [small for small in before if id(small) not in now]
            if replaced:
                detach_nodes(replaced)
                if self.nodes_dropped is not None:
                    self.nodes_dropped(replaced)

    def parse(self) -> None:
        """Combine every source's rules, as another app with the same sources and theme
        did if one did (see the module)."""
        key = (self.variables_key(), tuple(self.source.items()))
        combined = _COMBINED.get(key)
        if combined is None:
            super().parse()
            combined = parsed_rules(self)
            _COMBINED[key] = combined
            while len(_COMBINED) > COMBINED_KEPT:
                _COMBINED.popitem(last=False)
        else:
            _COMBINED.move_to_end(key)
        use_parsed(self, *combined)

    def read_screens_css(self) -> None:
        """Read and parse every screen's CSS file not read yet (see the module): called
        once the app has drawn its first frame. Their rules select their own screens'
        widgets only, so nothing already styled is styled again."""
        unread = [p for p in sorted(SCREENS_CSS.glob("*.tcss")) if not self.has_source(str(p))]
        for path in unread:
            self.read(path)
        if unread:
            self.parse()

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
        use_parsed(self, *parsed_rules(fresh))  # its map by selector too
