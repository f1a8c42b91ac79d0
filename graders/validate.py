"""Prove an exercise's data: the reference gets full marks, the starter and wrong solutions lose."""

from __future__ import annotations

import tempfile
from dataclasses import dataclass
from pathlib import Path
from typing import TextIO

from graders.batch import grade_all
from graders.exercise import Exercise, ExerciseError
from graders.sandbox import Limits


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
