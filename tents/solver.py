"""Solving: the logical solver that grades a puzzle, and the search that counts its solutions up to two."""
from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from enum import Enum

from tents.board import Board, Contradiction, Geometry, Mark
from tents.grid import Difficulty, Puzzle, Solution
from tents.hard_rules import HARD_RULES
from tents.rules import EASY_RULES, Deduction, RuleFunction, apply

ALL_RULES = EASY_RULES + HARD_RULES

Watcher = Callable[[RuleFunction, Deduction, Board], None]  # told of every deduction that changed the board


class Outcome(Enum):
    """How far the logical solver got."""

    SOLVED = "solved"  # every cell and every pair decided, and it is a solution
    STUCK = "stuck"  # the rules ran out before the end
    IMPOSSIBLE = "impossible"  # the rules found a contradiction: no solution at all


@dataclass(frozen=True)
class Grading:
    """The logical solver's verdict: the outcome and the hardest rule level it needed."""

    outcome: Outcome
    level: Difficulty | None  # None when it did not solve the puzzle


def propagate(board: Board, rules: tuple[RuleFunction, ...] = EASY_RULES,
              since: int | None = None, watch: Watcher | None = None) -> None:
    """Apply the rules until none adds anything, always going back to the simplest that can.

    Each rule first looks at the whole board, or, with `since`, only at the cells changed from
    board.log[since] on (the caller promises the board was finished for every rule before
    that); afterwards each rule looks only at what changed since it last ran.
    `watch(rule, deduction, board)` is called after each deduction that changed the board (it
    changes nothing itself). Raises Contradiction if the facts cannot hold.
    """
    log = board.log
    seen: list[int | None] = [since] * len(rules)  # how much of the log each rule has looked at
    k = 0
    while k < len(rules):
        start = seen[k]
        if start is not None and start == len(log):
            k += 1
            continue
        seen[k] = len(log)
        focus = None if start is None else set(log[start:])
        progress = False
        for deduction in rules[k](board, focus):
            changed = apply(board, deduction)
            if changed and watch is not None:
                watch(rules[k], deduction, board)
            progress = changed or progress
        k = 0 if progress else k + 1


def is_solution(board: Board) -> bool:
    """True if the board is complete and meets every rule of the puzzle."""
    geo, cells, partner = board.geo, board.cells, board.partner
    if not board.is_complete():
        return False
    for i, value in enumerate(cells):
        if value == Mark.TENT:
            if any(cells[j] == Mark.TENT for j in geo.around[i]):
                return False
        if value in (Mark.TENT, Mark.TREE) and partner[i] not in geo.orth[i]:
            return False
    return board.tents == list(board.clues)


def solve_board(puzzle: Puzzle, level: Difficulty = Difficulty.HARD,
                geo: Geometry | None = None, watch: Watcher | None = None) -> tuple[Board, Difficulty | None]:
    """Run the easy rules, then (if `level` is HARD and they are not enough) all rules.

    Returns the board where the rules stopped and the level that solved it (None if they did
    not). Raises Contradiction when the rules prove there is no solution. `watch` is passed
    on to propagate.
    """
    board = Board.start(puzzle, geo)
    propagate(board, EASY_RULES, watch=watch)
    used = Difficulty.EASY
    if not board.is_complete() and level is Difficulty.HARD:
        propagate(board, ALL_RULES, watch=watch)
        used = Difficulty.HARD
    if not board.is_complete():
        return board, None
    if not is_solution(board):
        raise Contradiction("the grid is full but the tents do not match the clues")
    return board, used


def grade(puzzle: Puzzle, geo: Geometry | None = None) -> Grading:
    """Solve with the easy rules, then go on with all rules; say which level was needed, if any."""
    try:
        _, level = solve_board(puzzle, Difficulty.HARD, geo)
    except Contradiction:
        return Grading(Outcome.IMPOSSIBLE, None)
    return Grading(Outcome.STUCK if level is None else Outcome.SOLVED, level)


def _branch_tree(board: Board) -> tuple[int, list[int]]:
    """The unpaired tree with the fewest places left for its tent, and those places."""
    best = -1
    best_places: list[int] = []
    for t in board.trees:
        if board.partner[t] == -1:
            places = board.candidates(t)
            if best == -1 or len(places) < len(best_places):
                best, best_places = t, places
                if len(places) <= 2:
                    break
    return best, best_places


def solutions(puzzle: Puzzle, limit: int = 2, geo: Geometry | None = None) -> list[Solution]:
    """Up to `limit` solutions, each a tent layout with its tree-tent pairing.

    Two pairings of the same tents count as two solutions. The search applies all the rules,
    then tries each place left for the tent of the most constrained tree, depth first.
    """
    found: list[Solution] = []
    root = Board.start(puzzle, geo)
    stack: list[tuple[Board, int | None]] = [(root, None)]
    while stack and len(found) < limit:
        board, since = stack.pop()
        try:
            propagate(board, ALL_RULES, since)
        except Contradiction:
            continue
        tree, places = _branch_tree(board)
        if tree == -1:
            if is_solution(board):
                found.append(Solution.of(board.pairs()))
            continue
        for place in reversed(places):  # the first place is searched first
            child = board.copy()
            try:
                child.pair(tree, place)
            except Contradiction:
                continue
            stack.append((child, 0))
    return found


def count_solutions(puzzle: Puzzle) -> int:
    """0, 1 or 2, where 2 means "more than one" (tent layouts and pairings both count)."""
    return len(solutions(puzzle, limit=2))
