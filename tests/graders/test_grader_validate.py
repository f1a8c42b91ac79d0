"""`validate`: the reference passes, the starter and every known-wrong solution fail, for real."""

from __future__ import annotations

import shutil
from io import StringIO
from pathlib import Path

import pytest

from graders.exercise import EXERCISES, load_exercise
from graders.grading import limits_for
from graders_instructor.authoring.validate import describe, validate
from tests.graders.grader_helpers import graders_cli

pytestmark = pytest.mark.slow


def test_islands_validates(tmp_path: Path) -> None:
    done = graders_cli("validate", "01-islands", "--jobs", "2", cwd=tmp_path)
    assert done.returncode == 0, done.stdout + done.stderr
    lines = done.stdout.splitlines()
    assert lines[-1] == "valid"
    wrong = sorted(p.stem for p in (load_exercise("01-islands").hidden_folder / "wrong").glob("*.ipynb"))
    assert "always-equal" in wrong and len(wrong) >= 8
    for name in wrong:
        assert any(line.startswith("  ok   wrong") and line.endswith(f"{name}.ipynb") for line in lines)
    assert any(line.startswith("  ok   reference    30  passed") for line in lines)


def test_validate_catches_a_reference_that_fails_and_a_wrong_solution_that_passes(
    tmp_path: Path,
) -> None:
    islands = load_exercise("01-islands")
    hidden = tmp_path / "hidden" / "01-islands"
    (hidden / "wrong").mkdir(parents=True)
    shutil.copy(islands.hidden_folder / "hidden.json", hidden)
    shutil.copy(islands.hidden_folder / "wrong" / "connected-as-int.ipynb", hidden / "reference.ipynb")
    shutil.copy(islands.reference, hidden / "wrong" / "not-really-wrong.ipynb")
    swapped = load_exercise(EXERCISES / "01-islands", hidden_root=tmp_path / "hidden")
    findings = validate(swapped, 2, limits_for(swapped), StringIO())
    verdicts = {(f.role, f.path.name): f.ok for f in findings}
    assert verdicts == {
        ("reference", "reference.ipynb"): False,
        ("starter", "islands.ipynb"): True,
        ("wrong", "not-really-wrong.ipynb"): False,
    }
    text = describe(swapped, findings)
    assert "fails: hidden: islands: no lanes at all" in text
    assert "scores full marks: the checks miss this bug" in text
    assert text.endswith("NOT valid: 2 notebook(s) behave wrongly")
