"""A character buffer: a grid of single characters that is drawn into, then turned into lines."""
from __future__ import annotations


class Buffer:
    """A fixed-width grid of characters; writes outside it are clipped."""

    def __init__(self, width: int, height: int) -> None:
        self.width = width
        self.height = height
        self.cells = [[" "] * width for _ in range(height)]

    def put(self, x: int, y: int, char: str) -> None:
        """Set one character, if (x, y) is inside the buffer."""
        if 0 <= x < self.width and 0 <= y < self.height:
            self.cells[y][x] = char

    def text(self, x: int, y: int, text: str) -> None:
        """Write a string from (x, y) to the right."""
        for i, char in enumerate(text):
            self.put(x + i, y, char)

    def lines(self) -> list[str]:
        """The rows as strings, trailing spaces trimmed."""
        return ["".join(row).rstrip() for row in self.cells]
