"""The logical solver's deductions, recorded as plain data while the real solver runs (for a step-by-step view)."""
from __future__ import annotations

from dataclasses import dataclass

from tents.board import Board, Mark
from tents.grid import Cell, Difficulty, Puzzle
from tents.hint import explain
from tents.rules import Deduction, RuleFunction
from tents.solver import solve_board


@dataclass(frozen=True)
class Step:
    """One deduction that changed the board, and how the board stood after it."""

    number: int  # from 1
    rule: str  # the rule's name, e.g. "line-full"
    function: str  # the rule's function in tents.rules or tents.hard_rules, e.g. "line_full"
    tents: tuple[Cell, ...]  # the tents this step placed
    grass: tuple[Cell, ...]  # the cells this step made grass
    pairs: tuple[tuple[Cell, Cell], ...]  # the (tree, tent) pairs this step made
    reason: str  # why, in words (tents.hint.explain)
    all_tents: tuple[Cell, ...]  # every tent known after this step
    all_grass: tuple[Cell, ...]  # every grass cell known after this step
    paired: int  # trees that have their tent after this step
    unknown: int  # cells still undecided after this step


@dataclass(frozen=True)
class Trace:
    """The steps of one run of the solver on a puzzle, and how it ended."""

    puzzle: Puzzle
    steps: tuple[Step, ...]
    level: Difficulty | None  # the rules that solved it, None if they got stuck


class _Recorder:
    """A watcher for tents.solver.propagate that writes down every step (it changes nothing)."""

    def __init__(self, puzzle: Puzzle) -> None:
        self.before = Board.start(puzzle)  # the board as it was before the step being told
        self.steps: list[Step] = []

    def __call__(self, rule: RuleFunction, deduction: Deduction, board: Board) -> None:
        geo = board.geo
        cells = [geo.cell(i) for i in range(len(board.cells))]
        self.steps.append(Step(
            number=len(self.steps) + 1,
            rule=deduction.rule.title,
            function=rule.__name__,
            tents=tuple(sorted(geo.cell(i) for i in deduction.tents)),
            grass=tuple(sorted(geo.cell(i) for i in deduction.grass)),
            pairs=tuple(sorted((geo.cell(a), geo.cell(b)) for a, b in deduction.pairs)),
            reason=explain(deduction, self.before),
            all_tents=tuple(c for c, m in zip(cells, board.cells, strict=True) if m == Mark.TENT),
            all_grass=tuple(c for c, m in zip(cells, board.cells, strict=True) if m == Mark.GRASS),
            paired=sum(1 for t in board.trees if board.partner[t] != -1),
            unknown=board.cells.count(Mark.UNKNOWN),
        ))
        self.before = board.copy()


def record(puzzle: Puzzle, level: Difficulty = Difficulty.HARD) -> Trace:
    """Run the real solver (tents.solver.solve_board) on a puzzle and return every step it took."""
    recorder = _Recorder(puzzle)
    _, solved = solve_board(puzzle, level, watch=recorder)
    return Trace(puzzle, tuple(recorder.steps), solved)
