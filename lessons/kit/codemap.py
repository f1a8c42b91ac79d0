"""The map of the code: the engine's modules grouped in six layers, with lines counted now.

The files are read as text, never imported, so a lesson can show the whole engine while it
imports only its own slice. The layers are ordered so that a module imports only from its own
layer or the layers below it; `upward_imports` checks that from the files themselves.
"""
from __future__ import annotations

import ast
from dataclasses import dataclass
from pathlib import Path

import cosmos
from cosmos.stages import LESSON_OF_MODULE, lesson_teaching

ENGINE_DIR = Path(cosmos.__file__).resolve().parent

# Six layers, lowest first, and the engine modules (or packages) in each. The canon puts its
# drawing code low, beside the generator; ours draws the world's systems and panels, so all
# of ui/ sits above the world and the empires it shows.
LAYERS: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("Data and text", ("data", "messages", "text")),
    ("The world: seed, galaxy, technologies", ("rng", "graph", "galaxy", "world", "bus", "tech")),
    ("The empires: fleets, economy, rivals, turn",
     ("fleets", "battle", "economy", "commands", "diplomacy", "envoy", "events", "view", "rivals", "turn",
      "victory")),
    ("The whole game: saves, replays, simulation", ("save", "checkpoint", "game", "simulate")),
    ("Screens and commands", ("ui",)),
    ("Running it", ("__main__", "")),
)
# A module no layer names yet goes by the lesson that first teaches it.
LAYER_OF_LESSON = {1: 1, 2: 1, 3: 2, 4: 2, 5: 2, 6: 3}
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
    if name in LESSON_OF_MODULE:
        return LAYERS[LAYER_OF_LESSON[LESSON_OF_MODULE[name]]][0]
    return None


def layer_index(name: str) -> int:
    """How high a module's layer is: 0 for the lowest."""
    return [layer for layer, _ in LAYERS].index(layer_of(name))


def module_imports(name: str) -> set[str]:
    """The engine modules a module imports when it runs (imports only for type checkers left out)."""
    tree = ast.parse(engine_files()[name].read_text(encoding="utf-8"))
    found: set[str] = set()

    def visit(node: ast.AST) -> None:
        if isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test):
            return
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
            found.add(node.module)
            found.update(f"{node.module}.{alias.name}" for alias in node.names)
        for child in ast.iter_child_nodes(node):
            visit(child)

    visit(tree)
    known = engine_files()
    return {m.removeprefix("cosmos.") for m in found
            if m.startswith("cosmos.") and m.removeprefix("cosmos.") in known} - {name}


def upward_imports() -> list[tuple[str, str]]:
    """Every (module, what it imports) where the import reaches a higher layer: none, if the map is true."""
    names = [name for name in engine_files() if name not in NOT_GAME]
    return [(name, other) for name in names for other in sorted(module_imports(name))
            if other not in NOT_GAME and layer_index(other) > layer_index(name)]


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


def shown_name(name: str, lesson: int = 1) -> str:
    """How a module is written in the table: * taught in this lesson, + imported here but taught later."""
    path = ENGINE_DIR.joinpath(*name.split(".")) if name else ENGINE_DIR
    label = name.replace(".", "/") + ("/__init__" if path.is_dir() else "") if name else "__init__"
    if LESSON_OF_MODULE.get(name) != lesson:
        return label
    return f"{label}*" if lesson_teaching(name) == lesson else f"{label}+"


def imported_early(lesson: int = 1) -> dict[str, int]:
    """The modules this lesson's slice loads but a later lesson teaches, with that lesson."""
    return {name: lesson_teaching(name) for name in sorted(LESSON_OF_MODULE)
            if LESSON_OF_MODULE[name] == lesson and lesson_teaching(name) != lesson}


def print_code_map(lesson: int = 1) -> None:
    """Print the table of layers, modules and lines, counted from the files right now."""
    rows, unplaced = code_map()
    width = max(len(row.name) for row in rows)
    for row in rows:
        modules = " ".join(shown_name(name, lesson) for name in row.modules) or "(not written yet)"
        print(f"{row.name:<{width}}  {row.lines:>5}  {modules}")
    print(f"{'Total':<{width}}  {sum(row.lines for row in rows):>5}")
    if unplaced:
        print("not in any layer yet:", " ".join(unplaced))
    print("* taught in this lesson")
    mine = [name for name, first in LESSON_OF_MODULE.items() if first == lesson and name in engine_files()]
    for name, later in imported_early(lesson).items():
        users = " ".join(sorted(m.replace(".", "/") for m in mine if name in module_imports(m)))
        print(f"+ {name.replace('.', '/')}: imported here (by {users}), taught in lesson {later}")
    upward = upward_imports()
    print("imports that reach a higher layer:",
          " ".join(f"{a.replace('.', '/')}->{b.replace('.', '/')}" for a, b in upward) or "none")
