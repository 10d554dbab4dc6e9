"""The test folders run together in any combination: `pytest tests/ssh tests/tui` collects
both (the SSH tests import their helpers from tests/ssh/conftest.py as `conftest`, so no
other folder's conftest may be imported under that name)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent.parent


def test_the_ssh_tests_collect_beside_the_ui_and_engine_tests():
    """The SSH tests named first, then a UI and an engine test file: each folder's conftest
    is loaded before any test module is imported, and the SSH tests still find theirs."""
    files = ["tests/ssh/test_names.py", "tests/tui/test_keybar.py", "tests/core/test_contract.py"]
    done = subprocess.run(
        [sys.executable, "-m", "pytest", "--collect-only", "-q", "-p", "no:cacheprovider"] + files,
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 0, done.stdout[-2000:] + done.stderr[-2000:]
    for name in files:
        assert f"{name}::" in done.stdout
