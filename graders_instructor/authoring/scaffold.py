"""`python -m graders_instructor new NN-name`: lay out a new exercise for the instructor to fill in (FORMAT.md).

Every place still to write says TODO; `python -m graders_instructor validate NN-name` lists each one that is left, then,
once none is, proves the exercise in the sandbox (the reference passes, the starter and the wrong ones fail).
"""

from __future__ import annotations

import ast
import json
import re
from pathlib import Path

from graders.exercise import ROOT, ExerciseError

NAME = re.compile(r"^[0-9]{2}-[a-z][a-z0-9-]*$")
TODO = "TODO"
# the example the layout starts from: a function of a list of numbers; the instructor replaces it
EXERCISE = {
    "format": 1,
    "title": "TODO: the exercise's title",
    "notebook": "{stem}.ipynb",
    "limits": {"timeout": 60, "check_timeout": 10, "memory_mb": 1024},
    "contract": {"solve": {"kind": "function", "params": ["numbers"], "returns": "int"}},
    "checks": [
        {"name": "TODO: solve: the notebook's example", "call": "solve", "args": [[3, 1, 2]], "expect": 6,
         "hint": "add every number of the list"},
    ],
}
HIDDEN = {"format": 1, "checks": []}
MAKE_HIDDEN = '''"""Write hidden.json for {name}: inputs from a seed, answers computed here (not by the reference).

Run `python graders_instructor/hidden/{name}/make_hidden.py` after changing it;
`python -m graders_instructor validate {name}` then proves the reference notebook agrees with every answer.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[3]))

from cosmos.rng import Random  # noqa: E402  (the course's one seeded generator: the same checks on every machine)

HERE = Path(__file__).resolve().parent
SEED = {seed}


def answer(numbers: list[int]) -> int:
    """TODO: the right answer, written independently of the reference notebook."""
    return sum(numbers)


def checks() -> list[dict]:
    """The hidden checks: the cases a student forgets first, then seeded random ones."""
    rng = Random(SEED)
    cases = [("an empty list", []), ("one number", [7]), ("negative numbers", [-3, 5, -2])]
    for number in range(5):
        size = rng.range(1, 50)
        cases.append((f"a random list {{number + 1}} of {{size}} numbers", [rng.range(-100, 100) for _ in range(size)]))
    return [{{"name": f"solve: {{what}}", "call": "solve", "args": [numbers], "expect": answer(numbers),
             "hint": "TODO: a hint that helps without giving the answer"}} for what, numbers in cases]


if __name__ == "__main__":
    (HERE / "hidden.json").write_text(json.dumps({{"format": 1, "checks": checks()}}, indent=1) + "\\n",
                                      encoding="utf-8")
    print(f"wrote {{HERE / 'hidden.json'}}")
'''
STARTER_CODE = '''def solve(numbers):
    """TODO: what solve returns."""
    raise NotImplementedError("write solve(numbers)")'''
REFERENCE_CODE = '''def solve(numbers):
    """TODO: the reference solution (replace this one)."""
    return sum(numbers)'''


STEP_TEXT = (
    "### Step through your own code\n\nRun this cell to watch **your** `{call}` at work on the example of the check "
    "\u201c{check}\u201d, one line at a time: the line about to run is lit and its local variables are listed beside "
    "it. An exception, or a loop that never ends (it is stopped after a few hundred steps), shows as what it is. "
    "Run it again after every change.")


def step_cells(exercise_json: Path, check_name: str) -> tuple[str, str]:
    """The text and the code of a starter's step-through cell: the student's function on a public check's example."""
    checks = json.loads(exercise_json.read_text(encoding="utf-8"))["checks"]
    [check] = [one for one in checks if one["name"] == check_name]
    args = ", ".join(json.dumps(arg, ensure_ascii=False) for arg in check["args"])
    try:
        same = ast.literal_eval(f"[{args}]") == check["args"]
    except (ValueError, SyntaxError):  # JSON's true, false and null are no Python
        same = False
    if not same:
        raise ExerciseError(f"the arguments of {check_name!r} do not read back as Python: {args}")
    code = f"from graders import step_through\n\nstep_through({check['call']}, {args})"
    return STEP_TEXT.format(call=check["call"], check=check_name), code


def notebook(title: str, name: str, code: str) -> dict:
    """An exercise notebook: the task, the code to write, an example call, the self-check."""
    def cell(kind: str, source: str) -> dict:
        extra: dict[str, object] = {"execution_count": None, "outputs": []} if kind == "code" else {}
        return {"cell_type": kind, "metadata": {}, "source": source.splitlines(keepends=True), **extra}

    return {
        "cells": [
            cell("markdown", f"# Exercise: {title}\n\nTODO: the task, in the course's words.\n\n"
                             "| name | arguments | answer |\n|---|---|---|\n| `solve` | `numbers` | `int` |"),
            cell("code", code),
            cell("code", "solve([3, 1, 2])"),
            cell("markdown", "## Check yourself\n\nThis cell runs the public checks on your functions; the "
                             "grader runs more checks of its own."),
            cell("code", f'from graders import check_here\n\ncheck_here(globals(), "{name}")'),
        ],
        "metadata": {"kernelspec": {"display_name": "Python 3 (ipykernel)", "language": "python",
                                    "name": "python3"},
                     "language_info": {"name": "python"}},
        "nbformat": 4,
        "nbformat_minor": 5,
    }


def seed_of(name: str) -> int:
    """A seed of the exercise's own, made from its name (no clock)."""
    return sum((index + 1) * ord(char) for index, char in enumerate(name)) % 1_000_003


def create(name: str, root: Path = ROOT) -> list[Path]:
    """Write the new exercise's files under root (exercises/NAME and graders_instructor/hidden/NAME); return them."""
    if not NAME.fullmatch(name):
        raise ExerciseError(f"{name!r}: an exercise is named NN-name (two digits, a dash, lower-case words), "
                            "e.g. 08-trade-routes")
    student, grader = root / "exercises" / name, root / "graders_instructor" / "hidden" / name
    for folder in (student, grader):
        if folder.exists():
            raise ExerciseError(f"{folder} already exists: choose another name")
    stem = name.split("-", 1)[1].replace("-", "_")
    exercise = json.loads(json.dumps(EXERCISE).replace("{stem}", stem))
    files = {
        student / "exercise.json": json.dumps(exercise, indent=1) + "\n",
        student / f"{stem}.ipynb": json.dumps(notebook("TODO", name, STARTER_CODE), indent=1) + "\n",
        grader / "reference.ipynb": json.dumps(notebook("TODO", name, REFERENCE_CODE), indent=1) + "\n",
        grader / "hidden.json": json.dumps(HIDDEN, indent=1) + "\n",
        grader / "make_hidden.py": MAKE_HIDDEN.format(name=name, seed=seed_of(name)),
        grader / "wrong" / "README.md": "One notebook per typical mistake, each a copy of the reference with that "
                                        "mistake: `validate` proves that every one of them loses points.\n",
    }
    for path, text in files.items():
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    return list(files)
