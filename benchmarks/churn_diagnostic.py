"""Provides the churn soak's diagnostic: what each deep collection frees, and why `reclaim`
had not freed it (`BENCH_CHURN_DIAG=FILE python benchmarks/bench_ssh_churn.py ...`).

Installed in the benchmark's server process (never in `footycards serve`), it writes to
FILE:
- for every deep collection, the objects it frees counted by type (the collection is
  taken once with `gc.DEBUG_SAVEALL` to see them, then freed by the real one), the
  Textual nodes among them sorted by whose they were (an ended session's app or a live
  one) and whether `reclaim` was ever handed them, and a few referrer chains of each
  sort (`gc.get_referrers`, which only this diagnostic may afford);
- with BENCH_CHURN_DIAG_HOLDERS=1, for walks that found their first root in use: which
  objects held from outside lead to that root, and what holds them (a referrer and its
  owner, `gc.get_referrers` with the frozen objects unfrozen a moment);
- what `reclaim`'s walks came to since the last (freed, held, paused, ...), the types
  of the objects they found held from outside, and the paused generators and
  coroutines that made them give up.
"""

from __future__ import annotations

import gc
import os
import sys
import time
import types
import weakref
from collections import Counter
from collections.abc import Callable
from typing import Any, TextIO

from textual.dom import DOMNode


def _name(obj: object) -> str:
    if isinstance(obj, (types.GeneratorType, types.CoroutineType, types.AsyncGeneratorType)):
        return f"{type(obj).__name__} {obj.__qualname__}"
    if isinstance(obj, types.FrameType):
        return f"frame {obj.f_code.co_qualname}"
    if isinstance(obj, types.FunctionType):
        return f"function {obj.__qualname__}"
    if isinstance(obj, types.MethodType):
        return f"method {obj.__func__.__qualname__} of {type(obj.__self__).__name__}"
    if isinstance(obj, types.CellType):
        return "cell"
    return type(obj).__qualname__


class Diagnostic:
    def __init__(self, server: Any, out: TextIO) -> None:
        from footycards.ssh import memory
        from footycards.ssh import reclaim as reclaim_module

        self.out = out
        self.server = server
        self.handed: weakref.WeakSet[Any] = weakref.WeakSet()  # roots handed to reclaim
        self.dead: weakref.WeakSet[Any] = weakref.WeakSet()  # nodes of ended apps
        self.held_types: Counter[str] = Counter()
        self.paused: Counter[str] = Counter()
        self.began = time.monotonic()
        self.chains = bool(os.environ.get("BENCH_CHURN_DIAG_CHAINS"))  # slow: seconds each
        self.holders = bool(os.environ.get("BENCH_CHURN_DIAG_HOLDERS"))  # slow too
        self.leading: Counter[str] = Counter()  # held from outside, leading to the root
        self.held_by: Counter[str] = Counter()  # "type <- holder <- its owner"
        self.next_holders = 0.0
        self.too_large: Counter[str] = Counter()  # the first roots of walks too large
        self.reclaim_module = reclaim_module
        reclaim_module.observer = self.observe
        real_reclaim = memory.reclaim

        def reclaim(roots: list[weakref.ref[Any]], limit: int = reclaim_module.LIMIT) -> int:
            for ref in roots:
                obj = ref()
                if obj is not None:
                    try:
                        self.handed.add(obj)
                    except TypeError:
                        pass
            obj = None
            large = reclaim_module.outcomes["too large"]
            freed = real_reclaim(roots, limit)
            if reclaim_module.outcomes["too large"] > large:
                first = roots[0]() if roots else None
                self.too_large[_name(first)] += 1
                first = None
            return freed

        memory.reclaim = reclaim  # type: ignore[assignment]
        policy = server.gc
        real_collect = policy.collect

        def collect(what: str, open_sessions: int) -> float:
            if what == memory.DEEP:
                self.before_deep(open_sessions)
            return real_collect(what, open_sessions)

        policy.collect = collect
        real_release = server.release

        def release(session: Any, app: Any = None) -> None:
            nodes = server.nodes.get(app) if app is not None else None
            if nodes is not None:
                self.dead.update(nodes)
            real_release(session, app)

        server.release = release

    def observe(self, what: str, nodes: list[object], held: list[int]) -> None:
        if (
            self.holders
            and what in ("in use", "partly")
            and isinstance(nodes[0], DOMNode)
            and time.monotonic() >= self.next_holders
        ):
            try:
                self.find_holders(nodes, held)  # at most once a second: each takes ~0.2 s
            except Exception as e:  # noqa: BLE001 - a diagnostic must not stop reclaim
                self.held_by[f"(diagnostic failed: {type(e).__name__}: {e})"] += 1
                del e
            self.next_holders = time.monotonic() + 1.0
        if what == "held" or what == "in use":
            for obj, count in zip(nodes, held, strict=True):
                if count > 0 and (what == "held" or obj is not nodes[0]):
                    self.held_types[_name(obj)] += 1
        elif what == "paused":
            for obj in nodes:
                if isinstance(obj, (types.GeneratorType, types.CoroutineType)):
                    frame = getattr(obj, "gi_frame", None) or getattr(obj, "cr_frame", None)
                    if frame is not None:
                        where = f"{frame.f_code.co_qualname}:{frame.f_lineno}"
                        self.paused[f"{_name(obj)} at {where}"] += 1

    def find_holders(self, nodes: list[object], held: list[int]) -> None:
        """Which objects held from outside lead to the walk's first root, and who holds
        the first few of them."""
        index = {id(obj): j for j, obj in enumerate(nodes)}
        back: list[list[int]] = [[] for _ in nodes]  # who inside holds each
        for j, obj in enumerate(nodes):
            for child in gc.get_referents(obj):
                k = index.get(id(child))
                if k is not None:
                    back[k].append(j)
        leads = [False] * len(nodes)
        leads[0] = True
        todo = [0]
        while todo:
            for j in back[todo.pop()]:
                if not leads[j]:
                    leads[j] = True
                    todo.append(j)
        culprits = [nodes[j] for j in range(len(nodes)) if leads[j] and held[j] > 0 and j != 0]
        if held[0] > 0:
            culprits.insert(0, nodes[0])
        for obj in culprits:
            self.leading[_name(obj)] += 1
        mine = {id(obj) for obj in nodes} | {id(nodes), id(culprits), id(index), id(back)}
        frame = sys._getframe()
        gc.unfreeze()
        try:
            for obj in culprits[:2]:
                referrers = gc.get_referrers(obj)
                mine.add(id(referrers))
                for holder in referrers:
                    if id(holder) in mine or holder is frame or isinstance(holder, types.FrameType):
                        continue
                    self.held_by[f"{_name(obj)} <- {self.describe(obj, holder, mine)}"] += 1
        finally:
            gc.freeze()
            # the frame holds itself through `frame`, and with it the walk's objects
            del frame
            culprits.clear()

    def describe(self, obj: object, holder: object, mine: set[int]) -> str:
        """The holder of `obj` (with the key it is under) and, four levels up, the first
        holder of each."""
        label = self.one(obj, holder)
        level = holder
        seen = set(mine) | {id(obj)}
        for _ in range(4):
            seen.add(id(level))
            owners = gc.get_referrers(level)
            seen.add(id(owners))
            up = next(
                (o for o in owners if id(o) not in seen and not isinstance(o, types.FrameType)),
                None,
            )
            owners = []
            if up is None:
                break
            label += " <- " + self.one(level, up)
            level = up
        level = up = None
        return label

    @staticmethod
    def one(obj: object, holder: object) -> str:
        label = _name(holder)
        if isinstance(holder, dict):
            keys = [repr(k)[:40] for k, v in list(holder.items()) if v is obj][:1]
            label += f" under {keys}"
        elif isinstance(holder, DOMNode):
            label += f" {id(holder):x}"
        return label

    def write(self, text: str) -> None:
        self.out.write(text + "\n")
        self.out.flush()

    def before_deep(self, open_sessions: int) -> None:
        began = time.perf_counter()
        # the collection clears the weak references to what it finds: read them first
        dead = {id(n) for n in self.dead}
        handed = {id(n) for n in self.handed}
        running = {id(n) for nodes in self.server.nodes.values() for n in nodes}
        gc.unfreeze()
        gc.set_debug(gc.DEBUG_SAVEALL)
        try:
            gc.collect()
        finally:
            gc.set_debug(0)
        garbage = list(gc.garbage)
        gc.garbage.clear()
        counted = Counter(_name(obj) for obj in garbage)
        self.write(
            f"== deep collection at {time.monotonic() - self.began:.0f} s, "
            f"{open_sessions} open ({self.server.gc.why}): {len(garbage)} objects"
        )
        self.write("  reclaim's walks since the last: " + _counts(self.reclaim_module.outcomes))
        self.write("  held from outside (types): " + _counts(self.held_types, 15))
        self.write("  paused, so left whole: " + _counts(self.paused, 10))
        self.write("  too large, so left whole (first roots): " + _counts(self.too_large, 10))
        self.too_large.clear()
        if self.holders:
            self.write("  held from outside, leading to the root: " + _counts(self.leading, 15))
            for line, n in self.held_by.most_common(25):
                self.write(f"    {n:5d}  {line}")
            self.leading.clear()
            self.held_by.clear()
        self.held_types.clear()
        self.paused.clear()
        self.write("  freed by type: " + _counts(counted, 25))
        sorts: dict[str, list[object]] = {}
        for obj in garbage:
            if isinstance(obj, DOMNode):
                if id(obj) in dead:
                    whose = "an ended app's"
                elif id(obj) in running:
                    whose = "a running app's"
                else:
                    whose = "untracked"
                root = "handed as a root" if id(obj) in handed else "never a root"
                sorts.setdefault(f"{whose}, {root}", []).append(obj)
        for sort, nodes in sorted(sorts.items()):
            kinds = Counter(type(n).__name__ for n in nodes)
            parents = Counter(type(getattr(n, "_parent", None)).__name__ for n in nodes)
            described = f"{_counts(kinds, 10)}; parents {_counts(parents, 5)}"
            self.write(f"  nodes, {sort}: {len(nodes)} ({described})")
            if self.chains:
                for node in nodes[:1]:
                    self.write(f"    referrers of {type(node).__name__} {id(node):x}:")
                    for line in _referrers(node, {id(garbage), id(nodes), id(sorts)}, depth=3):
                        self.write("      " + line)
        self.write(f"  (diagnostic took {time.perf_counter() - began:.1f} s)")
        nodes = []
        obj = None
        garbage.clear()


def _counts(counter: Counter[str], most: int = 12) -> str:
    if not counter:
        return "-"
    return ", ".join(f"{k} {v}" for k, v in counter.most_common(most))


def _referrers(obj: object, mine: set[int], depth: int = 4, width: int = 3) -> list[str]:
    """Who holds `obj`, `depth` levels up, `width` holders a level."""
    lines: list[str] = []
    frame = sys._getframe()
    ignore = {id(frame), *mine}

    def up(target: object, level: int, seen: set[int]) -> None:
        holders = [
            h
            for h in gc.get_referrers(target)
            if id(h) not in ignore and id(h) not in seen and not isinstance(h, types.FrameType)
        ]
        ignore.add(id(holders))
        for holder in holders[:width]:
            label = _name(holder)
            if isinstance(holder, dict):
                keys = [k for k, v in holder.items() if v is target][:2]
                label += f" under {keys}"
            elif isinstance(holder, DOMNode):
                label += f" {id(holder):x}"
            lines.append("  " * level + label)
            if level + 1 < depth:
                up(holder, level + 1, seen | {id(holder)})
        if len(holders) > width:
            lines.append("  " * level + f"... {len(holders) - width} more")

    up(obj, 0, {id(obj)})
    return lines


def install(server: Any, path: str) -> Callable[[], None]:
    """Watch `server` (a FootyServer) and write to `path`; returns a function that
    closes the file."""
    out = open(path, "a", encoding="utf-8")  # noqa: SIM115 - open while the server runs
    Diagnostic(server, out)
    return out.close
