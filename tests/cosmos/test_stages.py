"""Lesson slices: every engine module has a lesson, imports on its own, and never reaches ahead."""
from __future__ import annotations

import ast
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

import cosmos
from cosmos.stages import LESSON_OF_MODULE, modules_of_lesson

ROOT = Path(__file__).resolve().parents[2]
ENGINE = Path(cosmos.__file__).resolve().parent


def engine_modules() -> dict[str, Path]:
    """Every module of the engine by its name relative to the package ("" is the package)."""
    found = {}
    for path in sorted(ENGINE.rglob("*.py")):
        parts = list(path.relative_to(ENGINE).with_suffix("").parts)
        if parts[-1] == "__init__":
            parts.pop()
        found[".".join(parts)] = path
    return found


def lesson_of(name: str) -> int:
    """The lesson of an engine module; the bare package belongs to lesson 1."""
    return 1 if name == "" else LESSON_OF_MODULE[name]


def imported_engine_modules(path: Path, name: str) -> set[str]:
    """The engine modules a file names in any import, at any depth (functions included)."""
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    found = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = ".".join(["cosmos", *filter(None, package.split("."))][:(
                    len(package.split(".")) + 1 if package else 1) - node.level + 1])
                module = f"{base}.{node.module}" if node.module else base
            else:
                module = node.module or ""
            found.add(module)
            found.update(f"{module}.{alias.name}" for alias in node.names)
    modules = engine_modules()
    return {m.removeprefix("cosmos.") for m in found
            if m.startswith("cosmos.") and m.removeprefix("cosmos.") in modules}


def test_every_engine_module_belongs_to_a_lesson():
    missing = sorted(name for name in engine_modules() if name and name not in LESSON_OF_MODULE)
    assert missing == [], f"add these to LESSON_OF_MODULE in cosmos/stages.py: {missing}"
    gone = sorted(set(LESSON_OF_MODULE) - set(engine_modules()))
    assert gone == [], f"cosmos/stages.py names modules that do not exist: {gone}"
    assert set(LESSON_OF_MODULE.values()) <= set(range(1, 7))


@pytest.mark.parametrize("name", sorted(n for n in engine_modules() if n))
def test_no_module_names_a_module_of_a_later_lesson(name):
    ahead = {other: lesson_of(other)
             for other in imported_engine_modules(engine_modules()[name], name)
             if lesson_of(other) > lesson_of(name)}
    assert ahead == {}, f"cosmos.{name} (lesson {lesson_of(name)}) imports later lessons: {ahead}"


def loaded_after_import(modules: list[str], cache: Path) -> dict[str, list[str]]:
    """Import each module in its own fresh interpreter (no site: the engine needs only the
    standard library); which cosmos modules got loaded."""
    code = ("import importlib, json, sys; importlib.import_module(sys.argv[1]); "
            "print(json.dumps(sorted(m for m in sys.modules if m.split('.')[0] == 'cosmos')))")
    env = {**os.environ, "PYTHONPATH": str(ROOT), "PYTHONPYCACHEPREFIX": str(cache)}
    env.pop("PYTHONDONTWRITEBYTECODE", None)  # compiled once into cache, then shared

    def start(module: str) -> subprocess.Popen:
        return subprocess.Popen([sys.executable, "-S", "-c", code, module], stdout=subprocess.PIPE,
                                stderr=subprocess.PIPE, stdin=subprocess.DEVNULL, text=True,
                                env=env, cwd=ROOT)

    def finish(module: str, run: subprocess.Popen) -> list[str]:
        out, err = run.communicate(timeout=600)
        assert run.returncode == 0, f"{module} does not import on its own:\n{err}"
        return json.loads(out)

    loaded = {modules[-1]: finish(modules[-1], start(modules[-1]))}  # warms the cache
    runs = {m: start(m) for m in modules[:-1]}
    loaded.update({module: finish(module, run) for module, run in runs.items()})
    return loaded


def test_every_module_imports_on_its_own_and_loads_nothing_of_a_later_lesson(tmp_path):
    names = sorted((n for n in engine_modules() if n), key=lambda n: (n == "__main__", n))
    loaded = loaded_after_import([f"cosmos.{n}" for n in names], tmp_path)
    for name in names:
        later = [m for m in loaded[f"cosmos.{name}"]
                 if lesson_of(m.removeprefix("cosmos").lstrip(".")) > lesson_of(name)]
        assert later == [], f"importing cosmos.{name} loads later lessons' modules: {later}"


def test_a_slice_is_what_its_lesson_may_import():
    assert modules_of_lesson(1) == sorted(n for n, lesson in LESSON_OF_MODULE.items() if lesson == 1)
    assert set(modules_of_lesson(1)) < set(modules_of_lesson(6)) == set(LESSON_OF_MODULE)
    assert {"rng", "graph", "galaxy", "world"} <= set(modules_of_lesson(1))


def test_the_import_reader_sees_relative_and_nested_imports(tmp_path):
    probe = ENGINE / "ui" / "mapdraw.py"
    assert imported_engine_modules(probe, "ui.mapdraw") >= {"ui.buffer", "world"}
    fake = tmp_path / "x.py"
    fake.write_text("def f():\n    from cosmos import turn\n    from .graph import bfs\n")
    assert imported_engine_modules(fake, "galaxy") == {"turn", "graph"}
