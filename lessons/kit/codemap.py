"""The map of the code: the engine's modules grouped in the six layers, with lines counted now.

The files are read as text, never imported, so a lesson can show the whole engine while it
imports only its own slice.
"""
from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

import cosmos
from cosmos.stages import LESSON_OF_MODULE

ENGINE_DIR = Path(cosmos.__file__).resolve().parent

# The six layers of the canon, lowest first, and the engine modules (or packages) in each.
LAYERS: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("Data and text", ("data", "messages", "text")),
    ("Input, output, drawing", ("rng", "ui.buffer", "ui.terminal", "ui.mapdraw")),
    ("The screens and the commands", ("ui.screens", "ui.commands", "ui.session", "ui")),
    ("The world: galaxy and technologies", ("world", "graph", "galaxy", "tech", "bus")),
    ("The empires: fleets, economy, rivals",
     ("fleets", "battle", "economy", "commands", "diplomacy", "events", "view", "rivals", "envoy", "turn",
      "victory", "game")),
    ("Saving, simulation, running", ("save", "checkpoint", "simulate", "__main__", "")),
)
# Course bookkeeping, not part of the game.
NOT_GAME = ("stages",)


@dataclass(frozen=True)
class LayerRow:
    """One layer: its name, the modules found in it, and their lines."""

    name: str
    modules: tuple[str, ...]
    lines: int


def module_name(path: Path) -> str:
    """The dotted name of an engine file relative to the package ("ui.mapdraw", "" for cosmos)."""
    parts = list(path.relative_to(ENGINE_DIR).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def layer_of(name: str) -> str | None:
    """The layer a module belongs to: its own entry, else its nearest listed package."""
    candidates = [name]
    while "." in candidates[-1]:
        candidates.append(candidates[-1].rsplit(".", 1)[0])
    for candidate in candidates:
        for layer, members in LAYERS:
            if candidate in members:
                return layer
    return None


def engine_files() -> dict[str, Path]:
    """Every Python file of the engine by module name, sorted."""
    files = {module_name(path): path for path in ENGINE_DIR.rglob("*.py")}
    return dict(sorted(files.items()))


def count_lines(path: Path) -> int:
    """The lines of a file."""
    return len(path.read_text(encoding="utf-8").splitlines())


def code_map() -> tuple[list[LayerRow], list[str]]:
    """The layers with their modules and lines, and any module no layer claims."""
    found: dict[str, list[str]] = {layer: [] for layer, _ in LAYERS}
    lines: dict[str, int] = {layer: 0 for layer, _ in LAYERS}
    unplaced = []
    for name, path in engine_files().items():
        if name in NOT_GAME:
            continue
        layer = layer_of(name)
        if layer is None:
            unplaced.append(name)
            continue
        found[layer].append(name)
        lines[layer] += count_lines(path)
    rows = [LayerRow(layer, tuple(found[layer]), lines[layer]) for layer, _ in LAYERS]
    return rows, unplaced


def shown_name(name: str) -> str:
    """How a module is written in the table: a star marks what lesson 1 teaches."""
    path = ENGINE_DIR.joinpath(*name.split(".")) if name else ENGINE_DIR
    label = name.replace(".", "/") + ("/__init__" if path.is_dir() else "") if name else "__init__"
    return f"{label}*" if LESSON_OF_MODULE.get(name) == 1 else label


def print_code_map() -> None:
    """Print the table of layers, modules and lines, counted from the files right now."""
    rows, unplaced = code_map()
    width = max(len(row.name) for row in rows)
    for row in rows:
        modules = " ".join(shown_name(name) for name in row.modules) or "(not written yet)"
        print(f"{row.name:<{width}}  {row.lines:>5}  {modules}")
    print(f"{'Total':<{width}}  {sum(row.lines for row in rows):>5}")
    if unplaced:
        print("not in any layer yet:", " ".join(unplaced))
    print("* taught in this lesson")
