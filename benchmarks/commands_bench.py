"""How fast the console answers: per-command latency and the latency of `end` (a whole turn).

Run: python benchmarks/commands_bench.py [--repeat=N]
1. Replays the recorded playthrough (tests/golden/commands.txt: 206 lines, seed 2026, to a
   victory) N times and times every line from input to the new frame, by command.
2. Plays two games in which the player only ends turns until they are over (seed 2026: 76
   turns; seed 37: 150), saving to a folder before every turn and timing every `save` and
   `end` (the rivals deciding, then the whole turn). Then a new session loads the last save
   (from its checkpoint) and, for comparison, the same save is replayed from its seed (what a
   load costs when the checkpoint is missing). Last, `wait 150` from the first turn: the most
   turns one command can play (it stops early at an attack or the end of the game).
Prints the median, 95th percentile and worst per command in milliseconds. Targets: commands
well under 50 ms, `end` under 100 ms.
"""
from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from cosmos.game import replay  # noqa: E402
from cosmos.save import SaveGame, slot_path  # noqa: E402
from cosmos.ui.session import Session  # noqa: E402

COMMANDS = ROOT / "tests" / "golden" / "commands.txt"
LONG_GAME_SEEDS = (2026, 37)  # with a player who only ends turns: over at turn 76, and at turn 150


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


def passive_game(seed: int) -> None:
    """Only `end` until the game is over, saving before each; then loads of the last save."""
    with tempfile.TemporaryDirectory() as folder:
        session = Session(seed=seed, lang="en", saves_dir=Path(folder))
        ends, saves = [], []
        while not session.finished:
            saves.append(timed(session, "save 1"))  # the last save is of the last turn before the end
            ends.append(timed(session, "end"))
        fresh = Session(seed=seed, lang="en", saves_dir=Path(folder))  # a new session, as after a restart
        load = timed(fresh, "load 1")
        save = SaveGame.from_text(slot_path(Path(folder), 1).read_text(encoding="ascii"))
        start = time.perf_counter()
        replay(save)
        replayed = (time.perf_counter() - start) * 1000
    print(f"Seed {seed}, a game where the player only ends turns: {len(ends)} turns, ms")
    print(f"  {'end':<12} x{len(ends):<5} {figures(ends)}")
    print(f"  {'save':<12} x{len(saves):<5} {figures(saves)}  (the save and its checkpoint, flushed to disk)")
    print(f"  {'load':<12} x1     {load:7.3f} (turn {fresh.world.turn}, in a new session, from the checkpoint)")
    print(f"  {'replay':<12} x1     {replayed:7.3f} (the same save replayed from its seed: a load without checkpoint)")


def longest_wait(seed: int) -> None:
    """`wait 150` from the first turn: as many whole turns as one command may play."""
    session = Session(seed=seed, lang="en", saves_dir=None)
    took = timed(session, "wait 150")
    played = len(session.log)
    print(f"  {'wait 150':<12} x1     {took:7.3f} ({played} turns before it stopped: {took / played:.3f} a turn)")


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
    for seed in LONG_GAME_SEEDS:
        passive_game(seed)
        longest_wait(seed)
    return 0


if __name__ == "__main__":
    sys.exit(main())
