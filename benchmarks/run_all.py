"""Runs every benchmark script in turn (engine speed, AI, start time) and prints the figures.

Run: python benchmarks/run_all.py   (or `make bench`)
"""

from __future__ import annotations

import pathlib
import subprocess
import sys

HERE = pathlib.Path(__file__).parent
SCRIPTS = [
    ["bench_engine.py", "--ai"],
    ["bench_ai.py", "--games", "1000"],
    ["bench_quartett.py"],
    ["bench_sadikov.py", "--games", "1000"],
    ["bench_startup.py", "--runs", "5"],
]

for script, *args in SCRIPTS:
    path = HERE / script
    if not path.exists():
        continue
    print(f"## {script} {' '.join(args)}", flush=True)
    subprocess.run([sys.executable, str(path), *args], check=True)
