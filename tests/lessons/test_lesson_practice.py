"""Every lesson makes the student write code: an overview of progress first, a Parsons problem and three tasks
or more, each with a hint, judged by behaviour, with no answer readable in the notebook."""
from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import nbformat
import pytest

from graders.parsons import Parsons, code_of
from graders.quizzes import FillTheGap, hint_tiers
from graders.tasks import Recorded, Task, arguments, recorded_results
from tests.hidden_scripts import load_script
from tests.lessons.lesson_helpers import LESSONS, REPO_ROOT, code_cells

NOTEBOOKS = sorted(LESSONS.glob("*.ipynb"))
make_tasks = load_script(REPO_ROOT / "graders_instructor" / "hidden" / "lessons", "make_tasks")


def answer_of(task: Task):
    """The function a task's verdict is compared with: the engine's, or the instructor's for recorded results."""
    return make_tasks.ANSWERS[task.name] if isinstance(task.reference, Recorded) else task.reference


def practice(path: Path) -> list[tuple[nbformat.NotebookNode, Any]]:
    """Every task, Parsons problem and fill-the-gap of a lesson, made by running its own (hidden) cell."""
    found = []
    scope: dict[str, Any] = {}  # one scope, in order: a later cell may use what an earlier one made
    for cell in code_cells(nbformat.read(path, as_version=4)):
        if any(f"= {kind}(" in cell.source for kind in ("Task", "Parsons", "FillTheGap")):
            made = set(scope)
            try:
                exec(compile(cell.source, f"<{path.stem}>", "exec"), scope)
            except NameError:  # an older fill-the-gap that uses the lesson's earlier cells: counted by its text
                found.append((cell, FillTheGap("___", len, {})))
                continue
            found += [(cell, value) for name, value in scope.items()
                      if name not in made and isinstance(value, Task | Parsons | FillTheGap)]
    return found


@pytest.fixture(scope="module", params=NOTEBOOKS, ids=lambda p: p.stem)
def lesson(request) -> tuple[Path, list]:
    return request.param, practice(request.param)


def test_the_first_code_cell_shows_the_lessons_progress(lesson):
    path, _ = lesson
    first = code_cells(nbformat.read(path, as_version=4))[0]
    assert f'overview("{path.stem}")' in first.source
    assert first.metadata["jupyter"]["source_hidden"] is True
    [html] = [o.data["text/html"] for o in first.outputs if "text/html" in o.get("data", {})]
    assert "Your progress" in html  # the same sentence for every student: no progress file reaches the notebook


def test_a_parsons_problem_and_three_tasks_or_more_each_with_a_hint(lesson):
    _, parts = lesson
    kinds = [type(part).__name__ for _, part in parts]
    assert kinds.count("Parsons") >= 1
    assert kinds.count("Task") + kinds.count("FillTheGap") >= 3
    for _, part in parts:
        if not isinstance(part, FillTheGap):
            assert all(len(tier) > 20 for tier in hint_tiers(part.hint)), part


def test_each_tasks_own_reference_passes_and_the_starter_stub_is_not_tried_yet(lesson):
    """Run All on a fresh notebook judges no task: the stored check says the task is not tried yet."""
    path, parts = lesson
    nb = nbformat.read(path, as_version=4)
    for _, task in (p for p in parts if isinstance(p[1], Task)):
        assert task.check(answer_of(task)).correct
        [judged] = [c for c in code_cells(nb) if c.source == f"{var_of(nb, task)}.judge({task.name})"]
        [html] = [o.data["text/html"] for o in judged.outputs]
        assert f"Not tried yet: write {task.name}" in html, html


def var_of(nb: nbformat.NotebookNode, task: Task) -> str:
    """The name a lesson gives a task (the line before its statement)."""
    for cell in code_cells(nb):
        if task.statement in cell.source and " = Task(" in cell.source:
            return cell.source.split(" = Task(")[0].split("\n")[-1]
    raise AssertionError(task.statement)


def test_each_parsons_problem_is_solved_by_its_real_lines_and_not_by_the_shuffle(lesson):
    _, parts = lesson
    for _, puzzle in (p for p in parts if isinstance(p[1], Parsons)):
        assert puzzle.check(puzzle.solution).correct
        assert not puzzle.check(puzzle.start()).correct
        assert [p.wanted for p in puzzle.pieces].count(False) in (1, 2)


def test_no_tasks_answer_is_readable_in_the_notebook(lesson):
    """A warm-up's answer is nowhere in the notebook. A task that has the student write the lesson's own algorithm
    is judged against the engine's function, which the lesson reads whole on purpose: it must then be judged on
    unseen cases too (made when the check runs), so that fitting the cases shown is not enough."""
    path, parts = lesson
    text = json.dumps(nbformat.read(path, as_version=4))
    for _, task in (p for p in parts if isinstance(p[1], Task)):
        if task.unseen is not None and not isinstance(task.reference, Recorded):
            module = task.reference.__module__
            assert module.startswith(("cosmos.", "tents.", "lessons.kit.")), task.name  # the engine, or the kit on it
            assert task.unseen() and not set(task.unseen()) & set(task.cases), task.name
            continue
        body = [line.strip() for line in code_of(answer_of(task)).splitlines()[1:] if line.strip()]
        code = [line for line in body if len(line) > 12 and not line.startswith(("from ", "import "))]
        shown = [line for line in code if json.dumps(line)[1:-1] in text]
        assert len(shown) <= len(code) // 2, f"{task.name}: {shown}"  # a line or two may be shared with a Parsons


def test_the_recorded_results_are_what_the_instructors_answers_give_on_the_lessons_cases(lesson):
    _, parts = lesson
    for _, task in (p for p in parts if isinstance(p[1], Task) and isinstance(p[1].reference, Recorded)):
        answer = make_tasks.ANSWERS[task.name]
        stored = recorded_results()[task.name]
        assert set(stored) == set(task.cases), f"{task.name}: run graders_instructor/hidden/lessons/make_tasks.py"
        for case, made in task.cases.items():
            args = arguments(made)
            assert stored[case] == repr(answer(*args)), f"{task.name} on {case}: the stored result is stale"


def test_every_recorded_task_is_a_lessons_and_no_answer_is_left_in_the_kit():
    assert set(recorded_results()) == set(make_tasks.ANSWERS)  # none stored that no lesson asks for
    assert make_tasks.all_results() == recorded_results()  # the generator, run now, writes what is stored
    assert not list((LESSONS / "kit").glob("answers*.py"))


QUIZ_KINDS = ("PredictOutput(", "MultipleChoice(", "FindTheBug(", "FillTheGap(", "QuizSet(", "Parsons(", "Task(")


def test_every_quiz_cell_is_hidden_and_no_predict_cell_holds_its_notes_in_clear(lesson):
    """The notebook's text gives no key away: a predict cell's wrong outputs (hence, by elimination, the right one)
    and the right one's explanation are packed; every cell that builds a quiz is collapsed."""
    import re

    from graders.quizzes import unpack_notes

    path, _ = lesson
    predicts = 0
    for cell in code_cells(nbformat.read(path, as_version=4)):
        if any(kind in cell.source for kind in QUIZ_KINDS):
            assert cell.metadata.get("jupyter", {}).get("source_hidden") is True, cell.source[:200]
        if "= PredictOutput(" in cell.source:
            predicts += 1
            block = cell.source.split("distractors=(", 1)[1].split("),", 1)[0]
            packed = "".join(re.findall(r'"([A-Za-z0-9+/=]+)"', block))
            distractors, explanation = unpack_notes(packed)
            assert len(distractors) >= 3 and explanation
            for wrong, note in distractors.items():
                assert wrong not in cell.source and note[:40] not in cell.source
            assert explanation[:40] not in cell.source
    assert predicts == 1
