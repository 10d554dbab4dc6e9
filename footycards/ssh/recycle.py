"""Provides worker recycling: a worker of `footycards serve --workers N` whose memory grows
past what its open sessions explain stops taking new connections (the other workers on
the port get them) and exits once its last session has ended; the supervisor has started
a fresh worker in its place by then (supervisor.py).

What the sessions explain: the worker's resident memory when it started, and
`per_session_mb` for each session open now (16 MB: a session at a table with its app,
as measured for the garbage-collection policy in memory.py, is less). A worker that
holds more than `limit_mb` beyond that holds garbage (or a leak) that only a fresh
process is sure to give back.
"""

from __future__ import annotations

import logging
import os
from dataclasses import dataclass

log = logging.getLogger("footycards.ssh")

# How the workers of `serve --workers N` free what their sessions drop: by recycling
# alone (no reclaim.py, no deep collection while sessions are open), which the churn runs
# of bench_recycle.py favour (README, "Is reclaim.py still needed with worker
# recycling?"). One process (no recycling) keeps reclaim.py ("on").
WORKERS_RECLAIM = "recycle"

PAGE = os.sysconf("SC_PAGE_SIZE") if hasattr(os, "sysconf") else 4096


def resident_mb() -> float:
    """This process's resident memory now, in MB (0 where it cannot be read)."""
    try:
        with open("/proc/self/statm", encoding="ascii") as f:
            return int(f.read().split()[1]) * PAGE / 2**20
    except (OSError, ValueError, IndexError):
        return 0.0


@dataclass
class Recycler:
    """Whether a worker should be recycled, from its memory and its open sessions."""

    limit_mb: float  # more than this beyond what the sessions explain: recycle
    per_session_mb: float = 16.0
    base_mb: float | None = None  # resident memory at the start (measured at the first look)

    def explained(self, sessions: int) -> float:
        assert self.base_mb is not None
        return self.base_mb + self.per_session_mb * sessions

    def due(self, sessions: int, held_mb: float | None = None) -> bool:
        """Whether the worker holding `held_mb` (now, by default) with `sessions` open
        should stop taking connections."""
        held = resident_mb() if held_mb is None else held_mb
        if self.base_mb is None:
            self.base_mb = held
            return False
        if held <= 0 or self.limit_mb <= 0:
            return False
        over = held - self.explained(sessions)
        if over > self.limit_mb:
            log.warning(
                "worker %d is recycled: %.0f MB held, %d sessions explain %.0f MB",
                os.getpid(),
                held,
                sessions,
                self.explained(sessions),
            )
            return True
        return False
