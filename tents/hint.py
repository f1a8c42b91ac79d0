"""Hints: the next deduction a player can make from the marks on the grid, explained in words."""
from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from enum import Enum

from tents.board import Board, Geometry
from tents.grid import Cell, Puzzle, Solution, cell_name
from tents.rules import Deduction, Rule, apply
from tents.solver import ALL_RULES, solutions


class HintKind(Enum):
    """What a hint is about."""

    MISTAKE = "mistake"  # a mark contradicts the solution
    DEDUCTION = "deduction"  # a rule gives new tents or grass
    REVEAL = "reveal"  # no rule applies: a tent of the solution is shown
    SOLVED = "solved"  # every tent is placed


@dataclass(frozen=True)
class Hint:
    """A hint: its kind, the rule behind it (if any), the cells it marks, and the reason in words."""

    kind: HintKind
    text: str
    rule: Rule | None = None
    tents: tuple[Cell, ...] = ()
    grass: tuple[Cell, ...] = ()


def _names(geo: Geometry, indices: Iterable[int], last: str = "and") -> str:
    """Cells in words, in reading order: "(3, 5)", or "(3, 5), (4, 1) and (6, 2)"."""
    names = [geo.cell_text(i) for i in sorted(indices)]
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + f" {last} " + names[-1]


def _cells(geo: Geometry, indices: Iterable[int]) -> str:
    """"cell (3, 5)" for one cell, "cells (3, 5), (4, 1) and (6, 2)" for several."""
    indices = list(indices)
    return ("cell " if len(indices) == 1 else "cells ") + _names(geo, indices)


def _tents_word(n: int) -> str:
    """"1 tent" or "3 tents"."""
    return f"{n} tent" if n == 1 else f"{n} tents"


@dataclass(frozen=True)
class Words:
    """The phrases every explanation draws on, worked out once for a deduction on a board."""

    line: str  # "row 3" (empty when the rule is about no line)
    line_title: str  # "Row 3"
    missing: int  # tents the line still needs
    new: str  # the cells the deduction decides
    grass_word: str  # "is grass" or "are grass"
    so_grass: str  # "so it is grass" or "so they are grass"


def words_for(d: Deduction, board: Board) -> Words:
    """The phrases for this deduction on this board (board: before it)."""
    line = board.geo.line_text(d.line) if d.line >= 0 else ""
    one = len(d.grass) == 1
    return Words(line, line[:1].upper() + line[1:],
                 board.clues[d.line] - board.tents[d.line] if d.line >= 0 else 0,
                 _cells(board.geo, d.tents or d.grass) if (d.tents or d.grass) else "",
                 "is grass" if one else "are grass", "so it is grass" if one else "so they are grass")


def explain(deduction: Deduction, board: Board) -> str:
    """Why a deduction holds, in words, rows and columns counted from 0 (board: before it)."""
    if deduction.rule not in EXPLAIN:
        raise ValueError(f"no explanation for {deduction.rule}")
    return EXPLAIN[deduction.rule](deduction, board, words_for(deduction, board))


def _touches_tent(d: Deduction, board: Board, w: Words) -> str:
    return (f"The tent at {board.geo.cell_text(d.about[0])} touches {w.new} (by a side or a corner), "
            f"and tents never touch: {w.so_grass}.")


def _line_full(d: Deduction, board: Board, w: Words) -> str:
    clue = board.clues[d.line]
    has = ("needs no tent at all" if clue == 0 else "already has its one tent" if clue == 1
           else f"already has all its {clue} tents")
    return f"{w.line_title} {has}, so {w.new} {w.grass_word}."


def _no_free_tree(d: Deduction, board: Board, w: Words) -> str:
    return (f"A tent needs a tree of its own beside it, and no tree that still needs a tent "
            f"is beside {w.new}: {w.so_grass}.")


def _tent_one_tree(d: Deduction, board: Board, w: Words) -> str:
    tree, tent = d.pairs[0]
    return (f"The tent at {board.geo.cell_text(tent)} has only one tree beside it that still needs a "
            f"tent, at {board.geo.cell_text(tree)}: they belong together.")


def _tree_one_place(d: Deduction, board: Board, w: Words) -> str:
    tree, tent = d.pairs[0]
    return (f"The tree at {board.geo.cell_text(tree)} has only one place left for its tent: "
            f"{board.geo.cell_text(tent)}.")


def _line_needs_all(d: Deduction, board: Board, w: Words) -> str:
    if w.missing == 1:
        return (f"{w.line_title} needs its last tent here, at {w.new}, because it is the only "
                f"free cell left in {w.line}.")
    return (f"{w.line_title} still needs {_tents_word(w.missing)} and has exactly {w.missing} free "
            f"cells left, so each of them, {w.new}, gets a tent.")


def _line_fits(d: Deduction, board: Board, w: Words) -> str:
    parts = []
    if d.tents:
        parts.append(f"every way puts a tent at {_cells(board.geo, d.tents)}")
    if d.grass:
        parts.append(f"no way puts a tent at {_cells(board.geo, d.grass)}")
    return (f"{w.line_title} still needs {_tents_word(w.missing)} in its free cells, no two side by "
            f"side. Trying every way: " + ", and ".join(parts) + ".")


def _shared_neighbour(d: Deduction, board: Board, w: Words) -> str:
    places = board.candidates(d.about[0])
    return (f"The tree at {board.geo.cell_text(d.about[0])} can only have its tent at "
            f"{_names(board.geo, places, 'or')}; each of "
            f"those touches {w.new}, {w.so_grass}.")


def _trees_claim_line(d: Deduction, board: Board, w: Words) -> str:
    trees = _names(board.geo, d.about)
    if len(d.about) == 1:
        claim = f"the tree at {trees} can only put its tent in {w.line}"
    else:
        claim = f"the trees at {trees} can only put their tents in {w.line}, one each"
    return f"{w.line_title} still needs {_tents_word(w.missing)}, and {claim}: so {w.new} {w.grass_word}."


def _line_squeezes(d: Deduction, board: Board, w: Words) -> str:
    return (f"Every way to place the {_tents_word(w.missing)} that {w.line} still needs puts a "
            f"tent next to {w.new}, {w.so_grass}.")


EXPLAIN: dict[Rule, Callable[[Deduction, Board, Words], str]] = {
    Rule.TOUCHES_TENT: _touches_tent, Rule.LINE_FULL: _line_full, Rule.NO_FREE_TREE: _no_free_tree,
    Rule.TENT_ONE_TREE: _tent_one_tree, Rule.TREE_ONE_PLACE: _tree_one_place,
    Rule.LINE_NEEDS_ALL: _line_needs_all, Rule.LINE_FITS: _line_fits, Rule.SHARED_NEIGHBOUR: _shared_neighbour,
    Rule.TREES_CLAIM_LINE: _trees_claim_line, Rule.LINE_SQUEEZES: _line_squeezes,
}


def _board_from_marks(puzzle: Puzzle, tents: Iterable[Cell], grass: Iterable[Cell]) -> Board:
    """A board holding the player's marks as facts."""
    board = Board.start(puzzle)
    w = puzzle.width
    for row, col in tents:
        board.set_tent(row * w + col)
    for row, col in grass:
        board.set_grass(row * w + col)
    return board


def _first_visible(board: Board) -> Deduction | None:
    """The first deduction of the simplest rule that adds a tent or grass; pairs on the way are kept."""
    while True:
        for rule in ALL_RULES:
            found = next(iter(rule(board, None)), None)
            if found is None:
                continue
            if found.tents or found.grass:
                return found
            apply(board, found)  # a pairing: nothing to show, but later reasons need it
            break
        else:
            return None


def next_hint(puzzle: Puzzle, tents: Iterable[Cell] = (), grass: Iterable[Cell] = (),
              solution: Solution | None = None) -> Hint:
    """The next hint for a player whose marks are `tents` and `grass` (cells marked "no tent")."""
    if solution is None:
        found = solutions(puzzle, limit=2)
        if len(found) != 1:
            raise ValueError("hints need a puzzle with exactly one solution")
        solution = found[0]
    tents, grass = sorted(set(tents)), sorted(set(grass))
    right = set(solution.tents)
    for cell in tents:
        if cell not in right:
            return Hint(HintKind.MISTAKE, f"There is no tent at {cell_name(cell)} in the solution: "
                        "take it away.", grass=(cell,))
    for cell in grass:
        if cell in right:
            return Hint(HintKind.MISTAKE, f"The cell {cell_name(cell)} is marked "
                        "\"no tent\", but the solution has a tent there.", tents=(cell,))
    if set(tents) == right:
        return Hint(HintKind.SOLVED, "Every tent is in its place: solved!")
    board = _board_from_marks(puzzle, tents, grass)
    deduction = _first_visible(board)
    if deduction is None:
        missing = sorted(right - set(tents))[0]
        return Hint(HintKind.REVEAL, f"None of the rules applies here; the solution has a tent at "
                    f"{cell_name(missing)}.", tents=(missing,))
    geo = board.geo
    return Hint(HintKind.DEDUCTION, explain(deduction, board), deduction.rule,
                tuple(geo.cell(i) for i in deduction.tents), tuple(geo.cell(i) for i in deduction.grass))


def steps(puzzle: Puzzle) -> Iterator[tuple[Deduction, str]]:
    """The logical solver's path, one deduction at a time, simplest rule first, each with its reason.

    Stops when the rules are done (solved or stuck); raises Contradiction for an impossible puzzle.
    """
    board = Board.start(puzzle)
    while True:
        for rule in ALL_RULES:
            found = next(iter(rule(board, None)), None)
            if found is not None:
                text = explain(found, board)
                apply(board, found)
                yield found, text
                break
        else:
            return
