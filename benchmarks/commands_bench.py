"""How fast the console answers: per-command latency and the latency of `end` (a whole turn).

Run: python benchmarks/commands_bench.py [--repeat=N]
1. Replays the recorded playthrough (tests/golden/commands.txt: 194 lines, seed 2026, to a
   victory) N times and times every line from input to the new frame, by command.
2. Plays a game in which the player only ends turns until it is over, timing every `end`
   (the rivals deciding, then the whole turn) and a `load` of it at the end.
Prints the median, 95th percentile and worst per command in milliseconds. Targets: commands
well under 50 ms, `end` under 100 ms.
"""
from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from cosmos.ui.session import Session  # noqa: E402

COMMANDS = ROOT / "tests" / "golden" / "commands.txt"


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


def verb_of(line: str) -> str:
    """How a line is filed in the table: its first word, or what kind of input it is."""
    words = line.split()
    if not words:
        return "(empty)"
    return words[0] if len(words[0]) <= 10 else "(long word)"


def main() -> int:
    """Run both parts and print the figures."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--repeat", type=int, default=3, help="replays of the playthrough")
    repeat = parser.parse_args().repeat
    lines = COMMANDS.read_text(encoding="utf-8").splitlines()
    samples: dict[str, list[float]] = {}
    for _ in range(repeat):
        session = Session(seed=2026, lang="en", saves_dir=None)
        for line in lines:
            samples.setdefault(verb_of(line), []).append(timed(session, line))
    print(f"Epic Cosmos console: the recorded playthrough ({len(lines)} lines) x{repeat}, ms")
    for key in sorted(samples):
        print(f"  {key:<12} x{len(samples[key]):<5} {figures(samples[key])}")
    every = [v for key, values in samples.items() if key not in ("end", "wait") for v in values]
    print(f"  {'all but end/wait':<16} x{len(every):<5} {figures(every)}")
    session = Session(seed=2026, lang="en", saves_dir=None)
    ends = []
    while not session.finished:
        session.send("save 1")  # the last save is of the last turn before the end
        ends.append(timed(session, "end"))
    load = timed(session, "load 1")
    print(f"A game where the player only ends turns: {len(ends)} turns, ms")
    print(f"  {'end':<12} x{len(ends):<5} {figures(ends)}")
    print(f"  {'load':<12} x1     {load:7.3f} (replays {len(ends) - 1} turns from the seed)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
