"""The grader is two packages: graders, the student's side, never imports graders_instructor, the instructor's;
what students get holds nothing of the instructor's package; `python -m graders` offers the instructor's
commands only where that package is installed."""

from __future__ import annotations

import ast
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from graders import sandbox
from graders_instructor.release import manifest
from tests.reference import ROOT

INSTRUCTOR = "graders_instructor"
STUDENT_MODULES = sorted((ROOT / "graders").glob("*.py"))
TRACKED = manifest.tracked_files(ROOT)
# run in a fresh interpreter: graders_instructor cannot be found, as in the student edition and the lite site
WITHOUT_INSTRUCTOR = """
import sys

class NoInstructor:
    def find_spec(self, name, path=None, target=None):
        if name.split(".")[0] == "graders_instructor":
            raise ModuleNotFoundError(f"No module named {name!r}", name=name)

sys.meta_path.insert(0, NoInstructor())
"""


def imported(path: Path) -> list[str]:
    """Every module an import statement of path names, at its top level or inside a function."""
    names = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), str(path))):
        if isinstance(node, ast.Import):
            names += [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = "graders" if node.level else ""  # a relative import stays in the student's package
            names.append(".".join(part for part in (base, node.module or "") if part))
    return names


def test_the_checker_finds_imports_anywhere_in_a_module(tmp_path: Path):
    module = tmp_path / "m.py"
    module.write_text("import os\ndef f():\n    from graders_instructor.grading.batch import grade_all\n"
                      "class C:\n    import graders_instructor.grading.report as r\nfrom . import quizzes\n")
    assert sorted(imported(module)) == [
        "graders", "graders_instructor.grading.batch", "graders_instructor.grading.report", "os"]


def test_no_student_module_imports_the_instructors_package():
    assert len(STUDENT_MODULES) >= 20 and ROOT / "graders" / "selfcheck.py" in STUDENT_MODULES
    found = {path.name: name for path in STUDENT_MODULES for name in imported(path) if name.split(".")[0] == INSTRUCTOR}
    assert found == {}


def test_the_students_side_names_the_instructors_package_only_as_the_folder_of_the_hidden_checks():
    named = [(path.name, node.value) for path in STUDENT_MODULES
             for node in ast.walk(ast.parse(path.read_text(encoding="utf-8")))
             if isinstance(node, ast.Constant) and isinstance(node.value, str)
             and re.fullmatch(rf"{INSTRUCTOR}(\.\w+)*", node.value)]
    assert named == [("exercise.py", "graders_instructor")] * 2  # HIDDEN, and hidden_root_for's folder beside


def test_the_whole_graders_package_is_the_students_and_none_of_the_instructors_is():
    modules = [path.relative_to(ROOT).as_posix() for path in STUDENT_MODULES]
    assert manifest.select(modules, manifest.STUDENT) == sorted(modules)
    assert manifest.select(modules, manifest.LITE) == sorted(modules)
    instructor = [name for name in TRACKED if name.startswith(f"{INSTRUCTOR}/") and "/release/student/" not in name]
    assert len(instructor) >= 15
    for target in (manifest.STUDENT, manifest.LITE):
        assert manifest.select(instructor, target) == []


@pytest.mark.parametrize("target", [manifest.STUDENT, manifest.LITE])
def test_what_students_get_holds_nothing_of_the_instructors_package(target: str):
    placed = [manifest.STUDENT_PLACES.get(name, name) for name in manifest.select(TRACKED, target)]
    assert "graders/selfcheck.py" in placed and "graders/__main__.py" in placed
    assert [name for name in placed if name.split("/")[0] == INSTRUCTOR] == []


def test_the_sandbox_binds_the_manifests_grader_files_each_shipped_wherever_grading_runs():
    assert sandbox.SANDBOX_GRADERS_FILES == tuple(f"{name}.py" for name in manifest.SANDBOX)
    for name in sandbox.SANDBOX_GRADERS_FILES:
        assert manifest.targets(f"graders/{name}") == manifest.ALL, name
        assert (ROOT / "graders" / name).is_file()


def without_instructor(code: str) -> subprocess.CompletedProcess[str]:
    """Python code run from the repository where graders_instructor cannot be imported."""
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    return subprocess.run([sys.executable, "-c", WITHOUT_INSTRUCTOR + code], cwd=ROOT, env=env,
                          capture_output=True, text=True, timeout=600)


def test_every_student_module_imports_without_the_instructors_package():
    names = [f"graders.{path.stem}" for path in STUDENT_MODULES if path.stem != "__init__"]
    run = without_instructor(f"import importlib\nfor name in {names!r}:\n    importlib.import_module(name)\n"
                             "try:\n    import graders_instructor\nexcept ModuleNotFoundError:\n    print('blocked')\n")
    assert run.returncode == 0 and run.stdout == "blocked\n", run.stderr  # all imported; the blocker works


def test_without_the_instructors_package_the_grader_offers_only_the_students_commands():
    run = without_instructor("import sys\nfrom graders.__main__ import main\nsys.exit(main(['--help']))\n")
    assert run.returncode == 0 and "{check,progress}" in run.stdout and "validate" not in run.stdout, run.stderr
    refused = without_instructor("import sys\nfrom graders.__main__ import main\nsys.exit(main(['grade', 'x']))\n")
    assert refused.returncode == 2 and "invalid choice: 'grade' (choose from 'check', 'progress')" in refused.stderr
    with_it = subprocess.run([sys.executable, "-m", "graders_instructor", "--help"], cwd=ROOT, capture_output=True,
                             text=True, timeout=600)
    assert with_it.returncode == 0 and "{validate,grade,check,progress,new,report,gradescope}" in with_it.stdout


def test_a_student_copy_of_graders_ignores_an_instructors_package_elsewhere_on_the_path(tmp_path: Path):
    # a student edition run with the instructor's checkout on the path (as in tests/graders/test_release.py)
    (tmp_path / "graders").mkdir()
    for path in STUDENT_MODULES:
        (tmp_path / "graders" / path.name).write_bytes(path.read_bytes())
    env = dict(os.environ, PYTHONPATH=f"{tmp_path}{os.pathsep}{ROOT}")
    shown = subprocess.run([sys.executable, "-c", "import graders_instructor, sys\nfrom graders.__main__ import main\n"
                            "sys.exit(main(['--help']))"], cwd=tmp_path, env=env, capture_output=True, text=True,
                           timeout=600)
    assert shown.returncode == 0 and "{check,progress}" in shown.stdout and "validate" not in shown.stdout, shown.stderr
