"""The command line: `python -m tents generate ...` and `python -m tents solve ID`."""
from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import TextIO

from tents.gameid import GameIdError, format_game_id, parse_game_id
from tents.generate import GenerationError, generate
from tents.grid import Difficulty, PuzzleError, check_size
from tents.render import to_svg, to_text
from tents.verdict import judge

DESCRIPTION = "Tents and trees: generate puzzles from a seed, or solve a game ID."
SOLVE_EPILOG = """With --json the answer is one line, {"solutions": S, "tents": [[row, col], ...]}:
S is 0, 1 or 2 (2 meaning more than one), and the tents (rows and columns from 0, counted
from the top left) are the solution when S is 1, else an empty list."""


class UsageError(Exception):
    """Input the command line refuses, with the reason."""


def parse_size(text: str) -> tuple[int, int]:
    """`8x8` -> (8, 8); UsageError with the reason otherwise."""
    parts = text.lower().split("x")
    if len(parts) != 2 or not all(p.isascii() and p.isdigit() for p in parts):
        raise UsageError(f"the size {text!r} should look like 8x8 (width x height)")
    width, height = int(parts[0]), int(parts[1])
    try:
        check_size(width, height)
    except PuzzleError as error:
        raise UsageError(str(error)) from None
    return width, height


def build_parser() -> argparse.ArgumentParser:
    """The argument parser with its two commands."""
    parser = argparse.ArgumentParser(prog="python -m tents", description=DESCRIPTION)
    commands = parser.add_subparsers(dest="command", required=True)
    gen = commands.add_parser("generate", help="make a puzzle from a seed")
    gen.add_argument("--size", default="8x8", help="WIDTHxHEIGHT, each from 4 to 20 (default 8x8)")
    gen.add_argument("--seed", type=int, default=0, help="the seed: the same seed, the same puzzle")
    gen.add_argument("--difficulty", choices=[d.value for d in Difficulty], default="easy")
    gen.add_argument("--solution", action="store_true", help="also print (and draw) the solution")
    gen.add_argument("--id", action="store_true", help="print only the game ID")
    gen.add_argument("--svg", metavar="FILE", help="write the picture (SVG) to FILE")
    solve = commands.add_parser("solve", help="solve a game ID", epilog=SOLVE_EPILOG,
                                formatter_class=argparse.RawDescriptionHelpFormatter)
    solve.add_argument("id", help="a game ID such as 4x4:_b_gc,1,0,1,0,1,0,1,0")
    solve.add_argument("--json", action="store_true", help="print the answer as JSON")
    return parser


def run_generate(args: argparse.Namespace, out: TextIO) -> int:
    """Generate, print and draw a puzzle."""
    width, height = parse_size(args.size)
    difficulty = Difficulty(args.difficulty)
    made = generate(width, height, difficulty, args.seed)
    puzzle, solution = made.puzzle, made.solution
    if args.svg:
        tents = solution.tents if args.solution else ()
        try:
            Path(args.svg).write_text(to_svg(puzzle, tents), encoding="utf-8")
        except OSError as error:
            raise UsageError(f"cannot write {args.svg}: {error.strerror}") from None
    if args.id:
        out.write(format_game_id(puzzle) + "\n")
        return 0
    out.write(f"Tents {width}x{height}, {difficulty.value}, seed {args.seed}\n\n")
    out.write(to_text(puzzle))
    out.write(f"\nGame ID: {format_game_id(puzzle)}\n")
    if args.solution:
        out.write("\nSolution:\n\n" + to_text(puzzle, solution.tents))
    return 0


def run_solve(args: argparse.Namespace, out: TextIO) -> int:
    """Solve a game ID and print the answer (as text or JSON)."""
    try:
        puzzle = parse_game_id(args.id)
    except GameIdError as error:
        raise UsageError(f"bad game ID: {error}") from None
    verdict = judge(puzzle)
    if args.json:
        tents = [list(cell) for cell in verdict.solutions[0].tents] if verdict.count == 1 else []
        out.write(json.dumps({"solutions": verdict.count, "tents": tents}) + "\n")
        return 0
    if verdict.count == 0:
        out.write(f"No solution: {verdict.reason}.\n")
    elif verdict.count == 1:
        out.write(f"One solution ({verdict.reason}):\n\n")
        out.write(to_text(puzzle, verdict.solutions[0].tents))
    else:
        out.write(f"More than one solution: {verdict.reason}. Two of them:\n")
        for solution in verdict.solutions:
            out.write("\n" + to_text(puzzle, solution.tents))
    return 0


def main(argv: list[str] | None = None, out: TextIO | None = None, err: TextIO | None = None) -> int:
    """Run the command line; returns the exit code (0 done, 2 bad input)."""
    out, err = out or sys.stdout, err or sys.stderr
    parser = build_parser()
    try:
        args = parser.parse_args(argv)
    except SystemExit as stop:  # argparse has printed its message
        return int(stop.code or 0)
    try:
        if args.command == "generate":
            return run_generate(args, out)
        return run_solve(args, out)
    except (UsageError, GenerationError) as error:
        err.write(f"{parser.prog}: error: {error}\n")
        return 2
