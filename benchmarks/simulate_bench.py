"""Benchmark of the balance simulation: games per second and peak memory, on one core and on all.

Run from the repository root:  python benchmarks/simulate_bench.py [GAMES ...]
(default: 50 200 800). Prints wall time, games per second, the CPU time of every process and
the peak resident memory of the parent and of the worker processes, so that one can see the
memory stays flat however many games run.
"""
from __future__ import annotations

import argparse
import os
import resource
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from cosmos.simulate import format_report, run_simulation  # noqa: E402

TARGET_GAMES = 200
TARGET_SECONDS = 30.0


def peak_mib(who: int) -> float:
    """The peak resident memory in MiB of this process or of its finished children."""
    return resource.getrusage(who).ru_maxrss / 1024  # Linux reports KiB


def cpu_seconds() -> float:
    """CPU time used so far by this process and its finished children."""
    me = resource.getrusage(resource.RUSAGE_SELF)
    kids = resource.getrusage(resource.RUSAGE_CHILDREN)
    return me.ru_utime + me.ru_stime + kids.ru_utime + kids.ru_stime


def measure(games: int, jobs: int | None) -> str:
    """Run one simulation and describe its speed and memory in one line."""
    cpu = cpu_seconds()
    start = time.perf_counter()
    report = run_simulation(games, jobs=jobs)
    wall = time.perf_counter() - start
    cpu = cpu_seconds() - cpu
    assert report.games == games
    label = "all cores" if jobs is None else f"{jobs} core" + ("s" if jobs > 1 else "")
    return (f"{games:5d} games on {label:<9}: {wall:6.2f} s wall, {games / wall:6.1f} games/s, "
            f"{cpu:6.2f} s CPU, peak memory parent {peak_mib(resource.RUSAGE_SELF):6.1f} MiB, "
            f"workers {peak_mib(resource.RUSAGE_CHILDREN):6.1f} MiB")


def main() -> None:
    """Measure the simulation for the given numbers of games."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("games", nargs="*", type=int, default=[50, 200, 800])
    parser.add_argument("--one-core", action="store_true", help="also run on one core")
    args = parser.parse_args()
    print(f"cores: {os.cpu_count()}; load average {os.getloadavg()[0]:.2f} "
          "(other work on the machine slows the wall time)")
    for games in args.games:
        if args.one_core:
            print(measure(games, 1))
        print(measure(games, None))
    start = time.perf_counter()
    report = run_simulation(TARGET_GAMES)
    wall = time.perf_counter() - start
    verdict = "met" if wall < TARGET_SECONDS else "NOT met"
    print(f"target: {TARGET_GAMES} games in under {TARGET_SECONDS:.0f} s on all cores: "
          f"{wall:.1f} s, {verdict}")
    print(format_report(report), end="")


if __name__ == "__main__":
    main()
