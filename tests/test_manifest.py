"""graders_instructor/release/manifest.py decides what ships where: every tracked file is named, the
instructor's side goes nowhere, and the student edition, the JupyterLite wheel and the Gradescope zip hold
exactly what it says."""

from __future__ import annotations

import inspect
import json
import zipfile
from pathlib import Path

import pytest

from graders.exercise import load_exercise
from graders_instructor.release import edition as release
from graders_instructor.release import gradescope, manifest
from lite import wheel
from tests.hidden_scripts import load_script
from tests.reference import ROOT

TRACKED = manifest.tracked_files(ROOT)
SCRIPTS = {"setup.sh", "run_autograder", gradescope.CONFIG}  # written by gradescope.py, not copied


def test_every_tracked_file_is_named_by_a_rule():
    assert len(TRACKED) > 300
    assert manifest.unmatched(TRACKED) == []


def test_a_new_file_nobody_placed_is_caught():
    assert manifest.unmatched(["graders/newthing.txt", "notes.txt", "cosmos/data.csv"]) == [
        "graders/newthing.txt", "notes.txt", "cosmos/data.csv"]


def test_the_instructors_side_ships_nowhere_but_hidden_json_to_its_gradescope_zip():
    secret = [name for name in TRACKED if name.startswith(("graders_instructor/hidden/", "tests/tents/data/"))]
    assert any(name.endswith("/reference.ipynb") for name in secret)
    assert any("/wrong/" in name for name in secret) and any("/make_hidden.py" in name for name in secret)
    for name in secret:
        expected = {manifest.GRADESCOPE} if name.endswith("/hidden.json") else {manifest.INSTRUCTOR_ONLY}
        assert manifest.targets(name) == expected, name


def test_globs_never_cross_a_folder_but_double_star_does():
    assert manifest.matches("cosmos/ui/session.py", "cosmos/**/*.py")
    assert manifest.matches("cosmos/rng.py", "cosmos/**/*.py")
    assert not manifest.matches("cosmos/ui/session.py", "cosmos/*.py")
    assert not manifest.matches("graders_instructor/hidden/01-islands/make_hidden.py", "graders/*.py")


def test_the_student_edition_is_the_manifests_student_files():
    chosen = release.plan(TRACKED)
    assert sorted(chosen.values()) == manifest.select(TRACKED, manifest.STUDENT)
    assert chosen["README.md"] == "graders_instructor/release/student/README.md"
    assert chosen["tests/test_student_edition.py"] == "graders_instructor/release/student/test_student_edition.py"
    assert "graders_instructor/release/edition.py" not in chosen.values() and "graders/selfcheck.py" in chosen.values()


def test_the_lite_wheel_holds_the_manifests_lite_files(tmp_path: Path):
    built = wheel.build_wheel(ROOT, tmp_path, "0.1.0")
    names = [name for name in zipfile.ZipFile(built).namelist() if ".dist-info/" not in name]
    assert sorted(names) == manifest.select(TRACKED, manifest.LITE)
    assert "graders/selfcheck.py" in names and "exercises/01-islands/exercise.json" in names
    assert not [name for name in names if name.startswith("graders_instructor/")]
    assert "lessons/regenerate.py" not in names


def test_the_gradescope_zip_holds_the_manifests_files_for_its_exercise():
    islands = load_exercise("01-islands")
    names = set(gradescope.members(islands, "after_published")) - SCRIPTS
    wanted = {name for name in manifest.select(TRACKED, manifest.GRADESCOPE)
              if not name.startswith(("exercises/", "graders_instructor/hidden/")) or "/01-islands/" in name}
    assert names == wanted
    assert "graders_instructor/hidden/01-islands/hidden.json" in names and "graders/quizzes.py" not in names


@pytest.mark.parametrize("target", manifest.TARGETS)
def test_every_target_gets_the_engine(target: str):
    assert "cosmos/__main__.py" in manifest.select(TRACKED, target)


@pytest.mark.parametrize("target", manifest.TARGETS)
def test_no_bundle_holds_the_answers_of_the_lessons_tasks(target: str):
    """The lessons' tasks are judged on recorded results; the functions that made them ship nowhere."""
    make_tasks = load_script(ROOT / "graders_instructor" / "hidden" / "lessons", "make_tasks")
    chosen = manifest.select(TRACKED, target)
    assert "lessons/data/tasks.json" in chosen or target == manifest.GRADESCOPE
    assert not [name for name in chosen if name.startswith("graders_instructor/hidden/lessons/") or "/answers" in name]
    bodies = {name: inspect.getsource(answer).split('"""')[-1].strip() for name, answer in make_tasks.ANSWERS.items()}
    for path in chosen:
        try:
            text = (ROOT / path).read_text(encoding="utf-8")
        except (UnicodeDecodeError, FileNotFoundError):
            continue
        for name, body in bodies.items():
            assert body not in text and json.dumps(body)[1:-1] not in text, f"{path} holds the answer {name}"
