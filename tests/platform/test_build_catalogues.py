"""The wheel ships the compiled catalogues: the build hook (hatch_build.py) compiles each
.po to a .mo and hands them to the wheel; `pip install .` then speaks every language."""

from __future__ import annotations

import gettext
import importlib.util
import shutil
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def build_module():
    spec = importlib.util.spec_from_file_location("hatch_build", ROOT / "hatch_build.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_build_compiles_and_ships_every_catalogue(tmp_path):
    build = build_module()
    source = ROOT / "footycards" / "locale"
    langs = sorted(p.parent.parent.name for p in source.glob("*/LC_MESSAGES/footycards.po"))
    assert langs, "no catalogue to build"
    for lang in langs:
        target = tmp_path / "footycards" / "locale" / lang / "LC_MESSAGES"
        target.mkdir(parents=True)
        shutil.copy(source / lang / "LC_MESSAGES" / "footycards.po", target)
    hook = build.CustomBuildHook.__new__(build.CustomBuildHook)
    hook.root = str(tmp_path)  # what hatchling gives the hook: the project's folder
    data: dict = {"force_include": {}}
    hook.initialize("standard", data)
    shipped = sorted(data["force_include"].values())
    assert shipped == [f"footycards/locale/{lang}/LC_MESSAGES/footycards.mo" for lang in langs]
    for source_path in data["force_include"]:
        with open(source_path, "rb") as handle:
            catalogue = gettext.GNUTranslations(handle)
        assert catalogue.gettext("Leave") != "Leave"  # a translated catalogue, not an empty one
    editable: dict = {"force_include": {}}
    hook.initialize("editable", editable)  # an editable install reads the tree's own .mo
    assert editable["force_include"] == {}


def test_pyproject_runs_the_hook_and_needs_babel_to_build():
    import tomllib

    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    assert any(r.lower().startswith("babel") for r in project["build-system"]["requires"])
    assert "custom" in project["tool"]["hatch"]["build"]["targets"]["wheel"]["hooks"]
    assert any(d.lower().startswith("babel") for d in project["project"]["dependencies"])
