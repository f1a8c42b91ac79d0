"""The Tents exercise: its data is what make_hidden.py writes, the reference scores full marks, every
known-wrong solution loses points (judged in-process with the grader's own code), and the real
sandboxed grader gives the reference full marks."""
from __future__ import annotations

import json
import os
import subprocess
import sys

import nbformat
import pytest

from graders.exercise import load_exercise
from graders.probe import run_check
from graders.scoring import judge_result
from graders_instructor.hints import with_hints
from tests.hidden_scripts import load_script
from tests.tents.helpers import ROOT

HIDDEN = ROOT / "graders" / "hidden" / "bonus-tents"
make_hidden = load_script(HIDDEN, "make_hidden")
EXERCISE = load_exercise("bonus-tents")


def code_of(path) -> str:
    """The code cells of a notebook, as one program."""
    nb = nbformat.read(path, as_version=4)
    return "\n\n".join(cell.source for cell in nb.cells if cell.cell_type == "code")


def failed_checks(code: str) -> list[str]:
    """The names of the checks a submission fails, judged as the grader judges."""
    namespace: dict = {"__name__": "submission"}
    exec(compile(code, "<submission>", "exec"), namespace)
    failed = []
    for check in EXERCISE.checks:
        kind = "program" if check.program else "function"
        outcome = json.loads(json.dumps(run_check(namespace, kind, check.call, check.payload)))
        if not judge_result(check, EXERCISE.contract[check.call], outcome).passed:
            failed.append(check.name)
    return failed


def test_the_stored_data_is_what_make_hidden_writes():
    stored = json.loads((HIDDEN / "hidden.json").read_text())
    assert stored == {"format": 1, "checks": with_hints(make_hidden.checks(), make_hidden.HIDDEN_HINTS)}
    assert code_of(HIDDEN / "reference.ipynb") == make_hidden.REFERENCE
    wrong = sorted(p.stem for p in (HIDDEN / "wrong").glob("*.ipynb"))
    assert wrong == sorted(make_hidden.WRONG)


def test_the_reference_passes_every_check():
    assert failed_checks(make_hidden.REFERENCE) == []
    assert len(EXERCISE.checks) >= 40


@pytest.mark.parametrize("name", sorted(make_hidden.WRONG))
def test_every_known_wrong_solution_fails_a_check(name):
    assert failed_checks(code_of(HIDDEN / "wrong" / f"{name}.ipynb"))


def test_the_starter_defines_the_contract_as_stubs_that_fail_every_check():
    starter = ROOT / "exercises" / "bonus-tents" / "tents.ipynb"
    cells = [c.source for c in nbformat.read(starter, as_version=4).cells if c.cell_type == "code"]
    stubs = "\n\n".join(c for c in cells if c.startswith("def "))
    assert sorted(name for name in EXERCISE.contract if f"def {name}(" in stubs) == sorted(EXERCISE.contract)
    assert len(failed_checks(stubs)) == len(EXERCISE.checks)
    assert 'check_here(globals(), "bonus-tents")' in cells[-1]


@pytest.mark.slow
def test_the_sandboxed_grader_gives_the_reference_full_marks(tmp_path):
    done = subprocess.run(
        [sys.executable, "-m", "graders", "grade", "bonus-tents", str(HIDDEN / "reference.ipynb"),
         "--out", str(tmp_path)],
        cwd=tmp_path, env={**os.environ, "PYTHONPATH": str(ROOT)}, capture_output=True, text=True,
        timeout=300)
    assert done.returncode == 0, done.stdout + done.stderr
    results = [json.loads(p.read_text()) for p in tmp_path.rglob("results.json")]
    assert len(results) == 1
    assert results[0]["score"] == results[0]["max_score"] == len(EXERCISE.checks)


@pytest.mark.slow
def test_the_sandbox_scores_the_reference_and_every_wrong_solution_as_judged_in_process(tmp_path):
    done = subprocess.run(
        [sys.executable, "-m", "graders", "validate", "bonus-tents", "--jobs", "2"],
        cwd=tmp_path, env={**os.environ, "PYTHONPATH": str(ROOT)}, capture_output=True, text=True,
        timeout=600)
    assert done.returncode == 0 and done.stdout.splitlines()[-1] == "valid", done.stdout + done.stderr
    scores = {line.split()[-1]: int(line.split()[2]) for line in done.stdout.splitlines()
              if line.startswith("  ok   ")}
    total = len(EXERCISE.checks)
    assert scores["reference.ipynb"] == total
    for name in make_hidden.WRONG:
        expected = total - len(failed_checks(code_of(HIDDEN / "wrong" / f"{name}.ipynb")))
        assert scores[f"{name}.ipynb"] == expected < total, name


def test_the_counting_task_is_graded_on_unique_ambiguous_and_unsolvable_puzzles():
    from tents import count_solutions, parse_game_id

    counts = [check for check in EXERCISE.checks if check.call == "count_solutions"]
    public = [check for check in counts if not check.hidden]
    assert len(public) == 3 and len(counts) > 20
    for check in counts:  # every expected count, typed or written, is the package's own count
        (game_id,) = json.loads(check.payload)
        assert check.expected == (count_solutions(parse_game_id(game_id)),), check.name
    assert {check.expected[0] for check in public} == {check.expected[0] for check in counts} == {0, 1, 2}
    ring = next(check for check in counts if "two pairings" in check.name)
    assert ring.expected == (2,)  # one tent layout, two ways to share the tents out: two solutions


@pytest.mark.parametrize("name", ["count-stops-at-one", "search-lets-corners-touch", "search-ends-without-the-clues"])
def test_each_wrong_search_fails_only_counting_checks(name):
    failed = failed_checks(code_of(HIDDEN / "wrong" / f"{name}.ipynb"))
    assert failed and all("count_solutions:" in check for check in failed), failed
