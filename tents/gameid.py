"""Game IDs of Simon Tatham's Tents (`WxH:desc,clues`): reading them with precise complaints, and writing them.

The description codes the trees row by row as runs: `_` is a tree right after the previous one,
`a` to `y` are 1 to 25 empty cells and then a tree, `z` is 25 empty cells and no tree. A virtual
tree just past the last cell closes the last run, so the code always ends with a tree code. Then
come the clues: `,n` for each column left to right, then for each row top down.
"""
from __future__ import annotations

import re

from tents.grid import Puzzle, PuzzleError, check_size

RUN_LIMIT = 25  # the longest run one letter can code


class GameIdError(ValueError):
    """A game ID that cannot be read; the message says what is wrong with it."""


def format_game_id(puzzle: Puzzle) -> str:
    """The game ID of a puzzle, coded exactly as Tatham's program codes it."""
    w, h = puzzle.width, puzzle.height
    trees = {r * w + c for r, c in puzzle.trees}
    parts = [f"{w}x{h}:"]
    run = 0
    for i in range(w * h + 1):
        if i == w * h or i in trees:
            parts.append("_" if run == 0 else chr(ord("a") + run - 1))
            run = 0
        else:
            run += 1
            if run > RUN_LIMIT:
                parts.append("z")
                run -= RUN_LIMIT
    for clue in (*puzzle.col_clues, *puzzle.row_clues):
        parts.append(f",{clue}")
    return "".join(parts)


def _read_size(params: str) -> tuple[int, int]:
    """Width and height from `WxH`."""
    match = re.fullmatch(r"(\d+)x(\d+)", params)
    if match is None:
        raise GameIdError(f"the size {params!r} should look like 8x8 (width x height)")
    width, height = int(match.group(1)), int(match.group(2))
    try:
        check_size(width, height)
    except PuzzleError as error:
        raise GameIdError(f"the size {params} is out of range: {error}") from None
    return width, height


def _read_trees(code: str, width: int, height: int) -> list[tuple[int, int]]:
    """The tree cells of the run-length code (complaining about bad letters and wrong lengths)."""
    area = width * height
    trees: list[tuple[int, int]] = []
    position = 0  # the next cell the code describes
    for k, letter in enumerate(code):
        if letter in "!-":
            raise GameIdError(f"{letter!r} (a tent or no-tent mark, at index {k} of the grid code) "
                              "is not supported: the grid may only hold trees")
        if letter == "_":
            tree = True
        elif "a" <= letter <= "y":
            position, tree = position + ord(letter) - ord("a") + 1, True
        elif letter == "z":
            position, tree = position + RUN_LIMIT, False
        else:
            raise GameIdError(f"the letter at index {k} of the grid code, {letter!r}, is not a tree code "
                              "(only _ and a to z)")
        if position > area:
            raise GameIdError(f"the grid code describes more than the {width}x{height} = {area} "
                              f"cells (it runs past the end at index {k})")
        if tree:
            if position == area:
                if k != len(code) - 1:
                    raise GameIdError(f"the grid code goes on after the end of the {area} cells "
                                      f"(at index {k + 1})")
                return trees
            trees.append(divmod(position, width))
            position += 1
    raise GameIdError(f"the grid code describes only {position} of the {width}x{height} = {area} "
                      "cells (it must end with the run up to the virtual tree after the last cell)")


def parse_game_id(text: str) -> Puzzle:
    """The puzzle of a Tents game ID; GameIdError with a message saying what is wrong otherwise."""
    if not isinstance(text, str):
        raise GameIdError(f"a game ID is text, not {type(text).__name__}")
    text = text.strip()
    if ":" not in text:
        raise GameIdError("a game ID looks like 8x8:<grid>,<clues>, and this one has no ':'")
    params, desc = text.split(":", 1)
    width, height = _read_size(params)
    code, *clues = desc.split(",")
    trees = _read_trees(code, width, height)
    wanted = width + height
    if len(clues) != wanted:
        raise GameIdError(f"{wanted} clues are needed ({width} columns, then {height} rows), "
                          f"not {len(clues)}")
    numbers = []
    for index, clue in enumerate(clues):
        if not clue.isascii() or not clue.isdigit():
            what = f"column {index}" if index < width else f"row {index - width}"
            raise GameIdError(f"the clue of {what}, {clue!r}, is not a whole number")
        numbers.append(int(clue))
    try:
        return Puzzle(width, height, tuple(trees), tuple(numbers[:width]), tuple(numbers[width:]))
    except PuzzleError as error:
        raise GameIdError(str(error)) from None
