"""Speed of the autograder: submissions per minute, and what one sandboxed submission costs.

    python benchmarks/grade_bench.py [--submissions N] [--jobs J]

Prints the wall-clock rate of a real batch (reference and known-wrong Islands notebooks), the
overhead of one empty notebook (jail, runner, kernel start and tear-down) and, where the machine
lets root make a cpuacct control group, the CPU seconds each submission costs: on an idle machine
with C cores the rate is about 60 * C / (CPU seconds per submission) per minute.
"""

from __future__ import annotations

import argparse
import os
import shutil
import statistics
import sys
import tempfile
import time
from io import StringIO
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from graders import probe, sandbox  # noqa: E402
from graders.batch import grade_all  # noqa: E402
from graders.exercise import load_exercise  # noqa: E402
from graders.grading import PROBE_SOURCE, limits_for  # noqa: E402

CPUACCT = Path("/sys/fs/cgroup/cpuacct")


def cpu_meter() -> Path | None:
    """Move this process into its own cpuacct group (children follow); its usage file, or None."""
    try:
        own = next(
            line.split(":", 2)[2]
            for line in Path("/proc/self/cgroup").read_text().splitlines()
            if line.split(":", 2)[1].split(",").count("cpuacct")
        )
        group = CPUACCT / own.lstrip("/") / f"epic-cosmos-bench-{os.getpid()}"
        group.mkdir()
        (group / "cgroup.procs").write_text(str(os.getpid()))
        return group / "cpuacct.usage"
    except (OSError, StopIteration):
        return None


def leave(meter: Path | None) -> None:
    """Move back to the parent group and remove ours."""
    if meter is not None:
        (meter.parent.parent / "cgroup.procs").write_text(str(os.getpid()))
        meter.parent.rmdir()


def cpu_seconds(meter: Path | None) -> float | None:
    """CPU seconds used so far by this process and everything it started."""
    return int(meter.read_text()) / 1e9 if meter is not None else None


def empty_run_overhead(runs: int) -> tuple[float, float]:
    """Median seconds for an empty notebook, and the median time its kernel took to be ready."""
    job = {
        "cells": ["pass"],
        "checks": [],
        "budget": 30,
        "check_timeout": 10,
        "probe": PROBE_SOURCE,
        "mime": probe.MIME,
    }
    totals, starts = [], []
    for _ in range(runs):
        result = sandbox.run(job, sandbox.Limits(timeout=30))
        totals.append(result.seconds)
        starts.append(next(e["t"] for e in result.events if e["event"] == "kernel"))
    return statistics.median(totals), statistics.median(starts)


def main() -> None:
    """Grade a batch and print the figures."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--submissions", type=int, default=24)
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    args = parser.parse_args()
    islands = load_exercise("01-islands")
    notebooks = [islands.reference, *islands.wrong_solutions]
    meter = cpu_meter()
    with tempfile.TemporaryDirectory(prefix="cosmos-bench-") as folder:
        paths = []
        for number in range(args.submissions):
            path = Path(folder) / f"s{number:03}.ipynb"
            shutil.copy(notebooks[number % len(notebooks)], path)
            paths.append(path)
        cpu_before = cpu_seconds(meter)
        started = time.monotonic()
        graded = grade_all(
            islands, paths, Path(folder) / "out", args.jobs, limits_for(islands), StringIO()
        )
        seconds = time.monotonic() - started
        cpu_after = cpu_seconds(meter)
    leave(meter)
    each = [data["execution_time"] for _, data in graded]
    overhead, kernel_start = empty_run_overhead(3)
    print(
        f"machine: {os.cpu_count()} cores, load average {os.getloadavg()[0]:.1f}, jobs {args.jobs}"
    )
    print(
        f"{len(graded)} submissions in {seconds:.1f} s: "
        f"{60 * len(graded) / seconds:.1f} submissions per minute"
    )
    print(f"one submission (30 checks): median {statistics.median(each):.2f} s wall in its sandbox")
    print(
        f"per-submission overhead (empty notebook, jail + runner + kernel): {overhead:.2f} s wall, "
        f"of which {kernel_start:.2f} s until the kernel is ready"
    )
    if cpu_before is not None and cpu_after is not None:
        per = (cpu_after - cpu_before) / len(graded)
        print(
            f"CPU per submission: {per:.2f} s; on an idle machine with {os.cpu_count()} cores "
            f"that is about {60 * (os.cpu_count() or 1) / per:.0f} submissions per minute"
        )
    else:
        print("CPU per submission: not measurable here (no writable cpuacct control group)")


if __name__ == "__main__":
    main()
