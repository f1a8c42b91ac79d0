"""Speed of the autograder: submissions per minute, and what one sandboxed submission costs.

    python benchmarks/grade_bench.py [--submissions N] [--jobs J] [--rounds R] [--dask [ADDRESS]]

The floor is the same notebooks executed with bare nbclient (a fresh kernel each, no checks,
no sandbox), J at a time; grader and floor run in R interleaved rounds, and the medians give
the grader's wall-clock and CPU ratios against the floor (CPU from a cpuacct control group,
which also sees what runs inside bubblewrap's pid namespace, where getrusage does not).

Prints the wall-clock rate of a real batch (reference and known-wrong Islands notebooks), the
overhead of one empty notebook (jail, runner, kernel start and tear-down) and, where the machine
lets root make a cpuacct control group, the CPU seconds each submission costs: on an idle machine
with C cores the rate is about 60 * C / (CPU seconds per submission) per minute.

With --dask the same batch is also graded on a Dask cluster in every round (a LocalCluster of J
single-threaded worker processes when no ADDRESS is given; each submission in its worker's
sandbox), and the local and Dask rates are printed side by side with the cluster's overhead
(wall ratio, start-up, the worker's one-off sandbox check) and whether every score is the same.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import statistics
import sys
import tempfile
import time
from io import StringIO
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from graders import sandbox  # noqa: E402
from graders.exercise import load_exercise  # noqa: E402
from graders.grading import PROBE_SOURCE, limits_for  # noqa: E402
from graders_instructor.grading.batch import grade_all  # noqa: E402
from graders_instructor.grading.cluster import cluster_threads, remote_run  # noqa: E402

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
    """Move back to the parent group, with whatever still runs in ours (a Dask helper), and remove ours."""
    if meter is not None:
        for _ in range(50):
            for pid in [os.getpid(), *(meter.parent / "cgroup.procs").read_text().split()]:
                try:
                    (meter.parent.parent / "cgroup.procs").write_text(str(pid))
                except OSError:  # gone meanwhile
                    pass
            try:
                meter.parent.rmdir()
                return
            except OSError:
                time.sleep(0.1)


def cpu_seconds(meter: Path | None) -> float | None:
    """CPU seconds used so far by this process and everything it started."""
    return int(meter.read_text()) / 1e9 if meter is not None else None


def execute_bare(path: Path) -> None:
    """The floor for one notebook: nbclient in this process, a fresh kernel, no checks, no sandbox."""
    import nbformat
    from nbclient import NotebookClient

    nb = nbformat.read(path, as_version=4)
    NotebookClient(nb, kernel_name="python3", allow_errors=True, timeout=60).execute()


def floor_seconds(paths: list[Path], jobs: int) -> float:
    """Wall seconds for executing every notebook bare, jobs at a time."""
    from concurrent.futures import ThreadPoolExecutor

    started = time.monotonic()
    with ThreadPoolExecutor(max_workers=jobs) as pool:
        list(pool.map(execute_bare, paths))
    return time.monotonic() - started


def measured(meter: Path | None, work) -> tuple[float, float | None]:
    """(wall seconds, CPU seconds or None) of one call of work()."""
    cpu_before = cpu_seconds(meter)
    started = time.monotonic()
    work()
    seconds = time.monotonic() - started
    cpu_after = cpu_seconds(meter)
    return seconds, (cpu_after - cpu_before if cpu_before is not None and cpu_after is not None else None)


def empty_run_overhead(runs: int) -> tuple[float, float]:
    """Median seconds for an empty notebook, and the median time its kernel took to be ready."""
    job = {
        "cells": ["pass"],
        "checks": [],
        "budget": 30,
        "check_timeout": 10,
        "probe": PROBE_SOURCE,
    }
    totals, starts = [], []
    for _ in range(runs):
        result = sandbox.run(job, sandbox.Limits(timeout=30))
        totals.append(result.seconds)
        starts.append(next(e["t"] for e in result.events if e["event"] == "kernel"))
    return statistics.median(totals), statistics.median(starts)


def verdicts(folder: Path) -> dict:
    """A submission's results.json without its timing."""
    data = json.loads((folder / "results.json").read_text())
    data.pop("execution_time", None)
    return data


def main() -> None:
    """Grade a batch and execute it bare, in interleaved rounds, and print the figures."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--submissions", type=int, default=30)
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--dask", nargs="?", const="", default=None, metavar="ADDRESS",
                        help="also grade on a Dask cluster (a LocalCluster on this machine without ADDRESS)")
    args = parser.parse_args()
    islands = load_exercise("01-islands")
    notebooks = [islands.reference, *islands.wrong_solutions]
    load_before = os.getloadavg()[0]
    meter = cpu_meter()
    grader: list[tuple[float, float | None]] = []
    floor: list[tuple[float, float | None]] = []
    on_dask: list[tuple[float, float | None]] = []
    client, cluster, start_up, warm_up, same = None, None, 0.0, 0.0, True
    if args.dask is not None:
        from distributed import Client, LocalCluster

        begun = time.monotonic()
        if args.dask:
            client = Client(args.dask)
        else:
            cluster = LocalCluster(n_workers=args.jobs, threads_per_worker=1, processes=True,
                                   dashboard_address="127.0.0.1:0")
            client = Client(cluster)
        start_up = time.monotonic() - begun
    with tempfile.TemporaryDirectory(prefix="cosmos-bench-") as folder:
        paths = []
        for number in range(args.submissions):
            path = Path(folder) / f"s{number:03}.ipynb"
            shutil.copy(notebooks[number % len(notebooks)], path)
            paths.append(path)
        if client is not None:  # the workers check their sandbox once: measured apart, not in the rounds
            warm = paths[: cluster_threads(client)]
            warm_up, _ = measured(None, lambda: grade_all(islands, warm, Path(folder) / "warm", len(warm),
                                                          limits_for(islands), StringIO(), run_job=remote_run(client)))
        for round_number in range(args.rounds):
            out = Path(folder) / f"out{round_number}"
            grader.append(measured(meter, lambda out=out: grade_all(
                islands, paths, out, args.jobs, limits_for(islands), StringIO())))
            if client is not None:
                there = Path(folder) / f"dask{round_number}"
                on_dask.append(measured(meter, lambda there=there: grade_all(
                    islands, paths, there, cluster_threads(client), limits_for(islands), StringIO(),
                    run_job=remote_run(client))))
                same = same and all(verdicts(out / p.stem) == verdicts(there / p.stem) for p in paths)
            floor.append(measured(meter, lambda: floor_seconds(paths, args.jobs)))
        each = [data["execution_time"] for _, data in grade_all(
            islands, paths, Path(folder) / "out0", args.jobs, limits_for(islands), StringIO())]
    if client is not None:  # before leaving the control group, which must be empty to go
        client.close()
        if cluster is not None:
            cluster.close()
    leave(meter)
    overhead, kernel_start = empty_run_overhead(3)
    count = len(paths)
    wall, floor_wall = statistics.median(g[0] for g in grader), statistics.median(f[0] for f in floor)
    print(f"machine: {os.cpu_count()} cores, load average {load_before:.1f} before, {os.getloadavg()[0]:.1f} after, "
          f"jobs {args.jobs}, "
          f"{args.rounds} interleaved rounds, medians")
    print(f"grader: {count} submissions in {wall:.1f} s: {60 * count / wall:.1f} submissions per minute")
    print(f"floor (bare nbclient, no checks, no sandbox): {floor_wall:.1f} s: "
          f"{60 * count / floor_wall:.1f} notebooks per minute")
    print(f"wall ratio grader / floor: {wall / floor_wall:.2f}")
    if all(g[1] is not None for g in grader + floor):
        cpu = statistics.median(g[1] for g in grader)
        floor_cpu = statistics.median(f[1] for f in floor)
        print(f"CPU: grader {cpu / count:.2f} s per submission, floor {floor_cpu / count:.2f} s; "
              f"ratio {cpu / floor_cpu:.2f}")
    else:
        print("CPU: not measurable here (no writable cpuacct control group)")
    if on_dask:
        dask_wall = statistics.median(d[0] for d in on_dask)
        print(f"{'':24}{'local':>12}{'dask':>12}")
        print(f"{'submissions per minute':24}{60 * count / wall:12.1f}{60 * count / dask_wall:12.1f}")
        print(f"{'wall seconds':24}{wall:12.1f}{dask_wall:12.1f}")
        print(f"dask overhead: wall ratio dask / local {dask_wall / wall:.2f}; cluster up in {start_up:.1f} s; "
              f"first batch with the workers' sandbox check {warm_up:.1f} s; same scores and verdicts: "
              f"{'yes' if same else 'NO'}")
        if all(d[1] is not None for d in on_dask):
            print(f"CPU on dask (this machine's cpuacct; a LocalCluster's workers are children): "
                  f"{statistics.median(d[1] for d in on_dask) / count:.2f} s per submission")
    print(f"one submission (30 checks): median {statistics.median(each):.2f} s wall in its sandbox")
    print(
        f"per-submission overhead (empty notebook, jail + runner + kernel): {overhead:.2f} s wall, "
        f"of which {kernel_start:.2f} s until the kernel is ready"
    )


if __name__ == "__main__":
    main()
