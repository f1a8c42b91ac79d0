"""A new exercise without reading the code: `new` lays it out, `validate` lists what is left, the schema checks it."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import jsonschema
import pytest

from graders.exercise import EXERCISES, HIDDEN
from graders_instructor.authoring.schemas import EXERCISE, HERE, SCHEMAS, problems
from graders_instructor.authoring.schemas import HIDDEN as HIDDEN_SCHEMA
from tests.graders.grader_helpers import REPO, graders_cli

PUBLIC_FILES = sorted(EXERCISES.glob("*/exercise.json"))
HIDDEN_FILES = sorted(HIDDEN.glob("*/hidden.json"))


def test_the_published_schema_files_are_the_modules_schemas_and_valid_json_schemas():
    for name, schema in SCHEMAS.items():
        assert json.loads((HERE / name).read_text(encoding="utf-8")) == schema
        jsonschema.Draft202012Validator.check_schema(schema)


@pytest.mark.parametrize("path", PUBLIC_FILES + HIDDEN_FILES, ids=lambda path: f"{path.parent.name}/{path.name}")
def test_every_exercise_json_and_hidden_json_fits_its_schema(path: Path):
    schema = EXERCISE if path.name == "exercise.json" else HIDDEN_SCHEMA
    data = json.loads(path.read_text(encoding="utf-8"))
    assert problems(data, schema) == []
    assert list(jsonschema.Draft202012Validator(schema).iter_errors(data)) == []


BROKEN = [
    ({"format": 2, "checks": [{"name": "x", "call": "f", "expect": 1}]}, "format: must be 1"),
    ({"format": 1, "checks": []}, "checks: needs at least 1 item(s)"),
    ({"format": 1, "checks": [{"name": "", "call": "f", "expect": 1}]}, "checks[0].name: must not be empty"),
    ({"format": 1, "checks": [{"name": "x", "call": "f"}]}, 'checks[0]: give exactly one of "expect" or "expect_any"'),
    ({"format": 1, "checks": [{"name": "x", "call": "f", "expect": 1, "expect_any": [1]}]},
     'checks[0]: give exactly one of "expect" or "expect_any"'),
    ({"format": 1, "checks": [{"name": "x", "call": "f", "expect": 1, "hnit": "typo"}]},
     'checks[0]: unknown key "hnit"'),
    ({"format": 1, "checks": [{"name": "x", "call": "f", "expect": 1, "points": 0}]},
     "checks[0].points: must be more than 0"),
    ({"format": 1, "checks": [{"name": "x", "call": "f", "expect": 1, "points": True}]},
     "checks[0].points: must be a number"),
    ({"format": 1, "checks": [{"name": "x", "call": "f", "script": [["emit", "a"]], "expect": []}]},
     "checks[0].script[0][1]: must be an array"),
]


@pytest.mark.parametrize(("data", "message"), BROKEN, ids=[message for _, message in BROKEN])
def test_a_broken_hidden_json_is_named_precisely_and_json_schema_agrees(data: dict, message: str):
    found = problems(data, HIDDEN_SCHEMA)
    assert any(line.startswith(message) for line in found), found
    assert list(jsonschema.Draft202012Validator(HIDDEN_SCHEMA).iter_errors(data)) != []


def test_a_contract_name_that_is_no_python_name_is_named():
    data = json.loads(PUBLIC_FILES[0].read_text(encoding="utf-8"))
    data["contract"]["not a name"] = {"kind": "function", "params": [], "returns": "int"}
    assert problems(data, EXERCISE) == ['contract.not a name (the name): "not a name" does not match '
                                        "^[A-Za-z_][A-Za-z0-9_]*$"]


def fill_in(root: Path, name: str) -> None:
    """What an instructor does after `new`: the task written, hidden checks made, a wrong solution saved."""
    student, grader = root / "exercises" / name, root / "graders_instructor" / "hidden" / name
    exercise = json.loads((student / "exercise.json").read_text())
    exercise["title"] = "Fleet total"
    exercise["checks"][0]["name"] = "solve: the notebook's example"
    (student / "exercise.json").write_text(json.dumps(exercise, indent=1))
    for path in (student / "fleet_total.ipynb", grader / "reference.ipynb"):
        text = path.read_text().replace("TODO: the task, in the course's words.", "Add up the fleet's ships.")
        text = text.replace("# Exercise: TODO", "# Exercise: Fleet total").replace("TODO: what solve returns.",
                                                                                  "The sum of the numbers.")
        text = text.replace("TODO: the reference solution (replace this one).", "The sum of the numbers.")
        path.write_text(text)
    maker = grader / "make_hidden.py"
    maker.write_text(maker.read_text().replace("TODO: a hint that helps without giving the answer",
                                               "start from 0 and add each number").replace(
        "TODO: the right answer, written independently of the reference notebook.", "The sum, by a loop."))
    made = subprocess.run([sys.executable, str(maker)], env={**os.environ, "PYTHONPATH": str(REPO)},
                          capture_output=True, text=True, timeout=60)
    assert made.returncode == 0, made.stderr
    wrong = (grader / "reference.ipynb").read_text().replace("return sum(numbers)", "return sum(numbers[1:])")
    (grader / "wrong" / "forgets-the-first.ipynb").write_text(wrong)


@pytest.mark.slow
def test_new_lays_out_an_exercise_validate_says_what_is_left_then_proves_it(tmp_path: Path):
    made = graders_cli("new", "08-fleet-total", "--root", str(tmp_path), cwd=tmp_path)
    assert made.returncode == 0, made.stderr
    student = tmp_path / "exercises" / "08-fleet-total"
    grader = tmp_path / "graders_instructor" / "hidden" / "08-fleet-total"
    assert sorted(path.relative_to(tmp_path).as_posix() for path in tmp_path.rglob("*") if path.is_file()) == [
        "exercises/08-fleet-total/exercise.json", "exercises/08-fleet-total/fleet_total.ipynb",
        "graders_instructor/hidden/08-fleet-total/hidden.json",
        "graders_instructor/hidden/08-fleet-total/make_hidden.py",
        "graders_instructor/hidden/08-fleet-total/reference.ipynb",
        "graders_instructor/hidden/08-fleet-total/wrong/README.md"]
    again = graders_cli("new", "08-fleet-total", "--root", str(tmp_path), cwd=tmp_path)
    assert again.returncode == 2 and "already exists" in again.stderr
    bad = graders_cli("new", "fleet", "--root", str(tmp_path), cwd=tmp_path)
    assert bad.returncode == 2 and "NN-name" in bad.stderr

    left = graders_cli("validate", str(student), cwd=tmp_path)
    assert left.returncode == 1, left.stderr
    assert left.stdout.splitlines() == [
        "08-fleet-total: not ready to validate, still to do:",
        f"  {student}/exercise.json: title still says TODO",
        f"  {student}/exercise.json: checks[0].name still says TODO",
        f"  {student}/fleet_total.ipynb: cell 1 (markdown) still says TODO: # Exercise: TODO",
        f'  {student}/fleet_total.ipynb: cell 2 (code) still says TODO: """TODO: what solve returns."""',
        f"  {grader}/hidden.json: checks: has no hidden check yet: write them, or run python "
        f"{grader}/make_hidden.py",
        f"  {grader}/reference.ipynb: cell 1 (markdown) still says TODO: # Exercise: TODO",
        f'  {grader}/reference.ipynb: cell 2 (code) still says TODO: '
        f'"""TODO: the reference solution (replace this one)."""',
        f"  {grader}/wrong: no known-wrong solution (a notebook per typical mistake)",
    ]

    fill_in(tmp_path, "08-fleet-total")
    hidden = json.loads((grader / "hidden.json").read_text())
    assert len(hidden["checks"]) == 8 and problems(hidden, HIDDEN_SCHEMA) == []
    proved = graders_cli("validate", str(student), "--jobs", "2", cwd=tmp_path, timeout=600)
    assert proved.returncode == 0, proved.stdout + proved.stderr
    lines = proved.stdout.splitlines()
    assert lines[0] == "08-fleet-total: 9 checks, max score 9"
    assert lines[-1] == "valid"
    assert any(line.split()[:3] == ["ok", "reference", "9"] for line in lines)
    assert any(line.split()[:2] == ["ok", "wrong"] and "forgets-the-first.ipynb" in line for line in lines)
