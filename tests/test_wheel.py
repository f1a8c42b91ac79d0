"""The pip wheel (`pip install .`) holds the engine, the puzzle, the grader's code, the lessons and the exercises,
exactly the files graders_instructor/release/manifest.py ships to the wheel, and nothing of the instructor's
side: no hidden check, reference or known-wrong solution, no script that makes them. Installed into a fresh virtual
environment, its commands work from another folder."""
from __future__ import annotations

import ast
import importlib.metadata
import os
import shutil
import subprocess
import sys
import tomllib
import zipfile
from pathlib import Path

import pytest
from packaging.requirements import Requirement
from packaging.utils import canonicalize_name

from graders.selfcheck import NOT_KEPT
from graders_instructor.release import manifest
from tests.reference import ROOT

TRACKED = manifest.tracked_files(ROOT)
IN_THE_WHEEL = {"exercises/": "graders/exercises/"}  # the repository's folder -> the package data's

INSTRUCTOR_ONLY = ("graders_instructor/hidden/", "graders_instructor/release/student/", "reference.ipynb",
                   "solution.py", "/wrong/", "/make_hidden")


@pytest.fixture(scope="module")
def wheel(tmp_path_factory: pytest.TempPathFactory) -> zipfile.ZipFile:
    """The file names in a wheel built from a copy of the project's sources (the working tree stays clean)."""
    source = tmp_path_factory.mktemp("source")
    for name in TRACKED:  # a clean clone's files
        (source / name).parent.mkdir(parents=True, exist_ok=True)
        shutil.copy(ROOT / name, source / name)
    out = tmp_path_factory.mktemp("wheel")
    subprocess.run([sys.executable, "-m", "pip", "wheel", "--no-deps", "--no-build-isolation", "-q",
                    "--disable-pip-version-check", "-w", str(out), str(source)], check=True, capture_output=True)
    (built,) = out.glob("*.whl")
    return zipfile.ZipFile(built)


@pytest.fixture(scope="module")
def wheel_names(wheel: zipfile.ZipFile) -> list[str]:
    return wheel.namelist()


def test_the_wheel_has_the_engine_the_puzzle_and_the_self_check(wheel_names: list[str]):
    for name in ("cosmos/__main__.py", "cosmos/text/bg.py", "tents/cli.py", "graders/selfcheck.py"):
        assert name in wheel_names


def test_the_wheel_has_nothing_of_the_instructors_side(wheel_names: list[str]):
    assert (ROOT / "graders_instructor" / "hidden" / "03-battle" / "solution.py").is_file()  # it is there
    leaked = [name for name in wheel_names if any(mark in f"/{name}" for mark in INSTRUCTOR_ONLY)]
    assert leaked == []


def test_the_wheel_declares_the_console_commands_and_the_licence(wheel: zipfile.ZipFile, wheel_names: list[str]):
    entry_points = next(name for name in wheel_names if name.endswith(".dist-info/entry_points.txt"))
    text = wheel.read(entry_points).decode()
    for line in ("cosmos = cosmos.__main__:main", "graders = graders_instructor.__main__:main",
                 "tents = tents.cli:main", "graders-instructor = graders_instructor.__main__:main"):
        assert line in text
    assert any(name.endswith("licenses/LICENSE") for name in wheel_names)


# the modules that need an extra beyond the run-time dependencies, and which
NEEDS_AN_EXTRA = {"lessons/regenerate.py": "notebook"}  # jupytext: storing a lesson's outputs is the instructor's


def top_level_imports(source: bytes) -> set[str]:
    """The top-level names a module imports when it is loaded (not those imported inside a function)."""
    names = set()
    for node in ast.parse(source).body:
        if isinstance(node, ast.Import):
            names |= {alias.name.split(".")[0] for alias in node.names}
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            names.add(node.module.split(".")[0])
    return names


def declared(requirements: list[str]) -> set[str]:
    """The import names of these requirements' distributions (as installed here)."""
    modules = importlib.metadata.packages_distributions()
    wanted = {canonicalize_name(Requirement(line).name) for line in requirements}
    return {module for module, owners in modules.items() if {canonicalize_name(o) for o in owners} & wanted}


def test_every_module_of_the_wheel_imports_only_what_the_wheel_declares(wheel: zipfile.ZipFile,
                                                                          wheel_names: list[str]):
    metadata = wheel.read(next(name for name in wheel_names if name.endswith(".dist-info/METADATA"))).decode()
    requires = [line.removeprefix("Requires-Dist: ") for line in metadata.splitlines()
                if line.startswith("Requires-Dist: ")]
    base = [line for line in requires if "extra ==" not in line]
    extras: dict[str, list[str]] = {}
    for line in requires:
        if "extra ==" in line:
            extras.setdefault(line.split('extra == "')[1].rstrip('"'), []).append(line.split(";")[0])
    own = {name.split("/")[0] for name in wheel_names if name.endswith("/__init__.py")}
    allowed = sys.stdlib_module_names | own | {"__future__"} | declared(base)
    undeclared = {}
    for name in (name for name in wheel_names if name.endswith(".py")):
        extra = NEEDS_AN_EXTRA.get(name)
        missing = top_level_imports(wheel.read(name)) - allowed - (declared(extras[extra]) if extra else set())
        if missing:
            undeclared[name] = sorted(missing)
    assert undeclared == {}, "modules import what the wheel's dependencies do not name (pyproject.toml)"
    assert {"ipywidgets", "nbclient", "ipykernel"} <= declared(base)  # the widgets and the self-check's kernel


def wheel_path(name: str) -> str:
    """Where a repository file is in the wheel (the exercises are the grader's package data)."""
    for folder, inside in IN_THE_WHEEL.items():
        if name.startswith(folder):
            return inside + name.removeprefix(folder)
    return name


def test_the_wheel_holds_exactly_the_manifests_wheel_files(wheel_names: list[str]):
    files = sorted(name for name in wheel_names if ".dist-info/" not in name)
    wanted = sorted(wheel_path(name) for name in manifest.select(TRACKED, manifest.WHEEL) if name != "LICENSE")
    assert files == wanted
    assert "graders/exercises/01-islands/exercise.json" in files and "lessons/01-galaxy-from-a-seed.ipynb" in files


KERNEL_PACKAGES = ("nbformat", "nbclient", "jupyter_client", "ipykernel")  # what `graders check` needs besides


def needed(names: tuple[str, ...]) -> list[importlib.metadata.Distribution]:
    """These installed distributions and everything they require (markers evaluated for this Python)."""
    found: dict[str, importlib.metadata.Distribution] = {}
    todo = list(names)
    while todo:
        name = canonicalize_name(todo.pop())
        if name not in found:
            found[name] = importlib.metadata.distribution(name)
            for line in found[name].requires or []:
                requirement = Requirement(line)
                if requirement.marker is None or requirement.marker.evaluate({"extra": ""}):
                    todo.append(requirement.name)
    return list(found.values())


@pytest.fixture(scope="module")
def installed(wheel: zipfile.ZipFile, tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A fresh virtual environment (no system site-packages) with the wheel installed by pip, offline, no deps.

    The self-check's kernel packages (nbformat, nbclient, jupyter_client, ipykernel and what they require) are
    copied file by file, with their metadata, from this Python's installed distributions: no network needed."""
    venv = tmp_path_factory.mktemp("venv")
    subprocess.run([sys.executable, "-m", "venv", "--without-pip", str(venv)], check=True, capture_output=True)
    subprocess.run([sys.executable, "-m", "pip", "--python", str(venv / "bin" / "python"), "install", "--no-index",
                    "--no-deps", "-q", "--disable-pip-version-check", wheel.filename], check=True, capture_output=True)
    (site,) = venv.glob("lib/python3*/site-packages")
    for distribution in needed(KERNEL_PACKAGES):
        for name in distribution.files or []:
            source = Path(str(distribution.locate_file(name)))
            if not str(name).startswith("..") and source.is_file() and "__pycache__" not in source.parts:
                (site / name).parent.mkdir(parents=True, exist_ok=True)
                shutil.copy2(source, site / name)
    return venv


def run_installed(venv: Path, where: Path, *command: str) -> subprocess.CompletedProcess[str]:
    """A command of the installed wheel, run in a folder outside the repository with nothing of it on the path."""
    env = {key: value for key, value in os.environ.items() if key not in ("PYTHONPATH", "VIRTUAL_ENV")}
    env["PATH"] = f"{venv / 'bin'}:{env.get('PATH', '')}"
    return subprocess.run(list(command), cwd=where, env=env, capture_output=True, text=True, timeout=600)


def test_the_installed_wheel_is_what_runs_outside_the_repository(installed: Path, tmp_path: Path):
    run = run_installed(installed, tmp_path, "python", "-c", "import cosmos, graders, lessons, tents; "
                        "print(cosmos.__file__, graders.__file__, lessons.__file__, tents.__file__)")
    assert run.returncode == 0, run.stderr
    assert all(Path(path).is_relative_to(installed) for path in run.stdout.split()), run.stdout


def test_the_installed_commands_work_from_another_folder(installed: Path, tmp_path: Path):
    game = run_installed(installed, tmp_path, "cosmos", "--help")
    assert game.returncode == 0 and "--seed" in game.stdout, game.stderr
    puzzle = run_installed(installed, tmp_path, "tents", "generate", "--size", "8x8", "--seed", "42",
                           "--difficulty", "hard")
    here = subprocess.run([sys.executable, "-m", "tents", "generate", "--size", "8x8", "--seed", "42",
                           "--difficulty", "hard"], cwd=ROOT, capture_output=True, text=True, timeout=600)
    assert puzzle.returncode == 0 and puzzle.stdout == here.stdout and puzzle.stdout, puzzle.stderr
    # the wheel holds the instructor's package too, so both commands offer its commands beside the self-check
    for command in ("graders", "graders-instructor"):
        grader = run_installed(installed, tmp_path, command, "--help")
        assert grader.returncode == 0 and "{validate,grade,check,progress,new,report,gradescope}" in grader.stdout


def test_the_installed_lessons_are_found_and_copied(installed: Path, tmp_path: Path):
    listed = run_installed(installed, tmp_path, "python", "-m", "lessons")
    assert listed.returncode == 0, listed.stderr
    assert "Lesson 1 · The galaxy from a seed" in listed.stdout
    assert str(installed) in listed.stdout and str(ROOT) not in listed.stdout
    copied = run_installed(installed, tmp_path, "python", "-m", "lessons", "--copy", "mine")
    assert copied.returncode == 0, copied.stderr
    # the wheel alone has no JupyterLab (the notebook extra has): the message says how to get the command it names
    assert "open them with: jupyter lab mine" in copied.stdout
    assert 'pip install "epic-cosmos-course[notebook]"' in copied.stdout, copied.stdout
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    assert f"{project['name']}[notebook]" in copied.stdout
    assert any(Requirement(need).name.lower() == "jupyterlab" for need in project["optional-dependencies"]["notebook"])
    assert sorted(path.name for path in (tmp_path / "mine").iterdir()) == sorted(
        path.name for path in (ROOT / "lessons").glob("*.ipynb"))


def test_the_installed_self_check_finds_its_exercise(installed: Path, tmp_path: Path):
    (tmp_path / "work").mkdir()
    notebook = tmp_path / "work" / "islands.ipynb"
    shutil.copy(ROOT / "exercises" / "01-islands" / "islands.ipynb", notebook)
    run = run_installed(installed, tmp_path / "work", "graders", "check", "islands.ipynb")
    here = subprocess.run([sys.executable, "-m", "graders", "check", str(notebook)], cwd=ROOT, capture_output=True,
                          text=True, timeout=600)
    # the starter's stubs fail the public checks in the sandbox, each with its answer: the same report as the
    # course's own self-check gives, from the exercise.json installed as the grader's package data; the
    # instructor's copy (the one with hidden checks) keeps a notebook from outside the course out of its progress
    assert run.returncode == 1, run.stdout + run.stderr
    assert "kernel could not start" not in run.stdout and "did not get that far" not in run.stdout, run.stdout
    assert run.stdout.startswith("Islands: 9 checks") and here.stdout == f"{NOT_KEPT}\n{run.stdout}"
