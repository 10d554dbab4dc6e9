"""Compiles the message catalogues (`.po` to `.mo`) when a wheel is built.

Used as a hatchling build hook (pyproject `[tool.hatch.build.targets.wheel.hooks.custom]`),
by `make mo` and by the tests, so that the `.mo` files next to the `.po` files always say
what the `.po` files say. The `.mo` files are build output and are not committed.
"""

from __future__ import annotations

import tempfile
from pathlib import Path
from typing import Any

LOCALE_DIR = Path(__file__).resolve().parent / "footycards" / "locale"
DOMAIN = "footycards"


def compile_catalogues(locale_dir: Path = LOCALE_DIR) -> list[Path]:
    """Write `<lang>/LC_MESSAGES/footycards.mo` for every `.po` under `locale_dir` whose
    `.mo` is missing or older; fuzzy entries are left out (they show in English, and the
    catalogue tests name them). Returns every `.mo` there is."""
    from babel.messages.mofile import write_mo
    from babel.messages.pofile import read_po

    written = []
    for po_path in sorted(locale_dir.glob(f"*/LC_MESSAGES/{DOMAIN}.po")):
        mo_path = po_path.with_suffix(".mo")
        if not mo_path.exists() or mo_path.stat().st_mtime < po_path.stat().st_mtime:
            lang = po_path.parent.parent.name
            with po_path.open("rb") as handle:
                catalogue = read_po(handle, locale=lang, domain=DOMAIN)
            # written aside and moved in: a reader (or a second test process compiling
            # the same catalogue) never sees half a file
            with tempfile.NamedTemporaryFile(
                dir=mo_path.parent, suffix=".tmp", delete=False
            ) as out:
                write_mo(out, catalogue, use_fuzzy=False)
            Path(out.name).replace(mo_path)
        written.append(mo_path)
    return written


try:
    from hatchling.builders.hooks.plugin.interface import BuildHookInterface
except ImportError:  # `make mo` and the tests need no hatchling
    BuildHookInterface = object  # type: ignore[assignment,misc]


class CustomBuildHook(BuildHookInterface):  # type: ignore[misc,valid-type]
    """Compiles the catalogues before the wheel is put together and ships the `.mo` files."""

    def initialize(self, version: str, build_data: dict[str, Any]) -> None:
        root = Path(self.root)  # type: ignore[attr-defined]
        compiled = compile_catalogues(root / "footycards" / "locale")
        if version == "editable":  # the package is imported from the tree, .mo files and all
            return
        for mo_path in compiled:
            build_data["force_include"][str(mo_path)] = str(mo_path.relative_to(root))
