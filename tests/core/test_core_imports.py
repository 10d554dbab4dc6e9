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


def imported_modules(path: Path) -> list[tuple[int, str]]:
    """(line, module) of every absolute import in a source file; relative ones are skipped."""
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found += [(node.lineno, alias.name) for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and node.level == 0:
            found.append((node.lineno, node.module or ""))
    return found


def test_core_has_modules():
    """The scan finds the engine modules (so an empty glob cannot pass silently)."""
    names = {p.name for p in MODULES}
    assert {"__init__.py", "stadium.py"} <= names


@pytest.mark.parametrize("path", MODULES, ids=lambda p: str(p.relative_to(CORE)))
def test_core_imports_only_stdlib_and_core(path):
    """Every footycards/core module imports only the standard library or core modules."""
    bad = [f"{path.name}:{line}: {mod}" for line, mod in imported_modules(path) if not allowed(mod)]
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
