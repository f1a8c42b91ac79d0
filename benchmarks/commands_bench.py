"""How fast the console answers: per-command latency and the latency of `end` (a whole turn).

Run: python benchmarks/commands_bench.py [--turns=N]
Plays a seed-2026 game through the Session: every kind of command is timed many times on the
way, and `end` (the rivals deciding, then the turn) once per turn. Prints median, 95th
percentile and worst per command, in milliseconds. Targets: commands well under 50 ms, `end`
under 100 ms.
"""
from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from cosmos.ui.session import Session  # noqa: E402

LOOKS = ["map", "", "sys 1", "sys 7", "emp", "tech", "fleets", "help", "news", "report"]
ORDERS = ["col 2", "b mine 1", "r 1", "ship I 1 1", "go 1 2", "go 2 1", "b fort 1"]
BAD = ["sys 99", "fly 3", "ship X 1 1", "b mine", "x" * 500, "sys \x00", "col 999", "r 0"]


def timed(session: Session, line: str) -> float:
    """Milliseconds one line takes, from input to the new frame."""
    start = time.perf_counter()
    session.send(line)
    return (time.perf_counter() - start) * 1000


def figures(samples: list[float]) -> str:
    """Median, 95th percentile and worst of some timings."""
    ordered = sorted(samples)
    p95 = ordered[min(len(ordered) - 1, int(len(ordered) * 0.95))]
    return f"median {statistics.median(ordered):7.3f}  p95 {p95:7.3f}  worst {ordered[-1]:7.3f}"


def main() -> int:
    """Play the benchmark game and print the figures."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--turns", type=int, default=100, help="turns to play (default 100)")
    turns = parser.parse_args().turns
    session = Session(seed=2026, lang="en", saves_dir=None)
    samples: dict[str, list[float]] = {}
    for _ in range(turns):
        if session.finished:
            break
        for line in LOOKS + ORDERS + BAD:
            key = line.split(" ")[0] if line.strip() else "(empty)"
            key = key if len(key) < 12 else "(long line)"
            samples.setdefault(key, []).append(timed(session, line))
        samples.setdefault("save", []).append(timed(session, "save 1"))
        samples.setdefault("end", []).append(timed(session, "end"))
    samples.setdefault("load", []).append(timed(session, "load 1"))
    print(f"Epic Cosmos console, seed 2026: {session.world.turn - 1} turns played, times in ms")
    for key, values in samples.items():
        print(f"  {key:<12} x{len(values):<5} {figures(values)}")
    every = [v for key, values in samples.items() if key not in ("end", "load") for v in values]
    print(f"  {'all but end':<12} x{len(every):<5} {figures(every)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
