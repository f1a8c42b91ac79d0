"""A puzzle judged: how many solutions (0, 1 or "more than one"), how hard, and why, in words."""
from __future__ import annotations

from dataclasses import dataclass

from tents.board import Board, Contradiction, Geometry
from tents.grid import Cell, Difficulty, Puzzle, Solution, cell_name
from tents.solver import ALL_RULES, grade, propagate, solutions


@dataclass(frozen=True)
class Verdict:
    """The number of solutions (2 meaning more than one), up to two of them, the level of rules
    that solve the puzzle (None if the rules alone do not), and the reason in words."""

    count: int
    solutions: tuple[Solution, ...]
    level: Difficulty | None
    reason: str


def _where(cell: Cell) -> str:
    """"(3, 5)": row 3, column 5, counted from 0."""
    return cell_name(cell)


def obvious_flaw(puzzle: Puzzle) -> str | None:
    """A reason the puzzle cannot have a solution that needs no search, or None."""
    w, h = puzzle.width, puzzle.height
    cols, rows = sum(puzzle.col_clues), sum(puzzle.row_clues)
    if cols != rows:
        return f"the column clues add up to {cols} tents but the row clues to {rows}"
    if cols != puzzle.total:
        return f"the clues ask for {cols} tents but there are {puzzle.total} trees"
    for name, clues, length in (("column", puzzle.col_clues, h), ("row", puzzle.row_clues, w)):
        for index, clue in enumerate(clues):
            if clue > (length + 1) // 2:
                return (f"{name} {index} asks for {clue} tents, but {length} cells hold at "
                        f"most {(length + 1) // 2} that do not touch")
    trees = set(puzzle.trees)
    for tree in puzzle.trees:
        row, col = tree
        sides = [(row + dr, col + dc) for dr, dc in ((-1, 0), (0, -1), (0, 1), (1, 0))]
        if all(not (0 <= r < h and 0 <= c < w) or (r, c) in trees for r, c in sides):
            return f"the tree at {_where(tree)} has no free cell beside it for its tent"
    return None


def _difference(first: Solution, second: Solution) -> str:
    """What two solutions disagree on, in words."""
    if first.tents == second.tents:
        mine, theirs = dict(first.pairs), dict(second.pairs)
        trees = [tree for tree in sorted(mine) if mine[tree] != theirs[tree]]
        return ("the tents are the same, but the trees at " + ", ".join(_where(t) for t in trees)
                + " can share them out in more than one way")
    only_first = sorted(set(first.tents) - set(second.tents))
    only_second = sorted(set(second.tents) - set(first.tents))
    return ("for example, one solution has tents at " + ", ".join(_where(c) for c in only_first)
            + " where another has them at " + ", ".join(_where(c) for c in only_second))


def judge(puzzle: Puzzle) -> Verdict:
    """Count the solutions (stopping at two), grade the puzzle and explain the result."""
    flaw = obvious_flaw(puzzle)
    if flaw is not None:
        return Verdict(0, (), None, flaw)
    found = tuple(solutions(puzzle, limit=2))
    if not found:
        board = Board.start(puzzle, Geometry.of(puzzle.width, puzzle.height))
        try:
            propagate(board, ALL_RULES)
        except Contradiction as error:
            return Verdict(0, (), None, f"following the rules, {error}")
        return Verdict(0, (), None, "no way of placing the tents meets every rule "
                       "(the search tried them all)")
    if len(found) > 1:
        return Verdict(2, found, None, _difference(found[0], found[1]))
    level = grade(puzzle).level
    how = (f"the {level.value} rules find it" if level is not None
           else "the rules alone do not finish it; the search found it")
    return Verdict(1, found, level, how)
