"""The Tents exercise: its data is what make_hidden.py writes, the reference scores full marks, every
known-wrong solution loses points (judged in-process with the grader's own code), and the real
sandboxed grader gives the reference full marks.

CLAIMS of the exercise notebook (exercises/bonus-tents/tents.ipynb, written by hand: it is its own source)
checked here, each by the test named after it:
- the run codes: `_` a tree with no gap, `a` to `y` 1 to 25 empty squares then a tree, `z` 25 and no
  tree; the code ends with `_` (last square a tree) or a letter `a` to `y` (the imagined tree), never `z`
- the worked 4x4 example: the trees of `e`, `b`, `b` where the text puts them, the clues, and the picture
- the lesson's ring of four has one tent layout and two solutions
- Tatham's program writes a run of exactly 25 as `y`, never `z_` (his IDs; our package does the same)
- the grader's count_solutions puzzles have at most 100 squares and the search the notebook describes
  places fewer than a thousand tents on each (counted, not timed)
- the More tasks are the bonus lesson's four and none is graded: the contract is the four functions
"""
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
from graders_instructor.authoring.hints import with_hints
from tents import Difficulty, generate
from tests.hidden_scripts import load_script
from tests.tents.helpers import ROOT, TWO_PAIRINGS, sgt_tents

HIDDEN = ROOT / "graders_instructor" / "hidden" / "bonus-tents"
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
        [sys.executable, "-m", "graders_instructor", "grade", "bonus-tents", str(HIDDEN / "reference.ipynb"),
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
        [sys.executable, "-m", "graders_instructor", "validate", "bonus-tents", "--jobs", "2"],
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


STARTER = ROOT / "exercises" / "bonus-tents" / "tents.ipynb"


def starter_text() -> str:
    """The markdown of the student's notebook, one cell after another."""
    return "\n".join(c.source for c in nbformat.read(STARTER, as_version=4).cells if c.cell_type == "markdown")


def test_the_run_codes_and_the_last_code_are_as_the_notebook_says():
    from tents import Puzzle, format_game_id, parse_game_id

    text = " ".join(starter_text().split())
    assert "`_` is a tree right after the previous one, `a` to `y` mean 1 to 25 empty squares" in text
    def run(empty: int) -> str:
        """The code of `empty` empty squares and then a tree: _, a to y, or z first for 25 more."""
        return "z" + run(empty - 25) if empty > 25 else chr(ord("a") + empty - 1) if empty else "_"

    for gap in range(26):  # a to y, and _ for no gap: the tree lands after `gap` empty squares
        trees = parse_game_id(f"4x8:{run(gap)}{run(31 - gap)},0,0,0,0,0,0,0,0,0,0,0,0").trees
        assert trees == ((gap // 4, gap % 4),), gap
    assert parse_game_id("4x8:zcc,0,0,0,0,0,0,0,0,0,0,0,0").trees == ((7, 0),)  # z: 25 empty squares, no tree
    last_is_tree = format_game_id(Puzzle(4, 4, ((3, 3),), (0, 0, 0, 1), (0, 0, 0, 1)))
    assert last_is_tree.split(",")[0].endswith("_") and "(`_` when the last square holds a tree)" in text
    for seed in range(20):
        code = format_game_id(generate(6, 6, Difficulty.EASY, seed).puzzle).split(":")[1].split(",")[0]
        assert code[-1] in "_abcdefghijklmnopqrstuvwxy", code


def test_the_worked_example_decodes_as_the_notebook_shows():
    from tents import parse_game_id

    text = starter_text()
    puzzle = parse_game_id("4x4:ebbd,1,1,1,0,1,0,1,1")
    assert puzzle.trees == ((1, 1), (2, 0), (2, 3))
    assert (puzzle.col_clues, puzzle.row_clues) == ((1, 1, 1, 0), (1, 0, 1, 1))
    picture = text.split("```\n", 2)[1].split("```")[0]
    assert picture.rstrip("\n") == str(puzzle).rstrip("\n")
    said = " ".join(text.split())
    assert "`e` is 5 empty squares and the tree at row 1, column 1" in said
    assert "`b` is 2 empty squares and the tree at row 2, column 0" in said
    assert "`b` again, the tree at row 2, column 3; `d`, the last 4 squares and the imagined tree" in said


def test_the_ring_of_four_counts_two_solutions():
    from tents import count_solutions, parse_game_id, solutions

    ring = parse_game_id(TWO_PAIRINGS)
    assert count_solutions(ring) == 2
    first, second = solutions(ring, limit=2)
    assert set(first.tents) == set(second.tents)  # the same tents, shared out in another way
    assert "(the lesson's ring of four)" in starter_text()


def test_a_run_of_exactly_25_is_y_in_tathams_ids_and_ours():
    from tents import Puzzle, format_game_id, parse_game_id

    made = subprocess.run([sgt_tents(), "--generate", "1", "12x12de#5"], capture_output=True, text=True,
                          timeout=600, check=True).stdout.strip()  # a Tatham puzzle with a run of 25
    code = made.split(":")[1].split(",")[0]
    assert "y" in code and "z_" not in code, made
    assert format_game_id(parse_game_id(made)) == made  # ours writes it the same way
    assert format_game_id(Puzzle(6, 6, ((4, 1),), (0, 1, 0, 0, 0, 0), (0, 0, 0, 0, 1, 0))).startswith("6x6:y")
    assert "writes a run of exactly 25 empty cells as `y`, never as `z_`" in " ".join(starter_text().split())


def test_the_described_search_stays_small_on_the_graders_puzzles():
    step = "        nonlocal found\n"
    counted = make_hidden.REFERENCE.replace(step, step + "        PLACED[0] += 1\n")
    assert counted != make_hidden.REFERENCE
    scope: dict = {"PLACED": [0]}
    exec(compile(counted, "<reference>", "exec"), scope)
    most = squares = 0
    for check in EXERCISE.checks:
        if check.call == "count_solutions":
            (game_id,) = json.loads(check.payload)
            width, height = map(int, game_id.split(":")[0].split("x"))
            squares = max(squares, width * height)
            scope["PLACED"][0] = 0
            assert scope["count_solutions"](game_id) == check.expected[0]
            most = max(most, scope["PLACED"][0])
    assert squares <= 100 and most < 1000, (squares, most)
    said = " ".join(starter_text().split())
    assert "at most 100 squares" in said and "places fewer than a thousand tents" in said


def test_the_more_tasks_are_ungraded_and_the_contract_is_the_four_functions():
    assert sorted(EXERCISE.contract) == ["count_solutions", "is_solution", "main", "read_game_id"]
    said = " ".join(starter_text().split())
    assert "none of them is graded (the grader grades `read_game_id`, `is_solution`, `count_solutions` and " \
           "`main`, nothing else)" in said
    assert all(check.hint for check in EXERCISE.checks)  # every check, public and hidden, has its hint
