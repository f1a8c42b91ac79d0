"""The bonus lesson (Tents): its parts in order, its claims backed by computed outputs, its keys by the code.

CLAIMS checked here (each by the test named after it): the coordinate convention; the worked decode;
the most and fewest tents of a full grid (the table of bounds) and what random fillings reach; mirrors
keep the one solution; the three ambiguous shapes and the ring; the Java program's flaws in the stored
outputs; the solver's ten rules, the first six easy; the exercise's four functions, count_solutions
among them, and that no more task is graded; eight questions, two of them on earlier lessons (a
spanning tree of n systems has n - 1 lanes; size, difficulty and seed rebuild a generated puzzle).
"""
from __future__ import annotations

import base64
import re
from itertools import combinations
from typing import Any

import jupytext
import nbformat
import pytest

from graders.quizzes import FindTheBug, MultipleChoice, PredictOutput, QuizSet, source_text
from tents import Puzzle, format_game_id, judge, parse_game_id, to_svg
from tents.grid import orthogonal
from tests.lessons.lesson_helpers import (
    LESSONS,
    REPO_ROOT,
    cell_with,
    code_cells,
    markdown,
    run_cells,
    stdout_of,
)

NOTEBOOK = LESSONS / "bonus-tents-and-trees.ipynb"
SOURCE = LESSONS / "bonus-tents-and-trees.md"
PARTS = ["# Bonus lesson", "## The rules, and how we name a cell", "## The problem", "## Play",
         "## A puzzle is data", "## The same seed, the same puzzle", "## Game IDs", "## How many tents fit?",
         "## Mirrors change nothing", "## The Java program and its flaws", "## When the clues do not decide",
         "## Our generator", "## How we know there is only one solution", "## The real code",
         "## See it", "## Predict the output", "## Find the bug", "## More precisely", "## Exercise",
         "## Test yourself", "## What we built"]


@pytest.fixture(scope="module")
def nb() -> nbformat.NotebookNode:
    return nbformat.read(NOTEBOOK, as_version=4)


@pytest.fixture(scope="module")
def ns(nb) -> dict[str, Any]:
    """The names the lesson defines, from running its code cells in this process."""
    return run_cells(nb, "bonus", skip_play=False)


def cell_starting(nb, text: str):
    """The one code cell whose source starts with text."""
    found = [cell for cell in code_cells(nb) if cell.source.startswith(text)]
    assert len(found) == 1, f"{len(found)} cells start with {text!r}"
    return found[0]



def html_outputs(nb) -> list[str]:
    return [o.data["text/html"] for cell in code_cells(nb) for o in cell.outputs
            if "data" in o and "text/html" in o.data]


def test_the_stored_notebook_is_its_text_source_cell_for_cell(nb):
    source = jupytext.read(SOURCE, fmt="md:myst")
    assert [(c.cell_type, c.source) for c in source.cells] == [(c.cell_type, c.source) for c in nb.cells]


def test_every_part_of_the_pattern_is_there_in_order(nb):
    text = markdown(nb)
    places = [text.find(part) for part in PARTS]
    assert -1 not in places, [p for p, at in zip(PARTS, places, strict=True) if at < 0]
    assert places == sorted(places)


def test_every_stored_picture_is_a_data_img_never_inline_svg(nb):
    pictures = html_outputs(nb)
    assert pictures and all("<svg" not in html for html in pictures)
    assert not [o for cell in code_cells(nb) for o in cell.outputs if "image/svg+xml" in o.get("data", {})]
    first = cell_starting(nb, "from tents import Difficulty, generate").outputs[0].data["text/html"]
    svg = base64.b64decode(first.split("base64,", 1)[1].split('"', 1)[0]).decode()
    assert svg == to_svg(generate_first())


def generate_first() -> Puzzle:
    from tents import Difficulty, generate

    return generate(8, 8, Difficulty.EASY, seed=2026).puzzle


def test_the_play_widget_stores_a_picture_for_a_notebook_that_has_not_run(nb):
    output = cell_starting(nb, "from tents.widget import play").outputs[0]
    assert "application/vnd.jupyter.widget-view+json" not in output.data  # stored as its static picture
    assert output.data["text/html"].startswith('<img src="data:image/svg+xml;base64,')


def test_the_coordinate_convention_is_said_once_and_every_message_follows_it(nb):
    text = markdown(nb)
    assert text.count("counted **from 0**") == 1
    printed = "".join(stdout_of(cell) for cell in code_cells(nb))
    assert not re.search(r"row \d+, column \d+", printed)  # the old 1-based wording
    assert "the tents at (0, 0) and (1, 1) touch" in stdout_of(cell_starting(nb, "from tents import problems"))


def test_the_worked_decode_is_what_the_package_reads(nb):
    text = markdown(nb)
    game_id = re.search(r"A worked decode of `([^`]+)`", text).group(1)
    puzzle = parse_game_id(game_id)
    table_trees = [tuple(map(int, m)) for m in re.findall(r"\| cell \d+ = `\((\d+), (\d+)\)` \|", text)]
    assert table_trees == list(puzzle.trees)
    letters = re.findall(r"^\| `(.)` \|", text, flags=re.M)
    assert "".join(letters) == game_id.split(":")[1].split(",")[0]
    assert format_game_id(puzzle) == game_id
    assert str(puzzle.trees) in stdout_of(cell_with(nb, "decoded = parse_game_id("))


def brute_most_tents(width: int, height: int) -> int:
    """The most tents that fit with none touching, by trying every set of cells (small grids only)."""
    cells = [(r, c) for r in range(height) for c in range(width)]
    best = 0

    def grow(start: int, chosen: list) -> None:
        nonlocal best
        best = max(best, len(chosen))
        for k in range(start, len(cells)):
            r, c = cells[k]
            if all(abs(r - r2) > 1 or abs(c - c2) > 1 for r2, c2 in chosen):
                chosen.append(cells[k])
                grow(k + 1, chosen)
                chosen.pop()

    grow(0, [])
    return best


@pytest.mark.parametrize(("width", "height"), [(2, 2), (3, 3), (4, 4), (3, 5), (5, 5), (4, 5)])
def test_the_bound_on_the_number_of_tents_is_the_true_most(ns, width, height):
    assert ns["most_tents"](width, height) == brute_most_tents(width, height)
    if width % 2 == height % 2 == 0:
        assert ns["most_tents"](width, height) == width * height // 4
    if width % 2 == height % 2 == 1:
        assert ns["most_tents"](width, height) == (width * height + width + height + 1) // 4


def test_the_fifth_is_what_random_fillings_reach(nb, ns):
    rows = stdout_of(cell_with(nb, "def most_tents(")).splitlines()[1:]
    assert len(rows) == 3
    for row in rows:
        size, cells, most, fewest, low, _to, high, mean, share, start, reach, reach_most = row.split()
        n = int(size.split("x")[0])
        bounds = (n * n, ns["most_tents"](n, n), ns["fewest_tents_that_fill"](n, n))
        assert (int(cells), int(most), int(fewest)) == bounds
        assert int(fewest) <= int(low) <= int(high) <= int(most)
        assert 20 <= int(share.strip("(%)")) <= 24  # the prose says about 22 %
        assert int(start) == ns["tent_count"](n, n) == n * n // 5
        assert int(reach.split("/")[0]) >= 80 and int(reach_most.split("/")[0]) <= 10  # "most", "few"


def brute_fewest_that_fill(width: int, height: int) -> int:
    """The fewest tents, none touching, that leave no cell where another would fit (small grids only)."""
    cells = [(r, c) for r in range(height) for c in range(width)]

    def near(a, b):
        return abs(a[0] - b[0]) <= 1 and abs(a[1] - b[1]) <= 1

    for size in range(1, len(cells) + 1):
        for chosen in combinations(cells, size):
            if all(not near(a, b) for a, b in combinations(chosen, 2)) and \
                    all(any(near(cell, t) for t in chosen) for cell in cells):
                return size
    raise AssertionError("unreachable")


@pytest.mark.parametrize(("width", "height"), [(2, 2), (3, 3), (4, 4), (4, 5), (5, 5), (3, 6)])
def test_the_fewest_tents_of_a_full_grid_is_the_true_fewest(ns, width, height):
    assert ns["fewest_tents_that_fill"](width, height) == brute_fewest_that_fill(width, height)


def test_mirrors_keep_the_one_solution(nb):
    printed = stdout_of(cell_with(nb, "def mirror("))
    assert printed.count(": 1 solution, the mirrored one: True") == 3


def test_the_three_ambiguous_shapes_have_two_solutions_as_named(ns):
    for name, shape in ns["shapes"].items():
        verdict = judge(shape)
        assert verdict.count == 2
        words = re.search(r"(\w+) trees, (\w+) tents in (\w+) rows and (\w+) columns", name).groups()
        numbers = {"two": 2, "three": 3, "four": 4}
        trees, tents, rows, cols = (numbers[w] for w in words)
        first = verdict.solutions[0]
        assert shape.total == trees == tents == len(first.tents)
        assert len({r for r, _ in first.tents}) == rows and len({c for _, c in first.tents}) == cols


def test_the_java_programs_flaws_show_in_the_stored_outputs(nb):
    run = stdout_of(cell_starting(nb, "from collections import Counter"))
    assert "a tree in column 0 beside a tent in column 1: 0" in run
    assert "a tent in the bottom right square: 0" in run
    assert re.search(r"more than one\s+[1-9]\d*", run)
    seeds = re.search(r"for seed in range\((\d+)\)", cell_starting(nb, "from collections import Counter").source)
    assert f"in {seeds.group(1)} puzzles, above" in markdown(nb)
    assert re.search(r"without the corner check, [1-9]\d* of \d+ seeds hang", stdout_of(cell_starting(nb, "hangs =")))
    ours = stdout_of(cell_starting(nb, "from tents import grade"))
    for level in ("easy", "hard"):
        assert f"{level}: one solution 30 of 30, graded {level} 30 of 30" in ours


def test_the_real_code_is_shown_with_inspect(nb):
    cell = cell_starting(nb, "from lessons.kit.source import show_source")
    shown = "".join(o.data["text/plain"] for o in cell.outputs)
    from tents.generate import place_trees

    assert source_text(place_trees).splitlines()[0] in shown and "tents/generate.py" in shown


def test_predict_the_output_key_is_what_the_snippet_prints(ns):
    predict = ns["predict"]
    assert isinstance(predict, PredictOutput)
    puzzle = Puzzle(5, 4, ((0, 2), (0, 3), (3, 4)), (0,) * 5, (0,) * 4)
    assert predict.expected == format_game_id(puzzle).split(",")[0]
    assert [predict.check(i).correct for i in range(len(predict.choices))].count(True) == 1
    assert len(predict.choices) >= 4
    for i, choice in enumerate(predict.choices):
        if choice != predict.expected:
            assert len(predict.check(i).message) > len("Not quite. ")


def test_predict_the_output_key_follows_the_code(ns):
    predict = ns["predict"]
    moved = PredictOutput(predict.code.replace("(3, 4)", "(3, 3)"), {}, predict.namespace)
    assert moved.expected == "5x4:b_na"


def test_find_the_bug_is_orthogonal_with_one_line_changed_and_its_output_computed(ns):
    bug = ns["find_the_bug"]
    assert isinstance(bug, FindTheBug) and bug.reference is orthogonal
    real = source_text(orthogonal).rstrip("\n").split("\n")
    changed = [i for i, (a, b) in enumerate(zip(bug.lines, real, strict=True)) if a != b]
    assert changed == [bug.bug_line - 1]
    assert "0 < c < width" in bug.lines[bug.bug_line - 1]
    assert bug.fixed_output == (f"sides of (3, 1): {orthogonal((3, 1), 8, 8)}\n"
                                f"sides of (5, 0): {orthogonal((5, 0), 8, 8)}")
    assert "(3, 0)" not in bug.wrong_output and "(3, 0)" in bug.fixed_output
    assert bug.check(bug.bug_line).correct and not bug.check(1).correct


def test_eight_questions_two_of_them_review_each_with_one_right_answer_and_feedback(ns):
    quizzes = ns["test_yourself"]
    assert isinstance(quizzes, QuizSet) and len(quizzes.quizzes) == 8
    assert [q.question.split(":")[0] for q in quizzes.quizzes[6:]] == ["Lesson 1 review", "Lesson 6 review"]
    for quiz in quizzes.quizzes:
        assert isinstance(quiz, MultipleChoice)
        verdicts = [quiz.check(i) for i in range(len(quiz.choices))]
        assert [v.correct for v in verdicts].count(True) == 1
        assert len(quiz.choices) >= 3
        for choice in quiz.choices:
            assert len(choice.feedback.split()) >= 6, choice.text


def right_answer(quiz: MultipleChoice) -> str:
    return next(c.text for i, c in enumerate(quiz.choices) if quiz.check(i).correct)


def test_computed_keys_follow_the_code(ns):
    most, coords, ring, _mirror, _off_by_one, fifth, spanning, rebuild = ns["test_yourself"].quizzes
    assert right_answer(spanning) == "13"  # a tree joining 14 vertices has 14 - 1 edges
    assert right_answer(rebuild) == "Its size, its difficulty and its seed"
    from tents import Difficulty, generate
    assert generate(8, 8, Difficulty.EASY, 5).puzzle == generate(8, 8, Difficulty.EASY, 5).puzzle
    assert generate(8, 8, Difficulty.EASY, 5).puzzle != generate(8, 8, Difficulty.HARD, 5).puzzle
    assert right_answer(most) == str(ns["most_tents"](7, 7)) == "16"
    assert right_answer(ring) == str(judge(parse_game_id("4x4:ababf,2,0,2,0,2,0,2,0")).count)
    assert right_answer(fifth) == str(10 * 10 // 5)
    # the coordinate question agrees with how the package prints and indexes cells
    lines = str(generate_first()).splitlines()
    assert "third line" in right_answer(coords) and "sixth cell" in right_answer(coords)
    assert len(lines[2].split()) > 5


def test_the_off_by_one_answer_is_what_the_lessons_java_translation_does(ns):
    fields = [[ns["EMPTY"]] * 3 for _ in range(3)]
    fields[1][1] = ns["TENT"]
    fields[0][1] = fields[2][1] = fields[1][2] = ns["TREE"]  # only the left side, column 0, is free

    class Always:
        def range(self, low, high):
            return 3  # LEFT, every time

    assert ns["set_trees"](Always(), fields) == (1, 1)  # the tent in column 1 gets no tree on its left


def test_the_answers_are_not_in_the_notebooks_text(nb, ns):
    text = "\n".join(cell.source for cell in nb.cells)
    for quiz in ns["test_yourself"].quizzes:
        assert quiz._answer is not None
    assert "_answer" not in text and "HASH_" not in text
    assert all(re.fullmatch(r"[0-9a-f]{64}", digest) for digest in re.findall(r'Hashed\("([^"]+)"\)', text))


def test_the_exercise_link_opens_the_notebook_and_the_more_tasks_agree(nb):
    text = markdown(nb)
    assert "](../exercises/bonus-tents/tents.ipynb)" in text
    assert (LESSONS / "../exercises/bonus-tents/tents.ipynb").resolve().is_file()
    assert "python -m graders check exercises/bonus-tents/tents.ipynb" in text
    exercise = nbformat.read(REPO_ROOT / "exercises" / "bonus-tents" / "tents.ipynb", as_version=4)
    theirs = next(c.source for c in exercise.cells if c.source.startswith("## More tasks"))

    def tasks(section: str) -> list[str]:
        body = section.split("**More tasks**", 1)[-1].split("## More tasks", 1)[-1]
        body = body.split("\n## ", 1)[0]
        return [" ".join(t.split()) for t in re.findall(r"^\d\. (.+?)(?=^\d\. |\Z)", body, flags=re.M | re.S)]

    ours = text.split("## Exercise", 1)[1].split("## Test yourself", 1)[0]
    assert len(tasks(ours)) >= 3 and tasks(ours) == tasks(theirs)



def test_the_claims_about_the_solver_hold(nb):
    from tents import Difficulty, generate
    from tents.generate import _attempt
    from tents.solver import ALL_RULES, EASY_RULES

    text = markdown(nb)
    assert "a fixed list of ten" in text and len(ALL_RULES) == 10
    assert list(ALL_RULES[:6]) == list(EASY_RULES)  # "the first six are the easy ones"
    printed = next(stdout_of(c) for c in code_cells(nb) if "len(ALL_RULES)" in c.source)
    assert printed.startswith("10 rules, 6 of them easy: touches_tent")
    assert "solve_board" in _attempt.__code__.co_names  # "the one the generator uses"
    assert generate(7, 7, Difficulty.HARD, seed=1).puzzle.total == 9  # the see-it's "9 of 9"


def test_the_exercise_table_names_the_graded_functions(nb):
    import json

    text = markdown(nb)
    exercise = json.loads((REPO_ROOT / "exercises" / "bonus-tents" / "exercise.json").read_text())
    part = text.split("## Exercise", 1)[1].split("**How to check it.**", 1)[0]
    assert re.findall(r"^\| `(\w+)` \|", part, flags=re.M) == list(exercise["contract"])
    assert "none of them is graded" in text


def test_the_bounds_table_holds(nb, ns):
    from math import ceil

    row = "| any grid, in one formula | `ceil(nx / 2) · ceil(ny / 2)` | `ceil(nx / 3) · ceil(ny / 3)` |"
    assert row in markdown(nb)
    for nx, ny in ((4, 6), (8, 8), (5, 7), (7, 7)):
        assert ns["most_tents"](nx, ny) == ceil(nx / 2) * ceil(ny / 2)
        if nx % 2 == ny % 2 == 0:
            assert ns["most_tents"](nx, ny) == nx * ny // 4
        if nx % 2 == ny % 2 == 1:
            assert ns["most_tents"](nx, ny) == (nx + 1) * (ny + 1) // 4
