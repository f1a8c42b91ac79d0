"""Hints: the next deduction a player can make from the marks on the grid, explained in words."""
from __future__ import annotations

from collections.abc import Iterable, Iterator
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


def explain(deduction: Deduction, board: Board) -> str:
    """Why a deduction holds, in words, rows and columns counted from 0 (board: before it)."""
    geo, d = board.geo, deduction
    line = geo.line_text(d.line) if d.line >= 0 else ""
    line_title = line[:1].upper() + line[1:]
    missing = board.clues[d.line] - board.tents[d.line] if d.line >= 0 else 0
    new = _cells(geo, d.tents or d.grass) if (d.tents or d.grass) else ""
    grass_word = "is grass" if len(d.grass) == 1 else "are grass"
    so_grass = "so it is grass" if len(d.grass) == 1 else "so they are grass"
    if d.rule is Rule.TOUCHES_TENT:
        return (f"The tent at {geo.cell_text(d.about[0])} touches {new} (by a side or a corner), "
                f"and tents never touch: {so_grass}.")
    if d.rule is Rule.LINE_FULL:
        clue = board.clues[d.line]
        has = ("needs no tent at all" if clue == 0 else "already has its one tent" if clue == 1
               else f"already has all its {clue} tents")
        return f"{line_title} {has}, so {new} {grass_word}."
    if d.rule is Rule.NO_FREE_TREE:
        return (f"A tent needs a tree of its own beside it, and no tree that still needs a tent "
                f"is beside {new}: {so_grass}.")
    if d.rule is Rule.TENT_ONE_TREE:
        tree, tent = d.pairs[0]
        return (f"The tent at {geo.cell_text(tent)} has only one tree beside it that still needs a "
                f"tent, at {geo.cell_text(tree)}: they belong together.")
    if d.rule is Rule.TREE_ONE_PLACE:
        tree, tent = d.pairs[0]
        return (f"The tree at {geo.cell_text(tree)} has only one place left for its tent: "
                f"{geo.cell_text(tent)}.")
    if d.rule is Rule.LINE_NEEDS_ALL:
        if missing == 1:
            return (f"{line_title} needs its last tent here, at {new}, because it is the only "
                    f"free cell left in {line}.")
        return (f"{line_title} still needs {_tents_word(missing)} and has exactly {missing} free "
                f"cells left, so each of them, {new}, gets a tent.")
    if d.rule is Rule.LINE_FITS:
        parts = []
        if d.tents:
            parts.append(f"every way puts a tent at {_cells(geo, d.tents)}")
        if d.grass:
            parts.append(f"no way puts a tent at {_cells(geo, d.grass)}")
        return (f"{line_title} still needs {_tents_word(missing)} in its free cells, no two side by "
                f"side. Trying every way: " + ", and ".join(parts) + ".")
    if d.rule is Rule.SHARED_NEIGHBOUR:
        places = board.candidates(d.about[0])
        return (f"The tree at {geo.cell_text(d.about[0])} can only have its tent at "
                f"{_names(geo, places, 'or')}; each of "
                f"those touches {new}, {so_grass}.")
    if d.rule is Rule.TREES_CLAIM_LINE:
        trees = _names(geo, d.about)
        if len(d.about) == 1:
            claim = f"the tree at {trees} can only put its tent in {line}"
        else:
            claim = f"the trees at {trees} can only put their tents in {line}, one each"
        return f"{line_title} still needs {_tents_word(missing)}, and {claim}: so {new} {grass_word}."
    if d.rule is Rule.LINE_SQUEEZES:
        return (f"Every way to place the {_tents_word(missing)} that {line} still needs puts a "
                f"tent next to {new}, {so_grass}.")
    raise ValueError(f"no explanation for {d.rule}")


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
