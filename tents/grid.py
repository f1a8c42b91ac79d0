"""The puzzle itself: a grid with trees and tent counts, and what makes a placement of tents a solution."""
from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from enum import Enum

from tents.render import img_html, to_svg, to_text

MIN_SIZE = 4
MAX_SIZE = 20

Cell = tuple[int, int]  # (row, column), both from 0, counted from the top left


def cell_name(cell: Cell) -> str:
    """How every message names a cell: "(2, 5)" is row 2, column 5, both counted from 0 as Python counts."""
    return f"({cell[0]}, {cell[1]})"


class Difficulty(Enum):
    """How deep the deductions are that a puzzle needs (see tents.rules)."""

    EASY = "easy"
    HARD = "hard"


class PuzzleError(ValueError):
    """A puzzle that cannot exist: a size out of range, trees off the grid, clues of the wrong count."""


def check_size(width: int, height: int) -> None:
    """Refuse a width or height outside MIN_SIZE..MAX_SIZE, saying which one and why."""
    for name, value in (("width", width), ("height", height)):
        if isinstance(value, bool) or not isinstance(value, int):
            raise PuzzleError(f"the {name} must be a whole number, not {value!r}")
        if not MIN_SIZE <= value <= MAX_SIZE:
            raise PuzzleError(f"the {name} must be from {MIN_SIZE} to {MAX_SIZE}, not {value}")


def orthogonal(cell: Cell, width: int, height: int) -> list[Cell]:
    """The up to four cells that share a side with `cell`: up, left, right, down."""
    row, col = cell
    found = []
    for dr, dc in ((-1, 0), (0, -1), (0, 1), (1, 0)):
        r, c = row + dr, col + dc
        if 0 <= r < height and 0 <= c < width:
            found.append((r, c))
    return found


def touching(cell: Cell, width: int, height: int) -> list[Cell]:
    """The up to eight cells that touch `cell`, by a side or a corner, row by row."""
    row, col = cell
    found = []
    for dr in (-1, 0, 1):
        for dc in (-1, 0, 1):
            r, c = row + dr, col + dc
            if (dr or dc) and 0 <= r < height and 0 <= c < width:
                found.append((r, c))
    return found


@dataclass(frozen=True)
class Puzzle:
    """Trees on a width x height grid, the tents wanted in each column (left to right) and row (top down)."""

    width: int
    height: int
    trees: tuple[Cell, ...]
    col_clues: tuple[int, ...]
    row_clues: tuple[int, ...]

    def __post_init__(self) -> None:
        check_size(self.width, self.height)
        trees = tuple(sorted(set(self.trees)))
        if len(trees) != len(self.trees):
            raise PuzzleError("a tree is listed twice")
        for row, col in trees:
            if not (0 <= row < self.height and 0 <= col < self.width):
                raise PuzzleError(f"the tree at {cell_name((row, col))} is off the grid")
        object.__setattr__(self, "trees", trees)
        object.__setattr__(self, "col_clues", tuple(self.col_clues))
        object.__setattr__(self, "row_clues", tuple(self.row_clues))
        for name, clues, wanted in (("column", self.col_clues, self.width),
                                    ("row", self.row_clues, self.height)):
            if len(clues) != wanted:
                raise PuzzleError(f"{wanted} {name} clues are needed, not {len(clues)}")
            for clue in clues:
                if isinstance(clue, bool) or not isinstance(clue, int) or clue < 0:
                    raise PuzzleError(f"a {name} clue must be a whole number from 0, not {clue!r}")

    @property
    def total(self) -> int:
        """The number of trees, which is also the number of tents to place."""
        return len(self.trees)

    def _repr_html_(self) -> str:
        """The puzzle as a picture for notebooks: an <img> of the SVG, shown even in an untrusted notebook."""
        return img_html(to_svg(self), f"Tents {self.width}x{self.height}, {self.total} trees")

    def __str__(self) -> str:
        """The puzzle as text (see tents.render.to_text)."""
        return to_text(self)


@dataclass(frozen=True)
class Solution:
    """The tents (sorted by row, then column) and which tent belongs to which tree."""

    tents: tuple[Cell, ...]
    pairs: tuple[tuple[Cell, Cell], ...]  # (tree, its tent), sorted by tree

    @staticmethod
    def of(pairs: Iterable[tuple[Cell, Cell]]) -> Solution:
        """A solution from its (tree, tent) pairs, in the canonical order."""
        pairs = tuple(sorted(pairs))
        return Solution(tuple(sorted(tent for _, tent in pairs)), pairs)


def clues_for(width: int, height: int, tents: Iterable[Cell]) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """The column clues and the row clues that a set of tents gives."""
    cols = [0] * width
    rows = [0] * height
    for row, col in tents:
        cols[col] += 1
        rows[row] += 1
    return tuple(cols), tuple(rows)


def pairings(puzzle: Puzzle, tents: Sequence[Cell], limit: int = 2) -> list[tuple[tuple[Cell, Cell], ...]]:
    """Up to `limit` ways to give every tree its own tent next to it (as sorted (tree, tent) pairs)."""
    if len(tents) != len(puzzle.trees):
        return []
    tent_set = set(tents)
    options = {tree: [t for t in orthogonal(tree, puzzle.width, puzzle.height) if t in tent_set]
               for tree in puzzle.trees}
    order = sorted(puzzle.trees, key=lambda tree: (len(options[tree]), tree))
    found: list[tuple[tuple[Cell, Cell], ...]] = []
    chosen: dict[Cell, Cell] = {}
    used: set[Cell] = set()

    def extend(k: int) -> None:
        if len(found) >= limit:
            return
        if k == len(order):
            found.append(tuple(sorted(chosen.items())))
            return
        tree = order[k]
        for tent in options[tree]:
            if tent not in used:
                used.add(tent)
                chosen[tree] = tent
                extend(k + 1)
                del chosen[tree]
                used.discard(tent)

    extend(0)
    return found


def problems(puzzle: Puzzle, tents: Iterable[Cell]) -> list[str]:
    """Everything that keeps `tents` from solving the puzzle, in words; empty when it is a solution."""
    tents = sorted(set(tents))
    trees = set(puzzle.trees)
    found = []
    tent_set = set(tents)
    for row, col in tents:
        if not (0 <= row < puzzle.height and 0 <= col < puzzle.width):
            found.append(f"the tent at {cell_name((row, col))} is off the grid")
        elif (row, col) in trees:
            found.append(f"{cell_name((row, col))} holds a tree, not a tent")
    for tent in tents:
        for other in touching(tent, puzzle.width, puzzle.height):
            if other in tent_set and other > tent:
                found.append(f"the tents at {cell_name(tent)} and {cell_name(other)} touch")
    cols, rows = clues_for(puzzle.width, puzzle.height,
                           [t for t in tents if 0 <= t[0] < puzzle.height and 0 <= t[1] < puzzle.width])
    for name, got, wanted in (("column", cols, puzzle.col_clues), ("row", rows, puzzle.row_clues)):
        for index, (have, want) in enumerate(zip(got, wanted, strict=True)):
            if have != want:
                found.append(f"{name} {index} has {have} tent{'' if have == 1 else 's'} instead of {want}")
    if len(tents) != len(trees):
        found.append(f"there are {len(tents)} tents for {len(trees)} trees")
    elif not found and not pairings(puzzle, tents, limit=1):
        found.append("the tents cannot be shared out so that each tree has its own tent next to it")
    return found
