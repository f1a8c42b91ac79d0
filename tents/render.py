"""Pictures of a puzzle: plain text, and SVG in the source's style (grid, trees, tents, counts, total)."""
from __future__ import annotations

import base64
from collections.abc import Iterable
from html import escape
from typing import Protocol

Cell = tuple[int, int]  # (row, column), as tents.grid counts them


class Puzzle(Protocol):
    """What a picture needs of a puzzle (tents.grid.Puzzle, which shows itself with these pictures, is one)."""

    @property
    def width(self) -> int: ...
    @property
    def height(self) -> int: ...
    @property
    def trees(self) -> tuple[Cell, ...]: ...
    @property
    def col_clues(self) -> tuple[int, ...]: ...
    @property
    def row_clues(self) -> tuple[int, ...]: ...
    @property
    def total(self) -> int: ...

TREE, TENT, NO_TENT, EMPTY = "T", "^", "-", "."
CELL_WIDTH = 3  # characters per cell in text: the clues go up to 10
PIXELS = 32  # the side of a cell in the SVG

GRID_COLOUR = "#555555"
TREE_COLOUR = "#2e7d32"
TRUNK_COLOUR = "#6d4c41"
TENT_COLOUR = "#e07b00"
ERROR_COLOUR = "#ffb3b3"
HIGHLIGHT_COLOUR = "#fff3a0"


def to_text(puzzle: Puzzle, tents: Iterable[Cell] = (), no_tents: Iterable[Cell] = ()) -> str:
    """The grid as text: T a tree, ^ a tent, - a cell marked "no tent", . an empty cell.

    Each row ends with its clue; the last line holds the column clues and, in the bottom right
    corner, the total number of tents (and trees). Lines end with a newline.
    """
    trees, tents, no_tents = set(puzzle.trees), set(tents), set(no_tents)
    lines = []
    for row in range(puzzle.height):
        cells = []
        for col in range(puzzle.width):
            cell = (row, col)
            cells.append(TREE if cell in trees else TENT if cell in tents
                         else NO_TENT if cell in no_tents else EMPTY)
        lines.append("".join(c.rjust(CELL_WIDTH) for c in cells) + str(puzzle.row_clues[row]).rjust(4))
    lines.append("".join(str(c).rjust(CELL_WIDTH) for c in puzzle.col_clues) + str(puzzle.total).rjust(4))
    return "\n".join(lines) + "\n"


def _tree(x: int, y: int, s: int) -> str:
    """A tree: a trunk and a round crown, in the cell whose top left corner is (x, y)."""
    return (f'<rect x="{x + s * 7 // 16}" y="{y + s // 2}" width="{s // 8}" height="{s * 3 // 8}" '
            f'fill="{TRUNK_COLOUR}"/>'
            f'<circle cx="{x + s // 2}" cy="{y + s * 7 // 16}" r="{s * 5 // 16}" fill="{TREE_COLOUR}"/>')


def _tent(x: int, y: int, s: int) -> str:
    """A tent: a triangle with a dark door."""
    top, left, right, bottom = y + s // 6, x + s // 6, x + s - s // 6, y + s - s // 6
    return (f'<polygon points="{x + s // 2},{top} {right},{bottom} {left},{bottom}" '
            f'fill="{TENT_COLOUR}"/>'
            f'<polygon points="{x + s // 2},{top + s // 3} {x + s * 5 // 8},{bottom} '
            f'{x + s * 3 // 8},{bottom}" fill="#5d3a00"/>')


def _no_tent(x: int, y: int, s: int) -> str:
    """The player's "no tent here" mark: a small black square, as in the source."""
    return f'<rect x="{x + s * 3 // 8}" y="{y + s * 3 // 8}" width="{s // 4}" height="{s // 4}" fill="#000"/>'


def _text(x: int, y: int, s: int, value: object, bold: bool = False, colour: str = "#000") -> str:
    """A number centred in a cell."""
    weight = ' font-weight="bold"' if bold else ""
    return (f'<text x="{x + s // 2}" y="{y + s * 11 // 16}" font-size="{s // 2}" text-anchor="middle" '
            f'font-family="sans-serif" fill="{colour}"{weight}>{escape(str(value))}</text>')


def _label(cx: int, cy: int, font: int, value: int) -> str:
    """A small grey row or column number centred on (cx, cy)."""
    return (f'<text x="{cx}" y="{cy + font * 7 // 20}" font-size="{font}" text-anchor="middle" '
            f'font-family="sans-serif" fill="#888888">{value}</text>')


def icon_svg(kind: str, size: int = PIXELS) -> str:
    """One cell's drawing on its own ("tree", "tent" or "no-tent"), as the buttons of the play widget show it."""
    draw = {"tree": _tree, "tent": _tent, "no-tent": _no_tent}[kind]
    return (f'<svg xmlns="http://www.w3.org/2000/svg" width="{size}" height="{size}" '
            f'viewBox="0 0 {size} {size}">{draw(0, 0, size)}</svg>')


def data_url(svg: str) -> str:
    """An SVG as a data: URL, for an <img> or a CSS background (no font, no trust needed)."""
    return "data:image/svg+xml;base64," + base64.b64encode(svg.encode("utf-8")).decode("ascii")


def img_html(svg: str, label: str) -> str:
    """An SVG as an <img> tag with a data: URL: notebooks show it even when they are not trusted."""
    return f'<img src="{data_url(svg)}" alt="{escape(label)}" title="{escape(label)}"/>'


def to_svg(puzzle: Puzzle, tents: Iterable[Cell] = (), no_tents: Iterable[Cell] = (),
           errors: Iterable[Cell] = (), highlight: Iterable[Cell] = (), size: int = PIXELS,
           coordinates: bool = False) -> str:
    """The grid as an SVG picture: trees, tents, "no tent" marks, the clues right and below,
    the total in the bottom right corner; `errors` get a red and `highlight` a yellow background.
    With `coordinates`, grey row numbers on the left and column numbers on top, from 0."""
    s, w, h = size, puzzle.width, puzzle.height
    margin = s // 4
    left = top = (s * 3 // 4 if coordinates else 0)
    width, height = (w + 1) * s + 2 * margin + left, (h + 1) * s + 2 * margin + top
    trees, tents, no_tents = set(puzzle.trees), set(tents), set(no_tents)
    errors, highlight = set(errors), set(highlight)
    parts = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
             f'viewBox="0 0 {width} {height}">',
             f'<rect width="{width}" height="{height}" fill="#ffffff"/>']
    for row in range(h):
        for col in range(w):
            x, y, cell = margin + left + col * s, margin + top + row * s, (row, col)
            fill = ERROR_COLOUR if cell in errors else HIGHLIGHT_COLOUR if cell in highlight else "#f4f9ee"
            parts.append(f'<rect x="{x}" y="{y}" width="{s}" height="{s}" fill="{fill}" '
                         f'stroke="{GRID_COLOUR}" stroke-width="1"/>')
            if cell in trees:
                parts.append(_tree(x, y, s))
            elif cell in tents:
                parts.append(_tent(x, y, s))
            elif cell in no_tents:
                parts.append(_no_tent(x, y, s))
    x0, y0 = margin + left, margin + top
    for row, clue in enumerate(puzzle.row_clues):
        parts.append(_text(x0 + w * s, y0 + row * s, s, clue))
    for col, clue in enumerate(puzzle.col_clues):
        parts.append(_text(x0 + col * s, y0 + h * s, s, clue))
    parts.append(_text(x0 + w * s, y0 + h * s, s, puzzle.total, bold=True))
    if coordinates:
        font = s * 3 // 8
        for row in range(h):
            parts.append(_label(margin + left // 2, y0 + row * s + s // 2, font, row))
        for col in range(w):
            parts.append(_label(x0 + col * s + s // 2, margin + top // 2, font, col))
    parts.append("</svg>")
    return "\n".join(parts) + "\n"
