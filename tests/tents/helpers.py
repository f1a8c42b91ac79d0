"""Shared test helpers: the fixture IDs, an independent brute-force counter, running the CLI."""
from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

from tents.grid import Cell, Puzzle

ROOT = Path(__file__).resolve().parents[2]
DATA = Path(__file__).resolve().parent / "data"
SGT_TENTS = "/usr/games/sgt-tents"  # Debian's sgt-puzzles (course.py installs it)

# A unique puzzle that the rules alone cannot finish (found by search among random layouts).
BEYOND_RULES = "7x7:_kc_hbhce_,1,2,1,1,1,2,1,2,1,1,1,1,2,1"
# Tatham's example of a pairing that is not unique: the same four tents, two ways to share them.
TWO_PAIRINGS = "4x4:ababf,2,0,2,0,2,0,2,0"


def tatham_fixtures() -> list[tuple[str, str, list[Cell]]]:
    """(game ID, Tatham's difficulty, solution tents) for every line of data/tatham_ids.tsv."""
    found = []
    for line in (DATA / "tatham_ids.tsv").read_text(encoding="utf-8").splitlines():
        if line and not line.startswith("#"):
            game_id, difficulty, _seed, tents = line.split("\t")
            cells = [tuple(int(x) for x in pair.split(",")) for pair in tents.split(";")]
            found.append((game_id, difficulty, cells))
    return found


def brute_force_count(puzzle: Puzzle, limit: int = 3) -> int:
    """Solutions (tent layout and pairing) counted by plain enumeration, up to `limit`.

    Independent of tents.solver: it tries every set of cells beside trees, row by row, and
    counts the perfect matchings of each layout that meets every clue.
    """
    w, h = puzzle.width, puzzle.height
    trees = set(puzzle.trees)
    near = sorted({(r + dr, c + dc) for r, c in trees for dr, dc in ((-1, 0), (1, 0), (0, -1), (0, 1))
                   if 0 <= r + dr < h and 0 <= c + dc < w and (r + dr, c + dc) not in trees})
    total = 0
    chosen: list[Cell] = []

    def matchings(tents: list[Cell]) -> int:
        count = 0

        def assign(k: int, used: frozenset) -> None:
            nonlocal count
            if k == len(puzzle.trees):
                count += 1
                return
            r, c = puzzle.trees[k]
            for tent in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)):
                if tent in tents and tent not in used:
                    assign(k + 1, used | {tent})

        assign(0, frozenset())
        return count

    def place(k: int) -> None:
        nonlocal total
        if total >= limit:
            return
        if k == len(near):
            rows = [sum(1 for r, _ in chosen if r == row) for row in range(h)]
            cols = [sum(1 for _, c in chosen if c == col) for col in range(w)]
            if tuple(rows) == puzzle.row_clues and tuple(cols) == puzzle.col_clues \
                    and len(chosen) == len(trees):
                total += matchings(chosen)
            return
        place(k + 1)
        r, c = near[k]
        if all(abs(r - r2) > 1 or abs(c - c2) > 1 for r2, c2 in chosen) and len(chosen) < len(trees):
            chosen.append((r, c))
            place(k + 1)
            chosen.pop()

    place(0)
    return min(total, limit)


def run_cli(*args: str, timeout: float = 600) -> subprocess.CompletedProcess:
    """`python -m tents ARGS` in a fresh process, with this checkout on its path."""
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    return subprocess.run([sys.executable, "-m", "tents", *args], capture_output=True, text=True,
                          cwd=ROOT, env=env, timeout=timeout)


def sgt_tents() -> str:
    """The path of Tatham's tents program; fails (never skips) when it is not installed."""
    path = shutil.which("sgt-tents") or (SGT_TENTS if os.access(SGT_TENTS, os.X_OK) else None)
    assert path, "Tatham's tents program is missing: run `python3 course.py setup` (Debian sgt-puzzles)"
    return path
