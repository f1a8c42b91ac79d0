"""The solver's working grid: what is known about every cell and which tree each tent belongs to."""
from __future__ import annotations

from dataclasses import dataclass, field
from enum import IntEnum

from tents.grid import Cell, Puzzle, cell_name, orthogonal, touching


class Mark(IntEnum):
    """What the solver knows about a cell."""

    UNKNOWN = 0
    TENT = 1
    GRASS = 2  # surely no tent here
    TREE = 3


class Contradiction(Exception):
    """The known facts cannot all hold: the puzzle (or this branch of the search) has no solution."""


@dataclass(frozen=True)
class Geometry:
    """Neighbour lists and lines of a grid, by flat index (row * width + column), computed once per puzzle."""

    width: int
    height: int
    orth: tuple[tuple[int, ...], ...]  # cells sharing a side
    around: tuple[tuple[int, ...], ...]  # cells sharing a side or a corner
    lines: tuple[tuple[int, ...], ...]  # rows 0..height-1, then columns
    line_of: tuple[tuple[int, int], ...]  # (row line, column line) of every cell
    memo: dict = field(default_factory=dict, compare=False, repr=False)  # results of pure functions

    @staticmethod
    def of(w: int, h: int) -> Geometry:
        """The geometry of a w x h grid."""
        cells = [(i // w, i % w) for i in range(w * h)]
        orth = tuple(tuple(r * w + c for r, c in orthogonal(cell, w, h)) for cell in cells)
        around = tuple(tuple(r * w + c for r, c in touching(cell, w, h)) for cell in cells)
        rows = [tuple(r * w + c for c in range(w)) for r in range(h)]
        cols = [tuple(r * w + c for r in range(h)) for c in range(w)]
        line_of = tuple((i // w, h + i % w) for i in range(w * h))
        return Geometry(w, h, orth, around, tuple(rows + cols), line_of)

    def cell(self, index: int) -> Cell:
        """The (row, column) of a flat index."""
        return divmod(index, self.width)

    def line_text(self, line: int) -> str:
        """"row 3" or "column 5" for a line number (rows and columns counted from 0)."""
        if line < self.height:
            return f"row {line}"
        return f"column {line - self.height}"

    def cell_text(self, index: int) -> str:
        """"(3, 5)" for a flat index: row 3, column 5, counted from 0 (see tents.grid.cell_name)."""
        return cell_name(divmod(index, self.width))

    def neighbour_lines(self, line: int) -> list[int]:
        """The lines on either side of a line (the rows above and below, or the columns left and right)."""
        if line < self.height:
            return [x for x in (line - 1, line + 1) if 0 <= x < self.height]
        return [x for x in (line - 1, line + 1) if self.height <= x < self.height + self.width]


class Board:
    """Known marks, tree-tent partners and per-line counts; every change is a fact that only grows."""

    __slots__ = ("geo", "clues", "cells", "partner", "tents", "unknown", "trees", "log")

    def __init__(self, geo: Geometry, clues: tuple[int, ...], cells: list[int], partner: list[int],
                 tents: list[int], unknown: list[int], trees: tuple[int, ...]) -> None:
        self.geo = geo
        self.clues = clues  # the clue of every line, in the order of geo.lines
        self.cells = cells
        self.partner = partner  # for a tree or a tent: the index of its partner, or -1
        self.tents = tents  # tents in each line
        self.unknown = unknown  # unknown cells in each line
        self.trees = trees
        self.log: list[int] = []  # every cell that changed, in order (a new copy starts empty)

    @staticmethod
    def start(puzzle: Puzzle, geo: Geometry | None = None) -> Board:
        """The board at the start: trees known, everything else unknown."""
        if geo is None or (geo.width, geo.height) != (puzzle.width, puzzle.height):
            geo = Geometry.of(puzzle.width, puzzle.height)
        cells = [Mark.UNKNOWN] * (geo.width * geo.height)
        trees = tuple(r * geo.width + c for r, c in puzzle.trees)
        for t in trees:
            cells[t] = Mark.TREE
        unknown = [len(line) for line in geo.lines]
        for t in trees:
            for line in geo.line_of[t]:
                unknown[line] -= 1
        return Board(geo, puzzle.row_clues + puzzle.col_clues, [int(x) for x in cells],
                     [-1] * len(cells), [0] * len(geo.lines), unknown, trees)

    def copy(self) -> Board:
        """An independent copy (the geometry is shared: it never changes)."""
        return Board(self.geo, self.clues, self.cells[:], self.partner[:], self.tents[:],
                     self.unknown[:], self.trees)

    def set_tent(self, i: int) -> bool:
        """Mark cell i as a tent; False if it already was one."""
        return self._decide(i, Mark.TENT, "cannot hold a tent")

    def set_grass(self, i: int) -> bool:
        """Mark cell i as surely empty; False if it already was."""
        return self._decide(i, Mark.GRASS, "would have to be a tent and grass at once")

    def _decide(self, i: int, mark: Mark, problem: str) -> bool:
        """Turn an unknown cell into a tent or grass, keeping the line counts and the log."""
        value = self.cells[i]
        if value == mark:
            return False
        if value != Mark.UNKNOWN:
            raise Contradiction(f"the cell {self.geo.cell_text(i)} {problem}")
        self.cells[i] = mark
        self.log.append(i)
        tent = mark == Mark.TENT
        for line in self.geo.line_of[i]:
            self.unknown[line] -= 1
            self.tents[line] += tent
        return True

    def pair(self, tree: int, tent: int) -> bool:
        """Make `tent` the tent of `tree` (placing it if needed); False if they already were partners."""
        if self.partner[tree] == tent:
            return False
        if self.partner[tree] != -1 or self.partner[tent] != -1:
            raise Contradiction(f"the tree at {self.geo.cell_text(tree)} and the tent at "
                                f"{self.geo.cell_text(tent)} cannot belong together")
        self.set_tent(tent)
        self.partner[tree] = tent
        self.partner[tent] = tree
        self.log += (tree, tent)
        return True

    def candidates(self, tree: int) -> list[int]:
        """Where the tent of an unpaired tree can still go: unknown cells and unpaired tents beside it."""
        cells, partner = self.cells, self.partner
        return [j for j in self.geo.orth[tree]
                if cells[j] == Mark.UNKNOWN or (cells[j] == Mark.TENT and partner[j] == -1)]

    def free_trees(self, cell: int) -> list[int]:
        """The unpaired trees beside a cell."""
        cells, partner = self.cells, self.partner
        return [j for j in self.geo.orth[cell] if cells[j] == Mark.TREE and partner[j] == -1]

    def is_complete(self) -> bool:
        """Every cell decided and every tree and tent paired."""
        partner = self.partner
        return (Mark.UNKNOWN not in self.cells and all(partner[t] != -1 for t in self.trees)
                and sum(self.tents[:self.geo.height]) == len(self.trees))

    def pairs(self) -> list[tuple[Cell, Cell]]:
        """The known (tree, tent) pairs as (row, column) cells."""
        return [(self.geo.cell(t), self.geo.cell(self.partner[t])) for t in self.trees
                if self.partner[t] != -1]
