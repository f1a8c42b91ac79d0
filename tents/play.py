"""Playing a puzzle, as the source's mouse interface does, as plain data (the widget only draws it).

A left click marks a tent, a right click marks "no tent here"; clicking the same mark again
clears it. Every change can be undone. Checking compares the marks with the one solution.
When as many tents are marked as there are trees, the solution is revealed (as in the source)
and the grid no longer changes until a move is undone.
"""
from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

from tents.grid import Cell, Puzzle, Solution
from tents.hint import Hint, next_hint
from tents.render import img_html, to_svg, to_text
from tents.solver import solutions


class Button(Enum):
    """The two mouse buttons of the source's interface."""

    LEFT = "tent"  # mark a tent
    RIGHT = "no tent"  # mark "no tent here"


class PlayerMark(Enum):
    """What the player has put in a cell."""

    EMPTY = "empty"
    TENT = "tent"
    NO_TENT = "no tent"


@dataclass(frozen=True)
class Check:
    """The marks compared with the solution."""

    wrong_tents: tuple[Cell, ...]  # tents where the solution has none
    wrong_no_tents: tuple[Cell, ...]  # "no tent" marks where the solution has a tent
    missing: int  # tents still to place

    @property
    def errors(self) -> tuple[Cell, ...]:
        """Every wrong mark, in reading order."""
        return tuple(sorted(self.wrong_tents + self.wrong_no_tents))

    @property
    def message(self) -> str:
        """The result in words."""
        if self.errors:
            n = len(self.errors)
            return f"{n} mark{'s are' if n > 1 else ' is'} wrong (shown in red)."
        if self.missing:
            return f"No mistakes so far; {self.missing} tent{'s' if self.missing > 1 else ''} to go."
        return "Solved: every tent is in its place."


class Game:
    """One puzzle being played: the marks, the moves made (for undo) and the one solution."""

    def __init__(self, puzzle: Puzzle, solution: Solution | None = None) -> None:
        if solution is None:
            found = solutions(puzzle, limit=2)
            if len(found) != 1:
                raise ValueError("only a puzzle with exactly one solution can be played "
                                 f"(this one has {'none' if not found else 'more than one'})")
            solution = found[0]
        self.puzzle = puzzle
        self.solution = solution
        self.marks: dict[Cell, PlayerMark] = {}
        self.moves: list[tuple[Cell, PlayerMark, PlayerMark]] = []  # (cell, before, after)

    def mark(self, cell: Cell) -> PlayerMark:
        """The player's mark in a cell."""
        return self.marks.get(cell, PlayerMark.EMPTY)

    @property
    def tents(self) -> tuple[Cell, ...]:
        """The cells marked as tents, in reading order."""
        return tuple(sorted(c for c, m in self.marks.items() if m is PlayerMark.TENT))

    @property
    def no_tents(self) -> tuple[Cell, ...]:
        """The cells marked "no tent", in reading order."""
        return tuple(sorted(c for c, m in self.marks.items() if m is PlayerMark.NO_TENT))

    @property
    def revealed(self) -> bool:
        """True once as many tents are marked as there are trees: the solution is shown."""
        return len(self.tents) == self.puzzle.total

    @property
    def solved(self) -> bool:
        """True when the tents marked are exactly the solution's."""
        return self.tents == self.solution.tents

    def click(self, cell: Cell, button: Button = Button.LEFT) -> bool:
        """A click on a cell; returns True if it changed anything.

        Trees, cells off the grid and clicks after the solution is revealed change nothing.
        """
        row, col = cell
        if not (0 <= row < self.puzzle.height and 0 <= col < self.puzzle.width):
            return False
        if cell in self.puzzle.trees or self.revealed:
            return False
        before = self.mark(cell)
        wanted = PlayerMark.TENT if button is Button.LEFT else PlayerMark.NO_TENT
        after = PlayerMark.EMPTY if before is wanted else wanted
        self._set(cell, after)
        self.moves.append((cell, before, after))
        return True

    def _set(self, cell: Cell, mark: PlayerMark) -> None:
        """Store a mark (EMPTY is stored as no entry)."""
        if mark is PlayerMark.EMPTY:
            self.marks.pop(cell, None)
        else:
            self.marks[cell] = mark

    def undo(self) -> bool:
        """Take back the last change; False if there is none."""
        if not self.moves:
            return False
        cell, before, _ = self.moves.pop()
        self._set(cell, before)
        return True

    def check(self) -> Check:
        """Compare the marks with the solution."""
        right = set(self.solution.tents)
        return Check(tuple(c for c in self.tents if c not in right),
                     tuple(c for c in self.no_tents if c in right),
                     len(right - set(self.tents)))

    def hint(self) -> Hint:
        """The next hint for the current marks (a mistake first, then the simplest deduction)."""
        return next_hint(self.puzzle, self.tents, self.no_tents, self.solution)

    def text(self) -> str:
        """The grid with the player's marks, as text."""
        return to_text(self.puzzle, self.tents, self.no_tents)

    def _repr_html_(self) -> str:
        """The game as a picture for notebooks (an <img>, shown even in an untrusted notebook)."""
        return img_html(self.svg(), f"Tents {self.puzzle.width}x{self.puzzle.height}: "
                        f"{len(self.tents)} of {self.puzzle.total} tents placed")

    def svg(self, show_errors: bool = False, highlight: tuple[Cell, ...] = ()) -> str:
        """The grid as SVG: the solution once revealed (wrong marks in red), else the player's marks."""
        if self.revealed:
            return to_svg(self.puzzle, self.solution.tents, errors=self.check().errors)
        errors = self.check().errors if show_errors else ()
        return to_svg(self.puzzle, self.tents, self.no_tents, errors=errors, highlight=highlight)
