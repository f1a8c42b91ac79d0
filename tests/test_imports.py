"""The house's floors: every module of the course imports only from its own floor or the floors below, and no
import circle anywhere. Imports are read with `ast`: at the top, inside functions and classes, and
`importlib.import_module("a.literal")`.

1. cosmos (the engine) and tents (the puzzle): the standard library only
2. graders: the student's side of the grader (its sandbox, self-check, quizzes, progress)
3. lessons: the notebooks' kit, which shows the game and the grader's steps
4. graders_instructor: everything students never get (hidden checks, grading, authoring, release)
5. the tools: course.py, lite/ (the JupyterLite build), benchmarks/
"""
from __future__ import annotations

import ast
from pathlib import Path

import pytest

from tests.reference import ROOT

FLOORS = {"cosmos": 1, "tents": 1, "graders": 2, "lessons": 3, "graders_instructor": 4, "course": 5, "lite": 5,
          "benchmarks": 5}


def module_name(path: Path) -> str:
    """graders/sandbox.py -> graders.sandbox; a package's __init__.py is the package."""
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def course_modules() -> dict[str, Path]:
    """Every module of the floors' folders (the hidden checks' scripts are the instructor's), by name."""
    paths = [ROOT / "course.py", *(path for top in FLOORS if (ROOT / top).is_dir()
                                  for path in sorted((ROOT / top).rglob("*.py")))]
    return {module_name(path): path for path in paths if "__pycache__" not in path.parts}


def imported_names(path: Path, name: str, modules: set[str] | dict[str, Path]) -> set[str]:
    """Every module the module imports, anywhere in it (`from a import b` is a.b where that is a module, else a;
    relative imports made absolute)."""
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    found = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                up = package.split(".")[: len(package.split(".")) - (node.level - 1)]
                base = ".".join([*up, base] if base else up)
            named = {f"{base}.{alias.name}" for alias in node.names}
            found |= named & set(modules) if named <= set(modules) else (named & set(modules)) | {base}
        elif (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute)
              and node.func.attr == "import_module" and node.args and isinstance(node.args[0], ast.Constant)
              and isinstance(node.args[0].value, str)):
            found.add(node.args[0].value)
    return found


def graph(modules: dict[str, Path]) -> dict[str, set[str]]:
    """Module -> the course's modules it imports."""
    return {name: {target for target in imported_names(path, name, modules) if target in modules} - {name}
            for name, path in modules.items()}


def cycles(edges: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected groups of more than one module (Tarjan's algorithm), each sorted."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    found = []

    def visit(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        for target in sorted(edges[node]):
            if target not in index:
                visit(target)
                low[node] = min(low[node], low[target])
            elif target in stack:
                low[node] = min(low[node], index[target])
        if low[node] == index[node]:
            group = []
            while True:
                member = stack.pop()
                group.append(member)
                if member == node:
                    break
            if len(group) > 1:
                found.append(sorted(group))

    for node in sorted(edges):
        if node not in index:
            visit(node)
    return sorted(found)


MODULES = course_modules()
EDGES = graph(MODULES)


def floor(name: str) -> int:
    """The floor of a module, by its top-level package."""
    return FLOORS[name.split(".")[0]]


def test_the_reader_sees_imports_everywhere_in_a_module(tmp_path: Path):
    (tmp_path / "graders").mkdir()
    module = tmp_path / "graders" / "probe.py"
    module.write_text("import os\nfrom . import quizzes\ndef f():\n    from lessons.kit import seeit\n"
                      "class C:\n    import cosmos.rng as r\nimportlib.import_module('graders_instructor.commands')\n")
    known = {"graders.quizzes", "lessons.kit", "lessons.kit.seeit", "cosmos.rng"}
    assert imported_names(module, "graders.probe", known) == {
        "os", "graders.quizzes", "lessons.kit.seeit", "cosmos.rng", "graders_instructor.commands"}


def test_the_cycle_finder_finds_a_circle_and_only_circles():
    assert cycles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]
    assert cycles({"a": {"b"}, "b": set()}) == []


def test_every_module_is_on_a_floor_and_there_are_at_most_five():
    assert len(MODULES) > 100 and "graders.sandbox" in MODULES and "graders_instructor.commands" in MODULES
    assert {floor(name) for name in MODULES} <= set(range(1, 6))


def test_no_import_circle():
    assert cycles(EDGES) == []


@pytest.mark.parametrize("top", ["cosmos", "tents", "graders", "lessons"])
def test_no_arrow_up_the_floors(top: str):
    upward = sorted((name, target) for name in MODULES if name.split(".")[0] == top
                    for target in EDGES[name] if floor(target) > floor(name))
    assert upward == []


def test_nobody_below_imports_the_instructors_package():
    importers = sorted(name for name in MODULES for target in EDGES[name]
                       if target.split(".")[0] == "graders_instructor" and floor(name) < floor(target))
    assert importers == []
