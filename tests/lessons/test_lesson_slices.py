"""The slice rule: a lesson imports only its lessons' engine modules, the Play cell excepted."""
from __future__ import annotations

import ast
import re
from pathlib import Path

import nbformat
import pytest

from cosmos.stages import LESSON_OF_MODULE
from lessons import regenerate
from tests.lessons.lesson_helpers import LESSONS, REPO_ROOT, code_cells, engine_modules_loaded, is_play_cell

KIT = LESSONS / "kit"
PLAY_MODULE = "lessons.kit.play"
NUMBERED = [p for p in regenerate.lesson_notebooks(LESSONS) if re.match(r"\d\d-", p.name)]


def imports_of(source: str) -> set[str]:
    """Every module a piece of code imports, at any depth, with `from a import b` also as a.b."""
    found = set()
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
            found.add(node.module)
            found.update(f"{node.module}.{alias.name}" for alias in node.names)
    return found


def engine_lesson(module: str) -> int | None:
    """The lesson of an engine module (cosmos itself is lesson 1); None if it is no module."""
    if module == "cosmos":
        return 1
    return LESSON_OF_MODULE.get(module.removeprefix("cosmos."))


def kit_engine_imports(module: str, seen: set[str] | None = None) -> set[str]:
    """The engine modules a kit module imports, following the kit's imports of itself."""
    seen = set() if seen is None else seen
    seen.add(module)
    path = REPO_ROOT.joinpath(*module.split(".")).with_suffix(".py")
    found = set()
    for name in imports_of(path.read_text(encoding="utf-8")):
        if name.split(".")[0] == "cosmos" and engine_lesson(name) is not None:
            found.add(name)
        elif name.startswith("lessons.kit.") and name not in seen and name != PLAY_MODULE:
            if REPO_ROOT.joinpath(*name.split(".")).with_suffix(".py").exists():
                found |= kit_engine_imports(name, seen)
    return found


def too_late(modules: set[str], lesson: int) -> list[str]:
    """The engine modules in modules that a lesson may not use yet."""
    return sorted(m for m in modules if (engine_lesson(m) or 0) > lesson)


@pytest.mark.parametrize("path", NUMBERED, ids=lambda p: p.name)
def test_a_lesson_imports_only_its_slice_except_in_the_play_cell(path: Path):
    lesson = int(path.name[:2])
    nb = nbformat.read(path, as_version=4)
    for cell in code_cells(nb):
        modules = imports_of(cell.source)
        if PLAY_MODULE in modules:
            assert is_play_cell(cell), f"cell {cell.id} plays the game but is not the Play cell"
            continue
        engine = {m for m in modules if m.split(".")[0] == "cosmos" and engine_lesson(m)}
        kit = {m for m in modules if m.startswith("lessons.kit.") and m in kit_modules()}
        for module in kit:
            engine |= kit_engine_imports(module)
        assert too_late(engine, lesson) == [], f"cell {cell.id} of {path.name} reaches ahead"


def kit_modules() -> set[str]:
    """The modules of lessons/kit."""
    return {f"lessons.kit.{p.stem}" for p in KIT.glob("*.py") if p.stem != "__init__"}


# kit modules made for one lesson: they may use that lesson's slice (lessons import them only from then on)
LESSON_KIT = {"lessons.kit.balance": 6, "lessons.kit.balance_trace": 6}


def test_the_kit_uses_only_lesson_one_except_the_play_widget():
    for module in sorted(kit_modules() - {PLAY_MODULE}):
        assert too_late(kit_engine_imports(module), LESSON_KIT.get(module, 1)) == [], module
    play = (KIT / "play.py").read_text(encoding="utf-8")
    top = {name for node in ast.parse(play).body if isinstance(node, ast.Import | ast.ImportFrom)
           for name in imports_of(ast.unparse(node))}
    assert too_late(top, 1) == []  # the Session is imported only when a game starts
    assert too_late(imports_of(play), 1) == ["cosmos.ui.session"]


def test_the_lessons_cells_and_kit_load_no_later_engine_module(tmp_path):
    """Run lesson 1's cells (but Play) in a fresh interpreter and look at what got loaded."""
    nb = nbformat.read(LESSONS / "01-galaxy-from-a-seed.ipynb", as_version=4)
    loaded = engine_modules_loaded(nb, tmp_path)
    assert {"cosmos.rng", "cosmos.graph", "cosmos.galaxy", "cosmos.world"} <= loaded
    assert too_late(loaded, 1) == []


def test_the_reader_sees_imports_inside_functions():
    assert imports_of("def f():\n    from cosmos.turn import end_turn\n") >= {"cosmos.turn"}
    assert too_late({"cosmos.turn", "cosmos.graph"}, 1) == ["cosmos.turn"]
