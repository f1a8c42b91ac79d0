"""The deductions a player (and the logical solver) makes; this module has the easy ones.

Easy rules look at one cell, one tree, one tent or one line and count:

- touches-tent: a cell touching a tent (even by a corner) is grass.
- line-full: a row or column that has all its tents is grass everywhere else.
- no-free-tree: a cell beside no tree that still lacks its tent is grass.
- tent-one-tree: a tent beside only one tree that lacks its tent belongs to that tree.
- tree-one-place: a tree with only one place left for its tent gets its tent there.
- line-needs-all: a row or column whose free cells are exactly as many as its missing tents
  gets a tent in each of them.

The hard rules, which look further, are in tents.hard_rules.

Every rule is a function `rule(board, focus)` that yields Deductions. With `focus=None` it
looks at the whole board; with a set of cells that changed since it last ran (to exhaustion)
it looks only at what those changes can affect, which finds the same deductions, faster.
"""
from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from enum import Enum

from tents.board import Board, Contradiction, Mark
from tents.grid import Difficulty

UNKNOWN, TENT, GRASS, TREE = Mark.UNKNOWN, Mark.TENT, Mark.GRASS, Mark.TREE

Focus = set[int] | None


class Rule(Enum):
    """A kind of deduction, with its name and its difficulty."""

    TOUCHES_TENT = ("touches-tent", Difficulty.EASY)
    LINE_FULL = ("line-full", Difficulty.EASY)
    NO_FREE_TREE = ("no-free-tree", Difficulty.EASY)
    TENT_ONE_TREE = ("tent-one-tree", Difficulty.EASY)
    TREE_ONE_PLACE = ("tree-one-place", Difficulty.EASY)
    LINE_NEEDS_ALL = ("line-needs-all", Difficulty.EASY)
    LINE_FITS = ("line-fits", Difficulty.HARD)
    SHARED_NEIGHBOUR = ("shared-neighbour", Difficulty.HARD)
    TREES_CLAIM_LINE = ("trees-claim-line", Difficulty.HARD)
    LINE_SQUEEZES = ("line-squeezes", Difficulty.HARD)

    def __init__(self, title: str, level: Difficulty) -> None:
        self.title = title
        self.level = level


@dataclass(frozen=True)
class Deduction:
    """What one rule found: new tents, new grass, new (tree, tent) pairs, and what it is about."""

    rule: Rule
    tents: tuple[int, ...] = ()
    grass: tuple[int, ...] = ()
    pairs: tuple[tuple[int, int], ...] = ()
    line: int = -1  # the row or column the reason is about
    about: tuple[int, ...] = ()  # the tent or trees the reason is about


RuleFunction = Callable[[Board, Focus], Iterator[Deduction]]


def apply(board: Board, deduction: Deduction) -> bool:
    """Record a deduction on the board; True if anything was new."""
    changed = False
    for i in deduction.tents:
        changed = board.set_tent(i) or changed
    for i in deduction.grass:
        changed = board.set_grass(i) or changed
    for tree, tent in deduction.pairs:
        changed = board.pair(tree, tent) or changed
    return changed


def lines_of(board: Board, focus: Focus) -> Iterable[int]:
    """The lines to look at: all, or those holding a changed cell (in order)."""
    if focus is None:
        return range(len(board.clues))
    line_of = board.geo.line_of
    return sorted({line for i in focus for line in line_of[i]})


def trees_near(board: Board, focus: Focus) -> Iterable[int]:
    """The unpaired trees to look at: all, or those beside a changed cell (in order)."""
    cells, partner = board.cells, board.partner
    if focus is None:
        return [t for t in board.trees if partner[t] == -1]
    orth = board.geo.orth
    return sorted({j for i in focus for j in orth[i] if cells[j] == TREE and partner[j] == -1})


def touches_tent(board: Board, focus: Focus = None) -> Iterator[Deduction]:
    """Cells touching a tent are grass (and two touching tents are a contradiction)."""
    cells, around = board.cells, board.geo.around
    for i in (range(len(cells)) if focus is None else sorted(focus)):
        if cells[i] == TENT:
            grass = []
            for j in around[i]:
                if cells[j] == UNKNOWN:
                    grass.append(j)
                elif cells[j] == TENT:
                    raise Contradiction(f"the tents at {board.geo.cell_text(i)} and "
                                        f"{board.geo.cell_text(j)} would touch")
            if grass:
                yield Deduction(Rule.TOUCHES_TENT, grass=tuple(grass), about=(i,))


def line_full(board: Board, focus: Focus = None) -> Iterator[Deduction]:
    """A line with all its tents is grass in its other cells."""
    lines, cells = board.geo.lines, board.cells
    for line in lines_of(board, focus):
        clue = board.clues[line]
        if board.tents[line] > clue:
            raise Contradiction(f"{board.geo.line_text(line)} would get more than its {clue} tents")
        if board.tents[line] == clue and board.unknown[line]:
            yield Deduction(Rule.LINE_FULL, line=line,
                            grass=tuple(i for i in lines[line] if cells[i] == UNKNOWN))


def no_free_tree(board: Board, focus: Focus = None) -> Iterator[Deduction]:
    """Cells beside no unpaired tree are grass (all of them in one deduction)."""
    cells, partner, orth = board.cells, board.partner, board.geo.orth
    if focus is None:
        near = bytearray(len(cells))
        for t in board.trees:
            if partner[t] == -1:
                for j in orth[t]:
                    near[j] = 1
        grass = tuple(i for i, value in enumerate(cells) if value == UNKNOWN and not near[i])
    else:  # only a tree that found its tent can leave its neighbours with no free tree
        todo = sorted({j for i in focus if cells[i] == TREE for j in orth[i]})
        grass = tuple(i for i in todo if cells[i] == UNKNOWN and not any(
            cells[j] == TREE and partner[j] == -1 for j in orth[i]))
    if grass:
        yield Deduction(Rule.NO_FREE_TREE, grass=grass)


def tent_one_tree(board: Board, focus: Focus = None) -> Iterator[Deduction]:
    """An unpaired tent beside exactly one unpaired tree belongs to it."""
    cells, partner, orth = board.cells, board.partner, board.geo.orth
    if focus is None:
        todo: Iterable[int] = range(len(cells))
    else:
        todo = sorted(focus | {j for i in focus if cells[i] == TREE for j in orth[i]})
    for i in todo:
        if cells[i] == TENT and partner[i] == -1:
            trees = board.free_trees(i)
            if not trees:
                raise Contradiction(f"the tent at {board.geo.cell_text(i)} would have no tree")
            if len(trees) == 1:
                yield Deduction(Rule.TENT_ONE_TREE, pairs=((trees[0], i),), about=(i,))


def tree_one_place(board: Board, focus: Focus = None) -> Iterator[Deduction]:
    """An unpaired tree with one place left for its tent gets it there."""
    for t in trees_near(board, focus):
        if board.partner[t] == -1:
            places = board.candidates(t)
            if not places:
                raise Contradiction(f"the tree at {board.geo.cell_text(t)} would have no place "
                                    "for its tent")
            if len(places) == 1:
                new = (places[0],) if board.cells[places[0]] == UNKNOWN else ()
                yield Deduction(Rule.TREE_ONE_PLACE, tents=new, pairs=((t, places[0]),), about=(t,))


def line_needs_all(board: Board, focus: Focus = None) -> Iterator[Deduction]:
    """A line whose unknown cells are exactly its missing tents gets a tent in each."""
    lines, cells = board.geo.lines, board.cells
    for line in lines_of(board, focus):
        missing, free = board.clues[line] - board.tents[line], board.unknown[line]
        if missing > free:
            raise Contradiction(f"{board.geo.line_text(line)} cannot get its "
                                f"{board.clues[line]} tents")
        if free and missing == free:
            yield Deduction(Rule.LINE_NEEDS_ALL, line=line,
                            tents=tuple(i for i in lines[line] if cells[i] == UNKNOWN))


EASY_RULES: tuple[RuleFunction, ...] = (
    touches_tent, line_full, no_free_tree, tent_one_tree, tree_one_place, line_needs_all)
