"""The student's own check: the public checks, in their kernel (`check_here`) or in the sandbox."""

from __future__ import annotations

import importlib.util
import json
import os
import sys
from collections.abc import Callable
from pathlib import Path

# what the sandbox's kernel imports: the same Python that runs the check runs the notebook
KERNEL_PACKAGES = ("nbformat", "nbclient", "jupyter_client", "ipykernel")
# said first when the check runs in the browser's Python (the course's JupyterLite site), where no sandbox is
IN_THE_BROWSER = ("This is a self-check in your browser: the public checks only, run here in the page. "
                  "It is not your grade: the grader runs your saved notebook in its sandbox, "
                  "with more checks of its own.")


def run_program(program: Callable[[], object], stdin: str) -> None:
    """Run a stdin/stdout program on the given input text and print what it printed."""
    from graders.probe import call

    print(call({"program": program}, "program", "program", json.dumps(stdin)), end="")


def check_here(namespace: dict, exercise: str) -> None:
    """Run the public checks of an exercise on the notebook's own functions and print a report."""
    if os.environ.get("COSMOS_GRADING"):
        print("(the grader runs its own checks)")
        return
    from graders.exercise import load_exercise
    from graders.probe import run_check
    from graders.scoring import Outcome, judge_result, results

    loaded = load_exercise(exercise, hidden=False)
    verdicts = []
    for check in loaded.checks:
        outcome = json.loads(json.dumps(run_check(namespace, check.kind, check.call, check.payload)))
        verdicts.append(judge_result(check, loaded.contract[check.call], outcome))
    passed = all(verdict.passed for verdict in verdicts)
    if sys.platform == "emscripten":
        print(IN_THE_BROWSER)
    data = results(loaded, verdicts, Outcome.PASSED if passed else Outcome.FAILED, "")
    print(report(data, loaded.title))
    keep_score(loaded.name, data)


def keep_score(exercise: str, data: dict) -> None:
    """Keep the latest self-check score in the student's progress (a failure to write never stops the check)."""
    from graders.progress import TRACKER

    try:
        TRACKER.record_exercise(exercise, data["score"], data["max_score"])
    except OSError as error:
        print(f"(your score could not be kept in your progress: {error})")


def report(data: dict, title: str) -> str:
    """A results.json as text for the student: one line per check, details under failures."""
    lines = [f"{title}: {len(data['tests'])} checks"]
    lines.extend(data.get("output", "").splitlines()[:-1])  # the last line counts the checks
    for test in data["tests"]:
        mark = "ok  " if test["status"] == "passed" else "FAIL"
        lines.append(f"  {mark}  {test['name']}")
        if test["status"] != "passed":
            lines.extend(f"          {line}" for line in test["output"].splitlines())
    passed = sum(test["status"] == "passed" for test in data["tests"])
    lines.append(
        f"{passed} of {len(data['tests'])} checks pass, "
        f"score {data['score']:g}/{data['max_score']:g}."
    )
    return "\n".join(lines)


def check_notebook(path: Path, exercise: str | None = None, keep: bool = True) -> tuple[bool, str]:
    """The public checks on a saved notebook, in the sandbox as the grader runs it (its score kept if keep)."""
    from graders.exercise import ExerciseError, load_exercise
    from graders.grading import grade_submission, limits_for

    folder = exercise if exercise is not None else _exercise_of(path)
    missing = missing_kernel_packages()
    if missing:
        raise ExerciseError(wrong_python(missing, path))
    loaded = load_exercise(folder, hidden=False)
    public = tuple(check for check in loaded.checks if not check.hidden)
    data = grade_submission(loaded, path, limits_for(loaded), public)
    text = report(data, loaded.title)
    if keep:
        keep_score(loaded.name, data)
    else:
        text = f"{NOT_KEPT}\n{text}"
    if "kernel could not start" in data.get("output", ""):
        text += (f"\n(the sandbox ran the kernel with {sys.executable}; "
                 "`python3 course.py setup` repairs the course's Python)")
    return data["score"] == data["max_score"], text


NOT_KEPT = ("(not kept in your progress: the notebook is outside this course's folder, and this copy of the "
            "course holds the hidden checks, so it is the instructor's and the notebook someone else's work)")


def is_own_notebook(path: Path, instructor: bool) -> bool:
    """Whether a checked notebook's score belongs in this user's progress: always in a student's course; in
    the instructor's (the copy with the hidden checks), only for a notebook inside the course's folder."""
    course = Path(__file__).resolve().parent.parent
    return not instructor or path.resolve().is_relative_to(course)


def missing_kernel_packages() -> list[str]:
    """The packages a notebook's kernel needs that this Python cannot import."""
    return [name for name in KERNEL_PACKAGES if importlib.util.find_spec(name) is None]


def wrong_python(missing: list[str], path: Path) -> str:
    """Why the check cannot run with this Python, and the command that runs it with the course's."""
    course = Path(__file__).resolve().parent.parent
    return (
        f"this Python ({sys.executable}) has no {', '.join(missing)}, so the notebook's kernel cannot "
        f"start and no check can run. Run the check with the course's Python instead:\n"
        f"  {course / '.venv' / 'bin' / 'python'} -m graders check {path}\n"
        "(or type it in a terminal of the course's JupyterLab, opened with `python3 course.py`, "
        "where `python` is the course's)"
    )


def _exercise_of(path: Path) -> str:
    """The exercise a notebook belongs to: its folder's exercise.json, else the one course exercise of its file name."""
    from graders.exercise import EXERCISES, ExerciseError

    folder = path.resolve().parent
    if (folder / "exercise.json").is_file():
        return str(folder)
    named = [spec.parent for spec in sorted(EXERCISES.glob("*/exercise.json"))
             if json.loads(spec.read_text(encoding="utf-8")).get("notebook") == path.name]
    if len(named) == 1:  # a copy of a starter outside the course's folder (an installed course has no other)
        return str(named[0])
    raise ExerciseError(f"{path} is not in an exercise folder; name the exercise with --exercise")
