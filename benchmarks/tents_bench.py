"""Tents speed: median time to generate a unique 15x15 hard puzzle and to solve a 20x20 one.

Run: python benchmarks/tents_bench.py [--runs N]. Targets: under 100 ms and under 1 s.
"Solve" is what `python -m tents solve` does: count the solutions up to two.
"""
from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from cosmos.rng import Random  # noqa: E402
from tents import Difficulty, generate, parse_game_id, solutions  # noqa: E402
from tents.board import Geometry  # noqa: E402
from tents.generate import place_tents, place_trees, puzzle_of, tent_count  # noqa: E402

GENERATE_TARGET = 0.100
SOLVE_TARGET = 1.0


def timed(action) -> float:
    """Seconds one call takes."""
    start = time.perf_counter()
    action()
    return time.perf_counter() - start


def report(name: str, times: list[float], target: float) -> bool:
    """Print median and spread of a series; True if the median meets the target."""
    median = statistics.median(times)
    verdict = "ok" if median < target else "TOO SLOW"
    print(f"{name}: median {median * 1000:.1f} ms, min {min(times) * 1000:.1f} ms, "
          f"max {max(times) * 1000:.1f} ms over {len(times)} runs (target < {target * 1000:.0f} ms: {verdict})")
    return median < target


def raw_layouts(count: int) -> list:
    """20x20 layouts straight from tent and tree placement, not repaired: mostly several
    solutions, some with one that the rules alone do not find."""
    rng, geo, found = Random(2026), Geometry.of(20, 20), []
    while len(found) < count:
        tents = place_tents(rng, geo, tent_count(20, 20))
        pairs = place_trees(rng, geo, tents) if tents else None
        if pairs:
            found.append(puzzle_of(geo, pairs))
    return found


def main(argv: list[str] | None = None) -> int:
    """Run both measurements; exit code 1 if a median misses its target."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=30, help="seeds per measurement (default 30)")
    runs = parser.parse_args(argv).runs
    generate_times = [timed(lambda s=seed: generate(15, 15, Difficulty.HARD, s)) for seed in range(runs)]
    ok = report("generate 15x15 hard", generate_times, GENERATE_TARGET)
    puzzles = [generate(20, 20, Difficulty.HARD, seed).puzzle for seed in range(runs)]
    fixtures = Path(__file__).resolve().parents[1] / "tests" / "tents" / "data" / "tatham_ids.tsv"
    puzzles += [parse_game_id(line.split("\t")[0]) for line in fixtures.read_text().splitlines()
                if line.startswith("20x20:")]
    solve_times = [timed(lambda p=p: solutions(p, limit=2)) for p in puzzles]
    ok = report(f"solve 20x20 ({runs} of ours, {len(puzzles) - runs} of Tatham's)", solve_times,
                SOLVE_TARGET) and ok
    raw = raw_layouts(runs)
    raw_times = [timed(lambda p=p: solutions(p, limit=2)) for p in raw]
    unique = sum(1 for p in raw if len(solutions(p, limit=2)) == 1)
    report(f"solve 20x20 raw layouts ({unique} of {runs} with one solution)", raw_times, SOLVE_TARGET)
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
