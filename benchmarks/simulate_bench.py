"""Benchmark of the balance simulation: games per second and peak memory, on one core and on all.

Run from the repository root:  python benchmarks/simulate_bench.py [GAMES ...] [--dask [ADDRESS]]
(default: 50 200 800). Prints wall time, games per second, the CPU time of every process and
the peak resident memory of the parent and of the worker processes, so that one can see the
memory stays flat however many games run.

With --dask it also plays every N on a Dask cluster (a LocalCluster of one single-threaded
worker process per core when no ADDRESS is given) and prints the local and the Dask figures side
by side, the cluster's overhead (its wall time over the local one, and its start-up), and checks
that both reports are the same byte for byte.
"""
from __future__ import annotations

import argparse
import os
import resource
import subprocess
import sys
import tarfile
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from cosmos.simulate import CHUNK, format_report, run_simulation  # noqa: E402

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


def side_by_side(games_list: list[int], address: str, batch_size: int) -> None:
    """Each N locally (all cores) and on the Dask cluster: games/s of both, overhead, same report."""
    from distributed import Client, LocalCluster

    from cosmos.cluster import play_on_cluster

    started = time.perf_counter()
    if address:
        cluster, client = None, Client(address)
        where = f"the cluster at {address}"
    else:
        cores = os.cpu_count() or 1
        cluster = LocalCluster(n_workers=cores, threads_per_worker=1, processes=True, dashboard_address="127.0.0.1:0")
        client = Client(cluster)
        where = f"a LocalCluster of {cores} worker processes"
    start_up = time.perf_counter() - started
    threads = sum(client.nthreads().values())
    print(f"dask: {where}, {threads} threads, up in {start_up:.1f} s; batches of {batch_size} games")
    print(f"{'games':>6} {'local s':>8} {'games/s':>8} {'dask s':>8} {'games/s':>8} {'dask/local':>10}  same report")
    try:
        for games in games_list:
            begun = time.perf_counter()
            here = format_report(run_simulation(games))
            local = time.perf_counter() - begun
            begun = time.perf_counter()
            there = format_report(run_simulation(games, player=play_on_cluster(client), batch_size=batch_size))
            remote = time.perf_counter() - begun
            print(f"{games:6d} {local:8.2f} {games / local:8.1f} {remote:8.2f} {games / remote:8.1f} "
                  f"{remote / local:10.2f}  {'yes' if here == there else 'NO'}")
    finally:
        client.close()
        if cluster is not None:
            cluster.close()
    print(f"load average after: {os.getloadavg()[0]:.2f}")


# run in a fresh process with the engine of one tree first on its path: the wall time and the report
TIMED = ("import sys, time; sys.path.insert(0, sys.argv[1]); from cosmos.simulate import format_report, "
         "run_simulation; t = time.perf_counter(); r = run_simulation(int(sys.argv[2])); "
         "w = time.perf_counter() - t; print(f'{w:.3f}'); print(format_report(r), end='')")


def timed_run(tree: Path, games: int) -> tuple[float, str]:
    """Play games with the engine under tree in a fresh process: its wall time and its report."""
    done = subprocess.run([sys.executable, "-c", TIMED, str(tree), str(games)], check=True,
                          capture_output=True, text=True)
    wall, _, report = done.stdout.partition("\n")
    return float(wall), report


def against_baseline(revision: str, games_list: list[int], rounds: int = 2) -> None:
    """Each N with the engine of a git revision and with this tree's, alternated: times, ratio, same report."""
    with tempfile.TemporaryDirectory() as folder:
        archive = Path(folder) / "base.tar"
        with archive.open("wb") as out:
            subprocess.run(["git", "archive", revision, "cosmos"], cwd=ROOT, check=True, stdout=out)
        with tarfile.open(archive) as tar:
            tar.extractall(Path(folder) / "base", filter="data")
        base = Path(folder) / "base"
        print(f"baseline: cosmos/ of {revision} against this tree, best of {rounds} runs each, alternated")
        print(f"{'games':>6} {'base s':>8} {'games/s':>8} {'now s':>8} {'games/s':>8} {'speed-up':>9}  same report")
        for games in games_list:
            old, new = [], []
            for _ in range(rounds):
                wall, old_report = timed_run(base, games)
                old.append(wall)
                wall, new_report = timed_run(ROOT, games)
                new.append(wall)
            print(f"{games:6d} {min(old):8.2f} {games / min(old):8.1f} {min(new):8.2f} {games / min(new):8.1f} "
                  f"{min(old) / min(new):9.2f}  {'yes' if old_report == new_report else 'NO'}")


def main() -> None:
    """Measure the simulation for the given numbers of games."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("games", nargs="*", type=int, default=[50, 200, 800])
    parser.add_argument("--one-core", action="store_true", help="also run on one core")
    parser.add_argument("--dask", nargs="?", const="", default=None, metavar="ADDRESS",
                        help="also on a Dask cluster (a LocalCluster on this machine without ADDRESS)")
    parser.add_argument("--batch", type=int, default=CHUNK, help=f"games per Dask task (default {CHUNK})")
    parser.add_argument("--baseline", metavar="REV", help="also against the engine of git revision REV")
    parser.add_argument("--no-target", action="store_true", help="skip the 200-game target run")
    args = parser.parse_args()
    print(f"cores: {os.cpu_count()}; load average {os.getloadavg()[0]:.2f} "
          "(other work on the machine slows the wall time)")
    if args.baseline:
        against_baseline(args.baseline, args.games)
        if args.no_target:
            return
    if args.dask is not None:
        side_by_side(args.games, args.dask, args.batch)
        if args.no_target:
            return
    for games in args.games:
        if args.one_core:
            print(measure(games, 1))
        print(measure(games, None))
    if args.no_target:
        return
    start = time.perf_counter()
    report = run_simulation(TARGET_GAMES)
    wall = time.perf_counter() - start
    verdict = "met" if wall < TARGET_SECONDS else "NOT met"
    print(f"target: {TARGET_GAMES} games in under {TARGET_SECONDS:.0f} s on all cores: "
          f"{wall:.1f} s, {verdict}")
    print(format_report(report), end="")


if __name__ == "__main__":
    main()
