"""The pip wheel (`pip install .`) holds the engine, the puzzle and the grader's code, and nothing of the
instructor's side: no hidden check, reference or known-wrong solution, no script that makes them."""
from __future__ import annotations

import shutil
import subprocess
import sys
import zipfile

import pytest

from tests.reference import ROOT

INSTRUCTOR_ONLY = ("graders/hidden/", "graders/edition/", "reference.ipynb", "solution.py", "/wrong/", "/make_")


@pytest.fixture(scope="module")
def wheel(tmp_path_factory: pytest.TempPathFactory) -> zipfile.ZipFile:
    """The file names in a wheel built from a copy of the project's sources (the working tree stays clean)."""
    source = tmp_path_factory.mktemp("source")
    for name in ("pyproject.toml", "README.md", "LICENSE"):
        shutil.copy(ROOT / name, source / name)
    for package in ("cosmos", "graders", "tents"):
        shutil.copytree(ROOT / package, source / package, ignore=shutil.ignore_patterns("__pycache__"))
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
    assert (ROOT / "graders" / "hidden" / "03-battle" / "solution.py").is_file()  # what must stay out is there
    leaked = [name for name in wheel_names if any(mark in f"/{name}" for mark in INSTRUCTOR_ONLY)]
    assert leaked == []


def test_the_wheel_declares_the_console_commands_and_the_licence(wheel: zipfile.ZipFile, wheel_names: list[str]):
    entry_points = next(name for name in wheel_names if name.endswith(".dist-info/entry_points.txt"))
    text = wheel.read(entry_points).decode()
    for line in ("cosmos = cosmos.__main__:main", "graders = graders.__main__:main", "tents = tents.cli:main"):
        assert line in text
    assert any(name.endswith("licenses/LICENSE") for name in wheel_names)
