"""Which lesson first teaches each engine module: lesson N may import only modules of lessons 1..N."""
from __future__ import annotations

# module (relative to the cosmos package) -> the lesson that first teaches it
LESSON_OF_MODULE: dict[str, int] = {
    "data": 1,
    "rng": 1,
    "graph": 1,
    "galaxy": 1,
    "world": 1,
    "bus": 1,
    "stages": 1,
    "ui": 1,
    "ui.buffer": 1,
    "ui.mapdraw": 1,
    "tech": 2,
    "fleets": 3,
    "battle": 3,
    "messages": 4,
    "economy": 4,
    "commands": 4,
    "diplomacy": 5,
    "view": 4,
    "rivals": 4,
    "envoy": 5,
    "events": 5,
    "turn": 5,
    "victory": 6,  # the game (cosmos.game) adds the victory check as the turn's last phase
    "save": 6,
    "checkpoint": 6,
    "worldcheck": 6,
    "game": 6,
    "simulate": 6,
    "cluster": 6,
    "text": 6,
    "text.bg": 6,
    "text.de": 6,
    "text.en": 6,
    "text.es": 6,
    "text.names": 6,
    "text.plural": 6,
    "ui.layout": 6,
    "ui.figures": 6,
    "ui.screens": 6,
    "ui.commands": 6,
    "ui.session": 6,
    "ui.render": 6,
    "ui.orders": 6,
    "ui.panels": 6,
    "ui.threats": 6,
    "ui.terminal": 6,
    "ui.progress": 6,
    "__main__": 6,
}


def modules_of_lesson(lesson: int) -> list[str]:
    """Every engine module a lesson may import, sorted."""
    return sorted(name for name, first in LESSON_OF_MODULE.items() if first <= lesson)


# Modules that a slice must import before the lesson that teaches them. Every World carries an
# event bus, so world (lesson 1) imports bus; what the bus does is taught in lesson 5.
TAUGHT_IN: dict[str, int] = {"bus": 5}


def lesson_teaching(module: str) -> int:
    """The lesson that explains a module (it may be imported earlier: see TAUGHT_IN)."""
    return TAUGHT_IN.get(module, LESSON_OF_MODULE[module])
