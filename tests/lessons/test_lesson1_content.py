"""Lesson 1 holds every part of the source lesson, prints its outputs, and shows the real engine."""
from __future__ import annotations

import inspect
import re
from pathlib import Path

import pytest

import cosmos
from cosmos import galaxy, graph, rng, world
from graders.quizzes import FindTheBug, PredictOutput
from lessons.kit import codemap
from tests.lessons.lesson_helpers import LESSONS, code_cells, reference_blocks, reference_dir, stdout_of

QUIZ_BLOCKS = {"predict the output", "find the bug"}


def cell_for(nb, reference: str):
    """The one code cell that prints the block of outputs.md called reference."""
    cells = [c for c in code_cells(nb)
             if c.metadata.get("cosmos", {}).get("reference") == reference]
    assert len(cells) == 1, f"expected one cell printing {reference!r}, found {len(cells)}"
    return cells[0]


def markdown(nb) -> str:
    return "\n".join(cell.source for cell in nb.cells if cell.cell_type == "markdown")


@pytest.mark.parametrize("name", sorted(set(reference_blocks()) - QUIZ_BLOCKS))
def test_each_program_prints_exactly_the_reference_output(lesson1_nb, name):
    assert stdout_of(cell_for(lesson1_nb, name)) == reference_blocks()[name]


def test_every_block_of_the_reference_is_covered(lesson1_nb):
    printed = {c.metadata["cosmos"]["reference"] for c in code_cells(lesson1_nb)
               if "reference" in c.metadata.get("cosmos", {})}
    assert printed | QUIZ_BLOCKS == set(reference_blocks())


def test_predict_the_output_key_is_what_the_snippet_prints(lesson1_ns):
    predict = lesson1_ns["predict"]
    assert isinstance(predict, PredictOutput)
    assert predict.expected + "\n" == reference_blocks()["predict the output"]
    right = predict.choices.index(predict.expected)
    assert predict.check(right).correct
    assert [predict.check(i).correct for i in range(len(predict.choices))].count(True) == 1


def test_predict_the_output_key_follows_the_code(lesson1_ns):
    predict = lesson1_ns["predict"]
    changed = PredictOutput(predict.code.replace("(4, 3)", "(4, 5)"), {}, predict.namespace)
    assert changed.expected != predict.expected
    assert changed.expected == "0 1 2 3 1 2"


def test_find_the_bug_output_comes_from_running_the_buggy_connect(lesson1_ns):
    bug = lesson1_ns["find_the_bug"]
    assert isinstance(bug, FindTheBug)
    assert bug.reference is galaxy.connect
    assert bug.wrong_output + "\n" == reference_blocks()["find the bug"]
    whole = reference_blocks()["the whole galaxy from one seed"].splitlines()
    assert bug.fixed_output == whole[-1]  # the real connect: every seed connected
    assert "range(1, count - 1)" in bug.lines[bug.bug_line - 1]


def test_find_the_bug_key_follows_the_code(lesson1_ns):
    bug = lesson1_ns["find_the_bug"]
    real = inspect.getsource(galaxy.connect)
    other = real.replace("rng.chance(EXTRA_LANE_CHANCE)", "rng.chance(100)")
    moved = FindTheBug(other, galaxy.connect, bug.program, bug.namespace)
    assert moved.bug_line != bug.bug_line
    assert "rng.chance(100)" in moved.lines[moved.bug_line - 1]
    assert moved.wrong_output.startswith("seeds 1-200: connected 200 of 200")


def test_the_gap_is_checked_by_behaviour(lesson1_ns):
    gap = lesson1_ns["gap"]
    assert gap.check("0").correct
    assert not gap.check("-1").correct
    assert "two islands" in gap.check("-1").message


def test_six_questions_to_test_yourself_each_with_one_right_answer(lesson1_ns):
    quizzes = lesson1_ns["test_yourself"].quizzes
    assert len(quizzes) == 6
    for quiz in quizzes:
        verdicts = [quiz.check(i) for i in range(len(quiz.choices))]
        assert sum(v.correct for v in verdicts) == 1
        assert all(choice.feedback for choice in quiz.choices), "every option explains itself"
    rights = [next(c.text for i, c in enumerate(q.choices) if q.check(i).correct) for q in quizzes]
    assert rights[1] == "11" and rights[3] == "2"
    assert "formula" in rights[0] and "never got there" in rights[2]
    assert "rebuilds" in rights[4] and "islands" in rights[5]


def test_computed_keys_change_when_the_code_changes(lesson1_ns):
    from graders.quizzes import Choice, Computed, MultipleChoice

    roll = lesson1_ns["FixedRoll"]
    options = [Choice("1"), Choice("2"), Choice("3")]
    for value, planets in ((10, "1"), (55, "2"), (80, "3")):
        key = Computed(lambda v=value: str(galaxy.pick_weighted(roll(v), [30, 45, 25]) + 1))
        quiz = MultipleChoice("how many planets?", options, key)
        assert quiz.check([c.text for c in options].index(planets)).correct


def test_the_answers_are_not_in_the_notebooks_text(lesson1_nb, lesson1_ns):
    sources = "\n".join(cell.source for cell in lesson1_nb.cells)
    assert lesson1_ns["predict"].expected not in sources  # only computed, by running the snippet
    assert sources.count("Computed(") == 2 and sources.count("Hashed(") == 4
    stored = "\n".join(str(o.get("data", "")) for c in code_cells(lesson1_nb) for o in c.outputs)
    assert "Right." not in stored and "Not quite." not in stored


def test_the_real_engine_code_is_shown_not_copied(lesson1_nb):
    shown = "\n".join(o.data["text/markdown"] for c in code_cells(lesson1_nb) for o in c.outputs
                      if "data" in o and "text/markdown" in o.data)
    for obj in (rng.Random, galaxy.StarSystem, graph.insert_sorted, graph.has_lane, graph.add_lane,
                graph.bfs, graph.is_connected, graph.shortest_path, galaxy.squared_distance,
                galaxy.connect, galaxy.generate_systems, world.World, world.new_world,
                galaxy.pick_capitals, galaxy.pick_weighted, galaxy.Planet, galaxy.generate_planets):
        lines, first = inspect.getsourcelines(obj)
        path = inspect.getsourcefile(obj).split("/cosmos/")[-1]
        assert f"`cosmos/{path}`, lines {first}-{first + len(lines) - 1}" in shown
        assert "".join(lines) in shown
    sources = "\n".join(cell.source for cell in code_cells(lesson1_nb))
    assert "def bfs(" not in sources and "def connect(" not in sources.split("buggy=")[0]


def test_the_map_of_the_first_turn_is_the_published_one(lesson1_nb):
    screen = (reference_dir() / "screens" / "seed2026-map.en.txt").read_text(encoding="utf-8")
    lines = screen.split("\n")[3:]
    map_lines = lines[:lines.index("")]
    cell = next(c for c in code_cells(lesson1_nb) if c.id == "one-output-map")
    assert stdout_of(cell) == "\n".join(map_lines) + "\n"


def test_the_code_map_counts_the_engines_lines(lesson1_nb):
    cell = next(c for c in code_cells(lesson1_nb) if c.id == "codemap")
    assert not re.search(r"\d", cell.source), "no number may be typed into the code map cell"
    printed = stdout_of(cell)
    engine = Path(cosmos.__path__[0])
    world_files = [engine / f"{name}.py" for name in ("world", "graph", "galaxy", "tech", "bus")]
    world_layer = sum(len(f.read_text().splitlines()) for f in world_files if f.exists())
    assert re.search(rf"The world: galaxy and technologies +{world_layer} ", printed)
    rows, unplaced = codemap.code_map()
    assert unplaced == [], f"modules in no layer of lessons/kit/codemap.py: {unplaced}"
    total = sum(len(p.read_text().splitlines()) for n, p in codemap.engine_files().items()
                if n not in codemap.NOT_GAME)
    assert sum(row.lines for row in rows) == total
    assert "Total" in printed and str(total) in printed


PARTS = ["In short", "The problem", "Play", "What the game is made of", "The map of the code",
         "One code, one output", "Run it on your computer", "How we will build it", "The seed",
         "The galaxy is a graph", "Is the galaxy connected?", "Stars on a grid",
         "Lanes: first the tree, then the extras", "See it", "The whole galaxy from one seed",
         "Planets with weights", "Predict the output", "Find the bug", "More precisely",
         "Exercise: Islands", "More tasks", "Test yourself"]


def test_every_part_of_the_source_lesson_is_there_in_order(lesson1_nb):
    text = markdown(lesson1_nb)
    places = [text.find(part) for part in PARTS]
    assert -1 not in places, [p for p, at in zip(PARTS, places, strict=True) if at < 0]
    assert places == sorted(places)


def test_the_exercise_points_to_the_islands_exercise(lesson1_nb):
    assert "](../exercises/01-islands/)" in markdown(lesson1_nb)
    assert (LESSONS.parent / "exercises" / "01-islands").is_dir()
