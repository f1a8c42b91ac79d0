"""Lesson speed: run each lesson notebook top to bottom in a real kernel and print its seconds.

Run: python benchmarks/lessons_bench.py [NAME ...]. Target: every lesson under 20 s.
Each lesson runs as `course.py regenerate` runs it (nbclient, a fresh python3 kernel, the lesson's
own folder, an empty user data folder), but nothing is written back. A lesson's data files
(`lessons.data.prepare`) are made first, outside the timing, as the stored course ships them.
Per lesson: the wall time from kernel start to the last cell's reply, the part of it spent in
the cells (the kernel's start taken out), and the CPU seconds of the kernel and of the processes
it waited for (the simulation's workers). The CPU count and the load average are printed before
and after: on a busy machine the wall time says more about the machine than about the lesson,
and the CPU seconds (over the cores the lesson keeps busy) say what it would take on an idle one.
"""
from __future__ import annotations

import os
import resource
import sys
import tempfile
import time
from datetime import datetime
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import nbformat  # noqa: E402

from lessons.data import prepare  # noqa: E402
from lessons.regenerate import (  # noqa: E402
    all_lessons,
    clean,
    kernel_env,
    lesson_path,
    make_client,
    notebook_from_source,
    source_of_notebook,
)

TARGET_S = 20.0


def machine() -> str:
    """The CPU count and the 1, 5 and 15 minute load averages, in one line."""
    one, five, fifteen = os.getloadavg()
    return f"{os.cpu_count()} CPUs, load average {one:.2f} {five:.2f} {fifteen:.2f}"


def cell_seconds(nb: nbformat.NotebookNode) -> float:
    """Seconds the kernel spent in the cells, from nbclient's timing metadata."""
    total = 0.0
    for cell in nb.cells:
        timing = cell.get("metadata", {}).get("execution", {})
        start, end = timing.get("iopub.execute_input"), timing.get("shell.execute_reply")
        if start and end:
            total += (datetime.fromisoformat(end.replace("Z", "+00:00"))
                      - datetime.fromisoformat(start.replace("Z", "+00:00"))).total_seconds()
    return total


def children_cpu() -> float:
    """CPU seconds, user and system, of this process's children that have ended (and of theirs)."""
    used = resource.getrusage(resource.RUSAGE_CHILDREN)
    return used.ru_utime + used.ru_stime


def run_lesson(path: Path) -> tuple[float, float, float]:
    """(wall seconds, seconds in cells, CPU seconds) of one run of the lesson, kernel start in the first."""
    prepare(path.stem)
    source = source_of_notebook(path)
    nb = notebook_from_source(source) if source is not None else nbformat.read(path, as_version=4)
    clean(nb)
    client = make_client(nb, path)
    client.record_timing = True
    with tempfile.TemporaryDirectory(prefix="cosmos-bench-data-") as data_home:
        cpu, start = children_cpu(), time.perf_counter()
        client.execute(env=kernel_env(data_home))  # the kernel ends (and is waited for) before this returns
    return time.perf_counter() - start, cell_seconds(nb), children_cpu() - cpu


def main(argv: list[str]) -> int:
    """Run the named lessons (all by default), print a line each and the total; 1 if one is too slow."""
    paths = [lesson_path(name) for name in argv] if argv else all_lessons()
    print(f"before: {machine()}", flush=True)
    totals = [0.0, 0.0, 0.0]
    slow = []
    for path in paths:
        wall, cells, cpu = run_lesson(path)
        totals = [total + part for total, part in zip(totals, (wall, cells, cpu), strict=True)]
        verdict = "ok" if wall < TARGET_S else "OVER 20 s"
        if wall >= TARGET_S:
            slow.append(path.stem)
        print(f"{path.stem:28} {wall:6.1f} s (cells {cells:6.1f} s, CPU {cpu:6.1f} s)  {verdict}", flush=True)
    wall, cells, cpu = totals
    print(f"{'total':28} {wall:6.1f} s (cells {cells:6.1f} s, CPU {cpu:6.1f} s) for {len(paths)} lessons")
    print(f"after: {machine()}")
    if slow:
        print(f"over {TARGET_S:.0f} s on this run: {', '.join(slow)}")
    return 1 if slow else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
