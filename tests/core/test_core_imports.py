"""The import contract of footycards/core: the standard library and core itself, nothing else."""

from __future__ import annotations

import ast
import sys
from pathlib import Path

import pytest

import footycards.core

CORE = Path(footycards.core.__file__).resolve().parent
MODULES = sorted(CORE.rglob("*.py"))


def allowed(module: str) -> bool:
    """A module core may import: standard library or footycards.core (and below)."""
    return (
        module.split(".")[0] in sys.stdlib_module_names
        or module == "footycards.core"
        or module.startswith("footycards.core.")
    )


def imported_modules(path: Path, package: str = "footycards.core") -> list[tuple[int, str]]:
    """(line, module) of every import in a source file of `package`; relative imports are
    resolved (`from ..i18n import _` in footycards.core is footycards.i18n)."""
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found += [(node.lineno, alias.name) for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            if node.level == 0:
                found.append((node.lineno, node.module or ""))
                continue
            parts = package.split(".")
            base = parts[: len(parts) - (node.level - 1)]
            names = [node.module] if node.module else [a.name for a in node.names]
            found += [(node.lineno, ".".join([*base, name])) for name in names]
    return found


def test_core_has_modules():
    """The scan finds the engine modules (so an empty glob cannot pass silently)."""
    names = {p.name for p in MODULES}
    assert {"__init__.py", "stadium.py"} <= names


@pytest.mark.parametrize("path", MODULES, ids=lambda p: str(p.relative_to(CORE)))
def test_core_imports_only_stdlib_and_core(path):
    """Every footycards/core module imports only the standard library or core modules."""
    package = ".".join(["footycards", "core", *path.relative_to(CORE).parent.parts])
    found = imported_modules(path, package)
    bad = [f"{path.name}:{line}: {mod}" for line, mod in found if not allowed(mod)]
    assert bad == [], "footycards/core must stay pure Python: " + ", ".join(bad)


def test_import_checker_catches_third_party(tmp_path):
    """The checker itself flags third-party and upper-layer imports, and allows the rest."""
    src = tmp_path / "bad.py"
    src.write_text(
        "import os\nimport textual.app\nfrom footycards.tui import app\n"
        "from . import stadium\nfrom footycards.core import errors\n",
        encoding="utf-8",
    )
    flagged = [mod for _line, mod in imported_modules(src) if not allowed(mod)]
    assert flagged == ["textual.app", "footycards.tui"]
    up = tmp_path / "up.py"
    up.write_text("from ..i18n import _\nfrom .. import i18n\nfrom .errors import X\n")
    flagged = [mod for _line, mod in imported_modules(up) if not allowed(mod)]
    assert flagged == ["footycards.i18n", "footycards.i18n"]


def test_core_has_no_translation():
    """Engines emit data, never words: core has no i18n module and translates nothing."""
    assert not (CORE / "i18n.py").exists()
    for path in MODULES:
        text = path.read_text(encoding="utf-8")
        assert "gettext" not in text, path
        assert not any("i18n" in mod for _line, mod in imported_modules(path)), path
