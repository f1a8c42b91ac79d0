"""Laying out a frame: word wrapping, a line with text on both ends, and the frame itself."""
from __future__ import annotations

from dataclasses import dataclass, field
from enum import Enum

SCREEN_WIDTH = 64  # the header and the map are this wide
WRAP_WIDTH = 62  # running text is wrapped at this many columns


class Style(Enum):
    """What a line of a frame is, so a terminal can colour it; plain text ignores it."""

    HEADER = "header"
    TEXT = "text"
    MAP = "map"
    LEGEND = "legend"
    TITLE = "title"
    GOOD = "good"
    BAD = "bad"
    FOOTER = "footer"


@dataclass
class Frame:
    """One screen: its lines and the style of each line."""

    lines: list[str] = field(default_factory=list)
    styles: list[Style] = field(default_factory=list)

    def add(self, line: str, style: Style = Style.TEXT) -> None:
        """Append one line."""
        self.lines.append(line)
        self.styles.append(style)

    def extend(self, lines: list[str], style: Style = Style.TEXT) -> None:
        """Append several lines of one style."""
        for line in lines:
            self.add(line, style)

    def text(self) -> str:
        """The frame as plain text: lines joined by newlines, with a final newline."""
        return "".join(line + "\n" for line in self.lines)


def wrap(text: str, width: int = WRAP_WIDTH) -> list[str]:
    """Greedy word wrap: as many words per line as fit in width; a longer word gets its own line."""
    lines: list[str] = []
    current = ""
    for word in text.split():
        if current and len(current) + 1 + len(word) > width:
            lines.append(current)
            current = word
        else:
            current = f"{current} {word}" if current else word
    if current:
        lines.append(current)
    return lines


def both_ends(left: str, right: str, width: int = SCREEN_WIDTH) -> str:
    """left at the start and right at the end of a line width wide (at least one space between)."""
    gap = max(1, width - len(left) - len(right))
    return left + " " * gap + right
