"""Prove an exercise's data: the reference gets full marks, the starter and wrong solutions lose."""

from __future__ import annotations

import json
import tempfile
from dataclasses import dataclass
from pathlib import Path
from typing import TextIO

from graders.exercise import Exercise, ExerciseError
from graders.sandbox import Limits
from graders_instructor.authoring.schemas import EXERCISE as EXERCISE_SCHEMA
from graders_instructor.authoring.schemas import HIDDEN as HIDDEN_SCHEMA
from graders_instructor.authoring.schemas import problems
from graders_instructor.grading.batch import grade_all


@dataclass(frozen=True)
class Finding:
    """One notebook's role, its score and whether that is what the role demands."""

    role: str
    path: Path
    score: float
    outcome: str
    ok: bool
    failed_checks: tuple[str, ...]


def validate(
    exercise: Exercise, jobs: int, limits: Limits, stream: TextIO | None = None
) -> list[Finding]:
    """Grade the reference, the starter and every wrong solution; say which behave as they must."""
    if not exercise.reference.is_file():
        raise ExerciseError(
            f"{exercise.name}: the reference solution {exercise.reference} is missing"
        )
    wrong = exercise.wrong_solutions
    if not wrong:
        raise ExerciseError(
            f"{exercise.name}: no known-wrong solutions in {exercise.hidden_folder / 'wrong'}"
        )
    roles = [("reference", exercise.reference), ("starter", exercise.notebook)]
    roles += [("wrong", path) for path in wrong]
    with tempfile.TemporaryDirectory(prefix="cosmos-validate-") as out:
        graded = grade_all(exercise, [path for _, path in roles], Path(out), jobs, limits, stream)
    findings = []
    for (role, path), (_, data) in zip(roles, graded, strict=True):
        full = data["score"] == data["max_score"]
        failed = tuple(test["name"] for test in data["tests"] if test["status"] != "passed")
        ok = full if role == "reference" else not full
        findings.append(
            Finding(role, path, data["score"], data["extra_data"]["outcome"], ok, failed)
        )
    return findings


def describe(exercise: Exercise, findings: list[Finding]) -> str:
    """A table of the findings, and what is wrong if anything is."""
    lines = [f"{exercise.name}: {len(exercise.checks)} checks, max score {exercise.max_score:g}"]
    for finding in findings:
        mark = "ok  " if finding.ok else "BAD "
        lines.append(
            f"  {mark} {finding.role:9} {finding.score:>5g}  {finding.outcome:11} "
            f"{finding.path.name}"
        )
        if finding.role == "reference" and not finding.ok:
            lines.extend(f"         fails: {name}" for name in finding.failed_checks)
        if finding.role != "reference" and not finding.ok:
            lines.append("         scores full marks: the checks miss this bug")
    bad = sum(not finding.ok for finding in findings)
    lines.append("valid" if not bad else f"NOT valid: {bad} notebook(s) behave wrongly")
    return "\n".join(lines)


def todos(data: object, where: str = "") -> list[str]:
    """The JSON paths of every string in data that still says TODO."""
    if isinstance(data, str):
        return [where or "(top)"] if "TODO" in data else []
    if isinstance(data, list):
        return [path for index, item in enumerate(data) for path in todos(item, f"{where}[{index}]")]
    if isinstance(data, dict):
        return [path for key, item in data.items() for path in todos(item, f"{where}.{key}" if where else key)]
    return []


def json_missing(path: Path, schema: dict) -> tuple[object, list[str]]:
    """A JSON file's data and what is missing in it: the file, its schema's problems, its TODOs."""
    if not path.is_file():
        return None, [f"{path}: missing"]
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (ValueError, UnicodeDecodeError) as error:
        return None, [f"{path}: not valid JSON ({error})"]
    found = [f"{path}: {problem}" for problem in problems(data, schema)]
    return data, found + [f"{path}: {where} still says TODO" for where in todos(data)]


def todo_line(text: str) -> str:
    """The first line of a cell's source that says TODO, stripped and cut to 80 characters."""
    line = next(line for line in text.splitlines() if "TODO" in line).strip()
    return line if len(line) <= 80 else line[:79] + "…"


def notebook_missing(path: Path, role: str) -> tuple[list[str], list[str]]:
    """A notebook's code cells and what is missing in it (the file, cells that still say TODO)."""
    if not path.is_file():
        return [], [f"{path}: missing (the {role})"]
    try:
        cells = json.loads(path.read_text(encoding="utf-8"))["cells"]
    except (ValueError, UnicodeDecodeError, KeyError, TypeError):
        return [], [f"{path}: not a readable notebook (the {role})"]
    sources = ["".join(cell.get("source", "")) for cell in cells]
    found = [f"{path}: cell {index + 1} ({cell.get('cell_type')}) still says TODO: {todo_line(text)}"
             for index, (cell, text) in enumerate(zip(cells, sources, strict=True)) if "TODO" in text]
    code = [text for cell, text in zip(cells, sources, strict=True) if cell.get("cell_type") == "code"]
    return code, found


def missing(folder: Path, hidden_folder: Path) -> list[str]:
    """Everything an exercise still lacks before it can be proved in the sandbox, each said precisely."""
    exercise, found = json_missing(folder / "exercise.json", EXERCISE_SCHEMA)
    name = exercise.get("notebook") if isinstance(exercise, dict) else None
    starter: list[str] = []
    if isinstance(name, str):
        starter, more = notebook_missing(folder / name, "starter")
        found += more
    hidden, more = json_missing(hidden_folder / "hidden.json", HIDDEN_SCHEMA)
    if isinstance(hidden, dict) and hidden.get("checks") == [] and (hidden_folder / "make_hidden.py").is_file():
        more = [line.replace("needs at least 1 item(s)", "has no hidden check yet: write them, or run "
                                                         f"python {hidden_folder / 'make_hidden.py'}") for line in more]
    found += more
    reference, more = notebook_missing(hidden_folder / "reference.ipynb", "reference solution")
    found += more
    if reference and reference == starter:
        found.append(f"{hidden_folder / 'reference.ipynb'}: the same code as the starter: write the solution")
    if not sorted((hidden_folder / "wrong").glob("*.ipynb")):
        found.append(f"{hidden_folder / 'wrong'}: no known-wrong solution (a notebook per typical mistake)")
    return found
